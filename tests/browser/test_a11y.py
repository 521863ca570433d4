"""WCAG 2.2 A/AA by axe-core on every screen and dialog of both games, EN and FR, on a
desktop and a phone.

axe-core is an npm devDependency, injected from node_modules into the page under test
(it is never part of the bundle). Each language and size is one page load that walks
its screens, so the test stays quick.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_engine, wait_ready
from tests.browser.test_page_play import settings_script

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
DESKTOP = {"viewport": {"width": 1280, "height": 720}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
PLAY = '.title-screen [data-do="title_play"]'


def axe_violations(page: Any, screen: str) -> list[str]:
    """Run axe-core over the page as it is; one line per violation and element."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    page.wait_for_timeout(350)  # let a dialog's or a card's entrance transition end
    result = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})).violations.map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary"
        ".split('\\n').slice(1, 2).join(''))}))",
        TAGS,
    )
    return [
        f"{screen}: {v['id']} ({v['impact']}) {node}" for v in result for node in v["nodes"][:4]
    ]


def open_game(
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
    lang: str,
    size: str,
    url: str = "",
    **settings: Any,
) -> Any:
    context, _ = new_context(title=True, reduced_motion="reduce", **SIZES[size])
    context.add_init_script(settings_script(lang=lang, sound=False, **settings))
    page = context.new_page()
    page.goto(server.url + url)
    return page


def close_dialog(page: Any) -> None:
    page.keyboard.press("Escape")
    page.locator(".overlay-layer .dialog").wait_for(state="detached")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_on_any_screen_of_the_card_game(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str, size: str
) -> None:
    page = open_game(new_context, server, lang, size)
    page.locator(PLAY).wait_for()
    found = axe_violations(page, "title")
    page.locator(PLAY).click()
    wait_ready(page)
    wait_engine(page)
    found += axe_violations(page, "table")
    page.keyboard.press("Escape")
    page.locator(".dialog.pause").wait_for()
    found += axe_violations(page, "pause")
    close_dialog(page)
    page.locator('[data-action="info"]').click()
    page.locator(".dialog.book").wait_for()
    found += axe_violations(page, "rulebook")
    close_dialog(page)
    page.locator('[data-action="rules"]').click()
    page.locator(".dialog.menu").wait_for()
    found += axe_violations(page, "rule menu")
    close_dialog(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    page.locator('[data-action="collection"]').click()
    for tab in ("ladder", "album", "history", "save"):
        page.locator(f'[data-tab="{tab}"]').click()
        page.locator(f'[data-tab="{tab}"][aria-selected="true"]').wait_for()
        found += axe_violations(page, "collection " + tab)
    page.locator('[data-tab="ladder"]').click()
    page.locator("[data-challenge]").first.click()
    page.locator(".dialog.deck").wait_for()
    found += axe_violations(page, "deck")
    close_dialog(page)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
