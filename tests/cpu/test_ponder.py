"""Master thinking ahead while the opponent chooses, and saying when its move is exact."""

from __future__ import annotations

from tests.cpu.helpers import dealt
from triad.cpu import Brain
from triad.cpu.context import Context, View
from triad.observe import observe


def test_pondering_goes_on_where_it_stopped_until_every_answer_is_solved() -> None:
    state = dealt(["open"], 35, 2)
    cpu = state.to_move.other
    brain = Brain("master")
    slices = 0
    while not brain.ponder(observe(state, cpu), 5):
        slices += 1
        assert slices < 10_000
    ctx = brain._context
    assert ctx is not None
    # every answer of the CPU is in the table now: its exact search costs a fraction of a
    # fresh one
    warm = cold = 0
    for move in state.legal_moves():
        after, _ = state.apply(move)
        assert ctx.sync(View.of(after))
        before = ctx.solver.nodes
        ctx.solver.best(ctx.position)
        warm += ctx.solver.nodes - before
        fresh = Context(View.of(after))
        fresh.solver.best(fresh.position)
        cold += fresh.solver.nodes
    assert warm * 10 < cold


def test_the_brain_says_whether_its_last_move_was_the_exact_one() -> None:
    state = dealt(["open", "same", "plus", "combo"], 36, 0)
    seen = observe(state, state.to_move)
    brain = Brain("master")
    brain.choose(seen, 1)  # far too short for the empty board: the lookahead's move
    assert not brain.exact
    late = dealt(["open", "same", "plus", "combo"], 36, 5)
    brain.choose(observe(late, late.to_move), None)
    assert brain.exact
    brain.hint(observe(late, late.to_move), None)
    assert brain.exact
    expert = Brain("expert")
    expert.choose(observe(late, late.to_move), None)
    assert not expert.exact


def test_master_thinks_its_own_coming_move_through_before_its_turn() -> None:
    # Before its turn begins (the page shows a title or a deal) master runs the very search
    # `choose` makes, trap included: its move is then the one it would have found with all the
    # time in the world, given at once.
    for seed in (35, 36, 37):
        state = dealt(["open", "same", "plus", "combo"], seed, 3)
        seen = observe(state, state.to_move)
        ahead = Brain("master", seed=seed)
        slices = 0
        while not ahead.ponder(seen, 5):
            slices += 1
            assert slices < 10_000
        nodes = ahead._context.solver.nodes if ahead._context else 0
        move = ahead.choose(seen, 1)  # no time to search: the search is done
        assert ahead.exact
        assert ahead._context is not None and ahead._context.solver.nodes == nodes
        fresh = Brain("master", seed=seed)
        assert move == fresh.choose(seen, None) and fresh.exact


def test_a_search_begun_for_another_position_is_not_played() -> None:
    state = dealt(["open"], 35, 3)
    brain = Brain("master", seed=1)
    while not brain.ponder(observe(state, state.to_move), 50):
        pass
    later = dealt(["open"], 35, 4)
    seen = observe(later, later.to_move)
    move = brain.choose(seen, None)
    assert move in later.legal_moves() and brain.exact
    assert move == Brain("master", seed=1).choose(seen, None)
