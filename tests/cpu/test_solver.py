"""Exact values from the packed solver against plain minimax over the engine."""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import (
    CAPTURE_RULES,
    assert_fail_soft,
    assert_values_are_plain_minimax,
    brute_expectation,
    brute_value,
    dealt,
    plain_packed_value,
    random_card,
    random_game,
    random_table,
)
from triad.cards import Card
from triad.cpu.chance import SCALE, ChanceSolver, to_fraction
from triad.cpu.context import Context, View
from triad.cpu.packed import Packed
from triad.cpu.solver import INF, Position, Solver, Timeout
from triad.state import GameState, Move


@pytest.mark.parametrize("names", CAPTURE_RULES, ids=lambda n: "+".join(n) or "basic")
def test_values_match_brute_force(names: list[str]) -> None:
    rng = random.Random("solve:" + "+".join(names))
    for _ in range(6):
        state = random_game(rng, names, rng.choice([4, 5, 6]), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        solver = ctx.solver
        expected = brute_value(state)
        assert solver.value(ctx.position) == expected, state
        # every move's exact value, and the best of them equals the position's value
        values = {}
        for child, v in solver.move_values(ctx.position):
            move = ctx.move_of(child, state.to_move)
            after, _ = state.apply(move)
            assert v == -brute_value(after), (state, move)
            values[move] = v
        assert max(values.values()) == expected
        value, best = solver.best(ctx.position)
        assert value == expected
        assert values[ctx.move_of(best, state.to_move)] == expected


@pytest.mark.parametrize(
    "names",
    [
        [],
        ["same", "plus", "combo"],
        ["power_wall", "battle"],
        # bounds on what the last placements can flip: wrapped neighbours, moved lines
        ["broken_wall", "same"],
        ["reverse", "power_wall", "elemental"],
    ],
)
def test_probes_keep_the_fail_soft_contract(names: list[str]) -> None:
    rng = random.Random("windows:" + "+".join(names))
    for _ in range(12):
        state = random_game(rng, names, rng.choice([4, 5, 6, 7]), small=rng.random() < 0.7)
        exact = brute_value(state)
        for _ in range(6):
            alpha = rng.randint(-11, 9)
            beta = rng.randint(alpha + 1, 11)
            ctx = Context(View.of(state))  # a fresh table each time
            g = ctx.solver.probe(ctx.position, alpha, beta)
            assert_fail_soft(exact, g, alpha, beta, state)


def lookahead(state: GameState, depth: int) -> int:
    """Plain depth-limited minimax over the engine, counting cards at the horizon."""
    if depth == 0 or state.is_terminal:
        blue, red = state.score
        return blue - red if state.to_move == 0 else red - blue
    return max(-lookahead(state.apply(m)[0], depth - 1) for m in state.legal_moves())


@pytest.mark.parametrize("names", [[], ["same", "plus", "combo"], ["power_wall", "elemental"]])
def test_limited_lookahead_matches_plain_minimax(names: list[str]) -> None:
    rng = random.Random("limited:" + "+".join(names))
    for _ in range(8):
        state = random_game(rng, names, rng.choice([3, 4, 5, 6]), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        for depth in (1, 2, 3):
            assert ctx.solver.limited(ctx.position, depth) == lookahead(state, depth), (
                state,
                depth,
            )


@pytest.mark.parametrize(
    "names", [["chaos"], ["chaos", "same", "plus", "combo", "reverse"], ["chaos", "ascension"]]
)
def test_chaos_expectations_match_brute_force(names: list[str]) -> None:
    rng = random.Random("chaos:" + "+".join(names))
    for _ in range(5):
        state = random_game(rng, names, rng.choice([4, 5, 6]), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        chance = ChanceSolver(ctx.packed, len(ctx.cards))
        assert to_fraction(chance.expectation(ctx.position)) == brute_expectation(state), state
        # once drawn, each cell's value is the expectation after it
        index = ctx.hand_indices(state.to_move)[state.drawn]
        for cell, _, value in chance.cell_values(ctx.position, index):
            after, _ = state.apply(Move(state.drawn, cell))
            assert to_fraction(value) == -brute_expectation(after), (state, cell)


@pytest.mark.parametrize("names", [["chaos"], ["chaos", "same", "plus", "combo", "reverse"]])
def test_chaos_windows_keep_the_fail_soft_contract(names: list[str]) -> None:
    rng = random.Random("chaos window:" + "+".join(names))
    for _ in range(6):
        state = random_game(rng, names, rng.choice([4, 5, 6]), small=rng.random() < 0.7)
        exact = brute_expectation(state)
        ctx = Context(View.of(state))
        chance = ChanceSolver(ctx.packed, len(ctx.cards))  # one table through every window
        for _ in range(6):
            alpha = rng.randint(-11 * SCALE, 9 * SCALE)
            beta = rng.randint(alpha + 1, alpha + rng.choice([1, SCALE, 4 * SCALE]))
            g = to_fraction(chance._value(ctx.position, alpha, beta))
            if g <= to_fraction(alpha):
                assert exact <= g, (state, alpha, beta, g)
            elif g >= to_fraction(beta):
                assert exact >= g, (state, alpha, beta, g)
            else:
                assert exact == g, (state, alpha, beta, g)
        assert to_fraction(chance.expectation(ctx.position)) == exact, state


@pytest.mark.parametrize("names", [["chaos"], ["chaos", "same", "plus", "combo", "reverse"]])
def test_chaos_best_cell_is_the_lowest_of_the_best(names: list[str]) -> None:
    rng = random.Random("chaos best:" + "+".join(names))
    for _ in range(8):
        state = random_game(rng, names, rng.choice([4, 5, 6]), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        index = ctx.hand_indices(state.to_move)[state.drawn]
        values = {
            cell: -brute_expectation(state.apply(Move(state.drawn, cell))[0])
            for cell in range(9)
            if state.board[cell] is None
        }
        top = max(values.values())
        chance = ChanceSolver(ctx.packed, len(ctx.cards))
        cell, _, value = chance.best_cell(ctx.position, index)
        assert to_fraction(value) == top, state
        assert cell == min(c for c, v in values.items() if v == top), state


def assert_value_and_best(
    solver: Solver, pk: Packed, pos: Position, exact: int, state: GameState
) -> None:
    """``solver`` values ``pos`` at ``exact`` (plain alpha-beta's), and its best move
    leaves the opponent exactly that much less."""
    assert solver.value(pos) == exact, state
    value, best = solver.best(pos)
    assert value == exact
    assert -plain_packed_value(pk, solver.total, best.position, -INF, INF) == exact, state


@pytest.mark.parametrize("names", CAPTURE_RULES, ids=lambda n: "+".join(n) or "basic")
def test_deep_values_match_plain_alpha_beta(names: list[str]) -> None:
    # positions with 5 to 7 empty cells reach the table, its cut-offs and the
    # stored moves; one solver per game keeps its table from position to position.
    rng = random.Random("deep:" + "+".join(names))
    for _ in range(3):
        state = random_game(rng, names, 2, small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        solver = ctx.solver
        pk = ctx.packed
        for placed in (2, 3, 4):
            if placed > 2:
                state, _ = state.apply(rng.choice(state.legal_moves()))
                assert ctx.sync(View.of(state))
            pos = ctx.position
            exact = plain_packed_value(pk, solver.total, pos, -INF, INF)
            if placed < 4:  # a window probe first leaves bounds in the table
                alpha = rng.randint(-6, 4)
                g = solver.probe(pos, alpha, alpha + 1)
                assert (g <= alpha and exact <= g) or (g > alpha and exact >= g), (state, g)
            assert_value_and_best(solver, pk, pos, exact, state)


@pytest.mark.parametrize("names", [["ascension"], ["descension", "same", "plus", "combo"]])
def test_type_counts_with_many_cards_of_one_type(names: list[str]) -> None:
    # one type shared by most cards in play: its count in the key runs past 3
    # (a field of several bits), and cards alone of their type need no count.
    rng = random.Random("types:" + "+".join(names))
    for _ in range(6):
        table = random_table(rng, names)
        hands = [[random_card(rng, small=True) for _ in range(5)] for _ in range(2)]
        for hand in hands:
            for i, card in enumerate(hand):
                kind = "fire" if rng.random() < 0.8 else rng.choice([None, "ice"])
                hand[i] = Card.of(*card.sides, affinity=kind)
        state = GameState.new(table, hands[0], hands[1])
        for _ in range(rng.choice([4, 5, 6])):
            state, _ = state.apply(rng.choice(state.legal_moves()))
        assert_values_are_plain_minimax(state)


@pytest.mark.parametrize(
    "names",
    [["reverse"], ["fallen_ace"], ["ascension"], ["descension"], ["order"]],
)
def test_each_ffxiv_rule_deep_values_match_plain_alpha_beta(names: list[str]) -> None:
    # every FFXIV capture rule alone, from 6 and 7 empty cells: the table, its
    # stored moves, the inline ends of the search, its transposition cut-offs
    # and the bounds on what the last placements flip.
    rng = random.Random("ffxiv deep:" + "+".join(names))
    for _ in range(3):
        state = random_game(rng, names, rng.choice([2, 3]), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        pos = ctx.position
        exact = plain_packed_value(ctx.packed, ctx.solver.total, pos, -INF, INF)
        assert ctx.solver.value(pos) == exact, state
        # a second solve of the same position from a filled table, and each move's value
        for child, v in ctx.solver.move_values(pos):
            assert v == -plain_packed_value(
                ctx.packed, ctx.solver.total, child.position, -INF, INF
            ), (state, child)


@pytest.mark.parametrize(
    "names", [["ascension"], ["descension"], ["descension", "same", "plus", "combo", "banner"]]
)
def test_typed_rules_order_of_the_first_moves_keeps_values_exact(names: list[str]) -> None:
    # Under Ascension and Descension the moves from 7 empty cells on are tried by
    # how often each cut off at that depth before, then two empty cells deeper
    # (counted from 5 on), over every position one solver searches: along a game
    # from 7 empty cells, with those counts carried from position to position,
    # every value is plain alpha-beta's.
    rng = random.Random("typed top:" + "+".join(names))
    for _ in range(2):
        state = random_game(rng, names, 2, small=rng.random() < 0.5)
        ctx = Context(View.of(state))
        solver = ctx.solver
        pos = ctx.position
        for _ in range(3):
            exact = plain_packed_value(ctx.packed, solver.total, pos, -INF, INF)
            assert_value_and_best(solver, ctx.packed, pos, exact, state)
            pos = rng.choice(solver.children(pos)).position


@pytest.mark.parametrize("names", [["open", "ascension"], ["open", "descension"]])
@pytest.mark.parametrize("seed", [1, 2])
def test_typed_rules_values_from_eight_empty_cells_are_exact(names: list[str], seed: int) -> None:
    # Dealt games (the Houses set: most types are shared by several cards) one
    # card down, where the moves at 8 and 7 empty cells are tried by both cut-off
    # counts: the value and every move's value are plain alpha-beta's.
    state = dealt(names, seed, 1)
    ctx = Context(View.of(state))
    solver = ctx.solver
    pos = ctx.position
    exact = plain_packed_value(ctx.packed, solver.total, pos, -INF, INF)
    assert_value_and_best(solver, ctx.packed, pos, exact, state)
    for child, v in solver.move_values(pos):
        assert v == -plain_packed_value(ctx.packed, solver.total, child.position, -INF, INF), (
            state,
            child,
        )


@pytest.mark.parametrize("names", [[], ["same", "plus", "combo"]], ids=["basic", "same+plus"])
def test_an_oracles_order_keeps_values_exact(names: list[str]) -> None:
    # bench/bench_order.py measures how far a better order could go: from 5 empty
    # cells on, the moves another solver's table holds go first. Here that table
    # comes from a few probes with other windows, so its moves are often not the
    # best: every other move must still be searched.
    rng = random.Random("oracle:" + "+".join(names))
    for _ in range(3):
        state = random_game(rng, names, 2, small=rng.random() < 0.5)
        ctx = Context(View.of(state))
        pos = ctx.position
        exact = plain_packed_value(ctx.packed, ctx.solver.total, pos, -INF, INF)
        for child in ctx.solver.children(pos)[::2]:
            alpha = rng.randint(-6, 4)
            ctx.solver.probe(child.position, alpha, alpha + 1)
        oracle = Solver(ctx.packed, ctx.solver.total, ctx.solver.table, 5)
        assert_value_and_best(oracle, ctx.packed, pos, exact, state)


@pytest.mark.parametrize("names", [["open"], ["open", "same", "plus", "combo"]])
def test_a_search_cut_short_often_goes_on_where_it_stopped(names: list[str]) -> None:
    # The deadline has always passed: every 500 positions the search gives up and
    # starts over from what the table learnt (as the page thinks in slices). Each
    # node cut short keeps the move it was searching, so little is searched twice.
    state = dealt(names, 1, 0)  # (the empty board: without that, half as much again)
    whole = Context(View.of(state))
    value = whole.solver.value(whole.position)
    ctx = Context(View.of(state))
    restarts = 0
    while True:
        try:
            got = ctx.solver.value(ctx.position, deadline=1e-9)
            break
        except Timeout:
            restarts += 1
    assert got == value
    assert restarts > 20
    once = whole.solver.nodes + whole.solver.leaves
    assert ctx.solver.nodes + ctx.solver.leaves < 1.15 * once


@pytest.mark.parametrize("names", CAPTURE_RULES, ids=lambda n: "+".join(n) or "basic")
def test_values_stay_exact_when_the_search_is_cut_short(names: list[str]) -> None:
    # every 500 positions the deadline has passed: each value, searched again and
    # again from the table, is the one searched in one go
    rng = random.Random("cut short:" + "+".join(names))
    for _ in range(2):
        state = random_game(rng, names, rng.choice([2, 3]), small=rng.random() < 0.5)
        whole = Context(View.of(state))
        expected = [v for _, v in whole.solver.move_values(whole.position)]
        ctx = Context(View.of(state))
        while True:
            try:
                got = [v for _, v in ctx.solver.move_values(ctx.position, deadline=1e-9)]
                break
            except Timeout:
                continue
        assert got == expected, state
        assert ctx.solver.value(ctx.position) == max(expected)
