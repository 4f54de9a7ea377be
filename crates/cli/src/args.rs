//! The command line: clap definitions of every subcommand and option, with
//! the examples shown by `--help`.

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

const TOP_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku solve puzzles.txt > solutions.txt
  cat puzzles.txt | gridcsp sudoku solve --threads 4 --stats
  gridcsp sudoku generate --count 100 --difficulty hard --seed 7
  gridcsp futoshiki solve --pretty puzzles.txt
  gridcsp futoshiki generate --size 6 --difficulty tricky --count 10 --seed 1
  gridcsp solve 'https://puzz.link/p?slither/5/5/cbcbcddad'

Exit status: 0 when every puzzle was handled and solved (or counted, checked
clean, graded or generated); 1 when some puzzle was unsolvable, hit a limit,
had a conflict or could not be graded or generated; 2 for invalid input or a
usage error.";

const SUDOKU_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku solve top1465.txt
  gridcsp sudoku count --limit 2 puzzles.txt
  gridcsp sudoku check board.txt
  gridcsp sudoku grade --json puzzles.txt
  gridcsp sudoku generate --count 10 --difficulty medium --seed 42";

const SUDOKU_SOLVE_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku solve puzzles.txt > solutions.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | gridcsp sudoku solve
  gridcsp sudoku solve --grid --pretty board.txt
  gridcsp sudoku solve --box 2x3 six_by_six.txt
  gridcsp sudoku solve --threads 1 --stats --node-limit 100000 hard.txt

Output: one line per puzzle, in input order: the solution in the one-line
form, `unsolvable`, `limit` (a node or time limit stopped the search) or
`invalid` (the reason goes to standard error as FILE:LINE: message).";

const SUDOKU_COUNT_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku count --limit 2 puzzles.txt      # 1 = unique, 2 = several
  gridcsp sudoku count --limit 1000 --time-limit 5s sparse.txt

Output: one number per puzzle (the number of solutions, capped at --limit),
or `limit` / `invalid`.";

const SUDOKU_CHECK_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku check boards.txt
  gridcsp sudoku check --grid board.txt

Output: `ok` (no rule broken, blanks left), `complete` (filled, no rule
broken) or `conflict` followed by the cells that break a rule, e.g.
`conflict r1c2 r1c7`.";

const SUDOKU_GRADE_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku grade puzzles.txt
  gridcsp sudoku grade --json puzzles.txt

Output: the level (easy, medium, hard, expert, extreme or beyond), the
rating on Sudoku Explainer's scale, then the hardest technique, e.g.
`medium 3.0 naked pair`; the technique is `guess` when the known
techniques run out. `unsolvable` or `multiple` for puzzles without exactly
one solution.";

const SUDOKU_EXPLAIN_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku explain puzzle.txt
  gridcsp sudoku explain --json puzzles.txt

Output: the numbered steps, then the grade; puzzles are separated by a
blank line.";

const SUDOKU_GENERATE_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku generate --count 100 --difficulty hard --seed 7
  gridcsp sudoku generate --difficulty easy --size 6 --seed 1
  gridcsp sudoku generate --box 2x4 --symmetric --minimal --seed 3 --pretty
  gridcsp sudoku generate --technique xy-wing --count 5 --seed 7
  gridcsp sudoku generate --max-rating 4.5 --seed 7

Puzzle i (counting from 0) is made from seed S+i, so the output does not
depend on --threads and any one puzzle can be made again on its own.";

const FUTOSHIKI_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki solve puzzles.txt
  gridcsp futoshiki grade puzzles.txt
  gridcsp futoshiki generate --size 5 --difficulty tricky --count 20 --seed 9";

const FUTOSHIKI_SOLVE_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki solve puzzles.txt
  echo '4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,' | gridcsp futoshiki solve
  gridcsp futoshiki solve --pretty grids.txt

Output: one line per puzzle: the solution as n*n symbols row-major
(`1`-`9` then `A`-`Z`), `unsolvable`, `limit` or `invalid`; with --pretty,
the solved grid with its signs, puzzles separated by a blank line.";

const FUTOSHIKI_COUNT_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki count --limit 2 puzzles.txt

Output: one number per puzzle (capped at --limit), or `limit` / `invalid`.";

const FUTOSHIKI_CHECK_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki check grids.txt

Output: `ok`, `complete`, or `conflict` followed by the cells of the clues
that contradict each other (repeated values, broken signs, sign cycles,
impossible chains), e.g. `conflict r1c1 r1c2`.";

const FUTOSHIKI_GRADE_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki grade puzzles.txt

Output: the level (trivial, easy, tricky, extreme or recursive), then the
hardest technique used, e.g. `easy inequality bounds`.";

const FUTOSHIKI_EXPLAIN_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki explain puzzle.txt

Output: the numbered deductions, then the grade; puzzles are separated by a
blank line.";

const FUTOSHIKI_GENERATE_EXAMPLES: &str = "\
Examples:
  gridcsp futoshiki generate --size 5 --difficulty tricky --count 20 --seed 9
  gridcsp futoshiki generate --size 4 --difficulty easy --grid
  gridcsp futoshiki generate --size 6 --adjacent --seed 2

Output: game IDs, one per line (with --grid, grids separated by a blank
line). Puzzle i (from 0) is made from seed S+i.";

/// `gridcsp`: solve, count, check, grade, explain and generate puzzles.
#[derive(Debug, Parser)]
#[command(
    name = "gridcsp",
    version,
    about = "Solve, count, check, grade, explain and generate grid puzzles: Sudoku, \
             Futoshiki, Kakuro, Star Battle, Slitherlink and the other families below.",
    long_about = "Solve, count, check, grade, explain and generate grid puzzles (Sudoku, \
                  Futoshiki, Kakuro, Star Battle, Slitherlink and the other families below), \
                  by the thousand, from files or standard input. Output keeps the input \
                  order, one line per puzzle.",
    after_help = TOP_EXAMPLES,
    propagate_version = true
)]
pub(crate) struct Cli {
    /// Options shared by every subcommand.
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// The kind of puzzle.
    #[command(subcommand)]
    pub(crate) puzzle: PuzzleCommand,
}

/// Options that every subcommand takes.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Run options")]
pub(crate) struct RunArgs {
    /// Worker threads [default: all cores].
    #[arg(long, short = 'j', global = true, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) threads: Option<u16>,
    /// Print a summary on standard error (puzzles, solved, unsolvable,
    /// invalid, wall time, puzzles per second, search nodes and decisions).
    #[arg(long, global = true)]
    pub(crate) stats: bool,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long, global = true)]
    pub(crate) json: bool,
    /// Never show the progress bar (shown on a terminal for long jobs).
    #[arg(long, global = true)]
    pub(crate) no_progress: bool,
    /// `--split` of the command (`solve` and `count` only; set from
    /// [`OfflineArgs`] by [`RunArgs::with_offline`], never parsed here).
    #[arg(skip)]
    pub(crate) split: Option<u32>,
    /// `--subproblems` of the command, as `split`.
    #[arg(skip)]
    pub(crate) subproblems: Option<String>,
    /// The command searches one puzzle of an input of one as an instance
    /// (`solve` and `count`: see `parallel.rs`), whatever the threads.
    #[arg(skip)]
    pub(crate) instance: bool,
}

impl RunArgs {
    /// These options with the command's `--split` or `--subproblems`.
    pub(crate) fn with_offline(&self, offline: &OfflineArgs) -> RunArgs {
        RunArgs {
            split: offline.split,
            subproblems: offline.subproblems.clone(),
            instance: true,
            ..self.clone()
        }
    }
}

/// One puzzle's search space as subproblems, for `solve` and `count` only
/// (other commands reject these options rather than ignore them).
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Subproblems")]
pub(crate) struct OfflineArgs {
    /// Write the puzzle's search space as at least N subproblems
    /// (docs/formats/subproblems.md) instead of searching it, to search
    /// them elsewhere with --subproblems (an input of one puzzle).
    #[arg(long, value_name = "N", conflicts_with = "subproblems",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) split: Option<u32>,
    /// Search each subproblem of FILE (written by --split for the same
    /// puzzle) and print one result line per subproblem (counts of all
    /// the shards add up to the puzzle's; an input of one puzzle).
    #[arg(long, value_name = "FILE")]
    pub(crate) subproblems: Option<String>,
}

/// The kind of puzzle: Sudoku and Futoshiki, which have subcommands of
/// their own (`main::command` adds the other families).
///
/// Written out rather than derived so that each kind's subcommands are
/// built only when clap reaches it ([`clap::Command::defer`]), as the
/// other families' are: a start builds none it does not need.
#[derive(Debug)]
pub(crate) enum PuzzleCommand {
    /// Sudoku of any size (1x1 to 35x35), boxes of any shape.
    Sudoku {
        /// What to do.
        command: SudokuCommand,
    },
    /// Futoshiki (Simon Tatham's Unequal), standard or Adjacent mode.
    Futoshiki {
        /// What to do.
        command: FutoshikiCommand,
    },
}

impl FromArgMatches for PuzzleCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some(("sudoku", sub)) => Ok(PuzzleCommand::Sudoku {
                command: SudokuCommand::from_arg_matches(sub)?,
            }),
            Some(("futoshiki", sub)) => Ok(PuzzleCommand::Futoshiki {
                command: FutoshikiCommand::from_arg_matches(sub)?,
            }),
            Some((name, _)) => Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("unrecognized subcommand '{name}'"),
            )),
            None => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a subcommand is required",
            )),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = PuzzleCommand::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PuzzleCommand {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        cmd.subcommand(
            clap::Command::new("sudoku")
                .after_help(SUDOKU_EXAMPLES)
                .subcommand_required(true)
                .arg_required_else_help(true)
                .defer(|sudoku| {
                    // After the derived subcommands, whose doc comment
                    // would replace it.
                    SudokuCommand::augment_subcommands(sudoku)
                        .about("Sudoku of any size (1x1 to 35x35), boxes of any shape")
                })
                .about("Sudoku of any size (1x1 to 35x35), boxes of any shape"),
        )
        .subcommand(
            clap::Command::new("futoshiki")
                .after_help(FUTOSHIKI_EXAMPLES)
                .subcommand_required(true)
                .arg_required_else_help(true)
                .defer(|futoshiki| {
                    FutoshikiCommand::augment_subcommands(futoshiki)
                        .about("Futoshiki (Simon Tatham's Unequal), standard or Adjacent mode")
                })
                .about("Futoshiki (Simon Tatham's Unequal), standard or Adjacent mode"),
        )
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        PuzzleCommand::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        matches!(name, "sudoku" | "futoshiki")
    }
}

/// What to do with Sudoku puzzles.
#[derive(Debug, Subcommand)]
pub(crate) enum SudokuCommand {
    /// Solve each puzzle.
    #[command(after_help = SUDOKU_SOLVE_EXAMPLES)]
    Solve(SudokuSolveArgs),
    /// Count the solutions of each puzzle.
    #[command(after_help = SUDOKU_COUNT_EXAMPLES)]
    Count(SudokuCountArgs),
    /// Check each board against the rules.
    #[command(after_help = SUDOKU_CHECK_EXAMPLES)]
    Check(SudokuInput),
    /// Grade each puzzle: level and hardest technique.
    #[command(after_help = SUDOKU_GRADE_EXAMPLES)]
    Grade(SudokuGradeArgs),
    /// Explain each puzzle step by step.
    #[command(after_help = SUDOKU_EXPLAIN_EXAMPLES)]
    Explain(SudokuExplainArgs),
    /// The next deduction for each puzzle (classic rules, any size).
    Hint(FamilyLimitedArgs),
    /// Generate puzzles with exactly one solution.
    #[command(after_help = SUDOKU_GENERATE_EXAMPLES)]
    Generate(SudokuGenerateArgs),
    /// Draw each puzzle as an SVG (or PNG) picture.
    #[command(after_help = RENDER_EXAMPLES)]
    Render(SudokuRenderArgs),
    /// Write each puzzle in another form (one-line form, Solo ID,
    /// puzz.link URL).
    #[command(after_help = CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
}

/// Where Sudoku puzzles come from and which rules they follow.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuInput {
    /// Input files; standard input when none is given or for `-`.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<String>,
    /// Read the grid form (one row per line, puzzles separated by blank
    /// lines; spaces, `|`, `-` and `+` ignored) instead of one line per
    /// puzzle.
    #[arg(long)]
    pub(crate) grid: bool,
    /// The box shape, rows x columns (e.g. `2x3` for 6x6 boards); by
    /// default the size comes from each puzzle and boxes are as square as
    /// possible, wider than tall.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub(crate) boxes: Option<(usize, usize)>,
    /// X-Sudoku: the two main diagonals must also hold different values.
    #[arg(long)]
    pub(crate) diagonal: bool,
}

/// Per-puzzle search limits.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Limits")]
pub(crate) struct LimitArgs {
    /// Give up on a puzzle after this many decisions (guesses; reported as
    /// `limit`).
    #[arg(long, value_name = "N")]
    pub(crate) node_limit: Option<u64>,
    /// Give up on a puzzle after this long (reported as `limit`): `500ms`,
    /// `2s`, `1.5` (seconds), `1m`.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub(crate) time_limit: Option<Duration>,
}

/// `gridcsp sudoku solve`.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuSolveArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: SudokuInput,
    /// Write solutions in the grid form, separated by blank lines.
    #[arg(long)]
    pub(crate) pretty: bool,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp sudoku grade` and `gridcsp sudoku explain`. The limits apply to
/// the search that proves a puzzle unique when the techniques run out.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuGradeArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: SudokuInput,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// `gridcsp sudoku explain`.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuExplainArgs {
    /// Input and limits.
    #[command(flatten)]
    pub(crate) grade: SudokuGradeArgs,
    /// Pictures of the steps.
    #[command(flatten)]
    pub(crate) pictures: StepPictureArgs,
}

/// `gridcsp futoshiki explain`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiExplainArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FutoshikiInput,
    /// Pictures of the steps.
    #[command(flatten)]
    pub(crate) pictures: StepPictureArgs,
}

/// `explain --svg DIR`: a picture of each step, drawn as `render` draws
/// (the same cell size, SVG or PNG).
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Step pictures")]
pub(crate) struct StepPictureArgs {
    /// Also draw each step: its cause (the cells it reads) washed blue,
    /// the cells it settles yellow, as DIR/step-001.svg, ... for the first
    /// puzzle and DIR/N/step-001.svg, ... for puzzle N after it.
    #[arg(long, value_name = "DIR")]
    pub(crate) svg: Option<PathBuf>,
    /// Write the step pictures as PNG (DIR/step-001.png, ...) instead of
    /// SVG.
    #[arg(long, requires = "svg")]
    pub(crate) png: bool,
    /// The side of a cell in the step pictures, in points (1/72 inch; a
    /// PNG has 4/3 pixels a point).
    #[arg(long, value_name = "PT", default_value_t = 36.0, value_parser = parse_cell_size,
          requires = "svg")]
    pub(crate) cell_size: f64,
}

/// `gridcsp sudoku count`.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuCountArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: SudokuInput,
    /// Stop counting at N solutions, N >= 1 [default: count them all].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp sudoku generate`.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuGenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub(crate) count: u64,
    /// easy, medium, hard, expert, extreme or beyond [default: medium,
    /// unless --technique or --max-rating is given].
    #[arg(long, short = 'd', value_name = "D", value_parser = parse_sudoku_difficulty)]
    pub(crate) difficulty: Option<sudoku::Difficulty>,
    /// The hardest step must be exactly this technique (xy-wing, x-chain,
    /// unique-rectangle-1, forcing-chain, ...).
    #[arg(long, value_name = "T", value_parser = parse_sudoku_technique)]
    pub(crate) technique: Option<sudoku::Technique>,
    /// The rating (Sudoku Explainer's scale) must be at most R, e.g. 4.5.
    #[arg(long, value_name = "R", value_parser = parse_sudoku_rating)]
    pub(crate) max_rating: Option<sudoku::Rating>,
    /// The seed [default: from the clock; shown by --stats and --json].
    #[arg(long, short = 's', value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Board size (default boxes for it) [default: 9].
    #[arg(long, value_name = "N", conflicts_with = "boxes")]
    pub(crate) size: Option<usize>,
    /// Box shape, rows x columns (the size is their product).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub(crate) boxes: Option<(usize, usize)>,
    /// Clues symmetric under a half turn.
    #[arg(long)]
    pub(crate) symmetric: bool,
    /// Minimal puzzles: no clue can be removed keeping one solution (with
    /// --symmetric, no symmetric pair of clues: a single clue of a pair
    /// may still be removable).
    #[arg(long)]
    pub(crate) minimal: bool,
    /// X-Sudoku (diagonals hold different values).
    #[arg(long)]
    pub(crate) diagonal: bool,
    /// Write the grid form, puzzles separated by blank lines.
    #[arg(long, conflicts_with = "to")]
    pub(crate) pretty: bool,
    /// Write each puzzle in this form: `text` (the one-line form), `id` (a
    /// Solo ID) or `puzzlink` (a puzz.link URL).
    #[arg(long, value_name = "FORMAT")]
    pub(crate) to: Option<Format>,
    /// The PDF booklet.
    #[command(flatten)]
    pub(crate) booklet: BookletArgs,
}

/// What to do with Futoshiki puzzles.
#[derive(Debug, Subcommand)]
pub(crate) enum FutoshikiCommand {
    /// Solve each puzzle.
    #[command(after_help = FUTOSHIKI_SOLVE_EXAMPLES)]
    Solve(FutoshikiSolveArgs),
    /// Count the solutions of each puzzle.
    #[command(after_help = FUTOSHIKI_COUNT_EXAMPLES)]
    Count(FutoshikiCountArgs),
    /// Check each grid against the rules.
    #[command(after_help = FUTOSHIKI_CHECK_EXAMPLES)]
    Check(FutoshikiInput),
    /// Grade each puzzle on Tatham's ladder.
    #[command(after_help = FUTOSHIKI_GRADE_EXAMPLES)]
    Grade(FutoshikiInput),
    /// Explain each puzzle step by step.
    #[command(after_help = FUTOSHIKI_EXPLAIN_EXAMPLES)]
    Explain(FutoshikiExplainArgs),
    /// The next deduction for each puzzle (standard mode).
    Hint(FamilyLimitedArgs),
    /// Generate puzzles with exactly one solution.
    #[command(after_help = FUTOSHIKI_GENERATE_EXAMPLES)]
    Generate(FutoshikiGenerateArgs),
    /// Draw each puzzle as an SVG (or PNG) picture.
    #[command(after_help = RENDER_EXAMPLES)]
    Render(FutoshikiRenderArgs),
    /// Write each puzzle in another form (grid, game ID).
    #[command(after_help = CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
}

/// Where Futoshiki puzzles come from.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiInput {
    /// Input files; standard input when none is given or for `-`. Each
    /// puzzle is a game ID on one line, or a grid of 2n-1 lines; grids are
    /// separated by blank lines, `#` lines between puzzles are comments.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<String>,
}

/// `gridcsp futoshiki solve`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiSolveArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FutoshikiInput,
    /// Write each solution as a grid with its signs, separated by blank
    /// lines.
    #[arg(long)]
    pub(crate) pretty: bool,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp futoshiki count`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiCountArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FutoshikiInput,
    /// Stop counting at N solutions, N >= 1 [default: count them all].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp futoshiki generate`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiGenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub(crate) count: u64,
    /// trivial, easy, tricky, extreme or recursive (or t, e, k, x, r).
    #[arg(long, short = 'd', value_name = "D", default_value = "easy",
          value_parser = parse_futoshiki_difficulty)]
    pub(crate) difficulty: futoshiki::Difficulty,
    /// The seed [default: from the clock; shown by --stats and --json].
    #[arg(long, short = 's', value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Grid size, 2 to 35.
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u8).range(2..=35))]
    pub(crate) size: u8,
    /// Tatham's Adjacent mode (bars: values differ by exactly 1).
    #[arg(long)]
    pub(crate) adjacent: bool,
    /// Write grids (separated by blank lines) instead of game IDs.
    #[arg(long)]
    pub(crate) grid: bool,
    /// The PDF booklet.
    #[command(flatten)]
    pub(crate) booklet: BookletArgs,
}

/// Reads `RxC` (also `R*C` or `R,C`).
pub(crate) fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected a box shape such as 3x3 or 2x3, not {text:?}");
    let (r, c) = text.split_once(['x', 'X', '*', ',']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    sudoku::Shape::with_boxes(r, c).map_err(|e| e.to_string())?;
    Ok((r, c))
}

/// Reads a duration: a number of seconds, or a number followed by `ms`,
/// `s`, `m` or `h`.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let bad = || format!("expected a duration such as 500ms, 2s, 1.5 or 1m, not {text:?}");
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let secs = value * scale;
    if !secs.is_finite() || secs < 0.0 {
        return Err(bad());
    }
    Duration::try_from_secs_f64(secs).map_err(|_| bad())
}

/// Reads a Sudoku difficulty name.
fn parse_sudoku_difficulty(text: &str) -> Result<sudoku::Difficulty, String> {
    text.parse()
        .map_err(|e: sudoku::UnknownDifficulty| e.to_string())
}

/// Reads a Sudoku technique name.
fn parse_sudoku_technique(text: &str) -> Result<sudoku::Technique, String> {
    text.parse()
        .map_err(|e: sudoku::UnknownTechnique| e.to_string())
}

/// Reads a rating such as `4.5`.
fn parse_sudoku_rating(text: &str) -> Result<sudoku::Rating, String> {
    text.parse()
        .map_err(|e: sudoku::UnknownRating| e.to_string())
}

/// Reads a Futoshiki difficulty name or letter.
fn parse_futoshiki_difficulty(text: &str) -> Result<futoshiki::Difficulty, String> {
    text.parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m"), Ok(Duration::from_secs(60)));
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("1e400").is_err());
    }

    #[test]
    fn family_sizes_are_any_rows_by_columns() {
        assert_eq!(parse_size("7"), Ok((7, 7)));
        assert_eq!(parse_size("10x10"), Ok((10, 10)));
        assert_eq!(parse_size("14x24"), Ok((14, 24)));
        assert_eq!(parse_size(" 5 X 8 "), Ok((5, 8)));
        assert!(parse_size("10x").is_err());
        assert!(parse_size("big").is_err());
    }

    #[test]
    fn boxes() {
        assert_eq!(parse_box("2x3"), Ok((2, 3)));
        assert_eq!(parse_box("3X3"), Ok((3, 3)));
        assert!(parse_box("0x3").is_err());
        assert!(parse_box("6x6").is_err());
        assert!(parse_box("3").is_err());
    }

    #[test]
    fn cells_and_sizes() {
        use gridcsp_puzzles::Cell;
        assert_eq!(parse_cell("r1c1"), Ok(Cell::new(0, 0)));
        assert_eq!(parse_cell(" R2C5"), Ok(Cell::new(1, 4)));
        assert!(parse_cell("r0c1").is_err());
        assert!(parse_cell("a1").is_err());
        assert_eq!(parse_cell_size("48"), Ok(48.0));
        assert!(parse_cell_size("1").is_err());
        assert!(parse_cell_size("NaN").is_err());
    }

    #[test]
    fn clap_definitions_are_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}

/// What to do with puzzles of a family of `gridcsp-puzzles` (Kakuro, Star
/// Battle, ...): the same subcommands for every family.
#[derive(Debug, Subcommand)]
pub(crate) enum FamilyCommand {
    /// Solve each puzzle: the solved grid, in the family's solution layout.
    Solve(FamilySolveArgs),
    /// Count the solutions of each puzzle.
    Count(FamilyCountArgs),
    /// Check each puzzle's givens, or (--solutions) each solution, against
    /// the rules.
    Check(FamilyCheckArgs),
    /// Grade each puzzle on the family's ladder.
    Grade(FamilyLimitedArgs),
    /// Explain each puzzle step by step.
    Explain(FamilyExplainArgs),
    /// The next deduction for each puzzle.
    Hint(FamilyLimitedArgs),
    /// Generate puzzles with exactly one solution.
    Generate(FamilyGenerateArgs),
    /// Draw each puzzle as an SVG (or PNG) picture.
    #[command(after_help = RENDER_EXAMPLES)]
    Render(FamilyRenderArgs),
    /// Write each puzzle in another form (text layout, game ID, puzz.link
    /// URL).
    #[command(after_help = CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
}

const CONVERT_EXAMPLES: &str = "\
Examples:
  gridcsp slitherlink convert --to puzzlink puzzles.txt
  gridcsp kakuro convert --to text urls.txt
  gridcsp masyu convert --to id 'https://puzz.link/p?mashu/6/6/1063000i3000'

Output: one line per puzzle (`--to text`: one block each), in input order;
`failed` (the reason on standard error) for a puzzle the form cannot hold.";

/// Input files.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyInput {
    /// Input files; standard input when none is given or for `-`. Puzzles
    /// in the family's text layout are separated by blank lines; one-line
    /// forms (Tatham game IDs) take one line each.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<String>,
}

/// `gridcsp solve`: puzz.link URLs of any family.
#[derive(Clone, Debug, Args)]
pub(crate) struct UrlSolveArgs {
    /// puzz.link URLs, or files of them (one per line); standard input
    /// when none is given or for `-`. Each URL is solved by the family
    /// its genre names.
    #[arg(value_name = "URL|FILE")]
    pub(crate) inputs: Vec<String>,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

pub(crate) const URL_SOLVE_EXAMPLES: &str = "\
Examples:
  gridcsp solve 'https://puzz.link/p?slither/5/5/cbcbcddad'
  gridcsp solve urls.txt

Output: the solution of each URL, in its family's solution layout, blocks
separated by a blank line; `unsolvable`, `limit` or `invalid` (a line that
is no URL, or a genre gridcsp lacks, named on standard error).";

/// Input and limits.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyLimitedArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// `gridcsp <family> explain`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyExplainArgs {
    /// Input and limits.
    #[command(flatten)]
    pub(crate) limited: FamilyLimitedArgs,
    /// Pictures of the steps.
    #[command(flatten)]
    pub(crate) pictures: StepPictureArgs,
}

/// `gridcsp <family> solve`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilySolveArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp <family> count`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyCountArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// Stop counting at N solutions, N >= 1 [default: count them all].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Limits.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
    /// `--split`, `--subproblems`.
    #[command(flatten)]
    pub(crate) offline: OfflineArgs,
}

/// `gridcsp <family> check`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyCheckArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// A file of solutions, one per puzzle in the same order, as `solve`
    /// writes them (blocks separated by blank lines): each is checked
    /// against its puzzle.
    #[arg(long, value_name = "FILE")]
    pub(crate) solutions: Option<String>,
}

/// `gridcsp <family> generate`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyGenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub(crate) count: u64,
    /// The level, by name (see the family's ladder in `--help` of the
    /// family) [default: the easiest].
    #[arg(long, short = 'd', value_name = "LEVEL")]
    pub(crate) difficulty: Option<String>,
    /// The seed [default: from the clock; shown by --stats and --json].
    #[arg(long, short = 's', value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// The size, ROWSxCOLS or N for a square [default: the family's].
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub(crate) size: Option<(usize, usize)>,
    /// Write the one-line form (a Tatham game ID) where the family has one
    /// (the same as `--to id`).
    #[arg(long, conflicts_with = "to")]
    pub(crate) id: bool,
    /// Write each puzzle in this form: `text`, `id` or `puzzlink` (a
    /// puzz.link URL).
    #[arg(long, value_name = "FORMAT")]
    pub(crate) to: Option<Format>,
    /// The PDF booklet.
    #[command(flatten)]
    pub(crate) booklet: BookletArgs,
}

/// A form to write puzzles in (`--to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The family's text layout (Sudoku: the one-line form).
    Text,
    /// The one-line form: a Tatham game ID (Sudoku: a Solo ID).
    Id,
    /// A puzz.link URL.
    Puzzlink,
}

/// `gridcsp <family> convert`.
#[derive(Clone, Debug, Args)]
pub(crate) struct ConvertArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// The form to write each puzzle in: `text` (the text layout), `id`
    /// (the one-line form, a Tatham game ID) or `puzzlink` (a puzz.link
    /// URL).
    #[arg(long, value_name = "FORMAT")]
    pub(crate) to: Format,
}

/// Reads `RxC` or `N` (a square).
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected a size such as 10x10 or 7, not {text:?}");
    if let Ok(n) = text.trim().parse::<usize>() {
        return Ok((n, n));
    }
    // Not `parse_box`: a family's board is not a Sudoku box shape.
    let (r, c) = text.split_once(['x', 'X', '*', ',']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    Ok((r, c))
}

pub(crate) const RENDER_EXAMPLES: &str = "\
Examples:
  gridcsp sudoku render puzzle.txt > puzzle.svg
  gridcsp kakuro render --solution --out pictures puzzles.txt
  gridcsp star-battle render --png --cell-size 48 --out pictures puzzles.txt
  gridcsp sudoku render --candidates --highlight r1c1,r5c5 puzzle.txt

Output: with --out DIR, one file per puzzle, DIR/<family>-<n>.svg (or
.png; n counts the puzzles of the input from 1), and its path on standard
output; without --out, the picture of the single puzzle read on standard
output. With --solution, a puzzle without exactly one solution is not
drawn (`unsolvable`, `multiple` or `limit`, exit status 1); the others
still are.";

/// How to draw.
#[derive(Clone, Debug, Args)]
pub(crate) struct RenderArgs {
    /// Draw the solution in (each puzzle must have exactly one).
    #[arg(long)]
    pub(crate) solution: bool,
    /// Draw the candidates of the empty cells (pencil marks).
    #[arg(long)]
    pub(crate) candidates: bool,
    /// Highlight these cells, e.g. `r1c1,r2c5` (rows and columns from 1;
    /// the option may be given more than once).
    #[arg(long, value_name = "CELLS", value_delimiter = ',', value_parser = parse_cell)]
    pub(crate) highlight: Vec<gridcsp_puzzles::Cell>,
    /// Write PNG pictures instead of SVG.
    #[arg(long)]
    pub(crate) png: bool,
    /// The side of a cell in points (1/72 inch; a PNG has 4/3 pixels a
    /// point).
    #[arg(long, value_name = "PT", default_value_t = 36.0, value_parser = parse_cell_size)]
    pub(crate) cell_size: f64,
    /// Write one file per puzzle into this directory (made if missing).
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
    /// Limits of the search for the solution.
    #[command(flatten)]
    pub(crate) limits: LimitArgs,
}

/// `gridcsp <family> render`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FamilyRenderArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FamilyInput,
    /// Drawing.
    #[command(flatten)]
    pub(crate) render: RenderArgs,
}

/// `gridcsp sudoku render`.
#[derive(Clone, Debug, Args)]
pub(crate) struct SudokuRenderArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: SudokuInput,
    /// Drawing.
    #[command(flatten)]
    pub(crate) render: RenderArgs,
}

/// `gridcsp futoshiki render`.
#[derive(Clone, Debug, Args)]
pub(crate) struct FutoshikiRenderArgs {
    /// Input.
    #[command(flatten)]
    pub(crate) input: FutoshikiInput,
    /// Drawing.
    #[command(flatten)]
    pub(crate) render: RenderArgs,
}

/// The `--pdf` booklet of `generate`.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Booklet")]
pub(crate) struct BookletArgs {
    /// Also write the puzzles as a printable PDF booklet: a caption with
    /// the number and level above each, page numbers, the solutions on
    /// the last pages.
    #[arg(long, value_name = "FILE")]
    pub(crate) pdf: Option<PathBuf>,
    /// Puzzles on each page of the booklet.
    #[arg(long, value_name = "K", default_value_t = 4, requires = "pdf",
          value_parser = clap::value_parser!(u16).range(1..=64))]
    pub(crate) per_page: u16,
}

/// Reads one cell of `--highlight`, `r1c1` (clap splits the list at
/// commas: the field is a `Vec` of cells, so the parser must return one
/// cell, or clap's typed access panics).
fn parse_cell(word: &str) -> Result<gridcsp_puzzles::Cell, String> {
    let bad = || format!("expected cells such as r1c1,r2c5, not {word:?}");
    let w = word.trim().to_ascii_lowercase();
    let (r, c) = w
        .strip_prefix('r')
        .and_then(|w| w.split_once('c'))
        .ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok(gridcsp_puzzles::Cell::new(r - 1, c - 1))
}

/// Reads a cell size in points, 4 to 720.
fn parse_cell_size(text: &str) -> Result<f64, String> {
    let bad = || format!("expected a cell size in points from 4 to 720, not {text:?}");
    let v: f64 = text.trim().parse().map_err(|_| bad())?;
    if (4.0..=720.0).contains(&v) {
        Ok(v)
    } else {
        Err(bad())
    }
}
