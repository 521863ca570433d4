"""Whole matches played from the keyboard and the accessibility tree alone: each control
found by its role and name, moved to with Tab or the arrows, chosen with Enter; no mouse,
no CSS selector. The focus never falls to the page's body, every dialog has a name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server, Watch, wait_engine, wait_ready
from tests.browser.resizing import at_each_size, resize
from tests.browser.test_page_play import settings_script
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

LANG = Path(__file__).resolve().parents[2] / "triad" / "ui" / "lang"
TEXT = {code: json.loads((LANG / code / "text.json").read_text()) for code in ("en", "fr")}
DESKTOP = {"viewport": {"width": 1280, "height": 720}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
VIEWPORTS = {name: size["viewport"] for name, size in SIZES.items()}
# The size each language's journey opens at (it plays at both).
PLAYED_AT = {"en": "desktop", "fr": "phone"}
STEP_MS = 120_000  # a CPU move under load
# What a card waiting on a space would capture, as said (a count, or none).
WOULD = {
    "en": r"would capture (\d+ cards?|nothing)",
    "fr": r"(prendrait \d+ cartes?|ne prendrait rien)",
}


def named(words: str) -> str:
    """`words` as the accessibility tree names them: a no-break space (French sets one
    before ":" and "!") is a space there."""
    return words.replace("\u00a0", " ")


def focused(page: Any) -> str:
    """The focused control as a screen reader names it (`button "Play"`); "" on the body."""
    if page.evaluate("() => !document.activeElement || document.activeElement === document.body"):
        return ""
    line = str(page.locator(":focus").aria_snapshot(timeout=5_000)).strip().lstrip("- ")
    if not line:  # focused but not in the accessibility tree: say what it is
        return "unnamed " + str(page.evaluate("() => document.activeElement.outerHTML"))[:120]
    line = line.splitlines()[0].rstrip(":")
    if line.startswith("'") and line.endswith("'"):  # (YAML quotes a name with a quote)
        line = line[1:-1].replace("''", "'")
    return line


def tab_to(page: Any, pattern: str, key: str = "Tab") -> str:
    """Press Tab until the focused control's role and name match `pattern`; it."""
    seen = []
    for _ in range(160):
        page.keyboard.press(key)
        now = focused(page)
        seen.append(now)
        if re.search(pattern, now):
            return now
    raise AssertionError(f"never reached {pattern!r}: " + json.dumps(seen[-12:]))


def unnamed_dialogs(page: Any) -> int:
    return int(
        page.evaluate(
            "() => [...document.querySelectorAll('[role=dialog], dialog')]"
            ".filter(d => !d.getAttribute('aria-labelledby') && !d.getAttribute('aria-label')"
            " || (d.getAttribute('aria-labelledby')"
            " && !document.getElementById(d.getAttribute('aria-labelledby')))).length"
        )
    )


def open_title(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str, size: str
) -> Any:
    context, _ = new_context(title=True, reduced_motion="reduce", **SIZES[size])
    context.add_init_script(settings_script(lang=lang, sound=False))
    page = context.new_page()
    page.goto(server.url)
    page.get_by_role("dialog", name="TRIAD").wait_for()
    return page


def test_title_keys_leave_the_keyboard_free_and_its_link_is_followed(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """The title's own buttons switch its language in place: each of its controls is
    tried in French, then in English."""
    page = open_title(new_context, server, "en", "desktop")
    for name in (
        r"Français",  # (English to French)
        r"Effets sonores",
        r"Musique",
        r"Français",  # (French already)
        r"English",  # (French to English)
        r"Sound effects",
        r"Music",
    ):
        tab_to(page, r'^button "' + name)
        page.keyboard.press("Enter")
        before = focused(page)
        assert re.match(r'^button "' + name, before), before
        page.keyboard.press("Tab")
        after = focused(page)
        assert after and after != before, f"Tab after Enter on {name} moved nowhere"
        assert page.evaluate("() => !!document.activeElement.closest('[role=dialog]')"), (
            f"Tab after {name} left the title: {after}"
        )
        page.keyboard.press("Shift+Tab")
    tab_to(page, r'^link "Triangle Catch"')
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"catch\.html"))


def human_turn(page: Any, text: dict) -> bool:
    """Wait for the human's turn (True) or the result (False)."""
    hand = page.get_by_role("group", name=text["hand_label_blue_you"])
    mine = hand.get_by_role("button", disabled=False)
    result = page.get_by_role(
        "dialog",
        name=re.compile("|".join(re.escape(named(text[k])) for k in ("win", "lose", "draw"))),
    )
    mine.or_(result).first.wait_for(timeout=STEP_MS)
    return result.count() == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_match_by_keyboard_and_accessibility_tree_alone_at_both_sizes(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    """The match opens at one size (English on a desktop, French on a phone, each in that
    device's context); the title, each move and the result are played or looked at at
    both sizes in turn, the window resized between them."""
    text = TEXT[lang]
    page = open_title(new_context, server, lang, PLAYED_AT[lang])
    wait_engine(page)
    for size in at_each_size(page, VIEWPORTS):
        assert focused(page) == f'button "{text["title_play"]}"', size
        page.screenshot(path=str(ARTIFACTS / f"keyboard-title-{lang}-{size}.jpg"))
    page.keyboard.press("Enter")
    moves = 0
    sizes = sorted(VIEWPORTS, key=lambda name: VIEWPORTS[name] != page.viewport_size)
    while human_turn(page, text):
        size = sizes[moves % 2]  # the moves at each size in turn
        resize(page, VIEWPORTS[size])
        now = focused(page)
        assert now.startswith("button "), f"move {moves}: the focus is on {now!r}, not the hand"
        if moves < 2:  # Pause: a named dialog that takes the focus, and gives it back
            page.keyboard.press("Escape")
            page.get_by_role("dialog", name=text["paused"]).wait_for()
            assert focused(page) == f'button "{text["btn_resume"]}"', focused(page)
            page.keyboard.press("Escape")
            page.get_by_role("dialog", name=text["paused"]).wait_for(state="detached")
            assert focused(page) == now, focused(page)
        page.keyboard.press("Enter")  # this card
        cell = tab_to(page, r"^gridcell ")
        page.keyboard.press("Enter")  # this space: the card waits on it, and says so
        # (with what it would capture, once the engine has counted it: a moment)
        told = text["say_waiting_captures"].split("{captures}")[1]
        log = page.get_by_role("log", name=text["say_log"])
        expect(log).to_have_text(re.compile(re.escape(told) + r"\s*$"), timeout=STEP_MS)
        said = log.inner_text().splitlines()[-1]
        assert re.search(WOULD[lang], said), said
        waiting = focused(page)
        assert waiting.startswith("gridcell "), waiting
        assert named(text["say_cell_waiting_captures"].split("{captures}")[1]) in waiting, waiting
        assert re.search(WOULD[lang], waiting), waiting
        if moves < 2:
            page.screenshot(path=str(ARTIFACTS / f"keyboard-waiting-{lang}-{size}.jpg"))
        page.keyboard.press("Enter")  # deployed
        moves += 1
        assert focused(page), f"move {moves} on {cell}: the focus fell to the body"
        assert unnamed_dialogs(page) == 0
    assert moves in (4, 5)
    assert unnamed_dialogs(page) == 0
    page.get_by_role("button", name=text["btn_play_again"]).wait_for()
    for size in at_each_size(page, VIEWPORTS):
        now = focused(page)
        assert now == f'button "{text["btn_play_again"]}"', (size, now)
        page.screenshot(path=str(ARTIFACTS / f"keyboard-result-{lang}-{size}.jpg"))
    page.keyboard.press("Enter")  # the next match: the focus goes to its hand again
    page.get_by_role("dialog").wait_for(state="detached")
    assert human_turn(page, text) and focused(page).startswith("button "), focused(page)


CATCH_MAPS = "try { localStorage.setItem('triad:catch-maps', '{\"seed\": 199}'); } catch (e) {}"
CATCH = {code: json.loads((LANG / code / "catch.json").read_text()) for code in ("en", "fr")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_catch_turns_by_keyboard_and_accessibility_tree_alone_at_both_sizes(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    """A turn at one size (English on a desktop, French on a phone, each in that device's
    context), then the next, the window resized to the other (the map turned to suit)."""
    text = CATCH[lang]
    you = text["you"]
    context, _ = new_context(locale=lang, reduced_motion="reduce", **SIZES[PLAYED_AT[lang]])
    context.add_init_script(CATCH_MAPS)
    page = context.new_page()
    page.goto(server.url + "catch.html")
    log = page.get_by_role("log")
    log.get_by_text(re.compile(re.escape(you))).first.wait_for()
    for turn, size in enumerate(at_each_size(page, VIEWPORTS), start=1):
        # The map stands upright on the phone, and only there.
        other = "svg.map:not(.portrait)" if size == "phone" else "svg.map.portrait"
        expect(page.locator("svg.map")).not_to_have_count(0)
        expect(page.locator(other)).to_have_count(0)
        wait_ready(page)
        catch_turn_by_keyboard(page, text, turn)


def catch_turn_by_keyboard(page: Any, text: dict, turn: int) -> None:
    """An order, the New game disclosure opened or closed, then End turn: `turn` is said."""
    you = text["you"]
    log = page.get_by_role("log")
    # An order from a house to a house its paths reach: the focus stays on a house of mine.
    house = text["house_name"].split()[0]
    source = tab_to(page, rf'^button "{house} \d+, {you} \d+"')
    page.keyboard.press("Enter")
    assert focused(page).startswith("button "), focused(page)
    tab_to(page, rf'^button "{house} \d+, (?!{you})')
    page.keyboard.press("Enter")
    page.get_by_role("button", name=text["end_turn"]).wait_for()
    assert re.match(rf'^button "{house} \d+', focused(page)), f"after {source}: {focused(page)!r}"
    # Enter on the New game disclosure opens it, and does not end the turn.
    tab_to(page, re.escape(text["new_game"]))
    start = page.get_by_role("button", name=text["start_game"].format(bot=text["bot_greedy"]))
    was_open = start.is_visible()
    page.keyboard.press("Enter")  # it opens (or closes, when it was open)
    start.wait_for(state="hidden" if was_open else "visible")
    assert not re.search(rf"\b(Turn|Tour) {turn}\.", log.inner_text()), log.inner_text()
    tab_to(page, rf'^button "{re.escape(text["end_turn"])}"', "Shift+Tab")
    page.keyboard.press("Enter")
    log.get_by_text(re.compile(rf"(Turn|Tour) {turn}\.")).first.wait_for(timeout=STEP_MS)
    assert focused(page), f"the focus fell to the body after turn {turn}"
