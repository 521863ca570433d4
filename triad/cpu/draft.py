"""The CPU's picks in a Draft: which of the cards laid out to take next.

`draft_pick` answers one pick for the player whose turn it is. It knows the
table the game will be played on (rules, cell affinities), because the deal
fixes it before the draft, and it sees every card: a draft
is public, so both drafted hands are known and so is what is left.

How a pick is valued (`DraftModel`):

* card against card: for every cell and every side that faces a neighbour
  (all four with Broken Wall), whether the card, placed there, beats or
  resists each other card of the pool placed next to it, with the cells'
  affinity modifiers, Battle's tie rule, Reverse and Fallen Ace (Ascension
  and Descension, which depend on the board, are left out of this estimate);
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
        mods = [[modifier(c, cells[p]) for p in range(9)] for c in self.pool]
        totals = [c.power for c in self.pool]
        battle = rules.battle
        flip = -1 if rules.reverse else 1  # Reverse: the lower value wins
        fallen = rules.fallen_ace
        # beat[a][b][k]: card a on exposure k's cell beats card b on its neighbour cell.
        beat: list[list[list[int]]] = []
        for a in range(n):
            sa = self.pool[a].sides
            row = []
            for b in range(n):
                sb = self.pool[b].sides
                hits = []
                for p, d, q in exposures:
                    x = sa[d]
                    y = sb[OPPOSITE[d]]
                    if fallen and x + y == 11 and (x == 1 or y == 1):
                        hits.append(1 if (x == 1) == (flip > 0) else 0)
                        continue
                    x = flip * (x + mods[a][p])
                    y = flip * (y + mods[b][q])
                    tie = battle and x == y and flip * totals[a] > flip * totals[b]
                    hits.append(1 if x > y or tie else 0)
                row.append(hits)
            beat.append(row)
        self.beat = beat
        # taken[a][b][k]: b, beside a on exposure k, takes a; wins[a][b]: exposures a beats b on.
        self.taken = [
            [tuple(beat[b][a][self.reverse[k]] for k in range(len(exposures))) for b in range(n)]
            for a in range(n)
        ]
        self.wins = [[sum(beat[a][b]) for b in range(n)] for a in range(n)]
        self.special = [self._special(i) for i in range(n)]
        self._worth: dict[tuple[int, tuple[int, ...]], float] = {}
        everyone = tuple(range(n))
        self.alone = [self.worth(i, tuple(j for j in everyone if j != i)) for i in range(n)]

    def worth(self, card: int, against: tuple[int, ...]) -> float:
        """What ``card`` (a pool index) is worth in a hand facing the cards ``against``."""
        key = (card, against)
        got = self._worth.get(key)
        if got is None:
            safest, attack = self.parts(card, against)
            got = self.special[card] + SAFETY * safest + ATTACK * attack
            self._worth[key] = got
        return got

    def parts(self, card: int, against: Sequence[int]) -> tuple[float, float]:
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
        taken = self.taken[card]
        counts = [sum(col) for col in zip(*(taken[o] for o in against), strict=True)]
        safety: list[float] = []
        for ks in self.by_cell:
            safe = 1.0
            for k in ks:
                safe *= 1.0 - counts[k] / m
            safety.append(safe * safe * safe)
        safety.sort(reverse=True)
        wins = self.wins[card]
        attack = sum(wins[o] for o in against) / (m * len(self.exposures))
        return sum(safety[:SAFE_CELLS]) / SAFE_CELLS, attack

    def hands(self, mine: Sequence[int], theirs: Sequence[int]) -> float:
        """How much better ``mine`` is than ``theirs`` (pool indices), in cards."""
        a = tuple(sorted(mine))
        b = tuple(sorted(theirs))
        return sum(self.worth(c, b) for c in a) - sum(self.worth(c, a) for c in b)

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
        return SPECIAL * (COMBO if rules.combo else 1.0) * chance / 9


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
            out[i] = model.worth(i, others) + spec.denial * model.alone[i]
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
