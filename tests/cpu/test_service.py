"""The worker's JSON entry points play a whole game from observations only."""

from __future__ import annotations

import json

from tests.cpu.helpers import dealt
from triad.cpu.service import cpu_hint, cpu_move, cpu_ponder, cpu_reset
from triad.notation import card_to_json
from triad.observe import observe
from triad.state import Move


def test_a_game_through_the_json_functions() -> None:
    state = dealt(["open", "same"], 31, 0)
    pool = json.dumps([card_to_json(c) for c in state.hands[0] + state.hands[1]])
    assert json.loads(cpu_reset("master", 1, pool)) == {"ok": True}
    cpu = state.to_move.other
    while not state.is_terminal:
        mover = state.to_move
        if mover is cpu:
            reply = json.loads(cpu_move(json.dumps(observe(state, cpu).to_json()), 5000))
        else:
            assert json.loads(cpu_ponder(json.dumps(observe(state, cpu).to_json()), 50))["ok"]
            reply = json.loads(cpu_hint(json.dumps(observe(state, mover).to_json()), 5000))
        move = Move(reply["card"], reply["cell"])
        assert move in state.legal_moves()
        state, _ = state.apply(move)


def test_errors_come_back_as_json() -> None:
    assert "error" in json.loads(cpu_reset("grandmaster"))
    assert "error" in json.loads(cpu_reset("master", 0, "{}"))
    assert "error" in json.loads(cpu_move("not json"))
    assert "error" in json.loads(cpu_hint("{}"))
    assert "error" in json.loads(cpu_ponder("[]"))
