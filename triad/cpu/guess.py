"""Guessing hidden cards from what the opponent has played so far.

Master values a position with hidden cards by sampling the hidden cards and
averaging each sampled deal's values (determinization). Not every guess is as
likely: an opponent who just placed a card that took nothing probably held no
card that would have taken three there. `Sightings` keeps, for one viewer,
each opponent move seen this round (the board it was played on, the cards of
its hand known then, the card and the cell) and weighs a guess of the hidden
cards by how likely a fallible opponent holding them would have played those
moves: one who plays each card and cell with probability proportional to
``exp(2 * flips / SIGHT_TEMPERATURE)`` (the cards it takes at once, counted
twice as values are).

A guess's weight depends only on the sum, over each card its hand held then,
of that card's ``exp`` terms over the free cells (the played move's own term
is the same for every guess), so each card's sum is computed once per sighting
and weighing a guess costs a few additions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from triad.capture import Board, Player, resolve
from triad.cards import Card
from triad.observe import Observation
from triad.state import Move, Table

#: How widely the modelled opponent strays from the move that takes the most
#: cards (values count cards twice: at 1.0 each card fewer is e^2 times less likely).
SIGHT_TEMPERATURE = 1.0


@dataclass
class Sighting:
    """One opponent move seen: the board it was played on, the opponent's hand cards
    known then (``shown``) and how many it held, the card played and its cell."""

    table: Table
    board: Board
    player: Player
    shown: tuple[Card, ...]
    held: int
    card: Card
    cell: int
    sums: dict[Card, float] = field(default_factory=dict)

    def card_sum(self, card: Card) -> float:
        """Sum over the free cells of ``exp(2 * flips / T)`` for ``card`` (cached)."""
        total = self.sums.get(card)
        if total is None:
            total = 0.0
            table = self.table
            mine = sum(1 for s in self.board if s is not None and s.owner is self.player)
            for cell, slot in enumerate(self.board):
                if slot is None:
                    after, _ = resolve(
                        self.board,
                        cell,
                        card,
                        self.player,
                        table.rules,
                        table.cells,
                        table.restrictions,
                    )
                    flips = sum(1 for s in after if s is not None and s.owner is self.player)
                    total += math.exp(2 * (flips - mine - 1) / SIGHT_TEMPERATURE)
            self.sums[card] = total
        return total


class Sightings:
    """The opponent moves one viewer has seen this round, read from its observations."""

    def __init__(self) -> None:
        self.seen: list[Sighting] = []
        self._last: tuple[Observation, Move] | None = None

    def read(self, obs: Observation) -> None:
        """Take in ``obs`` (the viewer to move): the opponent's move since the viewer's last one.

        A board that does not follow from the last one (a new round or match)
        starts the record again; rules where the opponent does not choose its
        card (Order, Chaos) keep no record.
        """
        rules = obs.table.rules
        if rules.order or rules.chaos:
            self.seen.clear()
            self._last = None
            return
        before = self._board_before(obs)
        if before is None:
            self.seen.clear()
            return
        board, shown, held = before
        new = [c for c in range(9) if board[c] is None and obs.board[c] is not None]
        if len(new) != 1:
            self.seen.clear()
            return
        cell = new[0]
        slot = obs.board[cell]
        assert slot is not None
        opponent = obs.viewer.other
        self.seen.append(Sighting(obs.table, board, opponent, shown, held, slot.card, cell))

    def played(self, obs: Observation, move: Move) -> None:
        """Note the viewer's own ``move`` from ``obs``: the opponent's next move follows it."""
        self._last = (obs, move)

    def _board_before(self, obs: Observation) -> tuple[Board, tuple[Card, ...], int] | None:
        """The board the opponent moved on, its known cards and hand size then; None when
        that board is not known (or ``obs`` does not follow from it)."""
        last = self._last
        self._last = None
        if last is not None and last[0].viewer is obs.viewer:
            prev, move = last
            table = prev.table
            card = prev.own_hand[move.card]
            after, _ = resolve(
                prev.board,
                move.cell,
                card,
                prev.viewer,
                table.rules,
                table.cells,
                table.restrictions,
            )
            mine = obs.board[move.cell]
            follows = mine is not None and mine.card == card
            if follows and all(
                b is not None for a, b in zip(after, obs.board, strict=True) if a is not None
            ):
                shown = tuple(c for c in prev.opponent_hand if c is not None)
                return after, shown, len(prev.opponent_hand)
        # the opponent opened the round: its move is the only card on the board
        if sum(1 for s in obs.board if s is not None) != 1:
            return None
        self.seen.clear()
        shown = tuple(c for c in obs.opponent_hand if c is not None)
        return (None,) * 9, shown, len(obs.opponent_hand) + 1

    def weight(self, guess: Sequence[Card]) -> float:
        """How likely the moves seen are if the opponent's hidden cards are ``guess``
        (up to a factor common to every guess)."""
        if not self.seen:
            return 1.0
        played = [s.card for s in self.seen]
        log = 0.0
        for i, s in enumerate(self.seen):
            hand = list(s.shown)
            # the hand then: its known cards, the cards it played since that were not
            # among them, and the guess
            for card in played[i:]:
                if card in hand:
                    continue
                hand.append(card)
            hand.extend(guess)
            if len(hand) != s.held:
                return 1.0  # the record does not add up (a rule moved cards): no weighting
            log -= math.log(sum(s.card_sum(c) for c in hand))
        return math.exp(log)


def weighted_sample(
    rng: random.Random, guesses: list[list[Card]], weights: list[float], count: int
) -> list[list[Card]]:
    """``count`` of ``guesses`` drawn by ``weights`` (with replacement), in draw order."""
    if not guesses:
        return []
    return rng.choices(guesses, weights, k=count)
