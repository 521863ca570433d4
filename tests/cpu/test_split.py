"""Master's search split over workers: each searches a part of the moves."""

from __future__ import annotations

import pytest

from tests.cpu.helpers import CAPTURE_RULES, dealt, exact_values
from triad.cpu import Brain
from triad.cpu.brain import split_moves
from triad.cpu.context import Context, View
from triad.observe import observe


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
