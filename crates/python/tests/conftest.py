"""Shared helpers for the gridcsp Python tests.

The tests run against the installed package (``pip install ./crates/python``);
the ones that compare with the command-line tool need its binary, found
through ``GRIDCSP_CLI`` or in the checkout's ``target/`` (``.ci/run`` sets
``GRIDCSP_CLI`` so that they cannot be skipped there).
"""

import _thread
import itertools
import os
import signal
import threading
from pathlib import Path

import pytest

import gridcsp

ROOT = Path(__file__).resolve().parents[3]


def brute_force(domains, holds):
    """Every assignment of ``domains`` (one list of values per variable)
    that ``holds``, as a set of tuples."""
    return {values for values in itertools.product(*domains) if holds(values)}


def solutions_of(model, xs, **options):
    """The values of ``xs`` in every solution of ``model``, as a set of
    tuples; checks that no solution comes twice and that ``count``
    agrees."""
    solver = gridcsp.Solver(model, **options)
    found = [tuple(s[xs]) for s in solver.solutions()]
    assert len(found) == len(set(found)), "a solution came twice"
    assert solver.count() == len(found)
    return set(found)


@pytest.fixture(scope="session")
def cli():
    """The path of the ``gridcsp`` command-line tool."""
    named = os.environ.get("GRIDCSP_CLI")
    if named:
        path = Path(named)
        assert path.is_file(), f"GRIDCSP_CLI={named} is not a file"
        return path
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "gridcsp"
        if path.is_file():
            return path
    pytest.skip("no gridcsp binary: build it (cargo build -p gridcsp-cli) or set GRIDCSP_CLI")


@pytest.fixture
def ctrl_c():
    """A function that simulates Ctrl-C after a delay in seconds.

    Python installs its SIGINT handler only when the process starts with
    SIGINT at its default action; a process started in the background by
    a non-interactive shell (as CI may start this suite) inherits SIGINT
    ignored, and then ``_thread.interrupt_main`` does nothing at all. The
    fixture installs Python's handler for the test and restores the old
    one after it."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timers = []

    def after(seconds):
        timer = threading.Timer(seconds, _thread.interrupt_main)
        timers.append(timer)
        timer.start()

    yield after
    for timer in timers:
        timer.cancel()
    signal.signal(signal.SIGINT, previous)
