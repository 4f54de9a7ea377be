//! Text helpers shared by the shading and placement families (Light Up,
//! Tents, Binairo): the `ROWS COLS` header line (or `N` for a square
//! grid), rows of one-symbol cells (whitespace-separated, or run together
//! as one word), the solution header check, and a cursor over a Tatham
//! game ID whose errors name the column.

use crate::family::ParseError;
use crate::text::{Reader, Token};

/// A header line: the grid's size and any words after the numbers.
#[derive(Debug)]
pub(crate) struct Header<'a> {
    /// Rows of the grid.
    pub(crate) rows: usize,
    /// Columns of the grid.
    pub(crate) cols: usize,
    /// Tokens after the size (a family's options), for the caller to check.
    pub(crate) extra: Vec<Token<'a>>,
}

/// Reads the header line `ROWS COLS` (or `N`: an `N x N` grid), each
/// number in `1..=max`, followed by any words (returned for the caller to
/// accept or reject).
pub(crate) fn header<'a>(r: &mut Reader<'a>, max: usize) -> Result<Header<'a>, ParseError> {
    let line = r.line_no();
    let tokens = r.line("a header line 'ROWS COLS'")?;
    let numeric = tokens
        .iter()
        .take_while(|t| t.text.bytes().all(|b| b.is_ascii_digit()))
        .count();
    let max = max as i64;
    match numeric {
        0 => Err(match tokens.first() {
            Some(t) => t.error(format!(
                "expected a header line 'ROWS COLS', found '{}'",
                t.text
            )),
            None => ParseError::at_line(line, "expected a header line 'ROWS COLS', found nothing"),
        }),
        1 => {
            let n = tokens[0].number("the grid size", 1, max)? as usize;
            Ok(Header {
                rows: n,
                cols: n,
                extra: tokens[1..].to_vec(),
            })
        }
        _ => {
            let rows = tokens[0].number("ROWS", 1, max)? as usize;
            let cols = tokens[1].number("COLS", 1, max)? as usize;
            if numeric > 2 {
                return Err(
                    tokens[2].error("expected a header line 'ROWS COLS', found a third number")
                );
            }
            Ok(Header {
                rows,
                cols,
                extra: tokens[2..].to_vec(),
            })
        }
    }
}

/// The grid lines after a header `R C` (its R), for the record shape of a
/// family whose records are the header and one line per row.
pub(crate) fn header_rows(line: &str) -> Option<usize> {
    header_size(line, false).map(|(rows, _)| rows)
}

/// The size a header line announces, for record shapes: `None` if it is
/// not a header line (`allow_words`: words may follow the numbers).
pub(crate) fn header_size(line: &str, allow_words: bool) -> Option<(usize, usize)> {
    let mut words = line.split_whitespace();
    let first: usize = words.next()?.parse().ok()?;
    let rest: Vec<&str> = words.collect();
    let (rows, cols, more) = match rest.first().and_then(|w| w.parse::<usize>().ok()) {
        Some(cols) => (first, cols, &rest[1..]),
        None => (first, first, &rest[..]),
    };
    if rows == 0 || cols == 0 || (!allow_words && !more.is_empty()) {
        return None;
    }
    if more.iter().any(|w| w.parse::<usize>().is_ok()) {
        return None;
    }
    Some((rows, cols))
}

/// Whether a record is a one-line form (a game ID): one non-empty line
/// containing `:`.
pub(crate) fn is_one_line(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    match (lines.next(), lines.next()) {
        (Some(l), None) => l.contains(':'),
        _ => false,
    }
}

/// Parses a one-line record (see [`is_one_line`]) with `parse`, which
/// reads the line alone: its errors are moved to the line the record has
/// it on.
pub(crate) fn parse_one_line<T>(
    text: &str,
    parse: impl FnOnce(&str) -> Result<T, ParseError>,
) -> Result<T, ParseError> {
    let row = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let line = text.lines().nth(row).unwrap_or("");
    parse(line).map_err(|e| e.relocated(row + 1))
}

/// The next line as `cols` one-symbol cells: `cols` whitespace-separated
/// tokens, or a single word of `cols` characters (each its own token, with
/// its own column).
pub(crate) fn cells<'a>(
    r: &mut Reader<'a>,
    cols: usize,
    what: &str,
) -> Result<Vec<Token<'a>>, ParseError> {
    let line = r.line_no();
    let tokens = r.line(what)?;
    if tokens.len() == cols {
        return Ok(tokens);
    }
    if let [word] = tokens.as_slice() {
        if cols > 1 && word.text.chars().count() == cols {
            return Ok(word
                .text
                .char_indices()
                .enumerate()
                .map(|(i, (b, ch))| Token {
                    text: &word.text[b..b + ch.len_utf8()],
                    line: word.line,
                    column: word.column + i,
                })
                .collect());
        }
    }
    Err(ParseError::at_line(
        line,
        format!("expected {cols} cells in {what}, found {}", tokens.len()),
    ))
}

/// Reads a solution's header line and checks it is the puzzle's:
/// `expected` is the puzzle's header as the family writes it.
pub(crate) fn solution_header(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    expected: &str,
    max: usize,
) -> Result<(), ParseError> {
    let line = r.line_no();
    let h = header(r, max)?;
    let words: Vec<&str> = h.extra.iter().map(|t| t.text).collect();
    let want: Vec<&str> = expected.split_whitespace().skip(2).collect();
    if (h.rows, h.cols) != (rows, cols) || words != want {
        return Err(ParseError::at_line(
            line,
            format!("expected the puzzle's header line '{expected}'"),
        ));
    }
    Ok(())
}

/// Writes `rows` lines of `cols` tokens separated by single spaces.
pub(crate) fn write_grid<'t>(
    out: &mut String,
    rows: usize,
    cols: usize,
    token: impl Fn(usize, usize) -> &'t str,
) {
    for r in 0..rows {
        for c in 0..cols {
            if c > 0 {
                out.push(' ');
            }
            out.push_str(token(r, c));
        }
        out.push('\n');
    }
}

/// A cursor over a one-line game ID, with errors at its columns.
#[derive(Debug)]
pub(crate) struct IdCursor<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    /// Column (from 1) of the first character of `text` on its line.
    first_column: usize,
}

impl<'a> IdCursor<'a> {
    /// A cursor over `line` (leading and trailing whitespace ignored).
    pub(crate) fn new(line: &'a str) -> IdCursor<'a> {
        let lead = line.len() - line.trim_start().len();
        IdCursor {
            text: line.trim(),
            pos: 0,
            first_column: line[..lead].chars().count() + 1,
        }
    }

    /// The column (from 1) of the next character.
    pub(crate) fn column(&self) -> usize {
        self.first_column + self.text[..self.pos].chars().count()
    }

    /// An error at the next character.
    pub(crate) fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at(1, self.column(), message)
    }

    /// The next character, if any.
    pub(crate) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Takes the next character.
    pub(crate) fn next_char(&mut self) -> Option<char> {
        let ch = self.peek()?;
        self.pos += ch.len_utf8();
        Some(ch)
    }

    /// Takes `ch` if it comes next.
    pub(crate) fn eat(&mut self, ch: char) -> bool {
        if self.peek() == Some(ch) {
            self.pos += ch.len_utf8();
            true
        } else {
            false
        }
    }

    /// A decimal number in `lo..=hi` (`what` names it in errors).
    pub(crate) fn number(&mut self, what: &str, lo: usize, hi: usize) -> Result<usize, ParseError> {
        let start = self.pos;
        let column = self.column();
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = &self.text[start..self.pos];
        if digits.is_empty() {
            return Err(match self.peek() {
                Some(c) => self.error(format!("expected {what}, found '{c}'")),
                None => self.error(format!("expected {what}, found the end of the ID")),
            });
        }
        match digits.parse::<usize>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(ParseError::at(
                1,
                column,
                format!("{what} {digits} is out of range ({lo} to {hi})"),
            )),
        }
    }

    /// Reads the `W` or `WxH` size at the start of the parameters (width
    /// first, as Tatham writes it), each in `1..=max`: `(rows, cols)`.
    pub(crate) fn size(&mut self, max: usize) -> Result<(usize, usize), ParseError> {
        let w = self.number("the width", 1, max)?;
        let h = if self.eat('x') {
            self.number("the height", 1, max)?
        } else {
            w
        };
        Ok((h, w))
    }

    /// Skips to just after the `:` that ends the parameters; an error if
    /// there is none.
    pub(crate) fn expect_colon(&mut self) -> Result<(), ParseError> {
        if self.eat(':') {
            Ok(())
        } else {
            Err(match self.peek() {
                Some(c) => self.error(format!("unexpected '{c}' in the game parameters")),
                None => self.error("expected ':' after the game parameters"),
            })
        }
    }
}

/// Reads `rows` rows of `cols` tokens, each `-` (no number) or a number in
/// `1..=max` (Nurikabe's and Fillomino's problem grids); `what` names the
/// numbers in errors ("a clue").
pub(crate) fn read_numbers(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    what: &str,
    max: u32,
) -> Result<Vec<Option<u32>>, ParseError> {
    read_numbers_or_unknown(r, rows, cols, what, max, None)
}

/// [`read_numbers`], where a `?` (a number not given) reads as
/// `Some(unknown)` if `unknown` is set, and is an error otherwise.
pub(crate) fn read_numbers_or_unknown(
    r: &mut Reader<'_>,
    rows: usize,
    cols: usize,
    what: &str,
    max: u32,
    unknown: Option<u32>,
) -> Result<Vec<Option<u32>>, ParseError> {
    let mut out = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {} of the grid", row + 1))? {
            out.push(match t.text {
                "-" => None,
                "?" if unknown.is_some() => unknown,
                s if s.bytes().all(|b| b.is_ascii_digit()) => {
                    Some(t.number(what, 1, i64::from(max))? as u32)
                }
                s if unknown.is_some() => {
                    return Err(t.error(format!(
                        "expected '-', '?' or {what} (a number), found '{s}'"
                    )));
                }
                s => {
                    return Err(t.error(format!("expected '-' or {what} (a number), found '{s}'")));
                }
            });
        }
    }
    Ok(out)
}

/// Writes `rows` lines of `cols` tokens: the number, or `-` for none.
pub(crate) fn write_numbers(out: &mut String, rows: usize, cols: usize, numbers: &[Option<u32>]) {
    for r in 0..rows {
        for c in 0..cols {
            if c > 0 {
                out.push(' ');
            }
            match numbers[r * cols + c] {
                Some(n) => out.push_str(&n.to_string()),
                None => out.push('-'),
            }
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_rows_then_columns_or_one_size() {
        let mut r = Reader::new("3 4\n");
        let h = header(&mut r, 9).unwrap();
        assert_eq!((h.rows, h.cols), (3, 4));
        let mut r = Reader::new("5 unique\n");
        let h = header(&mut r, 9).unwrap();
        assert_eq!((h.rows, h.cols, h.extra[0].text), (5, 5, "unique"));
        let e = header(&mut Reader::new("3 4 5\n"), 9).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(5)));
        let e = header(&mut Reader::new("x 4\n"), 9).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        let e = header(&mut Reader::new("3 0\n"), 9).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(3)));
        assert_eq!(header_size("7 7", false), Some((7, 7)));
        assert_eq!(header_size("6 8 unique", true), Some((6, 8)));
        assert_eq!(header_size("6 unique", false), None);
        assert_eq!(header_size("6 8 9", true), None);
        assert_eq!(header_size("- - x", true), None);
    }

    #[test]
    fn rows_may_run_their_cells_together() {
        let mut r = Reader::new("x-1\nx - 1\nx-\n");
        let a = cells(&mut r, 3, "row 1").unwrap();
        assert_eq!(
            a.iter().map(|t| t.text).collect::<Vec<_>>(),
            ["x", "-", "1"]
        );
        assert_eq!(a[2].column, 3);
        let b = cells(&mut r, 3, "row 2").unwrap();
        assert_eq!(b[2].column, 5);
        let e = cells(&mut r, 3, "row 3").unwrap_err();
        assert_eq!(e.to_string(), "line 3: expected 3 cells in row 3, found 1");
    }

    #[test]
    fn the_id_cursor_names_columns() {
        let mut c = IdCursor::new("  10x7:ab");
        assert_eq!(c.size(50).unwrap(), (7, 10));
        c.expect_colon().unwrap();
        assert_eq!(c.column(), 8);
        assert_eq!(c.next_char(), Some('a'));
        let mut c = IdCursor::new("0x7:");
        assert_eq!(c.size(50).unwrap_err().column, Some(1));
        let mut c = IdCursor::new("7y:");
        c.size(50).unwrap();
        assert_eq!(c.expect_colon().unwrap_err().column, Some(2));
        assert!(is_one_line("7x7:abc\n\n"));
        assert!(!is_one_line("7 7\n- -\n"));
    }
}
