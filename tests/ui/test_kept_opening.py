"""The match dealt ahead and master's opening of it, kept across a reload (`AHEAD_KEY`)."""

import asyncio
import json
from typing import Any

import pytest

from tests.ui.helpers import FakeScreen, LocalEngine, make_app, settle
from tests.ui.test_app import store_with
from tests.ui.test_split import LocalHelper, assert_best_opening, until
from triad.capture import Player
from triad.collection.replay import read_record
from triad.cpu import service
from triad.ui.cpu import split as split_module
from triad.ui.cpu.ahead import AHEAD_KEY, AHEAD_VERSION
from triad.ui.page.app import MATCH_KEY, App
from triad.ui.page.settings import KEY, MemoryStore, SafeStore
from triad.worker import engine as worker

BUILD = "b1"


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Master searches its move to the end and ponders the human's turn only briefly."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", None)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 2)


def fresh_engine() -> None:
    """The worker and the extra worker as a reload leaves them: nothing of the last visit."""
    worker.STATE.ahead = None
    worker.STATE.in_play = None
    service._part_brains.clear()


async def boot(app: App, helpers: bool) -> LocalEngine:
    """The engine (and an extra worker) up, and the page's first work with it under way."""
    if helpers:
        app.cpu.searchers.ready(LocalHelper())
    engine = LocalEngine()
    app.spawn(app.engine_ready(engine))  # (the title holds it)
    await until(app, lambda: app.match.synced)
    await settle(app, 4000)
    return engine


async def result_with_opening_kept(helpers: bool) -> tuple[App, FakeScreen, SafeStore]:
    """A match played to its result, the next one dealt ahead (the CPU opens it) and its
    opening thought through: in parts with an extra worker (`helpers`), else by the engine
    alone."""
    for seed in range(1, 80):
        fresh_engine()
        store = store_with(rules=["open"], level="master")
        app, screen, _ = make_app(store, seed=seed)
        app.build = BUILD
        app.start()
        await boot(app, helpers)
        while not app.match.view["over"]:
            assert app.key("F1")
            await settle(app, 4000)
        await until(app, lambda a=app: worker.STATE.ahead is not None or a.cpu.ahead.match is None)
        if worker.STATE.ahead is not None and worker.STATE.ahead.state.to_move is Player.RED:
            await until(app, lambda s=screen: s.data.get("ahead") == "done")
            return app, screen, store
    raise AssertionError("no match dealt ahead that the CPU opens")


def first_move() -> tuple[int, int]:
    record = read_record(json.loads(worker.match_record("{}"))["record"])
    move = record.games[0][0]
    return move.card, move.cell


def reloaded(store: SafeStore, title: bool = False) -> tuple[App, FakeScreen]:
    """The page loaded again on the same storage (its engine booting from nothing)."""
    fresh_engine()
    app, screen, _ = make_app(store, seed=1000)
    app.build = BUILD
    app.start(title=title)
    return app, screen


def copy_of(store: SafeStore) -> SafeStore:
    copy = SafeStore(MemoryStore())
    for key in (KEY, AHEAD_KEY, MATCH_KEY):
        value = store.get(key)
        if value is not None:
            copy.set(key, value)
    return copy


@pytest.mark.slow  # (the full lane only: seconds of CPU)
@pytest.mark.parametrize("helpers", [True, False], ids=["in parts", "engine alone"])
def test_the_opening_thought_through_ahead_is_played_at_once_after_a_reload(
    monkeypatch: pytest.MonkeyPatch, helpers: bool
) -> None:
    """The opening kept is the very move master plays when New game begins the match dealt
    ahead in this visit; after a reload (or on the title's Play of the next visit) that
    deal is dealt again and the engine plays the kept move once checked, searching
    nothing: exact. The entry is claimed as it is read."""

    async def run() -> None:
        app, _, store = await result_with_opening_kept(helpers)
        # The opening is thought through: from here the human's turns are pondered one
        # slice only (each reload's settle would wait for seconds of it, checked nowhere).
        monkeypatch.setattr(split_module, "PONDER_SLICES", 1)
        entry = json.loads(store.get(AHEAD_KEY))
        assert entry["version"] == AHEAD_VERSION and entry["build"] == BUILD
        assert entry["playing"] == app.cpu.ahead.match.playing
        kept = (entry["opening"]["card"], entry["opening"]["cell"])
        before_new_game = copy_of(store)
        app.key("Enter")  # New game in this visit: the match dealt ahead begins
        await until(app, lambda: any(cell is not None for cell in app.match.view["board"]))
        assert store.get(AHEAD_KEY) is None  # (begun: never dealt again)
        assert first_move() == kept
        assert_best_opening()

        for title in (False, True):  # a reload straight to the table; the next visit's title
            store = copy_of(before_new_game)
            again, screen = reloaded(store, title)
            assert store.get(AHEAD_KEY) is None  # claimed
            assert again.match.playing == entry["playing"]
            engine = await boot(again, helpers)
            if title:
                names = [name for name, _ in engine.calls]
                assert "ponder" not in names and "think_part" not in names
                again.key("Enter")  # Play
            await until(again, lambda a=again: any(c is not None for c in a.match.view["board"]))
            await settle(again, 4000)
            names = [name for name, _ in engine.calls]
            assert "cpu_opening" in names
            assert "cpu_move" not in names and "cpu_split" not in names  # nothing searched
            assert screen.data["cpu-kept"] == "yes" and screen.data["cpu-exact"] == "yes"
            assert first_move() == kept
            assert_best_opening()
            assert store.get(AHEAD_KEY) is None

    asyncio.run(run())


@pytest.mark.slow  # (the full lane only: seconds of CPU)
def test_the_kept_opening_goes_with_the_match_dealt_ahead_when_it_is_given_up() -> None:
    async def run() -> None:
        app, screen, store = await result_with_opening_kept(False)
        assert store.get(AHEAD_KEY) is not None
        app.click("rule", "same")  # other settings: that deal is given up
        assert store.get(AHEAD_KEY) is None
        await until(app, lambda: screen.data.get("ahead") in ("done", "stopped"))
        entry = json.loads(store.get(AHEAD_KEY) or "null")
        assert entry is None or entry["playing"]["rules"] == ["open", "same"]
        await app.table.replay_match()  # a replay takes the table: the match dealt ahead too
        assert app.cpu.ahead.match is None and store.get(AHEAD_KEY) is None

    asyncio.run(run())


def an_entry(**changes: Any) -> dict[str, Any]:
    """A well-formed entry for the settings of `store_with(rules=["open"], level="master")`."""
    entry: dict[str, Any] = {
        "version": AHEAD_VERSION,
        "build": BUILD,
        "playing": {
            "rules": ["open"],
            "level": "master",
            "card_set": "houses",
            "mode": "cpu",
            "level_range": None,
            "seed": red_seed(),
        },
        "opening": {"card": 0, "cell": 4, "value": 0, "card_id": ""},
    }
    entry.update(changes)
    return entry


def red_seed() -> int:
    for seed in range(1, 100):
        store = store_with(rules=["open"], level="master")
        app, _, _ = make_app(store, seed=seed)
        app.start()
        if app.match.view["to_move"] == "red":
            return seed
    raise AssertionError("no deal the CPU opens")


BAD_ENTRIES = {
    "not JSON": "{",
    "a list": "[1, 2]",
    "an older version": json.dumps(an_entry(version=0)),
    "another build": json.dumps(an_entry(build="b0")),
    "other settings": json.dumps(
        an_entry(playing=dict(an_entry()["playing"], rules=["open", "same"]))
    ),
    "no seed": json.dumps(an_entry(playing=dict(an_entry()["playing"], seed="7"))),
    "no move": json.dumps(an_entry(opening={"card": 0, "value": 0, "card_id": ""})),
}


@pytest.mark.parametrize("raw", list(BAD_ENTRIES.values()), ids=list(BAD_ENTRIES))
@pytest.mark.usefixtures("quick")
def test_an_entry_of_another_kind_is_dropped_and_a_new_match_dealt(raw: str) -> None:
    async def run() -> None:
        store = store_with(rules=["open"], level="master")
        settings_text = store.get(KEY)
        store.set(AHEAD_KEY, raw)
        app, _ = reloaded(store)
        assert store.get(AHEAD_KEY) is None and store.get(KEY) == settings_text
        assert app.match.playing["seed"] == 1000  # dealt anew
        assert app.cpu.opening(app.match) is None and not app.notices
        engine = await boot(app, False)
        assert "cpu_opening" not in [name for name, _ in engine.calls]

    asyncio.run(run())


@pytest.mark.slow  # (the full lane only: seconds of CPU)
@pytest.mark.usefixtures("quick")
def test_a_kept_opening_the_engine_refuses_is_searched_as_ever() -> None:
    """An entry of this build and these settings whose move is not this deal's opening (a
    card the hand does not hold there, no such card, a value no game ends with): the
    engine refuses it and master searches its opening."""

    async def run() -> None:
        fresh_engine()
        seed = red_seed()
        view = json.loads(worker.new_match(json.dumps(an_entry()["playing"])))["view"]
        card_id = view["hands"]["red"][0]["id"]
        other_id = view["hands"]["red"][1]["id"]
        good = {"card": 0, "cell": 4, "value": 0, "card_id": card_id}
        for opening in (
            dict(good, card_id=other_id),
            dict(good, card=5),
            dict(good, cell=9),
            dict(good, value=40),
        ):
            store = store_with(rules=["open"], level="master")
            store.set(AHEAD_KEY, json.dumps(an_entry(opening=opening)))
            app, screen = reloaded(store)
            assert app.match.playing["seed"] == seed and app.cpu.opening(app.match) == opening
            engine = await boot(app, False)
            names = [name for name, _ in engine.calls]
            assert "cpu_opening" in names and "cpu_move" in names  # refused: searched
            assert screen.data["cpu-kept"] == "" and screen.data["cpu-exact"] == "yes"
            assert_best_opening()

    asyncio.run(run())
