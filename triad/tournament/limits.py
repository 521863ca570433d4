"""Stars and deck limits: a tournament deck in the spirit of FFXIV's star limits.

A card's stars come from its level (1 to 10): ``stars = (level + 1) // 2``,
so levels 1-2 are one star, 3-4 two, 5-6 three, 7-8 four and 9-10 five.
A tournament deck holds 5 cards, at most one of five stars and at most two
of four or five stars (`check_limits`). The player keeps up to `MAX_DECKS`
named decks (`NamedDeck`); the rulebook says the same (docs/RULES.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from triad.cards import CardSet
from triad.state import HAND_SIZE

__all__ = [
    "MAX_DECKS",
    "MAX_FIVE_STARS",
    "MAX_FOUR_STARS",
    "MAX_NAME",
    "DeckLimitError",
    "NamedDeck",
    "check_limits",
    "stars",
]

#: Named decks a save keeps.
MAX_DECKS = 5
#: Cards of five stars a deck may hold.
MAX_FIVE_STARS = 1
#: Cards of four or five stars a deck may hold.
MAX_FOUR_STARS = 2
#: Longest deck name.
MAX_NAME = 24


class DeckLimitError(ValueError):
    """A deck over the limits or malformed. ``code`` names the reason for the page's words,
    ``card`` the card at fault (its id, or "" when no one card is)."""

    def __init__(self, message: str, code: str, card: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.card = card


def stars(level: int) -> int:
    """The stars of a card of ``level`` (1..10): 1 to 5."""
    return (max(1, min(10, level)) + 1) // 2


def check_limits(deck: Sequence[str], card_set: CardSet) -> tuple[str, ...]:
    """``deck`` if it is 5 cards of ``card_set`` within the star limits.

    The card named at fault is the first card, in deck order, past a limit.

    :raises DeckLimitError: the wrong count, an unknown card, too many stars.
    """
    if len(deck) != HAND_SIZE:
        raise DeckLimitError(
            f"a deck holds {HAND_SIZE} cards, this one holds {len(deck)}", "deck_count"
        )
    fives = fours = 0
    for card_id in deck:
        if card_id not in card_set:
            raise DeckLimitError(
                f"no card {card_id!r} in set {card_set.id!r}", "deck_card", card_id
            )
        card = card_set.card(card_id)
        count = stars(card.level)
        if count == 5:
            fives += 1
            if fives > MAX_FIVE_STARS:
                raise DeckLimitError(
                    f"{card.name} is a second card of five stars; a deck holds at most "
                    f"{MAX_FIVE_STARS}",
                    "deck_five",
                    card_id,
                )
        if count >= 4:
            fours += 1
            if fours > MAX_FOUR_STARS:
                raise DeckLimitError(
                    f"{card.name} is a third card of four or five stars; a deck holds at most "
                    f"{MAX_FOUR_STARS}",
                    "deck_four",
                    card_id,
                )
    return tuple(deck)


@dataclass(frozen=True)
class NamedDeck:
    """One of the player's decks: a name (1 to `MAX_NAME` characters) and 5 card ids."""

    name: str
    cards: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"name", "cards"}``."""
        return {"name": self.name, "cards": list(self.cards)}


def check_name(name: object) -> str:
    """A deck name, trimmed.

    :raises DeckLimitError: not text, empty, or too long.
    """
    if not isinstance(name, str) or not name.strip():
        raise DeckLimitError("a deck needs a name", "deck_name")
    text = " ".join(name.split())
    if len(text) > MAX_NAME:
        raise DeckLimitError(f"a deck name has at most {MAX_NAME} characters", "deck_name")
    return text
