"""Whatever leaves the table leaves no task running: each occupant's scope ends with it.

Each kind of occupant is put on the table and caught while its tasks run (the
CPU pondering, a move playing out, an analysis, a puzzle being made, a friend's
move being sent); then it leaves (a new match, Close, another replay), and a
few turns of the event loop later none of the tasks it had started still runs.
The count is taken on the occupant's own scope (`triad.ui.page.scope`), before
(some run: the test would see a task left behind) and after: none still
runs, and none finished on its own instead of being cancelled.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tests.friend.helpers import Side
from tests.study.helpers import random_record
from tests.ui.helpers import LocalEngine, make_app, open_puzzle, settle
from tests.ui.test_app import store_with
from tests.ui.test_friend_page import guest_against, play_one
from tests.ui.test_friend_page import page as friend_page
from triad.friend import protocol as fp
from triad.ui.page.scope import Scope

DAY = "2026-11-23"  # a Monday: the easy puzzle, quick to make


async def turns(n: int = 4) -> None:
    """A few turns of the event loop: long enough for a cancelled task to stop, far too
    short for a task left running to finish its work."""
    for _ in range(n):
        await asyncio.sleep(0)


async def left_running(scope: Scope, leave: Any) -> tuple[int, int]:
    """The tasks of `scope` running before `leave()`, and those that ran on after it: still
    running, or finished rather than cancelled (a task of an ended match whose engine call
    is refused ends soon by itself; it must not run on to get there)."""
    before = scope.running()
    leave()
    await turns()
    ran_on = [task for task in before if not task.done() or not task.cancelled()]
    return len(before), len(ran_on + scope.running())


async def page(wait: bool = True, **settings: Any) -> Any:
    """The page with its engine up (and, if `wait`, nothing more to do)."""
    app, screen, _ = make_app(store_with(**settings) if settings else None, seed=40)
    app.start()
    await app.engine_ready(LocalEngine())
    if wait:
        await settle(app)
    return app, screen


def test_a_cpu_match_and_its_pondering_end_with_a_new_match() -> None:
    async def run() -> None:
        app, screen = await page(False, rules=["open"], level="master")
        match = app.match
        for _ in range(200):  # the human's turn: the CPU ponders in slices meanwhile
            await asyncio.sleep(0)
            if screen.data.get("ponder") == "thinking":
                break
        assert screen.data.get("ponder") == "thinking"
        before, after = await left_running(match.scope, app.new_match)
        assert before >= 1 and after == 0
        assert match.scope.ended and not app.match.scope.ended
        assert app.cpu.pondering is not match  # the coordinator ponders for it no more

    asyncio.run(run())


def test_a_move_being_played_out_ends_with_the_match() -> None:
    async def run() -> None:
        app, _ = await page()
        match = app.match
        view = match.view
        cell = next(i for i in range(9) if view["board"][i] is None)
        match.human_move((0, cell))  # the engine's answer and the animation: tasks of it
        before, after = await left_running(match.scope, app.new_match)
        assert before >= 1 and after == 0

    asyncio.run(run())


async def replay_shown(app: Any) -> None:
    record, _ = random_record(["open", "plus"], 13)
    await app.table.open_replay(json.dumps(record.to_json()))


def test_a_replay_its_steps_and_its_analysis_end_when_it_is_closed() -> None:
    async def run() -> None:
        app, screen = await page()
        await replay_shown(app)
        assert screen.data["analysis"] == "running"
        replay = app.table.occupant
        replay.key("next")  # a move about to play out
        before, after = await left_running(replay.scope, lambda: replay.key("exit"))
        assert before >= 2 and after == 0  # the step and the analysis
        assert replay.analysis.scope.ended and app.table.occupant is app.match

    asyncio.run(run())


def test_an_analysis_ends_when_another_replay_takes_the_table() -> None:
    async def run() -> None:
        app, screen = await page()
        await replay_shown(app)
        first = app.table.occupant
        analysis = first.analysis.scope
        assert analysis.running()

        def another() -> None:
            app.spawn(replay_shown(app))

        before, after = await left_running(analysis, another)
        assert before >= 1 and after == 0 and first.scope.ended
        await settle(app)
        assert app.table.occupant is not first and screen.data["analysis"] == "done"

    asyncio.run(run())


def test_the_puzzle_being_made_ends_with_a_new_match() -> None:
    async def run() -> None:
        app, screen = await page()
        app.table.open_puzzle(DAY)
        puzzle = app.table.occupant
        await turns(2)
        assert screen.data["puzzle"] == "making"
        before, after = await left_running(puzzle.scope, app.new_match)
        assert before >= 1 and after == 0
        assert puzzle.scope.ended and app.table.occupant is app.match

    asyncio.run(run())


def test_a_puzzle_answered_ends_while_its_solution_plays_out() -> None:
    async def run() -> None:
        app, screen = await page()
        puzzle = await open_puzzle(app, screen, DAY)
        assert puzzle.may_act() and app.match is None  # its own board: no match beneath it
        solution = puzzle.puzzle["data"]["solution"]
        app.click("card", ("blue", str(solution["card"])))
        app.click("cell", str(solution["cell"]))
        app.click("cell", str(solution["cell"]))  # the solution plays out: a task of the puzzle
        await turns(1)
        assert puzzle.board.moving and app.match is None
        before, after = await left_running(puzzle.scope, lambda: app.click("do", "replay_exit"))
        assert before >= 1 and after == 0 and app.table.occupant is app.match

    asyncio.run(run())


def test_a_friend_match_by_link_ends_with_a_new_match() -> None:
    async def run() -> None:
        host = Side(fp.HOST, 31)
        app = await guest_against(host, ["same"])
        match = app.match
        assert app.friend.info["mine"]
        view = match.view
        player = view["to_move"]
        cell = next(i for i in range(9) if view["board"][i] is None)
        app.click("card", (player, "0"))
        app.click("cell", str(cell))
        app.click("cell", str(cell))  # the move: sent and played out, tasks of the match
        before, after = await left_running(match.scope, app.new_match)
        assert before >= 1 and after == 0

    asyncio.run(run())


class Channel:
    """live.js's connection, open: what the page sends over it is kept."""

    available = True

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False

    def send(self, code: str) -> bool:
        self.sent.append(code)
        return True

    def close(self) -> None:
        self.closed = True


def test_a_live_friend_match_ends_its_channel_with_a_new_friend_match() -> None:
    async def run() -> None:
        host = Side(fp.HOST, 31)
        app = await guest_against(host, ["same"])
        channel = Channel()
        app.screen.js.window.triadLive = channel
        live = app.friend.live
        live.event("open", "")
        assert live.connected and channel.sent == [app.friend.code]
        await play_one(app)  # this side's move goes over the channel
        assert channel.sent[-1] == app.friend.code and not app.friend.info["mine"]
        host.take(app.friend.code)
        live.event("message", host.act())  # the friend's move, heard: a task of the channel
        scope = live.scope
        before, after = await left_running(scope, lambda: app.friend.action("friend_new"))
        assert before >= 1 and after == 0
        assert channel.closed and not live.connected and scope.ended
        assert not app.friend.info["mine"]  # (the move heard was never opened)

    asyncio.run(run())


def test_a_live_invitation_ends_when_another_begins() -> None:
    async def run() -> None:
        app, screen = await friend_page(False)  # the engine not up: the invitation waits
        live = app.friend.live
        live.action("friend_live")
        await turns()
        assert screen.data["live"] == "engine"
        first = live.scope
        before, after = await left_running(first, lambda: live.action("friend_live"))
        assert before == 1 and after == 0 and first.ended
        assert len(live.scope.running()) == 1 and screen.data["live"] == "engine"

    asyncio.run(run())
