//! Simon Tatham's Keen game IDs: `params:description`.
//!
//! - **Parameters**: the grid size `N`, then optionally `d` and a
//!   difficulty letter (`e`asy, `n`ormal, `h`ard, e`x`treme,
//!   `u`nreasonable) and `m` (multiplication only). His programs print the
//!   size alone (`6:`); the other parameters matter to his generator only
//!   and are accepted and dropped here.
//! - **Description**: the cage outlines, a comma, and the clues.
//!   - The outlines walk the `N (N - 1)` internal vertical lines in
//!     reading order (between `r1c1` and `r1c2`, `r1c2` and `r1c3`, ...),
//!     then the `N (N - 1)` internal horizontal lines column by column
//!     (below `r1c1`, below `r2c1`, ...), and one virtual line after the
//!     last. Each letter says how many lines in a row are *not* drawn
//!     (`a` = 1, ..., `y` = 25) before one that is; `_` is a drawn line
//!     right after the previous one; `z` is 25 undrawn lines with no drawn
//!     one after them. A letter followed by a number stands for that many
//!     copies of the letter (`_3` = `___`). Cages are the groups of cells
//!     joined across undrawn lines.
//!   - The clues, one per cage in the order of each cage's first cell
//!     (reading order): `a` (add), `m` (multiply), `s` (subtract, two
//!     cells) or `d` (divide, two cells), then the target. A one-cell cage
//!     is `a` (or `m`) with its value.
//!
//! Reading note: Tatham's reader takes `y` as 25 undrawn lines without a
//! drawn one and `z` as 26 with one, which disagrees with his writer (and
//! his comment) for runs of 25 or more undrawn lines; his generator's cages
//! of at most six cells never make such runs. We follow the writer.

use super::{Cage, KenKenPuzzle, Op};
use crate::family::{Cell, ParseError};

/// The largest grid read from a game ID (the text layout's limit).
const MAX_SIZE: usize = super::MAX_SIZE;

/// Reads a game ID. `text` is one line (surrounding whitespace allowed);
/// errors name line 1 and the column.
pub(super) fn parse(text: &str) -> Result<KenKenPuzzle, ParseError> {
    let line = text.trim();
    // Sized once (a character is at least a byte), not grown as collected.
    let mut chars: Vec<char> = Vec::with_capacity(line.len());
    chars.extend(line.chars());
    // Columns count characters from the start of the line.
    let col0 = text.chars().take_while(|c| c.is_whitespace()).count();
    let err = |i: usize, m: String| ParseError::at(1, col0 + i + 1, m);
    let colon = chars
        .iter()
        .position(|&c| c == ':')
        .ok_or_else(|| ParseError::at_line(1, "a game ID has a ':' after its parameters"))?;
    // Parameters.
    let digits_end = (0..colon)
        .find(|&k| !chars[k].is_ascii_digit())
        .unwrap_or(colon);
    if digits_end == 0 {
        return Err(err(
            0,
            "expected the grid size at the start of the game ID".into(),
        ));
    }
    let n = match decimal(&chars[..digits_end]) {
        Some(n) if (1..=MAX_SIZE as u64).contains(&n) => n as usize,
        _ => {
            let size_text: String = chars[..digits_end].iter().collect();
            return Err(err(
                0,
                format!("the grid size {size_text} is out of range (1 to {MAX_SIZE})"),
            ));
        }
    };
    let mut i = digits_end;
    if i < colon && chars[i] == 'd' {
        match chars.get(i + 1) {
            Some('e' | 'n' | 'h' | 'x' | 'u') if i + 1 < colon => i += 2,
            _ => {
                return Err(err(
                    i + 1,
                    "expected a difficulty letter (e, n, h, x or u) after 'd'".into(),
                ));
            }
        }
    }
    if i < colon && chars[i] == 'm' {
        i += 1;
    }
    if i < colon {
        return Err(err(
            i,
            format!("unexpected '{}' in the parameters", chars[i]),
        ));
    }
    // Cage outlines.
    let lines = 2 * n * (n - 1);
    let mut joined = vec![false; lines];
    let mut pos = 0usize;
    let mut k = colon + 1;
    while k < chars.len() && chars[k] != ',' {
        let c = chars[k];
        let run = match c {
            '_' => 0,
            'a'..='z' => c as usize - 'a' as usize + 1,
            _ => {
                return Err(err(
                    k,
                    format!("unexpected '{c}' in the cage outlines (expected _ or a-z)"),
                ));
            }
        };
        let at = k;
        k += 1;
        let count_start = k;
        while k < chars.len() && chars[k].is_ascii_digit() {
            k += 1;
        }
        let copies = if k > count_start {
            match decimal(&chars[count_start..k]) {
                Some(r) if (1..=lines as u64 + 1).contains(&r) => r as usize,
                _ => {
                    let t: String = chars[count_start..k].iter().collect();
                    return Err(err(count_start, format!("bad repeat count {t}")));
                }
            }
        } else {
            1
        };
        let (undrawn, drawn) = if c == 'z' { (25, 0) } else { (run, 1) };
        for _ in 0..copies {
            if pos + undrawn > lines {
                return Err(err(at, "too much data in the cage outlines".into()));
            }
            joined[pos..pos + undrawn].fill(true);
            pos += undrawn + drawn;
            if pos > lines + 1 {
                return Err(err(at, "too much data in the cage outlines".into()));
            }
        }
    }
    if pos != lines + 1 {
        return Err(err(
            k.min(chars.len()),
            "not enough data in the cage outlines".into(),
        ));
    }
    if k >= chars.len() {
        return Err(err(
            k,
            "expected ',' and the clues after the cage outlines".into(),
        ));
    }
    k += 1;
    // Cages: components of the cells joined across undrawn lines.
    let mut parent: Vec<usize> = (0..n * n).collect();
    for (line, _) in joined.iter().enumerate().filter(|(_, j)| **j) {
        let (a, b) = cells_of_line(n, line);
        union(&mut parent, a, b);
    }
    // The cage of each root and of each cell, with the cages counted and
    // sized first, so that each cell list is allocated once.
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cell_cage: Vec<u32> = Vec::with_capacity(n * n);
    let mut sizes: Vec<usize> = Vec::with_capacity(n * n);
    for p in 0..n * n {
        let root = find(&mut parent, p);
        if cage_of[root] == usize::MAX {
            cage_of[root] = sizes.len();
            sizes.push(0);
        }
        sizes[cage_of[root]] += 1;
        cell_cage.push(cage_of[root] as u32);
    }
    let mut cells: Vec<Vec<Cell>> = sizes.iter().map(|&k| Vec::with_capacity(k)).collect();
    for (p, &cage) in cell_cage.iter().enumerate() {
        cells[cage as usize].push(Cell::new(p / n, p % n));
    }
    // Clues, one per cage in the order of first cells.
    let mut cages = Vec::with_capacity(cells.len());
    for cage_cells in cells {
        let Some(&c) = chars.get(k) else {
            return Err(err(
                k,
                format!(
                    "too few clues: the cage at {} has none ({} cages in the outlines)",
                    cage_cells[0],
                    cages.len() + 1
                ),
            ));
        };
        let op = match (c, cage_cells.len()) {
            ('a', 1) => Op::Given,
            ('a', _) => Op::Add,
            ('m', _) => Op::Mul,
            ('s' | 'd', 2) => {
                if c == 's' {
                    Op::Sub
                } else {
                    Op::Div
                }
            }
            ('s' | 'd', len) => {
                return Err(err(
                    k,
                    format!(
                        "a '{c}' clue needs a cage of two cells; the cage at {} has {len}",
                        cage_cells[0]
                    ),
                ));
            }
            _ => {
                return Err(err(
                    k,
                    format!("unexpected '{c}' where a clue (a, m, s or d) was expected"),
                ));
            }
        };
        let at = k;
        k += 1;
        let start = k;
        while k < chars.len() && chars[k].is_ascii_digit() {
            k += 1;
        }
        let digits = &chars[start..k];
        let target = match decimal(digits).map(i64::try_from) {
            Some(Ok(v)) if v >= 1 => v,
            Some(Ok(_)) => return Err(err(start, "a clue's target is at least 1".into())),
            None if digits.is_empty() => {
                return Err(err(at + 1, format!("expected a number after '{c}'")));
            }
            _ => {
                let t: String = digits.iter().collect();
                return Err(err(start, format!("the target {t} is too large")));
            }
        };
        cages.push(Cage {
            op,
            target,
            cells: cage_cells,
        });
    }
    if k < chars.len() {
        return Err(err(k, "too many clues for the cage outlines".into()));
    }
    // The cages are components of side-adjacent cells (so connected and
    // covering the grid once), numbered in the order of their first cells,
    // each with its cells in reading order, and the clues were checked
    // against the cage sizes and for targets of at least 1: the puzzle
    // `from_cages` would make, without its checks and re-sorting.
    let p = KenKenPuzzle {
        n,
        cages,
        cage_of: cell_cage,
    };
    debug_assert_eq!(
        KenKenPuzzle::from_cages(n, p.cages.clone()).as_ref(),
        Ok(&p)
    );
    Ok(p)
}

/// The value of a run of ASCII digits; `None` if it is empty or does not
/// fit a `u64`.
fn decimal(digits: &[char]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, c| {
        acc.checked_mul(10)?.checked_add(u64::from(c.to_digit(10)?))
    })
}

/// The two cells (row-major indices) on either side of internal line `i`.
fn cells_of_line(n: usize, i: usize) -> (usize, usize) {
    let per = n - 1;
    if i < n * per {
        let (y, x) = (i / per, i % per);
        (y * n + x, y * n + x + 1)
    } else {
        let j = i - n * per;
        let (x, y) = (j / per, j % per);
        (y * n + x, (y + 1) * n + x)
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// Writes the game ID as Tatham's programs print it (the size alone as
/// parameters).
pub(super) fn write(p: &KenKenPuzzle) -> String {
    let n = p.size();
    let lines = 2 * n * (n - 1);
    let mut raw = String::new();
    let mut run = 0usize;
    for i in 0..=lines {
        let drawn = i == lines || {
            let (a, b) = cells_of_line(n, i);
            p.cage_index(a) != p.cage_index(b)
        };
        if drawn {
            while run > 25 {
                raw.push('z');
                run -= 25;
            }
            raw.push(if run == 0 {
                '_'
            } else {
                char::from(b'a' + (run - 1) as u8)
            });
            run = 0;
        } else {
            run += 1;
        }
    }
    // Runs of one letter: two stay as they are, more become the letter and
    // a count.
    let raw: Vec<char> = raw.chars().collect();
    let mut out = format!("{n}:");
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        let len = raw[i..].iter().take_while(|&&d| d == c).count();
        out.push(c);
        match len {
            1 => {}
            2 => out.push(c),
            _ => out.push_str(&len.to_string()),
        }
        i += len;
    }
    out.push(',');
    for cage in p.cages() {
        out.push(match cage.op {
            // `KenKen::write_game_id` writes no ID for a puzzle with `Any`.
            Op::Add | Op::Given | Op::Any => 'a',
            Op::Mul => 'm',
            Op::Sub => 's',
            Op::Div => 'd',
        });
        out.push_str(&cage.target.to_string());
    }
    out
}
