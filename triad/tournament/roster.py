"""The House leaders: the tournament's CPU opponents, in ``triad/data/roster.json``::

    {"format": "triad-roster", "version": 1, "set": "houses",
     "leaders": [
      {"id": "aldric-thorne", "name": "Aldric Thorne", "house": "thorn",
       "portrait": "swords-emblem",
       "title": {"en": "Lord Commander", "fr": "Seigneur commandant"},
       "blurb": {"en": "...", "fr": "..."},
       "level": "adept", "rules": ["same", "same_wall"], "style": "walls",
       "deck": [5 card ids]}]}

``house`` is a banner of the card set; ``portrait`` a game-icons id that a
card of the set draws (so the page's art holds it); ``level`` a CPU level;
``rules`` the rules the leader likes (a match they host plays them);
``style`` one of `STYLES`, each naming the rule it needs (a leader who
``drafts`` likes Draft, one who plays ``original`` likes FF8's own rules);
``deck`` 5 cards of the set within the star limits (`triad.tournament.limits`).
Random and Level range are refused: a tournament match deals no hand from a
collection and no level range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triad.cards import BUILTIN_SETS, CardSet, builtin_set
from triad.collection.jsontext import Fields, parse_json
from triad.collection.ladder import LANGUAGES
from triad.match import MatchConfig
from triad.rules import Rule, RuleError, RuleSet
from triad.tournament.limits import DeckLimitError, check_limits

__all__ = [
    "LANGUAGES",
    "LEVELS",
    "STYLES",
    "Leader",
    "Roster",
    "RosterError",
    "default_roster",
    "parse_roster",
]

#: CPU levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "novice", "adept", "expert", "master")
#: Styles and the rule each needs ("" for none).
STYLES: dict[str, str] = {
    "plain": "",
    "walls": "same_wall",
    "plus": "plus",
    "combos": "combo",
    "original": "original",
    "drafts": "draft",
    "reverse": "reverse",
    "fallen-ace": "fallen_ace",
    "order": "order",
    "banner": "banner",
    "ascension": "ascension",
    "swap": "swap",
}
_REFUSED = (Rule.RANDOM, Rule.LEVEL_RANGE)
_PATH = Path(__file__).resolve().parent.parent / "data" / "roster.json"


class RosterError(ValueError):
    """A roster file that does not validate; the message names the leader and field."""


_FIELDS = Fields(RosterError, LANGUAGES)


@dataclass(frozen=True)
class Leader:
    """One House leader."""

    id: str
    name: str
    house: str
    portrait: str
    title: Mapping[str, str]
    blurb: Mapping[str, str]
    level: str
    rules: RuleSet
    style: str
    deck: tuple[str, ...]

    @property
    def strength(self) -> int:
        """The leader's CPU level as a number (0 random .. 5 master)."""
        return LEVELS.index(self.level)

    def to_json(self) -> dict[str, Any]:
        """The leader's entry as in the roster file."""
        return {
            "id": self.id,
            "name": self.name,
            "house": self.house,
            "portrait": self.portrait,
            "title": dict(self.title),
            "blurb": dict(self.blurb),
            "level": self.level,
            "rules": self.rules.names,
            "style": self.style,
            "deck": list(self.deck),
        }


@dataclass(frozen=True)
class Roster:
    """The validated leaders, in file order."""

    set_id: str
    leaders: tuple[Leader, ...]

    @property
    def card_set(self) -> CardSet:
        """The card set of every deck."""
        return builtin_set(self.set_id)

    def leader(self, leader_id: str) -> Leader:
        """The leader with this id.

        :raises RosterError: no such leader.
        """
        for leader in self.leaders:
            if leader.id == leader_id:
                return leader
        raise RosterError(f"no leader {leader_id!r} in the roster")

    @property
    def ids(self) -> tuple[str, ...]:
        """Every leader's id, in roster order."""
        return tuple(leader.id for leader in self.leaders)


def parse_roster(data: object) -> Roster:
    """Validate a decoded roster file.

    :raises RosterError: a field of the wrong shape, an unknown card, house,
        portrait, level, rule or style, a deck over the limits, a repeated id.
    """
    obj = _FIELDS.object(data, "roster")
    if obj.get("format") != "triad-roster" or obj.get("version") != 1:
        raise RosterError("roster: not a 'triad-roster' version 1 file")
    set_id = obj.get("set")
    if set_id not in BUILTIN_SETS:
        raise RosterError(f"roster.set: must be a built-in card set {list(BUILTIN_SETS)}")
    card_set = builtin_set(str(set_id))
    raw = obj.get("leaders")
    if not isinstance(raw, list) or len(raw) < 8:
        raise RosterError("roster.leaders: must list at least 8 leaders")
    leaders: list[Leader] = []
    for index, item in enumerate(raw):
        leader = _leader(item, f"roster.leaders[{index}]", card_set)
        if any(other.id == leader.id for other in leaders):
            raise RosterError(f"roster.leaders[{index}]: id {leader.id!r} is used twice")
        leaders.append(leader)
    return Roster(card_set.id, tuple(leaders))


_DEFAULT: list[Roster] = []


def default_roster() -> Roster:
    """The roster shipped in ``triad/data/roster.json`` (validated once, then cached)."""
    if not _DEFAULT:
        text = _PATH.read_text(encoding="utf-8")
        _DEFAULT.append(parse_roster(parse_json(text, "roster", RosterError)))
    return _DEFAULT[0]


def _leader(data: object, where: str, card_set: CardSet) -> Leader:
    obj = _FIELDS.object(data, where)
    ident = _FIELDS.text(obj, "id", where)
    if not all(ch.islower() or ch.isdigit() or ch == "-" for ch in ident) or len(ident) > 40:
        raise RosterError(f"{where}.id: {ident!r} must be lower-case letters, digits and '-'")
    where = f"roster leader {ident!r}"
    house = _FIELDS.text(obj, "house", where)
    if house not in card_set.affinity_ids:
        raise RosterError(f"{where}.house: {house!r} is not a banner of set {card_set.id!r}")
    portrait = _FIELDS.text(obj, "portrait", where)
    if portrait not in {card.art for card in card_set.cards}:
        raise RosterError(f"{where}.portrait: {portrait!r} is not the art of a card of the set")
    level = _FIELDS.text(obj, "level", where)
    if level not in LEVELS:
        raise RosterError(f"{where}.level: {level!r} is not one of {list(LEVELS)}")
    names = obj.get("rules")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RosterError(f"{where}.rules: must be a list of rule names")
    try:
        rules = RuleSet.parse(names)
        MatchConfig(rules.with_rules(Rule.SUDDEN_DEATH, Rule.DRAFT), card_set)
    except RuleError as exc:
        raise RosterError(f"{where}: {exc}") from None
    for rule in _REFUSED:
        if rule in rules:
            raise RosterError(f"{where}.rules: a tournament does not play {rule.value!r}")
    style = _FIELDS.text(obj, "style", where)
    if style not in STYLES:
        raise RosterError(f"{where}.style: {style!r} is not one of {sorted(STYLES)}")
    needed = STYLES[style]
    if needed and needed not in rules.names:
        raise RosterError(f"{where}.style: {style!r} needs the rule {needed!r}")
    deck = obj.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RosterError(f"{where}.deck: must be a list of card ids")
    try:
        check_limits(deck, card_set)
    except DeckLimitError as exc:
        raise RosterError(f"{where}.deck: {exc}") from None
    return Leader(
        ident,
        _FIELDS.text(obj, "name", where),
        house,
        portrait,
        _FIELDS.texts(obj, "title", where),
        _FIELDS.texts(obj, "blurb", where),
        level,
        rules,
        style,
        tuple(deck),
    )
