//! The puzzle families: `families()`, `parse`, `generate` and `Puzzle`,
//! all through `gridcsp-puzzles`' object-safe `AnyFamily`/`AnyPuzzle`
//! interface (the one the command-line tool uses), so every family the
//! tool has is here with the same text formats and the same answers.

use crate::errors::{generate_error, grade_error, parse_error, stopped};
use crate::run::{flag, limits, released, seconds};
use crate::stats::Stats;
use csp_core::{SearchStatus, StopReason};
use gridcsp_puzzles::{
    AnyFamily, AnyPuzzle, Cell, GenerateOptions, RenderOptions, Solved, Unique, families,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// The family called `name`, or a `ValueError` that lists them.
fn find_family(name: &str) -> PyResult<&'static dyn AnyFamily> {
    gridcsp_puzzles::family(name).ok_or_else(|| {
        let names: Vec<&str> = families().iter().map(|f| f.info().name).collect();
        PyValueError::new_err(format!(
            "no family {name:?}; the families are {}",
            names.join(", ")
        ))
    })
}

/// The names of every puzzle family, as the command-line tool spells them
/// (`gridcsp <family> solve ...`).
#[pyfunction(name = "families")]
pub(crate) fn family_names() -> Vec<&'static str> {
    families().iter().map(|f| f.info().name).collect()
}

/// A family's name, title, rules, difficulty levels (easiest first) and
/// default generated size `(rows, cols)`, as a dict.
#[pyfunction]
pub(crate) fn family_info<'py>(py: Python<'py>, family: &str) -> PyResult<Bound<'py, PyDict>> {
    let info = find_family(family)?.info();
    let d = PyDict::new(py);
    d.set_item("name", info.name)?;
    d.set_item("title", info.title)?;
    d.set_item("rules", info.rules)?;
    let levels: Vec<&str> = info.levels.iter().map(|l| l.name).collect();
    d.set_item("levels", levels)?;
    d.set_item("default_size", info.default_size)?;
    Ok(d)
}

/// Reads a puzzle of `family` from `text`, in any format the command-line
/// tool reads for it (the text layout of `docs/formats/<family>.md`, Simon
/// Tatham's game IDs for the families his collection has, one-line forms).
///
/// Raises `ParseError` (with `line` and `column`, from 1) when the text is
/// not a puzzle of the family, and `ValueError` for an unknown family.
#[pyfunction]
pub(crate) fn parse(py: Python<'_>, family: &str, text: &str) -> PyResult<Puzzle> {
    load(py, find_family(family)?, text)
}

fn load(py: Python<'_>, family: &'static dyn AnyFamily, text: &str) -> PyResult<Puzzle> {
    // Blank lines before and after the puzzle are not part of it (the
    // tool's framing drops them too: a triple-quoted string starts with
    // one); errors still count lines from the start of `text`.
    let lines: Vec<&str> = text.split('\n').collect();
    let blank = |l: &&&str| l.trim().is_empty();
    let first = lines.iter().take_while(blank).count();
    let last = lines.len() - lines.iter().rev().take_while(blank).count();
    let record = if first < last {
        let mut r = lines[first..last].join("\n");
        r.push('\n');
        r
    } else {
        String::new()
    };
    let puzzle = family
        .load(&record)
        .map_err(|e| parse_error(py, &e.relocated(first + 1)))?;
    Ok(Puzzle { family, puzzle })
}

/// A seed from the clock, for `generate` without one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Generates a puzzle of `family` with exactly one solution.
///
/// `difficulty` names one of the family's levels (`family_info(f)["levels"]`,
/// any case; the easiest when omitted); `seed` makes the puzzle
/// reproducible (the same seed gives the same puzzle on every machine; a
/// seed from the clock when omitted); `size` is `(rows, cols)` or one
/// number for a square (the family's default when omitted; families with a
/// fixed size ignore it); `max_attempts` bounds the candidates tried (0:
/// the family's own budget); `time_limit` (seconds) bounds the time, and
/// raises `LimitReached` (reason `"time limit"`) when it runs out first.
/// Raises `GenerateError` when no puzzle of that level comes up.
///
/// There is no `node_limit`: a generator runs many searches, one or more
/// per candidate, and `max_attempts` is its measure of work. The clock is
/// read between candidates, so the candidate under way when the time runs
/// out still finishes. Ctrl-C returns at once with `KeyboardInterrupt`,
/// and the generator stops in the background at its next candidate.
#[pyfunction]
#[pyo3(signature = (family, difficulty=None, seed=None, size=None, max_attempts=0, *, time_limit=None))]
pub(crate) fn generate(
    py: Python<'_>,
    family: &str,
    difficulty: Option<&str>,
    seed: Option<u64>,
    size: Option<&Bound<'_, PyAny>>,
    max_attempts: u32,
    time_limit: Option<f64>,
) -> PyResult<Puzzle> {
    let f = find_family(family)?;
    let info = f.info();
    let level = match difficulty {
        None => 0,
        Some(name) => info
            .levels
            .iter()
            .position(|l| l.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = info.levels.iter().map(|l| l.name).collect();
                PyValueError::new_err(format!(
                    "{} has no level {name:?}; its levels are {}",
                    info.name,
                    names.join(", ")
                ))
            })?,
    };
    let (rows, cols) = match size {
        None => info.default_size,
        Some(s) => match s.extract::<usize>() {
            Ok(n) => (n, n),
            Err(_) => s.extract::<(usize, usize)>()?,
        },
    };
    let cancel = flag();
    let mut options = GenerateOptions::new(rows, cols, level)
        .with_seed(seed.unwrap_or_else(clock_seed))
        .with_max_attempts(max_attempts)
        .with_cancel(Arc::clone(&cancel));
    if let Some(s) = time_limit {
        options = options.with_time_limit(seconds(s)?);
    }
    // On a thread of its own, not `released`: the generator looks at its
    // flag only between candidates, so Ctrl-C returns at once and the
    // generator stops at its next one in the background.
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .name("gridcsp-generate".into())
        .spawn(move || {
            let _ = send.send(f.generate_text(&options));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let made = py.detach(move || {
        loop {
            match receive.recv_timeout(Duration::from_millis(20)) {
                Ok(made) => return Ok(made),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "gridcsp: internal error in generate",
                    ));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
            }
        }
    })?;
    let made = made.map_err(|e| generate_error(py, &e))?;
    load(py, f, &made.puzzle)
}

/// A puzzle of one family, read by `parse` or made by `generate`.
///
/// Every search takes `time_limit` (seconds) and `node_limit` (search
/// decisions): a search they stop raises `LimitReached`; Ctrl-C stops a
/// search and raises `KeyboardInterrupt`. The GIL is released while a
/// search runs.
#[pyclass(frozen, module = "gridcsp", name = "Puzzle")]
pub(crate) struct Puzzle {
    family: &'static dyn AnyFamily,
    puzzle: Box<dyn AnyPuzzle>,
}

/// The cell `(row, col)` (from 0) as a Python tuple.
fn cell_tuple(c: Cell) -> (usize, usize) {
    (c.row, c.col)
}

#[pymethods]
impl Puzzle {
    /// The family's name.
    #[getter]
    fn family(&self) -> &'static str {
        self.family.info().name
    }

    /// The puzzle in the family's text layout.
    #[getter]
    fn text(&self) -> String {
        self.puzzle.write()
    }

    /// The puzzle's one-line form (a Tatham game ID), if the family has one.
    #[getter]
    fn game_id(&self) -> Option<String> {
        self.puzzle.game_id()
    }

    /// Solves the puzzle: its solution, written as `gridcsp <family> solve`
    /// writes it (`str()` of the result is exactly the tool's output), or
    /// `None` when it has none (givens that break a rule, or a search that
    /// finds nothing).
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn solve(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Option<PuzzleSolution>> {
        if !self.puzzle.check_givens().is_empty() {
            return Ok(None);
        }
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let (solved, stats) = released(py, &cancel, || self.puzzle.solve(&limits))?;
        match solved {
            Solved::Solution(text) => Ok(Some(PuzzleSolution {
                text: text.trim_end().to_owned(),
                stats: stats.into(),
            })),
            Solved::Unsolvable => Ok(None),
            Solved::Stopped(reason) => Err(stopped(py, reason, py.None())),
        }
    }

    /// The number of solutions, counting up to `limit` (all when `None`):
    /// `count(limit=2)` tells none, one or several. A time or node limit
    /// raises `LimitReached`, whose `found` is the count so far.
    #[pyo3(signature = (limit=None, *, time_limit=None, node_limit=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<u64> {
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let (count, _) = released(py, &cancel, || self.puzzle.count(limit, &limits))?;
        match count.status {
            SearchStatus::Complete | SearchStatus::Stopped(StopReason::SolutionLimit) => {
                Ok(count.count)
            }
            SearchStatus::Stopped(reason) => Err(stopped(py, reason, count.count)),
        }
    }

    /// Whether the puzzle has exactly one solution (proved by search).
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn is_unique(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<bool> {
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let (unique, _) = released(py, &cancel, || self.puzzle.uniqueness(&limits))?;
        match unique {
            Unique::Unique(_) => Ok(true),
            Unique::None | Unique::Multiple(..) => Ok(false),
            Unique::Stopped(reason) => Err(stopped(py, reason, py.None())),
        }
    }

    /// The puzzle's difficulty: the name of its level on the family's
    /// ladder (`family_info(f)["levels"]`), from the techniques a person
    /// needs. Raises `NoSolution` or `MultipleSolutions` for a puzzle that
    /// has not exactly one solution.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn grade(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<&'static str> {
        Ok(self.grade_info(py, time_limit, node_limit)?.level)
    }

    /// The grade in full: level, rank, the hardest technique used and the
    /// search decisions needed after the deductions.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn grade_info(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Grade> {
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let graded = released(py, &cancel, || self.puzzle.grade(&limits))?;
        graded.map(Grade::from).map_err(|e| grade_error(py, e))
    }

    /// The deductions that solve the puzzle, step by step in words, and its
    /// grade; `str()` is what `gridcsp <family> explain` prints.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn explain(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Explanation> {
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let explained = released(py, &cancel, || self.puzzle.explain(&limits))?;
        let e = explained.map_err(|e| grade_error(py, e))?;
        Ok(Explanation {
            text: e.to_string().trim_end().to_owned(),
            steps: e.steps.iter().map(|s| s.text.clone()).collect(),
            grade: Grade::from(e.grade),
        })
    }

    /// The next deduction in words (what `gridcsp <family> hint` prints),
    /// with the cell and value it places.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn hint(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Hint> {
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        let hinted = released(py, &cancel, || self.puzzle.hint(&limits))?;
        let h = hinted.map_err(|e| grade_error(py, e))?;
        let text = h.to_string();
        Ok(match h {
            gridcsp_puzzles::Hint::Step { step, before } => Hint {
                text,
                cell: step.cell.map(cell_tuple),
                value: step.placed,
                guess: false,
                before: before.into_iter().map(|s| s.text).collect(),
            },
            gridcsp_puzzles::Hint::Guess { cell, value, .. } => Hint {
                text,
                cell: Some(cell_tuple(cell)),
                value: Some(value),
                guess: true,
                before: Vec::new(),
            },
            _ => Hint {
                text,
                cell: None,
                value: None,
                guess: false,
                before: Vec::new(),
            },
        })
    }

    /// The rules the givens break, in words (empty when none).
    fn check(&self) -> Vec<String> {
        self.puzzle
            .check_givens()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Reads `solution` (as `solve` writes it) and lists the rules it
    /// breaks, in words (empty when it is a solution). Raises `ParseError`
    /// when the text is not a filled grid of this puzzle.
    fn check_solution(&self, py: Python<'_>, solution: &str) -> PyResult<Vec<String>> {
        let broken = self
            .puzzle
            .check_solution(solution)
            .map_err(|e| parse_error(py, &e))?;
        Ok(broken.iter().map(ToString::to_string).collect())
    }

    /// The puzzle as an SVG picture (a string). With `solution=True` its
    /// solution is drawn in (found within the limits; a puzzle without one
    /// is drawn as it is); `candidates=True` draws each empty cell's
    /// candidates; `highlight` lists cells `(row, col)` to mark;
    /// `cell_size` is a cell's side in points.
    #[pyo3(signature = (*, solution=false, candidates=false, highlight=Vec::new(), cell_size=36.0, time_limit=None, node_limit=None))]
    #[expect(clippy::too_many_arguments, reason = "keyword arguments from Python")]
    fn render_svg(
        &self,
        py: Python<'_>,
        solution: bool,
        candidates: bool,
        highlight: Vec<(usize, usize)>,
        cell_size: f64,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<String> {
        if !(cell_size.is_finite() && cell_size > 0.0) {
            return Err(PyValueError::new_err(format!(
                "cell_size must be a positive number of points: {cell_size}"
            )));
        }
        let options = RenderOptions::default()
            .with_solution(solution)
            .with_candidates(candidates)
            .with_highlight(
                highlight
                    .into_iter()
                    .map(|(r, c)| Cell::new(r, c))
                    .collect(),
            )
            .with_cell_size(cell_size);
        let cancel = flag();
        let limits = limits(time_limit, node_limit, &cancel)?;
        released(py, &cancel, || self.puzzle.render(&options, &limits))
    }

    fn __str__(&self) -> String {
        self.puzzle.write().trim_end().to_owned()
    }

    fn __repr__(&self) -> String {
        format!(
            "gridcsp.parse({:?}, {:?})",
            self.family.info().name,
            self.puzzle.game_id().unwrap_or_else(|| self.puzzle.write())
        )
    }
}

/// A puzzle's solution as text: `str()` is exactly what `gridcsp <family>
/// solve` prints for the puzzle. Compares equal to that string.
#[pyclass(frozen, module = "gridcsp", name = "PuzzleSolution")]
pub(crate) struct PuzzleSolution {
    text: String,
    stats: Stats,
}

#[pymethods]
impl PuzzleSolution {
    /// The solution as the command-line tool writes it.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// The solution's lines.
    #[getter]
    fn lines(&self) -> Vec<&str> {
        self.text.lines().collect()
    }

    /// The statistics of the search that found it.
    #[getter]
    fn stats(&self) -> Stats {
        self.stats.clone()
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("PuzzleSolution({:?})", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(s) = other.extract::<String>() {
            return s == self.text;
        }
        other
            .cast::<PuzzleSolution>()
            .is_ok_and(|o| o.get().text == self.text)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }
}

/// A puzzle's grade: `level` (its name on the family's ladder), `rank`
/// (its index there), `technique` (the hardest one used, if any) and
/// `decisions` (search decisions needed after the deductions: 0 below the
/// top level). `str()` is what `gridcsp <family> grade` prints.
#[pyclass(frozen, module = "gridcsp", name = "Grade")]
#[derive(Clone)]
pub(crate) struct Grade {
    /// The level's name.
    #[pyo3(get)]
    level: &'static str,
    /// The level's index on the ladder (0 for the easiest).
    #[pyo3(get)]
    rank: usize,
    /// The hardest technique the deductions used.
    #[pyo3(get)]
    technique: Option<String>,
    /// Search decisions needed after the deductions.
    #[pyo3(get)]
    decisions: u64,
    text: String,
}

impl From<gridcsp_puzzles::Grade> for Grade {
    fn from(g: gridcsp_puzzles::Grade) -> Grade {
        Grade {
            text: g.to_string(),
            level: g.level,
            rank: g.rank,
            technique: g.technique,
            decisions: g.decisions,
        }
    }
}

#[pymethods]
impl Grade {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "Grade(level={:?}, rank={}, technique={:?}, decisions={})",
            self.level, self.rank, self.technique, self.decisions
        )
    }
}

/// A step-by-step solution: `steps` (the deductions in words, in order)
/// and `grade`. `str()` is what `gridcsp <family> explain` prints.
#[pyclass(frozen, module = "gridcsp", name = "Explanation")]
pub(crate) struct Explanation {
    /// The deductions, in order.
    #[pyo3(get)]
    steps: Vec<String>,
    /// The grade.
    #[pyo3(get)]
    grade: Grade,
    text: String,
}

#[pymethods]
impl Explanation {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Explanation: {} steps, grade {}>",
            self.steps.len(),
            self.grade.text
        )
    }
}

/// A hint: the next deduction (`text`, what `gridcsp <family> hint`
/// prints and `str()` gives), the `cell` `(row, col)` (from 0) and `value`
/// it places, the eliminations it needs first (`before`), and whether no
/// deduction applies and the value is a `guess` from the solution. A
/// puzzle whose cells are all decided gives a hint with no cell.
#[pyclass(frozen, module = "gridcsp", name = "Hint")]
pub(crate) struct Hint {
    /// The hint in words.
    #[pyo3(get)]
    text: String,
    /// The cell it places a value in.
    #[pyo3(get)]
    cell: Option<(usize, usize)>,
    /// The value placed.
    #[pyo3(get)]
    value: Option<i32>,
    /// No deduction applies: the value is the solution's.
    #[pyo3(get)]
    guess: bool,
    /// The eliminations the placement depends on, in words.
    #[pyo3(get)]
    before: Vec<String>,
}

#[pymethods]
impl Hint {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "Hint(text={:?}, cell={:?}, value={:?})",
            self.text, self.cell, self.value
        )
    }
}
