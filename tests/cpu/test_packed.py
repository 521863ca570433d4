"""The packed flip resolution agrees with the engine's on random positions, every rule."""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import CAPTURE_RULES, random_game
from triad.cpu.context import Context, View
from triad.cpu.packed import POPCOUNT


@pytest.mark.parametrize("names", CAPTURE_RULES, ids=lambda n: "+".join(n) or "basic")
def test_packed_child_matches_engine_apply(names: list[str]) -> None:
    rng = random.Random("+".join(names))
    checked = 0
    for _ in range(80):
        state = random_game(rng, names, rng.randint(0, 8), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        for move in state.legal_moves():
            after, _ = state.apply(move)
            child = ctx.child_of(move, state.to_move)
            # compare boards cell by cell: card sides and owner
            w = ctx.packed.width
            for cell in range(9):
                code = child.position.key >> (w * cell) & ctx.packed.slot
                slot = after.board[cell]
                if slot is None:
                    assert code == 0
                    continue
                assert ctx.cards[code - 1] == slot.card, (state, move, cell)
                owned_by_mover = child.position.theirs >> cell & 1
                assert owned_by_mover == (slot.owner == state.to_move), (state, move, cell)
            assert POPCOUNT[child.position.mine | child.position.theirs] == after.placements
            checked += 1
    assert checked > (300 if "order" in names else 800)  # Order: one card to play
