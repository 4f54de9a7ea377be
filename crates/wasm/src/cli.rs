//! The command-line tool's answers for one puzzle, as text: what
//! `gridcsp FAMILY solve|count|check|grade|explain|hint|generate|render`
//! prints for a file holding that one puzzle (`crates/cli`).
//!
//! Sudoku and Futoshiki have commands of their own in the tool (their
//! crates' formats, grader and generator), mirrored here; every other
//! family goes through [`AnyPuzzle`], as the tool's `family_cmd` does.
//! Where the tool prints `invalid` (and the reason on standard error) or
//! `failed`, these functions return `Err` with the reason.

use csp_core::{Limits, SearchOptions, SearchStatus, StopReason};
use futoshiki::{Difficulty as FDifficulty, Puzzle as FPuzzle, PuzzleModel};
use gridcsp_puzzles::{
    AnyFamily, AnyPuzzle, GenerateOptions, GradeError, RenderOptions, Solved, Violation,
};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku::{Board, Difficulty, Generator, Logic, Outcome, SudokuError, SudokuModel, Variant};

/// What went wrong: the tool's message on standard error.
pub type Failure = String;

/// The family called `name`, or why there is none.
pub fn family(name: &str) -> Result<&'static dyn AnyFamily, Failure> {
    gridcsp_puzzles::family(name).ok_or_else(|| {
        let names: Vec<&str> = gridcsp_puzzles::families()
            .iter()
            .map(|f| f.info().name)
            .collect();
        format!("no family {name:?}; the families are {}", names.join(", "))
    })
}

/// A puzzle's text as the tool's framer hands it over: lines without
/// their `\r`, no newline at the end.
fn record(text: &str) -> String {
    let lines: Vec<&str> = text
        .trim_end_matches(['\n', '\r'])
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .collect();
    lines.join("\n")
}

/// Reads a puzzle of `family`.
pub fn load<'f>(family: &'f dyn AnyFamily, text: &str) -> Result<Box<dyn AnyPuzzle + 'f>, Failure> {
    family.load(&record(text)).map_err(|e| e.to_string())
}

fn limit_word(_: StopReason) -> String {
    "limit".to_owned()
}

/// `gridcsp FAMILY solve`.
pub fn solve(name: &str, text: &str) -> Result<String, Failure> {
    match name {
        "sudoku" => sudoku_solve(text),
        "futoshiki" => futoshiki_solve(text),
        _ => {
            let p = load(family(name)?, text)?;
            if !p.check_givens().is_empty() {
                return Ok("unsolvable".to_owned());
            }
            Ok(match p.solve(&Limits::default()).0 {
                Solved::Solution(s) => s.trim_end().to_owned(),
                Solved::Unsolvable => "unsolvable".to_owned(),
                Solved::Stopped(r) => limit_word(r),
            })
        }
    }
}

fn counted(count: csp_core::Count) -> String {
    match count.status {
        SearchStatus::Complete | SearchStatus::Stopped(StopReason::SolutionLimit) => {
            count.count.to_string()
        }
        SearchStatus::Stopped(r) => limit_word(r),
    }
}

/// `gridcsp FAMILY count [--limit N]`.
pub fn count(name: &str, text: &str, limit: Option<u64>) -> Result<String, Failure> {
    if limit == Some(0) {
        return Err("the limit must be at least 1".to_owned());
    }
    match name {
        "sudoku" => {
            let (board, variant) = sudoku_board(text)?;
            let model = sudoku_model(variant)?;
            let mut solver = model.solver_with(sudoku_options());
            match solver.count(&board, limit) {
                Ok(c) => Ok(counted(c)),
                Err(SudokuError::Clash(_)) => Ok("0".to_owned()),
                Err(e) => Err(e.to_string()),
            }
        }
        "futoshiki" => {
            let puzzle = futoshiki_puzzle(text)?;
            let model = PuzzleModel::new(&puzzle).map_err(|e| e.to_string())?;
            let mut solver = model.solver_with(sudoku_options());
            Ok(counted(solver.count(limit)))
        }
        _ => {
            let p = load(family(name)?, text)?;
            Ok(counted(p.count(limit, &Limits::default()).0))
        }
    }
}

/// `conflict r1c2 r1c7`: cells in any order, written sorted and once.
fn conflict_line(mut cells: Vec<(usize, usize)>) -> String {
    cells.sort_unstable();
    cells.dedup();
    let names: Vec<String> = cells
        .iter()
        .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    format!("conflict {}", names.join(" "))
}

fn violations_line(violations: &[Violation]) -> String {
    if violations.is_empty() {
        return "ok".to_owned();
    }
    let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
    format!("conflict {}", words.join("; "))
}

/// `gridcsp FAMILY check` (the givens against the rules).
pub fn check(name: &str, text: &str) -> Result<String, Failure> {
    match name {
        "sudoku" => {
            let (board, variant) = sudoku_board(text)?;
            let conflicts = variant.conflicts(&board);
            Ok(if conflicts.is_empty() {
                if board.is_complete() {
                    "complete".to_owned()
                } else {
                    "ok".to_owned()
                }
            } else {
                conflict_line(conflicts.iter().map(|c| (c.row, c.col)).collect())
            })
        }
        "futoshiki" => {
            let puzzle = futoshiki_puzzle(text)?;
            Ok(match puzzle.check() {
                Ok(()) if puzzle.is_filled() => "complete".to_owned(),
                Ok(()) => "ok".to_owned(),
                Err(problems) => conflict_line(
                    problems
                        .iter()
                        .flat_map(futoshiki_cells)
                        .map(|c| (c.row, c.col))
                        .collect(),
                ),
            })
        }
        _ => {
            let p = load(family(name)?, text)?;
            Ok(violations_line(&p.check_givens()))
        }
    }
}

fn grade_failure(e: GradeError) -> Result<String, Failure> {
    match e {
        GradeError::NoSolution => Ok("unsolvable".to_owned()),
        GradeError::MultipleSolutions => Ok("multiple".to_owned()),
        GradeError::Stopped(r) => Ok(limit_word(r)),
        other => Err(other.to_string()),
    }
}

/// `gridcsp FAMILY grade` (`explain`: `gridcsp FAMILY explain`).
pub fn grade(name: &str, text: &str, explain: bool) -> Result<String, Failure> {
    match name {
        "sudoku" => sudoku_grade(text, explain),
        "futoshiki" => futoshiki_grade(text, explain),
        _ => {
            let p = load(family(name)?, text)?;
            let limits = Limits::default();
            let result = if explain {
                p.explain(&limits)
                    .map(|e| e.to_string().trim_end().to_owned())
            } else {
                p.grade(&limits).map(|g| g.to_string())
            };
            result.or_else(grade_failure)
        }
    }
}

/// `gridcsp FAMILY hint`. Sudoku and Futoshiki have no `hint` command in
/// the tool; theirs is the family's hint, worded as for every family.
pub fn hint(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    match p.hint(&Limits::default()) {
        Ok(h) => Ok(h.to_string()),
        Err(e) => grade_failure(e),
    }
}

/// `gridcsp FAMILY generate --difficulty LEVEL --seed SEED [--size
/// ROWSxCOLS]` (one puzzle): the tool's default level when `level` is
/// `None` (Sudoku medium, Futoshiki easy, the easiest level of every
/// other family), its default size when `size` is.
pub fn generate(
    name: &str,
    level: Option<&str>,
    seed: u64,
    size: Option<(usize, usize)>,
) -> Result<String, Failure> {
    match name {
        "sudoku" => {
            let difficulty = match level {
                None => Difficulty::Medium,
                Some(l) => l
                    .parse::<Difficulty>()
                    .map_err(|e: sudoku::UnknownDifficulty| e.to_string())?,
            };
            let shape = match size {
                None => sudoku::Shape::CLASSIC,
                Some((r, c)) if r == c => sudoku::Shape::new(r).map_err(|e| e.to_string())?,
                Some((r, c)) => return Err(format!("a Sudoku is square, not {r}x{c}")),
            };
            let made = Generator::new(Variant::classic(shape), seed)
                .and_then(|mut g| g.generate_target(&sudoku::Target::level(difficulty)))
                .map_err(|e| e.to_string())?;
            Ok(made.puzzle.to_line())
        }
        "futoshiki" => {
            let difficulty = match level {
                None => FDifficulty::Easy,
                Some(l) => l.parse::<FDifficulty>()?,
            };
            let n = match size {
                None => 5,
                Some((r, c)) if r == c && (2..=35).contains(&r) => r,
                Some((r, c)) => {
                    return Err(format!("a Futoshiki is square, 2 to 35 wide, not {r}x{c}"));
                }
            };
            let options = futoshiki::GenerateOptions::new(n, difficulty).with_seed(seed);
            let made = futoshiki::generate(&options).map_err(|e| e.to_string())?;
            Ok(made.puzzle.to_game_id())
        }
        _ => {
            let f = family(name)?;
            let info = f.info();
            let level = match level {
                None => 0,
                Some(l) => info
                    .levels
                    .iter()
                    .position(|x| x.name.eq_ignore_ascii_case(l))
                    .ok_or_else(|| {
                        let names: Vec<&str> = info.levels.iter().map(|l| l.name).collect();
                        format!(
                            "{} has no level {l:?}; its levels are {}",
                            info.name,
                            names.join(", ")
                        )
                    })?,
            };
            let (rows, cols) = size.unwrap_or(info.default_size);
            let options = GenerateOptions::new(rows, cols, level).with_seed(seed);
            let made = f.generate_text(&options).map_err(|e| e.to_string())?;
            Ok(made.puzzle.trim_end().to_owned())
        }
    }
}

/// `gridcsp FAMILY render` (the SVG, default options).
pub fn render(name: &str, text: &str) -> Result<String, Failure> {
    let p = load(family(name)?, text)?;
    Ok(p.render(&RenderOptions::default(), &Limits::default()))
}

// Sudoku, as `crates/cli/src/sudoku_cmd.rs` reads, solves and grades it.

/// The sudoku crate's search options, no limits (the tool's without
/// `--node-limit` and `--time-limit`).
fn sudoku_options() -> SearchOptions {
    sudoku::SudokuSolver::default_options()
}

/// A Sudoku puzzle: a Solo game ID (a line with a `:`), a one-line board
/// or a grid (more than one line; the tool's `--grid`).
fn sudoku_board(text: &str) -> Result<(Board, Variant), Failure> {
    let text = record(text);
    let one_line = !text.trim().contains('\n');
    if one_line && text.contains(':') {
        let (variant, board) = sudoku::solo::parse(text.trim()).map_err(|e| e.to_string())?;
        if variant.regions().is_some() {
            return Err("a jigsaw Solo ID: `gridcsp jigsaw-sudoku` reads it".to_owned());
        }
        if !variant.cages().is_empty() {
            return Err("a killer Solo ID: `gridcsp killer-sudoku` reads it".to_owned());
        }
        let variant = if variant.has_diagonals() {
            Variant::x_sudoku(variant.shape())
        } else {
            Variant::classic(variant.shape())
        };
        return Ok((board, variant));
    }
    let board = if one_line {
        Board::parse(text.trim())
    } else {
        Board::parse_grid(&text)
    }
    .map_err(|e| e.to_string())?;
    let variant = Variant::classic(board.shape());
    Ok((board, variant))
}

thread_local! {
    /// The Sudoku models built so far, one per variant (box shape and
    /// diagonals): the tool builds one per shape for a whole run, and a
    /// page solves many puzzles of one shape.
    static SUDOKU_MODELS: RefCell<Vec<(Variant, Rc<SudokuModel>)>> = const { RefCell::new(Vec::new()) };
}

/// The model of `variant`, built once.
fn sudoku_model(variant: Variant) -> Result<Rc<SudokuModel>, Failure> {
    SUDOKU_MODELS.with_borrow_mut(|models| {
        if let Some((_, m)) = models.iter().find(|(v, _)| *v == variant) {
            return Ok(Rc::clone(m));
        }
        let model = Rc::new(SudokuModel::new(variant.clone()).map_err(|e| e.to_string())?);
        models.push((variant, Rc::clone(&model)));
        Ok(model)
    })
}

fn sudoku_solve(text: &str) -> Result<String, Failure> {
    let (board, variant) = sudoku_board(text)?;
    let model = sudoku_model(variant)?;
    let mut solver = model.solver_with(sudoku_options());
    match solver.solve(&board) {
        Ok(Outcome::Solved(solution)) => Ok(solution.to_line()),
        Ok(Outcome::NoSolution) => Ok("unsolvable".to_owned()),
        Ok(Outcome::Stopped(r)) => Ok(limit_word(r)),
        Err(SudokuError::Clash(_)) => Ok("unsolvable".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

fn sudoku_grade(text: &str, explain: bool) -> Result<String, Failure> {
    let (board, variant) = sudoku_board(text)?;
    let logic = Logic::new(variant)
        .map(|l| l.with_search_options(sudoku_options()))
        .map_err(|e| e.to_string())?;
    let words = |g: &sudoku::Grade| match g.hardest {
        Some(t) => format!("{} {} {t}", g.difficulty, g.rating),
        None => format!("{} {}", g.difficulty, g.rating),
    };
    let result = if explain {
        logic
            .explain(&board)
            .map(|e| e.to_string().trim_end().to_owned())
    } else {
        logic.grade(&board).map(|g| words(&g))
    };
    match result {
        Ok(text) => Ok(text),
        Err(SudokuError::NoSolution | SudokuError::Clash(_)) => Ok("unsolvable".to_owned()),
        Err(SudokuError::MultipleSolutions) => Ok("multiple".to_owned()),
        Err(SudokuError::Stopped(r)) => Ok(limit_word(r)),
        Err(e) => Err(e.to_string()),
    }
}

// Futoshiki, as `crates/cli/src/futoshiki_cmd.rs` reads, solves and
// grades it.

/// A Futoshiki puzzle: a game ID (one line) or a grid.
fn futoshiki_puzzle(text: &str) -> Result<FPuzzle, Failure> {
    let text = record(text);
    if text.trim().contains('\n') {
        FPuzzle::from_grid(&text).map_err(|e| e.to_string())
    } else {
        FPuzzle::from_game_id(text.trim()).map_err(|e| e.to_string())
    }
}

fn futoshiki_cells(c: &futoshiki::Contradiction) -> Vec<futoshiki::Cell> {
    use futoshiki::Contradiction;
    match c {
        Contradiction::RepeatedInRow { cells, .. }
        | Contradiction::RepeatedInColumn { cells, .. } => cells.to_vec(),
        Contradiction::BrokenSign { lo, hi, .. } => vec![*lo, *hi],
        Contradiction::BrokenBar { a, b, .. } => vec![*a, *b],
        Contradiction::SignCycle { cells } => cells.clone(),
        Contradiction::ImpossibleChain { cell, chain, .. } => {
            let mut v = chain.clone();
            v.push(*cell);
            v
        }
        Contradiction::OutOfRange { cell, .. } => vec![*cell],
        _ => Vec::new(),
    }
}

fn futoshiki_solve(text: &str) -> Result<String, Failure> {
    let puzzle = futoshiki_puzzle(text)?;
    if puzzle.check().is_err() {
        return Ok("unsolvable".to_owned());
    }
    let model = PuzzleModel::new(&puzzle).map_err(|e| e.to_string())?;
    let mut solver = model.solver_with(sudoku_options());
    Ok(match solver.solve() {
        csp_core::SolveOutcome::Solved(s) => model.solution(&s).to_symbols(),
        csp_core::SolveOutcome::Unsatisfiable => "unsolvable".to_owned(),
        csp_core::SolveOutcome::Stopped(r) => limit_word(r),
    })
}

fn futoshiki_grade(text: &str, explain: bool) -> Result<String, Failure> {
    let puzzle = futoshiki_puzzle(text)?;
    match puzzle.explain() {
        Ok(e) => {
            if explain {
                return Ok(e.to_string().trim_end().to_owned());
            }
            let level = e.difficulty.name().to_ascii_lowercase();
            Ok(match e.hardest {
                Some(t) => format!("{level} {t}"),
                None => level,
            })
        }
        Err(futoshiki::GradeError::NoSolution) => Ok("unsolvable".to_owned()),
        Err(futoshiki::GradeError::MultipleSolutions) => Ok("multiple".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}
