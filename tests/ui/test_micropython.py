"""The main-thread modules run under MicroPython (the page's runtime) exactly as under CPython."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPT = ROOT / "tests" / "ui" / "micropython_smoke.py"
RUNNER = ROOT / "bench" / "micropython_runner.mjs"
MAIN_THREAD = [
    *sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "triad" / "ui").glob("*.py")
        if p.name not in ("worker.py", "main.py")
    ),
    "triad/collection/__init__.py",
    "triad/collection/dealcode.py",
]


def test_main_thread_code_gives_the_same_html_under_micropython(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@micropython").exists():
        pytest.skip("Node and the vendored MicroPython are needed")
    # Output goes to a file: Node cuts long output written to a pipe when it exits.
    out = tmp_path / "micropython.txt"
    with out.open("w") as f:
        mp = subprocess.run(
            [node, str(RUNNER), str(SCRIPT), *MAIN_THREAD],
            cwd=ROOT,
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert mp.returncode == 0, mp.stderr
    cp = subprocess.run(
        [sys.executable, str(SCRIPT)],
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
    assert len(mp_lines) > 100
    for i, (a, b) in enumerate(zip(mp_lines, cp_lines, strict=False)):
        assert a == b, f"line {i} differs:\nMicroPython: {a[:300]}\nCPython:     {b[:300]}"
    assert len(mp_lines) == len(cp_lines)
