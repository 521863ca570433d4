"""The grand tournament in Chromium: a knockout match settled into its bracket, an open
tournament's drafted match, a season match with a reload in its middle,
the deck builder; the stored save read before and after; axe on every tournament screen,
EN and FR, desktop and phone; screenshots in test-artifacts/."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import (
    Server,
    Watch,
    load_collection,
    play_one_move,
    play_to_the_end,
    wait_ready,
    wait_settled,
)
from tests.browser.test_a11y import SIZES, STARTS_AT, at_both_sizes, axe_violations
from tests.browser.test_page_play import settings_script
from tests.tournament.helpers import DECK, rich_save
from triad.collection.save import dump_save

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
KEY = "triad:collection"
MATCH_MS = 150_000  # a whole match on a busy machine

pytestmark = pytest.mark.browser


def save_script() -> str:
    """An init script that stores a save owning every card before the first load only."""
    text = dump_save(rich_save())
    return (
        "try { if (location.protocol.startsWith('http')"
        " && !sessionStorage.getItem('triad-test-save')) {"
        f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(text)});"
        "sessionStorage.setItem('triad-test-save', '1'); } } catch (e) {}"
    )


def open_page(
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
    lang: str = "en",
    size: str = "desktop",
) -> Any:
    context, _ = new_context(reduced_motion="reduce", **SIZES[size])
    context.add_init_script(settings_script(lang=lang, sound=False))
    context.add_init_script(save_script())
    page = context.new_page()
    load_collection(page, server.url)
    return page


def stored(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    wait_settled(page)
    page.screenshot(path=str(ARTIFACTS / f"tourney-{name}.jpg"), full_page=True)


def shown(page: Any, selector: str, what: str) -> None:
    """Wait for `selector`; if it never shows, fail saying what the dialog said instead
    (its error and its message) and with a screenshot (seen once: the bracket after a
    season abandoned did not come)."""
    try:
        page.locator(selector).wait_for()
    except PlaywrightTimeout:
        page.screenshot(path=str(ARTIFACTS / "tourney-not-shown.jpg"), full_page=True)
        said = page.evaluate(
            "() => ['#tr-error', '#tr-message'].map(s => document.querySelector(s))"
            ".map(e => e ? e.textContent : '(none)')"
        )
        raise AssertionError(f"{what} never showed; the dialog said {said}") from None


def open_tourney(page: Any) -> None:
    if page.locator(".dialog.tourney").count() == 0:
        page.locator('[data-action="collection"]').click()
        page.locator('[data-do="tr_open"]').click()
    page.locator(".dialog.tourney .tr-body").wait_for()


def tab(page: Any, name: str) -> None:
    page.locator(f'[data-do="tr_tab:{name}"]').click()
    page.locator(f'[data-tr-tab="{name}"]').wait_for()


def save_deck(page: Any, name: str, cards: list[str]) -> None:
    tab(page, "decks")
    for card in cards:
        page.locator(f'[data-tr-add="{card}"]').first.click()
    page.locator("#tr-deck-name").fill(name)
    page.locator("[data-tr-save]").click()


def play_out(page: Any, name: str) -> None:
    """Play the player's cards by mouse until the match is settled into the tournament."""
    try:
        play_to_the_end(page, "[data-tr-result]", MATCH_MS)
    except Exception:
        shot(page, "stuck-" + name)
        raise


def play_match(page: Any) -> None:
    """Play the player's match (the CPU playing the player's side) to its result."""
    page.locator("[data-tr-play]").click()
    page.locator(".dialog.tourney").wait_for(state="detached")
    while page.locator(".dialog.draft").count() or page.locator(".draft-pick").count():
        pick = page.locator(".draft-pick:not([disabled])").first
        if pick.count():
            pick.click()
        wait_settled(page)
    play_out(page, "knockout")


def test_the_deck_builder_refuses_a_deck_over_the_limits_then_a_knockout_match(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server)
    open_tourney(page)
    shot(page, "choose-en")
    save_deck(
        page,
        "Crowns",
        ["sable-ardent", "aldric-thorne", "helka-vorn", "garrick-rhee", "rowan-hale"],
    )
    alert = page.locator(".dialog.tourney [role=alert]")
    alert.wait_for()
    assert "Aldric Thorne" in alert.inner_text()
    shot(page, "deck-refused-en")
    assert stored(page)["tournament"]["decks"] == []
    page.locator('[data-do="tr_clear"]').click()
    save_deck(page, "Walls", DECK)
    page.locator('[data-tr-deck="Walls"]').wait_for()
    shot(page, "decks-en")
    assert stored(page)["tournament"]["decks"] == [{"name": "Walls", "cards": DECK}]
    tab(page, "event")
    page.locator('[data-tr-begin="knockout"]').click()
    page.locator('[data-tr-kind="knockout"]').wait_for()
    shot(page, "bracket-en")
    event = stored(page)["tournament"]["event"]
    assert event["deck"] == DECK and event["entrants"][0] == "you"
    assert sum(1 for m in event["matches"] if m["record"]) == 3  # the leaders' round one
    # the player's first match, settled into the bracket (the knockout played on to its
    # champion, the prize and the counts: tests/ui/test_tourney.py)
    play_match(page)
    page.locator("[data-tr-result]").wait_for(state="attached")
    shot(page, "after-match")
    after = stored(page)
    event = after["tournament"]["event"]
    mine = [m for m in event["matches"] if "you" in (m["a"], m["b"]) and m["record"]]
    assert len(mine) == 1 and after["tournament"]["counts"]["matches"] == 1
    assert "first-match" in after["tournament"]["feats"]["announced"]


def test_an_open_tournament_drafts_the_players_match(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, "fr")
    open_tourney(page)
    page.locator('[data-tr-begin="open"]').click()
    page.locator('[data-tr-kind="open"]').wait_for()
    page.locator("[data-tr-play]").click()
    page.locator(".draft-pick").first.wait_for()
    shot(page, "draft-fr")
    page.locator(".draft-pick:not([disabled])").first.click()
    page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('triad:collection')).tournament.event.draft"
        " || []).length >= 1"
    )
    page.reload()  # in the middle of the draft: it comes back with the picks made
    page.locator(".draft-pick").first.wait_for()
    while page.locator(".draft-pick").count():
        pick = page.locator(".draft-pick:not([disabled])").first
        if pick.count():
            pick.click()
        wait_settled(page)
    play_out(page, "open")
    event = stored(page)["tournament"]["event"]
    mine = [m for m in event["matches"] if "you" in (m["a"], m["b"]) and m["record"]]
    assert mine and len(mine[0]["record"]["draft"]) == 10 and mine[0]["record"]["hands"] is None
    shot(page, "open-result-fr")


def test_a_season_match_with_a_reload_in_its_middle(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server)
    open_tourney(page)
    save_deck(page, "Walls", DECK)
    page.locator('[data-tr-deck="Walls"]').wait_for()
    tab(page, "event")
    page.locator('[data-tr-begin="season"]').click()
    page.locator("[data-tr-standings]").wait_for()
    # (three matches, each cut by a reload: tests/ui/test_tourney_season.py)
    page.locator("[data-tr-play]").click()
    page.locator(".dialog.tourney").wait_for(state="detached")
    while page.locator(".draft-pick").count():  # a leader who drafts: the draft first
        pick = page.locator(".draft-pick:not([disabled])").first
        if pick.count():
            pick.click()
        wait_settled(page)
    play_one_move(page)
    page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('triad:collection')).tournament.event.games"
        "[0] || []).length >= 1"
    )
    moves = stored(page)["tournament"]["event"]["games"][0]
    page.reload()
    wait_ready(page)
    page.locator("[data-cell][data-owner]").first.wait_for()
    placed = page.locator("[data-cell][data-owner]").count()
    assert placed >= len(moves)  # the moves kept came back (the CPU may have answered)
    assert stored(page)["tournament"]["event"]["games"][0][: len(moves)] == moves
    play_out(page, "season")
    event = stored(page)["tournament"]["event"]
    mine = [m for m in event["matches"] if "you" in (m["a"], m["b"]) and m["record"]]
    assert len(mine) == 1
    rows = page.locator("[data-tr-standings] tbody tr")
    assert rows.count() == 6
    played = sum(int(r.locator("td").nth(1).inner_text()) for r in rows.all())
    assert played == 2 * len([m for m in event["matches"] if m["record"]])
    shot(page, "standings-en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_on_the_tournament_screens(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    """axe on each screen at both sizes (tests/browser/test_a11y.py), a screenshot of
    some at each."""
    page = open_page(new_context, server, lang, STARTS_AT[lang])

    def check(screen: str, name: str = "") -> list[str]:
        found = []
        for size in at_both_sizes(page):
            found += axe_violations(page, f"{screen} ({size})")
            if name:
                shot(page, f"{name}-{lang}-{size}")
        return found

    open_tourney(page)
    found = check("tournament choice")
    save_deck(page, "Walls", DECK)
    page.locator('[data-tr-deck="Walls"]').wait_for()
    found += check("deck builder")
    tab(page, "roster")
    found += check("roster", "roster")
    tab(page, "records")
    found += check("records and feats", "feats")
    tab(page, "event")
    page.locator('[data-tr-begin="season"]').click()
    page.locator("[data-tr-standings]").wait_for()
    found += check("standings", "standings")
    page.locator('[data-do="tr_quit"]').click()
    page.locator('[data-do="tr_quit_yes"]').click()
    page.locator('[data-tr-begin="knockout"]').click()
    shown(page, '[data-tr-kind="knockout"]', "the bracket after a season abandoned")
    found += check("bracket", "bracket")
    assert found == []
