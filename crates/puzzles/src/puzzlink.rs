//! puzz.link URLs: the way the pencil-puzzle community shares puzzles
//! (`https://puzz.link/p?slither/10/10/...`), read and written for every
//! family puzz.link has.
//!
//! # Overview
//!
//! - [`Url`] is a URL split into its parts: the genre, an optional
//!   variant (`v:...`) and flags (`pflag`), the width and height, and the
//!   body. [`Url::parse`] reads `https://puzz.link/p?...`, `pzv.jp/p.html?`,
//!   `pzprxs.vercel.app/p?` and any other host of the same layout, with a
//!   `type=editor&` prefix, `_edit`/`_play` after the genre and a trailing
//!   `/`; `Url`'s `Display` writes the canonical `https://puzz.link/p?` form.
//! - The body encodings are written once each and shared by the families:
//!   reading is a [`Reader`] over the body (one method per encoding, each
//!   leaving the cursor after its part), writing an `encode_*` function
//!   (or [`Borders::encode`], [`KakuroBody::encode`]). Errors name the
//!   column of the URL.
//! - A family says which genre it is with
//!   [`Family::puzzlink`] and maps the parts to its
//!   puzzle with [`Family::from_puzzlink`] and
//!   [`Family::to_puzzlink`].
//!   [`AnyFamily::load`] reads a URL beside the
//!   family's own formats, and [`load`] finds the family from the URL.
//!
//! The encodings are those of pzprjs (`src/puzzle/Encode.js`,
//! `src/variety-common/Encode.js`, and each genre's `src/variety/*.js`);
//! `docs/formats/puzzlink.md` describes each one and the genre table.
//!
//! ```
//! use gridcsp_puzzles::{puzzlink, Limits, Solved};
//! let puzzle = puzzlink::load("https://puzz.link/p?mashu/6/6/1063000i3000")?;
//! assert!(matches!(puzzle.solve(&Limits::default()).0, Solved::Solution(_)));
//! assert_eq!(puzzle.puzzlink().unwrap(), "https://puzz.link/p?mashu/6/6/1063000i3000");
//! # Ok::<(), gridcsp_puzzles::ParseError>(())
//! ```

mod body;
mod border;
mod cells;
mod custom;
mod numbers;

pub use body::{Clue, Reader};
pub use border::Borders;
pub use cells::{
    encode_binary, encode_circles, encode_dots, encode_empty, encode_four_cell, encode_one_cell,
};
pub use custom::{KakuroBody, KakuroCell, encode_hitori};
pub use numbers::{
    ArrowClue, Stacks, encode_arrow_number16, encode_number10, encode_number16,
    encode_number16_stacks, encode_room_number16, stack_depths, top_cells,
};

use crate::dynamic::{AnyFamily, AnyPuzzle};
use crate::family::{Family, ParseError};
use std::fmt;

/// The largest width or height read from a URL (no family goes beyond).
pub const MAX_SIDE: usize = 1000;

/// A puzz.link genre: the name written in URLs and the other names read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Genre {
    /// The name gridcsp writes (puzz.link's URL name: `akari`, `mashu`).
    pub name: &'static str,
    /// Other names read as this genre (puzz.link's internal name and its
    /// aliases: `lightup`; `pearl`).
    pub aliases: &'static [&'static str],
}

impl Genre {
    /// Whether `name` is this genre.
    pub fn is(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// Why a puzzle cannot be written as a puzz.link URL (the family is not
/// on puzz.link, or the puzzle uses something its genre cannot say).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
#[non_exhaustive]
pub struct EncodeError {
    /// What cannot be written, in words.
    pub message: String,
}

impl EncodeError {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> EncodeError {
        EncodeError {
            message: message.into(),
        }
    }
}

/// A puzz.link URL in its parts:
/// `p?<genre>[_edit|_play]/[v:<variant>/][<pflag>/]<cols>/<rows>/<body>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    /// The genre as written (`slither`, `pearl`).
    pub genre: String,
    /// The variant after `v:`, if any.
    pub variant: Option<String>,
    /// The flags (a segment that is not a number before the size), empty
    /// if none.
    pub pflag: String,
    /// The width.
    pub cols: usize,
    /// The height.
    pub rows: usize,
    /// The body: the puzzle's encoded contents (may hold `/`).
    pub body: String,
    /// The 1-based column of the size and of the body in the line read
    /// (0 for a URL made with [`Url::new`]).
    columns: (usize, usize),
}

/// Whether `text` is a URL rather than a puzzle in another form: one line
/// that starts with `http://` or `https://`, or with a host name (a `.`
/// before the first `/`) followed by a path and a `?`.
pub fn is_url(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || t.contains(char::is_whitespace) {
        return false;
    }
    let lower = t.get(..8).unwrap_or(t).to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return true;
    }
    match (t.find('/'), t.find('?')) {
        (Some(slash), Some(q)) => {
            let host = &t[..slash];
            slash < q
                && host.contains('.')
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':'))
        }
        _ => false,
    }
}

impl Url {
    /// A URL to write: `genre`, `cols x rows`, `body`; no variant, no flags.
    pub fn new(genre: &str, cols: usize, rows: usize, body: String) -> Url {
        Url {
            genre: genre.to_owned(),
            variant: None,
            pflag: String::new(),
            cols,
            rows,
            body,
            columns: (0, 0),
        }
    }

    /// The same URL with flags `pflag`.
    pub fn with_pflag(mut self, pflag: &str) -> Url {
        pflag.clone_into(&mut self.pflag);
        self
    }

    /// Splits a URL into its parts; errors name the column. Only the
    /// layout is checked here: the genre's own reader checks the body.
    pub fn parse(text: &str) -> Result<Url, ParseError> {
        let lead = text.len() - text.trim_start().len();
        let t = text.trim();
        let col = |byte: usize| text[..lead + byte].chars().count() + 1;
        if let Some(i) = t.find(|c: char| c.is_whitespace()) {
            return Err(ParseError::at(
                1,
                col(i),
                "a URL holds no spaces or line breaks",
            ));
        }
        if let Some(i) = t.find(|c: char| !c.is_ascii()) {
            return Err(ParseError::at(
                1,
                col(i),
                "unexpected character in a puzz.link URL",
            ));
        }
        let Some(q) = t.find('?') else {
            return Err(ParseError::at(
                1,
                1,
                "not a puzz.link URL: no `?` before the genre",
            ));
        };
        // `type=editor&` and other `key=value&` before the genre.
        let mut start = q + 1;
        while let Some(amp) = t[start..].find('&') {
            let param = &t[start..start + amp];
            let simple = |s: &str| {
                !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            };
            match param.split_once('=') {
                Some((k, v)) if simple(k) && simple(v) && !param.contains('/') => {
                    start += amp + 1;
                }
                _ => break,
            }
        }
        let rest = &t[start..];
        let mut segments: Vec<(usize, &str)> = Vec::new();
        let mut at = start;
        for s in rest.split('/') {
            segments.push((at, s));
            at += s.len() + 1;
        }
        // A trailing `/` (puzz.link adds one after a body that ends in a
        // sign) leaves an empty last segment.
        if segments.len() > 1 && segments.last().is_some_and(|&(_, s)| s.is_empty()) {
            segments.pop();
        }
        let mut it = segments.into_iter().peekable();
        let (genre_at, genre) = it.next().unwrap_or((start, ""));
        let genre = genre
            .strip_suffix("_edit")
            .or_else(|| genre.strip_suffix("_play"))
            .unwrap_or(genre);
        if genre.is_empty() {
            return Err(ParseError::at(
                1,
                col(genre_at),
                "the URL names no genre after `?`",
            ));
        }
        if genre.starts_with("pzprv") || genre.starts_with("v:") {
            return Err(ParseError::at(
                1,
                col(genre_at),
                "a puzz.link file URL (the puzzle's file inside the URL): not supported; \
                 open it on puzz.link and copy the puzzle's ordinary URL",
            ));
        }
        let mut variant = None;
        if let Some(&(_, s)) = it.peek()
            && let Some(v) = s.strip_prefix("v:")
        {
            variant = Some(v.to_owned());
            it.next();
        }
        let mut pflag = String::new();
        if let Some(&(_, s)) = it.peek()
            && !s.is_empty()
            && !s.bytes().all(|b| b.is_ascii_digit())
        {
            s.clone_into(&mut pflag);
            it.next();
        }
        let end = col(t.len());
        let mut side = |what: &str| -> Result<(usize, usize), ParseError> {
            let Some((at, s)) = it.next() else {
                return Err(ParseError::at(
                    1,
                    end,
                    format!("the URL ends before its {what}"),
                ));
            };
            match s.parse::<usize>() {
                Ok(n) if (1..=MAX_SIDE).contains(&n) && s.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok((at, n))
                }
                _ => Err(ParseError::at(
                    1,
                    col(at),
                    format!("expected the {what} (1 to {MAX_SIDE}), found {s:?}"),
                )),
            }
        };
        let (size_at, cols) = side("width")?;
        let (_, rows) = side("height")?;
        let parts: Vec<(usize, &str)> = it.collect();
        let body_at = parts.first().map_or(t.len(), |&(at, _)| at);
        let body = parts.iter().map(|&(_, s)| s).collect::<Vec<_>>().join("/");
        Ok(Url {
            genre: genre.to_owned(),
            variant,
            pflag,
            cols,
            rows,
            body,
            columns: (col(size_at), col(body_at)),
        })
    }

    /// A cursor over the body, for the genre's decoders.
    pub fn reader(&self) -> Reader<'_> {
        Reader::new(&self.body, self.columns.1.max(1))
    }

    /// An error about the size (`what` is wrong with it), at its column.
    pub fn size_error(&self, what: impl fmt::Display) -> ParseError {
        ParseError::at(
            1,
            self.columns.0.max(1),
            format!("{}x{} (columns x rows): {what}", self.cols, self.rows),
        )
    }

    /// An error about the whole URL (a flag or variant not supported).
    pub fn error(&self, what: impl Into<String>) -> ParseError {
        ParseError::at(1, 1, what)
    }

    /// An error if the URL has flags or a variant: for genres where
    /// gridcsp reads none. `what` names them for the message.
    pub fn no_flags(&self, family: &str) -> Result<(), ParseError> {
        if let Some(v) = &self.variant {
            return Err(self.error(format!(
                "the puzz.link variant `v:{v}` is not supported by gridcsp's {family}"
            )));
        }
        if !self.pflag.is_empty() {
            return Err(self.error(format!(
                "the puzz.link flags `{}` are not supported by gridcsp's {family}",
                self.pflag
            )));
        }
        Ok(())
    }
}

impl fmt::Display for Url {
    /// The canonical form: `https://puzz.link/p?<genre>/[v:<variant>/]
    /// [<pflag>/]<cols>/<rows>/<body>`, with a `/` after a body that does
    /// not end in a letter or digit (as puzz.link writes it, so that link
    /// shorteners keep the last character).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "https://puzz.link/p?{}/", self.genre)?;
        if let Some(v) = &self.variant {
            write!(f, "v:{v}/")?;
        }
        if !self.pflag.is_empty() {
            write!(f, "{}/", self.pflag)?;
        }
        write!(f, "{}/{}/{}", self.cols, self.rows, self.body)?;
        if !self
            .body
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            f.write_str("/")?;
        }
        Ok(())
    }
}

/// Other puzz.link genres' common aliases and the name puzz.link itself
/// uses, for messages about genres gridcsp lacks.
const OTHER_ALIASES: &[(&str, &str)] = &[
    ("bag", "cave"),
    ("numberlink", "numlin"),
    ("slant", "gokigen"),
];

/// The built-in family whose genre is `genre`, if any.
pub fn family_of(genre: &str) -> Option<&'static dyn AnyFamily> {
    crate::families()
        .iter()
        .copied()
        .find(|f| f.puzzlink().is_some_and(|g| g.is(genre)))
}

/// The error for a URL of `genre` that `wanted` (a family's name, or
/// `None` for any family) cannot read.
fn wrong_genre(url: &Url, wanted: Option<&str>) -> ParseError {
    let genre = &url.genre;
    match (family_of(genre), wanted) {
        (Some(f), Some(w)) => url.error(format!(
            "a puzz.link URL of `{genre}`, a genre of gridcsp's {}, not of {w}: \
             `gridcsp {} ...` reads it",
            f.info().name,
            f.info().name
        )),
        (Some(_), None) => url.error(format!("a puzz.link URL of `{genre}`")),
        (None, _) => {
            let known = OTHER_ALIASES
                .iter()
                .find(|(alias, _)| alias == genre)
                .map(|&(_, name)| name);
            match known {
                Some(name) if name != genre => url.error(format!(
                    "puzz.link genre `{genre}` (`{name}`): gridcsp has no family for it"
                )),
                _ => url.error(format!(
                    "puzz.link genre `{genre}`: gridcsp has no family for it"
                )),
            }
        }
    }
}

/// Reads `text`, a puzz.link URL, as a puzzle of `family`; an error if the
/// URL is of another genre (naming the family that reads it) or the
/// family is not on puzz.link.
pub fn read<F: Family + ?Sized>(family: &F, text: &str) -> Result<F::Puzzle, ParseError> {
    let url = Url::parse(text)?;
    let info = family.info();
    match family.puzzlink() {
        None => {
            let e = wrong_genre(&url, Some(info.name));
            Err(url.error(format!(
                "{} is not on puzz.link ({})",
                info.title, e.message
            )))
        }
        Some(g) if !g.is(&url.genre) => Err(wrong_genre(&url, Some(info.name))),
        Some(_) => family.from_puzzlink(&url),
    }
}

/// Reads a puzz.link URL as a puzzle of the family its genre names.
pub fn load(text: &str) -> Result<Box<dyn AnyPuzzle>, ParseError> {
    let url = Url::parse(text)?;
    let family = family_of(&url.genre).ok_or_else(|| wrong_genre(&url, None))?;
    family.load(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_told_from_game_ids_and_layouts() {
        for url in [
            "https://puzz.link/p?slither/5/5/cbcbcddad",
            "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
            "  puzz.link/p?slither/5/5/cbcbcddad  ",
            "pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
            "HTTPS://PUZZ.LINK/p?x",
        ] {
            assert!(is_url(url), "{url}");
        }
        for not in [
            "4:///4/////2///4////",
            "7x7:b11p2Bb0b01pBBb",
            "5 5\n- - -",
            "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "",
        ] {
            assert!(!is_url(not), "{not}");
        }
    }

    #[test]
    fn parses_every_layout_puzz_link_writes() {
        let u = Url::parse("https://puzz.link/p?slither/5/5/cbcbcddad").unwrap();
        assert_eq!(
            (u.genre.as_str(), u.cols, u.rows, u.body.as_str()),
            ("slither", 5, 5, "cbcbcddad")
        );
        assert_eq!(u.reader().error("x").column, Some(33));
        let u =
            Url::parse("http://pzv.jp/p.html?type=editor&mashu_edit/f/6/7/1063000i3000/").unwrap();
        assert_eq!(u.genre, "mashu");
        assert_eq!(u.pflag, "f");
        assert_eq!((u.cols, u.rows), (6, 7));
        assert_eq!(u.body, "1063000i3000");
        let u = Url::parse("puzz.link/p?starbattle_play/v:x/6/6/1/4ilbhgdnmhou").unwrap();
        assert_eq!(u.variant.as_deref(), Some("x"));
        assert_eq!(u.body, "1/4ilbhgdnmhou");
        let u = Url::parse("https://puzz.link/p?sudoku/4/4/").unwrap();
        assert_eq!(u.body, "");
    }

    #[test]
    fn bad_layouts_name_the_column() {
        let e = Url::parse("https://puzz.link/p?slither/5/x/cb").unwrap_err();
        assert_eq!(e.column, Some(31));
        assert!(e.message.contains("height"), "{e}");
        let e = Url::parse("https://puzz.link/p?slither/5").unwrap_err();
        assert!(e.message.contains("ends before its height"), "{e}");
        assert!(Url::parse("https://puzz.link/p?slither/0/5/").is_err());
        assert!(Url::parse("https://puzz.link/p?slither/5/5000/").is_err());
        assert!(Url::parse("https://puzz.link/").is_err());
        assert!(Url::parse("https://puzz.link/p?/5/5/").is_err());
        let e = Url::parse("https://puzz.link/p?pzprv3/slither/5/5/").unwrap_err();
        assert!(e.message.contains("file URL"), "{e}");
        let e = Url::parse("https://puzz.link/p?slither/5/5/é").unwrap_err();
        assert_eq!(e.column, Some(33));
    }

    #[test]
    fn writes_the_canonical_form_with_a_trailing_slash_after_signs() {
        let u = Url::new("sudoku", 4, 4, "g1k23k3g".to_owned());
        assert_eq!(u.to_string(), "https://puzz.link/p?sudoku/4/4/g1k23k3g");
        let u = Url::new("slither", 2, 2, "0.".to_owned()).with_pflag("f");
        assert_eq!(u.to_string(), "https://puzz.link/p?slither/f/2/2/0./");
        let back = Url::parse(&u.to_string()).unwrap();
        assert_eq!((back.pflag.as_str(), back.body.as_str()), ("f", "0."));
    }

    #[test]
    fn genres_gridcsp_lacks_are_named() {
        let e = load("https://puzz.link/p?tapa/5/5/g").err().unwrap();
        assert!(e.message.contains("`tapa`"), "{e}");
        let e = load("https://puzz.link/p?bag/5/5/g").err().unwrap();
        assert!(e.message.contains("`bag` (`cave`)"), "{e}");
    }
}
