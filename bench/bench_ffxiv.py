"""FFXIV rules benchmark: exact solves under each new rule, under CPython then Pyodide.

    python bench/bench_ffxiv.py            # CPython figures, then the same under Pyodide in Node
    python bench/bench_ffxiv.py --here     # this Python only (what the Pyodide run executes)
    python bench/bench_ffxiv.py --chaos-empty 2   # Chaos from the empty board, CPython only
    options: --deals N (seeded deals per rule, default 3), --rules basic descension ...
             (only the rows whose label starts with those words)

For each rule: the exact value and a best move from the empty board (Open,
so both hands are known), on the Houses set's seeded deals. Chaos is valued
by expectiminimax (`triad.cpu.chance`): its empty board takes minutes, so it
is timed from 3, 2 and 1 cards down (6, 7 and 8 empty cells), both for the
best cell of the drawn card (what the CPU plays: the other cells are only
proven no better) and for every cell's exact value (what `solve` prints).
``--chaos-empty N`` times that best cell from the empty board itself on N
deals (CPU seconds, CPython only: minutes a deal), and from one card down,
with the process's peak memory so far.
Prints figures; never fails on time.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.cards import builtin_set  # noqa: E402
from triad.cpu.context import Context, View  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import GameState  # noqa: E402

CARDS = builtin_set()
#: (label, rules, cards down before the solve)
CASES: list[tuple[str, list[str], int]] = [
    ("basic (reference)", [], 0),
    ("reverse", ["reverse"], 0),
    ("fallen_ace", ["fallen_ace"], 0),
    ("ascension", ["ascension"], 0),
    ("descension", ["descension"], 0),
    ("order", ["order"], 0),
    ("swap", ["swap"], 0),
    ("roulette", ["roulette"], 0),
    ("reverse+fa+same+combo", ["reverse", "fallen_ace", "same", "plus", "combo"], 0),
    ("asc+same+plus+combo", ["ascension", "same", "plus", "combo", "banner"], 0),
    ("chaos, best cell", ["chaos"], 3),
    ("chaos, best cell", ["chaos"], 2),
    ("chaos, best cell", ["chaos"], 1),
    ("chaos, every cell", ["chaos"], 3),
    ("chaos, every cell", ["chaos"], 2),
]


def runtime() -> str:
    """Which Python runs this."""
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    return f"{impl} {platform.python_version()}"


def start(names: list[str], seed: int, placed: int) -> GameState:
    """Seeded deal ``seed`` (Open) with ``placed`` seeded random moves played."""
    rules = RuleSet.parse(["open", *names])
    state = deal_match(MatchConfig(rules, CARDS), seed).start()
    rng = random.Random(seed)
    for _ in range(placed):
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


def solve(
    state: GameState, every: bool = False, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, int]:
    """Seconds (by ``clock``) for the exact value and a best move of ``state``, and the nodes searched.

    Chaos: the best cell of the drawn card, or (``every``) every cell's value.
    """
    ctx = Context(View.of(state))
    t0 = clock()
    if state.rules.chaos:
        index = ctx.hand_indices(state.to_move)[state.drawn]
        if every:
            ctx.chance.cell_values(ctx.position, index)
        else:
            ctx.chance.best_cell(ctx.position, index)
        return clock() - t0, ctx.chance.nodes
    ctx.solver.best(ctx.position)
    return clock() - t0, ctx.solver.nodes + ctx.solver.leaves


def bench(deals: int, only: list[str] | None = None) -> None:
    print(f"exact solves under the FFXIV rules (Open), {deals} seeded deals, {runtime()}")
    print(f"  {'rules':<24}{'cards down':>11}{'median s':>10}{'min s':>8}{'max s':>8}{'nodes':>10}")
    for label, names, placed in CASES:
        if only and label.split(" ")[0].strip(",") not in only:
            continue
        times: list[float] = []
        nodes: list[int] = []
        seeds = [s for s in range(1, 10 * deals) if not start(names, s, 0).rules.chaos or placed]
        for seed in seeds[:deals]:  # (Roulette: deals that did not draw Chaos)
            took, searched = solve(start(names, seed, placed), "every" in label)
            times.append(took)
            nodes.append(searched)
        print(
            f"  {label:<24}{placed:>11}{statistics.median(times):>10.3f}{min(times):>8.3f}"
            f"{max(times):>8.3f}{int(statistics.median(nodes)):>10}",
            flush=True,
        )
    print("  (chaos: expectations over the draws; its empty board takes minutes: --chaos-empty)")


def chaos_empty(deals: int) -> None:
    """The drawn card's best cell under Chaos from the empty board and one card down."""
    print(f"Chaos from the empty board (Open), {deals} seeded deals, {runtime()}, CPU seconds")
    print(f"  {'deal':>6}{'empty cells':>13}{'CPU s':>9}{'positions':>12}{'peak MB':>9}")
    for seed in range(1, deals + 1):
        for placed in (1, 0):
            took, searched = solve(start(["chaos"], seed, placed), clock=time.process_time)
            print(
                f"  {seed:>6}{9 - placed:>13}{took:>9.1f}{searched:>12,}{peak_mb():>9,}",
                flush=True,
            )


def peak_mb() -> int:
    """This process's largest resident size so far, in MB (Linux counts it in KB)."""
    import resource  # (here: Pyodide, which runs this module's other tables, has none)

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="this Python only")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument(
        "--rules", nargs="+", help="only these rows, by first word (e.g. basic descension)"
    )
    parser.add_argument(
        "--chaos-empty", type=int, metavar="N", help="Chaos from the empty board on N deals only"
    )
    options = parser.parse_args()
    if options.chaos_empty:
        chaos_empty(options.chaos_empty)
        return
    bench(options.deals, options.rules)
    if not options.here and sys.platform != "emscripten":
        from rerun import in_pyodide

        rows = ["--rules", *options.rules] if options.rules else []
        in_pyodide("bench_ffxiv.py", "--deals", str(options.deals), *rows)


if __name__ == "__main__":
    main()
