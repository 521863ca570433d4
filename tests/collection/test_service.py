"""The worker's JSON functions: a whole session, and errors answered, never raised."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.collection import service_flow
from tests.collection.helpers import (
    BLUE_HAND,
    LADDER,
    RED_HAND,
    find_games,
    finished,
    record_of,
    rich_save,
)
from tests.runtimes import needs_pyodide, same_output_in_node
from triad.capture import Player
from triad.collection import service
from triad.collection.dealcode import encode
from triad.collection.save import SAVE_VERSION, dump_save, load_save, new_save
from triad.collection.trade import settle
from triad.rules import Trade


def ok(reply: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(reply)
    assert data.pop("ok") is True, data
    return data


def error(reply: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(reply)
    assert data["ok"] is False and data["error"], data
    return data


def test_a_session_of_ladder_matches() -> None:
    lines = service_flow.session(rounds=8)
    assert len(lines) == 9
    assert lines[0].startswith("old-mabry ")


def test_new_load_export_import_reset() -> None:
    created = ok(service.collection_new(json.dumps({"seed": 5})))
    assert load_save(created["save"]) == new_save(5)
    assert created["summary"]["total"] == 8 and created["summary"]["unlocked"] == ["old-mabry"]
    loaded = ok(service.collection_load(created["save"]))
    assert loaded["save"] == created["save"] and loaded["migrated_from"] is None
    exported = ok(service.collection_export(created["save"]))
    assert exported["filename"].endswith(".json")
    imported = ok(service.collection_import(exported["text"]))
    assert imported["save"] == created["save"]
    old = json.dumps({"format": "triad-save", "version": 1, "set": "houses",
                      "cards": {"pim-cobble": 5}, "beaten": [], "applied": []})  # fmt: skip
    assert ok(service.collection_import(old))["migrated_from"] == 1
    reset = ok(service.collection_reset(json.dumps({"seed": 6})))
    assert load_save(reset["save"]) == new_save(6)


def test_load_errors_say_why_and_which_kind() -> None:
    newer = json.dumps({"format": "triad-save", "version": SAVE_VERSION + 1})
    assert error(service.collection_load(newer))["kind"] == "newer"
    broken = error(service.collection_import('{"format": "triad-save", "version": 3, "set": 1}'))
    assert broken["kind"] == "invalid" and "save" in broken["error"]
    assert "not valid JSON" in error(service.collection_load("{"))["error"]


def test_album_filters() -> None:
    save = dump_save(rich_save(copies=2).with_changes(cards={"pim-cobble": 2, "orla-finch": 1}))
    every = ok(service.collection_album(save))
    assert len(every["cards"]) == 110 and every["found"] == 2 and every["size"] == 110
    found = ok(service.collection_album(save, json.dumps({"owned": "found"})))["cards"]
    assert [(c["id"], c["copies"]) for c in found] == [("pim-cobble", 2), ("orla-finch", 1)]
    missing = ok(
        service.collection_album(
            save, json.dumps({"owned": "missing", "level": 1, "banner": "anvil"})
        )
    )
    assert [c["id"] for c in missing["cards"]] == ["brunna-flint"]
    assert all(c["tier"] == "silver" for c in missing["cards"])
    assert (
        '\'owned\' must be one of "all", "found", "missing"'
        in error(service.collection_album(save, '{"owned": "x"}'))["error"]
    )


def test_ladder_view_and_history() -> None:
    save = dump_save(new_save(1))
    opponents = ok(service.collection_ladder(save))["opponents"]
    assert [o["unlocked"] for o in opponents][:2] == [True, False]
    assert opponents[0]["stats"] is None and opponents[0]["title"]["fr"]
    assert ok(service.collection_history(save))["matches"] == []


def test_decks() -> None:
    save = dump_save(new_save(1))
    deck = ok(service.collection_deal_deck(save, json.dumps({"seed": 3})))["deck"]
    assert len(deck) == 5
    assert ok(service.collection_check_deck(save, json.dumps({"deck": deck})))["deck"] == deck
    assert (
        "collection has 0"
        in error(service.collection_check_deck(save, json.dumps({"deck": ["orla-finch"] * 5})))[
            "error"
        ]
    )
    assert (
        "lacks 'seed' (a whole number)" in error(service.collection_deal_deck(save, "{}"))["error"]
    )


def test_match_errors_are_answers() -> None:
    save = dump_save(new_save(1))
    assert "not unlocked" in error(service.collection_prepare(save, json.dumps(
        {"opponent": "magister-vael", "seed": 1, "match_id": "m-1", "deck": None})))["error"]  # fmt: skip
    assert "not valid JSON" in error(service.collection_settle(save, "{"))["error"]
    assert (
        "no match is waiting" in error(service.collection_choose(save, '{"picks": [0]}'))["error"]
    )
    assert (
        "'picks' must be a list of whole numbers"
        in error(service.collection_choose(save, '{"picks": "0"}'))["error"]
    )
    assert (
        "must be a list of lists"
        in error(service.collection_finished("{}", '{"games": 3}'))["error"]
    )


def test_deal_codes_and_replays() -> None:
    code = ok(
        service.deal_code_make(json.dumps({"seed": 9, "rules": ["banner"], "set": "houses"}))
    )["code"]
    assert code == encode(9, ["banner"])
    deal = ok(service.deal_code_read(code))["deal"]
    assert deal == {
        "seed": 9,
        "rules": ["banner"],
        "set": "houses",
        "mode": "default",
        "level_range": None,
    }
    assert (
        "damaged"
        in error(service.deal_code_read(code[:-1] + "0" if code[-1] != "0" else code[:-1] + "1"))[
            "error"
        ]
    )

    save = rich_save()
    prepared = ok(service.collection_prepare(dump_save(save), json.dumps(
        {"opponent": "old-mabry", "seed": 4, "match_id": "m-9",
         "deck": ["pim-cobble", "pim-cobble", "bede-lark", "orla-finch", "mossback"]})))["match"]  # fmt: skip
    games = service_flow.play(prepared, 1)
    record = prepared["record"] | {"games": games}
    text = ok(service.replay_export(json.dumps(record)))["text"]
    back = ok(service.replay_import(text))
    assert back["record"] == record
    assert len(back["steps"]) == 10 * len(games)
    assert ok(service.replay_steps(json.dumps(record)))["steps"] == back["steps"]
    assert "not valid JSON" in error(service.replay_import("nope"))["error"]


@pytest.mark.slow
@needs_pyodide
def test_the_session_is_the_same_under_pyodide() -> None:
    digest = same_output_in_node(
        "tests/collection/service_flow.py", "pyodide_runner.mjs", timeout=600
    )
    assert digest.count("\n") == 13


def test_a_pending_match_survives_a_reload_and_can_be_given_up() -> None:
    save = new_save(1).with_changes(cards=dict.fromkeys(BLUE_HAND, 1))
    record = record_of(["open"], Trade.ONE, BLUE_HAND, RED_HAND)
    games, _ = find_games(record, lambda g, f: f.winner is Player.BLUE)
    waiting = dump_save(settle(save, finished(record, games), LADDER).save)
    pending = ok(service.collection_load(waiting))["summary"]["pending"]
    assert pending == {
        "id": "m-1",
        "opponent": None,
        "error": None,
        "count": 1,
        "candidates": RED_HAND,
    }

    gone = json.loads(waiting)
    gone["pending"]["opponent"] = "left-the-ladder"
    stuck = ok(service.collection_load(json.dumps(gone)))["summary"]["pending"]
    assert "no opponent 'left-the-ladder'" in stuck["error"]
    freed = ok(service.collection_discard_pending(json.dumps(gone)))
    assert freed["summary"]["pending"] is None
    assert load_save(freed["save"]).applied == ("m-1",)
    assert load_save(freed["save"]).cards == save.cards
    assert (
        "no match is waiting" in error(service.collection_discard_pending(freed["save"]))["error"]
    )


def test_the_match_being_played_is_in_the_save_until_settled() -> None:
    save = dump_save(rich_save())
    request = {"opponent": "old-mabry", "seed": 9, "match_id": "m-9", "deck": None}
    request["deck"] = list(load_save(save).cards)[:5]
    prepared = ok(service.collection_prepare(save, json.dumps(request)))
    active = ok(service.collection_summary(prepared["save"]))["summary"]["active"]
    assert active == {"id": "m-9", "opponent": "old-mabry", "moves": 0, "error": None}
    again = {**request, "match_id": "m-10"}
    assert (
        "still being played"
        in error(service.collection_prepare(prepared["save"], json.dumps(again)))["error"]
    )
    progress = json.dumps({"id": "m-9", "games": [["0@4"]]})
    moved = ok(service.collection_progress(prepared["save"], progress))["save"]
    assert ok(service.collection_summary(moved))["summary"]["active"]["moves"] == 1
    resumed = ok(service.collection_resume(moved))
    assert resumed["games"] == [["0@4"]] and resumed["match"] == prepared["match"]
    bad = json.dumps({"id": "m-9", "games": [["0@4", "1@4"]]})
    assert "does not replay" in error(service.collection_progress(moved, bad))["error"]
    dropped = ok(service.collection_discard_active(moved))
    assert dropped["summary"]["active"] is None
    assert "no match for cards" in error(service.collection_resume(dropped["save"]))["error"]


def test_a_match_under_original_is_saved_with_its_rules() -> None:
    # the FF8 original opponent's match, settled into the save: its rules read back whole
    hestor = next(o for o in LADDER.opponents if o.id == "archivist-hestor")
    save = new_save(1).with_changes(cards=dict.fromkeys(BLUE_HAND, 1))
    record = record_of(hestor.rules.names, hestor.trade, BLUE_HAND, hestor.cards)
    games, _ = find_games(record, lambda g, f: f.winner is Player.BLUE)
    match = finished(record, games, opponent=hestor.id)
    text = dump_save(settle(save, match, LADDER).save)
    settled = load_save(text)
    kept = settled.pending.record if settled.pending else settled.history[-1].record
    assert kept.rules == hestor.rules and "original" in kept.rules.names
    assert hestor.id in settled.beaten
    assert ok(service.collection_load(text))["summary"]
