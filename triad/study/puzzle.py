"""Puzzles: positions with exactly one best move, graded, and one for every day.

A puzzle is a position (the JSON `python -m triad solve` reads) with both
hands open, in which exactly one move keeps the best exact value for the
side to move and decides the result: the only move that wins (every other
draws or loses), or the only one that saves the draw (every other loses).
Every other move is therefore worse by at least one card. The side to move
is always blue (the player's colour on the page).

Puzzles are generated from a seed by the engine and the solver
(`generate`): a match is dealt with rules from `RULE_CHOICES`, a few cards
are played by a simple seeded policy (mostly the move that captures the
most cards now), and the position is kept when the solver finds one and
only one best move that decides the result. The generator uses only
`triad.prng` and exact values, never the CPU's levels or timing, so a seed
gives the same puzzle under CPython and Pyodide and after the solver gets
faster.

Difficulty (`grade`, 1 to 5) counts what makes a position hard: how many
cells are still empty, how many moves look good but lose (they capture at
least as many cards right away as the solution does), a solution that
captures nothing right away, and how many capture rules are on.

The daily puzzle (`daily`) is picked from the date alone: the seed is the
day's number and the wanted grade follows the weekday (easy on Monday,
hardest on Saturday), so everyone gets the same one on the same day,
offline. A day's puzzle is unique to it: the date is in the seed, and the
tests check a long run of days for repeats.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from triad.capture import Placed, Player
from triad.cards import CardSet, builtin_set
from triad.cpu.context import Context, View
from triad.match import MatchConfig, deal_match
from triad.notation import card_to_json, move_to_json, state_to_json
from triad.prng import Rng, mix64, seed_from_text
from triad.rules import RuleSet
from triad.state import GameState, Move, Table

__all__ = [
    "EPOCH",
    "GRADES",
    "PUZZLE_FORMAT",
    "RULE_CHOICES",
    "Puzzle",
    "PuzzleMaker",
    "daily",
    "daily_json",
    "daily_maker",
    "day_number",
    "generate",
    "grade_for_day",
    "streak",
]

#: The ``format`` field of `Puzzle.to_json`.
PUZZLE_FORMAT = "triad-puzzle"

#: Day 1 of the daily puzzles.
EPOCH = datetime.date(2026, 1, 1)

#: Grade names, from 1 to 5.
GRADES = ("easy", "fair", "tricky", "hard", "fiendish")

#: The rule sets puzzles are played with (always with Open: both hands are shown).
RULE_CHOICES: tuple[tuple[str, ...], ...] = (
    (),
    ("same",),
    ("plus",),
    ("same", "combo"),
    ("plus", "combo"),
    ("same", "plus", "combo"),
    ("banner",),
    ("banner", "same", "combo"),
    ("same_wall", "plus", "combo"),
)

#: Capture rules that count towards difficulty.
_HARD_RULES = ("same", "same_wall", "plus", "plus_wall", "combo", "banner", "elemental")

#: Empty cells of the generated positions, by wanted grade.
_EMPTY_BY_GRADE = {1: (3, 4), 2: (4, 5), 3: (5, 6), 4: (5, 6), 5: (6, 7)}

#: Attempts per puzzle before the nearest grade found is taken.
_ATTEMPTS = 60

#: Wanted grade by weekday, Monday first.
_WEEKDAY_GRADES = (1, 2, 3, 3, 4, 5, 4)


@dataclass(frozen=True)
class Puzzle:
    """A position with one best move (see the module docstring).

    ``values`` holds every legal move's exact value (the side to move's
    final score minus the other's), best first; ``line`` is a perfect-play
    continuation from the solution to the end (both sides' moves, each
    indexing the mover's hand at that point); ``tempting`` counts the losing
    moves that capture at least as many cards right away as the solution.
    """

    seed: int
    state: GameState
    solution: Move
    value: int
    values: tuple[tuple[Move, int], ...]
    line: tuple[Move, ...]
    flips: int
    tempting: int
    grade: int

    @property
    def goal(self) -> str:
        """``"win"`` (the only winning move) or ``"draw"`` (the only move that saves a draw)."""
        return "win" if self.value > 0 else "draw"

    def to_json(self) -> dict[str, Any]:
        """JSON form: ``position`` is what ``python -m triad solve`` reads; ``solution``
        ``{"card": INDEX_IN_HAND, "cell": CELL}``; ``line`` each move with its player and card.
        """
        position = state_to_json(self.state)
        del position["shown"]
        state = self.state
        line: list[dict[str, Any]] = []
        for move in self.line:
            player = state.to_move
            line.append(
                {
                    "player": str(player),
                    "card": move.card,
                    "cell": move.cell,
                    "card_data": card_to_json(state.hands[player][move.card]),
                }
            )
            state, _ = state.apply(move)
        blue, red = state.score
        return {
            "format": PUZZLE_FORMAT,
            "version": 1,
            "seed": self.seed,
            "position": position,
            "solution": move_to_json(self.solution),
            "goal": self.goal,
            "value": self.value,
            "score": {"blue": blue, "red": red},
            "values": [{**move_to_json(m), "value": v} for m, v in self.values],
            "line": line,
            "hint": {"card": self.solution.card, "flips": self.flips},
            "tempting": self.tempting,
            "empty": self.state.board.count(None),
            "grade": self.grade,
            "grade_name": GRADES[self.grade - 1],
        }


class PuzzleMaker:
    """The search `generate` runs, one attempt at a time (the page's worker runs it in slices).

    :raises ValueError: a grade outside 1..5.
    """

    def __init__(self, seed: int, grade: int = 3, card_set: CardSet | None = None) -> None:
        if not 1 <= grade <= len(GRADES):
            raise ValueError(f"grade must be 1..{len(GRADES)}, got {grade}")
        self.seed = seed
        self.grade = grade
        self.cards = builtin_set() if card_set is None else card_set
        self.attempts = 0
        self._nearest: _Candidate | None = None
        self._done = False

    @property
    def done(self) -> bool:
        """True once the puzzle is found (`puzzle` gives it)."""
        return self._done

    def attempt(self) -> bool:
        """Try one more seeded position; True when the search is over."""
        if self._done:
            return True
        found = _attempt(mix64(self.seed ^ mix64(self.attempts)), self.grade, self.cards)
        self.attempts += 1
        nearest = self._nearest
        if found is not None and (
            nearest is None or abs(found.grade - self.grade) < abs(nearest.grade - self.grade)
        ):
            self._nearest = nearest = found
        hit = nearest is not None and nearest.grade == self.grade
        self._done = hit or (self.attempts >= _ATTEMPTS and nearest is not None)
        return self._done

    def puzzle(self) -> Puzzle:
        """The puzzle found: values and line are solved here.

        :raises ValueError: the search is not over.
        """
        if not self._done or self._nearest is None:
            raise ValueError("the puzzle is not found yet")
        return self._nearest.puzzle(self.seed)


def generate(seed: int, grade: int = 3, card_set: CardSet | None = None) -> Puzzle:
    """The puzzle of ``seed``, aiming at ``grade`` (1..5).

    Tries seeded positions until one has a single deciding best move of the
    wanted grade; after `_ATTEMPTS` tries it keeps the one nearest that grade.

    :raises ValueError: a grade outside 1..5.
    """
    maker = PuzzleMaker(seed, grade, card_set)
    while not maker.attempt():
        pass
    return maker.puzzle()


def day_number(day: datetime.date) -> int:
    """The puzzle number of ``day``: 1 on `EPOCH`, one more each day (earlier days below 1)."""
    return (day - EPOCH).days + 1


def grade_for_day(day: datetime.date) -> int:
    """The grade wanted on ``day``: by weekday, 1 on Monday up to 5 on Saturday."""
    return _WEEKDAY_GRADES[day.weekday()]


def daily_maker(day: datetime.date) -> PuzzleMaker:
    """The search for the puzzle of ``day`` (`daily` runs it to the end)."""
    return PuzzleMaker(seed_from_text(f"triad-daily:{day.isoformat()}"), grade_for_day(day))


def daily(day: datetime.date) -> Puzzle:
    """The puzzle of ``day``: the same for everyone, from the date alone."""
    maker = daily_maker(day)
    while not maker.attempt():
        pass
    return maker.puzzle()


def daily_json(day: datetime.date, puzzle: Puzzle | None = None) -> dict[str, Any]:
    """`daily` (or ``puzzle``, already made) as JSON (`Puzzle.to_json`) with ``date`` and ``number``."""
    data = (daily(day) if puzzle is None else puzzle).to_json()
    data["date"] = day.isoformat()
    data["number"] = day_number(day)
    return data


def streak(solved: Sequence[str], today: datetime.date) -> int:
    """Days in a row with their puzzle solved, up to ``today``.

    ``solved`` are ``YYYY-MM-DD`` dates; the streak still counts on a day
    whose puzzle is not solved yet, from the day before.
    """
    days = set(solved)
    day = today if today.isoformat() in days else today - datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


# -- generation --------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    """A position that passed the uniqueness test, graded; `puzzle` adds values and line."""

    ctx: Context
    state: GameState
    solution: Move
    value: int
    flips: int
    tempting: int
    grade: int

    def puzzle(self, seed: int) -> Puzzle:
        values = _all_values(self.ctx, self.state)
        line = _line(self.ctx, self.state, self.solution)
        return Puzzle(
            seed,
            self.state,
            self.solution,
            self.value,
            values,
            line,
            self.flips,
            self.tempting,
            self.grade,
        )


def _attempt(seed: int, grade: int, cards: CardSet) -> _Candidate | None:
    """One seeded try: a position aimed at ``grade``, if its best move is the only deciding one."""
    rng = Rng(seed)
    choices = RULE_CHOICES if grade > 1 else RULE_CHOICES[:3]
    names = ["open", *choices[rng.below(len(choices))]]
    rules = RuleSet.parse(names)
    if rules.affinity and not cards.affinities:
        return None
    state = deal_match(MatchConfig(rules, cards), rng.next64() >> 1).start()
    options = _EMPTY_BY_GRADE[grade]
    empty = options[rng.below(len(options))]
    while state.board.count(None) > empty:
        state, _ = state.apply(_policy(state, rng))
    if state.to_move is Player.RED:
        state = _recolour(state)
    hand = state.hands[Player.BLUE]
    if len(set(hand)) != len(hand):
        return None  # identical cards would make two "only" moves
    ctx = Context(View.of(state))
    solver = ctx.solver
    pos = ctx.position
    outcome = solver.outcome(pos)
    if outcome < 0:
        return None
    # one move must win (or draw); every other must fall to a worse result
    worse = 0 if outcome > 0 else -2
    winners = []
    for child in solver.children(pos):
        # null window from the opponent's side: the mover's value is above ``worse``
        if solver.probe(child.position, -worse - 1, -worse) < -worse:
            winners.append(child)
            if len(winners) > 1:
                return None
    if len(winners) != 1:  # pragma: no cover - the outcome says one move reaches it
        return None
    best = -solver.value(winners[0].position)
    solution = ctx.move_of(winners[0], Player.BLUE)
    flips = _flips(state, solution)
    others = [_flips(state, m) for m in state.legal_moves() if m != solution]
    tempting = sum(1 for f in others if f >= max(flips, 1))
    found = _grade(state.board.count(None), rules, flips, tempting, max(others, default=0))
    return _Candidate(ctx, state, solution, best, flips, tempting, found)


def _policy(state: GameState, rng: Rng) -> Move:
    """The move a plain player makes: mostly the most cards captured now, sometimes any."""
    moves = state.legal_moves()
    if rng.below(3) == 0:
        return moves[rng.below(len(moves))]
    scored = [(_flips(state, m), m) for m in moves]
    top = max(s for s, _ in scored)
    best = [m for s, m in scored if s == top]
    return best[rng.below(len(best))]


def _flips(state: GameState, move: Move) -> int:
    """Cards ``move`` captures right away."""
    mover = state.to_move
    after, _ = state.apply(move)
    return after.owned(mover) - state.owned(mover) - 1


def _recolour(state: GameState) -> GameState:
    """The same position with the colours swapped (so that blue is to move)."""
    board = tuple(None if s is None else Placed(s.card, s.owner.other) for s in state.board)
    table = state.table
    swapped = Table(table.rules, table.cells, table.restrictions, table.first.other)
    hands = (state.hands[1], state.hands[0])
    return GameState(swapped, board, hands, state.to_move.other, (state.shown[1], state.shown[0]))


def _all_values(ctx: Context, state: GameState) -> tuple[tuple[Move, int], ...]:
    """Every legal move's exact value, best first (ties by hand index, then cell)."""
    by_move = {
        ctx.move_of(child, state.to_move): v for child, v in ctx.solver.move_values(ctx.position)
    }
    return tuple(sorted(by_move.items(), key=lambda mv: (-mv[1], mv[0].card, mv[0].cell)))


def _line(ctx: Context, state: GameState, first: Move) -> tuple[Move, ...]:
    """``first``, then perfect play by both sides to the end of the game."""
    line = [first]
    state, _ = state.apply(first)
    while not state.is_terminal:
        if not ctx.sync(View.of(state)):  # pragma: no cover - one game keeps its cards
            ctx = Context(View.of(state))
        _, child = ctx.solver.best(ctx.position)
        move = ctx.move_of(child, state.to_move)
        line.append(move)
        state, _ = state.apply(move)
    return tuple(line)


def _grade(empty: int, rules: RuleSet, flips: int, tempting: int, most_flips: int) -> int:
    """Difficulty 1..5 from the features named in the module docstring.

    ``most_flips``: the most cards another move captures right away.
    """
    points = 2 * (empty - 3)
    points += min(tempting, 6)
    if flips == 0 and most_flips > 0:
        points += 2
    points += min(sum(1 for name in _HARD_RULES if name in rules.names), 3)
    thresholds = (5, 8, 11, 15)
    return 1 + sum(1 for t in thresholds if points >= t)
