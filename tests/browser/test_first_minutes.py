"""The first minutes' controls in Chromium: what the page's harness cannot show (the real
focus going into a dialog and back, what a player sees), with screenshots looked at."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    Server,
    Watch,
    load_collection,
    play_one_move,
    play_the_match,
    play_to_the_end,
    wait_engine,
    wait_ready,
    wait_settled,
)
from tests.browser.test_page_play import open_page, settings_script
from triad.collection import dealcode

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# A new player's first minutes, as they see them: motion kept (tests/browser/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.motion]

WORDS = {
    "en": {"ask": "End this match?", "keep": "Keep playing", "rematch": "Rematch"},
    "fr": {"ask": "Arrêter cette partie\u00a0?", "keep": "Continuer", "rematch": "Revanche"},
}


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"first-{name}.jpg"))


def focused(page: Any) -> str:
    """The focused element's first data-* attribute and its value ("" on the body)."""
    return page.evaluate(
        """() => { const a = document.activeElement;
        if (!a || a === document.body) return '';
        const d = [...a.attributes].find(x => x.name.startsWith('data-'));
        return d ? d.name + '=' + d.value : a.tagName; }"""
    )


SEE = {
    "en": {"see": "See the board", "back": "Back to the result", "again": "Play again"},
    "fr": {"see": "Voir le plateau", "back": "Retour au résultat", "again": "Rejouer"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rematch_asks_browser_back_closes_a_dialog_and_the_board_is_seen_after_the_result(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    """One match, as a new player meets it: Rematch asks in a named dialog and the focus
    comes back; the browser's Back closes a dialog and stays in the game; played to its
    end, the board is seen and the result comes back by its button and by Escape."""
    words = WORDS[lang]
    page = open_page(new_context, server, lang=lang)
    wait_engine(page)
    play_one_move(page)
    wait_ready(page)
    rematch = page.get_by_role("button", name=words["rematch"], exact=False).first
    rematch.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("alertdialog", name=words["ask"])
    dialog.wait_for()
    assert focused(page) == "data-do=close"  # "Keep playing", the safe answer, has the focus
    shot(page, f"leave-{lang}")
    page.keyboard.press("Enter")
    dialog.wait_for(state="detached")
    assert focused(page) == "data-action=rematch"
    assert page.locator("[data-cell][data-owner]").count() >= 1  # the match goes on
    page.keyboard.press("F5")  # F5 asks too; Escape plays on
    dialog.wait_for()
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert page.locator("[data-cell][data-owner]").count() >= 1

    # The browser's Back with a dialog open closes it and stays in the game.
    wait_ready(page)
    address = page.url
    page.locator('[data-action="info"]').click()
    page.get_by_role("dialog").first.wait_for()
    page.go_back()
    page.locator(".dialog").wait_for(state="detached")
    wait_ready(page)
    assert page.url == address and page.locator("[data-cell][data-owner]").count() >= 1
    # Closed on the page, a dialog takes its entry off: the tab is back on the game's.
    page.locator('[data-action="rules"]').click()
    page.locator(".dialog.menu").wait_for()
    page.keyboard.press("Escape")
    page.locator(".dialog.menu").wait_for(state="detached")
    page.wait_for_function("() => history.state === null")

    # To the end: See the board, and back to the result.
    see = SEE[lang]
    play_to_the_end(page)
    page.get_by_role("button", name=see["see"]).click()
    back = page.get_by_role("button", name=see["back"])
    back.wait_for()
    assert focused(page) == "data-do=result"
    assert page.locator("[data-result]").count() == 0
    wait_settled(page)  # the board's last flips have ended
    shot(page, f"board-seen-{lang}")
    back.click()
    page.locator("[data-result]").wait_for()
    shot(page, f"result-back-{lang}")
    page.get_by_role("button", name=see["see"]).click()
    back.wait_for()
    page.keyboard.press("Escape")  # Escape brings the result back, not Pause
    page.locator("[data-result]").wait_for()
    assert page.locator(".dialog.pause").count() == 0
    assert page.get_by_role("button", name=see["again"]).count() == 1


def board_cards(page: Any) -> list[str | None]:
    cells = page.locator("[data-cell]")
    return [
        cells.nth(i).locator(".card").first.get_attribute("data-id")
        if cells.nth(i).locator(".card").count()
        else None
        for i in range(9)
    ]


def test_a_shared_deal_comes_back_after_a_reload_and_another_link_deals_its_own(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    code = dealcode.encode(4242, ["open"], "houses")
    page = open_page(new_context, server, query="?deal=" + code, lang="en")
    wait_engine(page)
    play_one_move(page)
    wait_ready(page)  # (the CPU has answered)
    before = board_cards(page)
    assert sum(1 for c in before if c) >= 2
    assert "deal=" not in page.evaluate("location.search")  # kept as any quick match now
    page.reload()
    wait_ready(page)
    assert board_cards(page) == before
    other = dealcode.encode(777, ["open"], "houses")
    page.goto(server.url + "?deal=" + other)
    wait_engine(page)
    wait_ready(page)
    assert sum(1 for c in board_cards(page) if c) <= 1
    page.locator('[data-action="rules"]').click()
    assert other in page.locator("[data-share]").inner_text()


def test_a_match_for_cards_shows_the_opponent_and_the_stake(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """In French, its header as seen (in English, the same words below the browser:
    tests/ui/test_collection.py::test_a_match_for_cards_names_the_opponent_and_the_stake_...)."""
    from tests.browser.test_collection_play import challenge

    lang, stake = "fr", "Échange"
    context, _ = new_context()
    context.add_init_script(settings_script(lang=lang))
    page = context.new_page()
    load_collection(page, server.url)
    challenge(page, "old-mabry")
    play_the_match(page)
    side = page.locator("#r-side-red")
    shot(page, f"ladder-header-{lang}")
    assert "old mabry" in side.inner_text().lower() and stake in side.inner_text()
    assert "CPU" not in side.inner_text()
