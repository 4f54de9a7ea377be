"""gridcsp: constraint satisfaction for grid puzzles, from Python.

A fast, deterministic constraint engine (``Model``, ``Solver``) and every
puzzle family of the ``gridcsp`` command-line tool (``families()``,
``parse``, ``generate``, ``Puzzle``): solve, count, prove unique, grade,
hint, explain, draw and generate. The searches run in Rust without the
GIL; Ctrl-C stops them. See docs/python.md in the repository.

    >>> import gridcsp
    >>> m = gridcsp.Model()
    >>> q = m.new_vars(8, range(8))
    >>> _ = m.all_different(q)
    >>> _ = m.all_different_offset([(v, i) for i, v in enumerate(q)])
    >>> _ = m.all_different_offset([(v, -i) for i, v in enumerate(q)])
    >>> gridcsp.Solver(m).count()
    92
"""

from typing import List, Sequence

from ._errors import (
    GenerateError,
    GridcspError,
    LimitReached,
    ModelError,
    MultipleSolutions,
    NoSolution,
    ParseError,
)
from ._gridcsp import (
    Dfa,
    Explanation,
    Grade,
    Graph,
    Grid,
    Hint,
    Literal,
    LoopLattice,
    Model,
    Puzzle,
    PuzzleSolution,
    Run,
    Solution,
    Solutions,
    Solver,
    Stats,
    Var,
    __version__,
    families,
    family_info,
    generate,
    parse,
    polyominoes,
    rectangles,
)


class Constraint:
    """A base class for constraints written in Python (optional: any
    object with a ``scope`` and an ``is_satisfied`` method will do).

    Subclass it, pass the variables to ``__init__`` and write
    ``is_satisfied(values)``: ``values`` are the scope's values, in scope
    order, as a list of ints. Add it with ``Model.add``.
    """

    scope: List[Var]

    def __init__(self, scope: Sequence[Var]) -> None:
        self.scope = list(scope)

    def is_satisfied(self, values: List[int]) -> bool:
        raise NotImplementedError("write is_satisfied(values) in the subclass")


__all__ = [
    "Constraint",
    "Dfa",
    "Explanation",
    "GenerateError",
    "Grade",
    "Graph",
    "Grid",
    "GridcspError",
    "Hint",
    "LimitReached",
    "Literal",
    "LoopLattice",
    "Model",
    "ModelError",
    "MultipleSolutions",
    "NoSolution",
    "ParseError",
    "Puzzle",
    "PuzzleSolution",
    "Run",
    "Solution",
    "Solutions",
    "Solver",
    "Stats",
    "Var",
    "__version__",
    "families",
    "family_info",
    "generate",
    "parse",
    "polyominoes",
    "rectangles",
]
