"""Master's first move in the page: how long it takes and whether it is the exact one.

    python3 bench/bench_cpu_page.py [--deals N] [--think S] [--rules NAME ...] [--cores N]

Loads the built page (dist/, built if missing) in headless Chromium once per
seeded deal (Open plus the rule set, the CPU at `master`), waits until the
page's extra workers are up (`navigator.hardwareConcurrency` less one, at most
three: `--cores` sets what the page is told), starts the same deal again with
New game (F5), and times the CPU's first move from the moment its turn begins
(the page's `data-cpu-think`) and reads whether it was of the best exact value
(`data-cpu-exact`: the exact search finished, not the lookahead's move). Three
openings per rule set:

* the CPU opens the match (its first move is the empty board, 45 moves);
* you open and play your card at once: the CPU's first move has 8 empty cells;
* you open after `--think` seconds: the CPU thinks while you choose
  (pondering), then answers.

Then what an extra worker costs in memory: the Pyodide heap of one, booted and
after searching its part of an empty board. Figures only (median and max over
the deals; wall time, so a machine busy with other work shows in them):
nothing here passes or fails on time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Any

from pagebench import SKIP_TITLE, click_move, served_chromium

from triad import deal as dealing
from triad.ui.local import load_set

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
}
#: The page's own budget for a CPU move (triad/ui/app.py's CPU_BUDGET_MS), for the header.
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


def first_cpu_move(
    browser: Any, url: str, rules: list[str], seed: int, think_s: float | None, cores: int
) -> tuple[float, bool, int]:
    """Deal `seed` with New game once the extra workers are up; the human (when it opens)
    plays after `think_s` seconds; the CPU's first move: (milliseconds, exact, workers)."""
    context = browser.new_context(reduced_motion="reduce")
    try:
        context.add_init_script(settings(rules))
        context.add_init_script(SKIP_TITLE)
        context.add_init_script(f"Math.random = () => {seed} / 4294967296;")  # every deal: seed
        context.add_init_script(
            f"Object.defineProperty(navigator, 'hardwareConcurrency', {{get: () => {cores}}});"
        )
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
        helpers = min(cores - 1, 3)
        if helpers > 0:
            page.wait_for_selector(
                f'html[data-helpers="{helpers}"]', state="attached", timeout=WAIT_MS
            )
        page.keyboard.press("F5")  # the same deal again, every worker up
        if think_s is not None:
            page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
            page.wait_for_timeout(think_s * 1000)
            click_move(page)
        page.wait_for_selector(
            'html[data-cpu-think]:not([data-cpu-think=""])', state="attached", timeout=WAIT_MS
        )
        ms = float(page.evaluate("document.documentElement.dataset.cpuThink"))
        exact = page.evaluate("document.documentElement.dataset.cpuExact") == "yes"
        return ms, exact, helpers
    finally:
        context.close()


MEMORY = """async () => {
  const worker = window.triadStartWorker('triad.cpu.service');
  await worker.ready;
  const heap = async () => JSON.parse(await worker.call('cpu_memory'));
  const booted = await heap();
  const obs = JSON.parse(await window.triadEngine.call('cpu_split', '{"hint": true}')).observation;
  if (obs) await worker.call('cpu_part', JSON.stringify({observation: obs, part: 1, parts: 2, budget_ms: null}));
  const searched = await heap();
  worker.terminate();
  return [booted.heap_bytes, searched.heap_bytes, searched.table, Boolean(obs)];
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
        booted, searched, table, split = page.evaluate(MEMORY)  # the empty board, you to move
        what = "its half of the empty board (Same+Plus+Combo)" if split else "nothing to split"
        print(
            f"one extra worker's Pyodide heap: {booted / 2**20:.0f} MB booted, "
            f"{searched / 2**20:.0f} MB after {what} ({table} table entries)"
        )
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--think", type=float, default=3.0, help="seconds you think first")
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    helpers = min(options.cores - 1, 3)
    print(
        f"master's first move in the page (Open, {options.deals} seeded deals each, "
        f"{BUDGET_MS} ms budget, {options.cores} cores: {helpers} extra workers), "
        "headless Chromium, wall ms"
    )
    print(f"  {'rules':<17}{'opening':<22}{'exact':>7}{'median ms':>11}{'max ms':>8}")
    openings = [
        ("CPU opens", "red", None),
        ("you open at once", "blue", 0.0),
        (f"you open after {options.think:g} s", "blue", options.think),
    ]
    with served_chromium() as (browser, url):
        for label in options.rules:
            rules = ["open", *RULE_SETS[label]]
            for name, first, think in openings:
                times = []
                exact = 0
                for seed in seeds(rules, first, options.deals):
                    ms, ok, _ = first_cpu_move(browser, url, rules, seed, think, options.cores)
                    times.append(ms)
                    exact += ok
                print(
                    f"  {label:<17}{name:<22}{f'{exact}/{options.deals}':>7}"
                    f"{statistics.median(times):>11.0f}{max(times):>8.0f}",
                    flush=True,
                )
        helper_memory(browser, url, seeds(["open", "same", "plus", "combo"], "blue", 1)[0])


if __name__ == "__main__":
    sys.exit(main())
