"""Collection mode through the page's controller, with the real worker functions in-process."""

import asyncio
import html
import json
import re
from typing import Any

import pytest

from tests.ui.helpers import LocalEngine, leave_yes, make_app, over, play_out, settle
from triad.ui.collection.collect import BROKEN_KEY, KEY
from triad.ui.look.text import set_language
from triad.ui.menu.choices import read_deal_code
from triad.ui.page import settings
from triad.ui.page.app import App
from triad.ui.page.settings import MemoryStore, SafeStore

pytestmark = pytest.mark.usefixtures("quick_cpu")  # (tests/ui/conftest.py)


def collection_store() -> SafeStore:
    store = SafeStore(MemoryStore())
    mine = settings.defaults()
    mine["play"] = "collection"
    settings.save(store, mine)
    return store


async def boot(store: SafeStore, seed: int = 11) -> tuple[App, Any]:
    app, screen, _ = make_app(store, seed=seed)
    app.start()
    await app.engine_ready(LocalEngine())
    await settle(app)
    for _ in range(50):
        if app.coll.ready:
            break
        await settle(app)
    return app, screen


def total(store: SafeStore) -> int:
    data = json.loads(store.get(KEY) or "{}")
    return sum(data["cards"].values())


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


async def win_against_first(app: App, screen: Any) -> None:
    """Challenge the first opponent with five dealt cards; the CPU plays the player's side too."""
    app.click("action", "new")  # collection mode: New game opens the ladder
    assert app.panel == "collection"
    assert 'data-challenge="old-mabry"' in screen.regions["r-overlay"]
    app.click("challenge", "old-mabry")
    assert app.panel == "deck"
    app.click("do", "deck_deal")
    await settle(app)
    assert len(app.coll.deck) == 5
    app.click("do", "deck_play")
    await play_out(app, lambda a: over(a) and a.coll.match is None)
    assert app.match.view["over"]


def test_first_visit_starts_a_collection_and_the_album_filters() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        assert app.coll.ready and store.get(KEY) == app.coll.save
        app.click("action", "collection")
        html = screen.regions["r-overlay"]
        assert "Old Mabry" in html and 'data-state="locked"' in html
        app.click("tab", "album")
        await settle(app)
        html = screen.regions["r-overlay"]
        assert html.count("data-album=") == 110
        app.click("fowned", "found")
        await settle(app)
        found = screen.regions["r-overlay"].count("data-album=")
        assert 0 < found < 110
        app.click("fowned", "all")
        app.click("flevel", "1")
        await settle(app)
        levels = re.findall(r'class="c-lv">(\d+)<', screen.regions["r-overlay"])
        assert levels and set(levels) == {"1"}

    asyncio.run(run())


def test_win_a_one_match_pick_after_a_reload_and_find_the_card() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        before = total(store)
        await win_against_first(app, screen)
        assert app.match.view["winner"] == "blue"
        assert app.panel == "trade"
        # A reload before the pick: the stored save holds the match as pending.
        again, _screen2 = await boot(store, seed=50)
        assert again.panel == "trade"
        candidates = again.coll.choice["candidates"]
        again.click("pick", "2")
        again.click("do", "trade_take")
        await settle(again)
        assert again.panel is None
        assert total(store) == before + 1
        data = json.loads(store.get(KEY) or "{}")
        assert data["cards"].get(candidates[2], 0) >= 1
        assert data["beaten"] == ["old-mabry"]
        assert again.coll.summary["pending"] is None

    asyncio.run(run())


def test_trade_written_before_the_result_and_settled_once() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        await win_against_first(app, screen)
        app.click("pick", "0")
        app.click("do", "trade_take")
        await settle(app)
        saved = store.get(KEY)
        result = text_of(screen.regions["r-overlay"])
        assert "You took" in result and "Your collection is saved." in result
        assert "Dessa Coldwater" in result  # the next opponent opens
        # The same finished match settled again changes nothing.
        reply = json.loads(
            await app.engine.call("collection_end", saved or "")  # type: ignore[union-attr]
        )
        assert reply["result"]["status"] == "already"

    asyncio.run(run())


def test_bad_import_changes_nothing_and_export_imports_back() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        saved = store.get(KEY)
        await app.import_file("save", '{"format": "triad-collection", "version": 1, "cards": 5}')
        assert store.get(KEY) == saved
        assert "not imported" in app.coll.message
        app.click("action", "collection")
        app.click("tab", "save")
        app.click("do", "export")
        await settle(app)
        name, text = screen.downloads[-1]
        assert name.endswith(".json")
        app.click("do", "reset")
        assert "Reset for good?" in text_of(screen.regions["r-overlay"])
        app.key("Escape")  # the question goes with the dialog
        app.click("action", "collection")
        assert "Reset for good?" not in text_of(screen.regions["r-overlay"])
        assert 'data-do="reset"' in screen.regions["r-overlay"]  # (the save tab still)
        app.click("do", "reset")
        app.click("do", "reset_yes")
        await settle(app)
        assert store.get(KEY) != saved
        await app.import_file("save", text)
        assert json.loads(store.get(KEY) or "")["cards"] == json.loads(saved or "")["cards"]

    asyncio.run(run())


def test_an_unreadable_stored_save_is_kept_aside() -> None:
    async def run() -> None:
        store = collection_store()
        store.set(KEY, "{broken")
        app, screen = await boot(store)
        assert app.coll.status == "broken"
        assert store.get(KEY) == "{broken" and store.get(BROKEN_KEY) == "{broken"
        app.click("action", "collection")
        assert "could not be read" in text_of(screen.regions["r-overlay"])

    asyncio.run(run())


def test_replay_of_a_finished_quick_match_walks_forward_and_back() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=21)
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        await play_out(app)
        final = app.match.view["board"]
        app.click("do", "replay")
        await settle(app)
        replay = app.table.occupant
        assert app.match is None and screen.data["replay"] == "0"
        assert all(slot is None for slot in replay.board.view["board"])
        last = len(replay.steps) - 1
        for _ in range(last):
            app.key("ArrowRight")
            await settle(app)
        assert screen.data["replay"] == str(last)
        assert [s and (s["card"]["id"], s["owner"]) for s in replay.board.view["board"]] == [
            s and (s["card"]["id"], s["owner"]) for s in final
        ]
        app.key("ArrowLeft")
        await settle(app)
        assert screen.data["replay"] == str(last - 1)
        app.click("do", "replay_export")
        await settle(app)
        _name, text = screen.downloads[-1]
        assert json.loads(text)["format"] == "triad-match"
        app.click("do", "replay_exit")
        assert app.match is not None and app.match.view["over"]

    asyncio.run(run())


def test_draft_quick_match_picks_in_turn_then_plays_and_replays() -> None:
    async def run() -> None:
        store = SafeStore(MemoryStore())
        mine = settings.defaults()
        mine["rules"] = ["draft", "open"]
        mine["level"] = "master"
        settings.save(store, mine)
        app, screen = await boot(store, seed=5)
        assert app.panel == "draft" and app.match.view is None
        picks = 0
        while app.panel == "draft":
            draft = app.match.draft
            assert draft["to_pick"] == "blue"
            taken = set(draft["blue"]) | set(draft["red"])
            # The CPU has answered each pick: blue never holds more than red by two.
            assert len(draft["blue"]) <= len(draft["red"]) + 1
            free = [i for i in range(12) if i not in taken]
            assert f'data-draft="{free[0]}"' in screen.regions["r-overlay"]
            app.click("draft", str(free[0]))
            await settle(app)
            picks += 1
        assert picks == 5
        assert (
            len(app.match.view["hands"]["blue"]) == 5 and len(app.match.view["hands"]["red"]) == 5
        )
        await play_out(app)
        assert app.match.view["over"]
        reply = json.loads(await app.engine.call("match_record", "{}"))  # type: ignore[union-attr]
        assert len(reply["record"]["draft"]) == 10
        app.click("do", "replay")
        await settle(app)
        assert app.match is None and len(app.table.occupant.steps) >= 10

    asyncio.run(run())


def test_level_range_band_from_the_menu_deals_and_shares_that_band() -> None:
    async def run() -> None:
        store = SafeStore(MemoryStore())
        app, screen = await boot(store, seed=9)
        app.click("action", "rules")
        assert "data-band" not in screen.regions["r-overlay"]
        app.click("rule", "level_range")
        app.click("band", "4-6")
        assert 'data-band="4-6" aria-pressed="true"' in screen.regions["r-overlay"]
        app.click("do", "new")
        leave_yes(app)  # (the CPU's first card is down: the page asks first)
        await settle(app)
        levels = [c["level"] for p in ("blue", "red") for c in app.match.view["hands"][p]]
        assert all(4 <= lv <= 6 for lv in levels)
        shared = read_deal_code(app.choices.deal_code(app.match.playing))
        assert shared["level_range"] == [4, 6] and "level_range" in shared["rules"]
        assert app.choices.share_url(app.match.playing) == ""  # no page address in tests

    asyncio.run(run())


def test_a_ladder_match_started_while_the_cpu_thinks_gets_no_stray_move() -> None:
    async def run() -> None:
        store = collection_store()
        app, _ = await boot(store)
        app.click("action", "autoplay")  # the CPU plays a card of the quick match on the table
        app.click("action", "new")
        app.click("challenge", "old-mabry")
        app.click("do", "deck_deal")
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        app.click("do", "deck_play")
        await play_out(app, lambda a: over(a) and a.coll.match is None)
        assert app.match.view["over"]
        record = json.loads(await app.engine.call("match_record", "{}"))["record"]  # type: ignore[union-attr]
        assert sum(len(g) for g in record["games"]) >= 9
        assert app.coll.result is not None and app.coll.result.get("status") != "error"

    asyncio.run(run())


def board_count(app: App) -> int:
    return sum(1 for slot in app.match.view["board"] if slot is not None)


async def reload_page(app: App, store: SafeStore, seed: int) -> tuple[App, Any]:
    """The page goes away (its pending work with it) and loads again on the same storage."""
    app.stop_match()
    app.scope.end()
    await settle(app)
    return await boot(store, seed=seed)


def test_a_ladder_match_interrupted_by_a_reload_resumes_where_it_was() -> None:
    async def run() -> None:
        store = collection_store()
        app, _ = await boot(store)
        before = total(store)
        app.click("action", "new")
        app.click("challenge", "old-mabry")
        app.click("do", "deck_deal")
        await settle(app)
        app.click("do", "deck_play")
        for _ in range(300):
            await asyncio.sleep(0)
            if app.match.view and board_count(app) >= 4 and not app.match.animating:
                break
            if app.accepting():
                app.click("action", "autoplay")
        saved = json.loads(store.get(KEY) or "{}")
        assert saved["active"]["opponent"] == "old-mabry"
        moves = sum(len(g) for g in saved["active"]["record"]["games"])
        assert moves >= 3
        seen = [slot and slot["card"]["id"] for slot in app.match.view["board"]]

        again, screen2 = await reload_page(app, store, seed=77)
        assert again.match.playing and again.match.playing.get("ladder") == "old-mabry"
        assert again.timeline.count(("resumed", moves)) == 1
        resumed = [slot and slot["card"]["id"] for slot in again.match.view["board"]]
        assert sum(1 for c in resumed if c) >= moves
        assert all(c == seen[i] for i, c in enumerate(resumed) if c and seen[i])
        # the ladder says so and offers no other match meanwhile
        again.click("action", "new")
        html = screen2.regions["r-overlay"]
        assert 'data-active="here"' in html and 'data-challenge="old-mabry" disabled' in html
        again.click("do", "close")
        await play_out(again, lambda a: over(a) and a.coll.match is None)
        assert again.match.view["over"]
        done = json.loads(store.get(KEY) or "{}")
        assert done["active"] is None
        result = again.coll.result
        if result["status"] == "choose":  # won: the card to take is chosen now
            assert done["pending"] is not None and again.panel == "trade"
        else:
            assert len(done["history"]) == 1
            change = len(result["taken"]) - len(result["given"]) + len(result["topped_up"])
            assert total(store) == before + change

    asyncio.run(run())


async def start_ladder_match(app: App) -> None:
    """Challenge the first opponent with five dealt cards and start the match."""
    app.click("action", "new")
    app.click("challenge", "old-mabry")
    app.click("do", "deck_deal")
    await settle(app)
    app.click("do", "deck_play")
    await settle(app)


def test_a_ladder_match_left_for_a_quick_match_waits_in_the_ladder() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        await start_ladder_match(app)
        assert app.match.playing.get("ladder") == "old-mabry"
        while app.match.view["to_move"] != "blue":
            await settle(app)
        cell = next(i for i in range(9) if app.match.view["board"][i] is None)
        app.click("card", ("blue", "0"))
        app.click("cell", str(cell))
        app.click("cell", str(cell))
        await settle(app)
        moves = sum(1 for slot in app.match.view["board"] if slot)
        app.click("action", "collection")
        assert f"under way ({moves} moves played)" in screen.regions["r-overlay"]
        app.key("Escape")
        app.settings["play"] = "quick"
        app.click("action", "new")  # leaving the ladder match asks first
        assert app.panel == "leave" and "Mabry" in screen.regions["r-overlay"]
        app.key("Escape")  # no: the match plays on
        assert app.panel is None and app.match.playing.get("ladder") == "old-mabry"
        app.key("F5")
        app.click("do", "leave_yes")  # yes: a quick match replaces it on the table
        await settle(app)
        assert not app.match.playing.get("ladder")
        app.click("action", "collection")
        html = screen.regions["r-overlay"]
        assert 'data-active="saved"' in html and 'data-do="resume"' in html
        app.click("do", "resume")
        await settle(app)
        assert app.panel is None and app.match.playing.get("ladder") == "old-mabry"

    asyncio.run(run())


def test_an_active_match_that_cannot_go_on_is_explained_and_given_up() -> None:
    async def run() -> None:
        store = collection_store()
        app, _ = await boot(store)
        await start_ladder_match(app)
        data = json.loads(store.get(KEY) or "{}")
        data["active"]["opponent"] = "nobody-here"  # a ladder without this opponent
        store.set(KEY, json.dumps(data))
        before = total(store)

        again, screen2 = await reload_page(app, store, seed=5)
        assert again.panel == "collection" and again.match.view is not None
        assert not again.match.playing.get("ladder"), "a quick match fills the table"
        html = text_of(screen2.regions["r-overlay"])
        assert "cannot go on" in html
        again.click("do", "active_discard")
        await settle(again)
        data = json.loads(store.get(KEY) or "{}")
        assert data["active"] is None and total(store) == before
        assert 'data-challenge="old-mabry">' in screen2.regions["r-overlay"]

    asyncio.run(run())


def test_a_shared_deal_opened_during_a_ladder_match_is_dealt_and_the_match_waits() -> None:
    async def run() -> None:
        from triad.collection import dealcode

        store = collection_store()
        app, _ = await boot(store)
        await start_ladder_match(app)
        code = dealcode.encode(4242, ["same"], "houses", None)
        app.stop_match()
        again, screen = make_app(store, seed=3)[:2]
        again.start(code)
        await again.engine_ready(LocalEngine())
        for _ in range(20):
            await settle(again)
        assert again.match.playing["seed"] == 4242 and not again.match.playing.get("ladder")
        again.click("action", "collection")
        assert 'data-do="resume"' in screen.regions["r-overlay"]

    asyncio.run(run())


def test_a_save_changed_in_another_tab_is_never_overwritten() -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        await start_ladder_match(app)
        assert app.match.playing.get("ladder") == "old-mabry"
        # Another tab imports a different collection meanwhile.
        other = json.loads(store.get(KEY) or "{}")
        other["active"] = None
        other["cards"] = {"pim-cobble": 7}
        written = json.dumps(other)
        store.set(KEY, written)
        # This tab's next write (a move of its ladder match) must not replace it.
        await play_out(app, lambda a: not a.match.playing.get("ladder"), 30)
        assert json.loads(store.get(KEY) or "{}")["cards"] == {"pim-cobble": 7}
        assert not app.match.playing.get("ladder"), "the ladder match stopped here"
        assert "another tab" in screen.regions["r-notice"]
        assert app.coll.ready and app.coll.summary["total"] == 7

    asyncio.run(run())


def test_the_storage_event_of_another_tab_refreshes_the_collection() -> None:
    async def run() -> None:
        store = collection_store()
        app, _ = await boot(store)
        other = json.loads(store.get(KEY) or "{}")
        other["cards"] = {"pim-cobble": 3, "sarnai-velk": 2}
        store.set(KEY, json.dumps(other))
        app.coll.stored_changed()
        for _ in range(10):
            await settle(app)
        assert app.coll.summary["total"] == 5
        saved = store.get(KEY)
        app.coll.stored_changed()  # nothing changed: nothing happens
        await settle(app)
        assert store.get(KEY) == saved and app.coll.summary["total"] == 5

    asyncio.run(run())


class FullStorage(MemoryStore):
    """A browser storage that fills up: writes of the collection fail once armed."""

    def __init__(self) -> None:
        super().__init__()
        self.full = False

    def set(self, key: str, value: str) -> None:
        if self.full and key == KEY:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def test_a_refused_write_is_said_and_the_game_goes_on_in_memory() -> None:
    async def run() -> None:
        backend = FullStorage()
        store = SafeStore(backend)
        mine = settings.defaults()
        mine["play"] = "collection"
        settings.save(store, mine)
        app, screen = await boot(store)
        kept = backend.get(KEY)
        backend.full = True
        await start_ladder_match(app)
        assert "refused to save your collection" in screen.regions["r-notice"]
        assert app.match.playing.get("ladder") == "old-mabry", "the match goes on"
        assert backend.get(KEY) == kept and json.loads(store.get(KEY) or "{}")["active"]

    asyncio.run(run())


def test_play_clicked_while_a_deal_is_on_its_way_plays_the_dealt_cards() -> None:
    async def run() -> None:
        app, _ = await boot(collection_store())
        app.click("action", "new")
        app.click("challenge", "old-mabry")
        app.click("do", "deck_deal")
        await settle(app)
        before = list(app.coll.deck)
        # Deal again and Play at once, before the engine has answered the deal.
        app.click("do", "deck_deal")
        app.click("do", "deck_play")
        app.click("do", "deck_play")  # (a second click starts no second match)
        await settle(app)
        dealt = list(app.coll.deck)
        assert dealt != before and len(dealt) == 5
        assert app.match.playing is not None and app.match.playing.get("ladder") == "old-mabry"
        assert [c["id"] for c in app.match.view["hands"]["blue"]] == dealt
        starts = [c for name, c in app.engine.calls if name == "collection_start"]
        assert len(starts) == 1

    asyncio.run(run())


def test_a_match_for_cards_names_the_opponent_and_the_stake_and_play_again_rechallenges() -> None:
    """Not "CPU": the opponent's name and what is at stake; "Play again" after it is that
    opponent again (its deck dialog), not an unrelated quick match, whatever the mode."""

    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        app.settings["play"] = "quick"  # the ladder reached from the Collection button
        app.click("action", "collection")
        app.click("challenge", "old-mabry")
        app.click("do", "deck_deal")
        await settle(app)
        app.click("do", "deck_play")
        await settle(app)
        side = text_of(screen.regions["r-side-red"])
        assert "Old Mabry" in side and "Trade: One" in side and "CPU" not in side
        assert "You" in text_of(screen.regions["r-side-blue"])
        await play_out(app, lambda a: over(a) and a.coll.match is None)
        if app.panel == "trade":  # won: the card is taken first
            app.click("pick", "0")
            app.click("do", "trade_take")
            await settle(app)
        assert "data-result" in screen.regions["r-overlay"]
        counter = app.match_counter
        app.click("do", "rematch")  # Play again
        await settle(app)
        assert app.panel == "deck" and app.coll.opponent["id"] == "old-mabry"
        assert "Old Mabry" in screen.regions["r-overlay"] and app.match_counter == counter

    asyncio.run(run())


async def step_until(app: App, done: Any, rounds: int = 3000) -> None:
    """Let the page's tasks run one step at a time until `done(app)` (a moment in a turn)."""
    for _ in range(rounds):
        if done(app):
            return
        await asyncio.sleep(0)
    raise AssertionError("the page never got there")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            ["Old Mabry's turn", "Old Mabry is thinking", "Old Mabry's hand", "Old Mabry is Red"],
        ),
        (
            "fr",
            [
                "À Old Mabry de jouer",
                "Old Mabry réfléchit",
                "Main de Old Mabry",
                "Old Mabry est Rouge",
            ],
        ),
    ],
)
def test_a_match_for_cards_says_the_opponents_turn_by_name(lang: str, words: list) -> None:
    """Its turn, its thinking, its hand and the deal's sides name the opponent, not "CPU"."""

    async def run() -> None:
        app, screen = await boot(collection_store())
        app.change_language(lang)
        app.click("action", "new")
        app.click("challenge", "old-mabry")
        app.click("do", "deck_deal")
        await settle(app)
        app.click("do", "deck_play")

        def cpu_thinks(a: App) -> bool:
            view = a.match.view or {}
            return a.accepting() or (a.match.thinking and view.get("to_move") == "red")

        await step_until(app, cpu_thinks)
        if app.accepting():  # the player opens: a card of theirs first
            app.click("card", ("blue", "0"))
            cell = app.match.sel.empty[0]
            app.click("cell", str(cell))
            app.click("cell", str(cell))
            await step_until(app, cpu_thinks)
        shown = html.unescape(text_of(screen.regions["r-status"] + screen.regions["r-side-red"]))
        assert words[0] in shown and words[1] in shown and "CPU" not in shown
        assert 'aria-label="' + words[2] + '"' in html.unescape(screen.regions["r-side-red"])
        assert any(words[3] in said for said in screen.said), screen.said

    try:
        asyncio.run(run())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "word"), [("en", "Lost to Old Mabry"), ("fr", "Perdue contre")])
def test_the_album_shows_a_card_lost_as_lost_and_to_whom(lang: str, word: str) -> None:
    async def run() -> None:
        store = collection_store()
        app, screen = await boot(store)
        app.change_language(lang)
        cards = app.coll.album["cards"]
        gone = next(c["id"] for c in cards if not c.get("copies"))
        never = next(c["id"] for c in cards if not c.get("copies") and c["id"] != gone)
        # A match lost to Old Mabry, as the engine lists it in the save's history.
        app.coll.history = [{"opponent": "old-mabry", "given": [gone], "taken": []}]
        app.click("action", "collection")
        app.click("tab", "album")
        html = screen.regions["r-overlay"]
        slot = html[html.index(f'data-album="{gone}"') :]
        assert word in slot[: slot.index("</li>")]
        slot = html[html.index(f'data-album="{never}"') :]
        assert word not in slot[: slot.index("</li>")]

    try:
        asyncio.run(run())
    finally:
        set_language("en")  # (the page's language is the module's: it outlives the test)
