"""Shared helpers of the Dask recipes: finding the gridcsp binary,
connecting to a cluster, running gridcsp on a worker."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def find_gridcsp(given: str | None) -> str:
    """The gridcsp binary: --gridcsp, $GRIDCSP, the newer of the workspace's
    release and debug builds, or `gridcsp` on the PATH. Workers run the same path, so on
    a real cluster it must exist on every machine (a shared file system or
    the same install)."""
    for c in (given, os.environ.get("GRIDCSP")):
        if c and Path(c).is_file():
            return str(Path(c).resolve())
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    builds = [target / "release" / "gridcsp", target / "debug" / "gridcsp"]
    builds = [b for b in builds if b.is_file()]
    if builds:
        # The newest build: a stale one may lack options.
        return str(max(builds, key=lambda b: b.stat().st_mtime).resolve())
    found = shutil.which("gridcsp")
    if found:
        return found
    sys.exit("gridcsp not found: build it (cargo build --release -p gridcsp-cli) or pass --gridcsp")


def client(scheduler: str | None, workers: int):
    """A Dask client: on the scheduler at `scheduler`, or on a LocalCluster
    of `workers` single-threaded worker processes."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler)
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
    )
    return Client(cluster)


def run_gridcsp(binary: str, args: list[str], stdin: str, files: dict[str, str] | None = None) -> str:
    """Runs gridcsp on a worker with `stdin` as its input; `files` (name ->
    text) are written to a scratch directory first (as `name.txt`) and
    `{name}` in `args` is replaced by their paths. Returns standard output; raises on an
    exit status other than 0 or 1 (1: some puzzle unsolvable or limited)."""
    with tempfile.TemporaryDirectory(prefix="gridcsp-dask-") as tmp:
        paths = {}
        for name, text in (files or {}).items():
            p = Path(tmp) / f"{name}.txt"
            p.write_text(text)
            paths[name] = str(p)
        argv = [binary] + [a.format(**paths) for a in args]
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True)
        if done.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
        return done.stdout
