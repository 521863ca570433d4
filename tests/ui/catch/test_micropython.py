"""The Triangle Catch page's main-thread modules run under MicroPython exactly as under CPython."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPT = ROOT / "tests" / "ui" / "catch" / "micropython_smoke.py"
RUNNER = ROOT / "bench" / "micropython_runner.mjs"
WORKER_ONLY = ("worker.py", "botrunner.py", "main.py")
MAIN_THREAD = sorted(
    str(p.relative_to(ROOT))
    for p in [
        *(ROOT / "triad" / "ui").glob("*.py"),
        *(ROOT / "triad" / "ui" / "catch").glob("*.py"),
    ]
    if p.name not in WORKER_ONLY
)


def test_catch_page_code_gives_the_same_output_under_micropython(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@micropython").exists():
        pytest.skip("Node and the vendored MicroPython are needed")
    out = tmp_path / "micropython.txt"
    with out.open("w") as f:
        mp = subprocess.run(
            [node, str(RUNNER), str(SCRIPT), "tests/ui/catch/fixture.json", *MAIN_THREAD],
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
    assert len(mp_lines) > 60
    for i, (a, b) in enumerate(zip(mp_lines, cp_lines, strict=False)):
        assert a == b, f"line {i} differs:\nMicroPython: {a[:300]}\nCPython:     {b[:300]}"
    assert len(mp_lines) == len(cp_lines)
