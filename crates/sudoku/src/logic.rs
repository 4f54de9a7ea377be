//! Grading, explanations and hints, built on csp-core's trace.
//!
//! [`Logic`] solves a puzzle by propagation alone on a model that holds the
//! human techniques as constraints (see the `techniques` module), with the
//! trace on. Because the engine always runs the cheapest non-empty priority
//! level first, a technique fires only when every cheaper one is stuck; so
//! the hardest technique in the trace is the least a solver needs, which is
//! the grade. The trace's `Fixed` and `Removed` events become the
//! human-readable steps.

use crate::board::{Board, Cell};
use crate::error::SudokuError;
use crate::rules::{Clash, Variant};
use crate::solver::{Outcome, SudokuModel, SudokuSolver, Uniqueness};
use crate::techniques::{Origin, rules as tr};
use csp_core::constraints::all_different::rules as ad;
use csp_core::{SearchOptions, TraceEvent};
use std::fmt;
use std::str::FromStr;

/// How hard a puzzle is for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Naked and hidden singles only.
    Easy,
    /// Adds locked candidates and naked/hidden pairs.
    Medium,
    /// Adds naked/hidden triples and quads and fish (X-wing, swordfish,
    /// jellyfish).
    Hard,
    /// Needs more than that (chains or search).
    Expert,
}

impl Difficulty {
    /// All levels, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a difficulty name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty {0:?} (expected easy, medium, hard or expert)")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownDifficulty(s.to_owned()))
    }
}

/// A solving technique, from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A value that fits one cell of a group.
    HiddenSingle,
    /// Killer cage arithmetic (bounds of the sum).
    CageSum,
    /// A value of a box confined to one line leaves the rest of the line.
    Pointing,
    /// A value of a line confined to one box leaves the rest of the box.
    Claiming,
    /// Two cells with the same two candidates.
    NakedPair,
    /// Two values fitting the same two cells only.
    HiddenPair,
    /// Three cells, three candidates.
    NakedTriple,
    /// Three values, three cells.
    HiddenTriple,
    /// Four cells, four candidates.
    NakedQuad,
    /// Four values, four cells.
    HiddenQuad,
    /// Fish of size 2.
    XWing,
    /// Fish of size 3.
    Swordfish,
    /// Fish of size 4.
    Jellyfish,
}

impl Technique {
    /// The level at which this technique first counts.
    pub fn difficulty(self) -> Difficulty {
        use Technique::*;
        match self {
            NakedSingle | HiddenSingle | CageSum => Difficulty::Easy,
            Pointing | Claiming | NakedPair | HiddenPair => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// The name players use.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            NakedSingle => "naked single",
            HiddenSingle => "hidden single",
            CageSum => "cage sum",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            HiddenTriple => "hidden triple",
            NakedQuad => "naked quad",
            HiddenQuad => "hidden quad",
            XWing => "X-wing",
            Swordfish => "swordfish",
            Jellyfish => "jellyfish",
        }
    }

    /// The technique behind a trace rule name of the logic model (`None`
    /// for AllDifferent eliminations, which are part of the singles).
    fn of_rule(rule: &str) -> Option<Technique> {
        use Technique::*;
        Some(match rule {
            tr::POINTING => Pointing,
            tr::CLAIMING => Claiming,
            tr::NAKED_PAIR => NakedPair,
            tr::HIDDEN_PAIR => HiddenPair,
            tr::NAKED_TRIPLE => NakedTriple,
            tr::HIDDEN_TRIPLE => HiddenTriple,
            tr::NAKED_QUAD => NakedQuad,
            tr::HIDDEN_QUAD => HiddenQuad,
            tr::X_WING => XWing,
            tr::SWORDFISH => Swordfish,
            tr::JELLYFISH => Jellyfish,
            tr::CAGE_SUM => CageSum,
            _ => return None,
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's grade: its level and the hardest technique it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level.
    pub difficulty: Difficulty,
    /// The hardest technique used (for [`Difficulty::Expert`], the hardest
    /// one used before the techniques ran out).
    pub hardest: Option<Technique>,
    /// How many steps each technique took, hardest last.
    pub techniques: Vec<(Technique, usize)>,
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.difficulty, self.hardest) {
            (Difficulty::Expert, _) => f.write_str("expert (needs more than the known techniques)"),
            (d, Some(t)) => write!(f, "{d} (hardest technique: {t})"),
            (d, None) => write!(f, "{d} (nothing to do)"),
        }
    }
}

/// One human step: a placement, or eliminations by a technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cell filled and its value, for singles.
    pub placement: Option<(Cell, u8)>,
    /// Candidates removed, `(cell, value)`, for the other techniques.
    pub eliminations: Vec<(Cell, u8)>,
    /// Where it happened ("box 6", "box 1 and row 2", "rows and columns").
    pub place: String,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.technique, self.placement) {
            (Technique::HiddenSingle, Some((cell, v))) => {
                write!(f, "{v} in {} fits only {cell}: hidden single", self.place)
            }
            (t, Some((cell, v))) => write!(f, "{cell} = {v}: {t}"),
            (t, None) => {
                write!(f, "{t} in {}: removes ", self.place)?;
                let mut values: Vec<u8> = Vec::new();
                for &(_, v) in &self.eliminations {
                    if !values.contains(&v) {
                        values.push(v);
                    }
                }
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    let cells: Vec<String> = self
                        .eliminations
                        .iter()
                        .filter(|(_, w)| w == v)
                        .map(|(c, _)| c.to_string())
                        .collect();
                    write!(f, "{v} from {}", cells.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

/// A step-by-step solution in human terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grade.
    pub grade: Grade,
    /// Where the techniques ran out, if they did (expert puzzles).
    pub stuck: Option<Board>,
    /// The solution.
    pub solution: Board,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "{:>3}. {step}", i + 1)?;
        }
        if self.stuck.is_some() {
            writeln!(
                f,
                "     no technique applies any more: the rest needs search"
            )?;
        }
        writeln!(f, "grade: {}", self.grade)
    }
}

/// The answer to "what next?" for a partly filled board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// The next logical step.
    Step(Step),
    /// No technique applies; the value the solution has at the cell with
    /// the fewest candidates.
    Guess {
        /// The cell.
        cell: Cell,
        /// Its value in the solution.
        value: u8,
    },
    /// The board is already solved.
    Solved,
    /// The board contradicts every solution.
    Contradiction {
        /// Filled cells that repeat a value in a group.
        clashes: Vec<Clash>,
        /// Cells whose value differs from the puzzle's unique solution
        /// (only known when the puzzle was given, see [`Logic::hint_for`]).
        wrong: Vec<Cell>,
    },
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Step(s) => write!(f, "{s}"),
            Hint::Guess { cell, value } => {
                write!(
                    f,
                    "no technique applies; try {cell} = {value} (from the solution)"
                )
            }
            Hint::Solved => f.write_str("the board is solved"),
            Hint::Contradiction { clashes, wrong } => {
                f.write_str("the board contradicts every solution")?;
                if !clashes.is_empty() {
                    let list: Vec<String> = clashes.iter().map(ToString::to_string).collect();
                    write!(f, ": {}", list.join("; "))?;
                }
                if !wrong.is_empty() {
                    let list: Vec<String> = wrong.iter().map(ToString::to_string).collect();
                    write!(f, "; wrong cells: {}", list.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

/// What one propagation run of the logic model found.
#[derive(Debug)]
pub(crate) struct Analysis {
    pub(crate) steps: Vec<Step>,
    /// Hardest technique used, and count per technique.
    pub(crate) counts: Vec<(Technique, usize)>,
    /// Propagation failed: no solution.
    pub(crate) contradiction: bool,
    /// The board at the fixpoint (solved if every cell is filled).
    pub(crate) reached: Board,
}

impl Analysis {
    pub(crate) fn solved(&self) -> bool {
        !self.contradiction && self.reached.is_complete()
    }

    pub(crate) fn hardest(&self) -> Option<Technique> {
        self.counts.iter().map(|&(t, _)| t).max()
    }

    pub(crate) fn level(&self) -> Difficulty {
        if self.solved() {
            self.hardest()
                .map_or(Difficulty::Easy, Technique::difficulty)
        } else {
            Difficulty::Expert
        }
    }

    fn grade(&self) -> Grade {
        let mut techniques = self.counts.clone();
        techniques.sort();
        Grade {
            difficulty: self.level(),
            hardest: self.hardest(),
            techniques,
        }
    }
}

/// Propagates `board` on a logic-model solver (trace on) and reads the
/// trace. With `steps` false only the counts are kept.
pub(crate) fn analyse(
    solver: &mut SudokuSolver<'_>,
    board: &Board,
    steps: bool,
) -> Result<Analysis, SudokuError> {
    solver.load(board)?;
    let model = solver.model();
    let engine = solver.engine();
    let contradiction = engine.propagate().is_err();
    let mut reached = Board::empty(model.variant().shape());
    if !contradiction {
        let d = engine.domains();
        for (slot, &var) in reached.cells_mut().iter_mut().zip(model.cell_vars()) {
            *slot = d.value(var).map_or(0, |v| v as u8);
        }
    }
    let mut counts: Vec<(Technique, usize)> = Vec::new();
    let mut bump = |t: Technique| match counts.iter_mut().find(|(u, _)| *u == t) {
        Some((_, c)) => *c += 1,
        None => counts.push((t, 1)),
    };
    let mut out: Vec<Step> = Vec::new();
    // The technique step being filled: (constraint, rule, index in `out`).
    let mut open: Option<(csp_core::ConstraintId, &'static str, usize)> = None;
    for event in engine.trace() {
        match *event {
            TraceEvent::Fixed(d) => {
                let Some(cell) = model.cell_of(d.var) else {
                    continue;
                };
                let value = d.value as u8;
                let (technique, place) = match d.rule {
                    ad::HIDDEN_SINGLE => {
                        open = None;
                        (Technique::HiddenSingle, model.describe(d.constraint))
                    }
                    ad::ELIMINATION => {
                        open = None;
                        (Technique::NakedSingle, model.describe(d.constraint))
                    }
                    _ => (Technique::NakedSingle, model.describe(d.constraint)),
                };
                bump(technique);
                if steps {
                    out.push(Step {
                        technique,
                        placement: Some((cell, value)),
                        eliminations: Vec::new(),
                        place,
                    });
                }
            }
            TraceEvent::Removed(d) => {
                let Some(technique) = Technique::of_rule(d.rule) else {
                    if d.rule == ad::HIDDEN_SINGLE || d.rule == ad::ELIMINATION {
                        open = None;
                    }
                    continue;
                };
                let Some(cell) = model.cell_of(d.var) else {
                    continue;
                };
                match open {
                    Some((c, r, i)) if c == d.constraint && r == d.rule => {
                        if steps {
                            out[i].eliminations.push((cell, d.value as u8));
                        }
                    }
                    _ => {
                        bump(technique);
                        let place = match model.origin(d.constraint) {
                            Some(Origin::Fish) => "rows and columns".to_owned(),
                            _ => model.describe(d.constraint),
                        };
                        if steps {
                            out.push(Step {
                                technique,
                                placement: None,
                                eliminations: vec![(cell, d.value as u8)],
                                place,
                            });
                        }
                        open = Some((d.constraint, d.rule, out.len().saturating_sub(1)));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(Analysis {
        steps: out,
        counts,
        contradiction,
        reached,
    })
}

/// Grades, explains and hints puzzles of one set of rules.
///
/// It holds two csp-core models built once: the plain one (for uniqueness)
/// and one with the techniques added as constraints.
///
/// ```
/// use sudoku::{Board, Difficulty, Logic, Shape, Variant};
/// let logic = Logic::new(Variant::classic(Shape::CLASSIC))?;
/// let puzzle: Board = "530070000600195000098000060800060003400803001700020006060000280000419005000080079".parse()?;
/// assert_eq!(logic.grade(&puzzle)?.difficulty, Difficulty::Easy);
/// let explanation = logic.explain(&puzzle)?;
/// assert_eq!(explanation.steps.len(), 51); // one per blank cell
/// println!("{explanation}");
/// let hint = logic.hint(&puzzle)?;
/// assert!(hint.to_string().contains("single"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Logic {
    logic: SudokuModel,
    plain: SudokuModel,
    /// Options (limits) for the searches that prove uniqueness or find the
    /// solution when the techniques run out.
    options: SearchOptions,
}

impl Logic {
    /// Grader for these rules.
    pub fn new(variant: Variant) -> Result<Logic, SudokuError> {
        Ok(Logic {
            logic: SudokuModel::with_techniques(variant.clone())?,
            plain: SudokuModel::new(variant)?,
            options: SudokuSolver::default_options(),
        })
    }

    /// Sets the search options (node and time limits, a cancel flag) of the
    /// searches this grader runs when the techniques do not finish a
    /// puzzle: proving it unique, or finding its solution. A search stopped
    /// by a limit makes `grade`, `explain` or `hint` return
    /// [`SudokuError::Stopped`]. By default there is no limit
    /// ([`SudokuSolver::default_options`]). The techniques themselves always
    /// run to their end: they are propagation, with no search.
    pub fn with_search_options(mut self, options: SearchOptions) -> Logic {
        self.options = options;
        self
    }

    fn plain_solver(&self) -> SudokuSolver<'_> {
        self.plain.solver_with(self.options.clone())
    }

    /// The solution of `board`, `None` if it has none, or
    /// [`SudokuError::Stopped`] if a limit stopped the search (which must
    /// not pass for "no solution").
    fn solve_within_limits(&self, board: &Board) -> Result<Option<Board>, SudokuError> {
        match self.plain_solver().solve(board)? {
            Outcome::Solved(b) => Ok(Some(b)),
            Outcome::NoSolution => Ok(None),
            Outcome::Stopped(reason) => Err(SudokuError::Stopped(reason)),
        }
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        self.plain.variant()
    }

    pub(crate) fn logic_solver(&self) -> SudokuSolver<'_> {
        self.logic
            .solver_with(SearchOptions::default().with_trace(true))
    }

    pub(crate) fn plain_model(&self) -> &SudokuModel {
        &self.plain
    }

    /// The puzzle's level and hardest technique. A puzzle with no solution
    /// or several is an error: it has no proper grade.
    pub fn grade(&self, puzzle: &Board) -> Result<Grade, SudokuError> {
        let a = analyse(&mut self.logic_solver(), puzzle, false)?;
        self.check(&a, puzzle)?;
        Ok(a.grade())
    }

    fn check(&self, a: &Analysis, puzzle: &Board) -> Result<Board, SudokuError> {
        if a.contradiction {
            return Err(SudokuError::NoSolution);
        }
        if a.solved() {
            return Ok(a.reached.clone());
        }
        match self.plain_solver().uniqueness(puzzle)? {
            Uniqueness::Unique(s) => Ok(s),
            Uniqueness::NoSolution => Err(SudokuError::NoSolution),
            Uniqueness::Multiple(..) => Err(SudokuError::MultipleSolutions),
            Uniqueness::Unknown { reason, .. } => Err(SudokuError::Stopped(reason)),
        }
    }

    /// The steps a person would take, in order, with the grade.
    pub fn explain(&self, puzzle: &Board) -> Result<Explanation, SudokuError> {
        let a = analyse(&mut self.logic_solver(), puzzle, true)?;
        let solution = self.check(&a, puzzle)?;
        let grade = a.grade();
        let stuck = (!a.solved()).then(|| a.reached.clone());
        Ok(Explanation {
            steps: a.steps,
            grade,
            stuck,
            solution,
        })
    }

    /// The next logical step for a partly filled board, or a contradiction
    /// if no solution agrees with it.
    pub fn hint(&self, board: &Board) -> Result<Hint, SudokuError> {
        self.hint_inner(board, None)
    }

    /// Like [`hint`](Self::hint) for `progress`, a board a player filled
    /// from `puzzle`: on a contradiction, also names the cells that differ
    /// from the puzzle's solution (when it is unique).
    pub fn hint_for(&self, puzzle: &Board, progress: &Board) -> Result<Hint, SudokuError> {
        self.hint_inner(progress, Some(puzzle))
    }

    fn hint_inner(&self, board: &Board, puzzle: Option<&Board>) -> Result<Hint, SudokuError> {
        self.variant().check_board(board)?;
        let wrong = || -> Result<Vec<Cell>, SudokuError> {
            let Some(p) = puzzle else {
                return Ok(Vec::new());
            };
            Ok(match self.plain_solver().uniqueness(p) {
                Ok(Uniqueness::Unique(s)) => board
                    .filled_cells()
                    .filter(|&(c, v)| s.value(c) != Some(v))
                    .map(|(c, _)| c)
                    .collect(),
                _ => Vec::new(),
            })
        };
        let clashes = self.variant().clashes(board);
        if !clashes.is_empty() {
            return Ok(Hint::Contradiction {
                clashes,
                wrong: wrong()?,
            });
        }
        if self.variant().is_solved(board) {
            return Ok(Hint::Solved);
        }
        let mut solver = self.logic_solver();
        let a = analyse(&mut solver, board, true)?;
        if !a.contradiction {
            let solved = a.solved();
            if let Some(step) = a.steps.into_iter().next() {
                if solved || self.solve_within_limits(board)?.is_some() {
                    return Ok(Hint::Step(step));
                }
            }
        }
        let solution = if a.contradiction {
            None
        } else {
            self.solve_within_limits(board)?
        };
        let Some(solution) = solution else {
            return Ok(Hint::Contradiction {
                clashes: Vec::new(),
                wrong: wrong()?,
            });
        };
        let cell = board
            .blank_cells()
            .min_by_key(|c| self.variant().candidates(board, c.row, c.col).len())
            .unwrap_or(Cell::new(0, 0));
        Ok(Hint::Guess {
            cell,
            value: solution.value(cell).unwrap_or(0),
        })
    }
}

impl Board {
    /// The grade under the classic rules (see [`Logic::grade`]).
    pub fn grade(&self) -> Result<Grade, SudokuError> {
        Logic::new(self.rules())?.grade(self)
    }

    /// The human steps under the classic rules (see [`Logic::explain`]).
    pub fn explain(&self) -> Result<Explanation, SudokuError> {
        Logic::new(self.rules())?.explain(self)
    }

    /// The next step under the classic rules (see [`Logic::hint`]).
    pub fn hint(&self) -> Result<Hint, SudokuError> {
        Logic::new(self.rules())?.hint(self)
    }
}
