"""Runs a benchmark script a second time under Pyodide in Node (bench/pyodide_runner.mjs)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_pyodide(script: str, *args: str, flag: str = "--here") -> None:
    """Run `bench/SCRIPT FLAG ARGS` under Pyodide in Node, printing its figures.

    ``flag`` tells the script to run its own figures only (default ``--here``).
    Skipped without Node or Pyodide, or when BENCH_NO_PYODIDE is set.
    """
    if os.environ.get("BENCH_NO_PYODIDE"):
        print("(Pyodide skipped: BENCH_NO_PYODIDE is set)")
        return
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("(Pyodide skipped: node or node_modules/pyodide is missing)")
        return
    runner = ROOT / "bench" / "pyodide_runner.mjs"
    command = [node, str(runner), str(ROOT / "bench" / script), flag, *args]
    subprocess.run(command, cwd=ROOT, check=False)
