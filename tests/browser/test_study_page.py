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

from tests.browser.conftest import Server, Watch, play_to_the_end, wait_engine, wait_settled
from tests.browser.test_page_play import open_page, settings_script
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
    wait_settled(page)  # the last card has landed
    page.screenshot(path=str(ARTIFACTS / f"study-{name}.jpg"))


def assert_board_clear(page: Any) -> None:
    """The study's panel lies beside or under the board, never over a space of it."""
    wait_settled(page)  # the layout has followed the new size
    board = page.locator(".board").bounding_box()
    panel = page.locator(".replay-layer").bounding_box()
    assert board["height"] > 150, board
    apart = board["y"] + board["height"] <= panel["y"] or board["x"] + board["width"] <= panel["x"]
    assert apart, (board, panel)


def deploy(page: Any, card: int, cell: int) -> None:
    page.locator(f'[data-hand="blue"] [data-card="{card}"]').click()
    target = page.locator(f'[data-cell="{cell}"]')
    target.click()
    target.click()


def open_todays_puzzle(page: Any) -> dict[str, Any]:
    """From the table, once the collection is read: the rule menu's Daily puzzle, made and
    waiting for its move; today's puzzle (in the page's own local date) as the engine makes it."""
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    puzzle = daily_json(datetime.date.fromisoformat(page.evaluate(LOCAL_DATE)))
    page.locator('[data-action="rules"]').click()
    page.locator('[data-do="puzzle"]').click()
    page.locator('html[data-puzzle="solving"]').wait_for(state="attached", timeout=WORK_MS)
    return puzzle


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
    assert_board_clear(page)
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
    page.locator(f'[data-cell="{solution["cell"]}"][data-owner="blue"]').wait_for(state="attached")
    banner = panel.locator(".pz-banner")
    assert banner.locator(".pz-banner-title").inner_text() == "Solved!"
    banner.locator(".pz-banner-streak", has_text="Streak: 1 day").wait_for(state="attached")
    # Play is over: the line above the board says so, no side has "the turn".
    assert page.locator(".status-text").inner_text() == "Puzzle solved"
    assert page.locator(".turn-mark").count() == 0
    assert "Streak: 1 day" in (page.locator("#r-say").text_content() or "")
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
    wait_settled(page)  # an error would be logged by then (the context fails on it)


@pytest.mark.motion  # (a first visit: the solution plays out animated)
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
    # the solution plays out (animated: motion is not reduced here)
    page.locator(f'[data-cell="{solution["cell"]}"][data-owner="blue"]').wait_for(state="attached")


WORDS = {
    "en": {
        "chip": "Move 1, You: ",
        "you_played": "You played",
        "cpu_played": "CPU played",
        "ahead": ("Ahead: You", "Ahead: CPU"),
        "key": ("Best move", "Inaccuracy", "Blunder"),
        "move": "Move 5 · ",
        "played": "Played",
        "best": "Best",
        "turns": ("Next to play: You", "Next to play: CPU"),
        "you": "You",
    },
    "fr": {
        "chip": "Coup 1, Vous\u00a0: ",
        "you_played": "Vous avez joué",
        "cpu_played": "CPU a joué",
        "ahead": ("En tête\u00a0: Vous", "En tête\u00a0: CPU"),
        "key": ("Meilleur coup", "Imprécision", "Gaffe"),
        "move": "Coup 5 · ",
        "played": "Joué",
        "best": "Meilleur",
        "turns": ("Joue ensuite\u00a0: Vous", "Joue ensuite\u00a0: CPU"),
        "you": "Vous",
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_match_analysed_after_it_ends(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    words = WORDS[lang]
    page = open_page(new_context, server, rules=["open", "same"], lang=lang)
    wait_engine(page)
    play_to_the_end(page)
    page.locator('[data-do="analyse"]').click()
    page.locator('html[data-analysis="running"]').wait_for(state="attached")
    page.locator(".an-progress").wait_for(state="attached")
    page.locator('html[data-analysis="done"]').wait_for(state="attached", timeout=WORK_MS)
    chips = page.locator("button.an-chip")
    assert chips.count() == 9
    assert page.locator(".an-chart circle[data-ply]").count() == 9
    classes = [chips.nth(i).get_attribute("class") or "" for i in range(9)]
    assert all(any(f"mark-{m}" in c for m in ("best", "inaccuracy", "blunder")) for c in classes)
    # The match's last move has one card for one space: it is the best there was, whoever
    # made it (the moves before were clicked, not chosen by the CPU).
    assert "mark-best" in classes[-1]
    # A match against the CPU: the player's names, never Red and Blue.
    blue_chip = next(i for i in range(9) if "side-blue" in classes[i])
    label = chips.nth(blue_chip).get_attribute("aria-label") or ""
    assert label.startswith(words["chip"].replace("1", str(blue_chip + 1)))
    # The chart's axes are named and its colours explained.
    figure = page.locator(".an-figure")
    axis = " ".join(figure.locator(".an-axis-y").all_inner_texts())
    assert all(w in axis for w in words["ahead"])
    assert figure.locator(".an-axis-x").is_visible()
    key = figure.locator(".an-key").inner_text()
    assert all(w in key for w in words["key"])
    page.locator(".an-chart circle[data-ply='4']").click()
    page.locator('[data-replay-at="4"]').wait_for(state="attached")
    page.locator(".cell.ghost-played").wait_for(state="attached")
    text = page.locator(".an-text").inner_text()
    assert text.startswith(words["move"])
    assert words["you_played"] in text or words["cpu_played"] in text
    status = page.locator(".status-text").inner_text()
    assert status in words["turns"], status
    names = page.locator(".house .who").all_text_contents()
    assert sorted(names) == sorted([words["you"], "CPU"])
    # The card played and the best one carry tags of their own, not only a colour.
    assert page.locator(".cell.ghost-played .ghost-tag").text_content() == words["played"]
    shot(page, f"analysis-{lang}")
    worse = [i for i in range(9) if "mark-best" not in classes[i]]
    if worse:
        page.locator(f".an-chart circle[data-ply='{worse[0]}']").click()
        # The best card is drawn on its space, or tagged in the hand when its space is the
        # one the played card went to.
        best = page.locator(".cell.ghost-best .ghost-tag, .hand .ghost-tag-best")
        best.wait_for(state="attached")
        assert best.text_content() == words["best"]
        assert page.locator(".cell.ghost-played .ghost-tag").count() == 1
        shot(page, f"analysis-best-{lang}")
    assert_board_clear(page)
    assert_laid_out(page)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"analysis-phone-{lang}")
    assert_board_clear(page)
    assert_laid_out(page)
    # On a phone the analysis lies under the blue hand, not over it, and its replay bar
    # stays in sight above the bottom bar.
    hand = page.locator(".hand-blue").bounding_box()
    panel = page.locator(".an-panel").bounding_box()
    assert hand is not None and panel is not None
    assert panel["y"] >= hand["y"] + hand["height"] - 1, (hand, panel)
    in_sight(page, ".replay-bar")
    # A phone on its side (a large one, a small one): the analysis beside the blue hand.
    for width, height in ((844, 390), (740, 360)):
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"analysis-landscape-{width}-{lang}")
        assert_board_clear(page)
        assert_laid_out(page)
    page.locator('[data-do="replay_exit"]').click()
    page.locator('html[data-analysis=""]').wait_for(state="attached")


# What a player sees is what takes the click: the analysis (its layer and panel) lies over
# no card of a hand, the replay's turn badge over no space or card, and every button of the
# bars is all on screen with nothing over its middle.
LAYOUT = """() => {
  const shown = sel => [...document.querySelectorAll(sel)]
    .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = e => e.dataset.do || e.dataset.action || e.getAttribute("aria-label")
    || (e.dataset.cell ? "space " + e.dataset.cell : "card " + e.dataset.card);
  const out = [];
  const cards = shown("[data-hand] [data-card]");
  for (const [, r] of shown(".replay-layer, .an-panel"))
    for (const [c, cr] of cards) if (meet(r, cr)) out.push("the analysis covers " + name(c));
  for (const [, r] of shown(".turn-mark"))
    for (const [c, cr] of cards.concat(shown("[data-cell]")))
      if (meet(r, cr)) out.push("the turn badge covers " + name(c));
  for (const [b, r] of shown(".bar button, .replay-bar button, .pz-buttons button")) {
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      out.push("off screen: " + name(b));
    else if (!b.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)))
      out.push("covered: " + name(b));
  }
  return out;
}"""


def assert_uncovered(page: Any, name: str) -> None:
    """Nothing lies over a card, a space or a button (a screenshot `name` when something does)."""
    wait_settled(page)  # the layout has followed the new size or step
    wrong = page.evaluate(LAYOUT)
    if wrong:
        size = page.viewport_size
        shot(page, f"wrong-{size['width']}x{size['height']}-{name}")
    assert wrong == [], page.viewport_size


def assert_laid_out(page: Any) -> None:
    """The table at this size, with either side to play next (one step back or on): nothing
    lies over a card, a space or a button, and the board stays readable."""
    for turn in range(2):
        assert page.locator(".turn-mark").count() == 1
        at = int(page.locator(".replay-bar").get_attribute("data-replay-at") or 0)
        assert_uncovered(page, str(at))
        cell = page.locator('[data-cell="4"]').bounding_box()
        assert cell is not None and cell["width"] >= 50, (cell, page.viewport_size)
        back = turn == 0 and at > 0
        page.locator(f'[data-do="replay_{"back" if back else "next"}"]').click()
        page.locator(f'[data-replay-at="{at - 1 if back else at + 1}"]').wait_for(state="attached")


def in_sight(page: Any, selector: str) -> None:
    """The control is all on screen, above the bottom bar (not under it, nor scrolled away)."""
    box = page.locator(selector).bounding_box()
    bar = page.locator(".bar-bottom").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)


def test_the_puzzle_solved_in_french_on_a_phone(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    # A small phone, a new player (the legend's tip not seen): the panel's buttons and the
    # line's replay bar stay in sight above the bottom bar, the panel scrolling beneath them.
    context, _ = new_context(viewport={"width": 360, "height": 640}, tip=True)
    context.add_init_script(settings_script(lang="fr"))
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    solution = open_todays_puzzle(page)["solution"]
    shot(page, "solving-phone-fr")
    assert page.locator(".turn-mark").count() == 1
    assert_uncovered(page, "solving")
    deploy(page, solution["card"], solution["cell"])
    page.locator('html[data-puzzle="solved"]').wait_for(state="attached")
    # On its side, the panel solved beside the table, its buttons in sight at its foot.
    for width, height in ((844, 390), (740, 360)):
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"solved-side-{width}-fr")
        assert_board_clear(page)
        assert_uncovered(page, "solved")
    page.set_viewport_size({"width": 360, "height": 640})
    banner = page.locator(".pz-banner")
    assert banner.locator(".pz-banner-title").inner_text() == "Résolu\u00a0!"
    banner.locator(".pz-banner-streak", has_text="Série\u00a0: 1 jour").wait_for(state="attached")
    assert page.locator(".status-text").inner_text() == "Énigme résolue"
    assert page.locator(".turn-mark").count() == 0
    shot(page, "solved-phone-fr")
    for control in ('[data-do="replay_next"]', '[data-do="replay_exit"]', '[data-do="pz_days"]'):
        in_sight(page, control)
    page.locator('[data-do="replay_next"]').click()
    page.locator('[data-replay-at="2"]').wait_for(state="attached")
