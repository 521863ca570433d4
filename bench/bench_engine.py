"""Engine speed: random playouts per second and placements resolved per second.

    python bench/bench_engine.py            # CPython here, then Pyodide in Node
    python bench/bench_engine.py --here     # only the running interpreter
    python bench/bench_engine.py --seconds 2

Two rule sets: the basic rules, and every capture rule at once (Same Wall,
Plus Wall, Combo, Banner, Battle, Power Wall; Broken Wall is measured apart
because it removes the walls). "Playouts" play whole random games through
`GameState.apply` (move generation, validation, new states); "placements"
call `triad.capture.resolve` alone on positions recorded from those games.
Each figure is the best of several timed rounds, as the machine is shared.
Prints figures only; never fails on time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.capture import Board, Player, resolve  # noqa: E402
from triad.cards import Card, builtin_set  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.prng import Rng  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import GameState  # noqa: E402

CONFIGS = {
    "basic": [],
    "all capture rules": ["same_wall", "plus_wall", "combo", "banner", "battle", "power_wall"],
    "broken wall + same/plus/combo": ["same", "plus", "combo", "broken_wall", "battle"],
}
GAMES = 40

Placement = tuple[Board, int, Card, Player]


def openings(rules: RuleSet) -> list[GameState]:
    card_set = builtin_set()
    return [deal_match(MatchConfig(rules, card_set), seed).start() for seed in range(GAMES)]


def playouts(starts: list[GameState], rng: Rng) -> int:
    """Play every opening to the end at random; return the placements made."""
    made = 0
    for state in starts:
        while not state.is_terminal:
            legal = state.legal_moves()
            state, _ = state.apply(legal[rng.below(len(legal))])
            made += 1
    return made


def record(starts: list[GameState]) -> list[tuple[GameState, Placement]]:
    rng = Rng(7)
    found: list[tuple[GameState, Placement]] = []
    for state in starts:
        while not state.is_terminal:
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
            card = state.hands[state.to_move][move.card]
            found.append((state, (state.board, move.cell, card, state.to_move)))
            state, _ = state.apply(move)
    return found


def best_rate(work: object, count: int, seconds: float) -> float:
    """Best rate (count per second) over rounds until ``seconds`` have passed (at least 3)."""
    best = 0.0
    spent = 0.0
    rounds = 0
    while rounds < 3 or spent < seconds:
        start = time.perf_counter()
        work()  # type: ignore[operator]
        took = time.perf_counter() - start
        spent += took
        rounds += 1
        best = max(best, count / took)
    return best


def measure(seconds: float) -> list[tuple[str, float, float, float]]:
    rows = []
    for name, names in CONFIGS.items():
        rules = RuleSet.parse(names)
        starts = openings(rules)
        made = playouts(starts, Rng(1))
        games_rate = best_rate(lambda s=starts: playouts(s, Rng(1)), len(starts), seconds / 3)
        recorded = record(starts)

        def resolve_all(
            items: list[tuple[GameState, Placement]] = recorded, rules: RuleSet = rules
        ) -> None:
            for state, (board, cell, card, player) in items:
                t = state.table
                resolve(board, cell, card, player, rules, t.cells, t.restrictions)

        resolve_rate = best_rate(resolve_all, len(recorded), seconds / 3)
        rows.append((name, games_rate, games_rate * made / len(starts), resolve_rate))
    return rows


def runtime_name() -> str:
    if sys.platform == "emscripten":
        return f"Pyodide (Python {platform.python_version()}, Node)"
    return f"{platform.python_implementation()} {platform.python_version()}"


def report(seconds: float) -> None:
    print(f"== {runtime_name()}")
    print(f"{'rules':32} {'playouts/s':>11} {'placements/s':>13} {'resolve/s':>11}")
    for name, games, placed, resolved in measure(seconds):
        print(f"{name:32} {games:11.0f} {placed:13.0f} {resolved:11.0f}")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="only the running interpreter")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per rule set")
    options = parser.parse_args(argv)
    report(options.seconds)
    if options.here or sys.platform == "emscripten":
        return 0
    from rerun import in_pyodide

    in_pyodide("bench_engine.py", "--seconds", str(options.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
