"""Packed-int twin of a position and exact flip resolution for the search.

A position is four ints: ``key`` holds the card code (card index + 1, 0 for
empty) of each cell in ``width`` bits, ``mine``/``theirs`` are the 9-bit owner
masks of the side to move and the other side, and the hands are bit masks
over card indices. The flip result of a placement depends only on the cards of
the placed cell and its neighbours, so it is cached by ``key & area_mask``;
ownership is applied afterwards (``candidates & theirs``), and only a Combo
chain (which depends on the owners of cards farther away) is resolved per call.

FFXIV rules: Reverse and Fallen Ace change the comparison (`Packed.compare`).
Under Ascension/Descension a card's values depend on how many cards of its
type are on the board, so the key also holds a count per type that two or
more cards in play share (``tally``, above the owner and hand bits of a table
key; a type held by one card only needs none), which a placement adds to: keys
grow by ``key + add[cell][card]``, never ``|``. Every flip cache is keyed by
those counts too (far fewer keys than by which cards are down); the cache
value of a Combo-starting placement carries the placed card's code (bits 18
and up) for the chain.
Under `original` (FF8's own code) Same and Plus take what that code takes and
always chain, from every cell the placement took (`Packed.original`).
Under Order a hand only ever offers its first card (the lowest index: a
hand's cards are numbered in the order dealt).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

Cell = int

# side order is top, right, bottom, left; OPPOSITE[d] is the touching side.
OPPOSITE = (2, 3, 0, 1)
# the order FF8's own code walks the sides in: up, down, left, right
FF8_ORDER = (0, 2, 3, 1)
POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(512))
CELLS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(9) if m >> c & 1) for m in range(512)
)


def neighbours(cell: Cell, wrap: bool) -> tuple[int, int, int, int]:
    """Neighbour of ``cell`` on each side (top, right, bottom, left), -1 at a wall."""
    row, col = divmod(cell, 3)
    if wrap:
        return (
            ((row + 2) % 3) * 3 + col,
            row * 3 + (col + 1) % 3,
            ((row + 1) % 3) * 3 + col,
            row * 3 + (col + 2) % 3,
        )
    return (
        cell - 3 if row > 0 else -1,
        cell + 1 if col < 2 else -1,
        cell + 3 if row < 2 else -1,
        cell - 1 if col > 0 else -1,
    )


def _scale(sides: tuple[int, int, int, int], delta: int) -> tuple[int, int, int, int]:
    """``sides`` raised by ``delta`` (lowered if negative), each kept within 1..10."""
    t, r, b, left = (min(10, max(1, v + delta)) for v in sides)
    return (t, r, b, left)


@functools.lru_cache(maxsize=1024)  # (the flip caches of one table ask for the same ones)
def _taken(bit: int, codes: int, slot: int) -> tuple[int, ...]:
    """``bit`` by the code of each card it marks in ``codes`` (a mask over codes), else 0."""
    pair = (0, bit)  # (by whether the code is marked)
    return tuple([pair[codes >> code & 1] for code in range(slot + 1)])


@functools.cache
def _hand_sizes(n: int) -> tuple[int, ...]:
    """How many cards each hand mask of ``n`` cards holds (the same for every table)."""
    return tuple(m.bit_count() for m in range(1 << n))


@functools.cache
def _moved_masks(line: tuple[Cell, ...]) -> tuple[int, ...]:
    """By a mask of cells: the mask once the content of ``line[k]`` moves to ``line[k + 1]``,
    the last wrapping to the first (a Power Wall shift; the same for every table)."""
    to_of = {c: line[(k + 1) % 3] for k, c in enumerate(line)}
    return tuple(sum(1 << (to_of.get(c, c)) for c in CELLS_OF[m]) for m in range(512))


class CardSpec(NamedTuple):
    """What the solver needs of a card: printed sides and affinity."""

    sides: tuple[int, int, int, int]
    affinity: str | None = None


class RuleFlags(NamedTuple):
    """Capture rules in force for one placement."""

    modifiers: bool = False
    same: bool = False
    same_wall: bool = False
    plus: bool = False
    plus_wall: bool = False
    combo: bool = False
    battle: bool = False
    broken_wall: bool = False
    reverse: bool = False
    fallen_ace: bool = False
    #: +1 under Ascension, -1 under Descension, 0 otherwise.
    typed: int = 0
    order: bool = False
    #: Same, Plus and the chain as FF8's own code resolves them (`Packed.original`)
    original: bool = False


class Restriction(NamedTuple):
    """A Power Wall restriction on a cell: ``op`` is '=', '<' or '>'."""

    cell: int
    op: str
    value: int
    direction: str


DIRECTIONS = ("up", "right", "down", "left")


class FlipCache(dict[int, int]):
    """``candidates`` of one cell by the area key (the cell's and its neighbours' codes).

    Subscripting fills a missing entry, so the search never calls a method on a hit.
    """

    def __init__(self, packed: Packed, cell: Cell) -> None:
        super().__init__()
        self.packed = packed
        self.cell = cell

    def __missing__(self, area: int) -> int:
        x = self.compute(area)
        self[area] = x
        return x

    def compute(self, area: int) -> int:
        """The entry of ``area``, worked out."""
        pk = self.packed
        return pk.candidates(pk.code_at(area, self.cell) - 1, self.cell, area)


class ShiftPlan(NamedTuple):
    """A Power Wall shift from one cell, precomputed.

    The key keeps ``keep`` and moves the line's three slots (``mN`` masks,
    shifted left by ``lN`` then right by ``rN``); owner masks map through
    ``perm``; the placed card attacks from its new cell by ``basic`` (its
    basic-rule cache, keyed by ``area``).
    """

    keep: int
    m0: int
    l0: int
    r0: int
    m1: int
    l1: int
    r1: int
    m2: int
    l2: int
    r2: int
    perm: tuple[int, ...]
    basic: dict[int, int]
    area: int


class BasicCache(FlipCache):
    """Cells that the card on ``cell`` takes by the basic rule alone, by area key.

    A Power Wall placement attacks from its new cell by the basic rule only.
    A miss is worked out in `__missing__` itself (`Packed.basic`, inline): the
    basic rule misses some 25,000 times in an empty-board solve.
    """

    def __init__(self, packed: Packed, cell: Cell) -> None:
        super().__init__(packed, cell)
        self.shift = packed.width * cell
        self.slot = packed.slot
        # rows[code]: (key shift, cell bit if taken by code) of each neighbour of the
        # card with that code on this cell (none if empty)
        self.rows = (
            (),
            *(
                tuple((shift, _taken(bit, m, packed.slot)) for shift, bit, m, _, _ in near)
                for near in packed.near[cell::9]
            ),
        )

    def __missing__(self, area: int) -> int:
        slot = self.slot
        x = 0
        for shift, taken in self.rows[area >> self.shift & slot]:
            x |= taken[area >> shift & slot]
        self[area] = x
        return x

    def compute(self, area: int) -> int:
        """The entry of ``area``, worked out."""
        return self.__missing__(area)


class SidesCache(FlipCache):
    """`FlipCache` under Same or Plus without Ascension/Descension, worked out inline.

    `Packed.candidates` from the printed sides, in `__missing__` itself: an
    empty-board solve under Same+Plus+Combo misses some 30,000 times, and
    the method calls and the lists of sums cost a fifth of its time. Plus
    marks the sums seen as bits (a sum is at most 20), the walls' first.
    """

    def __init__(self, packed: Packed, cell: Cell) -> None:
        super().__init__(packed, cell)
        self.shift = packed.width * cell
        self.slot = packed.slot
        self.sides_of = packed.sides_of
        f = packed.flags
        self.same = f.same
        self.plus = f.plus
        self.combo = f.combo
        # rows[code]: (neighbours as in `Packed.near`, but with the cell's bit by
        # the code that it takes, the walls' Same count, the walls' Plus sums as
        # one bit each) of the card with that code on this cell
        self.rows = (
            ((), 0, 0),
            *(
                (
                    tuple(
                        (shift, bit, _taken(bit, m, packed.slot), side, d)
                        for shift, bit, m, side, d in packed.near[i]
                    ),
                    packed.wall_same[i],
                    sum(1 << total for total in {t for t, _ in packed.wall_sums[i]}),
                )
                for i in range(cell, 9 * len(packed.cards), 9)
            ),
        )

    def __missing__(self, area: int) -> int:
        slot = self.slot
        code = area >> self.shift & slot
        near, same_count, seen = self.rows[code]
        sides_of = self.sides_of
        same = self.same
        plus = self.plus
        beat = 0
        same_cells = 0
        twice = 0  # (two walls alike take nothing: only a side's sum counts)
        sums: list[tuple[int, int]] = []
        for shift, bit, taken, side, d in near:
            other = area >> shift & slot
            if not other:
                continue
            beat |= taken[other]
            value = sides_of[other][d]
            if same and side == value:
                same_count += 1
                same_cells |= bit
            if plus:
                s = 1 << (side + value)
                if seen & s:
                    twice |= s
                seen |= s
                sums.append((s, bit))
        special = same_cells if same_count >= 2 else 0
        if twice:  # Plus: a neighbour whose sum another side shares
            for s, bit in sums:
                if twice & s:
                    special |= bit
        x = beat | special
        if self.combo and special:  # (the chain starts from ``special``, with this card)
            x |= special << 9 | code << 18
        self[area] = x
        return x

    def compute(self, area: int) -> int:
        """The entry of ``area``, worked out."""
        return self.__missing__(area)


class TypedCache(FlipCache):
    """`BasicCache` under Ascension/Descension: the values come from the counts in the key.

    Misses are many here (the key holds every type's count), so the entry is
    worked out from per-cell and per-card tables rather than `Packed._typed_beat`:
    in `__missing__` itself when the values decide alone (`compute` otherwise).
    """

    def __init__(self, packed: Packed, cell: Cell) -> None:
        super().__init__(packed, cell)
        w = packed.width
        self.shift = w * cell
        #: (key shift, bit, side, touching side, cell) of each neighbour
        self.sides = tuple(
            (w * q, 1 << q, d, OPPOSITE[d], q) for d, q in enumerate(packed.neigh[cell]) if q >= 0
        )
        f = packed.flags
        #: the values decide alone (no Fallen Ace, cell modifiers or Battle)
        self.plain = not (f.fallen_ace or f.modifiers or f.battle)
        self.slot = packed.slot
        #: (key shift, bit, side, touching side) of each neighbour
        self.near = tuple((at, bit, d, facing) for at, bit, d, facing, _ in self.sides)
        # rows[code] for the card with that code: its count's (key shift, mask),
        # what the count is when it is not in the key (`Packed.counts`), its values
        # by count (negated under Reverse: the higher always takes), and by code
        # whether that card shares its type (a count in the key includes the
        # placed card, so a card of the placed card's type shows one less)
        sign = -1 if f.reverse else 1
        kinds = [k for _, _, _, k in packed.counts]
        self.rows: tuple[Any, ...] = (
            None,
            *(
                (
                    shift,
                    mask,
                    alone,
                    tuple(tuple(sign * v for v in values) for values in packed.scaled[i]),
                    (0, *(int(kind >= 0 and kinds[j] == kind) for j in range(len(kinds)))),
                )
                for i, (shift, mask, alone, kind) in enumerate(packed.counts)
            ),
        )

    def __missing__(self, area: int) -> int:
        slot = self.slot
        code = area >> self.shift & slot
        if not code or not self.plain:
            x = self.compute(area)
            self[area] = x
            return x
        rows = self.rows
        shift, mask, alone, values, same = rows[code]
        mine = values[(area >> shift & mask) + alone - same[code]]
        beat = 0
        for at, bit, d, facing in self.near:
            other = area >> at & slot
            if other:
                shift, mask, alone, values, _ = rows[other]
                if mine[d] > values[(area >> shift & mask) + alone - same[other]][facing]:
                    beat |= bit
        self[area] = beat
        return beat

    def compute(self, area: int) -> int:
        """The entry of ``area``, worked out."""
        pk = self.packed
        slot = pk.slot
        code = area >> self.shift & slot
        if not code:
            return 0
        counts = pk.counts
        scaled = pk.scaled
        card = code - 1
        shift, mask, alone, kind = counts[card]
        # (a count in the key includes the placed card: its type shows one less)
        mine = scaled[card][(area >> shift & mask if mask else alone) - (kind >= 0)]
        plain = self.plain
        reverse = pk.flags.reverse
        beat = 0
        for at, bit, d, facing, q in self.sides:
            other = area >> at & slot
            if not other:
                continue
            other -= 1
            shift, mask, alone, their_kind = counts[other]
            n = area >> shift & mask if mask else alone
            if their_kind == kind and kind >= 0:
                n -= 1
            a = mine[d]
            b = scaled[other][n][facing]
            if plain:
                took = a < b if reverse else a > b
            else:
                took = pk.compare(card, self.cell, a, other, q, b)
            if took:
                beat |= bit
        return beat


class TakerCache(dict[int, int]):
    """The cards that could take the card on ``cell`` by the basic rule, by area key.

    A mask over card indices: those that take it from one of the cell's empty
    neighbours (its area key shows which are empty). Without Same, Plus, Power
    Wall or Ascension/Descension a card changes owner only when such a card
    lands there, so a card none of the other side's hand could take stays with
    its owner to the end.
    """

    def __init__(self, packed: Packed, cell: Cell) -> None:
        super().__init__()
        w = packed.width
        self.shift = w * cell
        self.slot = packed.slot
        # (key shift, mask over cards by the code they take) of each neighbour
        rows = []
        for q in packed.neigh[cell]:
            if q < 0:
                continue
            takers = [0] * (packed.slot + 1)
            for a in range(len(packed.cards)):
                for target, _, codes in packed.beats[a * 9 + q]:
                    if target == cell:
                        for code in range(1, packed.slot + 1):
                            if codes >> code & 1:
                                takers[code] |= 1 << a
            rows.append((w * q, tuple(takers)))
        self.rows = tuple(rows)

    def __missing__(self, area: int) -> int:
        slot = self.slot
        code = area >> self.shift & slot
        x = 0
        for shift, takers in self.rows:
            if not area >> shift & slot:
                x |= takers[code]
        self[area] = x
        return x


class HandTable(dict[int, Any]):
    """A table by hand mask that computes a missing entry with ``make``."""

    def __init__(self, make: Callable[[int], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, hand: int) -> Any:
        got = self.make(hand)
        self[hand] = got
        return got


class Packed:
    """Static tables for one game: the cards (indexed 0..n-1), cells and rules.

    :raises ValueError: when more than 31 cards take part.
    """

    def __init__(
        self,
        cards: Sequence[CardSpec],
        cell_affinities: Sequence[str | None],
        flags: RuleFlags,
        restrictions: Sequence[Restriction] = (),
    ) -> None:
        n = len(cards)
        if n > 31:
            raise ValueError(f"at most 31 distinct cards can be searched, got {n}")
        self.cards = tuple(cards)
        self.flags = flags
        self.cell_affinities = tuple(cell_affinities)
        self.width = 4 if n <= 15 else 5
        self.slot = (1 << self.width) - 1
        self.owner_shift = 9 * self.width
        w = self.width
        self.neigh = tuple(neighbours(c, flags.broken_wall) for c in range(9))
        self.totals = tuple(sum(c.sides) for c in cards)
        mod = [[0] * 9 for _ in range(n)]
        if flags.modifiers:
            for i, card in enumerate(cards):
                for cell, aff in enumerate(cell_affinities):
                    if aff is not None:
                        mod[i][cell] = 1 if card.affinity == aff else -1
        self.mod = mod
        # Ascension/Descension: a count field in the key per type that several
        # cards share; tally[i] is one in card i's field, kin[i] its (shift, mask).
        self.typed = flags.typed
        tally = [0] * n
        kin: list[tuple[int, int] | None] = [None] * n
        all_tallies = 0
        if flags.typed:
            shift = self.owner_shift + 9 + n
            types = [c.affinity for c in cards]
            for aff in dict.fromkeys(a for a in types if a is not None and types.count(a) > 1):
                size = types.count(aff).bit_length()
                mask = (1 << size) - 1
                for i in range(n):
                    if types[i] == aff:
                        tally[i] = 1 << shift
                        kin[i] = (shift, mask)
                all_tallies |= mask << shift
                shift += size
        self.tally = tuple(tally)
        self.kin = tuple(kin)
        # counts[i]: (shift, mask) of card i's count in the key, or the count of a
        # card alone of its type (1) or of none (0) as (0, 0, count); then its
        # type's index (-1 for none)
        kinds = list(dict.fromkeys(c.affinity for c in cards if c.affinity is not None))
        self.counts = tuple(
            (0, 0, 0, -1)
            if c.affinity is None
            else (*(kin[i] or (0, 0)), int(kin[i] is None), kinds.index(c.affinity))
            for i, c in enumerate(cards)
        )
        # scaled[i][n]: card i's values with n cards of its type down (kept within 1..10)
        self.scaled = tuple(
            tuple(_scale(c.sides, flags.typed * k) for k in range(n + 1))
            if flags.typed
            else (_scale(c.sides, 0),) * (n + 1)
            for c in cards
        )
        # beats[i * 9 + c]: (q, bit, mask over codes that card i on c flips at q)
        # (a mask depends on the cells only through their modifiers: it is worked out once
        # for each side of the card, its own cell's modifier and the other cell's affinity)
        beats: list[tuple[tuple[int, int, int], ...]] = []
        masks: dict[tuple[int, int, int, str | None], int] = {}
        for i in range(n):
            for c in range(9):
                row: list[tuple[int, int, int]] = []
                for d, q in enumerate(self.neigh[c]):
                    if q < 0:
                        continue
                    at = (i, d, mod[i][c], cell_affinities[q] if flags.modifiers else None)
                    m = masks.get(at, -1)
                    if m < 0:
                        m = 0
                        for j in range(n):
                            if self._beats(i, c, d, j, q):
                                m |= 1 << (j + 1)
                        masks[at] = m
                    row.append((q, 1 << q, m))
                beats.append(tuple(row))
        self.beats = tuple(beats)
        # for Same and Plus (printed sides): sides_of[code] is the sides of the
        # card with that code; near[card * 9 + cell] has (key shift, bit, codes
        # taken, side, touching side's index) of each neighbour; wall_same and
        # wall_sums[card * 9 + cell] what the walls add (Same Wall, Plus Wall).
        self.sides_of = ((0, 0, 0, 0), *(c.sides for c in cards))
        near = []
        wall_same = []
        wall_sums = []
        for i, card in enumerate(cards):
            for c in range(9):
                sides: list[tuple[int, int, int, int, int]] = []
                walls = 0
                sums: list[tuple[int, int]] = []
                taken = iter(beats[i * 9 + c])
                for d, q in enumerate(self.neigh[c]):
                    if q >= 0:
                        sides.append((w * q, 1 << q, next(taken)[2], card.sides[d], OPPOSITE[d]))
                    elif not flags.broken_wall:
                        walls += flags.same_wall and card.sides[d] == 10
                        if flags.plus_wall:
                            sums.append((card.sides[d] + 10, 0))
                near.append(tuple(sides))
                wall_same.append(walls)
                wall_sums.append(tuple(sums))
        self.near = tuple(near)
        self.wall_same = tuple(wall_same)
        self.wall_sums = tuple(wall_sums)
        # area[c]: key mask of cell c and its neighbours, the inputs of a placement.
        area = []
        for c in range(9):
            m = self.slot << (w * c)
            for q in self.neigh[c]:
                if q >= 0:
                    m |= self.slot << (w * q)
            area.append(m | all_tallies)
        self.area = tuple(area)
        self.add = tuple(tuple((i + 1) << (w * c) | tally[i] for i in range(n)) for c in range(9))
        self.restrictions = {r.cell: r for r in restrictions}
        self.shift_cells = 0
        for r in restrictions:
            self.shift_cells |= 1 << r.cell
        self.basic_cache: tuple[FlipCache, ...] = tuple(
            (TypedCache if flags.typed else BasicCache)(self, c) for c in range(9)
        )
        # without Same or Plus a placement takes by the basic rule alone
        self.cache: tuple[FlipCache, ...] = (
            tuple(
                (FlipCache if flags.typed or flags.original else SidesCache)(self, c)
                for c in range(9)
            )
            if flags.same or flags.plus
            else self.basic_cache
        )
        self.shift_plans = {c: self._shift_plan(c) for c in self.restrictions}
        # identical cards (same sides and affinity) are interchangeable in a hand.
        rep = []
        for i, card in enumerate(cards):
            rep.append(next(j for j in range(i + 1) if cards[j] == card))
        self.rep = tuple(rep)
        # hand_lists[mask]: the cards of a hand, one per group of identical cards;
        # hand_sizes[mask]: how many cards it holds. Tuples by mask for small games
        # (indexed faster than a dict), filled on demand otherwise.
        self.hand_lists: HandTable | tuple[tuple[int, ...], ...] = HandTable(self._hand_list)
        self.hand_sizes: HandTable | tuple[int, ...] = HandTable(int.bit_count)
        if n <= 12:
            self.hand_lists = self._all_hand_lists()
            self.hand_sizes = _hand_sizes(n)

    def hand_list(self, hand: int) -> tuple[int, ...]:
        """Card indices of ``hand`` (a bit mask), one per group of identical cards."""
        got: tuple[int, ...] = self.hand_lists[hand]
        return got

    def _all_hand_lists(self) -> tuple[tuple[int, ...], ...]:
        """`_hand_list` of every hand mask, each made from the mask without its highest card
        (thousands of masks for each table: one step each, not one per card)."""
        n = len(self.cards)
        if self.flags.order:  # (the next card of the hand only: one step already)
            return tuple(self._hand_list(m) for m in range(1 << n))
        rep = self.rep
        lists: list[tuple[int, ...]] = [()]
        for i in range(n):
            # card i joins a hand's list unless an identical card below it is in the hand
            twins = sum(1 << j for j in range(i) if rep[j] == rep[i])
            lists += [rest if m & twins else (*rest, i) for m, rest in enumerate(lists)]
        return tuple(lists)

    def _hand_list(self, hand: int) -> tuple[int, ...]:
        if self.flags.order:  # the next card of the hand only
            return ((hand & -hand).bit_length() - 1,) if hand else ()
        seen: set[int] = set()
        out = []
        for i in range(len(self.cards)):
            if hand >> i & 1 and self.rep[i] not in seen:
                seen.add(self.rep[i])
                out.append(i)
        return tuple(out)

    def _beats(self, i: int, c: int, d: int, j: int, q: int) -> bool:
        return self.compare(i, c, self.cards[i].sides[d], j, q, self.cards[j].sides[OPPOSITE[d]])

    def compare(self, i: int, c: Cell, a: int, j: int, q: Cell, b: int) -> bool:
        """Whether card ``i`` on ``c`` with value ``a`` takes card ``j`` on ``q`` with ``b``.

        ``a`` and ``b`` are the touching values before the cells' modifiers
        (printed, or with Ascension/Descension): Fallen Ace looks at them,
        then the modifiers apply, then Reverse and Battle decide.
        """
        f = self.flags
        if f.fallen_ace and a + b == 11 and (a == 1 or b == 1):
            return True  # (between a 1 and an A the attacker always captures)
        a += self.mod[i][c]
        b += self.mod[j][q]
        if a != b:
            return (a < b) == f.reverse
        if not f.battle:
            return False
        return self.totals[i] < self.totals[j] if f.reverse else self.totals[i] > self.totals[j]

    def values(self, card: int, key: int, placed: int) -> tuple[int, int, int, int]:
        """``card``'s values under Ascension/Descension while ``placed`` is being placed.

        ``key`` holds the board with ``placed`` on it; the count of a type is
        taken before the placement.
        """
        card_type = self.cards[card].affinity
        sides = self.cards[card].sides
        if card_type is None:
            return sides
        kin = self.kin[card]
        n = 1 if kin is None else key >> kin[0] & kin[1]  # (alone of its type: itself)
        if self.cards[placed].affinity == card_type:
            n -= 1
        return self.scaled[card][n]

    def _typed_beat(self, card: int, cell: Cell, key: int, placed: int, targets: int) -> int:
        # the cells among ``targets`` that ``card`` on ``cell`` takes by the basic rule
        w = self.width
        s = self.slot
        cards = self.cards
        placed_type = cards[placed].affinity
        mine = self.values(card, key, placed)
        beat = 0
        for d, q in enumerate(self.neigh[cell]):
            if q < 0 or not targets >> q & 1:
                continue
            code = key >> (w * q) & s
            if not code:
                continue
            other = code - 1
            other_type = cards[other].affinity
            if other_type is None:
                theirs = cards[other].sides[OPPOSITE[d]]
            else:  # (`values`, inline: this runs for every cache miss)
                kin = self.kin[other]
                n = 1 if kin is None else key >> kin[0] & kin[1]
                if other_type == placed_type:
                    n -= 1
                theirs = self.scaled[other][n][OPPOSITE[d]]
            if self.compare(card, cell, mine[d], other, q, theirs):
                beat |= 1 << q
        return beat

    def code_at(self, key: int, cell: Cell) -> int:
        """Card code (index + 1, 0 when empty) on ``cell`` of ``key``."""
        return key >> (self.width * cell) & self.slot

    def basic(self, card: int, cell: Cell, key: int) -> int:
        """Cells (any owner) that ``card`` on ``cell`` takes by the basic rule (``key`` holds it)."""
        if self.typed:
            return self.basic_cache[cell][key & self.area[cell]]
        beat = 0
        w = self.width
        for q, bit, m in self.beats[card * 9 + cell]:
            if m >> (key >> (w * q) & self.slot) & 1:
                beat |= bit
        return beat

    def candidates(self, card: int, cell: Cell, key: int) -> int:
        """Cells that flip if owned by the opponent when ``card`` lands on ``cell``.

        ``key`` already holds the card on the cell. Bits 0..8: every cell that
        Same, Plus or the basic rule take; bits 9..17 (Combo only): the cells
        that Same or Plus take, which start the chain.
        """
        f = self.flags
        if not (f.same or f.plus):
            return self.basic(card, cell, key)
        if f.original:
            return self.original(card, cell, key)
        if not self.typed:  # (worked out by `SidesCache` from the area's codes)
            return self.cache[cell][key & self.area[cell]]
        beat, same_count, same_cells, sums = self._typed_sides(card, cell, key)
        special = same_cells if same_count >= 2 else 0
        if len(sums) > 1:  # Plus: a neighbour whose sum another side shares
            seen: dict[int, int] = {}
            for total, _ in sums:
                seen[total] = seen.get(total, 0) + 1
            for total, bit in sums:
                if seen[total] > 1:
                    special |= bit
        if f.combo and special:
            return beat | special | special << 9 | (card + 1) << 18
        return beat | special

    def original(self, card: int, cell: Cell, key: int) -> int:
        """`candidates` under `original`, as FF8's own code resolves Same and Plus.

        A Same that fires takes every neighbour whose touching value is at most
        the card's; Plus takes the one sum that first reaches the most pairs,
        the sides taken up, down, left, right. Bits 9..17 hold what Same or Plus
        take (the chain starts only if one of them is the opponent's, and then
        from every cell the placement takes: `chain`), bits 18 and up the card's code.
        """
        f = self.flags
        w = self.width
        s = self.slot
        typed = self.typed
        cards = self.cards
        sides = self.values(card, key, card) if typed else cards[card].sides
        near = self.neigh[cell]
        same_count = 0
        at_most = 0
        pairs: dict[int, int] = {}  # cells (a wall: none) by sum
        counts: dict[int, int] = {}
        most = 0
        winner = 0
        for d in FF8_ORDER:
            q = near[d]
            if q < 0:
                if f.same_wall and sides[d] == 10:
                    same_count += 1
                if not f.plus_wall:
                    continue
                total = sides[d] + 10
                bit = 0
            else:
                code = key >> (w * q) & s
                if not code:
                    continue
                them = self.values(code - 1, key, card) if typed else cards[code - 1].sides
                other = them[OPPOSITE[d]]
                bit = 1 << q
                if sides[d] == other:
                    same_count += 1
                if sides[d] >= other:
                    at_most |= bit
                total = sides[d] + other
            if f.plus:
                n = counts.get(total, 0) + 1
                counts[total] = n
                pairs[total] = pairs.get(total, 0) | bit
                if n > most:
                    most = n
                    winner = total
        special = at_most if f.same and same_count >= 2 else 0
        if most >= 2:
            special |= pairs[winner]
        x = self.basic(card, cell, key) | special
        if special:
            x |= special << 9 | (card + 1) << 18
        return x

    def _typed_sides(
        self, card: int, cell: Cell, key: int
    ) -> tuple[int, int, int, list[tuple[int, int]]]:
        # `candidates` under Ascension/Descension: (cells the basic rule takes,
        # sides that are the same, cells they face, (sum, cell bit) of each side)
        f = self.flags
        w = self.width
        s = self.slot
        sides = self.values(card, key, card)
        same_count = 0
        same_cells = 0
        sums: list[tuple[int, int]] = []
        for d, q in enumerate(self.neigh[cell]):
            if q < 0:
                if not f.broken_wall:
                    if f.same_wall and sides[d] == 10:
                        same_count += 1
                    if f.plus_wall:
                        sums.append((sides[d] + 10, 0))
                continue
            code = key >> (w * q) & s
            if not code:
                continue
            other = self.values(code - 1, key, card)[OPPOSITE[d]]
            if f.same and sides[d] == other:
                same_count += 1
                same_cells |= 1 << q
            if f.plus:
                sums.append((sides[d] + other, 1 << q))
        return self.basic(card, cell, key), same_count, same_cells, sums

    def chain(self, key: int, x: int, flipped: int, theirs: int) -> int:
        """Add to ``flipped`` what the Combo chain captures.

        ``x`` is the placement's `candidates` value: its bits 9..17 are the
        cells that start the chain, its bits 18 and up the placed card's code.
        """
        left = theirs & ~flipped
        # (original: from every cell the placement took, once Same or Plus took one)
        queue = list(CELLS_OF[flipped if self.flags.original else x >> 9 & theirs])
        w = self.width
        s = self.slot
        # (each cell taken joins the queue as it is walked: the chain reaches the
        # same cells in any order, since what a card takes depends on cards only)
        if self.typed:
            placed = (x >> 18) - 1
            for c in queue:
                got = self._typed_beat((key >> (w * c) & s) - 1, c, key, placed, left)
                left ^= got
                flipped |= got
                queue.extend(CELLS_OF[got])
            return flipped
        basic = self.basic_cache
        area = self.area
        for c in queue:
            got = basic[c][key & area[c]] & left
            if got:
                left ^= got
                flipped |= got
                queue.extend(CELLS_OF[got])
        return flipped

    def meets(self, card: int, cell: Cell) -> bool:
        """Whether ``card`` meets the Power Wall restriction of ``cell``."""
        r = self.restrictions.get(cell)
        if r is None:
            return False
        power = self.totals[card]
        if r.op == "=":
            return power == r.value
        if r.op == "<":
            return power < r.value
        return power > r.value

    def flips(self, card: int, cell: Cell, key: int, theirs: int) -> int:
        """Cells the side to move takes by putting ``card`` on ``cell`` (``key`` holds it)."""
        x = self.cache[cell][key & self.area[cell]]
        fl = x & theirs
        if x >> 9 & theirs:
            fl = self.chain(key, x, fl, theirs)
        return fl

    def _shift_plan(self, cell: Cell) -> ShiftPlan:
        r = self.restrictions[cell]
        row, col = divmod(cell, 3)
        if r.direction in ("left", "right"):
            line = [row * 3 + k for k in range(3)]
        else:
            line = [k * 3 + col for k in range(3)]
        if r.direction in ("left", "up"):
            line.reverse()
        # content moves from line[k] to line[k + 1], the last wrapping to the first.
        w = self.width
        keep = -1
        moves: list[int] = []
        to_of = {c: line[(k + 1) % 3] for k, c in enumerate(line)}
        for c, to in to_of.items():
            keep &= ~(self.slot << (w * c))
            d = w * (to - c)
            moves += [self.slot << (w * c), max(d, 0), max(-d, 0)]
        perm = _moved_masks(tuple(line))
        dest = to_of[cell]
        m0, l0, r0, m1, l1, r1, m2, l2, r2 = moves
        return ShiftPlan(
            keep, m0, l0, r0, m1, l1, r1, m2, l2, r2, perm, self.basic_cache[dest], self.area[dest]
        )

    def shifted(
        self, card: int, cell: Cell, key: int, mine: int, theirs: int
    ) -> tuple[int, int, int]:
        """Power Wall placement: (key, mover's cells, other's cells) after it.

        The row or column of ``cell`` moves one step in the restriction's
        direction (wrapping round, empty cells too), then the placed card
        attacks from its new cell by the basic rule.
        """
        keep, m0, l0, r0, m1, l1, r1, m2, l2, r2, perm, basic, area = self.shift_plans[cell]
        k = key + self.add[cell][card]
        key = k & keep | (k & m0) << l0 >> r0 | (k & m1) << l1 >> r1 | (k & m2) << l2 >> r2
        theirs = perm[theirs]
        fl = basic[key & area] & theirs
        return key, perm[mine | 1 << cell] | fl, theirs ^ fl

    def child(
        self, card: int, cell: Cell, key: int, mine: int, theirs: int
    ) -> tuple[int, int, int]:
        """(key, mover's cells, other's cells) after the mover puts ``card`` on ``cell``."""
        if self.shift_cells >> cell & 1 and self.meets(card, cell):
            return self.shifted(card, cell, key, mine, theirs)
        key += self.add[cell][card]
        fl = self.flips(card, cell, key, theirs)
        return key, mine | fl | 1 << cell, theirs ^ fl
