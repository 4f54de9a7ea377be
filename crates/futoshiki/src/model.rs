//! The solving model: a Latin square on csp-core plus one relation per sign.

use crate::adjacent::{Adjacency, AdjacencyStrength};
use crate::puzzle::{Cell, Link, Mode, Puzzle, Solution};
use csp_core::{ConstraintId, Model, ModelError, SearchOptions, Solver, Strength, VarId};

/// The AllDifferent strength used for solving, chosen by measurement on the
/// generated benchmark sets (see `docs/futoshiki.md`).
pub const DEFAULT_STRENGTH: Strength = Strength::HiddenSingles;

/// The search options the crate solves with: csp-core's defaults with the
/// dom/wdeg variable order (failure-weighted degree), measured 2x faster
/// than MRV on 9x9 Extreme puzzles and 4-5x faster on Recursive ones.
pub fn search_options() -> SearchOptions {
    SearchOptions::default().with_variable_order(csp_core::VariableOrder::DomWdeg)
}

/// What a [`ConstraintId`] of a futoshiki model stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Clue {
    /// The all-different constraint of a row (0-based).
    Row(usize),
    /// The all-different constraint of a column (0-based).
    Column(usize),
    /// `first < second` (a sign, read towards the smaller cell's side).
    Less(Cell, Cell),
    /// `|first - second| == 1` (an Adjacent-mode bar) or `!= 1` (`bar: false`).
    Adjacent(Cell, Cell, bool),
    /// A constraint over the whole grid (a grading technique).
    Grid,
}

impl std::fmt::Display for Clue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clue::Row(r) => write!(f, "row {}", r + 1),
            Clue::Column(c) => write!(f, "column {}", c + 1),
            Clue::Less(a, b) => write!(f, "{a} < {b}"),
            Clue::Adjacent(a, b, true) => write!(f, "{a} | {b}"),
            Clue::Adjacent(a, b, false) => write!(f, "{a} and {b} not consecutive"),
            Clue::Grid => f.write_str("the grid"),
        }
    }
}

/// A puzzle compiled to a csp-core [`Model`]: one variable per cell
/// (row-major), AllDifferent on every row and column, givens fixed, and one
/// [`Model::less_than`] per sign (or an [`Adjacency`] constraint per pair in
/// Adjacent mode).
///
/// Build it once per puzzle; every solve, count or uniqueness check goes
/// through a [`csp_core::Solver`] on it.
///
/// The cell variables come from [`csp_core::Grid::new_unnamed`]: naming
/// them (81 `format!` calls) would cost more than solving a trivial 9x9
/// puzzle. Messages name cells through [`Cell`] instead.
#[derive(Debug)]
pub struct PuzzleModel {
    size: usize,
    model: Model,
    cells: Vec<VarId>,
    clues: Vec<Clue>,
}

impl PuzzleModel {
    /// The solving model of `puzzle` with the default AllDifferent strength.
    pub fn new(puzzle: &Puzzle) -> Result<PuzzleModel, ModelError> {
        PuzzleModel::with_strength(puzzle, DEFAULT_STRENGTH)
    }

    /// The solving model with the given AllDifferent strength.
    pub fn with_strength(puzzle: &Puzzle, strength: Strength) -> Result<PuzzleModel, ModelError> {
        let mut pm = PuzzleModel::latin(puzzle, strength)?;
        pm.add_marks(puzzle, MarkStrength::Full)?;
        Ok(pm)
    }

    /// Cells, AllDifferent rows and columns, givens; no marks.
    pub(crate) fn latin(puzzle: &Puzzle, strength: Strength) -> Result<PuzzleModel, ModelError> {
        let n = puzzle.size();
        let mut model = Model::new();
        let grid = csp_core::Grid::new_unnamed(&mut model, n, n, 1..=n as i32)?;
        let mut clues = Vec::with_capacity(4 * n * n);
        for (r, row) in grid.rows().enumerate() {
            let id = model.all_different_with(&row, strength)?;
            push(&mut clues, id, Clue::Row(r));
        }
        for (c, column) in grid.columns().enumerate() {
            let id = model.all_different_with(&column, strength)?;
            push(&mut clues, id, Clue::Column(c));
        }
        let cells = grid.cells().to_vec();
        for (i, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                model.fix(cells[i], i32::from(v))?;
            }
        }
        Ok(PuzzleModel {
            size: n,
            model,
            cells,
            clues,
        })
    }

    /// Adds the signs (or bars) with the given strength.
    pub(crate) fn add_marks(
        &mut self,
        puzzle: &Puzzle,
        strength: MarkStrength,
    ) -> Result<(), ModelError> {
        for (a, b, link) in puzzle.pairs() {
            let (x, y) = (self.var_of(a), self.var_of(b));
            match (puzzle.mode(), link) {
                (Mode::Standard, Link::None) => {}
                (Mode::Standard, Link::Less | Link::Greater)
                | (Mode::Adjacent, Link::Less | Link::Greater) => {
                    let (lo, hi) = if link == Link::Less { (a, b) } else { (b, a) };
                    let (vlo, vhi) = (self.var_of(lo), self.var_of(hi));
                    let id = match strength {
                        MarkStrength::CheckOnly => self
                            .model
                            .add(crate::techniques::SignCheck::new(vlo, vhi))?,
                        MarkStrength::Bounds => self
                            .model
                            .add(crate::techniques::SignBounds::new(vlo, vhi))?,
                        MarkStrength::Full => self.model.less_than(vlo, vhi)?,
                    };
                    push(&mut self.clues, id, Clue::Less(lo, hi));
                }
                (_, Link::Bar) | (Mode::Adjacent, Link::None) => {
                    let bar = link == Link::Bar;
                    let s = match strength {
                        MarkStrength::CheckOnly => AdjacencyStrength::CheckOnly,
                        MarkStrength::Bounds => AdjacencyStrength::FromFixed,
                        MarkStrength::Full => AdjacencyStrength::Full,
                    };
                    let mut c = Adjacency::neighbours(x, y, bar, s);
                    if strength == MarkStrength::Bounds {
                        c = c.with_priority(crate::techniques::EASY);
                    }
                    let id = self.model.add(c)?;
                    push(&mut self.clues, id, Clue::Adjacent(a, b, bar));
                }
            }
        }
        Ok(())
    }

    /// Adds a constraint through `add` and records what it stands for.
    pub(crate) fn add_clue(
        &mut self,
        clue: Clue,
        add: impl FnOnce(&mut Model) -> Result<ConstraintId, ModelError>,
    ) -> Result<ConstraintId, ModelError> {
        let id = add(&mut self.model)?;
        push(&mut self.clues, id, clue);
        Ok(id)
    }

    /// The puzzle size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The csp-core model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The cell variables, row-major.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The variable of `cell`, or `None` outside the grid.
    pub fn var(&self, cell: Cell) -> Option<VarId> {
        (cell.row < self.size && cell.col < self.size).then(|| self.cells[cell.index(self.size)])
    }

    /// The variable of a cell known to be inside the grid.
    pub(crate) fn var_of(&self, cell: Cell) -> VarId {
        self.cells[cell.index(self.size)]
    }

    /// The cell of a variable of this model.
    pub fn cell(&self, var: VarId) -> Option<Cell> {
        // The cells are the first n*n variables, in order.
        (var.index() < self.cells.len()).then(|| Cell::from_index(var.index(), self.size))
    }

    /// What the constraint `id` stands for.
    pub fn clue(&self, id: ConstraintId) -> Option<&Clue> {
        self.clues.get(id.index())
    }

    /// The csp-core model and the cells' variables (row-major), for callers
    /// that drive csp-core themselves.
    pub fn into_parts(self) -> (Model, Vec<VarId>) {
        (self.model, self.cells)
    }

    /// A solver with the crate's search options ([`search_options`]).
    pub fn solver(&self) -> Solver<'_> {
        Solver::with_options(&self.model, search_options())
    }

    /// A solver with the given options.
    pub fn solver_with(&self, options: SearchOptions) -> Solver<'_> {
        Solver::with_options(&self.model, options)
    }

    /// Converts a csp-core solution of this model.
    pub fn solution(&self, s: &csp_core::Solution) -> Solution {
        let values = self
            .cells
            .iter()
            .map(|&v| s.get(v).map_or(0, |x| x as u8))
            .collect();
        Solution::new(self.size, values).unwrap_or_else(|_| unreachable_solution(self.size))
    }

    /// The first solution, if any.
    pub fn solve(&self) -> Option<Solution> {
        self.solver().solve().solution().map(|s| self.solution(s))
    }

    /// The number of solutions, stopping at `limit` if given.
    pub fn count(&self, limit: Option<u64>) -> u64 {
        self.solver().count(limit).count
    }

    /// None, one or several solutions.
    pub fn uniqueness(&self) -> Uniqueness {
        match self.solver().uniqueness() {
            csp_core::Uniqueness::Unique(s) => Uniqueness::Unique(self.solution(&s)),
            csp_core::Uniqueness::Multiple(a, b) => {
                Uniqueness::Multiple(self.solution(&a), self.solution(&b))
            }
            _ => Uniqueness::NoSolution,
        }
    }
}

/// Only reached if csp-core returned a value outside a cell's domain.
fn unreachable_solution(size: usize) -> Solution {
    Solution::new(size, vec![1; size * size]).unwrap_or_else(|_| unreachable_solution(1))
}

fn push(clues: &mut Vec<Clue>, id: ConstraintId, clue: Clue) {
    if clues.len() <= id.index() {
        clues.resize(id.index() + 1, Clue::Grid);
    }
    clues[id.index()] = clue;
}

/// How the marks are propagated in a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MarkStrength {
    /// Checked once both cells are fixed.
    CheckOnly,
    /// Bounds along one sign (grading's easy level), as plug-in constraints.
    Bounds,
    /// csp-core relations (solving).
    Full,
}

/// Whether a puzzle has no solution, exactly one, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Uniqueness {
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique(Solution),
    /// At least two; here are two of them.
    Multiple(Solution, Solution),
}

impl Uniqueness {
    /// Whether there is exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }
}

impl Puzzle {
    /// The solving model (see [`PuzzleModel`]).
    pub fn model(&self) -> Result<PuzzleModel, ModelError> {
        PuzzleModel::new(self)
    }

    /// The first solution, or `None` if there is none.
    pub fn solve(&self) -> Option<Solution> {
        self.model().ok()?.solve()
    }

    /// The number of solutions, stopping at `limit` if given.
    pub fn count(&self, limit: Option<u64>) -> u64 {
        self.model().map_or(0, |m| m.count(limit))
    }

    /// None, one or several solutions.
    pub fn uniqueness(&self) -> Uniqueness {
        self.model()
            .map_or(Uniqueness::NoSolution, |m| m.uniqueness())
    }
}

/// A reusable solving context for many puzzles (a batch, a benchmark, a
/// server). Puzzles without marks (Tatham's trivial ones, or any Latin
/// square completion) share one model per size, built once, with their
/// givens passed as assumptions; other puzzles get their own
/// [`PuzzleModel`]. Either way the answer comes from csp-core's solver.
#[derive(Debug)]
pub struct PuzzleSolver {
    strength: Strength,
    /// `latin[n]`: the Latin-square model of size `n` without givens.
    latin: Vec<Option<PuzzleModel>>,
    assumptions: Vec<(VarId, csp_core::Value)>,
    stats: csp_core::Stats,
}

impl Default for PuzzleSolver {
    fn default() -> Self {
        PuzzleSolver::new()
    }
}

impl PuzzleSolver {
    /// A context with the default AllDifferent strength.
    pub fn new() -> PuzzleSolver {
        PuzzleSolver::with_strength(DEFAULT_STRENGTH)
    }

    /// A context with the given AllDifferent strength.
    pub fn with_strength(strength: Strength) -> PuzzleSolver {
        PuzzleSolver {
            strength,
            latin: Vec::new(),
            assumptions: Vec::new(),
            stats: Default::default(),
        }
    }

    /// Statistics of the last run.
    pub fn stats(&self) -> csp_core::Stats {
        self.stats
    }

    /// Runs `f` on a solver for `puzzle`, from the cache or a fresh model.
    fn run<T>(
        &mut self,
        puzzle: &Puzzle,
        f: impl FnOnce(&PuzzleModel, &mut Solver<'_>) -> T,
    ) -> Result<T, ModelError> {
        let n = puzzle.size();
        if puzzle.num_marks() > 0 || puzzle.mode() != Mode::Standard {
            let pm = PuzzleModel::with_strength(puzzle, self.strength)?;
            let mut solver = pm.solver();
            let out = f(&pm, &mut solver);
            self.stats = solver.stats();
            return Ok(out);
        }
        if self.latin.len() <= n {
            self.latin.resize_with(n + 1, || None);
        }
        if self.latin[n].is_none() {
            let empty = Puzzle::new(n).map_err(|_| ModelError::TooManyVariables)?;
            self.latin[n] = Some(PuzzleModel::latin(&empty, self.strength)?);
        }
        let Some(pm) = self.latin[n].as_ref() else {
            return Err(ModelError::TooManyVariables);
        };
        self.assumptions.clear();
        for (&var, &v) in pm.cells.iter().zip(puzzle.values()) {
            if v != 0 {
                self.assumptions.push((var, i32::from(v)));
            }
        }
        let mut solver = pm.solver();
        solver.set_assumptions(&self.assumptions)?;
        let out = f(pm, &mut solver);
        self.stats = solver.stats();
        Ok(out)
    }

    /// None, one or several solutions.
    pub fn uniqueness(&mut self, puzzle: &Puzzle) -> Result<Uniqueness, ModelError> {
        self.run(puzzle, |pm, solver| match solver.uniqueness() {
            csp_core::Uniqueness::Unique(s) => Uniqueness::Unique(pm.solution(&s)),
            csp_core::Uniqueness::Multiple(a, b) => {
                Uniqueness::Multiple(pm.solution(&a), pm.solution(&b))
            }
            _ => Uniqueness::NoSolution,
        })
    }

    /// The first solution, if any.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Result<Option<Solution>, ModelError> {
        self.run(puzzle, |pm, solver| {
            solver.solve().solution().map(|s| pm.solution(s))
        })
    }

    /// The number of solutions, stopping at `limit` if given.
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<u64, ModelError> {
        self.run(puzzle, |_, solver| solver.count(limit).count)
    }
}
