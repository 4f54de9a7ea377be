//! The two genre-specific bodies the shared families need: Kakuro's
//! (clue blocks inside the grid, then the sums on its top and left
//! edges) and Hitori's (one character per cell, base 36).

use super::EncodeError;
use super::body::{Clue, Reader, base36};
use crate::family::ParseError;

/// A cell inside a puzz.link Kakuro grid (whose top row and left column
/// of clues lie outside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KakuroCell {
    /// A cell to fill.
    White,
    /// A block, with the sum of the run below it and of the run right of
    /// it where it has one (0 included: puzz.link draws a `0`).
    Block {
        /// The down sum.
        down: Option<u32>,
        /// The right sum.
        right: Option<u32>,
    },
}

/// A puzz.link Kakuro body: the cells of a `rows x cols` grid, then the
/// sums outside it, above each column and left of each row (`None` where
/// the URL gives none; puzz.link writes them only where the first cell of
/// the column or row is white).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KakuroBody {
    /// The cells, row-major.
    pub cells: Vec<KakuroCell>,
    /// The down sum above each column.
    pub top: Vec<Option<u32>>,
    /// The right sum left of each row.
    pub left: Vec<Option<u32>>,
}

/// A Kakuro sum: `0`-`9` and `a`-`j` 0 to 19, `A`-`Z` 20 to 45, `-` none.
fn kakuro_sum(b: u8) -> Option<Option<u32>> {
    match b {
        b'-' => Some(None),
        b'0'..=b'9' => Some(Some(u32::from(b - b'0'))),
        b'a'..=b'j' => Some(Some(u32::from(b - b'a') + 10)),
        b'A'..=b'Z' => Some(Some(u32::from(b - b'A') + 20)),
        _ => None,
    }
}

fn kakuro_sum_token(v: Option<u32>) -> Result<char, EncodeError> {
    match v {
        None => Ok('-'),
        Some(v @ 0..=19) => Ok(base36(v as usize)),
        Some(v @ 20..=45) => Ok(base36(v as usize - 10).to_ascii_uppercase()),
        Some(v) => Err(EncodeError::new(format!(
            "the sum {v} does not fit puzz.link's Kakuro (0 to 45)"
        ))),
    }
}

impl Reader<'_> {
    /// Kakuro: per cell, `k`-`z` 1 to 16 white cells, `.` a block without
    /// sums, or two sums (down, then right: `0`-`9` and `a`-`j` 0 to 19,
    /// `A`-`Z` 20 to 45, `-` none) for a
    /// block; then a sum for each column whose first cell is white, and
    /// one for each row whose first cell is white.
    pub fn kakuro(&mut self, rows: usize, cols: usize) -> Result<KakuroBody, ParseError> {
        let n = rows * cols;
        let mut cells = vec![KakuroCell::White; n];
        let mut c = 0;
        let what = "a Kakuro clue";
        while c < n {
            let Some(b) = self.next_byte() else { break };
            match b {
                b'k'..=b'z' => {
                    c += usize::from(b - b'k') + 1;
                    continue;
                }
                b'.' => {
                    cells[c] = KakuroCell::Block {
                        down: None,
                        right: None,
                    };
                }
                _ => {
                    let down = kakuro_sum(b).ok_or_else(|| self.unexpected(what))?;
                    let Some(second) = self.next_byte() else {
                        return Err(self.error("the URL ends inside a Kakuro clue"));
                    };
                    let right = kakuro_sum(second).ok_or_else(|| self.unexpected(what))?;
                    cells[c] = KakuroCell::Block { down, right };
                }
            }
            c += 1;
        }
        let white = |i: usize| cells.get(i) == Some(&KakuroCell::White);
        let mut edge = |count: usize, first_cell: &dyn Fn(usize) -> usize| {
            let mut out = vec![None; count];
            for (i, slot) in out.iter_mut().enumerate() {
                if white(first_cell(i)) {
                    match self.next_byte() {
                        None => break,
                        Some(b) => *slot = kakuro_sum(b).ok_or_else(|| self.unexpected(what))?,
                    }
                }
            }
            Ok::<_, ParseError>(out)
        };
        let top = edge(cols, &|c| c)?;
        let left = edge(rows, &|r| r * cols)?;
        Ok(KakuroBody { cells, top, left })
    }

    /// Hitori: one cell a character: `0`-`9`, `a`-`z` a number below 36;
    /// `-` and two base-36 digits a larger one; `@` (or `%`) a number not
    /// given; `.` an empty cell.
    pub fn hitori(&mut self, n: usize) -> Result<Vec<Clue>, ParseError> {
        let mut out = vec![Clue::Empty; n];
        for slot in &mut out {
            let Some(b) = self.next_byte() else { break };
            *slot = match b {
                b'0'..=b'9' | b'a'..=b'z' => Clue::Number(char::from(b).to_digit(36).unwrap_or(0)),
                b'-' => Clue::Number(self.digits(2, 36, "a Hitori number")?),
                b'@' | b'%' => Clue::Unknown,
                b'.' => Clue::Empty,
                _ => return Err(self.unexpected("a Hitori number")),
            };
        }
        Ok(out)
    }
}

impl KakuroBody {
    /// The body (see [`Reader::kakuro`]) of a `rows x cols` grid; an
    /// error for a sum over 45.
    pub fn encode(&self, cols: usize) -> Result<String, EncodeError> {
        let mut out = String::new();
        let mut count = 0;
        for cell in &self.cells {
            match *cell {
                KakuroCell::White => {
                    count += 1;
                    if count == 16 {
                        out.push(base36(count + 19));
                        count = 0;
                    }
                    continue;
                }
                KakuroCell::Block { down, right } => {
                    if count > 0 {
                        out.push(base36(count + 19));
                        count = 0;
                    }
                    if down.is_none() && right.is_none() {
                        out.push('.');
                    } else {
                        out.push(kakuro_sum_token(down)?);
                        out.push(kakuro_sum_token(right)?);
                    }
                }
            }
        }
        if count > 0 {
            out.push(base36(count + 19));
        }
        let white = |i: usize| self.cells.get(i) == Some(&KakuroCell::White);
        for (c, &v) in self.top.iter().enumerate() {
            if white(c) {
                out.push(kakuro_sum_token(v)?);
            }
        }
        for (r, &v) in self.left.iter().enumerate() {
            if white(r * cols) {
                out.push(kakuro_sum_token(v)?);
            }
        }
        Ok(out)
    }
}

/// The Hitori body (see [`Reader::hitori`]); an error for a number of
/// 1296 or more.
pub fn encode_hitori(clues: &[Clue]) -> Result<String, EncodeError> {
    let mut out = String::new();
    for &c in clues {
        match c {
            Clue::Empty => out.push('.'),
            Clue::Unknown => out.push('@'),
            Clue::Number(n @ 0..36) => out.push(base36(n as usize)),
            Clue::Number(n @ 36..1296) => {
                out.push('-');
                out.push(base36(n as usize / 36));
                out.push(base36(n as usize % 36));
            }
            Clue::Number(n) => {
                return Err(EncodeError::new(format!(
                    "{n} does not fit puzz.link's Hitori (at most 1295)"
                )));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use KakuroCell::{Block, White};

    #[test]
    fn reads_pzprjs_kakuro_example() {
        // pzprjs's kakuro test: 5x5 `48la0.na0lh3l0Bn.0cl.c4a3`, whose
        // file form draws the same grid: blocks `8,4` (right 8, down 4) at
        // r1c1, `0,10` at r1c4, `0,0` at r1c5, ..., top sums `0 12 4 0
        // 0`, left sums `10 3 0 0` where the first cell is white.
        let mut r = Reader::new("48la0.na0lh3l0Bn.0cl.c4a3", 1);
        let b = r.kakuro(5, 5).unwrap();
        assert!(r.is_empty(), "left {:?}", r.rest());
        let blk = |d: u32, rt: u32| Block {
            down: Some(d),
            right: Some(rt),
        };
        let none = Block {
            down: None,
            right: None,
        };
        assert_eq!(
            b.cells,
            vec![
                blk(4, 8),
                White,
                White,
                blk(10, 0),
                none,
                White,
                White,
                White,
                White,
                blk(10, 0),
                White,
                White,
                blk(17, 3),
                White,
                White,
                blk(0, 21),
                White,
                White,
                White,
                White,
                none,
                blk(0, 12),
                White,
                White,
                none,
            ]
        );
        assert_eq!(b.top, vec![None, Some(12), Some(4), None, None]);
        assert_eq!(b.left, vec![None, Some(10), Some(3), None, None]);
    }

    #[test]
    fn kakuro_round_trips() {
        let b = KakuroBody {
            cells: vec![
                White,
                Block {
                    down: Some(45),
                    right: None,
                },
                White,
                White,
            ],
            top: vec![Some(19), None],
            left: vec![Some(3), Some(20)],
        };
        let body = b.encode(2).unwrap();
        assert_eq!(body, "kZ-lj3A");
        let mut r = Reader::new(&body, 1);
        assert_eq!(r.kakuro(2, 2).unwrap(), b);
        assert!(r.is_empty());
        let too_big = KakuroBody {
            top: vec![Some(46), None],
            ..b
        };
        assert!(too_big.encode(2).is_err());
    }

    #[test]
    fn kakuro_rejects_stray_characters() {
        assert!(Reader::new("4#", 1).kakuro(2, 2).is_err());
        assert!(Reader::new("4", 1).kakuro(2, 2).is_err());
    }

    #[test]
    fn hitori_reads_pzprjs_example_and_round_trips() {
        // pzprjs's hitori test: 4x4 `1114142333214213`.
        let mut r = Reader::new("1114142333214213", 1);
        let v = r.hitori(16).unwrap();
        assert!(r.is_empty());
        assert_eq!(v[3], Clue::Number(4));
        assert_eq!(encode_hitori(&v).unwrap(), "1114142333214213");
        let clues = [
            Clue::Number(35),
            Clue::Number(36),
            Clue::Number(1295),
            Clue::Unknown,
            Clue::Empty,
        ];
        let body = encode_hitori(&clues).unwrap();
        assert_eq!(body, "z-10-zz@.");
        assert_eq!(Reader::new(&body, 1).hitori(5).unwrap(), clues);
        assert!(encode_hitori(&[Clue::Number(1296)]).is_err());
        assert!(Reader::new("#", 1).hitori(1).is_err());
    }
}
