"""Rule toggles and trade rules: `Rule`, `RuleSet`, `Trade`, and their validation.

Rules are data: a `RuleSet` is an immutable, hashable set of `Rule` values,
built and validated once when a match is made (`RuleSet.of`, `RuleSet.parse`).
Validation normalises implications and rejects combinations that cannot be
played (the tables are `triad.ruleinfo`'s, shared with the page):

* ``same_wall`` turns on ``same``; ``plus_wall`` turns on ``plus`` (a wall
  pair means nothing without the rule it extends).
* ``open`` and ``three_open`` exclude each other (both say how much of a hand
  is visible).
* ``random`` and ``draft`` exclude each other (both say how hands are dealt).
* ``elemental`` and ``banner`` exclude each other (both put affinities on
  cells, with different odds).
* ``ascension`` and ``descension`` exclude each other (both change a card's
  values by the number of cards of its type on the board).
* ``order`` and ``chaos`` exclude each other (both choose the card to play).

Allowed but inert, as RULES.md says: ``combo`` without ``same``/``plus``
never fires; ``same_wall``/``plus_wall`` with ``broken_wall`` have no walls to
count (their ``same``/``plus`` part still plays). ``level_range`` deals from a
level range: hands at random, or the draft's 12 cards when ``draft`` is on.

The values of `Rule` and `Trade` are the names used on the command line, in
JSON and in deal codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum

from triad.ruleinfo import EXCLUSIONS, IMPLIES, ROULETTE

__all__ = [
    "CAPTURE_RULES",
    "DEFAULT_RULES",
    "EXCLUSIVE",
    "PLAY_RULES",
    "ROULETTE_RULES",
    "Rule",
    "RuleError",
    "RuleSet",
    "Trade",
]


class Rule(StrEnum):
    """One rule toggle; the value is its command-line and JSON name."""

    SAME = "same"
    SAME_WALL = "same_wall"
    PLUS = "plus"
    PLUS_WALL = "plus_wall"
    COMBO = "combo"
    ELEMENTAL = "elemental"
    BANNER = "banner"
    BATTLE = "battle"
    BROKEN_WALL = "broken_wall"
    POWER_WALL = "power_wall"
    OPEN = "open"
    THREE_OPEN = "three_open"
    RANDOM = "random"
    DRAFT = "draft"
    LEVEL_RANGE = "level_range"
    SUDDEN_DEATH = "sudden_death"
    REVERSE = "reverse"
    FALLEN_ACE = "fallen_ace"
    ASCENSION = "ascension"
    DESCENSION = "descension"
    ORDER = "order"
    CHAOS = "chaos"
    SWAP = "swap"
    ROULETTE = "roulette"
    ORIGINAL = "original"


class Trade(StrEnum):
    """What the winner takes after a decided game (collection mode)."""

    NONE = "none"
    ONE = "one"
    DIFF = "diff"
    DIRECT = "direct"
    ALL = "all"

    @classmethod
    def parse(cls, name: str) -> Trade:
        """The trade rule with this name.

        :raises RuleError: unknown name.
        """
        try:
            return cls(name)
        except ValueError:
            raise RuleError(
                f"unknown trade rule {name!r}; choose from {[t.value for t in cls]}"
            ) from None


class RuleError(ValueError):
    """An unknown rule name or a combination of rules that cannot be played."""


#: Rules that change how one placement resolves.
CAPTURE_RULES: frozenset[Rule] = frozenset(
    {
        Rule.SAME,
        Rule.SAME_WALL,
        Rule.PLUS,
        Rule.PLUS_WALL,
        Rule.COMBO,
        Rule.ELEMENTAL,
        Rule.BANNER,
        Rule.BATTLE,
        Rule.BROKEN_WALL,
        Rule.POWER_WALL,
        Rule.REVERSE,
        Rule.FALLEN_ACE,
        Rule.ASCENSION,
        Rule.DESCENSION,
        Rule.ORIGINAL,
    }
)

#: Rules that restrict which card the player to move may play.
PLAY_RULES: frozenset[Rule] = frozenset({Rule.ORDER, Rule.CHAOS})

#: The rules Roulette draws from, in draw order (RULES.md, "FFXIV rules").
ROULETTE_RULES: tuple[Rule, ...] = tuple(Rule(name) for name in ROULETTE)

_IMPLIES: tuple[tuple[Rule, Rule], ...] = tuple(
    (Rule(cause), Rule(effect)) for cause, effects in IMPLIES.items() for effect in effects
)
_EXCLUDES: tuple[tuple[Rule, Rule, str], ...] = tuple(
    (Rule(first), Rule(second), why) for first, second, why in EXCLUSIONS
)

#: Pairs of rules that cannot be combined (either order).
EXCLUSIVE: tuple[tuple[Rule, Rule], ...] = tuple((a, b) for a, b, _ in _EXCLUDES)


class RuleSet:
    """An immutable, validated set of rules with fast boolean attributes.

    Build one with `RuleSet.of` (from `Rule` values) or `RuleSet.parse` (from
    names); both normalise implications and reject invalid combinations.
    Supports ``in``, iteration (sorted by name), ``len``, equality and hashing.
    """

    __slots__ = (
        "_hash",
        "ascension",
        "banner",
        "battle",
        "broken_wall",
        "chaos",
        "combo",
        "descension",
        "elemental",
        "fallen_ace",
        "order",
        "original",
        "plus",
        "plus_wall",
        "power_wall",
        "reverse",
        "rules",
        "same",
        "same_wall",
    )

    _hash: int
    rules: frozenset[Rule]
    same: bool
    same_wall: bool
    plus: bool
    plus_wall: bool
    combo: bool
    elemental: bool
    banner: bool
    battle: bool
    broken_wall: bool
    power_wall: bool
    reverse: bool
    fallen_ace: bool
    ascension: bool
    descension: bool
    order: bool
    chaos: bool
    original: bool

    def __init__(self, rules: Iterable[Rule] = ()) -> None:
        chosen = set(rules)
        for rule in chosen:
            if not isinstance(rule, Rule):
                raise RuleError(f"not a rule: {rule!r}")
        for cause, effect in _IMPLIES:
            if cause in chosen:
                chosen.add(effect)
        for first, second, why in _EXCLUDES:
            if first in chosen and second in chosen:
                raise RuleError(
                    f"rules {first.value!r} and {second.value!r} cannot be combined: {why}"
                )
        frozen = frozenset(chosen)
        set_ = object.__setattr__
        set_(self, "rules", frozen)
        set_(self, "_hash", hash(frozen))
        for rule in CAPTURE_RULES | PLAY_RULES:
            set_(self, rule.value, rule in frozen)

    @classmethod
    def of(cls, *rules: Rule) -> RuleSet:
        """A validated rule set from `Rule` values.

        :raises RuleError: the combination cannot be played.
        """
        return cls(rules)

    @classmethod
    def parse(cls, names: Iterable[str]) -> RuleSet:
        """A validated rule set from rule names such as ``["same", "combo"]``.

        :raises RuleError: an unknown name, or a combination that cannot be played.
        """
        rules: list[Rule] = []
        for name in names:
            try:
                rules.append(Rule(name))
            except ValueError:
                raise RuleError(
                    f"unknown rule {name!r}; choose from {[r.value for r in Rule]}"
                ) from None
        return cls(rules)

    @property
    def names(self) -> list[str]:
        """Rule names, sorted: the JSON form (`RuleSet.parse` reads it back)."""
        return sorted(rule.value for rule in self.rules)

    @property
    def affinity(self) -> bool:
        """True when cells may carry affinities (Elemental or Banner)."""
        return self.elemental or self.banner

    @property
    def typed(self) -> bool:
        """True when a card's values change with the cards of its type on the board."""
        return self.ascension or self.descension

    @property
    def walls(self) -> bool:
        """True when the board has walls (no Broken Wall)."""
        return not self.broken_wall

    def with_rules(self, *rules: Rule) -> RuleSet:
        """A new rule set with these rules added (validated)."""
        return RuleSet(self.rules | set(rules))

    def without(self, *rules: Rule) -> RuleSet:
        """A new rule set with these rules removed (implied rules stay unless removed too)."""
        return RuleSet(self.rules - set(rules))

    def __contains__(self, rule: object) -> bool:
        return rule in self.rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(sorted(self.rules, key=lambda r: r.value))

    def __len__(self) -> int:
        return len(self.rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and self.rules == other.rules

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("RuleSet is immutable")

    def __repr__(self) -> str:
        inner = ", ".join(f"Rule.{rule.name}" for rule in self)
        return f"RuleSet.of({inner})"


#: The rules of a new game when nobody changed them (Triangle Attack: Banner on).
DEFAULT_RULES: RuleSet = RuleSet.of(Rule.BANNER)
