//! Pictures: `gridcsp <family> render` (one SVG or PNG per puzzle, to a
//! file each or, for a single puzzle, to standard output) and the PDF
//! booklet of `gridcsp <family> generate --pdf FILE`. The drawing is the
//! family's own ([`gridcsp_puzzles::Family::render`]); rasterising and
//! PDF are `gridcsp_puzzles::render`'s. Files are written as
//! [`crate::atomic`] says: never half-written, a symlink followed, a
//! special file written through rather than replaced.

use crate::answer::{Answer, Status};
use crate::args::{BookletArgs, LimitArgs, RenderArgs, RunArgs};
use crate::batch::{self, Tally};
use crate::common::usage;
use crate::framing::{Record, RecordShape};
use crate::output::{ErrSink, Io, Layout, Printer};
use gridcsp_puzzles::render::{Booklet, PdfPages, png};
use gridcsp_puzzles::{AnyFamily, AnyPuzzle, Limits, RenderOptions, Solved, Unique};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

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
                match crate::atomic::write_file(&path, &bytes) {
                    Ok(()) => {
                        let shown = path.display().to_string();
                        Answer::new(Status::Done, "rendered", shown.clone()).field("file", shown)
                    }
                    Err(e) => Answer::unwritten(format!("cannot write {}: {e}", path.display())),
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
    let p = crate::convert::load(family, record)?;
    let options = RenderOptions::default()
        .with_candidates(args.candidates)
        .with_highlight(args.highlight.clone())
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

/// The `--pdf` booklet of a `generate` run, streamed: the puzzles are
/// drawn as they are made (in any order, on the workers), and each page
/// goes into the PDF as soon as its puzzles are all drawn, in order; the
/// solutions wait in a spool file (not in memory) for their pages at the
/// end. Memory holds the puzzles in flight and one page, whatever the
/// booklet's length. Every slot keeps its number: a puzzle that could
/// not be made or drawn leaves its caption on an empty place.
pub(crate) struct Pages<'f> {
    family: &'f dyn AnyFamily,
    file: PathBuf,
    per_page: usize,
    /// Puzzles in the booklet (`--count`).
    count: u64,
    state: Mutex<Stream>,
}

/// A generated puzzle drawn for the booklet: its caption, its picture and
/// its solution's (`None` where there is none to draw).
type Drawn = (String, Option<String>, Option<String>);

/// What the booklet has written and what waits.
struct Stream {
    pdf: PdfPages<io::BufWriter<crate::atomic::Output>>,
    /// The solutions of the puzzle pages written: caption and picture,
    /// each as a length (u64, little-endian; `u64::MAX` for none) and
    /// its bytes.
    spool: io::BufWriter<fs::File>,
    /// Drawn puzzles whose page is not written yet.
    pending: BTreeMap<u64, Drawn>,
    /// The first puzzle not on a page yet.
    next: u64,
    /// The first error; nothing more is written after it.
    failed: Option<String>,
}

impl std::fmt::Debug for Pages<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages")
            .field("family", &self.family.info().name)
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<'f> Pages<'f> {
    /// The booklet `args` asks for, if any, for `count` puzzles; its file
    /// is opened now, so a path that cannot be written fails at once.
    pub(crate) fn new(
        args: &BookletArgs,
        family: &'f dyn AnyFamily,
        count: u64,
    ) -> io::Result<Option<Pages<'f>>> {
        let Some(file) = args.pdf.clone() else {
            return Ok(None);
        };
        let failed = |e: &dyn std::fmt::Display| {
            io::Error::other(format!("cannot write {}: {e}", file.display()))
        };
        let per_page = usize::from(args.per_page);
        let layout = Booklet::new(family.info().title).with_per_page(per_page);
        let pages = usize::try_from(2 * count.div_ceil(per_page as u64))
            .map_err(|_| failed(&"too many pages"))?;
        let out = crate::atomic::Output::create(&file).map_err(|e| failed(&e))?;
        let pdf = PdfPages::new(io::BufWriter::new(out), layout, pages).map_err(|e| failed(&e))?;
        let spool = tempfile::tempfile().map_err(|e| failed(&format!("a spool file: {e}")))?;
        Ok(Some(Pages {
            family,
            file,
            per_page,
            count,
            state: Mutex::new(Stream {
                pdf,
                spool: io::BufWriter::new(spool),
                pending: BTreeMap::new(),
                next: 0,
                failed: None,
            }),
        }))
    }

    /// Draws generated puzzle `index` (from 0; its text as the family
    /// reads it) and its solution; the error says why it could not be.
    fn draw(&self, index: u64, puzzle: &str, level: &str) -> Result<Drawn, String> {
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
        Ok((format!("{}. {level}", index + 1), Some(svg), solution))
    }

    /// Puts puzzle `index` in its slot and writes every page that is
    /// complete.
    fn place(&self, index: u64, drawn: Drawn) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.pending.insert(index, drawn);
        let k = self.per_page as u64;
        loop {
            let end = (s.next + k).min(self.count);
            if s.next >= end || !(s.next..end).all(|i| s.pending.contains_key(&i)) {
                return;
            }
            let page: Vec<Drawn> = (s.next..end).filter_map(|i| s.pending.remove(&i)).collect();
            s.next = end;
            if s.failed.is_none() {
                if let Err(e) = s.write_page(&page) {
                    s.failed = Some(e);
                }
            }
        }
    }

    /// Writes the last pages and the file (atomically, or through a
    /// special file).
    pub(crate) fn write(self) -> io::Result<()> {
        let count = self.count;
        let mut s = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let failed = |e: &dyn std::fmt::Display| {
            io::Error::other(format!("cannot write {}: {e}", self.file.display()))
        };
        // Any slot never filled (a run cut short) is an empty place.
        let k = self.per_page as u64;
        while s.next < count && s.failed.is_none() {
            let end = (s.next + k).min(count);
            let page: Vec<Drawn> = (s.next..end)
                .map(|i| {
                    s.pending
                        .remove(&i)
                        .unwrap_or_else(|| (format!("{}. not made", i + 1), None, None))
                })
                .collect();
            s.next = end;
            if let Err(e) = s.write_page(&page) {
                s.failed = Some(e);
            }
        }
        if let Some(e) = s.failed {
            return Err(failed(&e));
        }
        s.write_solutions(self.per_page).map_err(|e| failed(&e))?;
        let out = s.pdf.finish().map_err(|e| failed(&e))?;
        let out = out.into_inner().map_err(|e| failed(&e.error()))?;
        out.commit().map_err(|e| failed(&e))
    }
}

impl Stream {
    /// Writes one page of puzzles and spools their solutions.
    fn write_page(&mut self, page: &[Drawn]) -> Result<(), String> {
        let items: Vec<(&str, Option<&str>)> = page
            .iter()
            .map(|(caption, svg, _)| (caption.as_str(), svg.as_deref()))
            .collect();
        self.pdf.page(false, &items).map_err(|e| e.to_string())?;
        for (caption, _, solution) in page {
            spool_text(&mut self.spool, Some(caption))
                .and_then(|()| spool_text(&mut self.spool, solution.as_deref()))
                .map_err(|e| format!("the spool file: {e}"))?;
        }
        Ok(())
    }

    /// Writes the solution pages from the spool, `per_page` a page.
    fn write_solutions(&mut self, per_page: usize) -> Result<(), String> {
        use std::io::{BufRead, Seek};
        let spooled = |e: io::Error| format!("the spool file: {e}");
        self.spool.flush().map_err(spooled)?;
        let file = self.spool.get_mut();
        file.rewind().map_err(spooled)?;
        let mut reader = io::BufReader::new(file.try_clone().map_err(spooled)?);
        let mut page: Vec<(String, Option<String>)> = Vec::with_capacity(per_page);
        loop {
            let more = !reader.fill_buf().map_err(spooled)?.is_empty();
            if more {
                let caption = unspool_text(&mut reader).map_err(spooled)?;
                let solution = unspool_text(&mut reader).map_err(spooled)?;
                page.push((caption.unwrap_or_default(), solution));
            }
            if page.len() == per_page || (!more && !page.is_empty()) {
                let items: Vec<(&str, Option<&str>)> = page
                    .iter()
                    .map(|(c, s)| (c.as_str(), s.as_deref()))
                    .collect();
                self.pdf.page(true, &items).map_err(|e| e.to_string())?;
                page.clear();
            }
            if !more {
                return Ok(());
            }
        }
    }
}

/// Writes a text (or its absence) to the spool.
fn spool_text(out: &mut impl Write, text: Option<&str>) -> io::Result<()> {
    match text {
        Some(t) => {
            out.write_all(&(t.len() as u64).to_le_bytes())?;
            out.write_all(t.as_bytes())
        }
        None => out.write_all(&u64::MAX.to_le_bytes()),
    }
}

/// Reads back what [`spool_text`] wrote.
fn unspool_text(input: &mut impl io::Read) -> io::Result<Option<String>> {
    let mut len = [0u8; 8];
    input.read_exact(&mut len)?;
    let len = u64::from_le_bytes(len);
    if len == u64::MAX {
        return Ok(None);
    }
    let mut bytes = vec![0u8; usize::try_from(len).map_err(io::Error::other)?];
    input.read_exact(&mut bytes)?;
    String::from_utf8(bytes).map(Some).map_err(io::Error::other)
}

/// `answer` for generated puzzle `index`, after drawing it into `pages`
/// when there is a booklet: a failed answer if it cannot be drawn (its
/// slot in the booklet then stays empty).
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
        Ok(drawn) => {
            pages.place(index, drawn);
            answer
        }
        Err(message) => {
            pages.place(index, (format!("{}. not drawn", index + 1), None, None));
            let mut a = Answer::new(Status::Failed, "failed", "failed").uncounted();
            a.message = Some(message);
            a
        }
    }
}

/// Generated puzzle `index` could not be made: its slot in the booklet,
/// if any, stays empty (with its number), so the pages after it follow.
pub(crate) fn skip(pages: Option<&Pages<'_>>, index: u64) {
    if let Some(pages) = pages {
        pages.place(index, (format!("{}. not made", index + 1), None, None));
    }
}
