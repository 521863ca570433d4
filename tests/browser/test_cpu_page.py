"""Master in the page: its first answer is the exact one, and its thinking ahead leaks nowhere.

The CPU thinks while the human chooses (pondering, `Cpu.ponder`); the page
says on `<html data-ponder>` when it has thought its answer to every move
through. The tests wait on that state, never on time, and check the CPU's
move against the solver run here on the same position.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, leave_yes, wait_ready
from tests.browser.test_page_play import deploy_by_mouse, open_page, settings_script
from tests.browser.test_page_session import (
    fixed_seed_script,
    notices,
    owned_cells,
    seed_where,
)
from tests.conftest import ARTIFACTS
from tests.cpu.helpers import exact_values
from triad import deal as dealing
from triad.capture import Player
from triad.collection import dealcode
from triad.collection.replay import read_record, replay_record
from triad.cpu.context import Context, View
from triad.state import GameState

pytestmark = pytest.mark.browser

MATCH_KEY = "triad.match"
#: Thinking every answer through takes tens of seconds under Pyodide on a busy machine.
PONDER_TIMEOUT_MS = 600_000
#: The CPU thinks ahead, or has thought everything through already (a small position).
THOUGHT = 'html[data-ponder="thinking"], html[data-ponder="done"]'


def stored_states(page: Any, moves: int) -> list[GameState]:
    """The positions of the match the page keeps (its engine's record) once it holds `moves`
    moves, played again here."""
    page.wait_for_function(
        f"""() => {{
          const data = JSON.parse(localStorage.getItem({json.dumps(MATCH_KEY)}) || 'null');
          return data && data.record.games.flat().length === {moves};
        }}"""
    )
    data = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
    played = replay_record(read_record(data["record"]), {})
    return list(played.states[-1])


def board_owners(state: GameState) -> dict[str, str]:
    return {str(i): str(s.owner) for i, s in enumerate(state.board) if s is not None}


def play_on(page: Any, placed: int) -> None:
    """The human plays the first card of their hand on the first free cell and the CPU
    answers: then ``placed`` cards are down, as the stored match says, with no notice."""
    free = page.locator("[data-cell]:not([data-owner])")
    deploy_by_mouse(page, "blue", 0, int(free.first.get_attribute("data-cell")))
    wait_ready(page)
    assert len(owned_cells(page)) == placed
    assert owned_cells(page) == board_owners(stored_states(page, placed)[-1])
    assert notices(page) == ""


#: An Open deal the human opens whose answers master thinks through with the fewest
#: positions searched among the first thirty such (1.5 million, a fifth fewer than the
#: first one's: counted with the solver under CPython; Pyodide takes seconds of them).
CHEAP_PONDER_SEED = 40


def cheap_ponder_code() -> str:
    """The deal code of `CHEAP_PONDER_SEED`, a deal the human (blue) opens."""
    from triad.pageview import load_set

    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    found = dealing.deal(CHEAP_PONDER_SEED, ["open"], levels, powers, affinities, None)
    assert found.first == "blue"
    return dealcode.encode(CHEAP_PONDER_SEED, ["open"], "houses")


def test_the_cpus_first_answer_is_the_exact_one_once_thought_through(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(
        new_context,
        server,
        query="?deal=" + cheap_ponder_code(),
        level="master",
        rules=["open"],
    )
    wait_ready(page)
    page.locator('html[data-ponder="done"]').wait_for(state="attached", timeout=PONDER_TIMEOUT_MS)
    deploy_by_mouse(page, "blue", 0, 4)
    wait_ready(page)  # the CPU has answered: the human's turn again
    assert page.evaluate("document.documentElement.dataset.cpuExact") == "yes"
    states = stored_states(page, 2)
    before, after = states[1], states[2]
    values = exact_values(before)
    moved = [i for i in range(9) if before.board[i] is None and after.board[i] is not None]
    assert len(moved) == 1
    played = [m for m in before.legal_moves() if before.apply(m)[0].board == after.board]
    assert played, "the CPU's move is not a legal move of the position"
    assert values[(played[0].card, played[0].cell)] == max(values.values())
    assert owned_cells(page) == board_owners(after)


def test_new_game_and_reload_while_the_cpu_thinks_ahead_leave_nothing_behind(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, level="master", rules=["open"])
    wait_ready(page)
    page.locator('html[data-ponder="thinking"]').wait_for(state="attached")
    page.keyboard.press("F5")  # a new match (its own seed) while the CPU thinks ahead
    leave_yes(page)  # (a card is down: the page asks first)
    wait_ready(page)
    # the new match: nothing of the old one, its human to move (the CPU opened, if it did)
    placed = len(owned_cells(page))
    assert placed in (0, 1)
    assert page.locator('[data-hand="blue"] [data-card]').count() == 5
    assert page.locator('[data-hand="red"] [data-card]').count() == 5 - placed
    free = page.locator("[data-cell]:not([data-owner])")
    cell = int(free.first.get_attribute("data-cell"))
    page.locator(THOUGHT).wait_for(state="attached")
    deploy_by_mouse(page, "blue", 0, cell)
    wait_ready(page)
    assert len(owned_cells(page)) == placed + 2
    states = stored_states(page, placed + 2)
    assert owned_cells(page) == board_owners(states[-1])
    # a reload while the CPU thinks ahead: the match comes back where it was, and goes on
    page.locator(THOUGHT).wait_for(state="attached")
    page.reload()
    wait_ready(page)
    assert owned_cells(page) == board_owners(states[-1])
    play_on(page, placed + 4)


#: The page is told the machine has two cores: it starts one extra worker for master's search.
TWO_CORES = "Object.defineProperty(navigator, 'hardwareConcurrency', {get: () => 2});"


#: Records each worker the page constructs (its module), whether the loading screen was
#: still up then and whether MicroPython had started; and holds the engine's "ready" until
#: that screen is gone, so that a worker started once the engine is up is always started
#: after it.
WORKERS_SEEN = """
(() => {
  const Original = window.Worker;
  const booting = () => document.documentElement.classList.contains("booting");
  let micropython = false;
  document.addEventListener("mpy:ready", () => { micropython = true; }, true);
  window.__workers = [];
  window.Worker = class extends Original {
    constructor(url, options) {
      const name = (options && options.name) || "";
      if (name) window.__workers.push([name, booting(), micropython]); // (not the zip reader's)
      super(url, options);
      if (name !== "triad.worker.engine") return;
      const add = this.addEventListener.bind(this);
      this.addEventListener = (type, listener, more) => add(type, type !== "message" ? listener
        : function held(event) {
            if (event.data && event.data.type === "ready" && booting()) {
              setTimeout(() => held(event), 20);
            } else {
              listener(event);
            }
          }, more);
    }
  };
})();
"""


def test_once_the_game_is_cached_a_reload_starts_the_extra_worker_with_the_page(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """On a first visit the engine starts once MicroPython has started (their downloads
    would share the line) and the extra worker of master's search once the engine is up
    (their boots would share the cores); a reload served by the service worker starts both
    with the page, before the engine is up, so that the helper takes its part of the CPU's
    first move. Either way it is the only one started, and the CPU opens. (A first visit:
    cold on purpose.)"""
    context, _ = new_context(cold=True, reduced_motion="reduce")
    context.add_init_script(settings_script(rules=["open"], level="master"))
    context.add_init_script(fixed_seed_script(seed_where("red", ["open"])))  # the CPU opens
    context.add_init_script(TWO_CORES)
    context.add_init_script(WORKERS_SEEN)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.locator('html[data-helpers="1"]').wait_for(state="attached")
    engine, helper = page.evaluate("window.__workers")
    assert engine[0] == "triad.worker.engine" and engine[2]  # (once MicroPython started)
    assert helper == ["triad.cpu.service", False, True]  # (once the engine was up)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    page.keyboard.press("F5")  # the same deal again, its first move not yet made
    leave_yes(page)  # (a card is down: the page asks first)
    page.locator(".side-red .turn-mark.thinking").wait_for(state="attached")
    page.reload()
    page.locator('html[data-helpers="1"]').wait_for(state="attached")
    wait_ready(page)
    assert page.evaluate("window.__workers") == [
        ["triad.worker.engine", True, False],  # (at once)
        ["triad.cpu.service", True, True],  # (with the page, the engine not up yet)
    ]
    assert list(owned_cells(page).values()) == ["red"]
    assert notices(page) == ""
    play_on(page, 3)


def best_value(state: GameState) -> int:
    """The exact value of `state` for its player to move."""
    ctx = Context(View.of(state))
    return ctx.solver.best(ctx.position)[0]


def finish_by_f1(page: Any) -> None:
    """Play the match on the table to its result, the human's moves by F1."""
    while True:
        page.wait_for_selector("html.ready, [data-result]", state="attached")
        if page.locator("[data-result]").count():
            return
        placed = len(owned_cells(page))
        page.keyboard.press("F1")
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {placed}"
            " || document.querySelector('[data-result]')"
        )


def stored_rules(page: Any) -> list[str]:
    data = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
    return list(data["playing"]["rules"])


#: The CPU thinks about the next match dealt ahead, or has thought it through.
AHEAD = 'html[data-ahead="thinking"], html[data-ahead="done"]'


def test_master_searches_in_parts_beneath_the_title_and_a_split_search_left_leaks_nothing(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """With an extra worker up while the title shows, master's opening is searched in
    parts there (the engine one, the worker the other), traps included: Play, and its
    first move is the exact one. Then New game (the same deal: the CPU opens it, its
    search split with the worker) and, during that search, New game again or a reload:
    the match left meanwhile leaves nothing behind, and the last one plays on."""
    context, _ = new_context(reduced_motion="reduce", title=True)
    context.add_init_script(settings_script(rules=["open"], level="master"))
    context.add_init_script(fixed_seed_script(seed_where("red", ["open"])))  # the CPU opens
    context.add_init_script(TWO_CORES)
    page = context.new_page()
    page.goto(server.url)
    page.locator('html[data-helpers="1"]').wait_for(state="attached")
    page.locator('html[data-ponder="done"]').wait_for(state="attached", timeout=PONDER_TIMEOUT_MS)
    page.screenshot(path=str(ARTIFACTS / "cpu-title-parts.jpg"))
    assert len(owned_cells(page)) == 0  # nothing of the match plays beneath the title
    page.click('[data-do="title_play"]')
    page.locator("[data-cell][data-owner]").first.wait_for(state="attached")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.cpuExact") == "yes"
    opening = stored_states(page, 1)
    assert owned_cells(page) == board_owners(opening[-1])
    assert opening[0].board == (None,) * 9 and opening[0].to_move is Player.RED
    assert -best_value(opening[1]) == best_value(opening[0])  # a move of the best value
    assert page.locator('[data-hand="red"] [data-card]').count() == 4
    # the match plays on: the human's move, the CPU's answer (split with the worker)
    play_on(page, 3)
    for leave in ("F5", "reload", "F5"):
        page.keyboard.press("F5")  # the same deal again (the seed is fixed): the CPU opens it
        leave_yes(page)  # (a card is down: the page asks first)
        page.locator(".side-red .turn-mark.thinking").wait_for(state="attached")
        # its search is split with the extra worker; the match is left meanwhile
        if leave == "reload":
            page.reload()
            page.locator('html[data-helpers="1"]').wait_for(state="attached")
        else:
            page.keyboard.press("F5")
            leave_yes(page)  # (a card is down: the page asks first)
        wait_ready(page)
        assert list(owned_cells(page).values()) == ["red"]
        assert page.locator('[data-hand="blue"] [data-card]').count() == 5
        assert page.locator('[data-hand="red"] [data-card]').count() == 4
    # and the match plays on, the extra worker answering its part
    play_on(page, 3)


AHEAD_KEY = "triad.ahead"
#: The page's seeds: each a deal the CPU opens, one after the other, on through reloads
#: (the place in the list is kept in the tab's sessionStorage), so no deal comes twice.
SEEDS_IN_TURN = """(() => {{
  const seeds = {seeds};
  let next = 0;
  try {{ next = Number(sessionStorage.getItem('test.seed-index') || 0); }} catch (e) {{}}
  Math.random = () => {{
    const seed = seeds[next % seeds.length];
    next += 1;
    try {{ sessionStorage.setItem('test.seed-index', String(next)); }} catch (e) {{}}
    return seed / 4294967296;
  }};
}})();"""


def red_seeds(rules: list[str], count: int) -> list[int]:
    from triad import deal as dealing
    from triad.pageview import load_set

    levels, powers, affinities = dealing.set_tables(load_set("houses"))
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        if dealing.deal(seed, rules, levels, powers, affinities, None).first == "red":
            found.append(seed)
    return found


def kept_entry(page: Any) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(AHEAD_KEY)})") or "null")


def table_seed(page: Any) -> int:
    """The seed of the match on the table, once its first move is kept."""
    stored_states(page, 1)
    data = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
    return int(data["playing"]["seed"])


def html_data(page: Any, name: str) -> str:
    return str(page.evaluate(f"document.documentElement.dataset.{name} || ''"))


def assert_best_opening(page: Any) -> None:
    """The match on the table began with master's opening, of the exact best value (solved
    here again), and the board shows it."""
    opening = stored_states(page, 1)
    assert opening[0].board == (None,) * 9 and opening[0].to_move is Player.RED
    assert -best_value(opening[1]) == best_value(opening[0])  # a move of the best value
    assert owned_cells(page) == board_owners(opening[-1])


def kept_seed(page: Any) -> Any:
    """The seed of the match dealt ahead that is kept (None: nothing is)."""
    return (kept_entry(page) or {"playing": {}})["playing"].get("seed")


def test_the_opening_thought_through_ahead_begins_the_next_match_however_it_comes(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """While a result shows, the engine deals the next match and master thinks its opening
    through (the entry kept in localStorage). That match, its opening played at once and
    exact (solved here again), is the one New game begins, the one a reload deals (the
    entry claimed: a second reload deals another) and the one the next visit's title
    plays. A reload while it is thought about, or a rule changed meanwhile, leaves nothing
    of it behind. One journey: each step begins at the result of the match before, every
    deal its own (the page's seeds in turn), the CPU opening each. (An entry of an older
    version, of another build, unreadable or of other settings is dropped, and a rule
    changed on a result gives it up: tests/ui/test_kept_opening.py.)"""
    context, _ = new_context(reduced_motion="reduce", title=True)
    context.add_init_script(settings_script(rules=["open"], level="master"))
    context.add_init_script(SEEDS_IN_TURN.format(seeds=json.dumps(red_seeds(["open"], 60))))
    page = context.new_page()
    page.goto(server.url)
    page.click('[data-do="title_play"]')
    wait_ready(page)
    assert list(owned_cells(page).values()) == ["red"]
    first = table_seed(page)

    # New game on the result: the match dealt ahead begins, its opening played at once
    finish_by_f1(page)
    page.locator('html[data-ahead="done"]').wait_for(state="attached", timeout=PONDER_TIMEOUT_MS)
    page.screenshot(path=str(ARTIFACTS / "cpu-ahead-result.jpg"))
    ahead = kept_seed(page)
    assert ahead not in (None, first)
    page.keyboard.press("F5")
    wait_ready(page)
    assert html_data(page, "cpuExact") == "yes"
    assert table_seed(page) == ahead
    assert_best_opening(page)
    assert page.locator('[data-hand="blue"] [data-card]').count() == 5
    assert kept_seed(page) != ahead  # (begun: never dealt again)

    # A reload on the result once the opening is thought through: that match, at once
    finish_by_f1(page)
    page.locator('html[data-ahead="done"]').wait_for(state="attached", timeout=PONDER_TIMEOUT_MS)
    entry = kept_entry(page)
    assert entry is not None and entry["build"] == html_data(page, "build")
    seed = entry["playing"]["seed"]
    assert seed not in (first, ahead)
    page.reload()
    wait_ready(page)
    assert html_data(page, "cpuKept") == "yes" and html_data(page, "cpuExact") == "yes"
    assert table_seed(page) == seed
    data = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
    move = read_record(data["record"]).games[0][0]
    assert (move.card, move.cell) == (entry["opening"]["card"], entry["opening"]["cell"])
    assert_best_opening(page)
    assert kept_seed(page) != seed  # claimed
    assert notices(page) == ""
    page.screenshot(path=str(ARTIFACTS / "cpu-kept-opening-reload.jpg"))

    # A second reload while the next match is thought about: a match of its own, not that
    # deal again, and nothing leaks
    finish_by_f1(page)
    page.locator(AHEAD).wait_for(state="attached")
    page.reload()
    wait_ready(page)
    assert list(owned_cells(page).values()) == ["red"]
    assert owned_cells(page) == board_owners(stored_states(page, 1)[-1])
    assert page.locator('[data-hand="red"] [data-card]').count() == 4
    assert table_seed(page) not in (first, ahead, seed)
    assert notices(page) == ""

    # The next visit (a new tab: the title shows) deals the match dealt ahead on the last
    # one's result; Play, and master's first move is the one kept, exact
    finish_by_f1(page)
    page.locator('html[data-ahead="done"]').wait_for(state="attached", timeout=PONDER_TIMEOUT_MS)
    entry = kept_entry(page)
    page.close()
    visit = context.new_page()
    visit.goto(server.url)
    visit.locator('[data-do="title_play"]').wait_for()
    visit.locator('html[data-helpers="1"]').wait_for(state="attached")
    assert kept_entry(visit) is None  # claimed
    visit.screenshot(path=str(ARTIFACTS / "cpu-kept-opening-title.jpg"))
    visit.click('[data-do="title_play"]')
    wait_ready(visit)
    assert html_data(visit, "cpuKept") == "yes" and html_data(visit, "cpuExact") == "yes"
    assert table_seed(visit) == entry["playing"]["seed"]
    data = json.loads(visit.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
    move = read_record(data["record"]).games[0][0]
    assert (move.card, move.cell) == (entry["opening"]["card"], entry["opening"]["cell"])
    assert_best_opening(visit)
    assert notices(visit) == ""

    # A rule changed while the result shows: the next match is dealt with it
    finish_by_f1(visit)
    visit.locator(AHEAD).wait_for(state="attached")
    visit.click('[data-action="rules"]')
    visit.click('[data-rule="same"]')
    visit.click('[data-do="close"]')
    visit.keyboard.press("F5")
    leave_yes(visit)  # (the page may ask first)
    wait_ready(visit)
    assert list(owned_cells(visit).values()) == ["red"]  # (the CPU opens these seeds' deals)
    assert owned_cells(visit) == board_owners(stored_states(visit, 1)[-1])
    assert stored_rules(visit) == ["open", "same"]
    assert notices(visit) == ""
