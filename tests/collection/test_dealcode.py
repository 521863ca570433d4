"""Deal codes: round trips, the same deal from a code, typos caught, the same under MicroPython."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.collection.helpers import HOUSES
from tests.runtimes import needs_micropython, same_output_in_node
from triad.cards import builtin_set
from triad.collection.dealcode import DealCodeError, deal_mode, decode, encode
from triad.deal import RULE_NAMES
from triad.match import MatchConfig, deal_match
from triad.ruleinfo import EXCLUSIONS
from triad.rules import RuleError, RuleSet

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, list[str], list[int] | None]:
    rules = draw(st.sets(st.sampled_from(RULE_NAMES)))
    for first, second, _ in EXCLUSIONS:
        if first in rules and second in rules:
            rules.discard(draw(st.sampled_from([first, second])))
    band = None
    if "level_range" in rules and draw(st.booleans()):
        low = draw(st.integers(1, 8))
        band = [low, low + draw(st.integers(0, 2))]
    return draw(st.integers(0, 2**64 - 1)), sorted(rules), band


@settings(max_examples=200, deadline=None)
@given(deals(), st.sampled_from(["houses", "elements", "x_1"]))
def test_round_trip(deal: tuple[int, list[str], list[int] | None], set_id: str) -> None:
    seed, rules, band = deal
    code = encode(seed, rules, set_id, band)
    assert len(code) <= 40
    assert all(ch in ALPHABET + "-_" for ch in code)
    back = decode(code)
    assert back == {
        "seed": seed,
        "rules": [r for r in RULE_NAMES if r in rules],
        "set": set_id,
        "mode": deal_mode(rules),
        "level_range": band,
    }
    assert decode(f"  {code.lower()} ") == back


def test_exclusive_rules_agree_with_the_engine() -> None:
    for first, second, _ in EXCLUSIONS:
        with pytest.raises(RuleError):
            RuleSet.parse([first, second])


@pytest.mark.parametrize(
    ("rules", "band"),
    [
        (["banner", "same", "plus", "combo"], None),
        (["draft", "level_range", "power_wall"], [4, 6]),
        (["level_range", "three_open"], None),
        (["random", "banner", "power_wall"], None),
        (["original", "same", "plus", "banner"], None),
    ],
)
def test_a_code_deals_the_same_match(rules: list[str], band: list[int] | None) -> None:
    code = encode(20260101, rules, "houses", band)
    deal = decode(code)
    config = MatchConfig(
        RuleSet.parse(rules), HOUSES, level_range=None if band is None else (band[0], band[1])
    )
    original = deal_match(config, 20260101)
    got = deal["level_range"]
    again = deal_match(
        MatchConfig(
            RuleSet.parse(deal["rules"]),  # type: ignore[arg-type]
            builtin_set(str(deal["set"])),
            level_range=None if got is None else (got[0], got[1]),  # type: ignore[index]
        ),
        deal["seed"],  # type: ignore[arg-type]
    )
    assert again == original


def test_every_single_typo_is_caught() -> None:
    for code in (
        encode(42, ["banner", "same"]),
        encode(2**63 + 11, ["draft", "level_range"], "houses", [2, 4]),
    ):
        for i, ch in enumerate(code):
            for other in ALPHABET + "-":
                if other == ch:
                    continue
                typo = code[:i] + other + code[i + 1 :]
                with pytest.raises(DealCodeError):
                    decode(typo)
            if i + 1 < len(code) and code[i] != code[i + 1] and "-" not in code[i : i + 2]:
                swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
                with pytest.raises(DealCodeError):
                    decode(swapped)
        for i in range(len(code)):
            with pytest.raises(DealCodeError):
                decode(code[:i] + code[i + 1 :])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the deal code is empty"),
        ("   ", "the deal code is empty"),
        ("HELLO", "has no parts"),
        ("T1-HOUSES-1T-16-WJ?x=1", "not a letter, digit, '-' or '_'"),
        ("T1-HOUSES-1T-16-W", "must end with 2 check characters"),
        ("T1-HOUSES-1T-16-WK", "damaged: its check characters do not match"),
        ("A" * 81, "too long"),
    ],
)
def test_malformed_codes_say_why(text: str, message: str) -> None:
    with pytest.raises(DealCodeError, match=message):
        decode(text)


def test_codes_with_valid_check_characters_but_bad_parts() -> None:
    from triad.collection.dealcode import _check_chars

    for body, message in (
        ("T1-HOUSES-ZZZZZZ-1", "unknown rules"),
        ("T1-HOUSES-0-1-19", "level range must be 1 to 3 levels wide"),
        ("T9-HOUSES-0-1", "not a deal code"),
        ("T1-HOUSES-2DC-1", "cannot be combined"),  # mask 2DC = bits 10, 11: open, three_open
        ("T1-HOUSES-0-" + "Z" * 14, "larger than 64 bits"),
    ):
        with pytest.raises(DealCodeError, match=message):
            decode(body + "-" + _check_chars(body))
    with pytest.raises(DealCodeError, match="must be text"):
        decode(42)  # type: ignore[arg-type]


@needs_micropython
def test_codes_are_the_same_under_micropython() -> None:
    extra = ("triad/collection/__init__.py", "triad/collection/dealcode.py")
    digest = same_output_in_node(
        "tests/collection/dealcode_digest.py", "micropython_runner.mjs", *extra, timeout=600
    )
    assert digest.count("\n") == 21
