//! The text layouts shared by Killer Sudoku and Jigsaw Sudoku: the header
//! line `N N` and its words, rows of givens, rows of labels (cages,
//! regions), the solution grid, Tatham's Solo IDs, and the words for the
//! sudoku model's constraints.

use super::grid_text;
use super::sudoku::SudokuPuzzle;
use crate::family::{Built, Cell, ParseError};
use crate::text::{Reader, Token};
use csp_core::ConstraintId;
use sudoku::{Board, Shape, SudokuModel, Variant};

/// The largest grid of the text layouts (values `1`-`9`, then `A`-`Z`).
pub(crate) const MAX_SIZE: usize = sudoku::MAX_SIZE;

/// What a header line says: the size and the words after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Header {
    /// The grid is `n x n`.
    pub(crate) n: usize,
    /// `x`: both diagonals hold every value.
    pub(crate) x: bool,
    /// `RxC`: boxes of `R` rows and `C` columns (default: the sudoku
    /// crate's, as square as possible).
    pub(crate) boxes: Option<(usize, usize)>,
    /// `regions`: N rows of region numbers follow (killer only).
    pub(crate) regions: bool,
    /// `givens`: N rows of givens follow (killer only).
    pub(crate) givens: bool,
}

/// Which header words a family accepts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words {
    pub(crate) boxes: bool,
    pub(crate) regions: bool,
    pub(crate) givens: bool,
}

/// Reads the header line `N N` (or `N`) and its words.
pub(crate) fn header(r: &mut Reader<'_>, words: Words) -> Result<Header, ParseError> {
    let line = r.line_no();
    let h = grid_text::header(r, MAX_SIZE)?;
    if h.rows != h.cols {
        return Err(ParseError::at_line(
            line,
            format!("the grid must be square, not {}x{}", h.rows, h.cols),
        ));
    }
    let mut out = Header {
        n: h.rows,
        ..Header::default()
    };
    for t in &h.extra {
        match t.text {
            "x" | "X" => out.x = true,
            "regions" if words.regions => out.regions = true,
            "givens" if words.givens => out.givens = true,
            w if words.boxes && box_word(w).is_some() => {
                let (br, bc) = box_word(w).unwrap_or((0, 0));
                if br * bc != out.n {
                    return Err(t.error(format!(
                        "boxes of {br}x{bc} do not tile a grid of {}",
                        out.n
                    )));
                }
                out.boxes = Some((br, bc));
            }
            w => {
                let mut known = vec!["'x'"];
                if words.boxes {
                    known.push("a box shape such as '2x3'");
                }
                if words.regions {
                    known.push("'regions'");
                }
                if words.givens {
                    known.push("'givens'");
                }
                return Err(t.error(format!(
                    "unexpected '{w}' after the grid size (expected {})",
                    known.join(", ")
                )));
            }
        }
    }
    if out.boxes.is_some() && out.regions {
        return Err(ParseError::at_line(
            line,
            "a box shape and 'regions' exclude each other",
        ));
    }
    Ok(out)
}

fn box_word(w: &str) -> Option<(usize, usize)> {
    let (a, b) = w.split_once(['x', 'X'])?;
    Some((
        a.parse().ok().filter(|&v| v > 0)?,
        b.parse().ok().filter(|&v| v > 0)?,
    ))
}

/// Whether `line` is the header of a plain Sudoku in janko.at's layout:
/// two equal sizes `N N` (at most [`MAX_SIZE`]), then only the words a
/// plain Sudoku's header may have (`x`, a box shape `RxC`). No row of a
/// grid is one: a row whose first two values are equal breaks the rules,
/// and a grid row holds `-` or more values than two.
pub(crate) fn is_plain_header(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let size = |w: Option<&str>| w.and_then(|w| w.parse::<usize>().ok());
    match (size(words.next()), size(words.next())) {
        (Some(a), Some(b)) if a == b && (2..=MAX_SIZE).contains(&a) => {
            words.all(|w| matches!(w, "x" | "X") || box_word(w).is_some())
        }
        _ => false,
    }
}

/// The number of lines after a header line, for record shapes.
pub(crate) fn lines_after(header: &str, base: usize) -> Option<usize> {
    let (n, cols) = grid_text::header_size(header, true)?;
    if n != cols || n > MAX_SIZE {
        return None;
    }
    let words = header.split_whitespace();
    let extra = words.filter(|w| *w == "regions" || *w == "givens").count();
    Some(n * (base + extra))
}

/// Reads one row of `n` number-or-`-` tokens, each in `lo..=hi`.
pub(crate) fn number_row<'a>(
    r: &mut Reader<'a>,
    n: usize,
    what: &str,
    lo: i64,
    hi: i64,
) -> Result<Vec<(Option<u32>, Token<'a>)>, ParseError> {
    r.row(n, what)?
        .into_iter()
        .map(|t| {
            if t.is_empty_cell() {
                Ok((None, t))
            } else {
                let v = t.number(what, lo, hi)?;
                Ok((Some(v as u32), t))
            }
        })
        .collect()
}

/// Reads `n` rows of givens (`-` or a value symbol); run-together rows
/// (`53--7----`) are accepted too. `solution`: the rows of a solution.
pub(crate) fn givens_rows(r: &mut Reader<'_>, n: usize, what: &str) -> Result<Vec<u8>, ParseError> {
    let mut values = Vec::with_capacity(n * n);
    for row in 0..n {
        for t in grid_text::cells(r, n, &format!("{what} row {}", row + 1))? {
            let v = match t.text {
                "-" | "." => 0,
                s => {
                    let mut chars = s.chars();
                    let v = match (chars.next(), chars.next()) {
                        (Some(ch), None) => sudoku::symbol_value(ch).filter(|&v| v > 0),
                        // janko.at writes the values past 9 as numbers
                        // (`10`..`16` on a 16x16 grid).
                        _ if s.bytes().all(|b| b.is_ascii_digit()) => {
                            s.parse::<u8>().ok().filter(|&v| v > 0)
                        }
                        _ => None,
                    };
                    match v {
                        Some(v) if usize::from(v) <= n => v,
                        _ => {
                            return Err(t.error(format!(
                                "expected '-' or a value 1 to {} ({}), found '{s}'",
                                n,
                                if n > 9 {
                                    "1-9 then A-Z, or a number"
                                } else {
                                    "a digit"
                                }
                            )));
                        }
                    }
                }
            };
            values.push(v);
        }
    }
    Ok(values)
}

/// Reads `n` rows of labels (numbers, each cell its own token) and gives
/// them back with their tokens; `-` (no label) only if `blank_ok`.
pub(crate) fn label_rows<'a>(
    r: &mut Reader<'a>,
    n: usize,
    what: &str,
    blank_ok: bool,
) -> Result<Vec<(Option<u32>, Token<'a>)>, ParseError> {
    let mut out = Vec::with_capacity(n * n);
    for row in 0..n {
        let name = format!("{what} row {}", row + 1);
        for (v, t) in number_row(r, n, &name, 1, i64::from(u32::MAX))? {
            if v.is_none() && !blank_ok {
                return Err(t.error(format!("every cell needs a {what} number")));
            }
            out.push((v, t));
        }
    }
    Ok(out)
}

/// Labels renumbered by first appearance in reading order (from 0).
pub(crate) fn dense(labels: &[Option<u32>]) -> Vec<Option<usize>> {
    let mut order: Vec<u32> = Vec::new();
    labels
        .iter()
        .map(|l| {
            l.map(|l| match order.iter().position(|&o| o == l) {
                Some(k) => k,
                None => {
                    order.push(l);
                    order.len() - 1
                }
            })
        })
        .collect()
}

/// Writes `n x n` tokens as rows, each column padded to the widest token.
pub(crate) fn write_rows(out: &mut String, n: usize, tokens: &[String]) {
    let width = tokens.iter().map(String::len).max().unwrap_or(1);
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| format!("{:>width$}", tokens[r * n + c]))
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
}

/// The tokens of a board: `-` or the value's symbol.
pub(crate) fn board_tokens(board: &Board) -> Vec<String> {
    board
        .values()
        .iter()
        .map(|&v| {
            if v == 0 {
                "-".to_owned()
            } else {
                sudoku::symbol(v).to_string()
            }
        })
        .collect()
}

/// The region tokens of a variant with regions (numbered from 1), or of
/// its boxes.
pub(crate) fn region_tokens(variant: &Variant) -> Vec<String> {
    let n = variant.size();
    (0..n * n)
        .map(|i| match variant.regions() {
            Some(r) => (r[i] + 1).to_string(),
            None => (variant.shape().box_of(i / n, i % n) + 1).to_string(),
        })
        .collect()
}

/// Writes a solution: `N N`, then the grid.
pub(crate) fn write_solution(solution: &Board) -> String {
    let n = solution.size();
    let mut out = format!("{n} {n}\n");
    write_rows(&mut out, n, &board_tokens(solution));
    out
}

/// Reads a solution as [`write_solution`] writes it.
pub(crate) fn parse_solution(puzzle: &SudokuPuzzle, text: &str) -> Result<Board, ParseError> {
    let n = puzzle.variant.size();
    let mut r = Reader::new(text);
    grid_text::solution_header(&mut r, n, n, &format!("{n} {n}"), MAX_SIZE)?;
    let values = givens_rows(&mut r, n, "solution")?;
    r.end()?;
    Board::from_values(puzzle.variant.shape(), &values).map_err(|e| ParseError::new(e.to_string()))
}

/// The default box shape of an `n x n` grid, or the one asked for.
pub(crate) fn shape(n: usize, boxes: Option<(usize, usize)>) -> Result<Shape, ParseError> {
    match boxes {
        Some((r, c)) => Shape::with_boxes(r, c),
        None => Shape::new(n),
    }
    .map_err(|e| ParseError::at_line(1, e.to_string()))
}

/// Reads a Solo game ID on the record's first non-empty line.
pub(crate) fn parse_solo(text: &str) -> Result<SudokuPuzzle, ParseError> {
    let row = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let line = text.lines().nth(row).unwrap_or("");
    sudoku::solo::parse(line)
        .map(|(variant, board)| SudokuPuzzle { variant, board })
        .map_err(|e| ParseError::at(row + 1, e.column, e.message))
}

/// A constraint of the sudoku crate's model in words ("row 4", "cage 2",
/// "box 1 (innies)").
pub(crate) fn describe_constraint(puzzle: &SudokuPuzzle, built: &Built, c: ConstraintId) -> String {
    match SudokuModel::new(puzzle.variant.clone()) {
        Ok(m) if m.model().num_constraints() == built.model.num_constraints() => m.describe(c),
        _ => c.to_string(),
    }
}

/// The cell of the family crate for a cell of the sudoku crate.
pub(crate) fn cell(c: sudoku::Cell) -> Cell {
    Cell::new(c.row, c.col)
}
