"""The player's save: one versioned JSON document, its migrations and its validation.

The page keeps the save as one localStorage string (`STORAGE_KEY`) and
replaces it with one ``setItem``; every change here is a pure function from
the old `Save` to a new one, so the stored text is always a whole save,
the old one or the new one.

Current shape (version 6)::

    {"format": "triad-save", "version": 6, "set": "houses",
     "cards": {"pim-cobble": 2, "sarnai-velk": 1},          # card id -> copies
     "beaten": ["wren-ashby"],                              # ladder opponents won against
     "stats": {"overall": STATS, "opponents": {"wren-ashby": STATS}},
     "applied": ["m-1718000000000-42"],                     # settled match ids, newest last
     "history": [ENTRY],                                    # recent matches, newest last
     "pending": null,                                       # or FINISHED awaiting a choice
     "active": null,                                        # or ACTIVE, the match being played
     "puzzles": {"solved": ["2026-11-23"], "best_streak": 1},  # daily puzzles solved
     "tournament": TOURNAMENT}                              # `triad.tournament.part`

    STATS    = {"wins": 0, "losses": 0, "draws": 0, "cards_won": 0, "cards_lost": 0}
    ENTRY    = {"id": "...", "opponent": "wren-ashby" | null, "outcome": "win"|"loss"|"draw",
                "score": [player, opponent], "trade": "one", "taken": [ids], "given": [ids],
                "record": RECORD}
    FINISHED = {"id": "...", "opponent": "wren-ashby" | null, "record": RECORD,
                "picks": [indices] | null}
    ACTIVE   = {"id": "...", "opponent": "wren-ashby", "record": RECORD, ...}

ACTIVE is the prepared match being played (`triad.collection.trade.Prepared`,
with the other fields it writes), its RECORD holding the moves played so
far: the page writes it when the match starts and after every move, so a
reload or a crash resumes the match where it was instead of dropping it
(and its stakes). Settling the match clears it in the same write.

RECORD is a match record in the engine's notation (`triad.notation.MatchRecord`).

Past versions, each migrated forward one step at a time (`migrate`):

* version 1, the first shape: ``format``, ``version``, ``set``, ``cards``,
  ``beaten``, ``applied``.
* version 2 added ``stats``. The step from 1 credits one win against each
  beaten opponent (the least a beaten opponent means) and nothing else.
* version 3 added ``history`` (replays of recent matches) and ``pending``
  (a won match waiting for the player to pick a card). The step from 2
  starts both empty.
* version 4 added ``active`` (the ladder match being played, resumed after
  a reload). The step from 3 starts it empty.
* version 5 added ``puzzles``: the dates of the daily puzzles solved
  (``YYYY-MM-DD``, ascending, the newest `PUZZLE_LIMIT` kept) and the
  longest streak of days in a row. The step from 4 starts it empty.
* version 6 added ``tournament``: the event under way, named decks, records
  and feats (`triad.tournament.part`). The step from 5 starts it empty.

A damaged ``tournament`` does not cost the rest of the save: the save is
read with an empty tournament part, ``tournament_damage`` says what was
wrong, and the damaged part is kept as it was under ``tournament_damaged``
(``{"error": message, "data": the part}``) until a new one is written over
it by a new tournament, so an export still holds it.

Validation (`read_save`) checks the shape of every field and names the
one at fault: card ids must exist in the save's card set, copies are whole
numbers 0..`MAX_COPIES` (zeros are dropped), statistics are whole numbers
0..`triad.tally.MOST`, ids are 1 to 64 letters, digits or ``_.:-``. A save written
by a newer game (a version above `SAVE_VERSION`) is refused with
`SaveVersionError` and nothing is changed; the page must then keep the
stored text as it is. Older ``applied`` ids and ``history`` entries beyond
`APPLIED_LIMIT` and `HISTORY_LIMIT` are dropped, oldest first: they only
guard against settling a match twice right after it ends, and feed the
replay list.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from triad.cards import BUILTIN_SETS, CardSet, builtin_set, json_kind
from triad.collection.jsontext import coded, parse_json
from triad.collection.starter import starter_cards
from triad.notation import MatchRecord, NotationError
from triad.tally import MOST, Tally
from triad.tournament.part import Part, PartError

__all__ = [
    "APPLIED_LIMIT",
    "HISTORY_LIMIT",
    "MAX_COPIES",
    "MAX_SAVE_CHARS",
    "OUTCOMES",
    "PUZZLE_LIMIT",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "STORAGE_KEY",
    "Active",
    "Finished",
    "HistoryEntry",
    "Puzzles",
    "Save",
    "SaveError",
    "SaveVersionError",
    "check_id",
    "dump_save",
    "export_save",
    "load_save",
    "migrate",
    "new_save",
    "read_save",
    "reset_save",
]

SAVE_FORMAT = "triad-save"
#: The version this game writes; `migrate` brings every older one up to it.
SAVE_VERSION = 6
#: The localStorage key the page keeps the save under.
STORAGE_KEY = "triad:collection"
#: Most copies of one card a collection holds; wins beyond it are not kept.
MAX_COPIES = 999
#: Settled match ids kept (newest), so a match is never settled twice.
APPLIED_LIMIT = 200
#: Finished matches kept for replay (newest).
HISTORY_LIMIT = 20
#: Daily puzzle dates kept as solved (newest).
PUZZLE_LIMIT = 1000
#: Longest save text read (a full save is a few tens of kilobytes).
MAX_SAVE_CHARS = 2_000_000
#: A match's result from the player's side.
OUTCOMES: tuple[str, str, str] = ("win", "loss", "draw")

_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-")
_MAX_ID = 64


class SaveError(ValueError):
    """A save that cannot be read; the message names the field and what is wrong."""

    #: What the page explains in the player's language (the message is the detail).
    code = "save_bad"


class SaveVersionError(SaveError):
    """A save written by a newer version of the game: refused, never changed."""

    code = "save_newer"
    kind = "newer"  # the page keeps the save untouched and says why


# -- the document ------------------------------------------------------------


@dataclass(frozen=True)
class Finished:
    """A finished match handed to `triad.collection.trade.settle`.

    ``record`` replays it through the engine; ``picks`` are the indices the
    player chose in the loser's starting hand (One, Diff) or None.
    """

    id: str
    opponent: str | None
    record: MatchRecord
    picks: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The FINISHED form of the module docstring."""
        return {
            "id": self.id,
            "opponent": self.opponent,
            "record": self.record.to_json(),
            "picks": None if self.picks is None else list(self.picks),
        }

    @classmethod
    def from_json(cls, data: object, where: str = "match") -> Finished:
        """Parse and validate the shape (the engine checks the moves when settling).

        :raises SaveError: a missing or malformed field.
        """
        obj = _object(data, where)
        match_id = check_id(obj.get("id"), f"{where}.id")
        opponent = _opponent(obj.get("opponent"), f"{where}.opponent")
        record = _record(obj.get("record"), f"{where}.record")
        raw = obj.get("picks")
        picks: tuple[int, ...] | None = None
        if raw is not None:
            items = _list(raw, f"{where}.picks")
            picks = tuple(_count(v, f"{where}.picks[{i}]", 4) for i, v in enumerate(items))
        return cls(match_id, opponent, record, picks)


@dataclass(frozen=True)
class Active:
    """The ladder match being played: the prepared match as written, moves so far included.

    ``data`` is the ACTIVE object of the module docstring (the prepared match,
    `triad.collection.trade.Prepared.from_json` reads it back); ``record``
    is its RECORD, already checked.
    """

    id: str
    opponent: str
    record: MatchRecord
    data: Mapping[str, Any] = field(compare=False)

    def to_json(self) -> dict[str, Any]:
        """The ACTIVE form of the module docstring, with the moves of ``record``."""
        out = copy.deepcopy(dict(self.data))
        out.update(id=self.id, opponent=self.opponent, record=self.record.to_json())
        return out

    @classmethod
    def from_json(cls, data: object, where: str = "active") -> Active:
        """Parse and validate the shape (the engine checks the moves when resuming).

        :raises SaveError: a missing or malformed field.
        """
        obj = _object(data, where)
        match_id = check_id(obj.get("id"), f"{where}.id")
        opponent = check_id(obj.get("opponent"), f"{where}.opponent")
        record = _record(obj.get("record"), f"{where}.record")
        return cls(match_id, opponent, record, copy.deepcopy(dict(obj)))


@dataclass(frozen=True)
class HistoryEntry:
    """One settled match, for the history list and its replay."""

    id: str
    opponent: str | None
    outcome: str
    score: tuple[int, int]
    trade: str
    taken: tuple[str, ...]
    given: tuple[str, ...]
    record: MatchRecord

    def to_json(self) -> dict[str, Any]:
        """The ENTRY form of the module docstring."""
        return {
            "id": self.id,
            "opponent": self.opponent,
            "outcome": self.outcome,
            "score": list(self.score),
            "trade": self.trade,
            "taken": list(self.taken),
            "given": list(self.given),
            "record": self.record.to_json(),
        }

    @classmethod
    def from_json(cls, data: object, where: str, card_set: CardSet) -> HistoryEntry:
        """Parse and validate, card ids against ``card_set``.

        :raises SaveError: a missing or malformed field.
        """
        obj = _object(data, where)
        outcome = obj.get("outcome")
        if outcome not in OUTCOMES:
            raise SaveError(f"{where}.outcome: must be one of {list(OUTCOMES)}, got {outcome!r}")
        score = _list(obj.get("score"), f"{where}.score")
        if len(score) != 2:
            raise SaveError(f"{where}.score: must be [player, opponent], got {len(score)} numbers")
        trade = obj.get("trade")
        if not isinstance(trade, str):
            raise SaveError(f"{where}.trade: must be a trade rule name, got {json_kind(trade)}")
        record = _record(obj.get("record"), f"{where}.record")
        if record.set_id != card_set.id:
            raise SaveError(
                f"{where}.record: is for card set {record.set_id!r}, not {card_set.id!r}"
            )
        return cls(
            check_id(obj.get("id"), f"{where}.id"),
            _opponent(obj.get("opponent"), f"{where}.opponent"),
            str(outcome),
            (_count(score[0], f"{where}.score[0]", 10), _count(score[1], f"{where}.score[1]", 10)),
            trade,
            _card_ids(obj.get("taken"), f"{where}.taken", card_set),
            _card_ids(obj.get("given"), f"{where}.given", card_set),
            record,
        )


@dataclass(frozen=True)
class Puzzles:
    """The daily puzzles solved: their dates (ascending) and the longest streak of days."""

    solved: tuple[str, ...] = ()
    best_streak: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"solved": [dates], "best_streak": n}``."""
        return {"solved": list(self.solved), "best_streak": self.best_streak}

    @classmethod
    def from_json(cls, data: object, where: str) -> Puzzles:
        """Parse and validate.

        :raises SaveError: dates that are not ``YYYY-MM-DD`` text, or a bad count.
        """
        obj = _object(data, where)
        dates = _string_list(obj.get("solved", []), f"{where}.solved")
        for i, text in enumerate(dates):
            if not _is_date(text):
                raise SaveError(
                    f"{where}.solved[{i}]: must be a date like 2026-11-23, got {text!r}"
                )
        best = _count(obj.get("best_streak", 0), f"{where}.best_streak", MOST)
        return cls(tuple(sorted(set(dates)))[-PUZZLE_LIMIT:], best)


@dataclass(frozen=True)
class Save:
    """A validated save at the current version. Treat it as immutable.

    ``cards`` maps card id to copies (only positive counts, in set order).
    """

    set_id: str
    cards: dict[str, int]
    beaten: tuple[str, ...] = ()
    stats: Tally = field(default_factory=Tally)
    opponent_stats: dict[str, Tally] = field(default_factory=dict)
    applied: tuple[str, ...] = ()
    history: tuple[HistoryEntry, ...] = ()
    pending: Finished | None = None
    active: Active | None = None
    puzzles: Puzzles = Puzzles()
    tournament: Part = field(default_factory=Part)
    #: ``{"error", "data"}``: a damaged tournament part as it was read, or None.
    tournament_damaged: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def tournament_damage(self) -> str | None:
        """What was wrong with the tournament part read (kept aside), or None."""
        if self.tournament_damaged is None:
            return None
        return str(self.tournament_damaged.get("error", ""))

    @property
    def card_set(self) -> CardSet:
        """The card set the collection belongs to."""
        return builtin_set(self.set_id)

    @property
    def total(self) -> int:
        """Copies of all cards together."""
        return sum(self.cards.values())

    def copies(self, card_id: str) -> int:
        """Copies of one card the player owns (0 when none)."""
        return self.cards.get(card_id, 0)

    def with_changes(self, **changes: Any) -> Save:
        """A new save with these fields replaced (the cards re-normalised)."""
        new = replace(self, **changes)
        return replace(new, cards=_normal_cards(new.cards, new.card_set))

    def to_json(self) -> dict[str, Any]:
        """The current-version document of the module docstring."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "set": self.set_id,
            "cards": dict(self.cards),
            "beaten": list(self.beaten),
            "stats": {
                "overall": self.stats.to_json(),
                "opponents": {k: v.to_json() for k, v in self.opponent_stats.items()},
            },
            "applied": list(self.applied),
            "history": [entry.to_json() for entry in self.history],
            "pending": None if self.pending is None else self.pending.to_json(),
            "active": None if self.active is None else self.active.to_json(),
            "puzzles": self.puzzles.to_json(),
            "tournament": self.tournament.to_json(),
            **(
                {}
                if self.tournament_damaged is None
                else {"tournament_damaged": copy.deepcopy(dict(self.tournament_damaged))}
            ),
        }


# -- reading and writing -----------------------------------------------------


def new_save(seed: int, set_id: str = "houses") -> Save:
    """A new player's save: the starter collection drawn from ``seed``, nothing else.

    :raises SaveError: ``set_id`` is not a built-in card set.
    """
    card_set = _card_set(set_id, "set")
    return Save(set_id, starter_cards(card_set, seed))


def reset_save(seed: int, set_id: str = "houses") -> Save:
    """The save after Reset: a new player's save (asking first is the page's job)."""
    return new_save(seed, set_id)


def read_save(source: str | Mapping[str, Any]) -> tuple[Save, int]:
    """Read a save from JSON text or a decoded object: ``(save, version it was written in)``.

    The input is never changed; an older version is migrated to the current one.

    :raises SaveVersionError: the save is newer than this game.
    :raises SaveError: corrupt JSON, or any field of the wrong shape (the
        message names it).
    """
    data = _decode(source)
    version = _version(data)
    current = migrate(data)
    return _parse(current), version


def load_save(source: str | Mapping[str, Any]) -> Save:
    """`read_save` without the version.

    :raises SaveError: see `read_save`.
    """
    return read_save(source)[0]


def dump_save(save: Save) -> str:
    """The compact JSON text the page stores."""
    return json.dumps(save.to_json(), separators=(",", ":"), ensure_ascii=False)


def export_save(save: Save) -> str:
    """The save as the text of a file to download (indented, ends with a newline)."""
    return json.dumps(save.to_json(), indent=1, ensure_ascii=False) + "\n"


def migrate(data: Mapping[str, Any]) -> dict[str, Any]:
    """The document brought up to `SAVE_VERSION`, one step per version; ``data`` is not changed.

    :raises SaveVersionError: newer than this game.
    :raises SaveError: no version, or a field a step needs is malformed.
    """
    version = _version(data)
    current = copy.deepcopy(dict(data))
    while version < SAVE_VERSION:
        current = _MIGRATIONS[version](current)
        version += 1
        current["version"] = version
    return current


def check_id(value: object, where: str) -> str:
    """An id (match, opponent): 1 to 64 letters, digits or ``_.:-``.

    :raises SaveError: anything else.
    """
    if not isinstance(value, str) or not 1 <= len(value) <= _MAX_ID:
        raise SaveError(
            f"{where}: must be an id of 1 to {_MAX_ID} characters, got {json_kind(value)}"
        )
    bad = [ch for ch in value if ch not in _ID_CHARS]
    if bad:
        raise SaveError(
            f"{where}: id {value!r} may only hold letters, digits and '_.:-', not {bad[0]!r}"
        )
    return value


# -- migrations: version n -> n + 1 ------------------------------------------


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    beaten = _string_list(data.get("beaten", []), "save.beaten")
    data["stats"] = {
        "overall": Tally(wins=len(beaten)).to_json(),
        "opponents": {name: Tally(wins=1).to_json() for name in beaten},
    }
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    data["history"] = []
    data["pending"] = None
    return data


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    data["active"] = None
    return data


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    data["puzzles"] = Puzzles().to_json()
    return data


def _v5_to_v6(data: dict[str, Any]) -> dict[str, Any]:
    data["tournament"] = Part().to_json()
    return data


_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
}


# -- private helpers ---------------------------------------------------------


def _decode(source: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(source, Mapping):
        return source
    if not isinstance(source, str):
        raise SaveError(f"save: expected JSON text, got {json_kind(source)}")
    data = parse_json(source, "save", SaveError, MAX_SAVE_CHARS)
    return _object(data, "save")


def _version(data: Mapping[str, Any]) -> int:
    if not isinstance(data, Mapping):
        raise SaveError(f"save: must be a JSON object, got {json_kind(data)}")
    if data.get("format") != SAVE_FORMAT:
        raise coded(
            SaveError(f"save: not a Triad save (its 'format' is not {SAVE_FORMAT!r})"),
            "save_format",
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"save.version: must be a whole number from 1, got {version!r}")
    if version > SAVE_VERSION:
        raise SaveVersionError(
            f"save: written by a newer version of the game (save version {version}; this "
            f"game reads versions up to {SAVE_VERSION}); it was left as it is"
        )
    return version


def _parse(data: Mapping[str, Any]) -> Save:
    keys = ("set", "cards", "beaten", "stats", "applied", "history", "pending", "active")
    for key in (*keys, "puzzles", "tournament"):
        if key not in data:
            raise SaveError(f"save: missing {key!r}")
    set_id = data["set"]
    card_set = _card_set(set_id, "save.set")
    raw_cards = _object(data["cards"], "save.cards")
    cards: dict[str, int] = {}
    for card_id, count in raw_cards.items():
        if card_id not in card_set:
            raise SaveError(f"save.cards: no card {card_id!r} in card set {card_set.id!r}")
        cards[card_id] = _count(count, f"save.cards[{card_id!r}]", MAX_COPIES)
    beaten = tuple(
        check_id(v, f"save.beaten[{i}]")
        for i, v in enumerate(_string_list(data["beaten"], "save.beaten"))
    )
    if len(set(beaten)) != len(beaten):
        raise SaveError("save.beaten: an opponent is listed twice")
    stats_obj = _object(data["stats"], "save.stats")
    overall = Tally.from_json(stats_obj.get("overall"), "save.stats.overall", SaveError)
    opponents: dict[str, Tally] = {}
    for name, value in _object(stats_obj.get("opponents"), "save.stats.opponents").items():
        where = f"save.stats.opponents[{name!r}]"
        opponents[check_id(name, where)] = Tally.from_json(value, where, SaveError)
    applied = tuple(
        check_id(v, f"save.applied[{i}]")
        for i, v in enumerate(_list(data["applied"], "save.applied"))
    )
    history = tuple(
        HistoryEntry.from_json(v, f"save.history[{i}]", card_set)
        for i, v in enumerate(_list(data["history"], "save.history"))
    )
    pending = (
        None if data["pending"] is None else Finished.from_json(data["pending"], "save.pending")
    )
    active = None if data["active"] is None else Active.from_json(data["active"], "save.active")
    for where, held in (("save.pending", pending), ("save.active", active)):
        if held is not None and held.record.set_id != card_set.id:
            raise SaveError(
                f"{where}.record: is for card set {held.record.set_id!r}, not {card_set.id!r}"
            )
    return Save(
        card_set.id,
        _normal_cards(cards, card_set),
        beaten,
        overall,
        opponents,
        applied[-APPLIED_LIMIT:],
        history[-HISTORY_LIMIT:],
        pending,
        active,
        Puzzles.from_json(data["puzzles"], "save.puzzles"),
        *_tournament(data, card_set),
    )


def _tournament(
    data: Mapping[str, Any], card_set: CardSet
) -> tuple[Part, Mapping[str, Any] | None]:
    """The tournament part, or an empty one and the damaged part kept aside with its error."""
    kept = data.get("tournament_damaged")
    if kept is not None and not isinstance(kept, Mapping):
        kept = {"error": "save.tournament_damaged: not an object", "data": kept}
    try:
        return Part.from_json(data["tournament"], card_set), kept
    except PartError as exc:
        return Part(), {"error": str(exc), "data": copy.deepcopy(data["tournament"])}


def _is_date(text: str) -> bool:
    """``YYYY-MM-DD`` with digits where they belong (the calendar is the page's)."""
    parts = text.split("-")
    return (
        len(text) == 10
        and [len(p) for p in parts] == [4, 2, 2]
        and all(p.isdigit() for p in parts)
        and 1 <= int(parts[1]) <= 12
        and 1 <= int(parts[2]) <= 31
    )


def _normal_cards(cards: Mapping[str, int], card_set: CardSet) -> dict[str, int]:
    return {c.id: cards[c.id] for c in card_set.cards if cards.get(c.id, 0) > 0}


def _card_set(set_id: object, where: str) -> CardSet:
    if not isinstance(set_id, str) or set_id not in BUILTIN_SETS:
        raise SaveError(
            f"{where}: must be a built-in card set {list(BUILTIN_SETS)}, got {set_id!r}"
        )
    return builtin_set(set_id)


def _record(data: object, where: str) -> MatchRecord:
    try:
        return MatchRecord.from_json(data)
    except NotationError as exc:
        raise SaveError(f"{where}: {exc}") from None


def _opponent(value: object, where: str) -> str | None:
    return None if value is None else check_id(value, where)


def _card_ids(value: object, where: str, card_set: CardSet) -> tuple[str, ...]:
    ids = _string_list(value, where)
    for i, card_id in enumerate(ids):
        if card_id not in card_set:
            raise SaveError(f"{where}[{i}]: no card {card_id!r} in card set {card_set.id!r}")
    return tuple(ids)


def _count(value: object, where: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise SaveError(f"{where}: must be a whole number 0..{most}, got {value!r}")
    return value


def _object(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SaveError(f"{where}: must be an object, got {json_kind(data)}")
    return data


def _list(data: object, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise SaveError(f"{where}: must be a list, got {json_kind(data)}")
    return data


def _string_list(data: object, where: str) -> list[str]:
    items = _list(data, where)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise SaveError(f"{where}[{i}]: must be text, got {json_kind(item)}")
    return items
