"""The seeded PRNG and the deal module (CPython side; test_runtimes compares MicroPython)."""

from __future__ import annotations

from collections import Counter

import pytest

from triad import deal as dealing
from triad.prng import MASK64, Rng, mix64, seed_from_text
from triad.rules import Rule

LEVELS = [1 + i // 11 for i in range(110)]
POWERS = [10 + 2 * level for level in LEVELS]
AFFINITIES = ["a", "b", "c"]


def test_splitmix64_known_values() -> None:
    # Reference values of SplitMix64 seeded with 0 (as in Vigna's splitmix64.c).
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]  # fmt: skip
    assert Rng(-1).state == MASK64
    assert mix64(0) == 0


def test_below_is_uniform_and_in_range() -> None:
    rng = Rng(5)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and min(counts.values()) > 850
    assert all(0 <= rng.below(3) < 3 for _ in range(100))
    assert rng.below(1) == 0
    with pytest.raises(ValueError):
        rng.below(0)
    assert all(3 <= rng.between(3, 5) <= 5 for _ in range(100))


def test_permutation_sample_fork() -> None:
    rng = Rng(9)
    assert sorted(rng.permutation(12)) == list(range(12))
    picks = rng.sample(110, 10)
    assert len(set(picks)) == 10 and all(0 <= p < 110 for p in picks)
    with pytest.raises(ValueError):
        rng.sample(3, 4)
    before = rng.state
    child = rng.fork(1)
    assert rng.state == before and child.next64() != rng.fork(2).next64()
    assert seed_from_text("abc") == seed_from_text("abc") != seed_from_text("abd")


def test_rule_names_match_the_rule_enum() -> None:
    assert [r.value for r in Rule] == dealing.RULE_NAMES


def test_deal_codes_round_trip() -> None:
    code = dealing.deal_code(2**64 - 1, ["banner", "same", "level_range"], "houses", [3, 5])
    assert code.startswith("T1-HOUSES-")
    assert dealing.parse_deal_code(code.lower()) == (
        2**64 - 1, ["same", "banner", "level_range"], "houses", [3, 5],
    )  # fmt: skip
    assert dealing.parse_deal_code(dealing.deal_code(0, [], "elements")) == (
        0,
        [],
        "elements",
        None,
    )
    for bad in (
        "",
        "T2-HOUSES-0-0",
        "T1-HOUSES-0",
        "T1-HOUSES-!-0",
        "T1-HOUSES-ZZZZZ-0",
        "T1-X-0-0-19",
    ):
        with pytest.raises(ValueError):
            dealing.parse_deal_code(bad)
    assert dealing.seed_of(" 42 ") == 42 and dealing.seed_of("hello") == seed_from_text("hello")


def test_deal_errors() -> None:
    with pytest.raises(ValueError, match="unknown rule 'x'"):
        dealing.deal(1, ["x"], LEVELS, POWERS, AFFINITIES)
    with pytest.raises(ValueError, match="1 to 3 levels wide"):
        dealing.deal(1, ["level_range"], LEVELS, POWERS, AFFINITIES, level_range=[1, 5])
    with pytest.raises(ValueError, match="rule is off"):
        dealing.deal(1, [], LEVELS, POWERS, AFFINITIES, level_range=[1, 2])
    with pytest.raises(ValueError, match="needs 10 cards; only 9"):
        dealing.deal(1, [], LEVELS[:9], POWERS[:9], AFFINITIES)
    with pytest.raises(ValueError, match="need a card set with affinities"):
        dealing.deal(1, ["banner"], LEVELS, POWERS, [])
    with pytest.raises(ValueError, match="hand must hold 5"):
        dealing.deal(1, [], LEVELS, POWERS, AFFINITIES, hands=[[1, 2], [3, 4, 5, 6, 7]])
    with pytest.raises(ValueError, match="no card at position 200"):
        dealing.deal(1, [], LEVELS, POWERS, AFFINITIES, hands=[[1, 2, 3, 4, 200], [3, 4, 5, 6, 7]])


def test_deal_json_and_rematch_first() -> None:
    result = dealing.deal(3, ["banner", "power_wall", "three_open"], LEVELS, POWERS, AFFINITIES)
    data = result.to_json()
    assert data["first"] in ("blue", "red") and len(data["cells"]) == 9  # type: ignore[arg-type]
    assert [len(h) for h in (data["hands"]["blue"], data["hands"]["red"])] == [5, 5]  # type: ignore[index]
    assert all(len(s) == 3 for s in result.shown)
    assert dealing.rematch_first("blue") == "red" and dealing.rematch_first("red") == "blue"


def test_set_tables() -> None:
    levels, powers, affinities = dealing.set_tables(
        {
            "cards": [{"id": "x", "level": 2, "top": 1, "right": 2, "bottom": 3, "left": 4}],
            "affinities": [{"id": "fire"}],
        }
    )
    assert (levels, powers, affinities) == ([2], [10], ["fire"])
    with pytest.raises(ValueError):
        dealing.set_tables({"cards": [{"id": "x", "level": "2"}]})
