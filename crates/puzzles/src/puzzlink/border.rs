//! Border: the walls between cells that cut a grid into regions (Star
//! Battle, Norinori, Suguru, and every region genre of puzz.link).

use super::EncodeError;
use super::body::{Reader, base36};
use crate::family::ParseError;

/// The walls of a `rows x cols` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Borders {
    rows: usize,
    cols: usize,
    /// Between `(r, c)` and `(r, c + 1)`: `rows * (cols - 1)`, row-major.
    vertical: Vec<bool>,
    /// Between `(r, c)` and `(r + 1, c)`: `(rows - 1) * cols`, row-major.
    horizontal: Vec<bool>,
}

impl Reader<'_> {
    /// Border: the `rows * (cols - 1)` walls between horizontal neighbours
    /// (row by row), then the `(rows - 1) * cols` walls between vertical
    /// ones, five a character (base 32, the first wall in the highest
    /// bit), each part padded to whole characters. A body that ends early
    /// leaves the other walls out.
    pub fn border(&mut self, rows: usize, cols: usize) -> Result<Borders, ParseError> {
        let vertical = self.bits(rows * cols.saturating_sub(1))?;
        let horizontal = self.bits(rows.saturating_sub(1) * cols)?;
        Ok(Borders {
            rows,
            cols,
            vertical,
            horizontal,
        })
    }

    fn bits(&mut self, n: usize) -> Result<Vec<bool>, ParseError> {
        let mut out = vec![false; n];
        for chunk in out.chunks_mut(5) {
            let Some(b) = self.next_byte() else { break };
            let v = char::from(b)
                .to_digit(32)
                .filter(|_| !b.is_ascii_uppercase())
                .ok_or_else(|| self.unexpected("a Border group"))?;
            for (i, bit) in chunk.iter_mut().enumerate() {
                *bit = v >> (4 - i) & 1 == 1;
            }
        }
        Ok(out)
    }
}

impl Borders {
    /// The walls between cells of different labels (`labels` row-major);
    /// an error names a label whose cells are not one connected area
    /// (puzz.link would read it back as several regions).
    pub fn from_regions<L: PartialEq>(
        rows: usize,
        cols: usize,
        labels: &[L],
    ) -> Result<Borders, EncodeError> {
        if labels.len() != rows * cols {
            return Err(EncodeError::new(format!(
                "{} labels for a {rows}x{cols} grid",
                labels.len()
            )));
        }
        let at = |r: usize, c: usize| &labels[r * cols + c];
        let mut vertical = Vec::with_capacity(rows * cols.saturating_sub(1));
        for r in 0..rows {
            for c in 1..cols {
                vertical.push(at(r, c - 1) != at(r, c));
            }
        }
        let mut horizontal = Vec::with_capacity(rows.saturating_sub(1) * cols);
        for r in 1..rows {
            for c in 0..cols {
                horizontal.push(at(r - 1, c) != at(r, c));
            }
        }
        let borders = Borders {
            rows,
            cols,
            vertical,
            horizontal,
        };
        // Each label must be one area: as many areas as labels.
        let areas = borders.regions();
        for i in 0..labels.len() {
            if let Some(j) = (0..i).find(|&j| labels[j] == labels[i] && areas[j] != areas[i]) {
                return Err(EncodeError::new(format!(
                    "r{}c{} and r{}c{} are in one region but not connected: puzz.link's \
                     walls cannot say so",
                    j / cols + 1,
                    j % cols + 1,
                    i / cols + 1,
                    i % cols + 1
                )));
            }
        }
        Ok(borders)
    }

    /// Whether there is a wall between `(r, c)` and `(r, c + 1)`.
    pub fn right_of(&self, r: usize, c: usize) -> bool {
        c + 1 < self.cols && self.vertical[r * (self.cols - 1) + c]
    }

    /// Whether there is a wall between `(r, c)` and `(r + 1, c)`.
    pub fn below(&self, r: usize, c: usize) -> bool {
        r + 1 < self.rows && self.horizontal[r * self.cols + c]
    }

    /// The region of each cell (row-major): the areas the walls cut out,
    /// numbered from 0 in the order of their first cells.
    pub fn regions(&self) -> Vec<usize> {
        let (rows, cols) = (self.rows, self.cols);
        let mut label = vec![usize::MAX; rows * cols];
        let mut next = 0;
        let mut stack = Vec::new();
        for start in 0..rows * cols {
            if label[start] != usize::MAX {
                continue;
            }
            label[start] = next;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let (r, c) = (i / cols, i % cols);
                let mut visit = |j: usize| {
                    if label[j] == usize::MAX {
                        label[j] = next;
                        stack.push(j);
                    }
                };
                if c + 1 < cols && !self.right_of(r, c) {
                    visit(i + 1);
                }
                if c > 0 && !self.right_of(r, c - 1) {
                    visit(i - 1);
                }
                if r + 1 < rows && !self.below(r, c) {
                    visit(i + cols);
                }
                if r > 0 && !self.below(r - 1, c) {
                    visit(i - cols);
                }
            }
            next += 1;
        }
        label
    }

    /// The Border body (see [`Reader::border`]).
    pub fn encode(&self) -> String {
        let part = |bits: &[bool]| -> String {
            bits.chunks(5)
                .map(|chunk| {
                    let v = chunk
                        .iter()
                        .enumerate()
                        .fold(0, |v, (i, &b)| v | usize::from(b) << (4 - i));
                    base36(v)
                })
                .collect()
        };
        part(&self.vertical) + &part(&self.horizontal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pzprjs_norinori_example() {
        // pzprjs's norinori test: 5x5 `cag4ocjo`.
        let mut r = Reader::new("cag4ocjo", 1);
        let b = r.border(5, 5).unwrap();
        assert!(r.is_empty());
        let labels = b.regions();
        // Regions as letters, row by row.
        let text: String = labels
            .chunks(5)
            .map(|row| {
                row.iter()
                    .map(|&l| char::from(b'a' + l as u8))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/");
        // The same rooms as the file form of that test: `0 0 1 2 2 / 1 1 1 2 2 /
        // 1 3 3 2 2 / 3 3 3 3 3 / 4 4 3 3 3`.
        assert_eq!(text, "aabcc/bbbcc/bddcc/ddddd/eeddd");
        assert_eq!(b.encode(), "cag4ocjo");
        assert_eq!(Borders::from_regions(5, 5, &labels).unwrap(), b);
    }

    #[test]
    fn one_row_and_one_column_grids() {
        let b = Borders::from_regions(1, 4, &[0, 0, 1, 1]).unwrap();
        assert_eq!(b.encode(), "8");
        assert_eq!(
            Reader::new("8", 1).border(1, 4).unwrap().regions(),
            vec![0, 0, 1, 1]
        );
        let b = Borders::from_regions(3, 1, &[5, 6, 6]).unwrap();
        assert_eq!(b.encode(), "g");
        assert_eq!(
            Reader::new("g", 1).border(3, 1).unwrap().regions(),
            vec![0, 1, 1]
        );
    }

    #[test]
    fn a_region_in_two_pieces_cannot_be_written() {
        let e = Borders::from_regions(1, 3, &['a', 'b', 'a']).unwrap_err();
        assert!(e.to_string().contains("r1c1 and r1c3"), "{e}");
    }

    #[test]
    fn stray_characters_are_errors() {
        assert!(Reader::new("w", 1).border(2, 2).is_err());
        assert!(Reader::new("A", 1).border(2, 2).is_err());
    }
}
