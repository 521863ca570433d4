"""The first visit over a slow network: dist/ served through a paced link, Chromium, a new profile.

The server (bench/pacing.py) shares one link among all its responses (9 Mbit/s
with 170 ms per request, "fast 4G", and 50 Mbit/s with 20 ms) and counts every
byte it sends, whoever asks: the page, the engine worker and the service worker.
A new browser profile opens the game, clicks Play on the title screen as soon as
it shows, places a card as soon as the table takes one (the deal is fixed: the
default rules, the player moves first), and waits for the CPU's card; then for the service worker's cache to hold the whole game; then reloads
(a warm visit, served from that cache). Times are from navigation start.

Goals at 9 Mbit/s (issue 32): title <= 1.5 s, playable table <= 2 s, CPU's first
card <= 8 s with <= 8 MB sent, the whole visit <= 1.1x the build's bytes, warm
ready <= 1 s with nothing sent.

    python3 build.py bench network     (or: python bench/bench_network.py [--runs N] [--trace])

--trace prints, for each first visit, every response (asked, first byte, done, size) and
the engine worker's stamps (performance marks: downloads done, wasm compiled, Python
started, engine imported, each call), in seconds from navigation start.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.pacing import PacedServer  # noqa: E402
from bench.pagebench import click_move  # noqa: E402
from tests.browser.test_page_session import fixed_seed_script, seed_where  # noqa: E402

PROFILES = ((9.0, 170.0), (50.0, 20.0))
TIMEOUT_MS = 180_000

# Stamps, relative to navigation start: the title screen, each time the page waits for
# the player, each new count of cards on the board, the engine's boot.
PROBE = """
(() => {
  const t = (window.__net = { ready: [], cards: {} });
  const now = () => performance.now();
  const look = () => {
    const root = document.documentElement;
    if (!root) return;
    if (!("title" in t) && document.querySelector('.title-screen [data-do="title_play"]')) t.title = now();
    if (root.classList.contains("ready")) {
      if (!t.wasReady) t.ready.push(now());
      t.wasReady = true;
    } else t.wasReady = false;
    const n = document.querySelectorAll("[data-cell][data-owner]").length;
    if (n && !(n in t.cards)) t.cards[n] = now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  window.addEventListener("triad-engine", (e) => { if (e.detail.state === "ready" && !("engine" in t)) t.engine = now(); });
})();
"""


# The files in the service worker's build cache ("triad:SCOPE:BUILD"; the engine worker's
# kept wasm is apart, in "triad-wasm:SCOPE"), -1 unless there is one.
CACHED = """async () => {
    const keys = (await caches.keys()).filter((key) => key.startsWith("triad:"));
    if (keys.length !== 1) return -1;
    return (await (await caches.open(keys[0])).keys()).length;
}"""


def precache_count(dist: Path) -> int:
    sw = (dist / "sw.js").read_text()
    start = sw.index("const FILES = ") + len("const FILES = ")
    return len(json.loads(sw[start : sw.index("];", start) + 1]))


def build_bytes(dist: Path) -> int:
    return sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())


MARKS = """() => ({
    origin: performance.timeOrigin,
    marks: performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]),
    name: self.name || "",
})"""


def trace(page: Any, server: PacedServer, origin: float) -> list[str]:
    """The first visit's timeline: each response (asked, first byte, last byte, size) and
    the workers' stamps (engine-worker.js's marks), in seconds from navigation start."""
    events: list[tuple[float, str]] = []
    for e in server.link.log:
        events.append(
            (
                e.start - origin,
                f"{e.path} {e.status}: first byte +{e.first - e.start:.2f} s,"
                f" done {e.end - origin:.2f} s, {e.bytes / 1000:.0f} kB",
            )
        )
    for worker in page.workers:
        try:
            seen = worker.evaluate(MARKS)
        except Exception:  # a worker ended meanwhile
            continue
        for name, at in seen["marks"]:
            if name.startswith("triad:"):
                when = (seen["origin"] + at) / 1000 - origin
                events.append((when, f"[{seen['name'] or worker.url}] {name[6:]}"))
    return [f"{when:7.2f} s  {what}" for when, what in sorted(events)]


def first_visit(
    browser: Any, server: PacedServer, dist: Path, timeline: list[str] | None = None
) -> dict[str, Any]:
    server.link.reset()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(PROBE)
    context.add_init_script(fixed_seed_script(seed_where("blue", ["banner"])))
    page = context.new_page()
    page.goto(server.url, wait_until="commit")
    origin = page.evaluate("performance.timeOrigin") / 1000
    page.locator('.title-screen [data-do="title_play"]').click()
    page.wait_for_function(
        "() => window.__net.ready.length || Object.keys(window.__net.cards).length",
        timeout=TIMEOUT_MS,
    )
    net = page.evaluate("window.__net")
    cpu_first = bool(net["cards"])
    if not cpu_first:
        click_move(page)  # the player's move: a card, then the middle free cell twice
        page.wait_for_function("() => 2 in window.__net.cards", timeout=TIMEOUT_MS)
    else:
        page.wait_for_function("() => window.__net.ready.length", timeout=TIMEOUT_MS)
    page.wait_for_function("() => 'engine' in window.__net", timeout=TIMEOUT_MS)
    net = page.evaluate("window.__net")
    cpu_card = net["cards"]["1" if cpu_first else "2"] / 1000
    playable = net["ready"][0] / 1000
    if timeline is not None:
        timeline += trace(page, server, origin)
        timeline += [f"{net[k] / 1000:7.2f} s  page: {k}" for k in ("title", "engine") if k in net]
        timeline += [f"{playable:7.2f} s  page: playable", f"{cpu_card:7.2f} s  page: CPU's card"]
        timeline.sort()
    # The whole visit: until the service worker's cache holds the game, and a moment more.
    expected = precache_count(dist)
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate(CACHED) < expected and time.monotonic() < deadline:
        time.sleep(0.25)
    time.sleep(1.0)
    visit = server.link.total
    twice = sorted(p for p, n in server.full_downloads().items() if n > 1)
    result = {
        "title": net["title"] / 1000,
        "title_bytes": server.link.sent_by(origin + net["title"] / 1000),
        "playable": playable,
        "playable_bytes": server.link.sent_by(origin + playable),
        "engine": net["engine"] / 1000,
        "engine_bytes": server.link.sent_by(origin + net["engine"] / 1000),
        "cpu": cpu_card,
        "cpu_bytes": server.link.sent_by(origin + cpu_card),
        "cpu_first": cpu_first,
        "visit_bytes": visit,
        "twice": twice,
    }
    # A warm visit: the reload is served by the service worker.
    before = server.link.total
    page.reload(wait_until="commit")
    page.wait_for_function("() => window.__net.ready.length > 0", timeout=TIMEOUT_MS)
    result["warm"] = page.evaluate("window.__net.ready[0]") / 1000
    page.wait_for_function("() => 'engine' in window.__net", timeout=TIMEOUT_MS)
    time.sleep(0.5)
    result["warm_bytes"] = server.link.total - before
    context.close()
    return result


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's median over the runs (the run with the median CPU time for the rest)."""
    if len(runs) == 1:
        return runs[0]
    out = dict(sorted(runs, key=lambda r: r["cpu"])[len(runs) // 2])
    for key, value in runs[0].items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = statistics.median(r[key] for r in runs)
    out["twice"] = sorted({path for r in runs for path in r["twice"]})  # in any run
    return out


def table(results: list[tuple[str, dict[str, Any]]], total: int) -> str:
    mb = 1e6
    rows = [
        "| first visit | " + " | ".join(name for name, _ in results) + " |",
        "| --- |" + " --- |" * len(results),
    ]

    def row(label: str, cell: Any) -> None:
        rows.append(f"| {label} | " + " | ".join(cell(r) for _, r in results) + " |")

    row("title shown", lambda r: f"{r['title']:.1f} s ({r['title_bytes'] / mb:.1f} MB sent)")
    row("playable table", lambda r: f"{r['playable']:.1f} s ({r['playable_bytes'] / mb:.1f} MB)")
    row("engine booted", lambda r: f"{r['engine']:.1f} s ({r['engine_bytes'] / mb:.1f} MB)")
    row(
        "CPU's first card on the board",
        lambda r: (
            f"{r['cpu']:.1f} s ({r['cpu_bytes'] / mb:.1f} MB sent)"
            + (" (CPU moved first)" if r["cpu_first"] else "")
        ),
    )
    row(
        "whole visit, cache filled",
        lambda r: f"{r['visit_bytes'] / mb:.1f} MB ({r['visit_bytes'] / total:.2f}x the build)",
    )
    row(
        "files sent twice",
        lambda r: str(len(r["twice"])) + (f" ({', '.join(r['twice'][:4])})" if r["twice"] else ""),
    )
    row("warm reload: ready", lambda r: f"{r['warm']:.1f} s ({r['warm_bytes'] / mb:.2f} MB sent)")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--runs", type=int, default=3, help="first visits per network (each figure the median)"
    )
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the bundle to serve")
    parser.add_argument("--fast", action="store_true", help="only 50 Mbit/s")
    parser.add_argument("--slow", action="store_true", help="only 9 Mbit/s")
    parser.add_argument(
        "--trace", action="store_true", help="print each first visit's requests and stamps"
    )
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        build.ensure_node_modules()
        build.bundle(args.dist)
    from playwright.sync_api import sync_playwright

    profiles = [p for p in PROFILES if not ((args.fast and p[0] < 10) or (args.slow and p[0] > 10))]
    total = build_bytes(args.dist)
    results = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS)
        )
        for mbps, latency in profiles:
            server = PacedServer(args.dist, mbps, latency)
            runs = []
            for _ in range(args.runs):
                timeline: list[str] | None = [] if args.trace else None
                runs.append(first_visit(browser, server, args.dist, timeline))
                if timeline:
                    print(f"First visit at {mbps:g} Mbit/s, {latency:g} ms:", *timeline, sep="\n")
            server.stop()
            results.append((f"{mbps:g} Mbit/s, {latency:g} ms", median_run(runs)))
        browser.close()
    print(
        f"First visit of dist/ ({total / 1e6:.1f} MB) in headless Chromium, new profile, through"
        f" a paced server counting every byte; {args.runs} run(s) each, median"
    )
    print()
    print(table(results, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
