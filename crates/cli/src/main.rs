//! `gridcsp`: the command-line tool of the gridcsp workspace. It solves,
//! counts, checks, grades, explains and generates Sudoku and Futoshiki
//! puzzles by the thousand, from files or pipes, in parallel, with the
//! output in input order.
//!
//! Modules: [`args`] (the command line), [`input`] (reading and cutting
//! the input into puzzles), [`batch`] (the parallel engine), [`output`]
//! (text and JSON), and one module per puzzle kind ([`sudoku_cmd`],
//! [`futoshiki_cmd`]). See `docs/cli.md` for the user guide.

mod args;
mod batch;
mod futoshiki_cmd;
mod input;
mod output;
mod sudoku_cmd;

use args::{Cli, PuzzleCommand};
use clap::Parser;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    std::panic::set_hook(Box::new(|info| {
        eprintln!("gridcsp: internal error: {info}");
    }));
    let stats = cli.run.stats;
    let result = match cli.puzzle {
        PuzzleCommand::Sudoku { command } => sudoku_cmd::run(command, &cli.run),
        PuzzleCommand::Futoshiki { command } => futoshiki_cmd::run(command, &cli.run),
    };
    match result {
        Ok(tally) => {
            if stats {
                eprint!("{}", tally.summary());
            }
            ExitCode::from(tally.exit_code())
        }
        // The reader of our output went away (`| head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gridcsp: {e}");
            ExitCode::from(2)
        }
    }
}
