//! The cursor over a URL's body that every decoder reads from, and the
//! clue type most encodings share.

use crate::family::ParseError;

/// A clue of a cell (or of a number outside the grid) as puz.link encodes
/// it: none, a clue whose number is not given (drawn `?`), or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// No clue.
    Empty,
    /// A clue without a number (`?` on puzz.link; `.` in most bodies).
    Unknown,
    /// A number.
    Number(u32),
}

impl Clue {
    /// The number, if the clue has one.
    pub fn number(self) -> Option<u32> {
        match self {
            Clue::Number(n) => Some(n),
            _ => None,
        }
    }

    /// `Number(n)` for `Some(n)`, `Empty` for `None`.
    pub fn from_option(n: Option<u32>) -> Clue {
        n.map_or(Clue::Empty, Clue::Number)
    }
}

/// A cursor over the body of a puzz.link URL (the part after the size).
/// Each decoder reads its part and leaves the cursor after it, so a genre
/// of several parts reads them in turn; [`Reader::finish`] says whether
/// anything is left over. Errors name the column of the URL line.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    body: &'a [u8],
    pos: usize,
    /// The 1-based column (in characters) of the body's first byte.
    column: usize,
}

impl<'a> Reader<'a> {
    /// A cursor over `body` (ASCII: [`Url::parse`](super::Url::parse)
    /// checks it), whose first character is at `column` (1-based) of its
    /// line.
    pub fn new(body: &'a str, column: usize) -> Reader<'a> {
        Reader {
            body: body.as_bytes(),
            pos: 0,
            column,
        }
    }

    /// Whether the whole body has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.body.len()
    }

    /// What is left, unread.
    pub fn rest(&self) -> &'a str {
        std::str::from_utf8(&self.body[self.pos.min(self.body.len())..]).unwrap_or("")
    }

    /// The next character, not consumed.
    pub(crate) fn peek(&self) -> Option<u8> {
        self.body.get(self.pos).copied()
    }

    /// The next character, consumed.
    pub(crate) fn next_byte(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        Some(b)
    }

    /// An error at the character `back` places before the cursor.
    pub(crate) fn error_back(&self, back: usize, message: impl Into<String>) -> ParseError {
        ParseError::at(1, self.column + self.pos.saturating_sub(back), message)
    }

    /// An error at the cursor.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        self.error_back(0, message)
    }

    /// An error about the character just read.
    pub(crate) fn unexpected(&self, what: &str) -> ParseError {
        let ch = self
            .pos
            .checked_sub(1)
            .and_then(|i| self.body.get(i))
            .map_or('?', |&b| char::from(b));
        self.error_back(1, format!("unexpected {ch:?} in {what}"))
    }

    /// `n` digits of base `radix`, consumed; an error names what is
    /// missing.
    pub(crate) fn digits(&mut self, n: usize, radix: u32, what: &str) -> Result<u32, ParseError> {
        let mut v: u32 = 0;
        for _ in 0..n {
            let Some(b) = self.next_byte() else {
                return Err(self.error(format!("the URL ends inside {what}")));
            };
            let d = char::from(b)
                .to_digit(radix)
                .ok_or_else(|| self.unexpected(what))?;
            v = v.saturating_mul(radix).saturating_add(d);
        }
        Ok(v)
    }

    /// The text up to the next `/` (or the end), consumed with the `/`.
    pub fn until_slash(&mut self) -> &'a str {
        let rest = &self.body[self.pos.min(self.body.len())..];
        let n = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
        let part = std::str::from_utf8(&rest[..n]).unwrap_or("");
        self.pos += (n + 1).min(rest.len());
        part
    }

    /// Ends the reading: an error if anything is left over.
    pub fn finish(self) -> Result<(), ParseError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self.error(format!(
                "unexpected {:?} after the end of the puzzle",
                self.rest()
            )))
        }
    }
}

/// The base-36 digit of `v` (`0`-`9`, `a`-`z`); `v` must be below 36.
pub(crate) fn base36(v: usize) -> char {
    char::from_digit(u32::try_from(v).unwrap_or(35).min(35), 36).unwrap_or('z')
}

/// `v` in base `radix`, lower-case (puzz.link's numbers).
pub(crate) fn radix_string(mut v: u32, radix: u32) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit(v % radix, radix).unwrap_or('0'));
        v /= radix;
        if v == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_column_of_the_url_line() {
        let mut r = Reader::new("ab/cd", 20);
        assert_eq!(r.until_slash(), "ab");
        assert_eq!(r.error("here").column, Some(23));
        assert_eq!(r.rest(), "cd");
        let e = r.clone().finish().unwrap_err();
        assert_eq!(e.column, Some(23));
        assert!(e.message.contains("\"cd\""), "{e}");
        assert_eq!(r.until_slash(), "cd");
        assert!(r.finish().is_ok());
    }

    #[test]
    fn digits_read_and_say_what_is_missing() {
        let mut r = Reader::new("1fz", 1);
        assert_eq!(r.digits(2, 16, "a number"), Ok(31));
        assert!(r.digits(1, 16, "a number").is_err());
        let mut r = Reader::new("1", 1);
        let e = r.digits(2, 16, "a number").unwrap_err();
        assert!(e.message.contains("ends inside a number"), "{e}");
    }

    #[test]
    fn radix_strings() {
        assert_eq!(radix_string(0, 16), "0");
        assert_eq!(radix_string(255, 16), "ff");
        assert_eq!(radix_string(35, 36), "z");
        assert_eq!(base36(17), 'h');
    }
}
