//! Numbers in cells: Number16 (any size, hexadecimal with prefixes),
//! Number10 (0 to 9), the numbers outside the grid (Number16ExCell: four
//! sides, or top and left stacks), RoomNumber16 (one number per region)
//! and ArrowNumber16 (a number with an arrow).

use super::EncodeError;
use super::body::{Clue, Reader, base36, radix_string};
use crate::family::ParseError;

impl Reader<'_> {
    /// Number16: `n` clues. `0`-`f` a number below 16; `-` and two
    /// hexadecimal digits, `+` and three, up to 4095; `=`, `@` (or `%`),
    /// `*` and `$` with three, three, four and five digits for larger
    /// ones (offsets 4096, 8192, 12240 and 77776); `.` a clue without a
    /// number; `g`-`z` skip 1 to 20 cells. A body that ends early leaves
    /// the other cells empty.
    pub fn number16(&mut self, n: usize) -> Result<Vec<Clue>, ParseError> {
        let mut out = vec![Clue::Empty; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            let what = "a Number16 clue";
            let value = match b {
                b'0'..=b'9' | b'a'..=b'f' => Clue::Number(hex(b)),
                b'-' => Clue::Number(self.digits(2, 16, what)?),
                b'+' => Clue::Number(self.digits(3, 16, what)?),
                b'=' => Clue::Number(self.digits(3, 16, what)? + 4096),
                b'%' | b'@' => Clue::Number(self.digits(3, 16, what)? + 8192),
                b'*' => Clue::Number(self.digits(4, 16, what)? + 12240),
                b'$' => Clue::Number(self.digits(5, 16, what)? + 77776),
                b'.' => Clue::Unknown,
                b'g'..=b'z' => {
                    c += usize::from(b - b'g') + 1;
                    continue;
                }
                _ => return Err(self.unexpected(what)),
            };
            out[c] = value;
            c += 1;
        }
        Ok(out)
    }

    /// Number10: `n` clues, `0`-`9` a number, `.` a clue without one,
    /// `a`-`z` skip 1 to 26 cells.
    pub fn number10(&mut self, n: usize) -> Result<Vec<Clue>, ParseError> {
        let mut out = vec![Clue::Empty; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            match b {
                b'0'..=b'9' => out[c] = Clue::Number(u32::from(b - b'0')),
                b'.' => out[c] = Clue::Unknown,
                b'a'..=b'z' => {
                    c += usize::from(b - b'a') + 1;
                    continue;
                }
                _ => return Err(self.unexpected("a Number10 clue")),
            }
            c += 1;
        }
        Ok(out)
    }

    /// Number16ExCell, stacked on the top and left (a Nonogram's clues):
    /// `rows` and `cols` of the grid; see [`stack_depths`].
    pub fn number16_stacks(&mut self, rows: usize, cols: usize) -> Result<Stacks, ParseError> {
        let (depth_cols, depth_rows) = stack_depths(rows, cols);
        let values = self.number16(cols * depth_cols + rows * depth_rows)?;
        let (top, left) = values.split_at(cols * depth_cols);
        // Slot 0 of a stack is the one next to the grid: the last clue.
        let stack = |slots: &[Clue]| -> Vec<Clue> {
            slots
                .iter()
                .rev()
                .copied()
                .filter(|&c| c != Clue::Empty)
                .collect()
        };
        Ok(Stacks {
            columns: top.chunks(depth_cols.max(1)).map(stack).collect(),
            rows: left.chunks(depth_rows.max(1)).map(stack).collect(),
        })
    }

    /// RoomNumber16: a Number16 clue per region, the regions in the order
    /// of their first cells (row-major), each clue in the region's top cell
    /// ([`top_cells`]). `labels` is the region of each cell, row-major.
    /// The clues come back per cell.
    pub fn room_number16(
        &mut self,
        cols: usize,
        labels: &[usize],
    ) -> Result<Vec<Clue>, ParseError> {
        let tops = top_cells(cols, labels);
        let numbers = self.number16(tops.len())?;
        let mut out = vec![Clue::Empty; labels.len()];
        for (&top, clue) in tops.iter().zip(numbers) {
            out[top] = clue;
        }
        Ok(out)
    }

    /// ArrowNumber16: `n` cells. `0`-`4` a direction (none, up, down, left,
    /// right) then a hexadecimal digit or `.`; `5`-`9` a direction plus 5
    /// then two digits; `-` a direction and three digits; `+` a marked cell
    /// without a number; `a`-`z` skip 1 to 26 cells.
    pub fn arrow_number16(&mut self, n: usize) -> Result<Vec<ArrowClue>, ParseError> {
        let mut out = vec![ArrowClue::Empty; n];
        let mut c = 0;
        let what = "an ArrowNumber16 clue";
        while c < n {
            let Some(b) = self.next_byte() else { break };
            out[c] = match b {
                b'+' => ArrowClue::Plus,
                b'0'..=b'4' => {
                    let number = if self.peek() == Some(b'.') {
                        self.next_byte();
                        Clue::Unknown
                    } else {
                        Clue::Number(self.digits(1, 16, what)?)
                    };
                    ArrowClue::Arrow {
                        direction: b - b'0',
                        number,
                    }
                }
                b'5'..=b'9' => ArrowClue::Arrow {
                    direction: b - b'5',
                    number: Clue::Number(self.digits(2, 16, what)?),
                },
                b'-' => {
                    let direction = self.digits(1, 16, what)?;
                    if direction > 4 {
                        return Err(self.unexpected(what));
                    }
                    ArrowClue::Arrow {
                        direction: direction as u8,
                        number: Clue::Number(self.digits(3, 16, what)?),
                    }
                }
                b'a'..=b'z' => {
                    c += usize::from(b - b'a') + 1;
                    continue;
                }
                _ => return Err(self.unexpected(what)),
            };
            c += 1;
        }
        Ok(out)
    }
}

fn hex(b: u8) -> u32 {
    char::from(b).to_digit(16).unwrap_or(0)
}

/// A cell of ArrowNumber16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowClue {
    /// Nothing.
    Empty,
    /// A marked cell without a number (`+`).
    Plus,
    /// A number (or `?`) with a direction: 0 none, 1 up, 2 down, 3 left,
    /// 4 right.
    Arrow {
        /// The direction.
        direction: u8,
        /// The number, or [`Clue::Unknown`].
        number: Clue,
    },
}

/// Clues stacked outside the grid, each list in reading order (top to
/// bottom for a column, left to right for a row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stacks {
    /// Each column's clues, left to right.
    pub columns: Vec<Vec<Clue>>,
    /// Each row's clues, top to bottom.
    pub rows: Vec<Vec<Clue>>,
}

/// How many clues a column's stack and a row's stack hold on a
/// `rows x cols` grid: `(rows + 1) / 2` above each column, `(cols + 1) /
/// 2` left of each row, the most a line can need.
pub fn stack_depths(rows: usize, cols: usize) -> (usize, usize) {
    (rows.div_ceil(2), cols.div_ceil(2))
}

/// The top cell of each region, regions in the order of their first
/// cells (row-major): as puzz.link finds it, the cell of the leftmost
/// column, and the highest of those.
pub fn top_cells(cols: usize, labels: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    let mut tops: Vec<usize> = Vec::new();
    for (i, &l) in labels.iter().enumerate() {
        match order.iter().position(|&o| o == l) {
            None => {
                order.push(l);
                tops.push(i);
            }
            Some(k) => {
                let t = tops[k];
                let (tc, tr) = (t % cols.max(1), t / cols.max(1));
                let (c, r) = (i % cols.max(1), i / cols.max(1));
                if c < tc || (c == tc && r < tr) {
                    tops[k] = i;
                }
            }
        }
    }
    tops
}

/// One Number16 clue, or an error for a number past the largest
/// (1,126,351).
fn number16_token(clue: Clue) -> Result<String, EncodeError> {
    let pad = |v: u32, width: usize| format!("{:0>width$}", radix_string(v, 16));
    Ok(match clue {
        Clue::Empty => String::new(),
        Clue::Unknown => ".".to_owned(),
        Clue::Number(n @ 0..16) => radix_string(n, 16),
        Clue::Number(n @ 16..256) => format!("-{}", radix_string(n, 16)),
        Clue::Number(n @ 256..4096) => format!("+{}", radix_string(n, 16)),
        Clue::Number(n @ 4096..8192) => format!("={}", pad(n - 4096, 3)),
        Clue::Number(n @ 8192..12240) => format!("@{}", pad(n - 8192, 3)),
        Clue::Number(n @ 12240..77776) => format!("*{}", pad(n - 12240, 4)),
        Clue::Number(n @ 77776..1_126_352) => format!("${}", pad(n - 77776, 5)),
        Clue::Number(n) => {
            return Err(EncodeError::new(format!(
                "{n} is too large for puzz.link (at most 1126351)"
            )));
        }
    })
}

/// Runs of empty cells between tokens: `skip(k)` writes a run of `k`
/// (1 to `max`) empty cells.
fn with_skips(
    tokens: impl IntoIterator<Item = Option<String>>,
    max: usize,
    skip: impl Fn(usize) -> char,
) -> String {
    let mut out = String::new();
    let mut count = 0;
    for t in tokens {
        match t {
            None => {
                count += 1;
                if count == max {
                    out.push(skip(count));
                    count = 0;
                }
            }
            Some(t) => {
                if count > 0 {
                    out.push(skip(count));
                    count = 0;
                }
                out.push_str(&t);
            }
        }
    }
    if count > 0 {
        out.push(skip(count));
    }
    out
}

/// Number16 of `clues` (see [`Reader::number16`]).
pub fn encode_number16(clues: &[Clue]) -> Result<String, EncodeError> {
    let tokens = clues
        .iter()
        .map(|&c| number16_token(c).map(|t| (!t.is_empty()).then_some(t)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(with_skips(tokens, 20, |k| base36(15 + k)))
}

/// Number10 of `clues` (see [`Reader::number10`]); an error for a number
/// over 9.
pub fn encode_number10(clues: &[Clue]) -> Result<String, EncodeError> {
    let tokens = clues
        .iter()
        .map(|&c| match c {
            Clue::Empty => Ok(None),
            Clue::Unknown => Ok(Some(".".to_owned())),
            Clue::Number(n @ 0..=9) => Ok(Some(n.to_string())),
            Clue::Number(n) => Err(EncodeError::new(format!(
                "{n} does not fit Number10 (0 to 9)"
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(with_skips(tokens, 26, |k| base36(9 + k)))
}

/// Number16ExCell stacks (see [`Reader::number16_stacks`]) of a `rows x
/// cols` grid; an error for a stack longer than [`stack_depths`] allows.
pub fn encode_number16_stacks(
    rows: usize,
    cols: usize,
    stacks: &Stacks,
) -> Result<String, EncodeError> {
    let (depth_cols, depth_rows) = stack_depths(rows, cols);
    let mut values = Vec::with_capacity(cols * depth_cols + rows * depth_rows);
    let lines = [
        (&stacks.columns, cols, depth_cols, "column"),
        (&stacks.rows, rows, depth_rows, "row"),
    ];
    for (lists, n, depth, name) in lines {
        for i in 0..n {
            let list = lists.get(i).map_or(&[][..], Vec::as_slice);
            if list.len() > depth {
                return Err(EncodeError::new(format!(
                    "{name} {} has {} clues; puzz.link keeps at most {depth} there",
                    i + 1,
                    list.len()
                )));
            }
            values.extend(list.iter().rev().copied());
            values.extend(std::iter::repeat_n(Clue::Empty, depth - list.len()));
        }
    }
    encode_number16(&values)
}

/// RoomNumber16 (see [`Reader::room_number16`]) of per-cell `clues`; an
/// error for a clue outside its region's top cell.
pub fn encode_room_number16(
    cols: usize,
    labels: &[usize],
    clues: &[Clue],
) -> Result<String, EncodeError> {
    let tops = top_cells(cols, labels);
    if let Some(i) = (0..clues.len()).find(|&i| clues[i] != Clue::Empty && !tops.contains(&i)) {
        return Err(EncodeError::new(format!(
            "the clue of r{}c{} is not in its region's top cell, where puzz.link keeps it",
            i / cols.max(1) + 1,
            i % cols.max(1) + 1
        )));
    }
    let numbers: Vec<Clue> = tops.iter().map(|&t| clues[t]).collect();
    encode_number16(&numbers)
}

/// ArrowNumber16 (see [`Reader::arrow_number16`]); an error for a number
/// over 4095 or a direction over 4.
pub fn encode_arrow_number16(clues: &[ArrowClue]) -> Result<String, EncodeError> {
    let tokens = clues
        .iter()
        .map(|&c| match c {
            ArrowClue::Empty => Ok(None),
            ArrowClue::Plus => Ok(Some("+".to_owned())),
            ArrowClue::Arrow { direction, .. } if direction > 4 => Err(EncodeError::new(format!(
                "direction {direction} is not one of puzz.link's (0 to 4)"
            ))),
            ArrowClue::Arrow { direction, number } => match number {
                Clue::Empty | Clue::Unknown => Ok(Some(format!("{direction}."))),
                Clue::Number(n @ 0..16) => Ok(Some(format!("{direction}{}", radix_string(n, 16)))),
                Clue::Number(n @ 16..256) => {
                    Ok(Some(format!("{}{}", direction + 5, radix_string(n, 16))))
                }
                Clue::Number(n @ 256..4096) => {
                    Ok(Some(format!("-{direction}{}", radix_string(n, 16))))
                }
                Clue::Number(n) => Err(EncodeError::new(format!(
                    "{n} is too large for an arrow clue (at most 4095)"
                ))),
            },
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(with_skips(tokens, 26, |k| base36(9 + k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Clue::{Empty as E, Number as N, Unknown as Q};

    fn read16(body: &str, n: usize) -> Vec<Clue> {
        let mut r = Reader::new(body, 1);
        let v = r.number16(n).unwrap();
        assert!(r.is_empty(), "{body}: left {:?}", r.rest());
        v
    }

    #[test]
    fn number16_reads_every_width_and_skips() {
        // The sudoku example of pzprjs's tests: 4x4, `g1k23k3g`.
        let v = read16("g1k23k3g", 16);
        let mut want = vec![E; 16];
        want[1] = N(1);
        want[7] = N(2);
        want[8] = N(3);
        want[14] = N(3);
        assert_eq!(v, want);
        assert_eq!(
            read16("f-10+100=000@000*0000$00000.", 8),
            vec![
                N(15),
                N(16),
                N(256),
                N(4096),
                N(8192),
                N(12240),
                N(77776),
                Q
            ]
        );
        assert_eq!(read16("%001", 1), vec![N(8193)]);
    }

    #[test]
    fn number16_round_trips_and_skips_at_most_20() {
        let mut clues = vec![E; 50];
        clues[0] = N(7);
        clues[22] = N(300);
        clues[23] = Q;
        clues[49] = N(1_126_351);
        let body = encode_number16(&clues).unwrap();
        assert_eq!(body, "7zg+12c.zk$fffff");
        assert_eq!(read16(&body, 50), clues);
        assert!(encode_number16(&[N(1_126_352)]).is_err());
    }

    #[test]
    fn number16_rejects_stray_characters_with_their_column() {
        let mut r = Reader::new("12#", 10);
        let e = r.number16(5).unwrap_err();
        assert_eq!(e.column, Some(12));
        let mut r = Reader::new("-1", 1);
        assert!(r.number16(1).is_err());
    }

    #[test]
    fn number10_round_trips() {
        let mut clues = vec![E; 40];
        clues[3] = N(9);
        clues[4] = Q;
        clues[39] = N(0);
        let body = encode_number10(&clues).unwrap();
        assert_eq!(body, "c9.zh0");
        let mut r = Reader::new(&body, 1);
        assert_eq!(r.number10(40).unwrap(), clues);
        assert!(r.is_empty());
        assert!(encode_number10(&[N(10)]).is_err());
    }

    #[test]
    fn stacks_match_pzprjs_nonogram_example() {
        // pzprjs's nonogram test: 6x6, `12g1111h11112j12g11g21j11g3h`;
        // its file form of the same puzzle has these clues (column 1: 2
        // above 1; row 3: 1 left of 2).
        let mut r = Reader::new("12g1111h11112j12g11g21j11g3h", 1);
        let s = r.number16_stacks(6, 6).unwrap();
        assert!(r.is_empty());
        let n = |v: &[u32]| v.iter().map(|&k| N(k)).collect::<Vec<_>>();
        assert_eq!(
            s.columns,
            vec![
                n(&[2, 1]),
                n(&[1, 1, 1]),
                n(&[1]),
                n(&[1, 1, 1]),
                n(&[2, 1]),
                n(&[])
            ]
        );
        assert_eq!(
            s.rows,
            vec![
                n(&[2, 1]),
                n(&[1, 1]),
                n(&[1, 2]),
                n(&[]),
                n(&[1, 1]),
                n(&[3])
            ]
        );
        assert_eq!(
            encode_number16_stacks(6, 6, &s).unwrap(),
            "12g1111h11112j12g11g21j11g3h"
        );
    }

    #[test]
    fn stacks_too_deep_are_an_error() {
        let s = Stacks {
            columns: vec![vec![N(1), N(1), N(1)], vec![]],
            rows: vec![vec![]; 4],
        };
        let e = encode_number16_stacks(4, 2, &s).unwrap_err();
        assert!(e.to_string().contains("column 1 has 3 clues"), "{e}");
    }

    #[test]
    fn room_numbers_go_to_the_leftmost_then_highest_cell() {
        // Two regions on a 2x3 grid: an L whose top row starts at c2,
        // reaching down to c1 of row 2.
        //   a b b
        //   b b a    (labels need not be connected here)
        let labels = [0, 1, 1, 1, 1, 0];
        assert_eq!(top_cells(3, &labels), vec![0, 3]);
        let mut r = Reader::new("5a", 1);
        let clues = r.room_number16(3, &labels).unwrap();
        assert_eq!(clues, vec![N(5), E, E, N(10), E, E]);
        assert_eq!(encode_room_number16(3, &labels, &clues).unwrap(), "5a");
        let mut bad = clues.clone();
        bad[1] = N(2);
        assert!(encode_room_number16(3, &labels, &bad).is_err());
    }

    #[test]
    fn arrow_numbers_round_trip() {
        let clues = vec![
            ArrowClue::Arrow {
                direction: 1,
                number: N(3),
            },
            ArrowClue::Empty,
            ArrowClue::Empty,
            ArrowClue::Arrow {
                direction: 4,
                number: N(200),
            },
            ArrowClue::Plus,
            ArrowClue::Arrow {
                direction: 2,
                number: N(4000),
            },
            ArrowClue::Arrow {
                direction: 0,
                number: Q,
            },
            ArrowClue::Empty,
        ];
        let body = encode_arrow_number16(&clues).unwrap();
        assert_eq!(body, "13b9c8+-2fa00.a");
        let mut r = Reader::new(&body, 1);
        assert_eq!(r.arrow_number16(8).unwrap(), clues);
        assert!(r.is_empty());
    }
}
