"""Property tests: over random collections, hands, rules, games and trade rules, no card is
created out of nothing or lost, and settling is idempotent."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.collection.helpers import HOUSES, LADDER, finished, play_out, record_of
from triad.capture import Player
from triad.collection.deck import pool_of
from triad.collection.save import MAX_COPIES, dump_save, load_save, new_save
from triad.collection.trade import Settlement, choose, settle
from triad.rules import Trade
from triad.state import GameState

IDS = [c.id for c in HOUSES.cards]
PLAY_RULES = ["same", "same_wall", "plus", "plus_wall", "combo", "banner", "battle",
              "broken_wall", "power_wall", "open", "three_open", "sudden_death"]  # fmt: skip


@st.composite
def matches(draw: st.DrawFn) -> tuple[dict[str, int], list[str], list[str], list[str], Trade, int]:
    owned = draw(st.lists(st.sampled_from(IDS), min_size=3, max_size=12, unique=True))
    cards = {i: draw(st.integers(1, 3)) for i in owned}
    if sum(cards.values()) < 5:
        cards[owned[0]] += 5
    pool = pool_of(cards, HOUSES)
    order = draw(st.permutations(range(len(pool))))
    blue = [pool[i] for i in order[:5]]
    red = draw(st.lists(st.sampled_from(IDS), min_size=5, max_size=5))
    rules = set(draw(st.sets(st.sampled_from(PLAY_RULES))))
    if "open" in rules:
        rules.discard("three_open")
    return (
        cards,
        blue,
        red,
        sorted(rules),
        draw(st.sampled_from(list(Trade))),
        draw(st.integers(0, 10**6)),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.data())
def test_trades_never_create_or_lose_cards(
    match: tuple[dict[str, int], list[str], list[str], list[str], Trade, int], data: st.DataObject
) -> None:
    cards, blue, red, rules, trade, seed = match
    save = new_save(1).with_changes(cards=cards)
    record = record_of(rules, trade, blue, red, seed=seed)
    games, final = play_out(record, seed=seed)
    done = settle(save, finished(record, games), LADDER)
    if done.status == "choose":
        assert done.save.cards == save.cards
        picks = data.draw(st.permutations(range(5)))[: done.count]
        done = choose(load_save(dump_save(done.save)), picks, LADDER)
    check(save.cards, blue, red, trade, final, done)

    # idempotent, and the written save reads back the same
    text = dump_save(done.save)
    again = settle(load_save(text), finished(record, games), LADDER)
    assert again.status == "already" and dump_save(again.save) == text


def check(
    before: dict[str, int],
    blue: list[str],
    red: list[str],
    trade: Trade,
    final: GameState,
    done: Settlement,
) -> None:
    after = done.save.cards
    taken, given = Counter(done.taken), Counter(done.given)
    # every card is accounted for: kept, given away, won, kept out, or topped up
    for card_id in set(before) | set(after) | set(taken) | set(done.topped_up):
        expected = (
            before.get(card_id, 0) - given[card_id] + taken[card_id]
            - done.kept_out.count(card_id) + done.topped_up.count(card_id)
        )  # fmt: skip
        assert after.get(card_id, 0) == expected
        assert 0 <= after.get(card_id, 0) <= MAX_COPIES
    # only staked cards change hands
    assert not given - Counter(blue)
    assert not taken - Counter(red)
    assert not done.topped_up or sum(before.values()) - len(done.given) + len(done.taken) < 5
    winner = final.winner
    if trade is Trade.DIRECT:
        # both sides together still hold the ten cards brought to the match
        blue_end = Counter(c.id for c in final.cards_owned_at_end(Player.BLUE))
        red_end = Counter(c.id for c in final.cards_owned_at_end(Player.RED))
        assert Counter(blue) - given + taken == blue_end
        assert Counter(red) - taken + given == red_end
        assert blue_end + red_end == Counter(blue) + Counter(red)
        return
    if trade is Trade.NONE or winner is None:
        assert not taken and not given
        return
    difference = abs(final.score[0] - final.score[1])
    expected_count = {Trade.ONE: 1, Trade.DIFF: min(5, difference), Trade.ALL: 5}[trade]
    if winner is Player.BLUE:
        assert not given and sum(taken.values()) == expected_count
        assert done.outcome == "win"
    else:
        assert not taken and sum(given.values()) == expected_count
        assert done.outcome == "loss"
