"""The worker's JSON entry points play a whole game from observations only."""

from __future__ import annotations

import json

from tests.cpu.helpers import dealt, exact_values
from triad.capture import Player
from triad.cpu.service import (
    cpu_hint,
    cpu_memory,
    cpu_move,
    cpu_part,
    cpu_ponder,
    cpu_reset,
)
from triad.notation import card_to_json
from triad.observe import observe
from triad.state import Move


def test_a_game_through_the_json_functions() -> None:
    state = dealt(["open", "same"], 31, 0)
    pool = [card_to_json(c) for c in state.hands[0] + state.hands[1]]
    reset = {"level": "master", "seed": 1, "pool": pool}
    assert json.loads(cpu_reset(json.dumps(reset))) == {"ok": True}
    cpu = state.to_move.other

    def seen(player: Player, budget_ms: float) -> str:
        return json.dumps({"observation": observe(state, player).to_json(), "budget_ms": budget_ms})

    while not state.is_terminal:
        mover = state.to_move
        if mover is cpu:
            reply = json.loads(cpu_move(seen(cpu, 5000)))
        else:
            assert json.loads(cpu_ponder(seen(cpu, 50)))["ok"]
            reply = json.loads(cpu_hint(seen(mover, 5000)))
        move = Move(reply["card"], reply["cell"])
        assert move in state.legal_moves()
        state, _ = state.apply(move)


def test_errors_come_back_as_json() -> None:
    assert "grandmaster" in json.loads(cpu_reset('{"level": "grandmaster"}'))["error"]
    assert "'pool' must be" in json.loads(cpu_reset('{"pool": {}}'))["error"]
    assert "pool[0]" in json.loads(cpu_reset('{"pool": [{}]}'))["error"]
    assert "not valid JSON" in json.loads(cpu_move("not json"))["error"]
    assert "lacks 'observation'" in json.loads(cpu_hint("{}"))["error"]
    assert "observation" in json.loads(cpu_ponder('{"observation": {}}'))["error"]


def test_an_extra_worker_searches_its_part_of_the_moves() -> None:
    state = dealt(["open", "plus"], 32, 3)
    values = exact_values(state)
    seen = observe(state, state.to_move).to_json()
    found = []
    for part in range(2):
        request = {"observation": seen, "part": part, "parts": 2, "budget_ms": None}
        reply = json.loads(cpu_part(json.dumps(request)))
        assert reply["ok"] and reply["exact"]
        assert values[(reply["card"], reply["cell"])] == reply["value"]
        found.append(reply["value"])
    assert max(found) == max(values.values())
    memory = json.loads(cpu_memory("{}"))
    assert memory["heap_bytes"] == 0 and memory["table"] >= 0  # (no Pyodide heap here)
    wrong = json.loads(cpu_part(json.dumps({"observation": seen, "part": "one", "parts": 2})))
    assert "'part' must be" in wrong["error"]
    hidden = observe(dealt(["plus"], 32, 3), state.to_move).to_json()
    refused = json.loads(cpu_part(json.dumps({"observation": hidden, "part": 0, "parts": 2})))
    assert "both hands known" in refused["error"]


def test_an_extra_worker_keeps_the_brains_of_the_last_two_matches() -> None:
    """A part searched under one match's key is still proven when that key comes back
    after another match's (the match in play and the one dealt ahead, side by side);
    a third match's key gives up the oldest."""
    one, two = dealt(["open", "plus"], 32, 3), dealt(["open", "same"], 33, 3)
    first = observe(one, one.to_move).to_json()
    second = observe(two, two.to_move).to_json()

    def part(seen: dict[str, object], key: str, budget_ms: float | None) -> dict[str, object]:
        request = {"observation": seen, "part": 1, "parts": 2, "budget_ms": budget_ms}
        reply: dict[str, object] = json.loads(cpu_part(json.dumps({**request, "key": key})))
        assert reply["ok"]
        return reply

    assert part(first, "first", None)["done"]
    assert part(second, "second", None)["done"]
    assert part(first, "first", 0)["exact"]  # kept: proven already, no time needed
    assert part(second, "second", 0)["exact"]
    part(second, "third", 0)
    part(second, "second", 0)
    assert not part(first, "first", 0)["exact"]  # given up for the third: from nothing
