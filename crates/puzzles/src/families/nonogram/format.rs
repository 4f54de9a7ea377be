//! Reading and writing Nonograms: the text layout (clue lines under a
//! `ROWS COLS` header) and Simon Tatham's Pattern game IDs
//! (`WxH:clues[,givens]`).
//!
//! Both readers check every clue as they read it: a run length that is not
//! a positive number, a `0` among other runs, or runs that cannot fit in
//! their line (their sum plus one empty cell between each two is longer
//! than the line) are errors naming the line and column of the token.

use super::{NonogramPuzzle, NonogramSolution};
use crate::family::ParseError;
use crate::text::{Reader, Token};
use std::fmt::Write;

/// The largest side accepted (the word line solver's limit).
pub(crate) const MAX_SIDE: usize = 512;

/// The word that marks a text-layout header followed by a grid of givens.
const GIVENS: &str = "givens";

/// Whether a line is a Tatham game ID rather than a text-layout header.
pub(crate) fn is_game_id(line: &str) -> bool {
    line.contains(':')
}

/// The lines after a text-layout header (`ROWS COLS` or `ROWS COLS
/// givens`), for the record shape.
pub(crate) fn lines_after_header(header: &str) -> Option<usize> {
    let t: Vec<&str> = header.split_whitespace().collect();
    let (rows, cols): (usize, usize) = match t.as_slice() {
        [r, c] | [r, c, _] => (r.parse().ok()?, c.parse().ok()?),
        _ => return None,
    };
    match t.get(2) {
        // Checked: a header of huge numbers is no header (not an overflow).
        None => cols.checked_add(rows),
        Some(&GIVENS) => cols.checked_add(rows.checked_mul(2)?),
        Some(_) => None,
    }
}

/// Which line a clue belongs to, for messages.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Line {
    Row(usize),
    Column(usize),
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Row(i) => write!(f, "row {}", i + 1),
            Line::Column(j) => write!(f, "column {}", j + 1),
        }
    }
}

/// Collects the runs of one line, checking each as it comes: `at` builds
/// the error for the token being read.
struct Runs {
    line: Line,
    len: usize,
    runs: Vec<usize>,
    /// Cells the runs so far need (their sum and the gaps between them).
    need: usize,
    /// Whether the line was the single clue `0`.
    empty: bool,
}

impl Runs {
    fn new(line: Line, len: usize) -> Runs {
        Runs {
            line,
            len,
            runs: Vec::new(),
            need: 0,
            empty: false,
        }
    }

    /// Adds the run `text`; `alone` says whether it is the line's only token.
    fn push(&mut self, text: &str, alone: bool) -> Result<(), String> {
        let what = format!("a run length of {}", self.line);
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("expected {what}, found '{text}'"));
        }
        let Ok(r) = text.parse::<usize>() else {
            return Err(format!(
                "{what} {text} is longer than the line ({} cells)",
                self.len
            ));
        };
        if r == 0 {
            if alone {
                self.empty = true;
                return Ok(());
            }
            return Err(format!(
                "{what} is 0 (a 0 stands alone for an empty {})",
                match self.line {
                    Line::Row(_) => "row",
                    Line::Column(_) => "column",
                }
            ));
        }
        let need = self.need + r + usize::from(!self.runs.is_empty());
        if need > self.len {
            return Err(format!(
                "the runs of {} need {need} cells so far, more than its {}",
                self.line, self.len
            ));
        }
        self.need = need;
        self.runs.push(r);
        Ok(())
    }
}

/// The runs of a line from numbers read elsewhere (a puzz.link URL),
/// checked as the readers check theirs: a `0` stands alone for an empty
/// line, and the runs must fit the line's `len` cells.
pub(crate) fn checked_runs(line: Line, len: usize, numbers: &[u32]) -> Result<Vec<usize>, String> {
    let mut runs = Runs::new(line, len);
    for n in numbers {
        runs.push(&n.to_string(), numbers.len() == 1)?;
    }
    Ok(runs.runs)
}

/// Reads a puzzle in either form.
pub(crate) fn parse(text: &str) -> Result<NonogramPuzzle, ParseError> {
    let mut content = text.lines().filter(|l| !l.trim().is_empty());
    match (content.next(), content.next()) {
        (Some(line), None) if is_game_id(line) => {
            let line_no = text
                .lines()
                .position(|l| !l.trim().is_empty())
                .map_or(1, |i| i + 1);
            parse_game_id(line).map_err(|e| e.relocated(line_no))
        }
        _ => parse_text(text),
    }
}

fn side(t: &Token<'_>, what: &str) -> Result<usize, ParseError> {
    Ok(t.number(what, 1, MAX_SIDE as i64)? as usize)
}

/// Reads the text layout.
pub(crate) fn parse_text(text: &str) -> Result<NonogramPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let line_no = r.line_no();
    let header = r.line("a header line 'ROWS COLS'")?;
    let (rows, cols, givens) = match header.as_slice() {
        [a, b] => (side(a, "ROWS")?, side(b, "COLS")?, false),
        [a, b, g] => {
            let (rows, cols) = (side(a, "ROWS")?, side(b, "COLS")?);
            if g.text != GIVENS {
                return Err(g.error(format!(
                    "expected '{GIVENS}' or the end of the header, found '{}'",
                    g.text
                )));
            }
            (rows, cols, true)
        }
        _ => {
            return Err(ParseError::at_line(
                line_no,
                format!(
                    "expected a header line 'ROWS COLS' (or 'ROWS COLS {GIVENS}'), found {} tokens",
                    header.len()
                ),
            ));
        }
    };
    let clue_line = |r: &mut Reader<'_>, line: Line, len: usize| {
        let no = r.line_no();
        let tokens = r.line(&format!("the runs of {line} (0 for an empty line)"))?;
        if tokens.is_empty() {
            return Err(ParseError::at_line(
                no,
                format!("expected the runs of {line}, found an empty line (write 0)"),
            ));
        }
        let mut runs = Runs::new(line, len);
        let alone = tokens.len() == 1;
        for t in &tokens {
            runs.push(t.text, alone).map_err(|m| t.error(m))?;
        }
        Ok(runs.runs)
    };
    let mut col_clues = Vec::with_capacity(cols);
    for j in 0..cols {
        col_clues.push(clue_line(&mut r, Line::Column(j), rows)?);
    }
    let mut row_clues = Vec::with_capacity(rows);
    for i in 0..rows {
        row_clues.push(clue_line(&mut r, Line::Row(i), cols)?);
    }
    let mut puzzle = NonogramPuzzle::new(rows, cols, col_clues, row_clues);
    if givens {
        for i in 0..rows {
            let what = format!("row {} of the givens", i + 1);
            for (j, cell) in grid_row(&mut r, cols, &what, true)?.into_iter().enumerate() {
                puzzle.givens[i * cols + j] = cell;
            }
        }
    }
    r.end()?;
    Ok(puzzle)
}

/// One row of a grid: `cols` tokens, or one token of `cols` symbols; `x`
/// (also `X`, `#`, `1`) filled, `-` (also `.`, `0`) empty, and `?` unknown
/// when `unknown` is allowed.
fn grid_row(
    r: &mut Reader<'_>,
    cols: usize,
    what: &str,
    unknown: bool,
) -> Result<Vec<Option<bool>>, ParseError> {
    let no = r.line_no();
    let tokens = r.line(what)?;
    let symbols: Vec<(char, usize)> = match tokens.as_slice() {
        [t] if cols > 1 && t.text.chars().count() == cols => t
            .text
            .chars()
            .enumerate()
            .map(|(k, ch)| (ch, t.column + k))
            .collect(),
        _ if tokens.len() == cols => {
            let mut out = Vec::with_capacity(cols);
            for t in &tokens {
                let mut chars = t.text.chars();
                match (chars.next(), chars.next()) {
                    (Some(ch), None) => out.push((ch, t.column)),
                    _ => return Err(t.error(format!("expected a cell symbol, found '{}'", t.text))),
                }
            }
            out
        }
        _ => {
            return Err(ParseError::at_line(
                no,
                format!(
                    "expected {cols} cells in {what}, found {} tokens",
                    tokens.len()
                ),
            ));
        }
    };
    symbols
        .into_iter()
        .map(|(ch, column)| match ch {
            'x' | 'X' | '#' | '1' => Ok(Some(true)),
            '-' | '.' | '0' => Ok(Some(false)),
            '?' if unknown => Ok(None),
            _ => Err(ParseError::at(
                no,
                column,
                format!(
                    "expected 'x' (filled){} or '-' (empty), found '{ch}'",
                    if unknown { ", '?' (unknown)" } else { "" }
                ),
            )),
        })
        .collect()
}

/// Reads a Tatham game ID, `WxH:desc` (or `W:desc` for a square), on line 1.
pub(crate) fn parse_game_id(line: &str) -> Result<NonogramPuzzle, ParseError> {
    let lead = line.len() - line.trim_start().len();
    let id = line.trim();
    // Columns are counted in characters from 1, as in the line itself.
    let col = |byte: usize| line[..lead + byte].chars().count() + 1;
    let err = |byte: usize, m: String| ParseError::at(1, col(byte), m);
    let Some(colon) = id.find(':') else {
        return Err(err(0, "expected a game ID 'WxH:clues'".to_owned()));
    };
    let params = &id[..colon];
    if params.contains('#') {
        return Err(err(
            0,
            "a random seed ('WxH#seed') is not a puzzle: give the game ID 'WxH:clues'".to_owned(),
        ));
    }
    let (w_text, h_text, h_at) = match params.split_once('x') {
        Some((w, h)) => (w, h, w.len() + 1),
        None => (params, params, 0),
    };
    let number = |text: &str, at: usize, what: &str| -> Result<usize, ParseError> {
        match text.parse::<usize>() {
            Ok(v) if (1..=MAX_SIDE).contains(&v) && text.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(v)
            }
            Ok(v) if text.bytes().all(|b| b.is_ascii_digit()) => Err(err(
                at,
                format!("{what} {v} is out of range (1 to {MAX_SIDE})"),
            )),
            _ => Err(err(at, format!("expected the {what}, found '{text}'"))),
        }
    };
    let cols = number(w_text, 0, "width")?;
    let rows = number(h_text, h_at, "height")?;
    let desc_at = colon + 1;
    let desc = &id[desc_at..];
    let (clues, givens) = match desc.find(',') {
        Some(k) => (&desc[..k], Some((&desc[k + 1..], desc_at + k + 1))),
        None => (desc, None),
    };
    let mut col_clues = Vec::with_capacity(cols);
    let mut row_clues = Vec::with_capacity(rows);
    let mut at = desc_at;
    let pieces: Vec<&str> = clues.split('/').collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i == cols + rows {
            return Err(err(
                at - 1,
                format!(
                    "too many clues: expected {cols} columns and {rows} rows ({} clues)",
                    cols + rows
                ),
            ));
        }
        let (line, len) = if i < cols {
            (Line::Column(i), rows)
        } else {
            (Line::Row(i - cols), cols)
        };
        let mut runs = Runs::new(line, len);
        if !piece.is_empty() {
            let parts: Vec<&str> = piece.split('.').collect();
            let alone = parts.len() == 1;
            let mut p = at;
            for part in parts {
                runs.push(part, alone).map_err(|m| err(p, m))?;
                p += part.len() + 1;
            }
        }
        if i < cols {
            col_clues.push(runs.runs);
        } else {
            row_clues.push(runs.runs);
        }
        at += piece.len() + 1;
    }
    if pieces.len() < cols + rows {
        return Err(err(
            at - 1,
            format!(
                "too few clues: expected {cols} columns and {rows} rows ({} clues), found {}",
                cols + rows,
                pieces.len()
            ),
        ));
    }
    let mut puzzle = NonogramPuzzle::new(rows, cols, col_clues, row_clues);
    if let Some((text, start)) = givens {
        // Letters: skip `len` cells (`a` = 0 ... `y` = 24), then one given
        // (upper case filled, lower case empty); `z` skips 25 cells only.
        let n = rows * cols;
        let mut i = 0;
        for (k, ch) in text.char_indices() {
            if i >= n {
                return Err(err(start + k, "too much data in the givens".to_owned()));
            }
            if !ch.is_ascii_alphabetic() {
                return Err(err(
                    start + k,
                    format!("expected a letter in the givens, found '{ch}'"),
                ));
            }
            let skip = usize::from(ch.to_ascii_lowercase() as u8 - b'a');
            i += skip;
            if skip < 25 && i < n {
                puzzle.givens[i] = Some(ch.is_ascii_uppercase());
                i += 1;
            }
            if i > n {
                return Err(err(start + k, "too much data in the givens".to_owned()));
            }
        }
        if i < n {
            return Err(err(
                start + text.len(),
                format!("too little data in the givens: {i} of {n} cells"),
            ));
        }
    }
    Ok(puzzle)
}

fn clue_text(runs: &[usize], sep: &str, empty: &str) -> String {
    if runs.is_empty() {
        return empty.to_owned();
    }
    let parts: Vec<String> = runs.iter().map(ToString::to_string).collect();
    parts.join(sep)
}

/// The text layout.
pub(crate) fn write_text(p: &NonogramPuzzle) -> String {
    let mut out = format!("{} {}", p.rows, p.cols);
    let has_givens = p.givens.iter().any(Option::is_some);
    if has_givens {
        let _ = write!(out, " {GIVENS}");
    }
    out.push('\n');
    for runs in p.col_clues.iter().chain(&p.row_clues) {
        out.push_str(&clue_text(runs, " ", "0"));
        out.push('\n');
    }
    if has_givens {
        for i in 0..p.rows {
            let row: Vec<&str> = (0..p.cols)
                .map(|j| match p.givens[i * p.cols + j] {
                    Some(true) => "x",
                    Some(false) => "-",
                    None => "?",
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    }
    out
}

/// Tatham's game ID.
pub(crate) fn write_game_id(p: &NonogramPuzzle) -> String {
    let clues: Vec<String> = p
        .col_clues
        .iter()
        .chain(&p.row_clues)
        .map(|runs| clue_text(runs, ".", ""))
        .collect();
    let mut out = format!("{}x{}:{}", p.cols, p.rows, clues.join("/"));
    if p.givens.iter().any(Option::is_some) {
        out.push(',');
        let mut run = 0u8;
        for g in &p.givens {
            match g {
                None => {
                    run += 1;
                    if run == 25 {
                        out.push('z');
                        run = 0;
                    }
                }
                Some(full) => {
                    let base = if *full { b'A' } else { b'a' };
                    out.push(char::from(base + run));
                    run = 0;
                }
            }
        }
        if run > 0 {
            out.push(char::from(b'a' + run));
        }
    }
    out
}

/// A solution: the header line, then the rows of `x` (filled) and `-`.
pub(crate) fn write_solution(s: &NonogramSolution) -> String {
    let mut out = format!("{} {}\n", s.rows, s.cols);
    for i in 0..s.rows {
        let row: Vec<&str> = (0..s.cols)
            .map(|j| if s.filled(i, j) { "x" } else { "-" })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// Reads a solution for `p` as [`write_solution`] writes it (rows may also
/// be one token of `COLS` symbols).
pub(crate) fn parse_solution(
    p: &NonogramPuzzle,
    text: &str,
) -> Result<NonogramSolution, ParseError> {
    let mut r = Reader::new(text);
    let no = r.line_no();
    let header = r.line("a header line 'ROWS COLS'")?;
    let [a, b] = header.as_slice() else {
        return Err(ParseError::at_line(
            no,
            format!(
                "expected a header line 'ROWS COLS', found {} tokens",
                header.len()
            ),
        ));
    };
    let (rows, cols) = (side(a, "ROWS")?, side(b, "COLS")?);
    if (rows, cols) != (p.rows, p.cols) {
        return Err(ParseError::at_line(
            no,
            format!(
                "the solution is {rows} x {cols}, the puzzle {} x {}",
                p.rows, p.cols
            ),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for i in 0..rows {
        let row = grid_row(
            &mut r,
            cols,
            &format!("row {} of the solution", i + 1),
            false,
        )?;
        cells.extend(row.into_iter().map(|c| c == Some(true)));
    }
    r.end()?;
    Ok(NonogramSolution { rows, cols, cells })
}
