"""Running a digest script under CPython and under a Node runner of bench/ (MicroPython, Pyodide).

The tests that check a module gives the same results in the page's runtimes
as in CPython share this; they are skipped, with the reason, when node or
the npm package is missing.
"""

from __future__ import annotations

import fcntl
import functools
import json
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


@functools.cache
def pyodide_snapshot(*node_flags: str) -> Path:
    """A memory snapshot of Pyodide as it has just started, which `bench/pyodide_runner.mjs`
    (and `bench/botrunner_driver.mjs`) restore instead of starting Python from nothing (a
    fifth of the CPU): each run is still a process of its own, from the same state as a
    fresh start. Made with Node's `node_flags` (JSPI's, for a run that suspends Python),
    once (the first process of a run that needs it, the others waiting), kept in build/
    for this Pyodide and this Node."""
    pyodide = json.loads((PYODIDE / "package.json").read_text())["version"]
    node = subprocess.run([str(NODE), "--version"], capture_output=True, text=True, check=True)
    build = ROOT / "build"
    build.mkdir(exist_ok=True)
    flags = "".join(flag.replace("--experimental-wasm-", "-") for flag in node_flags)
    path = build / f"pyodide-{pyodide}-node-{node.stdout.strip()}{flags}.snapshot"
    with open(build / "pyodide-snapshot.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released as the file closes)
        if not path.exists():
            part = path.with_suffix(".part")
            run([str(NODE), *node_flags, "bench/pyodide_runner.mjs", "--snapshot", str(part)])
            part.rename(path)
    return path


def pyodide_env(*node_flags: str) -> dict[str, str]:
    """The environment in which the runners restore `pyodide_snapshot(*node_flags)`."""
    return {"PYODIDE_SNAPSHOT": str(pyodide_snapshot(*node_flags))}


def run(args: list[str], timeout: float = 300, env: dict[str, str] | None = None) -> str:
    """The output of a command run in the repository (which it must end well), with `env`
    added to the environment."""
    result = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def same_output_in_node(script: str, runner: str, *extra: str, timeout: float = 300) -> str:
    """Run ``script`` under CPython and under ``bench/<runner>`` in Node; both outputs must match.

    ``extra`` are more files the runner loads. Returns the output (for the
    caller to check it is a real digest).
    """
    expected = run([sys.executable, script], timeout)
    env = pyodide_env() if runner == "pyodide_runner.mjs" else {}
    assert run([str(NODE), f"bench/{runner}", script, *extra], timeout, env) == expected
    return expected
