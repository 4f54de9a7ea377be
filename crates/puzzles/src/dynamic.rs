//! Every family behind one object-safe interface, for tools that handle
//! families they do not know by type (the command-line tool, benches, the
//! cross-family tests): puzzles in and out as text.
//!
//! Every [`Family`] is an [`AnyFamily`] (a blanket implementation);
//! [`families`] lists the built-in ones and [`family`] finds one by name.
//!
//! ```
//! use gridcsp_puzzles::{family, Limits, Solved};
//! let futoshiki = family("futoshiki").expect("built in");
//! let puzzle = futoshiki.load("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,")?;
//! let (solved, _stats) = puzzle.solve(&Limits::default());
//! assert!(matches!(solved, Solved::Solution(_)));
//! # Ok::<(), gridcsp_puzzles::ParseError>(())
//! ```

use crate::family::{
    Built, Cell, Explanation, Family, FamilyInfo, GenerateError, GenerateOptions, Grade,
    GradeError, Hint, ParseError, Rule, Solved, Unique, Violation,
};
use crate::play::{self, Sheet};
use crate::puzzlink::{self, EncodeError, Genre};
use crate::render::RenderOptions;
use csp_core::{Count, Limits, ModelError, Stats, Value};

/// A family known by its name only.
pub trait AnyFamily: Send + Sync {
    /// The family's name, rules, ladder and record shape.
    fn info(&self) -> &FamilyInfo;
    /// Reads a puzzle: the family's text layout, its one-line form (a
    /// Tatham game ID), or a puzz.link URL of its genre.
    fn load(&self, text: &str) -> Result<Box<dyn AnyPuzzle + '_>, ParseError>;
    /// The family's genre on puzz.link, if it has one.
    fn puzzlink(&self) -> Option<&'static Genre>;
    /// Generates a puzzle.
    fn generate_text(&self, options: &GenerateOptions) -> Result<GeneratedText, GenerateError>;
    /// The family's named deductions, easiest first ([`Family::rules`]).
    fn rules(&self) -> &'static [Rule] {
        &[]
    }
}

/// A generated puzzle as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedText {
    /// The puzzle in the text layout.
    pub puzzle: String,
    /// Its one-line form (a Tatham game ID), if the family has one.
    pub game_id: Option<String>,
    /// Its solution, as `solve` writes it.
    pub solution: String,
    /// Its grade.
    pub grade: Grade,
    /// Candidates made before it was accepted.
    pub attempts: u32,
}

/// A puzzle of some family.
pub trait AnyPuzzle: Send + Sync {
    /// The puzzle in the family's text layout.
    fn write(&self) -> String;
    /// The puzzle's one-line form, if the family has one.
    fn game_id(&self) -> Option<String>;
    /// The puzzle as a puzz.link URL, or why it cannot be one.
    fn puzzlink(&self) -> Result<String, EncodeError>;
    /// Solves it; the solution as text.
    fn solve(&self, limits: &Limits) -> (Solved<String>, Stats);
    /// Counts solutions up to `limit`.
    fn count(&self, limit: Option<u64>, limits: &Limits) -> (Count, Stats);
    /// None, one or several solutions, as text.
    fn uniqueness(&self, limits: &Limits) -> (Unique<String>, Stats);
    /// The rules the givens break.
    fn check_givens(&self) -> Vec<Violation>;
    /// The puzzle's model, for searching it another way (in parallel, by
    /// subproblems): what [`solve`](AnyPuzzle::solve) and
    /// [`count`](AnyPuzzle::count) search. `None` when the family does not
    /// search its model as it is ([`Family::searches_model`]); `Some(Err)`
    /// when the model cannot be built (the puzzle has no solution).
    fn built(&self) -> Option<Result<Built, ModelError>>;
    /// A solution of [`built`](AnyPuzzle::built)'s model, written as
    /// [`solve`](AnyPuzzle::solve) writes it.
    fn write_model_solution(&self, built: &Built, solution: &csp_core::Solution) -> String;
    /// Reads a solution and lists the rules it breaks.
    fn check_solution(&self, text: &str) -> Result<Vec<Violation>, ParseError>;
    /// The grade.
    fn grade(&self, limits: &Limits) -> Result<Grade, GradeError>;
    /// The deductions and the grade.
    fn explain(&self, limits: &Limits) -> Result<Explanation, GradeError>;
    /// The next deduction.
    fn hint(&self, limits: &Limits) -> Result<Hint, GradeError>;
    /// The puzzle as an SVG picture. With `options.solution`, the solution
    /// (found within `limits`) is drawn in; a puzzle without one is drawn
    /// as it is.
    fn render(&self, options: &RenderOptions, limits: &Limits) -> String;
    /// The puzzle as an SVG picture with `solution` (as `solve` writes it)
    /// drawn in, whatever `options.solution` says.
    fn render_solution(
        &self,
        solution: &str,
        options: &RenderOptions,
    ) -> Result<String, ParseError>;
    /// The cells a player fills in and their values ([`play::sheet`]).
    fn sheet(&self) -> Result<Sheet, ModelError>;
    /// The rules a player's entries break on their own
    /// ([`Family::check_entries`]).
    fn check_entries(&self, entries: &[(Cell, Value)]) -> Result<Vec<Violation>, ModelError>;
    /// The solution a player's entries make, as `solve` writes it, once
    /// they fill the grid and keep the rules ([`play::solution_of_entries`]).
    fn solution_of_entries(
        &self,
        entries: &[(Cell, Value)],
        limits: &Limits,
    ) -> Result<Option<String>, ModelError>;
    /// Each cell's value in a solution (as `solve` writes it), in the
    /// values of [`sheet`](AnyPuzzle::sheet) ([`play::solution_values`]).
    fn solution_values(&self, solution: &str) -> Result<Vec<Option<Value>>, ParseError>;
}

struct Loaded<'f, F: Family + ?Sized> {
    family: &'f F,
    puzzle: F::Puzzle,
}

fn text_of<S>(s: Solved<S>, f: impl Fn(&S) -> String) -> Solved<String> {
    match s {
        Solved::Solution(x) => Solved::Solution(f(&x)),
        Solved::Unsolvable => Solved::Unsolvable,
        Solved::Stopped(r) => Solved::Stopped(r),
    }
}

impl<F: Family + ?Sized> AnyPuzzle for Loaded<'_, F> {
    fn write(&self) -> String {
        self.family.write(&self.puzzle)
    }

    fn game_id(&self) -> Option<String> {
        self.family.write_game_id(&self.puzzle)
    }

    fn puzzlink(&self) -> Result<String, EncodeError> {
        self.family.to_puzzlink(&self.puzzle).map(|u| u.to_string())
    }

    fn solve(&self, limits: &Limits) -> (Solved<String>, Stats) {
        let (s, stats) = self.family.solve(&self.puzzle, limits);
        let text = text_of(s, |x| self.family.write_solution(&self.puzzle, x));
        (text, stats)
    }

    fn count(&self, limit: Option<u64>, limits: &Limits) -> (Count, Stats) {
        self.family.count(&self.puzzle, limit, limits)
    }

    fn uniqueness(&self, limits: &Limits) -> (Unique<String>, Stats) {
        let w = |x: &F::Solution| self.family.write_solution(&self.puzzle, x);
        let (u, stats) = self.family.uniqueness(&self.puzzle, limits);
        let u = match u {
            Unique::None => Unique::None,
            Unique::Unique(a) => Unique::Unique(w(&a)),
            Unique::Multiple(a, b) => Unique::Multiple(w(&a), w(&b)),
            Unique::Stopped(r) => Unique::Stopped(r),
        };
        (u, stats)
    }

    fn check_givens(&self) -> Vec<Violation> {
        self.family.check_givens(&self.puzzle)
    }

    fn built(&self) -> Option<Result<Built, ModelError>> {
        self.family
            .searches_model()
            .then(|| self.family.build(&self.puzzle))
    }

    fn write_model_solution(&self, built: &Built, solution: &csp_core::Solution) -> String {
        let decoded = self.family.decode(&self.puzzle, built, solution);
        self.family.write_solution(&self.puzzle, &decoded)
    }

    fn check_solution(&self, text: &str) -> Result<Vec<Violation>, ParseError> {
        let s = self.family.parse_solution(&self.puzzle, text)?;
        Ok(self.family.check(&self.puzzle, &s))
    }

    fn grade(&self, limits: &Limits) -> Result<Grade, GradeError> {
        self.family.grade(&self.puzzle, limits)
    }

    fn explain(&self, limits: &Limits) -> Result<Explanation, GradeError> {
        self.family.explain(&self.puzzle, limits)
    }

    fn hint(&self, limits: &Limits) -> Result<Hint, GradeError> {
        self.family.hint(&self.puzzle, limits)
    }

    fn render(&self, options: &RenderOptions, limits: &Limits) -> String {
        let solution = if options.solution {
            match self.family.solve(&self.puzzle, limits).0 {
                Solved::Solution(s) => Some(s),
                _ => None,
            }
        } else {
            None
        };
        self.family.render(&self.puzzle, solution.as_ref(), options)
    }

    fn render_solution(
        &self,
        solution: &str,
        options: &RenderOptions,
    ) -> Result<String, ParseError> {
        let s = self.family.parse_solution(&self.puzzle, solution)?;
        Ok(self.family.render(&self.puzzle, Some(&s), options))
    }

    fn sheet(&self) -> Result<Sheet, ModelError> {
        play::sheet(self.family, &self.puzzle)
    }

    fn check_entries(&self, entries: &[(Cell, Value)]) -> Result<Vec<Violation>, ModelError> {
        self.family.check_entries(&self.puzzle, entries)
    }

    fn solution_of_entries(
        &self,
        entries: &[(Cell, Value)],
        limits: &Limits,
    ) -> Result<Option<String>, ModelError> {
        play::solution_of_entries(self.family, &self.puzzle, entries, limits)
    }

    fn solution_values(&self, solution: &str) -> Result<Vec<Option<Value>>, ParseError> {
        play::solution_values(self.family, &self.puzzle, solution)
    }
}

impl<F: Family> AnyFamily for F {
    fn info(&self) -> &FamilyInfo {
        Family::info(self)
    }

    fn rules(&self) -> &'static [Rule] {
        Family::rules(self)
    }

    fn load(&self, text: &str) -> Result<Box<dyn AnyPuzzle + '_>, ParseError> {
        let puzzle = if puzzlink::is_url(text) {
            puzzlink::read(self, text)?
        } else {
            self.parse(text)?
        };
        Ok(Box::new(Loaded {
            family: self,
            puzzle,
        }))
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Family::puzzlink(self)
    }

    fn generate_text(&self, options: &GenerateOptions) -> Result<GeneratedText, GenerateError> {
        let g = self.generate(options)?;
        Ok(GeneratedText {
            puzzle: self.write(&g.puzzle),
            game_id: self.write_game_id(&g.puzzle),
            solution: self.write_solution(&g.puzzle, &g.solution),
            grade: g.grade,
            attempts: g.attempts,
        })
    }
}

/// Every built-in family, in the order `gridcsp --help` lists them.
pub fn families() -> &'static [&'static dyn AnyFamily] {
    crate::families::ALL
}

/// The built-in family called `name` (as on the command line).
pub fn family(name: &str) -> Option<&'static dyn AnyFamily> {
    families().iter().copied().find(|f| f.info().name == name)
}
