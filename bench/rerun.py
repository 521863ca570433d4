"""Runs a benchmark script a second time under Pyodide in Node (bench/pyodide_runner.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_pyodide(script: str, *args: str) -> None:
    """Run `bench/SCRIPT --here ARGS` under Pyodide in Node, printing its figures; skip without Node."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("(Pyodide skipped: node or node_modules/pyodide is missing)")
        return
    runner = ROOT / "bench" / "pyodide_runner.mjs"
    command = [node, str(runner), str(ROOT / "bench" / script), "--here", *args]
    subprocess.run(command, cwd=ROOT, check=False)
