//! `gridcsp`: the command-line tool of the gridcsp workspace. It solves,
//! counts, checks, grades, explains and generates grid puzzles of every
//! family (Sudoku and Futoshiki from their crates, the others from
//! `gridcsp-puzzles`) by the thousand, from files or pipes, in parallel,
//! with the output in input order.
//!
//! Modules: [`args`] (the command line), [`framing`] (cutting the input
//! into records, one puzzle each, by a family's record shape), [`input`]
//! (reading files and pipes into the framer), [`batch`] (the parallel
//! engine), [`output`] (text and JSON, and the run's streams), and one
//! module per puzzle kind ([`sudoku_cmd`], [`futoshiki_cmd`]), which gives
//! its record shapes and its answers. See `docs/cli.md` for the user guide.

mod args;
mod atomic;
mod batch;
mod family_cmd;
mod framing;
mod futoshiki_cmd;
mod input;
mod output;
mod parallel;
mod render_cmd;
mod sudoku_cmd;

#[cfg(test)]
mod props;
#[cfg(test)]
mod props_families;

use args::{Cli, FamilyCommand, PuzzleCommand, RunArgs, UrlSolveArgs};
use clap::{Args, CommandFactory, FromArgMatches, Subcommand};
use gridcsp_puzzles::AnyFamily;
use output::Io;
use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

/// mimalloc, not the system allocator: building and solving a small
/// puzzle's model makes ~90 short-lived allocations, and a batch run makes
/// them per puzzle; mimalloc cuts a 4x4 KenKen's instructions by a tenth
/// (callgrind, `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let parsed = match parse_from(std::env::args_os()) {
        Ok(p) => p,
        Err(e) => e.exit(),
    };
    std::panic::set_hook(Box::new(|info| {
        eprintln!("gridcsp: internal error: {info}");
    }));
    ExitCode::from(run(parsed, &Io::standard()))
}

/// A parsed command line.
enum Parsed {
    /// `sudoku` or `futoshiki`, with their own subcommands and options.
    Builtin(Cli),
    /// Any other family of `gridcsp-puzzles`, through the generic path.
    Family {
        run: RunArgs,
        family: &'static dyn AnyFamily,
        command: FamilyCommand,
    },
    /// `gridcsp solve URL...`: puzz.link URLs, each of its own family.
    Urls { run: RunArgs, args: UrlSolveArgs },
}

impl std::fmt::Debug for Parsed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Parsed::Builtin(cli) => cli.fmt(f),
            Parsed::Family {
                family, command, ..
            } => f
                .debug_struct("Family")
                .field("family", &family.info().name)
                .field("command", command)
                .finish_non_exhaustive(),
            Parsed::Urls { args, .. } => f
                .debug_struct("Urls")
                .field("args", args)
                .finish_non_exhaustive(),
        }
    }
}

/// The families that have subcommands of their own in [`args`].
const BUILT_IN: [&str; 2] = ["sudoku", "futoshiki"];

fn generic_family(name: &str) -> Option<&'static dyn AnyFamily> {
    gridcsp_puzzles::family(name).filter(|_| !BUILT_IN.contains(&name))
}

/// The whole command line: the derived one, plus one subcommand per
/// family of `gridcsp-puzzles` (each with the same [`FamilyCommand`]s).
fn command() -> clap::Command {
    let mut cmd = Cli::command();
    for f in gridcsp_puzzles::families() {
        let info = f.info();
        if BUILT_IN.contains(&info.name) {
            continue;
        }
        let levels: Vec<String> = info
            .levels
            .iter()
            .map(|l| format!("  {:<12}{}", l.name, l.about))
            .collect();
        // The family's own words go on after the derived subcommands, which
        // would otherwise replace them with `FamilyCommand`'s doc comment.
        let sub = FamilyCommand::augment_subcommands(clap::Command::new(info.name))
            .about(format!("{}: {}", info.title, info.rules))
            .after_help(format!(
                "Levels (easiest first):\n{}\n\nFormats: docs/formats/{}.md",
                levels.join("\n"),
                info.name
            ))
            .subcommand_required(true)
            .arg_required_else_help(true);
        cmd = cmd.subcommand(sub);
    }
    let solve = UrlSolveArgs::augment_args(clap::Command::new(URL_SOLVE))
        .about("Solve puzz.link URLs of any family (the family from each URL's genre)")
        .after_help(args::URL_SOLVE_EXAMPLES);
    cmd.subcommand(solve)
}

/// The subcommand that reads puzz.link URLs of any family.
const URL_SOLVE: &str = "solve";

/// Parses a command line (the program name first).
fn parse_from<I, T>(args: I) -> Result<Parsed, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    let generic = matches
        .subcommand()
        .and_then(|(name, sub)| Some((generic_family(name)?, sub)));
    if let Some((URL_SOLVE, sub)) = matches.subcommand() {
        let parsed = RunArgs::from_arg_matches(&matches).and_then(|run| {
            Ok(Parsed::Urls {
                run,
                args: UrlSolveArgs::from_arg_matches(sub)?,
            })
        });
        return parsed.map_err(|e| e.format(&mut cmd));
    }
    let parsed = match generic {
        Some((family, sub)) => RunArgs::from_arg_matches(&matches).and_then(|run| {
            Ok(Parsed::Family {
                run,
                family,
                command: FamilyCommand::from_arg_matches(sub)?,
            })
        }),
        None => Cli::from_arg_matches(&matches).map(Parsed::Builtin),
    };
    parsed.map_err(|e| e.format(&mut cmd))
}

/// Runs a parsed command line on `io`; the exit status.
fn run(parsed: Parsed, io: &Io) -> u8 {
    let (stats, result) = match parsed {
        Parsed::Builtin(cli) => {
            let result = match cli.puzzle {
                PuzzleCommand::Sudoku { command } => sudoku_cmd::run(command, &cli.run, io),
                PuzzleCommand::Futoshiki { command } => futoshiki_cmd::run(command, &cli.run, io),
            };
            (cli.run.stats, result)
        }
        Parsed::Family {
            run,
            family,
            command,
        } => (run.stats, family_cmd::run(family, command, &run, io)),
        Parsed::Urls { run, args } => (run.stats, family_cmd::solve_urls(&args, &run, io)),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each family's subcommand says what the family is (its title and
    /// rules, then its levels), not the shared words of `FamilyCommand`.
    #[test]
    fn every_family_subcommand_describes_its_family() {
        let cmd = command();
        for f in gridcsp_puzzles::families() {
            let info = f.info();
            if BUILT_IN.contains(&info.name) {
                continue;
            }
            let sub = cmd
                .find_subcommand(info.name)
                .unwrap_or_else(|| panic!("no subcommand {}", info.name));
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert_eq!(about, format!("{}: {}", info.title, info.rules));
            let after = sub
                .get_after_help()
                .map(|a| a.to_string())
                .unwrap_or_default();
            assert!(after.starts_with("Levels (easiest first):"), "{after}");
        }
    }
}
