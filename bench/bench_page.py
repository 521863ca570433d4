"""Page figures in headless Chromium: main-thread long tasks during whole games, and move latency.

    python3 bench/bench_page.py [--games N] [--level LEVEL] [--reduced]

Plays whole games through the built bundle (dist/, built if missing) by
mouse, with the CPU at the chosen level, and prints:

* long tasks (the Long Tasks API: main-thread tasks over 50 ms) while the page
  is busy (the CPU thinking or a move being animated: `html.busy`), and over
  the whole game; the target is none longer than 100 ms;
* for each human move, the time from the confirming click to the card on the
  board, and to the engine's answer on the board (the flips begin there;
  with reduced motion they are all shown at that moment); the target is
  under 100 ms.

Figures only: nothing here passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from pagebench import SKIP_TITLE, play_match, seed_settings, served_chromium

PROBE = """
window.__bench = {longtasks: [], busy: [], clicks: [], placed: [], answered: []};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
let busySince = null;
new MutationObserver((changes) => {
  const now = performance.now();
  for (const change of changes) {
    const el = change.target;
    if (el === document.documentElement && change.attributeName === "class") {
      const busy = el.classList.contains("busy");
      if (busy && busySince === null) busySince = now;
      if (!busy && busySince !== null) { window.__bench.busy.push([busySince, now]); busySince = null; }
    }
    if (el === document.documentElement && change.attributeName === "data-answered") {
      window.__bench.answered.push(now);
    }
  }
  // The board is redrawn, not edited: look for the clicked cell with its owner.
  for (let i = waiting.length - 1; i >= 0; i--) {
    if (document.querySelector(`[data-cell="${waiting[i]}"][data-owner]`)) {
      window.__bench.placed.push([waiting[i], now]);
      waiting.splice(i, 1);
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["class", "data-answered"]});
const waiting = [];
document.addEventListener("click", (event) => {
  const cell = event.target.closest && event.target.closest(".cell.chosen");
  if (cell) {
    const index = Number(cell.getAttribute("data-cell"));
    window.__bench.clicks.push([index, performance.now()]);
    waiting.push(index);
  }
}, true);
"""


def summarize(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
    return (
        f"{name}: n={len(values)} median={statistics.median(values):.1f} ms "
        f"p90={p90:.1f} ms max={values[-1]:.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--level", default="master")
    parser.add_argument("--reduced", action="store_true", help="prefers-reduced-motion")
    args = parser.parse_args(argv)

    with served_chromium() as (browser, url):
        context = browser.new_context(
            viewport={"width": 1280, "height": 800},
            reduced_motion="reduce" if args.reduced else "no-preference",
        )
        context.add_init_script(seed_settings(args.level))
        context.add_init_script(PROBE)
        context.add_init_script(SKIP_TITLE)  # the table at once, as after a reload
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function("() => window.triadEngine && window.triadEngine.state === 'ready'")
        boot = time.perf_counter() - started
        results = []
        human = 0
        for game in range(args.games):
            human += play_match(page)
            results.append(page.locator("[data-result] .result-title").inner_text())
            if game + 1 < args.games:
                page.click('[data-do="rematch"]')
        data = page.evaluate("window.__bench")

    long_tasks = data["longtasks"]
    busy = data["busy"]

    def during_busy(task: list[float]) -> bool:
        start, duration = task
        return any(start < b_end and start + duration > b_start for b_start, b_end in busy)

    busy_tasks = [d for s, d in long_tasks if during_busy([s, d])]
    latency_placed, latency_answered = [], []
    answered = list(data["answered"])
    for cell, clicked in data["clicks"]:
        placed = [t for c, t in data["placed"] if c == cell and t >= clicked]
        if placed:
            latency_placed.append(placed[0] - clicked)
        later = [t for t in answered if t >= clicked]
        if later:
            latency_answered.append(later[0] - clicked)

    print(
        f"Page benchmark: {args.games} games by mouse against '{args.level}', rules banner same plus combo,"
    )
    print(
        f"  animations {'reduced' if args.reduced else 'full'}; engine ready {boot:.1f} s after navigation"
    )
    print(f"  results: {', '.join(results)}; human moves: {human}")
    print(
        f"  busy (CPU thinking or animating): {len(busy)} periods, "
        f"{sum(e - s for s, e in busy) / 1000:.1f} s in all"
    )
    print("  " + summarize("long tasks while busy", busy_tasks))
    print(f"  long tasks over 100 ms while busy: {sum(1 for d in busy_tasks if d > 100)}")
    print(
        "  "
        + summarize("long tasks over the whole run (start-up included)", [d for _, d in long_tasks])
    )
    print("  " + summarize("confirming click -> card on the board", latency_placed))
    print("  " + summarize("confirming click -> engine's answer on the board", latency_answered))
    return 0


if __name__ == "__main__":
    sys.exit(main())
