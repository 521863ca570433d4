"""Play again after a friend match (`triad.ui.friend.rematch`): a rematch with the same
friend and the same rules, by link or over the live channel, never a match against the CPU.

Two pages, each over a storage of its own, play a whole match by link
(`tests.ui.test_friend_by_link`); then one presses Play again. Live, each page's
channel is a fake (`tests.ui.test_lifecycle.Channel`) and what one page sends is
heard by the other as live.js would tell it (``live.event("message", code)``).
"""

from __future__ import annotations

import asyncio

import pytest

from tests.ui.helpers import settle
from tests.ui.test_friend_by_link import Friend, first_mover, play_through, start
from tests.ui.test_lifecycle import Channel
from triad.friend import protocol as fp
from triad.ui.friend.link import FriendTransport
from triad.ui.look.text import t
from triad.ui.page.panels import DIALOG_FOCUS
from triad.ui.table.choosing import CURSOR, HAND

# (each side's page deals a match against the CPU as it boots, beneath the friend match:
# the CPU's thinking there is not these tests')
pytestmark = pytest.mark.usefixtures("quick_cpu")

RULES = ["same", "plus"]


async def played(rules: list[str]) -> tuple[Friend, Friend]:
    """Two pages that played a whole match by link, both showing it over."""
    host, guest = await start(rules)
    await play_through(host, guest)
    for side in (host, guest):
        assert side.state == "over" and side.app.match.view["over"]
    return host, guest


async def play_again(side: Friend) -> None:
    """The result's Play again, as the player presses it."""
    app = side.app
    app.click("do", "rematch")
    await settle(app)


def on_table(side: Friend) -> str:
    """The id of the friend match on this side's table ("" when it is no friend match)."""
    match = side.app.match
    return match.transport.ident if isinstance(match.transport, FriendTransport) else ""


def same_match(a: Friend, b: Friend, rules: list[str], old: str) -> str:
    """Both tables hold the same new friend match, with `rules`, nothing over it; its id."""
    ident = on_table(a)
    assert ident and ident != old and on_table(b) == ident
    for side in (a, b):
        assert side.app.match.playing["rules"] == rules
        assert side.app.match.view is not None and not side.app.match.view["over"]
        assert side.app.panel is None, side.shown
    return ident


def test_play_again_after_a_match_by_link_invites_the_same_friend() -> None:
    async def run() -> None:
        host, guest = await played(RULES)
        old = on_table(guest)
        await play_again(guest)  # (the guest of the match played invites this time)
        app = guest.app
        assert app.panel == "friend" and on_table(guest) == old  # no match against the CPU
        assert app.screen.focused[-1] == DIALOG_FOCUS  # type: ignore[attr-defined]
        assert t("friend_rematch_link") in guest.shown
        assert t("friend_rematch_link") in app.screen.said  # type: ignore[attr-defined]
        info = app.friend.info
        assert info["expect"] == "answer" and info["rules"] == RULES and not info["picked"]
        link = guest.link()
        assert (
            "#friend=TF3." in link
            and 'data-friend-link="' + link in app.screen.regions["r-overlay"]
        )  # type: ignore[attr-defined]
        await host.take(link, by_address=True)
        assert 'data-do="friend_accept"' in host.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
        host.app.friend.action("friend_accept")
        await settle(host.app)
        await guest.take(host.link())
        if host.on_table() != guest.on_table():  # (the inviter's start goes back)
            await host.take(guest.link())
        for side in (host, guest):
            if side.app.panel == "friend":
                side.app.close_panel()
        same_match(host, guest, RULES, old)
        assert guest.app.match.transport.me == "blue"  # (the inviter is the host)

    asyncio.run(run())


Friend.on_table = on_table  # type: ignore[attr-defined]


def connect(*sides: Friend) -> None:
    """Each page's live channel opens (a fake: what it sends is kept)."""
    for side in sides:
        side.channel = Channel()  # type: ignore[attr-defined]
        side.read = 0  # type: ignore[attr-defined]
        side.app.screen.js.window.triadLive = side.channel  # type: ignore[attr-defined]
        side.app.friend.live.event("open", "")
        assert side.app.friend.live.connected


async def carry(a: Friend, b: Friend) -> None:
    """What each page sent over its channel is heard by the other, until nothing is left."""
    for _ in range(20):
        moved = False
        for src, dst in ((a, b), (b, a)):
            sent = src.channel.sent  # type: ignore[attr-defined]
            while src.read < len(sent):  # type: ignore[attr-defined]
                code = sent[src.read]  # type: ignore[attr-defined]
                src.read += 1  # type: ignore[attr-defined]
                dst.app.friend.live.event("message", code)
                moved = True
            await settle(dst.app)
        if not moved:
            return
    raise AssertionError("the pages never stopped sending")


def sent_id(side: Friend) -> str:
    """The id of the invitation this page last sent over its channel."""
    return fp.match_id(fp.log_from_code(side.channel.sent[-1])[0])  # type: ignore[arg-type,attr-defined]


def accept_live(side: Friend) -> None:
    html = side.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
    assert side.app.panel == "friend" and 'data-do="friend_accept"' in html
    assert t("friend_rematch_invited") in side.shown
    side.app.friend.action("friend_accept")


def test_play_again_live_goes_over_the_channel_and_both_tables_deal_it() -> None:
    async def run() -> None:
        host, guest = await played(RULES)
        old = on_table(host)
        connect(host, guest)
        await carry(host, guest)
        said = len(guest.app.screen.said)  # type: ignore[attr-defined]
        await play_again(host)
        assert host.app.panel == "friend" and on_table(host) == old
        assert t("friend_rematch_live") in host.shown
        assert "data-friend-link" not in host.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
        sent = host.channel.sent[-1]  # type: ignore[attr-defined]
        assert sent == host.app.friend.code  # the invitation went at once
        host.app.close_panel()  # (Escape) then Play again: the same invitation, not another
        await play_again(host)
        assert host.app.panel == "friend" and host.channel.sent[-1] == sent  # type: ignore[attr-defined]
        await carry(host, guest)
        assert t("friend_rematch_invited") in guest.app.screen.said[said:]  # type: ignore[attr-defined]
        assert guest.app.screen.focused[-1] == DIALOG_FOCUS  # type: ignore[attr-defined]
        accept_live(guest)
        await settle(guest.app)
        await carry(host, guest)
        ident = same_match(host, guest, RULES, old)
        for side in (host, guest):
            assert side.app.friend.live.connected  # (the channel carries the new match)
            assert side.app.screen.focused[-1] in (CURSOR, HAND)  # type: ignore[attr-defined]
        sides = "You are Red, your friend Blue."
        assert any(sides in s for s in guest.app.screen.said[said:])  # type: ignore[attr-defined]
        assert guest.app.match.playing["friend"] == ident

    asyncio.run(run())


def test_crossing_live_invitations_end_on_the_smaller_id_on_both_pages() -> None:
    async def run() -> None:
        for order in (0, 1, 2):
            host, guest = await played(RULES)
            old = on_table(host)
            connect(host, guest)
            await carry(host, guest)
            first, second = (host, guest) if order != 1 else (guest, host)
            first.app.click("do", "rematch")
            if order == 2:  # the first heard while the second is being made
                await settle(first.app)
                second.app.friend.live.event("message", first.channel.sent[-1])  # type: ignore[attr-defined]
                first.read += 1  # type: ignore[attr-defined]
                second.app.click("do", "rematch")
            else:  # both made before either page heard the other's
                second.app.click("do", "rematch")
            await settle(first.app)
            await settle(second.app)
            ids = {sent_id(first), sent_id(second)}
            assert len(ids) == 2
            await carry(host, guest)
            win = min(ids)
            for side in (host, guest):
                assert side.app.friend.info["id"] == win, order
            asked = [s for s in (host, guest) if s.app.friend.info["mine"]]
            assert len(asked) == 1  # the page whose invitation lost is asked to accept
            accept_live(asked[0])
            await settle(asked[0].app)
            await carry(host, guest)
            assert same_match(host, guest, RULES, old) == win

    asyncio.run(run())


def test_new_game_after_a_friend_match_offers_the_rematch_and_asks_while_under_way() -> None:
    async def run() -> None:
        host, guest = await played(["open"])
        old = on_table(host)
        assert host.app.key("F5") is True
        await settle(host.app)
        assert host.app.panel == "friend" and t("friend_rematch_link") in host.shown
        assert on_table(host) == old
        # the new match under way: F5 asks first, as it always did
        await guest.take(host.link())
        guest.app.friend.action("friend_accept")
        await settle(guest.app)
        await host.take(guest.link())
        mover = await first_mover(host, guest)
        await mover.play()
        mover.app.close_panel()
        mover.app.key("F5")
        assert mover.app.panel == "leave"

    asyncio.run(run())


def test_a_rematch_of_hands_picked_has_each_side_pick_again() -> None:
    async def run() -> None:
        from tests.ui.test_friend_picked_by_link import pick_five, picked_and_accepted

        host, guest, _, _ = await picked_and_accepted()
        await host.take(guest.link())
        host.me, guest.me = "blue", "red"
        await play_through(host, guest)
        old = on_table(guest)
        await play_again(guest)  # the deck dialog first, for the rematch
        deck = await pick_five(guest, "rematch")
        info = guest.app.friend.info
        assert info["picked"] and info["rules"] == ["open"] and info["expect"] == "answer"
        assert t("friend_rematch_link") in guest.shown and on_table(guest) == old
        await host.take(guest.link(), by_address=True)
        assert t("friend_hands_picked") in host.shown
        host.app.friend.action("friend_accept")
        await pick_five(host, "accept")
        await guest.take(host.link())
        if on_table(host) != on_table(guest):  # (the inviter's start goes back)
            await host.take(guest.link())
        for side in (host, guest):
            if side.app.panel == "friend":
                side.app.close_panel()
        same_match(host, guest, ["open"], old)
        blue = {card["id"] for card in host.app.match.view["hands"]["blue"] if card}
        assert blue == set(deck)  # (under Open the five the inviter picked show)

    asyncio.run(run())


def test_after_the_channel_dropped_the_rematch_goes_by_link() -> None:
    async def run() -> None:
        host, guest = await played(RULES)
        connect(host, guest)
        host.app.friend.live.event("closed", "")  # (the friend closed the tab)
        assert host.app.screen.data["live"] == "lost"  # type: ignore[attr-defined]
        await play_again(host)
        assert host.app.screen.data["live"] == "off"  # type: ignore[attr-defined]
        assert host.channel.closed  # type: ignore[attr-defined]
        assert (
            t("friend_rematch_link") in host.shown
            and "data-friend-link"
            in (
                host.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
            )
        )

    asyncio.run(run())
