"""The code stays clean: ruff's lint rules everywhere, mypy --strict on the pure package."""

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


def test_mypy_strict_on_the_pure_package() -> None:
    result = run("mypy", "--no-incremental")
    assert result.returncode == 0, result.stdout + result.stderr
