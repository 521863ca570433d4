"""The card game's workers as the page calls them: one function per exported function.

This is the only code of the page that names a worker function, and the only
one that reads a worker's envelope (`triad.api`). Each function here posts its
call at once (the worker computes while the page draws) and returns an
awaitable of the reply's values, a dict holding what the function's reply
TypedDict declares (e.g. `triad.friend.service.FriendReply`), or raises
`WorkerError` when the worker refused: its ``code`` and the player's words for
it (`words`, worded here once). A refusal that is an expected outcome has a
class of its own (`Stale`, `NothingNew`, `Newer`), caught where it is expected. Its
keyword parameters are the fields of the function's request class, with the
same defaults (`tests/ui/test_client.py` checks every one against the
worker's `Exports`); a document (a save, a file's text) is passed as it is.

``worker`` is the engine worker (`triad.ui.page.dom.Engine`), or None while it
boots: the call is then refused at once with the ``engine_loading`` error.
`cpu_part` is the one function of the extra workers (`triad.cpu.service`).

Runs on the main thread under MicroPython.
"""

import json

from triad import api
from triad.ui.look.text import explain, t

#: False where the page runs (MicroPython: no typing, and annotations are never read);
#: a type checker takes it as true and reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:  # what each function's reply holds: its export's TypedDict
    from collections.abc import Awaitable

    from triad.collection import service as collection
    from triad.cpu import service as cpu
    from triad.friend import service as friend
    from triad.study import service as study
    from triad.tournament import exports as tournament
    from triad.worker import messages

#: The worker functions (`post`, `ask` and `ask_about` are how they are sent).
__all__ = [
    "ahead_opening",
    "analysis_start",
    "analysis_step",
    "collection_album",
    "collection_check_deck",
    "collection_choose",
    "collection_deal_deck",
    "collection_discard_active",
    "collection_discard_pending",
    "collection_end",
    "collection_export",
    "collection_history",
    "collection_import",
    "collection_ladder",
    "collection_load",
    "collection_new",
    "collection_progress",
    "collection_reset",
    "collection_resume",
    "collection_start",
    "collection_summary",
    "cpu_move",
    "cpu_opening",
    "cpu_part",
    "cpu_split",
    "custom_set_check",
    "deal_ahead",
    "deal_code_make",
    "deal_code_read",
    "draft_pick",
    "engine_memory",
    "friend_act",
    "friend_id",
    "friend_live_code",
    "friend_live_read",
    "friend_new",
    "friend_open",
    "friend_view",
    "match_record",
    "new_match",
    "play",
    "ponder",
    "ponder_ahead",
    "preview_move",
    "puzzle_progress",
    "puzzle_solved",
    "puzzle_steps",
    "replay_export",
    "replay_views",
    "resume_match",
    "think_part",
    "tournament_abandon",
    "tournament_begin",
    "tournament_delete_deck",
    "tournament_end",
    "tournament_feats_seen",
    "tournament_progress",
    "tournament_record",
    "tournament_save_deck",
    "tournament_start",
    "tournament_view",
    "validate",
]

NOT_UP = "the engine is still loading"


class WorkerError(Exception):
    """A worker refused the call: ``code`` names why ("" when it has none), ``words`` says
    it to the player in the page's language (`words`), ``error`` is the worker's own
    message (English, for the console), ``reply`` its whole envelope (a refusal may carry
    values besides)."""

    def __init__(self, reply) -> None:
        super().__init__(str(reply.get("error") or ""))
        self.reply = reply
        self.code = str(reply.get("code") or "")
        self.error = str(reply.get("error") or "")
        self.words = words(reply)


class Stale(WorkerError):
    """A request meant for a match that is over (``stale``): nothing of it may show."""


class NothingNew(WorkerError):
    """A friend code older than the match kept here (``friend_old``): there is nothing new
    in it, which a code sent again or taken twice is expected to bring."""


class Newer(WorkerError):
    """A file written by a newer version of the game (kind ``newer``), kept untouched."""


#: The refusals that are expected outcomes, by code.
KINDS = {"stale": Stale, "friend_old": NothingNew}


def refused(reply) -> WorkerError:
    """The error a refusal's envelope raises (its kind, by its code)."""
    if reply.get("kind") == "newer":
        return Newer(reply)
    return KINDS.get(str(reply.get("code") or ""), WorkerError)(reply)


def words(reply) -> str:
    """What the player is told of a worker's refusal, in the page's language: a deck a
    tournament refuses names the card at fault, an error with a code of the page's own
    is said in the page's words (the worker's message kept as its detail), else the
    worker's message as it is."""
    said = reply.get("words")
    if type(said) is dict and str(said.get("key")).startswith("deck_"):
        from triad.ui.collection.collect import card_by_id

        card = card_by_id(said.get("card") or "") or {}
        name = card.get("name") or said.get("card") or ""
        return t("tr_err_" + said["key"], card=name)
    return explain(reply.get("error"), reply.get("code"))


async def _read(pending) -> dict:
    return read(await pending)


def read(text: str) -> dict:
    """The values of a reply's envelope (JSON text), or its refusal raised."""
    try:
        reply = json.loads(text)
    except ValueError as e:  # a reply that is not JSON
        reply = api.failure(str(e))
    if type(reply) is not dict:
        reply = api.failure("the reply is not a JSON object")
    return unwrap(reply)


async def settled(asked) -> dict:
    """The envelope `asked` (a call of this module) ends on, a refusal's too: the parts of
    a search split over workers are weighed together (`triad.parts`), a part refused
    among them."""
    try:
        return await asked
    except WorkerError as e:
        return e.reply


def unwrap(reply) -> dict:
    """The values of an envelope made of several (`settled`), or its refusal raised."""
    if not reply.get("ok"):
        raise refused(reply)
    return reply


async def _not_up() -> dict:
    raise refused(api.failure(NOT_UP, "engine_loading"))


def post(worker, name: str, payload: str, more=None):
    """Post `name` with `payload` (text) and `more` (a second argument, or None) now."""
    if worker is None:
        return _not_up()
    return _read(worker.call(name, payload, more))


def ask(worker, name: str, fields: dict):
    """Post `name` with the request `fields` (as a JSON object)."""
    return post(worker, name, json.dumps(fields))


def ask_about(worker, name: str, document: str, fields=None):
    """Post `name` with a document as it is, and a request after it when it takes one."""
    return post(worker, name, document, None if fields is None else json.dumps(fields))


# -- matches ------------------------------------------------------------------


def new_match(
    worker, rules, seed, card_set="houses", set=None, level_range=None, level="adept", mode="cpu"
) -> "Awaitable[messages.DealReply]":
    deal = _deal(rules, card_set, set, level_range, seed, level, mode)
    return ask(worker, "new_match", deal)


def resume_match(
    worker,
    rules,
    seed,
    record,
    card_set="houses",
    set=None,
    level_range=None,
    level="adept",
    mode="cpu",
) -> "Awaitable[messages.ViewReply]":
    request = _deal(rules, card_set, set, level_range, seed, level, mode)
    request["record"] = record
    return ask(worker, "resume_match", request)


def deal_ahead(
    worker, rules, seed, card_set="houses", set=None, level_range=None, level="adept", mode="cpu"
) -> "Awaitable[messages.SplitReply]":
    deal = _deal(rules, card_set, set, level_range, seed, level, mode)
    return ask(worker, "deal_ahead", deal)


def _deal(rules, card_set, set, level_range, seed, level, mode) -> dict:
    return {
        "rules": rules,
        "card_set": card_set,
        "set": set,
        "level_range": level_range,
        "seed": seed,
        "level": level,
        "mode": mode,
    }


def validate(
    worker, rules, card_set="houses", set=None, level_range=None
) -> "Awaitable[messages.RulesReply]":
    request = {"rules": rules, "card_set": card_set, "set": set, "level_range": level_range}
    return ask(worker, "validate", request)


def custom_set_check(worker, text) -> "Awaitable[messages.SetCheckReply]":
    return post(worker, "custom_set_check", text)


def draft_pick(worker, index) -> "Awaitable[messages.DealReply]":
    return ask(worker, "draft_pick", {"index": index})


def play(worker, card, cell, match=None, player=None) -> "Awaitable[messages.PlayReply]":
    request = {"match": match, "player": player, "card": card, "cell": cell}
    return ask(worker, "play", request)


def preview_move(worker, card, cell, match=None, player=None) -> "Awaitable[messages.PreviewReply]":
    """``{"captures"}``: how many cards the move would capture (nothing is played)."""
    request = {"match": match, "player": player, "card": card, "cell": cell}
    return ask(worker, "preview_move", request)


def match_record(worker) -> "Awaitable[messages.RecordReply]":
    return ask(worker, "match_record", {})


def engine_memory(worker) -> "Awaitable[messages.EngineMemoryReply]":
    return ask(worker, "engine_memory", {})


def deal_code_make(
    worker, seed, rules=(), set="houses", level_range=None
) -> "Awaitable[collection.CodeReply]":
    request = {"seed": seed, "rules": rules, "set": set, "level_range": level_range}
    return ask(worker, "deal_code_make", request)


def deal_code_read(worker, code) -> "Awaitable[collection.DealReply]":
    return post(worker, "deal_code_read", code)


# -- the CPU --------------------------------------------------------------------


def cpu_move(
    worker,
    match=None,
    player=None,
    hint=False,
    budget_ms=900,
    parts=None,
    part=0,
    value=None,
    ahead=False,
) -> "Awaitable[messages.MoveReply]":
    request = _cpu(match, player, hint, budget_ms, parts, part, value, ahead)
    return ask(worker, "cpu_move", request)


def cpu_split(
    worker,
    match=None,
    player=None,
    hint=False,
    budget_ms=900,
    parts=None,
    part=0,
    value=None,
    ahead=False,
) -> "Awaitable[messages.SplitReply]":
    request = _cpu(match, player, hint, budget_ms, parts, part, value, ahead)
    return ask(worker, "cpu_split", request)


def _cpu(match, player, hint, budget_ms, parts, part, value, ahead) -> dict:
    return {
        "match": match,
        "player": player,
        "hint": hint,
        "budget_ms": budget_ms,
        "parts": parts,
        "part": part,
        "value": value,
        "ahead": ahead,
    }


def ponder(worker, match=None, player=None, budget_ms=60) -> "Awaitable[messages.PonderReply]":
    return ask(worker, "ponder", {"match": match, "player": player, "budget_ms": budget_ms})


def think_part(
    worker, parts, match=None, player=None, part=0, budget_ms=60, value=None, seed=None
) -> "Awaitable[cpu.PartReply]":
    request = {
        "match": match,
        "player": player,
        "part": part,
        "parts": parts,
        "budget_ms": budget_ms,
        "value": value,
        "seed": seed,
    }
    return ask(worker, "think_part", request)


def cpu_part(
    helper, observation, part, parts, budget_ms=900, value=None, quick=True, key=""
) -> "Awaitable[cpu.PartReply]":
    """Part `part` of `parts` of master's search, by an extra worker (`triad.cpu.service`)."""
    request = {
        "observation": observation,
        "part": part,
        "parts": parts,
        "budget_ms": budget_ms,
        "value": value,
        "quick": quick,
        "key": key,
    }
    return ask(helper, "cpu_part", request)


def ponder_ahead(worker, seed, budget_ms=60) -> "Awaitable[messages.PonderReply]":
    return ask(worker, "ponder_ahead", {"seed": seed, "budget_ms": budget_ms})


def ahead_opening(
    worker, seed, card=None, cell=None, value=None
) -> "Awaitable[messages.OpeningReply]":
    request = {"seed": seed, "card": card, "cell": cell, "value": value}
    return ask(worker, "ahead_opening", request)


def cpu_opening(
    worker, card, cell, value, card_id, match=None, player=None
) -> "Awaitable[messages.OpeningReply]":
    request = {
        "match": match,
        "player": player,
        "card": card,
        "cell": cell,
        "value": value,
        "card_id": card_id,
    }
    return ask(worker, "cpu_opening", request)


# -- replays and studies ----------------------------------------------------------


def replay_views(worker, text) -> "Awaitable[messages.ReplayViews]":
    return post(worker, "replay_views", text)


def replay_export(worker, text) -> "Awaitable[collection.TextReply]":
    return post(worker, "replay_export", text)


def analysis_start(worker, record, side="blue") -> "Awaitable[study.AnalysisReply]":
    return ask(worker, "analysis_start", {"record": record, "side": side})


def analysis_step(worker, analysis, budget_ms=150) -> "Awaitable[study.StepReply]":
    return ask(worker, "analysis_step", {"analysis": analysis, "budget_ms": budget_ms})


def puzzle_steps(worker, date, budget_ms=300) -> "Awaitable[messages.PuzzleSteps]":
    return ask(worker, "puzzle_steps", {"date": date, "budget_ms": budget_ms})


def puzzle_progress(worker, save, today) -> "Awaitable[study.ProgressReply]":
    return ask_about(worker, "puzzle_progress", save, {"today": today})


def puzzle_solved(worker, save, today, date) -> "Awaitable[study.SolvedReply]":
    return ask_about(worker, "puzzle_solved", save, {"today": today, "date": date})


# -- a friend (each given the match's document, as stored) -------------------------


def friend_new(
    worker, rules, card_set="houses", level_range=None, hand=None
) -> "Awaitable[friend.FriendReply]":
    request = {"rules": rules, "card_set": card_set, "level_range": level_range, "hand": hand}
    return ask(worker, "friend_new", request)


def friend_id(worker, code) -> "Awaitable[friend.IdReply]":
    return ask(worker, "friend_id", {"code": code})


def friend_open(worker, doc, code) -> "Awaitable[friend.FriendReply]":
    return ask_about(worker, "friend_open", doc, {"code": code})


def friend_act(
    worker, doc, accept=False, card=-1, cell=-1, pick=-1, hand=None
) -> "Awaitable[friend.FriendReply]":
    request = {"accept": accept, "card": card, "cell": cell, "pick": pick, "hand": hand}
    return ask_about(worker, "friend_act", doc, request)


def friend_view(worker, doc) -> "Awaitable[friend.FriendReply]":
    return ask_about(worker, "friend_view", doc)


def friend_live_code(worker, doc, sdp, offer=True) -> "Awaitable[friend.LiveCodeReply]":
    return ask_about(worker, "friend_live_code", doc, {"sdp": sdp, "offer": offer})


def friend_live_read(worker, code) -> "Awaitable[friend.LiveReadReply]":
    return ask(worker, "friend_live_read", {"code": code})


# -- the collection (each given the save, as stored) ------------------------------


def collection_new(worker, seed) -> "Awaitable[collection.SavedReply]":
    return ask(worker, "collection_new", {"seed": seed})


def collection_reset(worker, seed) -> "Awaitable[collection.SavedReply]":
    return ask(worker, "collection_reset", {"seed": seed})


def collection_load(worker, save) -> "Awaitable[collection.LoadedReply]":
    return ask_about(worker, "collection_load", save)


def collection_import(worker, text) -> "Awaitable[collection.LoadedReply]":
    return ask_about(worker, "collection_import", text)


def collection_export(worker, save) -> "Awaitable[collection.ExportReply]":
    return ask_about(worker, "collection_export", save)


def collection_summary(worker, save) -> "Awaitable[collection.SummaryReply]":
    return ask_about(worker, "collection_summary", save)


def collection_ladder(worker, save) -> "Awaitable[collection.LadderReply]":
    return ask_about(worker, "collection_ladder", save)


def collection_history(worker, save) -> "Awaitable[collection.HistoryReply]":
    return ask_about(worker, "collection_history", save)


def collection_album(
    worker, save, level=None, banner=None, owned="all"
) -> "Awaitable[collection.AlbumReply]":
    filters = {"level": level, "banner": banner, "owned": owned}
    return ask_about(worker, "collection_album", save, filters)


def collection_check_deck(worker, save, deck=None) -> "Awaitable[collection.DeckReply]":
    return ask_about(worker, "collection_check_deck", save, {"deck": deck})


def collection_deal_deck(worker, save, seed) -> "Awaitable[collection.DeckReply]":
    return ask_about(worker, "collection_deal_deck", save, {"seed": seed})


def collection_start(
    worker, save, seed, opponent, match_id, deck=None
) -> "Awaitable[messages.LadderStartReply]":
    request = {"seed": seed, "opponent": opponent, "match_id": match_id, "deck": deck}
    return ask_about(worker, "collection_start", save, request)


def collection_resume(worker, save) -> "Awaitable[messages.LadderReply]":
    return ask_about(worker, "collection_resume", save)


def collection_progress(worker, save) -> "Awaitable[collection.ProgressReply]":
    return ask_about(worker, "collection_progress", save)


def collection_discard_active(worker, save) -> "Awaitable[collection.SavedReply]":
    return ask_about(worker, "collection_discard_active", save)


def collection_end(worker, save) -> "Awaitable[collection.SettledReply]":
    return ask_about(worker, "collection_end", save)


def collection_choose(worker, save, picks) -> "Awaitable[collection.SettledReply]":
    return ask_about(worker, "collection_choose", save, {"picks": picks})


def collection_discard_pending(worker, save) -> "Awaitable[collection.SavedReply]":
    return ask_about(worker, "collection_discard_pending", save)


# -- tournaments (triad.tournament.exports; the player's match in triad.worker.engine) --


def tournament_view(worker, save) -> "Awaitable[tournament.ViewReply]":
    return ask_about(worker, "tournament_view", save)


def tournament_begin(
    worker, save, kind, seed, event_id, deck=None
) -> "Awaitable[tournament.SavedViewReply]":
    request = {"kind": kind, "seed": seed, "event_id": event_id, "deck": deck}
    return ask_about(worker, "tournament_begin", save, request)


def tournament_abandon(worker, save) -> "Awaitable[tournament.SavedViewReply]":
    return ask_about(worker, "tournament_abandon", save)


def tournament_save_deck(worker, save, name, cards) -> "Awaitable[tournament.SavedViewReply]":
    return ask_about(worker, "tournament_save_deck", save, {"name": name, "cards": cards})


def tournament_delete_deck(worker, save, name) -> "Awaitable[tournament.SavedViewReply]":
    return ask_about(worker, "tournament_delete_deck", save, {"name": name})


def tournament_feats_seen(worker, save, ids) -> "Awaitable[tournament.SavedReply]":
    return ask_about(worker, "tournament_feats_seen", save, {"ids": ids})


def tournament_record(worker, save, index) -> "Awaitable[tournament.RecordReply]":
    return ask_about(worker, "tournament_record", save, {"index": index})


def tournament_start(worker, save) -> "Awaitable[messages.TournamentStartReply]":
    return ask_about(worker, "tournament_start", save)


def tournament_progress(worker, save) -> "Awaitable[collection.ProgressReply]":
    return ask_about(worker, "tournament_progress", save)


def tournament_end(worker, save) -> "Awaitable[messages.TournamentEndReply]":
    return ask_about(worker, "tournament_end", save)
