"""Exact game values by negamax with alpha-beta over the packed position.

Values are the side to move's final score minus the other side's (cards in
hand count). The transposition table stores a lower bound, an upper bound and
the best move per position with at least five empty cells (below that,
transpositions are rare and the table costs more than it saves); it is keyed
by the packed board, the owner mask of the side to move and that side's hand,
which identifies a position among all positions of the same cards, so one
``Solver`` can be kept for a whole game and reused turn after turn. Positions
with one or two empty cells are valued by direct enumeration, and with three
the mover's moves and the two-cell ends after them are enumerated inline; with
three or four, a move whose flips cannot lift the mover above alpha (even if
its last card flipped every neighbour) ends the node. With four, so does a
move after which the mover's stable cards reach beta: without Same, Plus,
Power Wall or Ascension/Descension a card no card left in the other hand
could take stays with its owner to the end.

Before searching a node's moves, the table is asked about its children: one
already bounded high enough for the mover ends the node (enhanced
transposition cut-off). Moves are tried best first: the table's move, then
most flips, then the moves that caused cut-offs most often (history
heuristic, which starts from a static prior: weak cards first, strong sides
facing neighbours). Under Ascension and Descension, from seven empty cells on,
the moves that cut off most often at as many empty cells, then those that cut
off most often at two fewer (the same side to move), come before more flips:
there a card placed early weakens (or strengthens) its type for the rest of
the game, so taking a card in the first moves says little, while the same few
replies answer most openings (the first count alone searched a fifth to a
third fewer positions under Descension; the second a tenth fewer again on
seeded empty boards).

Exact values come from null-window searches (MTD(f)): each probe answers
"is the value at least x?", and the bounds it leaves in the table make the
next probe cheap. A deadline can interrupt any search (``Timeout``); what was
learnt stays in the table, so the caller may simply search again later: each
node the deadline interrupts keeps the move it was searching (without a
bound), which comes first when the search goes on (without it, a search in
40 ms slices searched half as many positions again as one search).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from triad.cpu.packed import CELLS_OF, POPCOUNT, Packed, TakerCache

INF = 99
NO_MOVE = -1


class Timeout(Exception):
    """Raised inside a search when its deadline has passed."""


class Position(NamedTuple):
    """A packed position seen from the side to move."""

    key: int
    mine: int
    theirs: int
    hand: int
    other_hand: int


class Child(NamedTuple):
    """One legal move (``card`` indexes the packed cards) and the position after it."""

    card: int
    cell: int
    flips: int
    position: Position


Search = Callable[[int, int, int, int, int, int, int], int]
Moves = list[tuple[int, int, int, int, int, int]]
Limited = Callable[[int, int, int, int, int, int, int, int], int]
Entry = tuple[int, int, tuple[int, int, int, int, int, int] | None]  # lower, upper, best move


class Solver:
    """Exact search over one game's packed tables, with a persistent table."""

    def __init__(
        self,
        packed: Packed,
        total: int,
        oracle: dict[int, Entry] | None = None,
        near: int = 10,
        stable: bool = True,
    ) -> None:
        self.packed = packed
        self.total = total
        self.table: dict[int, Entry] = {}
        #: measuring only (``bench/bench_order.py``): from ``near`` empty cells on,
        #: the move ``oracle`` (another solver's table) holds for a position goes first.
        self.oracle = oracle
        self.near = near
        #: measuring only: False searches without the bound from stable cards.
        self.stable = stable
        self._count = [0, 0, 0]  # interior nodes, leaves, next deadline check
        self.deadline = 0.0
        self._search, self._limited = self._build()

    @property
    def nodes(self) -> int:
        """Interior nodes searched so far."""
        return self._count[0]

    @property
    def leaves(self) -> int:
        """Positions with one or two empty cells evaluated so far."""
        return self._count[1]

    # ---- public API -------------------------------------------------------

    def children(self, pos: Position) -> list[Child]:
        """Every legal move of ``pos`` (identical cards once), most flips first."""
        pk = self.packed
        out = []
        key, mine, theirs, hand, other = pos
        for p in CELLS_OF[0x1FF ^ (mine | theirs)]:
            bp = 1 << p
            for a in pk.hand_list(hand):
                if pk.shift_cells >> p & 1 and pk.meets(a, p):
                    k2, m2, t2 = pk.shifted(a, p, key, mine, theirs)
                    gained = POPCOUNT[m2] - POPCOUNT[mine] - 1
                    out.append(Child(a, p, gained, Position(k2, t2, m2, other, hand ^ 1 << a)))
                    continue
                k2 = key + pk.add[p][a]
                fl = pk.flips(a, p, k2, theirs)
                child = Position(k2, theirs ^ fl, mine | fl | bp, other, hand ^ 1 << a)
                out.append(Child(a, p, POPCOUNT[fl], child))
        out.sort(key=lambda c: -c.flips)
        return out

    def terminal_value(self, pos: Position) -> int:
        """Value of ``pos`` as it stands (final once the board is full)."""
        return 2 * (POPCOUNT[pos.mine] + pos.hand.bit_count()) - self.total

    def probe(self, pos: Position, alpha: int, beta: int, deadline: float = 0.0) -> int:
        """Fail-soft alpha-beta value of ``pos`` within (``alpha``, ``beta``).

        :raises Timeout: when ``deadline`` (a ``time.perf_counter`` value, 0 for
            none) passes during the search.
        """
        self.deadline = deadline
        return self._search(pos.key, pos.mine, pos.theirs, pos.hand, pos.other_hand, alpha, beta)

    def value(self, pos: Position, guess: int = 0, deadline: float = 0.0) -> int:
        """Exact value of ``pos`` (MTD(f) from ``guess``).

        :raises Timeout: when ``deadline`` passes.
        """
        lower, upper = -INF, INF
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.probe(pos, beta - 1, beta, deadline)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def outcome(self, pos: Position, deadline: float = 0.0) -> int:
        """Sign of the value of ``pos``: 1 win, 0 draw, -1 loss for the side to move.

        :raises Timeout: when ``deadline`` passes.
        """
        g = self.probe(pos, -1, 1, deadline)
        return (g > 0) - (g < 0)

    def table_key(self, pos: Position) -> int:
        """The table key of ``pos``: board codes, the mover's cells and the mover's hand."""
        shift = self.packed.owner_shift
        return pos.key | pos.mine << shift | pos.hand << (shift + 9)

    def bounds(self, pos: Position) -> tuple[int, int, int]:
        """(lower, upper, best move) known for ``pos`` in the table."""
        e = self.table.get(self.table_key(pos))
        if e is None:
            return (-INF, INF, NO_MOVE)
        return (e[0], e[1], NO_MOVE if e[2] is None else e[2][4] * 9 + e[2][5])

    def best(self, pos: Position, deadline: float = 0.0) -> tuple[int, Child]:
        """Exact value of ``pos`` and one move that achieves it.

        :raises Timeout: when ``deadline`` passes.
        """
        v = self.value(pos, _guess(self.bounds(pos)), deadline)
        kids = self.children(pos)
        # the table's move proved the lower bound; check it, then the others.
        mv = self.bounds(pos)[2]
        kids.sort(key=lambda c: c.card * 9 + c.cell != mv)
        for c in kids:
            if -self.probe(c.position, -v - 1, -v + 1, deadline) >= v:
                return v, c
        raise AssertionError("no move reaches the exact value")  # pragma: no cover

    def best_of(self, pos: Position, kids: list[Child], deadline: float = 0.0) -> tuple[int, Child]:
        """Exact value of the best of ``kids`` (some moves of ``pos``) and one that reaches it.

        MTD(f) over ``pos`` as if these were its only moves: searching the
        moves of a position in parts (one part a worker) and taking the best
        part gives `best`'s value.

        :raises Timeout: when ``deadline`` passes.
        :raises ValueError: ``kids`` is empty.
        """
        if not kids:
            raise ValueError("no moves to choose from")
        lower, upper = -INF, INF
        g = max(-_guess(self.bounds(c.position)) for c in kids)
        found = kids[0]
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = -INF
            for c in kids:  # the null-window probe of a position with these moves
                v = -self.probe(c.position, -beta, -beta + 1, deadline)
                if v > g:
                    g = v
                    if v >= beta:
                        found = c
                        break
            if g < beta:
                upper = g
            else:
                lower = g
        return g, found

    def limited(self, pos: Position, depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """Value of ``pos`` looking ``depth`` plies ahead, counting cards at the horizon.

        Exact when ``depth`` reaches the end of the game.
        """
        if POPCOUNT[0x1FF ^ (pos.mine | pos.theirs)] <= depth:
            return self.probe(pos, alpha, beta)
        key, mine, theirs, hand, other = pos
        return self._limited(key, mine, theirs, hand, other, alpha, beta, depth)

    def move_values(self, pos: Position, deadline: float = 0.0) -> list[tuple[Child, int]]:
        """Exact value of every legal move of ``pos`` (from the mover's view).

        :raises Timeout: when ``deadline`` passes.
        """
        out = []
        for c in self.children(pos):
            out.append((c, -self.value(c.position, _guess(self.bounds(c.position)), deadline)))
        return out

    # ---- the search -------------------------------------------------------

    def _build(self) -> tuple[Search, Limited]:
        # The hot loop: everything is a local, a closure cell or a tuple; tables
        # are subscripted (no method calls on the common path), and the flip
        # caches fill themselves on a miss.
        pk = self.packed
        table = self.table
        table_get = table.get
        caches = pk.cache
        area = pk.area
        add = pk.add
        chain = pk.chain
        hand_lists = pk.hand_lists
        hand_sizes = pk.hand_sizes
        cells_of = CELLS_OF
        pop = POPCOUNT
        # (a shift or a negation costs several subscripts under Pyodide, where
        # neither is specialised: the hot lines read these tables instead)
        bit = tuple(1 << i for i in range(32))  # of a cell or a card
        ranked = tuple(v << 24 for v in POPCOUNT)  # flips as they order moves
        lowest = -INF
        starts = tuple(m << 9 for m in range(512))  # cells as a flip entry's Combo starts
        osh = pk.owner_shift
        hsh = osh + 9
        owned = tuple(m << osh for m in range(512))  # owner masks as a table key holds them
        total = self.total
        shift_cells = pk.shift_cells
        # positions with fewer empty cells are searched without the table
        table_from = 5
        shifted = pk.shifted
        plans = [pk.shift_plans.get(c) for c in range(9)]
        # shifters[cell]: the cards whose placement there moves a line (Power Wall)
        shifters = [
            sum(1 << a for a in range(len(pk.cards)) if pk.meets(a, c))
            if shift_cells >> c & 1
            else 0
            for c in range(9)
        ]
        clock = time.perf_counter
        solver = self
        count = self._count
        # reach[empty]: the most cells one placement on an empty cell can flip: its
        # neighbours (four once a line may move it), any cell once Combo chains.
        sides = tuple(4 if shift_cells else sum(q >= 0 for q in pk.neigh[c]) for c in range(9))
        reach = (9,) * len(cells_of) if pk.flags.combo else _reach(sides)
        history = [[_prior(pk, p, a) for a in range(len(pk.cards))] for p in range(9)]
        # Stable cards. Without Same, Plus, Power Wall or Ascension/Descension a
        # card changes owner only when a card of the other side that beats it
        # lands on an empty neighbour (its owner's cards never take it), so one
        # that no card left in the other hand could take stays with its owner to
        # the end. ``takers[cell]``: the cards that could take the card on
        # ``cell``, by its area key; ``front[empty]``: the filled cells next to an
        # empty one; ``settled[empty]``: the other filled cells (nothing takes them).
        steady = self.stable and not (pk.flags.same or pk.flags.plus or pk.typed or shift_cells)
        takers = tuple(TakerCache(pk, c) for c in range(9)) if steady else ()
        front, settled = _fronts(pk.neigh)
        # Ascension/Descension, from ``top_from`` empty cells on: the moves that cut
        # off most often at this many empty cells go first, then those that cut off
        # most often two cells fewer (the same side to move), before more flips.
        # (``top_cuts[n]`` counts from ``cuts_from`` empty cells on.)
        top_from = 7 if pk.typed else 10
        cuts_from = top_from - 2 if pk.typed else 10
        top_cuts = [[[0] * len(pk.cards) for _ in range(9)] for _ in range(10)]
        oracle = self.oracle
        oracle_from = self.near
        each_cell = [(p, 1 << p, caches[p], area[p], add[p], history[p]) for p in range(9)]
        cell_info = [tuple([each_cell[p] for p in cells_of[m]]) for m in range(512)]
        # two empty cells p, q, by their mask: (p's bit, p's cache, area, codes,
        # then q's cache, area, codes), and the same from q
        pair_info: list[
            tuple[tuple[int, Any, int, tuple[int, ...], Any, int, tuple[int, ...]], ...]
        ]
        pair_info = [
            tuple(
                (1 << p, caches[p], area[p], add[p], caches[q], area[q], add[q])
                for p, q in ((c[0], c[1]), (c[1], c[0]))
            )
            if len(c := cells_of[m]) == 2
            else ()
            for m in range(512)
        ]

        def gen(key: int, mine: int, theirs: int, hl: tuple[int, ...], empty: int) -> Moves:
            # every move as (order, key, their cells, my cells, card, cell): most
            # flips first, then the moves that cut off most often (history).
            moves: Moves = []
            for p, bp, cache, am, ad, hp in cell_info[empty]:
                shifting = shifters[p]
                if not shifting:  # (no card moves a line from here: the common way)
                    moves += [
                        (ranked[fl] | hp[a], k2, theirs ^ fl, mine | fl | bp, a, p)
                        for a in hl
                        for k2 in (key + ad[a],)
                        for x in (cache[k2 & am],)
                        for fl in (
                            x & theirs
                            if x < 512 or not x & starts[theirs]
                            else chain(k2, x, x & theirs, theirs),
                        )
                    ]
                    continue
                plan = plans[p]
                assert plan is not None  # (shifters are on restricted cells only)
                keep, s0, l0, r0, s1, l1, r1, s2, l2, r2, perm, bc, ba = plan
                t = perm[theirs]
                mp = perm[mine | bp]
                for a in hl:
                    if shifting >> a & 1:  # (Packed.shifted, inline)
                        k = key + ad[a]
                        k2 = (
                            k & keep
                            | (k & s0) << l0 >> r0
                            | (k & s1) << l1 >> r1
                            | (k & s2) << l2 >> r2
                        )
                        fl = bc[k2 & ba] & t
                        t2 = t ^ fl
                        m2 = mp | fl
                    else:
                        k2 = key + ad[a]
                        x = cache[k2 & am]
                        fl = x & theirs
                        if x > 511 and x & starts[theirs]:
                            fl = chain(k2, x, fl, theirs)
                        t2 = theirs ^ fl
                        m2 = mine | fl | bp
                    moves.append((ranked[fl] | hp[a], k2, t2, m2, a, p))
            return moves

        def search(
            key: int, mine: int, theirs: int, hm: int, ho: int, alpha: int, beta: int
        ) -> int:
            empty = 0x1FF ^ (mine | theirs)
            n = pop[empty]
            if n <= 2:
                return _leaf(key, mine, theirs, hm, ho, alpha, beta)
            count[0] += 1
            if count[0] >= count[2]:
                count[2] = count[0] + 500
                if solver.deadline and clock() > solver.deadline:
                    raise Timeout
            if n < table_from:
                return _plain(key, mine, theirs, hm, ho, alpha, beta, n, empty)
            last = n == table_from  # the children have four empty cells: ``_plain``'s
            tk = key | owned[mine] | hm << hsh
            e = table_get(tk)
            if e is None:
                lo = lowest
                hi = INF
                ttm = None
            else:
                lo, hi, ttm = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            if oracle is not None and n >= oracle_from:
                oe = oracle.get(tk)
                if oe is not None and oe[2] is not None:
                    ttm = oe[2]
            a0 = alpha
            best = lowest
            bm = ttm
            if ttm is not None:
                # the stored best move first: it often cuts off before any move generation.
                _, k2, t2, m2, a, _ = ttm
                if last:
                    best = -_plain(
                        k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha, n - 1, 0x1FF ^ (t2 | m2)
                    )
                else:
                    best = -search(k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha)
                if best > alpha:
                    alpha = best
            if best < beta:
                hl = hand_lists[hm]
                if not hl:
                    return 2 * (pop[mine] + hand_sizes[hm]) - total
                moves = gen(key, mine, theirs, hl, empty)
                if n > table_from:
                    # enhanced transposition cut-off: a child the table already
                    # bounds low enough for the mover ends the node at once.
                    held = ho << hsh
                    for mt in moves:
                        _, k2, t2, m2, a, _ = mt
                        ec = table_get(k2 | owned[t2] | held)
                        if ec is not None and -ec[1] >= beta:
                            table[tk] = (-ec[1], hi, mt)
                            return -ec[1]
                if n >= top_from:
                    cuts = top_cuts[n]
                    later = top_cuts[n - 2]
                    moves = [
                        (cuts[c][b] << 56 | later[c][b] << 32 | o, k, t, m, b, c)
                        for o, k, t, m, b, c in moves
                    ]
                moves.sort(reverse=True)
                # (the stored move comes round again: its child answers from the table.)
                try:
                    for mt in moves:
                        _, k2, t2, m2, a, p = mt
                        if last:
                            v = -_plain(
                                k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha, n - 1, 0x1FF ^ (t2 | m2)
                            )
                        else:
                            v = -search(k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha)
                        if v > best:
                            best = v
                            bm = mt
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    history[p][a] += n * n
                                    if n >= cuts_from:
                                        top_cuts[n][p][a] += 1
                                    break
                except Timeout:
                    # the search goes on later from here: the move being searched
                    # comes first then (the bounds stay as they were)
                    table[tk] = (lo, hi, mt)
                    raise
            if best <= a0:
                table[tk] = (lo, best if best < hi else hi, ttm or bm)
            elif best >= beta:
                table[tk] = (best, hi, bm)
            else:
                table[tk] = (best, best, bm)
            return best

        def _plain(
            key: int,
            mine: int,
            theirs: int,
            hm: int,
            ho: int,
            alpha: int,
            beta: int,
            n: int,
            empty: int,
        ) -> int:
            # three or four empty cells: transpositions are rare here, so no table.
            count[0] += 1
            hl = hand_lists[hm]
            if not hl or not empty:
                return 2 * (pop[mine] + hand_sizes[hm]) - total
            if shift_cells & empty:
                return _shifting(key, mine, theirs, hm, ho, alpha, beta, n, empty, hl)
            # every move as (order, code it adds to the key, cells it flips, card,
            # cell), sorted as `gen` sorts (the code orders moves as the key after
            # them does): the key and owners after a move are made only if it is searched.
            moves = [
                (ranked[fl] | hp[a], d, fl, a, p)
                for p, _, cache, am, ad, hp in cell_info[empty]
                for area_key in (key & am,)
                for a in hl
                for d in (ad[a],)
                for x in (cache[area_key + d],)
                for fl in (
                    x & theirs
                    if x < 512 or not x & starts[theirs]
                    else chain(key + d, x, x & theirs, theirs),
                )
            ]
            moves.sort(reverse=True)
            if n == 3:
                return _three(moves, key, mine, theirs, empty, hm, ho, alpha, beta)
            best = lowest
            hl = hand_lists[ho]
            # after this move the mover places one more card (with four empty cells):
            # it ends with at most its cells now, its hand and that card's flips.
            top = 2 * (hand_sizes[hm] - 1 + reach[empty]) - total
            nbeta = -beta
            # After a move the mover places one card more and keeps the cards the
            # other hand cannot take, so the move is worth at least
            # 2 * (the mover's stable cards + its hand - 2) - total: ``keep``
            # stable cards reach beta (out of reach unless ``steady``).
            keep = (beta + total + 1) // 2 + 2 - hand_sizes[hm] if steady else 10
            for _, d, fl, a, p in moves:
                m2 = mine | fl | bit[p]
                if top + 2 * pop[m2] <= alpha:  # (flips only fall down the list)
                    return max(best, top + 2 * pop[m2])
                k2 = key + d
                t2 = theirs ^ fl
                e3 = empty ^ bit[p]
                if pop[m2] >= keep:
                    s = pop[m2 & settled[e3]]
                    for q in cells_of[m2 & front[e3]]:
                        if not takers[q][k2 & area[q]] & ho:
                            s += 1
                    if s >= keep:
                        history[p][a] += n * n
                        return 2 * (s + hand_sizes[hm] - 2) - total
                if hl:
                    # the three-cell child as ``_plain`` searches it, without the call
                    count[0] += 1
                    m3 = [
                        (ranked[fb] | hp[b], db, fb, b, q)
                        for q, _, cache, am, ad, hp in cell_info[e3]
                        for area_key in (k2 & am,)
                        for b in hl
                        for db in (ad[b],)
                        for x in (cache[area_key + db],)
                        for fb in (
                            x & m2
                            if x < 512 or not x & starts[m2]
                            else chain(k2 + db, x, x & m2, m2),
                        )
                    ]
                    m3.sort(reverse=True)
                    v = -_three(m3, k2, t2, m2, e3, ho, hm ^ bit[a], nbeta, -alpha)
                else:
                    v = -_plain(k2, t2, m2, ho, hm ^ bit[a], nbeta, -alpha, n - 1, e3)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            history[p][a] += n * n
                            return best
            return best

        def _shifting(
            key: int,
            mine: int,
            theirs: int,
            hm: int,
            ho: int,
            alpha: int,
            beta: int,
            n: int,
            empty: int,
            hl: tuple[int, ...],
        ) -> int:
            # ``_plain``'s node when a move may shift a line (Power Wall): every move
            # the general way, and no bound below four empty cells.
            moves = gen(key, mine, theirs, hl, empty)
            moves.sort(reverse=True)
            best = lowest
            top = 2 * (hand_sizes[hm] - 1 + reach[empty]) - total
            for _, k2, t2, m2, a, p in moves:
                if n == 3:
                    v = -_leaf(k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha)
                elif top + 2 * pop[m2] <= alpha:  # (flips only fall down the list)
                    return max(best, top + 2 * pop[m2])
                else:
                    v = -_plain(
                        k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha, n - 1, 0x1FF ^ (t2 | m2)
                    )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            history[p][a] += n * n
                            return best
            return best

        def _three(
            moves: list[tuple[int, int, int, int, int]],
            key: int,
            mine: int,
            theirs: int,
            empty: int,
            hm: int,
            ho: int,
            alpha: int,
            beta: int,
        ) -> int:
            # three empty cells, none shifting: each of the mover's moves (as
            # ``_plain`` makes them, sorted) and the two-cell leaf after it, inline
            # (the same lines as ``_leaf``). ``hm`` is the mover's hand, ``ho`` the
            # other side's.
            best = lowest
            hl = hand_lists[ho]
            size = hand_sizes[ho]
            # the mover's last card flips at most ``reach[empty]`` cells
            top = 2 * (hand_sizes[hm] - 1 + reach[empty]) - total
            # (halves of the window's ends, worked out once: ``//`` is slow under Pyodide)
            half_alpha = (total + 1 - alpha) // 2
            half_beta = (total - beta) // 2
            for _, d, fl, a, p in moves:
                m2 = mine | fl | bit[p]
                if top + 2 * pop[m2] <= alpha:  # (flips only fall down the list)
                    return max(best, top + 2 * pop[m2])
                count[1] += 1
                t2 = theirs ^ fl
                base = pop[t2] + size
                if not hl:
                    v = total - 2 * base
                else:
                    k2 = key + d
                    ol = hand_lists[hm ^ bit[a]]
                    enough = half_alpha - base
                    low = half_beta - base
                    lb = lowest
                    for bp, cache, am, ad, cq, aq, dq in pair_info[empty ^ bit[p]]:
                        for b in hl:
                            k3 = k2 + ad[b]
                            x = cache[k3 & am]
                            fl = x & m2
                            if x > 511 and x & starts[m2]:
                                fl = chain(k3, x, fl, m2)
                            gain = pop[fl]
                            if gain <= low:
                                if gain > lb:
                                    lb = gain
                                continue
                            m3 = t2 | fl | bp
                            most = 0
                            for c in ol:
                                y = cq[(k3 + dq[c]) & aq]
                                f2 = y & m3
                                if y > 511 and y & starts[m3]:
                                    f2 = chain(k3 + dq[c], y, f2, m3)
                                got = pop[f2]
                                if got > most:
                                    most = got
                                    if gain - most <= low:
                                        break
                            gain -= most
                            if gain >= enough:
                                lb = gain
                                break
                            if gain > lb:
                                lb = gain
                        else:
                            continue
                        break
                    v = total - 2 * (base + lb)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            history[p][a] += 9
                            return best
                        half_alpha = (total + 1 - alpha) // 2
            return best

        def _leaf(key: int, mine: int, theirs: int, hm: int, ho: int, alpha: int, beta: int) -> int:
            # one or two empty cells: plain enumeration, no table.
            count[1] += 1
            empty = 0x1FF ^ (mine | theirs)
            hl = hand_lists[hm]
            base = pop[mine] + hand_sizes[hm]
            if not empty or not hl:
                return 2 * base - total
            if not empty & (empty - 1):
                p = cells_of[empty][0]
                cache = caches[p]
                am = area[p]
                ad = add[p]
                shifting = shifters[p]
                most = 0
                for a in hl:
                    if shifting >> a & 1:
                        gain = pop[shifted(a, p, key, mine, theirs)[1]] - pop[mine] - 1
                    else:
                        k2 = key + ad[a]
                        x = cache[k2 & am]
                        fl = x & theirs
                        if x > 511 and x & starts[theirs]:
                            fl = chain(k2, x, fl, theirs)
                        gain = pop[fl]
                    if gain > most:
                        most = gain
                return 2 * (base + most) - total
            if shift_cells & empty:  # a line may move: the general way
                best = lowest
                for _, k2, t2, m2, a, _ in gen(key, mine, theirs, hl, empty):
                    v = -_leaf(k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha)
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                return best
                return best
            ol = hand_lists[ho]
            # A line gaining ``enough`` cards fails high; one whose gain cannot
            # exceed ``low`` cannot beat alpha, so it needs no reply (its gain is
            # an upper bound at most alpha, which fail-soft may return).
            enough = (beta + total + 1) // 2 - base
            low = (alpha + total) // 2 - base
            best = lowest
            for bp, cache, am, ad, cq, aq, dq in pair_info[empty]:
                for a in hl:
                    k2 = key + ad[a]
                    x = cache[k2 & am]
                    fl = x & theirs
                    if x > 511 and x & starts[theirs]:
                        fl = chain(k2, x, fl, theirs)
                    gain = pop[fl]
                    if gain <= low:
                        if gain > best:
                            best = gain
                        continue
                    m2 = mine | fl | bp
                    most = 0
                    for b in ol:
                        y = cq[(k2 + dq[b]) & aq]
                        f2 = y & m2
                        if y > 511 and y & starts[m2]:
                            f2 = chain(k2 + dq[b], y, f2, m2)
                        got = pop[f2]
                        if got > most:
                            most = got
                            if gain - most <= low:
                                break
                    gain -= most
                    if gain >= enough:
                        return 2 * (base + gain) - total
                    if gain > best:
                        best = gain
            return 2 * (base + best) - total

        def limited(
            key: int, mine: int, theirs: int, hm: int, ho: int, alpha: int, beta: int, depth: int
        ) -> int:
            # looks ``depth`` plies ahead and counts cards at the horizon.
            empty = 0x1FF ^ (mine | theirs)
            hl = hand_lists[hm]
            if depth <= 0 or not empty or not hl:
                return 2 * (pop[mine] + hand_sizes[hm]) - total
            count[0] += 1
            moves = gen(key, mine, theirs, hl, empty)
            if depth == 1:
                top = max(pop[m2] for _, _, _, m2, _, _ in moves)
                return 2 * (top + hand_sizes[hm] - 1) - total
            moves.sort(reverse=True)
            best = lowest
            for _, k2, t2, m2, a, _ in moves:
                v = -limited(k2, t2, m2, ho, hm ^ bit[a], -beta, -alpha, depth - 1)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            return best

        return search, limited


@functools.cache
def _reach(sides: tuple[int, ...]) -> tuple[int, ...]:
    """By the mask of empty cells: the most of its cells' ``sides`` (the same for every
    table of these sides)."""
    return tuple(max((sides[c] for c in cells), default=0) for cells in CELLS_OF)


def _prior(pk: Packed, cell: int, card: int) -> int:
    """History's starting score of ``card`` on ``cell``: weak cards first, strong sides inward.

    A card's strength is the sum of its sides (their opposite under Reverse);
    spending the weaker cards first, with the stronger sides towards the cell's
    neighbours rather than a wall, finds cut-offs sooner (a fifth fewer nodes
    under Same+Plus+Combo and Power Wall, the same under the basic rule).
    """
    sides: tuple[int, ...] = pk.cards[card].sides
    if pk.flags.reverse:
        sides = tuple(11 - v for v in sides)
    inward = sum(v for v, q in zip(sides, pk.neigh[cell], strict=True) if q >= 0)
    return 3 * max(0, 2 * (40 - sum(sides)) + inward)


#: `_fronts` by the board's neighbours (walls, or wrapped round under Broken Wall)
_FRONTS: dict[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _fronts(
    neigh: tuple[tuple[int, ...], ...],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By the mask of empty cells: the filled cells next to an empty one, and the others."""
    got = _FRONTS.get(neigh)
    if got is None:
        front = tuple(
            sum(1 << c for c in CELLS_OF[0x1FF ^ e] if any(q >= 0 and e >> q & 1 for q in neigh[c]))
            for e in range(512)
        )
        got = _FRONTS[neigh] = (front, tuple(0x1FF ^ e ^ front[e] for e in range(512)))
    return got


def _guess(bounds: tuple[int, int, int]) -> int:
    """A first guess for MTD(f) from known (lower, upper, move) bounds."""
    lo, hi, _ = bounds
    if lo > -INF:
        return lo
    return hi if hi < INF else 0
