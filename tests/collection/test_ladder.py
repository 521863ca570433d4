"""The ladder file: every opponent valid, difficulty rising, unlocking, and each validation error."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.collection.helpers import HOUSES, LADDER
from triad.collection.ladder import (
    CPU_LEVELS,
    LANGUAGES,
    LadderError,
    default_ladder,
    load_ladder,
    parse_ladder,
)
from triad.rules import Rule

LADDER_FILE = Path(__file__).resolve().parents[2] / "triad" / "data" / "ladder.json"


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
    return data


def test_the_shipped_ladder_is_valid_and_rising() -> None:
    ladder = default_ladder()
    assert ladder is default_ladder(), "validated once, then cached"
    first = [o for o in ladder.opponents if o.part == 1]
    assert 8 <= len(first) <= 10
    levels = [CPU_LEVELS.index(o.level) for o in first]
    assert levels == sorted(levels) and levels[0] == 0 and levels[-1] == len(CPU_LEVELS) - 1
    mean_levels = [sum(HOUSES.card(c).level for c in o.cards) / len(o.cards) for o in first]
    assert mean_levels == sorted(mean_levels), "each opponent's cards are stronger than the last's"
    assert len({o.rules for o in ladder.opponents}) == len(ladder.opponents), "rules differ"
    assert {o.trade.value for o in first} == {"one", "diff", "direct", "all"}
    assert {o.house for o in first} == set(HOUSES.affinity_ids)
    assert len(ladder.parts) == 3
    for part in ladder.parts:
        assert set(part["title"]) == set(part["blurb"]) == set(LANGUAGES)
    names = {c.name for c in HOUSES.cards}
    for opponent in ladder.opponents:
        assert opponent.name not in names
        assert set(opponent.title) == set(opponent.blurb) == set(LANGUAGES)


def test_cpu_levels_are_the_cpu_names() -> None:
    cpu = pytest.importorskip("triad.cpu")
    assert tuple(cpu.LEVELS) == CPU_LEVELS


def test_round_trip_through_json() -> None:
    data = raw()
    again = parse_ladder({**data, "opponents": [o.to_json() for o in LADDER.opponents]})
    assert again == LADDER


def test_unlock_rule() -> None:
    ids = [o.id for o in LADDER.opponents]
    assert LADDER.unlocked([]) == ids[:1]
    assert LADDER.unlocked([ids[0]]) == ids[:2]
    assert LADDER.unlocked(ids[:3]) == ids[:4]
    # beating a later one (from an older ladder) opens the next, not the ones before
    assert LADDER.unlocked([ids[5]]) == [ids[0], ids[6]]
    assert LADDER.unlocked(["someone-gone"]) == ids[:1]


def _change(index: int, key: str, value: Any) -> Any:
    def run(data: dict[str, Any]) -> None:
        if value is None:
            data["opponents"][index].pop(key)
        else:
            data["opponents"][index][key] = value

    return run


BROKEN = [
    ("format", lambda d: d.update(format="x"), "not a 'triad-ladder' version 1 file"),
    ("set", lambda d: d.update(set="tarot"), "ladder.set: must be a built-in card set"),
    ("empty", lambda d: d.update(opponents=[]), "must be a non-empty list"),
    ("id", _change(0, "id", "Old Mabry"), "must be lower-case letters"),
    ("twice", lambda d: d["opponents"].append(copy.deepcopy(d["opponents"][0])), "is used twice"),
    ("house", _change(0, "house", "fire"), "'fire' is not a banner of set 'houses'"),
    ("level", _change(0, "level", "godlike"), "'godlike' is not one of"),
    ("rule", _change(0, "rules", ["open", "mystery"]), "unknown rule 'mystery'"),
    ("combination", _change(0, "rules", ["open", "three_open"]), "cannot be combined"),
    ("draft", _change(0, "rules", ["draft"]), "'draft' deals from the whole set"),
    ("level range", _change(0, "rules", ["level_range"]), "'level_range' deals from the whole set"),
    ("trade", _change(0, "trade", "half"), "unknown trade rule 'half'"),
    ("no cards", _change(0, "pool", None), "give either a 'deck' of 5 cards or a 'pool'"),
    ("both", _change(0, "deck", ["pim-cobble"] * 5), "not both or none"),
    ("unknown card", _change(2, "deck", ["pim-cobble"] * 4 + ["joker"]), "no card 'joker'"),
    ("short deck", _change(2, "deck", ["pim-cobble"] * 4), "must hold 5 cards, got 4"),
    ("small pool", _change(0, "pool", ["pim-cobble", "bede-lark"]), "more than 5 different cards"),
    ("language", _change(0, "title", {"en": "Ferryman"}), r"\.title\.fr: must be non-empty text"),
    ("name", _change(0, "name", " "), r"\.name: must be non-empty text"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_each_broken_field_is_named(change: Any, message: str) -> None:
    data = raw()
    change(data)
    with pytest.raises(LadderError, match=message):
        parse_ladder(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(LadderError, match="ladder file"):
        load_ladder(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(LadderError, match="not valid JSON"):
        load_ladder(bad)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(raw()), encoding="utf-8")
    assert load_ladder(good) == LADDER


def test_random_opponents_deal_without_random() -> None:
    for opponent in LADDER.opponents:
        assert Rule.RANDOM not in opponent.deal_rules
        assert opponent.deals_random == (Rule.RANDOM in opponent.rules)


FFXIV = {"reverse", "fallen_ace", "ascension", "descension", "order", "chaos", "swap", "roulette"}


def test_the_second_part_plays_the_ffxiv_rules() -> None:
    ladder = default_ladder()
    first = [o for o in ladder.opponents if o.part == 1]
    second = [o for o in ladder.opponents if o.part == 2]
    assert 3 <= len(second) <= 6
    assert ladder.opponents[len(first) : len(first) + len(second)] == tuple(second), (
        "part two comes after part one"
    )
    played: set[str] = set()
    for opponent in second:
        names = set(opponent.rules.names)
        assert names & FFXIV, opponent.id
        played |= names & FFXIV
    assert played == FFXIV
    levels = [CPU_LEVELS.index(o.level) for o in second]
    assert levels == sorted(levels) and second[-1].level == "master"
    # the first opponent of part two opens once the last of part one is beaten
    last_of_first = first[-1]
    assert second[0].id in ladder.unlocked([o.id for o in first])
    assert second[0].id not in ladder.unlocked([last_of_first.id][:0])


def test_the_third_part_plays_ff8s_own_code() -> None:
    ladder = default_ladder()
    third = [o for o in ladder.opponents if o.part == 3]
    assert third and ladder.opponents[-len(third) :] == tuple(third), "part three comes last"
    for opponent in third:
        assert Rule.ORIGINAL in opponent.rules, opponent.id
        assert opponent.rules.same or opponent.rules.plus, opponent.id
    last_of_second = [o for o in ladder.opponents if o.part == 2][-1]
    assert third[0].id in ladder.unlocked([last_of_second.id])


def test_parts_follow_each_other() -> None:
    data = raw()
    data["opponents"][1]["part"] = 3
    with pytest.raises(LadderError, match="parts follow each other"):
        parse_ladder(data)
    data = raw()
    data["opponents"][0]["part"] = 2
    with pytest.raises(LadderError, match="starts with part 1"):
        parse_ladder(data)
