//! One puzzle's answer ([`Answer`]: its status, its text and JSON forms,
//! the search effort) and the units of work it answers ([`Job`]: an input
//! record or a puzzle to generate). The lowest layer of the batch path:
//! the batch engine, the output and the commands all speak these types.

use crate::framing::Record;
use serde::Serialize;
use serde_json::{Map, Value};

/// How a puzzle went, for the summary and the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Solved, counted, checked clean, graded, explained or generated.
    Done,
    /// A negative answer: no solution, several where one was needed, a
    /// conflict, or a generator that gave up.
    Failed,
    /// A node or time limit stopped the work.
    Limit,
    /// The input is not a puzzle.
    Invalid,
    /// The answer's output file could not be written (exit status 2, as
    /// every write failure).
    Unwritten,
}

/// The answer for one puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    /// For the summary and the exit status.
    pub(crate) status: Status,
    /// The outcome word of the JSON object (`solved`, `unsolvable`, ...).
    pub(crate) outcome: &'static str,
    /// The text for standard output (one or more lines, no final newline).
    pub(crate) text: String,
    /// A message for standard error, printed after the puzzle's location.
    pub(crate) message: Option<String>,
    /// Extra JSON fields (only filled when JSON output was asked for).
    pub(crate) json: Map<String, Value>,
    /// The search effort; `None` when the work ran a search that the
    /// library does not count (grading, explaining, generating).
    pub(crate) effort: Option<Effort>,
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Effort {
    /// Search-tree nodes (the root, every decision and refutation, as
    /// Gecode counts them).
    pub(crate) nodes: u64,
    /// Decisions (what `--node-limit` bounds).
    pub(crate) decisions: u64,
}

impl Answer {
    /// The answer of `count` for either puzzle: the number (exact or capped
    /// by `--limit`), or `limit` when a search limit stopped the count.
    pub(crate) fn counted(count: csp_core::Count, stats: csp_core::Stats) -> Answer {
        use csp_core::{SearchStatus, StopReason};
        let answer = match count.status {
            SearchStatus::Complete | SearchStatus::Stopped(StopReason::SolutionLimit) => {
                Answer::new(Status::Done, "counted", count.count.to_string())
                    .field("exact", count.status.is_complete())
            }
            SearchStatus::Stopped(reason) => Answer::limit(reason),
        };
        answer.with_stats(stats).field("count", count.count)
    }

    /// An answer with no message and no JSON fields.
    pub(crate) fn new(status: Status, outcome: &'static str, text: impl Into<String>) -> Answer {
        Answer {
            status,
            outcome,
            text: text.into(),
            message: None,
            json: Map::new(),
            effort: Some(Effort::default()),
        }
    }

    /// `invalid`, with the reason on standard error.
    pub(crate) fn invalid(message: impl Into<String>) -> Answer {
        let mut a = Answer::new(Status::Invalid, "invalid", "invalid");
        a.message = Some(message.into());
        a
    }

    /// An output file that could not be written: `failed`, with the reason
    /// on standard error; the run exits with 2.
    pub(crate) fn unwritten(message: impl Into<String>) -> Answer {
        let mut a = Answer::new(Status::Unwritten, "failed", "failed");
        a.message = Some(message.into());
        a
    }

    /// A search stopped by a limit.
    pub(crate) fn limit(reason: impl std::fmt::Display) -> Answer {
        let mut a = Answer::new(Status::Limit, "limit", "limit");
        a.json.insert("reason".into(), reason.to_string().into());
        a
    }

    /// The work searched, but its nodes are not known (the grader's and
    /// the generator's searches happen inside the libraries): JSON says
    /// `null` rather than a wrong 0.
    pub(crate) fn uncounted(mut self) -> Answer {
        self.effort = None;
        self
    }

    /// Sets the search effort from the solver's statistics.
    pub(crate) fn with_stats(mut self, stats: csp_core::Stats) -> Answer {
        self.effort = Some(Effort {
            nodes: stats.nodes,
            decisions: stats.decisions,
        });
        self
    }

    /// Adds a JSON field.
    pub(crate) fn field(mut self, key: &str, value: impl Into<Value>) -> Answer {
        self.json.insert(key.to_owned(), value.into());
        self
    }

    /// Adds the fields of `fields`' serde form (a struct: its fields become
    /// the object's).
    pub(crate) fn fields(mut self, fields: &impl Serialize) -> Answer {
        merge(&mut self.json, fields);
        self
    }
}

/// Adds the fields of `fields`' serde form to `object`. Only structs reach
/// it (every caller's type is one), and serialising them cannot fail: their
/// fields are strings, numbers and the libraries' serde forms.
pub(crate) fn merge(object: &mut Map<String, Value>, fields: &impl Serialize) {
    match serde_json::to_value(fields) {
        Ok(Value::Object(more)) => object.extend(more),
        Ok(other) => debug_assert!(false, "not an object: {other}"),
        Err(e) => debug_assert!(false, "not serialisable: {e}"),
    }
}

/// A unit of work: an input record, or a puzzle to generate.
pub(crate) trait Job: Send + Sync {
    /// Where it comes from, for messages (`FILE:LINE`).
    fn location(&self) -> String;
    /// Adds what identifies it to a JSON object.
    fn describe(&self, object: &mut Map<String, Value>);
}

/// What identifies an input puzzle in JSON.
#[derive(Serialize)]
struct RecordFields<'a> {
    file: &'a str,
    line: usize,
    input: &'a str,
}

impl Job for Record {
    fn location(&self) -> String {
        Record::location(self)
    }

    fn describe(&self, object: &mut Map<String, Value>) {
        let fields = RecordFields {
            file: &self.source,
            line: self.line,
            input: &self.text,
        };
        merge(object, &fields);
    }
}

/// Puzzle `index` of a generate run, made from `seed` (its JSON fields).
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct GenJob {
    /// 0-based index in the run.
    pub(crate) index: u64,
    /// The seed it is made from.
    pub(crate) seed: u64,
}

impl Job for GenJob {
    fn location(&self) -> String {
        format!("puzzle {} (seed {})", self.index, self.seed)
    }

    fn describe(&self, object: &mut Map<String, Value>) {
        merge(object, self);
    }
}
