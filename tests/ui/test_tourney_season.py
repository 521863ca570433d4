"""A season of the grand tournament on the CPython page: three of the player's matches, each
cut by a reload after its first move, resumed from the save and settled into the standings.

(The same through a real page, one match with a real reload:
tests/browser/test_tourney.py::test_a_season_match_with_a_reload_in_its_middle.)
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.tournament.helpers import DECK
from tests.ui.helpers import settle
from tests.ui.test_tourney import boot, build_deck, open_tourney, play_to_end, rich_store, stored
from triad.ui.page.app import App

# Each row of the standings: its place, the house's name, then the matches it played.
ROW = re.compile(r'<tr(?: class="mine")?><td>\d+</td><th scope="row">[^<]*</th><td>(\d+)</td>')


async def draft_if_asked(app: App) -> None:
    """A leader who drafts: the player's picks (the first card left) until play begins."""
    for _ in range(40):
        await settle(app)
        if app.match.may_act():
            return
        html = app.screen.regions.get("r-overlay", "")  # type: ignore[attr-defined]
        free = re.findall(r'class="draft-pick" data-draft="(\d+)"', html)
        if free:
            app.click("draft", free[0])
    raise AssertionError("the player was never asked for a move")


@pytest.mark.slow  # (the full lane only: three whole matches, seconds of CPU)
@pytest.mark.usefixtures("quick_cpu")  # (how well the CPU plays them is not this test's)
def test_three_season_matches_with_a_reload_in_the_middle_of_each() -> None:
    async def run() -> None:
        store = rich_store()
        app, screen = await boot(store)
        await open_tourney(app)
        await build_deck(app, DECK)
        app.click("do", "tr_begin:season")
        await settle(app)
        assert "data-tr-standings" in screen.regions["r-overlay"]
        for number in range(1, 4):
            app.click("do", "tr_play")
            await settle(app)
            assert app.panel is None and app.match.playing["tourney"]
            await draft_if_asked(app)
            view = app.match.view
            app.match.human_move((0, view["board"].index(None)))
            await settle(app)
            moves = stored(store)["tournament"]["event"]["games"][0]
            assert moves
            # the page is loaded again over its storage: the match comes back and goes on
            app.match.end()
            app.scope.end()
            app, screen = await boot(store, seed=100 + number)
            for _ in range(20):
                if app.match.playing and app.match.playing.get("tourney"):
                    break
                await settle(app)
            assert app.match.playing["tourney"]
            placed = sum(cell is not None for cell in app.match.view["board"])
            assert placed >= len(moves)  # (the CPU may have answered)
            assert stored(store)["tournament"]["event"]["games"][0][: len(moves)] == moves
            await play_to_end(app)
            event = stored(store)["tournament"]["event"]
            mine = [m for m in event["matches"] if "you" in (m["a"], m["b"]) and m["record"]]
            assert len(mine) == number
            assert mine[-1]["record"]["games"][0][: len(moves)] == moves
            played = [int(n) for n in ROW.findall(screen.regions["r-overlay"])]
            assert len(played) == 6, screen.regions["r-overlay"]
            assert sum(played) == 2 * len([m for m in event["matches"] if m["record"]])

    asyncio.run(run())
