//! The `gridcsp` Python package's extension module, `gridcsp._gridcsp`
//! (PyO3, stable ABI for CPython 3.9 and later; built by maturin with
//! `pip install ./crates/python`). The package's `__init__.py` re-exports
//! it; `docs/python.md` is the user's guide.
//!
//! - `puzzle`: every puzzle family of the command-line tool, through
//!   `gridcsp-puzzles`' `AnyFamily`/`AnyPuzzle` (parse, solve, count,
//!   uniqueness, grade, explain, hint, render, generate);
//! - `model`, `var`, `grid`, `custom`: the engine's model, its
//!   variables and constraint catalogue under the Rust names, grids and
//!   graphs, and constraints written in Python;
//! - `solver`: searches (first solution, all, count, uniqueness,
//!   optimisation) with options, limits and statistics (`stats`);
//! - `run`: every search runs without the GIL on a helper thread while
//!   the caller watches for Ctrl-C; `errors`: the Python exceptions.

mod custom;
mod errors;
mod grid;
mod model;
mod puzzle;
mod run;
mod solver;
mod stats;
mod var;

use pyo3::prelude::*;

/// The compiled core of the `gridcsp` package (import `gridcsp`, not this).
#[pymodule]
fn _gridcsp(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(grid::rectangles, m)?)?;
    m.add_function(wrap_pyfunction!(grid::polyominoes, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::family_names, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::family_info, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::parse, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::generate, m)?)?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::PuzzleSolution>()?;
    m.add_class::<puzzle::Grade>()?;
    m.add_class::<puzzle::Explanation>()?;
    m.add_class::<puzzle::Hint>()?;
    m.add_class::<model::Model>()?;
    m.add_class::<var::Var>()?;
    m.add_class::<var::Literal>()?;
    m.add_class::<grid::Grid>()?;
    m.add_class::<grid::Run>()?;
    m.add_class::<grid::Graph>()?;
    m.add_class::<grid::Dfa>()?;
    m.add_class::<grid::LoopLattice>()?;
    m.add_class::<solver::Solver>()?;
    m.add_class::<solver::Solution>()?;
    m.add_class::<solver::Solutions>()?;
    m.add_class::<stats::Stats>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
