"""Master's first move of the match dealt ahead comes from its solve ahead: nothing is
searched at its turn, and the move is of the exact best value."""

import asyncio
import json
from typing import Any

import pytest

from tests.ui.test_kept_opening import first_move, result_with_opening_kept
from tests.ui.test_split import assert_best_opening, until
from triad.cpu import Brain, service
from triad.ui.cpu.ahead import AHEAD_KEY
from triad.worker import engine as worker


def searched(brain: Brain) -> int:
    """The positions `brain`'s solver has searched (0: none yet)."""
    ctx = brain._context
    return 0 if ctx is None else ctx.solver.nodes + ctx.solver.leaves


def brains() -> list[Brain]:
    """Every brain of the engine and the extra worker: the match in play's, the parts'."""
    found = list(service._part_brains.values())
    in_play = worker.STATE.in_play
    if in_play is not None:
        found.append(in_play.brain)
    return found


@pytest.mark.slow  # (the full lane only: seconds of CPU)
@pytest.mark.parametrize("helpers", [True, False], ids=["in parts", "engine alone"])
def test_the_first_move_of_the_match_dealt_ahead_is_its_solve_ahead_s(
    monkeypatch: pytest.MonkeyPatch, helpers: bool
) -> None:
    """On a result the next match is dealt ahead (the CPU opens it) and its opening solved
    (in parts with an extra worker, else by the engine alone); New game begins it, and
    master's first move is the one solved ahead: the calls that answer it at its turn
    search no position, and the move is of the exact best value."""
    spent: list[tuple[str, int]] = []

    def counted(name: str, call: Any) -> Any:
        def run(*args: Any) -> Any:
            before = sum(searched(b) for b in brains())
            try:
                return call(*args)
            finally:
                spent.append((name, sum(searched(b) for b in brains()) - before))

        return run

    async def run() -> None:
        app, screen, store = await result_with_opening_kept(helpers)
        # (the opening solved ahead, kept with the match dealt ahead)
        entry = store.get(AHEAD_KEY)
        assert entry is not None and screen.data.get("ahead") == "done"
        opening = json.loads(entry)["opening"]
        monkeypatch.setattr(worker, "cpu_move", counted("cpu_move", worker.cpu_move))
        monkeypatch.setattr(service, "cpu_part", counted("cpu_part", service.cpu_part))
        app.key("Enter")  # New game: the match dealt ahead begins, the CPU opens it
        await until(app, lambda: any(cell is not None for cell in app.match.view["board"]))
        names = [name for name, _ in spent]
        assert names.count("cpu_move") >= 1
        assert ("cpu_part" in names) is helpers
        assert all(n == 0 for _, n in spent), spent  # nothing searched at the turn
        assert screen.data["cpu-exact"] == "yes"
        assert first_move() == (opening["card"], opening["cell"])
        assert_best_opening()

    asyncio.run(run())
