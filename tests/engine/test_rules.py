"""Rule sets: names, implications, rejected combinations, trade rules."""

from __future__ import annotations

import pytest

from triad import deal, ruleinfo
from triad.cards import BUILTIN_SETS
from triad.rules import (
    DEFAULT_RULES,
    EXCLUSIVE,
    ROULETTE_RULES,
    Rule,
    RuleError,
    RuleSet,
    Trade,
)


def test_rule_names_are_the_command_line_names() -> None:
    assert [r.value for r in Rule] == [
        "same", "same_wall", "plus", "plus_wall", "combo", "elemental", "banner", "battle",
        "broken_wall", "power_wall", "open", "three_open", "random", "draft", "level_range",
        "sudden_death", "reverse", "fallen_ace", "ascension", "descension", "order", "chaos",
        "swap", "roulette", "original",
    ]  # fmt: skip
    assert [t.value for t in Trade] == ["none", "one", "diff", "direct", "all"]


def test_parse_and_flags() -> None:
    rules = RuleSet.parse(["same", "combo", "battle"])
    assert rules.same and rules.combo and rules.battle
    assert not (rules.plus or rules.same_wall or rules.broken_wall or rules.affinity)
    assert Rule.SAME in rules and Rule.PLUS not in rules
    assert rules.names == ["battle", "combo", "same"]
    assert RuleSet.parse(rules.names) == rules
    assert hash(RuleSet.of(Rule.SAME, Rule.COMBO)) == hash(RuleSet.parse(["combo", "same"]))
    assert RuleSet.of(Rule.BANNER) == DEFAULT_RULES and DEFAULT_RULES.banner


def test_walls_imply_their_rule() -> None:
    assert RuleSet.parse(["same_wall"]).names == ["same", "same_wall"]
    assert RuleSet.parse(["plus_wall"]).names == ["plus", "plus_wall"]
    assert RuleSet.of(Rule.PLUS_WALL).plus


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["open", "three_open"], "'open' and 'three_open' cannot be combined"),
        (["random", "draft"], "'random' and 'draft' cannot be combined"),
        (["elemental", "banner"], "'elemental' and 'banner' cannot be combined"),
        (["ascension", "descension"], "'ascension' and 'descension' cannot be combined"),
        (["order", "chaos"], "'order' and 'chaos' cannot be combined"),
        (["same", "sticky"], "unknown rule 'sticky'"),
    ],
)
def test_rejected(names: list[str], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        RuleSet.parse(names)


def test_allowed_but_inert_combinations() -> None:
    assert RuleSet.parse(["combo"]).combo
    both = RuleSet.parse(["same_wall", "plus_wall", "broken_wall"])
    assert both.same_wall and both.broken_wall and not both.walls
    assert RuleSet.parse(["draft", "level_range"]).names == ["draft", "level_range"]


def test_immutable_and_derived_sets() -> None:
    rules = RuleSet.parse(["same"])
    with pytest.raises(AttributeError):
        rules.same = False
    assert rules.with_rules(Rule.PLUS).names == ["plus", "same"]
    assert rules.with_rules(Rule.PLUS).without(Rule.SAME).names == ["plus"]
    with pytest.raises(RuleError):
        rules.with_rules(Rule.OPEN, Rule.THREE_OPEN)
    assert repr(rules) == "RuleSet.of(Rule.SAME)"
    assert list(RuleSet.parse(["plus", "combo"])) == [Rule.COMBO, Rule.PLUS]


def test_trade_parse() -> None:
    assert Trade.parse("diff") is Trade.DIFF
    with pytest.raises(RuleError, match="unknown trade rule 'half'"):
        Trade.parse("half")


def test_roulette_draws_from_the_shared_table() -> None:
    assert [r.value for r in ROULETTE_RULES] == ruleinfo.ROULETTE
    assert len(EXCLUSIVE) == len(ruleinfo.EXCLUSIONS)
    assert deal.roulette_choices(["open", "ascension", "chaos"]) == [
        "same", "plus", "combo", "reverse", "fallen_ace", "swap", "sudden_death",
    ]  # fmt: skip


def test_ffxiv_flags() -> None:
    rules = RuleSet.parse(["reverse", "fallen_ace", "ascension", "order"])
    assert rules.reverse and rules.fallen_ace and rules.ascension and rules.order
    assert rules.typed and not (rules.descension or rules.chaos)
    assert RuleSet.parse(["descension"]).typed and not RuleSet.parse(["swap"]).typed


def test_the_shared_rule_table_names_every_rule_once_with_its_own_code_bit() -> None:
    names = [name for name, _ in ruleinfo.RULES]
    bits = sorted(bit for _, bit in ruleinfo.RULES)
    assert sorted(names) == sorted(r.value for r in Rule)
    assert bits == list(range(len(names)))  # a code bit each, none skipped
    for cause, effects in ruleinfo.IMPLIES.items():
        assert RuleSet.parse([cause]).rules >= {Rule(e) for e in effects}
    for first, second, _ in ruleinfo.EXCLUSIONS:
        with pytest.raises(RuleError, match="cannot be combined"):
            RuleSet.parse([first, second])
    for rule, set_id in ruleinfo.CARD_SET_OF.items():
        assert Rule(rule) and set_id in BUILTIN_SETS


def test_toggling_a_rule_keeps_implications_and_exclusions() -> None:
    assert ruleinfo.toggle(["banner"], "same_wall") == ["banner", "same", "same_wall"]
    assert ruleinfo.toggle(["same", "same_wall"], "same") == []
    assert ruleinfo.toggle(["open", "banner"], "three_open") == ["three_open", "banner"]
    assert ruleinfo.toggle(["banner"], "elemental") == ["elemental"]
    for name in ruleinfo.MENU_ORDER:
        RuleSet.parse(ruleinfo.toggle(["open", "banner", "random", "same_wall"], name))
