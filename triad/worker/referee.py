"""The Triangle Catch page's worker: the referee and the built-in bots, called by name.

Runs in Pyodide off the page's main thread (``triadStartWorker`` with this
module).  It keeps the matches the page drives, by slot: ``"play"`` (the
human against a built-in bot) and ``"duel"`` (a bot written in the editor
against a built-in bot), plus the match being watched.  The human or the
editor's bot is always player 0; the built-in bot, player 1, answers here.

Every function takes one JSON text, a request whose fields and types are
declared below (the request classes, read and checked by `triad.wire`
before the function runs), and answers the envelope of `triad.api` as JSON
text: ``{"ok": true, ...}`` or ``{"ok": false, "error", "code", "kind"}``;
a malformed request is answered with an error naming the field, never raised.
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

from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from triad.api import Exports
from triad.catch.bots import BUILTIN_BOTS, make_bot
from triad.catch.bots.standard import Bot
from triad.catch.mapgen import generate
from triad.catch.match import Match, play_match
from triad.catch.players import BuiltinPlayer
from triad.catch.words import plain

PLAYER_NAMES = {"play": "You", "duel": "Your bot"}
SEED_MIN = -(2**63)  # CodinGame seeds: any signed 64-bit value
SEED_MAX = 2**63 - 1

#: What the page may call by name (``engine-worker.js`` asks `Exports.exported`).
EXPORTS = Exports()
exported = EXPORTS.exported

_matches: dict[str, Match] = {}
_bots: dict[str, Bot] = {}


# -- requests (JSON objects, read and checked by `triad.wire` before a service runs) --

#: The slot of a match the page drives.
Slot = Literal["play", "duel"]


def _check_seed(seed: int) -> None:
    if not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")


@dataclass(frozen=True, kw_only=True)
class NewGameRequest:
    """`new_game`: the slot, the map's seed and the built-in bot to play."""

    slot: Slot
    seed: int
    bot: str

    def __post_init__(self) -> None:
        _check_seed(self.seed)
        _bot_name(self.bot)


@dataclass(frozen=True, kw_only=True)
class LineRequest:
    """`check`, `play`: a slot's match and player 0's line of commands."""

    slot: Slot
    line: str = ""


@dataclass(frozen=True, kw_only=True)
class ForfeitRequest(LineRequest):
    """`forfeit`: why player 0 loses (a bot that timed out or crashed)."""

    reason: str | None = None


@dataclass(frozen=True, kw_only=True)
class WatchRequest:
    """`watch`: two built-in bots and a seed to play a match of, or a slot's match."""

    bots: tuple[str, str] | None = None
    seed: int | None = None
    slot: Slot | None = None

    def __post_init__(self) -> None:
        if self.slot is not None:
            return
        if self.bots is None:
            raise ValueError("name two built-in bots")
        for bot in self.bots:
            _bot_name(bot)
        if self.seed is None:
            raise ValueError(f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}")
        _check_seed(self.seed)


@dataclass(frozen=True, kw_only=True)
class FrameRequest:
    """`frame`: the turn of the watched match to show."""

    turn: int


@dataclass(frozen=True, kw_only=True)
class ReplayRequest:
    """`replay`: the match to download (a slot's, or ``"watch"`` for the watched one)."""

    slot: Literal["play", "duel", "watch"]


class View(TypedDict, total=False):
    """A match as the page first draws it (``linkable`` and ``input`` for a slot's match)."""

    players: list[str]
    map: dict[str, Any]
    state: dict[str, Any]
    linkable: list[list[int]]
    input: str


class NewGameReply(TypedDict):
    """The reply to ``new_game``: the match as the page first draws it."""

    view: View


class ChecksReply(TypedDict):
    """The reply to ``check``: what becomes of each of player 0's commands."""

    checks: list[Any]


class WatchReply(TypedDict):
    """The reply to ``watch``: the match to watch, its number of turns and its result."""

    view: View
    turns: int
    result: Any


class FrameReply(TypedDict):
    """The reply to ``frame``: the position after a turn and that turn's entry (null for 0)."""

    turn: int
    state: Any
    entry: dict[str, Any] | None


class ReplayReply(TypedDict):
    """The reply to ``replay``: the replay (``Match.to_json``) and a file name for it."""

    replay: dict[str, Any]
    filename: str


class Turn(TypedDict):
    """The reply to ``play`` and ``forfeit``: the turn just resolved."""

    turn: dict[str, Any]
    state: Any
    linkable: list[list[int]]
    input: str
    over: bool
    result: Any


def _bot_name(name: object) -> str:
    if name not in BUILTIN_BOTS:
        raise ValueError(f"unknown built-in bot {name!r}; choose from {', '.join(BUILTIN_BOTS)}")
    return str(name)


def _match(slot: str) -> Match:
    match = _matches.get(slot)
    if match is None:
        raise ValueError(f"no {slot} match was started")
    return match


def _linkable(match: Match) -> list[list[int]]:
    state = match.state
    return [[a, b] for a, b in state.layout.linkable(state.paths)]


def _after_turn(slot: str, match: Match, entry: dict[str, Any]) -> Turn:
    over = match.over
    reply: Turn = {
        "turn": plain({k: v for k, v in entry.items() if k != "state"}),
        "state": plain(entry["state"]),
        "linkable": _linkable(match),
        "input": "" if over or slot != "duel" else match.input_for(0),
        "over": over,
        "result": plain(match.to_json()["result"]),
    }
    return reply


@EXPORTS.service
def new_game(request: NewGameRequest) -> NewGameReply:
    """Start a match in a slot: ``{"slot", "seed", "bot"}`` (see the module docstring)."""
    slot, seed, bot = request.slot, request.seed, request.bot
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
def check(request: LineRequest) -> ChecksReply:
    """Which of player 0's commands would apply: ``{"slot", "line"}``; an unrecognised
    command is refused with the referee's reason."""
    match = _match(request.slot)
    return {"checks": plain(match.check(0, request.line))}


@EXPORTS.service
def play(request: LineRequest) -> Turn:
    """Resolve a turn from player 0's line and the built-in bot's answer: ``{"slot", "line"}``."""
    slot = request.slot
    match = _match(slot)
    if match.over:
        raise ValueError("the match is over")
    line = request.line
    answer = _bots[slot].turn(match.input_for(1))
    return _after_turn(slot, match, match.play(line, answer))


@EXPORTS.service
def forfeit(request: ForfeitRequest) -> Turn:
    """End a slot's match with player 0 losing by forfeit: ``{"slot", "reason", "line"}``."""
    slot = request.slot
    match = _match(slot)
    if match.over:
        raise ValueError("the match is over")
    reason = request.reason or "player 0 forfeits"
    return _after_turn(slot, match, match.fail([(0, reason)], (request.line, "")))


@EXPORTS.service
def watch(request: WatchRequest) -> WatchReply:
    """Play a whole match of two built-in bots, ``{"bots": [a, b], "seed"}``, or take a
    slot's, ``{"slot"}``, to watch with ``frame``."""
    if request.slot is not None:
        match = _match(request.slot)
    else:
        assert request.bots is not None and request.seed is not None  # checked when read
        names, seed = request.bots, request.seed
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
def frame(request: FrameRequest) -> FrameReply:
    """The position after one turn of the watched match: ``{"turn"}``."""
    match = _match("watch")
    turn = request.turn
    if not 0 <= turn <= len(match.turns):
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
def replay(request: ReplayRequest) -> ReplayReply:
    """The replay of a slot's match (``{"slot"}``, ``"watch"`` too), to download."""
    slot = request.slot
    match = _match(slot)
    seed = match.game_map.seed
    names = "-".join(n.lower().replace(" ", "") for n in match.names)
    return {"replay": match.to_json(), "filename": f"triangle-catch-{seed}-{names}.json"}
