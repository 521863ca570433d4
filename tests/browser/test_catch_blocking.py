"""A bot from the editor without JSPI: its input() blocks in its worker, fed synchronously.

Chromium has JSPI, so the page is made to see none (an init script hides
`WebAssembly.Suspending`, as in Safari) and starts the bot's worker in blocking
mode: its calls come through the service worker (a synchronous request it holds),
or through SharedArrayBuffer and Atomics.wait when the page is cross-origin isolated
(a server sending COOP and COEP headers). WebKit, which has no JSPI at all, plays a
whole match this way in test_engines.py.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from tests.browser.conftest import Server, Watch, wait_ready
from tests.browser.test_catch_page import run_duel
from tests.ui.catch.helpers import editor_match, reading_bot

pytestmark = pytest.mark.browser

# The map (and the random bot's seed) of the editor's match: the same match every run.
SEED = 11
NO_JSPI = "try { delete WebAssembly.Suspending; } catch (e) {}"

# Plays three turns (its state kept), then raises: the page reports the traceback.
THREE_TURNS = reading_bot(
    """
    print("turn", turn, file=sys.stderr)
    if turn == 4:
        raise RuntimeError("out of ideas on turn " + str(turn))
    print("WAIT")
    """
)
RAISE_LINE = 1 + next(i for i, line in enumerate(THREE_TURNS.splitlines()) if "raise" in line)


class _IsolatedHandler(build._Handler):
    """The game's own server, plus the headers that make the page cross-origin isolated."""

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


@pytest.fixture
def isolated_origin(dist: Path) -> Iterator[str]:
    handler = functools.partial(_IsolatedHandler, directory=str(dist))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def open_editor(new_context: Callable[..., tuple[Any, Watch]], origin: str) -> Any:
    context, _ = new_context(origins=(origin,), reduced_motion="reduce")
    context.add_init_script(NO_JSPI)
    page = context.new_page()
    page.goto(origin + "/catch.html#editor")
    wait_ready(page)
    return page


def test_without_jspi_a_bot_plays_a_match_through_the_service_worker(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_editor(new_context, server.origin)
    page.wait_for_function("() => window.triadBotSupport() === 'service-worker'")
    console = run_duel(page, SEED)
    assert f"Match on map {SEED} against Random" in console
    # The match our engine plays in CPython between the same two bots on the same map.
    expected = editor_match(SEED)
    assert expected.result.winner == 0
    assert "Example bot wins" in console, console[-500:]
    assert f"Match over after {expected.state.turn} turns" in console, console[-500:]
    assert page.evaluate("document.documentElement.dataset.turn") == str(expected.state.turn)


def test_cross_origin_isolated_a_bot_is_fed_through_shared_memory(
    new_context: Callable[..., tuple[Any, Watch]], isolated_origin: str
) -> None:
    page = open_editor(new_context, isolated_origin)
    assert page.evaluate("window.triadBotSupport()") == "atomics"
    page.locator("#c-code").fill(THREE_TURNS)
    console = run_duel(page, SEED)
    assert "turn 1\nturn 2\nturn 3\nturn 4" in console, console[-800:]
    assert "RuntimeError: out of ideas on turn 4" in console
    assert f'File "bot.py", line {RAISE_LINE}' in console
    assert "Your bot stopped on turn 4" in console
    assert page.evaluate("document.documentElement.dataset.turn") == "3"


def test_a_browser_that_cannot_feed_a_bot_says_so_at_once(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce", service_workers="block")
    context.add_init_script(NO_JSPI)
    page = context.new_page()
    page.goto(server.url + "catch.html#editor")
    wait_ready(page)
    assert page.evaluate("window.triadBotSupport()") == ""
    workers = len(page.workers)
    page.locator('[data-act="run"]').click()
    wait_ready(page)
    assert "lacks WebAssembly JSPI" in page.locator("#c-console").inner_text()
    assert "Running" not in page.locator("#app").inner_text()
    assert len(page.workers) == workers  # no worker was started for nothing
