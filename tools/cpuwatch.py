"""Where a test run's CPU goes, by kind of process (build.py's full lane prints it).

pytest's own figures count a test's process tree, and miss what its browsers spend
outside it: a Chromium renderer that exits is reaped by the browser's zygote, the warm
pool's browsers outlive every test, WebKit's processes are not the test's children. So
`Watch` reads every process's CPU time from /proc once a second, in a thread of its own,
and sums the growth by kind (`kind_of`: a Chromium renderer, its GPU process, Firefox...).
A process that starts and ends between two readings is missed, and one that ends loses
its last second: `covered` says how much of the machine's busy time was seen.
"""

from __future__ import annotations

import os
import re
import threading
from collections import defaultdict

# The kinds, in the order they are printed (what is no browser's nor a test's is "other").
KINDS = (
    "chromium renderers",
    "chromium gpu",
    "chromium browser and utilities",
    "firefox",
    "webkit",
    "python",
    "node",
    "other",
)


def kind_of(command: str, name: str) -> str:
    """The kind of a process, from its command line (NUL-separated as in /proc, or spaced)
    and its name (/proc's comm)."""
    words = command.replace("\0", " ")
    program = words.split(" ", 1)[0]
    if "chrom" in program:
        kind = re.search(r"--type=([a-z-]+)", words)
        if kind is None or kind.group(1) not in ("renderer", "gpu-process"):
            return "chromium browser and utilities"
        return "chromium renderers" if kind.group(1) == "renderer" else "chromium gpu"
    if "firefox" in program:
        return "firefox"
    if "webkit" in words.lower() or name.startswith("WebKit"):
        return "webkit"
    if "python" in os.path.basename(program) or name.startswith("python"):
        return "python"
    if os.path.basename(program) == "node":
        return "node"
    return "other"


def _ticks(pid: str) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _describe(pid: str) -> tuple[str, str]:
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        command = cmdline.read().decode(errors="replace")
    with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as comm:
        return command, comm.read().strip()


def _busy_ticks() -> int:
    """The machine's busy ticks (/proc/stat: all but idle and iowait)."""
    with open("/proc/stat", encoding="ascii") as stat:
        ticks = [int(n) for n in stat.readline().split()[1:9]]
    return sum(ticks) - ticks[3] - ticks[4]


class Watch:
    """CPU seconds by kind of process while it runs (`start`, `stop`, `report`); nothing
    where there is no /proc."""

    def __init__(self, every: float = 1.0) -> None:
        self.every = every
        self.seen: dict[str, tuple[str, int]] = {}  # pid: (its kind, its ticks last read)
        self.ticks: dict[str, int] = defaultdict(int)
        self.busy = 0
        self.began = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="cpuwatch", daemon=True)
        self.hz = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def start(self) -> Watch:
        if os.path.exists("/proc/stat"):
            self.began = _busy_ticks()
            self._read(first=True)
            self.thread.start()
        return self

    def stop(self) -> None:
        if self.thread.is_alive():
            self.done.set()
            self.thread.join()
            self._read()
            self.busy = _busy_ticks() - self.began

    def _run(self) -> None:
        while not self.done.wait(self.every):
            self._read()

    def _read(self, first: bool = False) -> None:
        me = str(os.getpid())
        try:
            pids = [p for p in os.listdir("/proc") if p.isdigit() and p != me]
        except OSError:
            return
        for pid in pids:
            try:
                now = _ticks(pid)
                if pid in self.seen:
                    kind, before = self.seen[pid]
                else:  # (a process begun since the last reading: all of its time is new)
                    kind, before = kind_of(*_describe(pid)), now if first else 0
            except (OSError, ValueError, IndexError):
                continue
            self.ticks[kind] += max(0, now - before)
            self.seen[pid] = (kind, now)

    def seconds(self) -> dict[str, float]:
        """CPU seconds by kind, every kind named (KINDS' order)."""
        return {kind: self.ticks.get(kind, 0) / self.hz for kind in KINDS}

    def report(self) -> str:
        """One line: the seconds by kind, and how much of the machine's busy time they are."""
        seconds = self.seconds()
        seen = sum(seconds.values())
        busy = self.busy / self.hz
        parts = ", ".join(f"{kind} {s:.0f}" for kind, s in seconds.items() if s >= 0.5)
        share = f"{100 * seen / busy:.0f}%" if busy else "none"
        return f"CPU seconds by process, read each second: {parts} ({share} of the busy time)"
