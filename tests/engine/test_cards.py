"""Card sets: the built-in sets' shape and budget, loading, and validation messages."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from triad.cards import (
    BUILTIN_SETS,
    Card,
    CardSetError,
    art_names,
    builtin_set,
    default_budget,
    load_card_set,
    parse_card_set,
    tier_for_level,
)

ROOT = Path(__file__).resolve().parents[2]


def test_houses_has_110_cards_11_per_level_and_8_banners() -> None:
    houses = builtin_set("houses")
    assert houses.name == "Houses" and len(houses) == 110
    assert Counter(c.level for c in houses) == {level: 11 for level in range(1, 11)}
    assert houses.affinity_kind == "banner" and len(houses.affinities) == 8
    assert all(c.affinity in houses.affinity_ids for c in houses)
    assert set(Counter(c.affinity for c in houses).values()) <= {13, 14}
    for banner in houses.affinities:
        assert banner.name and banner.description and banner.emblem
        assert banner.color.startswith("#") and len(banner.color) == 7
    assert all(c.name and c.title and c.id for c in houses)
    assert len({c.name for c in houses}) == 110


def test_houses_names_are_our_own() -> None:
    # A few names from the games the rules come from must not appear.
    taken = {"Byleth", "Edelgard", "Dimitri", "Claude", "Squall", "Quistis", "Ifrit", "Shiva"}
    text = json.dumps(builtin_set("houses").to_json())
    assert not [name for name in taken if name in text]
    banners = {a.name for a in builtin_set("houses").affinities}
    assert not banners & {"Golden Deer", "Blue Lions", "Black Eagles", "Ashen Wolves"}


def test_levels_mean_strength() -> None:
    houses = builtin_set("houses")
    budget = {b.level: b for b in default_budget()}
    averages = []
    for level in range(1, 11):
        cards = [c for c in houses if c.level == level]
        assert all(budget[level].min_total <= c.power <= budget[level].max_total for c in cards)
        assert all(max(c.sides) <= budget[level].max_side for c in cards)
        averages.append(sum(c.power for c in cards) / len(cards))
    assert averages == sorted(averages)
    assert houses.budget == default_budget()


def test_elements_set() -> None:
    elements = builtin_set("elements")
    assert elements.affinity_kind == "element"
    assert set(elements.affinity_ids) == {
        "fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy",
    }  # fmt: skip
    with_element = [c for c in elements if c.affinity is not None]
    assert len(with_element) < len(elements) / 2 + 1
    assert {c.affinity for c in with_element} == set(elements.affinity_ids)


def test_tiers() -> None:
    assert [tier_for_level(level) for level in (1, 4, 5, 7, 8, 10)] == [
        "silver", "silver", "gold", "gold", "ornate", "ornate",
    ]  # fmt: skip
    card = builtin_set().cards[-1]
    assert card.tier == "ornate" and card.level == 10


def test_card_values() -> None:
    card = Card.of(9, 4, 10, 1, "fire", name="x")
    assert card.sides == (9, 4, 10, 1) and card.power == 24 and card.code == "94A1"
    assert card == Card.of(9, 4, 10, 1, "fire", name="x")
    assert hash(card) == hash(Card.of(9, 4, 10, 1, "fire", name="x"))


def test_round_trip_and_loading_forms(tmp_path: Path) -> None:
    houses = builtin_set()
    data = houses.to_json()
    assert parse_card_set(data) == houses
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_card_set(path) == houses
    assert load_card_set(str(path)) == houses
    assert load_card_set(json.dumps(data)) == houses
    assert houses.card("sabine-oakes").level == 10
    with pytest.raises(KeyError, match="no card 'nobody'"):
        houses.card("nobody")
    with pytest.raises(KeyError):
        builtin_set("nope")


def small_set() -> dict[str, Any]:
    return {
        "id": "mine",
        "name": "Mine",
        "affinity_kind": "element",
        "affinities": [{"id": "fire", "name": "Fire"}],
        "cards": [
            {"id": "a", "name": "A", "level": 1, "top": 1, "right": 2, "bottom": 3, "left": 4},
            {"id": "b", "name": "B", "level": 2, "top": 5, "right": 5, "bottom": 5,
             "left": 5, "affinity": "fire"},
        ],
    }  # fmt: skip


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(small_set())
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][1].pop("top"), r"card 'b': missing field 'top'"),
        (
            lambda d: d["cards"][0].update(left=11),
            r"card 'a': field 'left' must be 1\.\.10, got 11",
        ),
        (
            lambda d: d["cards"][0].update(right=0),
            r"card 'a': field 'right' must be 1\.\.10, got 0",
        ),
        (lambda d: d["cards"][1].update(level=11), r"card 'b': field 'level' must be 1\.\.10"),
        (lambda d: d["cards"][1].update(level=0), r"card 'b': field 'level' must be 1\.\.10"),
        (lambda d: d["cards"][1].update(id="a"), r"card 'a' \(#1\): field 'id' duplicates"),
        (lambda d: d["cards"][1].update(affinity="ice"), r"card 'b': field 'affinity' is 'ice'"),
        (lambda d: d["cards"][0].update(top="3"), r"card 'a': field 'top' must be an integer"),
        (lambda d: d["cards"][0].update(top=True), r"card 'a': field 'top' must be an integer"),
        (lambda d: d["cards"][0].update(name=7), r"card 'a': field 'name' must be a string"),
        (lambda d: d["cards"][0].pop("id"), r"card #0: missing field 'id'"),
        (lambda d: d["cards"].append(3), r"card #2: expected an object"),
        (lambda d: d.pop("name"), r"card set 'mine': missing field 'name'"),
        (lambda d: d.update(cards=[]), r"field 'cards' must be a non-empty list"),
        (lambda d: d.update(affinity_kind="colour"), r"field 'affinity_kind' must be one of"),
        (lambda d: d["affinities"][0].update(color="red"), r"field 'color' must look like"),
        (
            lambda d: d.update(
                budget=[{"level": 1, "min_total": 4, "max_total": 9, "max_side": 9}]
            ),
            r"card 'a': sides total 10, outside the level 1 budget 4\.\.9",
        ),
        (
            lambda d: d.update(
                budget=[{"level": 1, "min_total": 4, "max_total": 19, "max_side": 3}]
            ),
            r"card 'a': field 'left' is 4, above the level 1 maximum side 3",
        ),
        (
            lambda d: d.update(
                budget=[{"level": 1, "min_total": 4, "max_total": 19, "max_side": 9}]
            ),
            r"card 'b': field 'level' 2 has no entry in the set's budget",
        ),
    ],
)
def test_validation_names_card_and_field(change: Any, message: str) -> None:
    with pytest.raises(CardSetError, match=message):
        parse_card_set(broken(change))


def test_unreadable_sources() -> None:
    with pytest.raises(CardSetError, match="not valid JSON"):
        load_card_set("{nope")
    with pytest.raises(CardSetError, match="card set file"):
        load_card_set("/no/such/file.json")
    with pytest.raises(CardSetError, match="expected a JSON object"):
        parse_card_set([1, 2])
    assert isinstance(CardSetError("x"), ValueError)


def test_card_sets_are_reproducible_from_the_generator() -> None:
    result = subprocess.run(
        [sys.executable, "tools/make_card_sets.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("set_id", BUILTIN_SETS)
def test_every_builtin_card_has_its_own_portrait(set_id: str) -> None:
    cards = list(builtin_set(set_id))
    arts = [card.art for card in cards]
    assert all(arts), [card.id for card in cards if not card.art]
    assert set(arts) <= art_names()
    assert [a for a, n in Counter(arts).items() if n > 1] == []


def test_art_is_kept_through_json_and_optional() -> None:
    data = json.loads((ROOT / "triad" / "data" / "elements.json").read_text())
    again = parse_card_set(builtin_set("elements").to_json())
    assert [c.art for c in again] == [c["art"] for c in data["cards"]]
    no_art = broken(lambda d: None)
    assert all(card.art == "" for card in parse_card_set(no_art))
    # Any icon of the whole set is accepted for a player's own set, aliases too.
    ok = broken(lambda d: d["cards"][0].update(art="sattelite"))
    assert parse_card_set(ok).cards[0].art == "sattelite"


@pytest.mark.parametrize(
    ("art", "message"),
    [
        ("smithy-hammer", r"card 'a': field 'art' is 'smithy-hammer', not an icon of game-icons"),
        ("blacksmit", r"card 'a': .*did you mean 'blacksmith'"),
        (7, r"card 'a': field 'art' must be a string, got a number"),
    ],
)
def test_unknown_art_is_refused_with_the_card_named(art: Any, message: str) -> None:
    with pytest.raises(CardSetError, match=message):
        parse_card_set(broken(lambda d: d["cards"][0].update(art=art)))


def test_art_names_match_the_pinned_icon_package() -> None:
    """triad/data/art_names.txt lists exactly the icons of @iconify-json/game-icons."""
    icons = ROOT / "node_modules" / "@iconify-json" / "game-icons" / "icons.json"
    if not icons.exists():
        pytest.fail("node_modules is missing: run python3 build.py test (it runs npm ci)")
    data = json.loads(icons.read_text())
    assert art_names() == set(data["icons"]) | set(data["aliases"])
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/@iconify-json/game-icons"]["version"]
    assert json.loads((icons.parent / "package.json").read_text())["version"] == pinned
