"""What a new player's first screens lay over the table, in Chromium at a phone's size (held
upright and on its side), itch.io's 960x640 frame and a 1920x1080 window: the first
match's tip and the daily puzzle's panel, once solved, cover no space of the board, no
card of a hand and not the line above the board. Screenshots in test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, Watch, wait_engine, wait_ready, wait_settled
from tests.browser.resizing import at_each_size
from tests.browser.test_page_play import settings_script
from tests.browser.test_study_page import deploy, open_todays_puzzle

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "phone-side": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "itch": {"viewport": {"width": 960, "height": 640}},
    "hd": {"viewport": {"width": 1920, "height": 1080}},
}
# What play needs to see: the board, both hands, the line above the board.
PLAY = {"board": ".board", "hand": '[data-hand="blue"]', "cpu": '[data-hand="red"]'}


def box(page: Any, selector: str) -> dict[str, float]:
    """The first `selector`'s box, once shown (a region redrawn this moment shows it again)."""
    shown = page.locator(selector).first
    shown.wait_for(state="visible")
    found = shown.bounding_box()
    assert found is not None, selector
    return dict(found)


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def covers_nothing(page: Any, over: str, keep: dict[str, str]) -> None:
    """`over` lies inside the window and beside each of `keep`'s elements."""
    wait_settled(page)  # the layout has followed the size
    top = box(page, over)
    size = page.viewport_size
    assert top["x"] >= 0 and top["y"] >= 0, top
    assert top["x"] + top["width"] <= size["width"] + 0.5, (top, size)
    assert top["y"] + top["height"] <= size["height"] + 0.5, (top, size)
    for name, selector in keep.items():
        assert apart(top, box(page, selector)), (over, name, top, box(page, selector))


# The sizes each language's first tip is looked at in: one page a language, first shown on
# a phone (in its context), then resized.
TIP_SIZES = {"en": ["phone", "itch", "hd"], "fr": ["phone", "phone-side"]}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_first_tip_lies_over_no_card_space_or_line_of_play_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    context, _ = new_context(tip=True, reduced_motion="reduce", **SIZES["phone"])
    context.add_init_script(settings_script(lang=lang, sound=False))
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)  # (the engine's deal, once up, redraws the table and its line)
    wait_ready(page)
    page.get_by_role("note").wait_for()
    page.locator("#r-status .status-text").wait_for(state="visible")
    hand = page.locator('[data-hand="blue"] [data-card]')
    viewports = {size: SIZES[size]["viewport"] for size in TIP_SIZES[lang]}
    for number, size in enumerate(at_each_size(page, viewports)):
        covers_nothing(page, ".legend-tip", dict(PLAY, status="#r-status .status-text"))
        # every card of the hand takes its click, the first one included (chosen already
        # at the size before: another card first)
        if number:
            hand.last.click()
            expect(hand.last).to_have_class(re.compile(r"\bsel\b"))
        hand.first.click()
        expect(hand.first).to_have_class(re.compile(r"\bsel\b"))
        page.screenshot(path=str(ARTIFACTS / f"first-tip-{size}-{lang}.jpg"))


def test_the_solved_puzzle_lies_under_the_board_at_every_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce", **SIZES["itch"])
    context.add_init_script(settings_script(lang="en", sound=False))
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    solution = open_todays_puzzle(page)["solution"]
    deploy(page, solution["card"], solution["cell"])
    page.locator('html[data-puzzle="solved"]').wait_for(state="attached")
    for size in ("itch", "phone", "hd"):
        page.set_viewport_size(SIZES[size]["viewport"])
        covers_nothing(page, ".pz-panel", PLAY)
        # the panel's last row (its replay bar) shows without scrolling
        bar = box(page, ".pz-panel .replay-bar")
        assert bar["y"] + bar["height"] <= page.viewport_size["height"], (size, bar)
        page.screenshot(path=str(ARTIFACTS / f"first-puzzle-solved-{size}.jpg"))
