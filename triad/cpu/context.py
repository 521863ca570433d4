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
        self._last: tuple[list[int], list[list[int]]] | None = None
        mapped = self._map(view)
        assert mapped is not None
        self.position = mapped

    def sync(self, view: View) -> bool:
        """Make ``view`` the current `position` if it fits this context; False if not."""
        if view.table != self.table:
            return False
        if sum(1 for s in view.board if s is not None) + len(view.hands[0]) + len(
            view.hands[1]
        ) != len(self.cards):
            return False
        mapped = self._map(view)
        if mapped is None:
            return False
        self.position = mapped
        self.drawn = view.drawn
        return True

    def _map(self, view: View) -> Position | None:
        # Number the view's cards with this context's indices: a board card keeps
        # the index it had on the same cell last time; each hand takes equal free
        # cards, its own first; a new board card any equal card still free (hand
        # cards first).
        cards = self.cards
        free = set(range(len(cards)))
        board_idx = [-1] * 9
        last = self._last
        for c, slot in enumerate(view.board):
            if slot is not None and last is not None:
                i = last[0][c]
                if i >= 0 and cards[i] == slot.card and i in free:
                    board_idx[c] = i
                    free.discard(i)
        hand_idx: list[list[int]] = [[], []]
        previous_hands = set() if last is None else set(last[1][0] + last[1][1])

        def take_hands() -> bool:
            for p in (0, 1):
                before = set() if last is None else set(last[1][p])
                for card in view.hands[p]:
                    options = [i for i in free if cards[i] == card]
                    if not options:
                        return False
                    options.sort(key=lambda i: (i not in before, i))
                    hand_idx[p].append(options[0])
                    free.discard(options[0])
            return True

        def take_new_board_cards() -> bool:
            for c, slot in enumerate(view.board):
                if slot is None or board_idx[c] >= 0:
                    continue
                options = [i for i in free if cards[i] == slot.card]
                if not options:
                    return False
                options.sort(key=lambda i: (i not in previous_hands, i))
                board_idx[c] = options[0]
                free.discard(options[0])
            return True

        # The first time, the cards are numbered as made (board first). After that each
        # hand keeps its own indices before a new board card takes one: when both hands
        # hold an equal card, the card just played must not take the other hand's index,
        # or that hand's indices would leave the order dealt (which Order plays by).
        steps = (
            (take_new_board_cards, take_hands)
            if last is None
            else (take_hands, take_new_board_cards)
        )
        if not all(step() for step in steps):
            return None
        self._last = (board_idx, hand_idx)
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
        assert self._last is not None
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
