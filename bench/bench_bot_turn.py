"""Triangle Catch editor: how long the example bot takes per turn under Pyodide, as on the page.

    python bench/bench_bot_turn.py                  # three maps
    python bench/bench_bot_turn.py --seeds 3 11 20261122

The editor runs a player's bot in a worker under Pyodide, kept running between
turns (triad/worker/botrunner.py). Here the same runner plays whole matches
of the example bot against the random bot, in Node (bench/botrunner_driver.mjs),
and prints the time the bot took per turn as the runner measures it: median,
mean, 90th percentile and worst, per map. Target: a typical (median) turn well
inside CodinGame's 50 ms limit. Prints figures only; never fails on time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.ui.catch.example import EXAMPLE_BOT  # noqa: E402
from triad.ui.catch.store import LIMITS  # noqa: E402

DRIVER = ROOT / "bench" / "botrunner_driver.mjs"
JSPI_FLAG = "--experimental-wasm-stack-switching"
#: CodinGame's limits, the editor's default: the first turn's, then each turn's (ms)
FIRST_MS, TARGET_MS = LIMITS["codingame"]
# No call is cut short: a loaded machine would turn a slow turn into a lost match.
PATIENCE_MS = 600_000


def play(node: str, seed: int) -> dict:
    """One match of the example bot against random on map ``seed``: the driver's report."""
    spec = {
        "code": EXAMPLE_BOT,
        "match": {"seed": seed, "bot": "random"},
        "timeout_ms": PATIENCE_MS,
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spec.json"
        path.write_text(json.dumps(spec))
        done = subprocess.run(
            [node, JSPI_FLAG, str(DRIVER), str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or f"the driver exited with {done.returncode}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(report, dict)
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 11, 20261122])
    options = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("(skipped: node or node_modules/pyodide is missing)")
        return 0
    print(f"example bot against random, Pyodide in Node; target: median under {TARGET_MS} ms")
    print(
        f"(CodinGame's limits, the editor's default: {FIRST_MS} ms the first turn, {TARGET_MS} ms"
        " each after; 'late' is the worst turn after the first, 'over' the turns past their limit)"
    )
    print(
        f"{'map':>10} {'turns':>6} {'median':>8} {'mean':>8} {'p90':>8} {'worst':>8}"
        f" {'first':>8} {'late':>8} {'over':>5}"
    )
    for seed in options.seeds:
        report = play(node, seed)
        turns = [t for t in report["turns"] if isinstance(t, dict) and t.get("ok")]
        if not turns or len(turns) != len(report["turns"]):
            print(
                f"{seed:>10} the bot failed: {report['turns'][-1] if report['turns'] else report}"
            )
            continue
        played = [float(t["ms"]) for t in turns]  # in the order played
        times = sorted(played)
        p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
        late = max(played[1:], default=0.0)
        over = (played[0] > FIRST_MS) + sum(ms > TARGET_MS for ms in played[1:])
        print(
            f"{seed:>10} {len(times):>6} {statistics.median(times):>6.1f}ms"
            f" {statistics.fmean(times):>6.1f}ms {p90:>6.1f}ms {times[-1]:>6.1f}ms"
            f" {played[0]:>6.1f}ms {late:>6.1f}ms {over:>5}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
