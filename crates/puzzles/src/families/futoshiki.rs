//! Futoshiki through the [`Family`] trait: the `futoshiki` crate's grids,
//! Tatham game IDs, grader (Tatham's ladder) and generator.

use crate::family::{
    Built, Cell, Explanation, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Grade,
    GradeError, Hint, Level, ParseError, RecordShape, Rule, Step, Violation,
};
use crate::render::{Canvas, Ink, RenderOptions};
use csp_core::{Limits, ModelError, Value};
use futoshiki::{Difficulty, Link, Mode, Puzzle, PuzzleModel, Solution};

/// Futoshiki (Tatham's Unequal), standard or Adjacent mode as each puzzle
/// says. Puzzles are read as game IDs (`5:0,0L,...`) or grids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Futoshiki {
    /// The mode of generated puzzles.
    pub generate_mode: Mode,
}

impl Futoshiki {
    /// Generates standard-mode puzzles.
    pub const STANDARD: Futoshiki = Futoshiki {
        generate_mode: Mode::Standard,
    };
}

const LEVELS: &[Level] = &[
    Level {
        name: "trivial",
        about: "singles only",
    },
    Level {
        name: "easy",
        about: "plus bounds along single signs",
    },
    Level {
        name: "tricky",
        about: "plus naked and hidden subsets in rows and columns",
    },
    Level {
        name: "extreme",
        about: "plus single-value fish and forcing chains",
    },
    Level {
        name: "recursive",
        about: "needs guessing (still one solution)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "futoshiki",
    title: "Futoshiki",
    rules: "Fill the n x n grid with 1..n once per row and column, obeying the signs between cells.",
    levels: LEVELS,
    shape: RecordShape::Line,
    default_size: (5, 5),
};

fn cell(c: futoshiki::Cell) -> Cell {
    Cell::new(c.row, c.col)
}

fn rank(d: Difficulty) -> usize {
    Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)
}

fn grade_error(e: futoshiki::GradeError) -> GradeError {
    match e {
        futoshiki::GradeError::NoSolution => GradeError::NoSolution,
        futoshiki::GradeError::MultipleSolutions => GradeError::MultipleSolutions,
        other => GradeError::Model(ModelError::InvalidArgument {
            constraint: "futoshiki".to_owned(),
            reason: other.to_string(),
        }),
    }
}

/// A step of the futoshiki crate's explanation (of a puzzle of size `n`):
/// its sentence with its technique named, the clue's cells as the cells it
/// reads, the cells it clears or fills as those it settles. Public for the
/// command-line tool, whose `explain --json` lists the futoshiki crate's
/// own steps with these fields.
pub fn step_of(s: &futoshiki::Step, n: usize) -> Step {
    let mut settles: Vec<Cell> = Vec::new();
    for &(c, _) in s.placed.iter().chain(&s.removed) {
        if !settles.contains(&cell(c)) {
            settles.push(cell(c));
        }
    }
    Step {
        text: format!("{} ({})", s.text, s.technique),
        cell: settles.first().copied(),
        placed: s.placed.first().map(|&(_, v)| Value::from(v)),
        rule: s.technique.name().to_owned(),
        reads: {
            // A run of naked singles reads every row and column it clears.
            let mut reads: Vec<Cell> = Vec::new();
            for c in s.clues.iter().flat_map(|clue| clue_cells(clue, n)) {
                if !reads.contains(&c) {
                    reads.push(c);
                }
            }
            reads
        },
        settles,
    }
}

/// The cells a clue reads: its row or column, the two cells of a sign or
/// a bar; none for a whole-grid technique.
fn clue_cells(clue: &futoshiki::Clue, n: usize) -> Vec<Cell> {
    match *clue {
        futoshiki::Clue::Row(r) => (0..n).map(|c| Cell::new(r, c)).collect(),
        futoshiki::Clue::Column(c) => (0..n).map(|r| Cell::new(r, c)).collect(),
        futoshiki::Clue::Less(a, b) | futoshiki::Clue::Adjacent(a, b, _) => vec![cell(a), cell(b)],
        _ => Vec::new(),
    }
}

/// Tatham's techniques, easiest first, as a Futoshiki step names them.
static RULES: [Rule; 7] = [
    Rule::new(
        "naked single",
        "a digit placed leaves its row and column; a cell with one candidate left takes it",
        Some("Trivial"),
    ),
    Rule::new(
        "hidden single",
        "a digit with one place left in a row or column goes there",
        Some("Trivial"),
    ),
    Rule::new(
        "inequality bounds",
        "the cell on the small side of a sign is below the largest candidate of the other, and the other above its smallest",
        Some("Easy"),
    ),
    Rule::new(
        "naked/hidden subset",
        "k cells of a line holding only k digits between them, or k digits with only k places, clear the rest",
        Some("Tricky"),
    ),
    Rule::new(
        "single-value fish",
        "a digit whose places in k rows lie in k columns leaves the rest of those columns (X-wing, swordfish)",
        Some("Extreme"),
    ),
    Rule::new(
        "forcing chain",
        "every value of a two-candidate cell leads to the same removal",
        Some("Extreme"),
    ),
    Rule::new(
        "guess",
        "no technique applies: a value from the solution, found by trial and error",
        Some("Recursive"),
    ),
];

impl Family for Futoshiki {
    type Puzzle = Puzzle;
    type Solution = Solution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn rules(&self) -> &'static [Rule] {
        &RULES
    }

    fn parse(&self, text: &str) -> Result<Puzzle, ParseError> {
        Puzzle::parse(text).map_err(|e| match e.line_column() {
            Some((line, column)) => {
                let message = e.to_string();
                let prefix = format!("line {line}, column {column}: ");
                let short = format!("line {line}: ");
                let rest = message
                    .strip_prefix(&prefix)
                    .or(message.strip_prefix(&short))
                    .unwrap_or(&message)
                    .to_owned();
                if message.starts_with(&prefix) {
                    ParseError::at(line, column, rest)
                } else {
                    ParseError::at_line(line, rest)
                }
            }
            None => ParseError::new(e.to_string()),
        })
    }

    fn write(&self, puzzle: &Puzzle) -> String {
        puzzle.to_grid()
    }

    fn write_game_id(&self, puzzle: &Puzzle) -> Option<String> {
        Some(puzzle.to_game_id())
    }

    fn build(&self, puzzle: &Puzzle) -> Result<Built, ModelError> {
        let n = puzzle.size();
        let (model, cells) = PuzzleModel::new(puzzle)?.into_parts();
        let mut built = Built::new(model, n, n);
        built.cells = cells.into_iter().map(Some).collect();
        built.options = futoshiki::search_options();
        Ok(built)
    }

    fn decode(&self, puzzle: &Puzzle, built: &Built, s: &csp_core::Solution) -> Solution {
        let values = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u8))
            .collect();
        Solution::new(puzzle.size(), values).unwrap_or_else(|_| {
            // Every cell has a variable with a value in 1..=n.
            Solution::new(puzzle.size(), vec![1; puzzle.size() * puzzle.size()])
                .unwrap_or_else(|_| unreachable!("a grid of ones is a valid shape"))
        })
    }

    fn write_solution(&self, _: &Puzzle, solution: &Solution) -> String {
        solution.to_symbols()
    }

    fn parse_solution(&self, puzzle: &Puzzle, text: &str) -> Result<Solution, ParseError> {
        let n = puzzle.size();
        let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != n * n {
            return Err(ParseError::new(format!(
                "expected {} symbols, found {}",
                n * n,
                symbols.len()
            )));
        }
        let values = symbols
            .iter()
            .enumerate()
            .map(|(i, &ch)| {
                futoshiki::char_value(ch)
                    .and_then(|v| u8::try_from(v).ok())
                    .ok_or_else(|| ParseError::at(1, i + 1, format!("unexpected character '{ch}'")))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Solution::new(n, values).map_err(|e| ParseError::new(e.to_string()))
    }

    fn check(&self, puzzle: &Puzzle, solution: &Solution) -> Vec<Violation> {
        match puzzle.filled_with(solution) {
            Ok(filled) => self.check_givens(&filled),
            Err(e) => vec![Violation::new(e.to_string(), Vec::new())],
        }
    }

    fn check_givens(&self, puzzle: &Puzzle) -> Vec<Violation> {
        match puzzle.check() {
            Ok(()) => Vec::new(),
            Err(problems) => problems
                .iter()
                .map(|p| Violation::new(p.to_string(), Vec::new()))
                .collect(),
        }
    }

    fn value_at(&self, solution: &Solution, c: Cell) -> Option<Value> {
        (c.row < solution.size() && c.col < solution.size())
            .then(|| Value::from(solution.value(futoshiki::Cell::new(c.row, c.col))))
    }

    fn render(
        &self,
        puzzle: &Puzzle,
        solution: Option<&Solution>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, puzzle));
        render(puzzle, solution, candidates, options)
    }

    fn explain(&self, puzzle: &Puzzle, _: &Limits) -> Result<Explanation, GradeError> {
        let e = puzzle.explain().map_err(grade_error)?;
        let n = puzzle.size();
        Ok(Explanation {
            hardest: e.hardest.map(|t| t.name().to_owned()),
            steps: e.steps.iter().map(|s| step_of(s, n)).collect(),
            grade: Grade {
                rank: rank(e.difficulty),
                level: LEVELS[rank(e.difficulty)].name,
                technique: e.hardest.map(|t| t.to_string()),
                decisions: 0,
            },
        })
    }

    fn grade(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Grade, GradeError> {
        self.explain(puzzle, limits).map(|e| e.grade)
    }

    fn hint(&self, puzzle: &Puzzle, _: &Limits) -> Result<Hint, GradeError> {
        match puzzle.hint() {
            futoshiki::Hint::Step { step, before } => Ok(Hint::Step {
                step: step_of(&step, puzzle.size()),
                before: before.iter().map(|s| step_of(s, puzzle.size())).collect(),
            }),
            // Every cell decided by the clues alone.
            futoshiki::Hint::Solved | futoshiki::Hint::NoDeduction => Ok(Hint::Solved),
            futoshiki::Hint::MultipleSolutions => Err(GradeError::MultipleSolutions),
            _ => Err(GradeError::NoSolution),
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<Puzzle, Solution>, GenerateError> {
        let difficulty = *Difficulty::ALL.get(options.level).ok_or_else(|| {
            GenerateError::BadOptions(format!("no level {} for futoshiki", options.level))
        })?;
        let mut o = futoshiki::GenerateOptions::new(options.rows, difficulty)
            .with_seed(options.seed)
            .with_mode(self.generate_mode);
        // 0: the futoshiki crate's own budget for the size.
        if options.max_attempts > 0 {
            o = o.with_max_attempts(options.max_attempts);
        }
        // The futoshiki crate's generator has no clock of its own: only
        // before it starts.
        options.check()?;
        let made = futoshiki::generate(&o).map_err(|e| GenerateError::BadOptions(e.to_string()))?;
        Ok(Generated {
            grade: Grade {
                rank: options.level,
                level: LEVELS[options.level].name,
                technique: None,
                decisions: 0,
            },
            puzzle: made.puzzle,
            solution: made.solution,
            attempts: made.attempts,
        })
    }
}

/// Cells of one unit with gaps of half a unit, the signs in the gaps.
const PITCH: f64 = 1.5;

fn render(
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    candidates: Option<Vec<Option<Vec<Value>>>>,
    options: &RenderOptions,
) -> String {
    let n = puzzle.size();
    let side = PITCH * n as f64 - 0.5;
    let mode = match puzzle.mode() {
        Mode::Adjacent => "Futoshiki (Adjacent)",
        _ => "Futoshiki",
    };
    let mut c = Canvas::sized(side, side, &format!("{mode} {n}x{n}"));
    for cell in puzzle.cells() {
        let (x, y) = (PITCH * cell.col as f64, PITCH * cell.row as f64);
        let here = Cell::new(cell.row, cell.col);
        let wash = if options.highlight.contains(&here) {
            Some("hl")
        } else if options.cause.contains(&here) {
            Some("cause")
        } else {
            None
        };
        if let Some(class) = wash {
            c.raw(&format!(
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"1\" height=\"1\"/>"
            ));
        }
        c.rect(x, y, 1.0, 1.0, true);
        let i = cell.row * n + cell.col;
        if let Some(v) = puzzle.given(cell) {
            c.text_at(x + 0.5, y + 0.5, &v.to_string(), Ink::Given, 0.6);
        } else if let Some(s) = solution {
            c.text_at(
                x + 0.5,
                y + 0.5,
                &s.value(cell).to_string(),
                Ink::Filled,
                0.6,
            );
        } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
            let text: Vec<String> = values.iter().map(ToString::to_string).collect();
            c.text_at(x + 0.5, y + 0.85, &text.join(""), Ink::Candidate, 0.22);
        }
    }
    for (a, b, link) in puzzle.marks() {
        let horizontal = a.row == b.row;
        let (x, y) = if horizontal {
            (PITCH * a.col as f64 + 1.25, PITCH * a.row as f64 + 0.5)
        } else {
            (PITCH * a.col as f64 + 0.5, PITCH * a.row as f64 + 1.25)
        };
        let sign = match (link, horizontal) {
            (Link::Less, true) => "<",
            (Link::Greater, true) => ">",
            (Link::Less, false) => "\u{2227}",
            (Link::Greater, false) => "\u{2228}",
            (Link::Bar, true) => "|",
            (Link::Bar, false) => "\u{2013}",
            (Link::None, _) => continue,
        };
        c.text_at(x, y, sign, Ink::Clue, 0.5);
    }
    c.finish(options.cell_size)
}
