"""The tournament part of the save: the event under way, decks, records, feats.

JSON form (the save's ``"tournament"``)::

    {"event": EVENT | null,
     "decks": [{"name": "Walls", "cards": [5 card ids]}],            # at most 5
     "records": {"aldric-thorne": RECORD},                           # per leader
     "streak": {"current": 2, "best": 4},                            # matches won in a row
     "counts": {"wins": 3, "same_win": 1, ...},                      # what feats count
     "feats": {"earned": [ids], "announced": [ids]},
     "played": {"knockout": 1, "open": 0, "season": 2},              # events begun
     "past": [{"kind", "id", "number", "champion", "place"}]}        # newest last

    RECORD = {"wins", "losses", "draws", "cards_won", "cards_lost"}
    EVENT  = {"kind": "knockout"|"open"|"season", "id": "...", "seed": n, "number": n,
              "entrants": ["you", leader ids...],    # seed order, "you" is the player
              "deck": [5 card ids] | [],             # the player's deck (none when drafting)
              "matches": [MATCH...],                 # in the order they were drawn
              "games": [["2@4", ...]],               # the player's match in progress so far
              "draft": [pool indices],               # and its draft picks so far
              "champion": id | null, "prizes": [card ids]}   # the cards the player won
    MATCH  = {"round": r, "a": id, "b": id, "record": RECORD | null,
              "winner": id | null, "score": [a, b]}

A match between leaders is kept as its match record (`triad.notation`), so
it opens as a replay. Reading checks every field and names the one at fault
(`PartError`); the save keeps the rest of a save whose tournament part is
damaged (`triad.collection.save`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from triad.cards import CardSet, json_kind
from triad.notation import MatchRecord, NotationError
from triad.state import Move
from triad.tally import MOST, Tally
from triad.tournament.limits import MAX_DECKS, DeckLimitError, NamedDeck, check_name

__all__ = [
    "KINDS",
    "MAX_EVENT_ID",
    "PAST_LIMIT",
    "PLAYER",
    "Event",
    "Pairing",
    "Part",
    "PartError",
    "Past",
]

#: The player's id among an event's entrants.
PLAYER = "you"
#: The kinds of event.
KINDS: tuple[str, str, str] = ("knockout", "open", "season")
#: Finished events remembered (newest).
PAST_LIMIT = 20
#: Longest event id.
MAX_EVENT_ID = 64


class PartError(ValueError):
    """A tournament part that cannot be read; the message names the field."""


@dataclass(frozen=True)
class Pairing:
    """One match of an event: entrants ``a`` (blue, the higher seed or the player) and ``b``.

    ``record`` is None until the match is played; ``winner`` is None for a
    draw that stands (a season match); ``score`` is the deciding game's.
    """

    round: int
    a: str
    b: str
    record: MatchRecord | None = None
    winner: str | None = None
    score: tuple[int, int] = (0, 0)

    @property
    def played(self) -> bool:
        """True once the match has a result."""
        return self.record is not None

    @property
    def has_player(self) -> bool:
        """True when the player plays this match."""
        return PLAYER in (self.a, self.b)

    def to_json(self) -> dict[str, Any]:
        """The MATCH form of the module docstring."""
        return {
            "round": self.round,
            "a": self.a,
            "b": self.b,
            "record": None if self.record is None else self.record.to_json(),
            "winner": self.winner,
            "score": list(self.score),
        }

    @classmethod
    def from_json(cls, data: object, where: str, entrants: tuple[str, ...]) -> Pairing:
        """Parse and check. :raises PartError: a bad field."""
        obj = _object(data, where)
        a, b = obj.get("a"), obj.get("b")
        for key, value in (("a", a), ("b", b)):
            if value not in entrants:
                raise PartError(f"{where}.{key}: {value!r} is not an entrant of the event")
        if a == b:
            raise PartError(f"{where}: an entrant cannot meet itself")
        raw = obj.get("record")
        record = None if raw is None else _record(raw, f"{where}.record")
        winner = obj.get("winner")
        if winner is not None and winner not in (a, b):
            raise PartError(f"{where}.winner: must be {a!r}, {b!r} or null, got {winner!r}")
        score = _list(obj.get("score", [0, 0]), f"{where}.score")
        if len(score) != 2:
            raise PartError(f"{where}.score: must be [a, b]")
        return cls(
            _count(obj.get("round"), f"{where}.round", 1, 20),
            str(a),
            str(b),
            record,
            None if winner is None else str(winner),
            (
                _count(score[0], f"{where}.score[0]", 0, 10),
                _count(score[1], f"{where}.score[1]", 0, 10),
            ),
        )


@dataclass(frozen=True)
class Event:
    """A knockout, an open tournament or a season (see the module docstring)."""

    kind: str
    id: str
    seed: int
    number: int
    entrants: tuple[str, ...]
    deck: tuple[str, ...]
    matches: tuple[Pairing, ...]
    games: tuple[tuple[Move, ...], ...] = ()
    draft: tuple[int, ...] = ()
    champion: str | None = None
    prizes: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        """True once the event has its champion."""
        return self.champion is not None

    @property
    def current(self) -> int | None:
        """The index of the player's match to play next, or None."""
        for index, pairing in enumerate(self.matches):
            if pairing.has_player and not pairing.played:
                return index
        return None

    def to_json(self) -> dict[str, Any]:
        """The EVENT form of the module docstring."""
        return {
            "kind": self.kind,
            "id": self.id,
            "seed": self.seed,
            "number": self.number,
            "entrants": list(self.entrants),
            "deck": list(self.deck),
            "matches": [m.to_json() for m in self.matches],
            "games": [[m.text for m in game] for game in self.games],
            "draft": list(self.draft),
            "champion": self.champion,
            "prizes": list(self.prizes),
        }

    @classmethod
    def from_json(cls, data: object, where: str, card_set: CardSet) -> Event:
        """Parse and check. :raises PartError: a bad field."""
        obj = _object(data, where)
        kind = obj.get("kind")
        if kind not in KINDS:
            raise PartError(f"{where}.kind: must be one of {list(KINDS)}, got {kind!r}")
        ident = _id(obj.get("id"), f"{where}.id")
        seed = obj.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise PartError(f"{where}.seed: must be a whole number 0..2**64-1")
        entrants = tuple(
            _id(v, f"{where}.entrants[{i}]")
            for i, v in enumerate(_list(obj.get("entrants"), f"{where}.entrants"))
        )
        if len(entrants) < 2 or len(set(entrants)) != len(entrants) or PLAYER not in entrants:
            raise PartError(f"{where}.entrants: must list the player and others, once each")
        deck = _cards(obj.get("deck", []), f"{where}.deck", card_set)
        matches = tuple(
            Pairing.from_json(v, f"{where}.matches[{i}]", entrants)
            for i, v in enumerate(_list(obj.get("matches"), f"{where}.matches"))
        )
        games: list[tuple[Move, ...]] = []
        for g, game in enumerate(_list(obj.get("games", []), f"{where}.games")):
            moves: list[Move] = []
            for m, text in enumerate(_list(game, f"{where}.games[{g}]")):
                try:
                    moves.append(Move.from_text(text))
                except (ValueError, TypeError, AttributeError):
                    raise PartError(f"{where}.games[{g}][{m}]: not a move like '2@4'") from None
            games.append(tuple(moves))
        champion = obj.get("champion")
        if champion is not None and champion not in entrants:
            raise PartError(f"{where}.champion: {champion!r} is not an entrant")
        return cls(
            str(kind),
            ident,
            seed,
            _count(obj.get("number", 1), f"{where}.number", 1),
            entrants,
            deck,
            matches,
            tuple(games),
            tuple(
                _count(v, f"{where}.draft[{i}]", 0, 99)
                for i, v in enumerate(_list(obj.get("draft", []), f"{where}.draft"))
            ),
            None if champion is None else str(champion),
            _cards(obj.get("prizes", []), f"{where}.prizes", card_set),
        )


@dataclass(frozen=True)
class Past:
    """A finished event: its kind, id, number, champion and the player's place (1 = won)."""

    kind: str
    id: str
    number: int
    champion: str
    place: int

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "id", "number", "champion", "place"}``."""
        return {
            "kind": self.kind,
            "id": self.id,
            "number": self.number,
            "champion": self.champion,
            "place": self.place,
        }


@dataclass(frozen=True)
class Part:
    """The tournament part of a save (see the module docstring). Treat it as immutable."""

    event: Event | None = None
    decks: tuple[NamedDeck, ...] = ()
    records: dict[str, Tally] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    earned: tuple[str, ...] = ()
    announced: tuple[str, ...] = ()
    played: dict[str, int] = field(default_factory=dict)
    past: tuple[Past, ...] = ()

    def count(self, name: str) -> int:
        """One of the counts feats read (0 when never counted)."""
        return self.counts.get(name, 0)

    def bump(self, **amounts: int) -> Part:
        """The part with these counts raised."""
        counts = dict(self.counts)
        for name, amount in amounts.items():
            counts[name] = min(MOST, counts.get(name, 0) + amount)
        return replace(self, counts=counts)

    @property
    def totals(self) -> Tally:
        """Every leader's record added up."""
        total = Tally()
        for record in self.records.values():
            total = total + record
        return total

    def to_json(self) -> dict[str, Any]:
        """The JSON form of the module docstring."""
        return {
            "event": None if self.event is None else self.event.to_json(),
            "decks": [deck.to_json() for deck in self.decks],
            "records": {k: v.to_json() for k, v in self.records.items()},
            "streak": {"current": self.streak, "best": self.best_streak},
            "counts": dict(self.counts),
            "feats": {"earned": list(self.earned), "announced": list(self.announced)},
            "played": dict(self.played),
            "past": [p.to_json() for p in self.past],
        }

    @classmethod
    def from_json(cls, data: object, card_set: CardSet, where: str = "save.tournament") -> Part:
        """Parse and check every field.

        :raises PartError: the first field at fault, named.
        """
        obj = _object(data, where)
        raw_event = obj.get("event")
        event = (
            None if raw_event is None else Event.from_json(raw_event, f"{where}.event", card_set)
        )
        decks: list[NamedDeck] = []
        raw_decks = _list(obj.get("decks", []), f"{where}.decks")
        if len(raw_decks) > MAX_DECKS:
            raise PartError(f"{where}.decks: at most {MAX_DECKS} decks, got {len(raw_decks)}")
        for i, item in enumerate(raw_decks):
            deck = _object(item, f"{where}.decks[{i}]")
            try:
                name = check_name(deck.get("name"))
            except DeckLimitError as exc:
                raise PartError(f"{where}.decks[{i}].name: {exc}") from None
            cards = _cards(deck.get("cards"), f"{where}.decks[{i}].cards", card_set)
            if len(cards) != 5:
                raise PartError(f"{where}.decks[{i}].cards: a deck holds 5 cards")
            decks.append(NamedDeck(name, cards))
        records = {
            _id(k, f"{where}.records"): Tally.from_json(v, f"{where}.records[{k!r}]", PartError)
            for k, v in _object(obj.get("records", {}), f"{where}.records").items()
        }
        streak = _object(obj.get("streak", {}), f"{where}.streak")
        counts = {
            _id(k, f"{where}.counts"): _count(v, f"{where}.counts[{k!r}]")
            for k, v in _object(obj.get("counts", {}), f"{where}.counts").items()
        }
        feats = _object(obj.get("feats", {}), f"{where}.feats")
        played = {
            _id(k, f"{where}.played"): _count(v, f"{where}.played[{k!r}]")
            for k, v in _object(obj.get("played", {}), f"{where}.played").items()
        }
        past: list[Past] = []
        for i, item in enumerate(_list(obj.get("past", []), f"{where}.past")):
            entry = _object(item, f"{where}.past[{i}]")
            kind = entry.get("kind")
            if kind not in KINDS:
                raise PartError(f"{where}.past[{i}].kind: must be one of {list(KINDS)}")
            past.append(
                Past(
                    str(kind),
                    _id(entry.get("id"), f"{where}.past[{i}].id"),
                    _count(entry.get("number", 1), f"{where}.past[{i}].number", 1),
                    _id(entry.get("champion"), f"{where}.past[{i}].champion"),
                    _count(entry.get("place", 1), f"{where}.past[{i}].place", 1, 99),
                )
            )
        return cls(
            event,
            tuple(decks),
            records,
            _count(streak.get("current", 0), f"{where}.streak.current"),
            _count(streak.get("best", 0), f"{where}.streak.best"),
            counts,
            _ids(feats.get("earned", []), f"{where}.feats.earned"),
            _ids(feats.get("announced", []), f"{where}.feats.announced"),
            played,
            tuple(past[-PAST_LIMIT:]),
        )


# -- checks -------------------------------------------------------------------

_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-")


def _id(value: object, where: str) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 64 or set(value) - _ID_CHARS:
        raise PartError(f"{where}: must be an id of 1 to 64 letters, digits or '_.:-'")
    return value


def _ids(value: object, where: str) -> tuple[str, ...]:
    return tuple(_id(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _cards(value: object, where: str, card_set: CardSet) -> tuple[str, ...]:
    items = _list(value, where)
    for i, card_id in enumerate(items):
        if not isinstance(card_id, str) or card_id not in card_set:
            raise PartError(f"{where}[{i}]: no card {card_id!r} in set {card_set.id!r}")
    return tuple(items)


def _count(value: object, where: str, low: int = 0, high: int = MOST) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PartError(f"{where}: must be a whole number {low}..{high}, got {value!r}")
    return value


def _record(data: object, where: str) -> MatchRecord:
    try:
        return MatchRecord.from_json(data)
    except NotationError as exc:
        raise PartError(f"{where}: {exc}") from None


def _object(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise PartError(f"{where}: must be an object, got {json_kind(data)}")
    return data


def _list(data: object, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise PartError(f"{where}: must be a list, got {json_kind(data)}")
    return data
