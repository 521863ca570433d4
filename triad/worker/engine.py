"""The engine worker's functions, called by name from the page (JSON strings in and out).

Runs in Pyodide off the page's main thread, beside the whole `triad` package.
It keeps the match being played; the page sends moves and asks the CPU to
move, and gets back views (what the page draws) and the ordered events of
each placement (what it animates).  The CPU is given `observe(state,
player)` only, so without Open it never sees the hidden cards of its
opponent.

Every function returns `{"ok": true, ...}` or `{"ok": false, "error": msg,
"code": code}` as a JSON string (`triad.api`: the services below return plain
data, the envelope and the JSON are made at the edge); none raises for bad
input, and the page may call only what `EXPORTS` lists.  Each request is a
class of `triad.worker.messages` (`DealRequest`, `MoveRequest`, ...; the
collection's and the studies' in their services), read and checked by
`triad.wire` before the function runs: a malformed one is answered with an
error naming the field.  Each reply is a TypedDict there too (`DealReply`,
`PlayReply`, ...); the views are made by `triad.worker.views`.  The worker's
state is one `EngineState`, its match in play one typed `InPlay`.  Each match
begun here has a token, the view's ``match``: `play`, `cpu_move` and
`ponder` given a ``match`` that is not the one in play are refused with the
code ``stale``, so a request meant for a finished match never reaches the
next one.

* `new_match({"rules", "card_set", "seed", "level", "mode", "level_range"})` ->
  `{"view"}` (`level_range`: null, or the band `[lo, hi]` of Level range);
* `play({"player", "card", "cell"})` -> `{"events", "placed", "view"}`, plus
  `"rematch": true` and `"drawn"` (the drawn game's last view) when Sudden
  Death starts a rematch;
* `preview_move({"player", "card", "cell"})` -> `{"captures"}`: what a move would
  capture, not played (`triad.worker.foresee`);
* `cpu_move({"player", "hint", "budget_ms"})` -> `{"card", "cell", "exact"}`:
  the CPU's move at the match's level, or with `"hint": true` the best move
  for a human (F1, Autoplay); ``exact``: it is of the best exact value;
  with ``"parts"``, the first part of a search split over workers (`cpu_split`);
* `cpu_split({"player", "hint"})` -> `{"observation"}`: whether to split that search;
* `ponder({"player", "budget_ms"})` -> `{"done"}`: the CPU thinks while the
  human chooses (``done``: it has nothing more to think about there);
* `think_part({"part", "parts", "budget_ms", "value", "seed"})` -> `cpu_part`'s reply:
  the CPU searches a part of its coming move before its turn (beneath the title, or
  in the match dealt ahead, ``seed``), the page's extra workers the other parts;
* `deal_ahead(new_match's request)` -> `{"observation"}` (as `cpu_split`'s, for the
  CPU's opening): deals the next match before it begins,
  beside the one in play; `ponder_ahead({"seed", "budget_ms"})` -> `{"done"}` lets
  the CPU think about its opening meanwhile (its own first move, or its answers to
  the human's), and `new_match` with the very same request begins it as it is;
  `ahead_opening({"seed"})` -> `{"card", "cell", "value", "card_id"}`: the CPU's
  opening of it once thought through, checked, for the page to keep across a reload;
* `cpu_opening({"card", "cell", "value", "card_id"})` -> `cpu_move`'s reply: that kept
  opening played in a match dealt again from the same settings and seed on a later
  visit, once checked against it (refused otherwise: master then searches);
* `resume_match({..., "record"})` -> `{"view"}`: `new_match`'s request with
  the `match_record` of a quick match of an earlier visit, played on where
  it was (a reload or a crash loses nothing);
* `validate({"rules", "card_set", "level_range"})` -> `{"rules"}` (normalised
  names), or the reason the rules cannot be dealt from the set (a rule it
  cannot support, too few cards for a draft or a level band);
* the player's own card set: `custom_set_check(text)` -> `{"set", "info"}`
  checks a card set file with the engine (`triad.cards.load_card_set`) and
  answers the set as the page keeps it; `new_match` and `validate` deal
  from it when `card_set` is `"custom"` and the request carries the set
  itself under `"set"`;
* Draft: `new_match` answers `{"draft": {"pool", "blue", "red", "to_pick",
  "card_set"}}` instead of a view; `draft_pick({"index"})` takes a card for
  the player to pick (the CPU then picks at its level) and answers the draft,
  or the match's first `view` once both hands hold five cards;
* `match_record()` -> `{"record"}`: the engine's record of the match in play
  or just finished (deal inputs and the moves of each game), for replays;
* `replay_views(text)` -> `{"record", "steps", "summary"}`: a replay file or
  record played back, each step with the page's view of the position, the
  move, the card placed and the events to animate;
* collection mode: `collection_start(SAVE, {"opponent", "seed", "match_id",
  "deck"})` -> `{"match", "save", "summary", "view"}` prepares a ladder match
  (`triad.collection.service.collection_prepare`), deals it here and
  answers the save holding it as active; `collection_progress(SAVE)` ->
  `{"save"}` adds the moves played so far (after each move);
  `collection_resume(SAVE)` -> `{"match", "view"}` picks the save's active
  match up again after a reload; when it is over `collection_end(SAVE)` ->
  `{"save", "result", "summary"}` settles it from the moves played.  The functions of `triad.collection.service`
  (`collection_load`, `collection_album`, ...) are exported as they are.
* tournaments: `triad.worker.tourney` (the player's match) and
  `triad.tournament.exports`, exported as they are.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, cast

from triad.api import Exports
from triad.capture import Event, Player
from triad.cards import BUILTIN_SETS, CardSet, CardSetError, builtin_set, load_card_set
from triad.collection import service
from triad.collection.replay import read_record, replay_record
from triad.collection.replay import summary as replay_summary
from triad.collection.save import load_save
from triad.collection.service import PrepareRequest, ProgressReply, SettledReply
from triad.collection.trade import Prepared, resume
from triad.cpu import Brain
from triad.cpu import service as cpu_service
from triad.cpu.draft import draft_pick as cpu_draft_pick
from triad.deal import DRAFT_SIZE, HAND_SIZE
from triad.friend import service as friend_service
from triad.match import DraftState, Match, MatchConfig, deal_match
from triad.notation import MatchRecord, Replay, state_from_json
from triad.observe import observe
from triad.rules import Rule, RuleSet
from triad.state import GameState, Move
from triad.study import service as study_service
from triad.study.service import AnalysisReply, AnalysisRequest, PuzzleDayRequest
from triad.tournament import exports as tournament_exports
from triad.wire import NOTHING, Empty
from triad.worker import foresee
from triad.worker import tourney as worker_tourney
from triad.worker.messages import (
    AheadOpeningRequest,
    AheadRequest,
    CpuRequest,
    DealReply,
    DealRequest,
    DraftPickRequest,
    EngineMemoryReply,
    InPlayRequest,
    LadderReply,
    LadderStartReply,
    MoveReply,
    MoveRequest,
    OpeningReply,
    OpeningRequest,
    PartRequest,
    PlayReply,
    PonderReply,
    PonderRequest,
    PuzzleSteps,
    RecordReply,
    ReplayViews,
    ResumeRequest,
    RulesReply,
    SetCheckReply,
    SetRequest,
    SplitReply,
    Step,
    View,
    ViewReply,
)
from triad.worker.views import card_json, draft_json, set_json, view_of

#: What the page may call by name (``engine-worker.js`` asks `Exports.exported`).
EXPORTS = Exports()
exported = EXPORTS.exported

# The collection's, the studies' and the friend matches' services the page calls as they are.
globals().update(EXPORTS.include(service.EXPORTS))
globals().update(EXPORTS.include(study_service.EXPORTS))
globals().update(EXPORTS.include(friend_service.EXPORTS))
globals().update(EXPORTS.include(tournament_exports.EXPORTS))
globals().update(EXPORTS.include(worker_tourney.EXPORTS))  # the player's tournament matches
globals().update(EXPORTS.include(foresee.EXPORTS))  # what a move would capture


@dataclass
class InPlay:
    """The match this worker plays: its deal, its CPU, its moves so far.

    ``state`` is None while the draft is on (``draft`` then holds it);
    ``token`` names the match to the page once it is dealt.
    """

    match: Match
    card_set: CardSet
    brain: Brain
    record: MatchRecord
    level: str = "adept"
    token: int | None = None
    state: GameState | None = None
    draft: DraftState | None = None
    order: list[int] = field(default_factory=list)
    cpu: Player | None = None
    round: int = 0
    games: list[list[Move]] = field(default_factory=lambda: [[]])
    prepared: dict[str, Any] | None = None


@dataclass
class Ahead:
    """The next match, dealt before it begins (`deal_ahead`): its CPU may think about its
    opening while the page shows something else, and `new_match` with the same request
    begins it as it is."""

    request: DealRequest
    match: Match
    state: GameState
    card_set: CardSet
    brain: Brain
    record: MatchRecord


@dataclass
class EngineState:
    """What the worker keeps from one call to the next: the match in play, the match dealt
    ahead, the tokens of the matches begun here (one each), and the card sets of the
    player's own seen this visit, by id (for replays of their matches)."""

    in_play: InPlay | None = None
    ahead: Ahead | None = None
    tokens: Iterator[int] = field(default_factory=lambda: itertools.count(1))
    custom_sets: dict[str, CardSet] = field(default_factory=dict)


#: The worker's state, in one object.
STATE = EngineState()


class NoMatchError(ValueError):
    """A request about the match in play when none is."""


class StaleMatchError(ValueError):
    """A move or a CPU request meant for a match that is no longer the one in play."""

    code = "stale"


def _current(what: str = "match") -> InPlay:
    if STATE.in_play is None:
        raise NoMatchError(f"no {what} is being played")
    return STATE.in_play


#: Longest card set file read (the stored set has the same limit on the page).
MAX_SET_CHARS = 100_000


def _custom_set(data: object) -> CardSet:
    """The player's own set sent with a request, checked by the engine.

    :raises CardSetError: not a valid set, or one that cannot deal a match.
    """
    card_set = load_card_set(data) if isinstance(data, str) else load_card_set(_mapping(data))
    if card_set.id in BUILTIN_SETS:
        raise CardSetError(
            f"card set id {card_set.id!r} is the id of a built-in set; give your set another id"
        )
    if len(card_set) < 2 * HAND_SIZE:
        raise CardSetError(
            f"card set {card_set.name!r} has {len(card_set)} cards; "
            f"a match needs at least {2 * HAND_SIZE} to deal two hands"
        )
    known = STATE.custom_sets.get(card_set.id)
    if known is not None and known == card_set:
        return known
    STATE.custom_sets[card_set.id] = card_set
    return card_set


def _mapping(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CardSetError("the request has no card set (field 'set')")
    return data


def _request_set(request: SetRequest) -> CardSet:
    """The set a request deals from: a built-in id, or ``"custom"`` with the set under ``set``."""
    if request.card_set == "custom":
        return _custom_set(request.set)
    return builtin_set(request.card_set)


def _check_deal(rules: RuleSet, card_set: CardSet, band: tuple[int, int] | None) -> None:
    """Raise ValueError when the set has too few cards for the deal the rules ask for."""
    need = DRAFT_SIZE if Rule.DRAFT in rules else 2 * HAND_SIZE
    what = "a draft" if Rule.DRAFT in rules else "dealing two hands"
    if Rule.LEVEL_RANGE not in rules:
        bands = [(1, 10)]
    elif band is not None:
        bands = [band]
    else:
        bands = [(low, low + 2) for low in range(1, 9)]
    for low, high in bands:
        count = sum(1 for card in card_set if low <= card.level <= high)
        if count >= need:
            continue
        if Rule.LEVEL_RANGE not in rules:
            raise ValueError(f"{what} needs {need} cards; {card_set.name!r} has only {count}")
        drawn = "" if band is not None else " (the band is drawn at random: choose one)"
        raise ValueError(
            f"{what} needs {need} cards of levels {low}-{high}; "
            f"{card_set.name!r} has only {count}{drawn}"
        )


@EXPORTS.service
def custom_set_check(text: str) -> SetCheckReply:
    """Check a card set file with the engine: the set as the page keeps it, or why not."""
    if not isinstance(text, str):
        raise CardSetError("a card set file is text")
    if len(text) > MAX_SET_CHARS:
        raise CardSetError(
            f"the file is too long ({len(text)} characters, at most {MAX_SET_CHARS})"
        )
    text = text.lstrip("\ufeff \t\r\n")  # a byte order mark some editors write
    if not text.startswith("{"):
        raise CardSetError("card set: not valid JSON (a card set file starts with '{')")
    card_set = _custom_set(text)
    return {"set": card_set.to_json(), "info": set_json(card_set)}


def _view_of(state: GameState, match: Match, round_: int, card_set: CardSet) -> View:
    """`view_of`, naming the match in play by its token."""
    in_play = STATE.in_play
    return view_of(state, match, round_, card_set, None if in_play is None else in_play.token)


def _in_play(request: InPlayRequest) -> tuple[InPlay, GameState, Player]:
    """The match in play, its game and the request's player (default: the player to move).

    :raises ValueError: no match, an unknown player; `StaleMatchError`: the
        request names a match that is over.
    """
    session = _current()
    if session.state is None:
        raise NoMatchError("no match is being played")
    token = request.match
    if token is not None and token != session.token:
        raise StaleMatchError(f"match {token} is over: match {session.token} is in play")
    state = session.state
    player = state.to_move if request.player is None else Player.parse(request.player)
    return session, state, player


@EXPORTS.service
def new_match(request: DealRequest) -> DealReply:
    """Deal a new match from the page's settings and seed: its view, or the draft."""
    ahead, STATE.ahead = STATE.ahead, None
    if ahead is not None and ahead.request == request:  # dealt ahead: it begins as it is
        _begin(ahead.match, ahead.state, ahead.card_set, ahead.brain, ahead.record)
        return {"view": _view_of(ahead.state, ahead.match, 0, ahead.card_set)}
    match, card_set, brain, record = _deal(request)
    if match.drafting:
        STATE.in_play = InPlay(match, card_set, brain, record, level=request.level)
        STATE.in_play.draft = match.draft()
        STATE.in_play.cpu = None if request.mode == "hotseat" else Player.RED
        return _draft_reply(STATE.in_play)
    state = match.start()
    _begin(match, state, card_set, brain, record)
    return {"view": _view_of(state, match, 0, card_set)}


@EXPORTS.service
def deal_ahead(request: DealRequest) -> SplitReply:
    """Deal the next match before it begins, beside the match in play (which goes on):
    `ponder_ahead` thinks about its opening for the CPU, and `new_match` with the same
    request begins it. A deal is random either way, so dealing it early changes nothing
    for the player. Only a match against the CPU dealt at random (no draft) is dealt ahead.

    ``observation``: when the CPU opens it and its search is worth splitting over the
    page's workers (`cpu_split`), what it sees, for their parts (`think_part`).
    """
    STATE.ahead = None
    if request.mode != "cpu":
        raise ValueError("only a match against the CPU is dealt ahead")
    match, card_set, brain, record = _deal(request)
    if match.drafting:
        raise ValueError("a drafted match is not dealt ahead: its hands are picked")
    STATE.ahead = Ahead(request, match, match.start(), card_set, brain, record)
    state = STATE.ahead.state
    if state.to_move is not Player.RED:
        return {"observation": None}
    seen = observe(state, Player.RED)
    return {"observation": seen.to_json() if brain.splittable(seen) else None}


def _deal(request: DealRequest) -> tuple[Match, CardSet, Brain, MatchRecord]:
    """The match a request deals (`new_match`, `deal_ahead`), its card set, the CPU's
    brain for it and its record, not yet begun."""
    rules = RuleSet.parse(request.rules)
    card_set = _request_set(request)
    seed = request.seed
    level_range = request.level_range
    match = deal_match(MatchConfig(rules, card_set, level_range=level_range), seed)
    brain = Brain(request.level, seed=seed, pool=card_set.cards)
    record = MatchRecord(card_set.id, seed, rules, level_range=level_range)
    return match, card_set, brain, record


@EXPORTS.service
def ponder_ahead(request: AheadRequest) -> PonderReply:
    """The CPU (red) thinks about the opening of the match dealt ahead (`deal_ahead`) for
    up to ``budget_ms``: its own first move when it opens, else its answers to the human's
    (``done``: nothing more to think about there). Refused (``stale``) once that match is
    no longer the one dealt ahead."""
    ahead = STATE.ahead
    if ahead is None or ahead.request.seed != request.seed:
        raise StaleMatchError(f"no match is dealt ahead with seed {request.seed}")
    seen = observe(ahead.state, Player.RED)
    return {"done": ahead.brain.ponder(seen, request.budget_ms)}


@EXPORTS.service
def ahead_opening(request: AheadOpeningRequest) -> OpeningReply:
    """The CPU's opening of the match dealt ahead, thought through (`ponder_ahead`, or in
    parts with ``card``, ``cell`` and ``value``): the move, checked here, with the id of
    its card, for the page to keep across a reload (`cpu_opening` plays it then).
    Refused when that match is no longer dealt ahead (``stale``), when the CPU does not
    open it or has not thought its opening through, or for a move that is not its own."""
    ahead = STATE.ahead
    if ahead is None or ahead.request.seed != request.seed:
        raise StaleMatchError(f"no match is dealt ahead with seed {request.seed}")
    if request.card is None or request.cell is None or request.value is None:
        if ahead.state.to_move is not Player.RED:
            raise ValueError("the CPU does not open the match dealt ahead")
        found = ahead.brain.pondered(observe(ahead.state, Player.RED))
        if found is None or not found.exact:
            raise ValueError("the CPU's opening is not thought through")
        move, value = found.move, found.value
    else:
        move, value = Move(request.card, request.cell), request.value
    return _opening(ahead.state, ahead.brain, move, value, None)


@EXPORTS.service
def cpu_opening(request: OpeningRequest) -> OpeningReply:
    """The CPU's first move of the match in play, as `ahead_opening` answered it on an
    earlier visit for the same deal (the page kept it): checked here against this very
    match before it is played (master to open it with open hands, no move played yet,
    the same card in the hand, a legal move, a value a game can end with). Anything else
    is refused, and the page has master search its move as it would have."""
    session, state, player = _in_play(request)
    if session.round != 0 or session.games != [[]]:
        raise ValueError("the match in play has begun: its opening is played")
    if player is not Player.RED:
        raise ValueError("the CPU does not open the match in play")
    return _opening(
        state, session.brain, Move(request.card, request.cell), request.value, request.card_id
    )


def _opening(
    state: GameState, brain: Brain, move: Move, value: float, card_id: str | None
) -> OpeningReply:
    """`move` as master's opening of `state` (the CPU, red, to open it on an empty board),
    of exact value `value`; `card_id`: the card it must play (None: whichever).

    :raises ValueError: anything of it that does not hold.
    """
    if brain.level != "master" or state.to_move is not Player.RED:
        raise ValueError("master does not open this match")
    if any(slot is not None for slot in state.board):
        raise ValueError("the match's board is not empty")
    if state.table.rules.chaos or not brain.knows(observe(state, Player.RED)):
        raise ValueError("master's opening here is not searched to the end")
    if move not in state.legal_moves():
        raise ValueError(f"card {move.card} on cell {move.cell} is not a legal opening")
    card = state.hands[Player.RED][move.card]
    if card_id is not None and card.id != card_id:
        raise ValueError(f"the opening plays {card_id!r}, but the hand holds {card.id!r} there")
    bound = 2 * HAND_SIZE
    if value != int(value) or not -bound <= value <= bound:
        raise ValueError(f"{value} is not the value of an opening")
    return {
        "card": move.card,
        "cell": move.cell,
        "value": int(value),
        "card_id": card.id,
        "exact": True,
    }


@EXPORTS.service
def engine_memory(_request: Empty = NOTHING) -> EngineMemoryReply:
    """This worker's memory, for the benchmarks."""
    return {
        "heap_bytes": cpu_service.heap_bytes(),
        "table": cpu_service.table_size(None if STATE.in_play is None else STATE.in_play.brain),
        "ahead_table": cpu_service.table_size(None if STATE.ahead is None else STATE.ahead.brain),
    }


@EXPORTS.service
def resume_match(request: ResumeRequest) -> ViewReply:
    """Play on a quick match of an earlier visit: `new_match`'s request plus its ``record``.

    The record (`match_record`'s) is played again from its deal; the answer
    is the view of the position reached, as `new_match` answers.
    """
    card_set = _request_set(request)  # the player's own set is known for the replay
    record = read_record(request.record)
    if record.set_id != card_set.id or record.seed != request.seed:
        raise ValueError("the record is of another deal")
    played = replay_record(record, STATE.custom_sets)
    state, round_, games = _played_on(played, record)
    brain = Brain(request.level, seed=record.seed, pool=card_set.cards)
    _begin(played.match, state, card_set, brain, replace(record, games=()), round_, games)
    return {"view": _view_of(state, played.match, round_, card_set)}


def _played_on(played: Replay, record: MatchRecord) -> tuple[GameState, int, list[list[Move]]]:
    """Where a replayed record stands: the position to play on, its round and the games' moves.

    When the last move drew a Sudden Death game, the rematch is dealt.
    """
    match = played.match
    games = [list(game) for game in record.games]
    round_ = max(len(played.states) - 1, 0)
    state = played.states[-1][-1] if played.states else match.start()
    again = match.rematch(state, round_ + 1) if state.is_terminal else None
    if again is not None:
        state, round_ = again, round_ + 1
        games.append([])
    return state, round_, games or [[]]


@EXPORTS.service
def draft_pick(request: DraftPickRequest) -> DealReply:
    """The player to pick takes card ``index`` of the draft; the CPU answers with its picks.

    Returns the draft (``{"draft"}``) or, once both hands hold five cards, the
    match's first ``view``.
    """
    session = _current("draft")
    if session.draft is None:
        raise NoMatchError("no draft is being picked")
    session.draft = session.draft.pick(request.index)
    session.order.append(request.index)
    return _draft_reply(session)


def _draft_reply(session: InPlay) -> DealReply:
    """Let the CPU pick while it is its turn; then the draft, or the match once it is done."""
    draft = session.draft
    assert draft is not None
    match = session.match
    cpu_picks = []
    while not draft.is_done and draft.to_pick is session.cpu:
        index = cpu_draft_pick(draft, match.table, session.level, match.seed)
        draft = draft.pick(index)
        session.order.append(index)
        cpu_picks.append(index)
    session.draft = draft
    card_set = session.card_set
    if draft.is_done:
        state = match.start(draft.hands)
        record = replace(session.record, hands=None, draft=tuple(session.order))
        _begin(match, state, card_set, session.brain, record).prepared = session.prepared
        return {"view": _view_of(state, match, 0, card_set), "cpu_picks": cpu_picks}
    return {"draft": draft_json(draft, card_set), "cpu_picks": cpu_picks}


def _begin(
    match: Match,
    state: GameState,
    card_set: CardSet,
    brain: Brain,
    record: MatchRecord,
    round_: int = 0,
    games: list[list[Move]] | None = None,
) -> InPlay:
    """A new match in play, with a token of its own: requests naming another are refused
    (and the match dealt ahead, if any, is given up)."""
    STATE.ahead = None
    STATE.in_play = InPlay(
        match,
        card_set,
        brain,
        record,
        token=next(STATE.tokens),
        state=state,
        round=round_,
        games=games or [[]],
    )
    return STATE.in_play


@EXPORTS.service
def play(request: MoveRequest) -> PlayReply:
    """Play a move for the player to move; return its events and the new view."""
    session, state, player = _in_play(request)
    if player is not state.to_move:
        raise ValueError(f"it is {state.to_move}'s turn, not {player}'s")
    move = Move(request.card, request.cell)
    placed = state.hands[player][move.card] if 0 <= move.card < len(state.hands[player]) else None
    new, events = state.apply(move)
    assert placed is not None
    match, card_set, round_ = session.match, session.card_set, session.round
    session.games[-1].append(move)
    happened = [e.to_json() for e in events]
    again = match.rematch(new, round_ + 1) if new.is_terminal else None
    if again is not None:
        drawn = _view_of(new, match, round_, card_set)
        session.round = round_ + 1
        session.state = again
        session.games.append([])
        view = _view_of(again, match, round_ + 1, card_set)
        placed_json = card_json(placed)
        return {
            "events": happened,
            "placed": placed_json,
            "view": view,
            "rematch": True,
            "drawn": drawn,
        }
    session.state = new
    return {
        "events": happened,
        "placed": card_json(placed),
        "view": _view_of(new, match, round_, card_set),
    }


@EXPORTS.service
def cpu_move(request: CpuRequest) -> MoveReply:
    """The CPU's move for `player` (or a hint), from that player's observation only."""
    session, state, player = _in_play(request)
    budget = request.budget_ms  # None: search to the end
    if state.is_terminal or player is not state.to_move:
        raise ValueError(f"{player} has no move to make now")
    seen = observe(state, player)
    brain = session.brain
    if request.parts is not None:  # a part of a split search (`cpu_split`)
        found = brain.search_part(seen, request.part, request.parts, budget, request.value)
        return cast(MoveReply, cpu_service.part_reply(found))
    move = brain.hint(seen, budget) if request.hint else brain.choose(seen, budget)
    return {"card": move.card, "cell": move.cell, "exact": brain.exact}


@EXPORTS.service
def cpu_split(request: CpuRequest) -> SplitReply:
    """Whether the CPU's next move (or a hint) for ``player`` is worth searching in parts
    over several workers: ``{"observation"}``, what that player sees
    (`Observation.to_json`) for the other workers' `triad.cpu.service.cpu_part`, or null
    when it is not.

    With an observation, ask `cpu_move` with ``"parts"``: it searches the first part (or
    ``"part"``) and answers ``{"card", "cell", "value", "exact"}`` as `cpu_part` does.
    """
    session, state, player = _in_play(request)
    if state.is_terminal or player is not state.to_move:
        raise ValueError(f"{player} has no move to make now")
    seen = observe(state, player)
    brain = session.brain
    split = brain.splittable if request.ahead else brain.splits
    if not split(seen, request.hint):
        return {"observation": None}
    return {"observation": seen.to_json()}


@EXPORTS.service
def think_part(request: PartRequest) -> cpu_service.PartReply:
    """The CPU's search of part ``part`` of ``parts`` of its coming move, in slices before
    its turn (beneath the title, or in the match dealt ahead, ``seed``), while the page's
    extra workers search the other parts (`triad.cpu.service.cpu_part`); at its turn
    `cpu_move` with ``parts`` goes on from where it got."""
    if request.seed is not None:
        ahead = STATE.ahead
        if ahead is None or ahead.request.seed != request.seed:
            raise StaleMatchError(f"no match is dealt ahead with seed {request.seed}")
        brain, state = ahead.brain, ahead.state
    else:
        session, state, _ = _in_play(request)
        brain = session.brain
    if state.is_terminal or state.to_move is not Player.RED:
        raise ValueError("the CPU has no move to make next")
    seen = observe(state, Player.RED)
    found = brain.search_part(
        seen, request.part, request.parts, request.budget_ms, request.value, quick=False
    )
    return cpu_service.part_reply(found)


@EXPORTS.service
def ponder(request: PonderRequest) -> PonderReply:
    """Let the CPU think for a moment about the position while the human chooses."""
    session, state, player = _in_play(request)
    done = state.is_terminal or session.brain.ponder(observe(state, player), request.budget_ms)
    return {"done": done}


@EXPORTS.service
def validate(request: SetRequest) -> RulesReply:
    """Whether a rule set can be played with a card set; the normalised rule names."""
    rules = RuleSet.parse(request.rules)
    card_set = _request_set(request)
    band = request.level_range
    MatchConfig(rules, card_set, level_range=band)
    _check_deal(rules, card_set, band)
    return {"rules": rules.names}


@EXPORTS.service
def match_record(_request: Empty = NOTHING) -> RecordReply:
    """The record of the match in play (or just over): its deal and every move so far."""
    session = _current()
    record = replace(session.record, games=tuple(tuple(g) for g in session.games if g))
    return {"record": record.to_json()}


def _replay_views(text: str) -> ReplayViews:
    """Play a replay file or record back: each step as the page draws and animates it."""
    record = read_record(text)
    played = replay_record(record, STATE.custom_sets)
    card_set = played.match.config.card_set
    steps: list[Step] = []
    for game, states in enumerate(played.states):
        for ply, state in enumerate(states):
            view = _view_of(state, played.match, game, card_set)
            for hand in view["hands"].values():
                for card in hand:
                    card["open"] = True  # a replay shows every card
            step = _step(view, game, rematch=game > 0 and ply == 0)
            if ply > 0:
                events = played.events[game][ply - 1]
                step = _step(view, game, states[ply - 1], record.games[game][ply - 1], events)
            steps.append(step)
    return {"record": record.to_json(), "steps": steps, "summary": replay_summary(played)}


replay_views = EXPORTS.service(_replay_views, "replay_views", code="replay_bad")


@EXPORTS.service
def collection_start(save_text: str, request: PrepareRequest) -> LadderStartReply:
    """Prepare a ladder match from the save and deal it: the player is blue.

    The answer's ``save`` holds the match as active: the page writes it
    before the first move, then `collection_progress` after each one.
    """
    reply = service.ladder_prepare(save_text, request)
    prepared = Prepared.from_json(reply["match"])
    card_set = builtin_set(prepared.set_id)
    match = prepared.match(card_set)
    state = match.start()
    _play_prepared(prepared, match, state, card_set, 0, [[]])
    return {
        "match": reply["match"],
        "save": reply["save"],
        "summary": reply["summary"],
        "view": _view_of(state, match, 0, card_set),
    }


@EXPORTS.service
def collection_resume(save_text: str) -> LadderReply:
    """Pick the save's active ladder match up again (after a reload) where it was.

    Answers ``{"match", "view"}`` like `collection_start`; when the last move
    ended the match, the view is over and the page settles it at once.
    """
    save = load_save(save_text)
    prepared, played = resume(save)
    assert save.active is not None  # resume refuses a save without one
    card_set = builtin_set(prepared.set_id)
    state, round_, games = _played_on(played, save.active.record)
    _play_prepared(prepared, played.match, state, card_set, round_, games)
    return {"match": prepared.to_json(), "view": _view_of(state, played.match, round_, card_set)}


def _ladder_session() -> tuple[InPlay, dict[str, Any]]:
    session = _current("match for cards")
    if session.prepared is None or session.prepared.get("tournament"):
        raise NoMatchError("no match for cards is being played")
    return session, session.prepared


@EXPORTS.service
def collection_progress(save_text: str) -> ProgressReply:
    """The save with the moves of the ladder match in play so far (write it after each move)."""
    session, prepared = _ladder_session()
    games: list[list[object]] = [[m.text for m in g] for g in session.games if g]
    request = service.ProgressRequest(id=str(prepared["id"]), games=games)
    return service.ladder_progress(save_text, request)


def _play_prepared(
    prepared: Prepared,
    match: Match,
    state: GameState,
    card_set: CardSet,
    round_: int,
    games: list[list[Move]],
) -> None:
    pool = [card_set.card(i) for i in prepared.cpu_pool]
    brain = Brain(prepared.level, seed=prepared.seed, pool=pool or card_set.cards)
    session = _begin(match, state, card_set, brain, prepared.record(), round_, games)
    session.prepared = prepared.to_json()


@EXPORTS.service
def collection_end(save_text: str) -> SettledReply:
    """Settle the ladder match just played: the new save to write and what happened."""
    session, prepared = _ladder_session()
    if session.state is None or not session.state.is_terminal:
        raise ValueError("the match is not over yet")
    games: list[list[object]] = [[m.text for m in g] for g in session.games if g]
    finished = service.ladder_finished(json.dumps(prepared), service.FinishedRequest(games=games))
    return service.ladder_settle(save_text, json.dumps(finished["finished"]))


# -- analysis and daily puzzles (triad.study) --------------------------------
#
# `analysis_start`/`analysis_step`, `puzzle_progress`/`puzzle_solved`: see
# `triad.study.service`. `puzzle_steps({"date", "budget_ms"})` makes the
# date's puzzle in slices like `puzzle_day` and, once made, answers
# `{"puzzle", "steps"}`: step 0 shows the puzzle's position, each later step
# one move of its solution line, in the form of `replay_views`' steps.


@EXPORTS.service
def analysis_start(request: AnalysisRequest) -> AnalysisReply:
    """Start analysing a match record (`triad.study.service.analysis_start`)."""
    return study_service.analysis_begin(request, STATE.custom_sets)


@EXPORTS.service
def puzzle_steps(request: PuzzleDayRequest) -> PuzzleSteps:
    """The date's puzzle and its line as replay steps (see above)."""
    reply = study_service.puzzle_of_day(request)
    puzzle = reply["puzzle"]
    if puzzle is None:
        return {"puzzle": None, "tries": reply.get("tries", 0)}
    return _puzzle_steps(puzzle)


def _puzzle_steps(puzzle: dict[str, Any]) -> PuzzleSteps:
    state = state_from_json(puzzle["position"])
    card_set = builtin_set()
    match = deal_match(MatchConfig(state.rules, card_set), int(puzzle["seed"]) >> 33)
    steps = [_puzzle_step(state, match, card_set)]
    for entry in puzzle["line"]:
        before = state
        move = Move(int(entry["card"]), int(entry["cell"]))
        state, events = state.apply(move)
        steps.append(_puzzle_step(state, match, card_set, before, move, events))
    return {"puzzle": puzzle, "steps": steps}


def _puzzle_step(
    state: GameState,
    match: Match,
    card_set: CardSet,
    before: GameState | None = None,
    move: Move | None = None,
    events: tuple[Event, ...] = (),
) -> Step:
    view = _view_of(state, match, 0, card_set)
    view["puzzle"] = True
    return _step(view, 0, before, move, events)


def _step(
    view: View,
    game: int,
    before: GameState | None = None,
    move: Move | None = None,
    events: tuple[Event, ...] = (),
    rematch: bool = False,
) -> Step:
    """A step of a replay or a puzzle's line: ``move`` played from ``before`` (None: a
    game's start), then ``view``."""
    step: Step = {
        "game": game,
        "rematch": rematch,
        "player": None,
        "card": None,
        "cell": None,
        "placed": None,
        "events": [e.to_json() for e in events],
        "view": view,
    }
    if before is not None and move is not None:
        step["player"] = str(before.to_move)
        step["card"] = move.card
        step["cell"] = move.cell
        step["placed"] = card_json(before.hands[before.to_move][move.card])
    return step
