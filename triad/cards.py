"""Cards and card sets: the `Card` value, loading and validating card-set JSON.

A card has four printed side values (top, right, bottom, left), each 1..10
(10 is shown as ``A``), a level 1..10 that sets its border tier (silver 1-4,
gold 5-7, ornate 8-10), an optional affinity (a banner in the Houses set, an
element in an elemental set), a name and a short title, and an optional portrait ``art``: the name of one
icon of game-icons.net (the npm package ``@iconify-json/game-icons``; every
valid name is listed in ``triad/data/art_names.txt``).

A card set is a JSON object::

    {"id": "houses", "name": "Houses", "description": "...",
     "affinity_kind": "banner",            # or "element", or null
     "affinities": [{"id": "lantern", "name": "Lantern Guild", "description": "..."}],
     "budget": [{"level": 1, "min_total": 12, "max_total": 15, "max_side": 6}, ...],
     "cards": [{"id": "...", "name": "...", "title": "...", "level": 1,
                "top": 3, "right": 5, "bottom": 2, "left": 4, "affinity": "lantern",
                "art": "old-lantern"}]}

``budget`` is optional. When present, every card's printed total (the sum of
its four sides, also called its power) must lie in ``min_total..max_total``
for its level and no side may exceed ``max_side``. The built-in sets use the
budget ``min_total = 10 + 2 * level``, ``max_total = 13 + 2 * level``,
``max_side = min(10, 5 + level)``, so a higher level always means a stronger
card.

Every problem found while loading raises `CardSetError` (a `ValueError`)
whose message names the card (by id, or by position when the id itself is
bad) and the field.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "AFFINITY_KINDS",
    "BUILTIN_SETS",
    "SIDE_NAMES",
    "Affinity",
    "Budget",
    "Card",
    "CardSet",
    "CardSetError",
    "art_names",
    "builtin_set",
    "default_budget",
    "json_kind",
    "load_card_set",
    "parse_card_set",
    "side_text",
    "tier_for_level",
]

#: Side names in the order of `Card.sides` (clockwise from the top).
SIDE_NAMES: tuple[str, str, str, str] = ("top", "right", "bottom", "left")
#: The kinds of affinity a set may declare.
AFFINITY_KINDS: tuple[str, str] = ("banner", "element")
#: Built-in set ids, files under ``triad/data/``.
BUILTIN_SETS: tuple[str, str] = ("houses", "elements")

_DATA_DIR = Path(__file__).resolve().parent / "data"


def tier_for_level(level: int) -> str:
    """The border tier for a card level: silver 1-4, gold 5-7, ornate 8-10."""
    if level <= 4:
        return "silver"
    if level <= 7:
        return "gold"
    return "ornate"


def side_text(value: int) -> str:
    """A side value as printed on a card: ``1``..``9``, and ``A`` for 10."""
    return "A" if value == 10 else str(value)


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Equal fields mean equal cards (two copies compare equal).

    ``sides`` (top, right, bottom, left), ``power`` (their sum) and the hash
    are derived once at construction for the hot path.
    """

    id: str
    name: str
    title: str
    level: int
    top: int
    right: int
    bottom: int
    left: int
    affinity: str | None = None
    art: str = field(default="", compare=False)
    sides: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    power: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sides = (self.top, self.right, self.bottom, self.left)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "power", sum(sides))
        object.__setattr__(
            self, "_hash", hash((self.id, self.name, self.title, self.level, sides, self.affinity))
        )

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(
        cls,
        top: int,
        right: int,
        bottom: int,
        left: int,
        affinity: str | None = None,
        name: str = "",
        level: int = 1,
    ) -> Card:
        """A card from its sides, for scenarios and tests (id and title empty)."""
        return cls("", name, "", level, top, right, bottom, left, affinity)

    @property
    def tier(self) -> str:
        """Border tier from the level: ``silver``, ``gold`` or ``ornate``."""
        return tier_for_level(self.level)

    @property
    def code(self) -> str:
        """The four sides as printed, e.g. ``"94A1"`` (top, right, bottom, left)."""
        return "".join(side_text(v) for v in self.sides)


@dataclass(frozen=True, slots=True)
class Affinity:
    """A banner or element a set declares: id, display name, short description.

    ``emblem`` (a one-word picture hint such as ``"lantern"``) and ``color``
    (``"#rrggbb"``) are optional drawing hints for the page.
    """

    id: str
    name: str
    description: str = ""
    emblem: str = ""
    color: str = ""


@dataclass(frozen=True, slots=True)
class Budget:
    """Side-value budget for one level: total in ``min_total..max_total``, sides <= ``max_side``."""

    level: int
    min_total: int
    max_total: int
    max_side: int


def default_budget() -> tuple[Budget, ...]:
    """The budget the built-in sets follow (see the module docstring)."""
    return tuple(
        Budget(level, 10 + 2 * level, 13 + 2 * level, min(10, 5 + level)) for level in range(1, 11)
    )


class CardSetError(ValueError):
    """A card set that cannot be loaded; the message names the card and field."""

    #: What the page explains in the player's language (the message is the detail).
    code = "set_bad"


@dataclass(frozen=True)
class CardSet:
    """A validated card set. Cards keep their file order; ids are unique."""

    id: str
    name: str
    description: str
    affinity_kind: str | None
    affinities: tuple[Affinity, ...]
    cards: tuple[Card, ...]
    budget: tuple[Budget, ...] | None = None
    _by_id: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {card.id: card for card in self.cards})

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def card(self, card_id: str) -> Card:
        """The card with this id.

        :raises KeyError: no card has that id.
        """
        try:
            return self._by_id[card_id]
        except KeyError:
            raise KeyError(f"no card {card_id!r} in set {self.id!r}") from None

    def affinity(self, affinity_id: str) -> Affinity:
        """The declared affinity with this id.

        :raises KeyError: the set declares no such affinity.
        """
        for affinity in self.affinities:
            if affinity.id == affinity_id:
                return affinity
        raise KeyError(f"no affinity {affinity_id!r} in set {self.id!r}")

    @property
    def affinity_ids(self) -> tuple[str, ...]:
        """Ids of the declared affinities, in file order."""
        return tuple(a.id for a in self.affinities)

    def to_json(self) -> dict[str, Any]:
        """The set as a JSON-ready dict that `parse_card_set` reads back."""
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "affinity_kind": self.affinity_kind,
            "affinities": [_affinity_json(a) for a in self.affinities],
        }
        if self.budget is not None:
            data["budget"] = [
                {
                    "level": b.level,
                    "min_total": b.min_total,
                    "max_total": b.max_total,
                    "max_side": b.max_side,
                }
                for b in self.budget
            ]
        data["cards"] = [
            {
                "id": c.id,
                "name": c.name,
                "title": c.title,
                "level": c.level,
                "top": c.top,
                "right": c.right,
                "bottom": c.bottom,
                "left": c.left,
                "affinity": c.affinity,
                **({"art": c.art} if c.art else {}),
            }
            for c in self.cards
        ]
        return data


def parse_card_set(data: object) -> CardSet:
    """Validate a decoded JSON card set and build the `CardSet`.

    :raises CardSetError: on any missing field, wrong type, value out of
        range, duplicate id, unknown affinity or card outside the budget.
    """
    if not isinstance(data, Mapping):
        raise CardSetError(f"card set: expected a JSON object, got {json_kind(data)}")
    set_id = _text(data, "id", "card set")
    where = f"card set {set_id!r}"
    name = _text(data, "name", where)
    description = _text(data, "description", where, required=False)
    kind = data.get("affinity_kind")
    if kind is not None and kind not in AFFINITY_KINDS:
        raise CardSetError(
            f"{where}: field 'affinity_kind' must be one of {list(AFFINITY_KINDS)} or null, "
            f"got {kind!r}"
        )
    affinities = _parse_affinities(data.get("affinities", []), where)
    if kind is None and affinities:
        raise CardSetError(f"{where}: field 'affinities' is given but 'affinity_kind' is null")
    if kind is not None and not affinities:
        raise CardSetError(f"{where}: field 'affinities' must list at least one {kind}")
    budget = _parse_budget(data["budget"], where) if "budget" in data else None
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardSetError(f"{where}: field 'cards' must be a non-empty list")
    known = {a.id for a in affinities}
    cards: list[Card] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_cards):
        card = _parse_card(raw, index, known, kind)
        if card.id in seen:
            raise CardSetError(
                f"card {card.id!r} (#{index}): field 'id' duplicates an earlier card"
            )
        seen.add(card.id)
        if budget is not None:
            _check_budget(card, budget)
        cards.append(card)
    return CardSet(set_id, name, description, kind, affinities, tuple(cards), budget)


def load_card_set(source: str | Path | Mapping[str, Any]) -> CardSet:
    """Load a card set from a path, a JSON text, or an already decoded object.

    A `str` that starts with ``{`` (after whitespace) is JSON text; any other
    `str` is a path.

    :raises CardSetError: the file or text is not valid JSON or not a valid set.
    """
    if isinstance(source, Mapping):
        return parse_card_set(source)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        text = source
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise CardSetError(f"card set file {str(source)!r}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardSetError(f"card set: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return parse_card_set(data)


_BUILTIN_CACHE: dict[str, CardSet] = {}


def builtin_set(set_id: str = "houses") -> CardSet:
    """One of the sets shipped in ``triad/data/`` (cached after the first load).

    :raises KeyError: no built-in set has that id.
    """
    if set_id not in BUILTIN_SETS:
        raise KeyError(f"no built-in card set {set_id!r}; choose from {list(BUILTIN_SETS)}")
    cached = _BUILTIN_CACHE.get(set_id)
    if cached is None:
        cached = load_card_set(_DATA_DIR / f"{set_id}.json")
        _BUILTIN_CACHE[set_id] = cached
    return cached


def json_kind(value: object) -> str:
    """How a decoded JSON value reads in an error message: ``"a string"``, ``"null"``, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


# -- private helpers ---------------------------------------------------------


def _text(data: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    if key not in data:
        if required:
            raise CardSetError(f"{where}: missing field {key!r}")
        return ""
    value = data[key]
    if not isinstance(value, str):
        raise CardSetError(f"{where}: field {key!r} must be a string, got {json_kind(value)}")
    if required and not value.strip():
        raise CardSetError(f"{where}: field {key!r} must not be empty")
    return value


def _is_color(text: str) -> bool:
    return (
        len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])
    )


def _affinity_json(affinity: Affinity) -> dict[str, str]:
    data = {"id": affinity.id, "name": affinity.name, "description": affinity.description}
    if affinity.emblem:
        data["emblem"] = affinity.emblem
    if affinity.color:
        data["color"] = affinity.color
    return data


def _int_field(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    if key not in data:
        raise CardSetError(f"{where}: missing field {key!r}")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardSetError(f"{where}: field {key!r} must be an integer, got {json_kind(value)}")
    if not low <= value <= high:
        raise CardSetError(f"{where}: field {key!r} must be {low}..{high}, got {value}")
    return value


def _parse_affinities(raw: object, where: str) -> tuple[Affinity, ...]:
    if not isinstance(raw, list):
        raise CardSetError(f"{where}: field 'affinities' must be a list, got {json_kind(raw)}")
    result: list[Affinity] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        item_where = f"{where}: affinity #{index}"
        if not isinstance(item, Mapping):
            raise CardSetError(f"{item_where}: expected an object, got {json_kind(item)}")
        affinity_id = _text(item, "id", item_where)
        if affinity_id in seen:
            raise CardSetError(f"{item_where}: field 'id' duplicates {affinity_id!r}")
        seen.add(affinity_id)
        item_where = f"{where}: affinity {affinity_id!r}"
        color = _text(item, "color", item_where, required=False)
        if color and not _is_color(color):
            raise CardSetError(
                f"{item_where}: field 'color' must look like '#a1b2c3', got {color!r}"
            )
        result.append(
            Affinity(
                affinity_id,
                _text(item, "name", item_where),
                _text(item, "description", item_where, required=False),
                _text(item, "emblem", item_where, required=False),
                color,
            )
        )
    return tuple(result)


def _parse_budget(raw: object, where: str) -> tuple[Budget, ...]:
    if not isinstance(raw, list):
        raise CardSetError(f"{where}: field 'budget' must be a list, got {json_kind(raw)}")
    result: dict[int, Budget] = {}
    for index, item in enumerate(raw):
        item_where = f"{where}: budget #{index}"
        if not isinstance(item, Mapping):
            raise CardSetError(f"{item_where}: expected an object, got {json_kind(item)}")
        level = _int_field(item, "level", item_where, 1, 10)
        low = _int_field(item, "min_total", item_where, 4, 40)
        high = _int_field(item, "max_total", item_where, low, 40)
        side = _int_field(item, "max_side", item_where, 1, 10)
        if level in result:
            raise CardSetError(f"{item_where}: field 'level' repeats level {level}")
        result[level] = Budget(level, low, high, side)
    return tuple(result[level] for level in sorted(result))


def _parse_card(raw: object, index: int, known: set[str], kind: str | None) -> Card:
    if not isinstance(raw, Mapping):
        raise CardSetError(f"card #{index}: expected an object, got {json_kind(raw)}")
    card_id = _text(raw, "id", f"card #{index}")
    where = f"card {card_id!r}"
    name = _text(raw, "name", where)
    title = _text(raw, "title", where, required=False)
    level = _int_field(raw, "level", where, 1, 10)
    top, right, bottom, left = (_int_field(raw, side, where, 1, 10) for side in SIDE_NAMES)
    affinity = raw.get("affinity")
    if affinity is not None:
        if not isinstance(affinity, str):
            raise CardSetError(
                f"{where}: field 'affinity' must be a string or null, got {json_kind(affinity)}"
            )
        if affinity not in known:
            choices = sorted(known) if known else "none (the set declares no affinities)"
            raise CardSetError(
                f"{where}: field 'affinity' is {affinity!r}, not a {kind or 'declared affinity'} "
                f"of this set: {choices}"
            )
    art = raw.get("art")
    if art is not None:
        if not isinstance(art, str):
            raise CardSetError(f"{where}: field 'art' must be a string, got {json_kind(art)}")
        _check_art(art, where)
    return Card(card_id, name, title, level, top, right, bottom, left, affinity, art or "")


_ART_NAMES: list[frozenset[str]] = []


def art_names() -> frozenset[str]:
    """Every icon name a card's ``art`` may use (game-icons.net, read once)."""
    if not _ART_NAMES:
        text = (_DATA_DIR / "art_names.txt").read_text(encoding="utf-8")
        _ART_NAMES.append(frozenset(text.split()))
    return _ART_NAMES[0]


def _check_art(art: str, where: str) -> None:
    if art in art_names():
        return
    close = difflib.get_close_matches(art, sorted(art_names()), n=3, cutoff=0.7)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise CardSetError(
        f"{where}: field 'art' is {art!r}, not an icon of game-icons.net "
        f"(the names are listed at https://game-icons.net){hint}"
    )


def _check_budget(card: Card, budget: tuple[Budget, ...]) -> None:
    rule = next((b for b in budget if b.level == card.level), None)
    where = f"card {card.id!r}"
    if rule is None:
        raise CardSetError(f"{where}: field 'level' {card.level} has no entry in the set's budget")
    if not rule.min_total <= card.power <= rule.max_total:
        raise CardSetError(
            f"{where}: sides total {card.power}, outside the level {card.level} budget "
            f"{rule.min_total}..{rule.max_total}"
        )
    for side_name, value in zip(SIDE_NAMES, card.sides, strict=True):
        if value > rule.max_side:
            raise CardSetError(
                f"{where}: field {side_name!r} is {value}, above the level {card.level} "
                f"maximum side {rule.max_side}"
            )
