"""The same results under CPython, MicroPython (page main thread) and Pyodide (engine worker).

Runs digests in Node with the vendored runtimes; skipped, with the reason,
when node or node_modules is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PYODIDE = ROOT / "node_modules" / "pyodide"


def run(args: list[str]) -> str:
    result = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def cpython(script: str) -> str:
    return run([sys.executable, script])


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not MICROPYTHON.exists(), reason="node_modules lacks MicroPython (npm ci)")
def test_deal_is_the_same_under_micropython() -> None:
    script = "tests/engine/deal_digest.py"
    expected = cpython(script)
    assert expected.count("\n") > 150
    assert run([str(NODE), "bench/micropython_runner.mjs", script]) == expected


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not PYODIDE.exists(), reason="node_modules lacks pyodide (npm ci)")
def test_engine_is_the_same_under_pyodide() -> None:
    script = "tests/engine/engine_digest.py"
    expected = cpython(script)
    assert expected.count("\n") == 7
    assert run([str(NODE), "bench/pyodide_runner.mjs", script]) == expected
