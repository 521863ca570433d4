"""The page's longest main-thread task from the first `ready` to the end of a match, cold load.

    python3 bench/bench_longtasks.py [--runs N] [--level LEVEL] [--open] [--result S] [--no-trace]

Each run opens the built bundle (dist/, built if missing) in a fresh
headless Chromium context (empty cache: a cold load, the engine booting in
its worker while the player already plays) and plays one whole match, once
by mouse clicks and once by F1 alone, from the moment the page first shows
`html.ready`.  The Long Tasks API reports every main-thread task over 50 ms;
this prints, for each way of playing, the longest task that started after
the first `ready` (boot included: the player may already act then) and the
list of those tasks.  The target is no task over 50 ms.

Each run also records a Chromium trace (what the Performance panel records)
that says what each of those tasks did: the main thread's CPU time in it
(on a busy machine a task waits for a core and lasts longer than the work in
it) and where that time went: MicroPython (the page's Python, run by timers,
events and promises), style, layout, paint, HTML parsing (region redraws),
messages from the engine worker, the JavaScript garbage collector.
`--no-trace` measures without it (tracing adds a little to every task).
`--open` adds Open to the rules (master then thinks while the player chooses
and deals the next match ahead); `--result S` goes on measuring for S seconds
on the result screen, where master thinks about the match dealt ahead.

Figures only: nothing here passes or fails on time.
"""

from __future__ import annotations

import argparse
import bisect
import json
import statistics
import sys
from collections import Counter
from typing import Any

from pagebench import RULES, SKIP_TITLE, play_match, seed_settings, served_chromium

LONG_MS = 50.0

PROBE = """
window.__lt = {tasks: [], ready: null, over: null};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lt.tasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
new MutationObserver(() => {
  const html = document.documentElement;
  if (window.__lt.ready === null && html.classList.contains("ready")) {
    window.__lt.ready = performance.now();
    console.timeStamp("bench-ready");  // the same moment in the trace's clock
  }
  if (window.__lt.over === null && document.querySelector("[data-result]")) {
    window.__lt.over = performance.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
"""

# The categories of the Performance panel: tasks, what runs in them, and thread CPU times.
TRACE_CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
]

# What a trace event's own time counts as (first match of its name wins).
KINDS = (
    ("svg document", ("IsolatedSVGDocumentHost", "DecodedDataDocumentParser")),
    ("engine message", ("HandlePostMessage", "SerializedScriptValue", "v8.deserialize")),
    ("style", ("UpdateLayoutTree", "recalcStyle", "updateStyle", "ParseAuthorStyleSheet")),
    ("layout", ("Layout", "performLayout", "ShapeText")),
    ("paint", ("Paint", "Layerize", "Commit", "Composit", "PrePaint", "Decode", "Raster")),
    ("html parse", ("ParseHTML", "HTMLDocumentParser")),
    ("gc", ("GC", "Sweep", "Mark")),
    ("script", ("FunctionCall", "TimerFire", "Microtask", "EventDispatch", "AnimationFrame")),
    ("script", ("v8.", "V8.", "EvaluateScript", "Compile")),
)


def kind_of(name: str) -> str:
    for kind, parts in KINDS:
        if any(part in name for part in parts):
            return kind
    return "other"


def entry_of(events: list[dict[str, Any]]) -> str:
    """What started a task: a timer, an event (its type), a frame, a message, a promise."""
    for e in events:
        name = e["name"]
        data = e.get("args", {}).get("data", {})
        if name == "TimerFire":
            return "timer"
        if name == "EventDispatch":
            return "event " + str(data.get("type", ""))
        if name == "FireAnimationFrame":
            return "animation frame"
        if name == "HandlePostMessage":
            return "worker message"
        if name in ("ParseHTML", "EvaluateScript"):
            return "page load"
        if name == "RunMicrotasks":
            return "promise"
    return "rendering"


class Trace:
    """The page's main thread in a Chromium trace, on the clock of `performance.now()`."""

    def __init__(self, raw: bytes) -> None:
        data = json.loads(raw)
        events = data["traceEvents"] if isinstance(data, dict) else data
        stamp = next(
            e
            for e in events
            if e.get("name") == "TimeStamp"
            and e.get("args", {}).get("data", {}).get("message") == "bench-ready"
        )
        self.thread = (stamp["pid"], stamp["tid"])
        self.stamp_us = float(stamp["ts"])
        self.events = sorted(
            (
                e
                for e in events
                if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == self.thread
            ),
            key=lambda e: (e["ts"], -e.get("dur", 0)),
        )
        self.starts = [e["ts"] for e in self.events]

    def cpu_between(self, start_ms: float, end_ms: float, ready_ms: float) -> float:
        """The main thread's CPU time (ms) in the tasks that began between the two moments."""
        origin = self.stamp_us - ready_ms * 1000
        lo = bisect.bisect_left(self.starts, origin + start_ms * 1000)
        hi = bisect.bisect_left(self.starts, origin + end_ms * 1000)
        tasks = [e for e in self.events[lo:hi] if e["name"] == "ThreadControllerImpl::RunTask"]
        return sum(e.get("tdur", 0) for e in tasks) / 1000

    def explain(self, start_ms: float, duration_ms: float, ready_ms: float) -> dict[str, Any]:
        """The main thread's CPU time in the task at `start_ms` (performance.now()), by kind."""
        origin = self.stamp_us - ready_ms * 1000
        begin = origin + start_ms * 1000 - 2000  # the two clocks agree to a millisecond
        end = origin + (start_ms + duration_ms) * 1000 + 2000
        lo = bisect.bisect_left(self.starts, begin)
        hi = bisect.bisect_left(self.starts, end)
        inside = self.events[lo:hi]
        tasks = [e for e in inside if e["name"] == "ThreadControllerImpl::RunTask"]
        task = max(tasks, key=lambda e: e.get("dur", 0), default=None)
        if task is not None:
            inside = [e for e in inside if task["ts"] <= e["ts"] < task["ts"] + task["dur"]]
        own: Counter[str] = Counter()
        stack: list[dict[str, Any]] = []
        for e in inside:
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1].get("dur", 0):
                stack.pop()
            cpu = e.get("tdur", 0)
            if stack:
                own[kind_of(stack[-1]["name"])] -= cpu
            own[kind_of(e["name"])] += cpu
            stack.append(e)
        return {
            "cpu": (task.get("tdur", 0) / 1000) if task is not None else None,
            "entry": entry_of(inside),
            "kinds": {k: v / 1000 for k, v in own.most_common() if v >= 1000},
        }


def one_run(
    browser: Any,
    url: str,
    how: str,
    level: str,
    trace: bool,
    rules: list[str] | None = None,
    result_s: float = 0.0,
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(seed_settings(level, rules))
    context.add_init_script(SKIP_TITLE)  # straight to the table
    context.add_init_script(PROBE)
    page = context.new_page()
    if trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(url)
    play_match(page, how)
    if result_s:
        page.wait_for_timeout(result_s * 1000)
    data = page.evaluate("window.__lt")
    if result_s:
        data["over"] = page.evaluate("performance.now()")  # (the result screen's seconds too)
    raw = browser.stop_tracing() if trace else None
    context.close()
    ready, over = data["ready"], data["over"]
    after = [(s, d) for s, d in data["tasks"] if ready <= s <= over]
    before = [d for s, d in data["tasks"] if s < ready]
    explained = []
    cpu = None
    if raw is not None:
        found = Trace(raw)
        explained = [found.explain(s, d, ready) for s, d in after]
        cpu = found.cpu_between(ready, over, ready)
    return {
        "ready": ready,
        "over": over,
        "after": after,
        "before": before,
        "why": explained,
        "cpu": cpu,
    }


def describe(start: float, duration: float, why: dict[str, Any] | None) -> str:
    text = f"{duration:.0f} ms at +{start:.0f} ms"
    if why:
        cpu = why["cpu"]
        kinds = ", ".join(f"{k} {v:.0f}" for k, v in why["kinds"].items())
        text += f" ({why['entry']}; CPU {cpu:.0f} ms" if cpu is not None else f" ({why['entry']}"
        text += f": {kinds})" if kinds else ")"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--level", default="master")
    parser.add_argument("--no-trace", action="store_true", help="no Chromium trace")
    parser.add_argument("--open", action="store_true", help="Open too")
    parser.add_argument("--result", type=float, default=0.0, help="seconds on the result")
    args = parser.parse_args(argv)
    trace = not args.no_trace
    rules = [*RULES, "open"] if args.open else RULES
    until = f"{args.result:g} s on its result" if args.result else "the match's end"
    print(f"Long tasks from the first ready to {until}, cold loads, CPU '{args.level}'")
    print(f"(rules {' '.join(rules)}; the target is no task over 50 ms)")
    if trace:
        print("(each: wall time, what started it; the main thread's CPU time and its parts, ms)")
    with served_chromium() as (browser, url):
        for how, name in (("click", "by clicks"), ("f1", "by F1")):
            longest: list[float] = []
            busiest: list[float] = []
            for _ in range(args.runs):
                run = one_run(browser, url, how, args.level, trace, rules, args.result)
                ready = run["ready"]
                durations = [d for _, d in run["after"]]
                longest.append(max(durations, default=0.0))
                cpus = [w["cpu"] for w in run["why"] if w["cpu"] is not None]
                busiest.append(max(cpus, default=0.0))
                cpu = run["cpu"]
                print(
                    f"  {name}: ready at {ready:.0f} ms, match over at {run['over']:.0f} ms;"
                    + (
                        f" main thread CPU in between {cpu / 1000:.2f} s;"
                        if cpu is not None
                        else ""
                    )
                    + f" {len(durations)} long tasks after ready;"
                    f" longest before ready {max(run['before'], default=0):.0f} ms"
                )
                whys = run["why"] or [None] * len(run["after"])
                for (s, d), why in zip(run["after"], whys, strict=True):
                    print("    " + describe(s - ready, d, why))
            line = (
                f"  {name}: longest task after the first ready, median of {args.runs} runs:"
                f" {statistics.median(longest):.0f} ms (worst {max(longest):.0f} ms)"
            )
            if trace:
                line += f"; most CPU in one of them {max(busiest):.0f} ms"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
