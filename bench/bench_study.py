"""Analysis and daily puzzle benchmark: time to analyse a match, to make a day's puzzle.

    python bench/bench_study.py            # CPython figures, then the same under Pyodide
    python bench/bench_study.py --here     # this runtime only (what the Pyodide run executes)
    options: --days N (days of puzzles from 2026-11-23, a Monday; default 7)

Prints figures; never fails on time. The analysis is of matches played at
random (every move a different position), with Open (exact marks) and
without (moves judged on what the mover saw); the first move's exact search
is most of it. A puzzle's time is the whole search for the day (the page's
worker runs it in slices).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.cards import builtin_set  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.notation import MatchRecord, replay  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.study.analysis import Analyser  # noqa: E402
from triad.study.puzzle import daily_maker, grade_for_day  # noqa: E402

MONDAY = datetime.date(2026, 11, 23)


def analysis_figures() -> None:
    cards = builtin_set()
    for names in (["open"], ["open", "same", "plus", "combo"], []):
        for seed in (1, 2):
            rules = RuleSet.parse(names)
            state = deal_match(MatchConfig(rules, cards), seed).start()
            rng = random.Random(seed)
            moves = []
            while not state.is_terminal:
                move = rng.choice(state.legal_moves())
                moves.append(move)
                state, _ = state.apply(move)
            record = MatchRecord(cards.id, seed, rules, games=(tuple(moves),))
            analyser = Analyser(record, replay(record, cards))
            times = []
            while not analyser.done:
                started = time.perf_counter()
                analyser.step()
                times.append(time.perf_counter() - started)
            label = ",".join(names) or "hidden"
            print(
                f"analysis {label:<22} seed {seed}: {sum(times):6.2f} s "
                f"(first move {times[0]:5.2f} s, slowest other {max(times[1:]):5.2f} s)"
            )


def puzzle_figures(days: int) -> None:
    for i in range(days):
        day = MONDAY + datetime.timedelta(days=i)
        maker = daily_maker(day)
        started = time.perf_counter()
        while not maker.attempt():
            pass
        search = time.perf_counter() - started
        puzzle = maker.puzzle()
        total = time.perf_counter() - started
        print(
            f"puzzle {day} grade {grade_for_day(day)} (got {puzzle.grade}): {total:5.2f} s, "
            f"{maker.attempts} tries, search {search:5.2f} s, "
            f"{puzzle.state.board.count(None)} empty"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--here", action="store_true", help="this runtime only")
    parser.add_argument("--days", type=int, default=7)
    options = parser.parse_args()
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    print(f"# {impl} {platform.python_version()}")
    analysis_figures()
    puzzle_figures(options.days)
    if options.here:
        return 0
    node = ["node", str(ROOT / "bench" / "pyodide_runner.mjs"), __file__, "--here"]
    node += ["--days", str(options.days)]
    try:
        subprocess.run(node, cwd=ROOT, check=False, timeout=3600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"# Pyodide run skipped: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
