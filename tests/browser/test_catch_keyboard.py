"""Triangle Catch by keyboard and screen reader: orders given with Tab and Enter alone,
the map read as a list of houses and paths, each turn said in the page's log region.

The test reads what assistive technology gets (the focused control's role and name,
the list of houses, the log's text), never classes or data- attributes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_ready
from tests.browser.test_keyboard_only import focused, tab_to
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

SEED = 199  # the blue player owns triangle 0 · 36 · 43 from the start
LOG = "What happens, turn by turn"
MAPS = f"try {{ localStorage.setItem('triad:catch-maps', '{{\"seed\": {SEED}}}'); }} catch (e) {{}}"


def houses(page: Any) -> dict[int, str]:
    """The map's list for a screen reader: each house's line, by its number."""
    lines = page.get_by_role("region", name="The map, as a list").get_by_role("listitem")
    out = {}
    for line in lines.all_inner_texts():
        found = re.match(r"House (\d+): ", line)
        if found:
            out[int(found.group(1))] = line
    return out


def log(page: Any) -> str:
    return str(page.get_by_role("log", name=LOG).inner_text())


def wait_said(page: Any, text: str) -> None:
    page.get_by_role("log", name=LOG).get_by_text(text).wait_for(timeout=120_000)


def test_catch_turns_given_by_keyboard_alone_and_heard_in_the_log(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 720})
    context.add_init_script(MAPS)
    page = context.new_page()
    page.goto(server.url + "catch.html")
    wait_ready(page)
    wait_said(page, "New match: You against Greedy.")
    listed = houses(page)
    start = re.match(r"House 36: You (\d+); paths to ", listed[36])
    assert start, listed[36]
    units = int(start.group(1))

    # Spawn: the triangle's button, the action, then the corner: a house of the map.
    tab_to(page, r'^button "0 · 36 · 43"')
    page.keyboard.press("Enter")
    tab_to(page, r'^button "Spawn')
    page.keyboard.press("Enter")
    tab_to(page, rf'^button "House 36, You {units}"')
    page.keyboard.press("Enter")
    orders = page.get_by_role("list").filter(has_text="Spawn on 36")
    orders.wait_for()
    wait_ready(page)

    # A move: a house of mine, then a house its paths reach (read from the list).
    source = tab_to(page, r'^button "House (?!36\b)\d+, You \d+"')
    here = int(re.findall(r"House (\d+)", source)[0])
    page.keyboard.press("Enter")
    near = re.search(r"paths to ([\d, ]+)\.", listed[here])
    assert near, listed[here]
    there = int(near.group(1).split(",")[0])
    tab_to(page, rf'^button "House {there}\b')
    page.screenshot(path=str(ARTIFACTS / "catch-keyboard.jpg"))
    page.keyboard.press("Enter")
    page.get_by_role("list").filter(has_text=f"Move 1 from {here} to {there}").wait_for()
    wait_ready(page)

    tab_to(page, r'^button "End turn"')
    page.keyboard.press("Enter")
    wait_said(page, "Turn 1.")
    said = log(page)
    assert "Turn 1. You: " in said, said
    assert "Spawn on 36 (triangle 36 0 43): spawned a unit on house 36" in said
    assert f"Move 1 from {here} to {there}: moved 1 to house " in said
    assert re.search(r"Greedy: .+\. .*Score: You \d+, Greedy \d+\.", said), said
    wait_ready(page)
    # The list follows the map: house 36 has its new unit.
    assert houses(page)[36].startswith(f"House 36: You {units + 1};"), houses(page)[36]

    # Turn 2 with no order: the focus stayed on the button, now Wait a turn.
    assert re.match(r'^button "Wait a turn"', focused(page)), focused(page)
    page.keyboard.press("Enter")
    wait_said(page, "Turn 2. You: waits.")
    page.screenshot(path=str(ARTIFACTS / "catch-keyboard-said.jpg"))
