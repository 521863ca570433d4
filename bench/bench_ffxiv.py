"""FFXIV rules benchmark: exact solves under each new rule, under CPython then Pyodide.

    python bench/bench_ffxiv.py            # CPython figures, then the same under Pyodide in Node
    python bench/bench_ffxiv.py --here     # this Python only (what the Pyodide run executes)
    options: --deals N (seeded deals per rule, default 3)

For each rule: the exact value and a best move from the empty board (Open,
so both hands are known), on the Houses set's seeded deals. Chaos is valued
by expectiminimax, which has no alpha-beta cut-offs: its empty board is out
of reach (hours), so it is timed from 4 and 3 cards down, and the table says
so. Prints figures; never fails on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
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
    ("chaos (4 down)", ["chaos"], 4),
    ("chaos (3 down)", ["chaos"], 3),
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


def solve(state: GameState) -> tuple[float, int]:
    """Seconds for the exact value and a best move of ``state``, and the nodes searched."""
    ctx = Context(View.of(state))
    t0 = time.perf_counter()
    if state.rules.chaos:
        index = ctx.hand_indices(state.to_move)[state.drawn]
        ctx.chance.cell_values(ctx.position, index)
        return time.perf_counter() - t0, ctx.chance.nodes
    ctx.solver.best(ctx.position)
    return time.perf_counter() - t0, ctx.solver.nodes + ctx.solver.leaves


def bench(deals: int) -> None:
    print(f"exact solves under the FFXIV rules (Open), {deals} seeded deals, {runtime()}")
    print(f"  {'rules':<24}{'cards down':>11}{'median s':>10}{'min s':>8}{'max s':>8}{'nodes':>10}")
    for label, names, placed in CASES:
        times: list[float] = []
        nodes: list[int] = []
        seeds = [s for s in range(1, 10 * deals) if not start(names, s, 0).rules.chaos or placed]
        for seed in seeds[:deals]:  # (Roulette: deals that did not draw Chaos)
            took, searched = solve(start(names, seed, placed))
            times.append(took)
            nodes.append(searched)
        print(
            f"  {label:<24}{placed:>11}{statistics.median(times):>10.3f}{min(times):>8.3f}"
            f"{max(times):>8.3f}{int(statistics.median(nodes)):>10}",
            flush=True,
        )
    print("  (chaos: expectations over the draws; its empty board is not timed: hours)")


def pyodide(args: list[str]) -> None:
    """Run this script under Pyodide in Node, if Node is here."""
    node = shutil.which("node")
    runner = ROOT / "bench" / "pyodide_runner.mjs"
    if node is None or not runner.exists() or not (ROOT / "node_modules" / "pyodide").exists():
        print("(Pyodide run skipped: node or node_modules/pyodide missing)")
        return
    subprocess.run(
        [node, str(runner), str(Path(__file__).resolve()), "--here", *args], cwd=ROOT, check=False
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="this Python only")
    parser.add_argument("--deals", type=int, default=3)
    options = parser.parse_args()
    bench(options.deals)
    if not options.here and sys.platform != "emscripten" and not os.environ.get("BENCH_NO_PYODIDE"):
        pyodide(["--deals", str(options.deals)])


if __name__ == "__main__":
    main()
