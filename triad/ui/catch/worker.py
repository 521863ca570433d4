"""The Triangle Catch page's worker: the referee and the built-in bots, called by name.

Runs in Pyodide off the page's main thread (``triadStartWorker`` with this
module).  It keeps the matches the page drives, by slot: ``"play"`` (the
human against a built-in bot) and ``"duel"`` (a bot written in the editor
against a built-in bot), plus the match being watched.  The human or the
editor's bot is always player 0; the built-in bot, player 1, answers here.

Every function takes one JSON text (a request below) and answers the
envelope of `triad.api` as JSON text: ``{"ok": true, ...}`` or ``{"ok":
false, "error", "code", "kind"}``; a bad request is answered, never raised.
The services return plain data (the replies' TypedDicts below); the
envelope and the JSON are made at the edge, and the page may call only what
`EXPORTS` lists.

* ``new_game({"slot", "seed", "bot"})`` -> ``{"view"}``: a new match on the
  map of ``seed``; VIEW = ``{"players", "map", "state", "linkable",
  "input"}`` where ``input`` is the protocol text player 0 reads this turn
  (for the editor's bot);
* ``check({"slot", "line"})`` -> ``{"checks"}``: ``Match.check`` of player
  0's line (an unrecognised command is ``ok: false`` with the error);
* ``play({"slot", "line"})`` -> ``{"turn", "state", "linkable", "input",
  "over", "result"}``: the built-in bot answers and the turn is resolved;
  ``turn`` is the replay entry without its state, ``input`` player 0's next
  protocol text (``duel`` only);
* ``forfeit({"slot", "reason", "line"})`` -> the same, player 0 losing by
  forfeit (a bot that timed out or crashed);
* ``watch({"bots": [a, b], "seed"})`` -> ``{"view", "turns", "result"}``:
  plays a whole match of two built-in bots and keeps it for ``frame``;
  ``watch({"slot"})`` keeps a finished ``play``/``duel`` match instead;
* ``frame({"turn"})`` -> ``{"turn", "state", "entry"}``: the position after
  that turn of the watched match (``entry`` null for turn 0);
* ``replay({"slot"})`` -> ``{"replay", "filename"}``: ``Match.to_json`` of a
  slot (``"watch"`` for the watched match).

Every sentence of the referee in a reply (a check's or an outcome's
``detail``, a ``forfeit``, a result's ``reason``) is ``{"key", "values",
"text"}`` (`triad.catch.words`), for the page to say in its language; a
replay keeps the English text.
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from triad.api import Exports, Values
from triad.catch.bots import BUILTIN_BOTS, make_bot
from triad.catch.bots.standard import Bot
from triad.catch.mapgen import generate
from triad.catch.match import Match, play_match
from triad.catch.players import BuiltinPlayer
from triad.catch.words import plain

SLOTS = ("play", "duel")
PLAYER_NAMES = {"play": "You", "duel": "Your bot"}
SEED_MIN = -(2**63)  # CodinGame seeds: any signed 64-bit value
SEED_MAX = 2**63 - 1

#: What the page may call by name (``engine-worker.js`` asks `Exports.exported`).
EXPORTS = Exports()
exported = EXPORTS.exported

_matches: dict[str, Match] = {}
_bots: dict[str, Bot] = {}


class View(TypedDict, total=False):
    """A match as the page first draws it (``linkable`` and ``input`` for a slot's match)."""

    players: list[str]
    map: dict[str, Any]
    state: dict[str, Any]
    linkable: list[list[int]]
    input: str


class Turn(TypedDict):
    """The reply to ``play`` and ``forfeit``: the turn just resolved."""

    turn: dict[str, Any]
    state: Any
    linkable: list[list[int]]
    input: str
    over: bool
    result: Any


def _request(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the request is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError("the request is not a JSON object")
    return data


def _seed(data: dict[str, Any]) -> int:
    seed = data.get("seed")
    if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")
    return seed


def _bot_name(name: object) -> str:
    if name not in BUILTIN_BOTS:
        raise ValueError(f"unknown built-in bot {name!r}; choose from {', '.join(BUILTIN_BOTS)}")
    return str(name)


def _slot(data: dict[str, Any], allowed: tuple[str, ...] = SLOTS) -> str:
    slot = data.get("slot")
    if slot not in allowed:
        raise ValueError(f"unknown slot {slot!r}")
    return str(slot)


def _match(slot: str) -> Match:
    match = _matches.get(slot)
    if match is None:
        raise ValueError(f"no {slot} match was started")
    return match


def _line(data: dict[str, Any]) -> str:
    line = data.get("line", "")
    if not isinstance(line, str):
        raise ValueError("the line of commands must be text")
    return line


def _linkable(match: Match) -> list[list[int]]:
    state = match.state
    return [[a, b] for a, b in state.layout.linkable(state.paths)]


def _after_turn(slot: str, match: Match, entry: dict[str, Any]) -> Values:
    over = match.over
    reply: Turn = {
        "turn": {k: v for k, v in entry.items() if k != "state"},
        "state": entry["state"],
        "linkable": _linkable(match),
        "input": "" if over or slot != "duel" else match.input_for(0),
        "over": over,
        "result": match.to_json()["result"],
    }
    return dict(plain(reply))


@EXPORTS.service
def new_game(text: str) -> Values:
    """Start a match in a slot: ``{"slot", "seed", "bot"}`` (see the module docstring)."""
    data = _request(text)
    slot = _slot(data)
    seed = _seed(data)
    bot = _bot_name(data.get("bot"))
    match = Match.from_seed(seed, (PLAYER_NAMES[slot], bot))
    _matches[slot] = match
    _bots[slot] = make_bot(bot, seed)
    view: View = {
        "players": list(match.names),
        "map": match.game_map.to_json(),
        "state": match.state.to_json(),
        "linkable": _linkable(match),
        "input": match.input_for(0),
    }
    return {"view": view}


@EXPORTS.service
def check(text: str) -> Values:
    """Which of player 0's commands would apply: ``{"slot", "line"}``; an unrecognised
    command is refused with the referee's reason."""
    data = _request(text)
    match = _match(_slot(data))
    return {"checks": plain(match.check(0, _line(data)))}


@EXPORTS.service
def play(text: str) -> Values:
    """Resolve a turn from player 0's line and the built-in bot's answer: ``{"slot", "line"}``."""
    data = _request(text)
    slot = _slot(data)
    match = _match(slot)
    if match.over:
        raise ValueError("the match is over")
    line = _line(data)
    answer = _bots[slot].turn(match.input_for(1))
    return _after_turn(slot, match, match.play(line, answer))


@EXPORTS.service
def forfeit(text: str) -> Values:
    """End a slot's match with player 0 losing by forfeit: ``{"slot", "reason", "line"}``."""
    data = _request(text)
    slot = _slot(data)
    match = _match(slot)
    if match.over:
        raise ValueError("the match is over")
    reason = str(data.get("reason") or "player 0 forfeits")
    return _after_turn(slot, match, match.fail([(0, reason)], (_line(data), "")))


@EXPORTS.service
def watch(text: str) -> Values:
    """Play a whole match of two built-in bots, ``{"bots": [a, b], "seed"}``, or take a
    slot's, ``{"slot"}``, to watch with ``frame``."""
    data = _request(text)
    if "slot" in data:
        match = _match(_slot(data))
    else:
        bots = data.get("bots")
        if not isinstance(bots, list) or len(bots) != 2:
            raise ValueError("name two built-in bots")
        names = (_bot_name(bots[0]), _bot_name(bots[1]))
        seed = _seed(data)
        players = (BuiltinPlayer(names[0], seed), BuiltinPlayer(names[1], seed + 1))
        match = play_match(players, generate(seed))
    _matches["watch"] = match
    view: View = {
        "players": list(match.names),
        "map": match.game_map.to_json(),
        "state": match.initial,
    }
    return {"view": view, "turns": len(match.turns), "result": plain(match.to_json()["result"])}


@EXPORTS.service
def frame(text: str) -> Values:
    """The position after one turn of the watched match: ``{"turn"}``."""
    data = _request(text)
    match = _match("watch")
    turn = data.get("turn")
    if type(turn) is not int or not 0 <= turn <= len(match.turns):
        raise ValueError(f"turn must be from 0 to {len(match.turns)}")
    if turn == 0:
        return {"turn": 0, "state": match.initial, "entry": None}
    entry = match.turns[turn - 1]
    return {
        "turn": turn,
        "state": plain(entry["state"]),
        "entry": plain({k: v for k, v in entry.items() if k != "state"}),
    }


@EXPORTS.service
def replay(text: str) -> Values:
    """The replay of a slot's match (``{"slot"}``, ``"watch"`` too), to download."""
    data = _request(text)
    slot = _slot(data, (*SLOTS, "watch"))
    match = _match(slot)
    seed = match.game_map.seed
    names = "-".join(n.lower().replace(" ", "") for n in match.names)
    return {"replay": match.to_json(), "filename": f"triangle-catch-{seed}-{names}.json"}
