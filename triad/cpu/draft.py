"""The CPU's picks in a Draft: which of the cards laid out to take next.

`draft_pick` answers one pick for the player whose turn it is. It knows the
table the game will be played on (rules, cell affinities), because the deal
fixes it before the draft, and it sees every card: a draft
is public, so both drafted hands are known and so is what is left.

How a pick is valued (`DraftModel`):

* card against card: for every cell and every side that faces a neighbour
  (all four with Broken Wall), whether the card, placed there, beats or
  resists each other card of the pool placed next to it, with the cells'
  affinity modifiers, Battle's tie rule, Reverse and Fallen Ace;
* Ascension and Descension: a card of a type counts, on average over a match,
  ``(1 + 0.9 k) / 2`` more (Ascension) or less (Descension) on every side,
  ``k`` being the other cards of its type among the ten in play (it attacks
  with about half of them down, and defends with itself counted as well);
  cards without a type never change. Against a pair of hands ``k`` is
  counted in them; against the whole pool, scaled to the ten cards of the
  match. So under Ascension a card of the type the hands gather is worth
  more, and under Descension a card without a type, or of a rare one;
* a card's worth against a set of opposing cards: how safe it sits in its
  best cells (per cell, the product over the sides it shows there of the
  share of opposing cards that cannot take it: a corner card with two strong
  adjacent sides is safe where a card of the same total with its strong
  sides opposite is not), plus how often its sides beat the opposing sides
  they meet;
* Same, Same Wall, Plus, Plus Wall (more with Combo): how likely the card's
  printed sides are to pair with the pool's touching sides (or the walls);
* a pair of hands: the sum of each card's worth against the other hand,
  mine less the opponent's.

Levels (`DRAFT_SPECS`): ``random`` takes any card; ``greedy`` the strongest
card by level, then side total, whatever the rules; ``novice`` the card worth
most against the pool, with noise; ``adept`` also counts
what the card would be worth to the opponent, with less noise; ``expert``
values each card it could take by playing the rest of the draft out (both
players then take the best card left by its worth against the pool) and
comparing the two hands that result, with a little noise; ``master`` also
tries each reply of the opponent and assumes the worst, without noise.
Every pick is a function of the draft, the table, the level and the seed, so
a deal replays the same draft.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from triad.capture import Player, modifier
from triad.cards import Card
from triad.cpu.brain import LEVELS
from triad.cpu.packed import OPPOSITE, neighbours
from triad.match import DraftState
from triad.state import HAND_SIZE, Table

__all__ = ["DRAFT_SPECS", "DraftModel", "DraftSpec", "draft_pick", "pick_values"]


@dataclass(frozen=True)
class DraftSpec:
    """How a level drafts.

    ``look``: 0 values a card by its worth against the pool; from 1 on, how
    many picks are tried (the candidate, then the opponent's replies, then
    mine...) before the rest of the draft is played out; ``denial``: weight
    of what the card is worth to the opponent (``look`` 0 only: the playouts
    count it anyway); ``temperature``: of the random pick over values, in
    cards (0 picks a best one).
    """

    look: int
    denial: float
    temperature: float


DRAFT_SPECS: dict[str, DraftSpec] = {
    "novice": DraftSpec(look=0, denial=0.0, temperature=0.15),
    "adept": DraftSpec(look=0, denial=0.5, temperature=0.06),
    "expert": DraftSpec(look=1, denial=1.0, temperature=0.02),
    "master": DraftSpec(look=2, denial=1.0, temperature=0.0),
}

#: Worth of a card's safety and of its attacks (see `DraftModel.parts`), in
#: cards: fitted, with `SPECIAL`, to the exact values of games between random
#: hands, then checked on drafted games.
SAFETY = 1.0
ATTACK = 0.6
#: Cells a card's safety is averaged over: the corners' count.
SAFE_CELLS = 4
#: Share of a card's own worth added to the playouts' verdict: a card in hand
#: is sure, the rest of a playout is a guess (and equal verdicts go to the
#: better card).
HOLD = 0.1
#: Worth of a sure Same or Plus trigger (cards taken), and the Combo factor.
SPECIAL = 0.65
COMBO = 1.5


class DraftModel:
    """Card-against-card tables for one draft pool on one table."""

    def __init__(self, pool: Sequence[Card], table: Table) -> None:
        rules = table.rules
        self.pool = tuple(pool)
        n = len(self.pool)
        self.rules = rules
        wrap = rules.broken_wall
        cells = table.cells if rules.affinity else (None,) * 9
        # exposures: (cell, side, neighbour cell) for every side that meets a card.
        exposures: list[tuple[int, int, int]] = []
        for p in range(9):
            for d, q in enumerate(neighbours(p, wrap)):
                if q >= 0:
                    exposures.append((p, d, q))
        index = {e: k for k, e in enumerate(exposures)}
        self.reverse = [index[(q, OPPOSITE[d], p)] for p, d, q in exposures]
        self.by_cell = [[k for k, e in enumerate(exposures) if e[0] == p] for p in range(9)]
        self.exposures = exposures
        self.mods = [[modifier(c, cells[p]) for p in range(9)] for c in self.pool]
        self.step = 1 if rules.ascension else -1 if rules.descension else 0
        self._typed: dict[tuple[int, int, float, float], tuple[float, ...]] = {}
        # beat[a][b][k]: card a on exposure k's cell beats card b on its neighbour cell.
        beat = [[list(self._hits(a, b, 0, 0)) for b in range(n)] for a in range(n)]
        self.beat = beat
        # taken[a][b][k]: b, beside a on exposure k, takes a; wins[a][b]: exposures a beats b on.
        self.taken = [
            [tuple(beat[b][a][self.reverse[k]] for k in range(len(exposures))) for b in range(n)]
            for a in range(n)
        ]
        self.wins = [[sum(beat[a][b]) for b in range(n)] for a in range(n)]
        self.special = [self._special(i) for i in range(n)]
        self._worth: dict[tuple[int, tuple[int, ...], tuple[float, ...]], float] = {}
        everyone = tuple(range(n))
        #: Ascension/Descension shifts of the pool's cards, counted over the whole pool
        self.pool_shifts = self.shifts(everyone, (2 * HAND_SIZE - 1) / max(n - 1, 1))
        self.alone = [
            self.worth(i, tuple(j for j in everyone if j != i), self.pool_shifts) for i in range(n)
        ]

    def shifts(self, cards: Sequence[int], scale: float = 1.0) -> tuple[float, ...]:
        """Each pool card's average Ascension/Descension shift when ``cards`` are in play.

        ``scale`` turns a count among ``cards`` into one among the ten cards of
        a match. All zeros without those rules.
        """
        out = [0.0] * len(self.pool)
        if not self.step:
            return tuple(out)
        kinds: dict[str, int] = {}
        for c in cards:
            kind = self.pool[c].affinity
            if kind is not None:
                kinds[kind] = kinds.get(kind, 0) + 1
        for c, card in enumerate(self.pool):
            if card.affinity is not None:
                others = (kinds.get(card.affinity, 0) - (1 if c in cards else 0)) * scale
                out[c] = self.step * (1 + 0.9 * others) / 2
        return tuple(out)

    def worth(
        self, card: int, against: tuple[int, ...], shifts: tuple[float, ...] | None = None
    ) -> float:
        """What ``card`` (a pool index) is worth in a hand facing the cards ``against``.

        ``shifts``: the cards' Ascension/Descension shifts (`shifts`); none by default.
        """
        if shifts is None or not self.step:
            shifts = ()
        key = (card, against, shifts)
        got = self._worth.get(key)
        if got is None:
            safest, attack = self.parts(card, against, shifts)
            got = self.special[card] + SAFETY * safest + ATTACK * attack
            self._worth[key] = got
        return got

    def _hits(self, a: int, b: int, da: int, db: int) -> tuple[int, ...]:
        """Per exposure: 1 where card ``a`` beats ``b`` beside it, their sides
        moved by ``da`` and ``db`` (Ascension/Descension, kept within 1..10)."""
        rules = self.rules
        flip = -1 if rules.reverse else 1  # Reverse: the lower value wins
        sa, sb = self.pool[a].sides, self.pool[b].sides
        ma, mb = self.mods[a], self.mods[b]
        ta, tb = self.pool[a].power, self.pool[b].power
        hits = []
        for p, d, q in self.exposures:
            x = min(max(sa[d] + da, 1), 10) if da else sa[d]
            y = min(max(sb[OPPOSITE[d]] + db, 1), 10) if db else sb[OPPOSITE[d]]
            if rules.fallen_ace and x + y == 11 and (x == 1 or y == 1):
                hits.append(1)  # (between a 1 and an A the attacker always captures)
                continue
            x = flip * (x + ma[p])
            y = flip * (y + mb[q])
            tie = rules.battle and x == y and flip * ta > flip * tb
            hits.append(1 if x > y or tie else 0)
        return tuple(hits)

    def _shifted(self, a: int, b: int, sa: float, sb: float) -> tuple[float, ...]:
        """`_hits` for average shifts: the whole shifts around them, weighed by nearness."""
        key = (a, b, sa, sb)
        got = self._typed.get(key)
        if got is None:
            total = [0.0] * len(self.exposures)
            la, lb = math.floor(sa), math.floor(sb)
            for da, wa in ((la, 1 - (sa - la)), (la + 1, sa - la)):
                for db, wb in ((lb, 1 - (sb - lb)), (lb + 1, sb - lb)):
                    if wa * wb > 0:
                        for k, h in enumerate(self._hits(a, b, da, db)):
                            total[k] += wa * wb * h
            got = tuple(total)
            self._typed[key] = got
        return got

    def parts(
        self, card: int, against: Sequence[int], shifts: tuple[float, ...] = ()
    ) -> tuple[float, float]:
        """How safe ``card`` sits facing ``against``, and how often it beats them.

        Safety: per cell, the product over the sides it shows there of the share
        of opposing cards that cannot take it from that side; cubed (a cell
        where it is nearly safe counts far more than two half-safe ones) and
        averaged over its best `SAFE_CELLS` cells. Attack: the share of its
        sides, over every cell, that beat the opposing side they meet.
        """
        if not against:
            return 0.0, 0.0
        m = len(against)
        if shifts:  # Ascension/Descension: the pairs' tables with their shifts
            back = self.reverse
            rows = [self._shifted(o, card, shifts[o], shifts[card]) for o in against]
            taken: Sequence[Sequence[float]] = [
                [row[back[k]] for k in range(len(back))] for row in rows
            ]
            wins = {o: sum(self._shifted(card, o, shifts[card], shifts[o])) for o in against}
        else:
            taken = [self.taken[card][o] for o in against]
            wins = dict(enumerate(self.wins[card]))
        counts = [sum(col) for col in zip(*taken, strict=True)]
        safety: list[float] = []
        for ks in self.by_cell:
            safe = 1.0
            for k in ks:
                safe *= 1.0 - counts[k] / m
            safety.append(safe * safe * safe)
        safety.sort(reverse=True)
        attack = sum(wins[o] for o in against) / (m * len(self.exposures))
        return sum(safety[:SAFE_CELLS]) / SAFE_CELLS, attack

    def hands(self, mine: Sequence[int], theirs: Sequence[int]) -> float:
        """How much better ``mine`` is than ``theirs`` (pool indices), in cards."""
        a = tuple(sorted(mine))
        b = tuple(sorted(theirs))
        shifts = self.shifts(a + b)
        return sum(self.worth(c, b, shifts) for c in a) - sum(self.worth(c, a, shifts) for c in b)

    def _special(self, card: int) -> float:
        """Same/Plus worth of ``card``: how often, on average over cells, a pair forms."""
        rules = self.rules
        if not (rules.same or rules.plus):
            return 0.0
        sides = self.pool[card].sides
        others = [c.sides for i, c in enumerate(self.pool) if i != card]
        if not others:
            return 0.0
        m = len(others)
        walls = not rules.broken_wall
        chance = 0.0
        for p in range(9):
            near = neighbours(p, rules.broken_wall)
            # per side facing a card: the chance it forms a Same pair, and the
            # spread of its Plus sums; walls: how many Same pairs, their Plus sums
            same: list[float] = []
            sums: list[dict[int, float]] = []
            wall_pairs = 0
            wall_sums: list[int] = []
            for d, q in enumerate(near):
                if q < 0:
                    if walls and rules.same_wall and sides[d] == 10:
                        wall_pairs += 1
                    if walls and rules.plus_wall:
                        wall_sums.append(sides[d] + 10)
                    continue
                touching = [o[OPPOSITE[d]] for o in others]
                if rules.same:
                    same.append(sum(1 for t in touching if t == sides[d]) / m)
                if rules.plus:
                    spread: dict[int, float] = {}
                    for t in touching:
                        spread[sides[d] + t] = spread.get(sides[d] + t, 0.0) + 1.0 / m
                    sums.append(spread)
            # a capture needs a pair with a card: two cards, or a card and a wall
            fire = 0.0
            for i in range(len(same)):
                fire += wall_pairs * same[i]
                for j in range(i + 1, len(same)):
                    fire += same[i] * same[j]
            for i in range(len(sums)):
                fire += sum(sums[i].get(w, 0.0) for w in wall_sums)
                for j in range(i + 1, len(sums)):
                    fire += sum(w * sums[j].get(s, 0.0) for s, w in sums[i].items())
            chance += min(fire, 1.0)
        chains = rules.combo or rules.original  # (under original Same and Plus always chain)
        return SPECIAL * (COMBO if chains else 1.0) * chance / 9


def draft_pick(draft: DraftState, table: Table, level: str = "master", seed: int = 0) -> int:
    """The pool index the player to pick (``draft.to_pick``) takes at ``level``.

    ``table`` is the table the drafted hands will play on; ``seed`` the
    match's seed: the pick depends on nothing else, so a deal drafts the
    same way every time.

    :raises ValueError: unknown level, or the draft is over.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {list(LEVELS)}")
    available = draft.available
    if draft.is_done or not available:
        raise ValueError("the draft is over")
    turn = len(draft.blue_picks) + len(draft.red_picks)
    rng = random.Random(seed * 7919 + turn * 104729 + LEVELS.index(level))
    if level == "random" or len(available) == 1:
        return rng.choice(available)
    if level == "greedy":
        pool = draft.pool
        return min(available, key=lambda i: (-pool[i].level, -pool[i].power, i))
    spec = DRAFT_SPECS[level]
    model = DraftModel(draft.pool, table)
    values = pick_values(model, draft, spec)
    top = max(values.values())
    if spec.temperature <= 0:
        return min(i for i in available if values[i] >= top - 1e-9)
    weights = [math.exp((values[i] - top) / spec.temperature) for i in available]
    return rng.choices(available, weights)[0]


def pick_values(model: DraftModel, draft: DraftState, spec: DraftSpec) -> dict[int, float]:
    """The value of taking each available card, for the player to pick, at ``spec``."""
    me = draft.to_pick
    mine, theirs = _picks(draft, me)
    available = draft.available
    if spec.look == 0:
        out = {}
        for i in available:
            others = tuple(j for j in range(len(model.pool)) if j != i)
            out[i] = model.worth(i, others, model.pool_shifts) + spec.denial * model.alone[i]
        return out
    order = sorted(available, key=lambda i: (-model.alone[i], i))
    out = {}
    for i in available:
        rest = [j for j in order if j != i]
        value = _search(model, [*mine, i], theirs, rest, False, spec.look - 1)
        out[i] = value + HOLD * model.alone[i]
    return out


def _search(
    model: DraftModel,
    mine: list[int],
    theirs: list[int],
    order: list[int],
    my_turn: bool,
    plies: int,
) -> float:
    """My hand's edge when the draft goes on from here: every pick tried for
    ``plies`` picks (mine for the best, the opponent's for the worst), then played out."""
    if len(mine) >= HAND_SIZE and len(theirs) >= HAND_SIZE:
        return model.hands(mine, theirs)
    hand = mine if my_turn else theirs
    if plies <= 0 or not order or len(hand) >= HAND_SIZE:
        return _playout(model, mine, theirs, order, my_turn)
    values = []
    for i in order:
        rest = [j for j in order if j != i]
        if my_turn:
            values.append(_search(model, [*mine, i], theirs, rest, False, plies - 1))
        else:
            values.append(_search(model, mine, [*theirs, i], rest, True, plies - 1))
    return max(values) if my_turn else min(values)


def _picks(draft: DraftState, me: Player) -> tuple[list[int], list[int]]:
    blue, red = list(draft.blue_picks), list(draft.red_picks)
    return (blue, red) if me is Player.BLUE else (red, blue)


def _playout(
    model: DraftModel, mine: list[int], theirs: list[int], order: list[int], my_turn: bool
) -> float:
    """The rest of the draft with both players taking the best card left; my hand's edge."""
    mine = list(mine)
    theirs = list(theirs)
    left = iter(order)
    while len(mine) < HAND_SIZE or len(theirs) < HAND_SIZE:
        hand = mine if my_turn else theirs
        if len(hand) < HAND_SIZE:
            card = next(left, None)
            if card is None:
                break
            hand.append(card)
        my_turn = not my_turn
    return model.hands(mine, theirs)
