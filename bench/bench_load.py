"""Page load figures in headless Chromium: navigation to `html.ready`, cold and warm, and bytes moved.

Cold: a new browser profile (empty HTTP cache, no service worker). Warm: a
reload once the service worker has cached the game. For each it prints the
time from navigation start to the page waiting for the player (`html.ready`),
to the engine worker being ready, and the bytes that came over the network.
Targets: ready within 2.0 s cold and 1.0 s warm.

    python3 build.py bench load        (or: python bench/bench_load.py [--runs N])
    python bench/bench_load.py --page catch.html     Triangle Catch: ready once its referee is up
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.bench_network import CACHED, precache_count  # noqa: E402
from tests.browser.conftest import SKIP_TITLE  # noqa: E402

# Stamps the moments the page became ready and the engine booted, relative to navigation start.
PROBE = """
(() => {
  const mark = (name) => { if (!(name in window.__triadTimes)) window.__triadTimes[name] = performance.now(); };
  window.__triadTimes = {};
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root && root.classList.contains("ready") && !("ready" in window.__triadTimes)) {
      mark("ready");
      window.__triadTimes.cards_at_ready = document.querySelectorAll("[data-cell][data-owner]").length;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
  window.addEventListener("triad-engine", (e) => { if (e.detail.state === "ready") mark("engine"); });
})();
"""


def measure(page: Any, reload: bool, url: str) -> dict[str, float]:
    moved = {"bytes": 0.0}

    def finished(request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return
        sizes = request.sizes()
        moved["bytes"] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    page.on("requestfinished", finished)
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("() => window.__triadTimes && 'ready' in window.__triadTimes")
    page.wait_for_function("() => 'engine' in window.__triadTimes")
    times = page.evaluate("window.__triadTimes")
    page.remove_listener("requestfinished", finished)
    cpu_first = float(times["cards_at_ready"] > 0)
    return {
        "ready": times["ready"] / 1000,
        "engine": times["engine"] / 1000,
        "cpu_first": cpu_first,
        **moved,
    }


def wait_cached(page: Any, dist: Path) -> None:
    """Wait until the service worker's cache holds the whole game (filled once the page waits
    for the player); polled, as wait_for_function takes an async function's promise for true."""
    page.wait_for_function("() => navigator.serviceWorker.controller")
    expected = precache_count(dist)
    while page.evaluate(CACHED) < expected:
        time.sleep(0.25)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the bundle to serve")
    parser.add_argument("--page", default="", help="the page to load (default: index.html)")
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        build.ensure_node_modules()
        build.bundle(args.dist)
    from playwright.sync_api import sync_playwright

    server = build.make_server(args.dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{args.page}"
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(build.CHROMIUM), args=list(build.CHROMIUM_ARGS)
        )
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(120_000)
            context.add_init_script(PROBE)
            context.add_init_script(SKIP_TITLE)  # the table at once, as after a reload
            page = context.new_page()
            cold.append(measure(page, False, url))
            wait_cached(page, args.dist)
            warm.append(measure(page, True, url))
            context.close()
        browser.close()
    server.shutdown()
    server.server_close()

    def row(name: str, runs: list[dict[str, float]], target: float) -> None:
        if not runs:
            return
        ready = [r["ready"] for r in runs]
        engine = [r["engine"] for r in runs]
        moved = statistics.median(r["bytes"] for r in runs) / 1e6
        print(
            f"{name:<18} {len(runs):2d} runs | ready median {statistics.median(ready):5.2f} s"
            f" (min {min(ready):.2f}, max {max(ready):.2f}; target {target:.1f} s)"
            f" | engine ready median {statistics.median(engine):5.2f} s"
            f" | network {moved:6.2f} MB"
        )

    page_name = args.page or "index.html"
    print(f"{page_name} in headless Chromium, {args.runs} loads each, dist/ served on 127.0.0.1")
    if args.page:
        for name, runs, target in (("cold", cold, 2.0), ("warm", warm, 1.0)):
            row(name, runs, target)
        return 0
    print("The first player is drawn at random: when it is the CPU, the page is ready once")
    print("the engine has booted and the CPU has moved.")
    for name, runs, target in (("cold", cold, 2.0), ("warm", warm, 1.0)):
        row(f"{name}", runs, target)
        row(f"{name}, you first", [r for r in runs if not r["cpu_first"]], target)
        row(f"{name}, CPU first", [r for r in runs if r["cpu_first"]], target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
