"""Running a script of the page's main-thread code under MicroPython in Node and under CPython."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

RUNNER = ROOT / "bench" / "micropython_runner.mjs"


def assert_same_under_micropython(
    tmp_path: Path,
    script: Path,
    args: list[str],
    files: list[str],
    min_lines: int,
    bundle: Path | None = None,
) -> None:
    """Run `script ARGS` under MicroPython (with `files` loaded; with `bundle`, a page's
    files as built, its modules compiled, in their place) and CPython: same output, line
    by line."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@micropython").exists():
        pytest.skip("Node and the vendored MicroPython are needed")
    # Output goes to a file: Node cuts long output written to a pipe when it exits.
    out = tmp_path / "micropython.txt"
    with out.open("w") as f:
        mp = subprocess.run(
            [node, str(RUNNER), str(script), *args, *files],
            cwd=ROOT,
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "PAGE_BUNDLE": str(bundle)} if bundle else None,
        )
    assert mp.returncode == 0, mp.stderr
    cp = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert cp.returncode == 0, cp.stderr
    mp_lines = out.read_text().splitlines()
    cp_lines = cp.stdout.splitlines()
    assert len(mp_lines) > min_lines
    for i, (a, b) in enumerate(zip(mp_lines, cp_lines, strict=False)):
        assert a == b, f"line {i} differs:\nMicroPython: {a[:300]}\nCPython:     {b[:300]}"
    assert len(mp_lines) == len(cp_lines)
