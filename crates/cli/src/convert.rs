//! Records read as a family's puzzles, and puzzles written in another
//! form: what `convert` does for every family (Sudoku and Futoshiki
//! included) and what `render` reads its records with.

use crate::answer::{Answer, Status};
use crate::args::{ConvertArgs, Format, RunArgs};
use crate::batch::{self, Tally};
use crate::framing::{Form, Record, RecordShape};
use crate::output::{Io, Layout, Printer};
use gridcsp_puzzles::{AnyFamily, AnyPuzzle};
use std::io;

/// `convert`: every record of `a.input` (cut by `shape`) written in the
/// form `a.to`.
pub(crate) fn convert_records(
    family: &dyn AnyFamily,
    a: &ConvertArgs,
    shape: RecordShape,
    run_args: &RunArgs,
    io: &Io,
) -> io::Result<Tally> {
    let layout = match (run_args.json, a.to) {
        (true, _) => Layout::Json,
        (false, Format::Text) => Layout::Blocks,
        (false, _) => Layout::Lines,
    };
    let mut printer = Printer::new(layout, io);
    let to = a.to;
    batch::run_records(
        run_args,
        &a.input.files,
        shape,
        &mut printer,
        || (),
        |_, record| match load(family, record) {
            Ok(p) => match written(&*p, to) {
                Ok(text) => {
                    Answer::new(Status::Done, "converted", text.clone()).field("output", text)
                }
                Err(reason) => failed(reason),
            },
            Err(a) => a,
        },
    )
}

/// A puzzle in the form `to`, or why it cannot be written so.
pub(crate) fn written(p: &dyn AnyPuzzle, to: Format) -> Result<String, String> {
    match to {
        Format::Text => Ok(p.write().trim_end().to_owned()),
        Format::Id => p
            .game_id()
            .ok_or_else(|| "no one-line form (game ID) holds this puzzle".to_owned()),
        Format::Puzzlink => p.puzzlink().map_err(|e| e.to_string()),
    }
}

/// Reads a record as a puzzle of the family; errors name the file's line.
/// A Futoshiki grid just after the `# adjacent` comment is an Adjacent
/// puzzle even without bars (the comment is the futoshiki crate's
/// directive, kept with the record by the framer).
pub(crate) fn load<'f>(
    family: &'f dyn AnyFamily,
    record: &Record,
) -> Result<Box<dyn AnyPuzzle + 'f>, Answer> {
    if let Some(defect) = &record.defect {
        return Err(Answer::invalid(defect.clone()));
    }
    let adjacent = record.form == Form::Block
        && family.info().name == "futoshiki"
        && record
            .comment
            .as_deref()
            .is_some_and(|c| c.trim().eq_ignore_ascii_case(futoshiki::ADJACENT_DIRECTIVE));
    let loaded = if adjacent {
        let text = format!("{}\n{}", futoshiki::ADJACENT_DIRECTIVE, record.text);
        family.load(&text).map_err(|e| (e, record.line - 1))
    } else {
        family.load(&record.text).map_err(|e| (e, record.line))
    };
    loaded.map_err(|(e, first)| Answer::invalid(e.relocated(first).to_string()))
}

/// `failed`, with the reason on standard error.
pub(crate) fn failed(reason: String) -> Answer {
    let mut a = Answer::new(Status::Failed, "failed", "failed");
    a.message = Some(reason);
    a
}
