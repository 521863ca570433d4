"""The rule `original` (FF8's own code) in the solver.

Known answers worked out by hand on last placements, where each of the
rule's three ways differs from the seeds' reading, and the packed solver
against plain minimax over the engine on random positions.
"""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import assert_values_are_plain_minimax, brute_value, random_game
from triad.cpu.context import Context, View
from triad.notation import card_from_code, card_to_json, state_from_json
from triad.state import GameState

FILLER = "1111"


def last_placement(
    names: list[str], red: dict[int, str], placed: str, cells: list[str | None] | None = None
) -> GameState:
    """Blue to play ``placed`` (a ``TRBL`` code) on the centre, the last empty cell.

    ``red`` holds red's cards by cell; every other cell holds a blue 1111,
    and red keeps a 1111 in hand.
    """

    def slot(code: str, owner: str) -> dict[str, object]:
        return {"card": card_to_json(card_from_code(code)), "owner": owner}

    board = [
        None if cell == 4 else slot(red[cell], "red") if cell in red else slot(FILLER, "blue")
        for cell in range(9)
    ]
    data: dict[str, object] = {
        "rules": names,
        "board": board,
        "hands": {
            "blue": [card_to_json(card_from_code(placed))],
            "red": [card_to_json(card_from_code(FILLER))],
        },
        "to_move": "blue",
    }
    if cells is not None:
        data["cells"] = cells
    return state_from_json(data)


PLUS = {1: "1151", 3: "1711", 5: "1118", 7: "6111"}
SAME = {1: "1151", 3: "1511", 5: "1114"}
CHAIN = {1: "1181", 2: "1151", 3: "1611", 5: "A112"}
FIRE = [None, None, None, None, "fire", None, None, None, None]


@pytest.mark.parametrize(
    ("names", "red", "placed", "cells", "value"),
    [
        # Plus, sums 10, 12, 10, 12: original takes the 10s only (blue 7, red 3)
        (["original", "plus"], PLUS, "5463", None, 4),
        (["plus"], PLUS, "5463", None, 8),
        # Same fires; the ice 5 (4 on its fire cell) takes the 4 only under original (blue 9, red 1)
        (["original", "same", "elemental"], SAME, "5555:ice", FIRE, 8),
        (["same", "elemental"], SAME, "5555:ice", FIRE, 6),
        # the chain from the basic capture of the A takes the 5 above it (blue 9, red 1)
        (["original", "plus"], CHAIN, "4956", None, 8),
        (["plus", "combo"], CHAIN, "4956", None, 6),
    ],
)
def test_known_values_of_a_last_placement(
    names: list[str], red: dict[int, str], placed: str, cells: list[str | None] | None, value: int
) -> None:
    state = last_placement(names, red, placed, cells)
    ctx = Context(View.of(state))
    assert ctx.solver.value(ctx.position) == value
    assert brute_value(state) == value


@pytest.mark.parametrize(
    "names",
    [
        ["original", "same"],
        ["original", "plus"],
        ["original", "same", "plus", "combo"],
        ["original", "same_wall", "plus_wall", "elemental"],
        ["original", "same", "plus", "ascension"],
        ["original", "same", "plus", "reverse", "battle"],
        ["original", "plus", "broken_wall", "fallen_ace"],
        ["original", "same", "power_wall", "banner"],
    ],
    ids="+".join,
)
def test_solver_matches_plain_minimax(names: list[str]) -> None:
    rng = random.Random("original:" + "+".join(names))
    for _ in range(5):
        state = random_game(rng, names, rng.choice([4, 5]), small=rng.random() < 0.8)
        assert_values_are_plain_minimax(state)
