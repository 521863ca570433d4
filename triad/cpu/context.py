"""From the engine's positions to the packed solver, and back to engine moves.

A `Context` fixes one numbering of the cards in play (board and both hands)
for a table (rules, cell affinities, Power Wall restrictions). Positions of
one game keep mapping onto the same context turn after turn, so its solver's
transposition table stays useful for the whole game (`Context.sync`).
"""

from __future__ import annotations

from collections.abc import Sequence

from triad.capture import Board, Player
from triad.cards import Card
from triad.cpu.chance import ChanceSolver
from triad.cpu.packed import CardSpec, Packed, Restriction, RuleFlags
from triad.cpu.solver import Child, Position, Solver
from triad.rules import RuleSet
from triad.state import GameState, Move, Table


def rule_flags(rules: RuleSet) -> RuleFlags:
    """The capture rules of ``rules`` as solver flags."""
    return RuleFlags(
        modifiers=rules.affinity,
        same=rules.same,
        same_wall=rules.same_wall,
        plus=rules.plus,
        plus_wall=rules.plus_wall,
        combo=rules.combo or rules.original,  # (FF8 has no Combo switch)
        battle=rules.battle,
        broken_wall=rules.broken_wall,
        reverse=rules.reverse,
        fallen_ace=rules.fallen_ace,
        typed=1 if rules.ascension else -1 if rules.descension else 0,
        order=rules.order,
        original=rules.original,
    )


class View:
    """A position with both hands known: what the solver needs of a state or an observation."""

    __slots__ = ("board", "drawn", "hands", "table", "to_move")

    def __init__(
        self,
        table: Table,
        board: Board,
        hands: tuple[Sequence[Card], Sequence[Card]],
        to_move: Player,
        drawn: int = -1,
    ) -> None:
        self.table = table
        self.board = board
        self.hands = (tuple(hands[0]), tuple(hands[1]))
        self.to_move = to_move
        self.drawn = drawn

    @classmethod
    def of(cls, state: GameState) -> View:
        """The view of a full engine state."""
        return cls(state.table, state.board, state.hands, state.to_move, state.drawn)

    def state(self) -> GameState:
        """An engine state for this view (nothing shown)."""
        return GameState(self.table, self.board, self.hands, self.to_move, drawn=self.drawn)


class Context:
    """One card numbering and one solver for positions of one table.

    Cards are numbered board first (cell order), then blue's hand, then red's.
    """

    def __init__(self, view: View) -> None:
        table = view.table
        cards: list[Card] = [slot.card for slot in view.board if slot is not None]
        cards.extend(view.hands[0])
        cards.extend(view.hands[1])
        self.cards = cards
        self.table = table
        rules = table.rules
        restrictions: list[Restriction] = []
        if rules.power_wall:
            for r in table.restrictions:
                if r is not None:
                    restrictions.append(Restriction(r.cell, r.op, r.value, r.direction))
        self.packed = Packed(
            [CardSpec(c.sides, c.affinity) for c in cards],
            table.cells if rules.affinity else (None,) * 9,
            rule_flags(rules),
            restrictions,
        )
        self.solver = Solver(self.packed, len(cards))
        self.drawn = view.drawn
        self._chance: ChanceSolver | None = None
        # Each card's index, as `cards` is made: board cells in order, then each hand.
        board_idx = [-1] * 9
        cells = [c for c, slot in enumerate(view.board) if slot is not None]
        for i, c in enumerate(cells):
            board_idx[c] = i
        blue_end = len(cells) + len(view.hands[0])
        hand_idx = [list(range(len(cells), blue_end)), list(range(blue_end, len(cards)))]
        self._last: tuple[list[int], list[list[int]]] = (board_idx, hand_idx)
        self.position = self._position(view)

    def sync(self, view: View) -> bool:
        """Make ``view`` the current `position` if it fits this context; False if not."""
        if view.table != self.table:
            return False
        if sum(1 for s in view.board if s is not None) + len(view.hands[0]) + len(
            view.hands[1]
        ) != len(self.cards):
            return False
        if not self._map(view):
            return False
        self.position = self._position(view)
        self.drawn = view.drawn
        return True

    def _map(self, view: View) -> bool:
        """Number the view's cards with this context's indices; False if they do not fit.

        A board card keeps the index it had on the same cell last time. Then each
        hand takes equal free cards, its own previous ones first: when both hands
        hold an equal card, the card just played must not take the other hand's
        index, or that hand's indices would leave the order dealt (which Order
        plays by). Last, a new board card takes an equal free card, one that was
        in a hand first.
        """
        cards = self.cards
        last_board, last_hands = self._last
        free = set(range(len(cards)))
        board_idx = [-1] * 9
        for c, slot in enumerate(view.board):
            i = last_board[c]
            if slot is not None and i >= 0 and cards[i] == slot.card and i in free:
                board_idx[c] = i
                free.discard(i)
        hand_idx: list[list[int]] = [[], []]
        for p in (0, 1):
            own = set(last_hands[p])
            for card in view.hands[p]:
                i = _take(cards, free, card, own)
                if i < 0:
                    return False
                hand_idx[p].append(i)
        in_hands = set(last_hands[0] + last_hands[1])
        for c, slot in enumerate(view.board):
            if slot is not None and board_idx[c] < 0:
                board_idx[c] = _take(cards, free, slot.card, in_hands)
                if board_idx[c] < 0:
                    return False
        self._last = (board_idx, hand_idx)
        return True

    def _position(self, view: View) -> Position:
        """The solver's position of ``view``, numbered as `_last` says."""
        board_idx, hand_idx = self._last
        w = self.packed.width
        key = 0
        owners = [0, 0]
        for c, slot in enumerate(view.board):
            if slot is not None:
                key += (board_idx[c] + 1) << (w * c) | self.packed.tally[board_idx[c]]
                owners[slot.owner] |= 1 << c
        me = view.to_move
        hands = [sum(1 << i for i in hand_idx[p]) for p in (0, 1)]
        return Position(key, owners[me], owners[1 - me], hands[me], hands[1 - me])

    @property
    def chance(self) -> ChanceSolver:
        """The Chaos solver of this context (made on first use; its table lasts the game)."""
        if self._chance is None:
            self._chance = ChanceSolver(self.packed, len(self.cards))
        return self._chance

    def forced_children(self, mover: Player, index: int) -> list[tuple[Move, Child]]:
        """The moves of hand card ``index`` (Order, Chaos) with the solver's child of each."""
        card = self.hand_indices(mover)[index]
        rep = self.packed.rep
        out = []
        for child in self.solver.children(self.position):
            if rep[child.card] == rep[card]:  # the card itself or an identical one
                out.append((Move(index, child.cell), child))
        return out

    def hand_indices(self, player: Player) -> list[int]:
        """Packed index of each card of ``player``'s hand in the current position."""
        return list(self._last[1][player])

    def move_of(self, child: Child, mover: Player) -> Move:
        """The engine move (hand index, cell) for a solver move of the current position."""
        return Move(self.hand_indices(mover).index(child.card), child.cell)

    def child_of(self, move: Move, mover: Player) -> Child:
        """The solver move for an engine move of the current position."""
        index = self.hand_indices(mover)[move.card]
        pk = self.packed
        pos = self.position
        key, mine, theirs = pk.child(index, move.cell, pos.key, pos.mine, pos.theirs)
        after = Position(key, theirs, mine, pos.other_hand, pos.hand ^ 1 << index)
        gained = mine.bit_count() - pos.mine.bit_count() - 1
        return Child(index, move.cell, gained, after)


def _take(cards: list[Card], free: set[int], card: Card, preferred: set[int]) -> int:
    """Take the free index of a card equal to ``card``, one of ``preferred`` first, else
    the lowest; -1 if none is free."""
    options = [i for i in free if cards[i] == card]
    if not options:
        return -1
    i = min(options, key=lambda i: (i not in preferred, i))
    free.discard(i)
    return i
