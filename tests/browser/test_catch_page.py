"""Triangle Catch through the real page: a game by clicks, bots on a timeline, the bot editor.

The page is driven as a player drives it and the tests wait on its state
(`html.ready`, `data-turn`, `data-at`, `data-over`), never on time.
Screenshots of each mode go to test-artifacts/catch-*.jpg.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_ready
from tests.conftest import ARTIFACTS
from tests.ui.catch.helpers import editor_match, reading_bot
from triad.catch.match import Match

pytestmark = pytest.mark.browser

PLAY_SEED = 199  # CodinGame seed: player 0 owns triangle 0-36-43 from the start
EDITOR_SEED = 11
MATCH_TIMEOUT_MS = 180_000
DUEL_TIMEOUT_MS = 300_000  # a whole match of a bot in the editor, fed through a service worker

LOOPING_BOT = reading_bot(
    """
    print("turn", turn, "read", len(lines), "lines", file=sys.stderr)
    if turn == 3:
        while True:
            pass
    print("WAIT")
    """
)


def open_catch(
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
    hash_: str = "",
    **options: Any,
) -> Any:
    context, _ = new_context(reduced_motion="reduce", **options)
    page = context.new_page()
    page.goto(server.url + "catch.html" + hash_)
    wait_ready(page)
    return page


def run_duel(page: Any, seed: int) -> str:
    """Run the editor's bot against the random bot on map `seed`; the console's text after it."""
    page.locator('[data-act="opponent"][data-arg="random"]').click()
    page.locator("#c-eseed").fill(str(seed))
    page.locator("#c-eseed").dispatch_event("change")
    # A shared machine can stall a worker for longer than any turn limit: the debugging
    # limits keep these tests about the bot's play (time limits have a test of their own).
    page.locator("#c-limits").select_option("debug")
    page.locator('[data-act="run"]').click()
    page.locator("html[data-over='1'].ready").wait_for(state="attached", timeout=DUEL_TIMEOUT_MS)
    return str(page.locator("#c-console").inner_text())


def data(page: Any, name: str) -> str:
    return str(page.evaluate(f"document.documentElement.dataset[{name!r}]"))


def click_and_wait(page: Any, selector: str) -> None:
    page.locator(selector).first.click()
    wait_ready(page)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"catch-{name}.jpg"))


def start_game(page: Any, seed: int, bot: str) -> None:
    if not page.locator("#c-setup-box").evaluate("box => box.open"):
        page.locator("#c-setup-box > summary").click()
    page.locator(f'[data-act="bot"][data-arg="{bot}"]').click()
    page.locator("#c-seed").fill(str(seed))
    page.locator("#c-seed").dispatch_event("change")
    click_and_wait(page, '[data-act="new_game"]')
    assert data(page, "turn") == "0"


def words_broken(page: Any, selector: str) -> list[str]:
    """The words of the elements at `selector` that are drawn over more than one line."""
    return page.evaluate(
        """(sel) => {
            const broken = [];
            for (const el of document.querySelectorAll(sel)) {
                const text = el.firstChild;
                let at = 0;
                for (const word of text.textContent.split(" ")) {
                    const range = document.createRange();
                    range.setStart(text, at);
                    range.setEnd(text, at + word.length);
                    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                    if (tops.size > 1) broken.push(word);
                    at += word.length + 1;
                }
            }
            return broken;
        }""",
        selector,
    )


def test_the_map_turns_upright_on_a_phone(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_catch(
        new_context, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    start_game(page, PLAY_SEED, "greedy")
    box = page.locator("svg.map").bounding_box()
    assert box["height"] > box["width"]
    assert page.locator("svg.map.portrait").count() == 1
    assert box["width"] <= 390
    page.evaluate("window.scrollTo(0, 0)")
    page.locator('[data-house="36"]').tap()
    assert page.locator("svg.map .house.sel").count() == 1
    # What to do next and End turn stay at hand in a bar at the bottom of the screen.
    dock = page.locator(".ct-dock")
    assert "Move from house 36" in dock.inner_text()
    dock_box = dock.bounding_box()
    assert dock_box["y"] + dock_box["height"] <= 844 + 1
    shot(page, "phone-play")
    dock.locator('[data-act="cancel"]').tap()
    dock.locator('[data-act="end_turn"]').tap()
    wait_ready(page)
    assert data(page, "turn") == "1"


def test_the_editor_on_a_small_phone_shows_names_limits_and_code_whole(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """At 360 px the saved bot's name and the time limits have the row's width, long code
    lines wrap instead of running off the box, and a reload keeps each mode's map."""
    page = open_catch(
        new_context,
        server,
        "#editor",
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    for box in ("#c-saved", "#c-limits"):
        assert page.locator(box).bounding_box()["width"] >= 0.6 * 360, box
    code = page.locator("#c-code")
    assert code.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    page.locator("#c-eseed").fill("4242")
    page.locator("#c-eseed").dispatch_event("change")
    shot(page, "phone-editor")
    page.reload()
    wait_ready(page)
    assert page.locator("#c-eseed").input_value() == "4242"


def test_watching_two_bots_with_the_timeline_then_a_bot_that_loops_forever_loses_on_time(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_catch(new_context, server, "#watch", viewport={"width": 1280, "height": 800})
    page.locator("#c-bot0").select_option("planner")
    page.locator("#c-bot1").select_option("greedy")
    page.locator("#c-wseed").fill("3")
    page.locator("#c-wseed").dispatch_event("change")
    page.locator('[data-act="watch"]').click()
    page.locator('[data-act="pause"]').click()
    wait_ready(page)
    at = int(data(page, "at"))
    total = int(page.locator("#c-scrub").get_attribute("max"))
    assert total > 5 and 0 <= at < total
    click_and_wait(page, '[data-act="step"][data-arg="1"]')
    assert int(data(page, "at")) == at + 1 == int(data(page, "turn"))
    click_and_wait(page, '[data-act="step"][data-arg="-1"]')
    assert int(data(page, "at")) == at
    page.locator("#c-scrub").fill("5")
    wait_ready(page)
    assert data(page, "at") == "5" and data(page, "turn") == "5"
    assert "Turn 5" in page.locator("#c-log").inner_text()
    shot(page, "desktop-watch")
    page.locator('[data-act="speed"][data-arg="8"]').click()
    page.locator('[data-act="play"]').click()
    page.locator("html[data-over='1']").wait_for(state="attached", timeout=MATCH_TIMEOUT_MS)
    wait_ready(page)
    assert data(page, "at") == str(total)
    assert "Planner wins" in page.locator("#c-banner").inner_text()

    # Then, in the same page, a bot of the editor that loops forever: it loses on time and
    # the page goes on.
    click_and_wait(page, '[data-act="mode"][data-arg="editor"]')
    page.locator("#c-code").fill(LOOPING_BOT)
    page.locator("#c-name").fill("Looper")
    # the slow limits (500 ms a turn): a busy machine must not end turn 1 or 2 on time
    page.locator("#c-limits").select_option("slow")
    page.locator('[data-act="run"]').click()
    page.locator("html[data-over='1'].ready").wait_for(state="attached", timeout=MATCH_TIMEOUT_MS)
    console = page.locator("#c-console").inner_text()
    assert "turn 1 read" in console and "turn 2 read" in console  # its stderr
    assert "did not answer within 500 ms on turn 3: it loses on time" in console
    assert "Random wins" in page.locator("#c-banner").inner_text()
    assert data(page, "turn") == "2"
    # The page answers at once: the other modes work.
    click_and_wait(page, '[data-act="mode"][data-arg="play"]')
    assert data(page, "mode") == "play"
    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    assert data(page, "turn") == "1"


def test_a_bot_written_in_the_editor_beats_random_and_is_saved_then_a_game_by_clicks(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_catch(new_context, server, "#editor", viewport={"width": 1440, "height": 900})
    assert "import sys" in page.locator("#c-code").input_value()
    page.locator("#c-name").fill("Browser bot")
    page.locator('[data-act="save_bot"]').click()
    assert "Saved “Browser bot”" in page.locator("#c-notice").inner_text()
    page.reload()
    wait_ready(page)
    assert page.locator("#c-name").input_value() == "Browser bot"
    assert page.locator("#c-saved").input_value() == "Browser bot"
    console = run_duel(page, EDITOR_SEED)
    assert "Match on map 11 against Random" in console
    assert "Browser bot wins" in console, console[-500:]
    assert "Browser bot wins" in page.locator("#c-banner").inner_text()
    # The match our engine plays in CPython between the same two bots on the same map.
    assert data(page, "turn") == str(editor_match(EDITOR_SEED).state.turn)
    shot(page, "desktop-editor")

    # Then a game against a bot by clicks, in the same page.
    click_and_wait(page, '[data-act="mode"][data-arg="play"]')
    assert page.locator('a.home[href="./index.html"]').count() == 1
    start_game(page, PLAY_SEED, "random")
    units = Match.from_seed(PLAY_SEED).state.units[0]
    mine = [h for h, u in enumerate(units) if u]
    assert page.locator(".side.p0 .pname").inner_text() == "You"

    # Spawn from the triangle owned from the start: the triangle (chosen from the list of
    # the player's triangles), the action, a corner.
    page.locator('#c-panel [data-act="tri"][data-arg="0-36-43"]').click()
    page.locator('#c-panel [data-act="action"][data-arg="SPAWN"]').click()
    assert page.locator("svg.map .house.corner").count() == 3
    click_and_wait(page, '[data-house="36"]')
    assert page.locator(".order-list > li").count() == 1
    assert "Spawn on 36 (triangle 36 0 43)" in page.locator(".order-list > li").inner_text()

    # A move: a house, then one of the neighbours highlighted.
    source = mine[0]
    page.locator(f'[data-house="{source}"]').click()
    assert "choose where to (1 unit)." in page.locator("#c-panel .prompt").inner_text()
    target = page.evaluate(
        "() => [...document.querySelectorAll('svg.map .houses > g')].findIndex("
        "g => g.classList.contains('target'))"
    )
    assert target >= 0
    click_and_wait(page, f'[data-house="{target}"]')
    assert page.locator(".order-list > li").count() == 2
    # The same house again: its unit has already been given an order.
    page.locator(f'[data-house="{source}"]').click()
    click_and_wait(page, f'[data-house="{target}"]')
    assert page.locator(".order-list > li").count() == 2
    refusal = page.locator("#c-notice").inner_text()
    assert f"Refused: no unit stood on house {source} the whole turn" in refusal
    assert page.locator("code.line").inner_text() == f"SPAWN 36 0 43;MOVE {source} {target} 1"
    shot(page, "desktop-orders")

    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    assert data(page, "turn") == "1"
    assert page.locator(".order-list > li").count() == 0
    log = page.locator("#c-log").inner_text()
    assert "SPAWN 36 0 43" in log and f"MOVE {source} {target} 1" in log
    for turn in (2, 3):
        click_and_wait(page, '#c-panel [data-act="end_turn"]')
        assert data(page, "turn") == str(turn)
    assert "Turns played: 3 / 200" in page.locator("#c-score").inner_text()
    assert f"Seed {PLAY_SEED}" in page.locator("#c-score").inner_text()
    shot(page, "desktop-play")
    page.locator('[data-act="help"]').click()
    assert page.locator("#c-overlay [role=dialog]").count() == 1
    shot(page, "desktop-help")
    page.keyboard.press("Escape")
    assert page.locator("#c-overlay [role=dialog]").count() == 0

    # Any CodinGame seed, the most negative 64-bit one included, gives its map.
    start_game(page, -(2**63), "random")
    assert "Seed -9223372036854775808" in page.locator("#c-score").inner_text()
    houses = len(Match.from_seed(-(2**63)).game_map.layout.houses)
    assert page.locator("svg.map .houses > g").count() == houses
    page.locator("#c-seed").fill("12e3")
    page.locator("#c-seed").dispatch_event("change")
    assert "A CodinGame seed is a whole number" in page.locator("#c-notice").inner_text()
    assert page.locator("#c-seed").input_value() == "-9223372036854775808"

    # Where the score bar is tight, what gives way is the line, never a word of a name.
    for width, height in ((1024, 768), (900, 700)):
        page.set_viewport_size({"width": width, "height": height})
        assert words_broken(page, ".side .pname") == [], (width, height)
    shot(page, "tight-score-bar")
