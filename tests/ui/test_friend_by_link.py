"""Whole friend matches by link between two pages (`triad.ui.friend.link`), the engine in-process.

Each side is a page with its own storage, as two players on two devices: the host
invites from the friend dialog, the guest opens the link; then each move's link goes
to the other side, opened as the page's address or pasted into the dialog. The rule
sets' variety lives here; tests/browser/test_friend.py keeps whole matches through the
real page (a plain one, a drafted one; hands picked from collections:
test_friend_picked_by_link.py).
"""

from __future__ import annotations

import asyncio
import html as markup
import re
from types import SimpleNamespace

import pytest

from tests.friend.helpers import Cheat
from tests.ui.helpers import LocalEngine, make_app, settle
from tests.ui.test_app import store_with
from triad.friend import protocol as fp
from triad.friend.messages import Play
from triad.ui.look.text import t
from triad.ui.page.app import App

# (each side's page deals a match against the CPU as it boots, beneath the friend match:
# the CPU's thinking there is not these tests')
pytestmark = pytest.mark.usefixtures("quick_cpu")

URL = "https://example.test/"


def text_of(html: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


class Friend:
    """One side: a page over a storage of its own, booted again on a reload."""

    def __init__(self, rules: list[str], seed: int) -> None:
        self.store = store_with(rules=rules)
        self.seed = seed
        self.app: App = None  # type: ignore[assignment]
        self.me = ""

    async def boot(self, address: str = "") -> None:
        """The page opens (on a friend's link: `address`) and its engine comes up."""
        app, screen, _ = make_app(self.store, seed=self.seed)
        app.page_url = URL
        screen.js = SimpleNamespace(window=SimpleNamespace())  # type: ignore[attr-defined]
        app.start()  # (main.py: no title for a page opened on a friend's link)
        if address:
            app.friend.open_address(address)
        await app.engine_ready(LocalEngine())
        await settle(app)
        self.app = app

    @property
    def state(self) -> str:
        return self.app.screen.data.get("friend", "")  # type: ignore[attr-defined]

    @property
    def shown(self) -> str:
        return text_of(self.app.screen.regions.get("r-overlay", ""))  # type: ignore[attr-defined]

    def link(self) -> str:
        return self.app.friend.link()

    def owners(self) -> int:
        view = self.app.match.view  # (none while the draft is on)
        return sum(cell is not None for cell in view["board"]) if view else 0

    async def take(self, link: str, by_address: bool = False) -> str:
        """Open the other side's link, as the address or pasted; the state once taken."""
        if by_address:
            self.app.friend.open_address(link)
        else:
            await self.paste(link)
        await settle(self.app)
        return self.state

    async def paste(self, code: str) -> None:
        app = self.app
        if app.panel != "friend":
            app.friend.action("friend")
        app.screen.value = lambda selector: code  # type: ignore[attr-defined]
        app.friend.action("friend_open")
        await settle(app)

    def pickable(self) -> list[str]:
        """The cards of this side's hand the page lets the player choose (data-card)."""
        html = self.app.screen.regions["r-side-" + self.me]  # type: ignore[attr-defined]
        tags = re.findall(r"<[^>]*\bdata-card=\"\d+\"[^>]*>", html)
        return [
            re.findall(r'data-card="(\d+)"', tag)[0]
            for tag in tags
            if re.search(r'class="[^"]*\bpickable\b', tag)
        ]

    async def play(self) -> str:
        """A move as a player makes it: a card the page offers, a free cell, the cell again;
        the link to send."""
        app = self.app
        if app.panel == "friend":
            app.close_panel()
        assert app.accepting(), (self.state, app.panel)
        old = app.friend.code
        cards = self.pickable()
        assert cards, "no card to play"
        forced = (app.match.view.get("forced") or {}).get(self.me)  # Chaos, Order
        if forced is not None:
            assert cards == [str(forced)], "only the card to play is offered"
        cell = str(next(i for i in range(9) if app.match.view["board"][i] is None))
        app.click("card", (self.me, cards[0]))
        app.click("cell", cell)
        app.click("cell", cell)
        await settle(app)
        assert app.friend.code != old, "the move wrote no new link"
        return self.link()

    async def pick(self) -> str:
        """Take the first card left in the draft; the state once picked."""
        app = self.app
        if app.panel == "friend":
            app.close_panel()
        html = app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
        free = re.findall(r'class="draft-pick" data-draft="(\d+)">', html)
        assert free, "no card to pick"
        app.click("draft", free[0])
        await settle(app)
        return self.state


async def start(rules: list[str]) -> tuple[Friend, Friend]:
    """The host invites, the guest opens the link and accepts, the host takes the answer."""
    host, guest = Friend(rules, 7), Friend(rules, 70)
    await host.boot()
    host.app.friend.action("friend")
    host.app.friend.action("friend_invite")
    await settle(host.app)
    invite = host.link()
    assert "#friend=TF3." in invite
    await guest.boot(invite)
    assert 'data-do="friend_accept"' in guest.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
    for rule in rules:  # the guest sees the rules it is invited to
        assert t("rule_" + rule) in guest.shown, (rule, guest.shown)
    guest.app.friend.action("friend_accept")
    await settle(guest.app)
    assert guest.state == "wait"
    await host.take(guest.link())
    host.me, guest.me = "blue", "red"
    return host, guest


async def reload(sides: tuple[Friend, Friend]) -> None:
    """Each page is opened again over its storage: the match comes back as it stood."""
    for side in sides:
        before = (side.state, side.owners(), side.app.friend.code)
        await side.boot()
        assert (side.state, side.owners(), side.app.friend.code) == before


async def first_mover(host: Friend, guest: Friend) -> Friend:
    """The side to play the first move, once the links before it have passed."""
    both_wait = host.state == "wait" and guest.state == "wait"  # the host's start goes first
    # (the guest shows its cards first under Open or Swap: its link goes back)
    if both_wait and await guest.take(host.link()) == "wait":
        assert await host.take(guest.link()) == "mine"
    return host if host.state == "mine" else guest


async def play_through(host: Friend, guest: Friend, reload_at: int = -1) -> int:
    """Pass links until both sides see the match over; the moves played."""
    mover = await first_mover(host, guest)
    moves = 0
    while True:
        link = await mover.play()
        moves += 1
        other = guest if mover is host else host
        if moves == reload_at:
            await reload((host, guest))
        state = await other.take(link, by_address=bool(moves % 2))
        if state == "over":
            if other.app.friend.code != mover.app.friend.code:  # the reveal goes back
                assert await mover.take(other.link()) == "over"
            return moves
        assert state == "mine", state
        mover = other


RULE_SETS = [
    ["three_open", "random", "chaos"],
    ["same", "plus", "order"],
    ["open", "swap"],
    ["sudden_death", "elemental", "combo"],
]


@pytest.mark.parametrize("rules", RULE_SETS, ids="-".join)
def test_a_whole_match_between_two_pages_by_link(rules: list[str]) -> None:
    # Chaos and Order: each page offers only the card it must play; Open and Swap: the
    # guest shows its cards before the first move; each page reloaded mid-match
    async def run() -> None:
        host, guest = await start(rules)
        moves = await play_through(host, guest, reload_at=3)
        assert moves >= 9
        for side in (host, guest):
            assert side.state == "over"
            assert side.owners() == 9
            assert side.app.friend.info["cheat"] is None

    asyncio.run(run())


def test_a_drafted_match_between_two_pages_by_link() -> None:
    # the twelve cards of the shared chance; each pick a move sent by link; both pages
    # reloaded after the third pick and after the fourth move
    async def run() -> None:
        host, guest = await start(["draft"])
        if host.state == "wait" and guest.state == "wait":  # the guest picks first
            assert await guest.take(host.link(), by_address=True) == "mine"
        picker, other = (host, guest) if host.state == "mine" else (guest, host)
        for picks in range(1, 11):
            state = await picker.pick()
            if picks == 10:  # the last pick is the first mover's, who plays on
                assert state == "mine"
                break
            assert state == "wait"
            if picks == 3:
                await reload((host, guest))
                for side, count in ((picker, picks), (other, picks - 1)):
                    overlay = side.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
                    assert overlay.count("data-drafted=") == count, side.me
            assert await other.take(picker.link(), by_address=bool(picks % 2)) == "mine"
            picker, other = other, picker
        hands = picker.app.match.view["hands"]
        assert None not in hands["blue"] + hands["red"]  # every card known
        await play_through(host, guest, reload_at=4)
        for side in (host, guest):
            assert side.state == "over" and side.owners() == 9

    asyncio.run(run())


def damaged(code: str) -> str:
    middle = len(code) // 2
    return code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]


def test_a_damaged_or_newer_link_of_a_move_changes_nothing() -> None:
    async def run() -> None:
        host, guest = await start(["three_open"])
        mover = await first_mover(host, guest)
        other = guest if mover is host else host
        link = await mover.play()
        before = (other.state, other.owners(), other.app.friend.code)
        await other.paste(damaged(link.split("#friend=")[1]))
        assert "data-friend-error" in other.app.screen.regions["r-overlay"]  # type: ignore[attr-defined]
        assert "damaged" in other.shown
        assert (other.state, other.owners(), other.app.friend.code) == before
        assert await other.take(link) == "mine" and other.owners() == 1
        await other.paste("TF9.abc.defg")
        assert "newer version" in other.shown
        assert other.state == "mine" and other.owners() == 1

    asyncio.run(run())


def test_a_forged_move_is_refused_and_changes_nothing() -> None:
    # the host is a program that writes a move for a card it was never dealt
    async def run() -> None:
        host = Cheat(fp.HOST, 77)
        guest = Friend([], 70)
        guest.me = "red"
        await guest.boot(URL + "#friend=" + host.invite(["same"]))
        guest.app.friend.action("friend_accept")
        await settle(guest.app)
        host.take(guest.link())
        code = host.act()
        for _ in range(12):
            state = await guest.take(code)
            host.take(await guest.play() if state == "mine" else guest.link())
            progress = host.progress
            if progress.expect == "play" and progress.author is fp.HOST:
                break
            code = host.act()
        else:
            raise AssertionError("the host never had a move to make")
        before = (guest.owners(), guest.app.friend.code)
        await guest.paste(fp.log_to_code([*host.log, Play(7, 4, 0)]))
        assert "rules do not allow" in guest.shown, guest.shown
        assert (guest.owners(), guest.app.friend.code) == before

    asyncio.run(run())
