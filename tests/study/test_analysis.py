"""Move-by-move analysis: exact values against a plain minimax, marks, hidden hands, rematches."""

from __future__ import annotations

import itertools

import pytest

from tests.cpu.helpers import brute_value
from tests.study.helpers import random_record
from triad.capture import Player
from triad.observe import observe
from triad.study.analysis import MARKS, Analyser, MoveReview, analyse, mark_for


def check_against_minimax(analyser: Analyser, reviews: list[MoveReview]) -> int:
    """Every review's values against a plain minimax where that is cheap; how many were checked."""
    checked = 0
    for r in reviews:
        states = analyser.played.states[r.game]
        before, after = states[r.ply - 1], states[r.ply]
        assert r.player == before.to_move
        assert r.card == before.hands[r.player][r.move.card]
        assert r.best >= r.value
        assert r.lost == (r.best - r.value) // 2
        assert r.side_value == (r.value if r.player == analyser.side else -r.value)
        if before.board.count(None) <= 6:
            assert r.best == brute_value(before)
            assert r.value == -brute_value(after)
            best_moves = [
                m for m in before.legal_moves() if -brute_value(before.apply(m)[0]) == r.best
            ]
            assert r.best_move == min(best_moves)  # the first one, as `solve` lists them
            checked += 1
    return checked


def test_open_match_values_are_exact_and_marks_count_cards() -> None:
    record, played = random_record(["open", "same", "plus", "combo"], 11)
    analyser = analyse(record, played)
    reviews = analyser.reviews
    assert len(reviews) == 9 == analyser.total
    assert check_against_minimax(analyser, reviews) == 6
    assert [r.ply for r in reviews] == list(range(1, 10))
    for r in reviews:
        assert r.judged == "exact" and r.hidden == 0
        assert r.loss == r.lost
        assert r.mark == mark_for(r.lost)
    # the chart's points chain: each move's value after is the next position's value
    opening = analyser.opening(0)
    assert reviews[0].best == (opening if reviews[0].player is Player.BLUE else -opening)
    for r, following in itertools.pairwise(reviews):
        assert following.best == (-r.value if following.player != r.player else r.value)
    final = played.states[0][-1].score
    assert reviews[-1].side_value == final[0] - final[1]
    # random play blunders: the marks see it
    assert {r.mark for r in reviews} - {"best"}
    data = analyser.to_json()
    assert data["format"] == "triad-analysis" and data["complete"]
    assert sum(sum(m.values()) for m in data["marks"].values()) == 9
    assert data["games"][0]["moves"][4] == reviews[4].to_json()


def test_red_side_sees_the_same_values_negated() -> None:
    record, played = random_record(["open"], 5)
    blue = analyse(record, played, Player.BLUE)
    red = analyse(record, played, Player.RED)
    assert red.opening(0) == -blue.opening(0)
    for b, r in zip(blue.reviews, red.reviews, strict=True):
        assert r.side_value == -b.side_value
        assert (r.value, r.best, r.mark) == (b.value, b.best, b.mark)


@pytest.mark.slow  # (the full lane only: seconds of CPU)
def test_hidden_cards_judge_moves_on_what_the_mover_saw() -> None:
    record, played = random_record([], 3)
    analyser = Analyser(record, played)
    assert not analyser.reviews
    first = analyser.step()
    assert first.ply == 1 and len(analyser.reviews) == 1
    analyser.run()
    assert check_against_minimax(analyser, analyser.reviews) == 6
    for r in analyser.reviews:
        before = played.states[0][r.ply - 1]
        hidden = observe(before, r.player).hidden
        assert r.hidden == hidden > 0
        assert r.judged == "hidden"
        assert r.loss >= 0 and r.mark == mark_for(r.loss)
    data = analyser.to_json()
    assert data["hidden_judged"] == 9
    # the guesses are seeded by the match: the same analysis every time
    assert analyse(record, played).to_json() == data
    with pytest.raises(ValueError, match="analysed already"):
        analyser.step()


@pytest.mark.slow
def test_sudden_death_rematches_are_analysed_game_by_game() -> None:
    seed = 0
    while True:
        record, played = random_record(["open", "sudden_death"], seed)
        if len(record.games) > 1:
            break
        seed += 1
    analyser = analyse(record, played)
    games = len(record.games)
    assert analyser.total == sum(len(g) for g in record.games)
    assert sorted({r.game for r in analyser.reviews}) == list(range(games))
    data = analyser.to_json()
    assert len(data["games"]) == games
    for game, entry in enumerate(data["games"]):
        assert entry["opening"] == analyser.opening(game)
        assert [m["ply"] for m in entry["moves"]] == list(range(1, len(record.games[game]) + 1))


def test_marks_by_cards_given_up() -> None:
    assert [mark_for(x) for x in (0, 0.4, 0.5, 1, 1.4, 1.5, 2, 5)] == [
        "best",
        "best",
        "inaccuracy",
        "inaccuracy",
        "inaccuracy",
        "blunder",
        "blunder",
        "blunder",
    ]
    assert MARKS == ("best", "inaccuracy", "blunder")
