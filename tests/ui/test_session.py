"""One match, one session: input never races a move, overlays stack, a quick match survives a reload."""

import asyncio
import json
import random
import re
from typing import Any

import pytest

from tests.ui.helpers import LocalEngine, leave_yes, make_app, settle
from tests.ui.test_app import start, store_with
from triad.ui.cpu import split as split_module
from triad.ui.page.app import MATCH_KEY, App
from triad.ui.page.settings import MemoryStore, SafeStore
from triad.worker import engine as worker


@pytest.fixture(autouse=True)
def quick_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 60)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 2)


def blue_first(store: SafeStore | None = None) -> App:
    for seed in range(1, 60):
        app, _, _ = make_app(store or store_with(), seed=seed)
        app.start()
        if app.match.view["to_move"] == "blue":
            return app
    raise AssertionError("no deal where blue moves first")


def placed(app: App) -> int:
    return sum(1 for slot in app.match.view["board"] if slot)


def test_f1_before_the_engine_is_up_is_queued_and_played_once_it_is() -> None:
    async def run() -> None:
        app = blue_first()
        assert app.key("F1")
        assert app.match.pending == "hint" and app.match.thinking
        assert not app.accepting()
        assert app.key("Enter") and app.key("z")  # nothing of the human's while F1 waits
        app.click("cell", "4")
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app)
        hints = [c for name, c in engine.calls if name == "cpu_move" and c.get("hint")]
        blue_moves = [c for name, c in engine.calls if name == "play" and c["player"] == "blue"]
        assert len(hints) == 1 and len(blue_moves) == 1
        assert placed(app) >= 2 or app.match.view["over"]

    asyncio.run(run())


def test_keys_and_clicks_while_the_hint_shows_send_nothing() -> None:
    async def run() -> None:
        app = blue_first()
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app)
        shown = []
        real_sleep = app.sleep

        async def sleep(ms: float) -> None:
            if app.match.phase == "hint" and not shown:
                shown.append(True)
                # The suggested move is on the board: the player mashes every key.
                for key in ("Enter", "z", "Z", "F1", "ArrowLeft", "Enter"):
                    app.key(key)
                for cell in range(9):
                    app.click("cell", str(cell))
                    app.click("cell", str(cell))
                app.click("card", ("blue", "0"))
            await real_sleep(ms)

        app.sleep = sleep
        app.key("F1")
        await settle(app)
        assert shown
        blue_moves = [c for name, c in engine.calls if name == "play" and c["player"] == "blue"]
        assert len(blue_moves) == 1
        assert not [n for n in app.timeline if n[0] == "notice"]

    asyncio.run(run())


def test_a_dialog_opened_while_paused_shows_on_top_and_escape_closes_it_first() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with())
        await start(app)
        app.key("Escape")
        assert app.paused and 'class="dialog pause"' in screen.regions["r-overlay"]
        for panel in ("info", "rules", "collection"):
            app.click("action", panel)
            assert app.panel == panel
            assert 'class="dialog pause"' not in screen.regions["r-overlay"]
            app.key("Escape")  # the dialog closes, Pause shows again
            assert app.panel is None and app.paused
            assert 'class="dialog pause"' in screen.regions["r-overlay"]
        app.key("Escape")
        assert not app.paused and screen.regions["r-overlay"] == ""

    asyncio.run(run())


def test_a_quick_match_comes_back_move_for_move_after_a_reload() -> None:
    async def run() -> None:
        store = store_with(mode="hotseat", rules=["same", "plus"])
        app, _, _ = make_app(store, seed=5)
        await start(app)
        for _ in range(3):
            cell = next(i for i in range(9) if app.match.view["board"][i] is None)
            app.click("card", (app.match.view["to_move"], "0"))
            app.click("cell", str(cell))
            app.click("cell", str(cell))
            await settle(app)
        before = app.match.view
        assert placed(app) == 3 and store.get(MATCH_KEY)
        # The page is loaded again: the same position shows before the engine is up.
        again, _, _ = make_app(store, seed=99)
        again.start()
        assert [s and s["card"]["id"] for s in again.match.view["board"]] == [
            s and s["card"]["id"] for s in before["board"]
        ]
        assert again.match.playing["seed"] == app.match.playing["seed"]
        await again.engine_ready(LocalEngine())
        await settle(again)
        assert (
            again.match.view["board"] == before["board"]
            and again.match.view["hands"] == before["hands"]
        )
        cell = next(i for i in range(9) if again.match.view["board"][i] is None)
        again.click("card", (again.match.view["to_move"], "0"))
        again.click("cell", str(cell))
        again.click("cell", str(cell))
        await settle(again)
        assert placed(again) == 4
        # New game gives it up.
        again.key("F5")
        leave_yes(again)
        await settle(again)
        assert store.get(MATCH_KEY) is None

    asyncio.run(run())


def test_a_stored_match_that_cannot_be_read_deals_a_new_one() -> None:
    store = SafeStore(MemoryStore())
    for junk in ("{", json.dumps({"version": 99}), json.dumps({"version": 1, "playing": 3})):
        store.set(MATCH_KEY, junk)
        app, _, _ = make_app(store)
        app.start()
        assert app.match.view is not None and placed(app) == 0


def rendered_scores(screen: Any) -> tuple[int, int]:
    found = []
    for player in ("blue", "red"):
        match = re.search(rf'data-score="{player}"[^>]*>(\d+)', screen.regions[f"r-side-{player}"])
        assert match is not None
        found.append(int(match.group(1)))
    return found[0], found[1]


# (one seed in the quick lane, the others in the full lane: seconds each)
@pytest.mark.parametrize(
    "seed", [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in (1, 2, 3))]
)
def test_mashing_keys_and_clicks_never_sends_a_move_out_of_turn(seed: int) -> None:
    """Several inputs may come between two steps of the page's tasks: none may slip in."""

    async def run() -> None:
        rng = random.Random(seed)
        app, screen, _ = make_app(store_with(rules=["same", "plus", "combo"]), seed=seed)
        app.start()
        await app.engine_ready(LocalEngine())
        finished = 0
        for _ in range(500):
            roll = rng.random()
            if roll < 0.25:
                app.key("F1")
            elif roll < 0.45:
                app.key(rng.choice(["Enter", "z", "ArrowLeft", "ArrowUp", "x"]))
            elif roll < 0.75:
                app.click("cell", str(rng.randrange(9)))
            elif roll < 0.9:
                app.click("card", ("blue", str(rng.randrange(5))))
            elif roll < 0.99:
                app.key("Escape")
            else:
                app.key("F5")
                leave_yes(app)
            if app.paused and rng.random() < 0.7:
                app.key("Escape")
            for _ in range(rng.randrange(4)):
                await asyncio.sleep(0)
            blue, red = rendered_scores(screen)
            assert blue + red == 10
            if app.match.view["over"] and not app.match.animating:
                finished += 1
                app.key("Enter")
        assert not [n for n in app.timeline if n[0] == "notice"]
        assert finished >= 1

    asyncio.run(run())


def test_new_game_while_a_move_lands_never_draws_the_old_match_over_the_new() -> None:
    """F5 during the last beat of a placement's animation: the match it ended stays ended.

    (The old match's final view used to be set after that beat, over the new
    deal: the page then placed the new match's cards on the old board and the
    scores stopped adding up; its requests named a match that was over.)
    """

    async def run() -> None:
        app = blue_first()
        app.reduced = False  # the card's landing lasts a beat (reduced motion skips it)
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app)
        real_sleep = app.sleep
        pressed: list[int] = []

        async def sleep(ms: float) -> None:
            if app.cpu.answered and not pressed:
                pressed.append(app.match_counter)
                app.key("F5")  # the card is on its cell: New game before its beat ends
                leave_yes(app)
                for _ in range(50):  # the beat outlasts the engine's deal of the new match
                    await asyncio.sleep(0)
            await real_sleep(ms)

        app.sleep = sleep
        app.click("card", ("blue", "0"))
        app.click("cell", "4")
        app.click("cell", "4")
        await settle(app)
        assert pressed and app.match_counter == pressed[0] + 1
        assert app.match.view.get("match") == worker.STATE.in_play.token  # the new match's own view
        assert sum(rendered_scores_of(app).values()) == 10
        for _ in range(3):  # and it plays on
            if app.match.view["over"]:
                break
            if app.accepting():
                cell = next(i for i in range(9) if app.match.view["board"][i] is None)
                app.click("card", ("blue", "0"))
                app.click("cell", str(cell))
                app.click("cell", str(cell))
            await settle(app)
        assert placed(app) >= 2
        assert not [n for n in app.timeline if n[0] == "notice"]

    asyncio.run(run())


def rendered_scores_of(app: App) -> dict[str, int]:
    blue, red = rendered_scores(app.screen)
    return {"blue": blue, "red": red}
