"""``python -m triad analyse`` and ``python -m triad puzzle``."""

from __future__ import annotations

import json

import pytest

from tests.cpu.test_cli import run
from tests.study.helpers import random_record


def test_analyse_prints_every_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = random_record(["open", "same"], 21)
    text = json.dumps(record.to_json())
    status, out, err = run(["analyse", "--json"], text, monkeypatch, capsys)
    assert status == 0, err
    data = json.loads(out)
    moves = data["games"][0]["moves"]
    assert [m["move"] for m in moves] == [{"card": m.card, "cell": m.cell} for m in record.games[0]]
    for m in moves:
        assert m["best"] >= m["value"] and m["mark"] in ("best", "inaccuracy", "blunder")
        assert set(m["best_move"]) == {"card", "cell"}
    status, out, err = run(["analyse"], text, monkeypatch, capsys)
    assert status == 0, err
    lines = out.splitlines()
    table = [line for line in lines if line[:2].strip().isdigit()]
    assert len(table) == 9
    for line, m in zip(table, moves, strict=True):
        assert line.split()[0] == str(m["ply"]) and m["mark"] in line
        assert f"{m['move']['card']}@{m['move']['cell']}" in line
    blunders = sum(1 for m in moves if m["lost"] > 0)
    assert out.count("best move:") == blunders
    assert "judged on what" not in out
    status, out, _ = run(["analyse", "--json", "--side", "red"], text, monkeypatch, capsys)
    red = json.loads(out)
    assert red["side"] == "red"
    assert [m["side_value"] for m in red["games"][0]["moves"]] == [-m["side_value"] for m in moves]


def test_analyse_says_when_hidden_cards_judge_a_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = random_record(["plus"], 2)
    status, out, err = run(["analyse"], json.dumps(record.to_json()), monkeypatch, capsys)
    assert status == 0, err
    assert out.count("(judged on what") == 9
    assert "9 moves were made with some of the opponent's cards hidden" in out


@pytest.mark.parametrize(
    ("stdin", "args", "message"),
    [
        ("{", [], "replay: not valid JSON"),
        ('{"format": "other"}', [], "not a 'triad-match' version 1 record"),
        (
            '{"format": "triad-match", "version": 1, "set": "mine", "seed": 1, "rules": []}',
            [],
            "card set 'mine', which is not loaded",
        ),
        ("{}", ["--side", "green"], "invalid choice"),
        ("{}", ["--card-set", "/nonexistent.json"], "card set /nonexistent.json"),
    ],
)
def test_analyse_refuses_bad_input_in_one_line(
    stdin: str,
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["analyse", *args], stdin, monkeypatch, capsys)
    assert status == 2 and not out
    assert message in err and err.count("\n") == 1


def test_puzzle_prints_the_day(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["puzzle", "--date", "2026-11-30", "--json"], "", monkeypatch, capsys)
    assert status == 0, err
    data = json.loads(out)
    assert data["date"] == "2026-11-30"
    assert set(data["solution"]) == {"card", "cell"}
    hand = data["position"]["hands"]["blue"]
    assert 0 <= data["solution"]["card"] < len(hand)
    assert data["position"]["board"][data["solution"]["cell"]] is None
    status, out, err = run(["puzzle", "--date", "2026-11-30"], "", monkeypatch, capsys)
    assert status == 0, err
    assert out.startswith("Daily puzzle 2026-11-30 (#334), easy: blue to play and")
    assert "Solution: " in out and "Line: " in out
    status, out, err = run(["puzzle", "--date", "30/11/2026"], "", monkeypatch, capsys)
    assert status == 2 and "--date must be a date like" in err
