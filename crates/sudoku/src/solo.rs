//! Simon Tatham's Solo game IDs: every Solo variant (classic of any box
//! shape, X, jigsaw, killer, and their combinations) read and written.
//!
//! # Background
//!
//! Solo (in Tatham's Portable Puzzle Collection) names a puzzle by a game
//! ID `PARAMS:DESCRIPTION`. The parameters are the box shape `CxR` (`3x3`
//! is the classic grid: boxes `C` rows tall and `R` columns wide, a grid of
//! `C * R` values) or `Nj` for a jigsaw of size `N`, then the flags `x`
//! (both diagonals hold every value) and `k` (killer cages); a full ID may
//! also carry the symmetry (`a`, `r2`, `r4`, `m2`, `md2`, `m4`, `md4`,
//! `m8`) and the difficulty (`d` and one of `t b i a e u`), which only the
//! generator uses and which are read and dropped here.
//!
//! The description is made of comma-separated parts:
//!
//! 1. the givens, row by row: a decimal number is a given, a letter `a`-`z`
//!    is a run of 1-26 blank cells, and `_` separates two numbers;
//! 2. for a jigsaw, the regions, as the pattern of dividing lines between
//!    cells: first the `N (N - 1)` lines between horizontally adjacent
//!    cells in reading order, then the `N (N - 1)` lines between
//!    vertically adjacent ones column by column, plus one virtual line at
//!    the end. Each letter `a`-`y` is a count (1-25) of non-lines followed
//!    by a line, `_` a line right after the previous one, and `z` 26
//!    non-lines with no line after them; cells not separated by a line are
//!    in one region;
//! 3. for a killer, the cages in the same line-pattern form (a cage has 2
//!    to `N` cells), then
//! 4. the cage sums, in the givens' form, each on one cell of its cage
//!    (the first in reading order when Solo writes it).
//!
//! # Practical
//!
//! [`parse()`] gives the rules ([`Variant`]) and the givens ([`Board`]);
//! [`write()`] gives the ID back (`None` for puzzles Solo cannot express:
//! regions or cages that are not connected, a killer cell outside every
//! cage or a one-cell cage, sizes Solo refuses). `write(parse(id))` is the
//! ID without its symmetry and difficulty. A non-jigsaw grid whose boxes
//! are one cell wide or tall has no `CxR` form Solo accepts; it is written
//! as a jigsaw whose regions are the boxes. Errors name the 1-based column
//! of the ID where the problem is.
//!
//! One departure: for a run of 26 or more non-lines, Solo's own encoder
//! writes `z` as 25 of them while its decoder reads `z` as 26 (the runs
//! never get that long in the puzzles it generates); [`write()`] follows the
//! decoder, so its IDs always read back as written.
//!
//! # References
//!
//! Simon Tatham, *Solo*, in Simon Tatham's Portable Puzzle Collection
//! (`solo.c`: `decode_params`, `validate_desc`, `spec_to_dsf`),
//! <https://www.chiark.greenend.org.uk/~sgtatham/puzzles/>.

use crate::board::{Board, Cell, Shape};
use crate::rules::{Cage, Variant};
use std::fmt;

/// The largest grid Solo supports (31 values).
pub const MAX_SOLO_SIZE: usize = 31;
/// The largest killer grid Solo supports.
pub const MAX_SOLO_KILLER_SIZE: usize = 9;

/// A text that is not a Solo game ID: what is wrong and the column (from
/// 1, in characters of the trimmed ID) where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct SoloError {
    /// The column of the ID (from 1) at which the problem is.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// What the parameters part of an ID asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Params {
    /// Solo's `c`: rows of a box (the size for a jigsaw).
    c: usize,
    /// Solo's `r`: columns of a box (1 for a jigsaw).
    r: usize,
    x: bool,
    killer: bool,
}

impl Params {
    fn size(self) -> usize {
        self.c * self.r
    }
}

struct Cursor {
    chars: Vec<char>,
    pos: usize,
}

impl Cursor {
    fn new(text: &str) -> Cursor {
        Cursor {
            chars: text.chars().collect(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn error_at(&self, pos: usize, message: impl Into<String>) -> SoloError {
        SoloError {
            column: pos + 1,
            message: message.into(),
        }
    }

    fn error(&self, message: impl Into<String>) -> SoloError {
        self.error_at(self.pos, message)
    }

    /// A decimal number (its digits are all taken); `None` if no digit is next.
    fn number(&mut self) -> Option<Result<usize, SoloError>> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        Some(
            digits
                .parse::<usize>()
                .map_err(|_| self.error_at(start, format!("the number {digits} is too large"))),
        )
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the ID".to_owned(),
        }
    }
}

fn parse_params(c: &mut Cursor) -> Result<Params, SoloError> {
    let first = match c.number() {
        Some(n) => n?,
        None => return Err(c.error(format!("expected the box size, found {}", c.found()))),
    };
    let (mut rows, mut cols, mut seen_r) = (first, first, false);
    if c.eat('x') {
        cols = match c.number() {
            Some(n) => n?,
            None => {
                return Err(c.error(format!(
                    "expected the box width after 'x', found {}",
                    c.found()
                )));
            }
        };
        seen_r = true;
    }
    let (mut x, mut killer) = (false, false);
    while let Some(ch) = c.peek() {
        if ch == ':' {
            break;
        }
        let at = c.pos;
        c.bump();
        match ch {
            'j' => {
                if seen_r {
                    rows = rows.saturating_mul(cols);
                }
                cols = 1;
            }
            'x' => x = true,
            'k' => killer = true,
            'a' => {}
            'r' | 'm' => {
                if ch == 'm' {
                    c.eat('d');
                }
                if let Some(n) = c.number() {
                    n?;
                }
            }
            'd' => match c.bump() {
                Some('t' | 'b' | 'i' | 'a' | 'e' | 'u') => {}
                _ => {
                    return Err(c.error_at(
                        at + 1,
                        "expected a difficulty letter (t, b, i, a, e, u) after 'd'",
                    ));
                }
            },
            _ => return Err(c.error_at(at, format!("unexpected '{ch}' in the game parameters"))),
        }
    }
    let p = Params {
        c: rows,
        r: cols,
        x,
        killer,
    };
    let bad = |m: &str| SoloError {
        column: 1,
        message: m.to_owned(),
    };
    if p.c < 2 || p.r < 1 {
        return Err(bad("both dimensions must be at least 2"));
    }
    if p.c.saturating_mul(p.r) > MAX_SOLO_SIZE {
        return Err(bad("Solo supports at most 31 distinct values"));
    }
    if p.killer && p.size() > MAX_SOLO_KILLER_SIZE {
        return Err(bad("a killer grid is at most 9 wide"));
    }
    if p.x && p.size() < 4 {
        return Err(bad("an X grid is at least 4 wide"));
    }
    Ok(p)
}

/// Reads a grid part (givens or cage sums): numbers in `1..=max`, runs of
/// blanks, `_` separators, up to a `,` or the end.
fn parse_grid(c: &mut Cursor, area: usize, max: usize, what: &str) -> Result<Vec<u32>, SoloError> {
    let mut out = Vec::with_capacity(area);
    while let Some(ch) = c.peek() {
        if ch == ',' {
            break;
        }
        let at = c.pos;
        match ch {
            'a'..='z' => {
                c.bump();
                let run = ch as usize - 'a' as usize + 1;
                if out.len() + run > area {
                    return Err(
                        c.error_at(at, format!("too much data to fit in the grid ({what})"))
                    );
                }
                out.resize(out.len() + run, 0);
            }
            '_' => {
                c.bump();
            }
            '1'..='9' => {
                let v = c.number().unwrap_or(Ok(0))?;
                if v > max {
                    return Err(c.error_at(
                        at,
                        format!("{v} is out of range (1 to {max}) in the {what}"),
                    ));
                }
                if out.len() == area {
                    return Err(
                        c.error_at(at, format!("too much data to fit in the grid ({what})"))
                    );
                }
                out.push(v as u32);
            }
            _ => {
                return Err(c.error(format!(
                    "expected a number, a run letter a-z or '_' in the {what}, found '{ch}'"
                )));
            }
        }
    }
    if out.len() < area {
        return Err(c.error(format!(
            "the {what} cover {} of the {area} cells",
            out.len()
        )));
    }
    Ok(out)
}

/// The two cells on either side of dividing line `i` (see the module docs).
fn line_cells(i: usize, n: usize) -> (usize, usize) {
    let half = n * (n - 1);
    if i < half {
        let (y, x) = (i / (n - 1), i % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let (x, y) = (i / (n - 1) - n, i % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Reads a line pattern and gives each cell's block, numbered by first
/// appearance in reading order.
fn parse_blocks(c: &mut Cursor, n: usize) -> Result<Vec<usize>, SoloError> {
    let area = n * n;
    let lines = 2 * n * (n - 1);
    let mut parent: Vec<usize> = (0..area).collect();
    let mut pos = 0;
    while let Some(ch) = c.peek() {
        if ch == ',' {
            break;
        }
        let merges = match ch {
            '_' => 0,
            'a'..='z' => ch as usize - 'a' as usize + 1,
            _ => {
                return Err(c.error(format!(
                    "expected a run letter a-z or '_' in the block structure, found '{ch}'"
                )));
            }
        };
        for _ in 0..merges {
            if pos >= lines {
                return Err(c.error("too much data in the block structure"));
            }
            let (p0, p1) = line_cells(pos, n);
            let (a, b) = (find(&mut parent, p0), find(&mut parent, p1));
            parent[a.max(b)] = a.min(b);
            pos += 1;
        }
        if merges != 26 {
            pos += 1;
        }
        c.bump();
    }
    if pos != lines + 1 {
        return Err(c.error("not enough data in the block structure"));
    }
    let mut label = vec![usize::MAX; area];
    let mut out = Vec::with_capacity(area);
    let mut next = 0;
    for i in 0..area {
        let root = find(&mut parent, i);
        if label[root] == usize::MAX {
            label[root] = next;
            next += 1;
        }
        out.push(label[root]);
    }
    Ok(out)
}

fn expect_comma(c: &mut Cursor, what: &str) -> Result<(), SoloError> {
    if c.eat(',') {
        Ok(())
    } else {
        Err(c.error(format!("expected ',' and the {what}, found {}", c.found())))
    }
}

fn block_sizes(labels: &[usize]) -> Vec<usize> {
    let mut sizes = Vec::new();
    for &l in labels {
        if l >= sizes.len() {
            sizes.resize(l + 1, 0);
        }
        sizes[l] += 1;
    }
    sizes
}

/// Reads a Solo game ID (`3x3:...`, `9jx:...`, `3x3k:...`): the rules and
/// the givens.
///
/// ```
/// let (rules, givens) = sudoku::solo::parse("2x2:b2c1b4c2b").unwrap();
/// assert_eq!(rules.size(), 4);
/// assert_eq!(givens.filled(), 4);
/// assert_eq!(sudoku::solo::write(&rules, &givens).as_deref(), Some("2x2:b2c1b4c2b"));
/// ```
pub fn parse(id: &str) -> Result<(Variant, Board), SoloError> {
    let lead = id.chars().count() - id.trim_start().chars().count();
    parse_trimmed(id.trim()).map_err(|mut e| {
        e.column += lead;
        e
    })
}

fn parse_trimmed(id: &str) -> Result<(Variant, Board), SoloError> {
    let mut c = Cursor::new(id);
    let p = parse_params(&mut c)?;
    if !c.eat(':') {
        return Err(c.error(format!(
            "expected ':' after the game parameters, found {}",
            c.found()
        )));
    }
    let n = p.size();
    let area = n * n;
    let givens = parse_grid(&mut c, area, n, "givens")?;
    let shape_error = |e: &dyn fmt::Display| SoloError {
        column: 1,
        message: e.to_string(),
    };
    let jigsaw = p.r == 1;
    let shape = if jigsaw {
        Shape::new(n)
    } else {
        Shape::with_boxes(p.c, p.r)
    }
    .map_err(|e| shape_error(&e))?;
    let mut variant = Variant::classic(shape);
    if jigsaw {
        expect_comma(&mut c, "jigsaw block structure")?;
        let start = c.pos;
        let labels = parse_blocks(&mut c, n)?;
        let sizes = block_sizes(&labels);
        if sizes.len() != n || sizes.iter().any(|&s| s != n) {
            return Err(c.error_at(
                start,
                format!("the jigsaw blocks must be {n} blocks of {n} cells, found sizes {sizes:?}"),
            ));
        }
        variant = variant
            .with_regions(&labels)
            .map_err(|e| c.error_at(start, e.to_string()))?;
    }
    if p.x {
        variant = variant.with_diagonals();
    }
    if p.killer {
        expect_comma(&mut c, "killer block structure")?;
        let start = c.pos;
        let labels = parse_blocks(&mut c, n)?;
        let sizes = block_sizes(&labels);
        if let Some(k) = sizes.iter().position(|&s| s < 2 || s > n) {
            return Err(c.error_at(
                start,
                format!(
                    "a killer cage has 2 to {n} cells; cage {} has {}",
                    k + 1,
                    sizes[k]
                ),
            ));
        }
        expect_comma(&mut c, "killer clue grid")?;
        let sums_at = c.pos;
        let sums = parse_grid(&mut c, area, n * area, "cage sums")?;
        let mut cage_sum: Vec<Option<u32>> = vec![None; sizes.len()];
        for (i, &s) in sums.iter().enumerate() {
            if s > 0 {
                if cage_sum[labels[i]].is_some() {
                    return Err(c.error_at(
                        sums_at,
                        format!("the cage of {} has two sums", Cell::new(i / n, i % n)),
                    ));
                }
                cage_sum[labels[i]] = Some(s);
            }
        }
        let mut cages = Vec::with_capacity(sizes.len());
        for (k, sum) in cage_sum.iter().enumerate() {
            let cells: Vec<Cell> = (0..area)
                .filter(|&i| labels[i] == k)
                .map(|i| Cell::new(i / n, i % n))
                .collect();
            let Some(sum) = *sum else {
                return Err(c.error_at(sums_at, format!("the cage of {} has no sum", cells[0])));
            };
            cages.push(Cage::new(cells, sum));
        }
        variant = variant
            .with_cages(cages)
            .map_err(|e| c.error_at(start, e.to_string()))?;
    }
    if c.peek().is_some() {
        return Err(c.error("unexpected data at the end of the game description"));
    }
    let values: Vec<u8> = givens.iter().map(|&v| v as u8).collect();
    let board = Board::from_values(shape, &values).map_err(|e| shape_error(&e))?;
    Ok((variant, board))
}

fn write_grid(out: &mut String, values: impl Iterator<Item = u32>) {
    let start = out.len();
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(26);
            out.push(char::from(b'a' + (k - 1) as u8));
            *run -= k;
        }
    };
    for v in values {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            flush(out, &mut run);
        } else if out.len() > start {
            out.push('_');
        }
        out.push_str(&v.to_string());
    }
    flush(out, &mut run);
}

/// Whether every block of `labels` is connected (orthogonally).
fn connected(labels: &[usize], n: usize) -> bool {
    let mut parent: Vec<usize> = (0..n * n).collect();
    for i in 0..2 * n * (n - 1) {
        let (p0, p1) = line_cells(i, n);
        if labels[p0] == labels[p1] {
            let (a, b) = (find(&mut parent, p0), find(&mut parent, p1));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut root_of: Vec<Option<usize>> = vec![None; n * n];
    (0..n * n).all(|i| {
        let r = find(&mut parent, i);
        match root_of[labels[i]] {
            Some(x) => x == r,
            None => {
                root_of[labels[i]] = Some(r);
                true
            }
        }
    })
}

fn write_blocks(out: &mut String, labels: &[usize], n: usize) {
    let lines = 2 * n * (n - 1);
    let mut run = 0usize;
    for i in 0..=lines {
        let edge = i == lines || {
            let (p0, p1) = line_cells(i, n);
            labels[p0] != labels[p1]
        };
        if edge {
            while run >= 26 {
                out.push('z');
                run -= 26;
            }
            if run > 0 {
                out.push(char::from(b'a' + (run - 1) as u8));
            } else {
                out.push('_');
            }
            run = 0;
        } else {
            run += 1;
        }
    }
}

/// Writes the Solo game ID of a puzzle (short parameters: no symmetry or
/// difficulty), or `None` if Solo cannot express it (see the module docs).
pub fn write(variant: &Variant, board: &Board) -> Option<String> {
    let n = variant.size();
    if board.size() != n || !(2..=MAX_SOLO_SIZE).contains(&n) {
        return None;
    }
    let shape = variant.shape();
    let killer = !variant.cages().is_empty();
    if (killer && n > MAX_SOLO_KILLER_SIZE) || (variant.has_diagonals() && n < 4) {
        return None;
    }
    let regions: Option<Vec<usize>> = match variant.regions() {
        Some(r) => Some(r.to_vec()),
        None if shape.box_rows() < 2 || shape.box_cols() < 2 => {
            Some((0..n * n).map(|i| shape.box_of(i / n, i % n)).collect())
        }
        None => None,
    };
    let mut out = match &regions {
        Some(_) => format!("{n}j"),
        None => format!("{}x{}", shape.box_rows(), shape.box_cols()),
    };
    if variant.has_diagonals() {
        out.push('x');
    }
    if killer {
        out.push('k');
    }
    out.push(':');
    write_grid(&mut out, board.values().iter().map(|&v| u32::from(v)));
    if let Some(labels) = &regions {
        if !connected(labels, n) {
            return None;
        }
        out.push(',');
        write_blocks(&mut out, labels, n);
    }
    if killer {
        let mut labels = vec![usize::MAX; n * n];
        let mut sums = vec![0u32; n * n];
        for (k, cage) in variant.cages().iter().enumerate() {
            if cage.cells().len() < 2 {
                return None;
            }
            for c in cage.cells() {
                labels[c.row * n + c.col] = k;
            }
            let first = cage.cells().iter().map(|c| c.row * n + c.col).min()?;
            sums[first] = cage.sum();
        }
        if labels.contains(&usize::MAX)
            || sums.iter().any(|&s| s as usize > n * n * n)
            || !connected(&labels, n)
        {
            return None;
        }
        out.push(',');
        write_blocks(&mut out, &labels, n);
        out.push(',');
        write_grid(&mut out, sums.into_iter());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // IDs printed by Tatham's Solo generator (`solo --generate`).
    const IDS: &[&str] = &[
        "3x3:a4c6_9a8c9_3b4_1_9a6b4i4a9a5_9c7_3a7a2i6b3a4_8_6b1_5c5a4_2c8a",
        "2x3:b3_6a2b5b1_5j4_6b2b1a2_4b",
        "3x2:d1d5b1_5_6f6_3_1b3d2d",
        "3x3x:1c4e5_8c4_9i6_5b4_7_3_6_8a7g4a8_4_6_5_9b3_6i1_3c7_6e3c8",
        "2x3k:zj,a__a__a____a______a__a_abaaaaa_aaa__baa_,6a4_12_7a12_7c13b10_5c4b10_9_7a9d11d",
        "6j:b2a1_6a3g5d3g5a6_1a4b,abc_a_aab_aadaabb__a____abae",
        "9jx:f7b4a6f7g6_1b5c8c9_8a3_2c1c4b9_5g3f4a5b3f,eda_caa_c_a_c_a_abaaabbbbacbbccb_c_a__ada__cbd_ebabde_",
    ];

    #[test]
    fn generated_ids_read_back_as_written() {
        for id in IDS {
            let (v, b) = parse(id).unwrap();
            assert_eq!(write(&v, &b).as_deref(), Some(*id));
            let solved = v.solve(&b).unwrap().into_board();
            assert!(solved.is_some_and(|s| v.is_solution_of(&s, &b)), "{id}");
        }
    }

    #[test]
    fn boxes_are_c_rows_tall_and_r_columns_wide() {
        let (v, _) = parse("3x2:d1d5b1_5_6f6_3_1b3d2d").unwrap();
        assert_eq!((v.shape().box_rows(), v.shape().box_cols()), (3, 2));
        // Only that reading gives the puzzle one solution.
        let (v, b) = parse(IDS[2]).unwrap();
        assert!(v.uniqueness(&b).unwrap().is_unique());
    }

    #[test]
    fn parameters_and_flags() {
        // `CxRj` is the jigsaw of size C * R; symmetry and difficulty are
        // read and dropped.
        let id = IDS[6];
        let long = id.replacen("9jx", "3x3jxmd4du", 1);
        assert_eq!(parse(&long).unwrap(), parse(id).unwrap());
        let (v, b) = parse("3x3r4m2amd4m8dt:zzzc").unwrap();
        assert!(v.is_classic() && b.filled() == 0);
        assert_eq!(write(&v, &b).as_deref(), Some("3x3:zzzc"));
        assert!(parse("3x3de:zzzc").is_ok());
        assert_eq!(parse("3x3dq:zzzc").unwrap_err().column, 5);
        assert_eq!(parse("3x:zzzc").unwrap_err().column, 3);
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse("3x3:a4Q").unwrap_err();
        assert_eq!(e.column, 7);
        let e = parse("3x3q:a").unwrap_err();
        assert_eq!(e.column, 4);
        let e = parse("2x2:b5").unwrap_err();
        assert_eq!(e.column, 6);
        let e = parse("2x2:a").unwrap_err();
        assert!(e.message.contains("1 of the 16"), "{e}");
        let e = parse("2x2:zz").unwrap_err();
        assert_eq!(e.column, 5);
        let e = parse("4j:p").unwrap_err();
        assert!(e.message.contains("jigsaw block structure"), "{e}");
        let e = parse("4j:p,_").unwrap_err();
        assert!(e.message.contains("not enough"), "{e}");
        let e = parse("1:a").unwrap_err();
        assert_eq!(e.column, 1);
        assert!(parse("10x10:a").is_err());
        assert!(parse("4x3k:a").is_err());
        assert!(parse("3x3:").is_err());
        assert!(parse("").is_err());
        assert!(parse(":").is_err());
        let e = parse("  2x2:b5").unwrap_err();
        assert_eq!(e.column, 8);
    }

    #[test]
    fn jigsaw_and_killer_structures_are_checked() {
        // 4j with every line present: 16 one-cell blocks.
        let all_lines = "_".repeat(2 * 4 * 3 + 1);
        let e = parse(&format!("4j:p,{all_lines}")).unwrap_err();
        assert!(e.message.contains("4 blocks of 4"), "{e}");
        // A killer cage of one cell is refused, as Solo does.
        let e = parse(&format!("2x2k:p,{all_lines},a1o")).unwrap_err();
        assert!(e.message.contains("2 to 4 cells"), "{e}");
    }

    #[test]
    fn what_solo_cannot_say_is_not_written() {
        let shape = Shape::new(4).unwrap();
        let b = Board::empty(shape);
        let one_cell = Variant::killer(shape, vec![Cage::from_positions(&[(0, 0)], 1)]).unwrap();
        assert_eq!(write(&one_cell, &b), None);
        // A disconnected jigsaw region.
        let labels = [0, 1, 0, 1, 1, 0, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3];
        let v = Variant::jigsaw(4, &labels).unwrap();
        assert_eq!(write(&v, &b), None);
        // Boxes one cell wide are written as a jigsaw of the boxes.
        let prime = Variant::classic(Shape::new(5).unwrap());
        let id = write(&prime, &Board::empty(prime.shape())).unwrap();
        assert!(id.starts_with("5j:"), "{id}");
        let (back, _) = parse(&id).unwrap();
        assert_eq!(back.regions().map(<[usize]>::len), Some(25));
    }

    #[test]
    fn long_runs_of_non_lines_read_back() {
        // A 16j whose regions are the rows: runs of 15 non-lines, and the
        // vertical part has no line at all in long stretches.
        let labels: Vec<usize> = (0..256).map(|i| i / 16).collect();
        let v = Variant::jigsaw(16, &labels).unwrap();
        let b = Board::empty(v.shape());
        let id = write(&v, &b).unwrap();
        let (back, _) = parse(&id).unwrap();
        assert_eq!(back, v);
        // Regions as columns: the horizontal part is one long run.
        let labels: Vec<usize> = (0..256).map(|i| i % 16).collect();
        let v = Variant::jigsaw(16, &labels).unwrap();
        let id = write(&v, &b).unwrap();
        assert!(id.contains('z'), "{id}");
        assert_eq!(parse(&id).unwrap().0, v);
    }
}
