"""Master's search split between the engine and the page's extra workers."""

import asyncio
import json
from typing import Any

import pytest

from tests.cpu.helpers import exact_values
from tests.ui.helpers import LocalEngine, make_app, settle
from tests.ui.test_app import store_with
from triad.collection.replay import read_record, replay_record
from triad.cpu import service
from triad.ui import app as app_module
from triad.ui import worker
from triad.ui.app import App, best_part
from triad.ui.dom import Engine


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


def red_first_master() -> App:
    """An Open match at master's level whose CPU (red) opens."""
    for seed in range(1, 60):
        app, _, _ = make_app(store_with(rules=["open"], level="master"), seed=seed)
        app.start()
        if app.view["to_move"] == "red":
            return app
    raise AssertionError("no deal where red moves first")


def test_master_opens_with_a_move_of_the_exact_best_value_searched_in_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(app_module, "CPU_BUDGET_MS", None)  # every part to its end
    monkeypatch.setattr(app_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = red_first_master()
        helper = LocalHelper()
        app.helper_ready(helper)
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
    monkeypatch.setattr(app_module, "CPU_BUDGET_MS", 60)
    monkeypatch.setattr(app_module, "PONDER_SLICES", 1)

    async def run() -> None:
        app = red_first_master()
        helper = LocalHelper()
        helper.held = asyncio.Event()
        app.helper_ready(helper)
        engine = LocalEngine()
        booted = asyncio.ensure_future(app.engine_ready(engine))
        for _ in range(200):  # until the CPU's split search waits for the extra worker
            await asyncio.sleep(0)
            if helper.calls:
                break
        assert helper.calls and app.session.thinking
        old = app.session
        app.key("F5")  # a new match while the old one's search is under way
        assert not old.live
        helper.held.set()
        await booted
        await settle(app, 4000)
        state = worker._current().state
        assert state is not None
        assert app.view.get("match") == worker._session.token  # the new match's own view
        cells = [i for i in range(9) if app.view["board"][i] is not None]
        assert cells == [i for i in range(9) if state.board[i] is not None]
        assert len(cells) <= 1  # at most the new match's own opening
        assert not [n for n in app.timeline if n[0] == "notice"]

    asyncio.run(run())
