//! Sudoku through the [`Family`] trait: the `sudoku` crate's boards,
//! variants, grader and generator.
//!
//! The puzzle is the rules ([`Variant`]) and the givens ([`Board`]); the
//! one-line form (81 symbols for a 9x9) is its text. Tatham's Solo IDs of
//! classic and X puzzles (`3x3:...`, `2x3x:...`) are read and written too
//! ([`sudoku::solo`]); jigsaw and killer IDs belong to the jigsaw-sudoku
//! and killer-sudoku families. Grades, explanations
//! and hints are the `sudoku` crate's human techniques.

use crate::family::{
    Built, Cell, Counted, Explanation, Family, FamilyInfo, GenerateError, GenerateOptions,
    Generated, Grade, GradeError, Hint, Level, Outcome, ParseError, RecordShape, Rule, Step,
    UniqueOutcome, Violation,
};
use crate::generic;
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use csp_core::{Limits, ModelError, Value};
use std::sync::OnceLock;
use sudoku::{
    Board, Difficulty, GroupKind, Logic, Shape, SudokuError, SudokuModel, SudokuSolver, Variant,
};

/// Sudoku of any box shape, optionally X-Sudoku (both diagonals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sudoku {
    /// The box shape; `None`: inferred from each puzzle's size, boxes as
    /// square as possible, wider than tall.
    pub shape: Option<Shape>,
    /// Both main diagonals hold different values too.
    pub diagonal: bool,
}

/// A Sudoku puzzle: its rules and its givens.
///
/// With the `serde` feature it is the givens and the rules in parts:
/// `{"board": <the Board's form>, "diagonals": false, "regions": null,
/// "cages": [{"sum": 3, "cells": [{"row": 0, "col": 0}, ...]}]}`, jigsaw
/// regions as a label per cell (row-major), the box shape the board's.
/// (The type is shared by the sudoku, jigsaw-sudoku and killer-sudoku
/// families, and no one text holds every puzzle of the three: Solo IDs
/// have no boxes one cell wide and no large killers.) Reading it back
/// builds the rules with the `sudoku` crate's checks (regions of N cells,
/// cages on the board and apart), so a bad variant is a serde error naming
/// the problem; `diagonals`, `regions` and `cages` may be left out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "serde_form::PuzzleForm", into = "serde_form::PuzzleForm")
)]
pub struct SudokuPuzzle {
    /// The rules.
    pub variant: Variant,
    /// The givens (0 for blanks).
    pub board: Board,
}

#[cfg(feature = "serde")]
mod serde_form {
    //! The serde form of a [`SudokuPuzzle`]: its board and its rules'
    //! parts, checked on the way in.

    use super::SudokuPuzzle;
    use sudoku::{Board, Cage, Cell, SudokuError, Variant};

    /// A [`SudokuPuzzle`] in parts.
    #[derive(serde::Serialize, serde::Deserialize)]
    pub(super) struct PuzzleForm {
        board: Board,
        #[serde(default)]
        diagonals: bool,
        #[serde(default)]
        regions: Option<Vec<usize>>,
        #[serde(default)]
        cages: Vec<CageForm>,
    }

    /// A killer cage: its sum and its cells.
    #[derive(serde::Serialize, serde::Deserialize)]
    struct CageForm {
        sum: u32,
        cells: Vec<Cell>,
    }

    impl From<SudokuPuzzle> for PuzzleForm {
        fn from(p: SudokuPuzzle) -> PuzzleForm {
            PuzzleForm {
                diagonals: p.variant.has_diagonals(),
                regions: p.variant.regions().map(<[usize]>::to_vec),
                cages: p
                    .variant
                    .cages()
                    .iter()
                    .map(|c| CageForm {
                        sum: c.sum(),
                        cells: c.cells().to_vec(),
                    })
                    .collect(),
                board: p.board,
            }
        }
    }

    impl TryFrom<PuzzleForm> for SudokuPuzzle {
        type Error = SudokuError;

        fn try_from(form: PuzzleForm) -> Result<SudokuPuzzle, SudokuError> {
            let mut variant = Variant::classic(form.board.shape());
            if let Some(labels) = &form.regions {
                variant = variant.with_regions(labels)?;
            }
            if form.diagonals {
                variant = variant.with_diagonals();
            }
            if !form.cages.is_empty() {
                let cages = form
                    .cages
                    .into_iter()
                    .map(|c| Cage::new(c.cells, c.sum))
                    .collect();
                variant = variant.with_cages(cages)?;
            }
            Ok(SudokuPuzzle {
                variant,
                board: form.board,
            })
        }
    }
}

impl Sudoku {
    /// Classic rules, the box shape inferred from each puzzle.
    pub const CLASSIC: Sudoku = Sudoku {
        shape: None,
        diagonal: false,
    };
}

fn info() -> &'static FamilyInfo {
    static INFO: OnceLock<FamilyInfo> = OnceLock::new();
    INFO.get_or_init(|| {
        let levels: Vec<Level> = Difficulty::ALL
            .iter()
            .map(|d| Level {
                name: d.name(),
                about: "the sudoku crate's technique ladder (docs/sudoku.md)",
            })
            .collect();
        FamilyInfo {
            name: "sudoku",
            title: "Sudoku",
            rules: "Fill the grid so that every row, column and box holds each value once.",
            levels: Box::leak(levels.into_boxed_slice()),
            shape: RecordShape::Line,
            default_size: (9, 9),
        }
    })
}

/// The sudoku crate's technique ladder, as family levels.
pub(crate) fn levels() -> &'static [Level] {
    info().levels
}

/// The grade of any Sudoku variant on the sudoku crate's technique ladder.
pub(crate) fn grade(puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Grade, GradeError> {
    let g = logic(&puzzle.variant, limits)?
        .grade(&puzzle.board)
        .map_err(grade_error)?;
    Ok(grade_of(&g))
}

fn parse_error(e: impl std::fmt::Display) -> ParseError {
    ParseError::new(e.to_string())
}

fn cell(c: sudoku::Cell) -> Cell {
    Cell::new(c.row, c.col)
}

pub(crate) fn grade_error(e: SudokuError) -> GradeError {
    match e {
        SudokuError::NoSolution | SudokuError::Clash(_) => GradeError::NoSolution,
        SudokuError::MultipleSolutions => GradeError::MultipleSolutions,
        SudokuError::Stopped(r) => GradeError::Stopped(r),
        other => GradeError::Model(ModelError::InvalidArgument {
            constraint: "sudoku".to_owned(),
            reason: other.to_string(),
        }),
    }
}

fn grade_of(g: &sudoku::Grade) -> Grade {
    let rank = Difficulty::ALL
        .iter()
        .position(|&d| d == g.difficulty)
        .unwrap_or(0);
    Grade {
        rank,
        level: g.difficulty.name(),
        technique: g.hardest.map(|t| t.name().to_owned()),
        decisions: 0,
    }
}

/// A step of the sudoku crate's explanation: its sentence, its technique
/// as the rule, the cells of the houses it names ("box 1 and row 2") as
/// the cells it reads, the cells it fills or those it clears as the cells
/// it settles. A run of singles told as one step reads the houses of each:
/// every house of a naked single's cell (the digits they hold), the house
/// of a hidden single. Public for the command-line tool, whose `explain
/// --json` lists the sudoku crate's own steps with these fields.
pub fn step_of(variant: &Variant, s: &sudoku::Step) -> Step {
    let mut reads: Vec<Cell> = Vec::new();
    let add = |reads: &mut Vec<Cell>, g: &sudoku::Group| {
        for &c in g.cells() {
            if !reads.contains(&cell(c)) {
                reads.push(cell(c));
            }
        }
    };
    let named: Vec<&str> = s.place.split(" and ").map(str::trim).collect();
    if s.singles.is_empty() || s.technique != sudoku::Technique::NakedSingle {
        // The houses the step names (a hidden single's own).
        for g in variant.groups() {
            let wanted = named.contains(&g.kind().to_string().as_str())
                || s.singles.iter().any(|x| x.house == Some(g.kind()));
            if wanted {
                add(&mut reads, g);
            }
        }
    }
    if s.technique == sudoku::Technique::NakedSingle {
        // A naked single reads the cell's houses: the digits they hold.
        for x in &s.singles {
            for g in variant
                .groups()
                .iter()
                .filter(|g| g.cells().contains(&x.cell))
            {
                add(&mut reads, g);
            }
        }
    }
    if reads.is_empty() && s.placement.is_none() {
        // A whole-grid pattern names its cells in its words ("strong links
        // r1c2-r1c8 (row 1) and ...", "pivot r5c7 {34}", "each place of 8
        // in column 2"): it reads those cells and the houses it names.
        reads = named_reads(variant, &s.place);
    }
    let mut settles: Vec<Cell> = s.placements().map(|(c, _)| cell(c)).collect();
    for &(c, _) in &s.eliminations {
        if !settles.contains(&cell(c)) {
            settles.push(cell(c));
        }
    }
    Step {
        text: s.to_string(),
        cell: settles.first().copied(),
        placed: s.placement.map(|(_, v)| Value::from(v)),
        rule: s.technique.name().to_owned(),
        reads,
        settles,
    }
}

/// The words with each list of lines named at once written out: "rows 2,
/// 5 and 7" as "row 2, row 5 and row 7" (a fish's words), so that each
/// house is named as [`named_reads`] finds it.
fn singular(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut rest = words;
    'scan: while !rest.is_empty() {
        for (plural, one) in [("rows ", "row "), ("columns ", "column ")] {
            let Some(after) = rest.strip_prefix(plural) else {
                continue;
            };
            // "2", ", 5", " and 7": numbers with their separators.
            let mut tail = after;
            let mut first = true;
            loop {
                let sep = if first {
                    Some("")
                } else {
                    [", ", " and "].into_iter().find(|s| {
                        tail.strip_prefix(s)
                            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()))
                    })
                };
                let Some(sep) = sep else { break };
                let t = &tail[sep.len()..];
                let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits == 0 {
                    break;
                }
                out.push_str(sep);
                out.push_str(one);
                out.push_str(&t[..digits]);
                tail = &t[digits..];
                first = false;
            }
            if first {
                out.push_str(plural);
                rest = after;
            } else {
                rest = tail;
            }
            continue 'scan;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The cells a pattern's words name: each cell ("r3c1", "r3c1+r3c2",
/// "(4)r4c2") and every cell of each house ("row 1", "box 6"), in the
/// order the words name them, each once.
fn named_reads(variant: &Variant, words: &str) -> Vec<Cell> {
    let words = &singular(words);
    let mut reads: Vec<Cell> = Vec::new();
    let mut add = |c: Cell| {
        if !reads.contains(&c) {
            reads.push(c);
        }
    };
    let n = variant.size();
    let bytes = words.as_bytes();
    let number = |from: usize| -> (usize, usize) {
        let end = (from..bytes.len())
            .find(|&i| !bytes[i].is_ascii_digit())
            .unwrap_or(bytes.len());
        (words[from..end].parse().unwrap_or(0), end)
    };
    // Where each house's name starts in the words, to read them in order.
    let mut houses: Vec<(usize, &sudoku::Group)> = Vec::new();
    for g in variant.groups() {
        let name = g.kind().to_string();
        for (at, _) in words.match_indices(&name) {
            let end = at + name.len();
            let whole = !bytes.get(end).is_some_and(u8::is_ascii_digit);
            if whole && !matches!(g.kind(), GroupKind::Cage(_)) {
                houses.push((at, g));
            }
        }
    }
    houses.sort_by_key(|&(at, _)| at);
    let mut next_house = houses.iter().peekable();
    let mut i = 0;
    while i < bytes.len() {
        while let Some(&&(at, g)) = next_house.peek() {
            if at > i {
                break;
            }
            g.cells().iter().for_each(|&c| add(cell(c)));
            next_house.next();
        }
        let starts = bytes[i] == b'r'
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if starts {
            let (row, end) = number(i + 1);
            if bytes.get(end) == Some(&b'c') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
                let (col, end) = number(end + 1);
                if (1..=n).contains(&row) && (1..=n).contains(&col) {
                    add(Cell::new(row - 1, col - 1));
                }
                i = end;
                continue;
            }
        }
        i += 1;
    }
    for &(_, g) in next_house {
        g.cells().iter().for_each(|&c| add(cell(c)));
    }
    reads
}

/// The techniques a Sudoku explanation names, easiest first (the sudoku
/// crate's order, Sudoku Explainer's), with Tatham's Solo level where his
/// solver has the technique. Jigsaw Sudoku shares the list; the sudoku
/// crate's `cage sum` is left out, as neither has cages (Killer Sudoku
/// lists its own cage rules).
pub(crate) static RULES: [Rule; 37] = [
    Rule::new(
        "naked single",
        "a cell with one candidate left takes it",
        Some("Basic"),
    ),
    Rule::new(
        "hidden single",
        "a digit with one place left in a house goes there",
        Some("Basic"),
    ),
    Rule::new(
        "pointing",
        "a digit of a box confined to one line leaves the rest of that line",
        Some("Intermediate"),
    ),
    Rule::new(
        "claiming",
        "a digit of a line confined to one box leaves the rest of that box",
        Some("Intermediate"),
    ),
    Rule::new(
        "naked pair",
        "two cells of a house with the same two candidates clear them from the house",
        Some("Advanced"),
    ),
    Rule::new(
        "X-wing",
        "a digit's places in two rows lie in two columns: it leaves the rest of those columns",
        Some("Extreme"),
    ),
    Rule::new(
        "hidden pair",
        "two digits with the same two places in a house clear those cells' other candidates",
        Some("Advanced"),
    ),
    Rule::new(
        "naked triple",
        "three cells holding three digits between them clear those digits from the house",
        Some("Advanced"),
    ),
    Rule::new(
        "swordfish",
        "an X-wing over three rows and three columns",
        Some("Extreme"),
    ),
    Rule::new(
        "hidden triple",
        "three digits with three places in a house clear those cells' other candidates",
        Some("Advanced"),
    ),
    Rule::new(
        "skyscraper",
        "two strong links of a digit in parallel lines",
        None,
    ),
    Rule::new(
        "two-string kite",
        "two strong links of a digit, in a row and a column, joined in a box",
        None,
    ),
    Rule::new(
        "turbot fish",
        "two strong links of a digit, one of them in a box",
        None,
    ),
    Rule::new(
        "empty rectangle",
        "a box's places for a digit on one row and one column, and a strong link",
        None,
    ),
    Rule::new(
        "grouped turbot fish",
        "a turbot fish with a group of cells at one end",
        None,
    ),
    Rule::new(
        "XY-wing",
        "a pivot {x,y} and pincers {x,z}, {y,z}: z leaves the cells both pincers see",
        Some("Extreme"),
    ),
    Rule::new(
        "XYZ-wing",
        "a pivot {x,y,z} and pincers {x,z}, {y,z}: z leaves the cells all three see",
        Some("Extreme"),
    ),
    Rule::new(
        "unique rectangle type 1",
        "a puzzle with one solution never leaves four cells of two boxes with the same two candidates",
        None,
    ),
    Rule::new(
        "unique rectangle type 2",
        "the extra candidate of a unique rectangle's two cells leaves the cells both see",
        None,
    ),
    Rule::new(
        "unique rectangle type 3",
        "a unique rectangle's extra candidates form a subset with other cells",
        None,
    ),
    Rule::new(
        "unique rectangle type 4",
        "a unique rectangle's strong link removes the other of its two digits",
        None,
    ),
    Rule::new(
        "naked quad",
        "four cells holding four digits between them clear those digits from the house",
        Some("Advanced"),
    ),
    Rule::new(
        "jellyfish",
        "an X-wing over four rows and four columns",
        Some("Extreme"),
    ),
    Rule::new(
        "hidden quad",
        "four digits with four places in a house clear those cells' other candidates",
        Some("Advanced"),
    ),
    Rule::new(
        "simple colouring",
        "the conjugate pairs of a digit in two colours: a colour that sees itself is false",
        None,
    ),
    Rule::new(
        "X-chain",
        "a chain of strong and weak links of one digit",
        Some("Extreme"),
    ),
    Rule::new(
        "WXYZ-wing",
        "three cells of a house with four digits and a cell {x,z}",
        None,
    ),
    Rule::new(
        "BUG+1",
        "every open cell but one has two candidates: the odd one out is the digit",
        None,
    ),
    Rule::new(
        "VWXYZ-wing",
        "four cells of a house with five digits and a cell {x,z}",
        None,
    ),
    Rule::new(
        "UVWXYZ-wing",
        "five cells of a house with six digits and a cell {x,z}",
        None,
    ),
    Rule::new(
        "XY-chain",
        "a chain through cells of two candidates",
        Some("Extreme"),
    ),
    Rule::new(
        "W-wing",
        "two cells {x,y} joined by a strong link on y",
        None,
    ),
    Rule::new(
        "AIC",
        "an alternating inference chain of strong and weak links",
        Some("Extreme"),
    ),
    Rule::new(
        "TUVWXYZ-wing",
        "six cells of a house with seven digits and a cell {x,z}",
        None,
    ),
    Rule::new(
        "forcing chain",
        "every way a cell or a house can go leads to the same result, by singles",
        Some("Extreme"),
    ),
    Rule::new(
        "forcing net",
        "a forcing chain that also uses locked candidates and pairs",
        Some("Extreme"),
    ),
    Rule::new(
        "guess",
        "no technique applies: a value from the solution, found by trial and error",
        Some("Unreasonable"),
    ),
];

fn logic(variant: &Variant, limits: &Limits) -> Result<Logic, GradeError> {
    let options = SudokuSolver::default_options().with_limits(limits.clone());
    Ok(Logic::new(variant.clone())
        .map_err(grade_error)?
        .with_search_options(options))
}

/// The rules broken by `board` (clashes in a group), as violations.
pub(crate) fn clashes(variant: &Variant, board: &Board) -> Vec<Violation> {
    variant
        .clashes(board)
        .iter()
        .map(|c| {
            Violation::new(
                format!("{} appears twice in {}", c.value, c.group),
                vec![cell(c.first), cell(c.second)],
            )
        })
        .collect()
}

/// The rules a player's entries break (see [`Family::check_entries`]):
/// a value that repeats in a group (the sudoku crate's clashes on the
/// board with the entries filled in, those that involve an entry), then
/// the model's other constraints (a killer's cages) as
/// [`play::check_entries`](crate::play::check_entries) asks them. The
/// houses, one constraint over the whole grid, are the clashes.
pub(crate) fn check_entries<F: Family<Puzzle = SudokuPuzzle> + ?Sized>(
    family: &F,
    puzzle: &SudokuPuzzle,
    entries: &[(Cell, Value)],
) -> Result<Vec<Violation>, ModelError> {
    let mut board = puzzle.board.clone();
    let mut out = Vec::new();
    let mut fitting = Vec::with_capacity(entries.len());
    for &(c, v) in entries {
        let set = u8::try_from(v)
            .ok()
            .filter(|&v| v > 0)
            .is_some_and(|d| board.set(c.row, c.col, d).is_ok());
        if set {
            fitting.push((c, v));
        } else {
            out.push(Violation::new(format!("{c} cannot hold {v}"), vec![c]));
        }
    }
    let entered = |c: &Cell| fitting.iter().any(|(e, _)| e == c);
    out.extend(
        clashes(&puzzle.variant, &board)
            .into_iter()
            .filter(|v| v.cells.iter().any(entered)),
    );
    out.extend(crate::play::check_entries_except(
        family,
        puzzle,
        &fitting,
        &["houses"],
    )?);
    Ok(out)
}

/// The rules a filled board breaks as a solution of `puzzle`.
pub(crate) fn check_board(puzzle: &SudokuPuzzle, solution: &Board) -> Vec<Violation> {
    let mut out = clashes(&puzzle.variant, solution);
    let blanks: Vec<Cell> = solution.blank_cells().map(cell).collect();
    if !blanks.is_empty() {
        out.push(Violation::new("every cell must be filled", blanks));
    }
    let changed: Vec<Cell> = if solution.shape() == puzzle.board.shape() {
        // Row-major both: compared value by value.
        let n = puzzle.board.size();
        let (givens, values) = (puzzle.board.values(), solution.values());
        givens
            .iter()
            .zip(values)
            .enumerate()
            .filter(|&(_, (&g, &v))| g != 0 && g != v)
            .map(|(i, _)| Cell::new(i / n, i % n))
            .collect()
    } else {
        puzzle
            .board
            .filled_cells()
            .filter(|&(c, v)| solution.value(c) != Some(v))
            .map(|(c, _)| cell(c))
            .collect()
    };
    if !changed.is_empty() {
        out.push(Violation::new("the givens must be kept", changed));
    }
    for (k, cage) in puzzle.variant.cages().iter().enumerate() {
        let values: Vec<u8> = cage
            .cells()
            .iter()
            .filter_map(|&c| solution.value(c))
            .collect();
        if values.len() == cage.cells().len() {
            let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
            if sum != cage.sum() {
                out.push(Violation::new(
                    format!(
                        "cage {} must sum to {} (it sums to {sum})",
                        k + 1,
                        cage.sum()
                    ),
                    cage.cells().iter().map(|&c| cell(c)).collect(),
                ));
            }
        }
    }
    out
}

/// The csp-core model of any Sudoku variant, with the givens as assumptions.
pub(crate) fn build(puzzle: &SudokuPuzzle) -> Result<Built, ModelError> {
    build_with(puzzle, false)
}

/// The model `solve`, `count` and `uniqueness` search: [`build`]'s, with
/// the givens fixed in the initial domains instead of passed as
/// assumptions. The root fixpoint, and so the search and its statistics,
/// are the same (the houses' propagator reads the domains, not the changes
/// that led to them); the solver has no assumptions to store and apply,
/// which on a 4x4 board is a tenth of the solve. Traces, which tell the
/// givens apart, and the callers of [`Family::build`] keep the assumptions.
fn build_solving(puzzle: &SudokuPuzzle) -> Result<Built, ModelError> {
    build_with(puzzle, true)
}

fn build_with(puzzle: &SudokuPuzzle, givens_fixed: bool) -> Result<Built, ModelError> {
    let model = SudokuModel::new(puzzle.variant.clone()).map_err(|e| match e {
        SudokuError::Model(m) => m,
        other => ModelError::InvalidArgument {
            constraint: "sudoku".to_owned(),
            reason: other.to_string(),
        },
    })?;
    let n = puzzle.variant.size();
    let (mut model, cells) = model.into_parts();
    // The board's values are row-major, as the cells' variables are.
    let givens = || {
        puzzle
            .board
            .values()
            .iter()
            .zip(&cells)
            .filter(|&(&v, _)| v != 0)
            .map(|(&v, &var)| (var, Value::from(v)))
    };
    let assumptions = if givens_fixed {
        for (var, v) in givens() {
            if model.fix(var, v).is_err() {
                // Outside the cell's domain (the board's values are not):
                // the assumptions' model says what becomes of it.
                return build(puzzle);
            }
        }
        Vec::new()
    } else {
        // Every vector sized once: a 4x4 puzzle's whole solve costs about
        // as much as a few dozen allocations.
        let mut assumptions = Vec::with_capacity(puzzle.board.filled());
        assumptions.extend(givens());
        assumptions
    };
    Ok(Built {
        model,
        rows: n,
        cols: n,
        cells: cells.into_iter().map(Some).collect(),
        assumptions,
        options: SudokuSolver::default_options(),
        data: None,
    })
}

pub(crate) fn decode(puzzle: &SudokuPuzzle, built: &Built, s: &csp_core::Solution) -> Board {
    let values: Vec<u8> = built
        .cells
        .iter()
        .map(|v| v.and_then(|v| s.get(v)).map_or(0, |x| x as u8))
        .collect();
    Board::from_vec(puzzle.board.shape(), values).unwrap_or_else(|_| puzzle.board.clone())
}

pub(crate) fn explain(puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Explanation, GradeError> {
    let e = logic(&puzzle.variant, limits)?
        .explain(&puzzle.board)
        .map_err(grade_error)?;
    let steps: Vec<Step> = e
        .steps
        .iter()
        .map(|s| step_of(&puzzle.variant, s))
        .collect();
    let hardest = e.grade.hardest.map(|t| t.name().to_owned());
    Ok(Explanation {
        steps,
        grade: grade_of(&e.grade),
        hardest,
    })
}

pub(crate) fn hint(puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Hint, GradeError> {
    // A hint is for a puzzle with one solution, as in every family (the
    // sudoku crate's own hint takes boards with several too).
    let model = SudokuModel::new(puzzle.variant.clone()).map_err(grade_error)?;
    let options = SudokuSolver::default_options().with_limits(limits.clone());
    match model
        .solver_with(options)
        .uniqueness(&puzzle.board)
        .map_err(grade_error)?
    {
        sudoku::Uniqueness::Unique(_) => {}
        sudoku::Uniqueness::NoSolution => return Err(GradeError::NoSolution),
        sudoku::Uniqueness::Multiple(..) => return Err(GradeError::MultipleSolutions),
        sudoku::Uniqueness::Unknown { reason, .. } => return Err(GradeError::Stopped(reason)),
    }
    match logic(&puzzle.variant, limits)?
        .hint(&puzzle.board)
        .map_err(grade_error)?
    {
        sudoku::Hint::Step(s) => Ok(Hint::Step {
            step: step_of(&puzzle.variant, &s),
            before: Vec::new(),
        }),
        sudoku::Hint::Guess { cell: c, value } => Ok(Hint::guess(
            cell(c),
            Value::from(value),
            format!("is {value}"),
        )),
        sudoku::Hint::Contradiction { .. } => Err(GradeError::NoSolution),
        _ => Ok(Hint::Solved),
    }
}

/// puzz.link's genre: `sudoku`, the givens in Number16.
const GENRE: Genre = Genre {
    name: "sudoku",
    aliases: &[],
};

/// The box shape puzz.link draws on an `n x n` Sudoku: square boxes of
/// side `sqrt(n)` (so `n` must be a square), and 2x3 boxes for `n = 6`.
fn puzzlink_shape(n: usize) -> Option<Shape> {
    if n == 6 {
        return Shape::with_boxes(2, 3).ok();
    }
    let side = (1..=n).find(|k| k * k >= n)?;
    (side * side == n)
        .then(|| Shape::with_boxes(side, side).ok())
        .flatten()
}

impl Sudoku {
    fn read_puzzlink(&self, url: &Url) -> Result<SudokuPuzzle, ParseError> {
        url.no_flags("sudoku")?;
        let n = url.cols;
        if url.rows != n {
            return Err(url.size_error("a Sudoku is square"));
        }
        let Some(shape) = puzzlink_shape(n).filter(|_| n <= sudoku::MAX_SIZE) else {
            return Err(url.size_error(format!(
                "puzz.link draws no boxes of one shape on a Sudoku of side {n} (it takes \
                 4, 6, 9, 16, 25 and other squares, up to {})",
                sudoku::MAX_SIZE
            )));
        };
        if let Some(want) = self.shape.filter(|&s| s != shape) {
            return Err(url.size_error(format!(
                "puzz.link's boxes are {}x{}, not the {}x{} asked for",
                shape.box_rows(),
                shape.box_cols(),
                want.box_rows(),
                want.box_cols()
            )));
        }
        let mut r = url.reader();
        let clues = r.number16(n * n)?;
        r.finish()?;
        let mut values = Vec::with_capacity(n * n);
        for (i, c) in clues.iter().enumerate() {
            // A `?` given (a number not shown) says nothing: a blank.
            let v = c.number().unwrap_or(0);
            if v as usize > n || (v == 0 && c.number().is_some()) {
                return Err(url.error(format!(
                    "r{}c{}: {v} is out of range (1 to {n})",
                    i / n + 1,
                    i % n + 1
                )));
            }
            values.push(v as u8);
        }
        let board = Board::from_vec(shape, values).map_err(parse_error)?;
        let variant = Variant::classic(shape);
        let variant = if self.diagonal {
            variant.with_diagonals()
        } else {
            variant
        };
        Ok(SudokuPuzzle { variant, board })
    }

    fn write_puzzlink(puzzle: &SudokuPuzzle) -> Result<Url, EncodeError> {
        let v = &puzzle.variant;
        if v.has_diagonals() || v.regions().is_some() || !v.cages().is_empty() {
            return Err(EncodeError::new(
                "puzz.link's sudoku has no diagonal, jigsaw or killer rules",
            ));
        }
        let shape = puzzle.board.shape();
        let n = shape.size();
        if puzzlink_shape(n) != Some(shape) {
            return Err(EncodeError::new(format!(
                "puzz.link has no Sudoku of {}x{} boxes",
                shape.box_rows(),
                shape.box_cols()
            )));
        }
        let clues: Vec<Clue> = puzzle
            .board
            .values()
            .iter()
            .map(|&v| match v {
                0 => Clue::Empty,
                v => Clue::Number(u32::from(v)),
            })
            .collect();
        Ok(Url::new(GENRE.name, n, n, encode_number16(&clues)?))
    }
}

/// Whether `text` is in janko.at's layout of a Sudoku (the one the Killer
/// and Jigsaw layouts extend): a first line `N N`, optionally with `x`
/// (X-Sudoku) or a box shape such as `2x3`, then `N` rows of `-` or a value,
/// one token per cell (or run together, `53--7----`).
///
/// ```
/// use gridcsp_puzzles::families::sudoku::is_janko_layout;
/// assert!(is_janko_layout("4 4\n1 - - -\n- - 3 -\n- 4 - -\n- - - 2"));
/// assert!(is_janko_layout("6 6 2x3\n..."));
/// assert!(!is_janko_layout("1 - - -\n- - 3 -\n- 4 - -\n- - - 2"));
/// assert!(!is_janko_layout("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
/// ```
pub fn is_janko_layout(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(super::sudoku_layout::is_plain_header)
}

impl Sudoku {
    /// Reads janko.at's layout (see [`is_janko_layout`]). A box shape in
    /// the header wins over the family's; `x` adds the diagonals.
    fn parse_janko(&self, text: &str) -> Result<SudokuPuzzle, ParseError> {
        use super::sudoku_layout as layout;
        let mut r = crate::text::Reader::new(text);
        let words = layout::Words {
            boxes: true,
            regions: false,
            givens: false,
        };
        let h = layout::header(&mut r, words)?;
        let givens = layout::givens_rows(&mut r, h.n, "givens")?;
        r.end()?;
        let shape = match (h.boxes, self.shape) {
            (None, Some(s)) if s.size() == h.n => s,
            (boxes, _) => layout::shape(h.n, boxes)?,
        };
        let board = Board::from_values(shape, &givens).map_err(parse_error)?;
        let variant = Variant::classic(shape);
        let variant = if self.diagonal || h.x {
            variant.with_diagonals()
        } else {
            variant
        };
        Ok(SudokuPuzzle { variant, board })
    }
}

impl Family for Sudoku {
    type Puzzle = SudokuPuzzle;
    type Solution = Board;

    fn info(&self) -> &FamilyInfo {
        info()
    }

    fn rules(&self) -> &'static [Rule] {
        &RULES
    }

    fn parse(&self, text: &str) -> Result<SudokuPuzzle, ParseError> {
        if text.contains(':') {
            // A Tatham Solo ID of a classic or X puzzle (any box shape).
            let p = super::sudoku_layout::parse_solo(text)?;
            if !p.variant.cages().is_empty() || p.variant.regions().is_some() {
                return Err(ParseError::at(
                    1,
                    1,
                    "a killer or jigsaw ID: read it as killer-sudoku or jigsaw-sudoku",
                ));
            }
            return Ok(p);
        }
        if is_janko_layout(text) {
            return self.parse_janko(text);
        }
        let board = match self.shape {
            Some(s) => Board::parse_with_shape(text, s),
            None => Board::parse(text),
        }
        .map_err(parse_error)?;
        let variant = Variant::classic(board.shape());
        let variant = if self.diagonal {
            variant.with_diagonals()
        } else {
            variant
        };
        Ok(SudokuPuzzle { variant, board })
    }

    fn write(&self, puzzle: &SudokuPuzzle) -> String {
        puzzle.board.to_line()
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<SudokuPuzzle, ParseError> {
        self.read_puzzlink(url)
    }

    fn to_puzzlink(&self, puzzle: &SudokuPuzzle) -> Result<Url, EncodeError> {
        Sudoku::write_puzzlink(puzzle)
    }

    fn write_game_id(&self, puzzle: &SudokuPuzzle) -> Option<String> {
        // Boxes one cell wide or tall have no classic Solo form (Solo
        // would write them as a jigsaw).
        let shape = puzzle.variant.shape();
        let classic = puzzle.variant.cages().is_empty() && puzzle.variant.regions().is_none();
        if !classic || shape.box_rows() < 2 || shape.box_cols() < 2 {
            return None;
        }
        sudoku::solo::write(&puzzle.variant, &puzzle.board)
    }

    fn build(&self, puzzle: &SudokuPuzzle) -> Result<Built, ModelError> {
        build(puzzle)
    }

    fn solve(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Outcome<Self> {
        generic::solve_built(self, puzzle, build_solving(puzzle), limits)
    }

    fn count(&self, puzzle: &SudokuPuzzle, limit: Option<u64>, limits: &Limits) -> Counted {
        generic::count_built(build_solving(puzzle), limit, limits)
    }

    fn uniqueness(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> UniqueOutcome<Self> {
        generic::uniqueness_built(self, puzzle, build_solving(puzzle), limits)
    }

    fn decode(&self, puzzle: &SudokuPuzzle, built: &Built, s: &csp_core::Solution) -> Board {
        decode(puzzle, built, s)
    }

    fn write_solution(&self, _: &SudokuPuzzle, solution: &Board) -> String {
        solution.to_line()
    }

    fn parse_solution(&self, puzzle: &SudokuPuzzle, text: &str) -> Result<Board, ParseError> {
        if is_janko_layout(text) {
            return super::sudoku_layout::parse_solution(puzzle, text);
        }
        Board::parse_with_shape(text, puzzle.board.shape()).map_err(parse_error)
    }

    fn check(&self, puzzle: &SudokuPuzzle, solution: &Board) -> Vec<Violation> {
        check_board(puzzle, solution)
    }

    fn check_entries(
        &self,
        puzzle: &SudokuPuzzle,
        entries: &[(Cell, Value)],
    ) -> Result<Vec<Violation>, ModelError> {
        check_entries(self, puzzle, entries)
    }

    fn check_givens(&self, puzzle: &SudokuPuzzle) -> Vec<Violation> {
        clashes(&puzzle.variant, &puzzle.board)
    }

    fn value_at(&self, solution: &Board, c: Cell) -> Option<Value> {
        solution.get(c.row, c.col).map(Value::from)
    }

    fn render(
        &self,
        puzzle: &SudokuPuzzle,
        solution: Option<&Board>,
        options: &RenderOptions,
    ) -> String {
        // Pencil marks as players write them: the values no filled peer
        // rules out.
        let n = puzzle.variant.size();
        let candidates = options.candidates.then(|| {
            (0..n * n)
                .map(|i| {
                    let values = puzzle.variant.candidates(&puzzle.board, i / n, i % n);
                    Some(values.into_iter().map(Value::from).collect())
                })
                .collect()
        });
        render(puzzle, solution, candidates, options)
    }

    fn grade(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Grade, GradeError> {
        grade(puzzle, limits)
    }

    fn explain(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Explanation, GradeError> {
        explain(puzzle, limits)
    }

    fn hint(&self, puzzle: &SudokuPuzzle, limits: &Limits) -> Result<Hint, GradeError> {
        hint(puzzle, limits)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<SudokuPuzzle, Board>, GenerateError> {
        let shape = match self.shape {
            Some(s) => s,
            None => {
                Shape::new(options.rows).map_err(|e| GenerateError::BadOptions(e.to_string()))?
            }
        };
        let level = *Difficulty::ALL.get(options.level).ok_or_else(|| {
            GenerateError::BadOptions(format!("no level {} for sudoku", options.level))
        })?;
        let variant = Variant::classic(shape);
        let variant = if self.diagonal {
            variant.with_diagonals()
        } else {
            variant
        };
        let mut generator = sudoku::Generator::new(variant.clone(), options.seed)
            .map_err(|e| GenerateError::BadOptions(e.to_string()))?;
        // 0: the sudoku crate's own budget for the board size.
        if options.max_attempts > 0 {
            generator = generator.with_max_attempts(options.max_attempts);
        }
        // The sudoku crate's generator has no clock of its own: only
        // before it starts (it takes milliseconds).
        options.check()?;
        let made = generator
            .generate(level)
            .map_err(|e| GenerateError::BadOptions(e.to_string()))?;
        let grade = made.grade.as_ref().map_or(
            Grade {
                rank: options.level,
                level: level.name(),
                technique: None,
                decisions: 0,
            },
            grade_of,
        );
        Ok(Generated {
            puzzle: SudokuPuzzle {
                variant,
                board: made.puzzle,
            },
            solution: made.solution,
            grade,
            attempts: 1,
        })
    }
}

/// Draws any Sudoku variant: boxes or jigsaw regions as thick borders,
/// cages dashed with their sums, the diagonals of X-Sudoku shaded faintly.
pub(crate) fn render(
    puzzle: &SudokuPuzzle,
    solution: Option<&Board>,
    candidates: Option<Vec<Option<Vec<Value>>>>,
    options: &RenderOptions,
) -> String {
    let n = puzzle.variant.size();
    let mut c = Canvas::new(n, n, &format!("Sudoku {n}x{n}"));
    let mut region = vec![usize::MAX; n * n];
    for g in puzzle.variant.groups() {
        if let GroupKind::Box(k) | GroupKind::Region(k) = g.kind() {
            for cell in g.cells() {
                region[cell.row * n + cell.col] = k;
            }
        }
    }
    if puzzle.variant.has_diagonals() {
        for i in 0..n {
            c.fill(i, i, "#eef2f8");
            c.fill(i, n - 1 - i, "#eef2f8");
        }
    }
    c.highlights(options);
    c.grid_lines();
    for cage in puzzle.variant.cages() {
        let cells: Vec<Cell> = cage.cells().iter().map(|&x| cell(x)).collect();
        c.cage(&cells, &cage.sum().to_string());
    }
    c.region_borders(|r, col| region[r * n + col]);
    for r in 0..n {
        for col in 0..n {
            if let Some(v) = puzzle.board.get(r, col) {
                c.text(r, col, &sudoku::symbol(v).to_string(), Ink::Given);
            } else if let Some(v) = solution.and_then(|s| s.get(r, col)) {
                c.text(r, col, &sudoku::symbol(v).to_string(), Ink::Filled);
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(r * n + col))
            {
                c.candidates(r, col, values, n as Value);
            }
        }
    }
    c.finish(options.cell_size)
}
