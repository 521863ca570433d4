"""CPU benchmark: exact solve times and nodes, master's time per move, strength tables.

    python bench/bench_cpu.py              # CPython figures, then the speed part under Pyodide
    python bench/bench_cpu.py --speed      # speed part only (what the Pyodide run executes)
    python bench/bench_cpu.py --solves     # the exact-solve table only (every rule set)
    python bench/bench_cpu.py --solves --against DIR   # and another checkout's, deal by deal
    python bench/bench_cpu.py --solves --rules descension ascension  # only those rows
    python bench/bench_cpu.py --strength   # the play tables only
    options: --deals N (solve deals, default 7), --games N (games per table row, default 10)

With ``--against DIR`` the exact-solve table times the engine of the checkout
in DIR too (e.g. a `git worktree` of the commit before a change), deal by deal
in the same process, and prints both, so a busy machine weighs on both alike.
Prints figures; never fails on time. Deals are the Houses set's seeded deals
(`triad.match.deal_match`), so every run solves the same positions. Solve
times are CPU seconds of this process (under Pyodide, Node's own count for
its process), so a machine busy with other work changes them little; the
first-move table is wall time against the page's budget.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.cards import builtin_set  # noqa: E402
from triad.cpu import Brain  # noqa: E402
from triad.cpu.cli import play_games  # noqa: E402
from triad.cpu.context import Context, View  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.observe import observe  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import GameState  # noqa: E402

CARDS = builtin_set()
SOLVE_RULES = [("basic", ["open"]), ("same+plus+combo", ["open", "same", "plus", "combo"])]
# exotic rules, solved too (Power Wall moves rows and columns: a slower path)
EXTRA_RULES = [
    ("power_wall", ["open", "power_wall"]),
    # FF8's own code: Same and Plus always chain, from every capture
    ("original", ["open", "original", "same", "plus"]),
]
# each FFXIV rule alone, from the empty board only (Roulette: deals that did not
# draw Chaos; Chaos itself is an expectation over draws, see bench_ffxiv.py)
FFXIV_RULES = [
    (name, ["open", name])
    for name in ("reverse", "fallen_ace", "ascension", "descension", "order", "swap", "roulette")
]
#: issue 15's targets for the empty board under Pyodide, CPU seconds
TARGETS = {"basic": 0.6, "same+plus+combo": 1.0, "power_wall": 1.5}
#: issue 33: `original` within twice Same+Plus+Combo's time
TARGETS["original"] = 2 * TARGETS["same+plus+combo"]
TARGETS.update((label, 1.5) for label, _ in FFXIV_RULES)


def runtime() -> str:
    """Which Python runs this."""
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    return f"{impl} {platform.python_version()}"


def cpu_seconds() -> float:
    """CPU time of this process: `time.process_time`, or Node's count under Pyodide
    (where `time.process_time` follows the wall clock)."""
    if sys.platform == "emscripten":
        from js import process  # type: ignore[import-not-found]  # (Node)

        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


def start(names: list[str], seed: int, placed: int) -> GameState:
    """Seeded deal ``seed`` with ``placed`` seeded random moves played."""
    state = deal_match(MatchConfig(RuleSet.parse(names), CARDS), seed).start()
    rng = random.Random(seed)
    for _ in range(placed):
        state, _ = state.apply(rng.choice(state.legal_moves()))
    return state


def engine_of(root: Path) -> dict[str, ModuleType]:
    """The engine's modules imported from the checkout in ``root`` (this one's stay loaded)."""
    ours = {k: m for k, m in sys.modules.items() if k == "triad" or k.startswith("triad.")}
    for k in ours:
        del sys.modules[k]
    sys.path.insert(0, str(root))
    try:
        for name in ("triad.cards", "triad.cpu.context", "triad.match", "triad.rules"):
            importlib.import_module(name)
    finally:
        sys.path.remove(str(root))
    theirs = {k: m for k, m in sys.modules.items() if k == "triad" or k.startswith("triad.")}
    for k in theirs:
        del sys.modules[k]
    sys.modules.update(ours)
    return theirs


def solve_time(engine: dict[str, ModuleType], names: list[str], seed: int) -> tuple[float, int]:
    """CPU seconds and positions of the exact value of deal ``seed``'s empty board with ``engine``."""
    ours = {k: m for k, m in sys.modules.items() if k == "triad" or k.startswith("triad.")}
    sys.modules.update(engine)  # (for any import made while solving)
    try:
        match, context = engine["triad.match"], engine["triad.cpu.context"]
        config = match.MatchConfig(
            engine["triad.rules"].RuleSet.parse(names), engine["triad.cards"].builtin_set()
        )
        ctx = context.Context(context.View.of(match.deal_match(config, seed).start()))
        t0 = cpu_seconds()
        ctx.solver.value(ctx.position)
        return cpu_seconds() - t0, ctx.solver.nodes + ctx.solver.leaves
    finally:
        sys.modules.update(ours)


def bench_against(deals: int, other: Path, only: list[str] | None = None) -> None:
    """The empty board's exact value with this engine and with the one in ``other``."""
    print(
        f"exact solves of the empty board, {deals} seeded deals, {runtime()}, CPU seconds:"
        f" this checkout (now) and {other} (before), deal by deal"
    )
    print(f"  {'rules':<16}{'before s':>10}{'now s':>10}{'now/before':>12}{'same nodes':>12}")
    engines = {"now": engine_of(ROOT), "before": engine_of(other)}
    for label, names in SOLVE_RULES + EXTRA_RULES + FFXIV_RULES:
        if only and label not in only:
            continue
        times: dict[str, list[float]] = {"now": [], "before": []}
        nodes: dict[str, list[int]] = {"now": [], "before": []}
        seeds = (s for s in range(1, 10 * deals) if not start(names, s, 0).rules.chaos)
        for i, seed in enumerate(itertools.islice(seeds, deals)):
            for which in ("now", "before") if i % 2 else ("before", "now"):
                took, seen = solve_time(engines[which], names, seed)
                times[which].append(took)
                nodes[which].append(seen)
        before, now = statistics.median(times["before"]), statistics.median(times["now"])
        print(
            f"  {label:<16}{before:>10.3f}{now:>10.3f}{now / before:>12.2f}"
            f"{'yes' if nodes['now'] == nodes['before'] else 'NO':>12}",
            flush=True,
        )


def bench_solves(deals: int, only: list[str] | None = None) -> None:
    """Exact value (and a best move) from the empty board and one and two cards down."""
    print(f"exact solves, {deals} seeded deals, {runtime()}, CPU seconds")
    print(
        f"  {'rules':<16}{'cards down':>11}{'median s':>10}{'min s':>8}{'max s':>8}"
        f"{'median nodes':>14}{'+best move s':>14}{'target s':>10}"
    )
    rows = [
        (label, names, placed) for label, names in SOLVE_RULES + EXTRA_RULES for placed in (0, 1, 2)
    ]
    rows += [(label, names, 0) for label, names in FFXIV_RULES]
    for label, names, placed in rows:
        if only and label not in only:
            continue
        times: list[float] = []
        nodes: list[int] = []
        best_times: list[float] = []
        seeds = (s for s in range(1, 10 * deals) if not start(names, s, 0).rules.chaos)
        for seed in itertools.islice(seeds, deals):
            state = start(names, seed, placed)
            ctx = Context(View.of(state))
            t0 = cpu_seconds()
            ctx.solver.value(ctx.position)
            t1 = cpu_seconds()
            ctx.solver.best(ctx.position)
            t2 = cpu_seconds()
            times.append(t1 - t0)
            best_times.append(t2 - t0)
            nodes.append(ctx.solver.nodes + ctx.solver.leaves)
        print(
            f"  {label:<16}{placed:>11}{statistics.median(times):>10.3f}"
            f"{min(times):>8.3f}{max(times):>8.3f}{int(statistics.median(nodes)):>14}"
            f"{statistics.median(best_times):>14.3f}"
            + (f"{TARGETS[label]:>10.1f}" if placed == 0 else ""),
            flush=True,
        )


def bench_first_move(deals: int) -> None:
    """Master's answer to the empty board with the page's 900 ms budget: exact or not.

    The page's CPU searches in slices and plays the last move its anytime
    search yielded when the budget runs out; "exact" counts the deals where
    that move came from the finished exact search.
    """
    print(f"master's first move on the empty board, 900 ms budget, {deals} deals, {runtime()}")
    print(f"  {'rules':<16}{'exact':>8}{'median s':>10}{'max s':>8}")
    for label, names in SOLVE_RULES + EXTRA_RULES:
        exact = 0
        times = []
        for seed in range(1, deals + 1):
            state = start(names, seed, 0)
            seen = observe(state, state.to_move)
            t0 = time.perf_counter()
            deadline = t0 + 0.9
            last = None
            for last in Brain("master", seed).search(seen, 40, deadline):
                if last.exact or time.perf_counter() > deadline:
                    break
            times.append(time.perf_counter() - t0)
            exact += bool(last and last.exact)
        print(
            f"  {label:<16}{f'{exact}/{deals}':>8}{statistics.median(times):>10.3f}"
            f"{max(times):>8.3f}",
            flush=True,
        )


def bench_master_game() -> None:
    """Master (Open) through whole games: time of each of its moves.

    "no limit": both sides master, every move searched to the end. "page": the
    CPU (master, 900 ms budget) against a human stand-in (master), pondering
    300 ms on each position where the human is to move, as the page does while
    a human chooses; only the CPU's moves are timed.
    """
    print(f"master per move through a game (Open, seeded deal 1), {runtime()}")
    for label, names in SOLVE_RULES:
        state = start(names, 1, 0)
        brains = (Brain("master", 1), Brain("master", 2))
        times = []
        while not state.is_terminal:
            mover = state.to_move
            t0 = time.perf_counter()
            move = brains[mover].choose(observe(state, mover), None)
            times.append(time.perf_counter() - t0)
            state, _ = state.apply(move)
        print(
            f"  {label:<16} {'no limit, both sides':<28} s per move: "
            + " ".join(f"{t:.2f}" for t in times),
            flush=True,
        )
        for cpu in (state.table.first, state.table.first.other):
            state = start(names, 1, 0)
            brain = Brain("master", 3)
            human = Brain("master", 4)
            times = []
            while not state.is_terminal:
                mover = state.to_move
                if mover is cpu:
                    t0 = time.perf_counter()
                    move = brain.choose(observe(state, cpu), 900)
                    times.append(time.perf_counter() - t0)
                else:
                    brain.ponder(observe(state, cpu), 300)
                    move = human.choose(observe(state, mover), None)
                state, _ = state.apply(move)
            order = "first" if cpu is state.table.first else "second"
            print(
                f"  {label:<16} {'page, CPU moves ' + order:<28} s per move: "
                + " ".join(f"{t:.2f}" for t in times),
                flush=True,
            )


def bench_strength(games: int) -> None:
    """Play tables: every level against greedy and against the level below, Open and hidden."""
    print(f"strength: {games} seeded games per row (hands from the Houses set, random first)")
    print(f"  {'rules':<8}{'blue':<8}{'red':<8}{'W':>4}{'D':>4}{'L':>4}   (blue's results)")
    rows = [
        ("random", "greedy"),
        ("novice", "random"),
        ("novice", "greedy"),
        ("adept", "greedy"),
        ("expert", "greedy"),
        ("master", "greedy"),
        ("adept", "novice"),
        ("expert", "adept"),
        ("master", "expert"),
    ]
    for label, names in (("open", ["open"]), ("hidden", [])):
        for blue, red in rows:
            t0 = time.perf_counter()
            r = play_games(blue, red, games, 2024, RuleSet.parse(names))["blue"]
            took = time.perf_counter() - t0
            print(
                f"  {label:<8}{blue:<8}{red:<8}{r['wins']:>4}{r['draws']:>4}{r['losses']:>4}"
                f"   {games} games, {took:.0f} s",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="solve and per-move times only")
    parser.add_argument("--solves", action="store_true", help="the exact-solve table only")
    parser.add_argument("--strength", action="store_true", help="play tables only")
    parser.add_argument("--deals", type=int, default=7)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--against", type=Path, help="with --solves: time the checkout in this folder too"
    )
    parser.add_argument(
        "--rules", nargs="+", help="with --solves: only these rows (e.g. descension ascension)"
    )
    options = parser.parse_args()
    rows = ["--rules", *options.rules] if options.rules else []
    if options.solves and options.against:
        bench_against(options.deals, options.against.resolve(), options.rules)
        if sys.platform != "emscripten":
            from rerun import in_pyodide

            # (mounted where the Pyodide run finds it)
            os.environ["PYODIDE_MOUNTS"] = f"{options.against.resolve()}:/against"
            in_pyodide(
                "bench_cpu.py",
                "--deals",
                str(options.deals),
                "--against",
                "/against",
                *rows,
                flag="--solves",
            )
        return
    if options.solves:
        bench_solves(options.deals, options.rules)
        if sys.platform != "emscripten":
            from rerun import in_pyodide

            in_pyodide("bench_cpu.py", "--deals", str(options.deals), *rows, flag="--solves")
        return
    both = not options.speed and not options.strength
    if options.speed or both:
        bench_solves(options.deals)
        bench_first_move(options.deals)
        bench_master_game()
    if both and sys.platform != "emscripten":
        from rerun import in_pyodide

        in_pyodide("bench_cpu.py", "--deals", str(options.deals), flag="--speed")
    if options.strength or both:
        bench_strength(options.games)


if __name__ == "__main__":
    main()
