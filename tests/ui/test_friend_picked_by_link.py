"""A friend match by link whose hands each side picks from its own collection, between
two pages (`triad.ui.friend.link`, the collection's deck dialog), the engine in-process.

Each side is a page over a storage of its own, its collection seeded there: the host
invites with hands picked, picks five and sends the link; the guest opens it, is told
the hands are picked, accepts and picks its five; under Open each sees the other's five;
both pages are reloaded mid-match, the match is played to its end, and neither
collection changes. (The picking through a real page, live: tests/browser/
test_friend_live.py::test_a_live_match_with_hands_picked_from_each_collection.)
"""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.ui.helpers import settle
from tests.ui.test_friend_by_link import Friend, play_through
from tests.ui.test_lifecycle import Channel
from triad.collection import service
from triad.ui.collection.collect import KEY as COLLECTION
from triad.ui.look.text import t

# (each side's page deals a match against the CPU as it boots, beneath the friend match:
# the CPU's thinking there is not these tests')
pytestmark = pytest.mark.usefixtures("quick_cpu")


def collection_save(seed: int, copies: int = 0) -> str:
    """A new collection's save (eight cards), with ``copies`` more of its first card."""
    save = json.loads(json.loads(service.collection_new(json.dumps({"seed": seed})))["save"])
    first = sorted(save["cards"])[0]
    save["cards"][first] += copies
    reply = json.loads(service.collection_import(json.dumps(save)))
    assert reply["ok"], reply
    return str(reply["save"])


async def side_with(save: str, seed: int, address: str = "") -> Friend:
    """A page whose storage holds the collection `save`, booted (on `address`), its
    collection read."""
    side = Friend(["open"], seed)
    side.store.set(COLLECTION, save)
    await side.boot(address)
    for _ in range(50):
        if side.app.coll.ready:
            break
        await settle(side.app)
    assert side.app.coll.ready
    return side


async def pick_five(side: Friend, kind: str) -> list[str]:
    """In the deck dialog opened for the friend match (`kind`: "invite" or "accept"): five
    dealt at random from the collection, then sent; their card ids."""
    app = side.app
    for _ in range(20):
        if app.panel == "deck":
            break
        await settle(app)
    assert app.panel == "deck" and app.coll.for_friend == kind
    assert 'data-do="friend_deck"' in app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
    app.click("do", "deck_deal")
    await settle(app)
    deck = list(app.coll.deck)
    assert len(deck) == 5
    app.click("do", "friend_deck")
    await settle(app)
    return deck


async def picked_and_accepted() -> tuple[Friend, Friend, list[str], list[str]]:
    """A host (collection 77) that invited with hands picked and picked its five, and a guest
    (collection 78, two more of a card) that opened the link, accepted and picked its own:
    the two sides and their fives, the guest's link not yet taken by the host."""
    host = await side_with(collection_save(77), 7)
    host.app.friend.action("friend")
    host.app.click("do", "friend_invite_picked")
    host_deck = await pick_five(host, "invite")
    guest = await side_with(collection_save(78, copies=2), 70, host.link())
    guest.app.friend.action("friend_accept")
    guest_deck = await pick_five(guest, "accept")
    return host, guest, host_deck, guest_deck


def hand_ids(side: Friend, who: str) -> list[str]:
    return sorted({card["id"] for card in side.app.match.view["hands"][who] if card})


def cards_seen(side: Friend) -> set[str]:
    """The ids of the cards on the board and in both hands, as this side's page shows them."""
    view = side.app.match.view
    cards = [slot["card"] for slot in view["board"] if slot] + [
        card for who in ("blue", "red") for card in view["hands"][who] if card
    ]
    return {card["id"] for card in cards if card.get("id")}


def test_hands_picked_from_each_collection_by_link() -> None:
    async def run() -> None:
        saves = collection_save(77), collection_save(78, copies=2)
        host = await side_with(saves[0], 7)
        host.app.friend.action("friend")
        host.app.click("do", "friend_invite_picked")
        host_deck = await pick_five(host, "invite")
        invite = host.link()
        assert "#friend=TF3." in invite
        guest = await side_with(saves[1], 70, invite)
        overlay = guest.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
        assert 'data-do="friend_accept"' in overlay
        assert t("friend_hands_picked") in guest.shown
        guest.app.friend.action("friend_accept")
        guest_deck = await pick_five(guest, "accept")
        assert guest.state == "wait"
        await host.take(guest.link())
        host.me, guest.me = "blue", "red"
        if host.state == "wait" and guest.state == "wait":  # the guest's cards go first (Open)
            assert await guest.take(host.link()) in ("mine", "wait")
            if guest.state == "wait":
                assert await host.take(guest.link()) == "mine"
        # under Open the guest sees both picked hands face up (the host sees the guest's
        # five once they reach it: with its first move when the guest moves first)
        assert hand_ids(guest, "blue") == sorted(set(host_deck))
        assert hand_ids(guest, "red") == sorted(set(guest_deck))
        assert hand_ids(host, "blue") == sorted(set(host_deck))
        moves = await play_through(host, guest, reload_at=3)
        assert moves >= 9
        for side, save in zip((host, guest), saves, strict=True):
            assert side.state == "over" and side.owners() == 9
            assert cards_seen(side) == set(host_deck) | set(guest_deck), side.me
            assert side.store.get(COLLECTION) == save  # (the collection is not the stake)

    asyncio.run(run())


def test_connected_live_the_guest_is_told_the_deal_is_coming_not_shown_the_table() -> None:
    # live, the channel opens before the host's deal has come over it: until it has, the
    # guest's dialog says so, over the match the table held before (not to be played),
    # then closes on the friend match
    async def run() -> None:
        host, guest, host_deck, _ = await picked_and_accepted()
        app = guest.app
        channel = Channel()
        app.screen.js.window.triadLive = channel  # type: ignore[attr-defined]
        app.friend.live.event("open", "")
        assert channel.sent == [app.friend.code]  # (this side's five, over the channel)
        assert app.friend.on_table() is None
        assert app.panel == "friend" and t("live_open_dealing") in guest.shown
        await host.take(guest.link())
        app.friend.live.event("message", host.app.friend.code)  # the deal, heard
        await settle(app)
        assert app.friend.on_table() is app.match and app.panel != "friend"
        guest.me = "red"
        assert hand_ids(guest, "blue") == sorted(set(host_deck))

    asyncio.run(run())
