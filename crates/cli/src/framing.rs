//! Input framing: cutting the input into records, one puzzle each, before
//! anything is parsed, the same way for every puzzle family.
//!
//! # Background
//!
//! A batch tool that reads thousands of puzzles must not let one bad
//! puzzle cost another its answer. That is a framing question, not a
//! parsing one: if the reader decides where a puzzle ends by trying to
//! parse it, a damaged puzzle (a mistyped game ID, a grid with a missing
//! line, an over-long line) is read as the start of something longer and
//! swallows the puzzles after it. So the [`Framer`] cuts records from the
//! lines first, knowing only the *shape* of a family's records, and each
//! record is parsed on its own afterwards. A record that cannot be parsed
//! gives one `invalid` answer and never holds a line of the next record.
//!
//! # The contract (docs/cli.md, "How the input is cut into puzzles")
//!
//! - Between records, blank lines (spaces only), comment lines (`#` first
//!   after any spaces) and lines the family calls ignorable (a Sudoku
//!   grid's `------+------` border) are skipped. The comment line just
//!   before a record is kept with it (Futoshiki's `# adjacent` directive).
//! - A family's [`RecordShape`] says what a record is: one line; a block of
//!   lines whose end an [`Extent`] function finds from the lines so far;
//!   or either, chosen by the form of the first line.
//! - The framer asks the extent function after each line of a block and
//!   ends the record exactly where it says ([`Extent::Cut`]: lines it
//!   gives back are read again as what follows), or at the next blank
//!   line when the end cannot be known ([`Extent::ToEmptyLine`]). A comment
//!   line, or a line of the one-line form, always ends a block.
//! - A record is handed over the moment its last line is read: the framer
//!   is fed one line at a time and never asks for a line it does not need.
//! - Limits: a line longer than [`MAX_LINE`] bytes, or a record longer
//!   than [`MAX_RECORD`] bytes or [`MAX_RECORD_LINES`] lines, makes its
//!   record invalid (a [`Record::defect`]); the over-long line on its own
//!   for the one-line forms. A U+FEFF anywhere but at the very start of an
//!   input (where the reader drops it as a byte-order mark) is taken out
//!   of the text, so it moves no record's bounds, and makes its record
//!   invalid with its line and column (on a line of no record, such as a
//!   comment, it is dropped).
//!
//! # Practical
//!
//! A new family gives only its shape. For a format with a header line
//! `ROWS COLS` followed by ROWS lines, records separated by blank lines:
//!
//! ```text
//! RecordShape::Block(Block {
//!     extent: Box::new(|lines: &[&str]| {
//!         let rows = lines[0].split_whitespace().next().and_then(|r| r.parse::<usize>().ok());
//!         match rows {
//!             None => Extent::ToEmptyLine,                  // no readable header
//!             Some(_) if is_blank(lines[lines.len() - 1]) => Extent::Cut(lines.len() - 1),
//!             Some(r) if lines.len() > r => Extent::Cut(r + 1),
//!             Some(_) => Extent::More,
//!         }
//!     }),
//!     comments: Comments::End,
//!     ignorable: |_| false,
//! })
//! ```
//!
//! (the tests below run exactly this family). Grids whose first row gives
//! the size can use [`vote`] so that a damaged first row does not decide
//! the height alone.
//!
//! # References
//!
//! `shared/formats/futoshiki.md` (a grid's 2n-1 lines, whose empty relation
//! rows may be empty lines, so a blank line cannot simply end a grid), and
//! the way record readers such as the `csv` crate's work: find a record by
//! its delimiters first, decode it second, report a decoding error against
//! the record's position.

use std::collections::VecDeque;
use std::sync::Arc;

/// The longest line kept, in bytes (a 35x35 game ID needs about 9 KiB).
pub(crate) const MAX_LINE: usize = 16 * 1024;

/// The longest record kept, in bytes (a 35x35 grid needs about 5 KiB; a
/// 512x512 Nonogram, the largest any format documents, up to 1.05 MB:
/// 1,024 clue lines of up to 511 bytes and 512 rows of givens of 1,023).
/// The reader bounds the text in flight in bytes too
/// (`input::CHUNK_BYTES`), so records this long cost no more memory than
/// a few of them.
pub(crate) const MAX_RECORD: usize = 2 << 20;

/// The most lines a record may have (a 35x35 Futoshiki grid has 69; a
/// 512x512 Nonogram with givens 1,537).
pub(crate) const MAX_RECORD_LINES: usize = 2048;

/// The most bytes of a comment kept with the record after it.
const MAX_COMMENT: usize = 256;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// 1-based line number.
    pub(crate) no: usize,
    /// The text without its line ending (`\n` or `\r\n`), lossily decoded,
    /// at most [`MAX_LINE`] bytes of it.
    pub(crate) text: String,
    /// The full length in bytes, when it was longer than [`MAX_LINE`].
    pub(crate) too_long: Option<usize>,
    /// The column of the first U+FEFF the framer took out of the text.
    pub(crate) stray_bom: Option<usize>,
}

impl Line {
    /// A line that fits the limit.
    #[cfg(test)]
    pub(crate) fn new(no: usize, text: &str) -> Line {
        Line {
            no,
            text: text.to_owned(),
            too_long: None,
            stray_bom: None,
        }
    }

    /// Takes any U+FEFF out of the text, noting where the first was: it
    /// makes its record invalid but does not move a record's bounds.
    fn take_stray_bom(&mut self) {
        if !self.text.contains('\u{feff}') {
            return;
        }
        if let Some(i) = self.text.chars().position(|c| c == '\u{feff}') {
            self.stray_bom.get_or_insert(i + 1);
            self.text.retain(|c| c != '\u{feff}');
        }
    }

    /// Whether the line is within [`MAX_LINE`].
    fn plain(&self) -> bool {
        self.too_long.is_none()
    }
}

/// Which of a family's forms a record was cut as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// A one-line form (a Sudoku line, a Futoshiki game ID).
    Line,
    /// A block of lines (a grid).
    Block,
}

/// One puzzle's text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// The file name (`<stdin>` for standard input).
    pub(crate) source: Arc<str>,
    /// The 1-based line the record starts on.
    pub(crate) line: usize,
    /// The record's place in the whole input (every file), from 0; set by
    /// the reader.
    pub(crate) seq: u64,
    /// The text: one line (trimmed) for [`Form::Line`], the lines as read
    /// (joined by `\n`) for [`Form::Block`]. Empty when the record broke a
    /// size limit.
    pub(crate) text: String,
    /// The form it was cut as.
    pub(crate) form: Form,
    /// Why the record is invalid whatever it says (a line or the record
    /// over a limit, a stray U+FEFF), with its line and column.
    pub(crate) defect: Option<String>,
    /// The comment line just before the record (no blank line between),
    /// at most 256 bytes of it: some formats read it as a directive.
    pub(crate) comment: Option<String>,
}

impl Record {
    /// `FILE:LINE`, for messages.
    pub(crate) fn location(&self) -> String {
        format!("{}:{}", self.source, self.line)
    }
}

/// Where a block record ends, as its family's extent function sees it
/// from the lines read so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extent {
    /// Not complete yet: read another line and ask again.
    More,
    /// The record is the first `k` of the lines so far (`1 <= k`); the
    /// lines after them are not part of it and are read again as what
    /// follows. `Cut(lines.len())` is "complete with the last line".
    Cut(usize),
    /// The end cannot be known from the lines (no readable size): the
    /// record ends at the next blank line. The framer stops asking.
    ToEmptyLine,
}

/// The function that finds where a block ends: called with the block's
/// lines so far (at least one, the first line first).
pub(crate) type ExtentFn = dyn Fn(&[&str]) -> Extent + Send + Sync;

/// A block form: how a family's multi-line records end.
pub(crate) struct Block {
    /// Where the record ends, from its lines so far.
    pub(crate) extent: Box<ExtentFn>,
    /// What a line starting with `#` inside the block is.
    pub(crate) comments: Comments,
    /// Lines that carry nothing of a puzzle, skipped between records like
    /// blank lines (inside a record they are the extent function's to read).
    pub(crate) ignorable: fn(&str) -> bool,
}

/// What a line starting with `#` is inside a block.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Comments {
    /// A comment: it ends the block and is a comment before what follows.
    /// For formats none of whose lines can start with `#`.
    End,
    /// One of the block's lines when the function, given the block's
    /// first line and this one, says it can be; a comment that ends the
    /// block otherwise (a format whose rows may start with a `#` cell).
    EndUnless(fn(first: &str, line: &str) -> bool),
}

impl Comments {
    /// Whether `line` ends a block whose first line is `first`.
    fn end(self, first: &str, line: &str) -> bool {
        match self {
            Comments::End => is_comment(line),
            Comments::EndUnless(is_line) => is_comment(line) && !is_line(first, line),
        }
    }
}

impl std::fmt::Debug for Block {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Block")
            .field("comments", &self.comments)
            .finish_non_exhaustive()
    }
}

/// A block of a header line and the number of lines `after(header)` says;
/// an empty line ends it early (a damaged record), and a header that says
/// nothing makes it end at the next empty line. `comments`: what a line
/// starting with `#` inside it is.
pub(crate) fn header_block(after: fn(&str) -> Option<usize>, comments: Comments) -> Block {
    Block {
        extent: Box::new(move |lines: &[&str]| {
            let k = lines.len();
            if k > 1 && is_blank(lines[k - 1]) {
                return Extent::Cut(k - 1);
            }
            match after(lines[0]) {
                None => Extent::ToEmptyLine,
                Some(n) if k > n => Extent::Cut(n + 1),
                Some(_) => Extent::More,
            }
        }),
        comments,
        ignorable: |_| false,
    }
}

/// What a family's records look like: all the framer needs to know.
#[derive(Debug)]
pub(crate) enum RecordShape {
    /// One record per line.
    Line,
    /// Multi-line records.
    Block(Block),
    /// A line for which `is_line` holds is a one-line record (and ends a
    /// block it appears in); any other line starts a block.
    LineOrBlock {
        /// Whether a line is in the one-line form.
        is_line: fn(&str) -> bool,
        /// The block form.
        block: Block,
    },
    /// A line for which `is_header` holds starts a block, which its
    /// extent function alone ends (a comment line too, if the block says
    /// so); any other line between blocks is a one-line record. For a
    /// family whose one-line form has no mark of its own but whose block
    /// form starts with a header (Sudoku: `53..7....` lines, and janko.at's
    /// `9 9` grids).
    HeaderOrLine {
        /// Whether a line is the header line of a block.
        is_header: fn(&str) -> bool,
        /// The block form.
        block: Block,
    },
}

impl RecordShape {
    fn block(&self) -> Option<&Block> {
        match self {
            RecordShape::Line => None,
            RecordShape::Block(b)
            | RecordShape::LineOrBlock { block: b, .. }
            | RecordShape::HeaderOrLine { block: b, .. } => Some(b),
        }
    }

    /// Whether `text`, inside a block, ends it and is read again as what
    /// follows (a line of the one-line form).
    fn ends_block(&self, text: &str) -> bool {
        match self {
            RecordShape::HeaderOrLine { .. } => false,
            _ => self.is_line(text),
        }
    }

    /// Whether `text` is a one-line record of its own. A puzz.link URL
    /// is one, whatever the family's other forms.
    fn is_line(&self, text: &str) -> bool {
        match self {
            RecordShape::Line => true,
            RecordShape::Block(_) => false,
            RecordShape::LineOrBlock { is_line, .. } => {
                is_line(text) || gridcsp_puzzles::puzzlink::is_url(text)
            }
            RecordShape::HeaderOrLine { is_header, .. } => !is_header(text),
        }
    }
}

/// Whether a line holds nothing but spaces (blank lines separate records).
pub(crate) fn is_blank(text: &str) -> bool {
    text.trim().is_empty()
}

/// Whether a line is a comment: `#` first, after any spaces.
pub(crate) fn is_comment(text: &str) -> bool {
    text.trim_start().starts_with('#')
}

/// What the first rows of a grid say its size is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Vote {
    /// The size.
    Agreed(usize),
    /// The second row disagrees with the first and there is no third yet.
    Wait,
    /// The first three rows all disagree.
    Split,
}

/// The size the first rows of a grid agree on, from their sizes (cells,
/// widths; at most the first three are looked at): the first row's, unless
/// the second row disagrees with it, in which case the size two of the
/// first three share. So one damaged row, even the first, does not decide
/// a grid's height on its own.
pub(crate) fn vote(sizes: &[usize]) -> Vote {
    match *sizes {
        [] => Vote::Wait,
        [a] => Vote::Agreed(a),
        [a, b] if a == b => Vote::Agreed(a),
        [_, _] => Vote::Wait,
        [a, b, ..] if a == b => Vote::Agreed(a),
        [a, b, c, ..] if b == c || a == c => Vote::Agreed(if b == c { b } else { a }),
        _ => Vote::Split,
    }
}

/// A block being read.
#[derive(Debug)]
struct Open {
    lines: Vec<Line>,
    /// The line it starts on.
    first: usize,
    /// Bytes so far (text plus one per line ending).
    bytes: usize,
    /// Lines so far (also those no longer kept).
    count: usize,
    /// Over a size limit: lines are no longer kept.
    over: bool,
    /// Ends at the next blank line; the extent function is not asked.
    to_empty_line: bool,
    defect: Option<String>,
    comment: Option<String>,
}

/// Cuts lines into records by a [`RecordShape`]. Fed one line at a time (it does
/// no I/O), it hands over each record as soon as its last line is fed.
#[derive(Debug)]
pub(crate) struct Framer<'s> {
    shape: &'s RecordShape,
    source: Arc<str>,
    open: Option<Open>,
    /// The comment line just seen, for the record after it.
    comment: Option<String>,
    /// Lines given back by a cut, read again before new ones.
    again: VecDeque<Line>,
}

impl<'s> Framer<'s> {
    /// A framer for one input named `source`.
    pub(crate) fn new(shape: &'s RecordShape, source: Arc<str>) -> Framer<'s> {
        Framer {
            shape,
            source,
            open: None,
            comment: None,
            again: VecDeque::new(),
        }
    }

    /// The input's name.
    pub(crate) fn source(&self) -> &Arc<str> {
        &self.source
    }

    /// Feeds the next line; complete records are appended to `out`.
    pub(crate) fn push(&mut self, mut line: Line, out: &mut Vec<Record>) {
        line.take_stray_bom();
        self.again.push_back(line);
        while let Some(line) = self.again.pop_front() {
            self.step(line, out);
        }
    }

    /// The input has ended: the open record, if any, is complete.
    pub(crate) fn finish(&mut self, out: &mut Vec<Record>) {
        self.close(out);
        self.comment = None;
    }

    fn step(&mut self, line: Line, out: &mut Vec<Record>) {
        if self.open.is_some() {
            self.inside(line, out);
        } else {
            self.between(line, out);
        }
    }

    /// A line where a record may start.
    fn between(&mut self, line: Line, out: &mut Vec<Record>) {
        if line.plain() {
            if is_blank(&line.text) {
                self.comment = None;
                return;
            }
            if is_comment(&line.text) {
                let mut comment = line.text;
                truncate(&mut comment, MAX_COMMENT);
                self.comment = Some(comment);
                return;
            }
            if self
                .shape
                .block()
                .is_some_and(|b| (b.ignorable)(&line.text))
            {
                return;
            }
        }
        let shape = self.shape;
        let comment = self.comment.take();
        let Some(block) = shape.block().filter(|_| !shape.is_line(&line.text)) else {
            out.push(self.single(line, comment));
            return;
        };
        let mut open = Open {
            lines: Vec::new(),
            first: line.no,
            bytes: 0,
            count: 0,
            over: false,
            // An over-long first line gives no size to go by.
            to_empty_line: !line.plain(),
            defect: None,
            comment,
        };
        open.add(line);
        self.open = Some(open);
        self.ask(block, out);
    }

    /// A line while a block is open.
    fn inside(&mut self, line: Line, out: &mut Vec<Record>) {
        let shape = self.shape;
        let Some(block) = shape.block() else {
            return;
        };
        if line.plain() {
            let to_empty_line = self.open.as_ref().is_some_and(|o| o.to_empty_line);
            let first = self.open.as_ref().and_then(|o| o.lines.first());
            let first = first.map_or("", |l| l.text.as_str());
            if shape.ends_block(&line.text) || block.comments.end(first, &line.text) {
                self.close(out);
                self.between(line, out);
                return;
            }
            if to_empty_line && is_blank(&line.text) {
                self.close(out);
                self.comment = None;
                return;
            }
        }
        if let Some(open) = &mut self.open {
            open.add(line);
        }
        self.ask(block, out);
    }

    /// Asks the family where the open block ends, and acts on it.
    fn ask(&mut self, block: &Block, out: &mut Vec<Record>) {
        let Some(open) = &mut self.open else {
            return;
        };
        if open.to_empty_line {
            return;
        }
        let texts: Vec<&str> = open.lines.iter().map(|l| l.text.as_str()).collect();
        match (block.extent)(&texts) {
            Extent::More => {}
            Extent::ToEmptyLine => open.to_empty_line = true,
            Extent::Cut(k) => {
                let k = k.clamp(1, open.lines.len());
                let rest = open.lines.split_off(k);
                for line in rest.into_iter().rev() {
                    self.again.push_front(line);
                }
                self.close(out);
            }
        }
    }

    /// Hands over the open block, if any.
    fn close(&mut self, out: &mut Vec<Record>) {
        let Some(open) = self.open.take() else {
            return;
        };
        let mut text = String::new();
        if !open.over {
            text.reserve(open.bytes);
            for (i, line) in open.lines.iter().enumerate() {
                if i > 0 {
                    text.push('\n');
                }
                text.push_str(&line.text);
            }
        }
        out.push(Record {
            seq: 0,
            source: Arc::clone(&self.source),
            line: open.first,
            text,
            form: Form::Block,
            defect: open.defect,
            comment: open.comment,
        });
    }

    /// A one-line record.
    fn single(&self, line: Line, comment: Option<String>) -> Record {
        let defect = match line.too_long {
            Some(total) => Some(too_long(line.no, total)),
            None => stray_bom(&line),
        };
        let text = if line.plain() {
            line.text.trim().to_owned()
        } else {
            String::new()
        };
        Record {
            seq: 0,
            source: Arc::clone(&self.source),
            line: line.no,
            text,
            form: Form::Line,
            defect,
            comment,
        }
    }
}

impl Open {
    /// Adds a line, keeping the record within its limits.
    fn add(&mut self, line: Line) {
        self.count += 1;
        self.bytes += line.text.len() + 1;
        if self.defect.is_none() {
            self.defect = match line.too_long {
                Some(total) => Some(too_long(line.no, total)),
                None => stray_bom(&line),
            };
        }
        if self.over {
            return;
        }
        if self.bytes > MAX_RECORD || self.count > MAX_RECORD_LINES {
            self.over = true;
            self.defect.get_or_insert_with(|| {
                format!(
                    "line {}: the puzzle is longer than {MAX_RECORD} bytes or {MAX_RECORD_LINES} lines",
                    line.no
                )
            });
            self.lines = Vec::new();
            self.to_empty_line = true;
            return;
        }
        self.lines.push(line);
    }
}

fn too_long(no: usize, total: usize) -> String {
    format!(
        "line {no}, column {}: the line is {total} bytes long (the limit is {MAX_LINE})",
        MAX_LINE + 1
    )
}

/// A U+FEFF in a line (the reader drops one only at the start of an input).
fn stray_bom(line: &Line) -> Option<String> {
    let column = line.stray_bom?;
    Some(format!(
        "line {}, column {column}: U+FEFF (a byte-order mark) is allowed only at the start of the input",
        line.no
    ))
}

/// Cuts `text` to at most `max` bytes, on a character boundary.
fn truncate(text: &mut String, max: usize) {
    if text.len() > max {
        let mut end = max;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
}

/// The records of `text` (split at `\n`, numbered from 1) by `shape`.
#[cfg(test)]
pub(crate) fn frame(shape: &RecordShape, text: &str) -> Vec<Record> {
    let mut framer = Framer::new(shape, Arc::from("t"));
    let mut out = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        framer.push(Line::new(i + 1, line), &mut out);
    }
    framer.finish(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(records: &[Record]) -> Vec<(usize, &str)> {
        records.iter().map(|r| (r.line, r.text.as_str())).collect()
    }

    /// The family of the module docs: a `ROWS COLS` header, then ROWS lines.
    fn header_family() -> RecordShape {
        RecordShape::Block(Block {
            extent: Box::new(|lines: &[&str]| {
                let rows = lines[0]
                    .split_whitespace()
                    .next()
                    .and_then(|r| r.parse::<usize>().ok());
                match rows {
                    None => Extent::ToEmptyLine,
                    Some(_) if is_blank(lines[lines.len() - 1]) => Extent::Cut(lines.len() - 1),
                    Some(r) if lines.len() > r => Extent::Cut(r + 1),
                    Some(_) => Extent::More,
                }
            }),
            comments: Comments::End,
            ignorable: |_| false,
        })
    }

    #[test]
    fn lines_skip_blank_and_comments() {
        let got = frame(&RecordShape::Line, "# c\n\nabc\n  \n def \n#x");
        assert_eq!(starts(&got), vec![(3, "abc"), (5, "def")]);
        assert!(got.iter().all(|r| r.form == Form::Line));
    }

    #[test]
    fn the_comment_just_before_a_record_is_kept_with_it() {
        let got = frame(&RecordShape::Line, "# name\nabc\n# lost\n\ndef");
        assert_eq!(got[0].comment.as_deref(), Some("# name"));
        assert_eq!(got[1].comment, None);
    }

    #[test]
    fn a_header_family_needs_only_its_shape() {
        let shape = header_family();
        // Records follow each other directly, or with blank lines between;
        // a short one ends at a blank line; a bad header at the next one.
        let got = frame(&shape, "2 3\na\nb\n1 1\nc\n\n3 3\nd\n\nx y\ne\nf\n\n1 1\ng");
        assert_eq!(
            starts(&got),
            vec![
                (1, "2 3\na\nb"),
                (4, "1 1\nc"),
                (7, "3 3\nd"),
                (10, "x y\ne\nf"),
                (14, "1 1\ng")
            ]
        );
    }

    #[test]
    fn a_record_is_handed_over_with_its_last_line() {
        let shape = header_family();
        let mut framer = Framer::new(&shape, Arc::from("t"));
        let mut out = Vec::new();
        framer.push(Line::new(1, "1 2"), &mut out);
        assert!(out.is_empty());
        framer.push(Line::new(2, "a"), &mut out);
        assert_eq!(out.len(), 1, "complete without a look at the next line");
        let mut line = Framer::new(&RecordShape::Line, Arc::from("t"));
        line.push(Line::new(1, "x"), &mut out);
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn a_cut_gives_lines_back_in_order() {
        // A family whose records are one line followed by its copy: a line
        // that is not a copy is given back and starts the next record.
        let shape = RecordShape::Block(Block {
            extent: Box::new(|lines: &[&str]| match lines {
                [_] => Extent::More,
                [a, b, ..] if a == b => Extent::Cut(2),
                _ => Extent::Cut(1),
            }),
            comments: Comments::End,
            ignorable: |_| false,
        });
        let got = frame(&shape, "a\na\nb\nc\nc\nd");
        assert_eq!(
            starts(&got),
            vec![(1, "a\na"), (3, "b"), (4, "c\nc"), (6, "d")]
        );
    }

    #[test]
    fn one_line_forms_end_blocks_and_comments_too() {
        let shape = RecordShape::LineOrBlock {
            is_line: |l| l.contains(':'),
            block: Block {
                extent: Box::new(|_: &[&str]| Extent::ToEmptyLine),
                comments: Comments::End,
                ignorable: |_| false,
            },
        };
        let got = frame(&shape, "a\nb\nid:1\nc\n# next\nd\n\ne");
        assert_eq!(
            starts(&got),
            vec![(1, "a\nb"), (3, "id:1"), (4, "c"), (6, "d"), (8, "e")]
        );
        assert_eq!(got[1].form, Form::Line);
        assert_eq!(got[3].comment.as_deref(), Some("# next"));
        // A format with `#` cells keeps such lines in its blocks when they
        // can be its rows; any other `#` line still ends the block.
        let shape = RecordShape::Block(Block {
            extent: Box::new(|_: &[&str]| Extent::ToEmptyLine),
            comments: Comments::EndUnless(|first, line| {
                line.len() == first.len() && line.chars().all(|c| c == '#' || c == '.')
            }),
            ignorable: |_| false,
        });
        let got = frame(&shape, "a.#\n#.#\n# next\nb\n\nc");
        assert_eq!(starts(&got), vec![(1, "a.#\n#.#"), (4, "b"), (6, "c")]);
        assert_eq!(got[1].comment.as_deref(), Some("# next"));
    }

    #[test]
    fn ignorable_lines_are_skipped_between_records_only() {
        let shape = RecordShape::Block(Block {
            extent: Box::new(|lines: &[&str]| {
                if lines.len() == 3 {
                    Extent::Cut(3)
                } else {
                    Extent::More
                }
            }),
            comments: Comments::End,
            ignorable: |l| l.trim_matches('-').is_empty(),
        });
        let got = frame(&shape, "---\na\n---\nb\n---\nc\nd\ne");
        assert_eq!(starts(&got), vec![(2, "a\n---\nb"), (6, "c\nd\ne")]);
    }

    #[test]
    fn over_long_lines_are_records_or_defects_of_their_own() {
        let long = Line {
            no: 2,
            text: "1".repeat(MAX_LINE),
            too_long: Some(MAX_LINE + 1),
            stray_bom: None,
        };
        let mut out = Vec::new();
        let mut f = Framer::new(&RecordShape::Line, Arc::from("t"));
        f.push(Line::new(1, "a"), &mut out);
        f.push(long.clone(), &mut out);
        f.push(Line::new(3, "b"), &mut out);
        assert_eq!(out.len(), 3);
        assert!(out[1].text.is_empty());
        let defect = out[1].defect.as_deref().expect("a defect");
        assert!(defect.starts_with("line 2, column 16385: "), "{defect}");
        // In a block form it makes the block invalid, to the next blank line.
        let shape = header_family();
        let mut out = Vec::new();
        let mut f = Framer::new(&shape, Arc::from("t"));
        f.push(Line::new(1, "3 3"), &mut out);
        f.push(long, &mut out);
        for (no, text) in [(3, "x"), (4, "y"), (5, ""), (6, "1 1"), (7, "z")] {
            f.push(Line::new(no, text), &mut out);
        }
        f.finish(&mut out);
        assert_eq!(out.len(), 2);
        assert!(out[0].defect.is_some());
        assert_eq!(out[1].text, "1 1\nz");
    }

    #[test]
    fn records_over_the_size_limits_are_cut_and_flagged() {
        let shape = RecordShape::Block(Block {
            extent: Box::new(|_: &[&str]| Extent::More),
            comments: Comments::End,
            ignorable: |_| false,
        });
        let mut text = "x\n".repeat(MAX_RECORD_LINES + 10);
        text.push_str("\nnext");
        let got = frame(&shape, &text);
        assert_eq!(got.len(), 2);
        assert!(got[0].text.is_empty());
        assert!(
            got[0]
                .defect
                .as_deref()
                .is_some_and(|d| d.contains("longer than"))
        );
        assert_eq!(got[1].text, "next");
    }

    #[test]
    fn a_stray_byte_order_mark_is_named_with_line_and_column() {
        let got = frame(&RecordShape::Line, "ok\nab\u{feff}c");
        assert_eq!(got[0].defect, None);
        assert_eq!(
            got[1].defect.as_deref(),
            Some(
                "line 2, column 3: U+FEFF (a byte-order mark) is allowed only at the start of the input"
            )
        );
        let got = frame(&header_family(), "1 1\n\u{feff}x");
        assert!(
            got[0]
                .defect
                .as_deref()
                .is_some_and(|d| d.starts_with("line 2, column 1"))
        );
        // It moves no bounds: a mark before a comment leaves a comment.
        let got = frame(&header_family(), "\u{feff}# c\n1 1\nx\n\u{feff}\n1 1\ny");
        assert_eq!(starts(&got), vec![(2, "1 1\nx"), (5, "1 1\ny")]);
        assert_eq!(got[0].defect, None);
    }

    #[test]
    fn votes() {
        assert_eq!(vote(&[9]), Vote::Agreed(9));
        assert_eq!(vote(&[9, 9]), Vote::Agreed(9));
        assert_eq!(vote(&[8, 9]), Vote::Wait);
        assert_eq!(vote(&[8, 9, 9]), Vote::Agreed(9));
        assert_eq!(vote(&[9, 10, 9]), Vote::Agreed(9));
        assert_eq!(vote(&[9, 9, 4, 4]), Vote::Agreed(9));
        assert_eq!(vote(&[1, 2, 3]), Vote::Split);
    }
}
