"""The exceptions gridcsp raises (all are ``GridcspError``\\ s)."""

from typing import Any, Optional


class GridcspError(Exception):
    """The base class of every gridcsp exception."""


class ParseError(GridcspError, ValueError):
    """A text that is not a puzzle of the family (or not a solution of it).

    ``line`` and ``column`` (from 1) say where, when the error is at one
    place; ``None`` when it is about the whole text (or the whole line).
    """

    def __init__(
        self, message: str, line: Optional[int] = None, column: Optional[int] = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class ModelError(GridcspError, ValueError):
    """A model that cannot be built as asked: an empty domain, a variable
    of another model, a variable listed twice where that is not allowed,
    an argument out of range, or a change to a model while a search uses it.
    """


class LimitReached(GridcspError):
    """A search stopped by its ``time_limit`` or ``node_limit``.

    ``reason`` is ``"time limit"`` or ``"node limit"``; ``found`` is what
    the search had found when it stopped: the count so far for a count,
    the solution found for a uniqueness check, else ``None``.
    """

    def __init__(self, message: str, reason: str, found: Any = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.found = found


class NoSolution(GridcspError):
    """Grading, explaining or hinting a puzzle that has no solution."""


class MultipleSolutions(GridcspError):
    """Grading, explaining or hinting a puzzle with several solutions."""


class GenerateError(GridcspError):
    """No puzzle was generated: no candidate of the level asked for came
    up within the attempts, or the options make no sense."""
