"""One match, one session, through the real page: what needs a browser (layout, focus,
touch, the real engine worker) of input races a player can cause.

The races themselves (F1 before the engine is up, keys during a hint, a dialog over
Pause, a quick match after a reload, New game while a card lands, mashing keys, nothing
started beneath the title or the Collection opened from it) are tested on CPython, in
tests/ui/test_session.py and tests/ui/test_app.py. Tests wait on the page's state, never
on time; the engine is held back, where a test needs it not yet up, by holding its
worker's script until the test lets it through (`HeldEngine`, whose context is cold).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.conftest import (
    Server,
    Watch,
    load_collection,
    play_the_match,
    wait_engine,
    wait_ready,
    wait_settled,
)
from tests.browser.resizing import at_each_size
from tests.browser.test_collection_play import challenge, open_tab
from tests.browser.test_page_play import (
    deploy_by_mouse,
    open_page,
    settings_script,
    wait_turn,
)
from tests.collection.helpers import LADDER, find_games, prepared_for, rich_save
from tests.conftest import ARTIFACTS
from triad import deal as dealing
from triad.collection import dealcode
from triad.collection.save import dump_save
from triad.collection.trade import progress, settle, start
from triad.pageview import load_set

pytestmark = pytest.mark.browser

MATCH_KEY = "triad.match"
COLLECTION_KEY = "triad:collection"


def blue_first_code(rules: list[str]) -> str:
    """A deal code whose deal has the human (blue) move first."""
    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    for seed in range(1, 200):
        if dealing.deal(seed, rules, levels, powers, affinities, None).first == "blue":
            return dealcode.encode(seed, rules, "houses")
    raise AssertionError("no deal where blue moves first")


def seed_where(first: str, rules: list[str]) -> int:
    """A seed whose deal has `first` move first (with the Houses' set)."""
    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    for seed in range(1, 200):
        if dealing.deal(seed, rules, levels, powers, affinities, None).first == first:
            return seed
    raise AssertionError(f"no deal where {first} moves first")


def fixed_seed_script(seed: int) -> str:
    """An init script that makes the page's random seeds all `seed` (its deals are known)."""
    return f"Math.random = () => {seed} / 4294967296;"


class HeldEngine:
    """Holds the engine worker's script until `release`: the page plays without its engine."""

    def __init__(self, context: Any) -> None:
        self.held: list[Any] = []
        context.route("**/engine-worker.js", self.hold)

    def hold(self, route: Any) -> None:
        self.held.append(route)

    def release(self) -> None:
        for route in self.held:
            route.continue_()
        self.held.clear()


def owned_cells(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-cell][data-owner]')]"
        ".map((c) => [c.dataset.cell, c.dataset.owner]))"
    )


def notices(page: Any) -> str:
    return " ".join(n.inner_text() for n in page.locator(".notice").all())


def test_leaving_a_match_for_cards_asks_and_its_moves_are_counted(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport={"width": 960, "height": 640})
    page = context.new_page()
    load_collection(page, server.url)
    challenge(page, "old-mabry")
    play_the_match(page)
    page.locator('[data-hand="blue"] [data-card="0"]').click()
    free = page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell")
    page.locator(f'[data-cell="{free}"]').click()
    page.locator(f'[data-cell="{free}"]').click()
    wait_ready(page)
    played = len(owned_cells(page))
    assert played >= 2
    open_tab(page, "ladder")
    assert f"under way ({played} moves played)" in page.locator(".coll-active").inner_text()
    page.keyboard.press("Escape")
    page.locator(".dialog.coll").wait_for(state="detached")  # back at the table
    page.keyboard.press("F5")
    page.locator(".dialog.leave").wait_for()
    page.screenshot(path=str(ARTIFACTS / "session-leave.jpg"))
    page.click('.dialog.leave [data-do="close"]')  # keep playing
    wait_ready(page)
    assert len(owned_cells(page)) == played
    page.click('[data-action="new"]')
    page.click('.dialog.leave [data-do="leave_yes"]')  # a quick match is dealt instead
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length <= 1")
    open_tab(page, "ladder")
    assert page.locator('.coll-active[data-active="saved"]').count() == 1


def action_in_view(page: Any, dialog: str, button: str, name: str) -> None:
    """The `button` of `dialog` shows whole inside the dialog and the window, uncovered."""
    page.locator(f"{dialog} {button}").wait_for()
    wait_settled(page)  # the dialog's entrance has ended
    page.screenshot(path=str(ARTIFACTS / f"session-dialog-{name}.jpg"))
    height = page.viewport_size["height"]
    box = page.locator(f"{dialog} {button}").bounding_box()
    frame = page.locator(dialog).bounding_box()
    assert box is not None and frame is not None
    assert (
        box["y"] >= frame["y"] - 1 and box["y"] + box["height"] <= frame["y"] + frame["height"] + 1
    ), (name, box, frame)
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
    hit = page.evaluate(
        "([x, y, sel]) => !!document.elementFromPoint(x, y).closest(sel)",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, button],
    )
    assert hit, (name, "covered")


# The windows a dialog's main action is checked in: itch.io's frame and a laptop's. Each
# test boots one page and checks each dialog at both sizes, the window resized between.
SIZES = {"960x640": {"width": 960, "height": 640}, "1280x720": {"width": 1280, "height": 720}}


def action_in_view_at_each_size(page: Any, dialog: str, button: str, name: str) -> None:
    """The `button` of `dialog` shows whole and uncovered in each of SIZES' windows."""
    for size in at_each_size(page, SIZES):
        action_in_view(page, dialog, button, f"{name}-{size}")


def test_every_dialogs_main_action_is_in_view_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport=SIZES["960x640"])
    page = context.new_page()
    load_collection(page, server.url)
    page.click('[data-action="info"]')
    action_in_view_at_each_size(page, ".dialog.book", '[data-do="close"]', "rulebook")
    page.keyboard.press("Escape")
    page.locator(".dialog.book").wait_for(state="detached")
    page.click('[data-action="rules"]')
    action_in_view_at_each_size(page, ".dialog.menu", '[data-do="new"]', "menu")
    page.keyboard.press("Escape")
    # The collection itself: its ladder's first challenge, as a new player sees it.
    open_tab(page, "ladder")
    action_in_view_at_each_size(page, ".dialog.coll", '[data-challenge="old-mabry"]', "collection")
    challenge(page, "old-mabry")
    action_in_view_at_each_size(page, ".dialog.deck", '[data-do="deck_play"]', "deck")
    play_the_match(page)
    page.keyboard.press("F5")
    action_in_view_at_each_size(page, ".dialog.leave", '[data-do="close"]', "leave")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    action_in_view_at_each_size(page, ".dialog.pause", '[data-do="pause"]', "pause")


def test_every_card_of_the_drafts_pool_is_in_view_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    # (the rulebook's Close: test_every_dialogs_main_action_is_in_view_at_each_size)
    context, _ = new_context(viewport=SIZES["960x640"])
    context.add_init_script(settings_script(rules=["draft", "open"]))
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    # Every card left in the draft's pool is a choice: each shows whole, uncovered.
    page.locator(".draft-pick:not([disabled])").first.wait_for()
    left = [b.get_attribute("data-draft") for b in page.locator(".draft-pick").all()]
    assert len(left) >= 11  # twelve, less the CPU's pick when it picks first
    for size in at_each_size(page, SIZES):
        for index in left:
            action_in_view(
                page, ".dialog.draft", f'.draft-pick[data-draft="{index}"]', f"draft-{size}"
            )


def won_diff_match_save() -> str:
    """A save whose Diff match against Yara Longgrass, won by four, waits for the player
    to choose four of the loser's five cards: the biggest trade dialog (a win by five
    takes all five without asking)."""
    save = rich_save()
    prepared = prepared_for(save, "yara-longgrass")
    games, _ = find_games(
        prepared.record(), lambda _games, final: final.score[0] - final.score[1] == 4
    )
    stored = progress(start(save, prepared), "m-1", games)
    waiting = settle(stored, prepared.finished(games), LADDER)
    assert waiting.status == "choose" and waiting.count == 4
    return dump_save(waiting.save)


def test_the_trade_dialogs_main_action_is_in_view_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport=SIZES["960x640"])
    # Diff won by four: four of five cards to choose, the biggest trade dialog.
    save = json.dumps(won_diff_match_save())
    # Storage is refused to the blank document before the first navigation: skip it there.
    context.add_init_script(
        "if (location.protocol.startsWith('http'))"
        f" localStorage.setItem({json.dumps(COLLECTION_KEY)}, {save});"
    )
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    page.locator("[data-trade]").wait_for()
    for pick in range(4):
        page.locator(f'[data-pick="{pick}"]').click()
    page.locator('[data-do="trade_take"]:not([disabled])').wait_for()
    action_in_view_at_each_size(page, ".dialog.trade", '[data-do="trade_take"]', "trade")


def test_the_title_screens_and_the_results_main_action_is_in_view_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(title=True, viewport=SIZES["960x640"], reduced_motion="reduce")
    context.add_init_script(settings_script(mode="hotseat"))
    page = context.new_page()
    page.goto(server.url)
    action_in_view_at_each_size(page, ".dialog.title-screen", '[data-do="title_play"]', "title")
    page.click('[data-do="title_play"]')
    wait_engine(page)
    while not wait_turn(page):
        player = "blue" if page.locator(".side-blue .turn-mark").count() else "red"
        cell = int(page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell"))
        deploy_by_mouse(page, player, 0, cell)
    action_in_view_at_each_size(page, ".dialog.result", '[data-do="rematch"]', "result")


def test_the_status_line_says_tap_on_a_touch_screen(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url + "?deal=" + quote(blue_first_code(["banner"])))
    wait_engine(page)
    wait_ready(page)
    page.locator('[data-hand="blue"] [data-card="0"]').tap()
    page.locator('[data-cell="4"]').tap()
    status = page.locator(".status-text").inner_text()
    assert status.startswith("Tap") and "Click" not in status
    page.screenshot(path=str(ARTIFACTS / "session-phone-selected.jpg"))


def badge_box(page: Any, side: str = "blue") -> dict[str, float] | None:
    """Where the "Your turn" badge of `side` shows, or None when none is seen."""
    mark = page.locator(f".side-{side} .turn-mark")
    if not mark.count():
        return None
    if not mark.evaluate(
        "(m) => m.checkVisibility({visibilityProperty: true, opacityProperty: true})"
    ):
        return None
    box: dict[str, float] | None = mark.bounding_box()
    return box


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
        or a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
    )


BADGE_SIZES = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 640},
    "desktop": {"width": 1280, "height": 800},
}


def test_the_turn_badge_shows_on_the_players_turn_and_never_covers_the_chosen_card(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One match, first on a phone (in its context), resized to each size in turn: at
    each, the badge on the player's turn, then each card chosen (by touch at a phone's
    sizes, by mouse at a desktop's); then, the move played and answered, the badge again."""
    context, _ = new_context(
        viewport=BADGE_SIZES["phone"], is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    page = context.new_page()
    page.goto(server.url + "?deal=" + quote(blue_first_code(["banner"])))
    wait_engine(page)
    wait_ready(page)

    def press(locator: Any) -> None:
        if page.viewport_size["width"] < 600:
            locator.tap()
        else:
            locator.click()

    def badge_shows() -> dict[str, float]:
        """The human's turn, nothing chosen: the badge is there, whole in the window,
        and covers none of the player's cards."""
        box = badge_box(page)
        assert box is not None, "no 'Your turn' badge on the player's turn"
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], box
        assert "Your turn" in page.locator(".side-blue .turn-mark").inner_text()
        for card in page.locator(".hand-blue .card").all():
            assert apart(box, card.bounding_box()), (box, card.bounding_box())
        assert badge_box(page, "red") is None  # only the side to move has one
        return box

    count = page.locator(".hand-blue .card").count()
    for size in at_each_size(page, BADGE_SIZES):
        phone = size != "desktop"
        page.keyboard.press("Backspace")  # nothing chosen (a card was, at the size before)
        page.locator(".hand-blue .card.sel").wait_for(state="detached")
        badge_shows()
        page.screenshot(path=str(ARTIFACTS / f"session-badge-{size}.jpg"))
        # Each card chosen in turn rises from the hand: the badge never covers it.
        for index in range(count):
            press(page.locator(f'[data-hand="blue"] [data-card="{index}"]'))
            page.locator(f'.hand-blue [data-card="{index}"].sel').wait_for()
            card = page.locator(".hand-blue .card.sel").bounding_box()
            box = badge_box(page)
            page.screenshot(path=str(ARTIFACTS / f"session-badge-{size}-chosen-{index}.jpg"))
            if box is None:
                # Only on a phone, where the chosen card rises into the badge's place, does
                # it give way; the status line then says what to do.
                assert phone, "the badge went away on a screen with room for it"
                assert page.locator(".status-text").inner_text() == "Choose a space"
            else:
                assert apart(box, card), (size, index, box, card)
    # The move is played; the CPU answers; the badge is back for the player's next turn.
    free = page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell")
    press(page.locator(f'[data-cell="{free}"]'))
    press(page.locator(f'[data-cell="{free}"]'))
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length >= 2")
    wait_ready(page)
    for _size in at_each_size(page, BADGE_SIZES):
        badge_shows()


def test_the_rulebook_lights_the_chip_of_the_section_read(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=["banner"])
    wait_ready(page)
    page.click('[data-action="info"]')
    page.locator(".dialog.book").wait_for()
    page.click('[data-jump="rb-same"]')
    lit = page.evaluate(
        "() => [...document.querySelectorAll('.toc')].filter((c) =>"
        " getComputedStyle(c).backgroundColor === 'rgb(63, 124, 240)').map((c) => c.dataset.jump)"
    )
    assert lit == ["rb-same"]
    assert page.locator('[data-jump="rb-banner"].on').count() == 1  # in play, marked
    page.screenshot(path=str(ARTIFACTS / "session-rulebook-chip.jpg"))


def test_the_draft_pool_is_nobodys_colour(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=["draft"])
    wait_engine(page)
    page.locator(".draft-pick").first.wait_for()
    colours = page.evaluate(
        "() => [...document.querySelectorAll('.draft-pick .card')].map((c) =>"
        " getComputedStyle(c).backgroundImage)"
    )
    blue = page.evaluate(
        "() => { const c = document.createElement('div'); c.className = 'card own-blue';"
        " document.body.append(c); const b = getComputedStyle(c).backgroundImage; c.remove();"
        " return b; }"
    )
    assert colours and blue not in colours
    assert page.locator(".draft-pick .card.own-blue, .draft-pick .card.own-red").count() == 0
    page.screenshot(path=str(ARTIFACTS / "session-draft.jpg"))


# The engine's answer to "Deal five at random" is held until the test lets it through,
# and then deals the five cards the test chose: the test knows which cards are the new deal.
HOLD_DEAL = """(deck) => {
  const engine = window.triadEngine;
  const call = engine.call;
  window.__releaseDeal = null;
  engine.call = function (name, ...args) {
    const reply = call.call(engine, name, ...args);
    if (name !== 'collection_deal_deck') return reply;
    return new Promise((resolve, reject) => {
      window.__releaseDeal = () => reply.then((text) => {
        const answer = JSON.parse(text);
        answer.deck = deck;
        resolve(JSON.stringify(answer));
      }, reject);
    });
  };
}"""


def test_play_clicked_before_the_deal_of_five_arrives_plays_the_dealt_five(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport={"width": 960, "height": 640})
    page = context.new_page()
    load_collection(page, server.url)
    first = challenge(page, "old-mabry")  # a deck of five dealt: Play is on
    owned = sorted({b.get_attribute("data-deckadd") for b in page.locator("[data-deckadd]").all()})
    dealt = owned[:5] if owned[:5] != first else owned[:5][::-1]
    assert len(dealt) == 5 and dealt != first
    page.evaluate(HOLD_DEAL, dealt)
    page.click('[data-do="deck_deal"]')
    page.wait_for_function("() => window.__releaseDeal !== null")  # asked, not yet answered
    page.click('[data-do="deck_play"]')
    page.screenshot(path=str(ARTIFACTS / "session-deal-then-play.jpg"))
    page.evaluate("() => window.__releaseDeal()")
    page.locator(".dialog.deck").wait_for(state="detached")
    page.locator("#r-side-red [data-stake]").wait_for(state="attached")  # (the match for cards)
    wait_ready(page)
    hand = [c.get_attribute("data-id") for c in page.locator('[data-hand="blue"] .card').all()]
    assert hand == dealt
