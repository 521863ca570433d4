"""What the page benchmarks share: the built bundle served, headless Chromium, a match played.

Not a benchmark itself (`build.py bench` runs the `bench_*.py` scripts): the page
benchmarks import it for their common setup, so each says only what it measures.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

#: A whole match may take minutes when the CPU thinks on a busy machine.
GAME_MS = 240_000

#: What the page writes when the player leaves the title screen (triad/ui/page/main.py).
SKIP_TITLE = "try { sessionStorage.setItem('triad.title', 'seen'); } catch (e) {}"


#: The rules every page benchmark plays with unless told otherwise.
RULES = ["banner", "same", "plus", "combo"]


def match_settings(level: str, rules: list[str] | None = None) -> str:
    """The saved settings every page benchmark plays with: CPU `level`, Banner, Same, Plus,
    Combo (or `rules`), the Houses set, no sound."""
    return json.dumps(
        {
            "version": 1,
            "rules": RULES if rules is None else rules,
            "level": level,
            "sound": False,
            "card_set": "houses",
            "mode": "cpu",
        }
    )


def seed_settings(level: str, rules: list[str] | None = None) -> str:
    """An init script that stores `match_settings(level, rules)` once per tab, before the page
    reads them."""
    return (
        "try { if (location.protocol.startsWith('http') && !sessionStorage.getItem('bench')) {"
        f"localStorage.setItem('triad.settings', {match_settings(level, rules)!r});"
        " sessionStorage.setItem('bench', '1'); }"
        "} catch (e) {}"
    )


@contextmanager
def served_chromium(dist: Path = build.DIST) -> Iterator[tuple[Any, str]]:
    """Yield headless Chromium and the address of `dist` served on 127.0.0.1 (built first if
    it is missing); both are stopped afterwards."""
    if not (dist / "index.html").exists():
        build.bundle(dist)
    from playwright.sync_api import sync_playwright

    httpd = build.make_server(dist, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS), headless=True
            )
            try:
                yield browser, f"http://127.0.0.1:{httpd.server_address[1]}/"
            finally:
                browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


def click_move(page: Any) -> None:
    """The human's move by mouse: the first card of the hand, then the middle free cell twice."""
    free = page.locator("[data-cell]:not([data-owner])")
    cell = free.nth(free.count() // 2).get_attribute("data-cell")
    page.locator('[data-hand="blue"] [data-card]').first.click()
    target = page.locator(f'[data-cell="{cell}"]')
    target.click()
    target.click()


def play_match(page: Any, how: str = "click", timeout_ms: int = GAME_MS) -> int:
    """Play the match on the table to its end, the human's moves by mouse clicks (`click`:
    a card, then the middle free cell twice) or by F1 alone (`f1`: the CPU plays for the
    player); return the number of moves the human made."""
    moves = 0
    while True:
        page.wait_for_selector("html.ready, [data-result]", state="attached", timeout=timeout_ms)
        if page.locator("[data-result]").count():
            return moves
        placed = page.locator("[data-cell][data-owner]").count()
        if how == "f1":
            page.keyboard.press("F1")
        else:
            click_move(page)
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {placed}"
            " || document.querySelector('[data-result]')",
            timeout=timeout_ms,
        )
        moves += 1
