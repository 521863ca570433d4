"""Flip resolution of one placement: a pure function from a board to a board and events.

Cells are ints 0..8, row by row (0 top-left, 4 centre, 8 bottom-right).
Directions and card sides share one index: 0 top, 1 right, 2 bottom, 3 left;
the side of a neighbour that touches side ``d`` is ``OPPOSITE[d]``.

`resolve` plays exactly RULES.md:

1. The card is placed (event ``place``).
2. Power Wall: if the cell has a restriction the card's power (printed total)
   meets, the whole row or column moves one cell in the restriction's
   direction, conveyor-belt style (event ``shift``); the placed card then
   attacks from its new cell by the basic rule only (with modifiers and
   Battle; no Same, Plus or Combo), as the Power Wall rule says.
3. Same / Same Wall and Plus / Plus Wall on printed values (events ``same``
   and ``plus``; a card captured by both is reported once, under ``same``).
4. Basic captures with affinity modifiers (event ``basic``), and Battle on
   equal comparisons against a defender with a smaller printed total (event
   ``battle``).
5. Combo: breadth first from the cards Same/Plus captured; each wave of
   flips is one ``combo`` event.

Affinity modifiers (only with Elemental or Banner on; +1 on a cell of the
card's own affinity, -1 on any other affinity cell, none on a plain cell; no
clamping) apply to attacker and defender alike, from the cell each card is on now. Cells keep their
affinities and restrictions when a Power Wall shift moves the cards.

FFXIV rules (RULES.md): Reverse turns every basic comparison round (the
lower value captures; with Battle an equal comparison goes to the smaller
printed total); Fallen Ace: between a 1 and an A in a basic comparison the
attacking card always captures (a 1 takes an A, and an A still takes a 1,
with or without Reverse), on the values before any cell modifier. Ascension and
Descension give every card of a type +N/-N on all sides (N: the cards of that
type on the board before the placement, clamped to 1..10); those values are
the ones Same, Plus, the walls, Fallen Ace and Combo see, and the cell's
affinity modifier applies on top for basic comparisons (`type_counts`,
`typed_sides`).

Original (RULES.md, "Original: FF8's own code"): Plus takes one group only,
the sum that first reaches the most pairs in the order up, down, left, right;
a Same that fires takes every opponent neighbour whose touching value is at
most the placed card's; once Same or Plus has captured, the chain starts
from every card the placement captured, and it always runs (no Combo switch).

Only cards of the placer's opponent ever flip, and the card just placed never
does. The hot path trusts its input: `triad.state` and `triad.cli` validate.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from triad.cards import Card
from triad.rules import RuleSet

__all__ = [
    "CELLS",
    "DIRECTIONS",
    "EMPTY_BOARD",
    "FF8_ORDER",
    "NO_AFFINITIES",
    "NO_RESTRICTIONS",
    "OPPOSITE",
    "RESTRICTION_DIRECTIONS",
    "RESTRICTION_OPS",
    "Affinities",
    "Board",
    "Event",
    "EventKind",
    "Placed",
    "Player",
    "Restriction",
    "Restrictions",
    "modifier",
    "neighbours",
    "resolve",
    "shift_line",
    "type_counts",
    "typed_sides",
]

#: The nine cells.
CELLS: tuple[int, ...] = tuple(range(9))
#: Direction names by index; also the card side names.
DIRECTIONS: tuple[str, str, str, str] = ("up", "right", "down", "left")
#: The neighbour's touching side for each side index.
OPPOSITE: tuple[int, int, int, int] = (2, 3, 0, 1)
#: The order FF8's own code walks a card's sides in (up, down, left, right):
#: under `original`, Plus takes the sum that first reaches the most pairs.
FF8_ORDER: tuple[int, int, int, int] = (0, 2, 3, 1)
#: Power Wall comparison operators.
RESTRICTION_OPS: tuple[str, str, str] = ("=", "<", ">")


class Player(IntEnum):
    """A side of the table. ``int(Player.BLUE) == 0``; ``str()`` is the JSON name."""

    BLUE = 0
    RED = 1

    def __str__(self) -> str:
        return "blue" if self is Player.BLUE else "red"

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.RED if self is Player.BLUE else Player.BLUE

    @classmethod
    def parse(cls, name: str) -> Player:
        """``"blue"`` or ``"red"``.

        :raises ValueError: any other name.
        """
        if name == "blue":
            return cls.BLUE
        if name == "red":
            return cls.RED
        raise ValueError(f"unknown player {name!r}; expected 'blue' or 'red'")


class Placed(NamedTuple):
    """A card on the board and its current owner."""

    card: Card
    owner: Player


class EventKind(StrEnum):
    """What happened; the value is the JSON ``kind``."""

    PLACE = "place"
    SHIFT = "shift"
    SAME = "same"
    PLUS = "plus"
    BASIC = "basic"
    BATTLE = "battle"
    COMBO = "combo"


class Event(NamedTuple):
    """One step of a placement, in the order it happened.

    * ``place``: ``cells`` is the cell the card was put on.
    * ``shift``: ``cells`` is the moved line in the order of movement (the
      content of ``cells[i]`` went to ``cells[(i + 1) % 3]``); ``direction``
      is ``up``/``down``/``left``/``right``.
    * ``same``/``plus``/``basic``/``battle``/``combo``: the cells that
      flipped to the placer, ascending. ``wall`` is True for a ``same`` or
      ``plus`` that counted a wall pair.
    """

    kind: EventKind
    cells: tuple[int, ...]
    wall: bool = False
    direction: str | None = None

    def to_json(self) -> dict[str, object]:
        """``{"kind": ..., "cells": [...]}`` (plus ``wall``/``direction`` when set)."""
        data: dict[str, object] = {"kind": self.kind.value, "cells": list(self.cells)}
        if self.wall:
            data["wall"] = True
        if self.direction is not None:
            data["direction"] = self.direction
        return data


_PLACE = EventKind.PLACE
_SHIFT = EventKind.SHIFT
_SAME = EventKind.SAME
_PLUS = EventKind.PLUS
_BASIC = EventKind.BASIC
_BATTLE = EventKind.BATTLE
_COMBO = EventKind.COMBO


def _line(cell: int, direction: str) -> tuple[int, int, int]:
    row, col = divmod(cell, 3)
    if direction == "right":
        return (row * 3, row * 3 + 1, row * 3 + 2)
    if direction == "left":
        return (row * 3 + 2, row * 3 + 1, row * 3)
    if direction == "down":
        return (col, col + 3, col + 6)
    return (col + 6, col + 3, col)


def _restriction_directions(cell: int) -> tuple[str, ...]:
    # A direction must point from the cell's edge to the opposite edge.
    row, col = divmod(cell, 3)
    result: list[str] = []
    if row == 0:
        result.append("down")
    if row == 2:
        result.append("up")
    if col == 0:
        result.append("right")
    if col == 2:
        result.append("left")
    return tuple(result)


#: Allowed Power Wall directions per cell (none for the centre).
RESTRICTION_DIRECTIONS: tuple[tuple[str, ...], ...] = tuple(
    _restriction_directions(c) for c in CELLS
)


@dataclass(frozen=True, slots=True)
class Restriction:
    """A Power Wall restriction: a card whose power meets ``op value`` shifts the line.

    Construct through `Restriction.make` to validate.
    """

    cell: int
    op: str
    value: int
    direction: str

    @classmethod
    def make(cls, cell: int, op: str, value: int, direction: str) -> Restriction:
        """A validated restriction.

        :raises ValueError: centre cell, unknown op, value outside 1..40, or a
            direction that does not point from the cell's edge to the opposite one.
        """
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell <= 8:
            raise ValueError(f"restriction cell must be 0..8, got {cell!r}")
        if cell == 4:
            raise ValueError("the centre cell 4 cannot carry a restriction")
        if op not in RESTRICTION_OPS:
            raise ValueError(f"restriction op must be one of {list(RESTRICTION_OPS)}, got {op!r}")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 40:
            raise ValueError(f"restriction value must be 1..40, got {value!r}")
        allowed = RESTRICTION_DIRECTIONS[cell]
        if direction not in allowed:
            raise ValueError(
                f"restriction direction for cell {cell} must be one of {list(allowed)}, "
                f"got {direction!r}"
            )
        return cls(cell, op, value, direction)

    def met(self, power: int) -> bool:
        """Whether a card of this power (printed total) triggers the shift."""
        if self.op == "=":
            return power == self.value
        if self.op == "<":
            return power < self.value
        return power > self.value

    @property
    def line(self) -> tuple[int, int, int]:
        """The cells that move, in the order of movement."""
        return _line(self.cell, self.direction)

    @property
    def text(self) -> str:
        """Short label, e.g. ``"<20 down"``."""
        return f"{self.op}{self.value} {self.direction}"

    def to_json(self) -> dict[str, object]:
        """The scenario form ``{"cell", "op", "value", "direction"}``."""
        return {"cell": self.cell, "op": self.op, "value": self.value, "direction": self.direction}


Board = tuple[Placed | None, ...]
Affinities = tuple[str | None, ...]
Restrictions = tuple[Restriction | None, ...]

EMPTY_BOARD: Board = (None,) * 9
NO_AFFINITIES: Affinities = (None,) * 9
NO_RESTRICTIONS: Restrictions = (None,) * 9


def _neighbour_table(wrap: bool) -> tuple[tuple[int, int, int, int], ...]:
    table: list[tuple[int, int, int, int]] = []
    for cell in CELLS:
        row, col = divmod(cell, 3)
        if wrap:
            table.append(
                (
                    ((row - 1) % 3) * 3 + col,
                    row * 3 + (col + 1) % 3,
                    ((row + 1) % 3) * 3 + col,
                    row * 3 + (col - 1) % 3,
                )
            )
        else:
            table.append(
                (
                    cell - 3 if row > 0 else -1,
                    cell + 1 if col < 2 else -1,
                    cell + 3 if row < 2 else -1,
                    cell - 1 if col > 0 else -1,
                )
            )
    return tuple(table)


# _NEIGHBOURS[wrap][cell][side] is the neighbouring cell, or -1 for a wall.
_NEIGHBOURS: tuple[tuple[tuple[int, int, int, int], ...], ...] = (
    _neighbour_table(False),
    _neighbour_table(True),
)


def neighbours(cell: int, broken_wall: bool = False) -> tuple[int, int, int, int]:
    """Neighbouring cell by side (top, right, bottom, left); -1 is a wall."""
    return _NEIGHBOURS[broken_wall][cell]


def shift_line(board: Board, line: tuple[int, int, int]) -> Board:
    """The board with the cards of ``line`` moved one step along it (wrapping)."""
    new = list(board)
    for i in range(3):
        new[line[(i + 1) % 3]] = board[line[i]]
    return tuple(new)


def modifier(card: Card, cell_affinity: str | None) -> int:
    """Affinity modifier of a card on a cell: +1 match, -1 mismatch or none, 0 plain cell."""
    if cell_affinity is None:
        return 0
    return 1 if card.affinity == cell_affinity else -1


def type_counts(board: Board) -> dict[str, int]:
    """Cards on the board by type (affinity); cards without one are not counted."""
    counts: dict[str, int] = {}
    for slot in board:
        if slot is not None and slot.card.affinity is not None:
            kind = slot.card.affinity
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def typed_sides(card: Card, delta: int) -> tuple[int, int, int, int]:
    """``card``'s sides changed by ``delta`` (Ascension/Descension), clamped to 1..10."""
    if not delta:
        return card.sides
    t, r, b, left = (min(10, max(1, v + delta)) for v in card.sides)
    return (t, r, b, left)


def resolve(
    board: Board,
    cell: int,
    card: Card,
    player: Player,
    rules: RuleSet,
    cells: Affinities = NO_AFFINITIES,
    restrictions: Restrictions = NO_RESTRICTIONS,
) -> tuple[Board, tuple[Event, ...]]:
    """Place ``card`` for ``player`` on empty ``cell`` and resolve every flip.

    Returns the board after the placement (after any Power Wall shift) and
    the ordered events. ``cells`` count only with Elemental or Banner on and
    ``restrictions`` only with Power Wall on. Trusts its input: ``cell`` must
    be empty.
    """
    if not rules.affinity:
        cells = NO_AFFINITIES
    # Ascension/Descension: N per type from the board before the placement.
    step = 1 if rules.ascension else -1 if rules.descension else 0
    counts = type_counts(board) if step else {}
    new: list[Placed | None] = list(board)
    new[cell] = Placed(card, player)
    events: list[Event] = [Event(_PLACE, (cell,))]
    full = True
    if rules.power_wall:
        restriction = restrictions[cell]
        if restriction is not None and restriction.met(card.power):
            line = restriction.line
            new = list(shift_line(tuple(new), line))
            cell = line[(line.index(cell) + 1) % 3]
            events.append(Event(_SHIFT, line, direction=restriction.direction))
            full = False
    wrap = rules.broken_wall
    table = _NEIGHBOURS[wrap]
    nbrs = table[cell]
    opponent = player.other
    values = _Values(counts, step)
    sides = values(card)
    compare = _Compare(cells, values, rules)

    # Same / Same Wall and Plus / Plus Wall, on printed (or Ascension/Descension) values.
    original = rules.original
    chain: list[int] = []
    if full and (rules.same or rules.plus):
        same_cells: list[int] = []
        at_most: list[int] = []  # (original: neighbours a Same that fires takes)
        same_walls = 0
        sums: dict[int, list[int]] = {}
        winner = -1  # (original: the sum Plus takes, the first to reach the most pairs)
        same_on = rules.same
        plus_on = rules.plus
        same_wall = rules.same_wall and not wrap
        plus_wall = rules.plus_wall and not wrap
        for d in FF8_ORDER if original else range(4):
            n = nbrs[d]
            side = sides[d]
            if n < 0:
                if same_wall and side == 10:
                    same_walls += 1
                if not plus_wall:
                    continue
                total = side + 10
            else:
                other = new[n]
                if other is None:
                    continue
                touching = values(other.card)[OPPOSITE[d]]
                if same_on and side == touching:
                    same_cells.append(n)
                if side >= touching:
                    at_most.append(n)
                total = side + touching
            if plus_on:
                group = sums.setdefault(total, [])
                group.append(n)
                if winner < 0 or len(group) > len(sums[winner]):
                    winner = total
        if same_on and len(same_cells) + same_walls >= 2:
            taken = at_most if original else same_cells
            flipped = sorted(n for n in taken if _owner(new, n) == opponent)
            if flipped:
                for n in flipped:
                    new[n] = Placed(_card(new, n), player)
                chain.extend(flipped)
                events.append(Event(_SAME, tuple(flipped), wall=same_walls > 0))
        if plus_on:
            plus_flipped: list[int] = []
            plus_wall_used = False
            for group in [sums[winner]] if original and winner >= 0 else sums.values():
                if len(group) < 2:
                    continue
                hit = [n for n in group if n >= 0 and _owner(new, n) == opponent]
                if hit and -1 in group:
                    plus_wall_used = True
                plus_flipped.extend(hit)
            if plus_flipped:
                plus_flipped.sort()
                for n in plus_flipped:
                    new[n] = Placed(_card(new, n), player)
                chain.extend(plus_flipped)
                events.append(Event(_PLUS, tuple(plus_flipped), wall=plus_wall_used))

    # Basic captures and Battle, with modifiers.
    basic, battle = _attack(new, cell, card, opponent, nbrs, compare)
    for n in basic:
        new[n] = Placed(_card(new, n), player)
    if basic:
        events.append(Event(_BASIC, tuple(basic)))
    for n in battle:
        new[n] = Placed(_card(new, n), player)
    if battle:
        events.append(Event(_BATTLE, tuple(battle)))

    # Combo: breadth first from the Same/Plus captures (original: from every
    # capture of the placement, once Same or Plus has captured; always on).
    if (rules.combo or original) and chain:
        wave = sorted(chain + basic + battle) if original else sorted(chain)
        while wave:
            next_wave: list[int] = []
            for source in wave:
                attacker = _card(new, source)
                won, tied = _attack(new, source, attacker, opponent, table[source], compare)
                for n in won + tied:
                    new[n] = Placed(_card(new, n), player)
                    next_wave.append(n)
            if next_wave:
                next_wave.sort()
                events.append(Event(_COMBO, tuple(next_wave)))
            wave = next_wave
    return tuple(new), tuple(events)


# -- private helpers ---------------------------------------------------------


def _owner(board: list[Placed | None], cell: int) -> Player | None:
    slot = board[cell]
    return None if slot is None else slot.owner


def _card(board: list[Placed | None], cell: int) -> Card:
    slot = board[cell]
    assert slot is not None
    return slot.card


class _Values:
    """A card's values for this placement: printed, or with Ascension/Descension."""

    __slots__ = ("counts", "step")

    def __init__(self, counts: dict[str, int], step: int) -> None:
        self.counts = counts
        self.step = step

    def __call__(self, card: Card) -> tuple[int, int, int, int]:
        if not self.step or card.affinity is None:
            return card.sides
        return typed_sides(card, self.step * self.counts.get(card.affinity, 0))


class _Compare:
    """One placement's basic comparison: modifiers, Reverse, Fallen Ace, Battle."""

    __slots__ = ("battle", "cells", "fallen_ace", "reverse", "values")

    def __init__(self, cells: Affinities, values: _Values, rules: RuleSet) -> None:
        self.cells = cells
        self.values = values
        self.battle = rules.battle
        self.reverse = rules.reverse
        self.fallen_ace = rules.fallen_ace

    def __call__(self, card: Card, cell: int, side: int, defender: Card, where: int) -> int:
        """2 when ``card`` on ``cell`` captures ``defender`` on ``where`` across
        ``side``, 1 when it captures by Battle, 0 when it does not."""
        mine = self.values(card)[side]
        theirs = self.values(defender)[OPPOSITE[side]]
        if self.fallen_ace and mine + theirs == 11 and (mine == 1 or theirs == 1):
            return 2  # (between a 1 and an A the attacker always captures)
        mine += modifier(card, self.cells[cell])
        theirs += modifier(defender, self.cells[where])
        if mine != theirs:
            return 2 if (mine < theirs) == self.reverse else 0
        if not self.battle:
            return 0
        if self.reverse:
            return 1 if card.power < defender.power else 0
        return 1 if card.power > defender.power else 0


def _attack(
    board: list[Placed | None],
    cell: int,
    card: Card,
    opponent: Player,
    nbrs: tuple[int, int, int, int],
    compare: _Compare,
) -> tuple[list[int], list[int]]:
    """Cells the card on ``cell`` captures by the basic rule, and by Battle."""
    won: list[int] = []
    tied: list[int] = []
    for d in range(4):
        n = nbrs[d]
        if n < 0:
            continue
        other = board[n]
        if other is None or other.owner != opponent:
            continue
        result = compare(card, cell, d, other.card, n)
        if result == 2:
            won.append(n)
        elif result == 1:
            tied.append(n)
    won.sort()
    tied.sort()
    return won, tied
