//! Reading puzzles: files or standard input, read line by line on a thread
//! of its own, cut into records by the [`Framer`](crate::framing::Framer)
//! and handed over in small chunks through a bounded channel. Memory is
//! bounded by the records in flight, never by the size of the input.

use crate::framing::{Framer, Line, MAX_LINE, Record, RecordShape};
use crate::output::ErrSink;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::mpsc::SyncSender;

/// Records per chunk sent to the workers (fewer when the input would block).
const CHUNK: usize = 256;

/// Bytes of record text per chunk: a chunk is sent once it holds this
/// much, so that a few chunks of the largest records (2 MiB each) stay a
/// few megabytes.
pub(crate) const CHUNK_BYTES: usize = 4 << 20;

/// The UTF-8 encoding of U+FEFF, the byte-order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Reads lines of at most [`MAX_LINE`] bytes, whatever the input holds.
struct LineReader {
    inner: BufReader<Box<dyn Read + Send>>,
    no: usize,
}

impl LineReader {
    fn new(inner: Box<dyn Read + Send>) -> Self {
        LineReader {
            inner: BufReader::with_capacity(64 * 1024, inner),
            no: 0,
        }
    }

    /// The next line, `None` at the end. `before_wait` is called before
    /// every read that may have to wait for the input (nothing buffered),
    /// so what is complete can be handed over first.
    fn read_line(&mut self, before_wait: &mut dyn FnMut()) -> io::Result<Option<Line>> {
        let mut bytes: Vec<u8> = Vec::new();
        let mut total = 0usize;
        let mut any = false;
        loop {
            if self.inner.buffer().is_empty() {
                before_wait();
            }
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
            // A few bytes more than the limit, for a `\r` and a byte-order
            // mark that do not count.
            let room = (MAX_LINE + 4).saturating_sub(bytes.len());
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
        let whole = bytes.len() == total;
        if whole && bytes.last() == Some(&b'\r') {
            bytes.pop();
            total -= 1;
        }
        // A byte-order mark is dropped at the very start of an input only.
        if self.no == 1 && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
            total -= BOM.len();
        }
        bytes.truncate(MAX_LINE);
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        Ok(Some(Line {
            no: self.no,
            text,
            too_long: (total > MAX_LINE).then_some(total),
            stray_bom: None,
        }))
    }
}

/// Where the input comes from: files by name, `-` for standard input.
pub(crate) struct Inputs<'a> {
    /// Standard input, taken the first time `-` is read (later `-`s read
    /// nothing).
    pub(crate) stdin: Option<Box<dyn Read + Send>>,
    /// The names; standard input alone when empty.
    pub(crate) files: &'a [String],
}

impl Inputs<'_> {
    /// Opens `name` (`-` for standard input). A puzz.link URL given in
    /// place of a file name is an input of its own, that one line.
    fn open(&mut self, name: &str) -> io::Result<(Arc<str>, Box<dyn Read + Send>)> {
        if gridcsp_puzzles::puzzlink::is_url(name) {
            let line = name.trim().as_bytes().to_vec();
            return Ok((Arc::from("<url>"), Box::new(io::Cursor::new(line))));
        }
        if name == "-" {
            let stdin = self.stdin.take().unwrap_or_else(|| Box::new(io::empty()));
            Ok((Arc::from("<stdin>"), stdin))
        } else {
            Ok((Arc::from(name), Box::new(File::open(name)?)))
        }
    }
}

/// Reads every input in turn and sends its records, in chunks, to `tx`. A
/// chunk is sent when it is full or before a read that may wait for the
/// input, so a slow producer (a person typing, a pipe) gets each answer as
/// soon as its puzzle is complete.
///
/// Inputs that cannot be opened or read are reported on `err`; the number
/// of such failures is returned. Stops early, quietly, when the receiver
/// is gone.
pub(crate) fn read_all(
    mut inputs: Inputs<'_>,
    shape: &RecordShape,
    tx: &SyncSender<Vec<Record>>,
    err: &ErrSink,
) -> usize {
    let stdin_only = ["-".to_owned()];
    let names = if inputs.files.is_empty() {
        &stdin_only[..]
    } else {
        inputs.files
    };
    let mut failures = 0;
    let mut seq = 0u64;
    // Numbers the records added to `chunk` since `from`.
    let mut number = |chunk: &mut Vec<Record>, from: usize| {
        for r in &mut chunk[from..] {
            r.seq = seq;
            seq += 1;
        }
    };
    for name in names {
        let (source, reader) = match inputs.open(name) {
            Ok(opened) => opened,
            Err(e) => {
                err.line(&format!("gridcsp: {name}: {e}"));
                failures += 1;
                continue;
            }
        };
        let mut lines = LineReader::new(reader);
        let mut framer = Framer::new(shape, source);
        let mut chunk: Vec<Record> = Vec::with_capacity(CHUNK);
        let mut gone = false;
        loop {
            let mut send = || {
                if !chunk.is_empty() && !gone {
                    gone = tx.send(std::mem::take(&mut chunk)).is_err();
                }
            };
            let line = lines.read_line(&mut send);
            if gone {
                return failures;
            }
            match line {
                Ok(Some(line)) => {
                    let from = chunk.len();
                    framer.push(line, &mut chunk);
                    number(&mut chunk, from);
                }
                Ok(None) => break,
                Err(e) => {
                    err.line(&format!(
                        "gridcsp: {}:{}: read error: {e}",
                        framer.source(),
                        lines.no + 1
                    ));
                    failures += 1;
                    break;
                }
            }
            let full = chunk.len() >= CHUNK
                || chunk.iter().map(|r| r.text.len()).sum::<usize>() >= CHUNK_BYTES;
            if full && tx.send(std::mem::take(&mut chunk)).is_err() {
                return failures;
            }
        }
        let from = chunk.len();
        framer.finish(&mut chunk);
        number(&mut chunk, from);
        if !chunk.is_empty() && tx.send(chunk).is_err() {
            return failures;
        }
    }
    failures
}

/// Every record of the file `name`, in order, numbered from 0 (for an
/// input read whole, such as `check --solutions`).
pub(crate) fn read_file_records(name: &str, shape: &RecordShape) -> io::Result<Vec<Record>> {
    let file = File::open(name).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
    let mut lines = LineReader::new(Box::new(file));
    let mut framer = Framer::new(shape, Arc::from(name));
    let mut out = Vec::new();
    while let Some(line) = lines.read_line(&mut || {})? {
        framer.push(line, &mut out);
    }
    framer.finish(&mut out);
    for (i, r) in out.iter_mut().enumerate() {
        r.seq = i as u64;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut r = LineReader::new(Box::new(io::Cursor::new(bytes.to_vec())));
        let mut out = Vec::new();
        while let Some(line) = r.read_line(&mut || {}).expect("in-memory read") {
            out.push(line);
        }
        out
    }

    #[test]
    fn long_lines_are_cut_and_flagged() {
        let mut text = vec![b'1'; MAX_LINE * 3];
        text.extend_from_slice(b"\nok\n");
        let got = lines(&text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].too_long, Some(MAX_LINE * 3));
        assert_eq!(got[0].text.len(), MAX_LINE);
        assert_eq!((got[1].no, got[1].text.as_str()), (2, "ok"));
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_whole_with_either_ending() {
        let mut text = vec![b'1'; MAX_LINE];
        text.extend_from_slice(b"\r\n");
        text.extend_from_slice(&[b'1'; MAX_LINE + 1]);
        let got = lines(&text);
        assert_eq!(got[0].too_long, None);
        assert_eq!(got[0].text.len(), MAX_LINE);
        assert_eq!(got[1].too_long, Some(MAX_LINE + 1));
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily_and_crlf_dropped() {
        let got = lines(b"\xff\xfe12\r\nab\r");
        assert_eq!(got[0].text, "\u{fffd}\u{fffd}12");
        assert_eq!(got[1].text, "ab");
    }

    #[test]
    fn a_byte_order_mark_is_dropped_at_the_start_only() {
        let got = lines(b"\xef\xbb\xbfab\n\xef\xbb\xbfcd\n");
        assert_eq!(got[0].text, "ab");
        assert_eq!(got[1].text, "\u{feff}cd");
    }

    #[test]
    fn waits_are_announced_before_they_happen() {
        // A reader that hands over one line per read, as a pipe may.
        struct Slow(Vec<&'static [u8]>);
        impl Read for Slow {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Ok(0);
                }
                let part = self.0.remove(0);
                buf[..part.len()].copy_from_slice(part);
                Ok(part.len())
            }
        }
        let mut r = LineReader::new(Box::new(Slow(vec![b"ab", b"c\nd", b"\n"])));
        let mut waits = 0;
        let first = r.read_line(&mut || waits += 1).expect("read");
        assert_eq!(first.map(|l| l.text), Some("abc".to_owned()));
        assert_eq!(waits, 2, "before each of the two reads");
        let second = r.read_line(&mut || waits += 1).expect("read");
        assert_eq!(second.map(|l| l.text), Some("d".to_owned()));
        assert_eq!(waits, 3, "`d` was buffered: one wait, for the newline");
    }
}
