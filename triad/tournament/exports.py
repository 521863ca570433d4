"""The tournament for the engine worker: plain functions, the save's text in, JSON out.

Exported as they are (the engine worker includes `EXPORTS`); the player's
matches are dealt, kept and settled by the engine worker itself
(`tournament_start`, `tournament_progress`, `tournament_end` in
`triad.worker.engine`), which holds the match in play. SAVE is the save's
text (`triad.collection.save`); the page writes every ``save`` answered.

* `tournament_view` ``(SAVE)`` -> ``{"view"}`` (`triad.tournament.service.view`)
* `tournament_begin` ``(SAVE, {"kind", "seed", "event_id", "deck"})`` -> ``{"save", "view"}``
* `tournament_abandon` ``(SAVE)`` -> ``{"save", "view"}``
* `tournament_save_deck` ``(SAVE, {"name", "cards"})`` -> ``{"save", "view"}``
* `tournament_delete_deck` ``(SAVE, {"name"})`` -> ``{"save", "view"}``
* `tournament_feats_seen` ``(SAVE, {"ids"})`` -> ``{"save"}``
* `tournament_record` ``(SAVE, {"index"})`` -> ``{"record"}`` (a match of the event, to replay)

A refusal names its reason as ``code`` and, in ``words``, ``{"key", "card"}``:
the card at fault, for the page to name in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from triad.api import Exports
from triad.collection.save import Save, dump_save, load_save
from triad.tournament import service
from triad.tournament.part import MAX_EVENT_ID

__all__ = [
    "EXPORTS",
    "BeginRequest",
    "DeckNameRequest",
    "DeckSaveRequest",
    "FeatsRequest",
    "IndexRequest",
    "tournament_abandon",
    "tournament_begin",
    "tournament_delete_deck",
    "tournament_feats_seen",
    "tournament_record",
    "tournament_save_deck",
    "tournament_view",
]

#: The tournament's services the page calls as they are.
EXPORTS = Exports()
Json = dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class BeginRequest:
    """`tournament_begin`: the kind of event, its seed and id, the player's deck (none for
    an open tournament)."""

    kind: Literal["knockout", "open", "season"]
    seed: int
    event_id: str
    deck: list[str] | None = None

    def __post_init__(self) -> None:
        if self.seed < 0:
            raise ValueError(f"'seed' must be a whole number from 0, got {self.seed}")
        if not 1 <= len(self.event_id) <= MAX_EVENT_ID:
            raise ValueError(f"'event_id' must hold 1 to {MAX_EVENT_ID} characters")


@dataclass(frozen=True, kw_only=True)
class DeckSaveRequest:
    """`tournament_save_deck`: the deck's name and its 5 cards."""

    name: str
    cards: list[str]


@dataclass(frozen=True, kw_only=True)
class DeckNameRequest:
    """`tournament_delete_deck`: the deck's name."""

    name: str


@dataclass(frozen=True, kw_only=True)
class FeatsRequest:
    """`tournament_feats_seen`: the feats the page has announced."""

    ids: list[str]


@dataclass(frozen=True, kw_only=True)
class IndexRequest:
    """`tournament_record`: the match's place in the event."""

    index: int


class ViewReply(TypedDict):
    """`tournament_view`: everything the page draws."""

    view: Json


class SavedViewReply(TypedDict):
    """The new save to write, and the view of it."""

    save: str
    view: Json


class SavedReply(TypedDict):
    """The new save to write."""

    save: str


class RecordReply(TypedDict):
    """`tournament_record`: a played match's record."""

    record: Json


@EXPORTS.service
def tournament_view(save_text: str) -> ViewReply:
    """The roster, the event, decks, records and feats of the save."""
    return {"view": service.view(load_save(save_text))}


@EXPORTS.service
def tournament_begin(save_text: str, request: BeginRequest) -> SavedViewReply:
    """Begin an event (round one's matches between leaders are played here)."""
    save = load_save(save_text)
    return _saved(service.start(save, request.kind, request.seed, request.event_id, request.deck))


@EXPORTS.service
def tournament_abandon(save_text: str) -> SavedViewReply:
    """Give up the event under way."""
    return _saved(service.abandon(load_save(save_text)))


@EXPORTS.service
def tournament_save_deck(save_text: str, request: DeckSaveRequest) -> SavedViewReply:
    """Keep a named deck (checked against the collection and the star limits)."""
    return _saved(service.save_deck(load_save(save_text), request.name, request.cards))


@EXPORTS.service
def tournament_delete_deck(save_text: str, request: DeckNameRequest) -> SavedViewReply:
    """Delete a named deck."""
    return _saved(service.delete_deck(load_save(save_text), request.name))


@EXPORTS.service
def tournament_feats_seen(save_text: str, request: FeatsRequest) -> SavedReply:
    """Mark feats as announced, so each is announced once."""
    return {"save": dump_save(service.feats_seen(load_save(save_text), request.ids))}


@EXPORTS.service
def tournament_record(save_text: str, request: IndexRequest) -> RecordReply:
    """The record of the event's match ``index`` (played), for the replay viewer."""
    event = load_save(save_text).tournament.event
    if event is None or not 0 <= request.index < len(event.matches):
        raise service.TournamentError(f"no match {request.index} in the tournament", "no_match")
    record = event.matches[request.index].record
    if record is None:
        raise service.TournamentError("this match has not been played yet", "no_match")
    return {"record": record.to_json()}


def _saved(save: Save) -> SavedViewReply:
    return {"save": dump_save(save), "view": service.view(save)}
