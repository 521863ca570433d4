"""Master's search split over workers: each searches a part of the moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.cpu.helpers import CAPTURE_RULES, dealt, exact_values
from triad.cpu import Brain
from triad.cpu.brain import _Traps, split_moves
from triad.cpu.context import Context, View
from triad.observe import observe
from triad.state import GameState


@pytest.mark.parametrize("rules", CAPTURE_RULES[::3])
def test_the_best_part_has_the_positions_exact_value(rules: list[str]) -> None:
    state = dealt(["open", *rules], 31, 4)
    ctx = Context(View.of(state))
    solver = ctx.solver
    kids = solver.children(ctx.position)
    value = Context(View.of(state)).solver.value(ctx.position)
    for parts in (1, 2, 3):
        best = []
        for part in range(parts):
            mine = split_moves(ctx, kids, part, parts)
            v, child = solver.best_of(ctx.position, mine)
            assert child in mine
            assert -Context(View.of(state)).solver.value(child.position) == v
            best.append(v)
        assert max(best) == value


def test_the_parts_are_the_same_whatever_the_card_numbering() -> None:
    state = dealt(["open", "same", "plus"], 32, 2)
    mover = state.to_move
    fresh = Context(View.of(state))
    # a context made two moves earlier numbers the cards its own way, then follows the game
    earlier = dealt(["open", "same", "plus"], 32, 0)
    old = Context(View.of(earlier))
    assert old.sync(View.of(state))
    for parts in (2, 3):
        seen = []
        for ctx in (fresh, old):
            kids = ctx.solver.children(ctx.position)
            split = [split_moves(ctx, kids, p, parts) for p in range(parts)]
            assert sum(len(s) for s in split) == len(kids)
            seen.append([sorted(ctx.move_of(c, mover) for c in s) for s in split])
        assert seen[0] == seen[1]


def test_search_part_answers_a_move_of_the_parts_best_value() -> None:
    state = dealt(["open", "power_wall"], 33, 3)
    values = exact_values(state)
    found = [
        Brain("master").search_part(observe(state, state.to_move), part, 2, None)
        for part in range(2)
    ]
    assert all(p.exact and p.done for p in found)
    assert max(p.value for p in found) == max(values.values())
    for p in found:
        assert values[(p.move.card, p.move.cell)] == p.value


def test_only_master_splits_a_big_position_it_has_not_solved() -> None:
    state = dealt(["open"], 34, 0)
    seen = observe(state, state.to_move)
    assert Brain("master").splits(seen)
    assert not Brain("expert").splits(seen)
    assert Brain("expert").splits(seen, hint=True)
    assert not Brain("master").splits(observe(dealt(["open"], 34, 3), state.to_move))
    assert not Brain("master").splits(observe(dealt([], 34, 0), state.to_move))  # hidden
    assert not Brain("master").splits(observe(dealt(["open", "order"], 34, 0), state.to_move))
    solved = Brain("master")
    assert solved.ponder(seen, 60_000)
    assert not solved.splits(seen)  # its answer is in the table already


def whole_trap(state: GameState, value: int) -> tuple[float, int] | None:
    """The best trap's (chance kept, keepers) over every move of ``state`` (as `choose`)."""
    ctx = Context(View.of(state))
    traps = _Traps(ctx.solver, ctx.position, value, random.Random(0))
    assert traps.run()
    return traps.score()


def in_slices(brain: Brain, state: GameState, part: int, parts: int, value: int | None) -> Any:
    """A part searched in slices of a few milliseconds until it is done (as the page does
    before master's turn)."""
    seen = observe(state, state.to_move)
    for _ in range(100_000):
        found = brain.search_part(seen, part, parts, 2, value, quick=False)
        if found.done:
            return found
    raise AssertionError("the part was never done")


@pytest.mark.parametrize(("seed", "placed"), [(35, 3), (36, 4), (37, 3)])
def test_parts_searched_in_slices_find_the_value_and_the_trap_of_the_whole_search(
    seed: int, placed: int
) -> None:
    """Each part goes on from where its last slice got; once every part is proven, the
    parts of the best value count their traps, and the best of them is the trap the
    whole search finds (the same chance and keepers)."""
    state = dealt(["open", "same", "plus"], seed, placed)
    values = exact_values(state)
    for parts in (2, 3):
        brains = [Brain("master") for _ in range(parts)]
        found = [in_slices(brains[p], state, p, parts, None) for p in range(parts)]
        assert all(f.exact and f.trap is None for f in found)
        top = max(int(f.value) for f in found)
        assert top == max(values.values())
        if top > 0:
            continue  # a win: no trap to set
        traps = [in_slices(brains[p], state, p, parts, top) for p in range(parts)]
        counted = [t for t in traps if t.trap is not None]
        for f, t in zip(found, traps, strict=True):
            assert (t.trap is not None) == (f.value == top)  # a part of the best value counts
            assert values[(t.move.card, t.move.cell)] == f.value
        best = min(counted, key=lambda t: t.trap)
        assert best.trap == whole_trap(state, top)


def test_a_part_searched_ahead_is_split_again_at_the_turn() -> None:
    """Once a brain has searched a part of the position (before its turn), its search
    is split again at the turn, though its table knows the position."""
    state = dealt(["open"], 34, 2)
    seen = observe(state, state.to_move)
    brain = Brain("master")
    brain.search_part(seen, 0, 2, 30, quick=False)
    assert brain.splits(seen) and brain.splittable(seen)
    whole = Brain("master")
    assert whole.ponder(seen, 60_000)
    assert not whole.splits(seen) and whole.splittable(seen)
