"""The test suite's own time: the last whole run of each lane, by folder and slowest tests.

    python3 build.py test            # the full lane (CI's), recorded as it ends
    python3 build.py test --quick    # the quick lane (no browser), recorded as it ends
    python3 build.py bench --write suite

It runs no test: it reads what the last whole run of each lane left in
test-artifacts/suite-times-LANE.json (tests/timing.py writes it; a run of some
files only writes nothing) and prints when and where that run was, its wall
time (by part: the full lane's browser tests on xdist workers, and beside them its
CPython tests, niced), its tests' time by folder (browser against CPython), and its
slowest tests. Times are wall times on whatever machine ran it, noted as it was (a
busy shared machine can double them). Targets: the full lane within 15 minutes
on the two-core development machine with nothing else running, the quick lane
within 3.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.timing import LANES, folder_of, record_path  # noqa: E402

TARGETS = {"full": 15 * 60, "quick": 3 * 60}
SLOWEST = 15


def minutes(seconds: float) -> str:
    whole = round(seconds)  # (899.8 s is 15 min 00 s, not 14 min 60 s)
    return f"{whole // 60} min {whole % 60:02d} s"


def report(lane: str, record: dict) -> None:
    tests: dict[str, float] = record["tests"]
    total = sum(tests.values())
    wall = record["wall_seconds"]
    outcomes = ", ".join(f"{n} {name}" for name, n in sorted(record["outcomes"].items()))
    workers = record["workers"] or "no"
    print(f"== {lane} lane: run on {record['date']}, commit {record['commit']}", end="")
    print(", under CI" if record["ci"] else "", end="")
    print(f", {workers} xdist workers")
    print(f"{len(tests)} tests ({outcomes}) in {minutes(wall)} of wall time", end="")
    print(f" (target {minutes(TARGETS[lane])}); their own times add up to {minutes(total)}")
    for name, part in record.get("parts", {}).items():  # (the full lane: one run a part)
        on = f"{part['workers']} xdist workers" if part["workers"] else "one process"
        print(f"  part {name}: {part['tests']} tests in {minutes(part['wall_seconds'])}, {on}")
    if record.get("missing"):
        print(f"  parts not recorded in this run: {', '.join(record['missing'])}")
    folders: dict[str, list[float]] = {}
    for nodeid, seconds in tests.items():
        folders.setdefault(folder_of(nodeid), []).append(seconds)
    browser = sum(folders.get("tests/browser", []))
    print(f"  browser {minutes(browser)}, CPython {minutes(total - browser)}")
    print(f"  {'folder':<18} {'tests':>6} {'seconds':>9} {'share':>6}")
    for name, times in sorted(folders.items(), key=lambda item: -sum(item[1])):
        share = 100 * sum(times) / total if total else 0
        print(f"  {name:<18} {len(times):>6} {sum(times):>9.1f} {share:>5.1f}%")
    print(f"  slowest {SLOWEST}:")
    for nodeid, seconds in sorted(tests.items(), key=lambda item: -item[1])[:SLOWEST]:
        print(f"  {seconds:>8.1f} s  {nodeid}")


def main() -> int:
    found = 0
    for lane in LANES:
        path = record_path(lane)
        if not path.exists():
            command = "python3 build.py test" + (" --quick" if lane == "quick" else "")
            print(f"== {lane} lane: no record yet ({command} leaves one)")
            continue
        report(lane, json.loads(path.read_text(encoding="utf-8")))
        found += 1
    if not found:
        print("bench_suite: no whole run of a lane is recorded in test-artifacts/", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
