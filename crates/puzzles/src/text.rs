//! The plain text layout every family shares: a header line of numbers,
//! then rows of whitespace-separated tokens, `-` for an empty cell.
//!
//! [`Reader`] walks a record line by line and gives errors that name the
//! line and column (both from 1, counted in the record), so every family's
//! parser reports bad input the same way.
//!
//! ```
//! use gridcsp_puzzles::text::Reader;
//! let mut r = Reader::new("2 3\n1 - 3\n- 5 -\n");
//! let [rows, cols] = r.header("ROWS COLS", 1, 64)?;
//! assert_eq!((rows, cols), (2, 3));
//! let row = r.row(cols, "a row of cells")?;
//! assert_eq!(row[1].text, "-");
//! assert_eq!((row[2].line, row[2].column), (2, 5));
//! # Ok::<(), gridcsp_puzzles::ParseError>(())
//! ```

use crate::family::ParseError;

/// One token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token.
    pub text: &'a str,
    /// Its line, from 1.
    pub line: usize,
    /// Its first character's column, from 1.
    pub column: usize,
}

impl Token<'_> {
    /// An error at this token.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at(self.line, self.column, message)
    }

    /// Whether the token is `-` (an empty cell).
    pub fn is_empty_cell(&self) -> bool {
        self.text == "-"
    }

    /// The token as a number in `lo..=hi`, or an error naming `what`.
    pub fn number(&self, what: &str, lo: i64, hi: i64) -> Result<i64, ParseError> {
        match self.text.parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            Ok(v) => Err(self.error(format!("{what} {v} is out of range ({lo} to {hi})"))),
            Err(_) => Err(self.error(format!("expected {what}, found '{}'", self.text))),
        }
    }
}

/// Splits a line into tokens with their columns (in characters).
pub fn tokens(line_no: usize, line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (i, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push(Token {
                    text: &line[b..i],
                    line: line_no,
                    column: c,
                });
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if let Some((b, c)) = start {
        out.push(Token {
            text: &line[b..],
            line: line_no,
            column: c,
        });
    }
    out
}

/// Reads a record line by line.
#[derive(Debug)]
pub struct Reader<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Reader<'a> {
    /// A reader over `text`'s lines. Trailing empty lines are ignored.
    pub fn new(text: &'a str) -> Reader<'a> {
        let mut lines: Vec<&str> = text.lines().collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        Reader { lines, next: 0 }
    }

    /// The number (from 1) of the next line.
    pub fn line_no(&self) -> usize {
        self.next + 1
    }

    /// Whether every line has been read.
    pub fn at_end(&self) -> bool {
        self.next >= self.lines.len()
    }

    /// The next line's tokens, or an error naming what was expected.
    pub fn line(&mut self, what: &str) -> Result<Vec<Token<'a>>, ParseError> {
        let Some(&line) = self.lines.get(self.next) else {
            return Err(ParseError::at_line(
                self.line_no(),
                format!("expected {what}, found the end of the puzzle"),
            ));
        };
        self.next += 1;
        if let Some(col) = line.chars().position(|c| c == '\u{feff}') {
            return Err(ParseError::at(
                self.next,
                col + 1,
                "unexpected byte-order mark U+FEFF",
            ));
        }
        Ok(tokens(self.next, line))
    }

    /// The next line as exactly `len` tokens.
    pub fn row(&mut self, len: usize, what: &str) -> Result<Vec<Token<'a>>, ParseError> {
        let line = self.line_no();
        let row = self.line(what)?;
        if row.len() != len {
            return Err(ParseError::at_line(
                line,
                format!("expected {len} tokens in {what}, found {}", row.len()),
            ));
        }
        Ok(row)
    }

    /// A header line of `N` numbers, each in `lo..=hi`, described by
    /// `names` ("ROWS COLS") in errors.
    pub fn header<const N: usize>(
        &mut self,
        names: &str,
        lo: usize,
        hi: usize,
    ) -> Result<[usize; N], ParseError> {
        let line = self.line_no();
        let tokens = self.line(&format!("a header line '{names}'"))?;
        if tokens.len() != N {
            return Err(ParseError::at_line(
                line,
                format!(
                    "expected a header line '{names}' ({N} numbers), found {} tokens",
                    tokens.len()
                ),
            ));
        }
        let mut out = [0usize; N];
        let words: Vec<&str> = names.split_whitespace().collect();
        for (i, t) in tokens.iter().enumerate() {
            let what = words.get(i).copied().unwrap_or("a number");
            out[i] = t.number(what, lo as i64, hi as i64)? as usize;
        }
        Ok(out)
    }

    /// Fails unless every line has been read.
    pub fn end(&self) -> Result<(), ParseError> {
        match self.lines.get(self.next) {
            None => Ok(()),
            Some(_) => Err(ParseError::at_line(
                self.line_no(),
                "unexpected text after the end of the puzzle",
            )),
        }
    }
}

/// Parses the numbers of a header line (`"9 9"` gives `[9, 9]`), for
/// [`RecordShape::Header`](crate::RecordShape::Header)'s `lines`
/// functions; `None` if a token is not a number.
pub fn header_numbers(line: &str) -> Option<Vec<usize>> {
    line.split_whitespace().map(|t| t.parse().ok()).collect()
}

/// Writes rows of tokens, separated by single spaces.
pub fn write_rows<'t, I, R>(out: &mut String, rows: I)
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = &'t str>,
{
    for row in rows {
        let mut first = true;
        for t in row {
            if !first {
                out.push(' ');
            }
            first = false;
            out.push_str(t);
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_columns() {
        let t = tokens(3, "  ab  c\td");
        let got: Vec<_> = t.iter().map(|t| (t.text, t.line, t.column)).collect();
        assert_eq!(got, vec![("ab", 3, 3), ("c", 3, 7), ("d", 3, 9)]);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let mut r = Reader::new("2 x\n");
        let e = r.header::<2>("ROWS COLS", 1, 9).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 3: expected COLS, found 'x'");
        let mut r = Reader::new("2 2\n1 2 3\n");
        r.header::<2>("ROWS COLS", 1, 9).unwrap();
        let e = r.row(2, "row 1").unwrap_err();
        assert_eq!(e.to_string(), "line 2: expected 2 tokens in row 1, found 3");
        let e = Reader::new("1 1\n").header::<3>("R C S", 1, 9).unwrap_err();
        assert!(
            e.to_string().starts_with("line 1: expected a header"),
            "{e}"
        );
        let mut r = Reader::new("1 1\n\u{feff}-\n");
        r.header::<2>("R C", 1, 9).unwrap();
        let e = r.row(1, "row 1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: unexpected byte-order mark U+FEFF"
        );
    }

    #[test]
    fn missing_and_extra_lines_are_errors() {
        let mut r = Reader::new("1 1\n");
        r.header::<2>("R C", 1, 9).unwrap();
        let e = r.row(1, "row 1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: expected row 1, found the end of the puzzle"
        );
        let mut r = Reader::new("1\n2\n\n");
        r.line("x").unwrap();
        assert!(r.end().is_err());
        r.line("x").unwrap();
        assert!(r.end().is_ok());
    }
}
