"""The engine worker's functions, called by name from the page (JSON strings in and out).

Runs in Pyodide off the page's main thread, beside the whole `triad` package.
It keeps the match being played; the page sends moves and asks the CPU to
move, and gets back views (what the page draws) and the ordered events of
each placement (what it animates).  The CPU is given `observe(state,
player)` only, so without Open it never sees the hidden cards of its
opponent.

Every function returns `{"ok": true, ...}` or `{"ok": false, "error": msg,
"code": code}` as a JSON string; none raises for bad input.  Each match
begun here has a token, the view's ``match``: `play`, `cpu_move` and
`ponder` given a ``match`` that is not the one in play are refused with the
code ``stale``, so a request meant for a finished match never reaches the
next one.

* `new_match({"rules", "card_set", "seed", "level", "mode", "level_range"})` ->
  `{"view"}` (`level_range`: null, or the band `[lo, hi]` of Level range);
* `play({"player", "card", "cell"})` -> `{"events", "placed", "view"}`, plus
  `"rematch": true` and `"drawn"` (the drawn game's last view) when Sudden
  Death starts a rematch;
* `cpu_move({"player", "hint", "budget_ms"})` -> `{"card", "cell"}`: the CPU's
  move at the match's level, or with `"hint": true` the best move for a
  human (F1, Autoplay);
* `ponder({"player", "budget_ms"})`: the CPU thinks while the human chooses;
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
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

from triad.capture import Player
from triad.cards import BUILTIN_SETS, CardSet, CardSetError, builtin_set, load_card_set
from triad.collection import service
from triad.collection.replay import read_record, replay_record
from triad.collection.replay import summary as replay_summary
from triad.collection.save import load_save
from triad.collection.service import (  # noqa: F401  (called by name from the page)
    collection_album,
    collection_check_deck,
    collection_choose,
    collection_deal_deck,
    collection_discard_active,
    collection_discard_pending,
    collection_export,
    collection_history,
    collection_import,
    collection_ladder,
    collection_load,
    collection_new,
    collection_reset,
    collection_summary,
    deal_code_make,
    deal_code_read,
    replay_export,
)
from triad.collection.trade import Prepared, resume
from triad.cpu import Brain
from triad.cpu.draft import draft_pick as cpu_draft_pick
from triad.deal import DRAFT_SIZE, HAND_SIZE
from triad.match import DraftState, Match, MatchConfig, deal_match
from triad.notation import MatchRecord, Replay, card_to_json
from triad.observe import observe
from triad.rules import Rule, RuleError, RuleSet
from triad.state import GameState, Move
from triad.ui.local import card_view, make_view, set_info

_game: dict[str, Any] = {}
#: Tokens for the matches begun in this worker, one each.
_tokens = itertools.count(1)


def _ok(**values: Any) -> str:
    values["ok"] = True
    return json.dumps(values)


def _error(message: str, code: str = "") -> str:
    """An error answer: the English ``message`` and the ``code`` the page explains it by."""
    return json.dumps({"ok": False, "error": message, "code": code})


def _fail(error: Exception, code: str = "") -> str:
    """The error answer for an exception, with its own code (else ``code``)."""
    return _error(str(error), getattr(error, "code", "") or code)


#: Card sets of the player's own, by id, for replays of their matches this visit.
_custom_sets: dict[str, CardSet] = {}
#: Longest card set file read (the stored set has the same limit on the page).
MAX_SET_CHARS = 100_000


def _card_set(set_id: str) -> CardSet:
    return builtin_set(set_id)


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
    known = _custom_sets.get(card_set.id)
    if known is not None and known == card_set:
        return known
    _custom_sets[card_set.id] = card_set
    return card_set


def _mapping(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CardSetError("the request has no card set (field 'set')")
    return data


def _request_set(request: dict[str, Any]) -> CardSet:
    """The set a request deals from: a built-in id, or ``"custom"`` with the set under ``set``."""
    set_id = str(request.get("card_set", "houses"))
    if set_id == "custom":
        return _custom_set(request.get("set"))
    return _card_set(set_id)


def _band(raw: object) -> tuple[int, int] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 2:
        raise ValueError("a level band is [lo, hi]")
    return int(raw[0]), int(raw[1])


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


def custom_set_check(text: str) -> str:
    """Check a card set file with the engine: the set as the page keeps it, or why not."""
    try:
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
    except ValueError as e:
        return _fail(e)
    data = card_set.to_json()
    return _ok(set=data, info=_set_json(card_set))


def _set_json(card_set: CardSet) -> dict[str, Any]:
    return set_info(
        {
            "id": card_set.id,
            "name": card_set.name,
            "affinity_kind": card_set.affinity_kind,
            "affinities": [
                {"id": a.id, "name": a.name, "emblem": a.emblem, "color": a.color}
                for a in card_set.affinities
            ],
        }
    )


def view_of(state: GameState, match: Match, round_: int, card_set: CardSet) -> dict[str, Any]:
    """The page's view of a game: board, both hands (with what each shows), scores."""
    open_all = Rule.OPEN in state.rules
    hands: dict[str, list[dict[str, Any]]] = {}
    for player in (Player.BLUE, Player.RED):
        mask = state.shown[player]
        hand = []
        for i, card in enumerate(state.hands[player]):
            data = card_view(card_to_json(card))
            data["level"] = card.level
            data["open"] = open_all or bool(mask >> i & 1)
            hand.append(data)
        hands[str(player)] = hand
    board: list[dict[str, Any] | None] = []
    for slot in state.board:
        if slot is None:
            board.append(None)
        else:
            data = card_view(card_to_json(slot.card))
            data["level"] = slot.card.level
            board.append({"card": data, "owner": str(slot.owner)})
    blue, red = state.score
    winner = None
    if state.is_terminal:
        winner = "draw" if state.winner is None else str(state.winner)
    view: dict[str, Any] = make_view(
        state.rules.names,
        list(state.table.cells) if state.rules.affinity else [None] * 9,
        [r.to_json() for r in state.table.restriction_list] if state.rules.power_wall else [],
        board,
        hands,
        None if winner is not None else str(state.to_move),
        str(state.table.first),
        {"blue": blue, "red": red},
        winner,
        round_,
        _set_json(card_set),
    )
    view["seed"] = match.seed
    view["match"] = _game.get("token")
    return view


class StaleMatchError(ValueError):
    """A move or a CPU request meant for a match that is no longer the one in play."""

    code = "stale"


def _request(request_json: str) -> tuple[dict[str, Any], GameState, Player]:
    """The decoded request, the game in play and the request's player (default: to move).

    :raises ValueError: no match, bad JSON or an unknown player.
    """
    if "state" not in _game:
        raise ValueError("no match is being played")
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise ValueError("a request must be a JSON object")
    token = request.get("match")
    if token is not None and token != _game.get("token"):
        raise StaleMatchError(f"match {token} is over: match {_game.get('token')} is in play")
    state: GameState = _game["state"]
    return request, state, Player.parse(str(request.get("player", str(state.to_move))))


def new_match(request_json: str) -> str:
    """Deal a new match from the page's settings and seed."""
    try:
        request = json.loads(request_json)
        rules = RuleSet.parse(request["rules"])
        card_set = _request_set(request)
        seed = int(request["seed"])
        level_range = _band(request.get("level_range"))
        match = deal_match(MatchConfig(rules, card_set, level_range=level_range), seed)
        level = str(request.get("level", "adept"))
        brain = Brain(level, seed=seed, pool=card_set.cards)
        if match.drafting:
            _game.clear()
            _game.update(
                match=match,
                card_set=card_set,
                brain=brain,
                draft=match.draft(),
                order=[],
                level=level,
                cpu=None if request.get("mode") == "hotseat" else Player.RED,
                record=MatchRecord(card_set.id, seed, rules, level_range=level_range),
            )
            return _draft_reply()
        state = match.start()
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    _begin(match, state, card_set, brain)
    _game["record"] = MatchRecord(card_set.id, seed, rules, level_range=level_range)
    return _ok(view=view_of(state, match, 0, card_set))


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
    return state, round_, games


def resume_match(request_json: str) -> str:
    """Play on a quick match of an earlier visit: `new_match`'s request plus its ``record``.

    The record (`match_record`'s) is played again from its deal; the answer
    is the view of the position reached, as `new_match` answers.
    """
    try:
        request = json.loads(request_json)
        card_set = _request_set(request)  # the player's own set is known for the replay
        record = read_record(request["record"])
        if record.set_id != card_set.id or record.seed != int(request["seed"]):
            raise ValueError("the record is of another deal")
        played = replay_record(record, _custom_sets)
        match = played.match
        state, round_, games = _played_on(played, record)
        level = str(request.get("level", "adept"))
        brain = Brain(level, seed=record.seed, pool=card_set.cards)
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    _begin(match, state, card_set, brain)
    _game.update(round=round_, games=games or [[]])
    _game["record"] = replace(record, games=())
    return _ok(view=view_of(state, match, round_, card_set))


def draft_pick(request_json: str) -> str:
    """The player to pick takes card ``index`` of the draft; the CPU answers with its picks.

    Returns the draft (``{"draft"}``) or, once both hands hold five cards, the
    match's first ``view``.
    """
    try:
        draft: DraftState = _game["draft"]
        index = int(json.loads(request_json)["index"])
        _game["draft"] = draft.pick(index)
        _game["order"].append(index)
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    return _draft_reply()


def _draft_reply() -> str:
    """Let the CPU pick while it is its turn; then the draft, or the match once it is done."""
    draft: DraftState = _game["draft"]
    match: Match = _game["match"]
    cpu_picks = []
    while not draft.is_done and draft.to_pick is _game["cpu"]:
        index = cpu_draft_pick(draft, match.table, _game["level"], match.seed)
        draft = draft.pick(index)
        _game["order"].append(index)
        cpu_picks.append(index)
    _game["draft"] = draft
    card_set: CardSet = _game["card_set"]
    if draft.is_done:
        state = match.start(draft.hands)
        base: MatchRecord = _game["record"]
        brain: Brain = _game["brain"]
        order = tuple(_game["order"])
        _begin(match, state, card_set, brain)
        _game["record"] = replace(base, hands=None, draft=order)
        return _ok(view=view_of(state, match, 0, card_set), cpu_picks=cpu_picks)
    pool = []
    for card in draft.pool:
        data = card_view(card_to_json(card))
        data["level"] = card.level
        pool.append(data)
    return _ok(
        draft={
            "pool": pool,
            "blue": list(draft.blue_picks),
            "red": list(draft.red_picks),
            "to_pick": str(draft.to_pick),
            "card_set": _set_json(card_set),
        },
        cpu_picks=cpu_picks,
    )


def _begin(match: Match, state: GameState, card_set: CardSet, brain: Brain) -> None:
    """A new match in play, with a token of its own: requests naming another are refused."""
    _game.clear()
    _game.update(match=match, state=state, round=0, card_set=card_set, brain=brain, games=[[]])
    _game["token"] = next(_tokens)


def play(move_json: str) -> str:
    """Play a move for the player to move; return its events and the new view."""
    try:
        request, state, player = _request(move_json)
        if player is not state.to_move:
            return _error(f"it is {state.to_move}'s turn, not {player}'s")
        move = Move(int(request["card"]), int(request["cell"]))
        placed = (
            state.hands[player][move.card] if 0 <= move.card < len(state.hands[player]) else None
        )
        new, events = state.apply(move)
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    match: Match = _game["match"]
    card_set: CardSet = _game["card_set"]
    round_: int = _game["round"]
    _game["games"][-1].append(move)
    assert placed is not None
    placed_json = card_view(card_to_json(placed))
    placed_json["level"] = placed.level
    reply: dict[str, Any] = {
        "events": [e.to_json() for e in events],
        "placed": placed_json,
    }
    if new.is_terminal:
        again = match.rematch(new, round_ + 1)
        if again is not None:
            reply["rematch"] = True
            reply["drawn"] = view_of(new, match, round_, card_set)
            _game["round"] = round_ + 1
            _game["state"] = again
            _game["games"].append([])
            reply["view"] = view_of(again, match, round_ + 1, card_set)
            return _ok(**reply)
    _game["state"] = new
    reply["view"] = view_of(new, match, round_, card_set)
    return _ok(**reply)


def cpu_move(request_json: str) -> str:
    """The CPU's move for `player` (or a hint), from that player's observation only."""
    try:
        request, state, player = _request(request_json)
        raw = request.get("budget_ms", 900)
        budget = None if raw is None else float(raw)  # None: search to the end
        hint = bool(request.get("hint", False))
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    if state.is_terminal or player is not state.to_move:
        return _error(f"{player} has no move to make now")
    brain: Brain = _game["brain"]
    seen = observe(state, player)
    move = brain.hint(seen, budget) if hint else brain.choose(seen, budget)
    return _ok(card=move.card, cell=move.cell)


def ponder(request_json: str) -> str:
    """Let the CPU think for a moment about the position while the human chooses."""
    try:
        request, state, player = _request(request_json)
        budget = float(request.get("budget_ms", 60))
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    if not state.is_terminal:
        _game["brain"].ponder(observe(state, player), budget)
    return _ok()


def validate(request_json: str) -> str:
    """Whether a rule set can be played with a card set; the normalised rule names."""
    try:
        request = json.loads(request_json)
        rules = RuleSet.parse(request["rules"])
        card_set = _request_set(request)
        band = _band(request.get("level_range"))
        MatchConfig(rules, card_set, level_range=band)
        _check_deal(rules, card_set, band)
    except (RuleError, ValueError, KeyError, TypeError) as e:
        return _fail(e)
    return _ok(rules=rules.names)


def match_record(_request_json: str = "{}") -> str:
    """The record of the match in play (or just over): its deal and every move so far."""
    if "record" not in _game:
        return _error("no match is being played")
    base: MatchRecord = _game["record"]
    record = replace(base, games=tuple(tuple(g) for g in _game["games"] if g))
    return _ok(record=record.to_json())


def replay_views(text: str) -> str:
    """Play a replay file or record back: each step as the page draws and animates it."""
    try:
        record = read_record(text)
        played = replay_record(record, _custom_sets)
    except ValueError as e:
        return _fail(e, "replay_bad")
    card_set = played.match.config.card_set
    steps: list[dict[str, Any]] = []
    for game, states in enumerate(played.states):
        for ply, state in enumerate(states):
            step: dict[str, Any] = {
                "game": game,
                "rematch": game > 0 and ply == 0,
                "player": None,
                "card": None,
                "cell": None,
                "placed": None,
                "events": [],
            }
            if ply > 0:
                before = states[ply - 1]
                move = record.games[game][ply - 1]
                placed = before.hands[before.to_move][move.card]
                placed_json = card_view(card_to_json(placed))
                placed_json["level"] = placed.level
                step.update(
                    player=str(before.to_move),
                    card=move.card,
                    cell=move.cell,
                    placed=placed_json,
                    events=[e.to_json() for e in played.events[game][ply - 1]],
                )
            view = view_of(state, played.match, game, card_set)
            for hand in view["hands"].values():
                for card in hand:
                    card["open"] = True  # a replay shows every card
            step["view"] = view
            steps.append(step)
    return _ok(record=record.to_json(), steps=steps, summary=replay_summary(played))


def collection_start(save_text: str, request_json: str) -> str:
    """Prepare a ladder match from the save and deal it: the player is blue.

    The answer's ``save`` holds the match as active: the page writes it
    before the first move, then `collection_progress` after each one.
    """
    reply = json.loads(service.collection_prepare(save_text, request_json))
    if not reply.get("ok"):
        return json.dumps(reply)
    try:
        prepared = Prepared.from_json(reply["match"])
        card_set = builtin_set(prepared.set_id)
        match = prepared.match(card_set)
        state = match.start()
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    _play_prepared(prepared, match, state, card_set, 0, [[]])
    return _ok(
        match=reply["match"],
        save=reply["save"],
        summary=reply["summary"],
        view=view_of(state, match, 0, card_set),
    )


def collection_resume(save_text: str) -> str:
    """Pick the save's active ladder match up again (after a reload) where it was.

    Answers ``{"match", "view"}`` like `collection_start`; when the last move
    ended the match, the view is over and the page settles it at once.
    """
    try:
        save = load_save(save_text)
        prepared, played = resume(save)
        assert save.active is not None  # resume refuses a save without one
        card_set = builtin_set(prepared.set_id)
        match = played.match
        state, round_, games = _played_on(played, save.active.record)
    except (ValueError, KeyError, TypeError) as e:
        return _fail(e)
    _play_prepared(prepared, match, state, card_set, round_, games or [[]])
    data = prepared.to_json()
    return _ok(match=data, view=view_of(state, match, round_, card_set))


def collection_progress(save_text: str) -> str:
    """The save with the moves of the ladder match in play so far (write it after each move)."""
    if "prepared" not in _game:
        return _error("no match for cards is being played")
    games = [[m.text for m in g] for g in _game["games"] if g]
    request = {"id": _game["prepared"]["id"], "games": games}
    return service.collection_progress(save_text, json.dumps(request))


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
    _begin(match, state, card_set, brain)
    _game.update(round=round_, games=games)
    _game["record"] = prepared.record()
    _game["prepared"] = prepared.to_json()


def collection_end(save_text: str) -> str:
    """Settle the ladder match just played: the new save to write and what happened."""
    if "prepared" not in _game:
        return _error("no match for cards is being played")
    state: GameState = _game["state"]
    if not state.is_terminal:
        return _error("the match is not over yet")
    games = [[m.text for m in g] for g in _game["games"] if g]
    finished = json.loads(
        service.collection_finished(json.dumps(_game["prepared"]), json.dumps({"games": games}))
    )
    if not finished.get("ok"):
        return json.dumps(finished)
    return service.collection_settle(save_text, json.dumps(finished["finished"]))
