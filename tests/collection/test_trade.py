"""Matches for cards: preparing them, and settling every trade rule into a new save."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.collection.helpers import (
    BLUE_HAND,
    HOUSES,
    LADDER,
    RED_HAND,
    find_games,
    finished,
    play_out,
    prepared_for,
    record_of,
    rich_save,
)
from triad.capture import Player
from triad.collection.save import MAX_COPIES, Active, Save, dump_save, load_save, new_save
from triad.collection.trade import (
    Prepared,
    TradeError,
    choose,
    cpu_choice,
    discard_active,
    prepare_match,
    progress,
    resume,
    settle,
    start,
)
from triad.match import best_cards
from triad.rules import Trade
from triad.state import GameState


def player_wins(games: object, final: GameState) -> bool:
    return final.winner is Player.BLUE


def player_loses(games: object, final: GameState) -> bool:
    return final.winner is Player.RED


def owner_of(save: Save) -> Save:
    """``save`` with the blue hand's cards owned (one copy each) and nothing else."""
    return save.with_changes(cards=dict.fromkeys(BLUE_HAND, 1))


# -- One ---------------------------------------------------------------------


def test_one_won_by_the_player_waits_for_the_choice_then_takes_it() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_wins)
    waiting = settle(save, finished(record, games), LADDER)
    assert waiting.status == "choose"
    assert waiting.count == 1 and waiting.candidates == tuple(RED_HAND)
    assert waiting.save.cards == save.cards, "nothing moves before the choice"
    assert waiting.save.pending is not None and waiting.save.applied == ()

    # the page writes the pending save; a reload reads it back and the dialog reopens
    reloaded = load_save(dump_save(waiting.save))
    again = settle(reloaded, reloaded.pending, LADDER)  # type: ignore[arg-type]
    assert again.status == "choose" and again.candidates == tuple(RED_HAND)

    done = choose(reloaded, [2], LADDER)
    assert done.status == "applied" and done.outcome == "win"
    assert done.taken == ("maud-carrow",) and done.given == ()
    assert done.save.copies("maud-carrow") == 1
    assert done.save.total == save.total + 1
    assert done.save.pending is None and done.save.applied == ("m-1",)


def test_one_with_the_choice_given_at_once() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_wins)
    done = settle(save, finished(record, games, picks=[0]), LADDER)
    assert done.status == "applied" and done.taken == ("orla-finch",)


def test_one_won_by_the_cpu_takes_the_most_valuable_card() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_loses)
    done = settle(save, finished(record, games), LADDER)
    # bede-lark is the only level-2 card of the blue hand
    assert done.outcome == "loss" and done.given == ("bede-lark",) and done.taken == ()
    assert done.save.copies("bede-lark") == 0
    assert done.save.total == 5 - 1 + len(done.topped_up)


def test_the_cpu_choice_is_level_then_side_total_then_hand_order() -> None:
    cards = [HOUSES.card(i) for i in ("pim-cobble", "tamsin-reed", "sarnai-velk", "brunna-flint")]
    # all level 1: totals 15, 12, 13, 14
    assert cpu_choice(cards, 1) == [0]
    assert cpu_choice(cards, 2) == [0, 3]
    assert cpu_choice([*cards, HOUSES.card("bede-lark")], 1) == [4]
    twins = [HOUSES.card("lucan-spark"), HOUSES.card("silas-gloam")]  # both level 1, total 14
    assert cpu_choice(twins, 1) == [0] == best_cards(twins, 1)


def test_picks_are_checked() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    won, _ = find_games(record, player_wins)
    lost, _ = find_games(record, player_loses)
    with pytest.raises(TradeError, match="pick exactly 1 different cards"):
        settle(save, finished(record, won, picks=[0, 1]), LADDER)
    with pytest.raises(TradeError, match="no card 7"):
        settle(save, finished(record, won, picks=[7]), LADDER)
    with pytest.raises(TradeError, match="only after winning"):
        settle(save, finished(record, lost, picks=[0]), LADDER)
    with pytest.raises(TradeError, match="no match is waiting"):
        choose(save, [0], LADDER)


# -- Diff, Direct, All, none -------------------------------------------------


def test_diff_takes_as_many_as_the_score_difference() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.DIFF, BLUE_HAND, RED_HAND)
    games, final = find_games(record, lambda g, f: f.winner is Player.BLUE and f.score[0] < 9)
    difference = final.score[0] - final.score[1]
    waiting = settle(save, finished(record, games), LADDER)
    assert waiting.status == "choose" and waiting.count == difference
    done = choose(waiting.save, list(range(difference)), LADDER)
    assert done.taken == tuple(RED_HAND[:difference])
    assert done.save.total == 5 + difference

    lost, final = find_games(record, player_loses)
    difference = final.score[1] - final.score[0]
    done = settle(save, finished(record, lost), LADDER)
    hand = [HOUSES.card(i) for i in BLUE_HAND]
    assert done.given == tuple(BLUE_HAND[i] for i in best_cards(hand, difference))


def test_diff_taking_the_whole_hand_needs_no_choice() -> None:
    # a strong hand against a weak one, won by 8-2 or more: a difference of 6 takes all 5
    save = new_save(1).with_changes(cards=dict.fromkeys(RED_HAND, 1))
    record = record_of(["open"], Trade.DIFF, RED_HAND, BLUE_HAND)
    games, final = find_games(record, lambda g, f: f.score[0] - f.score[1] >= 5)
    done = settle(save, finished(record, games), LADDER)
    assert final.score[0] - final.score[1] > 5
    assert done.status == "applied" and done.taken == tuple(BLUE_HAND)


def test_direct_each_keeps_what_they_own_at_the_end() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.DIRECT, BLUE_HAND, RED_HAND)
    for seed in range(6):
        games, final = play_out(record, seed=seed)
        done = settle(save, finished(record, games, match_id=f"m-{seed}"), LADDER)
        owned = Counter(c.id for c in final.cards_owned_at_end(Player.BLUE))
        assert Counter(save.cards) - Counter(done.given) + Counter(done.taken) == owned
        assert Counter(done.save.cards) == owned + Counter(done.topped_up)
        assert done.save.total == final.score[0] + len(done.topped_up)
        assert len(done.topped_up) == max(0, 5 - final.score[0])


def test_all_takes_the_five_cards() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    won, _ = find_games(record, player_wins)
    done = settle(save, finished(record, won), LADDER)
    assert done.taken == tuple(RED_HAND) and done.save.total == 10

    lost, _ = find_games(record, player_loses)
    done = settle(save, finished(record, lost, match_id="m-2"), LADDER)
    assert sorted(done.given) == sorted(BLUE_HAND)
    assert len(done.topped_up) == 5, "an emptied collection gets 5 low cards back"
    assert done.save.total == 5


def test_a_draw_trades_nothing_but_counts() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, lambda g, f: f.winner is None)
    done = settle(save, finished(record, games), LADDER)
    assert done.outcome == "draw" and done.taken == done.given == ()
    assert done.save.cards == save.cards and done.save.stats.draws == 1


# -- Sudden Death ------------------------------------------------------------


def test_sudden_death_is_played_out_then_the_brought_cards_are_traded() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open", "sudden_death"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, final = find_games(record, lambda g, f: len(g) >= 2 and f.winner is not None, tries=2000)
    unfinished = finished(record, games[:1])
    with pytest.raises(TradeError, match="Sudden Death"):
        settle(save, unfinished, LADDER)
    done = settle(save, finished(record, games), LADDER)
    # the trade follows the last game, and takes from the hands brought to the match
    if final.winner is Player.BLUE:
        assert done.taken == tuple(RED_HAND) and done.given == ()
    else:
        assert sorted(done.given) == sorted(BLUE_HAND) and done.taken == ()


def test_sudden_death_with_direct_keeps_the_last_game_owners() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open", "sudden_death"], Trade.DIRECT, BLUE_HAND, RED_HAND)
    games, final = find_games(record, lambda g, f: len(g) >= 2, tries=2000)
    done = settle(save, finished(record, games), LADDER)
    owned = Counter(c.id for c in final.cards_owned_at_end(Player.BLUE))
    assert Counter(done.save.cards) == owned + Counter(done.topped_up)


# -- safety ------------------------------------------------------------------


def test_settling_the_same_match_twice_changes_nothing() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_wins)
    first = settle(save, finished(record, games), LADDER)
    text = dump_save(first.save)
    second = settle(load_save(text), finished(record, games), LADDER)
    assert second.status == "already"
    assert dump_save(second.save) == text


def test_an_interrupted_write_leaves_the_old_save_whole() -> None:
    stored = dump_save(owner_of(new_save(1)))
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_loses)
    settle(load_save(stored), finished(record, games), LADDER)  # the new save is never written
    kept = load_save(stored)
    assert kept.cards == dict.fromkeys(BLUE_HAND, 1)
    again = settle(kept, finished(record, games), LADDER)  # after the reload: settled once
    assert again.status == "applied" and sorted(again.given) == sorted(BLUE_HAND)


def test_a_pending_choice_blocks_other_matches() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_wins)
    waiting = settle(save, finished(record, games), LADDER).save
    with pytest.raises(TradeError, match="waiting for the player to choose"):
        settle(waiting, finished(record, games, match_id="m-2"), LADDER)
    with pytest.raises(TradeError, match="waiting for the player to choose"):
        prepared_for(waiting.with_changes(beaten=()), "old-mabry")


def test_cards_not_in_the_collection_cannot_be_staked() -> None:
    save = new_save(1).with_changes(cards={"pim-cobble": 1, "bede-lark": 9})
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = play_out(record)
    with pytest.raises(
        TradeError, match=r"brought 1 of Sarnai Velk \('sarnai-velk'\) but the collection has 0"
    ):
        settle(save, finished(record, games), LADDER)


def test_unfinished_or_impossible_matches_are_refused() -> None:
    save = owner_of(new_save(1))
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = play_out(record)
    with pytest.raises(TradeError, match="not finished"):
        settle(save, finished(record, [games[0][:5]]), LADDER)
    with pytest.raises(TradeError, match="does not replay"):
        settle(save, finished(record, [[games[0][0], games[0][0]]]), LADDER)
    drafted = record_of(["draft"], Trade.ALL, BLUE_HAND, RED_HAND)
    with pytest.raises(TradeError, match="without the 'draft' rule"):
        settle(save, finished(drafted, games), LADDER)


def test_copies_beyond_the_maximum_are_reported_not_kept() -> None:
    save = new_save(1).with_changes(cards={**dict.fromkeys(BLUE_HAND, 1), "orla-finch": MAX_COPIES})
    record = record_of(["open"], Trade.ALL, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, player_wins)
    done = settle(save, finished(record, games), LADDER)
    assert done.kept_out == ("orla-finch",)
    assert done.save.copies("orla-finch") == MAX_COPIES


# -- the ladder --------------------------------------------------------------


def test_prepare_checks_the_deck_and_unlocking() -> None:
    save = new_save(3)
    deck = list(save.cards)[:5]
    with pytest.raises(TradeError, match="not unlocked yet"):
        prepare_match(save, LADDER, "dessa-coldwater", 1, "m-1", deck)
    with pytest.raises(TradeError, match="no opponent 'nobody'"):
        prepare_match(save, LADDER, "nobody", 1, "m-1", deck)
    with pytest.raises(TradeError, match="choose 5 cards"):
        prepare_match(save, LADDER, "old-mabry", 1, "m-1")
    with pytest.raises(TradeError, match="but the collection has 0"):
        prepare_match(save, LADDER, "old-mabry", 1, "m-1", ["orla-finch", *deck[:4]])
    with pytest.raises(TradeError, match="match id: id 'm 1'"):
        prepare_match(save, LADDER, "old-mabry", 1, "m 1", deck)
    prepared = prepare_match(save, LADDER, "old-mabry", 1, "m-1", deck)
    assert prepared.hands[0] == tuple(deck)
    assert set(prepared.hands[1]) <= set(LADDER.opponent("old-mabry").pool)
    assert prepared == prepare_match(save, LADDER, "old-mabry", 1, "m-1", deck)


def test_random_opponents_deal_the_player_hand_from_the_collection() -> None:
    save = rich_save(copies=1)
    opponent = LADDER.opponent("yara-longgrass")
    assert opponent.deals_random
    with pytest.raises(TradeError, match="plays Random"):
        prepare_match(save, LADDER, opponent.id, 1, "m-1", list(save.cards)[:5])
    prepared = prepare_match(save, LADDER, opponent.id, 1, "m-1")
    assert "random" not in prepared.rules.names and "random" in prepared.table_rules.names
    assert all(save.copies(i) for i in prepared.hands[0])
    other = prepare_match(save, LADDER, opponent.id, 2, "m-1")
    assert other.hands != prepared.hands


def test_winning_a_ladder_match_unlocks_the_next_opponent() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    record = prepared.record()
    games, _ = find_games(record, player_wins)
    done = settle(save, prepared.finished(games, picks=[0]), LADDER)
    assert done.unlocked == ("dessa-coldwater",)
    assert done.save.beaten == ("old-mabry",)
    assert done.save.opponent_stats["old-mabry"].wins == 1
    assert done.save.stats.cards_won == 1
    assert done.save.history[-1].opponent == "old-mabry"
    assert LADDER.unlocked(done.save.beaten) == ["old-mabry", "dessa-coldwater"]

    # a loss against an unlocked opponent unlocks nothing
    second = prepared_for(done.save, "dessa-coldwater", match_id="m-2")
    lost, _ = find_games(second.record(), player_loses)
    after = settle(done.save, second.finished(lost), LADDER)
    assert after.unlocked == () and after.save.beaten == ("old-mabry",)
    assert after.save.opponent_stats["dessa-coldwater"].losses == 1


def test_a_record_must_follow_its_opponent_rules() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    record = record_of(["open", "same"], Trade.ALL, prepared.hands[0], prepared.hands[1])
    games, _ = play_out(record)
    with pytest.raises(TradeError, match="not played with the rules of Old Mabry"):
        settle(save, finished(record, games, opponent="old-mabry"), LADDER)
    foreign = record_of(["open"], Trade.ONE, prepared.hands[0], RED_HAND)
    games, _ = play_out(foreign)
    with pytest.raises(TradeError, match="Old Mabry does not play"):
        settle(save, finished(foreign, games, opponent="old-mabry"), LADDER)


def test_a_prepared_match_reads_back_and_deals_its_hands() -> None:
    save = rich_save()
    prepared = prepared_for(save, "gaffer-rootwise", seed=77)
    again = Prepared.from_json(json.loads(json.dumps(prepared.to_json())))
    assert again == prepared
    state = again.match(HOUSES).start()
    assert tuple(c.id for c in state.hands[0]) == prepared.hands[0]
    assert tuple(c.id for c in state.hands[1]) == prepared.hands[1]
    assert "sudden_death" in state.rules.names and "random" not in state.rules.names
    with pytest.raises(TradeError, match="must be a JSON object"):
        Prepared.from_json([])
    with pytest.raises(TradeError, match="malformed"):
        Prepared.from_json({**prepared.to_json(), "record": {}})
    with pytest.raises(TradeError, match="needs 'record' with hands"):
        Prepared.from_json({**prepared.to_json(), "level": None})


# -- the match being played ----------------------------------------------------


def test_an_active_match_is_saved_move_by_move_and_resumes_where_it_was() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    begun = start(save, prepared)
    assert begun.active is not None and begun.active.id == "m-1"
    assert begun.cards == save.cards, "starting stakes nothing yet"
    games, _ = find_games(prepared.record(), player_loses)
    moves = list(games[0])
    stored = begun
    for played in range(1, len(moves)):
        stored = load_save(dump_save(progress(stored, "m-1", [moves[:played]])))
        again, replayed = resume(stored)
        assert again == prepared
        assert len(replayed.states[-1]) == played + 1
        assert not replayed.states[-1][-1].is_terminal
    with pytest.raises(TradeError, match="still being played"):
        prepared_for(stored, "old-mabry", match_id="m-2")
    # the last move, then the settlement clears the active match in the same save
    stored = progress(stored, "m-1", games)
    done = settle(stored, prepared.finished(games), LADDER)
    assert done.status == "applied" and done.outcome == "loss"
    assert done.save.active is None and done.given
    with pytest.raises(TradeError, match="no match for cards is being played"):
        resume(done.save)


def test_a_won_one_match_goes_from_active_to_pending() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    games, _ = find_games(prepared.record(), player_wins)
    stored = progress(start(save, prepared), "m-1", games)
    waiting = settle(stored, prepared.finished(games), LADDER)
    assert waiting.status == "choose"
    assert waiting.save.active is None and waiting.save.pending is not None


def test_progress_refuses_moves_the_match_refuses() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    begun = start(save, prepared)
    games, _ = play_out(prepared.record())
    first = games[0][0]
    with pytest.raises(TradeError, match="does not replay"):
        progress(begun, "m-1", [[first, first]])  # the same cell twice
    with pytest.raises(TradeError, match="not the match being played"):
        progress(begun, "m-2", [[first]])
    with pytest.raises(TradeError, match="not the match being played"):
        progress(save, "m-1", [[first]])
    with pytest.raises(TradeError, match="still being played"):
        start(begun, prepared_for(save, "old-mabry", match_id="m-2"))


def test_an_active_match_that_cannot_resume_is_discarded_never_settled() -> None:
    save = new_save(3)
    prepared = prepared_for(save, "old-mabry")
    begun = start(save, prepared)
    broken_data = {**begun.active.to_json(), "level": None}  # type: ignore[union-attr]
    broken = begun.with_changes(active=Active.from_json(broken_data))
    with pytest.raises(TradeError, match="needs 'record' with hands"):
        resume(broken)
    dropped = discard_active(broken)
    assert dropped.active is None and "m-1" in dropped.applied
    assert dropped.cards == save.cards
    with pytest.raises(TradeError, match="already settled"):
        start(dropped, prepared)
    with pytest.raises(TradeError, match="no match for cards is being played"):
        discard_active(dropped)
