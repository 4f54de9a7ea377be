//! Small values per cell: 4Cell (clues 0 to 4, as Slitherlink and Light
//! Up have; 4Cross is the same over the grid's corners), 1Cell (marked
//! cells), Binary (one bit per cell; Empty is Binary left out when no
//! cell is set), Circle (0, 1 or 2 per cell, three cells a character) and
//! Dot (a white or black dot at some of a list of points, Tentaisho's
//! galaxy centres).

use super::EncodeError;
use super::body::{Clue, Reader, base36};
use crate::family::ParseError;

/// The value of a lower-case base-36 digit.
fn base36_value(b: u8) -> Option<usize> {
    match b {
        b'0'..=b'9' => Some(usize::from(b - b'0')),
        b'a'..=b'z' => Some(usize::from(b - b'a') + 10),
        _ => None,
    }
}

impl Reader<'_> {
    /// 4Cell: `n` clues of 0 to 4. `0`-`4` a clue; `5`-`9` a clue then one
    /// empty cell; `a`-`e` a clue then two; `.` a clue without a number;
    /// `g`-`z` 1 to 20 empty cells. (4Cross is the same over the
    /// `(rows + 1) * (cols + 1)` corners.)
    pub fn four_cell(&mut self, n: usize) -> Result<Vec<Clue>, ParseError> {
        let mut out = vec![Clue::Empty; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            let (clue, step) = match b {
                b'0'..=b'4' => (Clue::Number(u32::from(b - b'0')), 1),
                b'5'..=b'9' => (Clue::Number(u32::from(b - b'5')), 2),
                b'a'..=b'e' => (Clue::Number(u32::from(b - b'a')), 3),
                b'.' => (Clue::Unknown, 1),
                b'g'..=b'z' => (Clue::Empty, usize::from(b - b'g') + 1),
                _ => return Err(self.unexpected("a 4Cell clue")),
            };
            out[c] = clue;
            c += step;
        }
        Ok(out)
    }

    /// 1Cell: `n` cells, some marked. `0`-`h` a marked cell followed by 0
    /// to 17 unmarked ones; `i`-`z` 1 to 18 unmarked cells.
    pub fn one_cell(&mut self, n: usize) -> Result<Vec<bool>, ParseError> {
        let mut out = vec![false; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            let v = base36_value(b).ok_or_else(|| self.unexpected("a 1Cell run"))?;
            if v <= 17 {
                out[c] = true;
                c += v + 1;
            } else {
                c += v - 17;
            }
        }
        Ok(out)
    }

    /// Binary: `n` bits, five a character (base 32, `0`-`v`, the first
    /// cell in the highest bit). A body that ends early leaves the other
    /// bits clear.
    pub fn binary(&mut self, n: usize) -> Result<Vec<bool>, ParseError> {
        let mut out = vec![false; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            let v = base36_value(b)
                .filter(|&v| v < 32)
                .ok_or_else(|| self.unexpected("a Binary group"))?;
            for bit in (0..5).rev() {
                if c < n {
                    out[c] = v >> bit & 1 == 1;
                    c += 1;
                }
            }
        }
        Ok(out)
    }

    /// Circle: `n` values of 0 to 2, three a character (base 27, `0`-`q`,
    /// the first cell the most significant).
    pub fn circles(&mut self, n: usize) -> Result<Vec<u8>, ParseError> {
        let mut out = vec![0; n];
        let mut c = 0;
        while c < n {
            let Some(b) = self.next_byte() else { break };
            let v = base36_value(b)
                .filter(|&v| v < 27)
                .ok_or_else(|| self.unexpected("a Circle group"))?;
            for w in [9, 3, 1] {
                if c < n {
                    out[c] = (v / w % 3) as u8;
                    c += 1;
                }
            }
        }
        Ok(out)
    }

    /// Dot: `n` points each empty (0) or holding a white (1) or black (2)
    /// dot, in pzprjs's order. `0`-`f` a dot (white when even) followed
    /// by `v / 2` empty points; `g`-`z` 1 to 20 empty points. The reading
    /// stops once the points are covered, so what follows (Tentaisho's
    /// Empty cells) stays unread.
    pub fn dots(&mut self, n: usize) -> Result<Vec<u8>, ParseError> {
        let mut out = vec![0; n];
        let mut s = 0;
        while s < n {
            let Some(b) = self.next_byte() else { break };
            let v = base36_value(b).ok_or_else(|| self.unexpected("a Dot group"))?;
            if v < 16 {
                out[s] = (v % 2) as u8 + 1;
                s += v / 2 + 1;
            } else {
                s += v - 15;
            }
        }
        Ok(out)
    }
}

/// 4Cell of `clues` (see [`Reader::four_cell`]); an error for a number
/// over 4.
pub fn encode_four_cell(clues: &[Clue]) -> Result<String, EncodeError> {
    let mut out = String::new();
    let mut count = 0;
    let empty = |i: usize| clues.get(i).is_none_or(|&c| c == Clue::Empty);
    let exists = |i: usize| i < clues.len();
    let mut c = 0;
    while c < clues.len() {
        let token = match clues[c] {
            Clue::Empty => {
                count += 1;
                None
            }
            Clue::Unknown => Some('.'),
            Clue::Number(k @ 0..=4) => {
                // pzprjs's choice: absorb the empty cells after the clue
                // (one, or two), the same spelling as its encoder.
                let k = k as usize;
                Some(if exists(c + 1) && !empty(c + 1) {
                    base36(k)
                } else if exists(c + 2) && !empty(c + 2) {
                    c += 1;
                    base36(5 + k)
                } else {
                    c += 2;
                    base36(10 + k)
                })
            }
            Clue::Number(k) => {
                return Err(EncodeError::new(format!("{k} does not fit 4Cell (0 to 4)")));
            }
        };
        match token {
            Some(t) => {
                if count > 0 {
                    out.push(base36(15 + count));
                    count = 0;
                }
                out.push(t);
            }
            None if count == 20 => {
                out.push(base36(15 + count));
                count = 0;
            }
            None => {}
        }
        c += 1;
    }
    if count > 0 {
        out.push(base36(15 + count));
    }
    Ok(out)
}

/// 1Cell of `marked` (see [`Reader::one_cell`]).
pub fn encode_one_cell(marked: &[bool]) -> String {
    let mut out = String::new();
    // `have`: the run being counted follows a marked cell.
    let mut count: Option<usize> = None;
    let mut have = false;
    let emit = |out: &mut String, count: usize, have: bool| {
        out.push(base36(if have { count } else { count + 18 }));
    };
    for &m in marked {
        if m {
            if let Some(k) = count {
                emit(&mut out, k, have);
            }
            have = true;
            count = Some(0);
            continue;
        }
        let k = count.map_or(0, |k| k + 1);
        count = Some(k);
        if k == 17 {
            emit(&mut out, k, have);
            have = false;
            count = None;
        }
    }
    if let Some(k) = count {
        emit(&mut out, k, have);
    }
    out
}

/// Binary of `bits` (see [`Reader::binary`]).
pub fn encode_binary(bits: &[bool]) -> String {
    bits.chunks(5)
        .map(|chunk| {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0, |v, (i, &b)| v | usize::from(b) << (4 - i));
            base36(v)
        })
        .collect()
}

/// Empty: Binary of `bits`, or nothing when no bit is set.
pub fn encode_empty(bits: &[bool]) -> String {
    if bits.contains(&true) {
        encode_binary(bits)
    } else {
        String::new()
    }
}

/// Circle of `values` (see [`Reader::circles`]); an error for a value
/// over 2.
pub fn encode_circles(values: &[u8]) -> Result<String, EncodeError> {
    if let Some(v) = values.iter().find(|&&v| v > 2) {
        return Err(EncodeError::new(format!(
            "{v} does not fit Circle (0 to 2)"
        )));
    }
    Ok(values
        .chunks(3)
        .map(|chunk| {
            let v = chunk
                .iter()
                .zip([9, 3, 1])
                .map(|(&v, w)| usize::from(v) * w)
                .sum();
            base36(v)
        })
        .collect())
}

/// Dot of `values` (0 none, 1 white, 2 black; see [`Reader::dots`]);
/// an error for a value over 2.
pub fn encode_dots(values: &[u8]) -> Result<String, EncodeError> {
    if let Some(v) = values.iter().find(|&&v| v > 2) {
        return Err(EncodeError::new(format!("{v} does not fit Dot (0 to 2)")));
    }
    let mut out = String::new();
    let mut empty = 0;
    let mut s = 0;
    while s < values.len() {
        if values[s] == 0 {
            empty += 1;
            if empty == 20 {
                out.push('z');
                empty = 0;
            }
            s += 1;
            continue;
        }
        if empty > 0 {
            out.push(base36(empty + 15));
            empty = 0;
        }
        // The gap to the next dot, up to 8 points on.
        let step = (1..=7)
            .find(|&i| values.get(s + i).is_some_and(|&v| v > 0))
            .unwrap_or(8);
        out.push(base36(2 * (step - 1) + usize::from(values[s] - 1)));
        s += step;
    }
    if empty > 0 {
        out.push(base36(empty + 15));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dots_read_and_write_pzprjs_tentaisho_runs() {
        // A white dot with the 7 empty points its 'e' covers, 33 empty
        // points ('z' for 20, 's' for 13), a black dot ('f').
        let mut values = vec![0u8; 42];
        values[0] = 1;
        values[41] = 2;
        let text = encode_dots(&values).unwrap();
        assert_eq!(text, "ezsf");
        let mut r = Reader::new(&text, 1);
        assert_eq!(r.dots(42).unwrap(), values);
        assert!(r.is_empty());
        // Two dots three points apart: '4' (white, then two empty points).
        assert_eq!(encode_dots(&[1, 0, 0, 1]).unwrap(), "4e");
        assert!(encode_dots(&[3]).is_err());
        let e = Reader::new("4!", 5).dots(4).unwrap_err();
        assert_eq!(e.column, Some(6));
    }

    use super::*;
    use Clue::{Empty as E, Number as N, Unknown as Q};

    #[test]
    fn four_cell_reads_pzprjs_slitherlink_example() {
        // pzprjs's slither test, 5x5 `cbcbcddad`: each character a clue
        // then two empty cells (`c` = 2, `b` = 1, `d` = 3, `a` = 0).
        let mut r = Reader::new("cbcbcddad", 1);
        let v = r.four_cell(25).unwrap();
        assert!(r.is_empty());
        let want: Vec<Clue> = [2, 1, 2, 1, 2, 3, 3, 0, 3]
            .iter()
            .flat_map(|&k| [N(k), E, E])
            .take(25)
            .collect();
        assert_eq!(v, want);
        assert_eq!(encode_four_cell(&v).unwrap(), "cbcbcddad");
    }

    #[test]
    fn four_cell_round_trips_with_every_spelling() {
        let clues = vec![N(0), N(4), E, N(1), E, E, Q, E, E, E, N(2)];
        let body = encode_four_cell(&clues).unwrap();
        assert_eq!(body, "09b.ic");
        let mut r = Reader::new(&body, 1);
        // `c` overshoots the end by two cells: pzprjs writes it so.
        assert_eq!(r.four_cell(clues.len()).unwrap(), clues);
        assert!(r.is_empty());
        let long = vec![E; 45];
        assert_eq!(encode_four_cell(&long).unwrap(), "zzk");
        assert!(encode_four_cell(&[N(5)]).is_err());
        assert!(Reader::new("f", 1).four_cell(3).is_err());
    }

    #[test]
    fn one_cell_round_trips_pzprjs_tents_trees() {
        let mut marked = vec![false; 40];
        for i in [0, 1, 19, 39] {
            marked[i] = true;
        }
        let body = encode_one_cell(&marked);
        let mut r = Reader::new(&body, 1);
        assert_eq!(r.one_cell(40).unwrap(), marked);
        assert!(r.is_empty());
        // No marks: runs of 18 unmarked cells.
        assert_eq!(encode_one_cell(&[false; 20]), "zj");
        assert_eq!(Reader::new("zj", 1).one_cell(20).unwrap(), vec![false; 20]);
    }

    #[test]
    fn one_cell_matches_pzprjs_tents_example() {
        // pzprjs's tents test, 5x5 `2g0h1i1j82323`: ten Number16 counts
        // end at the second `1` (`2g0h1i1`), and the trees are `j82323`:
        // two empty cells, then trees 8, 2, 3 and 2 cells apart.
        let mut r = Reader::new("j82323", 1);
        let trees = r.one_cell(25).unwrap();
        assert!(r.is_empty());
        let at: Vec<usize> = (0..25).filter(|&i| trees[i]).collect();
        assert_eq!(at, vec![2, 11, 14, 18, 21]);
        assert_eq!(encode_one_cell(&trees), "j82323");
    }

    #[test]
    fn binary_and_empty() {
        let bits = [true, false, false, false, true, false, true];
        assert_eq!(encode_binary(&bits), "h8");
        assert_eq!(Reader::new("h8", 1).binary(7).unwrap(), bits);
        assert_eq!(encode_empty(&[false; 7]), "");
        assert_eq!(encode_empty(&bits), "h8");
        assert!(Reader::new("w", 1).binary(5).is_err());
    }

    #[test]
    fn circles_read_pzprjs_masyu_example() {
        // pzprjs's mashu test, 6x6 `1063000i3000`.
        let mut r = Reader::new("1063000i3000", 1);
        let v = r.circles(36).unwrap();
        assert!(r.is_empty());
        let mut want = [0; 36];
        for (i, v) in [(2, 1), (7, 2), (10, 1), (21, 2), (25, 1)] {
            want[i] = v;
        }
        assert_eq!(v, want);
        assert_eq!(encode_circles(&v).unwrap(), "1063000i3000");
        assert!(encode_circles(&[3]).is_err());
    }
}
