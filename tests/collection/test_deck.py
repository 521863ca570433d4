"""Decks from the collection: chosen and checked, or dealt at random through the engine's deal."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.collection.helpers import HOUSES
from triad import deal as dealing
from triad.collection.deck import (
    DeckError,
    check_deck,
    deal_from_collection,
    deal_hands,
    pool_of,
)

CARDS = {"pim-cobble": 2, "sarnai-velk": 1, "tamsin-reed": 1, "bede-lark": 1, "orla-finch": 1}


def test_a_chosen_deck_must_be_owned() -> None:
    deck = ["pim-cobble", "pim-cobble", "sarnai-velk", "tamsin-reed", "orla-finch"]
    assert check_deck(CARDS, HOUSES, deck) == tuple(deck)
    with pytest.raises(
        DeckError, match=r"holds 3 of Pim Cobble \('pim-cobble'\) but the collection has 2"
    ):
        check_deck(CARDS, HOUSES, ["pim-cobble"] * 3 + ["sarnai-velk", "bede-lark"])
    with pytest.raises(DeckError, match="holds 5 cards, this one holds 4"):
        check_deck(CARDS, HOUSES, deck[:4])
    with pytest.raises(DeckError, match="no card 'joker'"):
        check_deck(CARDS, HOUSES, [*deck[:4], "joker"])
    with pytest.raises(DeckError, match="a list of 5 card ids"):
        check_deck(CARDS, HOUSES, "pim-cobble")
    with pytest.raises(DeckError, match="has 0"):
        check_deck(CARDS, HOUSES, [*deck[:4], "admira-fathom"])


def test_pool_lists_every_copy_in_set_order() -> None:
    pool = pool_of(CARDS, HOUSES)
    assert Counter(pool) == Counter(CARDS)
    order = [c.id for c in HOUSES.cards]
    assert pool == sorted(pool, key=order.index)


def test_random_deal_is_seeded_and_respects_copies() -> None:
    hands = {deal_from_collection(CARDS, HOUSES, seed) for seed in range(40)}
    assert deal_from_collection(CARDS, HOUSES, 7) == deal_from_collection(CARDS, HOUSES, 7)
    assert len(hands) > 1
    for hand in hands:
        assert len(hand) == 5
        assert all(Counter(hand)[i] <= CARDS[i] for i in hand)
    with pytest.raises(DeckError, match="holds 3 cards"):
        deal_from_collection({"pim-cobble": 3}, HOUSES, 1)


def test_random_deal_is_the_engine_deal_from_pools() -> None:
    blue = pool_of(CARDS, HOUSES)
    red = ["orla-finch", "admira-fathom", "bede-lark", "pim-cobble", "coral-wynn", "mossback"]
    hands = deal_hands(HOUSES, 99, blue, red)
    position = {c.id: i for i, c in enumerate(HOUSES.cards)}
    result = dealing.deal(
        99,
        ["random"],
        [c.level for c in HOUSES.cards],
        [c.power for c in HOUSES.cards],
        [],
        None,
        [[position[i] for i in blue], [position[i] for i in red]],
    )
    ids = [c.id for c in HOUSES.cards]
    assert hands == (tuple(ids[i] for i in result.hands[0]), tuple(ids[i] for i in result.hands[1]))
    with pytest.raises(DeckError, match="no card 'joker'"):
        deal_hands(HOUSES, 1, blue, ["joker"] * 5)
