"""Keyboard and screen reader in the page harness: where the focus lands, which keys a
focused control keeps, and that every dialog the page shows is named by its heading."""

import asyncio
import re

import pytest

from tests.ui.helpers import LocalEngine, make_app, settle
from triad.ui.look.text import set_language
from triad.ui.page.dom import own_key
from triad.ui.table.choosing import CURSOR, HAND


def test_enter_on_a_link_or_a_disclosure_is_theirs_not_the_games() -> None:
    # The title's "Triangle Catch" link and Catch's "New game" disclosure.
    for tag in ("A", "SUMMARY", "BUTTON"):
        assert own_key(tag, "Enter") and own_key(tag, " ")
        assert not own_key(tag, "ArrowUp")
    assert not own_key("DIV", "Enter")  # a card or a space: the game chooses it


def dialogs_named(html: str) -> list[str]:
    """Each dialog in `html`: its name's id, checked to be a heading's id in it."""
    found = []
    for tag in re.findall(r'<[^>]*role="dialog"[^>]*>', html):
        label = re.search(r'aria-labelledby="([^"]+)"', tag)
        assert label, "a dialog without a name: " + tag
        assert re.search(r'<h[1-3][^>]*id="' + label.group(1) + '"', html), label.group(1)
        found.append(label.group(1))
    return found


async def play_after_title(seed: int, by_key: bool):
    app, screen, _ = make_app(seed=seed)
    app.start(title=True)
    app.spawn(app.engine_ready(LocalEngine()))
    await settle(app)
    assert dialogs_named(screen.regions["r-overlay"]) == ["title-name"]
    if by_key:
        app.key("Enter")
    else:
        app.click("do", "title_play")
    return app, screen


@pytest.mark.parametrize("by_key", [False, True])
def test_after_play_the_focus_lands_on_the_hand(by_key: bool) -> None:
    async def run() -> None:
        firsts = set()
        for seed in range(1, 40):  # a deal where the human opens, and one where the CPU does
            app, screen = await play_after_title(seed, by_key)
            first = app.match.view["first"]
            if first in firsts:
                continue
            firsts.add(first)
            # the human chooses: the card under the cursor; the CPU opens: the hand
            assert screen.focused[-1] == (CURSOR if first == "blue" else HAND), first
            if len(firsts) == 2:
                return
        raise AssertionError("no deal of each kind")

    asyncio.run(run())


def test_the_pause_and_result_dialogs_are_named_by_their_heading() -> None:
    async def run() -> None:
        app, screen = await play_after_title(3, False)
        await settle(app)
        app.key("Escape")
        assert dialogs_named(screen.regions["r-overlay"]) == ["pause-title"]
        app.key("Escape")
        while not app.match.view["over"]:
            app.key("F1")
            await settle(app)
        assert dialogs_named(screen.regions["r-overlay"]) == ["result-title"]
        screen.focused.clear()
        app.click("do", "rematch")  # Play again: the new match's hand, not the gone button
        assert screen.focused[-1] in (CURSOR, HAND)

    asyncio.run(run())


@pytest.mark.parametrize("by_key", [False, True])
def test_a_card_waiting_on_a_space_is_said_and_names_the_space(by_key: bool) -> None:
    async def run() -> None:
        for seed in range(1, 40):
            app, screen = await play_after_title(seed, False)
            if app.match.view["first"] == "blue":
                break
        view = app.match.view
        name = view["hands"]["blue"][0]["name"]
        if by_key:
            app.key("Enter")  # the first card
            app.key("Enter")  # the space under the cursor
        else:
            app.click("card", ("blue", "0"))
            app.click("cell", str(app.match.sel.cell_cursor))
        where = app.match.sel.cell
        assert where is not None and app.match.sel.phase == "confirm"
        await settle(app)  # (the engine says what it would capture)
        said = screen.said[-1]
        assert said.startswith(name + " waits on the ") and "again (Enter) to deploy" in said
        cell = re.search(
            r'data-cell="' + str(where) + r'".*?<span class="sr">([^<]*)<',
            screen.regions["r-board"],
        )
        assert cell and name + " waits here and would capture " in cell.group(1)
        assert cell.group(1).endswith(": Enter again to deploy it")

    asyncio.run(run())


WOULD = {
    "en": (r"and would capture (\d+) cards?:", "and would capture nothing:"),
    "fr": (r"et prendrait (\d+) cartes?\u00a0:", "et ne prendrait rien\u00a0:"),
}


def would_capture(lang: str, words: str) -> int:
    """The count a waiting card's words say it would capture (-1: they say none)."""
    some, none = WOULD[lang]
    found = re.search(some, words)
    if found:
        return int(found.group(1))
    return 0 if none in words else -1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_waiting_card_says_what_it_would_capture_as_the_engine_counts(lang: str) -> None:
    """The engine counts a waiting card's captures (its worker, not the main thread): the
    words said and the space's name give the count, and deploying it captures as many."""

    async def run() -> None:
        app, screen = await play_after_title(5, False)
        app.change_language(lang)
        await settle(app)
        asked = 0
        for _ in range(9):  # the player's turns, until one where a card can capture
            await settle(app)
            if not app.accepting():
                continue
            view = app.match.view
            counts = {}
            for card in range(len(view["hands"]["blue"])):
                app.click("card", ("blue", str(card)))
                for cell in app.match.sel.empty:
                    app.click("cell", str(cell))
                    await settle(app)
                    counts[(card, cell)] = would_capture(lang, screen.said[-1])
                    label = re.search(
                        r'data-cell="' + str(cell) + r'".*?<span class="sr">([^<]*)<',
                        screen.regions["r-board"],
                    )  # (the space's name: "waits here and would capture...")
                    assert label and would_capture(lang, label.group(1)) == counts[(card, cell)]
            asked += len(counts)
            assert min(counts.values()) >= 0, counts
            if max(counts.values()) > 0:
                break
            app.click("action", "autoplay")
        card, cell = max(counts, key=lambda move: counts[move])
        assert counts[(card, cell)] > 0
        before = view["scores"]["blue"]
        app.click("card", ("blue", str(card)))
        app.click("cell", str(cell))
        await settle(app)
        app.click("cell", str(cell))  # deployed: its placement, before the CPU's reply
        for _ in range(1000):
            if app.match.view["board"][cell] is not None:
                break
            await asyncio.sleep(0)
        assert app.match.view["board"][cell]["owner"] == "blue"
        assert app.match.view["scores"]["blue"] - before == counts[(card, cell)]
        worked = [name for name, _ in app.engine.calls if name == "preview_move"]
        assert len(worked) == asked + 1

    try:
        asyncio.run(run())
    finally:
        set_language("en")


def test_letter_keys_act_only_while_the_board_or_a_hand_has_the_focus() -> None:
    async def run() -> None:
        app, screen = await play_after_title(3, False)
        await settle(app)
        said = len(screen.said)
        for letter in "rRlLhHzZxX":  # elsewhere they are a screen reader's own
            assert not app.key(letter, on_table=False)
        assert len(screen.said) == said and app.panel is None
        assert app.key("ArrowLeft", on_table=False)  # (the arrows and Enter act anywhere)
        assert app.key("r", on_table=True) and len(screen.said) == said + 1
        assert app.key("h", on_table=True) and app.panel == "legend"

    asyncio.run(run())
