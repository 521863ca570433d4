"""Hands from a collection: a chosen deck of 5 checked against owned copies, or 5 dealt at random.

Random deals go through the engine's deal (`triad.deal.deal` with the
``random`` rule and the players' pools), so a collection deal follows the
same seeded steps as every other deal. A pool lists every copy: a card
owned twice can be dealt twice. Pools are written in card-set order, so
the same collection and seed always deal the same hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from triad import deal as dealing
from triad.cards import CardSet
from triad.state import HAND_SIZE

__all__ = ["DeckError", "check_deck", "deal_from_collection", "deal_hands", "pool_of"]


class DeckError(ValueError):
    """A hand that cannot be played from the collection; the message says which card."""

    #: What the page explains in the player's language (the message is the detail).
    code = "deck_bad"


def check_deck(cards: Mapping[str, int], card_set: CardSet, deck: object) -> tuple[str, ...]:
    """A chosen deck: exactly 5 card ids of the set, no card more often than it is owned.

    :raises DeckError: not a list of 5 ids, an unknown card, or too few copies.
    """
    if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
        raise DeckError(f"a deck is a list of {HAND_SIZE} card ids")
    if len(deck) != HAND_SIZE:
        raise DeckError(f"a deck holds {HAND_SIZE} cards, this one holds {len(deck)}")
    for card_id, wanted in Counter(deck).items():
        if card_id not in card_set:
            raise DeckError(f"no card {card_id!r} in card set {card_set.id!r}")
        owned = cards.get(card_id, 0)
        if wanted > owned:
            name = card_set.card(card_id).name
            raise DeckError(
                f"the deck holds {wanted} of {name} ({card_id!r}) but the collection has {owned}"
            )
    return tuple(deck)


def pool_of(cards: Mapping[str, int], card_set: CardSet) -> list[str]:
    """Every copy of a collection as a list of card ids, in card-set order."""
    return [c.id for c in card_set.cards for _ in range(cards.get(c.id, 0))]


def deal_hands(
    card_set: CardSet, seed: int, blue_pool: Sequence[str], red_pool: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Five cards for each player from their pools, dealt from ``seed`` by the engine.

    :raises DeckError: a pool with fewer than 5 cards or a card not in the set.
    """
    levels = [c.level for c in card_set.cards]
    powers = [c.power for c in card_set.cards]
    position = {c.id: i for i, c in enumerate(card_set.cards)}
    pools: list[list[int]] = []
    for pool in (blue_pool, red_pool):
        missing = [card_id for card_id in pool if card_id not in position]
        if missing:
            raise DeckError(f"no card {missing[0]!r} in card set {card_set.id!r}")
        pools.append([position[card_id] for card_id in pool])
    try:
        result = dealing.deal(seed, ["random"], levels, powers, [], None, pools)
    except ValueError as exc:
        raise DeckError(str(exc)) from None
    ids = [c.id for c in card_set.cards]
    blue, red = result.hands
    return tuple(ids[i] for i in blue), tuple(ids[i] for i in red)


def deal_from_collection(cards: Mapping[str, int], card_set: CardSet, seed: int) -> tuple[str, ...]:
    """Five cards dealt at random from the collection's copies (the player's side of `deal_hands`).

    :raises DeckError: the collection holds fewer than 5 cards.
    """
    pool = pool_of(cards, card_set)
    if len(pool) < HAND_SIZE:
        raise DeckError(f"the collection holds {len(pool)} cards; a hand needs {HAND_SIZE}")
    return deal_hands(card_set, seed, pool, pool)[0]
