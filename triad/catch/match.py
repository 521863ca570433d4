"""Playing a whole match between two players, and its JSON replay.

Replay format (``MatchRecord.to_json``), version 1::

    {
      "format": "triad-catch-replay", "version": 1,
      "players": [name of player 0, name of player 1],
      "max_turns": 200,
      "map": {"seed", "width", "height", "houses": [[x, y]...],
              "paths": [[a, b]...], "units": [[50 counts], [50 counts]]},
      "initial": STATE,
      "turns": [
        {"turn": 1, "commands": [line of player 0, line of player 1],
         "messages": [msg 0, msg 1],
         "outcomes": [{"player", "action", "ok", "detail"}...],
         "events": [{"kind": "surrounded"|"capture", "player", ...}...],
         "state": STATE},
        ...
      ],
      "result": {"winner": 0|1|null, "reason", "scores": [s0, s1], "turns": n}
    }

where STATE is ``State.to_json()``: ``turn``, ``scores``, ``units`` (two
rows), ``owners`` (per house, -1 nobody), ``paths``, ``triangles`` (rows
``a b c owner eligible0 eligible1``, owner -1 neutral) and ``result``. The
outcomes list the actions in the order they were resolved. A turn in which
a player forfeits (timeout, crash, unrecognised command) has ``"forfeit"``
(the reason) instead of outcomes, and the state is the previous one with the
result set. ``recompute`` replays the commands from the map, so a replay can
be checked against the rules.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from triad.catch.mapgen import GameMap
from triad.catch.players import BotError, Player
from triad.catch.protocol import CommandError, initial_input, parse_orders, turn_input
from triad.catch.referee import MAX_TURNS, Orders, Result, State, forfeit, new_game, resolve_turn

REPLAY_FORMAT = "triad-catch-replay"
REPLAY_VERSION = 1


@dataclass
class MatchRecord:
    """A played match: the map, every turn, and the result."""

    game_map: GameMap
    names: tuple[str, str]
    max_turns: int
    initial: dict[str, object]
    turns: list[dict[str, object]] = field(default_factory=list)
    final: State | None = None

    @property
    def result(self) -> Result:
        """How the match ended."""
        assert self.final is not None and self.final.result is not None
        return self.final.result

    def to_json(self) -> dict[str, object]:
        """Return the replay as plain JSON data (format in the module docstring)."""
        assert self.final is not None
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "players": list(self.names),
            "max_turns": self.max_turns,
            "map": self.game_map.to_json(),
            "initial": self.initial,
            "turns": self.turns,
            "result": {
                **self.result.to_json(),
                "scores": self.final.scores[:],
                "turns": self.final.turn,
            },
        }


def play_match(
    players: tuple[Player, Player],
    game_map: GameMap,
    max_turns: int = MAX_TURNS,
    on_turn: Callable[[State, dict[str, object]], None] | None = None,
) -> MatchRecord:
    """Play ``players[0]`` against ``players[1]`` on ``game_map`` until the game ends."""
    state = new_game(game_map, max_turns)
    record = MatchRecord(game_map, (players[0].name, players[1].name), max_turns, state.to_json())
    opening = initial_input(state)
    while state.result is None:
        first = state.turn == 0
        lines = ["", ""]
        failures: list[tuple[int, str]] = []
        orders: list[Orders] = [Orders(), Orders()]
        for p in (0, 1):
            text = (opening if first else "") + turn_input(state, p)
            try:
                lines[p] = players[p].respond(text, first)
                orders[p] = parse_orders(lines[p], game_map.layout.house_count)
            except BotError as exc:
                failures.append((p, str(exc)))
            except CommandError as exc:
                failures.append((p, f"{players[p].name} printed an {exc}"))
        if failures:
            reason = "; ".join(why for _, why in failures)
            state = forfeit(state, [p for p, _ in failures], reason)
            entry: dict[str, object] = {
                "turn": state.turn + 1,
                "commands": lines,
                "forfeit": reason,
                "state": state.to_json(),
            }
        else:
            state, report = resolve_turn(state, orders[0], orders[1])
            entry = {**report.to_json(), "commands": lines, "state": state.to_json()}
        record.turns.append(entry)
        if on_turn is not None:
            on_turn(state, entry)
    record.final = state
    return record


def recompute(replay: dict[str, object]) -> list[State]:
    """Replay the commands of a replay from its map; return the state after each turn.

    :raises ValueError: if the replay is malformed or a command does not parse.
    """
    if replay.get("format") != REPLAY_FORMAT or replay.get("version") != REPLAY_VERSION:
        raise ValueError("not a Triangle Catch replay of a known version")
    game_map = GameMap.from_json(replay["map"])  # type: ignore[arg-type]
    max_turns = replay.get("max_turns", MAX_TURNS)
    state = new_game(game_map, max_turns if isinstance(max_turns, int) else MAX_TURNS)
    states = [state]
    turns = replay["turns"]
    assert isinstance(turns, list)
    for entry in turns:
        if "forfeit" in entry:
            break
        commands = entry["commands"]
        count = game_map.layout.house_count
        state, _ = resolve_turn(
            state, parse_orders(commands[0], count), parse_orders(commands[1], count)
        )
        states.append(state)
    return states
