"""Exact values under Chaos: expectiminimax over the packed position.

Under Chaos the card a player plays is drawn at random from their hand, so
each turn is a chance node (every card of the hand equally likely) followed
by the mover's choice of a cell. The value of a position is the expectation
of the final score difference (the side to move's minus the other's).

Values are kept as whole numbers in units of ``1 / SCALE``: a hand holds at
most 5 cards, so every expectation is a multiple of ``1 / (5! * 5!)`` and
the arithmetic stays exact. `to_fraction` turns one back into a fraction.

The search is alpha-beta for chance nodes (Ballard's Star1 and Star2): a
chance node searched within a window stops as soon as the draws seen so far
settle which side of the window its expectation falls on, counting each
draw not yet searched at the best or worst value it could have. Before the
full search, Star2 probes each draw with its most promising cell: what that
cell is worth is a floor for the draw, and floors that already reach the
window's top end the node. Cells are tried in the order of the cards they
hold at once. The table keeps every exact value found and every bound
(keyed like `triad.cpu.solver.Solver`'s), so a deadline or a node limit (``Timeout``)
loses nothing: the next call goes on from there.
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
        #: exact values, and (floor, ceiling) bounds of chance nodes, by table key
        self.table: dict[int, int] = {}
        self.bounds: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.deadline = 0.0
        #: searched positions after which a search gives up (`Timeout`); 0: none.
        #: A count, not a time: a seeded game plays the same on any machine.
        self.node_limit = 0
        self.top = SCALE * total  # no score difference is larger
        #: a hand's draws: (a card, how many of the hand are identical to it)
        self.groups: dict[int, tuple[tuple[int, int], ...]] = {}

    def expectation(self, pos: Position, deadline: float = 0.0) -> int:
        """The scaled value of ``pos`` before the mover's card is drawn.

        :raises Timeout: when ``deadline`` (a ``time.perf_counter`` value) passes.
        """
        self.deadline = deadline
        return self._value(pos, -self.top - 1, self.top + 1)

    def cell_values(
        self, pos: Position, card: int, deadline: float = 0.0
    ) -> list[tuple[int, Position, int]]:
        """(cell, position after, scaled value for the mover) of each cell for the drawn ``card``.

        :raises Timeout: when ``deadline`` passes.
        """
        self.deadline = deadline
        top = self.top
        return [
            (p, after, -self._value(after, -top - 1, top + 1))
            for p, after in self._after(pos, card)
        ]

    def best_cell(
        self, pos: Position, card: int, deadline: float = 0.0
    ) -> tuple[int, Position, int]:
        """(cell, position after, exact scaled value) of a best cell for the drawn ``card``.

        Only the best value is exact: the other cells are only proven no
        better (faster than `cell_values`). Ties go to the lowest cell.

        :raises Timeout: when ``deadline`` passes.
        """
        self.deadline = deadline
        top = self.top
        after = self._after(pos, card)
        after.sort(key=lambda c: (-POPCOUNT[c[1].theirs], c[0]))  # most cards held first
        p, best_pos = after[0]
        best = (p, best_pos, -self._value(best_pos, -top - 1, top + 1))
        for p, pos2 in after[1:]:
            # is the cell better (or as good, and lower)? a null window says; then its value
            edge = best[2] if p < best[0] else best[2] + 1  # the least value that wins
            if -self._value(pos2, -edge, -edge + 1) >= edge:
                best = (p, pos2, -self._value(pos2, -top - 1, -edge + 1))
        return best

    def _value(self, pos: Position, alpha: int, beta: int) -> int:
        return self._chance(pos.key, pos.mine, pos.theirs, pos.hand, pos.other_hand, alpha, beta)

    def _after(self, pos: Position, card: int) -> list[tuple[int, Position]]:
        pk = self.packed
        out = []
        for p in CELLS_OF[0x1FF ^ (pos.mine | pos.theirs)]:
            key, mine, theirs = pk.child(card, p, pos.key, pos.mine, pos.theirs)
            out.append((p, Position(key, theirs, mine, pos.other_hand, pos.hand ^ 1 << card)))
        return out

    def _chance(
        self, key: int, mine: int, theirs: int, hm: int, ho: int, alpha: int, beta: int
    ) -> int:
        """The mover's expectation before the draw: exact when strictly inside
        (``alpha``, ``beta``), else a bound on that side of the window (fail-soft)."""
        empty = 0x1FF ^ (mine | theirs)
        if not empty or not hm:
            return SCALE * (2 * (POPCOUNT[mine] + hm.bit_count()) - self.total)
        pk = self.packed
        if not empty & (empty - 1):  # one cell left: each draw goes there, and the game ends
            held = 2 * hm.bit_count() - 2 - self.total  # the mover's hand after it, less the total
            child = pk.child
            sum_ = 0
            for c in range(len(pk.cards)):
                if hm >> c & 1:
                    sum_ += POPCOUNT[child(c, empty.bit_length() - 1, key, mine, theirs)[1]]
            value, left = divmod(SCALE * (2 * sum_ + held * hm.bit_count()), hm.bit_count())
            assert not left, "expectations are whole multiples of 1 / SCALE"
            return value
        tk = key | mine << pk.owner_shift | hm << (pk.owner_shift + 9)
        known = self.table.get(tk)
        if known is not None:
            return known
        top = self.top
        lo, hi = self.bounds.get(tk, (-top, top))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        self.nodes += 1
        if not self.nodes & 255 and (
            (self.deadline and time.perf_counter() > self.deadline)
            or (self.node_limit and self.nodes >= self.node_limit)
        ):
            raise Timeout
        a = max(alpha, lo)
        b = min(beta, hi)
        groups = self.groups.get(hm)
        if groups is None:
            groups = self._groups(hm)
        draws = hm.bit_count()
        cells = CELLS_OF[empty]
        child = pk.child
        chance = self._chance
        # each draw's cells, most cards held first
        moves: list[tuple[int, int, list[tuple[int, int, int]]]] = []
        for c, w in groups:
            kids = [child(c, p, key, mine, theirs) for p in cells]
            if len(kids) > 1:
                kids.sort(key=lambda k: -POPCOUNT[k[1]])
            moves.append((c, w, kids))
        # Star2: each draw's first cell gives a floor; floors reaching b end the node
        floors: list[int] = []
        exact: list[bool] = []  # a probe that reached its goal gives only a floor
        if len(moves) > 1:
            rest = draws
            floor_sum = 0
            for c, w, kids in moves:
                rest -= w
                need = -((floor_sum + rest * -top - b * draws) // w)  # ceil
                k2, m2, t2 = kids[0]
                v = -chance(k2, t2, m2, ho, hm ^ 1 << c, -need, top + 1)
                floors.append(v)
                exact.append(v < need)
                floor_sum += w * v
                if floor_sum + rest * -top >= b * draws:
                    return self._store(tk, (floor_sum - rest * top) // draws, a, b, lo, hi)
        # Star1: each draw's best cell, within what the other draws leave open
        done = 0  # sum of weight * exact value of the draws searched
        rest = draws
        rest_floor = sum(w * f for (_, w, _), f in zip(moves, floors, strict=False))
        for j, (c, w, kids) in enumerate(moves):
            rest -= w
            if floors:
                rest_floor -= w * floors[j]
            else:
                rest_floor = rest * -top
            ca = (a * draws - done - rest * top) // w  # at most this: the node fails low
            cb = -((done + rest_floor - b * draws) // w)  # at least this: it fails high
            start = 1 if floors and exact[j] else 0
            best = floors[j] if start else -top - 1
            if best < cb:
                for k2, m2, t2 in kids[start:]:
                    v = -chance(k2, t2, m2, ho, hm ^ 1 << c, -cb, -max(ca, best))
                    if v > best:
                        best = v
                        if best >= cb:
                            break
            done += w * best
            if done + rest * top <= a * draws:
                return self._store(tk, -((-done - rest * top) // draws), a, b, lo, hi)
            if done + rest_floor >= b * draws:
                return self._store(tk, (done + rest_floor) // draws, a, b, lo, hi)
        value, left = divmod(done, draws)
        assert not left, "expectations are whole multiples of 1 / SCALE"
        self.table[tk] = value
        self.bounds.pop(tk, None)
        return value

    def _groups(self, hand: int) -> tuple[tuple[int, int], ...]:
        """Identical cards share one search and weigh as many draws."""
        weights: dict[int, int] = {}
        first: dict[int, int] = {}
        rep = self.packed.rep
        for c in range(len(rep)):
            if hand >> c & 1:
                one = first.setdefault(rep[c], c)
                weights[one] = weights.get(one, 0) + 1
        groups = tuple(weights.items())
        self.groups[hand] = groups
        return groups

    def _store(self, tk: int, value: int, a: int, b: int, lo: int, hi: int) -> int:
        """Keep a fail-soft result of window (``a``, ``b``) as a bound (or the value, when the bounds meet)."""
        if value <= a:
            hi = min(hi, value)
        elif value >= b:
            lo = max(lo, value)
        if lo >= hi:
            self.table[tk] = lo
            self.bounds.pop(tk, None)
        else:
            self.bounds[tk] = (lo, hi)
        return value
