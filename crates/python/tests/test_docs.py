"""Every ``python`` code block of docs/python.md runs, in order, in one
namespace (as a reader would paste them), and the outputs it shows in
comments right after a ``print`` are what it prints."""

import contextlib
import io
import re

from conftest import ROOT

DOC = ROOT / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)


def test_the_guide_runs():
    found = blocks()
    assert len(found) >= 10
    namespace = {}
    compared = 0
    for block in found:
        # Run up to each shown output and compare it.
        pieces = re.split(r"((?:^# .*\n)+)", block, flags=re.MULTILINE)
        for code, comment in zip(pieces[0::2], pieces[1::2] + [""]):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(code, str(DOC), "exec"), namespace)
            shown = [line[2:] for line in comment.splitlines()]
            if shown and code.rstrip().split("\n")[-1].lstrip().startswith("print("):
                printed = out.getvalue().rstrip("\n").split("\n")
                expected = " ".join(x.strip() for x in shown) if len(printed) == 1 else "\n".join(shown)
                got = printed[-1] if len(printed) == 1 else "\n".join(printed[-len(shown):])
                assert got == expected, f"{code}\nprinted {got!r}, the guide shows {expected!r}"
                compared += 1
    assert compared >= 6
