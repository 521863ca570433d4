"""Fallen Ace in the solver: between a 1 and an A the attacking card always captures.

Known answers worked out by hand, and the packed solver against plain minimax
over the engine on positions full of 1s and As, with and without Reverse.
"""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import assert_values_are_plain_minimax, brute_value
from triad.cards import Card
from triad.cpu.context import Context, View
from triad.rules import RuleSet
from triad.state import GameState, Move, Table

FILLER = Card.of(5, 5, 5, 5)


def last_move(names: list[str], red_on_1: Card, blue_last: Card) -> GameState:
    """Blue to play its last card on the centre; red's ``red_on_1`` is above it.

    Every other card is a 5555, so nothing else ever captures.
    """
    table = Table.make(RuleSet.parse(names))
    blue = [FILLER, FILLER, FILLER, FILLER, blue_last]
    red = [red_on_1, FILLER, FILLER, FILLER, FILLER]
    state = GameState.new(table, blue, red)
    # blue fills 0, 2, 6, 8; red 1, 3, 5, 7: the centre stays empty.
    for blue_cell, red_cell in ((0, 1), (2, 3), (6, 5), (8, 7)):
        state, _ = state.apply(Move(0, blue_cell))
        state, _ = state.apply(Move(0, red_cell))
    assert state.board[4] is None and len(state.hands[0]) == 1
    return state


@pytest.mark.parametrize(
    ("names", "red_on_1", "blue_last", "value"),
    [
        # the placed A takes the 1 above it: blue 6 cards, red 4
        (["fallen_ace"], Card.of(5, 5, 1, 5), Card.of(10, 5, 5, 5), 2),
        # the placed 1 takes the A above it
        (["fallen_ace"], Card.of(5, 5, 10, 5), Card.of(1, 5, 5, 5), 2),
        # Reverse: the placed 1 still takes the A above it
        (["fallen_ace", "reverse"], Card.of(5, 5, 10, 5), Card.of(1, 5, 5, 5), 2),
        # Reverse: the placed A takes the 1 above it
        (["fallen_ace", "reverse"], Card.of(5, 5, 1, 5), Card.of(10, 5, 5, 5), 2),
        # Reverse without Fallen Ace: the placed A does not take the lower 1
        (["reverse"], Card.of(5, 5, 1, 5), Card.of(10, 5, 5, 5), 0),
    ],
)
def test_known_values_of_a_1_against_an_A(
    names: list[str], red_on_1: Card, blue_last: Card, value: int
) -> None:
    state = last_move(names, red_on_1, blue_last)
    ctx = Context(View.of(state))
    assert ctx.solver.value(ctx.position) == value
    assert brute_value(state) == value


def ace_card(rng: random.Random) -> Card:
    """A card whose sides are mostly 1s and As, so Fallen Ace fires often."""
    return Card.of(*(rng.choice([1, 1, 10, 10, 4, 7]) for _ in range(4)))


@pytest.mark.parametrize(
    "names",
    [
        ["fallen_ace"],
        ["fallen_ace", "reverse"],
        ["fallen_ace", "same", "plus", "combo"],
        ["fallen_ace", "reverse", "same", "combo"],
    ],
    ids="+".join,
)
def test_solver_matches_plain_minimax_with_1s_and_As(names: list[str]) -> None:
    rng = random.Random("fallen ace:" + "+".join(names))
    for _ in range(5):
        table = Table.make(RuleSet.parse(names))
        hands = [[ace_card(rng) for _ in range(5)] for _ in range(2)]
        state = GameState.new(table, hands[0], hands[1])
        for _ in range(rng.choice([4, 5])):
            state, _ = state.apply(rng.choice(state.legal_moves()))
        assert_values_are_plain_minimax(state)
