//! The serde forms of the families' puzzles and solutions (feature
//! `serde`): every one is a string, the family's own text.
//!
//! - A puzzle is written as its family writes it: its Tatham game ID where
//!   the family has one and it reads back to the same puzzle, else its
//!   text layout ([`game_id_or_layout`]; each type's docs say which). It is read back with the
//!   family's own [`parse`](crate::Family::parse), so a deserialised puzzle
//!   is always one the parser accepts: bad input is a serde error carrying
//!   the parse error's message (its line and column), never a panic.
//! - A solution (or another grid a puzzle holds: regions, a field of
//!   trees) is written as a header line `ROWS COLS` and then ROWS rows of
//!   COLS tokens, the symbols of the family's solution layout
//!   ([`write_grid`], [`read_grid`]). That is what
//!   [`write_solution`](crate::Family::write_solution) writes, except for
//!   the puzzle's own words on the header line (a Star Battle's star
//!   count), which a solution alone does not know.
//!
//! One mechanism serves every type: [`TextForm`] (to and from the text),
//! and [`serde_text!`] implementing `Serialize` and `Deserialize` on it;
//! [`family_text!`] is the [`TextForm`] of a puzzle through its family's
//! [`Family`] methods.

use crate::family::{Family, ParseError};
use crate::text::{Reader, Token};
use std::fmt;
use std::marker::PhantomData;

/// A value whose serde form is a text of its family.
pub(crate) trait TextForm: Sized {
    /// The text.
    fn to_text(&self) -> String;

    /// Reads the text back: every error names what is wrong and where.
    fn from_text(text: &str) -> Result<Self, ParseError>;
}

/// Serialises `value` as its text.
pub(crate) fn serialize<T: TextForm, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&value.to_text())
}

/// Deserialises a value from its text.
pub(crate) fn deserialize<'de, T: TextForm, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_str(TextVisitor(PhantomData))
}

struct TextVisitor<T>(PhantomData<T>);

impl<T: TextForm> serde::de::Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string: the puzzle or grid in its family's text form")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
        T::from_text(text).map_err(E::custom)
    }
}

/// `Serialize` and `Deserialize` for types implementing [`TextForm`].
macro_rules! serde_text {
    ($($ty:ty),+ $(,)?) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::serde_text::deserialize(deserializer)
            }
        }
    )+};
}
pub(crate) use serde_text;

/// [`TextForm`] and serde for a family's puzzle type: `family_text!(Type,
/// FAMILY)` writes [`game_id_or_layout`], `family_text!(Type, FAMILY,
/// layout)` always the text layout (families without game IDs). Both read
/// back with [`parse`](crate::Family::parse), which takes either form.
macro_rules! family_text {
    ($ty:ty, $family:expr) => {
        impl $crate::serde_text::TextForm for $ty {
            fn to_text(&self) -> String {
                $crate::serde_text::game_id_or_layout(&$family, self)
            }

            fn from_text(text: &str) -> Result<Self, $crate::ParseError> {
                $crate::Family::parse(&$family, text)
            }
        }
        $crate::serde_text::serde_text!($ty);
    };
    ($ty:ty, $family:expr, layout) => {
        impl $crate::serde_text::TextForm for $ty {
            fn to_text(&self) -> String {
                $crate::Family::write(&$family, self)
            }

            fn from_text(text: &str) -> Result<Self, $crate::ParseError> {
                $crate::Family::parse(&$family, text)
            }
        }
        $crate::serde_text::serde_text!($ty);
    };
}
pub(crate) use family_text;

/// A puzzle's game ID if it has one that reads back to the same puzzle,
/// else its text layout. The check (one parse of the ID) keeps the round
/// trip exact even where an ID holds less than the layout (a family's
/// text may carry what Tatham's format has no room for).
pub(crate) fn game_id_or_layout<F: Family>(family: &F, puzzle: &F::Puzzle) -> String {
    match family.write_game_id(puzzle) {
        Some(id) if family.parse(&id).as_ref() == Ok(puzzle) => id,
        _ => family.write(puzzle),
    }
}

/// Writes a grid's text form: the header line `ROWS COLS`, then `rows`
/// lines of `cols` tokens (`token(i)` for the cell of row-major index `i`),
/// separated by single spaces.
pub(crate) fn write_grid<T: AsRef<str>>(
    rows: usize,
    cols: usize,
    token: impl Fn(usize) -> T,
) -> String {
    let mut out = format!("{rows} {cols}\n");
    // An empty row would be no line at all: a grid without columns is its
    // header alone.
    for r in 0..if cols == 0 { 0 } else { rows } {
        for c in 0..cols {
            if c > 0 {
                out.push(' ');
            }
            out.push_str(token(r * cols + c).as_ref());
        }
        out.push('\n');
    }
    out
}

/// The largest side [`read_grid`] reads: no family comes near it; it only
/// keeps `ROWS * COLS` from overflowing.
const MAX_SIDE: usize = 1 << 20;

/// Reads a grid as [`write_grid`] writes it: the header `ROWS COLS`
/// (each up to [`MAX_SIDE`]; the type's own limits are its constructor's
/// to check), then ROWS rows of
/// COLS tokens, each read by `cell` (given the size too, for bounds that
/// depend on it). Returns the size and the cells, row-major.
pub(crate) fn read_grid<T>(
    text: &str,
    mut cell: impl FnMut(&Token<'_>, (usize, usize)) -> Result<T, ParseError>,
) -> Result<(usize, usize, Vec<T>), ParseError> {
    let mut r = Reader::new(text);
    let [rows, cols] = r.header("ROWS COLS", 0, MAX_SIDE)?;
    // Every cell takes a character of the text: no larger allocation than
    // the input, whatever the header says.
    let mut cells = Vec::with_capacity((rows * cols).min(text.len()));
    for row in 0..if cols == 0 { 0 } else { rows } {
        for t in r.row(cols, &format!("row {}", row + 1))? {
            cells.push(cell(&t, (rows, cols))?);
        }
    }
    r.end()?;
    Ok((rows, cols, cells))
}

/// Reads a grid of `x` (shaded, `true`) and `-` cells.
pub(crate) fn read_shaded(
    text: &str,
    shaded: &str,
) -> Result<(usize, usize, Vec<bool>), ParseError> {
    read_grid(text, |t, _| match t.text {
        "x" => Ok(true),
        "-" => Ok(false),
        other => Err(t.error(format!("expected 'x' ({shaded}) or '-', found '{other}'"))),
    })
}

/// Reads a grid of numbers from `lo` to `hi(rows, cols)` (`what` names
/// them in errors) and `-`, read as `blank` where one is given.
pub(crate) fn read_numbers<T: TryFrom<i64> + Copy>(
    text: &str,
    what: &str,
    lo: i64,
    hi: impl Fn(usize, usize) -> i64,
    blank: Option<T>,
) -> Result<(usize, usize, Vec<T>), ParseError> {
    read_grid(text, |t, (rows, cols)| match blank {
        Some(b) if t.is_empty_cell() => Ok(b),
        _ => {
            let v = t.number(what, lo, hi(rows, cols))?;
            T::try_from(v).map_err(|_| t.error(format!("{what} {v} is out of range")))
        }
    })
}

/// The token of a shaded (`x`) or unshaded (`-`) cell.
pub(crate) fn shaded_token(shaded: bool) -> &'static str {
    if shaded { "x" } else { "-" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_round_trip_and_bad_tokens_are_located() {
        let text = write_grid(2, 3, |i| shaded_token(i % 2 == 0));
        assert_eq!(text, "2 3\nx - x\n- x -\n");
        let (rows, cols, cells) = read_shaded(&text, "shaded").expect("reads");
        assert_eq!((rows, cols), (2, 3));
        assert_eq!(cells, [true, false, true, false, true, false]);
        let e = read_shaded("2 3\nx - x\n- q -\n", "shaded").unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(3)));
        let e = read_shaded("2 3\nx - x\n", "shaded").unwrap_err();
        assert_eq!(e.line, Some(3));
        let e = read_shaded("2 3 stars\nx - x\n- x -\n", "shaded").unwrap_err();
        assert_eq!(e.line, Some(1));
        let e = read_shaded("1048577 1\n", "shaded").unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
    }

    #[test]
    fn numbers_are_checked_against_a_bound_of_the_size() {
        let (_, _, cells) =
            read_numbers::<u8>("2 2\n1 2\n- 1\n", "a value", 1, |r, _| r as i64, Some(0))
                .expect("reads");
        assert_eq!(cells, [1, 2, 0, 1]);
        let e =
            read_numbers::<u8>("2 2\n1 3\n2 1\n", "a value", 1, |r, _| r as i64, None).unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        assert!(e.message.contains("out of range (1 to 2)"), "{e}");
        let e =
            read_numbers::<u8>("2 2\n1 -\n2 1\n", "a value", 1, |r, _| r as i64, None).unwrap_err();
        assert!(e.message.contains("expected a value"), "{e}");
    }
}
