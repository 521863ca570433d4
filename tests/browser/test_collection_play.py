"""Collection mode in Chromium: matches for cards, the save and its files, replays, a draft.

Each test drives the page as a player would (clicks, file pickers,
downloads) and reads the stored save (`triad:collection`) to count cards.
Screenshots of every collection screen are kept in test-artifacts/.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    Server,
    Watch,
    play_one_move,
    play_the_match,
    wait_engine,
    wait_ready,
    wait_settled,
)
from tests.browser.conftest import load_collection as boot
from tests.browser.test_page_play import settings_script
from triad.collection import service

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
KEY = "triad:collection"
# A CPU move or a whole deal on a busy machine (the other browser tests allow as long).
GAME_MS = 120_000

pytestmark = pytest.mark.browser


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    wait_settled(page)  # a dialog's entrance has ended
    page.screenshot(path=str(ARTIFACTS / f"collection-{name}.jpg"))


def stored(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def total(save: dict[str, Any]) -> int:
    return sum(save["cards"].values())


def open_tab(page: Any, tab: str) -> None:
    if page.locator(".dialog.coll").count() == 0:
        page.locator('[data-action="collection"]').click()
    page.locator(f'[data-tab="{tab}"]').click()


def json_file(name: str, text: str) -> dict[str, Any]:
    return {"name": name, "mimeType": "application/json", "buffer": text.encode()}


def play_out(page: Any) -> None:
    """Click the autoplay button (the CPU plays one card for the player) each time the page
    waits for the player's card, until the match ends (its result or its trade shows)."""
    end = page.locator("[data-trade], [data-result]")
    while end.count() == 0:
        page.locator("html.ready, [data-trade], [data-result]").first.wait_for(
            state="attached", timeout=GAME_MS
        )
        if end.count() == 0:
            page.locator('[data-action="autoplay"]').click()
            page.wait_for_function(  # (by frame: the move and the CPU's answer may be quick)
                "() => !document.documentElement.classList.contains('ready')"
                " || document.querySelector('[data-trade], [data-result]')",
                polling="raf",
            )


def challenge(page: Any, opponent: str) -> list[str]:
    """Open the deck for `opponent`, deal five cards, start the match; return the deck."""
    open_tab(page, "ladder")
    page.locator(f'[data-challenge="{opponent}"]').click()
    page.locator('[data-do="deck_deal"]').click()
    page.locator('[data-deck="5"]').wait_for(state="attached")
    deck = [c.get_attribute("data-id") for c in page.locator(".deck-chosen .card").all()]
    return [d for d in deck if d]


def test_win_a_one_match_take_a_card_after_a_reload_and_find_it_in_the_album(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    page = context.new_page()
    boot(page, server.url)
    shot(page, "ladder-start")
    open_tab(page, "ladder")
    shot(page, "ladder")
    open_tab(page, "album")
    assert page.locator("[data-album]").count() == 110
    shot(page, "album")
    # Old Mabry plays at random: three tries are plenty to win once.
    for _ in range(3):
        challenge(page, "old-mabry")
        shot(page, "deck")
        play_the_match(page)
        play_out(page)  # the CPU (master) plays the player's cards
        if page.locator("[data-trade]").count():
            break
        page.locator('[data-do="collection"]').click()
    assert page.locator("[data-trade]").count() == 1
    before = stored(page)
    assert before["pending"] is not None  # the won match waits for the pick, in the save
    shot(page, "trade")
    # A reload before picking: the same choice comes back, nothing was counted twice.
    boot(page, server.url, playable=False)
    page.locator("[data-trade]").wait_for(state="attached")
    assert stored(page) == before
    # Each card on offer says how many of it the player owns already, or that it is new.
    for slot in page.locator(".candidates > li").all():
        have = before["cards"].get(slot.locator(".card").get_attribute("data-id"), 0)
        said = slot.locator("[data-owned]").inner_text()
        assert said == (f"You have {have}" if have else "New card"), said
    taken = page.locator('[data-pick="0"] .card').get_attribute("data-id")
    page.locator('[data-pick="0"]').click()
    page.locator('[data-do="trade_take"]').click()
    page.locator("[data-trade]").wait_for(state="detached")
    after = stored(page)
    assert after["pending"] is None
    assert total(after) == total(before) + 1
    assert after["cards"][taken] == before["cards"].get(taken, 0) + 1
    boot(page, server.url)
    open_tab(page, "album")
    page.locator('[data-fowned="found"]').click()
    card = page.locator(f'[data-album="{taken}"]')
    card.wait_for(state="attached")
    assert int(card.get_attribute("data-copies")) == after["cards"][taken]
    open_tab(page, "ladder")
    assert page.locator('[data-opponent="old-mabry"]').get_attribute("data-state") == "beaten"
    assert page.locator('[data-opponent="dessa-coldwater"] [data-challenge]').count() == 1


def test_play_the_match_looks_off_until_five_cards_and_a_click_says_why(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    # the button's look and a forced click in a real page (the words in French, the alert and
    # no match started: tests/ui/test_text.py::test_in_french_play_with_a_deck_short_of_five_...)
    context, _ = new_context()
    context.add_init_script(settings_script(lang="en"))
    page = context.new_page()
    boot(page, server.url)
    open_tab(page, "ladder")
    page.locator('[data-challenge="old-mabry"]').click()
    play = page.locator('[data-do="deck_play"]')
    assert play.get_attribute("aria-disabled") == "true"
    off = play.evaluate("(b) => getComputedStyle(b).backgroundImage")
    play.click(force=True)  # (Playwright waits for aria-disabled buttons; a player does not)
    alert = page.locator(".dialog.coll [role=alert]")
    alert.wait_for()
    assert "0 of its 5 cards chosen. Pick 5 more" in alert.inner_text()
    shot(page, "deck-short-en")
    assert page.locator(".dialog.coll").count() == 1  # no match started
    page.locator('[data-do="deck_deal"]').click()
    page.locator('[data-deck="5"]').wait_for(state="attached")
    assert play.get_attribute("aria-disabled") is None and alert.count() == 0
    assert play.evaluate("(b) => getComputedStyle(b).backgroundImage") != off


def ready_for_the_master() -> str:
    """A save with every opponent of part one before its last beaten, and a few more cards."""
    save = json.loads(json.loads(service.collection_new(json.dumps({"seed": 77})))["save"])
    ladder = json.loads(service.collection_ladder(json.dumps(save)))["opponents"]
    save["beaten"] = [o["id"] for o in ladder if o.get("part", 1) == 1][:-1]
    for card in json.loads(service.collection_album(json.dumps(save), '{"level": 1}'))["cards"][:6]:
        save["cards"][card["id"]] = save["cards"].get(card["id"], 0) + 1
    reply = json.loads(service.collection_import(json.dumps(save)))
    assert reply["ok"], reply
    return str(reply["save"])


def test_files_a_lost_all_match_and_its_replay(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    page = context.new_page()
    boot(page, server.url)
    first = page.evaluate(f"localStorage.getItem('{KEY}')")
    # A broken file changes nothing and says why.
    open_tab(page, "save")
    page.set_input_files('input[data-import="save"]', json_file("bad.json", '{"cards": 3'))
    page.locator(".coll-message").wait_for(state="attached")
    assert "not imported" in page.locator(".coll-message").inner_text()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == first
    # A good file replaces the save.
    page.set_input_files(
        'input[data-import="save"]', json_file("save.json", ready_for_the_master())
    )
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') !== {json.dumps(first)}")
    page.locator(".coll-message", has_text="was imported").wait_for(state="attached")
    imported = stored(page)
    assert "magister-vael" not in imported["beaten"] and len(imported["beaten"]) == 8
    shot(page, "save")
    # Export, reset (confirmed), import the exported file: the same collection.
    with page.expect_download() as download:
        page.locator('[data-do="export"]').click()
    exported = Path(download.value.path()).read_text()
    assert json.loads(exported)["cards"] == imported["cards"]
    page.locator('[data-do="reset"]').click()
    shot(page, "reset-confirm")
    page.locator('[data-do="reset_yes"]').click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEY}')).beaten.length === 0")
    page.locator(".coll-message", has_text="new collection").wait_for(state="attached")
    page.set_input_files('input[data-import="save"]', json_file("again.json", exported))
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEY}')).beaten.length === 8")
    assert stored(page)["cards"] == imported["cards"]
    # The master plays All: five weak cards placed without thought lose them all.
    deck = challenge(page, "magister-vael")
    play_the_match(page)
    while page.locator("[data-result]").count() == 0:
        page.locator("html.ready, [data-result]").first.wait_for(state="attached", timeout=GAME_MS)
        if page.locator("[data-result]").count():
            break
        play_one_move(page)
    # The result shows at once with "Settling the trade…"; the trade's lines follow.
    page.locator("[data-trade-result]", has_text="You lost").wait_for(state="attached")
    result = page.locator("[data-result]").inner_text()
    assert "You lose" in result and "You lost:" in result
    shot(page, "result-all")
    after = stored(page)
    for card in set(deck):
        assert after["cards"].get(card, 0) == imported["cards"][card] - deck.count(card)
    final = [page.locator(f'[data-cell="{i}"]').get_attribute("data-owner") for i in range(9)]
    # Replay the match move by move, export it, and play the file back.
    page.locator('[data-do="replay"]').click()
    page.locator('[data-replay-at="0"]').wait_for(state="attached")
    assert page.locator("[data-cell][data-owner]").count() == 0
    last = int(page.locator("[data-replay-last]").get_attribute("data-replay-last"))
    for i in range(1, last + 1):
        page.locator('[data-do="replay_next"]').click()
        page.locator(f'[data-replay-at="{i}"]').wait_for(state="attached")
    shot(page, "replay")
    owners = [page.locator(f'[data-cell="{i}"]').get_attribute("data-owner") for i in range(9)]
    assert owners == final
    page.locator('[data-do="replay_back"]').click()
    page.locator(f'[data-replay-at="{last - 1}"]').wait_for(state="attached")
    with page.expect_download() as download:
        page.locator('[data-do="replay_export"]').click()
    replay_text = Path(download.value.path()).read_text()
    assert json.loads(replay_text)["format"] == "triad-match"
    page.locator('[data-do="replay_exit"]').click()
    page.locator("[data-replay-at]").wait_for(state="detached")
    open_tab(page, "history")
    assert page.locator("button[data-replay]").count() == 1
    page.set_input_files('input[data-import="replay"]', json_file("replay.json", replay_text))
    page.locator('[data-replay-at="0"]').wait_for(state="attached")
    assert page.locator("[data-replay-last]").get_attribute("data-replay-last") == str(last)


def hands(page: Any) -> list[list[str | None]]:
    return [
        [c.get_attribute("data-id") for c in page.locator(f'[data-hand="{p}"] .card').all()]
        for p in ("blue", "red")
    ]


def test_a_draft_quick_match_is_picked_in_turn_then_played(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    settings = {"version": 1, "rules": ["draft", "open"], "level": "novice", "sound": False}
    settings.update({"card_set": "houses", "mode": "cpu"})
    context.add_init_script(
        "if (location.protocol === 'http:') "
        f"localStorage.setItem('triad.settings', {json.dumps(json.dumps(settings))})"
    )
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    for turn in range(5):
        pick = page.locator('[data-draft-turn="blue"] ~ .draft-pool button[data-draft]').first
        pick.wait_for(state="attached")
        if turn == 2:
            shot(page, "draft")
        pick.click()
        if turn < 4:
            page.locator('[data-drafted="blue"]').nth(turn).wait_for(state="attached")
    wait_ready(page)
    assert page.locator('[data-hand="blue"] [data-card]').count() == 5
    assert page.locator('[data-hand="red"] .card:not(.back)').count() >= 4


def test_a_ladder_match_cut_by_a_reload_comes_back_move_for_move(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    page = context.new_page()
    boot(page, server.url)
    deck = challenge(page, "old-mabry")
    play_the_match(page)
    for _ in range(2):
        play_one_move(page)
    page.locator("html.ready").wait_for(state="attached", timeout=GAME_MS)
    saved = stored(page)
    assert saved["active"]["opponent"] == "old-mabry"
    board = [page.locator(f'[data-cell="{i}"]').get_attribute("data-owner") for i in range(9)]
    placed = sum(1 for owner in board if owner)
    assert placed == sum(len(g) for g in saved["active"]["record"]["games"]) >= 3

    # F5 in the browser: the same match is back, the same cards on the same cells.
    page.reload()
    wait_ready(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    again = [page.locator(f'[data-cell="{i}"]').get_attribute("data-owner") for i in range(9)]
    assert again == board
    assert hands(page)[0] == [c for c in hands(page)[0] if c]  # the player's cards are shown
    open_tab(page, "ladder")
    assert page.locator('[data-active="here"]').count() == 1
    assert page.locator('[data-challenge="old-mabry"]').is_disabled()
    shot(page, "ladder-match-under-way")
    page.locator('.coll-active [data-do="close"]').click()
    # Played to the end, the match is settled once and leaves the save's active slot.
    over = "[data-result], [data-trade]"  # a won One match asks for the card first
    while page.locator(over).count() == 0:
        page.locator(f"html.ready, {over}").first.wait_for(state="attached", timeout=GAME_MS)
        if page.locator(over).count():
            break
        play_one_move(page)
    after = stored(page)
    assert after["active"] is None
    assert (after["pending"] is not None) or len(after["history"]) == 1
    assert set(deck) <= set(saved["cards"])


def test_the_deck_list_keeps_its_scroll_and_focus_while_cards_are_picked(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('{KEY}', {json.dumps(ready_for_the_master())})")
    boot(page, server.url)
    open_tab(page, "ladder")
    page.locator('[data-challenge="old-mabry"]').click()
    page.set_viewport_size({"width": 390, "height": 700})
    page.locator(".album.owned").wait_for(state="attached")
    # (the dialog is laid out anew for the phone's size: wait until its list overflows)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.dialog, .album.owned')]
        .some(el => el.scrollHeight > el.clientHeight)"""
    )
    scroll_all = """() => [...document.querySelectorAll('.dialog, .album.owned')]
        .filter(el => el.scrollHeight > el.clientHeight)
        .map(el => { el.scrollTop = el.scrollHeight; return el.scrollTop; })"""
    scrolled = page.evaluate(scroll_all)
    assert scrolled and max(scrolled) > 0
    heights = """() => [...document.querySelectorAll('.dialog, .album.owned')]
        .filter(el => el.scrollHeight > el.clientHeight).map(el => el.scrollTop)"""
    before = page.evaluate(heights)
    page.locator("[data-deckadd]").last.focus()
    page.keyboard.press("Enter")
    page.locator('[data-deck="1"]').wait_for(state="attached")
    assert page.evaluate(heights) == before
    assert page.evaluate("document.activeElement.hasAttribute('data-deckadd')")
    shot(page, "deck-phone-scrolled")


def test_two_tabs_never_write_over_each_other(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context()
    first = context.new_page()
    boot(first, server.url)
    second = context.new_page()
    boot(second, server.url)
    # The second tab starts a ladder match: the first one hears of it and follows.
    challenge(second, "old-mabry")
    play_the_match(second)
    play_one_move(second)
    first.locator("#r-notice", has_text="another tab").wait_for(state="attached")
    open_tab(first, "ladder")
    first.locator('[data-active="saved"]').wait_for(state="attached")
    assert first.locator('[data-challenge="old-mabry"]').is_disabled()
    # The second tab's moves keep landing in the one save.
    before = stored(second)["active"]["record"]["games"]
    play_one_move(second)
    second.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{KEY}')).active.record.games[0].length > {len(before[0])}"
    )
    shot(first, "other-tab")
