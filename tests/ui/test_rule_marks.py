"""The FFXIV rules' marks on the page (`triad.ui.look.render`), a whole hot-seat match under each.

What tests/browser/test_ffxiv_page.py saw through the real page, turn by turn, for each
rule; the browser keeps Roulette's (its callout played by the page's animations) and the
hand words' layout and clicks.
"""

from __future__ import annotations

import asyncio
import html as markup
import itertools
import re

import pytest

from tests.ui.helpers import make_app, over, settle
from tests.ui.test_app import start, store_with
from triad.ui.page.app import App

CARD = re.compile(r'<[^<>]*\bdata-card="\d+"[^<>]*>')


def hand_cards(html: str) -> list[tuple[set[str], str]]:
    """Each card of a hand: the classes of its element, and the word on it ("" if none)."""
    starts = [m.start() for m in CARD.finditer(html)] + [len(html)]
    cards = []
    for begin, end in itertools.pairwise(starts):
        part = html[begin:end]
        classes = re.search(r'class="([^"]*)"', CARD.match(part).group(0))  # type: ignore[union-attr]
        word = re.search(r'class="c-next"[^>]*>([^<]*)<', part)
        cards.append((set(classes.group(1).split()) if classes else set(), word[1] if word else ""))
    return cards


def text_of(html: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def marks_shown(app: App) -> set[str]:
    """The marks a player sees now: the rule marks' words, a forced card's word, the two
    swapped cards, a card's typed bonus."""
    regions = app.screen.regions  # type: ignore[attr-defined]
    page = " ".join(regions.values())
    marks = {text_of(m) for m in re.findall(r'class="rule-mark"[^>]*>(.*?)</', page, re.S)}
    cards = [card for side in ("blue", "red") for card in hand_cards(regions["r-side-" + side])]
    for classes, word in cards:
        if "forced" in classes and word:
            marks.add("forced:" + word)
    assert not [c for c, _ in cards if {"locked", "pickable"} <= c], "a locked card is offered"
    if sum("swapped" in c for c, _ in cards) == 2:
        marks.add("swapped")
    if "c-typed" in page:
        marks.add("typed")
    return marks


async def play_a_card(app: App) -> None:
    """A card the page offers to the side to move, on the first free space, by clicks."""
    player = app.match.view["to_move"]
    cards = hand_cards(app.screen.regions["r-side-" + player])  # type: ignore[attr-defined]
    index = next(i for i, (classes, _) in enumerate(cards) if "pickable" in classes)
    cell = str(next(i for i in range(9) if app.match.view["board"][i] is None))
    app.click("card", (player, str(index)))
    app.click("cell", cell)
    app.click("cell", cell)
    await settle(app)


EXPECTED = {
    "reverse": "Reverse: lower wins",
    "fallen_ace": "Fallen Ace: 1 beats A",
    "ascension": "typed",
    "descension": "typed",
    "order": "forced:Next",
    "chaos": "forced:Drawn",
    "swap": "swapped",
}


@pytest.mark.parametrize("rule", list(EXPECTED))
def test_a_hot_seat_match_under_each_ffxiv_rule_shows_its_mark(rule: str) -> None:
    async def run() -> None:
        app, _, _ = make_app(store_with(rules=[rule], mode="hotseat"), seed=3)
        await start(app)
        marks = marks_shown(app)  # (Swap shows at the deal)
        for _ in range(60):
            if over(app):
                break
            if app.accepting():
                marks |= marks_shown(app)
                await play_a_card(app)
            await settle(app)
        assert over(app)
        marks |= marks_shown(app)
        assert EXPECTED[rule] in marks, marks

    asyncio.run(run())


def test_a_hot_seat_match_under_roulette_names_the_rule_drawn() -> None:
    async def run() -> None:
        app, _, _ = make_app(store_with(rules=["roulette"], mode="hotseat"), seed=3)
        await start(app)
        marks = marks_shown(app)
        while not over(app):
            if app.accepting():
                await play_a_card(app)
            await settle(app)
            marks |= marks_shown(app)
        assert any(m.startswith("Roulette: ") for m in marks), marks

    asyncio.run(run())
