"""The worker's analysis and puzzle entry points: slices, tokens, errors."""

from __future__ import annotations

import datetime
import json
from typing import Any

from tests.study.helpers import random_record
from triad.capture import Player
from triad.collection.save import dump_save, load_save, new_save
from triad.study import service
from triad.study.analysis import analyse
from triad.study.puzzle import daily_json, streak


def call(name: str, request: object) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(getattr(service, name)(json.dumps(request)))
    return reply


def test_analysis_in_slices_gives_the_whole_analysis() -> None:
    record, played = random_record(["open", "same"], 31)
    started = call("analysis_start", {"record": record.to_json(), "side": "red"})
    assert started["ok"] and started["total"] == 9
    token = started["analysis"]
    reviews = []
    empty = 0
    while True:
        reply = call("analysis_step", {"analysis": token, "budget_ms": 5})
        assert reply["ok"], reply
        if reply["review"] is None:
            empty += 1
        else:
            reviews.append(reply["review"])
            assert reply["done"] == len(reviews)
        if reply["complete"]:
            break
    assert empty > 0  # the opening takes more than one slice of 5 ms
    whole = analyse(record, played, Player.RED).to_json()
    assert reviews == whole["games"][0]["moves"]
    assert reply["opening"] == whole["games"][0]["opening"]
    # a finished analysis answers without a review
    again = call("analysis_step", {"analysis": token})
    assert again["complete"] and again["review"] is None
    # a new analysis replaces it: the old token is stale
    text = json.dumps(record.to_json())
    newer = call("analysis_start", {"record": text})
    assert newer["ok"] and newer["analysis"] != token
    stale = call("analysis_step", {"analysis": token})
    assert not stale["ok"] and stale["code"] == "stale"


def test_analysis_refuses_bad_requests() -> None:
    assert call("analysis_start", {"record": {"format": "x"}})["code"] == "replay_bad"
    assert "not valid JSON" in json.loads(service.analysis_start("{"))["error"]
    bad_side = call("analysis_start", {"record": random_record([], 1)[0].to_json(), "side": "x"})
    assert not bad_side["ok"] and "'side' must be one of" in bad_side["error"]
    started = call("analysis_start", {"record": random_record([], 1)[0].to_json()})
    reply = call("analysis_step", {"analysis": started["analysis"], "budget_ms": -1})
    assert not reply["ok"] and "budget_ms" in reply["error"]


def test_puzzle_of_the_day_in_slices() -> None:
    day = "2026-11-25"
    replies = []
    while True:
        reply = call("puzzle_day", {"date": day, "budget_ms": 1})
        assert reply["ok"], reply
        replies.append(reply)
        if reply["puzzle"] is not None:
            break
        assert reply["tries"] >= len(replies)
    assert len(replies) > 1
    assert reply["puzzle"] == daily_json(datetime.date(2026, 11, 25))
    assert call("puzzle_day", {"date": day})["puzzle"] == reply["puzzle"]  # kept
    bad = call("puzzle_day", {"date": "25/11/2026"})
    assert not bad["ok"] and "2026-11-23" in bad["error"]


def test_solved_puzzles_and_streaks_are_kept_in_the_save() -> None:
    save = dump_save(new_save(7))
    today = "2026-11-25"
    progress = json.loads(service.puzzle_progress(save, json.dumps({"today": today})))
    assert progress["puzzles"] == {"solved": [], "streak": 0, "best_streak": 0}
    for day in ("2026-11-20", "2026-11-23", "2026-11-24"):
        reply = json.loads(service.puzzle_solved(save, json.dumps({"date": day, "today": day})))
        assert reply["ok"], reply
        save = reply["save"]
    assert reply["puzzles"] == {
        "solved": ["2026-11-20", "2026-11-23", "2026-11-24"],
        "streak": 2,
        "best_streak": 2,
    }
    # the streak lives on through a day not solved yet, and ends after a day missed
    progress = json.loads(service.puzzle_progress(save, json.dumps({"today": today})))
    assert progress["puzzles"]["streak"] == 2
    later = json.loads(service.puzzle_progress(save, json.dumps({"today": "2026-11-27"})))
    assert later["puzzles"]["streak"] == 0 and later["puzzles"]["best_streak"] == 2
    # solving a day twice changes nothing; the save reads back with its puzzles
    again = json.loads(
        service.puzzle_solved(save, json.dumps({"date": "2026-11-24", "today": today}))
    )
    assert load_save(again["save"]) == load_save(save)
    assert load_save(save).puzzles.solved == ("2026-11-20", "2026-11-23", "2026-11-24")
    bad = json.loads(service.puzzle_solved(save, json.dumps({"date": "yesterday", "today": today})))
    assert not bad["ok"] and "date: must be a date" in bad["error"]
    broken = json.loads(service.puzzle_progress("{", json.dumps({"today": today})))
    assert not broken["ok"] and "not valid JSON" in broken["error"]


def test_streaks_count_days_in_a_row() -> None:
    day = datetime.date(2026, 3, 10)
    solved = ["2026-03-07", "2026-03-08", "2026-03-09"]
    assert streak(solved, day) == 3
    assert streak([*solved, "2026-03-10"], day) == 4
    assert streak(solved, day + datetime.timedelta(days=1)) == 0
    assert streak([], day) == 0
