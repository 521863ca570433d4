"""Whole games through the real page: by mouse, by keyboard alone, by F1; staged captures.

The page is driven like a player drives it and the tests wait on the page's
state (`html.ready`, `data-*` attributes), never on time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.conftest import Server, Watch, leave_yes, wait_engine, wait_ready
from triad.collection.dealcode import encode as deal_code
from triad.worker import engine as worker

pytestmark = pytest.mark.browser

SETTINGS_KEY = "triad.settings"
GAME_TIMEOUT_MS = 120_000

# Records every callout shown (they last a moment) and checks that `ready`
# never shows while the page is busy animating or thinking.
RECORDER = """
window.__callouts = [];
window.__readyWhileBusy = 0;
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.type === "attributes" && change.target === document.documentElement) {
      const c = document.documentElement.classList;
      if (c.contains("ready") && c.contains("busy")) window.__readyWhileBusy += 1;
    }
    for (const node of change.addedNodes || []) {
      if (node.classList && node.classList.contains("callout")) window.__callouts.push(node.className);
    }
  }
}).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});
"""


def settings_script(**values: Any) -> str:
    """An init script that stores these settings before the first load only."""
    data = {
        "version": 1,
        "rules": ["banner"],
        "level": "novice",
        "sound": True,
        "card_set": "houses",
        "mode": "cpu",
        **values,
    }
    # Storage is refused to the blank document before the first navigation: skip it there.
    return (
        "try { if (location.protocol.startsWith('http')"
        " && !sessionStorage.getItem('triad-test-seeded')) {"
        f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(json.dumps(data))});"
        "sessionStorage.setItem('triad-test-seeded', '1'); } } catch (e) {}"
    )


def open_page(
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
    *,
    query: str = "",
    reduced: bool = True,
    **settings: Any,
) -> Any:
    context, _ = new_context(reduced_motion="reduce" if reduced else "no-preference")
    if settings:
        context.add_init_script(settings_script(**settings))
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto(server.url + query)
    return page


def over(page: Any) -> bool:
    return page.locator("[data-result]").count() > 0


def wait_turn(page: Any) -> bool:
    """Wait until the human may move or the match is over; True when it is over."""
    page.wait_for_selector("html.ready, [data-result]", state="attached", timeout=GAME_TIMEOUT_MS)
    return over(page)


def scores(page: Any) -> tuple[int, int]:
    blue = int(page.locator('[data-score="blue"]').inner_text())
    red = int(page.locator('[data-score="red"]').inner_text())
    return blue, red


def finish_checks(page: Any) -> str:
    text = page.locator("[data-result]").inner_text()
    blue, red = scores(page)
    assert blue + red == 10
    # The result names each score and puts them in the table's order (red on the left).
    shown = {p: page.locator(f"[data-result] .f-{p}") for p in ("red", "blue")}
    assert shown["red"].locator(".f-n").inner_text() == str(red)
    assert shown["blue"].locator(".f-n").inner_text() == str(blue)
    table = {p: page.locator(f'[data-score="{p}"]').bounding_box() for p in ("red", "blue")}
    if abs(table["red"]["x"] - table["blue"]["x"]) > 50:
        left = table["red"]["x"] < table["blue"]["x"]
        assert (shown["red"].bounding_box()["x"] < shown["blue"].bounding_box()["x"]) == left
    assert page.locator("[data-cell][data-owner]").count() == 9
    assert page.evaluate("window.__readyWhileBusy") == 0
    assert page.locator("html.ready").count() == 0
    return text


def deploy_by_mouse(
    page: Any, player: str, card: int, cell: int, across_a_redraw: bool = False
) -> None:
    """Choose, aim and confirm by clicks; `across_a_redraw`: the board is drawn anew while
    the confirming button is held down (as when the capture preview comes in then), which
    makes the browser fire no click at all: the release must confirm all the same."""
    page.locator(f'[data-hand="{player}"] [data-card="{card}"]').click()
    target = page.locator(f'[data-cell="{cell}"]')
    target.click()
    assert page.locator(f'[data-cell="{cell}"] .preview').count() == 1
    if across_a_redraw:
        box = None
        while box is None:  # (the space may be drawn anew as the preview comes in)
            target.wait_for(state="visible")
            box = target.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.evaluate(
            "() => { const b = document.getElementById('r-board'); b.innerHTML = b.innerHTML; }"
        )
        page.mouse.up()
    else:
        target.click()
    page.locator(f'[data-cell="{cell}"][data-owner]').wait_for(state="attached")


def test_whole_game_by_mouse_with_full_animations(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, reduced=False, level="adept")
    moves = 0
    while not wait_turn(page):
        assert page.locator(".side-blue .turn-mark").count() == 1
        free = page.locator("[data-cell]:not([data-owner])")
        cell = int(free.nth(free.count() // 2).get_attribute("data-cell"))
        hand = page.locator('[data-hand="blue"] [data-card]').count()
        deploy_by_mouse(page, "blue", hand - 1, cell, across_a_redraw=moves == 0)
        moves += 1
    assert moves in (4, 5)
    text = finish_checks(page)
    assert any(word in text for word in ("You win!", "You lose", "Draw"))


def test_whole_game_by_keyboard_alone_then_f5(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=["same", "plus", "combo"])
    moves = 0
    while not wait_turn(page):
        before = page.locator("[data-cell][data-owner]").count()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("z")
        assert page.locator(".cell.cursor").count() == 1
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        assert page.locator(".cell.chosen").count() == 1
        page.keyboard.press("x")  # step back, then choose again
        assert page.locator(".cell.chosen").count() == 0
        page.keyboard.press("z")
        page.keyboard.press("z")
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {before}"
        )
        moves += 1
    assert moves in (4, 5)
    finish_checks(page)
    # F5 starts a new game without reloading the page.
    page.evaluate("window.__stillHere = 1")
    page.keyboard.press("F5")
    page.wait_for_selector("[data-result]", state="detached")
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length <= 1")
    assert page.evaluate("window.__stillHere") == 1
    wait_ready(page)


def test_whole_game_by_f1(new_context: Callable[..., tuple[Any, Watch]], server: Server) -> None:
    page = open_page(new_context, server, rules=["open"])
    wait_engine(page)
    moves = 0
    while not wait_turn(page):
        before = page.locator("[data-cell][data-owner]").count()
        page.keyboard.press("F1")
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {before}"
        )
        moves += 1
    assert moves in (4, 5)
    finish_checks(page)
    # With Open the CPU's hand is face up.
    page.keyboard.press("F5")
    leave_yes(page)  # (a card may be down: the page asks first)
    wait_ready(page)
    assert page.locator('[data-hand="red"] .back').count() == 0


def staged_game(rules: list[str], wanted: set[str], tries: int = 4000) -> tuple[int, list[dict]]:
    """A seed and the moves of a hot-seat game whose events include every kind in `wanted`."""
    rng = random.Random(1)
    for _ in range(tries):
        seed = rng.randrange(2**32)
        view = json.loads(
            worker.new_match(json.dumps({"rules": rules, "seed": seed, "card_set": "houses"}))
        )["view"]
        moves: list[dict] = []
        seen: set[str] = set()
        rematch = False
        while not view["over"] and not rematch:
            player = view["to_move"]
            empty = [i for i in range(9) if view["board"][i] is None]
            move = {
                "player": player,
                "card": rng.randrange(len(view["hands"][player])),
                "cell": rng.choice(empty),
            }
            reply = json.loads(worker.play(json.dumps(move)))
            moves.append(move)
            seen |= {e["kind"] for e in reply["events"]}
            rematch = bool(reply.get("rematch"))
            if rematch:
                seen.add("teatime")
            view = reply["view"]
        if wanted <= seen:
            return seed, moves
    raise AssertionError(f"no random game showed {wanted}")


def play_staged(page: Any, moves: list[dict]) -> None:
    for move in moves:
        wait_ready(page)
        page.wait_for_function(
            "(p) => document.querySelector(`.side-${p} .turn-mark`)", arg=move["player"]
        )
        deploy_by_mouse(page, move["player"], move["card"], move["cell"])


def test_staged_same_plus_and_combo_show_break_critical_bonus(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    rules = ["combo", "plus", "same"]
    seed, moves = staged_game(rules, {"same", "plus", "combo"})
    code = deal_code(seed, rules, "houses")
    page = open_page(new_context, server, query="?deal=" + quote(code), mode="hotseat", rules=[])
    wait_engine(page)
    play_staged(page, moves)
    page.wait_for_selector("[data-result]", state="attached")
    callouts = " ".join(page.evaluate("window.__callouts"))
    for kind in ("callout-break", "callout-critical", "callout-bonus"):
        assert kind in callouts
    text = page.locator("[data-result]").inner_text()
    assert "wins" in text or "Draw" in text


def test_staged_sudden_death_draw_shows_perfect_teatime_and_rematches(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    rules = ["sudden_death"]
    seed, moves = staged_game(rules, {"teatime"})
    code = deal_code(seed, rules, "houses")
    page = open_page(new_context, server, query="?deal=" + quote(code), mode="hotseat", rules=[])
    wait_engine(page)
    play_staged(page, moves)
    page.wait_for_function("() => window.__callouts.some((c) => c.includes('callout-teatime'))")
    wait_ready(page)
    assert page.locator("[data-cell][data-owner]").count() == 0
    assert "rematch 1" in page.locator(".status").inner_text()
    assert page.locator("[data-result]").count() == 0
