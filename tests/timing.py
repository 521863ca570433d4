"""The suite's own time, as a pytest plugin: the time per folder at the end of a run, and
the record of a whole lane's run that `bench/bench_suite.py` reads.

Each test's time is its setup, call and teardown; a folder's is the sum of its tests'
(`tests/browser`, `tests/engine`...; files at the top of tests/ count as `tests`). Under
pytest-xdist the sums are over the workers, so they add up to more than the wall time,
which is printed beside them. `build.py test` names the lane it runs (TRIAD_LANE: `full`
or `quick`) when it runs the whole of it: that run is written to
test-artifacts/suite-times-LANE.json (a run of some files writes nothing). The full lane
runs in parts, one pytest run each, at the same time (TRIAD_LANE_PARTS: `cpython,browser`;
TRIAD_LANE_PART: this one's): each part is written to suite-times-LANE.PART.json, and the
one that ends last writes the lane's record from every part of the same run
(TRIAD_LANE_RUN), with each part's wall time and workers, and the lane's wall time from the
first part's start to the last one's end.

Each test also reports the CPU seconds it spent (`cpu_seconds`, tests/conftest.py: its
process's and its waited-for children's; a browser test's, tests/browser/conftest.py: its
worker's processes, the browsers' and their pages' work), the measure that counts on a
machine whose cores the two parts share. They are printed beside the times (per folder,
the total and the costliest) and kept in the record under `cpu`.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import subprocess
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "test-artifacts"
LANES = ("full", "quick")
CPU_SHOWN = 15  # the tests of the most CPU seconds printed at the end


def record_path(lane: str, part: str = "") -> Path:
    return RECORDS / f"suite-times-{lane}{'.' + part if part else ''}.json"


def folder_of(nodeid: str) -> str:
    """`tests/browser` for tests/browser/test_x.py::test_y; `tests` for tests/test_x.py."""
    parts = nodeid.split("::", 1)[0].split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


class SuiteTimes:
    """Adds up each test's time; prints it by folder; records a lane's whole run."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.seconds: dict[str, float] = defaultdict(float)
        self.outcomes: dict[str, str] = {}
        self.cpu: dict[str, float] = {}  # a test's CPU seconds (`cpu_seconds`)
        self.start = time.monotonic()
        self.started = time.time()  # (the parts' clocks, compared across processes)
        self.lane = os.environ.get("TRIAD_LANE", "")
        self.part = os.environ.get("TRIAD_LANE_PART", "")
        self.parts = [p for p in os.environ.get("TRIAD_LANE_PARTS", "").split(",") if p]

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration
        for name, value in report.user_properties:
            if name == "cpu_seconds":
                self.cpu[report.nodeid] = float(value)
        # failed if any phase failed; else skipped if one was, else the call's outcome
        if self.outcomes.get(report.nodeid) != "failed" and (
            report.when == "call" or report.outcome != "passed"
        ):
            self.outcomes[report.nodeid] = report.outcome

    def by_folder(self) -> dict[str, tuple[int, float]]:
        folders: dict[str, list[float]] = defaultdict(list)
        for nodeid, seconds in self.seconds.items():
            folders[folder_of(nodeid)].append(seconds)
        return {name: (len(times), sum(times)) for name, times in sorted(folders.items())}

    def cpu_by_folder(self) -> dict[str, float]:
        folders: dict[str, float] = defaultdict(float)
        for nodeid, seconds in self.cpu.items():
            folders[folder_of(nodeid)] += seconds
        return dict(folders)

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.seconds:
            return
        wall = time.monotonic() - self.start
        total = sum(self.seconds.values())
        write = terminalreporter.write_line
        terminalreporter.section("time per folder")
        cpu = self.cpu_by_folder()
        for name, (count, seconds) in self.by_folder().items():
            write(
                f"{name:<20} {count:>5} tests {seconds:>8.1f} s {100 * seconds / total:>5.1f} %"
                f"{cpu.get(name, 0.0):>9.1f} CPU-s"
            )
        write(
            f"{'all':<20} {len(self.seconds):>5} tests {total:>8.1f} s, {wall:.1f} s of wall time,"
            f" {sum(self.cpu.values()):.1f} CPU-s"
        )
        if self.cpu:
            write("the tests of the most CPU seconds (their processes' and children's):")
            for nodeid, seconds in sorted(self.cpu.items(), key=lambda kv: -kv[1])[:CPU_SHOWN]:
                write(f"{seconds:>8.1f} s  {nodeid}")
        if self.lane in LANES:
            written = self.write_record(wall)
            write(f"recorded in {written.relative_to(ROOT)}")

    def write_record(self, wall: float) -> Path:
        """This run's record; the lane's once its last part has run. Where it went."""
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        counts: dict[str, int] = defaultdict(int)
        for outcome in self.outcomes.values():
            counts[outcome] += 1
        record = {
            "lane": self.lane,
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit or "unknown",
            "ci": bool(os.environ.get("CI")),
            "workers": self.config.getoption("numprocesses", None) or 0,
            "wall_seconds": round(wall, 1),
            "outcomes": dict(counts),
            "tests": {nodeid: round(s, 3) for nodeid, s in sorted(self.seconds.items())},
            "cpu": {nodeid: round(s, 2) for nodeid, s in sorted(self.cpu.items())},
        }
        RECORDS.mkdir(exist_ok=True)
        with open(RECORDS / "suite-times.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # (the parts end at any time; released on close)
            if self.part in self.parts:
                record["run"] = os.environ.get("TRIAD_LANE_RUN", "")
                record["span"] = [round(self.started, 1), round(time.time(), 1)]
                path = record_path(self.lane, self.part)
                path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
                records = [read(record_path(self.lane, p)) for p in self.parts]
                if any(r.get("run") != record["run"] for r in records):
                    return path  # (a part of this run is still running)
                record = merge_parts(self.parts, records)
            path = record_path(self.lane)
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        return path


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def merge_parts(names: list[str], records: list[dict[str, Any]]) -> dict[str, Any]:
    """One lane's record from its parts' (the last one's run; a part of another run, or
    missing, is left out and named under `missing`)."""
    last = records[-1]
    merged = {key: last[key] for key in ("lane", "date", "commit", "ci")}
    ours = [(n, r) for n, r in zip(names, records, strict=True) if r.get("run") == last["run"]]
    outcomes: dict[str, int] = defaultdict(int)
    tests: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for _, record in ours:
        for outcome, count in record["outcomes"].items():
            outcomes[outcome] += count
        tests.update(record["tests"])
        cpu.update(record.get("cpu", {}))
    merged["workers"] = max(record["workers"] for _, record in ours)
    spans = [record["span"] for _, record in ours if "span" in record]
    if len(spans) == len(ours):  # from the first start to the last end (the parts overlap)
        merged["wall_seconds"] = round(max(e for _, e in spans) - min(s for s, _ in spans), 1)
    else:
        merged["wall_seconds"] = round(sum(record["wall_seconds"] for _, record in ours), 1)
    merged["parts"] = {
        name: {k: record[k] for k in ("wall_seconds", "workers")} | {"tests": len(record["tests"])}
        for name, record in ours
    }
    merged["missing"] = [name for name in names if name not in merged["parts"]]
    merged["outcomes"] = dict(outcomes)
    merged["tests"] = dict(sorted(tests.items()))
    merged["cpu"] = dict(sorted(cpu.items()))
    return merged


# Each browser test's seconds in a full run, for the order the browser tests run in.
DURATIONS = ROOT / "tests" / "browser" / "durations.json"
UNKNOWN_SECONDS = 10.0  # a test of a file not in DURATIONS yet


def longest_first(nodeids: list[str], durations: dict[str, float]) -> list[str]:
    """`nodeids`, the longest first by `durations`: a test not in it counts as the longest
    of its file's (a new test is often a longer one's sibling), or UNKNOWN_SECONDS. Ties
    keep their order (each xdist worker sorts the same collection the same way)."""
    longest: dict[str, float] = {}
    for nodeid, seconds in durations.items():
        path = nodeid.split("::", 1)[0]
        longest[path] = max(longest.get(path, 0.0), seconds)

    def seconds(nodeid: str) -> float:
        if nodeid in durations:
            return durations[nodeid]
        return longest.get(nodeid.split("::", 1)[0], UNKNOWN_SECONDS)

    return sorted(nodeids, key=lambda nodeid: -seconds(nodeid))


def read_durations() -> dict[str, float]:
    return {k: float(v) for k, v in read(DURATIONS).items()}


def write_durations(record: dict[str, Any]) -> Path:
    """DURATIONS from a full lane's record: its browser tests' seconds, to a tenth."""
    tests = record.get("tests", {})
    browser = {k: round(v, 1) for k, v in sorted(tests.items()) if k.startswith("tests/browser/")}
    DURATIONS.write_text(json.dumps(browser, indent=0) + "\n", encoding="utf-8")
    return DURATIONS


if __name__ == "__main__":
    # python3 -m tests.timing: DURATIONS from the last full run (test-artifacts/).
    print(f"wrote {write_durations(read(record_path('full'))).relative_to(ROOT)}")
