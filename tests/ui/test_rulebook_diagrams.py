"""The rulebook's capture diagrams show what the engine does.

Each diagram of `triad.ui.menu.rulebook` that places a card (a before and an after
board, the placed card marked) is read back from its HTML: the cards, their
owners, which one is placed, Ascension/Descension badges, a walled edge, the
cards on an Elemental space (their own element, or another). The
position is played through `triad.capture.resolve` under the diagram's rule
(its name: `basic` is no rule), and the engine's board must be the diagram's
after board, owner for owner, and the badges the type counts before and after.
New diagrams are checked as they come; none is listed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from triad.capture import Board, Placed, Player, resolve, type_counts
from triad.cards import Card
from triad.rules import RuleSet
from triad.ui.menu import rulebook

SIDES = {"m-t": 0, "m-r": 1, "m-b": 2, "m-l": 3}
TYPE = "typed"  # the one type a diagram's badged cards share, and their element
OTHER = "other"  # an element no diagram card has


@dataclass
class Mini:
    owner: str
    sides: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    placed: bool = False
    badge: str = ""
    element: str | None = None  # the element of its space: "own" or "other"


@dataclass
class Grid:
    cols: int
    walled: bool
    cells: list[Mini | None] = field(default_factory=list)  # None: empty or hidden


class DiagramReader(HTMLParser):
    """The boards of one diagram, as its HTML draws them."""

    def __init__(self) -> None:
        super().__init__()
        self.grids: list[Grid] = []
        self.card: Mini | None = None
        self.side: int | None = None
        self.in_badge = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        style = dict(attrs).get("style") or ""
        if "dgrid" in classes:
            cols = int(style.split("--cols:")[1].split(";")[0])
            self.grids.append(Grid(cols, "walled" in classes))
        elif "dcell" in classes:
            self.grids[-1].cells.append(None)
        elif "mini" in classes:
            owner = next(c[4:] for c in classes if c.startswith("own-"))
            self.card = Mini(owner)
            if "terr-match" in classes or "terr-other" in classes:
                self.card.element = "own" if "terr-match" in classes else "other"
            self.grids[-1].cells[-1] = self.card
        elif self.card is not None and tag == "b":
            self.side = next(SIDES[c] for c in classes if c in SIDES)
        elif self.card is not None and "m-new" in classes:
            self.card.placed = True
        elif self.card is not None and "m-typed" in classes:
            self.in_badge = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "b":
            self.side = None
        elif tag == "i":
            self.in_badge = False

    def handle_data(self, data: str) -> None:
        if self.card is None:
            return
        if self.side is not None:
            self.card.sides[self.side] = 10 if data == "A" else int(data)
        elif self.in_badge:
            self.card.badge += data


def read(html: str) -> list[Grid]:
    reader = DiagramReader()
    reader.feed(html)
    return reader.grids


def capture_diagrams() -> dict[str, tuple[Grid, Grid]]:
    """Every diagram with a before and an after board and a card placed on the first."""
    found = {}
    for name, html in rulebook._diagrams().items():
        grids = read(html)
        if len(grids) == 2 and any(c is not None and c.placed for c in grids[0].cells):
            found[name] = (grids[0], grids[1])
    return found


def rules_of(name: str) -> RuleSet:
    """The rules the diagram is drawn under: its own rule, or those the rulebook names."""
    names = rulebook.DIAGRAM_RULES.get(name) or ([] if name == "basic" else [name])
    return RuleSet.parse(list(names))


def board_cell(grid: Grid, index: int) -> int:
    """The board cell of a diagram cell: the diagram is the board's top-left corner (a walled
    diagram's top row is the board's top row)."""
    row, col = divmod(index, grid.cols)
    assert grid.cols <= 3 and len(grid.cells) <= 3 * grid.cols
    return row * 3 + col


def card_of(mini: Mini, index: int) -> Card:
    top, right, bottom, left = mini.sides
    typed = mini.badge or mini.element == "own"
    return Card(f"d{index}", f"d{index}", "", 1, top, right, bottom, left, TYPE if typed else None)


def badges(board: Board, step: int) -> dict[int, str]:
    """The badge each typed card of `board` shows under Ascension (+1) or Descension (-1)."""
    count = type_counts(board).get(TYPE, 0)
    return {
        i: f"{step * count:+d}"
        for i, slot in enumerate(board)
        if slot is not None and slot.card.affinity == TYPE
    }


DIAGRAMS = capture_diagrams()


def test_the_rulebook_has_capture_diagrams() -> None:
    assert {"basic", "same", "plus", "combo"} <= set(DIAGRAMS)


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_a_diagram_shows_what_the_engine_does(name: str) -> None:
    before, after = DIAGRAMS[name]
    assert before.cols == after.cols and len(before.cells) == len(after.cells)
    rules = rules_of(name)
    slots: list[Placed | None] = [None] * 9
    elements: list[str | None] = [None] * 9
    placed = None
    for i, mini in enumerate(before.cells):
        if mini is None:
            continue
        cell, card = board_cell(before, i), card_of(mini, i)
        if mini.element is not None:
            elements[cell] = TYPE if mini.element == "own" else OTHER
        if mini.placed:
            placed = (cell, card, Player.parse(mini.owner))
        else:
            slots[cell] = Placed(card, Player.parse(mini.owner))
    assert placed is not None
    board = tuple(slots)
    result, _ = resolve(board, placed[0], placed[1], placed[2], rules, tuple(elements))
    for i, mini in enumerate(after.cells):
        cell = board_cell(after, i)
        if mini is None:
            assert result[cell] is None, f"{name}: the engine has a card on cell {cell}"
            continue
        slot = result[cell]
        assert slot is not None, f"{name}: the engine has no card on cell {cell}"
        assert list(slot.card.sides) == mini.sides, f"{name}: cell {cell} holds another card"
        assert str(slot.owner) == mini.owner, f"{name}: cell {cell} is {slot.owner}'s"
    step = 1 if rules.ascension else -1 if rules.descension else 0
    if step:
        shown_before = {
            board_cell(before, i): m.badge
            for i, m in enumerate(before.cells)
            if m is not None and m.badge
        }
        expected = badges(board, step)
        if placed[1].affinity == TYPE:  # the placed card fights with the board's count
            expected[placed[0]] = f"{step * type_counts(board).get(TYPE, 0):+d}"
        assert shown_before == expected, f"{name}: badges before"
        shown_after = {
            board_cell(after, i): m.badge
            for i, m in enumerate(after.cells)
            if m is not None and m.badge
        }
        assert shown_after == badges(result, step), f"{name}: badges after"
