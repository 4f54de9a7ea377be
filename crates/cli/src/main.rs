//! `gridcsp`: the command-line tool of the gridcsp workspace. It solves,
//! counts, checks, grades, explains and generates Sudoku and Futoshiki
//! puzzles by the thousand, from files or pipes, in parallel, with the
//! output in input order.
//!
//! Modules: [`args`] (the command line), [`framing`] (cutting the input
//! into records, one puzzle each, by a family's record shape), [`input`]
//! (reading files and pipes into the framer), [`batch`] (the parallel
//! engine), [`output`] (text and JSON, and the run's streams), and one
//! module per puzzle kind ([`sudoku_cmd`], [`futoshiki_cmd`]), which gives
//! its record shapes and its answers. See `docs/cli.md` for the user guide.

mod args;
mod batch;
mod framing;
mod futoshiki_cmd;
mod input;
mod output;
mod sudoku_cmd;

#[cfg(test)]
mod props;

use args::{Cli, PuzzleCommand};
use clap::Parser;
use output::Io;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    std::panic::set_hook(Box::new(|info| {
        eprintln!("gridcsp: internal error: {info}");
    }));
    ExitCode::from(run(cli, &Io::standard()))
}

/// Runs a parsed command line on `io`; the exit status.
fn run(cli: Cli, io: &Io) -> u8 {
    let stats = cli.run.stats;
    let result = match cli.puzzle {
        PuzzleCommand::Sudoku { command } => sudoku_cmd::run(command, &cli.run, io),
        PuzzleCommand::Futoshiki { command } => futoshiki_cmd::run(command, &cli.run, io),
    };
    match result {
        Ok(tally) => {
            if stats {
                io.stderr.text(&tally.summary());
            }
            tally.exit_code()
        }
        // The reader of our output went away (`| head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            io.stderr.line(&format!("gridcsp: {e}"));
            2
        }
    }
}
