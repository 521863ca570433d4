"""The FFXIV rules through the real page: a whole match under each, and the mark it shows.

The page is driven by mouse like a player drives it; the tests wait on the
page's state, never on time. Hot-seat mode makes both hands the human's, so
the deal's marks (Swap) are seen before anyone moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch
from tests.browser.test_page_play import finish_checks, open_page, over, wait_turn

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def play_match(page: Any, seen: Callable[[Any], None]) -> None:
    """Play the whole match by mouse for whoever is to move, calling `seen` each turn."""
    while not wait_turn(page):
        seen(page)
        hand = page.locator("[data-hand]:has(.card.pickable)").first
        player = hand.get_attribute("data-hand")
        forced = hand.locator(".card.forced")
        if forced.count() == 0:
            hand.locator(".card.pickable").first.click()
        before = page.locator("[data-cell][data-owner]").count()
        cell = page.locator("[data-cell]:not([data-owner])").first
        index = int(cell.get_attribute("data-cell"))
        target = page.locator(f'[data-cell="{index}"]')
        target.click()
        target.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {before}"
            " || document.querySelector('[data-result]')"
        )
        assert player in ("blue", "red")
    finish_checks(page)


@pytest.mark.parametrize(
    "rule",
    ["reverse", "fallen_ace", "ascension", "descension", "order", "chaos", "swap", "roulette"],
)
def test_a_match_under_each_ffxiv_rule_shows_its_mark(
    rule: str, new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=[rule], mode="hotseat")
    wait_turn(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"ffxiv-{rule}-start.png"))
    marks: set[str] = set()

    def seen(page: Any) -> None:
        marks.update(page.locator(".rule-mark").all_inner_texts())
        if page.locator(".card.forced .c-next").count():
            marks.add("forced:" + page.locator(".card.forced .c-next").first.inner_text())
            assert page.locator(".hand .card.locked.pickable").count() == 0
        if page.locator(".card.swapped").count() == 2:
            marks.add("swapped")
        if page.locator(".c-typed").count():
            marks.add("typed")

    if rule == "swap":
        seen(page)  # the exchange shows at the deal
    play_match(page, seen)
    marks.update(page.locator(".rule-mark").all_inner_texts())
    if page.locator(".c-typed").count():
        marks.add("typed")
    page.screenshot(path=str(SHOTS / f"ffxiv-{rule}-end.png"))
    expected = {
        "reverse": "Reverse: lower wins",
        "fallen_ace": "Fallen Ace: 1 beats A",
        "ascension": "typed",
        "descension": "typed",
        "order": "forced:Next",
        "chaos": "forced:Drawn",
        "swap": "swapped",
    }
    if rule == "roulette":
        assert any(m.startswith("Roulette: ") for m in marks), marks
        callouts = page.evaluate("window.__callouts")
        assert any("callout-roulette" in c for c in callouts), callouts
    else:
        assert expected[rule] in marks, marks
    assert over(page)
