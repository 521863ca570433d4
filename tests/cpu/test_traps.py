"""Master's traps: among its best moves, the one a fallible opponent is likeliest to answer badly."""

from __future__ import annotations

import functools
import math
import random

import pytest

from tests.cpu.helpers import brute_value, random_game
from triad.cards import builtin_set
from triad.cpu import brain as brain_module
from triad.cpu.brain import Brain
from triad.cpu.context import Context, View
from triad.match import MatchConfig, deal_match
from triad.observe import observe
from triad.rules import RuleSet
from triad.state import GameState, Move


@functools.lru_cache(maxsize=100_000)
def lookahead(state: GameState, depth: int) -> int:
    """The mover's score minus the other's, ``depth`` plies ahead (cards counted at the horizon)."""
    if state.is_terminal or depth == 0:
        blue, red = state.score
        return blue - red if state.to_move == 0 else red - blue
    return max(-lookahead(state.apply(m)[0], depth - 1) for m in state.legal_moves())


def keep_chance(state: GameState, move: Move, value: int) -> tuple[float, int]:
    """After ``move``: the chance that the model of a fallible opponent replies keeping
    ``value`` for the mover, and how many replies keep it (one per distinct card and cell)."""
    after, _ = state.apply(move)
    hand = after.hands[after.to_move]
    replies = {}
    for reply in after.legal_moves():
        replies.setdefault((hand[reply.card], reply.cell), after.apply(reply)[0])
    gains = {k: -lookahead(again, brain_module.TRAP_LOOK - 1) for k, again in replies.items()}
    top = max(gains.values())
    weights = {k: math.exp((g - top) / brain_module.TRAP_TEMPERATURE) for k, g in gains.items()}
    kept = [k for k, again in replies.items() if brute_value(again) == value]
    return sum(weights[k] for k in kept) / sum(weights.values()), len(kept)


def traps_of(state: GameState) -> dict[Move, tuple[float, int]] | None:
    """Each best move's chance of being answered well and its keepers, when master is
    not winning already."""
    values = {m: -brute_value(state.apply(m)[0]) for m in state.legal_moves()}
    best = max(values.values())
    if best > 0:
        return None
    return {m: keep_chance(state, m, best) for m, v in values.items() if v == best}


@pytest.mark.parametrize("names", [[], ["same", "plus", "combo"], ["power_wall", "battle"]])
def test_master_sets_the_trap_likeliest_to_work(names: list[str]) -> None:
    rng = random.Random(31 + len(names))
    telling = 0
    for _ in range(16):
        state = random_game(rng, ["open", *names], 5, small=True)
        scores = traps_of(state)
        if scores is None:
            continue
        move = Brain("master", rng.randrange(100)).choose(observe(state, state.to_move), None)
        assert move in scores, "master gave up value"
        low = min(k for k, _ in scores.values())
        assert scores[move][0] <= low + 1e-9, (state, move, scores)
        fewest = min(n for k, n in scores.values() if k <= low + 1e-9)
        assert scores[move][1] == fewest, (state, move, scores)
        telling += len({round(k, 9) for k, _ in scores.values()}) > 1
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


def test_on_the_empty_board_master_plays_its_exact_move_without_counting_traps() -> None:
    # There, counting traps costs a value search per best move and never reached a pick
    # within TRAP_NODES: master's search is done once it has the exact value's move.
    state = deal_match(MatchConfig(RuleSet.parse(["open"]), builtin_set()), 1).start()
    ctx = Context(View.of(state))
    value = ctx.solver.value(ctx.position)
    assert value <= 0  # not winning: traps would be counted from eight empty cells
    steps = list(Brain("master", 1).search(observe(state, state.to_move), slice_ms=20))
    first = next(s for s in steps if s.exact)
    assert first.done and first is steps[-1]
    child = next(
        c for c in ctx.solver.children(ctx.position) if ctx.move_of(c, state.to_move) == first.move
    )
    assert -ctx.solver.probe(child.position, -value - 1, -value + 1) == value
