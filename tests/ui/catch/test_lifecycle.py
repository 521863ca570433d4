"""Whatever a Triangle Catch run started stops with it: each run's scope ends with it.

Each kind of run (a match against a built-in bot, a match asked of the worker to
watch, its playback, the editor's duel with its bot) is caught while its tasks
run (an order being checked, a turn being answered, the match being fetched, a
position being fetched, the bot thinking); then it ends (New game, another
match to watch, Pause, Stop), and a few turns of the event loop later none of
the tasks it had started still runs. The count is taken on the run's own
scope (`triad.ui.page.scope`), before (some run: the test would see a task left
behind) and after: none still runs, and none finished on its own instead of
being cancelled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.ui.catch.test_app import Bots, Engine, ScriptedBot, make_app, my_houses, settle
from triad.ui.page.scope import Scope


async def turns(n: int = 4) -> None:
    """A few turns of the event loop: long enough for a cancelled task to stop, far too
    short for a task left running to finish its work."""
    for _ in range(n):
        await asyncio.sleep(0)


async def left_running(scope: Scope, leave: Callable[[], Any]) -> tuple[int, int]:
    """The tasks of `scope` running before `leave()`, and those that ran on after it: still
    running, or finished rather than cancelled."""
    before = scope.running()
    leave()
    await turns()
    ran_on = [task for task in before if not task.done() or not task.cancelled()]
    return len(before), len(ran_on + scope.running())


class Holding(Engine):
    """The referee, holding back its answers to the calls named in `held` (for ever)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: set[str] = set()

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        if name in self.held:
            await asyncio.get_running_loop().create_future()
        return await super().call(name, payload, more)


async def page(start: str = "play", bots: Bots | None = None, engine: Any = None) -> Any:
    app, screen = make_app(bots=bots)
    app.start(start)
    await app.engine_ready(engine or Engine())
    await settle(app)
    return app, screen


def test_a_match_against_a_bot_ends_with_its_checks_and_its_turn_once_replaced() -> None:
    async def run() -> None:
        referee = Holding()
        app, screen = await page(engine=referee)
        referee.held = {"check", "play"}
        match = app.play.match
        a = my_houses(app)[0]
        app.click_house(a)
        app.click_house(app.play.board.adj[a][0])  # the order is being checked
        await turns()
        running = match.scope.running()
        # New game: the match stays on show until the next one is dealt, then it ends.
        app.act("new_game")
        await settle(app)
        assert len(running) == 1 and all(task.cancelled() for task in running)
        assert match.scope.ended and not match.scope.running()
        match = app.play.match
        app.act("end_turn")  # the bot answers the turn (never, here)
        await turns()
        assert match.thinking
        running = match.scope.running()
        app.act("new_game")
        await settle(app)
        assert len(running) == 1 and all(task.cancelled() for task in running)
        assert app.play.match is not match and screen.ready and screen.data["turn"] == "0"

    asyncio.run(run())


def test_a_match_to_watch_ends_while_it_is_fetched_and_while_it_plays() -> None:
    async def run() -> None:
        referee = Holding()
        app, screen = await page("watch", engine=referee)
        app.act("watch")  # asked of the worker: it plays as soon as it comes
        asked = app.watch.asked
        assert asked is not None and app.watch.playing

        def again() -> None:
            app.act("watch")
            app.act("pause")  # (the next comes paused, at its start)

        before, after = await left_running(asked.scope, again)
        assert before == 1 and after == 0 and asked.scope.ended
        await settle(app)
        watched = app.watch.match
        assert watched is not None and watched.at == 0 and not app.watch.playing
        referee.held = {"frame"}
        app.act("play")  # its playback, and the position it fetches, run
        await turns()
        assert watched.playback.scope.running() and watched.following
        referee.held = set()  # (the next match's positions come)
        before, after = await left_running(watched.scope, lambda: app.act("watch"))
        assert before == 2 and after == 0 and app.watch.match is not watched
        await settle(app)
        assert screen.ready and app.watch.at == app.watch.total  # (the next one played)

    asyncio.run(run())


def test_pause_ends_the_playback_and_lets_the_position_on_its_way_land() -> None:
    async def run() -> None:
        app, screen = await page("watch")
        app.act("watch")
        app.act("pause")
        await settle(app)
        watched = app.watch.match
        app.act("play")
        await turns(1)
        assert watched.following  # the position after turn 1 is on its way
        playback = watched.playback.scope
        before, after = await left_running(playback, lambda: app.act("pause"))
        assert before == 1 and after == 0 and not app.watch.playing
        await settle(app)
        assert watched.at == 1 and screen.data["at"] == "1" and screen.ready

    asyncio.run(run())


def test_a_duel_ends_with_stop_and_its_bot_is_stopped() -> None:
    async def run() -> None:
        bot = ScriptedBot()
        app, screen = await page("editor", Bots(bot))
        app.act("run")
        duel = app.editor.duel
        await turns(8)  # the bot booted, its turns answered one by one
        assert bot.started and not bot.terminated
        before, after = await left_running(duel.scope, lambda: app.act("stop"))
        assert before == 1 and after == 0 and bot.terminated
        assert not app.editor.running and screen.ready
        # Stopped before its bot's worker was even started: none is.
        started: list[ScriptedBot] = []

        def start() -> ScriptedBot:
            started.append(ScriptedBot())
            return started[-1]

        app.editor.bots.start = start  # type: ignore[method-assign]
        app.act("run")
        duel = app.editor.duel
        before, after = await left_running(duel.scope, lambda: app.act("stop"))
        assert before == 1 and after == 0 and started == []

    asyncio.run(run())
