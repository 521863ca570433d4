"""The code stays clean: ruff's lint rules everywhere; mypy --strict on the engine and the
workers, and on the page's main thread (MicroPython) every function body checked against
the types its fields, the workers' replies and the engine declare."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing_in_the_engine_the_workers_and_the_page() -> None:
    result = run("mypy", "--no-incremental")
    assert result.returncode == 0, result.stdout + result.stderr
    # Every module is checked, the page's (triad/ui/) included.
    modules = len(list((ROOT / "triad").rglob("*.py")))
    assert f"no issues found in {modules} source files" in result.stdout, result.stdout
