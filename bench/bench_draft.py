"""Draft benchmark: time per CPU pick, and drafted matches of the draft picker against the old one.

    python bench/bench_draft.py               # CPython figures, then pick times under Pyodide
    python bench/bench_draft.py --here        # pick times only (what the Pyodide run executes)
    python bench/bench_draft.py --series      # the match series only
    options: --deals N (deals per rule set in the series, default 20: 2 N matches),
             --budget MS (master's budget per move in the series, default 150;
             0: no limit, every move exact, so the hands alone decide),
             --rules LABEL (one rule set of the series)

Prints figures; never fails on time. In the series both players' moves are
master's (same budget) and each deal is played twice, the pickers swapping
seats, so only the draft differs. "old" is the picker the page used before:
the strongest card by level then side total.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.capture import Player  # noqa: E402
from triad.cards import builtin_set  # noqa: E402
from triad.cpu import LEVELS, Brain  # noqa: E402
from triad.cpu.draft import draft_pick  # noqa: E402
from triad.match import DraftState, Match, MatchConfig, deal_match  # noqa: E402
from triad.observe import observe  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import Table  # noqa: E402

#: (label, card set, rules) of the series; every one drafts.
RULE_SETS = [
    ("basic", "houses", ["draft"]),
    ("same+plus+combo", "houses", ["draft", "same", "plus", "combo"]),
    ("elemental", "elements", ["draft", "elemental"]),
    ("banner", "houses", ["draft", "banner"]),
    ("same_wall+battle", "houses", ["draft", "same_wall", "battle"]),
]

Picker = Callable[[DraftState, Table, int], int]


def runtime() -> str:
    """Which Python runs this."""
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    return f"{impl} {platform.python_version()}"


def old_pick(draft: DraftState, table: Table, seed: int) -> int:
    """The picker the page used before: the strongest card by level, then side total."""
    available = draft.available
    ranked = sorted(available, key=lambda i: (-draft.pool[i].level, -draft.pool[i].power, i))
    return ranked[0]


def new_pick(draft: DraftState, table: Table, seed: int) -> int:
    """The master draft picker."""
    return draft_pick(draft, table, "master", seed)


def deal(card_set: str, names: list[str], seed: int) -> Match:
    """Seeded drafted match."""
    return deal_match(MatchConfig(RuleSet.parse(names), builtin_set(card_set)), seed)


def drafted(match: Match, pickers: tuple[Picker, Picker]) -> DraftState:
    """The finished draft with ``pickers`` (blue, red)."""
    draft = match.draft()
    while not draft.is_done:
        draft = draft.pick(pickers[draft.to_pick](draft, match.table, match.seed))
    return draft


def play(match: Match, draft: DraftState, budget_ms: float | None) -> tuple[int, int]:
    """Both sides master with ``budget_ms`` per move (None: no limit): the final score."""
    state = match.start(draft.hands)
    brains = (Brain("master", match.seed), Brain("master", match.seed + 1))
    while not state.is_terminal:
        mover = state.to_move
        state, _ = state.apply(brains[mover].choose(observe(state, mover), budget_ms))
    return state.score


def bench_picks(deals: int) -> None:
    """Time of each pick, every level, on seeded deals (Same+Plus+Combo on the Houses set)."""
    print(f"draft pick time, {deals} seeded deals, {runtime()}")
    print(f"  {'level':<8}{'median ms':>10}{'max ms':>8}   (first pick / later picks median)")
    for level in LEVELS:
        times: list[float] = []
        first: list[float] = []
        for seed in range(1, deals + 1):
            match = deal("houses", ["draft", "same", "plus", "combo", "banner"], seed)
            draft = match.draft()
            while not draft.is_done:
                t0 = time.perf_counter()
                index = draft_pick(draft, match.table, level, seed)
                took = (time.perf_counter() - t0) * 1000
                (times if draft.blue_picks or draft.red_picks else first).append(took)
                draft = draft.pick(index)
        every = times + first
        print(
            f"  {level:<8}{statistics.median(every):>10.1f}{max(every):>8.1f}"
            f"   ({statistics.median(first):.1f} / {statistics.median(times):.1f})",
            flush=True,
        )
    # the same in every runtime: a deal drafts the same way in the page and here
    orders = []
    for seed in range(1, 4):
        match = deal("houses", ["draft", "same", "plus", "combo", "banner"], seed)
        final = drafted(match, (new_pick, new_pick))
        orders.append(f"{list(final.blue_picks)}/{list(final.red_picks)}")
    print("  master's drafts of deals 1-3 (blue/red picks): " + "  ".join(orders), flush=True)


def bench_series(deals: int, budget_ms: float | None, only: str | None) -> None:
    """New picker against old: each deal twice, seats swapped; both play as master."""
    limit = "no time limit (exact)" if budget_ms is None else f"{budget_ms:.0f} ms per move"
    print(f"drafted matches, new picker vs old, master play with {limit}, {runtime()}")
    print(f"  {'rules':<18}{'W':>4}{'D':>4}{'L':>4}{'cards +/-':>11}   (the new picker's results)")
    for label, card_set, names in RULE_SETS:
        if only and label != only:
            continue
        wins = draws = losses = margin = 0
        t0 = time.perf_counter()
        for seed in range(1, deals + 1):
            match = deal(card_set, names, 1000 + seed)
            for seat in (Player.BLUE, Player.RED):
                pickers: tuple[Picker, Picker] = (
                    (new_pick, old_pick) if seat is Player.BLUE else (old_pick, new_pick)
                )
                score = play(match, drafted(match, pickers), budget_ms)
                diff = score[seat] - score[seat.other]
                margin += diff
                wins += diff > 0
                draws += diff == 0
                losses += diff < 0
        print(
            f"  {label:<18}{wins:>4}{draws:>4}{losses:>4}{margin:>+11}"
            f"   {2 * deals} matches, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="pick times only, in this Python")
    parser.add_argument("--series", action="store_true", help="the match series only")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--budget", type=float, default=150)
    parser.add_argument("--rules", default=None)
    options = parser.parse_args()
    if not options.series:
        bench_picks(10)
    if options.here:
        return
    if not options.series and not os.environ.get("BENCH_NO_PYODIDE"):
        from rerun import in_pyodide

        in_pyodide("bench_draft.py")
    bench_series(options.deals, options.budget or None, options.rules)


if __name__ == "__main__":
    main()
