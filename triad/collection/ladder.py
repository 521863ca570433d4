"""The ladder: CPU opponents of rising difficulty, each with its own rules and trade rule.

The ladder lives in ``triad/data/ladder.json``::

    {"format": "triad-ladder", "version": 1, "set": "houses",
     "opponents": [
      {"id": "old-mabry", "name": "Old Mabry", "house": "tide",
       "title": {"en": "Ferryman", "fr": "Passeur"},
       "place": {"en": "Ferry Landing", "fr": "Le débarcadère"},
       "level": "random", "rules": ["open"], "trade": "one",
       "pool": ["jonah-brine", ...],                 # or "deck": [5 card ids]
       "blurb": {"en": "...", "fr": "..."}}],
     "parts": [{"title": {"en": ..., "fr": ...}, "blurb": {...}}, ...]}

``house`` is a banner of the card set; ``level`` a CPU level (`CPU_LEVELS`);
``rules`` engine rule names, ``trade`` an engine trade rule. An opponent
brings either a fixed ``deck`` of 5 cards or a ``pool`` of 6 or more from
which 5 are dealt for each match. The ``random`` rule deals the player's
hand from the player's collection; ``draft`` and ``level_range`` deal from
the whole set, which a match for cards cannot do, so a ladder refuses them.
Texts are given in every language of the page (`LANGUAGES`).

Parts: the ladder comes in parts, each with a title and a blurb (``parts``);
an opponent's ``part`` (1 when absent) numbers the part it belongs to, and
parts follow each other in the list (part two after part one...). The
second part's opponents play the FFXIV rules, the third's FF8's own code
(the rule ``original``).

Unlock rule: the first opponent is open from the start; each next one opens
once the one before it has been beaten (won against at least once).
Beaten opponents stay open for rematches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triad.cards import BUILTIN_SETS, CardSet, builtin_set
from triad.collection.jsontext import Fields, parse_json
from triad.match import MatchConfig
from triad.rules import Rule, RuleError, RuleSet, Trade
from triad.state import HAND_SIZE

__all__ = [
    "CPU_LEVELS",
    "LADDER_FORMAT",
    "LANGUAGES",
    "Ladder",
    "LadderError",
    "Opponent",
    "default_ladder",
    "load_ladder",
    "parse_ladder",
]

LADDER_FORMAT = "triad-ladder"
#: The CPU levels, weakest first (the names `triad.cpu.Brain` takes).
CPU_LEVELS: tuple[str, ...] = ("random", "greedy", "novice", "adept", "expert", "master")
#: Languages every ladder text is given in.
LANGUAGES: tuple[str, str] = ("en", "fr")
#: Rules that deal from the whole set; a match for cards deals from collections instead.
_REFUSED_RULES = (Rule.DRAFT, Rule.LEVEL_RANGE)
_PATH = Path(__file__).resolve().parent.parent / "data" / "ladder.json"


class LadderError(ValueError):
    """A ladder file that does not validate; the message names the opponent and field."""


_FIELDS = Fields(LadderError, LANGUAGES)


@dataclass(frozen=True)
class Opponent:
    """One CPU opponent of the ladder."""

    id: str
    name: str
    house: str
    title: Mapping[str, str]
    place: Mapping[str, str]
    blurb: Mapping[str, str]
    level: str
    rules: RuleSet
    trade: Trade
    deck: tuple[str, ...]
    pool: tuple[str, ...]
    part: int = 1

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards this opponent plays from: the fixed deck or the pool."""
        return self.deck or self.pool

    @property
    def deals_random(self) -> bool:
        """True when the player's hand is dealt from the collection (the Random rule)."""
        return Rule.RANDOM in self.rules

    @property
    def deal_rules(self) -> RuleSet:
        """The rules the engine deals and plays with: Random is done by the collection."""
        return self.rules.without(Rule.RANDOM)

    def to_json(self) -> dict[str, Any]:
        """The opponent's entry as in the ladder file."""
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "house": self.house,
            "title": dict(self.title),
            "place": dict(self.place),
            "level": self.level,
            "rules": self.rules.names,
            "trade": self.trade.value,
        }
        if self.deck:
            data["deck"] = list(self.deck)
        else:
            data["pool"] = list(self.pool)
        data["blurb"] = dict(self.blurb)
        if self.part != 1:
            data["part"] = self.part
        return data


@dataclass(frozen=True)
class Ladder:
    """A validated ladder: opponents in order, easiest first."""

    set_id: str
    opponents: tuple[Opponent, ...]
    #: Each part's ``{"title": {lang: text}, "blurb": {lang: text}}``, part one first.
    parts: tuple[Mapping[str, Mapping[str, str]], ...] = ()

    @property
    def card_set(self) -> CardSet:
        """The card set every deck and collection of this ladder belongs to."""
        return builtin_set(self.set_id)

    def opponent(self, opponent_id: str) -> Opponent:
        """The opponent with this id.

        :raises LadderError: no such opponent.
        """
        for opponent in self.opponents:
            if opponent.id == opponent_id:
                return opponent
        raise LadderError(f"no opponent {opponent_id!r} on the ladder")

    def unlocked(self, beaten: Iterable[str]) -> list[str]:
        """Ids of the opponents open to the player, in ladder order (see the unlock rule)."""
        won = set(beaten)
        result: list[str] = []
        for index, opponent in enumerate(self.opponents):
            if index == 0 or self.opponents[index - 1].id in won:
                result.append(opponent.id)
        return result


def parse_ladder(data: object) -> Ladder:
    """Validate a decoded ladder file.

    :raises LadderError: any field of the wrong shape, an unknown card,
        house, level, rule or trade rule, a refused rule, a repeated id.
    """
    obj = _FIELDS.object(data, "ladder")
    if obj.get("format") != LADDER_FORMAT or obj.get("version") != 1:
        raise LadderError(f"ladder: not a {LADDER_FORMAT!r} version 1 file")
    set_id = obj.get("set")
    if set_id not in BUILTIN_SETS:
        raise LadderError(f"ladder.set: must be a built-in card set {list(BUILTIN_SETS)}")
    card_set = builtin_set(str(set_id))
    raw = obj.get("opponents")
    if not isinstance(raw, list) or not raw:
        raise LadderError("ladder.opponents: must be a non-empty list")
    opponents: list[Opponent] = []
    for index, item in enumerate(raw):
        opponent = _opponent(item, f"ladder.opponents[{index}]", card_set)
        if any(o.id == opponent.id for o in opponents):
            raise LadderError(f"ladder.opponents[{index}]: id {opponent.id!r} is used twice")
        if not opponents and opponent.part != 1:
            raise LadderError("ladder.opponents[0].part: the ladder starts with part 1")
        if opponents and opponent.part not in (opponents[-1].part, opponents[-1].part + 1):
            raise LadderError(
                f"ladder.opponents[{index}].part: parts follow each other, got {opponent.part} "
                f"after {opponents[-1].part}"
            )
        opponents.append(opponent)
    raw_parts = obj.get("parts", [])
    if not isinstance(raw_parts, list):
        raise LadderError("ladder.parts: must be a list")
    parts: list[dict[str, dict[str, str]]] = []
    for i, raw_part in enumerate(raw_parts):
        where = f"ladder.parts[{i}]"
        part = _FIELDS.object(raw_part, where)
        parts.append({key: _FIELDS.texts(part, key, where) for key in ("title", "blurb")})
    if parts and len(parts) != opponents[-1].part:
        raise LadderError(
            f"ladder.parts: {len(parts)} parts described, the opponents have {opponents[-1].part}"
        )
    return Ladder(card_set.id, tuple(opponents), tuple(parts))


def load_ladder(path: str | Path) -> Ladder:
    """Read and validate a ladder file.

    :raises LadderError: unreadable, not JSON, or not a valid ladder.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LadderError(f"ladder file {str(path)!r}: {exc.strerror}") from None
    return parse_ladder(parse_json(text, "ladder", LadderError))


_DEFAULT: list[Ladder] = []


def default_ladder() -> Ladder:
    """The ladder shipped in ``triad/data/ladder.json`` (validated once, then cached)."""
    if not _DEFAULT:
        _DEFAULT.append(load_ladder(_PATH))
    return _DEFAULT[0]


# -- private helpers ---------------------------------------------------------


def _opponent(data: object, where: str, card_set: CardSet) -> Opponent:
    obj = _FIELDS.object(data, where)
    ident = _FIELDS.text(obj, "id", where)
    if not all(ch.islower() or ch.isdigit() or ch == "-" for ch in ident) or len(ident) > 40:
        raise LadderError(f"{where}.id: {ident!r} must be lower-case letters, digits and '-'")
    where = f"ladder opponent {ident!r}"
    house = _FIELDS.text(obj, "house", where)
    if house not in card_set.affinity_ids:
        raise LadderError(f"{where}.house: {house!r} is not a banner of set {card_set.id!r}")
    level = _FIELDS.text(obj, "level", where)
    if level not in CPU_LEVELS:
        raise LadderError(f"{where}.level: {level!r} is not one of {list(CPU_LEVELS)}")
    names = obj.get("rules")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise LadderError(f"{where}.rules: must be a list of rule names")
    try:
        rules = RuleSet.parse(names)
        trade = Trade.parse(str(obj.get("trade")))
        MatchConfig(rules.without(Rule.RANDOM), card_set, trade)
    except RuleError as exc:
        raise LadderError(f"{where}: {exc}") from None
    for rule in _REFUSED_RULES:
        if rule in rules:
            raise LadderError(
                f"{where}.rules: {rule.value!r} deals from the whole set; a match for cards "
                "deals from the collections"
            )
    has_deck, has_pool = "deck" in obj, "pool" in obj
    if has_deck == has_pool:
        raise LadderError(f"{where}: give either a 'deck' of 5 cards or a 'pool', not both or none")
    key = "deck" if has_deck else "pool"
    cards = obj[key]
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise LadderError(f"{where}.{key}: must be a list of card ids")
    for card_id in cards:
        if card_id not in card_set:
            raise LadderError(f"{where}.{key}: no card {card_id!r} in set {card_set.id!r}")
    if has_deck and len(cards) != HAND_SIZE:
        raise LadderError(f"{where}.deck: must hold {HAND_SIZE} cards, got {len(cards)}")
    if has_pool and (len(cards) <= HAND_SIZE or len(set(cards)) != len(cards)):
        raise LadderError(
            f"{where}.pool: must hold more than {HAND_SIZE} different cards, got {len(cards)}"
        )
    part = obj.get("part", 1)
    if isinstance(part, bool) or not isinstance(part, int) or part < 1:
        raise LadderError(f"{where}.part: must be a part number from 1, got {part!r}")
    return Opponent(
        ident,
        _FIELDS.text(obj, "name", where),
        house,
        _FIELDS.texts(obj, "title", where),
        _FIELDS.texts(obj, "place", where),
        _FIELDS.texts(obj, "blurb", where),
        level,
        rules,
        trade,
        tuple(cards) if has_deck else (),
        () if has_deck else tuple(cards),
        part,
    )
