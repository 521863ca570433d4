"""Collection mode for the engine worker: plain functions, JSON text in and out.

The page's main thread only reads and writes localStorage strings; the
worker calls these functions with them and the page stores the ``save``
text a function returns, with one ``setItem``, only when ``ok`` is true.
Every function returns ``{"ok": true, ...}`` or ``{"ok": false, "error":
message}`` (loads add ``"kind": "newer"`` for a save from a newer game, to
keep untouched, or ``"invalid"``); none raises for bad input.

Shapes (SAVE is the save text, see `triad.collection.save`):

* `collection_new` / `collection_reset` ``({"seed"})`` -> ``{"save", "summary"}``
* `collection_load` / `collection_import` ``(text)`` -> ``{"save", "summary", "migrated_from"}``
* `collection_export` ``(SAVE)`` -> ``{"text", "filename"}``
* `collection_summary` ``(SAVE)`` -> ``{"summary"}``
* `collection_album` ``(SAVE, {"level", "banner", "owned"})`` -> ``{"cards", "found", "size"}``
* `collection_ladder` ``(SAVE)`` -> ``{"opponents"}``
* `collection_history` ``(SAVE)`` -> ``{"matches"}``
* `collection_check_deck` ``(SAVE, {"deck"})`` -> ``{"deck"}``
* `collection_deal_deck` ``(SAVE, {"seed"})`` -> ``{"deck"}``
* `collection_prepare` ``(SAVE, {"opponent", "seed", "match_id", "deck"})`` ->
  ``{"match", "save", "summary"}`` (``save`` holds the match as active: write it
  before the first move)
* `collection_progress` ``(SAVE, {"id", "games"})`` -> ``{"save"}`` (the moves so far)
* `collection_resume` ``(SAVE)`` -> ``{"match", "games"}`` (the active match to play on)
* `collection_discard_active` ``(SAVE)`` -> ``{"save", "summary"}``
* `collection_finished` ``(MATCH, {"games", "picks"})`` -> ``{"finished"}``
* `collection_settle` ``(SAVE, FINISHED)`` -> ``{"save", "result", "summary"}``
* `collection_choose` ``(SAVE, {"picks"})`` -> ``{"save", "result", "summary"}``
* `collection_discard_pending` ``(SAVE)`` -> ``{"save", "summary"}``
* `deal_code_make` ``({"seed", "rules", "set", "level_range"})`` -> ``{"code"}``
* `deal_code_read` ``(code)`` -> ``{"deal"}``
* `replay_export` ``(RECORD)`` -> ``{"text"}``
* `replay_import` ``(text)`` -> ``{"record", "steps", "summary"}``
* `replay_steps` ``(RECORD)`` -> ``{"steps", "summary"}``
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from triad.api import Exports
from triad.collection import dealcode
from triad.collection.deck import check_deck, deal_from_collection
from triad.collection.ladder import Ladder, default_ladder
from triad.collection.replay import export_record, read_record, replay_record, steps, summary
from triad.collection.save import (
    SAVE_VERSION,
    Finished,
    Save,
    dump_save,
    export_save,
    load_save,
    new_save,
    read_save,
    reset_save,
)
from triad.collection.trade import (
    TradeError,
    choose,
    discard_active,
    discard_pending,
    prepare_match,
    progress,
    resume,
    settle,
    start,
)
from triad.notation import card_to_json, move_from_json
from triad.state import Move

#: The services the page calls as they are: the engine worker (`triad.worker.engine`)
#: exports these.
EXPORTS = Exports()
#: The services the engine worker wraps (a ladder match's start, moves, resume and
#: end): read and answered the same way, but not called by the page as they are.
WRAPPED = Exports()

# -- requests (JSON objects, read and checked by `triad.wire` before a service runs) --


@dataclass(frozen=True, kw_only=True)
class SeedRequest:
    """`collection_new`, `collection_reset`, `collection_deal_deck`: the seed the page drew."""

    seed: int

    def __post_init__(self) -> None:
        if self.seed < 0:
            raise ValueError(f"'seed' must be a whole number from 0, got {self.seed}")


@dataclass(frozen=True, kw_only=True)
class AlbumFilters:
    """`collection_album`: which cards to list (every filter optional)."""

    level: int | None = None
    banner: str | None = None
    owned: Literal["all", "found", "missing"] = "all"


@dataclass(frozen=True, kw_only=True)
class DeckRequest:
    """`collection_check_deck`: the deck chosen (5 card ids, checked by `check_deck`,
    whose error names the card for the player)."""

    deck: object = None


@dataclass(frozen=True, kw_only=True)
class PrepareRequest(SeedRequest):
    """`collection_prepare` (`collection_start` in the worker): the match to prepare.

    ``deck`` is null against an opponent who plays Random.
    """

    opponent: str
    match_id: str
    deck: list[str] | None = None


@dataclass(frozen=True, kw_only=True)
class ProgressRequest:
    """`collection_progress`: the active match's id and the moves of each game so far
    (``"2@4"`` or ``{"card", "cell"}``)."""

    id: str
    games: list[list[object]]


@dataclass(frozen=True, kw_only=True)
class FinishedRequest:
    """`collection_finished`: the moves of each game played, and the cards picked."""

    games: list[list[object]]
    picks: list[int] | None = None


@dataclass(frozen=True, kw_only=True)
class PicksRequest:
    """`collection_choose`: the indices of the cards the player takes."""

    picks: list[int]


@dataclass(frozen=True, kw_only=True)
class DealCodeRequest(SeedRequest):
    """`deal_code_make`: the deal to name."""

    rules: list[str] = field(default_factory=list)
    set: str = "houses"
    level_range: tuple[int, int] | None = None


__all__ = [
    "EXPORTS",
    "collection_album",
    "collection_check_deck",
    "collection_choose",
    "collection_deal_deck",
    "collection_discard_active",
    "collection_discard_pending",
    "collection_export",
    "collection_finished",
    "collection_history",
    "collection_import",
    "collection_ladder",
    "collection_load",
    "collection_new",
    "collection_prepare",
    "collection_progress",
    "collection_reset",
    "collection_resume",
    "collection_settle",
    "collection_summary",
    "deal_code_make",
    "deal_code_read",
    "replay_export",
    "replay_import",
    "replay_steps",
]

#: The file name the page offers when exporting a save.
EXPORT_NAME = "triad-collection.json"


# -- replies (the values of a success's envelope besides "ok") ----------------

#: A JSON object as `to_json` writes it (an opponent, a record, a result...).
Json = dict[str, Any]


class Summary(TypedDict):
    """The collection at a glance (`_summary`): totals, the ladder, a pending or active match."""

    set: str
    total: int
    found: int
    size: int
    beaten: list[str]
    unlocked: list[str]
    stats: Json
    pending: Json | None
    active: Json | None


class SummaryReply(TypedDict):
    """`collection_summary`."""

    summary: Summary


class SavedReply(SummaryReply):
    """A new save to write (its text) and its summary."""

    save: str


class LoadedReply(SavedReply):
    """`collection_load`, `collection_import`: the save read, and the version it was
    migrated from (null: written by this one)."""

    migrated_from: int | None


class ExportReply(TypedDict):
    """`collection_export`: the file's text and the name to offer."""

    text: str
    filename: str


class AlbumReply(TypedDict):
    """`collection_album`: the cards listed, and how many of the set are found."""

    cards: list[Json]
    found: int
    size: int


class LadderReply(TypedDict):
    """`collection_ladder`: each opponent with its state, and the ladder's parts."""

    opponents: list[Json]
    parts: list[Json]


class HistoryReply(TypedDict):
    """`collection_history`: the recent matches, newest last."""

    matches: list[Json]


class DeckReply(TypedDict):
    """`collection_check_deck`, `collection_deal_deck`: five card ids."""

    deck: list[str]


class PreparedReply(SavedReply):
    """`collection_prepare`: the match prepared (`Prepared.to_json`) and the save
    holding it as active."""

    match: Json


class ProgressReply(TypedDict):
    """`collection_progress`: the save with the moves so far."""

    save: str


class ResumeReply(TypedDict):
    """`collection_resume`: the active match and the moves of each of its games."""

    match: Json
    games: list[list[str]]


class FinishedReply(TypedDict):
    """`collection_finished`: the finished match to settle (`Finished.to_json`)."""

    finished: Json


class SettledReply(SavedReply):
    """`collection_settle`, `collection_choose`: the new save and what happened."""

    result: Json


class CodeReply(TypedDict):
    """`deal_code_make`: the deal code."""

    code: str


class DealReply(TypedDict):
    """`deal_code_read`: the deal a code names (seed, rules, set, mode, level band)."""

    deal: Json


class TextReply(TypedDict):
    """`replay_export`: the replay file's text."""

    text: str


class StepsReply(TypedDict):
    """`replay_steps`: every step of a record, and its outcome."""

    steps: list[Json]
    summary: Json


class ReplayReply(StepsReply):
    """`replay_import`: the record read, its steps and its outcome."""

    record: Json


# -- the save ----------------------------------------------------------------


@EXPORTS.service
def collection_new(request: SeedRequest) -> SavedReply:
    """A new player's save from ``{"seed"}`` (the page draws the seed)."""
    return _saved(new_save(request.seed))


@EXPORTS.service
def collection_reset(request: SeedRequest) -> SavedReply:
    """The save after the player confirmed Reset: a new player's save from ``{"seed"}``."""
    return _saved(reset_save(request.seed))


@EXPORTS.service
def collection_load(save_text: str) -> LoadedReply:
    """Read the stored save (migrated to this version); on error the page keeps the text."""
    return _read(save_text)


@EXPORTS.service
def collection_import(file_text: str) -> LoadedReply:
    """Read an imported file; the page replaces its save only when ``ok``."""
    return _read(file_text)


@EXPORTS.service
def collection_export(save_text: str) -> ExportReply:
    """The text of the file to download."""
    return {"text": export_save(load_save(save_text)), "filename": EXPORT_NAME}


@EXPORTS.service
def collection_summary(save_text: str) -> SummaryReply:
    """Totals, ladder progress, statistics and a pending choice (see `_summary`)."""
    return {"summary": _summary(load_save(save_text), default_ladder())}


@EXPORTS.service
def collection_album(save_text: str, filters: AlbumFilters = AlbumFilters()) -> AlbumReply:
    """Every card of the set, found or missing, with the copies owned.

    Filters (each optional): ``level`` (1..10), ``banner`` (affinity id),
    ``owned`` (``"all"``, ``"found"``, ``"missing"``).
    """
    save = load_save(save_text)
    cards = []
    for card in save.card_set.cards:
        copies = save.copies(card.id)
        if filters.level is not None and card.level != filters.level:
            continue
        if filters.banner is not None and card.affinity != filters.banner:
            continue
        if (filters.owned == "found" and not copies) or (filters.owned == "missing" and copies):
            continue
        data = card_to_json(card)
        data["level"] = card.level
        data["tier"] = card.tier
        data["copies"] = copies
        cards.append(data)
    return {"cards": cards, "found": len(save.cards), "size": len(save.card_set)}


@EXPORTS.service
def collection_ladder(save_text: str) -> LadderReply:
    """The ladder with each opponent's state for this save.

    Each opponent: its ladder entry (`triad.collection.ladder`) plus
    ``unlocked``, ``beaten``, ``stats`` and ``deals_random``.
    """
    save = load_save(save_text)
    ladder = default_ladder()
    unlocked = set(ladder.unlocked(save.beaten))
    result = []
    for opponent in ladder.opponents:
        data = opponent.to_json()
        stats = save.opponent_stats.get(opponent.id)
        data["unlocked"] = opponent.id in unlocked
        data["beaten"] = opponent.id in save.beaten
        data["deals_random"] = opponent.deals_random
        data["stats"] = None if stats is None else stats.to_json()
        result.append(data)
    parts = [{"title": dict(p["title"]), "blurb": dict(p["blurb"])} for p in ladder.parts]
    return {"opponents": result, "parts": parts}


@EXPORTS.service
def collection_history(save_text: str) -> HistoryReply:
    """The recent matches, newest last (each with its replayable record)."""
    return {"matches": [e.to_json() for e in load_save(save_text).history]}


# -- decks and matches -------------------------------------------------------


@EXPORTS.service
def collection_check_deck(save_text: str, request: DeckRequest) -> DeckReply:
    """Check ``{"deck": [5 card ids]}`` against the copies owned."""
    save = load_save(save_text)
    return {"deck": list(check_deck(save.cards, save.card_set, request.deck))}


@EXPORTS.service
def collection_deal_deck(save_text: str, request: SeedRequest) -> DeckReply:
    """Five cards dealt at random from the collection with ``{"seed"}``."""
    save = load_save(save_text)
    return {"deck": list(deal_from_collection(save.cards, save.card_set, request.seed))}


def ladder_prepare(save_text: str, request: PrepareRequest) -> PreparedReply:
    """Prepare a ladder match from ``{"opponent", "seed", "match_id", "deck"}``.

    ``deck`` is null against an opponent who plays Random. The answer's
    ``match`` holds both hands, the deal rules, the CPU level, the trade and
    the record to fill with the moves (`triad.collection.trade.Prepared`);
    ``save`` holds it as the active match, to write before the first move.
    """
    save = load_save(save_text)
    prepared = prepare_match(
        save, default_ladder(), request.opponent, request.seed, request.match_id, request.deck
    )
    return {"match": prepared.to_json(), **_saved(start(save, prepared))}


collection_prepare = WRAPPED.service(ladder_prepare, "collection_prepare")


def ladder_progress(save_text: str, request: ProgressRequest) -> ProgressReply:
    """The save with the active match's moves so far, from ``{"id", "games"}`` (see
    `collection_finished` for ``games``)."""
    save = load_save(save_text)
    return {"save": dump_save(progress(save, request.id, _games(request.games)))}


collection_progress = WRAPPED.service(ladder_progress, "collection_progress")


@WRAPPED.service
def collection_resume(save_text: str) -> ResumeReply:
    """The active match to play on after a reload: the prepared ``match`` and its ``games``."""
    save = load_save(save_text)
    prepared, _played = resume(save)
    assert save.active is not None
    games = [[m.text for m in game] for game in save.active.record.games]
    return {"match": prepared.to_json(), "games": games}


@EXPORTS.service
def collection_discard_active(save_text: str) -> SavedReply:
    """Give up an active match that can no longer be resumed (see `_summary`)."""
    return _saved(discard_active(load_save(save_text)))


def ladder_finished(match_text: str, request: FinishedRequest) -> FinishedReply:
    """The FINISHED match to settle, from a prepared match (its JSON text) and
    ``{"games", "picks"}``.

    ``games`` lists the moves of each game played (``"2@4"`` or
    ``{"card", "cell"}``), the first game and each Sudden Death rematch.
    """
    match = _document(match_text, "the prepared match")
    record = dict(match.get("record") or {})
    record["games"] = [[m.text for m in game] for game in _games(request.games)]
    finished = Finished.from_json(
        {
            "id": match.get("id"),
            "opponent": match.get("opponent"),
            "record": record,
            "picks": request.picks,
        }
    )
    return {"finished": finished.to_json()}


collection_finished = WRAPPED.service(ladder_finished, "collection_finished")


def ladder_settle(save_text: str, finished_text: str) -> SettledReply:
    """Settle a finished match (`collection_finished`'s, as JSON text): the new ``save``
    to write, what happened in ``result``."""
    save = load_save(save_text)
    ladder = default_ladder()
    finished = Finished.from_json(_document(finished_text, "the finished match"))
    settlement = settle(save, finished, ladder)
    return _settled(settlement.save, settlement.to_json(), ladder)


collection_settle = WRAPPED.service(ladder_settle, "collection_settle")


@EXPORTS.service
def collection_choose(save_text: str, request: PicksRequest) -> SettledReply:
    """Settle the pending match with the player's ``{"picks": [indices]}``."""
    save = load_save(save_text)
    ladder = default_ladder()
    settlement = choose(save, request.picks, ladder)
    return _settled(settlement.save, settlement.to_json(), ladder)


@EXPORTS.service
def collection_discard_pending(save_text: str) -> SavedReply:
    """Give up a pending match that can no longer be settled (see `_summary`)."""
    return _saved(discard_pending(load_save(save_text)))


# -- deal codes and replays --------------------------------------------------


@EXPORTS.service
def deal_code_make(request: DealCodeRequest) -> CodeReply:
    """A deal code from ``{"seed", "rules", "set", "level_range"}``."""
    band = None if request.level_range is None else list(request.level_range)
    return {"code": dealcode.encode(request.seed, list(request.rules), request.set, band)}


@EXPORTS.service
def deal_code_read(code: str) -> DealReply:
    """The deal a code describes: ``{"seed", "rules", "set", "mode", "level_range"}``."""
    return {"deal": dealcode.decode(code)}


@EXPORTS.service
def replay_export(record_text: str) -> TextReply:
    """The text of a replay file for a match record (its JSON text; checked by replaying it)."""
    return {"text": export_record(read_record(record_text))}


@WRAPPED.service
def replay_import(file_text: str) -> ReplayReply:
    """Read a replay file: the record, every step and the outcome."""
    record = read_record(file_text)
    played = replay_record(record)
    return {"record": record.to_json(), "steps": steps(record, played), "summary": summary(played)}


@WRAPPED.service
def replay_steps(record_text: str) -> StepsReply:
    """Every step of a match record (its JSON text), for the replay viewer."""
    record = read_record(record_text)
    played = replay_record(record)
    return {"steps": steps(record, played), "summary": summary(played)}


# -- private helpers ---------------------------------------------------------


def _read(text: str) -> LoadedReply:
    save, version = read_save(text)
    migrated = None if version == SAVE_VERSION else version
    return {**_saved(save), "migrated_from": migrated}


def _saved(save: Save) -> SavedReply:
    return {"save": dump_save(save), "summary": _summary(save, default_ladder())}


def _settled(save: Save, result: Json, ladder: Ladder) -> SettledReply:
    return {"save": dump_save(save), "result": result, "summary": _summary(save, ladder)}


def _summary(save: Save, ladder: Ladder) -> Summary:
    """``{"set", "total", "found", "size", "beaten", "unlocked", "stats", "pending", "active"}``.

    ``pending`` is null or ``{"id", "opponent", "count", "candidates", "error"}``:
    a won match whose card the player has not chosen yet (show the dialog
    again); ``error`` is set when it can no longer be settled (offer
    `collection_discard_pending`). ``active`` is null or ``{"id",
    "opponent", "moves", "error"}``: the match being played, to resume
    (`collection_resume`); ``error`` is set when it cannot be resumed (offer
    `collection_discard_active`).
    """
    pending: dict[str, Any] | None = None
    if save.pending is not None:
        pending = {"id": save.pending.id, "opponent": save.pending.opponent, "error": None}
        try:
            waiting = settle(save, save.pending, ladder)
            pending.update(count=waiting.count, candidates=list(waiting.candidates))
        except TradeError as exc:
            pending.update(count=0, candidates=[], error=str(exc), code=exc.code)
    active: dict[str, Any] | None = None
    if save.active is not None:
        moves = sum(len(game) for game in save.active.record.games)
        active = {"id": save.active.id, "opponent": save.active.opponent, "moves": moves}
        try:
            prepared, _played = resume(save)
            ladder.opponent(prepared.opponent)
            active["error"] = None
        except ValueError as exc:
            active.update(error=str(exc), code=getattr(exc, "code", ""))
    return {
        "set": save.set_id,
        "total": save.total,
        "found": len(save.cards),
        "size": len(save.card_set),
        "beaten": list(save.beaten),
        "unlocked": ladder.unlocked(save.beaten),
        "stats": save.to_json()["stats"],
        "pending": pending,
        "active": active,
    }


def _document(text: str, what: str) -> dict[str, Any]:
    """A JSON object the worker itself wrote (a prepared or finished match).

    :raises ValueError: not JSON, or not an object.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{what}: must be a JSON object")
    return data


def _games(games: list[list[object]]) -> list[list[Move]]:
    """The moves of each game played (``"2@4"`` or ``{"card", "cell"}``)."""
    return [
        [move_from_json(m, f"games[{g}][{i}]") for i, m in enumerate(game)]
        for g, game in enumerate(games)
    ]
