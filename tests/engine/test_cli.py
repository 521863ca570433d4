"""`python -m triad resolve`: good input, and bad input as one line on stderr with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from triad.__main__ import main as triad_main
from triad.cli import main

ROOT = Path(__file__).resolve().parents[2]
CARD = {"top": 9, "right": 4, "bottom": 9, "left": 1, "affinity": None}
WEAK = {"top": 1, "right": 1, "bottom": 1, "left": 1, "affinity": None}
GOOD = {
    "rules": ["same"],
    "board": [None, {"card": WEAK, "owner": "red"}] + [None] * 7,
    "move": {"player": "blue", "card": CARD, "cell": 4},
}


def run(
    stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["resolve"])
    out, err = capsys.readouterr()
    return status, out, err


def variant(**changes: object) -> str:
    data = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if value is ...:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data)


def test_good_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(json.dumps(GOOD), capsys, monkeypatch)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["events"] == [{"kind": "place", "cells": [4]}, {"kind": "basic", "cells": [1]}]
    assert result["board"][1]["owner"] == "blue" and result["board"][4]["card"] == CARD


MOVE = GOOD["move"]
BAD = [
    ("not json", "input is not JSON"),
    ("[1, 2]", "scenario: must be a JSON object"),
    (variant(board=...), "missing 'board'"),
    (variant(rules=["same", "sticky"]), "unknown rule 'sticky'"),
    (variant(rules="same"), "rules: must be a list"),
    (variant(rules=["open", "three_open"]), "cannot be combined"),
    (variant(board=[None] * 8), "board: must have 9 entries"),
    (
        variant(board=[{"card": CARD, "owner": "green"}] + [None] * 8),
        "owner must be 'blue' or 'red'",
    ),
    (variant(board=[{"card": CARD}] + [None] * 8), "board[0]: missing 'owner'"),
    (
        variant(board=[{"card": dict(CARD, top=11), "owner": "red"}] + [None] * 8),
        "'top' must be 1..10",
    ),
    (
        variant(board=[{"card": dict(CARD, top=0), "owner": "red"}] + [None] * 8),
        "'top' must be 1..10",
    ),
    (
        variant(board=[{"card": dict(CARD, left="1"), "owner": "red"}] + [None] * 8),
        "'left' must be an integer",
    ),
    (variant(move=dict(MOVE, cell=1)), "cell 1 is already occupied"),
    (variant(move=dict(MOVE, cell=9)), "'cell' must be an integer 0..8"),
    (variant(move={"player": "blue", "card": CARD}), "move: missing 'cell'"),
    (variant(move=dict(MOVE, player="green")), "move.player: owner must be"),
    (variant(move=dict(MOVE, card={"top": 1})), "move.card: missing 'right'"),
    (variant(cells=["fire"] * 8), "cells: must have 9 entries"),
    (variant(cells=[3] + [None] * 8), "cells[0]: must be an affinity name or null"),
    (variant(restrictions=[{"cell": 4, "op": "<", "value": 9, "direction": "up"}]), "centre cell"),
    (variant(restrictions=[{"cell": 0, "op": "<", "value": 9}]), "missing 'direction'"),
    (variant(extra=1), "unknown field 'extra'"),
]


@pytest.mark.parametrize(("stdin", "message"), BAD)
def test_bad_input(
    stdin: str, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(stdin, capsys, monkeypatch)
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("error: ") and message in err, err


def test_bad_input_through_a_real_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "triad", "resolve"],
        input='{"rules": [], "board": "x", "move": {}}',
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_dispatcher(capsys: pytest.CaptureFixture[str]) -> None:
    assert triad_main([]) == 2
    assert "usage" in capsys.readouterr().err
    assert triad_main(["--help"]) == 0
    assert "resolve" in capsys.readouterr().out
    assert triad_main(["frobnicate"]) == 2
    assert "unknown command 'frobnicate'" in capsys.readouterr().err
