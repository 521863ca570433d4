"""Opening benchmark: the empty board's value alone against every opening move's value.

    python bench/bench_opening.py            # CPython figures, then the same under Pyodide
    python bench/bench_opening.py --here     # this runtime only (what the Pyodide run executes)
    options: --deals N (seeded deals per rule set, default 2)

For games A, B and C of seankao31's FFXIV companion (its solver benchmarks:
cards top-right-bottom-left, A: no rule, B: Plus, C: the same hand on both
sides, Plus; the first hand moves first) and for seeded deals of the Houses
set under basic, Same+Plus+Combo, Power Wall, Reverse and Ascension (the
empty board, `bench_cpu.start`), each with a fresh solver:

* ``value``: the exact value of the empty board alone (`Solver.value`);
* ``best set``: after ``value``, with the same table, which opening moves
  reach that value (one null-window probe per move, what master's trap
  ranking first needs), its ratio to ``value`` (both searches' positions
  over ``value``'s), how many moves are best (``best``) and the mean
  positions each best move's probe took (``proof``: a move is shown best
  only by refuting every reply, and these proofs share almost nothing,
  so the ratio grows with ``best`` times ``proof``);
* ``every move``: every opening move's exact value (`Solver.move_values`,
  what ``python -m triad solve`` prints), and its ratio to ``value``;
* ``sliced``: the value searched again in slices, as the page thinks ahead
  (every 500 positions the deadline has passed and the search starts over
  from the table), as a ratio of positions to the search in one go.

* ``trap``: after ``best set``, what counting the traps of the value's own
  best move costs (one null-window probe per reply, as master's `_Traps`
  does for each best move), as a ratio to ``value`` (master counts none on
  the empty board, `TRAP_EMPTY`: this is why).

Then master's first move on each empty board, 7 seeded deals per rule set,
with the page's 900 ms budget: ``one thread`` as `bench_cpu`'s first-move
table times it (the anytime search in 40 ms slices): whether its move is of
the exact best value (``exact``) and whether its search finished (``done``:
its trap count ended, or it sets none); ``two parts`` as the page searches
it on two cores (the engine worker and the one extra worker the page starts
there, `triad.ui.cpu.split`): each part (`Brain.search_part`, part 0 with
its quick lookahead) searched to the end by a fresh brain, one after the
other, ``s`` the slower part's CPU seconds (what the two workers side by
side take, less their start), ``exact`` how many deals' slower part ended
within the budget. `bench_cpu_page` times it in the page itself.

Times are CPU seconds of this process (Node's own count under Pyodide), the
first move's wall seconds; nodes are positions searched (interior and leaves),
the same on any machine. Figures only: nothing passes or fails on time.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from bench_cpu import cpu_seconds, runtime, start  # noqa: E402

from triad.cards import Card  # noqa: E402
from triad.cpu import Brain  # noqa: E402
from triad.cpu.brain import PartFound, reply_chances  # noqa: E402
from triad.cpu.context import Context, View  # noqa: E402
from triad.cpu.service import part_reply  # noqa: E402
from triad.cpu.solver import Timeout  # noqa: E402
from triad.notation import card_to_json, state_from_json  # noqa: E402
from triad.observe import Observation, observe  # noqa: E402
from triad.parts import split_found, split_value  # noqa: E402
from triad.state import GameState  # noqa: E402
from triad.ui.cpu.split import CPU_BUDGET_MS, PONDER_MS  # noqa: E402

#: seankao31's benchmark hands (top-right-bottom-left, A is 10)
HAND_A1 = "10-5-3-8 7-6-4-9 2-8-6-3 5-4-7-1 9-3-2-6"
HAND_A2 = "4-7-5-2 8-3-9-6 1-5-8-4 6-9-1-7 3-2-4-A"
HAND_C = "4-8-8-1 1-4-8-8 8-2-8-A 8-8-1-8 8-2-3-8"
RULE_SETS = [
    ("basic", ["open"]),
    ("same+plus+combo", ["open", "same", "plus", "combo"]),
    ("power_wall", ["open", "power_wall"]),
    ("reverse", ["open", "reverse"]),
    ("ascension", ["open", "ascension"]),
]
#: the page's budget for a CPU move, and the slices `bench_cpu` times it in
BUDGET_S = CPU_BUDGET_MS / 1000
SLICE_MS = 40
#: seconds the page had to think about a match's opening before its first move
AHEAD_S = (0, 2, 5, 10)


def hand(text: str) -> list[dict[str, object]]:
    """Cards written top-right-bottom-left (``A`` for 10), as the engine's JSON."""
    cards = []
    for code in text.split():
        top, right, bottom, left = (10 if v == "A" else int(v) for v in code.split("-"))
        cards.append(card_to_json(Card.of(top, right, bottom, left)))
    return cards


def game(rules: list[str], first: str, second: str) -> GameState:
    """An empty board, the first hand (blue) to move."""
    data = {
        "rules": rules,
        "board": [None] * 9,
        "hands": {"blue": hand(first), "red": hand(second)},
        "to_move": "blue",
    }
    return state_from_json(data)


def positions(deals: int) -> list[tuple[str, GameState]]:
    """Games A, B and C, then ``deals`` seeded deals of each rule set (none drawing Chaos)."""
    out = [
        ("game A", game([], HAND_A1, HAND_A2)),
        ("game B", game(["plus"], HAND_A1, HAND_A2)),
        ("game C", game(["plus"], HAND_C, HAND_C)),
    ]
    for label, names in RULE_SETS:
        seeds = (s for s in range(1, 10 * deals + 10) if not start(names, s, 0).rules.chaos)
        out += [(f"{label} #{s}", start(names, s, 0)) for s in itertools.islice(seeds, deals)]
    return out


def searched(ctx: Context) -> int:
    return ctx.solver.nodes + ctx.solver.leaves


def sliced_nodes(state: GameState) -> int:
    """Positions the value takes when the search is interrupted every 500 positions."""
    ctx = Context(View.of(state))
    while True:
        try:
            ctx.solver.value(ctx.position, deadline=1e-9)  # (always passed)
            return searched(ctx)
        except Timeout:
            continue


def best_set(ctx: Context, value: int) -> tuple[int, int]:
    """How many moves of ``ctx``'s position reach ``value``, and the positions their probes took."""
    solver = ctx.solver
    best = proofs = 0
    for c in solver.children(ctx.position):
        before = searched(ctx)
        if -solver.probe(c.position, -value, -value + 1) >= value:
            best += 1
            proofs += searched(ctx) - before
    return best, proofs


def trap_count(ctx: Context, value: int) -> int:
    """Positions counting the traps of the table's best move of ``ctx``'s position takes."""
    solver = ctx.solver
    move = solver.bounds(ctx.position)[2]
    best = next(c for c in solver.children(ctx.position) if c.card * 9 + c.cell == move)
    before = searched(ctx)
    for _, reply in reply_chances(solver, best.position):
        solver.probe(reply.position, value, value + 1)
    return searched(ctx) - before


def bench_values(deals: int) -> None:
    print(f"the empty board's value and every opening move's, {runtime()}, CPU seconds")
    print(
        f"  {'position':<20}{'value s':>8}{'nodes':>8}{'best set s':>11}{'nodes':>9}"
        f"{'ratio':>6}{'best':>6}{'proof':>7}{'every move s':>13}{'nodes':>9}"
        f"{'ratio':>6}{'sliced':>7}{'trap':>6}"
    )
    ratios: list[float] = []
    best_ratios: list[float] = []
    for label, state in positions(deals):
        ctx = Context(View.of(state))
        t0 = cpu_seconds()
        value = ctx.solver.value(ctx.position)
        alone = cpu_seconds() - t0
        nodes = searched(ctx)
        best, proofs = best_set(ctx, value)
        both = cpu_seconds() - t0
        best_ratios.append(searched(ctx) / nodes)
        moves = len(ctx.solver.children(ctx.position))
        first = (
            f"  {label:<20}{alone:>8.3f}{nodes:>8}{both - alone:>11.3f}{searched(ctx) - nodes:>9}"
            f"{searched(ctx) / nodes:>6.1f}{f'{best}/{moves}':>6}{proofs // max(best, 1):>7}"
        )
        trap = trap_count(ctx, value) / nodes
        ctx = Context(View.of(state))
        t0 = cpu_seconds()
        ctx.solver.move_values(ctx.position)
        every = cpu_seconds() - t0
        ratios.append(every / alone)
        print(
            f"{first}{every:>13.3f}{searched(ctx):>9}"
            f"{every / alone:>6.1f}{sliced_nodes(state) / nodes:>7.2f}{trap:>6.1f}",
            flush=True,
        )
    print(
        f"  best set: median ratio {statistics.median(best_ratios):.1f},"
        f" max {max(best_ratios):.1f}; every move: median ratio"
        f" {statistics.median(ratios):.1f}, max {max(ratios):.1f}"
    )


def two_parts(seen: Observation, seed: int) -> tuple[float, int]:
    """CPU seconds of the slower of two parts of master's search of ``seen``, each
    searched to the end by a fresh brain, then its traps counted (`Brain.search_part`),
    and the position's value."""
    brains = [Brain("master", seed) for _ in range(2)]
    times = []
    found = []
    for part, brain in enumerate(brains):
        t0 = cpu_seconds()
        found.append(brain.search_part(seen, part, 2, None))
        times.append(cpu_seconds() - t0)
    value = max(int(f.value) for f in found)
    traps = []
    for part, brain in enumerate(brains):
        t0 = cpu_seconds()
        brain.search_part(seen, part, 2, None, value)
        traps.append(cpu_seconds() - t0)
    return max(times) + max(traps), value


def answer(found: PartFound) -> dict[str, Any]:
    """A part's search as the page gets it from its worker (`cpu_part`'s envelope)."""
    return {"ok": True, **part_reply(found)}


def ahead(seen: Observation, seed: int, value: int) -> tuple[float, float]:
    """Master's opening of ``seen`` searched ahead as the page does it (`triad.ui.cpu.ahead`):
    two parts in `PONDER_MS` slices, each by a fresh brain (the engine's of the match's
    ``seed``, the extra worker's a default one), then, at the turn, the parts' answers with
    the page's budget. The CPU seconds of the slower part ahead, and of the turn (both
    parts). Stops the bench if the turn's move is not the one found ahead or its value is
    not ``value``."""
    brains = [Brain("master", seed), Brain()]
    times = []
    proven: list[dict[str, Any] | None] = []
    for part, brain in enumerate(brains):
        t0 = cpu_seconds()
        while not (found := brain.search_part(seen, part, 2, PONDER_MS, None, False)).done:
            pass
        proven.append(answer(found))
        times.append(cpu_seconds() - t0)
    best = split_value(proven)
    traps = best is not None and best <= 0  # (the parts of that value count their traps)
    counted: list[dict[str, Any] | None] = [None, None]
    for part, brain in enumerate(brains):
        reply = proven[part]
        if traps and reply is not None and int(reply["value"]) == best:
            t0 = cpu_seconds()
            while not (found := brain.search_part(seen, part, 2, PONDER_MS, best, False)).done:
                pass
            counted[part] = answer(found)
            times[part] += cpu_seconds() - t0
    kept = split_found(proven, counted)
    t0 = cpu_seconds()
    turn: list[dict[str, Any] | None] = []
    for part, brain in enumerate(brains):
        turn.append(answer(brain.search_part(seen, part, 2, CPU_BUDGET_MS)))
    again: list[dict[str, Any] | None] = [None, None]
    if traps:
        for part, brain in enumerate(brains):
            again[part] = answer(brain.search_part(seen, part, 2, CPU_BUDGET_MS, best))
    played = split_found(turn, again)
    spent = cpu_seconds() - t0
    if kept is None or played != kept or kept["value"] != value:
        raise SystemExit(f"the turn plays {played}, not {kept} found ahead (value {value})")
    return max(times), spent


def bench_first_move(deals: int) -> None:
    print(
        f"master's first move on the empty board, {BUDGET_S * 1000:.0f} ms budget,"
        f" {deals} deals, {runtime()}: one thread in {SLICE_MS} ms slices (wall s),"
        " two parts as on two cores (CPU s of the slower)"
    )
    print(
        f"  {'rules':<18}{'exact':>7}{'done':>8}{'median s':>10}{'max s':>8}"
        f"{'two parts':>11}{'median s':>10}{'max s':>8}"
    )
    aheads: list[tuple[str, list[float], list[float]]] = []
    for label, names in RULE_SETS:
        exact = done = split = 0
        times = []
        parts = []
        early: list[float] = []
        turns: list[float] = []
        for seed in range(1, deals + 1):
            state = start(names, seed, 0)
            seen = observe(state, state.to_move)
            slower, value = two_parts(seen, seed)
            parts.append(slower)
            split += parts[-1] <= BUDGET_S
            first, turn = ahead(seen, seed, value)
            early.append(first)
            turns.append(turn)
            t0 = time.perf_counter()
            deadline = t0 + BUDGET_S
            last = None
            for last in Brain("master", seed).search(seen, SLICE_MS, deadline):
                if last.done or time.perf_counter() > deadline:
                    break
            times.append(time.perf_counter() - t0)
            exact += bool(last and last.exact)
            done += bool(last and last.exact and last.done)
        print(
            f"  {label:<18}{f'{exact}/{deals}':>7}{f'{done}/{deals}':>8}"
            f"{statistics.median(times):>10.3f}{max(times):>8.3f}"
            f"{f'{split}/{deals}':>11}{statistics.median(parts):>10.3f}{max(parts):>8.3f}",
            flush=True,
        )
        aheads.append((label, early, turns))
    print(
        f"master's first move in the page, solved ahead in two parts ({PONDER_MS} ms slices,"
        f" CPU s of the slower part), {deals} deals, {runtime()}: exact within budget"
        " with that much time to think ahead"
    )
    print(
        f"  {'rules':<18}{'ahead s':>8}{'max s':>8}{'turn ms':>8}  exact within budget: "
        + "".join(f"{f'{s} s':>6}" for s in AHEAD_S)
    )
    for label, early, turns in aheads:
        within = [sum(t <= s + BUDGET_S for t in early) for s in AHEAD_S]
        print(
            f"  {label:<18}{statistics.median(early):>8.3f}{max(early):>8.3f}"
            f"{1000 * max(turns):>8.1f}{'':<23}" + "".join(f"{f'{n}/{deals}':>6}" for n in within),
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="this runtime only")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--first-only", action="store_true", help="master's first move only")
    options = parser.parse_args()
    if not options.first_only:
        bench_values(options.deals)
    bench_first_move(7)
    if not options.here and sys.platform != "emscripten":
        from rerun import in_pyodide

        more = ["--first-only"] if options.first_only else []
        in_pyodide("bench_opening.py", "--deals", str(options.deals), *more)


if __name__ == "__main__":
    main()
