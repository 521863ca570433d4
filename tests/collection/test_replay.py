"""Replay files: export/import round trip, the steps a viewer walks, and bad files."""

from __future__ import annotations

import json

import pytest

from tests.collection.helpers import BLUE_HAND, HOUSES, RED_HAND, find_games, finished, record_of
from triad.capture import Player
from triad.collection.replay import (
    ReplayError,
    export_record,
    read_record,
    replay_record,
    steps,
    summary,
)
from triad.notation import MatchRecord, state_from_json
from triad.rules import Trade


def sudden_death_record() -> MatchRecord:
    record = record_of(["open", "sudden_death", "same", "banner"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, lambda g, f: len(g) == 2, tries=2000)
    return finished(record, games).record


def test_export_import_round_trip() -> None:
    record = sudden_death_record()
    text = export_record(record)
    assert json.loads(text)["format"] == "triad-match"
    assert read_record(text) == record


def test_steps_walk_every_position_with_its_events() -> None:
    record = sudden_death_record()
    played = replay_record(record)
    walk = steps(record, played)
    assert len(walk) == 2 + 9 + 9
    assert [s["game"] for s in walk] == [0] * 10 + [1] * 10
    assert walk[0]["move"] is None and not walk[0]["rematch"]
    assert walk[10]["rematch"] and walk[10]["move"] is None
    for step in walk:
        state = state_from_json(step["state"])
        blue, red = state.score
        assert step["score"] == {"blue": blue, "red": red}
        if step["move"] is not None:
            assert step["events"][0]["kind"] == "place"
            assert step["events"][0]["cells"] == [step["move"]["cell"]] or any(
                e["kind"] == "shift" for e in step["events"]
            )
            assert step["player"] in ("blue", "red")
            assert step["card"]["id"]
    assert walk[9]["score"] == {"blue": 5, "red": 5}, "the first game was drawn"
    final = played.states[-1][-1]
    assert summary(played) == {
        "games": 2,
        "winner": None if final.winner is None else str(final.winner),
        "score": {"blue": final.score[Player.BLUE], "red": final.score[Player.RED]},
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: "{", "not valid JSON"),
        (lambda d: json.dumps({**d, "format": "chess"}), "not a 'triad-match' version 1 record"),
        (lambda d: json.dumps({**d, "seed": -4}), "'seed' must be a non-negative integer"),
        (lambda d: json.dumps({**d, "games": [["9@9"]]}), r"record.games\[0\]\[0\]"),
        (lambda d: json.dumps({**d, "rules": ["open", "three_open"]}), "cannot be combined"),
        (lambda d: " " * 200_001, "too long"),
    ],
)
def test_bad_files_say_why(change: object, message: str) -> None:
    data = sudden_death_record().to_json()
    with pytest.raises(ReplayError, match=message):
        read_record(change(data))  # type: ignore[operator]


def test_records_that_do_not_replay() -> None:
    record = sudden_death_record()
    data = record.to_json()
    data["games"][0][1] = data["games"][0][0]  # the same cell twice
    with pytest.raises(ReplayError, match="taken"):
        replay_record(read_record(data))
    data = record.to_json()
    data["set"] = "my-cards"
    with pytest.raises(ReplayError, match="card set 'my-cards', which is not loaded"):
        replay_record(read_record(data))
    custom = {"my-cards": HOUSES}
    with pytest.raises(ReplayError, match="not 'houses'"):
        replay_record(read_record(data), custom)
