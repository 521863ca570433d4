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
