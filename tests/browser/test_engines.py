"""The game in Firefox (Gecko) and WebKit (Safari's engine), not only in Chromium.

Each test runs once per engine (tests/browser/engines.py), a journey on one first visit
each: the card game boots to ready and plays a whole match by clicks, reloaded after its
first move with its server stopped; Triangle Catch starts, ends a turn, and a bot from its editor plays a
match (in WebKit, without JSPI, fed through the service worker). They are marked `engines`: a developer skips them with `-m "not engines"`;
CI runs them. Screenshots go to test-artifacts/engine-ENGINE-*.png. The tests wait on
the page's state, never on time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from tests.browser.conftest import Server
from tests.browser.engines import ENGINES, EnginePage, start
from tests.conftest import ARTIFACTS
from tests.ui.catch.helpers import editor_match, reading_bot

pytestmark = [pytest.mark.browser, pytest.mark.engines]

BOOT_MS = 180_000  # Pyodide in WebKit's interpreter on a busy machine
TURN_MS = 180_000
MATCH_MS = 600_000
EDITOR_SEED = 11  # the map of the editor's match (the random bot is seeded with it)
SET_SEED = """(() => {
  const field = document.querySelector('#c-eseed');
  field.value = '%d';
  return field.dispatchEvent(new Event('change', {bubbles: true}));
})()"""
READY = "document.documentElement.classList.contains('ready')"
# A bot typed into the editor: it reads every line of each turn and waits. Cheap, so the
# test is about the bot running in this engine, not about a loaded machine's speed.
WAITING_BOT = reading_bot(
    """
    if turn % 50 == 0:
        print("turn", turn, file=sys.stderr)
    print("WAIT")
    """
)
ENGINE_UP = "window.triadEngine && window.triadEngine.state === 'ready'"
PLAY = '.title-screen [data-do="title_play"]'


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Any]:
    browser = start(request.param)
    yield browser
    browser.quit()


@pytest.fixture
def open_page(engine: Any) -> Iterator[Callable[..., EnginePage]]:
    """Pages in fresh profiles; each fails the test at its end if it logged an error."""
    made: list[EnginePage] = []

    def make(url: str, width: int = 1280, height: int = 800) -> EnginePage:
        page = engine.new_page(width, height)
        made.append(page)
        page.goto(url)
        if "catch.html" not in url:  # the card game opens on its title screen: Play
            page.wait(f"document.querySelector('{PLAY}')", BOOT_MS)
            page.click(PLAY)
        return page

    yield make
    problems = []
    for page in made:
        problems += page.errors()
        page.close()
    assert not problems, problems


def shot(page: EnginePage, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(ARTIFACTS / f"engine-{page.engine}-{name}.png")


def play_a_move(page: EnginePage) -> None:
    """The first card of the hand on the first empty cell, by clicks (choose, aim, confirm)."""
    before = page.count("[data-cell][data-owner]")
    page.click('[data-hand="blue"] [data-card]')
    cell = page.attr("[data-cell]:not([data-owner])", "data-cell")
    page.click(f'[data-cell="{cell}"]')
    page.wait(f"document.querySelector('[data-cell=\"{cell}\"] .preview')", TURN_MS)
    page.click(f'[data-cell="{cell}"]')
    try:
        page.wait(
            f"document.querySelectorAll('[data-cell][data-owner]').length > {before}", TURN_MS
        )
    except TimeoutError as error:
        # What the player sees then, for the log: the screen, the page's flags, the status.
        shot(page, "move-not-played")
        state = page.js(
            "JSON.stringify({flags: document.documentElement.className,"
            " data: Object.assign({}, document.documentElement.dataset),"
            " engine: window.triadEngine && window.triadEngine.state,"
            " status: (document.querySelector('#r-status') || {}).textContent})"
        )
        raise TimeoutError(
            f"{page.engine}: the move confirmed on cell {cell} never landed: {state}"
        ) from error


def test_boots_and_plays_a_whole_match_by_clicks_across_a_reload_with_the_server_stopped(
    open_page: Callable[..., EnginePage], dist: Path
) -> None:
    srv = Server(dist)  # (its own: stopped halfway)
    try:
        page = open_page(srv.url)
        page.wait(READY, BOOT_MS)
        page.wait(ENGINE_UP, BOOT_MS)
        assert page.count('[data-hand="blue"] [data-card]') == 5
        assert page.js("getComputedStyle(document.getElementById('loading')).display") == "none"
        shot(page, "ready")
        play_a_move(page)
        page.wait(f"{READY} || document.querySelector('[data-result]')", TURN_MS)
        owned = page.count("[data-cell][data-owner]")

        # Offline: every file but the ones cached when first fetched (the whole icon set).
        files = sum(1 for p in dist.rglob("*") if p.is_file()) - len(build.LAZY_FILES)
        page.wait("navigator.serviceWorker.controller", BOOT_MS)
        cached = (
            "caches.keys().then((all) => all.filter((key) => key.startsWith('triad:')))"
            ".then((keys) => keys.length === 1 &&"
            " caches.open(keys[0]).then((c) => c.keys()).then((k) => k.length))"
        )
        # Polled with js(), which awaits the promise (wait() would take it for true at once);
        # the service worker fills its cache once the page has waited for the player.
        deadline = time.monotonic() + BOOT_MS / 1000
        while (page.js(cached) or 0) < files:
            assert time.monotonic() < deadline, f"the cache holds {page.js(cached)} files"
            time.sleep(0.25)
        srv.stop()
        page.reload()
        page.wait(READY, BOOT_MS)
        page.wait(ENGINE_UP, BOOT_MS)
        assert page.count("[data-cell][data-owner]") == owned  # the match came back
        shot(page, "offline")

        moves = 1
        while True:
            page.wait(f"{READY} || document.querySelector('[data-result]')", TURN_MS)
            if page.count("[data-result]"):
                break
            play_a_move(page)
            moves += 1
        assert moves in (4, 5)
        assert page.count("[data-cell][data-owner]") == 9
        blue = int(page.text('[data-score="blue"]'))
        red = int(page.text('[data-score="red"]'))
        assert blue + red == 10
        result = page.text("[data-result]")
        assert any(word in result for word in ("You win!", "You lose", "Draw")), result
        own = [u for u in page.requests() if not u.startswith((srv.origin, "data:", "blob:"))]
        assert not own, f"requests to other hosts: {own}"
        shot(page, "result")
    finally:
        srv.stop()


def test_triangle_catch_starts_and_a_bot_from_the_editor_plays_a_match(
    open_page: Callable[..., EnginePage], server: Server
) -> None:
    page = open_page(server.url + "catch.html", 1440, 900)
    page.wait(READY, BOOT_MS)
    assert page.count("svg.map [data-house]") > 10
    assert page.js("document.documentElement.dataset.turn") == "0"
    page.click('#c-panel [data-act="end_turn"]')
    page.wait(f"{READY} && document.documentElement.dataset.turn === '1'", TURN_MS)
    shot(page, "catch")
    page.click('[data-act="mode"][data-arg="editor"]')
    page.wait(f"{READY} && document.documentElement.dataset.mode === 'editor'", TURN_MS)
    # Without JSPI the bot's input goes through the service worker: once it controls the page.
    assert page.js("window.triadBotSupport()") in ("jspi", "service-worker", "")
    page.wait("window.triadBotSupport()", BOOT_MS)
    page.click('[data-act="opponent"][data-arg="random"]')
    # No time limit to speak of: the test is about the bot running in this engine, and a
    # busy two-core machine can stall any worker for longer than a turn's limit.
    page.select("#c-limits", "debug")
    page.fill("#c-code", WAITING_BOT)
    # In one step: the page redraws the field once its value changes.
    page.js(SET_SEED % EDITOR_SEED)
    shot(page, "editor")
    page.click('[data-act="run"]')
    page.wait("document.documentElement.dataset.over === '1' && " + READY, MATCH_MS)
    console = page.text("#c-console")
    assert f"Match on map {EDITOR_SEED} against Random" in console, console[-800:]
    # The match our engine plays in CPython between the same two bots on the same map.
    turns = editor_match(EDITOR_SEED, code=WAITING_BOT).state.turn
    assert page.js("document.documentElement.dataset.turn") == str(turns)
    assert f"Match over after {turns} turns" in console, console[-800:]
    assert "turn 50\n" in console  # the bot's stderr, from its own worker
    assert "loses" not in console and "stopped" not in console, console[-800:]
    shot(page, "editor-match")
