//! Pictures: `gridcsp <family> render` (one SVG or PNG per puzzle, to a
//! file each or, for a single puzzle, to standard output) and the PDF
//! booklet of `gridcsp <family> generate --pdf FILE`. The drawing is the
//! family's own ([`gridcsp_puzzles::Family::render`]); rasterising and
//! PDF are `gridcsp_puzzles::render`'s. Files are written atomically: a
//! temporary file in the same directory, renamed into place, so a failed
//! run leaves no half-written picture.

use crate::args::{FamilyInput, FutoshikiInput, LimitArgs, RunArgs, SudokuInput};
use crate::batch::{self, Answer, Status, Tally};
use crate::framing::{Record, RecordShape};
use crate::output::{ErrSink, Io, Layout, Printer};
use crate::sudoku_cmd::usage;
use clap::Args;
use gridcsp_puzzles::render::{Booklet, png};
use gridcsp_puzzles::{AnyFamily, AnyPuzzle, Limits, RenderOptions, Solved, Unique};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

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
    /// Highlight these cells, e.g. `r1c1,r2c5` (rows and columns from 1).
    #[arg(long, value_name = "CELLS", value_parser = parse_cells)]
    pub(crate) highlight: Option<Vec<gridcsp_puzzles::Cell>>,
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

/// Reads `r1c1,r2c5`.
fn parse_cells(text: &str) -> Result<Vec<gridcsp_puzzles::Cell>, String> {
    text.split(',')
        .map(|word| {
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
        })
        .collect()
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

fn limits(args: &LimitArgs) -> Limits {
    Limits {
        nodes: args.node_limit,
        time: args.time_limit,
        ..Limits::default()
    }
}

/// A shared byte buffer: standard output of a run whose pictures are held
/// back until the run has shown there is only one.
#[derive(Clone, Default)]
struct Held(Arc<Mutex<Vec<u8>>>);

impl Write for Held {
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

/// Runs `render` on every puzzle of `files`, cut by `shape`, read as
/// puzzles of `family`.
pub(crate) fn run(
    family: &dyn AnyFamily,
    files: &[String],
    shape: RecordShape,
    args: &RenderArgs,
    run_args: &RunArgs,
    io: &Io,
) -> io::Result<Tally> {
    if let Some(dir) = &args.out {
        fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot make {}: {e}", dir.display())))?;
    }
    let layout = if run_args.json {
        Layout::Json
    } else {
        Layout::Lines
    };
    let held: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let work = |_: &mut (), record: &Record| match draw(family, record, args) {
        Err(answer) => answer,
        Ok(bytes) => match &args.out {
            Some(dir) => {
                let path = dir.join(file_name(family, record.seq, args.png));
                match write_atomic(&path, &bytes) {
                    Ok(()) => {
                        let shown = path.display().to_string();
                        Answer::new(Status::Done, "rendered", shown.clone()).field("file", shown)
                    }
                    Err(e) => {
                        let mut a = Answer::new(Status::Failed, "failed", "failed");
                        a.message = Some(format!("cannot write {}: {e}", path.display()));
                        a
                    }
                }
            }
            None => {
                held.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(bytes);
                Answer::new(Status::Done, "rendered", "")
            }
        },
    };
    if args.out.is_some() {
        let mut printer = Printer::new(layout, io);
        return batch::run_records(run_args, files, shape, &mut printer, || (), work);
    }
    // No --out: the answers' lines are not wanted, only the one picture.
    let quiet = Io {
        stdin: Mutex::new(io.take_stdin()),
        stdout: Mutex::new(Box::new(Held::default())),
        stderr: ErrSink::clone(&io.stderr),
        terminal: io.terminal,
    };
    let mut printer = Printer::new(layout, &quiet);
    let tally = batch::run_records(run_args, files, shape, &mut printer, || (), work)?;
    if tally.puzzles > 1 {
        return Err(usage(format!(
            "{} puzzles read: give --out DIR to write one picture per puzzle",
            tally.puzzles
        )));
    }
    let held = held.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(bytes) = held.first() {
        let mut out = io.stdout.lock().unwrap_or_else(PoisonError::into_inner);
        out.write_all(bytes)?;
        out.flush()?;
    }
    Ok(tally)
}

/// `<family>-<n>.svg`, n from 1.
fn file_name(family: &dyn AnyFamily, seq: u64, png: bool) -> String {
    let ext = if png { "png" } else { "svg" };
    format!("{}-{}.{ext}", family.info().name, seq + 1)
}

/// The picture of one record, or the answer that says why there is none.
fn draw(family: &dyn AnyFamily, record: &Record, args: &RenderArgs) -> Result<Vec<u8>, Answer> {
    let p = crate::family_cmd::load(family, record)?;
    let options = RenderOptions::default()
        .with_candidates(args.candidates)
        .with_highlight(args.highlight.clone().unwrap_or_default())
        .with_cell_size(args.cell_size);
    let svg = if args.solution {
        solved_picture(&*p, &options, &limits(&args.limits))?
    } else {
        p.render(&options, &Limits::default())
    };
    if !args.png {
        return Ok(svg.into_bytes());
    }
    png::to_png(&svg, 1.0).map_err(|e| {
        let mut a = Answer::new(Status::Failed, "failed", "failed");
        a.message = Some(format!("cannot make the PNG: {e}"));
        a
    })
}

/// The picture with the puzzle's only solution drawn in.
fn solved_picture(
    p: &dyn AnyPuzzle,
    options: &RenderOptions,
    limits: &Limits,
) -> Result<String, Answer> {
    let refuse = |status, outcome, why: &str| {
        let mut a = Answer::new(status, outcome, outcome);
        a.message = Some(format!("{why}: not drawn"));
        a
    };
    let (unique, stats) = p.uniqueness(limits);
    let answer = match unique {
        Unique::Unique(solution) => {
            return p.render_solution(&solution, options).map_err(|e| {
                Answer::invalid(format!("the solver's solution does not read back: {e}"))
            });
        }
        Unique::None => refuse(Status::Failed, "unsolvable", "no solution"),
        Unique::Multiple(..) => refuse(Status::Failed, "multiple", "several solutions"),
        Unique::Stopped(reason) => {
            let mut a = Answer::limit(reason);
            a.message = Some(format!(
                "{reason} before one solution was proved: not drawn"
            ));
            a
        }
    };
    Err(answer.with_stats(stats))
}

/// Writes `bytes` to `path` through a temporary file in the same
/// directory, renamed into place: readers see the old file or the new
/// one, never a part.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file name", path.display()),
        )
    })?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The pictures of a `generate --pdf` run, gathered as the puzzles are
/// made (in any order) and laid out in input order at the end.
pub(crate) struct Pages<'f> {
    family: &'f dyn AnyFamily,
    file: PathBuf,
    per_page: usize,
    made: Mutex<BTreeMap<u64, Drawn>>,
}

/// A generated puzzle drawn for the booklet: its caption, its picture and
/// its solution's.
type Drawn = (String, String, Option<String>);

impl std::fmt::Debug for Pages<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages")
            .field("family", &self.family.info().name)
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<'f> Pages<'f> {
    /// The booklet `args` asks for, if any.
    pub(crate) fn new(args: &BookletArgs, family: &'f dyn AnyFamily) -> Option<Pages<'f>> {
        Some(Pages {
            family,
            file: args.pdf.clone()?,
            per_page: usize::from(args.per_page),
            made: Mutex::new(BTreeMap::new()),
        })
    }

    /// Draws generated puzzle `index` (from 0; its text as the family
    /// reads it) and its solution; the error says why it could not be.
    fn draw(&self, index: u64, puzzle: &str, level: &str) -> Result<(), String> {
        let p = self
            .family
            .load(puzzle)
            .map_err(|e| format!("the generated puzzle does not read back: {e}"))?;
        let options = RenderOptions::default();
        let svg = p.render(&options, &Limits::default());
        let solution = match p.solve(&Limits::default()).0 {
            Solved::Solution(s) => Some(
                p.render_solution(&s, &options)
                    .map_err(|e| format!("its solution does not read back: {e}"))?,
            ),
            _ => None,
        };
        let caption = format!("{}. {level}", index + 1);
        self.made
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(index, (caption, svg, solution));
        Ok(())
    }

    /// Writes the booklet (atomically).
    pub(crate) fn write(self) -> io::Result<()> {
        let info = self.family.info();
        let made = self
            .made
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let mut booklet = Booklet::new(info.title).with_per_page(self.per_page);
        for (caption, svg, solution) in made.into_values() {
            booklet.push(&caption, svg, solution);
        }
        let failed = |e: &dyn std::fmt::Display| {
            io::Error::other(format!("cannot write {}: {e}", self.file.display()))
        };
        let pdf = booklet.to_pdf().map_err(|e| failed(&e))?;
        write_atomic(&self.file, &pdf).map_err(|e| failed(&e))
    }
}

/// `answer` for generated puzzle `index`, after drawing it into `pages`
/// when there is a booklet: a failed answer if it cannot be drawn.
pub(crate) fn keep(
    pages: Option<&Pages<'_>>,
    index: u64,
    puzzle: &str,
    level: &str,
    answer: Answer,
) -> Answer {
    let Some(pages) = pages else {
        return answer;
    };
    match pages.draw(index, puzzle, level) {
        Ok(()) => answer,
        Err(message) => {
            let mut a = Answer::new(Status::Failed, "failed", "failed").uncounted();
            a.message = Some(message);
            a
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_sizes() {
        use gridcsp_puzzles::Cell;
        assert_eq!(
            parse_cells("r1c1, R2C5"),
            Ok(vec![Cell::new(0, 0), Cell::new(1, 4)])
        );
        assert!(parse_cells("r0c1").is_err());
        assert!(parse_cells("a1").is_err());
        assert_eq!(parse_cell_size("48"), Ok(48.0));
        assert!(parse_cell_size("1").is_err());
        assert!(parse_cell_size("NaN").is_err());
    }

    #[test]
    fn atomic_writes_leave_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("gridcsp-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("a.svg");
        write_atomic(&path, b"one").expect("write");
        write_atomic(&path, b"two").expect("overwrite");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["a.svg"]);
        // A directory in the way: an error, nothing left behind.
        assert!(write_atomic(&dir, b"x").is_err());
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
