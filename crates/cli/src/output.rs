//! Writing answers: text (one line per puzzle, or blocks separated by a
//! blank line) or one JSON object per line. Answers are gathered per batch
//! and written to standard output in one go, so a progress bar on the
//! same terminal can be hidden while they are written.

use crate::batch::{Answer, Job};
use serde_json::Value;
use std::io::{self, Write};
use std::time::Duration;

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
pub(crate) struct Printer {
    out: Vec<u8>,
    layout: Layout,
    first: bool,
}

impl Printer {
    /// A printer to standard output.
    pub(crate) fn new(layout: Layout) -> Printer {
        Printer {
            out: Vec::with_capacity(64 * 1024),
            layout,
            first: true,
        }
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
                object.insert("outcome".into(), answer.outcome.into());
                if let Some(message) = answer.message {
                    object.insert("error".into(), message.into());
                }
                object.insert("nodes".into(), answer.nodes.into());
                object.insert("decisions".into(), answer.decisions.into());
                object.insert("time_ms".into(), (elapsed.as_secs_f64() * 1000.0).into());
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
        let mut stdout = io::stdout().lock();
        stdout.write_all(&self.out)?;
        stdout.flush()?;
        self.out.clear();
        Ok(())
    }
}
