"""The daily puzzle solved by clicks, and a match's analysis chart, in Chromium.

The tests wait on the page's state (`data-puzzle`, `data-analysis` on <html>),
never on time.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_engine
from tests.browser.test_page_play import open_page, wait_turn
from tests.browser.test_page_session import HeldEngine
from triad.study.puzzle import daily_json

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
KEY = "triad:collection"
# Making a hard puzzle or analysing a match takes Pyodide seconds; a busy machine, more.
WORK_MS = 240_000

LOCAL_DATE = """() => { const d = new Date();
  return d.getFullYear() + "-" + String(d.getMonth() + 1).padStart(2, "0") + "-"
    + String(d.getDate()).padStart(2, "0"); }"""


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)  # let the last card land
    page.screenshot(path=str(ARTIFACTS / f"study-{name}.png"))


def deploy(page: Any, card: int, cell: int) -> None:
    page.locator(f'[data-hand="blue"] [data-card="{card}"]').click()
    target = page.locator(f'[data-cell="{cell}"]')
    target.click()
    target.click()


def test_the_daily_puzzle_solved_by_clicks(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server)
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    day = page.evaluate(LOCAL_DATE)
    puzzle = daily_json(datetime.date.fromisoformat(day))
    page.locator('[data-action="rules"]').click()
    page.locator('[data-do="puzzle"]').click()
    page.locator('html[data-puzzle="solving"]').wait_for(state="attached", timeout=WORK_MS)
    panel = page.locator(".pz-panel")
    assert panel.get_attribute("data-puzzle-date") == day
    goal = "Blue to play and win" if puzzle["goal"] == "win" else "Blue to play and save the draw"
    assert goal in panel.inner_text()
    shot(page, "puzzle")
    # A losing move is explained; the board stays as it was.
    wrong = next(v for v in puzzle["values"] if v["value"] < puzzle["value"])
    deploy(page, wrong["card"], wrong["cell"])
    page.locator(".pz-message", has_text="Not this one").wait_for(state="attached")
    assert page.locator(f'[data-cell="{wrong["cell"]}"][data-owner]').count() == 0
    page.locator('[data-do="pz_hint"]').click()
    page.locator(".pz-hint").wait_for(state="attached")
    solution = puzzle["solution"]
    deploy(page, solution["card"], solution["cell"])
    page.locator('html[data-puzzle="solved"]').wait_for(state="attached")
    page.locator('[data-streak="1"]').wait_for(state="attached")
    cell = page.locator(f'[data-cell="{solution["cell"]}"]')
    assert cell.get_attribute("data-owner") == "blue"
    assert "Solved!" in panel.inner_text()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert saved["puzzles"]["solved"] == [day]
    shot(page, "solved")
    # The whole line, move by move, to the score the puzzle promised.
    last = len(puzzle["line"])
    for i in range(2, last + 1):
        page.locator('[data-do="replay_next"]').click()
        page.locator(f'[data-replay-at="{i}"]').wait_for(state="attached")
    assert page.locator("[data-cell][data-owner]").count() == 9
    blue = int(page.locator('[data-score="blue"]').inner_text())
    assert blue == puzzle["score"]["blue"]
    shot(page, "line")
    # A click on empty space is no action, though <html> holds the replay's step (`data-replay`).
    page.evaluate("() => document.getElementById('app').click()")
    assert page.locator(f'[data-replay-at="{last}"]').count() == 1
    page.locator('[data-do="pz_days"]').click()
    page.locator(".pz-day.done").wait_for(state="attached")
    shot(page, "days")
    page.locator('[data-do="replay_exit"]').click()
    page.locator('html[data-puzzle=""]').wait_for(state="attached")
    page.evaluate("() => document.getElementById('app').click()")  # `data-replay=""`: still nothing
    page.wait_for_timeout(300)  # an error would be logged by then (the context fails on it)


def test_the_puzzle_opened_before_the_engine_is_up_waits_for_its_own_position(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """A first visit: "Daily puzzle" on the title while the engine still loads. No other
    deal sits on the table meanwhile, nothing takes a move, and once the engine is up the
    puzzle's own position waits for the player (`html.ready`) and is solved."""
    context, _ = new_context(title=True)
    engine = HeldEngine(context)
    page = context.new_page()
    page.goto(server.url)
    page.locator('[data-do="title_puzzle"]').click()
    page.locator('html[data-puzzle="making"]').wait_for(state="attached")
    assert page.locator("[data-hand] [data-card], [data-cell]").count() == 0
    page.keyboard.press("Enter")
    page.mouse.click(640, 300)
    assert "ready" not in (page.get_attribute("html", "class") or "")
    engine.release()
    page.locator("html.ready").wait_for(state="attached", timeout=WORK_MS)
    assert page.get_attribute("html", "data-puzzle") == "solving"
    puzzle = daily_json(datetime.date.fromisoformat(page.evaluate(LOCAL_DATE)))
    position = puzzle["position"]
    placed = sum(1 for space in position["board"] if space is not None)
    assert page.locator("[data-cell][data-owner]").count() == placed
    assert page.locator('[data-hand="blue"] [data-card]').count() == len(position["hands"]["blue"])
    solution = puzzle["solution"]
    deploy(page, solution["card"], solution["cell"])
    page.locator('html[data-puzzle="solved"]').wait_for(state="attached")
    assert page.locator(f'[data-cell="{solution["cell"]}"]').get_attribute("data-owner") == "blue"


def test_a_match_analysed_after_it_ends(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=["open", "same"])
    wait_engine(page)
    while not wait_turn(page):
        before = page.locator("[data-cell][data-owner]").count()
        page.keyboard.press("F1")
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {before}"
        )
    page.locator('[data-do="analyse"]').click()
    page.locator('html[data-analysis="running"]').wait_for(state="attached")
    page.locator(".an-progress").wait_for(state="attached")
    page.locator('html[data-analysis="done"]').wait_for(state="attached", timeout=WORK_MS)
    chips = page.locator("button.an-chip")
    assert chips.count() == 9
    assert page.locator(".an-chart circle[data-ply]").count() == 9
    # F1 plays master's moves: near the end it sees every line, so its last move is best
    classes = [chips.nth(i).get_attribute("class") or "" for i in range(9)]
    assert all(any(f"mark-{m}" in c for m in ("best", "inaccuracy", "blunder")) for c in classes)
    assert "mark-best" in [c for c in classes if "side-blue" in c][-1]
    page.locator(".an-chart circle[data-ply='4']").click()
    page.locator('[data-replay-at="4"]').wait_for(state="attached")
    page.locator(".cell.ghost-played").wait_for(state="attached")
    assert page.locator(".an-text").inner_text().startswith("Move 5 · ")
    shot(page, "analysis")
    page.locator('[data-do="replay_exit"]').click()
    page.locator('html[data-analysis=""]').wait_for(state="attached")
