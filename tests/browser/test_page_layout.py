"""The table fits a phone in portrait, itch.io's embed and a desktop window; touch plays too.

Screenshots are kept under test-artifacts/ to be looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_engine, wait_ready, wait_settled
from tests.browser.resizing import at_each_size
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "phone-landscape": {
        "viewport": {"width": 844, "height": 390},
        "is_mobile": True,
        "has_touch": True,
    },
    "embed": {"viewport": {"width": 960, "height": 640}},
    "desktop": {"viewport": {"width": 1440, "height": 900}},
}


def inside(page: Any, selector: str) -> None:
    """Every element matching `selector` lies wholly inside the window."""
    width, height = page.evaluate("[innerWidth, innerHeight]")
    for box in [el.bounding_box() for el in page.locator(selector).all()]:
        assert box is not None
        assert box["x"] >= -1 and box["y"] >= -1, (selector, box)
        assert box["x"] + box["width"] <= width + 1, (selector, box)
        assert box["y"] + box["height"] <= height + 1, (selector, box)


def test_layout_fits_and_plays_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One match, first shown on a phone (in its context), resized to each size in turn:
    at each, the table, the rulebook and the rule menu fit, and a move is played (by touch
    at a phone's sizes)."""
    context, _ = new_context(reduced_motion="reduce", **SIZES["phone"])
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    viewports = {size: options["viewport"] for size, options in SIZES.items()}
    for number, size in enumerate(at_each_size(page, viewports)):
        wait_ready(page)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
        for selector in ("[data-cell]", "[data-action]", "[data-score]", "[data-hand]"):
            inside(page, selector)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"page-{size}.jpg"))
        page.click('[data-action="info"]')
        page.locator(".dialog.book").wait_for()
        inside(page, ".dialog.book")
        page.screenshot(path=str(ARTIFACTS / f"page-{size}-rulebook.jpg"))
        page.keyboard.press("Escape")
        page.locator(".dialog.book").wait_for(state="detached")
        page.click('[data-action="rules"]')
        page.locator(".dialog.menu").wait_for()
        page.screenshot(path=str(ARTIFACTS / f"page-{size}-menu.jpg"))
        page.keyboard.press("Escape")
        page.locator(".dialog.menu").wait_for(state="detached")
        deploy_one_card(page, size, touch=size.startswith("phone"))
        if number < len(SIZES) - 1:  # (the last move may end the match)
            wait_ready(page)


def deploy_one_card(page: Any, size: str, touch: bool) -> None:
    """Deploy a card (by touch, or by mouse) and look at the selection on the way."""
    card = page.locator('[data-hand="blue"] [data-card]').first
    cell = page.locator("[data-cell]:not([data-owner])").first
    index = cell.get_attribute("data-cell")
    target = page.locator(f'[data-cell="{index}"]')
    if touch:
        card.tap()
        target.tap()
    else:
        card.click()
        target.click()
    assert page.locator(f'[data-cell="{index}"] .preview').count() == 1, size
    page.screenshot(path=str(ARTIFACTS / f"page-{size}-selected.jpg"))
    if touch:
        target.tap()
    else:
        target.click()
    page.locator(f'[data-cell="{index}"][data-owner]').wait_for(state="attached")


# For each hand card: whether its name is on top at its left end, middle and right end.
NAMES_SHOWN = """() => [...document.querySelectorAll('[data-hand="blue"] [data-card]')].map((card) => {
  const words = card.querySelector('.c-words').getBoundingClientRect();
  const y = words.top + words.height / 2;
  return [words.left + 2, words.left + words.width / 2, words.right - 2].every(
    (x) => card.contains(document.elementFromPoint(x, y)));
})"""


HAND_SIZES = {"390x844": {"width": 390, "height": 844}, "1280x800": {"width": 1280, "height": 800}}


def test_every_hand_name_reads_and_the_card_pointed_at_shows_whole(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """Overlapping hand cards hid their names: on a phone each name now fits the part of its
    card left in view; on a desktop the card under the pointer comes over the cascade. One
    page, at a phone's size, then a desktop's (the mouse's pointing last)."""
    context, _ = new_context(viewport=HAND_SIZES["390x844"])
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    for size in at_each_size(page, HAND_SIZES):
        if size == "390x844":
            assert all(page.evaluate(NAMES_SHOWN))
        else:
            page.locator('[data-hand="blue"] [data-card="1"]').hover()
            wait_settled(page)  # its nudge's transition has ended
            assert page.evaluate(NAMES_SHOWN)[1]
        page.screenshot(path=str(ARTIFACTS / f"layout-hand-{size}.jpg"))
