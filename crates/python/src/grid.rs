//! Grids of variables, graphs, automata and loop lattices: the helpers a
//! grid puzzle's model is written with.

use crate::errors::{model_error, model_error_text};
use crate::model::Model;
use crate::solver::Solution;
use crate::var::{Var, domain_of, type_name};
use csp_core::grid::Neighbourhood;
use csp_core::{Value, VarId};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A neighbourhood by name.
fn hood(name: &str) -> PyResult<Neighbourhood> {
    Ok(match name {
        "orthogonal" => Neighbourhood::Orthogonal,
        "diagonal" => Neighbourhood::Diagonal,
        "king" => Neighbourhood::King,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown neighbourhood {name:?}: use orthogonal, diagonal or king"
            )));
        }
    })
}

/// A mask: one bool per cell row by row, or one list of bools per row.
fn mask_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<bool>> {
    let mut mask = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        match item.extract::<bool>() {
            Ok(b) => mask.push(b),
            Err(_) => {
                for b in item.try_iter().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a mask holds bools (or lists of bools), not {}",
                        type_name(&item)
                    ))
                })? {
                    mask.push(b?.extract::<bool>()?);
                }
            }
        }
    }
    Ok(mask)
}

/// A rectangle of variables, some positions possibly without one (a
/// mask's holes): rows, columns, boxes, regions, cages, neighbours, runs
/// and windows, each as a list of variables. `grid[r, c]` is the cell at
/// row `r`, column `c` (from 0; `None` at a hole), `grid[r]` row `r`.
#[pyclass(frozen, module = "gridcsp", name = "Grid")]
pub(crate) struct Grid {
    pub(crate) grid: csp_core::Grid,
    serial: u64,
}

impl Grid {
    /// `Grid(model, rows, cols, domain, mask)`.
    pub(crate) fn make(
        model: &Bound<'_, Model>,
        rows: usize,
        cols: usize,
        domain: &Bound<'_, PyAny>,
        mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Grid> {
        let py = model.py();
        let domain = domain_of(domain)?;
        let mask = mask.map(mask_of).transpose()?;
        let mut m = model.borrow_mut();
        let serial = m.serial;
        let core = m.core(py)?;
        let grid = match mask {
            None => csp_core::Grid::new(core, rows, cols, domain),
            Some(mask) => csp_core::Grid::with_mask(core, rows, cols, domain, &mask),
        }
        .map_err(|e| model_error(py, &e))?;
        Ok(Grid { grid, serial })
    }

    fn var(&self, id: VarId) -> Var {
        Var::new(id, self.serial)
    }

    fn list(&self, ids: &[VarId]) -> Vec<Var> {
        ids.iter().map(|&id| self.var(id)).collect()
    }

    fn lists(&self, groups: impl IntoIterator<Item = Vec<VarId>>) -> Vec<Vec<Var>> {
        groups.into_iter().map(|g| self.list(&g)).collect()
    }

    /// The grid's values in `solution`, a list per row, `None` at holes.
    pub(crate) fn values_in(&self, solution: &Solution) -> PyResult<Vec<Vec<Option<Value>>>> {
        solution.check_model(self.serial)?;
        Ok((0..self.grid.num_rows())
            .map(|r| {
                (0..self.grid.num_cols())
                    .map(|c| self.grid.get(r, c).map(|v| solution.inner.value(v)))
                    .collect()
            })
            .collect())
    }

    /// Every cell, row by row.
    pub(crate) fn all_vars(&self) -> Vec<Var> {
        self.list(self.grid.cells())
    }

    fn check(&self, row: usize, col: usize) -> PyResult<()> {
        if row < self.grid.num_rows() && col < self.grid.num_cols() {
            Ok(())
        } else {
            Err(PyIndexError::new_err(format!(
                "({row}, {col}) is outside the {}x{} grid",
                self.grid.num_rows(),
                self.grid.num_cols()
            )))
        }
    }

    /// Row `row` by position: a variable or `None` per column.
    fn positions(&self, row: usize) -> Vec<Option<Var>> {
        (0..self.grid.num_cols())
            .map(|c| self.grid.get(row, c).map(|id| self.var(id)))
            .collect()
    }
}

#[pymethods]
impl Grid {
    /// Adds `rows x cols` variables over `domain` to `model` (cells named
    /// `r1c1`, ...). With `mask` (one bool per cell, or a list of bools
    /// per row), only the cells marked `True` get a variable.
    #[new]
    #[pyo3(signature = (model, rows, cols, domain, mask=None))]
    fn py_new(
        model: &Bound<'_, Model>,
        rows: usize,
        cols: usize,
        domain: &Bound<'_, PyAny>,
        mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Grid> {
        Grid::make(model, rows, cols, domain, mask)
    }

    /// Rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.grid.num_rows()
    }

    /// Columns.
    #[getter]
    fn num_cols(&self) -> usize {
        self.grid.num_cols()
    }

    /// Every cell, row by row (holes left out).
    fn cells(&self) -> Vec<Var> {
        self.all_vars()
    }

    /// The cell at `(row, col)`, or `None` at a hole or outside.
    fn get(&self, row: usize, col: usize) -> Option<Var> {
        self.grid.get(row, col).map(|id| self.var(id))
    }

    /// The cell at `(row, col)`; a `ModelError` at a hole or outside.
    fn cell(&self, py: Python<'_>, row: usize, col: usize) -> PyResult<Var> {
        self.grid
            .cell(row, col)
            .map(|id| self.var(id))
            .map_err(|e| model_error_text(py, e.to_string()))
    }

    /// Whether `(row, col)` has a variable.
    fn is_present(&self, row: usize, col: usize) -> bool {
        self.grid.is_present(row, col)
    }

    /// The `(row, col)` of `var`, or `None` if it is not a cell here.
    fn position(&self, var: Var) -> Option<(usize, usize)> {
        self.grid.position(var.id)
    }

    /// The cells of row `row`, left to right (holes left out).
    fn row(&self, row: usize) -> PyResult<Vec<Var>> {
        self.check(row, 0)?;
        Ok(self.list(self.grid.row(row)))
    }

    /// The cells of column `col`, top to bottom (holes left out).
    fn column(&self, col: usize) -> PyResult<Vec<Var>> {
        self.check(0, col)?;
        Ok(self.list(&self.grid.column(col)))
    }

    /// Every row.
    fn rows(&self) -> Vec<Vec<Var>> {
        self.lists(self.grid.rows())
    }

    /// Every column.
    fn columns(&self) -> Vec<Vec<Var>> {
        self.lists(self.grid.columns())
    }

    /// Every row, then every column.
    fn lines(&self) -> Vec<Vec<Var>> {
        self.lists(self.grid.lines())
    }

    /// The `box_rows x box_cols` boxes, row by row (they must tile the grid).
    fn boxes(&self, py: Python<'_>, box_rows: usize, box_cols: usize) -> PyResult<Vec<Vec<Var>>> {
        let boxes = self
            .grid
            .boxes(box_rows, box_cols)
            .map_err(|e| model_error_text(py, e.to_string()))?;
        Ok(self.lists(boxes))
    }

    /// Irregular regions: `labels[i]` is the region of the `i`-th cell.
    /// Regions come out in order of first appearance.
    fn regions(&self, py: Python<'_>, labels: Vec<usize>) -> PyResult<Vec<Vec<Var>>> {
        let regions = self
            .grid
            .regions(&labels)
            .map_err(|e| model_error_text(py, e.to_string()))?;
        Ok(self.lists(regions))
    }

    /// Regions or cages drawn as a character map (one character per cell,
    /// whitespace ignored; `.` is in no group): `(char, cells)` pairs in
    /// order of first appearance.
    fn regions_from_map(&self, py: Python<'_>, map: &str) -> PyResult<Vec<(char, Vec<Var>)>> {
        let groups = self
            .grid
            .regions_from_map(map)
            .map_err(|e| model_error_text(py, e.to_string()))?;
        Ok(groups
            .into_iter()
            .map(|(c, g)| (c, self.list(&g)))
            .collect())
    }

    /// Givens as text, one character per cell (whitespace ignored): `1`-`9`,
    /// `A`-`Z` for 10 to 35, and `.`, `0`, `_` or `-` for an empty cell.
    /// The `(cell, value)` pairs, for `Model.fix` or `Solver.set_assumptions`.
    fn parse_givens(&self, py: Python<'_>, text: &str) -> PyResult<Vec<(Var, Value)>> {
        let givens = self
            .grid
            .parse_givens(text)
            .map_err(|e| model_error_text(py, e.to_string()))?;
        Ok(givens.into_iter().map(|(v, x)| (self.var(v), x)).collect())
    }

    /// The cells at the `(row, col)` positions (a cage, a thermometer).
    fn group(&self, py: Python<'_>, positions: Vec<(usize, usize)>) -> PyResult<Vec<Var>> {
        let g = self
            .grid
            .group(&positions)
            .map_err(|e| model_error_text(py, e.to_string()))?;
        Ok(self.list(&g))
    }

    /// The main diagonal, top-left to bottom-right.
    fn diagonal(&self) -> Vec<Var> {
        self.list(&self.grid.diagonal())
    }

    /// The anti-diagonal, top-right to bottom-left.
    fn anti_diagonal(&self) -> Vec<Var> {
        self.list(&self.grid.anti_diagonal())
    }

    /// The neighbours of `(row, col)`, clockwise, where present:
    /// `hood` is `"orthogonal"` (the default), `"diagonal"` or `"king"`.
    #[pyo3(signature = (row, col, hood="orthogonal"))]
    fn neighbours(&self, row: usize, col: usize, hood: &str) -> PyResult<Vec<Var>> {
        self.check(row, col)?;
        Ok(self.list(&self.grid.neighbours_in(row, col, self::hood(hood)?)))
    }

    /// Every pair of neighbouring cells, once.
    #[pyo3(signature = (hood="orthogonal"))]
    fn adjacent_pairs(&self, hood: &str) -> PyResult<Vec<(Var, Var)>> {
        let pairs = self.grid.adjacent_pairs_in(self::hood(hood)?);
        Ok(pairs
            .into_iter()
            .map(|(a, b)| (self.var(a), self.var(b)))
            .collect())
    }

    /// Every `height x width` window of cells (all present), row by row.
    fn windows(&self, height: usize, width: usize) -> Vec<Vec<Var>> {
        self.lists(self.grid.windows(height, width))
    }

    /// The maximal runs of present cells along rows and columns, at least
    /// `min_len` long (Kakuro's runs): `Run`s with `direction`
    /// (`"across"` or `"down"`), `start` `(row, col)` and `cells`.
    #[pyo3(signature = (min_len=2))]
    fn runs(&self, min_len: usize) -> Vec<Run> {
        self.grid
            .runs(min_len)
            .into_iter()
            .map(|r| Run {
                direction: match r.direction {
                    csp_core::Direction::Across => "across",
                    csp_core::Direction::Down => "down",
                },
                start: r.start,
                cells: self.list(&r.cells),
            })
            .collect()
    }

    /// Whether `cells` form one orthogonally connected set.
    fn is_connected(&self, cells: &Bound<'_, PyAny>) -> PyResult<bool> {
        let ids: Vec<VarId> = crate::var::vars_of(cells)?
            .into_iter()
            .map(|v| v.id)
            .collect();
        Ok(self.grid.is_connected(&ids))
    }

    /// The grid's values in `solution`: a list per row, `None` at holes.
    fn values(&self, solution: &Solution) -> PyResult<Vec<Vec<Option<Value>>>> {
        self.values_in(solution)
    }

    /// The grid's values in `solution` as text, one line per row.
    fn render(&self, solution: &Solution) -> PyResult<String> {
        solution.check_model(self.serial)?;
        Ok(self.grid.render(&solution.inner))
    }

    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = key.py();
        if let Ok((r, c)) = key.extract::<(usize, usize)>() {
            self.check(r, c)?;
            return Ok(self.get(r, c).into_pyobject(py)?.unbind());
        }
        match key.extract::<usize>() {
            Ok(r) => {
                self.check(r, 0)?;
                Ok(self.positions(r).into_pyobject(py)?.unbind())
            }
            Err(_) => Err(PyTypeError::new_err(
                "index a grid with grid[row, col] or grid[row]",
            )),
        }
    }

    fn __len__(&self) -> usize {
        self.grid.num_rows()
    }

    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let g = slf.get();
        let rows: Vec<Vec<Option<Var>>> = (0..g.grid.num_rows()).map(|r| g.positions(r)).collect();
        Ok(rows
            .into_pyobject(slf.py())?
            .try_iter()?
            .into_any()
            .unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridcsp.Grid {}x{}, {} cells>",
            self.grid.num_rows(),
            self.grid.num_cols(),
            self.grid.cells().len()
        )
    }
}

/// A maximal run of present cells along a row or a column.
#[pyclass(frozen, module = "gridcsp", name = "Run")]
pub(crate) struct Run {
    /// `"across"` (along a row) or `"down"` (along a column).
    #[pyo3(get)]
    direction: &'static str,
    /// The `(row, col)` of its first cell.
    #[pyo3(get)]
    start: (usize, usize),
    /// Its cells, in order.
    #[pyo3(get)]
    cells: Vec<Var>,
}

#[pymethods]
impl Run {
    fn __len__(&self) -> usize {
        self.cells.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Run({}, start={:?}, {} cells)",
            self.direction,
            self.start,
            self.cells.len()
        )
    }
}

/// An undirected graph on vertices `0..n`, for `Model.connected` and
/// `Model.single_loop`: `Graph(n, edges)` with edges as `(a, b)` pairs,
/// `Graph.grid(rows, cols)` or `Graph.from_grid(grid, hood)`.
#[pyclass(frozen, module = "gridcsp", name = "Graph")]
pub(crate) struct Graph {
    pub(crate) graph: csp_core::Graph,
}

#[pymethods]
impl Graph {
    /// `num_vertices` vertices and the `edges` `(a, b)` (no loops, no
    /// repeated edge).
    #[new]
    fn new(py: Python<'_>, num_vertices: usize, edges: Vec<(usize, usize)>) -> PyResult<Graph> {
        csp_core::Graph::new(num_vertices, &edges)
            .map(|graph| Graph { graph })
            .map_err(|e| model_error(py, &e))
    }

    /// The `rows x cols` lattice: vertex `r * cols + c`, edges between
    /// orthogonal neighbours.
    #[staticmethod]
    fn grid(py: Python<'_>, rows: usize, cols: usize) -> PyResult<Graph> {
        csp_core::Graph::grid(rows, cols)
            .map(|graph| Graph { graph })
            .map_err(|e| model_error(py, &e))
    }

    /// The graph of `grid`'s cells (vertex `i` is its `i`-th cell) with an
    /// edge between neighbours in `hood` (`"orthogonal"`, `"diagonal"`,
    /// `"king"`).
    #[staticmethod]
    #[pyo3(signature = (grid, hood="orthogonal"))]
    fn from_grid(grid: &Grid, hood: &str) -> PyResult<Graph> {
        Ok(Graph {
            graph: csp_core::Graph::from_grid(&grid.grid, self::hood(hood)?),
        })
    }

    /// Vertices.
    #[getter]
    fn num_vertices(&self) -> usize {
        self.graph.num_vertices()
    }

    /// Edges.
    #[getter]
    fn num_edges(&self) -> usize {
        self.graph.num_edges()
    }

    /// The edges `(a, b)`, in order (edge `i` is the `i`-th).
    fn edges(&self) -> Vec<(usize, usize)> {
        self.graph.edges().collect()
    }

    /// The neighbours of vertex `v`.
    fn neighbours(&self, v: usize) -> PyResult<Vec<usize>> {
        self.vertex(v)?;
        Ok(self.graph.neighbours(v).collect())
    }

    /// The number of edges at vertex `v`.
    fn degree(&self, v: usize) -> PyResult<usize> {
        self.vertex(v)?;
        Ok(self.graph.degree(v))
    }

    fn __repr__(&self) -> String {
        format!(
            "<gridcsp.Graph: {} vertices, {} edges>",
            self.graph.num_vertices(),
            self.graph.num_edges()
        )
    }
}

impl Graph {
    fn vertex(&self, v: usize) -> PyResult<()> {
        if v < self.graph.num_vertices() {
            Ok(())
        } else {
            Err(PyIndexError::new_err(format!(
                "no vertex {v}: the graph has {}",
                self.graph.num_vertices()
            )))
        }
    }
}

/// A deterministic finite automaton over values, for `Model.regular`:
/// `Dfa(states, start, accepting, transitions)` with transitions
/// `(from, value, to)`, or `Dfa.nonogram(runs)`.
#[pyclass(frozen, module = "gridcsp", name = "Dfa")]
pub(crate) struct Dfa {
    pub(crate) dfa: csp_core::Dfa,
}

#[pymethods]
impl Dfa {
    /// States `0..states`, the `start` state, the `accepting` states and
    /// the transitions `(from, value, to)` (at most one per state and value).
    #[new]
    fn new(
        py: Python<'_>,
        states: usize,
        start: usize,
        accepting: Vec<usize>,
        transitions: Vec<(usize, Value, usize)>,
    ) -> PyResult<Dfa> {
        csp_core::Dfa::new(states, start, &accepting, &transitions)
            .map(|dfa| Dfa { dfa })
            .map_err(|e| model_error(py, &e))
    }

    /// The words of 0s and 1s with runs of 1s of the lengths `runs`, in
    /// order (a Nonogram clue).
    #[staticmethod]
    fn nonogram(py: Python<'_>, runs: Vec<usize>) -> PyResult<Dfa> {
        csp_core::Dfa::nonogram(&runs)
            .map(|dfa| Dfa { dfa })
            .map_err(|e| model_error(py, &e))
    }

    /// States.
    #[getter]
    fn num_states(&self) -> usize {
        self.dfa.num_states()
    }

    /// The start state.
    #[getter]
    fn start(&self) -> usize {
        self.dfa.start()
    }

    /// Whether `state` is accepting.
    fn is_accepting(&self, state: usize) -> bool {
        self.dfa.is_accepting(state)
    }

    /// The state after reading `value` in `state`, if any.
    fn next(&self, state: usize, value: Value) -> Option<usize> {
        self.dfa.next(state, value)
    }

    /// Whether the automaton accepts `word`.
    fn accepts(&self, word: Vec<Value>) -> bool {
        self.dfa.accepts(&word)
    }

    fn __repr__(&self) -> String {
        format!("<gridcsp.Dfa: {} states>", self.dfa.num_states())
    }
}

/// A lattice of points with a 0/1 variable per edge between orthogonal
/// neighbours, for loop puzzles: `LoopLattice.around_cells(model, rows,
/// cols)` (Slitherlink: the loop runs along cell sides) or
/// `LoopLattice.through_cells(model, rows, cols)` (Masyu: from cell
/// centre to cell centre). Post `model.single_loop(lattice.edges(),
/// lattice.graph())`.
#[pyclass(frozen, module = "gridcsp", name = "LoopLattice")]
pub(crate) struct LoopLattice {
    lattice: csp_core::LoopLattice,
    serial: u64,
}

impl LoopLattice {
    fn make(
        model: &Bound<'_, Model>,
        build: impl FnOnce(&mut csp_core::Model) -> Result<csp_core::LoopLattice, csp_core::ModelError>,
    ) -> PyResult<LoopLattice> {
        let py = model.py();
        let mut m = model.borrow_mut();
        let serial = m.serial;
        let lattice = build(m.core(py)?).map_err(|e| model_error(py, &e))?;
        Ok(LoopLattice { lattice, serial })
    }

    fn var(&self, id: VarId) -> Var {
        Var::new(id, self.serial)
    }
}

#[pymethods]
impl LoopLattice {
    /// The lattice of `point_rows x point_cols` points, with a new 0/1
    /// variable per edge, added to `model`.
    #[new]
    fn new(
        model: &Bound<'_, Model>,
        point_rows: usize,
        point_cols: usize,
    ) -> PyResult<LoopLattice> {
        LoopLattice::make(model, |m| {
            csp_core::LoopLattice::new(m, point_rows, point_cols)
        })
    }

    /// The `(rows + 1) x (cols + 1)` points around `rows x cols` cells.
    #[staticmethod]
    fn around_cells(model: &Bound<'_, Model>, rows: usize, cols: usize) -> PyResult<LoopLattice> {
        LoopLattice::make(model, |m| {
            csp_core::LoopLattice::around_cells(m, rows, cols)
        })
    }

    /// One point per cell of `rows x cols` cells.
    #[staticmethod]
    fn through_cells(model: &Bound<'_, Model>, rows: usize, cols: usize) -> PyResult<LoopLattice> {
        LoopLattice::make(model, |m| {
            csp_core::LoopLattice::through_cells(m, rows, cols)
        })
    }

    /// Rows of points.
    #[getter]
    fn point_rows(&self) -> usize {
        self.lattice.point_rows()
    }

    /// Columns of points.
    #[getter]
    fn point_cols(&self) -> usize {
        self.lattice.point_cols()
    }

    /// Every edge variable, in the graph's edge order.
    fn edges(&self) -> Vec<Var> {
        self.lattice
            .edges()
            .iter()
            .map(|&id| self.var(id))
            .collect()
    }

    /// The lattice as a graph (vertex `r * point_cols + c` for point `(r, c)`).
    fn graph(&self) -> Graph {
        Graph {
            graph: self.lattice.graph().clone(),
        }
    }

    /// The vertex number of point `(r, c)`, if it is in the lattice.
    fn point(&self, r: usize, c: usize) -> Option<usize> {
        self.lattice.point(r, c)
    }

    /// The edge from point `(r, c)` to `(r, c + 1)`.
    fn horizontal(&self, r: usize, c: usize) -> Option<Var> {
        self.lattice.horizontal(r, c).map(|id| self.var(id))
    }

    /// The edge from point `(r, c)` to `(r + 1, c)`.
    fn vertical(&self, r: usize, c: usize) -> Option<Var> {
        self.lattice.vertical(r, c).map(|id| self.var(id))
    }

    /// The edges at point `(r, c)`: up, right, down, left (`None` where
    /// there is none).
    fn point_edges(&self, r: usize, c: usize) -> Vec<Option<Var>> {
        self.lattice
            .point_edges(r, c)
            .iter()
            .map(|e| e.map(|id| self.var(id)))
            .collect()
    }

    /// The four sides of the cell whose top-left corner is point `(r, c)`:
    /// top, right, bottom, left.
    fn cell_edges(&self, r: usize, c: usize) -> Option<Vec<Var>> {
        self.lattice
            .cell_edges(r, c)
            .map(|e| e.iter().map(|&id| self.var(id)).collect())
    }

    /// The loop of `solution` drawn as text.
    fn render(&self, solution: &Solution) -> PyResult<String> {
        solution.check_model(self.serial)?;
        Ok(self.lattice.render(&solution.inner))
    }
}

/// The placements of a rectangle of `area` cells covering cell
/// (`row`, `col`) of a `rows x cols` grid, as lists of row-major cell
/// indices: a Shikaku clue's pieces for `Model.placement`.
#[pyfunction]
pub(crate) fn rectangles(
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    area: usize,
) -> Vec<Vec<usize>> {
    csp_core::constraints::placement::rectangles(rows, cols, row, col, area)
}

/// Every set of `size` orthogonally connected cells of a `rows x cols`
/// grid inside `within` (row-major cell indices), each once, as sorted
/// index lists: the placements of a polyomino in a region (LITS's
/// tetrominoes) for `Model.placement`. Meant for small sizes: the count
/// grows exponentially.
#[pyfunction]
pub(crate) fn polyominoes(
    rows: usize,
    cols: usize,
    within: Vec<usize>,
    size: usize,
) -> Vec<Vec<usize>> {
    csp_core::constraints::placement::polyominoes(rows, cols, &within, size)
}
