"""Master's first move in the page: how long it takes and whether it is the exact one.

    python3 bench/bench_cpu_page.py [--deals N] [--think S] [--rules NAME ...] [--cores N]
                                    [--reload-only] [--ahead-done]

Loads the built page (dist/, built if missing) in headless Chromium per seeded
deal (Open plus the rule set, the CPU at `master`, `navigator.hardwareConcurrency`
set to `--cores`: the page starts that many less one extra workers, at most
three) and times the CPU's first move of a match from the moment its turn
begins (the page's `data-cpu-think`), and reads whether it was of the best
exact value (`data-cpu-exact`: the exact search finished, not the lookahead's
move). The openings:

* the CPU opens right after a reload: a tab that has played the game before
  (its first visit straight to the table, three matches played by clicks, 3 s
  on the third's result: the service worker installed, its cache holding the
  game and V8's compiled Pyodide) is reloaded past the title screen (straight
  to the table, the CPU moves once the engine is up). The match dealt ahead on
  that result is the one the reload deals: when master had thought its opening
  through before the reload, the page kept it and plays it at once (`--ahead-done`
  waits for that before reloading, however long it takes, and prints how long);
  the bench prints on how many reloads the kept opening was played;
* the CPU opens on the very first load of a new browser profile, straight to
  the table (no cache, no service worker: the title screen skipped as a reload
  would skip it, which no player meets, as a first visit shows the title; the
  figure shows what a cold load costs);
* the CPU opens after the player spent `--think` seconds on the title screen
  (a first visit: master thinks its opening through beneath the title);
* the CPU opens a second match begun at once from the first one's result
  (the first played by clicks, the human moving at once);
* the CPU opens a third match begun after `--think` seconds on the second's
  result (master thinks about the match dealt ahead meanwhile);
* you open and play your card at once (extra workers up, New game): the CPU's
  first move has 8 empty cells;
* you open after `--think` seconds: the CPU thinks while you choose
  (pondering), then answers.

Each match has its own deal (the seeds are set in the page's `Math.random`),
the CPU opening each of the first five. The reload and the three matches
before it are one tab of a browser profile of their own (made for each deal
and thrown away after); every other opening is a new, empty context. Then what an extra
worker costs in memory: the Pyodide heap of one, booted, after searching
its part of an empty board, and with a second match's table kept beside the
first (the match in play and the one dealt ahead, whose parts it searches
ahead). Figures only (median and max over the deals; wall
time, so a machine busy with other work shows in them): nothing here passes
or fails on time. `--reload-only` times only the openings of that one tab (the
reload and the three matches before it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from typing import Any

from pagebench import SKIP_TITLE, click_move, play_match, served_chromium

import build
from triad import deal as dealing
from triad.pageview import load_set

#: The rule sets timed (each with Open: master's exact search needs both hands).
RULE_SETS: dict[str, list[str]] = {
    "basic": [],
    "same+plus+combo": ["same", "plus", "combo"],
    "power_wall": ["power_wall"],
    "reverse": ["reverse"],
    "fallen_ace": ["fallen_ace"],
    "ascension": ["ascension"],
    "descension": ["descension"],
    "order": ["order"],
    "chaos": ["chaos"],
    "swap": ["swap"],
    "roulette": ["roulette"],
}
#: The page's own budget for a CPU move (triad/ui/page/app.py's CPU_BUDGET_MS), for the header.
BUDGET_MS = 900
WAIT_MS = 120_000


def seeds(rules: list[str], first: str, count: int) -> list[int]:
    """The first `count` seeds whose deal has `first` move first (Houses set)."""
    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    found: list[int] = []
    seed = 0
    while len(found) < count:
        seed += 1
        if dealing.deal(seed, rules, levels, powers, affinities, None).first == first:
            found.append(seed)
    return found


def settings(rules: list[str]) -> str:
    """An init script storing the bench's settings: `rules`, master, no sound."""
    data = {"version": 1, "rules": rules, "level": "master", "sound": False, "mode": "cpu"}
    return f"localStorage.setItem('triad.settings', {json.dumps(json.dumps(data))});"


#: The page's seeds: `window.__seed`, which the bench sets before each deal is drawn (and
#: in the tab's sessionStorage for the deal of a reload).
SEED_KEY = "bench.seed"
SEEDED = (
    f"window.__seed = Number(sessionStorage.getItem('{SEED_KEY}') || {{seed}});"
    " Math.random = () => window.__seed / 4294967296;"
)


def add_scripts(context: Any, rules: list[str], seed: int, cores: int, title: bool) -> None:
    """The bench's settings, the title skipped (unless `title`), deals from `seed` and
    `cores` cores, in every page of `context`."""
    context.add_init_script(settings(rules))
    if not title:
        context.add_init_script(SKIP_TITLE)
    context.add_init_script(SEEDED.format(seed=seed))
    context.add_init_script(
        f"Object.defineProperty(navigator, 'hardwareConcurrency', {{get: () => {cores}}});"
    )


def open_page(
    browser: Any, url: str, rules: list[str], seed: int, cores: int, title: bool = False
) -> tuple[Any, Any]:
    """A new context and its page, loaded with the bench's settings and deals from `seed`."""
    context = browser.new_context(reduced_motion="reduce")
    add_scripts(context, rules, seed, cores, title)
    page = context.new_page()
    page.goto(url)
    return context, page


def cpu_first(page: Any) -> tuple[float, bool]:
    """The CPU's first move of the match on the table, once made: (milliseconds, exact)."""
    page.wait_for_selector(
        'html[data-cpu-think]:not([data-cpu-think=""])', state="attached", timeout=WAIT_MS
    )
    ms = float(page.evaluate("document.documentElement.dataset.cpuThink"))
    return ms, page.evaluate("document.documentElement.dataset.cpuExact") == "yes"


#: The engine worker's memory on a result screen, the next match's opening thought about.
ENGINE_HEAPS: list[dict[str, Any]] = []
#: Per reload: whether master had thought the next match's opening through before it
#: (`data-ahead`), the seconds the bench waited on the result, and whether the CPU's first
#: move after it was the opening kept (`data-cpu-kept`).
RELOADS: list[tuple[bool, float, bool]] = []


def cpu_opens(
    browser: Any,
    url: str,
    rules: list[str],
    seeds: list[int],
    think_s: float,
    cores: int,
    ahead_done: bool = False,
) -> list[tuple[float, bool]]:
    """One tab of a new browser profile, four matches the CPU opens (`seeds`): its first
    move on the profile's first load (the title skipped), in a second match begun at once
    from the first's result, in a third begun after `think_s` seconds on the second's
    result, and, the third played out and `think_s` seconds on its result (`ahead_done`:
    and until master has thought the next match's opening through), in the match dealt
    by a reload of the tab (the next match dealt ahead on that result, `seeds[3]`)."""
    with tempfile.TemporaryDirectory(prefix="triad-bench-") as profile:
        context = browser.browser_type.launch_persistent_context(
            profile,
            executable_path=str(build.CHROMIUM),
            args=list(build.CHROMIUM_ARGS),
            headless=True,
            reduced_motion="reduce",
        )
        try:
            add_scripts(context, rules, seeds[0], cores, False)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            found = [cpu_first(page)]
            page.evaluate(f"window.__seed = {seeds[1]}")  # (drawn once the match is over)
            play_match(page, timeout_ms=WAIT_MS * 5)
            page.keyboard.press("F5")  # the page's New game
            found.append(cpu_first(page))
            page.evaluate(f"window.__seed = {seeds[2]}")
            play_match(page, timeout_ms=WAIT_MS * 5)
            page.wait_for_timeout(think_s * 1000)
            memory = json.loads(page.evaluate("window.triadEngine.call('engine_memory', '{}')"))
            page.keyboard.press("F5")
            found.append(cpu_first(page))
            ENGINE_HEAPS.append(memory)
            page.evaluate(f"window.__seed = {seeds[3]}")  # (the match dealt ahead on its result)
            play_match(page, timeout_ms=WAIT_MS * 5)  # (a match under way would be resumed)
            shown = page.evaluate("performance.now()")
            page.wait_for_timeout(think_s * 1000)
            if ahead_done:
                page.wait_for_selector(
                    'html[data-ahead="done"]', state="attached", timeout=WAIT_MS * 5
                )
            waited = (page.evaluate("performance.now()") - shown) / 1000
            done = page.evaluate("document.documentElement.dataset.ahead") == "done"
            page.evaluate(f"sessionStorage.setItem('{SEED_KEY}', '{seeds[3]}')")
            page.reload()
            found.append(cpu_first(page))
            kept = page.evaluate("document.documentElement.dataset.cpuKept") == "yes"
            RELOADS.append((done, waited, kept))
            return found
        finally:
            context.close()


def after_title(
    browser: Any, url: str, rules: list[str], seed: int, think_s: float, cores: int
) -> tuple[float, bool]:
    """A first visit: Play clicked `think_s` seconds after the title shows; the CPU opens."""
    context, page = open_page(browser, url, rules, seed, cores, title=True)
    try:
        page.wait_for_selector('[data-do="title_play"]', timeout=WAIT_MS)
        page.wait_for_timeout(think_s * 1000)
        page.click('[data-do="title_play"]')
        return cpu_first(page)
    finally:
        context.close()


def human_opens(
    browser: Any, url: str, rules: list[str], seed: int, think_s: float, cores: int
) -> tuple[float, bool]:
    """Deal `seed` with New game once the extra workers are up; the human opens and plays
    after `think_s` seconds; the CPU's first move."""
    context, page = open_page(browser, url, rules, seed, cores)
    try:
        page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
        helpers = min(cores - 1, 3)
        if helpers > 0:
            page.wait_for_selector(
                f'html[data-helpers="{helpers}"]', state="attached", timeout=WAIT_MS
            )
        page.keyboard.press("F5")  # the same deal again, every worker up
        if page.locator('[data-do="leave_yes"]').count():  # (the CPU opened: asked first)
            page.click('[data-do="leave_yes"]')
        page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
        page.wait_for_timeout(think_s * 1000)
        click_move(page)
        return cpu_first(page)
    finally:
        context.close()


MEMORY = """async () => {
  const worker = window.triadStartWorker('triad.cpu.service');
  await worker.ready;
  const heap = async () => JSON.parse(await worker.call('cpu_memory'));
  const booted = await heap();
  const obs = JSON.parse(await window.triadEngine.call('cpu_split', '{"hint": true}')).observation;
  const part = (key) => worker.call('cpu_part', JSON.stringify({observation: obs, part: 1, parts: 2, budget_ms: null, key}));
  if (obs) await part('1');
  const searched = await heap();
  if (obs) await part('2');  // a second match's brain (the one dealt ahead), kept beside the first
  const two = await heap();
  worker.terminate();
  return [booted.heap_bytes, searched.heap_bytes, searched.table, two.heap_bytes, two.table, Boolean(obs)];
}"""


def helper_memory(browser: Any, url: str, seed: int) -> None:
    """Print the Pyodide heap of one extra worker, booted and after its part of an empty board."""
    context = browser.new_context(reduced_motion="reduce")
    try:
        context.add_init_script(settings(["open", "same", "plus", "combo"]))
        context.add_init_script(SKIP_TITLE)
        context.add_init_script(f"Math.random = () => {seed} / 4294967296;")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
        # the empty board, you to move
        booted, searched, table, two, tables, split = page.evaluate(MEMORY)
        what = "its half of the empty board (Same+Plus+Combo)" if split else "nothing to split"
        print(
            f"one extra worker's Pyodide heap: {booted / 2**20:.0f} MB booted, "
            f"{searched / 2**20:.0f} MB after {what} ({table} table entries), "
            f"{two / 2**20:.0f} MB with two matches' tables kept (the match in play and "
            f"the one dealt ahead: {tables} entries)"
        )
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0, help="seconds you think first")
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--reload-only", action="store_true", help="only the tab that ends in a reload"
    )
    parser.add_argument(
        "--ahead-done",
        action="store_true",
        help="reload once master has thought the next match's opening through",
    )
    options = parser.parse_args()
    helpers = min(options.cores - 1, 3)
    think = options.think
    print(
        f"master's first move in the page (Open, {options.deals} seeded deals each, "
        f"{BUDGET_MS} ms budget, {options.cores} cores: {helpers} extra workers), "
        "headless Chromium, wall ms"
    )
    print(f"  {'rules':<17}{'opening':<34}{'exact':>7}{'median ms':>11}{'max ms':>8}")
    openings = [
        "CPU opens right after a reload",
        "CPU opens, 1st load, no title",
        f"CPU opens, Play after {think:g} s on title",
        "CPU opens, 2nd match at once",
        f"CPU opens, after {think:g} s on result",
        "you open at once",
        f"you open after {think:g} s",
    ]
    with served_chromium() as (browser, url):
        for label in options.rules:
            rules = ["open", *RULE_SETS[label]]
            found: list[list[tuple[float, bool]]] = [[] for _ in openings]
            reds = seeds(rules, "red", 4 * options.deals)
            for deal in range(options.deals):
                four = reds[4 * deal : 4 * deal + 4]
                tab = cpu_opens(browser, url, rules, four, think, options.cores, options.ahead_done)
                for i, got in enumerate(tab):
                    found[(1, 3, 4, 0)[i]].append(got)
                if not options.reload_only:
                    found[2].append(after_title(browser, url, rules, four[0], think, options.cores))
            if not options.reload_only:
                for seed in seeds(rules, "blue", options.deals):
                    found[5].append(human_opens(browser, url, rules, seed, 0.0, options.cores))
                    found[6].append(human_opens(browser, url, rules, seed, think, options.cores))
            reloads = RELOADS[-options.deals :]
            print(
                f"  {label:<17}reloads: the next match's opening thought through before "
                f"{sum(d for d, _, _ in reloads)}/{len(reloads)} (waited "
                + ", ".join(f"{w:.1f}" for _, w, _ in reloads)
                + f" s on the result), played from the store on "
                f"{sum(k for _, _, k in reloads)}/{len(reloads)}",
                flush=True,
            )
            for name, got in zip(openings, found, strict=True):
                if not got:
                    continue
                times = [ms for ms, _ in got]
                exact = sum(ok for _, ok in got)
                print(
                    f"  {label:<17}{name:<34}{f'{exact}/{len(got)}':>7}"
                    f"{statistics.median(times):>11.0f}{max(times):>8.0f}",
                    flush=True,
                )
        if ENGINE_HEAPS:
            heaps = [m["heap_bytes"] / 2**20 for m in ENGINE_HEAPS]
            tables = [m["table"] + m["ahead_table"] for m in ENGINE_HEAPS]
            print(
                f"the engine worker's Pyodide heap on a result screen, the next match dealt "
                f"ahead: median {statistics.median(heaps):.0f} MB, max {max(heaps):.0f} MB "
                f"(tables of both matches: median {statistics.median(tables):.0f} entries, "
                f"max {max(tables)})"
            )
        if not options.reload_only:
            helper_memory(browser, url, seeds(["open", "same", "plus", "combo"], "blue", 1)[0])


if __name__ == "__main__":
    sys.exit(main())
