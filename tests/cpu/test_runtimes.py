"""The CPU answers the same under CPython and under Pyodide (the page's worker)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
PYODIDE = ROOT / "node_modules" / "pyodide"
SCRIPT = "tests/cpu/cpu_digest.py"


def run(args: list[str]) -> str:
    result = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not PYODIDE.exists(), reason="node_modules lacks pyodide (npm ci)")
def test_cpu_is_the_same_under_pyodide() -> None:
    expected = run([sys.executable, SCRIPT])
    assert expected.count("\n") == 16
    assert run([str(NODE), "bench/pyodide_runner.mjs", SCRIPT]) == expected
