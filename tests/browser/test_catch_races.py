"""Triangle Catch: input that races the worker, between modes and within one.

A tab switched while the bot answers, New game or Watch pressed again and
again, Pause and Play mashed, Stop then Run: each mode's work belongs to a
session that ends with it, so nothing of an old match reaches the new one,
and the page reports no error (the `new_context` fixture checks that).  The
tests wait on the page's state, never on time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_ready
from tests.browser.test_catch_page import (
    DUEL_TIMEOUT_MS,
    PLAY_SEED,
    click_and_wait,
    data,
    open_catch,
    start_game,
)
from tests.ui.catch.helpers import reading_bot

pytestmark = pytest.mark.browser

HANGING_BOT = reading_bot(
    """
    if turn >= 3:
        while True:
            pass
    print("WAIT")
    """
)


def tab(page: Any, mode: str) -> None:
    page.locator(f'[data-act="mode"][data-arg="{mode}"]').click()


def test_tabs_switched_while_the_bot_answers_new_game_mashed_then_watch_and_pause_mashed(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_catch(new_context, server, viewport={"width": 1280, "height": 800})
    start_game(page, PLAY_SEED, "planner")
    # End the turn, then leave for each tab and come back while the bot answers.
    page.locator('#c-panel [data-act="end_turn"]').click()
    for mode in ("watch", "play", "editor", "watch", "play"):
        tab(page, mode)
    wait_ready(page)
    assert data(page, "mode") == "play" and data(page, "turn") == "1"
    assert "Turn 1" in page.locator("#c-log").inner_text()

    # New game pressed again and again, a turn ended between: one fresh match, no order
    # or turn of another match in it.
    if not page.locator("#c-setup-box").evaluate("box => box.open"):
        page.locator("#c-setup-box > summary").click()
    page.locator('#c-panel [data-act="end_turn"]').click()
    for _ in range(5):
        page.locator('[data-act="new_game"]').click()
    wait_ready(page)
    assert data(page, "turn") == "0"
    assert page.locator(".order-list > li").count() == 0
    assert page.locator("#c-log").inner_text().strip() == ""
    assert page.locator("svg.map").count() == 1
    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    assert data(page, "turn") == "1"

    # Watch, in the same page: Watch pressed again and again, then Pause and Play mashed:
    # one timeline.
    tab(page, "watch")
    wait_ready(page)
    page.locator("#c-wseed").fill("3")
    page.locator("#c-wseed").dispatch_event("change")
    for _ in range(4):
        page.locator('[data-act="watch"]').click()
    # The last match asked for has come (the button is pressed again once it can be).
    page.locator('[data-act="watch"]:not([disabled])').wait_for()
    page.locator("html[data-at='1']").wait_for(state="attached")
    page.evaluate("document.activeElement.blur()")  # Space on the Watch button presses it
    # Space mashed while it plays, the last press a pause: one timeline, stopped.
    for _ in range(9):
        page.keyboard.press(" ")
    wait_ready(page)
    at = int(data(page, "at"))
    assert at == int(data(page, "turn"))
    total = int(page.locator("#c-scrub").get_attribute("max"))
    assert 0 < at < total
    assert page.locator('[data-act="play"]').count() == 1  # shown paused

    # Playing, the tabs switched: the timeline stops where it is; the other tabs work.
    page.locator('[data-act="play"]').click()
    page.locator(f"html[data-at='{at + 1}']").wait_for(state="attached")
    tab(page, "play")
    tab(page, "editor")
    tab(page, "watch")
    wait_ready(page)
    stopped = int(data(page, "at"))
    assert stopped > at and page.locator('[data-act="play"]').count() == 1
    click_and_wait(page, '[data-act="step"][data-arg="1"]')
    assert data(page, "at") == str(stopped + 1) == data(page, "turn")


def test_stop_then_run_at_once_runs_one_clean_match(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_catch(new_context, server, "#editor", viewport={"width": 1280, "height": 800})
    page.locator("#c-code").fill(HANGING_BOT)
    page.locator("#c-limits").select_option("debug")
    page.locator('[data-act="opponent"][data-arg="random"]').click()
    page.locator('[data-act="run"]').click()
    page.wait_for_function(
        "Number(document.documentElement.dataset.turn) >= 2", timeout=DUEL_TIMEOUT_MS
    )
    page.locator('[data-act="stop"]').click()
    page.locator('[data-act="run"]').click()  # at once, the first match still unwinding
    page.wait_for_function(
        "document.querySelector('#c-console').textContent.split('Match on map').length === 3"
        " && Number(document.documentElement.dataset.turn) >= 2",
        timeout=DUEL_TIMEOUT_MS,
    )
    # The duel goes on behind another tab (its bot thinks on turn 3), and the game there
    # is played meanwhile.
    tab(page, "play")
    wait_ready(page)
    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    assert data(page, "turn") == "1"
    tab(page, "editor")
    assert page.locator('[data-act="stop"]').count() == 1
    page.locator('[data-act="stop"]').click()
    wait_ready(page)
    console = page.locator("#c-console").inner_text()
    assert console.count("Stopped.") == 2, console
    assert console.count("Match on map") == 2, console
    assert "Stopped." in page.locator("#c-run").inner_text()
    tab(page, "play")
    wait_ready(page)
    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    assert data(page, "turn") == "2"
