"""A card set of the player's own, loaded through the menu's file input, played, kept,
and its texts shown as text by a real DOM.

The set file goes through the real page: the rule menu's file input, the
engine worker's check, localStorage, the local deal and the engine's deal. A file
refused with its reason, a deal code for a set the page lacks and a draft from the set
are checked below the browser: tests/ui/test_custom_set.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, leave_yes, play_one_move, wait_engine, wait_ready
from tests.browser.test_page_play import settings_script
from tests.ui.card_sets import HACKED, HOSTILE, hostile_set, make_set, text

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAME_TIMEOUT_MS = 120_000
CUSTOM_KEY = "triad:card-set:custom"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def open_page(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, query: str = "", **options: Any
) -> Any:
    settings = options.pop("settings", {})
    context, _ = new_context(reduced_motion="reduce", **options)
    context.add_init_script(settings_script(**{"level": "novice", "sound": False, **settings}))
    page = context.new_page()
    page.goto(server.url + query)
    wait_ready(page)
    return page


def open_menu(page: Any) -> Any:
    page.locator('[data-action="rules"]').click()
    menu = page.locator(".dialog.menu")
    menu.wait_for()
    return menu


def load_file(page: Any, name: str, content: str) -> None:
    picker = page.locator('input[data-import="cardset"]')
    picker.set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content.encode("utf-8")}
    )


def wait_loaded(page: Any) -> None:
    page.locator('[data-set="custom"][aria-pressed="true"]').wait_for()
    page.locator("[data-custom-note]").wait_for()


NAMES_JS = "els => els.map(e => e.lastChild ? e.lastChild.textContent : '')"


def names_in(page: Any, selector: str) -> list[str]:
    """The card names drawn under `selector` (a name follows its level mark)."""
    return [n for n in page.locator(selector + " .c-name").evaluate_all(NAMES_JS) if n]


def hand_names(page: Any, player: str = "blue") -> list[str]:
    return names_in(page, f'[data-hand="{player}"]')


def new_match_from_menu(page: Any) -> None:
    page.locator('.dialog.menu [data-do="new"]').click()
    leave_yes(page)  # (a card may be down: the page asks first)
    page.locator(".dialog.menu").wait_for(state="detached")
    wait_ready(page)


def play_to_the_end_by_mouse(page: Any) -> int:
    moves = 0
    while True:
        page.wait_for_selector(
            "html.ready, [data-result]", state="attached", timeout=GAME_TIMEOUT_MS
        )
        if page.locator("[data-result]").count():
            return moves
        play_one_move(page)
        moves += 1


def test_a_loaded_set_is_chosen_played_to_the_end_and_still_chosen_after_a_reload(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, viewport={"width": 1280, "height": 800})
    wait_engine(page)
    open_menu(page)
    picker = page.locator('input[data-import="cardset"]')
    # Labelled, and reached with the keyboard like the menu's buttons.
    assert "Load a card set" in page.locator("label.file-button", has=picker).inner_text()
    picker.focus()
    assert page.evaluate("document.activeElement.dataset.import") == "cardset"
    load_file(page, "lantern-folk.json", text(make_set()))
    wait_loaded(page)
    assert page.locator('[data-set="custom"]').inner_text() == "Lantern Folk"
    assert "Lantern Folk" in page.locator("[data-custom-note]").inner_text()
    assert page.locator('[data-set="houses"][aria-pressed="false"]').count() == 1
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(CUSTOM_KEY)})"))
    assert stored["version"] == 1 and stored["set"]["name"] == "Lantern Folk"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".set-tools").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "custom-set-menu-desktop.jpg"))
    new_match_from_menu(page)
    names = hand_names(page)
    assert len(names) == 5 and all(n.startswith("Keeper") for n in names), names
    page.screenshot(path=str(ARTIFACTS / "custom-set-match-desktop.jpg"))
    moves = play_to_the_end_by_mouse(page)
    assert moves in (4, 5)
    assert page.locator("[data-cell][data-owner]").count() == 9
    owned = names_in(page, "[data-cell][data-owner]")
    assert all("Keeper" in n for n in owned), owned
    # After a reload the set is still chosen and dealt.
    page.reload()
    wait_ready(page)
    names = hand_names(page)
    assert len(names) == 5 and all(n.startswith("Keeper") for n in names), names
    open_menu(page)
    assert page.locator('[data-set="custom"][aria-pressed="true"]').inner_text() == "Lantern Folk"
    # The share line says a friend needs the same file; no share link is offered.
    assert page.locator("[data-share-own]").count() == 1
    assert page.locator("[data-share]").count() == 0
    # Removing it brings the Houses back, for good.
    page.locator('[data-do="custom_remove"]').click()
    page.locator('[data-set="houses"][aria-pressed="true"]').wait_for()
    assert page.locator('[data-set="custom"]').count() == 0
    assert page.evaluate(f"localStorage.getItem({json.dumps(CUSTOM_KEY)})") is None


def test_a_set_whose_texts_look_like_html_is_shown_as_text(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(
        new_context, server, settings={"mode": "hotseat", "rules": ["banner"]}, **PHONE
    )
    open_menu(page)
    data = hostile_set()
    load_file(page, "hostile.json", text(data))
    wait_loaded(page)
    assert page.locator('[data-set="custom"]').inner_text() == data["name"]
    page.locator(".set-tools").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "custom-set-menu-phone.jpg"))
    new_match_from_menu(page)
    for player in ("blue", "red"):
        names = hand_names(page, player)
        assert len(names) == 5 and all(n in HOSTILE for n in names), names
    # Deploy a card: the board, its label and the territories show the texts as text.
    player = "blue" if page.locator(".side-blue .turn-mark").count() else "red"
    page.locator(f'[data-hand="{player}"] [data-card]').first.click()
    target = page.locator('[data-cell="4"]')
    target.click()
    target.click()
    page.locator('[data-cell="4"][data-owner]').wait_for(state="attached")
    wait_ready(page)
    assert names_in(page, '[data-cell="4"]')[0] in HOSTILE
    labels = page.locator("#app [aria-label], #app [title]").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || '') + (e.getAttribute('title') || ''))"
    )
    assert any(h in label for label in labels for h in HOSTILE)
    page.screenshot(path=str(ARTIFACTS / "custom-set-match-phone.jpg"))
    # Not one element came from the file, and nothing of it ran.
    assert page.locator("#app img, #app script").count() == 0
    assert page.locator("#app b:not([class])").count() == 0
    assert page.evaluate(f"document.documentElement.dataset.{HACKED}") is None
    app_text = page.locator("#app").inner_text()
    assert "</div><b>bold</b>" in app_text or "Salt &amp; Pepper" in app_text
