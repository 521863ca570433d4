"""Random positions and a plain minimax over the engine, the CPU tests' reference."""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from triad.capture import RESTRICTION_DIRECTIONS, Player, Restriction
from triad.cards import Card, builtin_set
from triad.cpu.context import Context, View
from triad.cpu.packed import Packed
from triad.cpu.solver import Position
from triad.match import MatchConfig, deal_match
from triad.rules import RuleSet
from triad.state import GameState, Table

CAPTURE_RULES = [
    [],
    ["elemental"],
    ["banner"],
    ["same"],
    ["same_wall"],
    ["plus"],
    ["plus_wall"],
    ["same", "plus", "combo"],
    ["same_wall", "plus_wall", "combo"],
    ["same", "combo", "elemental"],
    ["plus", "combo", "battle"],
    ["battle"],
    ["broken_wall"],
    ["broken_wall", "same_wall", "plus", "combo"],
    ["power_wall"],
    ["power_wall", "same", "plus", "combo", "banner", "battle"],
    ["reverse"],
    ["reverse", "battle", "same", "combo"],
    ["fallen_ace", "plus", "combo"],
    ["fallen_ace", "reverse", "elemental"],
    ["ascension", "same", "plus", "combo"],
    ["ascension", "banner", "power_wall", "fallen_ace"],
    ["descension", "same_wall", "combo", "battle", "reverse"],
    ["order", "same", "combo"],
    ["order", "power_wall", "descension"],
    ["descension"],
    ["ascension", "reverse"],
]

AFFINITIES = ["fire", "ice", "wind"]
CARDS = builtin_set()


def random_card(rng: random.Random, small: bool = False) -> Card:
    """A card with random sides (small values make Same/Plus/Battle ties common)."""
    top = 5 if small else 10
    sides = [rng.randint(1, top) for _ in range(4)]
    if rng.random() < 0.1:
        sides[rng.randrange(4)] = 10
    affinity = rng.choice([None, *AFFINITIES])
    return Card.of(*sides, affinity=affinity)


def random_table(rng: random.Random, names: list[str]) -> Table:
    """A table with the rules ``names``, random cell affinities and restrictions."""
    cells = [rng.choice(AFFINITIES) if rng.random() < 0.4 else None for _ in range(9)]
    restrictions = []
    if "power_wall" in names:
        for cell in range(9):
            if cell != 4 and rng.random() < 0.6:
                op = rng.choice(["=", "<", ">"])
                value = rng.randint(8, 30)
                direction = rng.choice(RESTRICTION_DIRECTIONS[cell])
                restrictions.append(Restriction.make(cell, op, value, direction))
    return Table.make(RuleSet.parse(names), cells, restrictions, rng.choice(list(Player)))


def random_game(rng: random.Random, names: list[str], placed: int, small: bool) -> GameState:
    """A game with ``placed`` random moves played."""
    table = random_table(rng, names)
    hands = [[random_card(rng, small) for _ in range(5)] for _ in range(2)]
    if rng.random() < 0.2:
        hands[1][0] = hands[0][1]  # an identical card in both hands
    if rng.random() < 0.2:
        hands[0][2] = hands[0][3]  # two identical cards in one hand
    state = GameState.new(table, hands[0], hands[1])
    for _ in range(placed):
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


@functools.lru_cache(maxsize=200_000)
def brute_value(state: GameState) -> int:
    """Exact value for the side to move by plain minimax over the engine (no pruning)."""
    if state.is_terminal:
        blue, red = state.score
        return blue - red if state.to_move == 0 else red - blue
    return max(-brute_value(state.apply(m)[0]) for m in state.legal_moves())


def assert_values_are_plain_minimax(state: GameState) -> None:
    """The solver's value of ``state`` and of each of its moves are `brute_value`'s."""
    ctx = Context(View.of(state))
    assert ctx.solver.value(ctx.position) == brute_value(state), state
    for child, v in ctx.solver.move_values(ctx.position):
        after, _ = state.apply(ctx.move_of(child, state.to_move))
        assert v == -brute_value(after), (state, child)


@functools.lru_cache(maxsize=200_000)
def brute_expectation(state: GameState) -> Fraction:
    """Chaos: the expected value for the side to move before its card is drawn
    (plain expectiminimax over the engine: every card of the hand equally likely)."""
    if state.is_terminal:
        blue, red = state.score
        return Fraction(blue - red if state.to_move == 0 else red - blue)
    hand = len(state.hands[state.to_move])
    total = Fraction(0)
    for drawn in range(hand):
        total += brute_drawn(state.with_drawn(drawn))
    return total / hand


def brute_drawn(state: GameState) -> Fraction:
    """Chaos: the value once the card is drawn: the best cell for it."""
    return max(-brute_expectation(state.apply(m)[0]) for m in state.legal_moves())


def dealt(names: list[str], seed: int, placed: int) -> GameState:
    """A dealt game (Houses set) with ``placed`` random moves played."""
    match = deal_match(MatchConfig(RuleSet.parse(names), CARDS), seed)
    state = match.start()
    rng = random.Random(seed)
    for _ in range(placed):
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


def plain_packed_value(pk: Packed, total: int, pos: Position, alpha: int, beta: int) -> int:
    """Fail-hard alpha-beta over the packed moves (`Packed.child`) with no table,
    no move ordering and no special cases: the reference for the solver's deep
    positions, where the engine's plain minimax is too slow."""
    key, mine, theirs, hand, other = pos
    empty = 0x1FF ^ (mine | theirs)
    cards = [i for i in range(len(pk.cards)) if hand >> i & 1]
    if pk.flags.order:
        cards = cards[:1]
    if not empty or not cards:
        return 2 * ((mine.bit_count()) + hand.bit_count()) - total
    for cell in range(9):
        if not empty >> cell & 1:
            continue
        for card in cards:
            k2, m2, t2 = pk.child(card, cell, key, mine, theirs)
            child = Position(k2, t2, m2, other, hand ^ 1 << card)
            v = -plain_packed_value(pk, total, child, -beta, -alpha)
            if v >= beta:
                return beta
            if v > alpha:
                alpha = v
    return alpha


def assert_fail_soft(exact: int, g: int, alpha: int, beta: int, state: GameState) -> None:
    """A probe's answer ``g`` within (``alpha``, ``beta``) is the exact value;
    outside it, it still bounds the exact value on its side (fail-soft)."""
    if g <= alpha:
        assert exact <= g, (state, alpha, beta, g)
    elif g >= beta:
        assert exact >= g, (state, alpha, beta, g)
    else:
        assert exact == g, (state, alpha, beta, g)


def exact_values(state: GameState) -> dict[tuple[int, int], int]:
    """Exact value of each move (by hand index and cell) from the mover's view."""
    return dict(solved_values(state))


@functools.lru_cache(maxsize=32)
def solved_values(state: GameState) -> tuple[tuple[tuple[int, int], int], ...]:
    """`exact_values`, solved once per position in a process: a whole opening is seconds
    of CPU, and a test of the page's kept opening checks the same deal's three times."""
    ctx = Context(View.of(state))
    hand = state.hands[state.to_move]
    by_card = {}
    for child, v in ctx.solver.move_values(ctx.position):
        move = ctx.move_of(child, state.to_move)
        by_card[(hand[move.card], move.cell)] = v
    return tuple(((m.card, m.cell), by_card[(hand[m.card], m.cell)]) for m in state.legal_moves())
