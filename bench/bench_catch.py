"""Triangle Catch speed: map generation, referee time per turn, bot time per turn.

    python bench/bench_catch.py            # CPython here, then Pyodide in Node
    python bench/bench_catch.py --here     # only the running interpreter
    python bench/bench_catch.py --maps 20 --games 3

Maps: ``generate(seed)`` for seeds 0..N-1 (mean, median and worst).
Referee: whole matches of the built-in bots are recorded (planner against
greedy on both sides, planner against itself), then every recorded turn is resolved again and timed
alone: ``resolve_turn``; the same plus both players' protocol input (what a
referee does each turn for bots); and ``State.to_json`` (what a page draws).
Bots: the mean time of one turn of each built-in bot during those matches,
and the wall time of a whole match. Targets under Pyodide: a map in under
0.5 s, a referee turn in under 5 ms. Prints figures only; never fails on time.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.catch.mapgen import generate  # noqa: E402
from triad.catch.match import play_match  # noqa: E402
from triad.catch.players import BuiltinPlayer  # noqa: E402
from triad.catch.protocol import parse_orders, turn_input  # noqa: E402
from triad.catch.referee import Orders, State, new_game, resolve_turn  # noqa: E402

Turn = tuple[State, Orders, Orders]


def time_maps(count: int) -> list[float]:
    """Seconds to generate the maps of seeds 0..count-1."""
    took = []
    for seed in range(count):
        start = time.perf_counter()
        generate(seed)
        took.append(time.perf_counter() - start)
    return took


class TimedPlayer(BuiltinPlayer):
    """A built-in bot that adds up the time it spends answering."""

    spent = 0.0
    answers = 0

    def respond(self, text: str, first: bool) -> str:
        start = time.perf_counter()
        try:
            return super().respond(text, first)
        finally:
            self.spent += time.perf_counter() - start
            self.answers += 1


def record_games(count: int) -> tuple[list[Turn], dict[str, list[float]], list[float]]:
    """Play ``count`` seeds (both sides); return every turn, bot turn times, match times."""
    turns: list[Turn] = []
    bot_ms: dict[str, list[float]] = {"planner": [], "greedy": []}
    match_s: list[float] = []
    for seed in range(count):
        game_map = generate(seed)
        for names in (("planner", "greedy"), ("greedy", "planner"), ("planner", "planner")):
            players = (TimedPlayer(names[0], seed), TimedPlayer(names[1], seed + 1))
            start = time.perf_counter()
            record = play_match(players, game_map)
            match_s.append(time.perf_counter() - start)
            for player in players:
                bot_ms[player.name].append(1000 * player.spent / max(1, player.answers))
            state = new_game(game_map)
            for entry in record.turns:
                if "forfeit" in entry:
                    break
                line0, line1 = entry["commands"]  # type: ignore[misc]
                orders = (parse_orders(line0), parse_orders(line1))
                turns.append((state, *orders))
                state, _ = resolve_turn(state, *orders)
    return turns, bot_ms, match_s


def best_per_turn(work: object, turns: int, rounds: int) -> float:
    """Best milliseconds per turn over ``rounds`` runs of ``work``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return 1000 * best / turns


def runtime_name() -> str:
    if sys.platform == "emscripten":
        return f"Pyodide (Python {platform.python_version()}, Node)"
    return f"{platform.python_implementation()} {platform.python_version()}"


def report(maps: int, games: int, rounds: int) -> None:
    print(f"== {runtime_name()}")
    took = time_maps(maps)
    print(
        f"map generation ({maps} seeds): mean {1000 * statistics.mean(took):.0f} ms, "
        f"median {1000 * statistics.median(took):.0f} ms, worst {1000 * max(took):.0f} ms"
    )
    turns, bot_ms, match_s = record_games(games)

    def resolve_all() -> None:
        for state, orders0, orders1 in turns:
            resolve_turn(state, orders0, orders1)

    def resolve_with_inputs() -> None:
        for state, orders0, orders1 in turns:
            turn_input(state, 0)
            turn_input(state, 1)
            resolve_turn(state, orders0, orders1)

    def draw_all() -> None:
        for state, _, _ in turns:
            state.to_json()

    n = len(turns)
    print(f"referee over {n} recorded turns of {3 * games} matches:")
    print(f"  resolve_turn                 {best_per_turn(resolve_all, n, rounds):.3f} ms/turn")
    print(
        f"  resolve_turn + both inputs   {best_per_turn(resolve_with_inputs, n, rounds):.3f} ms/turn"
    )
    print(f"  State.to_json                {best_per_turn(draw_all, n, rounds):.3f} ms/turn")
    for name, per_turn in bot_ms.items():
        print(f"bot {name:8} {statistics.mean(per_turn):.2f} ms/turn (mean over matches)")
    print(
        f"whole match (bots + referee + inputs): mean {statistics.mean(match_s):.2f} s, "
        f"worst {max(match_s):.2f} s, mean {n / sum(match_s):.0f} turns/s"
    )
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="only the running interpreter")
    parser.add_argument("--maps", type=int, default=10, help="map seeds to time (10)")
    parser.add_argument("--games", type=int, default=2, help="seeds of recorded matches (2)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds, best kept (3)")
    options = parser.parse_args(argv)
    report(options.maps, options.games, options.rounds)
    if options.here or sys.platform == "emscripten":
        return 0
    from rerun import in_pyodide

    in_pyodide(
        "bench_catch.py",
        *("--maps", str(options.maps), "--games", str(options.games)),
        *("--rounds", str(options.rounds)),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
