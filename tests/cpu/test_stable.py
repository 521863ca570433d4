"""Stable cards: those no card left in the other hand can take, and the solver's bound.

Without Same, Plus, Power Wall or Ascension/Descension a card changes owner
only when a card of the other side that beats it lands next to it, so the
solver counts the cards the mover keeps for good and bounds a move's value
from below by them (`triad.cpu.solver`, four empty cells). These tests check the cards
`TakerCache` names against real placements, and the values the bound leads
to against plain alpha-beta, under every rule set it applies to and under
those it must leave alone.
"""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import assert_fail_soft, brute_value, plain_packed_value, random_game
from triad.capture import Placed, Player
from triad.cards import Card
from triad.cpu.context import Context, View
from triad.cpu.packed import TakerCache
from triad.cpu.solver import INF, Solver
from triad.rules import RuleSet
from triad.state import GameState, Table

#: rule sets where only a card that beats a card takes it (the bound applies)
STEADY_RULES = [
    [],
    ["reverse"],
    ["fallen_ace"],
    ["fallen_ace", "reverse", "elemental"],
    ["banner", "battle"],
    ["broken_wall"],
    ["combo"],
    ["order"],
]
#: rule sets where a card can be taken without being beaten, or where values
#: move: the bound must not apply (nor under Power Wall, left as it was: its
#: values are checked below, its positions pinned by test_solver_recorded)
UNSTEADY_RULES = [
    ["same"],
    ["plus"],
    ["same", "plus", "combo"],
    ["ascension"],
    ["descension"],
]


def label(names: list[str]) -> str:
    return "+".join(names) or "basic"


@pytest.mark.parametrize("names", STEADY_RULES, ids=label)
def test_takers_are_the_cards_that_take_the_card(names: list[str]) -> None:
    rng = random.Random("takers:" + label(names))
    for _ in range(20):
        state = random_game(rng, names, rng.randint(1, 7), small=rng.random() < 0.5)
        ctx = Context(View.of(state))
        pk = ctx.packed
        key, mine, theirs, _, _ = ctx.position
        empty = 0x1FF ^ (mine | theirs)
        for q in range(9):
            if empty >> q & 1:
                continue
            cache = TakerCache(pk, q)
            got = cache[key & pk.area[q]]
            want = 0
            for card in range(len(pk.cards)):
                for c in pk.neigh[q]:
                    if c >= 0 and empty >> c & 1:
                        # the card on q held by the other side: does this placement take it?
                        _, taken, _ = pk.child(card, c, key, 0, 1 << q)
                        if taken >> q & 1:
                            want |= 1 << card
            assert got == want, (state, q)


@pytest.mark.parametrize("names", [*STEADY_RULES, *UNSTEADY_RULES, ["power_wall"]], ids=label)
def test_values_and_windows_with_stable_cards_match_plain_alpha_beta(names: list[str]) -> None:
    # four to six empty cells: the bound is checked for every move of a
    # four-cell node; each probe has its own window and a fresh table, and a
    # fail-soft answer outside the window must still bound the exact value.
    rng = random.Random("stable:" + label(names))
    for _ in range(25):
        state = random_game(rng, names, rng.choice([3, 4, 5]), small=rng.random() < 0.5)
        ctx = Context(View.of(state))
        pos = ctx.position
        exact = plain_packed_value(ctx.packed, ctx.solver.total, pos, -INF, INF)
        assert ctx.solver.value(pos) == exact, state
        for _ in range(3):
            alpha = rng.randint(-8, 6)
            beta = alpha + 1 if rng.random() < 0.6 else rng.randint(alpha + 1, 9)
            g = Context(View.of(state)).solver.probe(pos, alpha, beta)
            assert_fail_soft(exact, g, alpha, beta, state)


def saved_positions(names: list[str]) -> int:
    """Positions the bound saves on 20 seeded positions with six empty cells."""
    rng = random.Random("stable saves:" + label(names))
    saved = 0
    for _ in range(20):
        state = random_game(rng, names, 3, small=True)
        with_bound = Context(View.of(state))
        with_bound.solver.probe(with_bound.position, 0, 1)
        without = Solver(with_bound.packed, with_bound.solver.total, stable=False)
        without.probe(with_bound.position, 0, 1)
        seen = with_bound.solver.nodes + with_bound.solver.leaves
        saved += without.nodes + without.leaves - seen
    return saved


def test_stable_cards_save_positions_under_the_basic_rule() -> None:
    assert saved_positions([]) > 0


@pytest.mark.parametrize("names", UNSTEADY_RULES, ids=label)
def test_rules_that_take_unbeaten_cards_search_without_the_bound(names: list[str]) -> None:
    # the same positions with and without it: where a card can be taken without
    # being beaten, or values and lines move, the bound must not apply at all.
    assert saved_positions(names) == 0


def card(top: int, right: int, bottom: int, left: int, affinity: str | None = None) -> Card:
    return Card.of(top, right, bottom, left, affinity=affinity)


def test_a_card_same_takes_is_not_stable() -> None:
    # Under Same a card can be taken without being beaten: counting blue's
    # unbeaten cards as blue's for good (as under the basic rule) would value
    # this position (four empty cells, blue to move) at -2 instead of 0.
    table = Table.make(
        RuleSet.parse(["same"]),
        (None, "wind", None, None, None, None, "wind", None, None),
        [],
        Player.BLUE,
    )
    blue, red = Player.BLUE, Player.RED
    board = (
        None,
        None,
        Placed(card(1, 4, 4, 3, "fire"), red),
        None,
        None,
        Placed(card(1, 5, 1, 5), red),
        Placed(card(5, 5, 1, 4, "ice"), blue),
        None,
        Placed(card(2, 4, 3, 3, "wind"), red),
    )
    hands = (
        (card(4, 2, 5, 3, "fire"), card(5, 3, 4, 2, "wind"), card(5, 3, 4, 2, "wind")),
        (card(2, 2, 1, 2, "wind"), card(4, 2, 5, 4, "ice"), card(4, 1, 4, 1, "ice")),
    )
    state = GameState(table, board, hands, blue)
    assert brute_value(state) == 0
    ctx = Context(View.of(state))
    assert ctx.solver.value(ctx.position) == 0
    for child, v in ctx.solver.move_values(ctx.position):
        after, _ = state.apply(ctx.move_of(child, blue))
        assert v == -brute_value(after), (state, child)
