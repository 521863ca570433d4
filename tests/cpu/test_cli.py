"""``python -m triad solve`` and ``python -m triad play``."""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction

import pytest

from tests.cpu.helpers import brute_drawn, brute_expectation, brute_value, random_game
from triad.__main__ import main
from triad.notation import state_to_json
from triad.state import GameState, Move


def run(
    args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def position(state: GameState) -> str:
    data = state_to_json(state)
    data.pop("shown", None)
    return json.dumps(data)


@pytest.mark.parametrize(
    "names",
    [
        [],
        ["same", "plus", "combo"],
        ["power_wall", "banner"],
        ["reverse", "fallen_ace", "ascension", "order", "same"],
        ["original", "same", "plus", "elemental"],
    ],
)
def test_solve_matches_brute_force(
    names: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(len(names))
    for _ in range(3):
        state = random_game(rng, names, 5, small=True)
        status, out, err = run(["solve"], position(state), monkeypatch, capsys)
        assert status == 0, err
        result = json.loads(out)
        assert result["value"] == brute_value(state)
        listed = {(m["card"], m["cell"]): m["value"] for m in result["moves"]}
        assert len(listed) == len(state.legal_moves())
        for move in state.legal_moves():
            after, _ = state.apply(move)
            assert listed[(move.card, move.cell)] == -brute_value(after)
        assert result["moves"][0]["value"] == result["value"]
        status, out, _ = run(["solve", "--value-only"], position(state), monkeypatch, capsys)
        assert json.loads(out) == {"value": result["value"]}


def test_solve_under_chaos_prints_expectations(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random("chaos")
    for _ in range(3):
        state = random_game(rng, ["chaos", "same"], 5, small=True)
        status, out, err = run(["solve"], position(state), monkeypatch, capsys)
        assert status == 0, err
        result = json.loads(out)
        assert result["expectation"] is True
        # the drawn card's cells; the position's value is the best of them
        best = brute_drawn(state)
        assert Fraction(result["exact"]) == best
        assert result["value"] == round(float(best), 6)
        assert {m["card"] for m in result["moves"]} == {state.drawn}
        for m in result["moves"]:
            after, _ = state.apply(Move(m["card"], m["cell"]))
            assert Fraction(m["exact"]) == -brute_expectation(after)
        # before the draw: the expectation over every card
        data = json.loads(position(state))
        data["drawn"] = -1
        status, out, _ = run(["solve", "--value-only"], json.dumps(data), monkeypatch, capsys)
        assert Fraction(json.loads(out)["exact"]) == brute_expectation(state)


def test_solve_a_finished_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = random_game(random.Random(1), [], 9, small=False)
    status, out, _ = run(["solve"], position(state), monkeypatch, capsys)
    assert status == 0
    blue, red = state.score
    assert json.loads(out) == {
        "value": (blue - red) * (1 if state.to_move == 0 else -1),
        "moves": [],
    }


@pytest.mark.parametrize(
    ("stdin", "needle"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "object"),
        ('{"rules": [], "board": [], "hands": {}, "to_move": "blue"}', "9"),
        (
            '{"rules": ["nope"], "board": [null, null, null, null, null, null, null, null, null],'
            ' "hands": {"blue": [], "red": []}, "to_move": "blue"}',
            "nope",
        ),
        (
            '{"rules": [], "board": [null, null, null, null, null, null, null, null, null],'
            ' "hands": {"blue": [], "red": []}, "to_move": "blue", "extra": 1}',
            "extra",
        ),
        (
            '{"rules": [], "board": [null, null, null, null, null, null, null, null, null],'
            ' "hands": {"blue": [], "red": []}, "to_move": "blue"}',
            "cards",
        ),
    ],
)
def test_solve_rejects_bad_input_with_one_line(
    stdin: str, needle: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve"], stdin, monkeypatch, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and needle in err
    assert "Traceback" not in err


def test_play_is_reproducible_and_counts_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "play",
        "--blue",
        "adept",
        "--red",
        "greedy",
        "--games",
        "3",
        "--seed",
        "9",
        "--rules",
        "same,plus",
        "--json",
    ]
    status, out, _ = run(args, "", monkeypatch, capsys)
    assert status == 0
    first = json.loads(out)
    assert first["games"] == 3
    for side in ("blue", "red"):
        r = first[side]
        assert r["wins"] + r["draws"] + r["losses"] == 3
    assert first["blue"]["wins"] == first["red"]["losses"]
    assert first["blue"]["level"] == "adept" and first["red"]["level"] == "greedy"
    _, again, _ = run(args, "", monkeypatch, capsys)
    assert json.loads(again) == first
    status, table, _ = run(args[:-1], "", monkeypatch, capsys)
    assert status == 0 and "adept" in table and "wins" in table


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--blue", "grandmaster"],
        ["play", "--rules", "open,three_open"],
        ["play", "--games", "x"],
        ["play", "--games", "-1"],
        ["solve", "--bogus"],
    ],
)
def test_play_rejects_bad_options(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(args, "", monkeypatch, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def card(top: int, right: int, bottom: int, left: int) -> dict[str, int]:
    return {"top": top, "right": right, "bottom": bottom, "left": left}


# One cell left (4), blue to move with its last card 9-9-1-1 (top, right, bottom,
# left). Basic: it takes cell 1 (9 > 8) and cell 5 (9 > 3): blue 5, red 4 + 1 in
# hand. Same: bottom 1 = cell 7's top, left 1 = cell 3's right, so 3 and 7 fall
# too: 7 to 3 (Plus too: those two pairs both sum to 2). Combo: cell 3's bottom 9 takes cell 6 (top 2) and cell 7's right
# 9 takes cell 8 (left 3): every cell blue, red keeps its hand card: 9 to 1.
HAND_WORKED = {
    "board": [
        {"card": card(5, 5, 5, 5), "owner": "blue"},
        {"card": card(5, 5, 8, 5), "owner": "red"},
        {"card": card(5, 5, 5, 5), "owner": "blue"},
        {"card": card(5, 1, 9, 5), "owner": "red"},
        None,
        {"card": card(5, 5, 5, 3), "owner": "red"},
        {"card": card(2, 7, 5, 5), "owner": "red"},
        {"card": card(1, 9, 5, 5), "owner": "red"},
        {"card": card(5, 5, 5, 3), "owner": "red"},
    ],
    "hands": {"blue": [card(9, 9, 1, 1)], "red": [card(5, 5, 5, 5)]},
    "to_move": "blue",
}


@pytest.mark.parametrize(
    ("rules", "value"), [([], 0), (["same"], 4), (["same", "combo"], 8), (["plus"], 4)]
)
def test_solve_hand_worked_endgame(
    rules: list[str],
    value: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = dict(HAND_WORKED, rules=rules)
    status, out, _ = run(["solve"], json.dumps(data), monkeypatch, capsys)
    assert status == 0
    assert json.loads(out) == {"value": value, "moves": [{"card": 0, "cell": 4, "value": value}]}
