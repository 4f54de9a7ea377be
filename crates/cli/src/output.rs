//! Writing answers: text (one line per puzzle, or blocks separated by a
//! blank line) or one JSON object per line. Answers are gathered per batch
//! and written in one go, so a progress bar on the same terminal can be
//! hidden while they are written. Also where the run's streams come from
//! ([`Io`]): the process's own, or memory (the in-process tests).

use crate::answer::{Answer, Job, merge};
use serde::Serialize;
use serde_json::Value;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// A shared writer: standard error, written from the reader thread too.
#[derive(Clone)]
pub(crate) struct ErrSink(Arc<Mutex<Box<dyn Write + Send>>>);

impl std::fmt::Debug for ErrSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ErrSink")
    }
}

impl ErrSink {
    /// Writes one line (a failure to write to standard error is ignored,
    /// as `eprintln!` would not be).
    pub(crate) fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    /// Writes text as it is.
    pub(crate) fn text(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = w.write_all(text.as_bytes());
        let _ = w.flush();
    }
}

/// The streams of a run.
pub(crate) struct Io {
    /// Standard input, taken by the reader the first time `-` is read.
    pub(crate) stdin: Mutex<Option<Box<dyn Read + Send>>>,
    /// Standard output.
    pub(crate) stdout: Mutex<Box<dyn Write + Send>>,
    /// Standard error.
    pub(crate) stderr: ErrSink,
    /// Whether standard error is a terminal (progress bars allowed).
    pub(crate) terminal: bool,
}

impl std::fmt::Debug for Io {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Io")
            .field("terminal", &self.terminal)
            .finish_non_exhaustive()
    }
}

impl Io {
    /// The process's standard streams.
    pub(crate) fn standard() -> Io {
        Io {
            stdin: Mutex::new(Some(Box::new(io::stdin()))),
            stdout: Mutex::new(Box::new(io::stdout())),
            stderr: ErrSink(Arc::new(Mutex::new(Box::new(io::stderr())))),
            terminal: io::stderr().is_terminal(),
        }
    }

    /// Standard input from memory; standard output and error into the
    /// returned buffers.
    #[cfg(test)]
    pub(crate) fn memory(input: Vec<u8>) -> (Io, SharedBuf, SharedBuf) {
        let out = SharedBuf::default();
        let err = SharedBuf::default();
        let io = Io {
            stdin: Mutex::new(Some(Box::new(io::Cursor::new(input)))),
            stdout: Mutex::new(Box::new(out.clone())),
            stderr: ErrSink(Arc::new(Mutex::new(Box::new(err.clone())))),
            terminal: false,
        };
        (io, out, err)
    }

    /// Takes standard input (once).
    pub(crate) fn take_stdin(&self) -> Option<Box<dyn Read + Send>> {
        self.stdin
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// A byte buffer many writers share (the in-process tests' streams).
#[cfg(test)]
#[derive(Clone, Debug, Default)]
pub(crate) struct SharedBuf(Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl SharedBuf {
    /// What was written, lossily decoded.
    pub(crate) fn text(&self) -> String {
        let bytes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

#[cfg(test)]
impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The fields every JSON answer has.
#[derive(Serialize)]
struct Common<'a> {
    outcome: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// `null` for work whose searches the libraries do not count.
    nodes: Option<u64>,
    decisions: Option<u64>,
    time_ms: f64,
}

/// How answers are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// One line per puzzle.
    Lines,
    /// Multi-line answers separated by a blank line.
    Blocks,
    /// One JSON object per line.
    Json,
}

/// Writes answers to standard output, a batch at a time.
#[derive(Debug)]
pub(crate) struct Printer<'io> {
    out: Vec<u8>,
    layout: Layout,
    first: bool,
    io: &'io Io,
}

impl<'io> Printer<'io> {
    /// A printer to the run's standard output.
    pub(crate) fn new(layout: Layout, io: &'io Io) -> Printer<'io> {
        Printer {
            out: Vec::with_capacity(64 * 1024),
            layout,
            first: true,
            io,
        }
    }

    /// The run's streams.
    pub(crate) fn io(&self) -> &'io Io {
        self.io
    }

    /// Writes one answer.
    pub(crate) fn print(
        &mut self,
        job: &dyn Job,
        answer: Answer,
        elapsed: Duration,
    ) -> io::Result<()> {
        match self.layout {
            Layout::Lines => writeln!(self.out, "{}", answer.text)?,
            Layout::Blocks => {
                if !self.first {
                    writeln!(self.out)?;
                }
                writeln!(self.out, "{}", answer.text)?;
            }
            Layout::Json => {
                let mut object = answer.json;
                job.describe(&mut object);
                let common = Common {
                    outcome: answer.outcome,
                    error: answer.message.as_deref(),
                    nodes: answer.effort.map(|e| e.nodes),
                    decisions: answer.effort.map(|e| e.decisions),
                    time_ms: elapsed.as_secs_f64() * 1000.0,
                };
                merge(&mut object, &common);
                serde_json::to_writer(&mut self.out, &Value::Object(object))
                    .map_err(io::Error::from)?;
                writeln!(self.out)?;
            }
        }
        self.first = false;
        Ok(())
    }

    /// Writes what was gathered to standard output.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        let mut stdout = self
            .io
            .stdout
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        stdout.write_all(&self.out)?;
        stdout.flush()?;
        self.out.clear();
        Ok(())
    }
}
