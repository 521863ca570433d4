"""Small builders shared by the engine tests."""

from __future__ import annotations

from triad.capture import Board, Placed, Player
from triad.cards import Card
from triad.notation import card_from_code

BLUE = Player.BLUE
RED = Player.RED


def card(code: str) -> Card:
    """A card from ``"TRBL"`` or ``"TRBL:affinity"`` (``A`` = 10)."""
    return card_from_code(code)


def board(*entries: str | None) -> Board:
    """A board from nine entries ``"b:TRBL"``, ``"r:TRBL"`` or None."""
    assert len(entries) == 9
    result: list[Placed | None] = []
    for entry in entries:
        if entry is None:
            result.append(None)
        else:
            owner, _, code = entry.partition(":")
            result.append(Placed(card(code), BLUE if owner == "b" else RED))
    return tuple(result)


def owners(state_board: Board) -> str:
    """The owners as a 9-character string of ``.``, ``b`` and ``r``."""
    return "".join("." if s is None else ("b" if s.owner is BLUE else "r") for s in state_board)
