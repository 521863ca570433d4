"""The Triangle Catch page's worker: the referee and the built-in bots, called by name.

Runs in Pyodide off the page's main thread (``triadStartWorker`` with this
module).  It keeps the matches the page drives, by slot: ``"play"`` (the
human against a built-in bot) and ``"duel"`` (a bot written in the editor
against a built-in bot), plus the match being watched.  The human or the
editor's bot is always player 0; the built-in bot, player 1, answers here.

Every function takes one JSON text and returns ``{"ok": true, ...}`` or
``{"ok": false, "error": msg}`` as JSON text; none raises.

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
"""

import json
from typing import Any

from triad.catch.bots import BUILTIN_BOTS, make_bot
from triad.catch.bots.standard import Bot
from triad.catch.mapgen import generate
from triad.catch.match import Match, play_match
from triad.catch.players import BuiltinPlayer
from triad.catch.protocol import CommandError

SLOTS = ("play", "duel")
PLAYER_NAMES = {"play": "You", "duel": "Your bot"}
SEED_MIN = -(2**63)  # CodinGame seeds: any signed 64-bit value
SEED_MAX = 2**63 - 1

_matches: dict[str, Match] = {}
_bots: dict[str, Bot] = {}


class _Refused(ValueError):
    """A request the page should not have sent (its message is shown as is)."""


def _ok(**values: Any) -> str:
    values["ok"] = True
    return json.dumps(values, separators=(",", ":"))


def _error(message: str) -> str:
    return json.dumps({"ok": False, "error": message})


def _request(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise _Refused(f"the request is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise _Refused("the request is not a JSON object")
    return data


def _seed(data: dict[str, Any]) -> int:
    seed = data.get("seed")
    if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
        raise _Refused(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")
    return seed


def _bot_name(name: object) -> str:
    if name not in BUILTIN_BOTS:
        raise _Refused(f"unknown built-in bot {name!r}; choose from {', '.join(BUILTIN_BOTS)}")
    return str(name)


def _slot(data: dict[str, Any], allowed: tuple[str, ...] = SLOTS) -> str:
    slot = data.get("slot")
    if slot not in allowed:
        raise _Refused(f"unknown slot {slot!r}")
    return str(slot)


def _match(slot: str) -> Match:
    match = _matches.get(slot)
    if match is None:
        raise _Refused(f"no {slot} match was started")
    return match


def _line(data: dict[str, Any]) -> str:
    line = data.get("line", "")
    if not isinstance(line, str):
        raise _Refused("the line of commands must be text")
    return line


def _linkable(match: Match) -> list[list[int]]:
    state = match.state
    return [[a, b] for a, b in state.layout.linkable(state.paths)]


def _after_turn(slot: str, match: Match, entry: dict[str, Any]) -> str:
    over = match.over
    return _ok(
        turn={k: v for k, v in entry.items() if k != "state"},
        state=entry["state"],
        linkable=_linkable(match),
        input="" if over or slot != "duel" else match.input_for(0),
        over=over,
        result=match.to_json()["result"],
    )


def _guard(handler: Any) -> Any:
    """Answer JSON errors instead of raising, whatever goes wrong."""

    def call(text: str) -> str:
        try:
            return str(handler(_request(text)))
        except _Refused as exc:
            return _error(str(exc))
        except Exception as exc:  # a bug must not kill the worker: report it to the page
            return _error(f"{type(exc).__name__}: {exc}")

    call.__name__ = handler.__name__
    call.__doc__ = handler.__doc__
    return call


@_guard
def new_game(data: dict[str, Any]) -> str:
    """Start a match in a slot (see the module docstring)."""
    slot = _slot(data)
    seed = _seed(data)
    bot = _bot_name(data.get("bot"))
    match = Match.from_seed(seed, (PLAYER_NAMES[slot], bot))
    _matches[slot] = match
    _bots[slot] = make_bot(bot, seed)
    view = match.view()
    view["linkable"] = _linkable(match)
    view["input"] = match.input_for(0)
    return _ok(view=view)


@_guard
def check(data: dict[str, Any]) -> str:
    """Which of player 0's commands would apply (see the module docstring)."""
    match = _match(_slot(data))
    try:
        checks = match.check(0, _line(data))
    except CommandError as exc:
        return _error(str(exc))
    return _ok(checks=checks)


@_guard
def play(data: dict[str, Any]) -> str:
    """Resolve a turn from player 0's line and the built-in bot's answer."""
    slot = _slot(data)
    match = _match(slot)
    if match.over:
        raise _Refused("the match is over")
    line = _line(data)
    answer = _bots[slot].turn(match.input_for(1))
    return _after_turn(slot, match, match.play(line, answer))


@_guard
def forfeit(data: dict[str, Any]) -> str:
    """End a slot's match with player 0 losing by forfeit (reason given)."""
    slot = _slot(data)
    match = _match(slot)
    if match.over:
        raise _Refused("the match is over")
    reason = str(data.get("reason") or "player 0 forfeits")
    return _after_turn(slot, match, match.fail([(0, reason)], (_line(data), "")))


@_guard
def watch(data: dict[str, Any]) -> str:
    """Play (or take) a whole match to watch with ``frame``."""
    if "slot" in data:
        match = _match(_slot(data))
    else:
        bots = data.get("bots")
        if not isinstance(bots, list) or len(bots) != 2:
            raise _Refused("name two built-in bots")
        names = (_bot_name(bots[0]), _bot_name(bots[1]))
        seed = _seed(data)
        players = (BuiltinPlayer(names[0], seed), BuiltinPlayer(names[1], seed + 1))
        match = play_match(players, generate(seed))
    _matches["watch"] = match
    view = {"players": list(match.names), "map": match.game_map.to_json(), "state": match.initial}
    return _ok(view=view, turns=len(match.turns), result=match.to_json()["result"])


@_guard
def frame(data: dict[str, Any]) -> str:
    """The position after one turn of the watched match."""
    match = _match("watch")
    turn = data.get("turn")
    if type(turn) is not int or not 0 <= turn <= len(match.turns):
        raise _Refused(f"turn must be from 0 to {len(match.turns)}")
    if turn == 0:
        return _ok(turn=0, state=match.initial, entry=None)
    entry = match.turns[turn - 1]
    return _ok(
        turn=turn, state=entry["state"], entry={k: v for k, v in entry.items() if k != "state"}
    )


@_guard
def replay(data: dict[str, Any]) -> str:
    """The replay of a slot's match, to download."""
    slot = _slot(data, (*SLOTS, "watch"))
    match = _match(slot)
    seed = match.game_map.seed
    names = "-".join(n.lower().replace(" ", "") for n in match.names)
    return _ok(replay=match.to_json(), filename=f"triangle-catch-{seed}-{names}.json")
