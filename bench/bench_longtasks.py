"""The page's longest main-thread task from the first `ready` to the end of a match, cold load.

    python3 bench/bench_longtasks.py [--runs N] [--level LEVEL]

Each run opens the built bundle (dist/, built if missing) in a fresh
headless Chromium context (empty cache: a cold load, the engine booting in
its worker while the player already plays) and plays one whole match, once
by mouse clicks and once by F1 alone, from the moment the page first shows
`html.ready`.  The Long Tasks API reports every main-thread task over 50 ms;
this prints, for each way of playing, the longest task that started after
the first `ready` (boot included: the player may already act then), how
many there were, and when they came.  The target is no task over 50 ms.

Figures only: nothing here passes or fails on time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402

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
  }
  if (window.__lt.over === null && document.querySelector("[data-result]")) {
    window.__lt.over = performance.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
"""

GAME_MS = 240_000


def play(page: Any, how: str) -> None:
    """Play the match on the table to its end, by clicks or by F1."""
    while True:
        page.wait_for_selector("html.ready, [data-result]", state="attached", timeout=GAME_MS)
        if page.locator("[data-result]").count():
            return
        placed = page.locator("[data-cell][data-owner]").count()
        if how == "f1":
            page.keyboard.press("F1")
        else:
            free = page.locator("[data-cell]:not([data-owner])")
            cell = free.nth(free.count() // 2).get_attribute("data-cell")
            page.locator('[data-hand="blue"] [data-card]').first.click()
            target = page.locator(f'[data-cell="{cell}"]')
            target.click()
            target.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {placed}"
            " || document.querySelector('[data-result]')",
            timeout=GAME_MS,
        )


def one_run(browser: Any, url: str, how: str, level: str) -> dict[str, Any]:
    settings = json.dumps(
        {
            "version": 1,
            "rules": ["banner", "same", "plus", "combo"],
            "level": level,
            "sound": False,
            "card_set": "houses",
            "mode": "cpu",
        }
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(
        "try { if (location.protocol.startsWith('http')) {"
        f"localStorage.setItem('triad.settings', {settings!r});"
        " sessionStorage.setItem('triad.title', 'seen'); }"  # straight to the table
        "} catch (e) {}"
    )
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    play(page, how)
    data = page.evaluate("window.__lt")
    context.close()
    ready, over = data["ready"], data["over"]
    after = [(s, d) for s, d in data["tasks"] if ready is not None and s >= ready and s <= over]
    before = [d for s, d in data["tasks"] if ready is None or s < ready]
    return {"ready": ready, "over": over, "after": after, "before": before}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--level", default="master")
    args = parser.parse_args(argv)
    if not (build.DIST / "index.html").exists():
        build.bundle()
    from playwright.sync_api import sync_playwright

    httpd = build.make_server(build.DIST, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    print(f"Long tasks from the first ready to the match's end, cold loads, CPU '{args.level}'")
    print("(rules banner same plus combo; the target is no task over 50 ms)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        for how, name in (("click", "by clicks"), ("f1", "by F1")):
            longest: list[float] = []
            for _ in range(args.runs):
                run = one_run(browser, url, how, args.level)
                durations = [d for _, d in run["after"]]
                longest.append(max(durations, default=0.0))
                when = ", ".join(
                    f"{d:.0f} ms at +{s - run['ready']:.0f} ms" for s, d in run["after"]
                )
                print(
                    f"  {name}: ready at {run['ready']:.0f} ms, match over at {run['over']:.0f} ms;"
                    f" {len(durations)} long tasks after ready ({when or 'none'});"
                    f" longest before ready {max(run['before'], default=0):.0f} ms"
                )
            print(
                f"  {name}: longest task after the first ready, median of {args.runs} runs:"
                f" {statistics.median(longest):.0f} ms (worst {max(longest):.0f} ms)"
            )
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
