//! `gridcsp`: the command-line tool of the gridcsp workspace. It solves,
//! counts, checks, grades, explains and generates grid puzzles of every
//! family (Sudoku and Futoshiki from their crates, the others from
//! `gridcsp-puzzles`) by the thousand, from files or pipes, in parallel,
//! with the output in input order.
//!
//! Modules, in layers (each imports only from those before it; see
//! `docs/architecture.md`): [`args`] (the command line); [`framing`]
//! (cutting the input into records, one puzzle each, by a family's record
//! shape) and [`answer`] (one puzzle's answer); [`output`] (text and JSON,
//! and the run's streams) and [`atomic`] (files written whole); [`input`]
//! (reading files and pipes into the framer); [`parallel`] and
//! [`batch`] (the parallel engine); [`common`] and [`convert`] (what every
//! command shares); the commands: [`render_cmd`], [`family_cmd`] (every
//! family of `gridcsp-puzzles`), [`sudoku_cmd`] and [`futoshiki_cmd`]
//! (those two families' options and words on the family path). See
//! `docs/cli.md` for the user guide.

mod answer;
mod args;
mod atomic;
mod batch;
mod common;
mod convert;
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
///
/// A family's subcommands and their arguments are built only when clap
/// reaches its subcommand ([`clap::Command::defer`]): building all of
/// them (every family, each with a dozen subcommands and their options)
/// took most of the tool's start-up time, and a command line names one
/// family.
fn command() -> clap::Command {
    let mut cmd = Cli::command();
    for f in gridcsp_puzzles::families() {
        let info = f.info();
        if BUILT_IN.contains(&info.name) {
            continue;
        }
        let sub = clap::Command::new(info.name)
            .about(format!("{}: {}", info.title, info.rules))
            .defer(family_subcommands);
        cmd = cmd.subcommand(sub);
    }
    // Built now: deferred, its own options would go after the global ones
    // in its help, and it has few.
    let solve = UrlSolveArgs::augment_args(clap::Command::new(URL_SOLVE))
        .about("Solve puzz.link URLs of any family (the family from each URL's genre)")
        .after_help(args::URL_SOLVE_EXAMPLES);
    cmd.subcommand(solve)
}

/// Completes a family's subcommand (named after the family) with the
/// shared [`FamilyCommand`]s and the family's levels.
fn family_subcommands(sub: clap::Command) -> clap::Command {
    let Some(family) = generic_family(sub.get_name()) else {
        return sub;
    };
    let info = family.info();
    let levels: Vec<String> = info
        .levels
        .iter()
        .map(|l| format!("  {:<12}{}", l.name, l.about))
        .collect();
    // The family's own words go on after the derived subcommands, which
    // would otherwise replace them with `FamilyCommand`'s doc comment.
    let about = sub.get_about().cloned();
    let mut sub = FamilyCommand::augment_subcommands(sub)
        .after_help(format!(
            "Levels (easiest first):\n{}\n\nFormats: docs/formats/{}.md",
            levels.join("\n"),
            info.name
        ))
        .subcommand_required(true)
        .arg_required_else_help(true);
    if let Some(about) = about {
        sub = sub.about(about);
    }
    sub
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
        let mut cmd = command();
        cmd.build();
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

    /// The CLI's files import each other in one direction only: the
    /// `crate::` paths outside comments form no circle (`docs/architecture.md`
    /// draws the layers).
    #[test]
    fn the_modules_import_one_way() {
        let files: [(&str, &str); 17] = [
            ("answer", include_str!("answer.rs")),
            ("args", include_str!("args.rs")),
            ("atomic", include_str!("atomic.rs")),
            ("batch", include_str!("batch.rs")),
            ("common", include_str!("common.rs")),
            ("convert", include_str!("convert.rs")),
            ("family_cmd", include_str!("family_cmd.rs")),
            ("framing", include_str!("framing.rs")),
            ("futoshiki_cmd", include_str!("futoshiki_cmd.rs")),
            ("input", include_str!("input.rs")),
            ("main", include_str!("main.rs")),
            ("output", include_str!("output.rs")),
            ("parallel", include_str!("parallel.rs")),
            ("props", include_str!("props.rs")),
            ("props_families", include_str!("props_families.rs")),
            ("render_cmd", include_str!("render_cmd.rs")),
            ("sudoku_cmd", include_str!("sudoku_cmd.rs")),
        ];
        let names: Vec<&str> = files.iter().map(|&(n, _)| n).collect();
        let imports = |text: &str| -> Vec<usize> {
            let mut out = Vec::new();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for (i, name) in names.iter().enumerate() {
                    for prefix in ["crate::", "super::"] {
                        let path = format!("{prefix}{name}");
                        let found = line.match_indices(&path).any(|(at, _)| {
                            !line[at + path.len()..]
                                .starts_with(|c: char| c == '_' || c.is_alphanumeric())
                        });
                        if found && !out.contains(&i) {
                            out.push(i);
                        }
                    }
                }
            }
            out
        };
        let edges: Vec<Vec<usize>> = files.iter().map(|&(_, text)| imports(text)).collect();
        // Depth-first search for a back edge; the path names the circle.
        fn visit(v: usize, edges: &[Vec<usize>], state: &mut [u8], path: &mut Vec<usize>) -> bool {
            state[v] = 1;
            path.push(v);
            for &w in &edges[v] {
                if w != v && (state[w] == 1 || (state[w] == 0 && visit(w, edges, state, path))) {
                    path.push(w);
                    return true;
                }
            }
            path.pop();
            state[v] = 2;
            false
        }
        let mut state = vec![0u8; files.len()];
        for v in 0..files.len() {
            let mut path = Vec::new();
            if state[v] == 0 && visit(v, &edges, &mut state, &mut path) {
                let circle: Vec<&str> = path.iter().map(|&i| names[i]).collect();
                panic!("an import circle: {}", circle.join(" -> "));
            }
        }
        // The test sees every file of the crate.
        assert_eq!(
            files.len(),
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
                .map(|d| d
                    .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_file()))
                    .count())
                .unwrap_or(0)
        );
    }

    /// Every family, Sudoku and Futoshiki included, has the same
    /// subcommands (issue 43: `gridcsp FAMILY hint --help` works for all),
    /// each with its help.
    #[test]
    fn every_family_has_the_same_subcommands() {
        let names = |c: &clap::Command| -> Vec<String> {
            let mut v: Vec<String> = c
                .get_subcommands()
                .map(|s| s.get_name().to_owned())
                .filter(|n| n != "help")
                .collect();
            v.sort();
            v
        };
        let shared = names(&FamilyCommand::augment_subcommands(clap::Command::new("f")));
        assert_eq!(shared.len(), 9, "{shared:?}");
        let mut cmd = command();
        cmd.build();
        for f in gridcsp_puzzles::families() {
            let name = f.info().name;
            let family = cmd.find_subcommand_mut(name).expect("listed");
            assert_eq!(names(family), shared, "{name}");
            for sub in &shared {
                let help = family
                    .find_subcommand_mut(sub)
                    .map(|c| c.render_long_help().to_string())
                    .unwrap_or_default();
                assert!(help.contains("Usage: gridcsp"), "{name} {sub}: {help}");
            }
        }
    }

    /// Deferring a family's subcommands changes nothing a user sees: its
    /// subcommands are all there with their help once clap reaches them.
    #[test]
    fn a_family_subcommand_is_whole_once_built() {
        let mut cmd = command();
        cmd.build();
        for f in gridcsp_puzzles::families() {
            let name = f.info().name;
            if BUILT_IN.contains(&name) {
                continue;
            }
            let family = cmd.find_subcommand_mut(name).expect("listed");
            for sub in [
                "solve", "count", "check", "grade", "explain", "hint", "generate",
            ] {
                let help = family
                    .find_subcommand_mut(sub)
                    .map(|c| c.render_long_help().to_string())
                    .unwrap_or_default();
                assert!(help.contains("Usage: gridcsp"), "{name} {sub}: {help}");
            }
        }
        assert!(parse_from(["gridcsp", "kakuro", "solve", "--limit", "2"]).is_err());
        assert!(parse_from(["gridcsp", "kakuro", "count", "--limit", "2"]).is_ok());
    }
}
