"""A new player's starter cards, and the top-up that keeps a collection playable.

Starter collection: 8 different low-level cards of the set, 5 of level 1 and
3 of level 2, one copy each, drawn from a seed with `triad.prng` (the same
seed gives the same cards on every Python). Eight cards let the player
choose a hand of 5 and still lose a few.

Top-up: a collection needs 5 cards to play a match. When a trade leaves
fewer than 5 copies in all, cards of the set's lowest level (level 1 in
the built-in sets), drawn from the match's seed, are added until it holds 5 again, so a player can never be locked out of
the game; the trade reports those cards apart from the ones won.
"""

from __future__ import annotations

from collections.abc import Mapping

from triad.cards import CardSet
from triad.prng import Rng
from triad.state import HAND_SIZE

__all__ = ["STARTER_LEVELS", "starter_cards", "top_up"]

#: How many different cards of each level a new player starts with.
STARTER_LEVELS: tuple[tuple[int, int], ...] = ((1, 5), (2, 3))

_STARTER_STREAM = 0x5741
_TOP_UP_STREAM = 0x5742


def starter_cards(card_set: CardSet, seed: int) -> dict[str, int]:
    """The starter collection (card id -> 1) drawn from ``seed``.

    :raises ValueError: the set has too few cards of a starter level.
    """
    rng = Rng(seed).fork(_STARTER_STREAM)
    cards: dict[str, int] = {}
    for level, count in STARTER_LEVELS:
        ids = [c.id for c in card_set.cards if c.level == level]
        if len(ids) < count:
            raise ValueError(
                f"card set {card_set.id!r} has {len(ids)} cards of level {level}; "
                f"a starter collection needs {count}"
            )
        for i in rng.sample(len(ids), count):
            cards[ids[i]] = 1
    return {card.id: cards[card.id] for card in card_set.cards if card.id in cards}


def top_up(cards: Mapping[str, int], card_set: CardSet, seed: int) -> list[str]:
    """Lowest-level card ids to add so the collection holds at least 5 copies (often none)."""
    missing = HAND_SIZE - sum(cards.values())
    if missing <= 0:
        return []
    lowest = min(c.level for c in card_set.cards)
    ids = [c.id for c in card_set.cards if c.level == lowest]
    rng = Rng(seed).fork(_TOP_UP_STREAM)
    return [ids[rng.below(len(ids))] for _ in range(missing)]
