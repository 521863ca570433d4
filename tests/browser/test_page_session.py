"""One match, one session: input races a player can cause, tried through the real page.

Each test reproduces something a player saw go wrong (F1 dropped or sent
twice, a dialog hidden behind Pause, a quick match lost on reload...) and
checks what the player sees now.  They wait on the page's state, never on
time; the engine is held back, where a test needs it not yet up, by holding
its worker's script until the test lets it through.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.conftest import Server, Watch, leave_yes, wait_engine, wait_ready
from tests.browser.test_collection_play import boot, challenge, open_tab
from tests.browser.test_page_play import (
    GAME_TIMEOUT_MS,
    deploy_by_mouse,
    open_page,
    over,
    settings_script,
    wait_turn,
)
from tests.collection.helpers import LADDER, find_games, prepared_for, rich_save
from tests.conftest import ARTIFACTS
from triad import deal as dealing
from triad.collection import dealcode
from triad.collection.save import dump_save
from triad.collection.trade import progress, settle, start
from triad.ui.local import load_set

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


# Counts what of a match shows beneath the title screen: the CPU thinking, a card placed.
BENEATH_TITLE = """
window.__beneathTitle = [];
new MutationObserver(() => {
  if (!document.querySelector('.title-screen')) return;
  if (document.querySelector('.turn-mark.thinking')) window.__beneathTitle.push('thinking');
  if (document.querySelector('[data-cell][data-owner]')) window.__beneathTitle.push('placed');
  if (document.documentElement.classList.contains('busy')) window.__beneathTitle.push('busy');
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


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


def test_f1_at_the_first_ready_is_queued_until_the_engine_is_up(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce")
    engine = HeldEngine(context)
    page = context.new_page()
    page.goto(server.url + "?deal=" + quote(blue_first_code(["banner"])))
    wait_ready(page)
    assert page.evaluate("window.triadEngine.state") == "loading"
    page.keyboard.press("F1")
    # The CPU is shown thinking for the player; the page takes no other move meanwhile.
    page.locator(".side-blue .turn-mark.thinking").wait_for(state="attached")
    assert page.locator("html.ready").count() == 0
    page.keyboard.press("Enter")
    engine.release()
    wait_engine(page)
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length >= 2")
    owners = list(owned_cells(page).values())
    assert owners.count("blue") + owners.count("red") >= 2
    assert notices(page) == ""


def test_keys_and_clicks_while_f1_shows_its_move_send_nothing_twice(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(
        new_context, server, reduced=False, query="?deal=" + quote(blue_first_code(["banner"]))
    )
    wait_engine(page)
    wait_ready(page)
    page.keyboard.press("F1")
    # From F1 on, the CPU thinks and then shows its move for about half a second: the
    # player presses everything meanwhile. (The shown move itself is too brief to wait
    # for: a busy page can draw and clear it between two looks.)
    page.locator("html:not(.ready)").wait_for(state="attached")
    for key in ("Enter", "z", "Enter", "F1", "z"):
        page.keyboard.press(key)
    for cell in range(9):
        page.locator(f'[data-cell="{cell}"]').dispatch_event("click")
    wait_turn(page)
    owners = list(owned_cells(page).values())
    assert owners.count("blue") <= 2 and len(owners) == 2, owners  # F1's move, then the CPU's
    assert notices(page) == ""


def test_a_dialog_opened_while_paused_is_on_top_and_escape_closes_it_first(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server)
    wait_engine(page)
    wait_ready(page)
    page.keyboard.press("Escape")
    page.locator(".dialog.pause").wait_for()
    for action, dialog in (("info", ".dialog.book"), ("rules", ".dialog.menu")):
        page.click(f'[data-action="{action}"]')
        page.locator(dialog).wait_for()
        assert page.locator(".dialog.pause").count() == 0
        page.screenshot(path=str(ARTIFACTS / f"session-paused-{action}.png"))
        page.keyboard.press("Escape")
        page.locator(".dialog.pause").wait_for()
        assert page.locator(dialog).count() == 0
    page.click('[data-action="collection"]')
    page.locator(".dialog.coll").wait_for()
    assert page.locator(".dialog.pause").count() == 0
    page.keyboard.press("Escape")
    page.locator(".dialog.pause").wait_for()
    page.keyboard.press("Escape")
    wait_ready(page)
    assert page.locator("html.paused").count() == 0


def test_a_quick_match_comes_back_after_a_reload(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, query="?deal=" + quote(blue_first_code(["open"])))
    wait_engine(page)
    wait_ready(page)
    page.locator('[data-hand="blue"] [data-card="0"]').click()
    page.locator('[data-cell="4"]').click()
    page.locator('[data-cell="4"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length >= 2")
    wait_ready(page)
    page.wait_for_function(f"() => localStorage.getItem('{MATCH_KEY}') !== null")
    board = owned_cells(page)
    page.goto(server.url)  # the page again, its address without the shared deal
    wait_ready(page)
    assert owned_cells(page) == board  # shown at once, before the engine is up
    wait_engine(page)
    wait_ready(page)
    assert owned_cells(page) == board
    # The match plays on from there, and New game gives it up.
    free = page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell")
    page.locator('[data-hand="blue"] [data-card="0"]').click()
    page.locator(f'[data-cell="{free}"]').click()
    page.locator(f'[data-cell="{free}"]').click()
    page.locator(f'[data-cell="{free}"][data-owner]').wait_for(state="attached")
    page.keyboard.press("F5")
    leave_yes(page)  # (a card is down: the page asks first)
    page.wait_for_function(f"() => localStorage.getItem('{MATCH_KEY}') === null")


def test_leaving_a_match_for_cards_asks_and_its_moves_are_counted(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(viewport={"width": 960, "height": 640})
    page = context.new_page()
    boot(page, server.url)
    challenge(page, "old-mabry")
    page.locator('[data-do="deck_play"]').click()
    wait_ready(page)
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
    page.keyboard.press("F5")
    page.locator(".dialog.leave").wait_for()
    page.screenshot(path=str(ARTIFACTS / "session-leave.png"))
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
    page.wait_for_timeout(300)  # the dialog's entrance
    page.screenshot(path=str(ARTIFACTS / f"session-dialog-{name}.png"))
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


@pytest.mark.parametrize("size", [(960, 640), (1280, 720)])
def test_every_dialogs_main_action_is_in_view(
    size: tuple[int, int], new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    width, height = size
    context, _ = new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    boot(page, server.url)

    def main_action_in_view(dialog: str, button: str, name: str) -> None:
        action_in_view(page, dialog, button, f"{name}-{width}x{height}")

    page.click('[data-action="rules"]')
    main_action_in_view(".dialog.menu", '[data-do="new"]', "menu")
    page.keyboard.press("Escape")
    # The collection itself: its ladder's first challenge, as a new player sees it.
    open_tab(page, "ladder")
    main_action_in_view(".dialog.coll", '[data-challenge="old-mabry"]', "collection")
    challenge(page, "old-mabry")
    main_action_in_view(".dialog.deck", '[data-do="deck_play"]', "deck")
    page.click('[data-do="deck_play"]')
    wait_ready(page)
    page.keyboard.press("F5")
    main_action_in_view(".dialog.leave", '[data-do="close"]', "leave")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    main_action_in_view(".dialog.pause", '[data-do="pause"]', "pause")


@pytest.mark.parametrize("size", [(960, 640), (1280, 720)])
def test_the_drafts_and_the_rulebooks_main_actions_are_in_view(
    size: tuple[int, int], new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    width, height = size
    context, _ = new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.click('[data-action="info"]')
    action_in_view(page, ".dialog.book", '[data-do="close"]', f"rulebook-{width}x{height}")
    context, _ = new_context(viewport={"width": width, "height": height})
    context.add_init_script(settings_script(rules=["draft", "open"]))
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    # Every card left in the draft's pool is a choice: each shows whole, uncovered.
    page.locator(".draft-pick:not([disabled])").first.wait_for()
    left = [b.get_attribute("data-draft") for b in page.locator(".draft-pick").all()]
    assert len(left) >= 11  # twelve, less the CPU's pick when it picks first
    for index in left:
        action_in_view(
            page, ".dialog.draft", f'.draft-pick[data-draft="{index}"]', f"draft-{width}x{height}"
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


@pytest.mark.parametrize("size", [(960, 640), (1280, 720)])
def test_the_trade_dialogs_main_action_is_in_view(
    size: tuple[int, int], new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    width, height = size
    context, _ = new_context(viewport={"width": width, "height": height})
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
    action_in_view(page, ".dialog.trade", '[data-do="trade_take"]', f"trade-{width}x{height}")


@pytest.mark.parametrize("size", [(960, 640), (1280, 720)])
def test_the_title_screens_and_the_results_main_action_is_in_view(
    size: tuple[int, int], new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    width, height = size
    context, _ = new_context(
        title=True, viewport={"width": width, "height": height}, reduced_motion="reduce"
    )
    context.add_init_script(settings_script(mode="hotseat"))
    page = context.new_page()
    page.goto(server.url)
    action_in_view(
        page, ".dialog.title-screen", '[data-do="title_play"]', f"title-{width}x{height}"
    )
    page.click('[data-do="title_play"]')
    wait_engine(page)
    while not wait_turn(page):
        player = "blue" if page.locator(".side-blue .turn-mark").count() else "red"
        cell = int(page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell"))
        deploy_by_mouse(page, player, 0, cell)
    action_in_view(page, ".dialog.result", '[data-do="rematch"]', f"result-{width}x{height}")


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
    page.screenshot(path=str(ARTIFACTS / "session-phone-selected.png"))


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


@pytest.mark.parametrize(
    "size",
    [
        pytest.param({"width": 390, "height": 844}, id="phone"),
        pytest.param({"width": 360, "height": 640}, id="small-phone"),
        pytest.param({"width": 1280, "height": 800}, id="desktop"),
    ],
)
def test_the_turn_badge_shows_on_the_players_turn_and_never_covers_the_chosen_card(
    size: dict[str, int], new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    phone = size["width"] < 600
    context, _ = new_context(
        viewport=size, is_mobile=phone, has_touch=phone, reduced_motion="reduce"
    )
    page = context.new_page()
    page.goto(server.url + "?deal=" + quote(blue_first_code(["banner"])))
    wait_engine(page)
    wait_ready(page)
    name = "phone" if phone else "desktop"

    def press(locator: Any) -> None:
        if phone:
            locator.tap()
        else:
            locator.click()

    def badge_shows() -> dict[str, float]:
        """The human's turn, nothing chosen: the badge is there, whole in the window,
        and covers none of the player's cards."""
        box = badge_box(page)
        assert box is not None, "no 'Your turn' badge on the player's turn"
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
        assert "Your turn" in page.locator(".side-blue .turn-mark").inner_text()
        for card in page.locator(".hand-blue .card").all():
            assert apart(box, card.bounding_box()), (box, card.bounding_box())
        assert badge_box(page, "red") is None  # only the side to move has one
        return box

    badge_shows()
    page.screenshot(path=str(ARTIFACTS / f"session-badge-{name}.png"))
    # Each card chosen in turn rises from the hand: the badge never covers it.
    count = page.locator(".hand-blue .card").count()
    for index in range(count):
        press(page.locator(f'[data-hand="blue"] [data-card="{index}"]'))
        page.locator(".hand-blue .card.sel").wait_for()
        card = page.locator(".hand-blue .card.sel").bounding_box()
        box = badge_box(page)
        page.screenshot(path=str(ARTIFACTS / f"session-badge-{name}-chosen-{index}.png"))
        if box is None:
            # Only on a phone, where the chosen card rises into the badge's place, does it
            # give way; the status line then says what to do.
            assert phone, "the badge went away on a screen with room for it"
            assert page.locator(".status-text").inner_text() == "Choose a space"
        else:
            assert apart(box, card), (index, box, card)
    # The move is played; the CPU answers; the badge is back for the player's next turn.
    free = page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell")
    press(page.locator(f'[data-cell="{free}"]'))
    press(page.locator(f'[data-cell="{free}"]'))
    page.wait_for_function("() => document.querySelectorAll('[data-cell][data-owner]').length >= 2")
    wait_ready(page)
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
    page.screenshot(path=str(ARTIFACTS / "session-rulebook-chip.png"))


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
    page.screenshot(path=str(ARTIFACTS / "session-draft.png"))


# Presses F5 the moment the page shows the engine's answer to a placement (the card is on
# its cell and its landing plays out): from within the page, so no test latency comes between.
# The landing's beat is then held (the page's timers wait) until the test lets it end,
# once the new match is dealt: the engine may answer before or after a beat's end.
F5_AS_A_CARD_LANDS = """() => {
  window.__f5 = false;
  window.__beats = [];
  const html = document.documentElement;
  const later = window.setTimeout;
  window.setTimeout = function (run, ms, ...args) {
    if (!window.__f5 || !ms) return later(run, ms, ...args);
    window.__beats.push(() => run(...args));
    return 0;
  };
  window.__endBeat = () => { window.setTimeout = later; window.__beats.forEach((run) => run()); };
  new MutationObserver((changes, observer) => {
    if (!html.dataset.answered) return;
    observer.disconnect();
    document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'F5', bubbles: true}));
    window.__f5 = true;
  }).observe(html, {attributes: true, attributeFilter: ['data-answered']});
}"""


def hands_and_board(page: Any) -> tuple[int, int, int]:
    """Cards in both hands and on the board, and the two scores' sum, read at one moment."""
    return page.evaluate(
        "() => [document.querySelectorAll('[data-hand] [data-card]').length,"
        " document.querySelectorAll('[data-cell][data-owner]').length,"
        " ['blue', 'red'].map((p) => Number(document.querySelector(`[data-score=${p}]`)"
        ".textContent)).reduce((a, b) => a + b)]"
    )


def test_new_game_while_a_card_lands_leaves_nothing_of_the_old_match(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """The mash test's 5 + 4: F5 during a placement's last beat drew the old match's final
    board over the new deal, and the new match's moves then played on that stale board."""
    page = open_page(
        new_context, server, reduced=False, query="?deal=" + quote(blue_first_code(["banner"]))
    )
    wait_engine(page)
    wait_ready(page)
    page.evaluate(F5_AS_A_CARD_LANDS)
    cell = 4
    page.locator('[data-hand="blue"] [data-card="0"]').click()
    page.locator(f'[data-cell="{cell}"]').click()
    page.locator(f'[data-cell="{cell}"]').click()
    page.wait_for_function("() => window.__f5")
    page.locator(".engine-loading").wait_for(state="detached")  # the new match is dealt
    # Whatever timer was asked for since F5 was held back: the old match's beat is no longer
    # among them (its task was cancelled with it), and running them now changes nothing.
    page.evaluate("() => window.__endBeat()")
    # The new match plays on: its first moves each way, checked whole after each turn.
    while not wait_turn(page):
        hands, board, scores = hands_and_board(page)
        assert hands + board == 10 and scores == 10, (hands, board, scores)
        if board >= 2:
            break
        cell = int(page.locator("[data-cell]:not([data-owner])").first.get_attribute("data-cell"))
        page.locator('[data-hand="blue"] [data-card="0"]').click()
        page.locator(f'[data-cell="{cell}"]').click()
        page.locator(f'[data-cell="{cell}"]').click()
        owner = page.locator(f'[data-cell="{cell}"][data-owner]')
        assert owner.get_attribute("data-owner") == "blue"  # the player's card, in this match
    page.screenshot(path=str(ARTIFACTS / "session-new-game-as-a-card-lands.png"))
    assert notices(page) == ""


# A click on the i-th element of a kind, whatever is on the table at that very moment.
CLICK = "([sel, i]) => { const all = document.querySelectorAll(sel); if (all.length) all[i % all.length].click(); }"


def mash_once(page: Any, rng: random.Random) -> None:
    """One random press or click of a player mashing everything."""
    roll = rng.random()
    if roll < 0.25:
        page.keyboard.press("F1")
    elif roll < 0.45:
        page.keyboard.press(rng.choice(["Enter", "z", "ArrowLeft", "ArrowUp", "x"]))
    elif roll < 0.75:
        page.evaluate(CLICK, ["[data-cell]", rng.randrange(9)])
    elif roll < 0.9:
        page.evaluate(CLICK, ['[data-hand="blue"] [data-card]', rng.randrange(5)])
    elif roll < 0.99:
        page.keyboard.press("Escape")
    elif roll < 0.996:
        page.keyboard.press("F5")
    if page.locator("html.paused").count() and rng.random() < 0.7:
        page.keyboard.press("Escape")


def scores_add_up(page: Any) -> bool:
    blue, red = page.evaluate(  # both at once: a flip may land between two reads
        "() => ['blue', 'red'].map((p) =>"
        " Number(document.querySelector(`[data-score=${p}]`).textContent))"
    )
    return bool(blue + red == 10)


def test_mashing_every_key_for_whole_matches_breaks_nothing(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """F1, Enter, Z, clicks, F5 and Escape in any order: no error, scores always add up.

    Each match is mashed for a few hundred presses, then played out by F1 alone, one
    move at a time, waiting on the page: how far mashing gets depends on the machine's
    speed (F5 deals anew), but a match it leaves stuck fails the play-out.
    """
    page = open_page(new_context, server, rules=["same", "plus", "combo"], reduced=False)
    wait_engine(page)
    rng = random.Random(11)
    for _ in range(2):
        for _ in range(300):
            mash_once(page, rng)
            assert scores_add_up(page)
            if over(page):
                break
        while not over(page):
            while page.locator("html.paused").count():
                page.keyboard.press("Escape")
            if wait_turn(page):
                break
            placed = page.locator("[data-cell][data-owner]").count()
            page.keyboard.press("F1")
            page.wait_for_function(
                "(n) => document.querySelectorAll('[data-cell][data-owner]').length > n"
                " || document.querySelector('[data-result]') || document.querySelector('html.paused')",
                arg=placed,
                timeout=GAME_TIMEOUT_MS,
            )
            assert scores_add_up(page)
        assert scores_add_up(page)
        assert page.locator("[data-cell][data-owner]").count() == 9
        page.keyboard.press("Enter")  # rematch
        page.wait_for_selector("[data-result]", state="detached", timeout=GAME_TIMEOUT_MS)
    assert notices(page) == ""


def test_nothing_of_the_match_starts_beneath_the_title_screen(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """The CPU opens this deal: it neither thinks nor plays until the player leaves the title."""
    context, _ = new_context(title=True, reduced_motion="reduce")
    context.add_init_script(settings_script(rules=["banner"]))
    context.add_init_script(fixed_seed_script(seed_where("red", ["banner"])))
    context.add_init_script(BENEATH_TITLE)
    page = context.new_page()
    page.goto(server.url)
    page.locator(".dialog.title-screen").wait_for()
    wait_engine(page)
    # The table has the engine's deal once its loading line is gone: a CPU let loose
    # beneath the title would be thinking from that very moment.
    page.locator(".engine-loading").wait_for(state="detached")
    assert page.locator(".side-red .turn-mark.thinking").count() == 0
    assert page.locator("html.busy").count() == 0
    page.wait_for_timeout(1500)  # (only more time to go wrong in; nothing waits on it)
    assert page.evaluate("window.__beneathTitle") == []
    assert owned_cells(page) == {}
    page.screenshot(path=str(ARTIFACTS / "session-title-holds.png"))
    page.click('[data-do="title_play"]')
    page.locator('[data-cell][data-owner="red"]').wait_for(state="attached")  # the CPU opens
    wait_ready(page)
    assert page.evaluate("window.__beneathTitle") == []
    assert len(owned_cells(page)) == 1


@pytest.mark.parametrize(("button", "panel"), [("title_collection", ".dialog.coll")])
def test_collection_opened_from_the_title_holds_the_match_until_it_closes(
    button: str, panel: str, new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """No match starts behind the Collection opened from the title: the CPU opens this
    deal once the player closes the dialog, and not before."""
    context, _ = new_context(title=True, reduced_motion="reduce")
    context.add_init_script(settings_script(rules=["banner"]))
    context.add_init_script(fixed_seed_script(seed_where("red", ["banner"])))
    page = context.new_page()
    page.goto(server.url)
    page.locator(f'[data-do="{button}"]').click()
    page.locator(panel).wait_for()
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    page.wait_for_timeout(1500)  # (only more time to go wrong in; nothing waits on it)
    assert page.locator(".side-red .turn-mark.thinking, html.busy").count() == 0
    assert owned_cells(page) == {}
    page.keyboard.press("Escape")
    page.locator('[data-cell][data-owner="red"]').wait_for(state="attached")  # the CPU opens
    wait_ready(page)
    assert len(owned_cells(page)) == 1


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
    boot(page, server.url)
    first = challenge(page, "old-mabry")  # a deck of five dealt: Play is on
    owned = sorted({b.get_attribute("data-deckadd") for b in page.locator("[data-deckadd]").all()})
    dealt = owned[:5] if owned[:5] != first else owned[:5][::-1]
    assert len(dealt) == 5 and dealt != first
    page.evaluate(HOLD_DEAL, dealt)
    page.click('[data-do="deck_deal"]')
    page.wait_for_function("() => window.__releaseDeal !== null")  # asked, not yet answered
    page.click('[data-do="deck_play"]')
    page.screenshot(path=str(ARTIFACTS / "session-deal-then-play.png"))
    page.evaluate("() => window.__releaseDeal()")
    page.locator(".dialog.deck").wait_for(state="detached")
    wait_ready(page)
    hand = [c.get_attribute("data-id") for c in page.locator('[data-hand="blue"] .card').all()]
    assert hand == dealt
