"""WCAG 2.2 A/AA by axe-core on every screen and dialog of both games, EN and FR, on a
desktop and a phone.

axe-core is an npm devDependency, injected from node_modules into the page under test
(it is never part of the bundle). Each language is one page load that walks its screens
and runs axe on each at both sizes (`at_both_sizes`): at the size the page is at, then,
the viewport resized and its layout settled, at the other, where the journey goes on (a
resize costs as much as an axe run: one a screen). English starts on a desktop, French on
a phone, each in that device's context. Nothing the page shows depends on the phone
context's touch or mobile settings: its styles ask only the viewport's size and
orientation, and it speaks of tapping only after a finger's tap (these tests click), so a
resized desktop is a phone to axe, and a resized phone a desktop.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    Server,
    Watch,
    leave_yes,
    play_one_move,
    play_the_match,
    play_to_the_end,
    wait_engine,
    wait_ready,
    wait_settled,
)
from tests.browser.resizing import at_each_size
from tests.browser.test_custom_set import load_file
from tests.browser.test_page_play import settings_script
from tests.ui.card_sets import make_set, text
from triad.ui.look.speech import CELL_KEYS

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
DESKTOP = {"viewport": {"width": 1280, "height": 720}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
# The size each language's journey starts at (axe runs at both).
STARTS_AT = {"en": "desktop", "fr": "phone"}
PLAY = '.title-screen [data-do="title_play"]'
MAP_LIST = {"en": "The map, as a list", "fr": "La carte, en liste"}
CATCH_LOG = {"en": "What happens, turn by turn", "fr": "Ce qui se passe, tour par tour"}
TURN = {"en": "Turn", "fr": "Tour"}
CATCH_WON = {
    "en": "Greedy wins: Red owns 16 of 20",
    "fr": "Glouton gagne\u00a0: Rouge possède 16 triangles sur 20",
}
# Map 73 of CodinGame: the greedy bot wins it by turn 31 against a player who waits (the
# quickest end of maps 0-119).
CATCH_MAPS = "try { localStorage.setItem('triad:catch-maps', '{\"seed\": 73}'); } catch (e) {}"
HOUSE = {"en": "House", "fr": "Maison"}
WORK_MS = 240_000  # making a puzzle or analysing a match takes Pyodide seconds
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def axe_violations(page: Any, screen: str) -> list[str]:
    """Run axe-core over the page as it is; one line per violation and element."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    wait_settled(page)  # a dialog's or a card's entrance has ended
    result = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})).violations.map(v => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary"
        ".split('\\n').slice(1, 2).join(''))}))",
        TAGS,
    )
    return [
        f"{screen}: {v['id']} ({v['impact']}) {node}" for v in result for node in v["nodes"][:4]
    ]


# The two sizes' windows, as `resizing.at_each_size` takes them.
VIEWPORTS = {size: options["viewport"] for size, options in SIZES.items()}


def at_both_sizes(page: Any) -> Iterator[str]:
    """The size the page is at, then the other, the page resized to it (and left there)."""
    return at_each_size(page, VIEWPORTS)


def axe_at_both_sizes(page: Any, screen: str) -> list[str]:
    """axe over the page as it is, on a desktop and on a phone."""
    found = []
    for size in at_both_sizes(page):
        found += axe_violations(page, f"{screen} ({size})")
    return found


def open_game(
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
    lang: str,
    size: str,
    url: str = "",
    **settings: Any,
) -> Any:
    context, _ = new_context(title=True, tip=True, reduced_motion="reduce", **SIZES[size])
    context.add_init_script(settings_script(lang=lang, sound=False, **settings))
    page = context.new_page()
    page.goto(server.url + url)
    return page


def close_dialog(page: Any) -> None:
    page.keyboard.press("Escape")
    page.locator(".overlay-layer .dialog").wait_for(state="detached")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_on_any_screen_of_the_card_game(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    size = STARTS_AT[lang]
    page = open_game(new_context, server, lang, size)
    page.locator(PLAY).wait_for()
    found = axe_at_both_sizes(page, "title")
    page.locator(PLAY).click()
    wait_ready(page)
    wait_engine(page)
    found += axe_at_both_sizes(page, "table")
    page.keyboard.press("Escape")
    page.locator(".dialog.pause").wait_for()
    found += axe_at_both_sizes(page, "pause")
    close_dialog(page)
    page.locator('[data-action="info"]').click()
    page.locator(".dialog.book").wait_for()
    found += axe_at_both_sizes(page, "rulebook")
    close_dialog(page)
    page.locator(".btn-legend").click()
    page.locator(".dialog.legend").wait_for()
    found += axe_at_both_sizes(page, "legend")
    close_dialog(page)
    page.locator('[data-action="rules"]').click()
    page.locator(".dialog.menu").wait_for()
    found += axe_at_both_sizes(page, "rule menu")
    close_dialog(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    page.locator('[data-action="collection"]').click()
    for tab in ("ladder", "album", "history", "save"):
        page.locator(f'[data-tab="{tab}"]').click()
        page.locator(f'[data-tab="{tab}"][aria-selected="true"]').wait_for()
        found += axe_at_both_sizes(page, "collection " + tab)
    page.locator('[data-tab="ladder"]').click()
    page.locator("[data-challenge]").first.click()
    page.locator(".dialog.deck").wait_for()
    found += axe_at_both_sizes(page, "deck")
    close_dialog(page)
    # A hot-seat match, then the daily puzzle.
    page.locator('[data-action="rules"]').click()
    page.locator('[data-mode="hotseat"]').click()
    page.locator('[data-rule="open"]').click()
    page.locator('.dialog.menu [data-do="new"]').click()
    leave_yes(page)  # (a card may be down: the page asks first)
    wait_ready(page)
    found += axe_at_both_sizes(page, "hot-seat")
    while page.locator("[data-result]").count() == 0:  # each side in turn, by clicks
        hotseat_move(page)
    found += axe_at_both_sizes(page, "result")
    # The match again, move by move, then its analysis.
    page.locator('[data-do="replay"]').click()
    page.locator("[data-replay-at]").wait_for(state="attached")
    page.locator('[data-do="replay_next"]').click()
    found += axe_at_both_sizes(page, "replay")
    page.locator('[data-do="replay_exit"]').click()
    page.locator('[data-do="analyse"]').click()
    page.locator('html[data-analysis="done"]').wait_for(state="attached", timeout=WORK_MS)
    found += axe_at_both_sizes(page, "analysis")
    page.locator('[data-do="replay_exit"]').click()
    page.locator('[data-action="rules"]').click()
    page.locator('[data-do="puzzle"]').click()
    page.locator('html[data-puzzle="solving"]').wait_for(state="attached", timeout=WORK_MS)
    found += axe_at_both_sizes(page, "puzzle")
    page.locator('[data-do="replay_exit"]').click()
    # A quick match dealt by Draft: the pool of twelve cards.
    page.locator('[data-action="rules"]').click()
    page.locator('[data-rule="draft"]').click()
    page.locator('.dialog.menu [data-do="new"]').click()
    leave_yes(page)  # (a card may be down: the page asks first)
    page.locator(".dialog.draft").wait_for()
    found += axe_at_both_sizes(page, "draft")
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


# Everything the page's log region (role=log) says, as a screen reader hears it.
HEAR = """(() => { window.__heard = [];
  new MutationObserver((changes) => { for (const c of changes) {
    if (c.target.getAttribute && c.target.getAttribute('role') === 'log') {
      for (const n of c.addedNodes) window.__heard.push(n.textContent); } } })
  .observe(document, {childList: true, subtree: true}); })();"""

WHERE = "top left|top right|bottom left|bottom right|top|bottom|left|right|centre"
# The board's nine spaces, by the names the grid gives them (the page's English words).
ENGLISH = json.loads((ARTIFACTS.parent / "triad/ui/lang/en/text.json").read_text("utf-8"))
SPACES = tuple(ENGLISH[key] for key in CELL_KEYS)
# (the four values each named by its side)
MOVE = re.compile(
    r"^(Blue|Red) plays (.+?) \((top [0-9A], right [0-9A], bottom [0-9A])(, left [0-9A])\), "
    r"on the (" + WHERE + r")\."
)
TAKEN = re.compile(r"([^:,.]+?) on the (" + WHERE + r")\b")
SCORE = re.compile(r"Score: Blue (\d+), Red (\d+)\.")
RESULT = re.compile(r"^(You win|You lose|Draw)\. Final score: Blue (\d+), Red (\d+)\.$")


def heard(page: Any) -> list[str]:
    return list(page.evaluate("window.__heard"))


def hear_turn(page: Any, since: int) -> list[str]:
    """Wait until the log says it is the human's turn or the result; what it said since."""
    page.wait_for_function(
        "(n) => window.__heard.length > n && /(Your turn\\.|Final score: .*)$/"
        ".test(window.__heard[window.__heard.length - 1])",
        arg=since,
        timeout=180_000,
    )
    return heard(page)[since:]


def names(page: Any, role: str, group: str, kind: str = "group") -> list[str]:
    """The accessible names of the `role` elements of a named group, from its aria snapshot."""
    tree = page.get_by_role(kind, name=group).aria_snapshot()
    return re.findall(r"- '?" + role + r' "([^"]*)"', tree)


def board_of(page: Any) -> dict[str, tuple[str, str] | None]:
    """Each space by its name, as the accessibility tree gives it: (owner, card) or None.

    The board is drawn anew after each move: a snapshot taken as the new grid replaces the
    old may find its spaces not yet in the tree, so it is read again once nine are there."""
    spaces = page.get_by_role("grid", name="Board").get_by_role("gridcell")
    for _ in range(20):
        expect(spaces).to_have_count(9)
        cells = names(page, "gridcell", "Board", "grid")
        if len(cells) == 9:
            break
    board: dict[str, tuple[str, str] | None] = {}
    for name in cells:
        if ", empty" in name:
            board[name.split(",")[0]] = None
            continue
        where, _, rest = name.partition(": ")
        owner = "Blue" if ", Blue" in rest else "Red"
        board[where] = (owner, rest.split(", level")[0])
    return board


def counts(page: Any, board: dict[str, tuple[str, str] | None]) -> tuple[int, int]:
    """Blue's and Red's cards: on the board and in hand."""
    blue = len(names(page, "button", "Your hand"))
    red = len(names(page, "img", "CPU's hand"))
    for slot in board.values():
        if slot is not None:
            blue += slot[0] == "Blue"
            red += slot[0] == "Red"
    return blue, red


def follow(model: dict[str, tuple[str, str] | None], said: str) -> str:
    """Apply one announced move to the model of the board; returns who moved."""
    move = MOVE.match(said)
    assert move, said
    player, card, where = move.group(1), move.group(2), move.group(5)
    assert model[where] is None, (said, model)
    model[where] = (player, card)
    rest = said[move.end() :]
    for taken in re.findall(r"[Cc]aptures ([^.]*)\.", rest):
        for found in TAKEN.finditer(taken):
            name, spot = found.group(1).strip(), found.group(2)
            slot = model[spot]
            assert slot is not None and slot[0] != player and slot[1] == name, (said, model)
            model[spot] = (player, name)
    return player


def test_a_whole_match_played_by_what_a_screen_reader_gets(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce", **DESKTOP)
    context.add_init_script(settings_script(lang="en", sound=False, rules=["open", "same", "plus"]))
    context.add_init_script(HEAR)
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_function("window.__heard.length > 0", timeout=180_000)
    wait_engine(page)  # (a move made sooner waits for it, and says so)
    assert heard(page)[0].startswith("New match. Rules: Open, Same, Plus.")
    # The board as the deal leaves it: nine empty spaces (the CPU's first move, when it
    # moves first, is followed from what is said, as every later move).
    model: dict[str, tuple[str, str] | None] = dict.fromkeys(SPACES)
    done = 0
    cpu_moves = 0
    while True:
        said = hear_turn(page, done)
        done += len(said)
        for line in said:
            if line.startswith("New match") or " waits on the " in line:  # (a card to deploy)
                continue
            result = RESULT.match(line)
            if result:
                continue
            cpu_moves += follow(model, line) == "Red"
        board = board_of(page)
        assert board == model, "\n".join(said)
        blue, red = counts(page, board)
        last = said[-1]
        result = RESULT.match(last)
        if result:
            assert (int(result.group(2)), int(result.group(3))) == (blue, red)
            assert blue + red == 10
            break
        score = [SCORE.search(line) for line in said if SCORE.search(line)]
        if score:
            assert (int(score[-1].group(1)), int(score[-1].group(2))) == (blue, red)
        # R reads the whole table; L says it again (letters act where the hand has the focus).
        page.get_by_role("group", name="Your hand").get_by_role("button").first.focus()
        page.keyboard.press("r")
        page.wait_for_function("(n) => window.__heard.length > n", arg=done)
        table = heard(page)[done]
        assert table.startswith("Board: top left") and "Your hand: " in table
        page.keyboard.press("l")
        page.wait_for_function("(n) => window.__heard.length > n + 1", arg=done)
        assert heard(page)[done + 1] == table
        done += 2
        # Choose a card and a space by their names, by keyboard.
        hand = page.get_by_role("group", name="Your hand")
        card = hand.get_by_role("button", disabled=False).first
        card.focus()
        page.keyboard.press("Enter")
        free = [w for w, slot in model.items() if slot is None]
        where = "centre" if "centre" in free else free[0]
        space = page.get_by_role("grid", name="Board").get_by_role(
            "gridcell", name=re.compile("^" + where + ", empty"), disabled=False
        )
        space.focus()
        page.keyboard.press("Enter")
        space.focus()
        page.keyboard.press("Enter")
    assert cpu_moves >= 4
    found = axe_violations(page, "result")
    page.locator('[data-do="replay"]').click()
    page.locator("[data-replay-at]").wait_for(state="attached")
    found += axe_violations(page, "replay")
    # The replay says each move it plays out.
    told = len(heard(page))
    page.get_by_role("button", name="Next move").click()
    page.wait_for_function("(n) => window.__heard.length > n", arg=told)
    assert MOVE.match(heard(page)[told]), heard(page)[told:]
    page.locator('[data-do="replay_exit"]').click()
    page.locator('[data-do="analyse"]').click()
    page.locator('html[data-analysis="done"]').wait_for(state="attached", timeout=WORK_MS)
    found += axe_violations(page, "analysis")
    assert not found, json.dumps(found, indent=1)
    page.screenshot(path=str(ARTIFACTS / "a11y-match-end.jpg"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_on_any_screen_of_triangle_catch(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    size = STARTS_AT[lang]
    locale = "fr-FR" if lang == "fr" else "en-GB"
    context, _ = new_context(reduced_motion="reduce", locale=locale, **SIZES[size])
    context.add_init_script(CATCH_MAPS)
    page = context.new_page()
    page.goto(server.url + "catch.html")
    wait_ready(page)
    found = axe_on_catch(page, "catch play")
    # The map is also a list a screen reader walks: each house, its units and paths.
    listed = page.get_by_role("region", name=MAP_LIST[lang]).get_by_role("listitem")
    houses = [line for line in listed.all_inner_texts() if line.startswith(HOUSE[lang])]
    assert len(houses) > 10 and houses[0].startswith(HOUSE[lang] + " 0")
    # Mid-game: a house chosen (its amount and Cancel show), then turns ended by Enter.
    mine = page.get_by_role("button", name=re.compile("^" + HOUSE[lang] + r" \d+, "))
    mine.first.click()
    found += axe_on_catch(page, "catch play, a house chosen")
    page.keyboard.press("Escape")
    said = page.get_by_role("log", name=CATCH_LOG[lang])
    turn = 0
    while page.locator("html[data-over='1']").count() == 0:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("Enter")
        turn += 1
        said.get_by_text(f"{TURN[lang]} {turn}.").wait_for(timeout=60_000)
        wait_ready(page)
        if turn == 1:
            found += axe_on_catch(page, "catch play mid-game")
    # Greedy owns four triangles in five on this map by turn 31: the log says the end.
    assert CATCH_WON[lang] in said.inner_text()
    found += axe_on_catch(page, "catch game over")
    page.locator('[data-act="help"]').first.click()
    page.locator("#c-overlay [role=dialog]").wait_for()
    found += axe_on_catch(page, "catch help")
    page.keyboard.press("Escape")
    for mode in ("watch", "editor"):
        page.locator(f'[data-act="mode"][data-arg="{mode}"]').click()
        wait_ready(page)
        found += axe_on_catch(page, "catch " + mode, turns=False)  # (no map yet)
        if mode == "watch":
            found += watch_screens(page)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def axe_on_catch(page: Any, screen: str, turns: bool = True) -> list[str]:
    """axe over Triangle Catch at both sizes; where a map that `turns` is shown (a game
    played or watched), it stands upright on the phone and only there."""
    found = []
    for size in at_both_sizes(page):
        if turns:
            expect(page.locator("svg.map")).not_to_have_count(0)
            other = "svg.map:not(.portrait)" if size == "phone" else "svg.map.portrait"
            expect(page.locator(other)).to_have_count(0)
        found += axe_violations(page, f"{screen} ({size})")
    return found


def watch_screens(page: Any) -> list[str]:
    """axe over Watch: two bots' match paused mid-game, then at its end."""
    page.locator('[data-act="watch"]').click()
    page.locator('[data-act="pause"]').click()
    wait_ready(page)
    page.locator('[data-act="step"][data-arg="1"]').first.click()
    wait_ready(page)
    found = axe_on_catch(page, "catch watch mid-game")
    scrub = page.locator("#c-scrub")
    scrub.fill(str(scrub.get_attribute("max")))
    page.locator("html[data-over='1'].ready").wait_for(state="attached", timeout=120_000)
    return found + axe_on_catch(page, "catch watch over")


def test_a_dialog_takes_the_focus_keeps_it_and_gives_it_back(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_game(new_context, server, "en", "desktop")
    page.get_by_role("button", name="Play", exact=True).click()
    wait_ready(page)
    for name in ("Rulebook", "Rule menu"):
        opener = page.get_by_role("button", name=name, exact=True)
        opener.focus()
        page.keyboard.press("Enter")
        box = page.get_by_role("dialog")
        box.wait_for()
        assert box.evaluate("(d) => d.contains(document.activeElement)")
        for key in ["Tab"] * 25 + ["Shift+Tab"] * 5:
            page.keyboard.press(key)
            assert box.evaluate("(d) => d.contains(document.activeElement)"), (name, key)
        page.keyboard.press("Escape")
        box.wait_for(state="detached")
        expect(opener).to_be_focused()
    page.keyboard.press("Escape")  # Pause: its button has the focus
    paused = page.get_by_role("dialog")
    paused.wait_for()
    assert paused.evaluate("(d) => d.contains(document.activeElement)")
    page.keyboard.press("Escape")
    paused.wait_for(state="detached")
    # The arrows move the cursor, and the focus with it: a screen reader names the card.
    page.keyboard.press("ArrowDown")
    hand = page.get_by_role("group", name="Your hand")
    assert hand.evaluate("(h) => h.contains(document.activeElement)")


# Each card that flips or lands, and how long its animation runs, as the page plays it.
MOTION = """(() => { window.__moved = [];
  new MutationObserver((changes) => { for (const c of changes) { const el = c.target;
    if (el.classList && (el.classList.contains('flip') || el.classList.contains('place'))) {
      window.__moved.push(getComputedStyle(el).animationDuration); } } })
  .observe(document, {attributes: true, attributeFilter: ['class'], subtree: true});
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes) {
    if (n.querySelectorAll) for (const el of n.querySelectorAll('.card.flip, .card.place')) {
      window.__moved.push(getComputedStyle(el).animationDuration); } } })
  .observe(document, {childList: true, subtree: true}); })();"""

# Each card's owner, where it stands and how its edge is drawn.
EDGES = """() => [...document.querySelectorAll('.card .c-edge')].map((e) => {
  const card = e.closest('.card'), s = getComputedStyle(e);
  return [card.classList.contains('own-red') ? 'red' : 'blue',
    card.closest('[data-cell]') ? 'board' : 'hand', s.borderTopStyle,
    parseFloat(s.borderTopWidth)]; })"""


def hotseat_move(page: Any) -> None:
    """The side whose turn it is deploys its first card on the first empty space, by
    mouse; wait until it is placed (or the match has ended)."""
    page.locator("html.ready, [data-result]").first.wait_for(state="attached")
    if page.locator("[data-result]").count():
        return
    player = "blue" if page.locator(".side-blue .turn-mark").count() else "red"
    page.locator(f'[data-hand="{player}"] [data-card]:not([aria-disabled="true"])').first.click()
    page.locator(f'[data-hand="{player}"] [data-card][aria-pressed="true"]').wait_for()
    before = page.locator("[data-cell][data-owner]").count()
    target = page.locator("[data-cell]:not([data-owner])").first
    target.click()
    target.click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-result]') || "
        "document.querySelectorAll('[data-cell][data-owner]').length > n",
        arg=before,
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_owner_shows_on_the_card_edge_and_flips_do_not_move(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, size: str
) -> None:
    """Not by colour alone: a blue card has a solid ring inside its frame, a red one a
    dashed ring, face up or down, in hand and on the board; with reduced motion the
    flips and placements do not move."""
    context, _ = new_context(reduced_motion="reduce", **SIZES[size])
    rules = ["open"] if size == "phone" else []  # the CPU's hand face up, or face down
    context.add_init_script(settings_script(lang="en", sound=False, rules=rules))
    context.add_init_script(MOTION)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    while page.locator("[data-cell][data-owner]").count() < 4:
        play_one_move(page)
        page.locator("html.ready").wait_for(state="attached")  # (and the CPU's answer)
    edges = page.evaluate(EDGES)
    assert {(owner, where) for owner, where, _, _ in edges} == {
        ("blue", "board"),
        ("red", "board"),
        ("blue", "hand"),
        ("red", "hand"),
    }, edges
    for owner, where, style, width in edges:
        assert style == ("solid" if owner == "blue" else "dashed"), (owner, where, style)
        assert width >= 2, (owner, where, width)
    page.screenshot(path=str(ARTIFACTS / f"a11y-owner-edge-{size}.jpg"))
    page.get_by_role("group", name="Your hand").get_by_role("button").first.focus()
    page.keyboard.press("h")  # the legend shows both edges and says what they mean
    legend = page.get_by_role("dialog", name="What's on the table")
    assert "a solid edge" in legend.inner_text() and "a dashed edge" in legend.inner_text()
    page.screenshot(path=str(ARTIFACTS / f"a11y-owner-legend-{size}.jpg"))
    close_dialog(page)
    play_to_the_end(page)
    moved = [d for d in page.evaluate("window.__moved") if d]  # a card already replaced: ""
    assert len(moved) >= 9 and all(float(d.rstrip("s")) <= 0.001 for d in moved), moved


SAVES = Path(__file__).resolve().parents[1] / "collection" / "saves"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_in_the_dialogs_of_a_match_for_cards_and_of_a_friend(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, lang: str
) -> None:
    """The trade after a won match for cards, the reset's confirmation, Leave a match
    for cards?, the rule menu with a card set of one's own (and a file refused), and
    the friend dialogs: inviting, the link to send, being invited, live too."""
    size = STARTS_AT[lang]
    context, _ = new_context(reduced_motion="reduce", **SIZES[size])
    context.add_init_script(settings_script(lang=lang, sound=False))
    # A collection whose won match waits for the card to take: the trade shows at once.
    won = json.dumps((SAVES / "v4.json").read_text())
    context.add_init_script(
        f"try {{ localStorage.setItem('triad:collection', {won}); }} catch (e) {{}}"
    )
    page = context.new_page()
    page.goto(server.url)
    page.locator(".dialog.trade").wait_for()
    found = axe_at_both_sizes(page, "trade")
    page.locator('[data-pick="0"]').click()
    found += axe_at_both_sizes(page, "trade, a card picked")
    page.locator('[data-do="trade_take"]').click()
    page.locator(".dialog.trade").wait_for(state="detached")
    page.locator('[data-action="collection"]').click()
    page.locator('[data-tab="save"]').click()
    page.locator('[data-do="reset"]').click()
    page.locator('[data-do="reset_yes"]').wait_for()
    found += axe_at_both_sizes(page, "reset confirm")
    page.locator('[data-do="reset_no"]').click()
    page.locator('[data-tab="ladder"]').click()
    page.locator("[data-challenge]").first.click()
    page.locator('[data-do="deck_deal"]').click()
    page.locator('[data-deck="5"]').wait_for(state="attached")
    play_the_match(page)
    page.keyboard.press("F5")  # a new game would leave the match for cards: asked first
    page.locator(".dialog.leave").wait_for()
    found += axe_at_both_sizes(page, "leave")
    page.locator('[data-do="leave_yes"]').click()
    page.locator(".dialog.leave").wait_for(state="detached")
    wait_ready(page)
    page.locator('[data-action="rules"]').click()
    page.locator('.menu [data-do="friend"]').click()
    page.locator(".dialog.friend").wait_for()
    found += axe_at_both_sizes(page, "friend")
    page.locator('[data-do="friend_invite"]').click()
    page.locator('[data-do="friend_copy"]').wait_for()
    found += axe_at_both_sizes(page, "friend, the link to send")
    invite = page.locator("#friend-link").input_value()
    assert "#friend=" in invite, invite
    other, _ = new_context(reduced_motion="reduce", **SIZES[size])  # the friend's browser
    other.add_init_script(settings_script(lang=lang, sound=False))
    guest = other.new_page()
    guest.goto(invite)
    guest.locator('[data-do="friend_accept"]').wait_for()
    found += axe_at_both_sizes(guest, "friend, invited")
    # Live: the invitation with its QR code, then the guest's answer.
    close_dialog(page)
    page.locator('[data-action="rules"]').click()
    page.locator('.menu [data-do="friend"]').click()
    page.locator('[data-do="friend_more"]').click()
    page.locator('[data-do="friend_live"]').click()
    page.locator('html[data-live="offer"]').wait_for(state="attached")
    page.locator(".friend-qr svg").wait_for()
    found += axe_at_both_sizes(page, "friend, live invitation")
    offer = page.locator("#friend-link").input_value()
    answering = other.new_page()
    answering.goto(offer)
    answering.locator('[data-do="friend_accept"]').click()
    answering.locator('html[data-live="answer"]').wait_for(state="attached")
    found += axe_at_both_sizes(answering, "friend, live answer")
    # A card set of the player's own in the rule menu, then a file it refuses.
    close_dialog(page)
    page.locator('[data-action="rules"]').click()
    load_file(page, "lantern-folk.json", text(make_set()))
    page.locator("[data-custom-note]").wait_for()
    found += axe_at_both_sizes(page, "rule menu, a set loaded")
    broken = make_set(set_id="other", name="Other")
    broken["cards"][4]["right"] = 11
    load_file(page, "broken.json", text(broken))
    page.locator("[data-custom-error]").wait_for()
    found += axe_at_both_sizes(page, "rule menu, a file refused")
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
