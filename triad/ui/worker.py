"""The engine worker's functions, called by name from the page (JSON strings in and out).

Runs in Pyodide off the page's main thread, beside the whole `triad` package.
It keeps the match being played; the page sends moves and asks the CPU to
move, and gets back views (what the page draws) and the ordered events of
each placement (what it animates).  The CPU is given `observe(state,
player)` only, so without Open it never sees the hidden cards of its
opponent.

Every function returns `{"ok": true, ...}` or `{"ok": false, "error": msg}`
as a JSON string; none raises for bad input.

* `new_match({"rules", "card_set", "seed", "level", "mode"})` -> `{"view"}`;
* `play({"player", "card", "cell"})` -> `{"events", "placed", "view"}`, plus
  `"rematch": true` and `"drawn"` (the drawn game's last view) when Sudden
  Death starts a rematch;
* `cpu_move({"player", "hint", "budget_ms"})` -> `{"card", "cell"}`: the CPU's
  move at the match's level, or with `"hint": true` the best move for a
  human (F1, Autoplay);
* `ponder({"player", "budget_ms"})`: the CPU thinks while the human chooses;
* `validate({"rules", "card_set"})` -> `{"rules"}` (normalised names).
"""

from __future__ import annotations

import json
from typing import Any

from triad.capture import Player
from triad.cards import CardSet, builtin_set
from triad.cpu import Brain
from triad.match import Match, MatchConfig, deal_match
from triad.notation import card_to_json
from triad.observe import observe
from triad.rules import Rule, RuleError, RuleSet
from triad.state import GameState, Move
from triad.ui.local import card_view, set_info

_game: dict[str, Any] = {}


def _ok(**values: Any) -> str:
    values["ok"] = True
    return json.dumps(values)


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message})


def _card_set(set_id: str) -> CardSet:
    return builtin_set(set_id)


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
    over = state.is_terminal
    winner = None
    if over:
        w = state.winner
        winner = "draw" if w is None else str(w)
    return {
        "rules": state.rules.names,
        "cells": list(state.table.cells) if state.rules.affinity else [None] * 9,
        "restrictions": [r.to_json() for r in state.table.restriction_list]
        if state.rules.power_wall
        else [],
        "board": board,
        "hands": hands,
        "to_move": None if over else str(state.to_move),
        "first": str(state.table.first),
        "scores": {"blue": blue, "red": red},
        "over": over,
        "winner": winner,
        "round": round_,
        "card_set": _set_json(card_set),
        "seed": match.seed,
    }


def _request(request_json: str) -> tuple[dict[str, Any], GameState, Player]:
    """The decoded request, the game in play and the request's player (default: to move).

    :raises ValueError: no match, bad JSON or an unknown player.
    """
    if "state" not in _game:
        raise ValueError("no match is being played")
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise ValueError("a request must be a JSON object")
    state: GameState = _game["state"]
    return request, state, Player.parse(str(request.get("player", str(state.to_move))))


def new_match(request_json: str) -> str:
    """Deal a new match from the page's settings and seed."""
    try:
        request = json.loads(request_json)
        rules = RuleSet.parse(request["rules"])
        card_set = _card_set(str(request.get("card_set", "houses")))
        seed = int(request["seed"])
        match = deal_match(MatchConfig(rules, card_set), seed)
        if match.drafting:
            return _error("the draft is not played on this page yet")
        state = match.start()
    except (ValueError, KeyError, TypeError) as e:
        return _error(str(e))
    try:
        brain = Brain(str(request.get("level", "adept")), seed=seed, pool=card_set.cards)
    except ValueError as e:
        return _error(str(e))
    _game.clear()
    _game.update(match=match, state=state, round=0, card_set=card_set, brain=brain, moves=[])
    return _ok(view=view_of(state, match, 0, card_set))


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
        return _error(str(e))
    match: Match = _game["match"]
    card_set: CardSet = _game["card_set"]
    round_: int = _game["round"]
    _game["moves"].append(move.text)
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
        return _error(str(e))
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
        return _error(str(e))
    if not state.is_terminal:
        _game["brain"].ponder(observe(state, player), budget)
    return _ok()


def validate(request_json: str) -> str:
    """Whether a rule set can be played with a card set; the normalised rule names."""
    try:
        request = json.loads(request_json)
        rules = RuleSet.parse(request["rules"])
        MatchConfig(rules, _card_set(str(request.get("card_set", "houses"))))
    except (RuleError, ValueError, KeyError, TypeError) as e:
        return _error(str(e))
    return _ok(rules=rules.names)
