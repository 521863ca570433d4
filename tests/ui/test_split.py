"""Master's search split between the engine and the page's extra workers."""

import asyncio
import json
from typing import Any

import pytest

from tests.cpu.helpers import exact_values
from tests.ui.helpers import LocalEngine, leave_yes, make_app, settle
from tests.ui.test_app import store_with
from triad.collection.replay import read_record, replay_record
from triad.cpu import service
from triad.parts import best_part
from triad.ui.cpu import split as split_module
from triad.ui.page.app import App
from triad.ui.page.dom import Engine
from triad.worker import engine as worker


class LocalHelper(Engine):
    """An extra worker (`triad.cpu.service`) called in this process; `hold` keeps its
    answers back until `release`."""

    def __init__(self) -> None:
        super().__init__(None)
        self.calls: list[tuple[str, Any]] = []
        self.held: asyncio.Event | None = None

    def call(self, name: str, payload: str, more: str | None = None) -> Any:
        self.calls.append((name, json.loads(payload)))  # posted at once, as the real one
        return self.answer(name, payload, more)

    async def answer(self, name: str, payload: str, more: str | None) -> str:
        if self.held is not None:
            await self.held.wait()
        await asyncio.sleep(0)
        if more is None:
            return str(getattr(service, name)(payload))
        return str(getattr(service, name)(payload, more))


def test_the_best_part_wins_and_is_exact_only_when_every_part_finished() -> None:
    own = {"ok": True, "card": 0, "cell": 4, "value": 0, "exact": True}
    other = {"ok": True, "card": 2, "cell": 1, "value": 2, "exact": True}
    tie = {"ok": True, "card": 1, "cell": 8, "value": 0, "exact": True}
    late = {"ok": True, "card": 3, "cell": 3, "value": 6, "exact": False}
    gone = {"ok": False, "error": "the worker was stopped"}
    assert best_part([own, other]) == {"ok": True, "card": 2, "cell": 1, "exact": True}
    assert best_part([own, tie])["cell"] == 4  # ties: the earlier part
    assert best_part([own, late]) == {"ok": True, "card": 0, "cell": 4, "exact": False}
    assert best_part([own, gone])["exact"] is False
    lookahead = {"ok": True, "card": 1, "cell": 0, "value": 4, "exact": False}
    assert best_part([lookahead, late]) == {"ok": True, "card": 1, "cell": 0, "exact": False}
    assert best_part([{"ok": False, "error": "stale"}, other])["ok"] is False


def master_deal(first: str = "red") -> App:
    """An Open match at master's level that `first` opens (red: the CPU)."""
    for seed in range(1, 60):
        app, _, _ = make_app(store_with(rules=["open"], level="master"), seed=seed)
        app.start()
        if app.match.view["to_move"] == first:
            return app
    raise AssertionError("no deal where " + first + " moves first")


def test_master_opens_with_a_move_of_the_exact_best_value_searched_in_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", None)  # every part to its end
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        helper = LocalHelper()
        app.cpu.searchers.ready(helper)
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app, 4000)
        assert [c for n, c in engine.calls if n == "cpu_split"]
        own = [c for n, c in engine.calls if n == "cpu_move"]
        assert own[0]["parts"] == 2
        assert helper.calls[0][0] == "cpu_part" and helper.calls[0][1]["part"] == 1
        assert app.screen.data["cpu-exact"] == "yes"
        record = read_record(json.loads(worker.match_record("{}"))["record"])
        start = replay_record(record, {}).states[0][0]
        move = record.games[0][0]
        values = exact_values(start)
        assert values[(move.card, move.cell)] == max(values.values())

    asyncio.run(run())


def test_a_new_match_during_a_split_search_drops_its_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 60)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        helper = LocalHelper()
        helper.held = asyncio.Event()
        app.cpu.searchers.ready(helper)
        engine = LocalEngine()
        booted = asyncio.ensure_future(app.engine_ready(engine))
        for _ in range(200):  # until the CPU's split search waits for the extra worker
            await asyncio.sleep(0)
            if helper.calls:
                break
        assert helper.calls and app.match.thinking
        old = app.match
        app.key("F5")  # a new match while the old one's search is under way
        leave_yes(app)
        assert old.scope.ended
        helper.held.set()
        await booted
        await settle(app, 4000)
        state = worker._current().state
        assert state is not None
        assert app.match.view.get("match") == worker.STATE.in_play.token  # the new match's own view
        cells = [i for i in range(9) if app.match.view["board"][i] is not None]
        assert cells == [i for i in range(9) if state.board[i] is not None]
        assert len(cells) <= 1  # at most the new match's own opening
        assert not [n for n in app.timeline if n[0] == "notice"]

    asyncio.run(run())


async def until(app: App, done: Any, rounds: int = 400_000) -> None:
    """Let the app's tasks run until `done()` (they may never all end: the title waits)."""
    for _ in range(rounds):
        if done():
            return
        await asyncio.sleep(0)
    raise AssertionError("the app never got there")


def assert_best_opening() -> None:
    """The match in play's first move is of the exact best value of its deal."""
    record = read_record(json.loads(worker.match_record("{}"))["record"])
    start = replay_record(record, {}).states[0][0]
    move = record.games[0][0]
    values = exact_values(start)
    assert values[(move.card, move.cell)] == max(values.values())


def test_master_thinks_its_opening_through_in_parts_beneath_the_title() -> None:
    """Beneath the title the engine and the extra worker each search a part of master's
    opening in slices, then the traps of the parts of the best value; at Play the split
    search goes on from there: exact at once."""

    async def run() -> None:
        for seed in range(1, 60):
            app, screen, _ = make_app(store_with(rules=["open"], level="master"), seed=seed)
            app.start(title=True)
            if app.match.view["to_move"] == "red":
                break
        helper = LocalHelper()
        app.cpu.searchers.ready(helper)
        engine = LocalEngine()
        app.spawn(app.engine_ready(engine))
        await until(app, lambda: screen.data.get("ponder") == "done")
        names = [name for name, _ in engine.calls]
        assert "think_part" in names and "cpu_move" not in names  # thinking, not playing
        parts = [c for n, c in helper.calls if n == "cpu_part"]
        assert parts and all(c["part"] == 1 and c["parts"] == 2 for c in parts)
        assert {c["key"] for c in parts} == {str(app.match.playing["seed"])}
        assert all(cell is None for cell in app.match.view["board"])
        asked = len(helper.calls)
        app.key("Enter")  # Play: the CPU opens, its parts thought through already
        await until(app, lambda: any(cell is not None for cell in app.match.view["board"]))
        at_turn = [c for n, c in helper.calls[asked:] if n == "cpu_part"]
        assert at_turn and at_turn[0]["key"] == str(app.match.playing["seed"])
        assert screen.data["cpu-exact"] == "yes"
        assert_best_opening()

    asyncio.run(run())


def test_the_match_dealt_ahead_is_thought_about_in_parts_and_begins_exact() -> None:
    """On a result, the match dealt ahead (the CPU opens it) is searched in parts by the
    engine and the extra worker; New game begins it and the CPU's opening is exact."""

    async def run() -> None:
        for seed in range(1, 80):
            app, screen, _ = make_app(store_with(rules=["open"], level="master"), seed=seed)
            app.start()
            helper = LocalHelper()
            app.cpu.searchers.ready(helper)
            engine = LocalEngine()
            await app.engine_ready(engine)
            await settle(app, 4000)
            while not app.match.view["over"]:
                assert app.key("F1")
                await settle(app, 4000)
            await until(
                app, lambda a=app: worker.STATE.ahead is not None or a.cpu.ahead.match is None
            )
            if worker.STATE.ahead is not None and worker.STATE.ahead.state.to_move.name == "RED":
                break
        await until(app, lambda: screen.data.get("ahead") == "done")
        ahead_seed = app.cpu.ahead.match.playing["seed"]
        assert [c for n, c in engine.calls if n == "think_part" and c["seed"] == ahead_seed]
        parts = [c for n, c in helper.calls if n == "cpu_part" and c["key"] == str(ahead_seed)]
        assert parts and all(c["part"] == 1 and c["parts"] == 2 for c in parts)
        app.key("Enter")  # the match dealt ahead begins
        await until(app, lambda: any(cell is not None for cell in app.match.view["board"]))
        assert app.match.playing["seed"] == ahead_seed
        assert screen.data["cpu-exact"] == "yes"
        assert_best_opening()

    asyncio.run(run())


class HeldEngine(LocalEngine):
    """The engine, holding back its answers to `cpu_move` until `held` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.held = asyncio.Event()

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        self.calls.append((name, json.loads(payload)))  # posted at once, as the real one
        if name == "cpu_move":
            await self.held.wait()
        await asyncio.sleep(0)
        if more is None:
            return str(getattr(worker, name)(payload))
        return str(getattr(worker, name)(payload, more))


def test_an_extra_worker_that_comes_up_during_the_cpu_s_turn_takes_its_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Right after load the CPU's turn may begin while the extra worker still boots: the
    search is planned in parts from the start, and the worker takes its part once up."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", None)  # every part to its end
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        app.cpu.searchers.started()  # started, not up yet
        engine = HeldEngine()
        app.spawn(app.engine_ready(engine))
        await until(app, lambda: any(n == "cpu_move" for n, _ in engine.calls))
        own = [c for n, c in engine.calls if n == "cpu_move"]
        assert own[0]["parts"] == 2 and own[0]["part"] == 0
        helper = LocalHelper()
        app.cpu.searchers.ready(helper)  # up while the engine searches its own part
        await until(app, lambda: any(n == "cpu_part" for n, _ in helper.calls))
        asked = helper.calls[0][1]
        assert asked["part"] == 1 and asked["parts"] == 2 and asked["value"] is None
        assert ("joined", 1) in app.timeline
        engine.held.set()
        await until(app, lambda: any(cell is not None for cell in app.match.view["board"]))
        searched = {c["part"] for n, c in engine.calls if n == "cpu_move"}
        assert searched == {0}  # the worker's part was the worker's alone
        assert app.screen.data["cpu-exact"] == "yes"
        assert_best_opening()

    asyncio.run(run())


def test_a_part_planned_for_a_worker_that_never_comes_up_is_searched_by_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker still boots when the engine has searched its own part: the engine
    searches the other part too, so the move is still exact."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", None)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        app.cpu.searchers.started()  # and never up
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app, 4000)
        first = [c for n, c in engine.calls if n == "cpu_move" and c.get("value") is None]
        assert [(c["part"], c["parts"]) for c in first] == [(0, 2), (1, 2)]
        assert app.screen.data["cpu-exact"] == "yes"
        assert_best_opening()

    asyncio.run(run())


class SlowEngine(LocalEngine):
    """The engine, each of whose moves takes `ms` of the page's clock."""

    def __init__(self, app: App, ms: float) -> None:
        super().__init__()
        self.app = app
        self.ms = ms

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        reply = await super().call(name, payload, more)
        if name == "cpu_move":
            self.app.screen.clock += self.ms
        return reply


def test_a_part_the_engine_takes_over_gets_what_is_left_of_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a budget, the engine's second part has what its first left of it, and the
    move is made (a legal one: the engine plays it) whether or not it is exact."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 400)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        app.cpu.searchers.started()
        engine = SlowEngine(app, 100)
        await app.engine_ready(engine)
        await settle(app, 4000)
        parts = [c for n, c in engine.calls if n == "cpu_move" and c.get("value") is None]
        assert [c["part"] for c in parts] == [0, 1]
        # (the page's clock: the first part took 100 ms of it)
        assert parts[0]["budget_ms"] == 400 and parts[1]["budget_ms"] == 300
        assert sum(cell is not None for cell in app.match.view["board"]) >= 1
        assert app.screen.data["cpu-exact"] in ("yes", "no")

    asyncio.run(run())


def test_a_worker_that_failed_to_boot_leaves_the_engine_searching_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", None)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = master_deal()
        app.cpu.searchers.started()
        app.cpu.searchers.failed()
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app, 4000)
        own = [c for n, c in engine.calls if n == "cpu_move"]
        assert own and all(c.get("parts") is None for c in own)  # the whole search, alone
        assert not [n for n, _ in engine.calls if n == "cpu_split"]
        assert app.screen.data["cpu-exact"] == "yes"
        assert_best_opening()

    asyncio.run(run())
