"""What one player may see of a position: `observe(state, player) -> Observation`.

The CPU is handed an `Observation`, never the `GameState`: without Open it
does not learn the cards the opponent has not shown. The board is public;
the viewer's own hand is known; of the opponent's hand, a card is visible
when Open is on, or when its bit is set in ``state.shown`` (Three Open, a
draft, the card Swap exchanged), or when Chaos has drawn it for the
opponent's turn (draws are public). Hidden cards are None. Future Chaos
draws are not known: the table's Chaos stream is not part of a view
(``table.seed`` is 0 there), only the card drawn now (``drawn``).

A searcher that guesses the hidden cards builds a full state with
`Observation.with_guess` and searches it (determinization).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from triad.capture import Board, Player
from triad.cards import Card
from triad.notation import (
    NotationError,
    board_from_json,
    board_to_json,
    card_from_json,
    card_to_json,
    player_from_json,
    state_from_json,
    state_to_json,
)
from triad.rules import Rule
from triad.state import GameState, Table

__all__ = ["Observation", "observation_from_json", "observe"]


@dataclass(frozen=True)
class Observation:
    """One player's view. ``opponent_hand`` has None for each hidden card."""

    viewer: Player
    table: Table
    board: Board
    own_hand: tuple[Card, ...]
    opponent_hand: tuple[Card | None, ...]
    to_move: Player
    drawn: int = -1

    @property
    def hidden(self) -> int:
        """How many opponent cards are hidden."""
        return sum(1 for c in self.opponent_hand if c is None)

    @property
    def visible_cards(self) -> list[Card]:
        """Every card the viewer can see: board, own hand, shown opponent cards."""
        cards = [slot.card for slot in self.board if slot is not None]
        cards.extend(self.own_hand)
        cards.extend(c for c in self.opponent_hand if c is not None)
        return cards

    def with_guess(self, guess: Sequence[Card]) -> GameState:
        """A full state with the hidden opponent cards replaced by ``guess``, in order.

        :raises ValueError: ``guess`` does not have one card per hidden slot.
        """
        if len(guess) != self.hidden:
            raise ValueError(f"guess needs {self.hidden} cards, got {len(guess)}")
        cards = iter(guess)
        opponent = tuple(c if c is not None else next(cards) for c in self.opponent_hand)
        mask = sum(1 << i for i, c in enumerate(self.opponent_hand) if c is not None)
        own_mask = (1 << len(self.own_hand)) - 1
        if self.viewer is Player.BLUE:
            hands = (self.own_hand, opponent)
            shown = (own_mask, mask)
        else:
            hands = (opponent, self.own_hand)
            shown = (mask, own_mask)
        return GameState(self.table, self.board, hands, self.to_move, shown, self.drawn)

    def to_json(self) -> dict[str, Any]:
        """JSON form: a state's keys with ``viewer`` and hidden opponent cards as null."""
        data = state_to_json(self.with_guess([_PLACEHOLDER] * self.hidden))
        del data["shown"]
        data["viewer"] = str(self.viewer)
        data["board"] = board_to_json(self.board)
        data["hands"] = {
            str(self.viewer): [card_to_json(c) for c in self.own_hand],
            str(self.viewer.other): [
                None if c is None else card_to_json(c) for c in self.opponent_hand
            ],
        }
        return data


_PLACEHOLDER = Card.of(1, 1, 1, 1)


def observe(state: GameState, player: Player) -> Observation:
    """What ``player`` may see of ``state``."""
    opponent = player.other
    hand = state.hands[opponent]
    table = state.table
    if Rule.OPEN in table.rules:
        visible: tuple[Card | None, ...] = hand
    else:
        mask = state.shown[opponent]
        if state.drawn >= 0 and state.to_move is opponent:
            mask |= 1 << state.drawn
        visible = tuple(c if mask >> i & 1 else None for i, c in enumerate(hand))
    if table.seed:
        table = replace(table, seed=0)
    return Observation(
        player, table, state.board, state.hands[player], visible, state.to_move, state.drawn
    )


def observation_from_json(data: object) -> Observation:
    """Parse `Observation.to_json` output.

    :raises NotationError: bad shape.
    """
    if not isinstance(data, dict):
        raise NotationError("observation: must be an object")
    viewer = player_from_json(data.get("viewer"), "observation.viewer")
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise NotationError("observation.hands: must be an object")
    raw_opponent = hands.get(str(viewer.other))
    if not isinstance(raw_opponent, list):
        raise NotationError(f"observation.hands.{viewer.other}: must be a list")
    opponent: list[Card | None] = [
        None if c is None else card_from_json(c, f"observation.hands.{viewer.other}[{i}]")
        for i, c in enumerate(raw_opponent)
    ]
    filled = dict(data)
    filled["hands"] = {
        str(viewer): hands.get(str(viewer)),
        str(viewer.other): [card_to_json(_PLACEHOLDER) if c is None else c for c in raw_opponent],
    }
    filled.pop("viewer", None)
    state = state_from_json(filled, "observation")
    board = board_from_json(data.get("board"), "observation.board")
    return Observation(
        viewer,
        state.table,
        board,
        state.hands[viewer],
        tuple(opponent),
        state.to_move,
        state.drawn,
    )
