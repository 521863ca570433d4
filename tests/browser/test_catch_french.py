"""Triangle Catch on a French page: the referee's words too (a refusal, the turn log, how a
match ended), not only the page's own, as a French browser shows them (the same words and a
bot's bad command, below the browser: tests/ui/catch/test_french.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_ready
from tests.browser.test_catch_page import (
    PLAY_SEED,
    click_and_wait,
    shot,
    start_game,
)
from triad.catch.match import Match
from triad.ui.catch.text import said
from triad.ui.look import text
from triad.worker import referee as worker

pytestmark = pytest.mark.browser

ENGLISH_WORDS = ("house", "turn starts", "moved", "spawned", "printed", "command", "reached")
WATCH_SEED = 3


def in_french(words: Any) -> str:
    """What the French page writes for the worker's `words`."""
    text.set_language("fr")
    try:
        return said(words)
    finally:
        text.set_language("en")


def test_the_french_page_says_the_referees_words_in_french(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(locale="fr-FR", reduced_motion="reduce")
    page = context.new_page()
    page.goto(server.url + "catch.html")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"

    # Play: an order the referee refuses, then a turn's log.
    start_game(page, PLAY_SEED, "random")
    units = Match.from_seed(PLAY_SEED).state.units[0]
    source = next(h for h, u in enumerate(units) if u)
    for _ in range(2):
        page.locator(f'[data-house="{source}"]').click()
        assert "(1 unité)." in page.locator("#c-panel .prompt").inner_text()
        target = page.evaluate(
            "() => [...document.querySelectorAll('svg.map .houses > g')].findIndex("
            "g => g.classList.contains('target'))"
        )
        click_and_wait(page, f'[data-house="{target}"]')
    refusal = page.locator("#c-notice").inner_text()
    assert (
        f"Refusé\u00a0: aucune unité n'est restée sur la maison {source} tout le tour" in refusal
    ), refusal
    click_and_wait(page, '#c-panel [data-act="end_turn"]')
    log = page.locator("#c-log").inner_text()
    assert "1 unité va vers la maison" in log, log
    assert not any(word in log for word in ENGLISH_WORDS), log
    shot(page, "fr-play")

    # Watch: the match's end, from the last position of the timeline.
    click_and_wait(page, '[data-act="mode"][data-arg="watch"]')
    page.locator("#c-bot0").select_option("planner")
    page.locator("#c-bot1").select_option("greedy")
    page.locator("#c-wseed").fill(str(WATCH_SEED))
    page.locator("#c-wseed").dispatch_event("change")
    page.locator('[data-act="watch"]').click()
    page.locator('[data-act="pause"]').click()
    wait_ready(page)
    total = page.locator("#c-scrub").get_attribute("max")
    page.locator("#c-scrub").fill(str(total))
    page.locator("html[data-over='1'].ready").wait_for(state="attached")
    request = json.dumps({"bots": ["planner", "greedy"], "seed": WATCH_SEED})
    reason = json.loads(worker.watch(request))["result"]["reason"]
    banner = page.locator("#c-banner").inner_text()
    assert "Stratège gagne" in banner and in_french(reason) in banner, banner
    assert not any(word in banner for word in ENGLISH_WORDS), banner
    shot(page, "fr-watch")

    # The editor in French, as seen (its bot's bad command said in French, a bot run in a
    # real worker: tests/ui/catch/test_french.py, tests/browser/test_catch_page.py).
    click_and_wait(page, '[data-act="mode"][data-arg="editor"]')
    shot(page, "fr-editor")
