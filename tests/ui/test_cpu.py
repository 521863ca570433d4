"""The CPU coordinator's order: the table's move first, then pondering, then the deal ahead."""

import asyncio
from typing import Any

import pytest

from tests.ui.helpers import LocalEngine, leave_yes, make_app, settle
from tests.ui.test_app import store_with
from tests.ui.test_split import HeldEngine, master_deal, until
from triad.ui.cpu import split as split_module

THINKING_AHEAD = ("ponder", "ponder_ahead", "think_part")


def names(engine: HeldEngine, since: int = 0) -> list[str]:
    return [name for name, _ in engine.calls[since:]]


def test_the_table_s_move_comes_before_pondering_and_pondering_before_the_deal_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the human chooses, the CPU ponders and the match dealt ahead waits for it;
    once pondering stops, the deal ahead thinks; once the CPU's move is asked, neither
    asks the engine anything until it is answered, and the deal ahead goes on after."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 60)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 6)

    async def run() -> None:
        app = master_deal("blue")  # (the human opens)
        screen = app.screen
        engine = HeldEngine()  # (its answers to cpu_move held back until `held` is set)
        app.spawn(app.engine_ready(engine))
        await until(app, lambda: screen.data.get("ponder") == "thinking")
        app.cpu.deal_ahead()  # a match dealt ahead (as once pondering has thought it all)
        assert app.cpu.ahead.match is not None
        await until(app, lambda: screen.data.get("ponder") == "stopped")
        pondered = names(engine)
        assert pondered.count("ponder") == 6 and "ponder_ahead" not in pondered
        await until(app, lambda: "ponder_ahead" in names(engine))  # its turn now
        # the human moves: the CPU's move is asked, and nothing else is until it is answered
        cell = next(i for i in range(9) if app.match.view["board"][i] is None)
        app.match.human_move((0, cell))
        await until(app, lambda: "cpu_move" in names(engine))
        asked = names(engine).index("cpu_move")
        for _ in range(2000):
            await asyncio.sleep(0)
        assert app.match.thinking and app.cpu.asking == 1
        during = names(engine, asked + 1)
        assert not [name for name in during if name in THINKING_AHEAD]
        # The CPU's move is answered: while it lands the deal ahead may think (the landing
        # waits on the page's pace, not the engine's); at the human's turn pondering comes
        # first again, and the deal ahead waits until it stops.
        engine.held.set()
        await until(app, lambda: "ponder" in names(engine, asked))
        await until(app, lambda: screen.data.get("ponder") in ("stopped", "done"))
        after = names(engine, asked)
        first, last = after.index("ponder"), len(after) - after[::-1].index("ponder")
        assert "ponder_ahead" not in after[first:last]
        await until(app, lambda: "ponder_ahead" in names(engine, asked + last))
        assert app.cpu.asking == 0

    asyncio.run(run())


async def counting_starts(level: str) -> tuple[Any, list[Any]]:
    """A page against `level` without Open, its engine up; each start of the extra workers
    is noted in the list."""
    app, _, _ = make_app(store_with(rules=["same"], level=level), seed=3)
    started: list[Any] = []
    app.cpu.helpers = lambda searchers, spawn: started.append((searchers, spawn))
    app.start()
    await app.engine_ready(LocalEngine())
    await settle(app)
    return app, started


def test_the_extra_workers_start_once_when_an_open_match_against_master_is_played(
    quick_cpu: None,
) -> None:
    """Not for a match without Open; once, in the coordinator's scope, for the first Open
    match against master (its rules chosen, then the match dealt with them), never again."""
    # (quick_cpu: each settle below waits for the CPU's thinking to end, and how well it
    # thinks is not this test's)

    async def run() -> None:
        app, started = await counting_starts("master")
        assert not started
        app.click("rule", "open")  # the settings' rules: the next match will be Open
        await settle(app)
        app.key("F5")
        leave_yes(app)
        await settle(app)
        app.key("F5")
        leave_yes(app)
        await settle(app)
        assert started == [(app.cpu.searchers, app.cpu.scope.spawn)]

    asyncio.run(run())


def test_below_master_the_extra_workers_start_at_the_first_hint_with_open_hands(
    quick_cpu: None,
) -> None:
    """Against a level below master only a hint is searched in parts: an Open match dealt
    and played starts no extra worker (each is a Pyodide heap and a boot) until the human
    asks a hint, which starts them once; a hint without Open starts none."""

    async def run() -> None:
        app, started = await counting_starts("adept")
        assert app.key("F1")  # a hint with hidden hands: searched whole
        await settle(app)
        assert not started
        app.click("rule", "open")
        await settle(app)
        app.key("F5")
        leave_yes(app)
        await settle(app)
        assert "open" in app.match.view["rules"] and not started
        while app.match.phase != "human":  # (the CPU may open)
            await settle(app)
        assert app.key("F1")
        await settle(app)
        assert started == [(app.cpu.searchers, app.cpu.scope.spawn)]
        app.key("F5")
        leave_yes(app)
        await settle(app)
        assert app.key("F1")
        await settle(app)
        assert len(started) == 1

    asyncio.run(run())
