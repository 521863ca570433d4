"""A friend match through the page (`triad.ui.friend.link`), the engine in-process.

One side is the page; the other a program speaking the protocol
(`tests.friend.helpers.Side`), or a second page: codes pass between them as
the players' chat would pass them.
"""

from __future__ import annotations

import asyncio
import html as markup
import re
from types import SimpleNamespace

from tests.friend.helpers import Cheat, Side
from tests.ui.helpers import FakeScreen, LocalEngine, make_app, settle
from triad.friend import protocol as fp
from triad.ui.look.text import t
from triad.ui.page.app import App


def text_of(html: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


async def page(up: bool = True, seed: int = 7) -> tuple[App, FakeScreen]:
    app, screen, _ = make_app(seed=seed)
    app.page_url = "https://example.test/"
    screen.js = SimpleNamespace(window=SimpleNamespace())  # type: ignore[attr-defined]
    app.start()
    if up:
        await app.engine_ready(LocalEngine())
    await settle(app)
    return app, screen


async def opened(app: App, code: str) -> None:
    await app.friend.open_any(code)
    await settle(app)


async def play_one(app: App) -> None:
    """The page plays its first legal move, by clicks."""
    view = app.match.view
    player = view["to_move"]
    cell = next(i for i in range(9) if view["board"][i] is None)
    app.click("card", (player, "0"))
    app.click("cell", str(cell))
    app.click("cell", str(cell))
    await settle(app)


async def guest_against(host: Side, rules: list[str]) -> App:
    """The page answers `host`'s invitation and the match begins."""
    app, _ = await page()
    await opened(app, host.invite(rules))
    await app.friend.accept()
    await settle(app)
    host.take(app.friend.code)
    await opened(app, host.act())
    return app


async def play_out(app: App, other: Side) -> None:
    """Moves pass between the page and `other` until the page's match is over."""
    for _ in range(40):
        info = app.friend.info
        if info["over"]:
            return
        if info["mine"]:
            await play_one(app)
        else:
            other.take(app.friend.code)
            await opened(app, other.act())
    raise AssertionError("the match did not end")


def test_a_caught_cheat_shows_the_verdict_as_the_only_result() -> None:
    # the host plays a strong card it was never dealt: the reveal at the end shows it, and
    # whoever has the better board, the verdict is the only result
    async def run() -> None:
        host = Cheat(fp.HOST, 77)
        app = await guest_against(host, ["same"])
        await play_out(app, host)
        info = app.friend.info
        assert info["cheat"] == "blue"
        if app.panel == "friend":  # (the last link to send shows first)
            app.close_panel()
        shown = text_of(app.screen.regions.get("r-overlay", ""))
        assert "data-result" in app.screen.regions["r-overlay"]
        assert t("blue_wins") not in shown and t("red_wins") not in shown
        assert t("draw") not in shown
        assert "do not match the hand they committed to" in shown
        status = text_of(app.screen.regions.get("r-status", ""))
        assert t("blue_wins") not in status and t("red_wins") not in status

    asyncio.run(run())


def damaged(code: str) -> str:
    middle = len(code) // 2
    return code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]


def test_a_damaged_invitation_is_said_beside_the_paste_box() -> None:
    # pasted on the dialog's first screen, below rules and buttons: the message shows by
    # the box it was pasted into (which keeps what was pasted), and the focus goes there
    async def run() -> None:
        host = Side(fp.HOST, 5)
        app, screen = await page()
        app.friend.action("friend")
        bad = damaged(host.invite(["same"]))
        await opened(app, bad)
        html = screen.regions["r-overlay"]
        box = html.index('id="friend-paste"')
        error = html.index("data-friend-error")
        assert box < error < html.index('data-do="friend_open"'), "the message is by the box"
        assert 'aria-describedby="friend-error"' in html
        assert "damaged" in text_of(html[error:])
        assert bad in html  # (the box keeps the damaged code, to look at)
        assert screen.focused[-1] == "#friend-paste"
        await opened(app, host.invite(["same"]))  # a good one: the message goes
        assert "data-friend-error" not in screen.regions["r-overlay"]

    asyncio.run(run())


def loading_words(html: str) -> str:
    return text_of(html[html.index('class="friend-body"') :])


def test_invite_and_open_before_the_engine_is_up_wait_for_it() -> None:
    # as "Invite to play live" does: the dialog says the game is loading, in a player's
    # words, and goes on by itself once it is up; the words go with the loading
    async def run() -> None:
        app, screen = await page(up=False)
        app.friend.action("friend")
        app.friend.action("friend_invite")
        await settle(app)
        shown = loading_words(screen.regions["r-overlay"])
        assert t("friend_wait_engine") in shown, shown
        assert "engine is still loading" not in shown and "friend-error" not in shown
        await app.engine_ready(LocalEngine())
        await settle(app)
        assert app.friend.code.startswith("TF3.") and app.panel == "friend"
        shown = loading_words(screen.regions["r-overlay"])
        assert t("friend_wait_engine") not in shown and "#friend=TF3." in shown

        guest, screen = await page(up=False)
        screen.value = lambda selector: app.friend.link()  # type: ignore[attr-defined]
        guest.friend.action("friend")
        guest.friend.action("friend_open")
        await settle(guest)
        html = screen.regions["r-overlay"]
        shown = loading_words(html)
        assert t("friend_wait_open") in shown and "friend-error" not in html, shown
        assert html.index('id="friend-paste"') < html.index(t("friend_wait_open"))
        await guest.engine_ready(LocalEngine())
        await settle(guest)
        assert guest.friend.screen == "invite"
        assert 'data-do="friend_accept"' in screen.regions["r-overlay"]
        assert t("friend_wait_open") not in screen.regions["r-overlay"]

    asyncio.run(run())


def dialog_words(app: App) -> str:
    app.friend.action("friend")  # (the friend dialog, as the player opens it)
    return text_of(app.screen.regions["r-overlay"])


def test_only_the_side_whose_reveal_the_friend_lacks_is_asked_to_send_it() -> None:
    # the last mover reveals with its last move; the other side's reveal ends the match
    async def run() -> None:
        seen = set()
        for seed in range(20):  # (the page's secrets are its own: who moves last varies)
            host = Side(fp.HOST, seed)
            app = await guest_against(host, ["same"])
            await play_out(app, host)
            last = fp.replay(fp.log_from_code(app.friend.code)[:-1], host.card_set).author
            page_reveals_last = last is fp.GUEST
            seen.add(page_reveals_last)
            if page_reveals_last:  # its friend lacks the page's reveal: it is asked to send
                assert app.panel == "friend"
                shown = text_of(app.screen.regions["r-overlay"])
                assert t("friend_over") in shown and "#friend=" in shown
                assert not host.progress.over
                host.take(app.friend.code)
                assert host.progress.over and host.progress.cheat is None
            else:  # the friend's reveal came last: nothing to send, the result shows
                assert app.panel != "friend"
                assert "data-result" in app.screen.regions["r-overlay"]
                shown = dialog_words(app)
                assert t("friend_over") not in shown and t("friend_over_sent") in shown
                assert "#friend=" not in shown
            if len(seen) == 2:
                return
        raise AssertionError(f"only one way to end was seen: {seen}")

    asyncio.run(run())


def test_an_old_or_replayed_link_says_nothing_new() -> None:
    async def run() -> None:
        host = Side(fp.HOST, 9)
        app = await guest_against(host, ["same"])
        if not app.friend.info["mine"]:  # (the host's move first)
            host.take(app.friend.code)
            await opened(app, host.act())
        old = fp.log_to_code(host.log)
        await play_one(app)
        host.take(app.friend.code)
        code = host.act()
        await opened(app, code)
        app.close_panel()
        before = (app.friend.code, app.match.view["board"])
        for again in (code, old, "https://example.test/#friend=" + code):
            await opened(app, again)
            assert app.panel == "friend"
            shown = text_of(app.screen.regions["r-overlay"])
            assert t("err_friend_old") in shown, shown
            assert (app.friend.code, app.match.view["board"]) == before
            app.close_panel()

    asyncio.run(run())


def test_a_new_invitation_is_offered_while_a_match_is_unfinished() -> None:
    # a move sent, the friend's awaited: the dialog still leads to a new invitation (the
    # match left is kept, and comes back when the friend's link is opened)
    async def run() -> None:
        for cheat in (False, True):
            host = (Cheat if cheat else Side)(fp.HOST, 21)
            app = await guest_against(host, ["same"])
            if cheat:
                await play_out(app, host)
                assert app.friend.info["cheat"] == "blue"
            elif app.friend.info["mine"]:
                await play_one(app)
            old = app.friend.info["id"]
            app.close_panel()
            app.friend.action("friend")
            assert 'data-do="friend_new"' in app.screen.regions["r-overlay"]
            app.friend.action("friend_new")
            assert 'data-do="friend_invite"' in app.screen.regions["r-overlay"]
            app.friend.action("friend_invite")
            await settle(app)
            assert app.friend.info["id"] != old and app.friend.screen == "send"
            assert app.store.get("triad.friend." + old)  # (the match left is kept)

    asyncio.run(run())


def test_hands_picked_before_the_collection_is_read_wait_for_it_then_go_on() -> None:
    """The dialog said "Engine loading…" and kept saying it once the engine was up: it now
    says the game loads, and opens the deck dialog once the collection is read."""

    async def run() -> None:
        app, screen = await page(up=False)
        app.friend.action("friend")
        app.click("do", "friend_invite_picked")
        for _ in range(3):
            await asyncio.sleep(0)  # (the dialog says so from its task)
        assert app.panel == "friend" and "still loading" in text_of(screen.regions["r-overlay"])
        await app.engine_ready(LocalEngine())
        for _ in range(20):
            await settle(app)
        assert "Engine loading" not in screen.regions["r-overlay"]
        assert app.panel == "deck" and app.coll.for_friend == "invite"

    asyncio.run(run())


def test_the_table_and_the_result_say_you_and_your_friend() -> None:
    async def run() -> None:
        host = Side(fp.HOST, 31)
        app = await guest_against(host, ["same"])
        table = text_of(" ".join(app.screen.regions.values()))
        assert "You (Red)" in table and "Your friend (Blue)" in table
        await play_out(app, host)
        app.close_panel()
        result = text_of(app.screen.regions["r-overlay"])
        scores = app.match.view["scores"]
        words = {"red": "You win!", "blue": "Your friend wins!"}
        title = words.get(app.match.view["winner"], t("draw"))
        assert title in result, result
        assert "Red wins" not in result and "Blue wins" not in result
        assert f"Your friend (Blue) {scores['blue']}" in result

    asyncio.run(run())


def test_the_first_screen_and_the_friend_button_on_the_table() -> None:
    # one sentence, two choices and the paste box; the other ways fold away; Copy says
    # "Copied"; during a friend match a button of the table opens the dialog
    async def run() -> None:
        app, screen = await page()
        copies: list[str] = []

        async def copy(selector: str, text: str) -> bool:
            copies.append(text)
            return len(copies) > 1  # the browser refuses the first copy, takes the next

        screen.copy = copy  # type: ignore[attr-defined]
        assert 'data-action="friend"' not in " ".join(screen.regions.values())
        app.friend.action("friend")
        html = screen.regions["r-overlay"]
        assert html.count("<button") == 4  # close, invite, open, more
        assert 'data-do="friend_live"' not in html and "friend_invite_picked" not in html
        assert html.index("friend_invite") < html.index("friend-paste") < html.index("friend_more")
        app.friend.action("friend_more")
        html = screen.regions["r-overlay"]
        assert 'data-do="friend_live"' in html and 'aria-expanded="true"' in html
        app.friend.action("friend_invite")
        await settle(app)
        assert t("friend_copy") in screen.regions["r-overlay"]
        app.friend.action("friend_copy")
        await settle(app)  # refused: the box keeps the link selected, Copy says nothing
        assert "data-copied" not in screen.regions["r-overlay"]
        app.friend.action("friend_copy")
        await settle(app)
        assert copies == [app.friend.link()] * 2
        assert "data-copied" in screen.regions["r-overlay"]
        assert ">" + t("friend_copied") + "<" in screen.regions["r-overlay"]

        guest = await guest_against(Side(fp.HOST, 41), ["same"])
        guest.close_panel()
        bars = " ".join(guest.screen.regions.values())
        assert 'data-action="friend"' in bars
        guest.click("action", "friend")
        assert guest.panel == "friend"
        guest.click("action", "friend")
        assert guest.panel is None

    asyncio.run(run())


def test_a_failed_live_connection_offers_the_public_server_again() -> None:
    async def run() -> None:
        app, screen = await page()
        app.friend.action("friend")
        app.friend.action("friend_more")
        first = text_of(screen.regions["r-overlay"])
        assert "sees your network address, not your game" in first
        live = app.friend.live
        await app.friend.invite(False)
        live.to("failed")
        app.friend.error = t("live_timeout")
        app.friend.open_panel("live")
        html = screen.regions["r-overlay"]
        assert 'data-do="friend_live_stun"' in html and 'data-do="friend_live_again"' in html
        assert "both of you tick the public server" in text_of(html)
        app.friend.action("friend_live_stun")  # (this side's consent; the friend gives its own)
        assert live.stun and "checked" in screen.regions["r-overlay"]

    asyncio.run(run())


def test_a_link_opened_before_the_engine_shows_its_own_loading_screen() -> None:
    # the invited friend's page: no title, the dialog says the link opens once the game is
    # up, then shows the invitation by itself
    async def run() -> None:
        host = Side(fp.HOST, 51)
        code = host.invite(["same"])
        app, screen, _ = make_app()
        app.page_url = "https://example.test/"
        screen.js = SimpleNamespace(window=SimpleNamespace())  # type: ignore[attr-defined]
        app.start()
        app.friend.open_address(code)
        await settle(app)
        html = screen.regions["r-overlay"]
        assert app.panel == "friend" and t("friend_wait_link") in text_of(html)
        assert "friend-paste" not in html and "title-screen" not in html
        await app.engine_ready(LocalEngine())
        await settle(app)
        html = screen.regions["r-overlay"]
        assert 'data-do="friend_accept"' in html and t("friend_wait_link") not in html

    asyncio.run(run())


def test_nothing_is_played_beneath_an_invitation_until_it_is_closed() -> None:
    # the invited friend's page deals the quick match it would show, but holds it beneath
    # the invitation as beneath the title: no CPU move, no turn said, no deal ahead; the
    # invitation accepted replaces it, or closed lets it start
    for accept in (True, False):

        async def run(accept: bool = accept) -> None:
            host = Side(fp.HOST, 71)
            code = host.invite(["same"])
            app, screen, _ = make_app(seed=5)
            app.page_url = "https://example.test/"
            screen.js = SimpleNamespace(window=SimpleNamespace())  # type: ignore[attr-defined]
            app.start(held=True)
            app.friend.open_address(code)
            engine = LocalEngine()
            await app.engine_ready(engine)
            for _ in range(40):  # a while, in which a CPU free to move would have moved
                await settle(app)
                await app.sleep(100)
            assert 'data-do="friend_accept"' in screen.regions["r-overlay"]
            called = [name for name, _ in engine.calls]
            assert "cpu_move" not in called and "deal_ahead" not in called, called
            assert text_of(screen.regions["r-status"]) == ""
            if accept:  # the table stays held while the host's start is awaited, then is its
                await app.friend.accept()
                await settle(app)
                assert app.held() and "cpu_move" not in [name for name, _ in engine.calls]
                host.take(app.friend.code)
                await opened(app, host.act())
                assert app.friend.on_table() is not None and not app.held()
            else:
                app.close_panel()
                await settle(app)
                assert not app.held()
                assert text_of(screen.regions["r-status"]) != ""

        asyncio.run(run())


def test_a_link_opened_in_a_second_tab_goes_to_the_tab_holding_its_match() -> None:
    # two tabs of one browser: one storage, one BroadcastChannel (boot.js relays it)
    async def run() -> None:
        host = Side(fp.HOST, 61)
        first = await guest_against(host, ["same"])
        if first.friend.info["mine"]:
            await play_one(first)
        posted: list[str] = []
        first.screen.js.window.triadFriendChannel = SimpleNamespace(postMessage=posted.append)
        host.take(first.friend.code)
        code = host.act()  # the friend's move, its link opened in a new tab
        second, screen, _ = make_app(first.store)
        second.page_url = "https://example.test/"
        screen.js = SimpleNamespace(window=SimpleNamespace())  # type: ignore[attr-defined]
        second.start()
        second.friend.open_address(code)  # (boot.js posts "link:CODE" meanwhile)
        first.friend.tabs.event("link", code)
        await settle(first)
        assert posted == ["taken:" + code]
        assert first.friend.code == fp.log_to_code(host.log)  # the move shows there at once
        assert first.friend.info["mine"]
        second.friend.tabs.event("taken", code)
        await second.engine_ready(LocalEngine())
        await settle(second)
        assert second.friend.info is None and second.friend.on_table() is None
        assert second.panel != "friend"
        assert not any(call[0] == "friend_open" for call in second.engine.calls)

        other = Side(fp.HOST, 62)  # a link of another match is no business of the first tab
        first.friend.tabs.event("link", other.invite(["same"]))
        await settle(first)
        assert posted == ["taken:" + code]

    asyncio.run(run())


def test_five_dealt_just_before_send_are_the_five_sent() -> None:
    """Deal, then at once "Send these five": the five the deal brings go (the deck said it
    was being dealt), not the five it showed before."""

    async def run() -> None:
        app, screen = await page()
        app.friend.action("friend")
        app.click("do", "friend_invite_picked")
        await settle(app)
        assert app.panel == "deck"
        app.click("do", "deck_deal")
        await settle(app)
        before = list(app.coll.deck)
        app.click("do", "deck_deal")
        assert 'aria-busy="true"' in screen.regions["r-overlay"]
        app.click("do", "friend_deck")  # (before the engine has answered the deal)
        await settle(app)
        dealt = list(app.coll.deck)
        assert len(dealt) == 5 and dealt != before
        assert 'aria-busy="true"' not in screen.regions["r-overlay"]
        sent = [payload for name, payload in app.engine.calls if name == "friend_new"]
        assert len(sent) == 1 and sent[0]["hand"] == dealt

    asyncio.run(run())
