//! The batch engine: takes puzzles a bounded batch at a time, works on the
//! batch in parallel (rayon, one reusable worker per thread), writes the
//! answers in input order, and repeats. Memory is bounded by the batch, not
//! by the input.

use crate::answer::{Answer, GenJob, Job, Status};
use crate::args::RunArgs;
use crate::framing::{Record, RecordShape};
use crate::input::{Inputs, read_all};
use crate::output::Printer;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Counts for the summary and the exit status.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    /// Puzzles handled.
    pub(crate) puzzles: u64,
    /// [`Status::Done`].
    pub(crate) solved: u64,
    /// [`Status::Failed`].
    pub(crate) unsolvable: u64,
    /// [`Status::Limit`].
    pub(crate) limit: u64,
    /// [`Status::Invalid`].
    pub(crate) invalid: u64,
    /// Inputs that could not be opened or read.
    pub(crate) unreadable: u64,
    /// [`Status::Unwritten`]: output files that could not be written.
    pub(crate) unwritten: u64,
    /// Search-tree nodes, all puzzles whose nodes are counted.
    pub(crate) nodes: u64,
    /// Decisions, all puzzles.
    pub(crate) decisions: u64,
    /// Wall time of the whole run.
    pub(crate) wall: Duration,
}

impl Tally {
    fn add(&mut self, answer: &Answer) {
        self.puzzles += 1;
        let effort = answer.effort.unwrap_or_default();
        self.nodes += effort.nodes;
        self.decisions += effort.decisions;
        match answer.status {
            Status::Done => self.solved += 1,
            Status::Failed => self.unsolvable += 1,
            Status::Limit => self.limit += 1,
            Status::Invalid => self.invalid += 1,
            Status::Unwritten => self.unwritten += 1,
        }
    }

    /// 0 all done, 1 some puzzle failed or hit a limit, 2 invalid input or
    /// a file that could not be read or written.
    pub(crate) fn exit_code(&self) -> u8 {
        if self.invalid > 0 || self.unreadable > 0 || self.unwritten > 0 {
            2
        } else if self.unsolvable > 0 || self.limit > 0 {
            1
        } else {
            0
        }
    }

    /// The summary for `--stats`.
    pub(crate) fn summary(&self) -> String {
        let secs = self.wall.as_secs_f64();
        let rate = if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        };
        let mut s = format!(
            "puzzles:    {}\nsolved:     {}\nunsolvable: {}\nlimit:      {}\ninvalid:    {}\n",
            self.puzzles, self.solved, self.unsolvable, self.limit, self.invalid
        );
        if self.unwritten > 0 {
            s.push_str(&format!("unwritten:  {}\n", self.unwritten));
        }
        if self.unreadable > 0 {
            s.push_str(&format!("unreadable: {}\n", self.unreadable));
        }
        s.push_str(&format!(
            "wall time:  {secs:.3} s\npuzzles/s:  {rate:.1}\nnodes:      {}\ndecisions:  {}\n",
            self.nodes, self.decisions
        ));
        s
    }
}

/// How to run.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Worker threads.
    pub(crate) threads: usize,
    /// Jobs per batch.
    pub(crate) batch: usize,
    /// Show a progress bar if stderr is a terminal and the job runs long.
    pub(crate) progress: bool,
    /// Number of jobs, when known.
    pub(crate) total: Option<u64>,
    /// `--split` or `--subproblems`: the one puzzle of the input is split
    /// or searched by subproblems.
    pub(crate) offline: Option<crate::parallel::Offline>,
    /// The command searches an input of one puzzle as an instance, at
    /// every thread count (`solve`, `count`).
    pub(crate) instance: bool,
}

impl Settings {
    /// From the command line; `batch_per_thread` jobs per thread per
    /// batch; `terminal`: standard error is a terminal.
    pub(crate) fn new(run: &RunArgs, batch_per_thread: usize, terminal: bool) -> Settings {
        let threads = run.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        );
        Settings {
            threads,
            batch: (threads * batch_per_thread).clamp(1, 4096),
            progress: !run.no_progress && terminal,
            total: None,
            offline: crate::parallel::Offline::from_args(run),
            instance: run.instance,
        }
    }
}

/// How long a run goes before its progress bar is shown.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// The progress bar: hidden for the first second, then drawn on stderr. A
/// thread of its own shows it when the second is up, so a run stuck on its
/// first puzzle shows it too (the bar ticks only when a puzzle is done).
struct Progress {
    bar: ProgressBar,
    /// Dropped when the run ends: tells the thread not to show the bar.
    done: Option<Sender<()>>,
    reveal: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn new(total: Option<u64>) -> Progress {
        Progress::with_target(total, PROGRESS_DELAY, ProgressDrawTarget::stderr)
    }

    /// A bar drawn to the target `draw` makes, once `delay` has passed.
    fn with_target(
        total: Option<u64>,
        delay: Duration,
        draw: impl FnOnce() -> ProgressDrawTarget + Send + 'static,
    ) -> Progress {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = if total.is_some() {
            "{spinner} {pos}/{len} puzzles  {rate}  {elapsed_precise}  eta {eta}"
        } else {
            "{spinner} {pos} puzzles  {rate}  {elapsed_precise}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}/s", state.per_sec());
                },
            ));
        }
        let (done, ended) = channel::<()>();
        let shown = bar.clone();
        let reveal = std::thread::Builder::new()
            .name("gridcsp-progress".into())
            .spawn(move || {
                if ended.recv_timeout(delay) == Err(RecvTimeoutError::Timeout) {
                    shown.set_draw_target(draw());
                    shown.enable_steady_tick(Duration::from_millis(150));
                }
            })
            .ok();
        Progress {
            bar,
            done: Some(done),
            reveal,
        }
    }

    fn tick(&self) {
        self.bar.inc(1);
    }

    /// Ends the bar (and its thread) and clears it.
    fn finish(mut self) {
        self.done.take();
        if let Some(thread) = self.reveal.take() {
            let _ = thread.join();
        }
        self.bar.finish_and_clear();
    }
}

/// How long the first puzzle waits for the end of the input, to learn
/// whether it is the only one (see [`crate::parallel`]).
const ONE_PUZZLE_WAIT: Duration = Duration::from_millis(100);

/// Where jobs come from, a batch at a time.
pub(crate) trait Source<J> {
    /// Up to about `max` jobs (at least one), or `None` at the end.
    fn next_batch(&mut self, max: usize) -> Option<Vec<J>>;

    /// Whether the source has ended, waiting at most `wait`: `Some(None)`
    /// at the end, `Some(Some(batch))` for more jobs, `None` if it cannot
    /// tell yet (more input may come later).
    fn ended_within(&mut self, _wait: Duration) -> Option<Option<Vec<J>>> {
        None
    }
}

/// The most record text a batch takes (it holds at least one chunk): with
/// records of up to 2 MiB, a count of records alone would not bound the
/// memory of a batch.
const BATCH_BYTES: usize = 4 * crate::input::CHUNK_BYTES;

/// Records from the reader thread: waits for one chunk, then takes
/// whatever else is ready, up to `max` records and [`BATCH_BYTES`].
impl Source<Record> for Receiver<Vec<Record>> {
    fn next_batch(&mut self, max: usize) -> Option<Vec<Record>> {
        let mut batch = self.recv().ok()?;
        let bytes = |b: &[Record]| b.iter().map(|r| r.text.len()).sum::<usize>();
        while batch.len() < max && bytes(&batch) < BATCH_BYTES {
            match self.try_recv() {
                Ok(more) => batch.extend(more),
                Err(_) => break,
            }
        }
        Some(batch)
    }

    fn ended_within(&mut self, wait: Duration) -> Option<Option<Vec<Record>>> {
        match self.recv_timeout(wait) {
            Ok(batch) => Some(Some(batch)),
            Err(RecvTimeoutError::Disconnected) => Some(None),
            Err(RecvTimeoutError::Timeout) => None,
        }
    }
}

/// The puzzles of a generate run.
#[derive(Debug)]
pub(crate) struct Seeds {
    next: u64,
    count: u64,
    seed: u64,
}

impl Source<GenJob> for Seeds {
    fn next_batch(&mut self, max: usize) -> Option<Vec<GenJob>> {
        if self.next >= self.count {
            return None;
        }
        let end = self.count.min(self.next.saturating_add(max as u64));
        let batch = (self.next..end)
            .map(|index| GenJob {
                index,
                seed: self.seed.wrapping_add(index),
            })
            .collect();
        self.next = end;
        Some(batch)
    }
}

/// Runs `work` on every job of `source`, `settings.threads` at a time, and
/// prints the answers in order. Each thread keeps one worker (made by
/// `make`) for the whole run; a worker that panics is replaced and the
/// puzzle reported invalid.
pub(crate) fn run<J, W, M, F>(
    settings: &Settings,
    source: &mut dyn Source<J>,
    make: M,
    work: F,
    printer: &mut Printer<'_>,
) -> io::Result<Tally>
where
    J: Job,
    W: Send,
    M: Fn() -> W + Sync,
    F: Fn(&mut W, &J) -> Answer + Sync,
{
    let start = Instant::now();
    let threads = settings.threads.max(1);
    let workers: Vec<Mutex<W>> = (0..threads).map(|_| Mutex::new(make())).collect();
    // The pool's threads start with the first batch that needs them: an
    // empty input, or one puzzle, starts none (thread start-up was a large
    // part of the tool's start; docs/performance.md).
    let mut pool: Option<rayon::ThreadPool> = None;
    let progress = settings.progress.then(|| Progress::new(settings.total));
    let one = |job: &J| -> (Answer, Duration) {
        let index = rayon::current_thread_index().unwrap_or(0) % workers.len();
        let mut worker = workers[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let t = Instant::now();
        let answer = match catch_unwind(AssertUnwindSafe(|| work(&mut worker, job))) {
            Ok(answer) => answer,
            Err(payload) => {
                *worker = make();
                let what = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_owned());
                Answer::invalid(format!("internal error: {what}"))
            }
        };
        if let Some(p) = &progress {
            p.tick();
        }
        (answer, t.elapsed())
    };
    let mut tally = Tally::default();
    let mut first = true;
    let mut pending = None;
    while let Some(batch) = pending.take().or_else(|| source.next_batch(settings.batch)) {
        // One puzzle in the whole input: its search gets the threads. An
        // input still open after a moment (a person typing, a slow pipe)
        // is not one puzzle: its first answer is not held back.
        let single = std::mem::take(&mut first)
            && (threads > 1 || settings.instance || settings.offline.is_some())
            && batch.len() == 1
            && {
                let peeked = match settings.offline {
                    // --split and --subproblems need the whole input.
                    Some(_) => Some(source.next_batch(settings.batch)),
                    None => source.ended_within(ONE_PUZZLE_WAIT),
                };
                match peeked {
                    Some(None) => true,
                    Some(next) => {
                        pending = next;
                        false
                    }
                    None => false,
                }
            };
        let answers: Vec<(Answer, Duration)> = if single {
            crate::parallel::with_instance(threads, settings.offline.clone(), || {
                batch.iter().map(one).collect()
            })
        } else if settings.offline.is_some() {
            batch
                .iter()
                .map(|_| (crate::parallel::Offline::one_puzzle_only(), Duration::ZERO))
                .collect()
        } else if threads == 1 {
            batch.iter().map(one).collect()
        } else {
            let pool = match &mut pool {
                Some(pool) => pool,
                None => pool.insert(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .map_err(io::Error::other)?,
                ),
            };
            let min_len = (batch.len() / (threads * 16)).max(1);
            pool.install(|| batch.par_iter().with_min_len(min_len).map(one).collect())
        };
        for (job, (answer, elapsed)) in batch.iter().zip(answers) {
            tally.add(&answer);
            if let Some(message) = &answer.message {
                let line = format!("{}: {message}", job.location());
                let err = &printer.io().stderr;
                match &progress {
                    Some(p) => p.bar.suspend(|| err.line(&line)),
                    None => err.line(&line),
                }
            }
            printer.print(job, answer, elapsed)?;
        }
        match &progress {
            Some(p) => p.bar.suspend(|| printer.flush())?,
            None => printer.flush()?,
        }
    }
    if let Some(p) = progress {
        p.finish();
    }
    tally.wall = start.elapsed();
    Ok(tally)
}

/// Runs `work` on every puzzle of `files` (standard input if none), cut
/// into records by `shape`.
pub(crate) fn run_records<W, M, F>(
    run_args: &RunArgs,
    files: &[String],
    shape: RecordShape,
    printer: &mut Printer<'_>,
    make: M,
    work: F,
) -> io::Result<Tally>
where
    W: Send,
    M: Fn() -> W + Sync,
    F: Fn(&mut W, &Record) -> Answer + Sync,
{
    let io = printer.io();
    let settings = Settings::new(run_args, 256, io.terminal);
    let (tx, mut rx) = sync_channel::<Vec<Record>>((settings.batch / 256).max(2) * 2);
    let files = files.to_vec();
    let stdin = io.take_stdin();
    let err = io.stderr.clone();
    // Not scoped: on a broken pipe the main thread returns at once, even if
    // the reader is still waiting for input.
    let reader = std::thread::Builder::new()
        .name("gridcsp-reader".into())
        .spawn(move || {
            let inputs = Inputs {
                stdin,
                files: &files,
            };
            read_all(inputs, &shape, &tx, &err)
        })?;
    let mut tally = run(&settings, &mut rx, make, work, printer)?;
    let start = Instant::now();
    tally.unreadable = reader.join().map_or(1, |n| n as u64);
    tally.wall += start.elapsed();
    Ok(tally)
}

/// Runs `work` on puzzles `0..count` made from seeds `seed..`.
pub(crate) fn run_generate<W, M, F>(
    run_args: &RunArgs,
    count: u64,
    seed: u64,
    printer: &mut Printer<'_>,
    make: M,
    work: F,
) -> io::Result<Tally>
where
    W: Send,
    M: Fn() -> W + Sync,
    F: Fn(&mut W, &GenJob) -> Answer + Sync,
{
    let mut settings = Settings::new(run_args, 8, printer.io().terminal);
    settings.total = Some(count);
    let mut seeds = Seeds {
        next: 0,
        count,
        seed,
    };
    run(&settings, &mut seeds, make, work, printer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_consecutive_and_batched() {
        let mut s = Seeds {
            next: 0,
            count: 5,
            seed: u64::MAX - 1,
        };
        let a = s.next_batch(3).expect("first batch");
        assert_eq!(a.iter().map(|j| j.index).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(
            a.iter().map(|j| j.seed).collect::<Vec<_>>(),
            [u64::MAX - 1, u64::MAX, 0]
        );
        assert_eq!(s.next_batch(3).map(|b| b.len()), Some(2));
        assert!(s.next_batch(3).is_none());
    }

    /// A terminal that remembers what was drawn on it (clones share it).
    #[derive(Clone, Debug, Default)]
    struct Screen(std::sync::Arc<Mutex<String>>);

    impl Screen {
        fn text(&self) -> String {
            self.0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone()
        }
    }

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_progress_bar_shows_while_the_first_puzzle_is_still_running() {
        // See: issue 18, item 8. No puzzle finishes (no tick), yet the bar
        // must appear once its delay is over.
        let screen = Screen::default();
        let target = screen.clone();
        let progress = Progress::with_target(None, Duration::from_millis(10), move || {
            ProgressDrawTarget::term_like(Box::new(target))
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        while !screen.text().contains("0 puzzles") && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(screen.text().contains("0 puzzles"), "{:?}", screen.text());
        progress.finish();
        // A run that ends first never draws it.
        let quiet = Screen::default();
        let target = quiet.clone();
        let progress = Progress::with_target(None, Duration::from_secs(3600), move || {
            ProgressDrawTarget::term_like(Box::new(target))
        });
        progress.tick();
        progress.finish();
        assert_eq!(quiet.text(), "");
    }

    #[test]
    fn exit_codes() {
        let mut t = Tally::default();
        assert_eq!(t.exit_code(), 0);
        t.add(&Answer::limit("node limit reached"));
        assert_eq!(t.exit_code(), 1);
        t.add(&Answer::invalid("bad"));
        assert_eq!(t.exit_code(), 2);
        let mut w = Tally::default();
        w.add(&Answer::unwritten("disk full"));
        assert_eq!(
            w.exit_code(),
            2,
            "a write failure is status 2, as everywhere"
        );
        assert!(t.summary().contains("puzzles:    2"));
    }
}
