"""The save document: new saves, migration from every past version, validation, export/import."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.collection.helpers import HOUSES, rich_save
from triad.collection import save as save_module
from triad.collection.save import (
    APPLIED_LIMIT,
    MAX_COPIES,
    SAVE_VERSION,
    Puzzles,
    Save,
    SaveError,
    SaveVersionError,
    dump_save,
    export_save,
    load_save,
    migrate,
    new_save,
    read_save,
    reset_save,
)
from triad.collection.starter import STARTER_LEVELS, starter_cards, top_up
from triad.tally import Tally

SAVES = Path(__file__).resolve().parent / "saves"


def current() -> dict[str, Any]:
    """A valid current-version document to break in the validation tests."""
    return new_save(11).to_json()


# -- new saves and the starter collection -------------------------------------


def test_starter_collection_is_small_low_level_and_deterministic() -> None:
    cards = starter_cards(HOUSES, 42)
    assert cards == starter_cards(HOUSES, 42)
    assert sum(cards.values()) == sum(n for _, n in STARTER_LEVELS) == 8
    levels = sorted(HOUSES.card(i).level for i in cards)
    assert levels == [1, 1, 1, 1, 1, 2, 2, 2]
    assert all(n == 1 for n in cards.values())
    others = {tuple(sorted(starter_cards(HOUSES, seed))) for seed in range(20)}
    assert len(others) > 15, "different seeds give different starters"


def test_new_save_holds_only_the_starter_cards() -> None:
    save = new_save(42)
    assert save.cards == starter_cards(HOUSES, 42)
    assert save.beaten == () and save.applied == () and save.history == ()
    assert save.stats == Tally() and save.pending is None
    assert reset_save(42) == save


def test_top_up_adds_lowest_level_cards_until_five() -> None:
    assert top_up({"pim-cobble": 5}, HOUSES, 1) == []
    added = top_up({"pim-cobble": 2}, HOUSES, 1)
    assert len(added) == 3
    assert all(HOUSES.card(i).level == 1 for i in added)
    assert top_up({}, HOUSES, 9) == top_up({}, HOUSES, 9)


# -- round trips -------------------------------------------------------------


def test_dump_and_load_round_trip() -> None:
    save = rich_save()
    text = dump_save(save)
    assert load_save(text) == save
    assert dump_save(load_save(text)) == text


def test_export_import_round_trip() -> None:
    save = rich_save()
    text = export_save(save)
    assert text.endswith("\n") and "\n " in text
    assert load_save(text) == save


def test_zero_counts_are_dropped_and_cards_kept_in_set_order() -> None:
    data = current()
    ids = [c.id for c in HOUSES.cards]
    data["cards"] = {ids[9]: 1, ids[0]: 0, ids[3]: 2}
    save = load_save(data)
    assert list(save.cards) == [ids[3], ids[9]]


def test_loading_never_changes_its_input() -> None:
    data = json.loads((SAVES / "v1.json").read_text())
    before = copy.deepcopy(data)
    load_save(data)
    assert data == before


# -- migrations --------------------------------------------------------------


def test_every_past_version_has_a_migration_step_and_a_sample() -> None:
    assert sorted(save_module._MIGRATIONS) == list(range(1, SAVE_VERSION))
    for version in range(1, SAVE_VERSION):
        assert (SAVES / f"v{version}.json").exists(), f"keep a sample save of version {version}"


@pytest.mark.parametrize("version", range(1, SAVE_VERSION))
def test_each_past_version_migrates_to_the_current_one(version: int) -> None:
    text = (SAVES / f"v{version}.json").read_text()
    save, read_version = read_save(text)
    assert read_version == version
    data = json.loads(text)
    assert save.cards == {k: v for k, v in data["cards"].items() if v}
    assert save.beaten == tuple(data["beaten"])
    assert save.applied == tuple(data["applied"])
    assert [e.to_json() for e in save.history] == data.get("history", [])
    assert (save.pending and save.pending.to_json()) == data.get("pending")
    assert save.active is None
    assert load_save(dump_save(save)) == save
    assert json.loads(dump_save(save))["version"] == SAVE_VERSION


def test_version_1_credits_one_win_per_beaten_opponent() -> None:
    save = load_save((SAVES / "v1.json").read_text())
    assert save.stats == Tally(wins=2)
    assert save.opponent_stats == {"old-mabry": Tally(wins=1), "dessa-coldwater": Tally(wins=1)}


def test_version_2_keeps_its_statistics() -> None:
    save = load_save((SAVES / "v2.json").read_text())
    expected = Tally(wins=3, losses=2, draws=1, cards_won=4, cards_lost=2)
    assert save.stats == expected
    assert save.opponent_stats == {"old-mabry": expected}


def test_version_3_keeps_its_history_and_pending_choice() -> None:
    save = load_save((SAVES / "v3.json").read_text())
    assert len(save.history) == 1 and save.history[0].outcome == "loss"
    assert save.pending is not None and save.pending.picks is None
    assert save.active is None


def test_version_4_starts_with_no_puzzle_solved() -> None:
    save = load_save((SAVES / "v4.json").read_text())
    assert save.puzzles == Puzzles()
    assert json.loads(dump_save(save))["puzzles"] == {"solved": [], "best_streak": 0}


def test_migrate_steps_one_version_at_a_time() -> None:
    data = json.loads((SAVES / "v1.json").read_text())
    upgraded = migrate(data)
    assert upgraded["version"] == SAVE_VERSION
    assert upgraded["history"] == [] and upgraded["pending"] is None
    assert data["version"] == 1, "the input is left as it was"


def test_a_newer_save_is_refused_and_left_untouched() -> None:
    data = current()
    data["version"] = SAVE_VERSION + 1
    data["something_new"] = {"kept": True}
    text = json.dumps(data)
    with pytest.raises(
        SaveVersionError, match=rf"newer version of the game \(save version {SAVE_VERSION + 1}"
    ):
        load_save(text)
    assert json.loads(text) == data


# -- validation --------------------------------------------------------------


def _set(path: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[keys[-1]] = value

    return change


def _drop(key: str) -> Any:
    return lambda data: data.pop(key)


BROKEN = [
    ("format", _set("format", "other"), "not a Triad save"),
    ("no version", _drop("version"), "save.version: must be a whole number from 1, got None"),
    ("version 0", _set("version", 0), "save.version: must be a whole number from 1, got 0"),
    ("version text", _set("version", "3"), "save.version: must be a whole number from 1, got '3'"),
    ("unknown set", _set("set", "tarot"), "save.set: must be a built-in card set"),
    ("cards list", _set("cards", []), "save.cards: must be an object, got a list"),
    (
        "unknown card",
        _set("cards.no-such-card", 1),
        "save.cards: no card 'no-such-card' in card set 'houses'",
    ),
    (
        "negative count",
        _set("cards.pim-cobble", -1),
        r"save.cards\['pim-cobble'\]: must be a whole number 0..999, got -1",
    ),
    (
        "too many copies",
        _set("cards.pim-cobble", MAX_COPIES + 1),
        "must be a whole number 0..999, got 1000",
    ),
    ("fraction", _set("cards.pim-cobble", 1.5), "got 1.5"),
    ("boolean count", _set("cards.pim-cobble", True), "got True"),
    ("text count", _set("cards.pim-cobble", "2"), "got '2'"),
    ("missing cards", _drop("cards"), "save: missing 'cards'"),
    ("beaten twice", _set("beaten", ["old-mabry", "old-mabry"]), "listed twice"),
    (
        "beaten bad id",
        _set("beaten", ["old mabry"]),
        r"save.beaten\[0\]: id 'old mabry' may only hold",
    ),
    ("stats shape", _set("stats", []), "save.stats: must be an object"),
    (
        "stats negative",
        _set("stats.overall.wins", -3),
        "save.stats.overall.wins: must be a whole number",
    ),
    ("stats huge", _set("stats.overall.losses", 10**12), "save.stats.overall.losses"),
    ("applied bad", _set("applied", [17]), r"save.applied\[0\]: must be an id"),
    ("history shape", _set("history", {}), "save.history: must be a list"),
    ("history entry", _set("history", [{"id": "m"}]), r"save.history\[0\].outcome"),
    ("pending bad", _set("pending", {"id": "m-1"}), "save.pending.record"),
    ("puzzles shape", _set("puzzles", []), "save.puzzles: must be an object"),
    (
        "puzzle date",
        _set("puzzles.solved", ["2026-11-23", "23/11/2026"]),
        r"save.puzzles.solved\[1\]: must be a date like 2026-11-23, got '23/11/2026'",
    ),
    ("puzzle streak", _set("puzzles.best_streak", -1), "save.puzzles.best_streak"),
    ("missing puzzles", _drop("puzzles"), "save: missing 'puzzles'"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_each_broken_field_is_named(change: Any, message: str) -> None:
    data = current()
    data["cards"]["pim-cobble"] = 1
    change(data)
    with pytest.raises(SaveError, match=message):
        load_save(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the text is empty"),
        ("{", r"not valid JSON \(Expecting property name enclosed in double quotes at line 1"),
        ('{"format": "triad-save", "version": 3,', "not valid JSON"),
        ("[1, 2]", "save: must be an object, got a list"),
        ('"hello"', "save: must be an object, got a string"),
        ('{"format": "triad-save", "version": NaN}', r"not valid JSON \(NaN is not a number"),
        ("[" * 100_000, "not valid JSON"),
        (" " * (save_module.MAX_SAVE_CHARS + 1), "too long"),
    ],
)
def test_corrupt_text_gives_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        load_save(text)


def test_a_bad_import_changes_nothing() -> None:
    stored = dump_save(rich_save())
    kept = stored
    for bad in ("{", json.dumps({"format": "triad-save", "version": 9}), '{"format": "x"}'):
        with pytest.raises(SaveError):
            load_save(bad)
        assert stored == kept
        assert load_save(stored) == rich_save()


def test_long_lists_keep_only_their_newest_entries() -> None:
    data = current()
    data["applied"] = [f"m-{i}" for i in range(APPLIED_LIMIT + 50)]
    save = load_save(data)
    assert len(save.applied) == APPLIED_LIMIT
    assert save.applied[-1] == f"m-{APPLIED_LIMIT + 49}"


def test_save_helpers() -> None:
    save = Save("houses", {"pim-cobble": 3})
    assert save.total == 3 and save.copies("pim-cobble") == 3 and save.copies("bede-lark") == 0
    assert save.with_changes(cards={"pim-cobble": 0, "bede-lark": 2}).cards == {"bede-lark": 2}
    assert Tally().add("win", 2, 1) == Tally(wins=1, cards_won=2, cards_lost=1)
