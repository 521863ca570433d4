"""Master's first move in the page: how long it takes and whether it is the exact one.

    python3 bench/bench_cpu_page.py [--deals N] [--think S] [--rules NAME ...]

Loads the built page (dist/, built if missing) in headless Chromium once per
seeded deal (a shared deal code fixes the deal, Open plus the rule set), with
the CPU at `master`, and times its first move from the moment its turn begins
(the page's `data-cpu-think`) and reads whether it was of the best exact value
(`data-cpu-exact`: the exact search finished, not the lookahead's move). Three
openings per rule set:

* the CPU opens the match (its first move is the empty board, 45 moves);
* you open and play your card at once: the CPU's first move has 8 empty cells
  and whatever it thought while the page loaded;
* you open after `--think` seconds: the CPU thinks while you choose
  (pondering), then answers.

Figures only (median and max over the deals; wall time, so a machine busy with
other work shows in them): nothing here passes or fails on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from pagebench import SKIP_TITLE, click_move, seed_settings, served_chromium

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


def deal_codes(rules: list[str], first: str, count: int) -> list[str]:
    """Deal codes of the first `count` seeds whose deal has `first` move first (Houses set)."""
    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    codes = []
    seed = 0
    while len(codes) < count:
        seed += 1
        if dealing.deal(seed, rules, levels, powers, affinities, None).first == first:
            codes.append(dealing.deal_code(seed, rules, "houses"))
    return codes


def first_cpu_move(browser: Any, url: str, code: str, think_s: float | None) -> tuple[float, bool]:
    """Load the deal; the human (when it opens) plays after `think_s` seconds; the CPU's
    first move: (milliseconds, exact)."""
    context = browser.new_context(reduced_motion="reduce")
    try:
        context.add_init_script(seed_settings("master"))
        context.add_init_script(SKIP_TITLE)
        page = context.new_page()
        page.goto(f"{url}?deal={code}")
        if think_s is not None:
            page.wait_for_selector("html.ready", state="attached", timeout=WAIT_MS)
            page.wait_for_timeout(think_s * 1000)
            click_move(page)
        page.wait_for_selector("html[data-cpu-think]", state="attached", timeout=WAIT_MS)
        ms = float(page.evaluate("document.documentElement.dataset.cpuThink"))
        exact = page.evaluate("document.documentElement.dataset.cpuExact") == "yes"
        return ms, exact
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--think", type=float, default=3.0, help="seconds you think first")
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    options = parser.parse_args()
    print(
        f"master's first move in the page (Open, {options.deals} seeded deals each, "
        f"{BUDGET_MS} ms budget), headless Chromium, wall ms"
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
                for code in deal_codes(rules, first, options.deals):
                    ms, ok = first_cpu_move(browser, url, code, think)
                    times.append(ms)
                    exact += ok
                print(
                    f"  {label:<17}{name:<22}{f'{exact}/{options.deals}':>7}"
                    f"{statistics.median(times):>11.0f}{max(times):>8.0f}",
                    flush=True,
                )


if __name__ == "__main__":
    sys.exit(main())
