"""Exact values under Chaos: expectiminimax over the packed position.

Under Chaos the card a player plays is drawn at random from their hand, so
each turn is a chance node (every card of the hand equally likely) followed
by the mover's choice of a cell. The value of a position is the expectation
of the final score difference (the side to move's minus the other's).

Values are kept as whole numbers in units of ``1 / SCALE``: a hand holds at
most 5 cards, so every expectation is a multiple of ``1 / (5! * 5!)`` and
the arithmetic stays exact. `to_fraction` turns one back into a fraction.
The table keeps every value found, keyed like `triad.cpu.solver.Solver`'s,
so a deadline (``Timeout``) loses nothing: the next call goes on from there.
"""

from __future__ import annotations

import time
from fractions import Fraction

from triad.cpu.packed import CELLS_OF, POPCOUNT, Packed
from triad.cpu.solver import Position, Timeout

#: Values are whole multiples of 1 / SCALE (5! * 5!).
SCALE = 14400


def to_fraction(value: int) -> Fraction:
    """A scaled value as an exact fraction of cards."""
    return Fraction(value, SCALE)


class ChanceSolver:
    """Expectiminimax over one game's packed tables, with a persistent table."""

    def __init__(self, packed: Packed, total: int) -> None:
        self.packed = packed
        self.total = total
        self.table: dict[int, int] = {}
        self.nodes = 0
        self.deadline = 0.0

    def expectation(self, pos: Position, deadline: float = 0.0) -> int:
        """The scaled value of ``pos`` before the mover's card is drawn.

        :raises Timeout: when ``deadline`` (a ``time.perf_counter`` value) passes.
        """
        self.deadline = deadline
        return self._chance(pos.key, pos.mine, pos.theirs, pos.hand, pos.other_hand)

    def cell_values(
        self, pos: Position, card: int, deadline: float = 0.0
    ) -> list[tuple[int, Position, int]]:
        """(cell, position after, scaled value for the mover) of each cell for the drawn ``card``.

        :raises Timeout: when ``deadline`` passes.
        """
        self.deadline = deadline
        pk = self.packed
        out = []
        for p in CELLS_OF[0x1FF ^ (pos.mine | pos.theirs)]:
            key, mine, theirs = pk.child(card, p, pos.key, pos.mine, pos.theirs)
            after = Position(key, theirs, mine, pos.other_hand, pos.hand ^ 1 << card)
            value = -self._chance(after.key, after.mine, after.theirs, after.hand, after.other_hand)
            out.append((p, after, value))
        return out

    def _chance(self, key: int, mine: int, theirs: int, hm: int, ho: int) -> int:
        empty = 0x1FF ^ (mine | theirs)
        if not empty or not hm:
            return SCALE * (2 * (POPCOUNT[mine] + hm.bit_count()) - self.total)
        pk = self.packed
        tk = key | mine << pk.owner_shift | hm << (pk.owner_shift + 9)
        known = self.table.get(tk)
        if known is not None:
            return known
        self.nodes += 1
        if self.deadline and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise Timeout
        # identical cards share one search and weigh as many draws
        weights: dict[int, int] = {}  # a card of the hand per group: how many in the hand
        first: dict[int, int] = {}
        rep = pk.rep
        for a in range(len(pk.cards)):
            if hm >> a & 1:
                one = first.setdefault(rep[a], a)
                weights[one] = weights.get(one, 0) + 1
        cells = CELLS_OF[empty]
        child = pk.child
        chance = self._chance
        total = 0
        for a, weight in weights.items():
            best = -SCALE * 99
            for p in cells:
                k2, m2, t2 = child(a, p, key, mine, theirs)
                v = -chance(k2, t2, m2, ho, hm ^ 1 << a)
                if v > best:
                    best = v
            total += weight * best
        value, rest = divmod(total, hm.bit_count())
        assert not rest, "expectations are whole multiples of 1 / SCALE"
        self.table[tk] = value
        return value
