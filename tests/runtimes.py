"""Running a digest script under CPython and under a Node runner of bench/ (MicroPython, Pyodide).

The tests that check a module gives the same results in the page's runtimes
as in CPython share this; they are skipped, with the reason, when node or
the npm package is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
PYODIDE = ROOT / "node_modules" / "pyodide"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

needs_pyodide = pytest.mark.skipif(
    NODE is None or not PYODIDE.exists(),
    reason="node and node_modules' pyodide are needed (install Node.js, npm ci)",
)
needs_micropython = pytest.mark.skipif(
    NODE is None or not MICROPYTHON.exists(),
    reason="node and node_modules' MicroPython are needed (install Node.js, npm ci)",
)


def run(args: list[str], timeout: float = 300) -> str:
    """The output of a command run in the repository (which it must end well)."""
    result = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def same_output_in_node(script: str, runner: str, *extra: str, timeout: float = 300) -> str:
    """Run ``script`` under CPython and under ``bench/<runner>`` in Node; both outputs must match.

    ``extra`` are more files the runner loads. Returns the output (for the
    caller to check it is a real digest).
    """
    expected = run([sys.executable, script], timeout)
    assert run([str(NODE), f"bench/{runner}", script, *extra], timeout) == expected
    return expected
