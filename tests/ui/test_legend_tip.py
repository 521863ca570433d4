"""A new player's pointer to the legend (the tip in the bottom bar) is for their first
match: it makes the bottom bar taller, and a puzzle or a replay, whose panel needs that
room on a phone (under it the panel's buttons would be hidden), does not show it."""

from __future__ import annotations

import asyncio
import json

from tests.study.helpers import random_record
from tests.ui.helpers import LocalEngine, make_app, settle
from tests.ui.test_study import DAY


def test_the_tip_shows_in_a_match_not_over_the_puzzle_or_a_replay() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=4)
        screen.today = lambda: DAY  # type: ignore[attr-defined]
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        assert "legend-tip" in screen.regions["r-bar-bottom"]  # (a new player's first match)
        app.click("do", "puzzle")
        for _ in range(50):
            await settle(app)
            if screen.data["puzzle"] == "solving":
                break
        assert screen.data["puzzle"] == "solving"
        assert "legend-tip" not in screen.regions["r-bar-bottom"]
        app.click("do", "replay_exit")
        await settle(app)
        assert "legend-tip" in screen.regions["r-bar-bottom"]  # (not seen yet: it comes back)
        record, _ = random_record(["open"], 13)
        await app.table.open_replay(json.dumps(record.to_json()))
        assert app.match is None and "legend-tip" not in screen.regions["r-bar-bottom"]
        app.click("do", "replay_exit")
        await settle(app)

    asyncio.run(run())
