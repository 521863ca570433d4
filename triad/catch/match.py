"""A match turn by turn (``Match``, what a page drives), whole matches, JSON replays.

A page playing a human against a built-in bot::

    match = Match.from_seed(seed, ("you", "planner"))
    bot = make_bot("planner", seed)               # triad.catch.bots
    match.view()                                  # map and state to draw
    match.check(0, "MOVE 3 7 1;SPAWN 3 7 9")      # refuse illegal orders first
    match.play(human_line, bot.turn(match.input_for(1)))  # one turn; the entry
    match.over, match.result, match.to_json()     # end, result, replay

Replay format (``Match.to_json``), version 2 (version 1 was recorded by the
referee before it followed CodinGame's, so its commands may not replay to
the same states; ``recompute`` refuses it)::

    {
      "format": "triad-catch-replay", "version": 2,
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
                (null while the match goes on)
    }

where STATE is ``State.to_json()``: ``turn``, ``scores``, ``units`` (two
rows), ``owners`` (per house, -1 nobody), ``paths``, ``loops`` (houses that are
their own neighbour), ``triangles`` (rows
``a b c owner eligible0 eligible1``, owner -1 neutral) and ``result``. The
outcomes list the actions in the order they were resolved. A turn in which
a player forfeits (timeout, crash, unrecognised command) has ``"forfeit"``
(the reason) instead of outcomes, and the state is the previous one with the
result set. ``recompute`` replays the commands from the map, so a replay can
be checked against the rules.
"""

from collections.abc import Callable

from triad.catch.mapgen import GameMap, generate
from triad.catch.players import BotError, Player
from triad.catch.protocol import CommandError, initial_input, parse_orders, turn_input
from triad.catch.referee import (
    MAX_TURNS,
    WAIT,
    Action,
    Orders,
    Result,
    State,
    forfeit,
    new_game,
    resolve_turn,
)
from triad.catch.words import Said, joined

REPLAY_FORMAT = "triad-catch-replay"
REPLAY_VERSION = 2


class Match:
    """A match in progress and its record: what a page or a runner drives turn by turn.

    ``input_for(p)`` is the protocol text player ``p`` reads this turn,
    ``check(p, line)`` says which of a player's commands would be applied if
    the opponent did nothing (a page refuses illegal orders with it),
    ``play(line0, line1)`` resolves a turn from both players' output lines,
    ``view()`` is what to draw and ``to_json()`` the replay so far.
    """

    def __init__(
        self,
        game_map: GameMap,
        names: tuple[str, str] = ("player 0", "player 1"),
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.game_map = game_map
        self.names = names
        self.max_turns = max_turns
        self.state = new_game(game_map, max_turns)
        self.initial = self.state.to_json()
        self.turns: list[dict[str, object]] = []
        self._opening = initial_input(self.state)

    @staticmethod
    def from_seed(
        seed: int, names: tuple[str, str] = ("player 0", "player 1"), max_turns: int = MAX_TURNS
    ) -> "Match":
        """A new match on the generated map of ``seed``."""
        return Match(generate(seed), names, max_turns)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.state.result is not None

    @property
    def result(self) -> Result:
        """How the match ended.

        :raises ValueError: if it has not ended.
        """
        if self.state.result is None:
            raise ValueError("the match is not over")
        return self.state.result

    def input_for(self, player: int) -> str:
        """The lines ``player`` reads this turn (with the initial block on the first turn)."""
        return (self._opening if self.state.turn == 0 else "") + turn_input(self.state, player)

    def check(self, player: int, line: str) -> list[dict[str, object]]:
        """Each command of ``line``, in order, with whether it would apply if the opponent
        did nothing (``ok``) and what it would do or why not (``detail``).

        :raises CommandError: naming an unrecognised command.
        """
        orders = parse_orders(line)
        mine, idle = (orders, Orders()) if player == 0 else (Orders(), orders)
        _, report = resolve_turn(self.state, mine, idle)
        by_action: dict[Action, list[dict[str, object]]] = {}
        for outcome in report.outcomes:
            if outcome.player == player:
                by_action.setdefault(outcome.action, []).append(outcome.to_json())
        wait = {"player": player, "action": WAIT, "ok": True, "detail": Said("waits")}
        return [dict(wait) if a.kind == WAIT else by_action[a].pop(0) for a in orders.actions]

    def play(self, line0: str, line1: str) -> dict[str, object]:
        """Resolve one turn from both output lines; return the turn's replay entry.

        A line with an unrecognised command makes its player lose (both: a draw).

        :raises ValueError: if the match is over.
        """
        if self.over:
            raise ValueError(f"the match is over: {self.result.reason}")
        lines = (line0, line1)
        orders: list[Orders] = []
        failures: list[tuple[int, str]] = []
        for p in (0, 1):
            try:
                orders.append(parse_orders(lines[p]))
            except CommandError as exc:
                failures.append((p, Said("printed", name=self.names[p], player=p, error=exc.said)))
        if failures:
            return self.fail(failures, lines)
        self.state, report = resolve_turn(self.state, orders[0], orders[1])
        entry = {**report.to_json(), "commands": list(lines), "state": self.state.to_json()}
        self.turns.append(entry)
        return entry

    def fail(self, failures: list[tuple[int, str]], lines: tuple[str, str]) -> dict[str, object]:
        """End the match by forfeit of the failing players (reasons given); return the entry."""
        reason = joined([why for _, why in failures])
        self.state = forfeit(self.state, [p for p, _ in failures], reason)
        entry: dict[str, object] = {
            "turn": self.state.turn + 1,
            "commands": list(lines),
            "forfeit": reason,
            "state": self.state.to_json(),
        }
        self.turns.append(entry)
        return entry

    def view(self) -> dict[str, object]:
        """What a page draws: the map, the current state and the players' names."""
        return {
            "players": list(self.names),
            "map": self.game_map.to_json(),
            "state": self.state.to_json(),
        }

    def to_json(self) -> dict[str, object]:
        """Return the replay so far as plain JSON data (format in the module docstring)."""
        result = self.state.result
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "players": list(self.names),
            "max_turns": self.max_turns,
            "map": self.game_map.to_json(),
            "initial": self.initial,
            "turns": self.turns,
            "result": None
            if result is None
            else {**result.to_json(), "scores": self.state.scores[:], "turns": self.state.turn},
        }


def play_match(
    players: tuple[Player, Player],
    game_map: GameMap,
    max_turns: int = MAX_TURNS,
    on_turn: Callable[[State, dict[str, object]], None] | None = None,
) -> Match:
    """Play ``players[0]`` against ``players[1]`` on ``game_map`` until the game ends."""
    match = Match(game_map, (players[0].name, players[1].name), max_turns)
    while not match.over:
        first = match.state.turn == 0
        lines = ["", ""]
        failures: list[tuple[int, str]] = []
        for p in (0, 1):
            try:
                lines[p] = players[p].respond(match.input_for(p), first)
            except BotError as exc:
                failures.append((p, str(exc)))
        if failures:
            for p in (0, 1):
                if all(q != p for q, _ in failures):
                    try:
                        parse_orders(lines[p])
                    except CommandError as exc:
                        failures.append(
                            (p, Said("printed", name=players[p].name, player=p, error=exc.said))
                        )
            entry = match.fail(sorted(failures), (lines[0], lines[1]))
        else:
            entry = match.play(lines[0], lines[1])
        if on_turn is not None:
            on_turn(match.state, entry)
    return match


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
        state, _ = resolve_turn(state, parse_orders(commands[0]), parse_orders(commands[1]))
        states.append(state)
    return states
