"""The page's flows with its world faked: the referee worker runs in process, bots are scripted."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

from tests.ui.catch.helpers import FakeScreen
from triad.catch.bots import make_bot
from triad.ui.catch import store as saved
from triad.ui.catch.app import CatchApp
from triad.ui.page.settings import MemoryStore
from triad.worker import referee as worker


class Engine:
    """The referee worker, called in process with the page's JSON."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        self.calls.append(name)
        await asyncio.sleep(0)
        return str(getattr(worker, name)(payload))


class ScriptedBot:
    """A bot worker: a built-in bot answers, unless `fault(turn)` says how this turn goes wrong."""

    def __init__(self, fault: Callable[[int], dict[str, Any] | str | None] | None = None) -> None:
        self.fault = fault or (lambda turn: None)
        self.bot = make_bot("greedy", 1)
        self.turn = 0
        self.terminated = False
        self.started: list[str] = []

    async def ready(self) -> bool | str:
        return True

    async def call(self, name: str, arg: str, timeout_ms: int) -> tuple[str, str | None]:
        await asyncio.sleep(0)
        if name == "start":
            self.started.append(arg)
            if "syntax" in arg:
                return ("ok", json.dumps({"ok": False, "error": "SyntaxError at line 1: oops"}))
            return ("ok", json.dumps({"ok": True}))
        self.turn += 1
        fault = self.fault(self.turn)
        if fault == "timeout":
            return ("timeout", None)
        reply = {"ok": True, "line": self.bot.turn(arg), "ms": 2.5, "stderr": ""}
        if isinstance(fault, dict):
            reply.update(fault)
        return ("ok", json.dumps(reply))

    def terminate(self) -> None:
        self.terminated = True


class Bots:
    """How the browser runs the player's bot (`triad.ui.catch.dom.Bots`), in tests: `start()`
    gives `bot`, `support()` says `how` ("" where none can run)."""

    def __init__(self, bot: Any = None, how: str = "jspi") -> None:
        self.bot = bot
        self.how = how

    def start(self) -> Any:
        return self.bot

    def support(self) -> str:
        return self.how


async def instant(ms: int) -> None:
    await asyncio.sleep(0)


def make_app(
    store: MemoryStore | None = None, bots: Bots | None = None
) -> tuple[CatchApp, FakeScreen]:
    screen = FakeScreen()
    seeds = iter(range(1000, 2000))
    app = CatchApp(screen, store or MemoryStore(), instant, lambda: next(seeds), bots=bots)
    return app, screen


async def settle(app: CatchApp) -> None:
    """Wait until every task the app started has finished."""
    for _ in range(10_000):
        running = app.scope.running()
        if not running:
            return
        await asyncio.wait(running)  # (a task cancelled meanwhile is done too)
        for task in running:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    raise AssertionError("the app never settled")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def my_houses(app: CatchApp) -> list[int]:
    assert app.play.game is not None
    return [h for h, u in enumerate(app.play.game["state"]["units"][0]) if u]


def test_a_game_against_a_bot_by_clicks() -> None:
    async def test() -> None:
        app, screen = make_app()
        app.start()
        assert not screen.ready and "Loading the referee" in screen.regions["c-map"]
        await app.engine_ready(Engine())
        assert screen.ready and screen.data["turn"] == "0" and screen.data["mode"] == "play"
        assert (
            "<svg" in screen.regions["c-map"]
            and "Turns played: 0 / 200" in screen.regions["c-score"]
        )
        a = my_houses(app)[0]
        app.click_house(a)
        assert 'class="house own0 sel"' in screen.regions["c-map"]
        target = app.play.board.adj[a][0]
        app.click_house(target)
        assert not screen.ready  # the referee checks the order
        await settle(app)
        assert screen.ready
        assert app.play.orders.items == [["MOVE", a, target, 1]]
        assert f"Move 1 from {a} to {target}" in screen.regions["c-orders"]
        # The same house again: nothing stood there the whole turn any more.
        app.click_house(a)
        app.click_house(app.play.board.adj[a][-1])
        await settle(app)
        assert len(app.play.orders.items) == 1
        assert f"Refused: no unit stood on house {a} the whole turn" in screen.regions["c-notice"]
        app.act("end_turn")
        await settle(app)
        assert screen.ready and screen.data["turn"] == "1"
        assert app.play.orders.items == [] and "Turn 1" in screen.regions["c-log"]
        assert app.play.game["state"]["units"][0][target] >= 1
        for turn in range(2, 5):
            assert app.key("Enter")
            await settle(app)
            assert screen.data["turn"] == str(turn)
        # The log region said the deal and each turn: both sides' orders and the score.
        assert screen.said[0].startswith("New match: You against ")
        assert screen.said[1].startswith("Turn 1. You: Move 1 from " + str(a) + " to ")
        assert len(screen.said) == 5 and all("Score: You " in line for line in screen.said)

    run(test)


def test_edits_are_checked_again_and_a_new_game_starts_afresh() -> None:
    async def test() -> None:
        app, screen = make_app()
        app.start()
        await app.engine_ready(Engine())
        a, b = my_houses(app)[:2]
        for house in (a, b):
            app.click_house(house)
            app.click_house(app.play.board.adj[house][0])
            await settle(app)
        assert len(app.play.orders.items) == 2 and len(app.play.orders.checks) == 2
        app.act("remove", "0")
        await settle(app)
        assert [i[1] for i in app.play.orders.items] == [b] and len(app.play.orders.checks) == 1
        app.act("clear")
        assert app.play.orders.items == []
        app.act("bot", "planner")
        app.field("seed", "77")
        app.act("new_game")
        await settle(app)
        assert app.play.game["players"] == ["You", "Planner"]
        assert app.play.game["map"]["seed"] == 77 and screen.data["turn"] == "0"

    run(test)


def test_a_codingame_seed_is_shown_and_any_64_bit_seed_is_accepted() -> None:
    async def test() -> None:
        app, screen = make_app()
        app.start()
        await app.engine_ready(Engine())
        assert f"Seed {app.play.game['map']['seed']}" in screen.regions["c-score"]
        app.field("seed", " -9223372036854775808 ")
        app.act("new_game")
        await settle(app)
        assert app.play.game["map"]["seed"] == -(2**63)
        assert "Seed -9223372036854775808" in screen.regions["c-score"]
        assert 'value="-9223372036854775808"' in screen.regions["c-setup"]
        for bad in ("9223372036854775808", "12ab", ""):
            app.field("seed", bad)
            assert "A CodinGame seed is a whole number" in screen.regions["c-notice"]
            assert app.play.seed == -(2**63)
        app.field("wseed", "1234567890123456789")
        assert app.watch.seed == 1234567890123456789
        app.act("mode", "editor")
        app.field("eseed", "-42")
        app.field("eseed", "x")
        assert app.editor.seed == -42 and 'value="-42"' in screen.regions["c-run"]

    run(test)


def test_watching_bots_plays_steps_and_scrubs() -> None:
    async def test() -> None:
        app, screen = make_app()
        app.start("watch")
        await app.engine_ready(Engine())
        assert screen.data["mode"] == "watch" and "Pick two bots" in screen.regions["c-timeline"]
        app.field("bot0", "planner")
        app.field("bot1", "random")
        app.field("wseed", "12")
        app.act("watch")
        await settle(app)
        total = app.watch.total
        assert total > 0 and app.watch.at == total  # played through to the end
        assert screen.ready and screen.data["at"] == str(total)
        assert screen.data["over"] == "1" and "Planner wins" in screen.regions["c-banner"]
        assert screen.said[-1].startswith(f"Turn {total}. ") and "Planner wins: " in screen.said[-1]
        app.act("step", "-1")
        await settle(app)
        assert screen.data["at"] == str(total - 1) and screen.data["turn"] == str(total - 1)
        # A step is said in the log region: that turn, both bots, the score.
        assert screen.said[-1].startswith(f"Turn {total - 1}. Planner: ")
        assert "Score: Planner " in screen.said[-1]
        app.field("scrub", "3")
        await settle(app)
        assert screen.data["at"] == "3" and f"Turn 3 of {total}" in screen.regions["c-timeline"]
        app.act("seek", "0")
        await settle(app)
        assert screen.data["turn"] == "0" and "Starting position" in screen.regions["c-timeline"]
        app.act("speed", "8")
        app.act("play")
        await settle(app)
        assert app.watch.at == total and not app.watch.playing
        app.act("replay")
        await settle(app)
        name, text = screen.downloads[-1]
        assert name == "triangle-catch-12-planner-random.json"
        assert json.loads(text)["format"] == "triad-catch-replay"

    run(test)


async def duel(
    bot: ScriptedBot, code: str = "print('hi')", limits: str = "codingame"
) -> tuple[CatchApp, FakeScreen]:
    app, screen = make_app(bots=Bots(bot))
    app.start("editor")
    await app.engine_ready(Engine())
    screen.values["c-code"] = code
    screen.values["c-name"] = "Tester"
    app.field("eseed", "5")
    app.field("limits", limits)
    app.act("run")
    await settle(app)
    return app, screen


def console(app: CatchApp) -> str:
    return "".join(text for _, text in app.editor.console)


def test_a_bot_from_the_editor_plays_a_whole_match() -> None:
    async def test() -> None:
        bot = ScriptedBot()
        app, screen = await duel(bot)
        assert bot.started == ["print('hi')"] and bot.terminated
        assert screen.ready and screen.data["over"] == "1"
        text = console(app)
        assert "Match on map 5 against Random" in text and "Match over after" in text
        assert app.editor.finished and "Tester wins" in app.editor.status
        assert saved.find(app.doc, "Tester")["code"] == "print('hi')"  # saved before the run
        assert 'data-act="replay_duel"' in screen.regions["c-run"]
        turns = app.editor.game["state"]["turn"]
        app.act("replay_duel")
        await settle(app)
        assert app.mode == "watch" and app.watch.total == turns and app.watch.at == 0
        assert app.watch.players == ["Tester", "Random"]

    run(test)


def test_a_silent_bot_loses_on_time_and_its_worker_is_stopped() -> None:
    async def test() -> None:
        bot = ScriptedBot(lambda turn: "timeout" if turn == 3 else None)
        app, screen = await duel(bot)
        assert bot.terminated and bot.turn == 3
        assert "did not answer within 50 ms on turn 3" in console(app)
        assert screen.data["over"] == "1" and screen.data["turn"] == "2"
        # the header counts the turns played: turn 3 was not, as the console says
        assert "Turns played: 2 / 200" in screen.regions["c-score"]
        assert "Random wins" in screen.regions["c-banner"]
        assert screen.ready and not app.editor.running

    run(test)


def test_a_bot_that_fails_its_first_turn_ends_the_match_on_the_first_turn() -> None:
    async def test() -> None:
        bot = ScriptedBot(lambda turn: "timeout" if turn == 1 else None)
        app, _ = await duel(bot)
        assert "did not answer within" in console(app) and bot.turn == 1
        assert "Match over on the first turn: Random wins" in console(app)
        assert "after 0 turns" not in console(app)

    run(test)


def test_a_late_answer_loses_with_the_time_it_took() -> None:
    async def test() -> None:
        bot = ScriptedBot(lambda turn: {"ms": 81.4} if turn == 2 else None)
        app, _ = await duel(bot, limits="codingame")
        assert "answered in 81 ms on turn 2, over its 50 ms" in console(app)
        relaxed = ScriptedBot(lambda turn: {"ms": 81.4} if turn == 2 else None)
        app, _ = await duel(relaxed, limits="relaxed")
        assert "over its" not in console(app) and "Match over after" in console(app)

    run(test)


def test_a_crash_shows_the_traceback_and_stderr_in_the_console() -> None:
    async def test() -> None:
        trace = 'Traceback (most recent call last):\n  File "bot.py", line 9\nKeyError: 7\n'

        def fault(turn: int) -> dict[str, Any] | None:
            if turn == 1:
                return {"stderr": "thinking <hard>\n"}
            if turn == 4:
                return {"ok": False, "ended": True, "error": trace, "line": ""}
            return None

        app, screen = await duel(ScriptedBot(fault))
        kinds = [kind for kind, _ in app.editor.console]
        assert ("err", "thinking <hard>\n") in app.editor.console
        assert "bad" in kinds and "KeyError: 7" in console(app)
        assert "Your bot stopped on turn 4: KeyError: 7" in console(app)
        assert "thinking &lt;hard&gt;" in screen.regions["c-console"]

    run(test)


def test_a_syntax_error_starts_no_match_and_stop_ends_one() -> None:
    async def test() -> None:
        bot = ScriptedBot()
        app, _ = await duel(bot, code="syntax error here")
        assert "does not compile: SyntaxError at line 1: oops" in console(app)
        assert bot.turn == 0 and bot.terminated

        stopping = ScriptedBot()
        app, screen = make_app(bots=Bots(stopping))

        def stop_at_turn(turn: int) -> None:
            if turn == 6:
                app.act("stop")

        stopping.fault = stop_at_turn  # type: ignore[assignment]
        app.start("editor")
        await app.engine_ready(Engine())
        app.act("run")
        await settle(app)
        assert stopping.terminated and stopping.turn == 6
        assert console(app).endswith("Stopped.\n") and screen.ready

    run(test)


def test_saved_bots_survive_a_reload_and_a_corrupt_save_is_kept() -> None:
    store = MemoryStore()
    app, screen = make_app(store)
    app.start("editor")
    screen.values["c-name"] = "Mine"
    screen.values["c-code"] = "print('WAIT')"
    app.act("save_bot")
    assert "Saved “Mine”" in screen.regions["c-notice"]
    again, screen2 = make_app(store)
    again.start("editor")
    assert again.editor.name == "Mine" and again.editor.code == "print('WAIT')"
    assert "print(&#39;WAIT&#39;)" in screen2.regions["c-panel"]
    again.act("new_bot")
    assert screen2.values["c-name"] == "My bot" and "import sys" in screen2.values["c-code"]
    again.field("saved", "Example bot")
    assert again.editor.code == screen2.values["c-code"] and again.doc["current"] == "Example bot"
    store.set(saved.KEY, "{broken")
    third, screen3 = make_app(store)
    third.start("editor")
    assert "could not be read" in screen3.regions["c-notice"]
    assert store.get(saved.BROKEN_KEY) == "{broken"


def test_escape_closes_help_and_cancels_a_selection() -> None:
    async def test() -> None:
        app, screen = make_app()
        app.start()
        await app.engine_ready(Engine())
        app.act("help")
        assert 'role="dialog"' in screen.regions["c-overlay"]
        assert app.key("Escape") and screen.regions["c-overlay"] == ""
        app.click_house(my_houses(app)[0])
        assert app.key("Escape") and app.play.orders.house == -1
        app.act("help")
        app.backdrop()
        assert screen.regions["c-overlay"] == ""

    run(test)


def test_work_of_an_ended_session_changes_nothing() -> None:
    """A reply on its way for a match, a playback or a duel that has ended is dropped."""

    async def test() -> None:
        bots = Bots()
        app, screen = make_app(bots=bots)
        app.start()
        await app.engine_ready(Engine())
        # An order being checked when New game is pressed twice: the new match has none.
        a = my_houses(app)[0]
        first = app.play.match
        app.click_house(a)
        app.click_house(app.play.board.adj[a][0])
        app.act("new_game")
        app.act("new_game")
        await settle(app)
        assert app.play.match is not first and not first.live
        assert app.play.orders.items == [] and screen.data["turn"] == "0"
        # Pause pressed while the match to watch is fetched: it comes, paused at its start.
        app.act("mode", "watch")
        app.act("watch")
        app.act("pause")
        await settle(app)
        assert app.watch.total > 0 and app.watch.at == 0 and not app.watch.playing and screen.ready
        # Watch pressed again while one plays: one timeline, of the last match.
        app.act("play")
        app.act("watch")
        await settle(app)
        assert app.watch.at == app.watch.total and screen.ready
        # Stop pressed before the editor's bot was even started.
        bot = ScriptedBot(lambda turn: "timeout" if turn == 3 else None)
        bots.bot = bot
        app.act("mode", "editor")
        app.act("run")
        assert app.editor.running and not screen.ready
        app.act("stop")
        await settle(app)
        assert bot.started == [] and not app.editor.running and "Stopped." in app.editor.status
        # A duel runs in the editor while the game is played in the Play tab.
        app.act("run")
        app.act("mode", "play")
        assert screen.ready  # the duel holds up no other tab
        app.act("end_turn")
        await settle(app)
        assert app.play.game["state"]["turn"] == 1
        assert bot.started and bot.terminated and app.editor.finished
        assert "on turn 3" in "".join(text for _, text in app.editor.console)

    run(test)


class Refusing(Engine):
    """A referee that refuses every call (as the page's client raises it: `WorkerError`)."""

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        self.calls.append(name)
        await asyncio.sleep(0)
        return json.dumps(
            {"ok": False, "error": "the referee is gone", "code": "", "kind": "invalid"}
        )


def test_a_refused_deal_or_watch_says_the_referees_reason() -> None:
    async def test() -> None:
        app, _ = make_app()
        app.start()
        engine = Refusing()
        await app.engine_ready(engine)
        await settle(app)
        assert engine.calls == ["new_game"] and app.play.match is None
        assert (app.notice_text, app.notice_kind) == ("the referee is gone", "bad")
        app.notify("")
        app.start("watch")
        app.act("watch")
        await settle(app)
        assert engine.calls[-1] == "watch" and app.watch.match is None
        assert (app.notice_text, app.notice_kind) == ("the referee is gone", "bad")

    run(test)
