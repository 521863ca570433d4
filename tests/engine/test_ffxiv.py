"""The FFXIV rules at the level of a match: Order, Chaos, Swap, Roulette, Ascension across games."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from triad import deal as dealing
from triad.capture import Placed, type_counts, typed_sides
from triad.cards import builtin_set
from triad.match import Match, MatchConfig, deal_match, settle_trade
from triad.notation import MatchRecord, replay, state_from_json, state_to_json
from triad.observe import observe
from triad.prng import Rng
from triad.rules import EXCLUSIVE, ROULETTE_RULES, Rule, RuleSet, Trade
from triad.state import GameState, IllegalMoveError, Move, Table

from .helpers import BLUE, RED, card

HOUSES = builtin_set("houses")


def config(*names: str, **kwargs: object) -> MatchConfig:
    return MatchConfig(RuleSet.parse(names), HOUSES, **kwargs)  # type: ignore[arg-type]


def play_out(state: GameState, seed: int) -> tuple[GameState, list[Move]]:
    rng = Rng(seed)
    moves: list[Move] = []
    while not state.is_terminal:
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        state, _ = state.apply(move)
        moves.append(move)
    return state, moves


def drawn_match(names: tuple[str, ...]) -> tuple[Match, GameState, list[Move]]:
    """A match of these rules whose first game, played at random, is a draw."""
    for seed in range(500):
        match = deal_match(config(*names), seed)
        final, moves = play_out(match.start(), seed)
        if final.outcome is not None and final.outcome.value == "draw":
            return match, final, moves
    raise AssertionError("no drawn game found")  # pragma: no cover


# -- Order and Chaos -----------------------------------------------------------


def test_order_plays_the_hand_first_to_last() -> None:
    match = deal_match(config("order"), 7)
    state = match.start()
    dealt = {BLUE: list(state.hands[BLUE]), RED: list(state.hands[RED])}
    played: dict[object, list[object]] = {BLUE: [], RED: []}
    while not state.is_terminal:
        legal = state.legal_moves()
        assert {m.card for m in legal} == {0} and state.forced == 0
        with pytest.raises(IllegalMoveError, match="next under Order"):
            if len(state.hands[state.to_move]) > 1:
                state.apply(Move(1, legal[0].cell))
            else:
                raise IllegalMoveError("next under Order")
        played[state.to_move].append(state.hands[state.to_move][0])
        state, _ = state.apply(legal[-1])
    assert played[match.first] == dealt[match.first]
    assert played[match.first.other] == dealt[match.first.other][:4]


def test_chaos_draws_are_seeded_public_and_replayable() -> None:
    rules = RuleSet.parse(["chaos", "banner"])
    match = deal_match(MatchConfig(rules, HOUSES), 31)
    state = match.start()
    draws = []
    moves = []
    while not state.is_terminal:
        drawn = state.drawn
        assert 0 <= drawn < len(state.hands[state.to_move])
        assert state.forced == drawn and {m.card for m in state.legal_moves()} == {drawn}
        # the draw is public: the other player sees the drawn card, not the seed
        seen = observe(state, state.to_move.other)
        assert seen.opponent_hand[drawn] == state.hands[state.to_move][drawn]
        assert seen.drawn == drawn and seen.table.seed == 0
        other = (drawn + 1) % len(state.hands[state.to_move])
        if other != drawn:
            with pytest.raises(IllegalMoveError, match="drawn by Chaos"):
                state.apply(Move(other, state.empty_cells[0]))
        draws.append(drawn)
        move = state.legal_moves()[0]
        moves.append(move)
        state, _ = state.apply(move)
    assert state.drawn == -1
    # the same seed draws the same cards; another seed draws others
    again = replay(MatchRecord(HOUSES.id, 31, rules, games=(tuple(moves),)), HOUSES)
    assert [s.drawn for s in again.states[0][:-1]] == draws
    assert again.states[0][-1] == state
    other_draws = [deal_match(MatchConfig(rules, HOUSES), s).start().drawn for s in range(60)]
    assert len(set(other_draws)) == 5
    # a state keeps its draw and its stream through JSON
    start = match.start()
    assert state_from_json(json.loads(json.dumps(state_to_json(start)))) == start


def test_chaos_draws_are_uniform() -> None:
    counts = Counter(dealing.chaos_draw(dealing.chaos_stream(s, 0), 3, 4) for s in range(4000))
    assert set(counts) == {0, 1, 2, 3}
    assert all(850 < n < 1150 for n in counts.values())


@pytest.mark.parametrize("rule", ["order", "chaos"])
def test_order_and_chaos_in_sudden_death(rule: str) -> None:
    match, final, _ = drawn_match((rule, "sudden_death"))
    again = match.rematch(final, 1)
    assert again is not None and again.placements == 0
    # the rematch hands are the cards owned at the end, in board order then hand
    assert list(again.hands[BLUE]) == final.cards_owned_at_end(BLUE)
    if rule == "order":
        assert {m.card for m in again.legal_moves()} == {0}
    else:
        assert again.table.seed == dealing.chaos_stream(match.seed, 1)
        assert again.table.seed != final.table.seed
        assert {m.card for m in again.legal_moves()} == {again.drawn}
    end, _ = play_out(again, 5)
    assert end.is_terminal


# -- Ascension and Descension ------------------------------------------------


def test_ascension_tallies_start_again_after_sudden_death() -> None:
    match, final, _ = drawn_match(("ascension", "sudden_death", "same"))
    assert max(type_counts(final.board).values()) >= 2
    again = match.rematch(final, 1)
    assert again is not None
    assert type_counts(again.board) == {}
    # the first card of the rematch fights with its printed values
    move = again.legal_moves()[0]
    placed = again.hands[again.to_move][move.card]
    after, _ = again.apply(move)
    assert typed_sides(placed, 0) == placed.sides
    kind = placed.affinity
    assert kind is not None and type_counts(after.board) == {kind: 1}


def test_typed_sides_clamp() -> None:
    assert typed_sides(card("9A21"), 3) == (10, 10, 5, 4)
    assert typed_sides(card("9A21"), -3) == (6, 7, 1, 1)


# -- Swap ----------------------------------------------------------------------


def test_swap_exchanges_one_card_each_and_shows_both() -> None:
    match = deal_match(config("swap"), 12)
    assert match.swap is not None
    i, j = match.swap
    state = match.start()
    blue, red = match.hands
    assert state.hands[BLUE][i] == red[j] and state.hands[RED][j] == blue[i]
    assert state.hands[BLUE][:i] == blue[:i] and state.hands[RED][j + 1 :] == red[j + 1 :]
    assert state.shown == (1 << i, 1 << j)
    assert observe(state, RED).opponent_hand[i] == red[j]
    assert observe(state, BLUE).opponent_hand[j] == blue[i]
    assert observe(state, BLUE).hidden == 4
    # trades take from the hands each player brought, before the exchange
    assert match.starting_hands(state) == match.hands
    assert match.swapped_cards(state) == (blue[i], red[j])
    spread = Counter(deal_match(config("swap"), s).swap for s in range(500))
    assert len(spread) == 25


def test_swap_after_a_draft() -> None:
    match = deal_match(config("swap", "draft"), 3)
    draft = match.draft()
    while not draft.is_done:
        draft = draft.pick(draft.available[0])
    state = match.start(draft.hands)
    assert match.swap is not None
    i, j = match.swap
    assert state.hands[BLUE][i] == draft.hands[RED][j]
    assert match.starting_hands(state) == draft.hands


def test_swap_with_duplicates_of_one_card() -> None:
    twin = HOUSES.cards[0]
    blue = [twin, *HOUSES.cards[1:5]]
    red = [twin, *HOUSES.cards[5:9]]
    for seed in range(200):
        match = deal_match(config("swap"), seed, hands=(blue, red))
        if match.swap == (0, 0):
            break
    else:  # pragma: no cover
        raise AssertionError("no seed swaps both twins")
    state = match.start()
    assert state.hands == match.hands  # the same card went each way
    assert state.shown == (1, 1)
    final, _ = play_out(state, 1)
    assert final.is_terminal and match.starting_hands(state) == match.hands


def test_swap_direct_trade_returns_the_exchanged_cards_first() -> None:
    a, b, c, d, e, f, g, h, x, y = HOUSES.cards[:10]
    brought = ((a, b, c, d, x), (e, f, g, h, y))
    # Blue gave x and got y. At the end red owns x (and blue's b); blue owns y.
    board = (
        Placed(x, RED),
        Placed(b, RED),
        Placed(y, BLUE),
        Placed(a, BLUE),
        Placed(c, BLUE),
        Placed(e, BLUE),
        Placed(f, RED),
        Placed(g, RED),
        Placed(h, RED),
    )
    final = GameState(Table(RuleSet.parse(["swap"])), board, ((d,), ()), BLUE)
    plain = settle_trade(Trade.DIRECT, brought, final)
    moved = {(t.card, t.giver) for t in plain.transfers}
    assert (x, BLUE) in moved and (y, RED) in moved
    swapped = settle_trade(Trade.DIRECT, brought, final, swapped=(x, y))
    assert {(t.card, t.giver) for t in swapped.transfers} == {(b, BLUE), (e, RED)}


def test_swap_direct_trade_with_duplicates() -> None:
    a, b, c, d, e, f, g, x, y = HOUSES.cards[:9]
    # blue brought x and gave it; red brought another x, kept it, and gave y

    brought = ((a, b, c, d, x), (e, f, g, x, y))

    def final(owners: tuple[object, object], y_owner: object) -> GameState:
        board = (
            Placed(x, owners[0]),  # type: ignore[arg-type]
            Placed(x, owners[1]),  # type: ignore[arg-type]
            Placed(y, y_owner),  # type: ignore[arg-type]
            Placed(b, BLUE),
            Placed(c, BLUE),
            Placed(d, BLUE),
            Placed(e, RED),
            Placed(f, RED),
            Placed(g, RED),
        )
        return GameState(Table(RuleSet.parse(["swap"])), board, ((a,), ()), BLUE)

    for owners, y_owner, expected in (
        # red holds both x: blue's goes back to blue, red keeps its own
        ((RED, RED), BLUE, set()),
        # blue took red's own x too: that one is won
        ((BLUE, BLUE), BLUE, {(x, RED)}),
        # y went back to red whoever held it
        ((RED, RED), RED, set()),
    ):
        result = settle_trade(Trade.DIRECT, brought, final(owners, y_owner), swapped=(x, y))
        assert {(t.card, t.giver) for t in result.transfers} == expected
    # both exchanged cards are the same card: neither moves
    same = ((a, b, c, d, x), (e, f, g, y, x))
    for owners in ((RED, RED), (BLUE, BLUE), (BLUE, RED)):
        result = settle_trade(Trade.DIRECT, same, final(owners, RED), swapped=(x, x))
        assert {t.card for t in result.transfers} <= {y}


# -- Roulette ------------------------------------------------------------------


def test_roulette_draws_one_rule_never_an_excluded_one() -> None:
    seen: Counter[Rule] = Counter()
    for names in (
        ("roulette",),
        ("roulette", "open", "same"),
        ("roulette", "ascension", "chaos", "three_open"),
        ("roulette", "descension", "order", "plus", "combo", "swap"),
    ):
        chosen = RuleSet.parse(names)
        for seed in range(300):
            match = deal_match(MatchConfig(chosen, HOUSES), seed)
            drawn = match.roulette
            assert drawn is not None and drawn in ROULETTE_RULES
            assert drawn not in chosen
            for first, second in EXCLUSIVE:
                assert not (drawn == first and second in chosen)
                assert not (drawn == second and first in chosen)
            assert match.rules == chosen.with_rules(drawn)
            assert match.start().rules == match.rules
            seen[drawn] += 1
    assert set(seen) == set(ROULETTE_RULES)


def test_roulette_with_nothing_left_to_draw() -> None:
    left_out = (Rule.THREE_OPEN, Rule.DESCENSION, Rule.ORDER)
    rules = RuleSet.parse(["roulette", *(r.value for r in ROULETTE_RULES if r not in left_out)])
    assert dealing.roulette_choices(rules.names) == []
    match = deal_match(MatchConfig(rules, HOUSES), 4)
    assert match.roulette is None and match.rules == rules


def test_roulette_draw_is_in_the_deal_code_and_the_replay() -> None:
    rules = RuleSet.parse(["roulette", "banner"])
    code = dealing.deal_code(77, rules.names, "houses")
    seed, names, _, _ = dealing.parse_deal_code(code)
    match = deal_match(MatchConfig(RuleSet.parse(names), HOUSES), seed)
    assert match.roulette == deal_match(MatchConfig(rules, HOUSES), 77).roulette
    final, moves = play_out(match.start(), 2)
    record = MatchRecord("houses", 77, rules, games=(tuple(moves),))
    again = replay(MatchRecord.from_json(json.loads(json.dumps(record.to_json()))), HOUSES)
    assert again.match.roulette == match.roulette
    assert again.states[0][-1] == final


def test_roulette_swap_and_three_open_apply_at_the_deal() -> None:
    found = set()
    for seed in range(400):
        match = deal_match(config("roulette"), seed)
        if match.roulette is Rule.SWAP:
            assert match.swap is not None
            found.add("swap")
        elif match.roulette is Rule.THREE_OPEN:
            assert bin(match.shown[0]).count("1") == 3
            found.add("three_open")
        elif match.roulette is Rule.OPEN:
            assert match.shown == (31, 31)
            found.add("open")
    assert found == {"swap", "three_open", "open"}


def test_new_rules_in_deal_codes() -> None:
    names = ["reverse", "fallen_ace", "ascension", "order", "swap", "roulette"]
    code = dealing.deal_code(5, names, "houses")
    assert sorted(dealing.parse_deal_code(code)[1]) == sorted(names)
