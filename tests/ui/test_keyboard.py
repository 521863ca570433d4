"""Keyboard and screen reader in the page harness: where the focus lands, which keys a
focused control keeps, and that every dialog the page shows is named by its heading."""

import asyncio
import re

import pytest

from tests.ui.helpers import LocalEngine, make_app, settle
from triad.ui.controls import CURSOR, HAND
from triad.ui.dom import own_key


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
    app.title = True
    app.start()
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
        said = screen.said[-1]
        assert said.startswith(name + " waits on the ") and "again (Enter) to deploy" in said
        cell = re.search(
            r'data-cell="' + str(where) + r'".*?<span class="sr">([^<]*)<',
            screen.regions["r-board"],
        )
        assert cell and name + " waits here: Enter again to deploy it" in cell.group(1)

    asyncio.run(run())


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
