"""Scopes end their tasks and their children's, under MicroPython exactly as under CPython."""

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.ui.micropython_check import assert_same_under_micropython

SCRIPT = ROOT / "tests" / "ui" / "scope_smoke.py"


def test_a_scope_ends_the_same_under_micropython(tmp_path: Path) -> None:
    assert_same_under_micropython(tmp_path, SCRIPT, [], ["triad/ui/page/scope.py"], min_lines=15)


def test_ending_a_scope_cancels_its_tasks_and_its_childrens() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout.splitlines()
    assert out[:5] == [
        "running 2",
        "after end 0 True True True",  # the match's task and its pondering's, cancelled
        "spawn into ended None True",  # an ended scope starts nothing, nor a child
        "own end True True 0 0",  # a task that ended its own scope, cancelled at its await
        "done before end True 0",
    ]
    assert "move cancelled" in out and "ponder cancelled" in out
    assert "step runs on until it awaits" in out
    assert "step ran past its await" not in out
    assert "late 0" not in out
