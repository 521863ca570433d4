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
from collections.abc import Callable
from typing import Any

from triad.api import Exports, answer
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

#: The services the page calls as they are: the engine worker (`triad.ui.worker`)
#: exports these; it wraps the others (a ladder match's start, moves, resume and end).
EXPORTS = Exports()

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


# -- the save ----------------------------------------------------------------


@EXPORTS.raw
def collection_new(request_json: str) -> str:
    """A new player's save from ``{"seed"}`` (the page draws the seed)."""
    return _call(lambda: _saved(new_save(_seed(_request(request_json)))))


@EXPORTS.raw
def collection_reset(request_json: str) -> str:
    """The save after the player confirmed Reset: a new player's save from ``{"seed"}``."""
    return _call(lambda: _saved(reset_save(_seed(_request(request_json)))))


@EXPORTS.raw
def collection_load(save_text: str) -> str:
    """Read the stored save (migrated to this version); on error the page keeps the text."""
    return _read(save_text)


@EXPORTS.raw
def collection_import(file_text: str) -> str:
    """Read an imported file; the page replaces its save only when ``ok``."""
    return _read(file_text)


@EXPORTS.raw
def collection_export(save_text: str) -> str:
    """The text of the file to download."""
    return _call(lambda: {"text": export_save(load_save(save_text)), "filename": EXPORT_NAME})


@EXPORTS.raw
def collection_summary(save_text: str) -> str:
    """Totals, ladder progress, statistics and a pending choice (see `_summary`)."""
    return _call(lambda: {"summary": _summary(load_save(save_text), default_ladder())})


@EXPORTS.raw
def collection_album(save_text: str, filters_json: str = "{}") -> str:
    """Every card of the set, found or missing, with the copies owned.

    Filters (each optional): ``level`` (1..10), ``banner`` (affinity id),
    ``owned`` (``"all"``, ``"found"``, ``"missing"``).
    """

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        filters = _request(filters_json)
        level, banner = filters.get("level"), filters.get("banner")
        owned = filters.get("owned", "all")
        if owned not in ("all", "found", "missing"):
            raise ValueError(f"album filter 'owned' must be all, found or missing, got {owned!r}")
        cards = []
        for card in save.card_set.cards:
            copies = save.copies(card.id)
            if level is not None and card.level != level:
                continue
            if banner is not None and card.affinity != banner:
                continue
            if (owned == "found" and not copies) or (owned == "missing" and copies):
                continue
            data = card_to_json(card)
            data["level"] = card.level
            data["tier"] = card.tier
            data["copies"] = copies
            cards.append(data)
        return {"cards": cards, "found": len(save.cards), "size": len(save.card_set)}

    return _call(run)


@EXPORTS.raw
def collection_ladder(save_text: str) -> str:
    """The ladder with each opponent's state for this save.

    Each opponent: its ladder entry (`triad.collection.ladder`) plus
    ``unlocked``, ``beaten``, ``stats`` and ``deals_random``.
    """

    def run() -> dict[str, Any]:
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

    return _call(run)


@EXPORTS.raw
def collection_history(save_text: str) -> str:
    """The recent matches, newest last (each with its replayable record)."""
    return _call(lambda: {"matches": [e.to_json() for e in load_save(save_text).history]})


# -- decks and matches -------------------------------------------------------


@EXPORTS.raw
def collection_check_deck(save_text: str, request_json: str) -> str:
    """Check ``{"deck": [5 card ids]}`` against the copies owned."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        deck = check_deck(save.cards, save.card_set, _request(request_json).get("deck"))
        return {"deck": list(deck)}

    return _call(run)


@EXPORTS.raw
def collection_deal_deck(save_text: str, request_json: str) -> str:
    """Five cards dealt at random from the collection with ``{"seed"}``."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        seed = _seed(_request(request_json))
        return {"deck": list(deal_from_collection(save.cards, save.card_set, seed))}

    return _call(run)


def collection_prepare(save_text: str, request_json: str) -> str:
    """Prepare a ladder match from ``{"opponent", "seed", "match_id", "deck"}``.

    ``deck`` is null against an opponent who plays Random. The answer's
    ``match`` holds both hands, the deal rules, the CPU level, the trade and
    the record to fill with the moves (`triad.collection.trade.Prepared`);
    ``save`` holds it as the active match, to write before the first move.
    """

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        request = _request(request_json)
        deck = request.get("deck")
        prepared = prepare_match(
            save,
            default_ladder(),
            str(request.get("opponent")),
            _seed(request),
            str(request.get("match_id")),
            None if deck is None else list(deck),
        )
        return {"match": prepared.to_json(), **_saved(start(save, prepared))}

    return _call(run)


def collection_progress(save_text: str, request_json: str) -> str:
    """The save with the active match's moves so far, from ``{"id", "games"}`` (see
    `collection_finished` for ``games``)."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        request = _request(request_json)
        games = _games(request.get("games"))
        return {"save": dump_save(progress(save, str(request.get("id")), games))}

    return _call(run)


def collection_resume(save_text: str) -> str:
    """The active match to play on after a reload: the prepared ``match`` and its ``games``."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        prepared, _played = resume(save)
        assert save.active is not None
        games = [[m.text for m in game] for game in save.active.record.games]
        return {"match": prepared.to_json(), "games": games}

    return _call(run)


@EXPORTS.raw
def collection_discard_active(save_text: str) -> str:
    """Give up an active match that can no longer be resumed (see `_summary`)."""
    return _call(lambda: _saved(discard_active(load_save(save_text))))


def collection_finished(match_json: str, request_json: str) -> str:
    """The FINISHED match to settle, from a prepared ``match`` and ``{"games", "picks"}``.

    ``games`` lists the moves of each game played (``"2@4"`` or
    ``{"card", "cell"}``), the first game and each Sudden Death rematch.
    """

    def run() -> dict[str, Any]:
        match = _request(match_json)
        request = _request(request_json)
        record = dict(match.get("record") or {})
        record["games"] = [[m.text for m in game] for game in _games(request.get("games"))]
        finished = Finished.from_json(
            {
                "id": match.get("id"),
                "opponent": match.get("opponent"),
                "record": record,
                "picks": request.get("picks"),
            }
        )
        return {"finished": finished.to_json()}

    return _call(run)


def collection_settle(save_text: str, finished_json: str) -> str:
    """Settle a finished match: the new ``save`` to write, what happened in ``result``."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        ladder = default_ladder()
        settlement = settle(save, Finished.from_json(_request(finished_json)), ladder)
        return _settled(settlement.save, settlement.to_json(), ladder)

    return _call(run)


@EXPORTS.raw
def collection_choose(save_text: str, request_json: str) -> str:
    """Settle the pending match with the player's ``{"picks": [indices]}``."""

    def run() -> dict[str, Any]:
        save = load_save(save_text)
        ladder = default_ladder()
        picks = _request(request_json).get("picks")
        if not isinstance(picks, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in picks
        ):
            raise ValueError("'picks' must be a list of card indices")
        settlement = choose(save, picks, ladder)
        return _settled(settlement.save, settlement.to_json(), ladder)

    return _call(run)


@EXPORTS.raw
def collection_discard_pending(save_text: str) -> str:
    """Give up a pending match that can no longer be settled (see `_summary`)."""
    return _call(lambda: _saved(discard_pending(load_save(save_text))))


# -- deal codes and replays --------------------------------------------------


@EXPORTS.raw
def deal_code_make(request_json: str) -> str:
    """A deal code from ``{"seed", "rules", "set", "level_range"}``."""

    def run() -> dict[str, Any]:
        request = _request(request_json)
        rules = request.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise ValueError("'rules' must be a list of rule names")
        band = request.get("level_range")
        return {
            "code": dealcode.encode(
                _seed(request),
                rules,
                str(request.get("set", "houses")),
                None if band is None else list(band),
            )
        }

    return _call(run)


@EXPORTS.raw
def deal_code_read(code: str) -> str:
    """The deal a code describes: ``{"seed", "rules", "set", "mode", "level_range"}``."""
    return _call(lambda: {"deal": dealcode.decode(code)})


@EXPORTS.raw
def replay_export(record_json: str) -> str:
    """The text of a replay file for a match record (checked by replaying it)."""
    return _call(lambda: {"text": export_record(read_record(record_json))})


def replay_import(file_text: str) -> str:
    """Read a replay file: the record, every step and the outcome."""

    def run() -> dict[str, Any]:
        record = read_record(file_text)
        played = replay_record(record)
        return {
            "record": record.to_json(),
            "steps": steps(record, played),
            "summary": summary(played),
        }

    return _call(run)


def replay_steps(record_json: str) -> str:
    """Every step of a match record, for the replay viewer."""

    def run() -> dict[str, Any]:
        record = read_record(record_json)
        played = replay_record(record)
        return {"steps": steps(record, played), "summary": summary(played)}

    return _call(run)


# -- private helpers ---------------------------------------------------------


def _call(run: Callable[[], dict[str, Any]]) -> str:
    """Run ``run`` and answer its values, or the error (`triad.api.answer`: its English
    message, its ``code`` for the page to explain it in the player's language, and
    ``kind`` "newer" for a save of a newer version)."""
    return answer(run)


def _read(text: str) -> str:
    def run() -> dict[str, Any]:
        save, version = read_save(text)
        result = _saved(save)
        result["migrated_from"] = None if version == SAVE_VERSION else version
        return result

    return _call(run)


def _saved(save: Save) -> dict[str, Any]:
    return {"save": dump_save(save), "summary": _summary(save, default_ladder())}


def _settled(save: Save, result: dict[str, Any], ladder: Ladder) -> dict[str, Any]:
    return {"save": dump_save(save), "result": result, "summary": _summary(save, ladder)}


def _summary(save: Save, ladder: Ladder) -> dict[str, Any]:
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


def _request(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"request: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError("request: must be a JSON object")
    return data


def _games(games: object) -> list[list[Move]]:
    """The moves of each game played (``"2@4"`` or ``{"card", "cell"}``)."""
    if not isinstance(games, list) or not all(isinstance(g, list) for g in games):
        raise ValueError("'games' must be a list of move lists, one per game")
    return [
        [move_from_json(m, f"games[{g}][{i}]") for i, m in enumerate(game)]
        for g, game in enumerate(games)
    ]


def _seed(request: dict[str, Any]) -> int:
    seed = request.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"'seed' must be a whole number from 0, got {seed!r}")
    return seed
