"""A seeded monkey test: gremlins.js on every screen of the built page, then a new match.

gremlins.js (a devDependency, never in dist/) is injected by Playwright into
the real page and unleashes random clicks, double clicks, mouse moves,
touches, taps and gestures, key events (bare `Events` with only a `keyCode`,
as its typer makes them), form filling and scrolls, for `SECONDS` on each
screen: the title, a match, the collection, the rulebook, the friend dialog
and Triangle Catch. Each screen has a browser of its own, and the screens go two
at a time, each pair a test (pytest-xdist's workers share the pairs out): the
horde's time is time on the clock, whatever else the machine runs, and a horde
keeps a third of a core busy (measured over its browser's processes), so two
hordes at once take the time of one. Its randomizer is seeded (`SEED`,
or the environment's `TRIAD_GREMLINS_SEED`), so a failure names the seed that
reproduces its clicks (the page's own timing may still vary). A screen fails on
any page error: an uncaught exception, a console error (a Python traceback among
them), or PyScript's own error banner (`.py-error`). Links are kept from
navigating, so the horde stays on the page. Afterwards the game is loaded again
from what the horde left in storage, every stored value parses, and a new match
starts and takes a move.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    Server,
    Watch,
    play_one_move,
    wait_engine,
    wait_ready,
    wait_settled,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
GREMLINS = ROOT / "node_modules" / "gremlins.js" / "dist" / "gremlins.min.js"
ARTIFACTS = ROOT / "test-artifacts"  # a screenshot of each screen as the horde left it
SEED = int(os.environ.get("TRIAD_GREMLINS_SEED", "20261127"))
SECONDS = int(os.environ.get("TRIAD_GREMLINS_SECONDS", "60"))  # at least 60 in the suite

# Links open nothing (the horde must stay on the page it tests); window.open is a no-op.
GUARD = """
(() => {
  document.addEventListener('click', (event) => {
    const link = event.target && event.target.closest && event.target.closest('a[href]');
    if (link && !link.hasAttribute('download')) event.preventDefault();
  }, true);
  window.open = () => null;
})();
"""

# Unleash a horde, seeded, for `ms`. It clicks and touches only inside `within` (when
# given) and never `avoid`: what would leave a screen for good (the title's buttons) or
# at once (a dialog's Close, its backdrop).
UNLEASH = """
([seed, ms, avoid, within]) => {
  const g = window.gremlins;
  const quiet = { log() {}, info() {}, warn() {}, error() {} };
  const allowed = (el) => !!el.closest
    && (!within || !!el.closest(within)) && !(avoid && el.closest(avoid));
  const horde = g.createHorde({
    species: [
      g.species.clicker({ canClick: allowed, showAction: null }),
      g.species.toucher({ canTouch: allowed, showAction: null }),
      g.species.formFiller({ showAction: null }),
      g.species.scroller({ showAction: null }),
      g.species.typer({ showAction: null }),
    ],
    mogwais: [g.mogwais.alert()],
    strategies: [g.strategies.distribution({ delay: 10, nb: 1000000 })],
    randomizer: new g.Chance(seed),
    logger: quiet,
  });
  const done = horde.unleash();
  window.__hordeDone = new Promise((resolve) => {
    setTimeout(() => { horde.stop(); done.then(() => resolve(true), () => resolve(true)); }, ms);
  });
}
"""

# Whether the horde is done, after waiting for it up to 1 s.
WAIT_DONE = "() => Promise.race([window.__hordeDone, new Promise((r) => setTimeout(r, 1000))])"

# Bring a screen back when the horde has left it (clicks the first opener found).
TETHER = """
([shown, openers]) => {
  if (document.querySelector(shown)) return true;
  for (const selector of openers) {
    const el = document.querySelector(selector);
    if (el) { el.click(); break; }
  }
  return false;
}
"""

CLOSE_DIALOG = [
    '#r-overlay [data-do="close"]',
    '#r-overlay .dialog.pause [data-do="pause"]',
    '#r-overlay [data-do="result"]',
]
# screen: (the selector that says it shows, what to click to bring it back), and where the
# horde clicks: the whole table in a match, inside the dialog for the collection and the
# rulebook (the horde does not close them; what leaves them, a challenge, is undone).
SCREENS: dict[str, tuple[tuple[str, list[str]], str, str]] = {
    "match": (
        (
            "html:not(.paused) #r-overlay:not(:has(.dialog:not(.result)))",
            [*CLOSE_DIALOG, '[data-do="title_play"]'],
        ),
        "",
        "",
    ),
    "collection": (
        (
            "#r-overlay .dialog.coll",
            [*CLOSE_DIALOG, '[data-action="collection"]'],
        ),
        '[data-do="close"]',
        "#r-overlay .dialog",
    ),
    "rulebook": (
        ("#r-overlay .dialog.book", [*CLOSE_DIALOG, '[data-action="info"]']),
        '[data-do="close"]',
        "#r-overlay .dialog",
    ),
    "friend": (
        (
            "#r-overlay .dialog.friend",
            ['.menu [data-do="friend"]', *CLOSE_DIALOG, '[data-action="rules"]'],
        ),
        '[data-do="close"]',
        "#r-overlay .dialog",
    ),
}


def page_errors(page: Any, watch: Watch) -> list[str]:
    """Every error so far: the context's console errors and uncaught ones, and the banners."""
    banners = page.evaluate(
        "() => Array.from(document.querySelectorAll('.py-error'), (el) => el.textContent)"
    )
    return [*watch.errors, *(f"error banner: {text}" for text in banners)]


def summary(errors: list[str]) -> str:
    """The distinct errors (by their first 300 characters), how often each."""
    counts: dict[str, int] = {}
    for error in errors:
        counts[error[:300]] = counts.get(error[:300], 0) + 1
    return "\n".join(f"{n} x {text}" for text, n in counts.items())


@dataclass
class Horde:
    """One screen's page while its horde runs: where it clicks, what it has found."""

    screen: str
    page: Any
    watch: Watch
    avoid: str = ""
    within: str = ""
    tether: tuple[str, list[str]] | None = None
    errors_before: int = 0
    done: bool = False
    shown: int = 0
    looks: int = 0

    def unleash(self) -> None:
        self.errors_before = len(self.watch.errors)
        self.page.evaluate(UNLEASH, [SEED, SECONDS * 1000, self.avoid, self.within])

    def look(self) -> None:
        """Bring the screen back if the horde left it; note whether it has stopped."""
        if self.tether is not None:
            self.looks += 1
            self.shown += bool(self.page.evaluate(TETHER, list(self.tether)))
        self.done = bool(self.page.evaluate(WAIT_DONE))

    def errors(self) -> list[str]:
        """The page errors since the horde was let loose."""
        self.page.screenshot(path=str(ARTIFACTS / f"monkey-{self.screen}.jpg"))
        errors = page_errors(self.page, self.watch)[self.errors_before :]
        if not errors:
            return []
        return [f"{self.screen}, seed {SEED}: {len(errors)} page errors:\n{summary(errors)}"]


def unleash(hordes: list[Horde]) -> list[str]:
    """Run the hordes at once for SECONDS; the page errors they found, screen by screen."""
    for horde in hordes:
        horde.unleash()
    end = time.monotonic() + SECONDS + 60
    while not all(horde.done for horde in hordes):
        if time.monotonic() > end:
            pytest.fail(f"{[h.screen for h in hordes if not h.done]}: the horde did not stop")
        for horde in hordes:
            if not horde.done:
                horde.look()
    for horde in hordes:
        share = horde.shown / horde.looks if horde.looks else 1.0
        print(f"gremlins seed {SEED} on the {horde.screen}: share of looks on it: {share:.2f}")
    return [problem for horde in hordes for problem in horde.errors()]


def stored_values(page: Any) -> dict[str, dict[str, str]]:
    return page.evaluate(
        """() => {
          const read = (s) => Object.fromEntries(
            Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i))]));
          return { local: read(localStorage), session: read(sessionStorage) };
        }"""
    )


def check_storage(page: Any) -> None:
    """Every value the game stored parses (JSON), and none was set aside as broken."""
    stored = stored_values(page)
    for key, value in stored["local"].items():
        assert not key.endswith(":broken"), f"the page set aside a broken value: {key}"
        try:
            json.loads(value)
        except ValueError:
            pytest.fail(f"localStorage {key!r} does not parse: {value[:200]!r}")
    for key, value in stored["session"].items():
        if key != "triad.title":  # a plain flag: "seen"
            json.loads(value)


def start_a_new_match(page: Any, screen: str) -> None:
    """New game from whatever the horde left on `screen`: a match is dealt and takes a human
    move. The tab shows the title again if the horde never left it."""
    page.locator("html.ready, .dialog.title-screen").first.wait_for(state="attached")
    for _ in range(4):  # close the dialogs on top (Escape closes the latest)
        if (
            page.locator("#r-overlay .dialog:not(.result)").count() == 0
            and not page.locator("html.paused").count()
        ):
            break
        page.keyboard.press("Escape")
        wait_settled(page)
    if page.locator('[data-do="title_play"]').count():
        page.click('[data-do="title_play"]')
    page.click('[data-action="new"]')
    leave = page.locator('.dialog.leave [data-do="leave_yes"]')
    wait_settled(page)  # the leave dialog is drawn, if a match was in progress
    if leave.count():
        leave.click()
    wait_ready(page)
    if page.locator("#r-overlay .dialog.coll").count():
        # collection mode: New game opens the ladder, whose first opponent is always open
        page.locator("#r-overlay [data-challenge]").first.click()
        wait_ready(page)
    for _ in range(12):  # the horde may have chosen Draft: pick cards until the match starts
        if not page.locator("#r-overlay .dialog.draft").count():
            break
        page.locator("#r-overlay [data-draft]").first.click()
        wait_settled(page)
        wait_ready(page)
    try:
        play_one_move(page)
    except Exception:
        # What the player would see, for the run's log: the line above the board, the
        # dialogs on top, the page's state flags and the settings the horde left.
        page.screenshot(path=str(ARTIFACTS / f"monkey-after-horde-{screen}.jpg"))
        print("after the horde on the", screen)
        print("status:", page.locator("#r-status").inner_text())
        print(
            "dialogs:",
            page.locator("#r-overlay .dialog").evaluate_all("els => els.map(e => e.className)"),
        )
        print(
            "html:",
            page.evaluate("document.documentElement.className"),
            page.evaluate("JSON.stringify(document.documentElement.dataset)"),
        )
        print("settings:", page.evaluate("localStorage.getItem('triad.settings')"))
        raise


# The screens each test lets the horde loose on: the card game's title and those above,
# and Triangle Catch.
ALL_SCREENS = ["title", *SCREENS, "catch"]

# What the horde may click on the title: all but its buttons, which leave it for good.
TITLE_AVOID = '[data-do^="title_"], a[href]'


def open_screen(page: Any, server: Server, screen: str) -> dict[str, Any]:
    """Load the page `screen` is on and open it; return how to unleash the horde there."""
    if screen == "catch":
        page.goto(server.url + "catch.html")
        page.locator("html.ready").wait_for(state="attached")
        return {}
    page.goto(server.url)
    if screen == "title":
        page.locator(".dialog.title-screen").wait_for()
        wait_engine(page)
        return {"avoid": TITLE_AVOID}
    # A match, the collection, the rulebook or the friend dialog, brought back each time
    # the horde leaves it.
    wait_ready(page)
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    tether, avoid, within = SCREENS[screen]
    page.evaluate(TETHER, list(tether))
    return {"avoid": avoid, "within": within, "tether": tether}


# The screens by pairs, a test each: two hordes at once (see the module's docstring).
PAIRS = [("title", "catch"), ("match", "collection"), ("rulebook", "friend")]
assert sorted(screen for pair in PAIRS for screen in pair) == sorted(ALL_SCREENS)


@pytest.mark.parametrize("screens", PAIRS, ids="+".join)
def test_gremlins_find_no_page_error_on_any_screen(
    new_context: Callable[..., tuple[Any, Watch]], server: Server, screens: tuple[str, ...]
) -> None:
    if not GREMLINS.exists():
        pytest.fail(f"gremlins.js is missing at {GREMLINS}: run npm ci (python3 build.py test)")
    ARTIFACTS.mkdir(exist_ok=True)
    hordes = []
    navigations: dict[str, list[str]] = {}  # the documents loaded in each tab (not history)
    for screen in screens:
        context, watch = new_context(
            title=screen == "title", has_touch=True, reduced_motion="reduce"
        )
        context.add_init_script(path=str(GREMLINS))
        context.add_init_script(GUARD)
        page = context.new_page()
        loaded = navigations[screen] = []
        page.on("domcontentloaded", lambda tab, loaded=loaded: loaded.append(tab.url))
        hordes.append(Horde(screen, page, watch, **open_screen(page, server, screen)))
        loaded.clear()  # (the screen's own load)
    problems = unleash(hordes)
    problems += [
        f"the horde navigated away from the {screen}: {urls}"
        for screen, urls in navigations.items()
        if urls
    ]
    assert not problems, "\n".join(problems)

    # The card game again, from what each horde stored (Triangle Catch's storage is beside
    # the card game's).
    for horde in hordes:
        page = horde.page
        page.goto(server.url)
        wait_engine(page)
        check_storage(page)
        start_a_new_match(page, horde.screen)
        check_storage(page)
        errors = page_errors(page, horde.watch)
        assert not errors, f"after the horde on the {horde.screen}, seed {SEED}:\n{summary(errors)}"
