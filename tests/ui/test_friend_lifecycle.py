"""A friend match that leaves the table leaves no task of its own running, live or by link.

A friend match's moves run as tasks of its `Match` (`triad.ui.page.scope`): this side's
move being sent and played out, the friend's move (brought by a pasted code or over
the live channel) being played out. The match is caught while both kinds run, then
another match takes the table; a few turns of the event loop later none of its tasks
still runs, and none ran on to finish instead of being cancelled.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.friend.helpers import Side
from tests.ui.helpers import settle
from tests.ui.test_friend_page import guest_against, play_one
from tests.ui.test_lifecycle import Channel, left_running
from triad.friend import protocol as fp
from triad.ui.table.session import ANIMATING


async def until(check: Any, turns: int = 400) -> None:
    for _ in range(turns):
        if check():
            return
        await asyncio.sleep(0)
    raise AssertionError("the page never got there")


def move_now(app: Any) -> None:
    """This side's first legal move, by clicks, left to run (sent, then played out)."""
    view = app.match.view
    player = view["to_move"]
    cell = next(i for i in range(9) if view["board"][i] is None)
    app.click("card", (player, "0"))
    app.click("cell", str(cell))
    app.click("cell", str(cell))


def test_this_sides_move_being_sent_ends_with_the_match_by_link_and_live() -> None:
    async def run() -> None:
        for live in (False, True):
            app = await guest_against(Side(fp.HOST, 31), ["same"])
            channel = Channel()
            if live:
                app.screen.js.window.triadLive = channel
                app.friend.live.event("open", "")
            match = app.match
            assert app.friend.on_table() is match and app.friend.info["mine"]
            move_now(app)  # sent to the friend, then played out: tasks of the match
            before, after = await left_running(match.scope, app.new_match)
            assert before >= 1 and after == 0, live
            assert app.friend.on_table() is None and match.scope.ended
            await settle(app)
            assert app.friend.on_table() is None  # (nothing of it came back)

    asyncio.run(run())


def test_the_friends_move_played_out_ends_with_the_match_by_link_and_live() -> None:
    async def run() -> None:
        for live in (False, True):
            host = Side(fp.HOST, 33)
            app = await guest_against(host, ["same"])
            channel = Channel()
            if live:
                app.screen.js.window.triadLive = channel
                app.friend.live.event("open", "")
                assert app.friend.live.connected
            await play_one(app)  # this side's move, sent (over the channel when live)
            assert not app.friend.info["mine"]
            host.take(app.friend.code)
            code = host.act()  # the friend's move
            match = app.match
            app.reduced = False  # (its placement and captures take their time)
            if live:
                app.friend.live.event("message", code)  # heard over the channel
            else:
                app.spawn(app.friend.open_any(code))  # a link opened
            await until(lambda m=match: m.phase == ANIMATING)  # it plays out on the table
            before, after = await left_running(match.scope, app.new_match)
            assert before >= 1 and after == 0, live
            assert match.scope.ended and app.friend.on_table() is None
            await settle(app)
            assert app.match is not match and app.friend.on_table() is None

    asyncio.run(run())
