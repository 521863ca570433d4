"""The bot runner under Pyodide (Node): a CodinGame program kept running between turns.

Node 20 runs Pyodide's stack switching (JSPI, which `input()` needs to wait
for the next turn) behind `--experimental-wasm-stack-switching`; Chromium has
it on by default. Without it, `start` must say so instead of running the bot.
A program that never answers blocks Node's only thread here (Pyodide runs in
it), so the page's timer and `terminate()` are tested in the browser instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.runtimes import pyodide_env
from tests.ui.catch.helpers import editor_match
from triad.ui.catch.example import EXAMPLE_BOT

DRIVER = ROOT / "bench" / "botrunner_driver.mjs"
JSPI_FLAG = "--experimental-wasm-stack-switching"
# The driver races each call against a timer, as the page does; these tests are about
# what the runner answers, so no call is cut short on a loaded machine (the time a bot
# takes per turn is printed by bench/bench_bot_turn.py).
PATIENCE_MS = 200_000


def drive(
    tmp_path: Path, spec: dict[str, Any], jspi: bool = True, fresh: bool = False
) -> dict[str, Any]:
    """What the driver prints for `spec`, in Node with stack switching (`jspi`) or without.
    Pyodide is restored from a snapshot made with the same flags, unless `fresh`: started
    from nothing, as the page's worker starts a bot that suspends on input (without stack
    switching the page restores a snapshot too)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        pytest.skip("Node and the vendored Pyodide are needed")
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"timeout_ms": PATIENCE_MS, **spec}))
    flags = [JSPI_FLAG] if jspi else []
    args = [node, *flags, str(DRIVER), str(path)]
    env = {**os.environ, **({} if fresh else pyodide_env(*flags))}
    done = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, timeout=900, check=False, env=env
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


STATEFUL = """
import sys
count = 0
while True:
    first = input()
    rest = [input() for _ in range(int(first))]
    count += 1
    print("turn", count, "sum", sum(int(x) for x in rest), file=sys.stderr)
    print(f"MSG {count} {' '.join(rest)}")
"""

FAILING = """
def read():
    return int(input())
total = 0
while True:
    total += read()
    if total > 5:
        raise KeyError(total)
    print("WAIT")
"""

GREEDY_READER = """
input()
input()
input()
print("WAIT")
"""


def test_a_program_keeps_its_state_from_turn_to_turn(tmp_path: Path) -> None:
    out = drive(tmp_path, {"code": STATEFUL, "turns": ["2\n3\n4\n", "1\n10\n", "0\n"]})
    assert out["start"] == {"ok": True}
    assert [t["line"] for t in out["turns"]] == ["MSG 1 3 4", "MSG 2 10", "MSG 3 "]
    assert [t["stderr"] for t in out["turns"]] == [
        "turn 1 sum 7\n",
        "turn 2 sum 10\n",
        "turn 3 sum 0\n",
    ]
    assert all(t["ok"] and t["ms"] >= 0 for t in out["turns"])  # each turn's time is reported


def test_errors_asking_for_too_much_and_syntax_are_reported(tmp_path: Path) -> None:
    out = drive(tmp_path, {"code": FAILING, "turns": ["2\n", "4\n", "9\n"]})
    first, second, third = out["turns"]
    assert first == {"ok": True, "line": "WAIT", "ms": first["ms"], "stderr": ""}
    assert second["ok"] is False and second["ended"]
    assert second["error"].startswith("Traceback") and second["error"].endswith("KeyError: 6\n")
    assert 'File "bot.py", line 8, in <module>' in second["error"]  # the player's own frames
    assert "botrunner" not in second["error"]  # not the runner's
    assert third["ok"] is False and third["ended"]

    starved = drive(tmp_path, {"code": GREEDY_READER, "turns": ["1\n2\n"]})
    assert starved["turns"][0]["ok"] is False
    assert "read all 2 lines of this turn and asked for more" in starved["turns"][0]["error"]

    broken = drive(tmp_path, {"code": "while True\n    pass\n", "turns": []})
    assert broken["start"]["ok"] is False
    assert broken["start"]["error"].startswith("SyntaxError at line 1")


def test_without_stack_switching_the_runner_says_so(tmp_path: Path) -> None:
    out = drive(tmp_path, {"code": STATEFUL, "turns": []}, jspi=False)
    assert out["start"] == {"ok": False, "error": "no-jspi", "code": "", "kind": "invalid"}


def test_the_example_bot_beats_the_random_bot_under_pyodide(tmp_path: Path) -> None:
    seed = 20261122
    # (the page's way: Python started from nothing for a bot that suspends on input)
    match = {"seed": seed, "bot": "random"}
    out = drive(tmp_path, {"code": EXAMPLE_BOT, "match": match}, fresh=True)
    assert out["start"] == {"ok": True}
    assert all(t["ok"] and t["ms"] >= 0 for t in out["turns"]), out["turns"][-1]
    # The same match as CPython plays it: the runner changes nothing of the bot's play.
    expected = editor_match(seed)
    assert out["result"]["winner"] == expected.result.winner == 0, out["result"]
    assert len(out["turns"]) == out["result"]["turns"] == expected.state.turn
