//! Reading puzzles: files or standard input, read line by line on a thread
//! of its own and cut into records (one puzzle each), which are handed over
//! in small chunks through a bounded channel. Memory is bounded by the
//! records in flight, never by the size of the input: a line longer than
//! [`MAX_LINE`] bytes is cut (and its puzzle reported invalid), and so is a
//! record longer than [`MAX_RECORD`] bytes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::mpsc::SyncSender;

/// The longest line kept, in bytes (a 35x35 game ID needs about 9 KiB).
pub(crate) const MAX_LINE: usize = 16 * 1024;

/// The longest record kept, in bytes (a 35x35 grid needs about 5 KiB).
pub(crate) const MAX_RECORD: usize = 64 * 1024;

/// Records per chunk sent to the workers (fewer when the input would block).
const CHUNK: usize = 256;

/// One puzzle's text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// The file name (`<stdin>` for standard input).
    pub(crate) source: Arc<str>,
    /// The 1-based line the puzzle starts on.
    pub(crate) line: usize,
    /// The puzzle's text: one line (trimmed) or the lines of a grid.
    pub(crate) text: String,
    /// Why the text cannot be a puzzle whatever it says (too long).
    pub(crate) defect: Option<String>,
}

impl Record {
    /// `FILE:LINE`, for messages.
    pub(crate) fn location(&self) -> String {
        format!("{}:{}", self.source, self.line)
    }
}

/// How a file is cut into puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Framing {
    /// One puzzle per line; empty lines and `#` lines skipped.
    Lines,
    /// Sudoku grids: `size` rows (lines with cells; lines of separators
    /// only do not count), ended early by a blank line. The size is the
    /// given one, or the number of cells in the first row.
    SudokuGrid {
        /// The board size, when the box shape was given.
        size: Option<usize>,
    },
    /// Futoshiki: a game ID on one line, or a grid of 2n-1 lines where n
    /// comes from the width of its first line (blank relation rows
    /// included); `#` lines and blank lines between puzzles skipped.
    Futoshiki,
}

/// One line of input.
#[derive(Debug)]
struct Line {
    /// 1-based line number.
    no: usize,
    /// The text (without the line ending), lossily decoded, at most
    /// [`MAX_LINE`] bytes of it.
    text: String,
    /// The full length in bytes, when it was longer than [`MAX_LINE`].
    too_long: Option<usize>,
}

/// Reads lines of at most [`MAX_LINE`] bytes, whatever the input holds.
struct LineReader {
    inner: BufReader<Box<dyn Read + Send>>,
    no: usize,
    /// Lines read ahead or given back, the next one last.
    pending: Vec<Line>,
}

impl LineReader {
    fn new(inner: Box<dyn Read + Send>) -> Self {
        LineReader {
            inner: BufReader::with_capacity(64 * 1024, inner),
            no: 0,
            pending: Vec::new(),
        }
    }

    /// Whether the next line can be had without waiting for the input.
    fn ready(&self) -> bool {
        !self.pending.is_empty() || !self.inner.buffer().is_empty()
    }

    fn peek(&mut self) -> io::Result<Option<&Line>> {
        if self.pending.is_empty() {
            if let Some(line) = self.read_line()? {
                self.pending.push(line);
            }
        }
        Ok(self.pending.last())
    }

    fn next(&mut self) -> io::Result<Option<Line>> {
        match self.pending.pop() {
            Some(line) => Ok(Some(line)),
            None => self.read_line(),
        }
    }

    /// Gives lines back, in their order: they are read again next.
    fn unread(&mut self, lines: Vec<Line>) {
        self.pending.extend(lines.into_iter().rev());
    }

    fn read_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes: Vec<u8> = Vec::new();
        let mut total = 0usize;
        let mut any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (part, used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            total += part.len();
            let room = MAX_LINE.saturating_sub(bytes.len());
            bytes.extend_from_slice(&part[..part.len().min(room)]);
            self.inner.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.no += 1;
        if bytes.last() == Some(&b'\r') && total <= MAX_LINE {
            bytes.pop();
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        Ok(Some(Line {
            no: self.no,
            text,
            too_long: (total > MAX_LINE).then_some(total),
        }))
    }
}

fn is_blank(text: &str) -> bool {
    text.trim().is_empty()
}

fn is_comment(text: &str) -> bool {
    text.trim_start().starts_with('#')
}

/// Whether a line looks like a Futoshiki game ID: digits, then letters or
/// digits, then `:` (the futoshiki crate's own test, which is private).
pub(crate) fn looks_like_game_id(text: &str) -> bool {
    match text.trim().split_once(':') {
        Some((params, _)) => {
            params.starts_with(|c: char| c.is_ascii_digit())
                && params.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

fn is_sudoku_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

/// Cells on a line of a Sudoku grid.
fn sudoku_cells(text: &str) -> usize {
    text.chars().filter(|&c| !is_sudoku_separator(c)).count()
}

/// A record being put together from lines, bounded by [`MAX_RECORD`].
struct Builder {
    record: Record,
}

impl Builder {
    fn new(source: &Arc<str>, first: Line) -> Self {
        let mut b = Builder {
            record: Record {
                source: Arc::clone(source),
                line: first.no,
                text: String::new(),
                defect: None,
            },
        };
        b.push(first);
        b
    }

    fn push(&mut self, line: Line) {
        if self.record.defect.is_some() {
            return;
        }
        if let Some(total) = line.too_long {
            self.record.defect = Some(format!(
                "line {} is {total} bytes long (the limit is {MAX_LINE})",
                line.no
            ));
            self.record.text.clear();
            return;
        }
        if self.record.text.len() + line.text.len() + 1 > MAX_RECORD {
            self.record.defect = Some(format!(
                "the puzzle is longer than {MAX_RECORD} bytes (at line {})",
                line.no
            ));
            self.record.text.clear();
            return;
        }
        if !self.record.text.is_empty() {
            self.record.text.push('\n');
        }
        self.record.text.push_str(&line.text);
    }
}

/// The records of one input.
struct Records {
    source: Arc<str>,
    lines: LineReader,
    framing: Framing,
}

impl Records {
    fn next(&mut self) -> io::Result<Option<Record>> {
        let first = loop {
            match self.lines.next()? {
                None => return Ok(None),
                Some(l) if l.too_long.is_none() && (is_blank(&l.text) || is_comment(&l.text)) => {}
                Some(l) => break l,
            }
        };
        match self.framing {
            Framing::Lines => Ok(Some(single(&self.source, first))),
            Framing::Futoshiki if looks_like_game_id(&first.text) => {
                Ok(Some(single(&self.source, first)))
            }
            Framing::Futoshiki => self.futoshiki_grid(first).map(Some),
            Framing::SudokuGrid { size } => self.sudoku_grid(first, size).map(Some),
        }
    }

    /// A Futoshiki grid: 2n-1 lines from its first line (blank relation
    /// rows included); a comment line ends it early, and so does an empty
    /// line in a grid whose relation rows are padded to 2n-1 characters
    /// (such a grid's blank relation rows are lines of spaces). When the 2n-1 lines are followed by text that is neither a blank
    /// line, a comment nor a game ID, the grid was short and its last blank
    /// line was the separator: the grid is cut there and the lines after it
    /// are read again as the next puzzle, so one puzzle with a missing line
    /// does not swallow (or garble) the next one.
    fn futoshiki_grid(&mut self, first: Line) -> io::Result<Record> {
        let width = first.text.trim_end_matches([' ', '\r']).chars().count();
        let n = width.div_ceil(2);
        let height = if first.too_long.is_none() && width % 2 == 1 && n <= futoshiki::MAX_SIZE {
            Some(width)
        } else {
            None
        };
        let mut lines = vec![first];
        let mut padded = false;
        loop {
            if height.is_some_and(|h| lines.len() >= h) {
                break;
            }
            let Some(next) = self.lines.peek()? else {
                break;
            };
            let plain = next.too_long.is_none();
            if plain && is_blank(&next.text) && height.is_none() {
                break;
            }
            // A grid whose relation rows are padded with spaces (as writers
            // should pad them) has no empty line: an empty one ends it.
            if plain && next.text.is_empty() && padded {
                break;
            }
            if plain && is_comment(&next.text) {
                break;
            }
            if let Some(line) = self.lines.next()? {
                padded |= lines.len() % 2 == 1
                    && line.text.chars().count() == width
                    && line.text.ends_with(' ');
                lines.push(line);
            }
        }
        if height.is_some_and(|h| lines.len() >= h) {
            let misframed = match self.lines.peek()? {
                Some(next) => {
                    next.too_long.is_some()
                        || !(is_blank(&next.text)
                            || is_comment(&next.text)
                            || looks_like_game_id(&next.text))
                }
                None => false,
            };
            let last_blank = lines
                .iter()
                .rposition(|l| l.too_long.is_none() && is_blank(&l.text));
            if let (true, Some(cut)) = (misframed, last_blank) {
                let rest = lines.split_off(cut + 1);
                lines.pop();
                self.lines.unread(rest);
            }
        }
        let mut lines = lines.into_iter();
        let mut b = Builder::new(&self.source, lines.next().expect("the first line"));
        for line in lines {
            b.push(line);
        }
        Ok(b.record)
    }

    fn sudoku_grid(&mut self, first: Line, size: Option<usize>) -> io::Result<Record> {
        let mut size = size;
        let mut rows = 0;
        let cells = sudoku_cells(&first.text);
        if cells > 0 {
            rows += 1;
            size = size.or(Some(cells));
        }
        let mut b = Builder::new(&self.source, first);
        while size.is_none_or(|n| rows < n) {
            let Some(next) = self.lines.peek()? else {
                break;
            };
            if next.too_long.is_none() && is_blank(&next.text) {
                break;
            }
            let Some(line) = self.lines.next()? else {
                break;
            };
            if line.too_long.is_none() && is_comment(&line.text) {
                continue;
            }
            let cells = sudoku_cells(&line.text);
            if cells > 0 {
                rows += 1;
                size = size.or(Some(cells));
            }
            b.push(line);
        }
        Ok(b.record)
    }
}

fn single(source: &Arc<str>, line: Line) -> Record {
    let defect = line
        .too_long
        .map(|total| format!("the line is {total} bytes long (the limit is {MAX_LINE})"));
    Record {
        source: Arc::clone(source),
        line: line.no,
        text: if defect.is_some() {
            String::new()
        } else {
            line.text.trim().to_owned()
        },
        defect,
    }
}

/// Opens `name` (`-` for standard input).
fn open(name: &str) -> io::Result<(Arc<str>, Box<dyn Read + Send>)> {
    if name == "-" {
        Ok((Arc::from("<stdin>"), Box::new(io::stdin())))
    } else {
        Ok((Arc::from(name), Box::new(File::open(name)?)))
    }
}

/// Reads every file in turn (standard input when `files` is empty) and
/// sends its records, in chunks, to `tx`. A chunk is sent when it is full
/// or when the input has nothing more buffered, so a slow producer (a
/// person typing, a pipe) gets answers without waiting for a full chunk.
///
/// Files that cannot be opened or read are reported on standard error;
/// the number of such failures is returned. Stops early, quietly, when the
/// receiver is gone.
pub(crate) fn read_all(files: &[String], framing: Framing, tx: &SyncSender<Vec<Record>>) -> usize {
    let stdin_only = ["-".to_owned()];
    let names = if files.is_empty() {
        &stdin_only[..]
    } else {
        files
    };
    let mut failures = 0;
    for name in names {
        let (source, reader) = match open(name) {
            Ok(opened) => opened,
            Err(e) => {
                eprintln!("gridcsp: {name}: {e}");
                failures += 1;
                continue;
            }
        };
        let mut records = Records {
            source,
            lines: LineReader::new(reader),
            framing,
        };
        let mut chunk = Vec::with_capacity(CHUNK);
        loop {
            match records.next() {
                Ok(Some(record)) => chunk.push(record),
                Ok(None) => break,
                Err(e) => {
                    eprintln!(
                        "gridcsp: {}:{}: read error: {e}",
                        records.source,
                        records.lines.no + 1
                    );
                    failures += 1;
                    break;
                }
            }
            if chunk.len() >= CHUNK || !records.lines.ready() {
                if tx.send(std::mem::take(&mut chunk)).is_err() {
                    return failures;
                }
                chunk.reserve(CHUNK);
            }
        }
        if !chunk.is_empty() && tx.send(chunk).is_err() {
            return failures;
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &[u8], framing: Framing) -> Vec<Record> {
        let mut r = Records {
            source: Arc::from("t"),
            lines: LineReader::new(Box::new(io::Cursor::new(text.to_vec()))),
            framing,
        };
        let mut out = Vec::new();
        while let Some(rec) = r.next().expect("in-memory read") {
            out.push(rec);
        }
        out
    }

    #[test]
    fn lines_skip_blank_and_comments() {
        let got = records(b"# c\n\nabc\r\n  \n def \n#x", Framing::Lines);
        let texts: Vec<(usize, &str)> = got.iter().map(|r| (r.line, r.text.as_str())).collect();
        assert_eq!(texts, vec![(3, "abc"), (5, "def")]);
    }

    #[test]
    fn long_lines_are_cut_and_flagged() {
        let mut text = vec![b'1'; MAX_LINE * 3];
        text.extend_from_slice(b"\nok\n");
        let got = records(&text, Framing::Lines);
        assert_eq!(got.len(), 2);
        assert!(got[0].defect.is_some());
        assert!(got[0].text.is_empty());
        assert_eq!((got[1].line, got[1].text.as_str()), (2, "ok"));
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily() {
        let got = records(b"\xff\xfe12\n", Framing::Lines);
        assert_eq!(got[0].text, "\u{fffd}\u{fffd}12");
    }

    #[test]
    fn sudoku_grids_by_row_count() {
        let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        let text = format!("# a\n{grid}{grid}\n\n{grid}");
        let got = records(text.as_bytes(), Framing::SudokuGrid { size: None });
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[1].line, 7);
        assert_eq!(got[2].line, 14);
        assert_eq!(got[0].text, grid.trim_end());
    }

    #[test]
    fn futoshiki_grids_keep_blank_relation_rows() {
        let grid = "2 . .<.\n  v\n. . . .\n  ^\n. . .<.\n\n. .>. .\n";
        let text = format!("# one\n{grid}\n4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,\n\n{grid}");
        let got = records(text.as_bytes(), Framing::Futoshiki);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[0].text, grid.trim_end());
        assert_eq!(got[1].line, 10);
        assert!(got[1].text.starts_with("4:"));
        assert_eq!(got[2].line, 12);
    }

    #[test]
    fn futoshiki_grid_missing_lines_does_not_swallow_the_next_puzzle() {
        let good = ".<. .\nv    \n. . .\n  ^  \n. . .";
        // Two lines short: its 5-line window would end on the next grid's
        // first line; the blank separator is found and the next grid kept.
        let short = ".<. .\n     \n. . .";
        let text = format!("{short}\n\n{good}\n\n{good}\n");
        let got = records(text.as_bytes(), Framing::Futoshiki);
        let starts: Vec<usize> = got.iter().map(|r| r.line).collect();
        assert_eq!(starts, vec![1, 5, 11]);
        assert_eq!(got[0].text, short);
        assert_eq!(got[1].text, good);
        // A relation row missing: the separator ends it.
        let short = ".<. .\n. . .\n  ^  \n. . .";
        let text = format!("{short}\n\n{good}\n");
        let got = records(text.as_bytes(), Framing::Futoshiki);
        let starts: Vec<usize> = got.iter().map(|r| r.line).collect();
        assert_eq!(starts, vec![1, 6]);
        assert_eq!(got[1].text, good);
        // A comment line never belongs to a grid.
        let text = format!(".<. .\n# next\n{good}\n");
        let got = records(text.as_bytes(), Framing::Futoshiki);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].text, good);
    }

    #[test]
    fn game_ids_are_recognised() {
        assert!(looks_like_game_id("4:1,0R,"));
        assert!(looks_like_game_id("5adt:0,"));
        assert!(!looks_like_game_id(". .<. ."));
        assert!(!looks_like_game_id("a4:1"));
    }
}
