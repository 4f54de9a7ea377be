//! The two text formats of `shared/formats/futoshiki.md`: the ASCII grid
//! (multi-line, with signs between cells) and Tatham's one-line game ID.

use crate::puzzle::{Cell, Link, MAX_SIZE, Mode, Puzzle};
use std::fmt;

/// Why a text could not be read as a puzzle.
///
/// Grid errors carry 1-based `line` and `column` numbers (columns count
/// characters); game-ID errors carry the 0-based `entry` index (the cell in
/// row-major order) and the 0-based character `position` in the ID.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but blank lines and comments.
    #[error("no puzzle found")]
    Empty,
    /// The first line of a grid has an even length, so it cannot be a cell row.
    #[error("line {line}: a cell row must have an odd length (2n-1 characters), found {length}")]
    EvenWidth {
        /// The line.
        line: usize,
        /// Its length without trailing spaces.
        length: usize,
    },
    /// The size read from the first line is not supported.
    #[error("line {line}: size {size} is not supported (1 to {MAX_SIZE})")]
    BadSize {
        /// The line.
        line: usize,
        /// The size.
        size: usize,
    },
    /// The grid ends before its 2n-1 lines.
    #[error("line {line}: a {size}x{size} grid needs {expected} lines, found only {found}")]
    TooFewLines {
        /// The line after the last one read.
        line: usize,
        /// The size.
        size: usize,
        /// Lines needed.
        expected: usize,
        /// Lines found.
        found: usize,
    },
    /// Text after a single puzzle's last line (its grid, or its game ID).
    #[error("line {line}: unexpected text after the {size}x{size} puzzle")]
    TrailingText {
        /// The line.
        line: usize,
        /// The size.
        size: usize,
    },
    /// A line longer than 2n-1 characters.
    #[error("line {line}, column {column}: line is longer than {width} characters")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The first column past the allowed width.
        column: usize,
        /// The allowed width.
        width: usize,
    },
    /// A tab character.
    #[error("line {line}, column {column}: tabs are not allowed")]
    Tab {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// A character that means nothing at its position.
    #[error("line {line}, column {column}: unexpected character {ch:?}")]
    UnknownChar {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A cell value greater than the size.
    #[error("line {line}, column {column}: value {value} is greater than the size {size}")]
    ValueTooLarge {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The value.
        value: usize,
        /// The size.
        size: usize,
    },
    /// A non-space at an odd position of a relation row.
    #[error(
        "line {line}, column {column}: {ch:?} between two columns of a relation row (only spaces go there)"
    )]
    OddPositionInRelationRow {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// `<` or `>` in a relation row.
    #[error("line {line}, column {column}: {ch:?} in a relation row (use '^' or 'v' there)")]
    HorizontalSignInRelationRow {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// `^` or `v` in a cell row.
    #[error("line {line}, column {column}: {ch:?} in a cell row (use '<' or '>' there)")]
    VerticalSignInCellRow {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A bar (`|`, `-`) in a grid that also has inequality signs.
    #[error("line {line}, column {column}: {ch:?} mixes Adjacent bars with inequality signs")]
    MixedMarks {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The game ID has no `:`.
    #[error("game ID: missing ':' between the parameters and the description")]
    MissingColon,
    /// The parameters before `:` are not `order[a][d<c>]`.
    #[error("game ID: bad parameters {params:?} at character {position}")]
    BadParams {
        /// The parameter text.
        params: String,
        /// Position of the offending character.
        position: usize,
    },
    /// The order is not supported.
    #[error("game ID: order {order} is not supported (1 to {MAX_SIZE})")]
    BadOrder {
        /// The order.
        order: usize,
    },
    /// Fewer entries than order².
    #[error("game ID: {found} entries, expected {expected} (order squared)")]
    TooFewEntries {
        /// order².
        expected: usize,
        /// Entries read.
        found: usize,
    },
    /// More entries than order².
    #[error("game ID: more than {expected} entries (extra data at character {position})")]
    TooManyEntries {
        /// order².
        expected: usize,
        /// Position of the extra data.
        position: usize,
    },
    /// An entry does not start with a number.
    #[error(
        "game ID: entry {entry} ({cell}), character {position}: expected a number, found {found}"
    )]
    ExpectedNumber {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// Character position.
        position: usize,
        /// What was found (a quoted character, or "the end").
        found: String,
    },
    /// Entries not separated by `,`.
    #[error(
        "game ID: entry {entry} ({cell}), character {position}: expected ',' after the entry, found {ch:?}"
    )]
    MissingComma {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// Character position.
        position: usize,
        /// The character found.
        ch: char,
    },
    /// A number greater than the order.
    #[error(
        "game ID: entry {entry} ({cell}), character {position}: {value} is greater than the order {order}"
    )]
    NumberTooLarge {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// Character position.
        position: usize,
        /// The number.
        value: usize,
        /// The order.
        order: usize,
    },
    /// A flag pointing off the grid.
    #[error("game ID: entry {entry} ({cell}): flag {flag:?} points off the grid")]
    FlagOffGrid {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// The flag.
        flag: char,
    },
    /// Two neighbours each claiming to be greater.
    #[error(
        "game ID: entry {entry} ({cell}) has flag {flag:?} and its neighbour {other} claims the opposite"
    )]
    ContradictoryFlags {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// The flag.
        flag: char,
        /// The neighbour.
        other: Cell,
    },
    /// Adjacent mode: a bar flag without its mirror on the neighbour.
    #[error(
        "game ID (Adjacent): entry {entry} ({cell}) has flag {flag:?} but its neighbour {other} lacks the matching flag"
    )]
    UnmatchedBar {
        /// The entry index.
        entry: usize,
        /// Its cell.
        cell: Cell,
        /// The flag.
        flag: char,
        /// The neighbour.
        other: Cell,
    },
}

impl ParseError {
    /// The 1-based (line, column) of a grid error, if it has one.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        use ParseError::*;
        match *self {
            LineTooLong { line, column, .. }
            | Tab { line, column }
            | UnknownChar { line, column, .. }
            | ValueTooLarge { line, column, .. }
            | OddPositionInRelationRow { line, column, .. }
            | HorizontalSignInRelationRow { line, column, .. }
            | VerticalSignInCellRow { line, column, .. }
            | MixedMarks { line, column, .. } => Some((line, column)),
            EvenWidth { line, .. }
            | BadSize { line, .. }
            | TooFewLines { line, .. }
            | TrailingText { line, .. } => Some((line, 1)),
            _ => None,
        }
    }

    /// The same error with its line numbers moved down by `lines` (for a
    /// grid that starts further down a file).
    fn shifted(self, lines: usize) -> ParseError {
        use ParseError::*;
        let mut e = self;
        match &mut e {
            LineTooLong { line, .. }
            | Tab { line, .. }
            | UnknownChar { line, .. }
            | ValueTooLarge { line, .. }
            | OddPositionInRelationRow { line, .. }
            | HorizontalSignInRelationRow { line, .. }
            | VerticalSignInCellRow { line, .. }
            | MixedMarks { line, .. }
            | EvenWidth { line, .. }
            | BadSize { line, .. }
            | TooFewLines { line, .. }
            | TrailingText { line, .. } => *line += lines,
            _ => {}
        }
        e
    }
}

/// The grid symbol of a value: `.` for blank, `1`-`9`, then `A`-`Z` (`?`
/// above 35). The shared notation of [`csp_core::grid::value_symbol`].
pub fn value_char(v: u8) -> char {
    csp_core::grid::value_symbol(u32::from(v)).unwrap_or('?')
}

/// The value of a grid cell symbol: `Some(0)` for a blank (`.` or `0`),
/// `None` for a character that is not a cell symbol. Lower-case letters are
/// read as their upper-case values, as the format allows.
pub fn char_value(ch: char) -> Option<usize> {
    csp_core::grid::symbol_value(ch, true).map(|v| v as usize)
}

// ---------------------------------------------------------------- grid form

/// Writes the grid form: 2n-1 lines, each padded to 2n-1 characters and
/// ended by `\n`.
pub(crate) fn write_grid(p: &Puzzle) -> String {
    let n = p.size();
    let w = 2 * n - 1;
    let mut out = String::with_capacity((w + 1) * w);
    if p.mode() == Mode::Adjacent && p.num_marks() == 0 {
        // Nothing else would tell the reader this is an Adjacent puzzle.
        out.push_str(ADJACENT_DIRECTIVE);
        out.push('\n');
    }
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r, c);
            out.push(value_char(p.given(cell).unwrap_or(0)));
            if c + 1 < n {
                out.push(match p.right(cell) {
                    Link::None => ' ',
                    Link::Less => '<',
                    Link::Greater => '>',
                    Link::Bar => '|',
                });
            }
        }
        out.push('\n');
        if r + 1 < n {
            for c in 0..n {
                out.push(match p.down(Cell::new(r, c)) {
                    Link::None => ' ',
                    Link::Less => '^',
                    Link::Greater => 'v',
                    Link::Bar => '-',
                });
                if c + 1 < n {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
    }
    out
}

/// The comment line that marks a bar-less grid as an Adjacent puzzle.
pub const ADJACENT_DIRECTIVE: &str = "# adjacent";

fn is_directive(comment_line: &str) -> bool {
    comment_line
        .trim_end_matches('\r')
        .trim()
        .eq_ignore_ascii_case(ADJACENT_DIRECTIVE)
}

fn is_blank(line: &str) -> bool {
    line.trim_end_matches([' ', '\r']).is_empty()
}

/// Reads one grid starting at `lines[0]` (its first cell row). Line numbers
/// in errors are relative (1 = `lines[0]`). Returns the puzzle and the
/// number of lines used.
fn read_grid(lines: &[&str], adjacent: bool) -> Result<(Puzzle, usize), ParseError> {
    let first = lines.first().ok_or(ParseError::Empty)?;
    let first_chars: Vec<char> = first.trim_end_matches('\r').chars().collect();
    if let Some(col) = first_chars.iter().position(|&c| c == '\t') {
        return Err(ParseError::Tab {
            line: 1,
            column: col + 1,
        });
    }
    let len = first.trim_end_matches(['\r', ' ']).chars().count();
    if len % 2 == 0 {
        return Err(ParseError::EvenWidth {
            line: 1,
            length: len,
        });
    }
    let n = len.div_ceil(2);
    if n > MAX_SIZE {
        return Err(ParseError::BadSize { line: 1, size: n });
    }
    let height = 2 * n - 1;
    let width = 2 * n - 1;
    if lines.len() < height {
        return Err(ParseError::TooFewLines {
            line: lines.len() + 1,
            size: n,
            expected: height,
            found: lines.len(),
        });
    }
    // Mode: bars make an Adjacent puzzle; signs and bars may not mix.
    let mut sign_at = None;
    let mut bar_at = None;
    let mut rows: Vec<Vec<char>> = Vec::with_capacity(height);
    for (k, raw) in lines[..height].iter().enumerate() {
        let line = k + 1;
        let chars: Vec<char> = raw.trim_end_matches('\r').chars().collect();
        if let Some(col) = chars.iter().position(|&c| c == '\t') {
            return Err(ParseError::Tab {
                line,
                column: col + 1,
            });
        }
        let trimmed = chars.iter().rposition(|&c| c != ' ').map_or(0, |i| i + 1);
        if trimmed > width {
            return Err(ParseError::LineTooLong {
                line,
                column: width + 1,
                width,
            });
        }
        let mut row = chars[..trimmed].to_vec();
        row.resize(width, ' ');
        for (col, &ch) in row.iter().enumerate() {
            match ch {
                '<' | '>' | '^' | 'v' | 'V' | '\u{2228}' | '\u{2227}' => {
                    sign_at.get_or_insert((line, col + 1, ch));
                }
                '|' | '-' => {
                    bar_at.get_or_insert((line, col + 1, ch));
                }
                _ => {}
            }
        }
        rows.push(row);
    }
    let mode = match (sign_at, bar_at) {
        (Some(s), Some(b)) => {
            let (line, column, ch) = if (b.0, b.1) > (s.0, s.1) { b } else { s };
            return Err(ParseError::MixedMarks { line, column, ch });
        }
        (None, Some(_)) => Mode::Adjacent,
        (None, None) if adjacent => Mode::Adjacent,
        _ => Mode::Standard,
    };
    let mut p = Puzzle::with_mode(n, mode).map_err(|_| ParseError::BadSize { line: 1, size: n })?;
    for (k, row) in rows.iter().enumerate() {
        let line = k + 1;
        if k % 2 == 0 {
            let r = k / 2;
            for (pos, &ch) in row.iter().enumerate() {
                let column = pos + 1;
                if pos % 2 == 0 {
                    let c = pos / 2;
                    let Some(value) = char_value(ch) else {
                        if matches!(ch, '^' | 'v' | 'V' | '\u{2228}' | '\u{2227}') {
                            return Err(ParseError::VerticalSignInCellRow { line, column, ch });
                        }
                        return Err(ParseError::UnknownChar { line, column, ch });
                    };
                    if value > n && ch.is_ascii_alphabetic() {
                        // A letter that is no value at this size: a sign
                        // in the wrong place (`v`), or a stray character
                        // (letters are values only from size 10 on).
                        if matches!(ch, 'v' | 'V') {
                            return Err(ParseError::VerticalSignInCellRow { line, column, ch });
                        }
                        if n < 10 {
                            return Err(ParseError::UnknownChar { line, column, ch });
                        }
                    }
                    if value > n {
                        return Err(ParseError::ValueTooLarge {
                            line,
                            column,
                            value,
                            size: n,
                        });
                    }
                    let v = (value != 0).then_some(value as u8);
                    p.set_given(Cell::new(r, c), v).ok();
                } else {
                    let link = match ch {
                        ' ' => Link::None,
                        '<' => Link::Less,
                        '>' => Link::Greater,
                        '|' => Link::Bar,
                        '^' | 'v' | 'V' | '\u{2228}' | '\u{2227}' => {
                            return Err(ParseError::VerticalSignInCellRow { line, column, ch });
                        }
                        _ => return Err(ParseError::UnknownChar { line, column, ch }),
                    };
                    p.set_right(Cell::new(r, pos / 2), link).ok();
                }
            }
        } else {
            let r = k / 2;
            for (pos, &ch) in row.iter().enumerate() {
                let column = pos + 1;
                if pos % 2 == 1 {
                    if ch != ' ' {
                        return Err(ParseError::OddPositionInRelationRow { line, column, ch });
                    }
                    continue;
                }
                let link = match ch {
                    ' ' => Link::None,
                    '^' | '\u{2227}' => Link::Less,
                    'v' | 'V' | '\u{2228}' => Link::Greater,
                    '-' => Link::Bar,
                    '<' | '>' => {
                        return Err(ParseError::HorizontalSignInRelationRow { line, column, ch });
                    }
                    _ => return Err(ParseError::UnknownChar { line, column, ch }),
                };
                p.set_down(Cell::new(r, pos / 2), link).ok();
            }
        }
    }
    Ok((p, height))
}

// ------------------------------------------------------------------ game ID

/// Writes the canonical game ID: `order[a]:` then one entry per cell, each
/// followed by `,` (flags in the order U R D L).
pub(crate) fn write_game_id(p: &Puzzle) -> String {
    let n = p.size();
    let mut out = n.to_string();
    if p.mode() == Mode::Adjacent {
        out.push('a');
    }
    out.push(':');
    for cell in p.cells() {
        out.push_str(&p.given(cell).unwrap_or(0).to_string());
        for (flag, dr, dc) in FLAGS {
            if let Some(other) = neighbour(cell, dr, dc, n) {
                let link = p.link_between(cell, other).unwrap_or(Link::None);
                let set = match p.mode() {
                    Mode::Standard => link == Link::Greater,
                    Mode::Adjacent => link == Link::Bar,
                };
                if set {
                    out.push(flag);
                }
            }
        }
        out.push(',');
    }
    out
}

/// The flags in canonical order with their (row, col) direction.
const FLAGS: [(char, isize, isize); 4] = [('U', -1, 0), ('R', 0, 1), ('D', 1, 0), ('L', 0, -1)];

fn neighbour(cell: Cell, dr: isize, dc: isize, n: usize) -> Option<Cell> {
    let r = cell.row.checked_add_signed(dr)?;
    let c = cell.col.checked_add_signed(dc)?;
    (r < n && c < n).then_some(Cell::new(r, c))
}

/// Whether `text` (one line) looks like a game ID: digits, then optional
/// `a`/`d<c>`, then `:`.
pub(crate) fn looks_like_game_id(text: &str) -> bool {
    let t = text.trim();
    match t.split_once(':') {
        Some((params, _)) => {
            params.starts_with(|c: char| c.is_ascii_digit())
                && params.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

fn read_game_id(text: &str) -> Result<Puzzle, ParseError> {
    let text = text.trim();
    let (params, desc) = text.split_once(':').ok_or(ParseError::MissingColon)?;
    let bytes = params.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let bad = |position: usize| ParseError::BadParams {
        params: params.to_owned(),
        position,
    };
    if digits == 0 {
        return Err(bad(0));
    }
    let order: usize = params[..digits]
        .parse()
        .map_err(|_| ParseError::BadOrder { order: usize::MAX })?;
    let mut i = digits;
    let mut mode = Mode::Standard;
    if bytes.get(i) == Some(&b'a') {
        mode = Mode::Adjacent;
        i += 1;
    }
    if bytes.get(i) == Some(&b'd') {
        match bytes.get(i + 1) {
            Some(b't' | b'e' | b'k' | b'x' | b'r') => i += 2,
            _ => return Err(bad(i + 1)),
        }
    }
    if i != bytes.len() {
        return Err(bad(i));
    }
    if order == 0 || order > MAX_SIZE {
        return Err(ParseError::BadOrder { order });
    }
    let n = order;
    let total = n * n;
    let mut p = Puzzle::with_mode(n, mode).map_err(|_| ParseError::BadOrder { order })?;
    // flags[i] = bitset of U R D L (1, 2, 4, 8)
    let mut flags = vec![0u8; total];
    let d = desc.as_bytes();
    let base = params.len() + 1;
    let mut pos = 0;
    let mut entry = 0;
    while pos < d.len() {
        while pos < d.len() && d[pos].is_ascii_lowercase() {
            entry += usize::from(d[pos] - b'a' + 1);
            pos += 1;
        }
        if entry >= total {
            return Err(ParseError::TooManyEntries {
                expected: total,
                position: base + pos,
            });
        }
        let cell = Cell::from_index(entry, n);
        let start = pos;
        while pos < d.len() && d[pos].is_ascii_digit() {
            pos += 1;
        }
        if start == pos {
            let found = desc[pos..]
                .chars()
                .next()
                .map_or_else(|| "the end".to_owned(), |c| format!("{c:?}"));
            return Err(ParseError::ExpectedNumber {
                entry,
                cell,
                position: base + pos,
                found,
            });
        }
        let value: usize = desc[start..pos].parse().unwrap_or(usize::MAX);
        if value > n {
            return Err(ParseError::NumberTooLarge {
                entry,
                cell,
                position: base + start,
                value,
                order: n,
            });
        }
        p.set_given(cell, (value != 0).then_some(value as u8)).ok();
        while pos < d.len() {
            let bit = match d[pos] {
                b'U' => 1,
                b'R' => 2,
                b'D' => 4,
                b'L' => 8,
                _ => break,
            };
            flags[entry] |= bit;
            pos += 1;
        }
        entry += 1;
        if pos < d.len() {
            if d[pos] != b',' {
                let ch = desc[pos..].chars().next().unwrap_or(',');
                return Err(ParseError::MissingComma {
                    entry: entry - 1,
                    cell,
                    position: base + pos,
                    ch,
                });
            }
            pos += 1;
            if entry == total && pos < d.len() {
                return Err(ParseError::TooManyEntries {
                    expected: total,
                    position: base + pos,
                });
            }
        }
    }
    if entry < total {
        return Err(ParseError::TooFewEntries {
            expected: total,
            found: entry,
        });
    }
    // Turn flags into marks.
    for (idx, &f) in flags.iter().enumerate() {
        let cell = Cell::from_index(idx, n);
        for (k, (flag, dr, dc)) in FLAGS.iter().enumerate() {
            if f & (1 << k) == 0 {
                continue;
            }
            let Some(other) = neighbour(cell, *dr, *dc, n) else {
                return Err(ParseError::FlagOffGrid {
                    entry: idx,
                    cell,
                    flag: *flag,
                });
            };
            let opposite = 1u8 << ((k + 2) % 4);
            let mirrored = flags[other.index(n)] & opposite != 0;
            match mode {
                Mode::Standard if mirrored => {
                    return Err(ParseError::ContradictoryFlags {
                        entry: idx,
                        cell,
                        flag: *flag,
                        other,
                    });
                }
                Mode::Adjacent if !mirrored => {
                    return Err(ParseError::UnmatchedBar {
                        entry: idx,
                        cell,
                        flag: *flag,
                        other,
                    });
                }
                _ => {}
            }
            // `cell` > `other` (standard) or |cell - other| = 1 (adjacent).
            let link = if mode == Mode::Adjacent {
                Link::Bar
            } else {
                Link::Greater
            };
            let (first, second, link) = if (other.row, other.col) > (cell.row, cell.col) {
                (cell, other, link)
            } else {
                (other, cell, link.reversed())
            };
            let set = if first.row == second.row {
                p.set_right(first, link)
            } else {
                p.set_down(first, link)
            };
            set.ok();
        }
    }
    Ok(p)
}

// ----------------------------------------------------------- public entry

impl Puzzle {
    /// Reads a game ID such as `4:2,0D,0,0L,0,0,0,0,0,0U,0,0L,0,0R,0,0,`.
    pub fn from_game_id(text: &str) -> Result<Puzzle, ParseError> {
        read_game_id(text)
    }

    /// Reads one puzzle in the grid form. Blank lines and `#` comments may
    /// come before and after it; anything else after it is an error.
    pub fn from_grid(text: &str) -> Result<Puzzle, ParseError> {
        let lines: Vec<&str> = text.lines().collect();
        let start = lines
            .iter()
            .position(|l| !is_blank(l) && !l.starts_with('#'))
            .ok_or(ParseError::Empty)?;
        let adjacent = start > 0 && is_directive(lines[start - 1]);
        let (p, used) = read_grid(&lines[start..], adjacent).map_err(|e| e.shifted(start))?;
        let n = p.size();
        if let Some(k) = lines[start + used..]
            .iter()
            .position(|l| !is_blank(l) && !l.starts_with('#'))
        {
            return Err(ParseError::TrailingText {
                line: start + used + k + 1,
                size: n,
            });
        }
        Ok(p)
    }

    /// Reads one puzzle in either form: a game ID if the first non-blank line
    /// looks like `order:...`, otherwise a grid.
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let first = text.lines().find(|l| !is_blank(l) && !l.starts_with('#'));
        match first {
            Some(line) if looks_like_game_id(line) => {
                let puzzle = Puzzle::from_game_id(line)?;
                let rest = text.lines().skip_while(|l| *l != line).skip(1);
                if let Some((k, _)) = rest
                    .enumerate()
                    .find(|(_, l)| !is_blank(l) && !l.starts_with('#'))
                {
                    let line_no = text.lines().position(|l| l == line).unwrap_or(0) + k + 2;
                    return Err(ParseError::TrailingText {
                        line: line_no,
                        size: puzzle.size(),
                    });
                }
                Ok(puzzle)
            }
            Some(_) => Puzzle::from_grid(text),
            None => Err(ParseError::Empty),
        }
    }

    /// The canonical game ID (order, `a` in Adjacent mode, `:`, entries each
    /// ending with `,`).
    pub fn to_game_id(&self) -> String {
        write_game_id(self)
    }

    /// The grid form: 2n-1 lines padded to 2n-1 characters, each ending in `\n`.
    pub fn to_grid(&self) -> String {
        write_grid(self)
    }
}

impl std::str::FromStr for Puzzle {
    type Err = ParseError;
    /// [`Puzzle::parse`].
    fn from_str(s: &str) -> Result<Puzzle, ParseError> {
        Puzzle::parse(s)
    }
}

impl fmt::Display for Puzzle {
    /// The grid form ([`Puzzle::to_grid`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_grid(self))
    }
}

/// One puzzle of a multi-puzzle file, with the comment lines just before it
/// (without their `#`) and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The `#` comment lines just before the puzzle, without the `#` and
    /// surrounding spaces (a name, a source, ...).
    pub comments: Vec<String>,
    /// The 1-based line the puzzle starts on.
    pub line: usize,
}

/// Reads every puzzle of a multi-puzzle text: grids separated by blank
/// lines, one game ID per line, or a mix; `#` lines between puzzles are
/// comments. Line numbers in errors count from the start of `text`.
pub fn parse_all(text: &str) -> Result<Vec<Entry>, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut comments = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_blank(line) {
            i += 1;
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            comments.push(c.trim().to_owned());
            i += 1;
            continue;
        }
        if looks_like_game_id(line) {
            let puzzle = Puzzle::from_game_id(line)?;
            out.push(Entry {
                puzzle,
                comments: std::mem::take(&mut comments),
                line: i + 1,
            });
            i += 1;
            continue;
        }
        let adjacent = i > 0 && is_directive(lines[i - 1]);
        let (puzzle, used) = read_grid(&lines[i..], adjacent).map_err(|e| e.shifted(i))?;
        out.push(Entry {
            puzzle,
            comments: std::mem::take(&mut comments),
            line: i + 1,
        });
        i += used;
        if let Some(next) = lines.get(i) {
            if !is_blank(next) {
                return Err(ParseError::TrailingText {
                    line: i + 1,
                    size: out[out.len() - 1].puzzle.size(),
                });
            }
        }
    }
    if out.is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(out)
}

/// Writes puzzles as a multi-puzzle grid file (grids separated by one blank line).
pub fn write_all<'a>(puzzles: impl IntoIterator<Item = &'a Puzzle>) -> String {
    let grids: Vec<String> = puzzles.into_iter().map(write_grid).collect();
    grids.join("\n")
}
