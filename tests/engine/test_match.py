"""Matches: deals from seeds, affinity and Power Wall odds, draft, level range, Sudden Death, trades."""

from __future__ import annotations

from collections import Counter

import pytest

from triad.capture import RESTRICTION_DIRECTIONS, Placed
from triad.cards import builtin_set
from triad.match import (
    MAX_REMATCHES,
    MatchConfig,
    best_cards,
    deal_match,
    settle_trade,
)
from triad.rules import RuleError, RuleSet, Trade
from triad.state import GameState, Table

from .helpers import BLUE, RED, card

HOUSES = builtin_set("houses")
ELEMENTS = builtin_set("elements")


def config(*names: str, card_set: str = "houses", **kwargs: object) -> MatchConfig:
    return MatchConfig(RuleSet.parse(names), builtin_set(card_set), **kwargs)  # type: ignore[arg-type]


def test_same_seed_same_deal() -> None:
    a = deal_match(config("banner", "power_wall"), 123)
    b = deal_match(config("banner", "power_wall"), 123)
    c = deal_match(config("banner", "power_wall"), 124)
    assert a == b and a != c
    assert len(set(a.hands[0] + a.hands[1])) == 10


def test_first_player_is_random() -> None:
    firsts = Counter(deal_match(config(), seed).first for seed in range(400))
    assert 160 < firsts[BLUE] < 240


def test_hands_do_not_depend_on_board_rules() -> None:
    plain = deal_match(config(), 99)
    banner = deal_match(config("banner", "power_wall", "same"), 99)
    assert plain.hands == banner.hands and plain.first == banner.first


def test_banner_and_elemental_odds() -> None:
    banner = [c for s in range(300) for c in deal_match(config("banner"), s).table.cells]
    share = sum(c is not None for c in banner) / len(banner)
    assert 0.29 < share < 0.38
    assert set(banner) - {None} == set(HOUSES.affinity_ids)
    elemental = [
        c
        for s in range(300)
        for c in deal_match(config("elemental", card_set="elements"), s).table.cells
    ]
    share = sum(c is not None for c in elemental) / len(elemental)
    assert 0.07 < share < 0.13
    assert set(elemental) - {None} == set(ELEMENTS.affinity_ids)
    assert set(deal_match(config(), 5).table.cells) == {None}
    # original: FF8's own board set-up, a cell elemental 30 times in 100
    original = [
        c
        for s in range(300)
        for c in deal_match(config("elemental", "original", card_set="elements"), s).table.cells
    ]
    share = sum(c is not None for c in original) / len(original)
    assert 0.26 < share < 0.34
    assert set(original) - {None} == set(ELEMENTS.affinity_ids)


def test_power_wall_restrictions() -> None:
    counts = []
    equal_met = 0
    for seed in range(200):
        match = deal_match(config("power_wall"), seed)
        found = match.table.restriction_list
        counts.append(len(found))
        powers = {c.power for c in match.hands[0] + match.hands[1]}
        for r in found:
            assert r.cell != 4 and r.direction in RESTRICTION_DIRECTIONS[r.cell]
            assert 4 <= r.value <= 40
            if r.op == "=":
                equal_met += r.value in powers
                assert r.value in powers
    assert max(counts) <= 8 and 3.4 < sum(counts) / len(counts) < 4.6
    assert equal_met > 0


def test_affinity_rule_needs_affinities() -> None:
    plain = HOUSES.to_json()
    plain["affinity_kind"] = None
    plain["affinities"] = []
    for c in plain["cards"]:
        c["affinity"] = None
    from triad.cards import parse_card_set

    bare = parse_card_set(plain)
    with pytest.raises(RuleError, match="needs a card set with affinities"):
        MatchConfig(RuleSet.parse(["banner"]), bare)
    MatchConfig(RuleSet.parse(["same"]), bare)


def test_level_range() -> None:
    match = deal_match(config("level_range", level_range=(4, 6)), 3)
    assert match.level_range == (4, 6)
    assert all(4 <= c.level <= 6 for c in match.hands[0] + match.hands[1])
    drawn = deal_match(config("level_range"), 3)
    assert drawn.level_range is not None
    low, high = drawn.level_range
    assert high - low == 2 and all(low <= c.level <= high for c in drawn.hands[0] + drawn.hands[1])
    with pytest.raises(RuleError, match="1 to 3 levels wide"):
        config("level_range", level_range=(2, 6))
    with pytest.raises(RuleError, match="rule is off"):
        config(level_range=(2, 3))
    with pytest.raises(ValueError, match="a draft needs 12 cards; only 11"):
        deal_match(config("draft", "level_range", level_range=(5, 5)), 1)


def test_draft() -> None:
    match = deal_match(config("draft", "three_open"), 11)
    assert match.drafting and len(match.draft_pool) == 12 and match.hands == ((), ())
    assert match.first_pick is match.first.other
    draft = match.draft()
    order = []
    while not draft.is_done:
        order.append(draft.to_pick)
        draft = draft.pick(draft.available[-1])
    assert order == [match.first_pick, match.first_pick.other] * 5
    assert len(draft.available) == 2
    with pytest.raises(ValueError, match="the draft is over"):
        draft.pick(draft.available[0])
    with pytest.raises(ValueError, match="not available"):
        match.draft().pick(12)
    state = match.start(draft.hands)
    assert state.shown == (0b11111, 0b11111), "a draft is public"
    with pytest.raises(ValueError, match="drafted hands"):
        match.start()
    with pytest.raises(ValueError, match="no draft"):
        deal_match(config(), 1).draft()


def test_three_open_and_open_masks() -> None:
    three = deal_match(config("three_open"), 8).start()
    assert [bin(m).count("1") for m in three.shown] == [3, 3]
    assert deal_match(config("open"), 8).start().shown == (0b11111, 0b11111)
    assert deal_match(config(), 8).start().shown == (0, 0)


def test_collection_pools_and_chosen_hands() -> None:
    blue_pool = list(HOUSES.cards[:20])
    red_pool = list(HOUSES.cards[50:58])
    match = deal_match(config("random"), 4, pools=(blue_pool, red_pool))
    assert set(match.hands[0]) <= set(blue_pool) and set(match.hands[1]) <= set(red_pool)
    chosen = (HOUSES.cards[:5], HOUSES.cards[100:105])
    assert deal_match(config(), 4, hands=chosen).hands == chosen
    assert deal_match(config("random"), 4, hands=chosen).hands != chosen
    with pytest.raises(ValueError, match="only 3 cards to deal from"):
        deal_match(config("random"), 4, pools=(blue_pool, red_pool[:3]))
    with pytest.raises(ValueError, match="not in set"):
        deal_match(config(), 4, hands=([card("1111")] * 5, HOUSES.cards[:5]))


def drawn_game(rules: RuleSet, first: str = "blue") -> GameState:
    """A finished 5-5 game: blue owns cells 0-4, red cells 5-8 and keeps one card."""
    cards = list(HOUSES.cards[:10])
    board = tuple(Placed(cards[i], BLUE if i < 5 else RED) for i in range(9))
    table = Table.make(rules, first=BLUE if first == "blue" else RED)
    return GameState(table, board, ((), (cards[9],)), BLUE)


def test_sudden_death_rematch() -> None:
    rules = RuleSet.parse(["sudden_death", "banner", "three_open"])
    match = deal_match(MatchConfig(rules, HOUSES), 21)
    final = drawn_game(rules, first="red")
    assert final.score == (5, 5)
    again = match.rematch(final, 1)
    assert again is not None
    assert again.table.first is BLUE, "the drawn game's second mover moves first"
    assert again.hands[0] == tuple(HOUSES.cards[:5])
    assert again.hands[1] == tuple(HOUSES.cards[5:10])
    assert [bin(m).count("1") for m in again.shown] == [3, 3]
    rounds = [match.rematch(final, r) for r in range(1, MAX_REMATCHES + 1)]
    assert len({r.table.cells for r in rounds if r is not None}) > 1, "each round draws its cells"
    assert match.rematch(final, MAX_REMATCHES) is not None
    assert match.rematch(final, MAX_REMATCHES + 1) is None, "after 5 rematches the draw stands"
    plain = deal_match(MatchConfig(RuleSet.parse(["banner"]), HOUSES), 21)
    assert plain.rematch(final, 1) is None
    with pytest.raises(ValueError, match="finished game"):
        match.rematch(match.start(), 1)


def won_game() -> tuple[tuple[tuple[object, ...], tuple[object, ...]], GameState]:
    """Blue wins 7-3: blue owns 7 board cells; the board mixes both starting hands."""
    blue_start = tuple(HOUSES.cards[:5])
    red_start = tuple(HOUSES.cards[100:105])
    on_board = list(blue_start) + list(red_start[:4])
    owners_ = [BLUE] * 5 + [BLUE, BLUE, RED, RED]
    board = tuple(Placed(c, o) for c, o in zip(on_board, owners_, strict=True))
    state = GameState(Table.make(RuleSet()), board, ((), (red_start[4],)), BLUE)
    return (blue_start, red_start), state


def test_trades() -> None:
    starting, final = won_game()
    assert final.score == (7, 3) and final.winner is BLUE
    red_start = starting[1]
    one = settle_trade(Trade.ONE, starting, final)  # type: ignore[arg-type]
    assert one.winner is BLUE and one.choices == 1 and one.candidates == red_start
    assert [t.card for t in one.transfers] == [red_start[best_cards(red_start, 1)[0]]]  # type: ignore[arg-type]
    assert all(t.giver is RED and t.taker is BLUE for t in one.transfers)
    picked = settle_trade(Trade.ONE, starting, final, picks=[2])  # type: ignore[arg-type]
    assert [t.card for t in picked.transfers] == [red_start[2]]
    diff = settle_trade(Trade.DIFF, starting, final)  # type: ignore[arg-type]
    assert len(diff.transfers) == 4 and diff.choices == 4
    everything = settle_trade(Trade.ALL, starting, final)  # type: ignore[arg-type]
    assert [t.card for t in everything.transfers] == list(red_start)
    direct = settle_trade(Trade.DIRECT, starting, final)  # type: ignore[arg-type]
    assert [(t.card, t.giver) for t in direct.transfers] == [
        (red_start[0], RED),
        (red_start[1], RED),
    ]
    assert settle_trade(Trade.NONE, starting, final).transfers == ()  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pick exactly 4"):
        settle_trade(Trade.DIFF, starting, final, picks=[0])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no card 9"):
        settle_trade(Trade.ONE, starting, final, picks=[9])  # type: ignore[arg-type]


def test_draw_trades_nothing_but_direct() -> None:
    rules = RuleSet()
    final = drawn_game(rules)
    starting = (tuple(HOUSES.cards[:5]), tuple(HOUSES.cards[5:10]))
    for trade in (Trade.ONE, Trade.DIFF, Trade.ALL):
        assert settle_trade(trade, starting, final).transfers == ()
    assert settle_trade(Trade.DIRECT, starting, final).transfers == ()


def test_best_cards() -> None:
    cards = [card("1111"), card("AAAA"), card("5555")]
    assert best_cards(cards, 1) == [1]
    strong = [HOUSES.cards[0], HOUSES.cards[109], HOUSES.cards[55]]
    assert best_cards(strong, 2) == [1, 2]


def test_page_deal_matches_the_engine_deal() -> None:
    """The page deals from the set's JSON with its own rule list; the worker gets the same match."""
    import json
    from pathlib import Path

    from triad import deal as dealing

    raw = json.loads(
        (Path(__file__).resolve().parents[2] / "triad/data/houses.json").read_text(encoding="utf-8")
    )
    levels, powers, affinities = dealing.set_tables(raw)
    ids = [c["id"] for c in raw["cards"]]
    for seed in (1, 2**40, 99):
        for names in (["power_wall", "same_wall", "banner"], ["three_open", "level_range"], []):
            page = dealing.deal(seed, names, levels, powers, affinities)
            match = deal_match(MatchConfig(RuleSet.parse(names), HOUSES), seed)
            assert [[ids[i] for i in hand] for hand in page.hands] == [
                [c.id for c in hand] for hand in match.hands
            ]
            assert page.first == str(match.first) and tuple(page.cells) == match.table.cells
            assert [r.to_json() for r in match.table.restriction_list] == [
                {"cell": c, "op": o, "value": v, "direction": d} for c, o, v, d in page.restrictions
            ]
            assert match.shown == tuple(sum(1 << i for i in s) for s in page.shown)
