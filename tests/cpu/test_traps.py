"""Master's traps: among its best moves, the one leaving the fewest replies that keep the value."""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import brute_value, random_game
from triad.cpu import brain as brain_module
from triad.cpu.brain import Brain
from triad.observe import observe
from triad.state import GameState, Move


def keepers(state: GameState, move: Move, value: int) -> int:
    """Replies to ``move`` (one per distinct card and cell) after which the mover still gets ``value``."""
    after, _ = state.apply(move)
    hand = after.hands[after.to_move]
    kept = set()
    for reply in after.legal_moves():
        again, _ = after.apply(reply)
        assert again.to_move == state.to_move
        if brute_value(again) == value:
            kept.add((hand[reply.card], reply.cell))
    return len(kept)


def traps_of(state: GameState) -> dict[Move, int] | None:
    """Each best move's keepers, when master is not winning already."""
    values = {m: -brute_value(state.apply(m)[0]) for m in state.legal_moves()}
    best = max(values.values())
    if best > 0:
        return None
    return {m: keepers(state, m, best) for m, v in values.items() if v == best}


@pytest.mark.parametrize("names", [[], ["same", "plus", "combo"], ["power_wall", "battle"]])
def test_master_leaves_the_fewest_replies_that_keep_the_value(names: list[str]) -> None:
    rng = random.Random(31 + len(names))
    telling = 0
    for _ in range(16):
        state = random_game(rng, ["open", *names], 5, small=True)
        counts = traps_of(state)
        if counts is None:
            continue
        move = Brain("master", rng.randrange(100)).choose(observe(state, state.to_move), None)
        assert move in counts, "master gave up value"
        assert counts[move] == min(counts.values()), (state, move, counts)
        telling += len(set(counts.values())) > 1
    assert telling >= 3  # positions where the choice among best moves mattered


def test_traps_cut_by_slices_choose_as_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(brain_module, "TRAP_NODES", 10**9)  # slices only, no node limit
    rng = random.Random(8)
    compared = 0
    for _ in range(10):
        state = random_game(rng, ["open", "same", "plus"], 3, small=True)
        seen = observe(state, state.to_move)
        whole = Brain("master", 5).choose(seen, None)
        steps = list(Brain("master", 5).search(seen, slice_ms=0.01))
        assert steps[-1].done and steps[-1].exact
        assert steps[-1].move == whole
        compared += any(s.exact and not s.done for s in steps)  # cut while setting traps
    assert compared >= 3


def test_without_trap_nodes_master_plays_its_first_best_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(4)
    for _ in range(6):
        state = random_game(rng, ["open"], 5, small=True)
        values = {m: -brute_value(state.apply(m)[0]) for m in state.legal_moves()}
        monkeypatch.setattr(brain_module, "TRAP_NODES", 0)
        move = Brain("master", 1).choose(observe(state, state.to_move), None)
        assert values[move] == max(values.values())
