"""The tournament through the engine worker's functions, JSON in and out, as the page calls
them: a whole knockout with every match of the player's played move by move, the save
written after each pick and move and read back from it after a reload."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.tournament.helpers import DECK, rich_save
from triad.collection.save import dump_save, load_save
from triad.worker import engine


def call(name: str, *args: Any) -> dict[str, Any]:
    texts = [a if isinstance(a, str) else json.dumps(a) for a in args]
    reply: dict[str, Any] = json.loads(getattr(engine, name)(*texts))
    return reply


def ok(name: str, *args: Any) -> dict[str, Any]:
    reply = call(name, *args)
    assert reply["ok"], reply
    return reply


def play_match(save: str, reload_after: int = -1) -> tuple[str, dict[str, Any]]:
    """Play the player's current match through the worker; reload the save (and deal the
    match again from it) after ``reload_after`` steps."""
    reply = ok("tournament_start", save)
    steps = 0
    while True:
        if "draft" in reply:
            draft = reply["draft"]
            taken = set(draft["blue"]) | set(draft["red"])
            index = min(i for i in range(len(draft["pool"])) if i not in taken)
            reply = ok("draft_pick", {"index": index})
        else:
            view = reply["view"]
            if view["over"]:
                break
            player = view["to_move"]
            move = ok("cpu_move", {"player": player, "hint": player == "blue", "budget_ms": None})
            reply = ok("play", {"card": move["card"], "cell": move["cell"]})
        save = ok("tournament_progress", save)["save"]
        steps += 1
        if steps == reload_after:
            engine.STATE.in_play = None  # the worker starts again from the stored save
            reply = ok("tournament_start", save)
            assert reply["match"]["record"]["games"] or reply.get("draft")
    end = ok("tournament_end", save)
    return end["save"], end


@pytest.mark.slow  # (the full lane only: seconds of CPU)
def test_a_knockout_through_the_worker_with_a_reload_in_each_match() -> None:
    save = dump_save(rich_save())
    begun = ok(
        "tournament_begin", save, {"kind": "knockout", "seed": 12, "event_id": "k-w", "deck": DECK}
    )
    save = begun["save"]
    assert begun["view"]["event"]["current"] == 0
    while True:
        save, end = play_match(save, reload_after=3)
        event = end["view"]["event"]
        assert load_save(save).tournament.event is not None
        if event["champion"] is not None:
            break
    assert end["result"]["champion"] == event["champion"]
    assert ok("tournament_view", save)["view"]["past"][-1]["champion"] == event["champion"]


def test_an_open_match_is_drafted_through_the_worker_and_resumed_mid_draft() -> None:
    save = dump_save(rich_save())
    save = ok("tournament_begin", save, {"kind": "open", "seed": 3, "event_id": "o-w"})["save"]
    first = ok("tournament_start", save)
    assert "draft" in first
    save, end = play_match(save, reload_after=1)  # reloaded after the first pick
    mine = [m for m in end["view"]["event"]["matches"] if "you" in (m["a"], m["b"])]
    assert mine[0]["played"]
    record = ok("tournament_record", save, {"index": 0})["record"]
    assert len(record["draft"]) == 10 and record["hands"] is None


def test_a_deck_over_the_limits_is_refused_with_the_card_at_fault() -> None:
    save = dump_save(rich_save())
    bad = ["sable-ardent", "aldric-thorne", "helka-vorn", "garrick-rhee", "rowan-hale"]
    reply = call("tournament_save_deck", save, {"name": "Crowns", "cards": bad})
    assert not reply["ok"] and reply["code"] == "deck_five"
    assert reply["words"] == {"key": "deck_five", "card": "aldric-thorne"}
    saved = ok("tournament_save_deck", save, {"name": "Walls", "cards": DECK})
    assert saved["view"]["decks"] == [{"name": "Walls", "cards": DECK}]
