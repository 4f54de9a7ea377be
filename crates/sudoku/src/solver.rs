//! Solving on csp-core: the model built once per set of rules
//! ([`SudokuModel`]) and a reusable solver over it ([`SudokuSolver`]).

use crate::board::{Board, Cell};
use crate::error::SudokuError;
use crate::houses::Houses;
use crate::rules::{GroupKind, Variant};
use crate::techniques::geometry::Geometry;
use crate::techniques::{self, Origin};
use csp_core::{
    ConstraintId, Count, Grid, Model, SearchOptions, Solution, Solver, Stats, StopReason, Strength,
    Value, VarId, VariableOrder,
};
use std::sync::Arc;

/// The csp-core model of a set of rules: one variable per cell (domain
/// `1..=size`), one AllDifferent per group, and per killer cage one
/// [`all_different_sum`](csp_core::Model::all_different_sum) (domain
/// consistent: the cage's digit combinations meet its cells' candidates),
/// plus the cages the houses imply (the "45 rule", see `killer.rs`).
///
/// Build it once per board shape or variant, then solve any number of
/// puzzles with [`solver`](Self::solver): the givens are passed to the
/// engine as assumptions, so nothing is rebuilt between puzzles.
///
/// ```
/// use sudoku::{Board, Shape, SudokuModel, Variant};
/// let model = SudokuModel::new(Variant::classic(Shape::CLASSIC))?;
/// let mut solver = model.solver();
/// for line in [
///     "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
/// ] {
///     let puzzle: Board = line.parse()?;
///     let solution = solver.solve(&puzzle)?.into_board().expect("solvable");
///     assert!(model.variant().is_solution_of(&solution, &puzzle));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SudokuModel {
    variant: Variant,
    model: Model,
    cells: Vec<VarId>,
    origins: Vec<Origin>,
    /// The board geometry of the whole-grid techniques (logic models only).
    geometry: Option<Arc<Geometry>>,
    /// The one propagator of all the houses (the solver's model), whose
    /// groups then have no AllDifferent of their own.
    houses: Option<ConstraintId>,
    /// Per group, its AllDifferent, if it has one (empty when none has).
    group_constraints: Vec<Option<ConstraintId>>,
}

impl SudokuModel {
    /// The model of these rules, for solving and counting: the houses
    /// (rows, columns, boxes or regions, diagonals) share one propagator of
    /// naked and hidden singles over the whole board, the cages keep an
    /// AllDifferent each (see [`houses_constraint`](Self::houses_constraint)).
    pub fn new(variant: Variant) -> Result<SudokuModel, SudokuError> {
        SudokuModel::build(variant, None)
    }

    /// The model with every group's AllDifferent propagated at `strength`
    /// instead of csp-core's default (for measuring the engine).
    pub fn with_strength(variant: Variant, strength: Strength) -> Result<SudokuModel, SudokuError> {
        SudokuModel::build(variant, Some(strength))
    }

    /// The model with the human solving techniques added as constraints
    /// (for grading, explanations and hints): propagation alone then
    /// applies singles, locked candidates, subsets, fish, wings, chains and
    /// forcing chains, easiest first.
    pub(crate) fn with_techniques(
        variant: Variant,
        options: techniques::Options,
    ) -> Result<SudokuModel, SudokuError> {
        let mut m = SudokuModel::build(variant, Some(Strength::HiddenSingles))?;
        let geo = techniques::add_all(&mut m.model, &m.variant, &m.cells, &mut m.origins, options)?;
        m.geometry = Some(geo);
        Ok(m)
    }

    /// The geometry of the whole-grid techniques (logic models only).
    pub(crate) fn geometry(&self) -> Option<&Geometry> {
        self.geometry.as_deref()
    }

    fn build(variant: Variant, strength: Option<Strength>) -> Result<SudokuModel, SudokuError> {
        let n = variant.size();
        let mut model = Model::new();
        let cells = Grid::new(&mut model, n, n, 1..=n as Value)?.into_cells();
        let var = |c: Cell| cells[c.row * n + c.col];
        let mut origins = Vec::new();
        // Filled in when a group gets an AllDifferent of its own (none does
        // in the solver's model of a classic, X or jigsaw puzzle).
        let mut group_constraints = Vec::new();
        // The solver's model (no strength asked for): one propagator for all
        // the houses, AllDifferent for the cages only.
        let is_house =
            |g: &crate::rules::Group| g.is_house(n) && !matches!(g.kind(), GroupKind::Cage(_));
        let mut houses = None;
        if strength.is_none() {
            if let Some(h) = variant
                .house_tables()
                .and_then(|t| Houses::with_tables(cells.clone(), t))
            {
                // Exact on a full grid: the engine need not check it again.
                // Its origin (`Pattern`, see `origin`) is written only
                // when another constraint's follows: a classic model has
                // none, and no vector.
                let id = model.add_exact(h)?;
                debug_assert_eq!(id.index(), 0);
                houses = Some(id);
            }
        }
        for (g, group) in variant.groups().iter().enumerate() {
            if houses.is_some() && is_house(group) {
                continue;
            }
            if houses.is_some() && origins.is_empty() {
                origins.push(Origin::Pattern);
            }
            let vars: Vec<VarId> = group.cells().iter().map(|&c| var(c)).collect();
            let id = match strength {
                Some(s) => model.all_different_with(&vars, s)?,
                None => model.all_different(&vars)?,
            };
            debug_assert_eq!(id.index(), origins.len());
            origins.push(Origin::Group(g as u32));
            if group_constraints.is_empty() {
                group_constraints = vec![None; variant.groups().len()];
            }
            group_constraints[g] = Some(id);
        }
        if houses.is_some() && origins.is_empty() && !variant.cages().is_empty() {
            origins.push(Origin::Pattern);
        }
        crate::killer::post_cages(&mut model, &variant, var, &mut origins)?;
        Ok(SudokuModel {
            variant,
            model,
            cells,
            origins,
            geometry: None,
            houses,
            group_constraints,
        })
    }

    /// The csp-core model and the cells' variables (row-major), for callers
    /// that drive csp-core themselves.
    pub fn into_parts(self) -> (Model, Vec<VarId>) {
        (self.model, self.cells)
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The csp-core model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The variable of each cell, row-major.
    pub fn cell_vars(&self) -> &[VarId] {
        &self.cells
    }

    /// The variable of (row, col), if on the board.
    pub fn var(&self, row: usize, col: usize) -> Option<VarId> {
        let n = self.variant.size();
        (row < n && col < n).then(|| self.cells[row * n + col])
    }

    /// The cell of a variable of this model.
    pub fn cell_of(&self, var: VarId) -> Option<Cell> {
        let n = self.variant.size();
        let first = self.cells.first()?.index();
        let i = var.index().checked_sub(first)?;
        (i < n * n).then(|| Cell::new(i / n, i % n))
    }

    /// The group a constraint stands for ("row 4", "box 6"), if it is one
    /// of the groups' AllDifferent constraints.
    pub fn group_of(&self, id: ConstraintId) -> Option<GroupKind> {
        match self.origins.get(id.index())? {
            // An implied killer cage has the origin of its house but is not
            // the group's AllDifferent.
            Origin::Group(g) if self.is_group_constraint(*g, id) => {
                Some(self.variant.groups()[*g as usize].kind())
            }
            _ => None,
        }
    }

    /// Whether `id` is the AllDifferent of group `g`.
    fn is_group_constraint(&self, g: u32, id: ConstraintId) -> bool {
        self.group_constraints.get(g as usize) == Some(&Some(id))
    }

    /// The one propagator of all the houses (naked and hidden singles over
    /// rows, columns, boxes or regions and diagonals), if this model has
    /// one: the model of [`SudokuModel::new`] does, in place of the houses'
    /// AllDifferent (the cages keep theirs); the models of
    /// [`SudokuModel::with_strength`] do not.
    pub fn houses_constraint(&self) -> Option<ConstraintId> {
        self.houses
    }

    /// What a constraint stands for, for messages: "row 4", "box 6",
    /// "cage 2", "box 1 and row 2" (locked candidates), "rows and columns"
    /// (fish).
    pub fn describe(&self, id: ConstraintId) -> String {
        let groups = self.variant.groups();
        if self.houses == Some(id) {
            return "the houses".to_owned();
        }
        match self.origins.get(id.index()) {
            Some(Origin::Group(g)) if self.is_group_constraint(*g, id) => {
                groups[*g as usize].kind().to_string()
            }
            Some(Origin::Group(g)) => format!("{} (innies)", groups[*g as usize].kind()),
            Some(Origin::Cage(k)) => GroupKind::Cage(*k as usize).to_string(),
            Some(Origin::Intersection(a, b)) => {
                format!(
                    "{} and {}",
                    groups[*a as usize].kind(),
                    groups[*b as usize].kind()
                )
            }
            Some(Origin::Subset(g, _)) => groups[*g as usize].kind().to_string(),
            Some(Origin::Fish) => "rows and columns".to_owned(),
            Some(Origin::Pattern) => "the grid".to_owned(),
            None => id.to_string(),
        }
    }

    /// The house whose own AllDifferent constraint `id` is ("row 4" for
    /// the hidden singles it finds), if it is one.
    pub(crate) fn house_of(&self, id: ConstraintId) -> Option<GroupKind> {
        match self.origins.get(id.index()) {
            Some(Origin::Group(g)) if self.is_group_constraint(*g, id) => self
                .variant
                .groups()
                .get(*g as usize)
                .map(|group| group.kind()),
            _ => None,
        }
    }

    pub(crate) fn origin(&self, id: ConstraintId) -> Option<Origin> {
        match self.origins.get(id.index()) {
            Some(&o) => Some(o),
            // The houses alone: their origin is not stored (see `build`).
            None if self.houses == Some(id) => Some(Origin::Pattern),
            None => None,
        }
    }

    /// A solver over this model with the default search options.
    pub fn solver(&self) -> SudokuSolver<'_> {
        SudokuSolver::new(self)
    }

    /// A solver over this model with the given search options (limits,
    /// value order, trace).
    pub fn solver_with(&self, options: SearchOptions) -> SudokuSolver<'_> {
        SudokuSolver::with_options(self, options)
    }

    pub(crate) fn to_board(&self, solution: &Solution) -> Board {
        let mut board = Board::empty(self.variant.shape());
        for (slot, &var) in board.cells_mut().iter_mut().zip(&self.cells) {
            *slot = solution.value(var) as u8;
        }
        board
    }
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// A solution.
    Solved(Board),
    /// There is no solution (proved).
    NoSolution,
    /// A search limit stopped the search first.
    Stopped(StopReason),
}

impl Outcome {
    /// The solution, if any.
    pub fn board(&self) -> Option<&Board> {
        match self {
            Outcome::Solved(b) => Some(b),
            _ => None,
        }
    }

    /// The solution, if any.
    pub fn into_board(self) -> Option<Board> {
        match self {
            Outcome::Solved(b) => Some(b),
            _ => None,
        }
    }
}

/// Whether a puzzle has no solution, exactly one, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Uniqueness {
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique(Board),
    /// At least two; here are two that differ.
    Multiple(Board, Board),
    /// A search limit stopped the search before the answer was known.
    Unknown {
        /// The solution found so far, if any.
        found: Option<Board>,
        /// What stopped the search.
        reason: StopReason,
    },
}

impl Uniqueness {
    /// Whether there is exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }
}

/// Solves puzzles of one [`SudokuModel`], reusing the engine's state from
/// puzzle to puzzle.
///
/// Every method first checks the board: a board of another size is a
/// [`SudokuError::ShapeMismatch`]. Givens that already repeat a value in a
/// group are a [`SudokuError::Clash`] naming the cells (such givens have
/// no solution, so the groups are scanned for clashes only when the search
/// finds none: solved puzzles do not pay for the scan). Search limits come
/// from the csp-core [`SearchOptions`].
#[derive(Debug)]
pub struct SudokuSolver<'m> {
    model: &'m SudokuModel,
    solver: Solver<'m>,
    givens: Vec<(VarId, Value)>,
}

impl<'m> SudokuSolver<'m> {
    /// A solver with [`SudokuSolver::default_options`].
    pub fn new(model: &'m SudokuModel) -> Self {
        SudokuSolver::with_options(model, SudokuSolver::default_options())
    }

    /// The search options this crate uses unless told otherwise: csp-core's
    /// defaults with the dom/wdeg variable order
    /// ([`VariableOrder::DomWdeg`]). The houses' propagator blames each
    /// failure on the house that failed, so dom/wdeg learns the hard houses
    /// as with one AllDifferent per house: on forum_hardest_1106 it needs
    /// 66 decisions per puzzle against MRV's 124 (top1465: 9.2 against
    /// 12.8; see `docs/performance.md`). Start from these when adding
    /// limits.
    pub fn default_options() -> SearchOptions {
        SearchOptions::default().with_variable_order(VariableOrder::DomWdeg)
    }

    /// A solver with the given options.
    pub fn with_options(model: &'m SudokuModel, options: SearchOptions) -> Self {
        SudokuSolver {
            model,
            solver: Solver::with_options(&model.model, options),
            givens: Vec::with_capacity(model.cells.len()),
        }
    }

    /// The model.
    pub fn model(&self) -> &'m SudokuModel {
        self.model
    }

    /// Replaces the search options (limits, value order, trace) from the
    /// next run on.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.solver.set_options(options);
    }

    /// The search options in force.
    pub fn options(&self) -> &SearchOptions {
        self.solver.options()
    }

    /// Statistics of the last run.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// The underlying csp-core solver (its trace, domains, ...).
    pub fn engine(&mut self) -> &mut Solver<'m> {
        &mut self.solver
    }

    /// Checks the board and hands its filled cells to the engine as
    /// assumptions.
    pub(crate) fn load(&mut self, board: &Board) -> Result<(), SudokuError> {
        self.model.variant.check_board(board)?;
        Self::check_clashes(&self.model.variant, board)?;
        self.assume(board)
    }

    /// The clashes of the givens as an error, if any.
    fn check_clashes(variant: &Variant, board: &Board) -> Result<(), SudokuError> {
        let clashes = variant.clashes(board);
        if clashes.is_empty() {
            Ok(())
        } else {
            Err(SudokuError::Clash(clashes))
        }
    }

    /// [`load`](Self::load) without the clash check, for the searches that
    /// look for clashes only when they find no solution: a solution holds
    /// the givens and each group's digits once, so givens that clash have
    /// none, and the check (a scan of every group) is paid only by the
    /// puzzles without a solution.
    fn load_unchecked(&mut self, board: &Board) -> Result<(), SudokuError> {
        self.model.variant.check_board(board)?;
        self.assume(board)
    }

    /// Hands the board's filled cells to the engine as assumptions.
    fn assume(&mut self, board: &Board) -> Result<(), SudokuError> {
        self.givens.clear();
        for (&var, &v) in self.model.cells.iter().zip(board.values()) {
            if v != 0 {
                self.givens.push((var, Value::from(v)));
            }
        }
        self.solver.set_assumptions(&self.givens)?;
        Ok(())
    }

    /// The first solution.
    pub fn solve(&mut self, board: &Board) -> Result<Outcome, SudokuError> {
        self.load_unchecked(board)?;
        let outcome = match self.solver.solve() {
            csp_core::SolveOutcome::Solved(s) => {
                return Ok(Outcome::Solved(self.model.to_board(&s)));
            }
            csp_core::SolveOutcome::Unsatisfiable => Outcome::NoSolution,
            csp_core::SolveOutcome::Stopped(r) => Outcome::Stopped(r),
        };
        Self::check_clashes(&self.model.variant, board)?;
        Ok(outcome)
    }

    /// Counts solutions up to `limit` (all if `None`); the status says
    /// whether the count is exact.
    pub fn count(&mut self, board: &Board, limit: Option<u64>) -> Result<Count, SudokuError> {
        self.load_unchecked(board)?;
        let count = self.solver.count(limit);
        if count.count == 0 {
            Self::check_clashes(&self.model.variant, board)?;
        }
        Ok(count)
    }

    /// None, one or several solutions.
    pub fn uniqueness(&mut self, board: &Board) -> Result<Uniqueness, SudokuError> {
        self.load_unchecked(board)?;
        let m = self.model;
        let found = self.solver.uniqueness();
        if matches!(
            found,
            csp_core::Uniqueness::NoSolution | csp_core::Uniqueness::Unknown { found: None, .. }
        ) {
            Self::check_clashes(&m.variant, board)?;
        }
        Ok(match found {
            csp_core::Uniqueness::NoSolution => Uniqueness::NoSolution,
            csp_core::Uniqueness::Unique(s) => Uniqueness::Unique(m.to_board(&s)),
            csp_core::Uniqueness::Multiple(a, b) => {
                Uniqueness::Multiple(m.to_board(&a), m.to_board(&b))
            }
            csp_core::Uniqueness::Unknown { found, reason } => Uniqueness::Unknown {
                found: found.map(|s| m.to_board(&s)),
                reason,
            },
        })
    }

    /// Whether the puzzle has exactly one solution (`Err(Stopped)` if a
    /// limit cut the search short).
    pub fn is_unique(&mut self, board: &Board) -> Result<bool, SudokuError> {
        self.load_unchecked(board)?;
        let c = self.solver.count(Some(2));
        if c.count == 0 {
            Self::check_clashes(&self.model.variant, board)?;
        }
        match c.count {
            2 => Ok(false),
            n if c.status.is_complete() => Ok(n == 1),
            _ => match c.status {
                csp_core::SearchStatus::Stopped(r) => Err(SudokuError::Stopped(r)),
                csp_core::SearchStatus::Complete => Ok(c.count == 1),
            },
        }
    }
}

impl Variant {
    /// Solves `board` under these rules (builds a model and a solver; to
    /// solve many puzzles, build a [`SudokuModel`] once instead).
    pub fn solve(&self, board: &Board) -> Result<Outcome, SudokuError> {
        SudokuModel::new(self.clone())?.solver().solve(board)
    }

    /// Counts the solutions of `board` up to `limit`.
    pub fn count_solutions(&self, board: &Board, limit: Option<u64>) -> Result<Count, SudokuError> {
        SudokuModel::new(self.clone())?.solver().count(board, limit)
    }

    /// None, one or several solutions of `board`.
    pub fn uniqueness(&self, board: &Board) -> Result<Uniqueness, SudokuError> {
        SudokuModel::new(self.clone())?.solver().uniqueness(board)
    }
}

impl Board {
    /// Solves this board under the classic rules.
    ///
    /// ```
    /// use sudoku::Board;
    /// let puzzle: Board = "530070000600195000098000060800060003400803001700020006060000280000419005000080079".parse()?;
    /// let solution = puzzle.solve()?.into_board().expect("solvable");
    /// assert!(solution.is_solved());
    /// assert_eq!(&solution.to_line()[..9], "534678912");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self) -> Result<Outcome, SudokuError> {
        self.rules().solve(self)
    }

    /// Counts the solutions under the classic rules, up to `limit`.
    pub fn count_solutions(&self, limit: Option<u64>) -> Result<Count, SudokuError> {
        self.rules().count_solutions(self, limit)
    }

    /// None, one or several solutions under the classic rules.
    pub fn uniqueness(&self) -> Result<Uniqueness, SudokuError> {
        self.rules().uniqueness(self)
    }
}
