"""Game positions: `Table` (one game's fixed setup), `Move`, `GameState`, and move errors.

A `GameState` is immutable and hashable (it can key a transposition table):
the `Table` (rules, cell affinities, Power Wall restrictions, first player),
the board (nine `Placed | None`), both hands, the player to move, and which
hand cards the opponent can see (Three Open). ``apply(move)`` returns a new
state and the ordered events of `triad.capture.resolve`.

A game ends when all nine cells are filled. Score = cards a player owns on
the board + cards left in that player's hand; the two always sum to 10 in a
dealt game (5 cards each).

Example::

    state = GameState.new(Table(RuleSet.of(Rule.SAME)), blue_hand, red_hand)
    for move in state.legal_moves():
        child, events = state.apply(move)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from triad.capture import (
    EMPTY_BOARD,
    NO_AFFINITIES,
    NO_RESTRICTIONS,
    Affinities,
    Board,
    Event,
    Placed,
    Player,
    Restriction,
    Restrictions,
    resolve,
)
from triad.cards import Card
from triad.deal import chaos_draw
from triad.rules import RuleSet

__all__ = [
    "HAND_SIZE",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "Placed",
    "Player",
    "Table",
]

#: Cards per hand in a dealt game.
HAND_SIZE = 5

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]

# Legal move lists by (hand size, mask of empty cells), built on first use.
_MOVES: dict[tuple[int, int], tuple[Move, ...]] = {}


class InvalidMoveError(ValueError):
    """A move that is malformed: a hand index or cell that does not exist."""


class IllegalMoveError(ValueError):
    """A well-formed move the position does not allow: occupied cell, game over."""


class Outcome(StrEnum):
    """The result of a finished game; the value is its JSON name."""

    BLUE = "blue"
    RED = "red"
    DRAW = "draw"


class Move(NamedTuple):
    """Play card ``card`` (index into the mover's current hand) on cell ``cell`` (0..8).

    A plain tuple ``(card, cell)``; text form ``"<card>@<cell>"``, e.g. ``"2@4"``.
    """

    card: int
    cell: int

    @property
    def text(self) -> str:
        """The text form, e.g. ``"2@4"``; `Move.from_text` reads it back."""
        return f"{self.card}@{self.cell}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Parse ``"<card>@<cell>"``.

        :raises InvalidMoveError: not of that form, or numbers out of range.
        """
        card_text, sep, cell_text = text.strip().partition("@")
        if not sep or not card_text.isdigit() or not cell_text.isdigit():
            raise InvalidMoveError(f"move must look like '2@4' (card@cell), got {text!r}")
        card, cell = int(card_text), int(cell_text)
        if card >= HAND_SIZE or cell > 8:
            raise InvalidMoveError(f"move {text!r}: card index must be 0..4 and cell 0..8")
        return cls(card, cell)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for one game: rules, cell affinities, restrictions, first player.

    ``seed`` is the stream Chaos draws the card to play from
    (`triad.deal.chaos_stream`); it means nothing without Chaos. Build with
    `Table.make` to validate.
    """

    rules: RuleSet
    cells: Affinities = NO_AFFINITIES
    restrictions: Restrictions = NO_RESTRICTIONS
    first: Player = Player.BLUE
    seed: int = 0

    @classmethod
    def make(
        cls,
        rules: RuleSet,
        cells: Sequence[str | None] | None = None,
        restrictions: Sequence[Restriction] = (),
        first: Player = Player.BLUE,
        seed: int = 0,
    ) -> Table:
        """A validated table; ``restrictions`` is a list (each knows its cell).

        :raises ValueError: not nine cells, or two restrictions on one cell.
        """
        cell_tuple: Affinities = NO_AFFINITIES if cells is None else tuple(cells)
        if len(cell_tuple) != 9:
            raise ValueError(f"cells must list 9 affinities, got {len(cell_tuple)}")
        slots: list[Restriction | None] = [None] * 9
        for restriction in restrictions:
            if slots[restriction.cell] is not None:
                raise ValueError(f"two restrictions on cell {restriction.cell}")
            slots[restriction.cell] = restriction
        return cls(rules, cell_tuple, tuple(slots), first, seed if rules.chaos else 0)

    def draw(self, turn: int, hand_size: int) -> int:
        """The hand index Chaos draws at ``turn`` (cards on the board); -1 without Chaos."""
        if not self.rules.chaos or not hand_size:
            return -1
        return chaos_draw(self.seed, turn, hand_size)

    @property
    def restriction_list(self) -> list[Restriction]:
        """The restrictions, by cell."""
        return [r for r in self.restrictions if r is not None]


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable position. See the module docstring.

    ``shown[p]`` is a bit mask over ``hands[p]``: bit ``i`` set means the
    opponent can see card ``i`` (Three Open, Swap). With Open, every card is
    seen whatever the mask says (`triad.observe`).

    ``drawn`` is the hand index of the card the player to move must play
    under Chaos (drawn from ``table.seed``, public once drawn); -1 without
    Chaos. Under Order the card to play is always the first of the hand.
    """

    table: Table
    board: Board
    hands: Hands
    to_move: Player
    shown: tuple[int, int] = (0, 0)
    drawn: int = -1
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Computed on first use: most states of a playout are never hashed.
        if self._hash is None:
            value = hash((self.table, self.board, self.hands, self.to_move, self.shown, self.drawn))
            object.__setattr__(self, "_hash", value)
            return value
        return self._hash

    @classmethod
    def new(
        cls,
        table: Table,
        blue: Sequence[Card],
        red: Sequence[Card],
        shown: tuple[int, int] = (0, 0),
    ) -> GameState:
        """The opening position: empty board, ``table.first`` to move.

        :raises ValueError: a hand that does not hold exactly 5 cards.
        """
        for player, hand in ((Player.BLUE, blue), (Player.RED, red)):
            if len(hand) != HAND_SIZE:
                raise ValueError(f"{player} hand must hold {HAND_SIZE} cards, got {len(hand)}")
        hands = (tuple(blue), tuple(red))
        drawn = table.draw(0, HAND_SIZE)
        return cls(table, EMPTY_BOARD, hands, table.first, shown, drawn)

    def with_drawn(self, drawn: int) -> GameState:
        """This position with Chaos having drawn hand card ``drawn`` for the player to move.

        :raises ValueError: Chaos is off, or no such hand card.
        """
        if not self.table.rules.chaos:
            raise ValueError("only Chaos draws the card to play")
        if not 0 <= drawn < len(self.hands[self.to_move]):
            raise ValueError(f"{self.to_move} holds no card {drawn!r}")
        return GameState(self.table, self.board, self.hands, self.to_move, self.shown, drawn)

    @property
    def forced(self) -> int | None:
        """The hand index the player to move must play (Order, Chaos); None when free."""
        rules = self.table.rules
        if rules.chaos and self.drawn >= 0:
            return self.drawn
        if rules.order and self.hands[self.to_move]:
            return 0
        return None

    @property
    def rules(self) -> RuleSet:
        """The rules of this game."""
        return self.table.rules

    @property
    def placements(self) -> int:
        """Number of cards on the board."""
        return 9 - self.board.count(None)

    @property
    def empty_cells(self) -> list[int]:
        """Empty cells, ascending."""
        return [c for c, slot in enumerate(self.board) if slot is None]

    @property
    def is_terminal(self) -> bool:
        """True when all nine cells are filled."""
        return None not in self.board

    def hand(self, player: Player) -> tuple[Card, ...]:
        """The cards ``player`` still holds."""
        return self.hands[player]

    def legal_moves(self) -> list[Move]:
        """Every legal move (hand index x empty cell); empty when the game is over.

        Identical cards in a hand give moves with identical results; callers
        that search may skip the repeats. Under Order and Chaos only the
        forced card may be played (`forced`).
        """
        board = self.board
        mask = 0
        for cell in range(9):
            if board[cell] is None:
                mask |= 1 << cell
        key = (len(self.hands[self.to_move]), mask)
        moves = _MOVES.get(key)
        if moves is None:
            empty = [c for c in range(9) if mask >> c & 1]
            moves = tuple(Move(i, c) for i in range(key[0]) for c in empty) if mask else ()
            _MOVES[key] = moves
        forced = self.forced
        if forced is not None:
            return [m for m in moves if m.card == forced]
        return list(moves)

    def apply(self, move: Move) -> tuple[GameState, tuple[Event, ...]]:
        """Play ``move`` for the player to move; return the new state and the events.

        :raises InvalidMoveError: no such hand card or cell.
        :raises IllegalMoveError: the cell is taken or the game is over.
        """
        player = self.to_move
        hand = self.hands[player]
        if not 0 <= move.cell <= 8:
            raise InvalidMoveError(f"cell must be 0..8, got {move.cell!r} in move {move.text!r}")
        if not 0 <= move.card < len(hand):
            raise InvalidMoveError(
                f"{player} holds {len(hand)} cards; no card {move.card!r} in move {move.text!r}"
            )
        if self.is_terminal:
            raise IllegalMoveError(f"the game is over; cannot play {move.text!r}")
        if self.board[move.cell] is not None:
            raise IllegalMoveError(f"cell {move.cell} is taken; cannot play {move.text!r}")
        forced = self.forced
        if forced is not None and move.card != forced:
            why = "drawn by Chaos" if self.table.rules.chaos else "next under Order"
            raise IllegalMoveError(
                f"{player} must play card {forced} ({why}); cannot play {move.text!r}"
            )
        return self._play(move.card, move.cell)

    def _play(self, index: int, cell: int) -> tuple[GameState, tuple[Event, ...]]:
        player = self.to_move
        hand = self.hands[player]
        table = self.table
        board, events = resolve(
            self.board, cell, hand[index], player, table.rules, table.cells, table.restrictions
        )
        rest = hand[:index] + hand[index + 1 :]
        mask = self.shown[player]
        mask = (mask & ((1 << index) - 1)) | ((mask >> (index + 1)) << index)
        if player is Player.BLUE:
            hands: Hands = (rest, self.hands[1])
            shown = (mask, self.shown[1])
        else:
            hands = (self.hands[0], rest)
            shown = (self.shown[0], mask)
        turn = 9 - board.count(None)
        drawn = table.draw(turn, len(hands[player.other])) if turn < 9 else -1
        return GameState(table, board, hands, player.other, shown, drawn), events

    def owned(self, player: Player) -> int:
        """Cards ``player`` owns on the board."""
        return sum(1 for slot in self.board if slot is not None and slot.owner is player)

    @property
    def score(self) -> tuple[int, int]:
        """(blue, red): cards owned on the board plus cards left in hand."""
        blue = self.owned(Player.BLUE) + len(self.hands[0])
        red = self.owned(Player.RED) + len(self.hands[1])
        return blue, red

    @property
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        if not self.is_terminal:
            return None
        blue, red = self.score
        if blue > red:
            return Outcome.BLUE
        if red > blue:
            return Outcome.RED
        return Outcome.DRAW

    @property
    def winner(self) -> Player | None:
        """The winning player once the game is over; None for a draw or an unfinished game."""
        outcome = self.outcome
        if outcome is Outcome.BLUE:
            return Player.BLUE
        if outcome is Outcome.RED:
            return Player.RED
        return None

    def cards_owned_at_end(self, player: Player) -> list[Card]:
        """Cards ``player`` owns now, on the board (cell order) then in hand."""
        on_board = [s.card for s in self.board if s is not None and s.owner is player]
        return on_board + list(self.hands[player])
