"""Move-by-move analysis of a match: exact values, best moves and marks.

An `Analyser` walks a replayed match (`triad.notation.Replay`, from a
match record) one move at a time. For each move it gives, from the mover's
side:

* ``best``: the exact value of the position before the move under perfect
  play, and ``best_move``, the first move in hand order that keeps it (as
  ``python -m triad solve`` lists them);
* ``value``: the exact value the played move kept (the value of the
  position after it, from the mover's side);
* ``lost``: the cards the move gave up against the best move, exactly:
  ``(best - value) // 2``;
* ``mark``: ``best``, ``inaccuracy`` or ``blunder`` (see `mark_for`).

Values are the engine solver's: the mover's final score minus the other's
with perfect play from then on (a 6-4 finish is +2), with every card known;
a record holds the whole deal, so the analysis knows both hands.

Marks judge a move by what its player could know. When the mover saw every
card in play (Open, or every hidden card shown or deduced), the mark is the
exact loss. When some of the opponent's cards were hidden from the mover,
the exact loss would blame the player for cards they could not see: the
mark then compares the move with the best one as the master CPU values it
from the mover's view alone (the hidden cards guessed from the card set,
averaged over sampled hands, exact near the end; `triad.cpu.brain`), and
the review says so (``judged`` is ``"hidden"``, ``hidden`` counts the cards
the mover could not see). The guesses come from a generator seeded by the
match seed, game and ply, so an analysis is the same every time and under
every runtime.

One solver (`triad.cpu.context.Context`) serves every position of a game:
what it learns solving one move is reused for the next ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from triad.capture import Player
from triad.cards import Card
from triad.cpu.brain import Brain
from triad.cpu.context import Context, View
from triad.notation import MatchRecord, Replay, card_to_json, move_to_json
from triad.observe import observe
from triad.prng import mix64
from triad.state import GameState, Move

__all__ = [
    "ANALYSIS_FORMAT",
    "CELL_NAMES",
    "MARKS",
    "Analyser",
    "MoveReview",
    "analyse",
    "mark_for",
]

#: The ``format`` field of `Analyser.to_json` output.
ANALYSIS_FORMAT = "triad-analysis"

#: The marks, from good to bad.
MARKS = ("best", "inaccuracy", "blunder")

#: Names of the cells 0..8 (rows from the top, left to right).
CELL_NAMES = (
    "top left",
    "top",
    "top right",
    "left",
    "centre",
    "right",
    "bottom left",
    "bottom",
    "bottom right",
)


def mark_for(cards_lost: float) -> str:
    """The mark of a move that gave up ``cards_lost`` cards against the best move.

    Less than half a card is ``best`` (exact losses are whole cards: none),
    less than a card and a half an ``inaccuracy`` (one card), more a
    ``blunder`` (two cards or more).
    """
    if cards_lost < 0.5:
        return "best"
    if cards_lost < 1.5:
        return "inaccuracy"
    return "blunder"


@dataclass(frozen=True)
class MoveReview:
    """The analysis of one move (values from the mover's side; see the module docstring).

    ``game`` counts from 0 (Sudden Death rematches follow the first game);
    ``ply`` from 1 within the game; ``loss`` is the cards given up as judged
    (exact when ``judged`` is ``"exact"``, else against master's view of
    what the mover could see); ``side_value`` is the exact value after the
    move from the analysed side.
    """

    game: int
    ply: int
    player: Player
    move: Move
    card: Card
    value: int
    best: int
    best_move: Move
    best_card: Card
    judged: str
    hidden: int
    loss: float
    side_value: int

    @property
    def lost(self) -> int:
        """Cards the move gave up against the best move, with every card known."""
        return (self.best - self.value) // 2

    @property
    def mark(self) -> str:
        """``best``, ``inaccuracy`` or ``blunder`` (`mark_for` of `loss`)."""
        return mark_for(self.loss)

    def to_json(self) -> dict[str, Any]:
        """JSON form: every field, moves as ``{"card", "cell"}``, cards in full."""
        return {
            "game": self.game,
            "ply": self.ply,
            "player": str(self.player),
            "move": move_to_json(self.move),
            "card": card_to_json(self.card),
            "value": self.value,
            "best": self.best,
            "best_move": move_to_json(self.best_move),
            "best_card": card_to_json(self.best_card),
            "lost": self.lost,
            "judged": self.judged,
            "hidden": self.hidden,
            "loss": round(self.loss, 2),
            "mark": self.mark,
            "side_value": self.side_value,
        }


class Analyser:
    """Analyses a match record, replayed as ``played``, move by move (`step`) for ``side``.

    ``pool``: the cards a hidden hand could hold, as the players knew it
    (default: the match's card set, within its level range).
    """

    def __init__(
        self,
        record: MatchRecord,
        played: Replay,
        side: Player = Player.BLUE,
        pool: Sequence[Card] | None = None,
    ) -> None:
        self.record = record
        self.played = played
        self.side = side
        if pool is None:
            cards = played.match.config.card_set.cards
            level_range = played.match.level_range
            if level_range is not None:
                low, high = level_range
                cards = tuple(c for c in cards if low <= c.level <= high)
            pool = cards
        self.pool: tuple[Card, ...] = tuple(pool)
        self.plies: list[tuple[int, int]] = [
            (game, ply)
            for game, states in enumerate(played.states)
            for ply in range(len(states) - 1)
        ]
        self.reviews: list[MoveReview] = []
        self._solved: dict[tuple[int, int], tuple[int, Move | None]] = {}
        self._context: Context | None = None

    @property
    def total(self) -> int:
        """Moves to analyse in the whole match."""
        return len(self.plies)

    @property
    def done(self) -> bool:
        """True when every move is analysed."""
        return len(self.reviews) == len(self.plies)

    def opening(self, game: int) -> int:
        """Exact value of game ``game``'s opening position, from the analysed side."""
        return self._side(self.played.states[game][0], self._solve(game, 0)[0])

    def step(self, deadline: float = 0.0) -> MoveReview:
        """Analyse the next move and return its review.

        ``deadline`` (a ``time.perf_counter`` value, 0 for none) bounds the
        exact search: when it passes, `triad.cpu.solver.Timeout` is raised and
        nothing is lost: the solver keeps what it learnt, and the next call
        goes on from there (the page's worker analyses in short slices).

        :raises ValueError: every move is analysed already.
        :raises Timeout: ``deadline`` passed.
        """
        if self.done:
            raise ValueError("every move of the match is analysed already")
        game, index = self.plies[len(self.reviews)]
        states = self.played.states[game]
        before, after = states[index], states[index + 1]
        mover = before.to_move
        move = self.record.games[game][index]
        best, best_move = self._solve(game, index, deadline)
        assert best_move is not None
        after_value = self._solve(game, index + 1, deadline)[0]
        value = after_value if after.to_move == mover else -after_value
        view = observe(before, mover)
        brain = Brain("master", mix64(self.played.match.seed ^ (game << 8 | index)), self.pool)
        if view.hidden == 0 or brain.knows(view):
            judged, loss = "exact", (best - value) / 2
        else:
            values = brain.values(view)
            mine = _lookup(values, move, before.hands[mover])
            judged, loss = "hidden", max(0.0, (max(values.values()) - mine) / 2)
        hand = before.hands[mover]
        review = MoveReview(
            game=game,
            ply=index + 1,
            player=mover,
            move=move,
            card=hand[move.card],
            value=value,
            best=best,
            best_move=best_move,
            best_card=hand[best_move.card],
            judged=judged,
            hidden=view.hidden,
            loss=loss,
            side_value=value if mover == self.side else -value,
        )
        self.reviews.append(review)
        return review

    def run(self) -> list[MoveReview]:
        """Analyse every move left; all the reviews."""
        while not self.done:
            self.step()
        return self.reviews

    def to_json(self) -> dict[str, Any]:
        """The analysis so far (`run` first for all of it) as JSON::

        {"format": "triad-analysis", "version": 1, "side": "blue",
         "games": [{"opening": V, "moves": [REVIEW, ...]}, ...],
         "marks": {"blue": {"best": n, "inaccuracy": n, "blunder": n}, "red": {...}},
         "hidden_judged": n}
        """
        games: list[dict[str, Any]] = []
        for game in range(len(self.played.states)):
            if game > 0 and not any(r.game == game for r in self.reviews):
                break
            moves = [r.to_json() for r in self.reviews if r.game == game]
            games.append({"opening": self.opening(game), "moves": moves})
        marks = {str(p): dict.fromkeys(MARKS, 0) for p in (Player.BLUE, Player.RED)}
        for r in self.reviews:
            marks[str(r.player)][r.mark] += 1
        return {
            "format": ANALYSIS_FORMAT,
            "version": 1,
            "side": str(self.side),
            "complete": self.done,
            "total": self.total,
            "games": games,
            "marks": marks,
            "hidden_judged": sum(1 for r in self.reviews if r.judged == "hidden"),
        }

    # -- internals -----------------------------------------------------------

    def _side(self, state: GameState, value: int) -> int:
        return value if state.to_move == self.side else -value

    def _solve(self, game: int, index: int, deadline: float = 0.0) -> tuple[int, Move | None]:
        """Exact value (mover's side) and one best move of a position of the match."""
        key = (game, index)
        known = self._solved.get(key)
        if known is not None:
            return known
        state = self.played.states[game][index]
        mover = state.to_move
        if state.is_terminal:
            score = state.score
            result: tuple[int, Move | None] = (score[mover] - score[1 - mover], None)
        else:
            view = View.of(state)
            ctx = self._context
            if ctx is None or not ctx.sync(view):
                ctx = self._context = Context(view)
            solver = ctx.solver
            value, child = solver.best(ctx.position, deadline=deadline)
            # the first best move in hand order (as `solve` lists them), whatever the
            # search met first: the same answer however the work was sliced
            found = ctx.move_of(child, mover)
            for other in solver.children(ctx.position):
                move = ctx.move_of(other, mover)
                if move < found:
                    reached = -solver.probe(other.position, -value - 1, -value + 1, deadline)
                    if reached >= value:
                        found = move
            result = (value, found)
        self._solved[key] = result
        return result


def analyse(record: MatchRecord, played: Replay, side: Player = Player.BLUE) -> Analyser:
    """Analyse every move of ``record`` (replayed as ``played``) for ``side``."""
    analyser = Analyser(record, played, side)
    analyser.run()
    return analyser


def _lookup(values: dict[Move, float], move: Move, hand: Sequence[Card]) -> float:
    """The value of ``move``; a twin card's move when identical cards were valued once."""
    if move in values:
        return values[move]
    card = hand[move.card]
    return next(v for m, v in values.items() if m.cell == move.cell and hand[m.card] == card)
