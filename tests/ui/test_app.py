"""The page's controller with the real engine in-process: whole games, queueing, menus, keys."""

import asyncio
import json
import re
from typing import Any

import pytest

from tests.ui.helpers import LocalEngine, attr_values, leave_yes, make_app, play_out, settle
from triad.collection import dealcode
from triad.deal import deal_code
from triad.ui.cpu import split as split_module
from triad.ui.look.text import set_language
from triad.ui.page import settings
from triad.ui.page.app import App
from triad.ui.page.backnav import BackNav
from triad.ui.page.settings import KEY, MemoryStore, SafeStore


@pytest.fixture(autouse=True)
def quick_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 60)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 2)


def store_with(**changes: Any) -> SafeStore:
    store = SafeStore(MemoryStore())
    mine = settings.defaults()
    mine.update(changes)
    settings.save(store, mine)
    return store


def empty_cells(app: App) -> list[int]:
    return [i for i in range(9) if app.match.view["board"][i] is None]


async def start(app: App) -> LocalEngine:
    app.start()
    engine = LocalEngine()
    await app.engine_ready(engine)
    await settle(app)
    return engine


def result_text(screen: Any) -> str:
    html = screen.regions.get("r-overlay", "")
    assert "data-result" in html
    return re.sub(r"<[^>]+>", " ", html)


def test_whole_hot_seat_game_by_clicks() -> None:
    async def run() -> None:
        app, screen, sound = make_app(store_with(mode="hotseat", rules=["same", "plus", "combo"]))
        await start(app)
        turns = 0
        while not app.match.view["over"]:
            assert screen.ready
            player = app.match.view["to_move"]
            cell = empty_cells(app)[0]
            app.click("card", (player, "0"))
            app.click("cell", str(cell))
            assert screen.ready and "preview" in screen.regions["r-board"]
            app.click("cell", str(cell))
            assert not screen.ready
            await settle(app)
            assert attr_values(screen.regions["r-board"], "data-cell").count(str(cell)) == 1
            turns += 1
        assert turns == 9
        assert not screen.ready
        text = result_text(screen)
        assert "wins" in text or "Draw" in text
        assert app.match.view["scores"]["blue"] + app.match.view["scores"]["red"] == 10
        assert "place" in sound.played

    asyncio.run(run())


def test_whole_game_against_the_cpu_by_keys_alone() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        engine = await start(app)
        human_moves = 0
        while not app.match.view["over"]:
            assert screen.ready and app.match.view["to_move"] == "blue"
            assert app.key("z") and app.key("z") and app.key("Enter")
            human_moves += 1
            await settle(app)
        assert human_moves in (4, 5)
        assert any(name == "cpu_move" for name, _ in engine.calls)
        assert re.search(r"You win!|You lose|Draw", result_text(screen))
        app.key("Enter")  # a rematch from the result screen
        await settle(app)
        assert "data-result" not in screen.regions["r-overlay"]
        assert app.match_counter == 2  # the rematch is a session of its own

    asyncio.run(run())


def test_f1_lets_the_cpu_play_for_the_human() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(rules=["open"]), seed=40)
        engine = await start(app)
        while not app.match.view["over"]:
            assert screen.ready
            assert app.key("F1")
            await settle(app)
        hints = [p for name, p in engine.calls if name == "cpu_move" and p.get("hint")]
        assert 4 <= len(hints) <= 5
        assert "data-result" in screen.regions["r-overlay"]

    asyncio.run(run())


def test_autoplay_plays_one_card_for_the_human_as_f1_does() -> None:
    """Triangle Attack's manual: "Allow the CPU to play a card for you". One click plays one
    card of the human's (and the CPU answers); it never stays on, nor reaches the next match."""

    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        engine = await start(app)
        placed = sum(1 for s in app.match.view["board"] if s)
        app.click("action", "autoplay")
        await settle(app, 3000)
        board = app.match.view["board"]
        assert sum(1 for s in board if s) == placed + 2  # one card of the human's, one answer
        assert screen.ready and app.match.view["to_move"] == "blue" and not app.match.view["over"]
        hints = [p for name, p in engine.calls if name == "cpu_move" and p.get("hint")]
        assert len(hints) == 1
        bar = screen.regions["r-bar-bottom"]
        assert (
            "Let the CPU play a card for you (F1)" in bar
            and "aria-pressed" not in bar.split('data-action="autoplay"')[1].split(">")[0]
        )
        await play_out(app)
        app.key("Enter")  # Play again: the human plays the next match
        await settle(app, 3000)
        assert app.match_counter == 2 and not app.match.view["over"]
        assert sum(1 for s in app.match.view["board"] if s) <= 1 and (
            app.match.view["to_move"] == "blue"
        )

    asyncio.run(run())


def test_autoplay_toggled_with_no_match_on_the_table_plays_nothing() -> None:
    """The table may show the view of a match that ended with none of its own (a ladder
    match being brought back, say): Autoplay turned on and off there moves nobody and
    raises nothing (the monkey test found `next_turn` failing on it)."""

    async def run() -> None:
        app, _, _ = make_app(seed=40)
        await start(app)
        shown = app.match.view
        app.new_table(None)
        assert app.match.playing is None and app.match.view is shown
        for _ in range(2):
            app.click("action", "autoplay")
        tasks = app.scope.running()
        await settle(app)
        failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
        assert failed == []
        assert app.match.view is shown

    asyncio.run(run())


def test_a_move_confirmed_before_the_engine_is_up_waits_for_it() -> None:
    async def run() -> None:
        seed = 0
        for seed in range(50):  # find a deal where blue moves first
            app, screen, _ = make_app(seed=seed)
            app.start()
            if app.match.view["to_move"] == "blue":
                break
        assert screen.ready
        assert "Engine loading" in screen.regions["r-status"]
        app.click("card", ("blue", "2"))
        app.click("cell", "4")
        app.click("cell", "4")
        assert app.match.pending == (2, 4) and not screen.ready
        assert "preview" in screen.regions["r-board"]
        # Queued, and said so, in the line above the board and to a screen reader.
        queued = "Your card will be played when the engine is ready"
        assert queued in screen.regions["r-status"] and screen.said[-1] == queued
        assert "Click the space again" not in screen.regions["r-status"]
        app.click("cell", "5")  # a queued move is final
        assert app.match.pending == (2, 4)
        await app.engine_ready(LocalEngine())
        await settle(app)
        assert app.match.view["board"][4] is not None or app.match.view["over"]
        assert "Engine loading" not in screen.regions["r-status"]

    asyncio.run(run())


def test_cpu_first_waits_for_the_engine_then_plays() -> None:
    async def run() -> None:
        for seed in range(50):
            app, screen, _ = make_app(seed=seed)
            app.start()
            if app.match.view["to_move"] == "red":
                break
        assert not screen.ready
        engine = LocalEngine()
        await app.engine_ready(engine)
        await settle(app)
        assert sum(1 for s in app.match.view["board"] if s) == 1
        assert screen.ready and app.match.view["to_move"] == "blue"

    asyncio.run(run())


def test_rule_changes_apply_to_the_next_match_only() -> None:
    async def run() -> None:
        app, screen, _ = make_app()
        await start(app)
        app.click("action", "rules")
        assert 'data-rule="same"' in screen.regions["r-overlay"]
        app.click("rule", "same")
        app.click("rule", "banner")
        app.click("level", "master")
        assert app.match.view["rules"] == ["banner"]
        assert "start a new match to play with them" in screen.regions["r-overlay"]
        stored = settings.parse(app.store.get(KEY))[0]
        assert stored["rules"] == ["same"] and stored["level"] == "master"
        app.click("do", "new")
        await settle(app)
        assert app.match.view["rules"] == ["same"]
        assert app.match.view["cells"] == [None] * 9
        assert app.panel is None

    asyncio.run(run())


def test_pause_stops_input_and_escape_resumes() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=3)
        await start(app)
        assert screen.ready
        app.key("Escape")
        assert app.paused and not screen.ready and screen.flags["paused"]
        assert "Paused" in screen.regions["r-overlay"]
        app.click("card", ("blue", "0"))
        assert app.match.sel.card is None
        app.key("Escape")
        assert screen.ready and not app.paused
        app.click("action", "pause")
        assert app.paused
        app.click("do", "pause")
        assert not app.paused

    asyncio.run(run())


def test_info_and_sound_buttons() -> None:
    async def run() -> None:
        app, screen, sound = make_app(seed=3)
        await start(app)
        app.click("action", "info")
        assert "Rulebook" in screen.regions["r-overlay"] and not screen.ready
        assert screen.focused[-1] == "#r-overlay .dialog button"
        app.click("jump", "rb-same")
        assert screen.scrolled == ["rb-same"]
        app.key("Escape")
        assert app.panel is None and screen.ready
        app.click("action", "sound")
        assert app.settings["sound"] is False
        assert 'aria-pressed="false"' in screen.regions["r-bar-bottom"]
        played = len(sound.played)
        app.click("card", ("blue", "0"))
        assert len(sound.played) == played  # muted
        assert settings.parse(app.store.get(KEY))[0]["sound"] is False

    asyncio.run(run())


def test_new_game_during_the_cpu_turn_starts_clean() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=11)
        await start(app)
        for _ in range(2):
            app.key("F5")
            leave_yes(app)  # (the CPU's first card is down: the page asks first)
        await settle(app)
        assert app.match_counter == 3
        assert sum(1 for s in app.match.view["board"] if s) <= 1
        assert screen.ready

    asyncio.run(run())


def test_corrupt_settings_give_defaults_and_a_notice() -> None:
    store = SafeStore(MemoryStore())
    store.set(KEY, '{"version": 1, "rules": ["nonsense"]')
    app, screen, _ = make_app(store)
    app.start()
    assert app.settings == settings.defaults()
    assert "could not be read" in screen.regions["r-notice"]


def test_denied_storage_is_announced_once() -> None:
    class Refusing:
        def get(self, key: str) -> str:
            raise RuntimeError("denied")

        def set(self, key: str, value: str) -> None:
            raise RuntimeError("denied")

    app, screen, _ = make_app(SafeStore(Refusing()))
    app.start()
    assert "this visit only" in screen.regions["r-notice"]
    announced = SafeStore(Refusing(), denied=True)
    announced.announced = True
    app, screen, _ = make_app(announced)
    app.start()
    assert "r-notice" not in screen.regions


def test_a_deal_code_fixes_the_first_match_only() -> None:
    code = dealcode.encode(123456, ["plus", "same"], "houses")
    app, screen, _ = make_app(seed=9)
    app.start(code)
    assert app.match.playing["seed"] == 123456 and sorted(app.match.playing["rules"]) == [
        "plus",
        "same",
    ]
    app.click("action", "rules")
    assert code in screen.regions["r-overlay"]
    app.new_match(False)
    assert app.match.playing["rules"] == ["banner"] and app.match.playing["seed"] != 123456


# A shared code cut short, the engine's code without its check characters, a
# mistyped check, an unknown set and plain garbage: each is refused aloud.
BAD_CODES = [
    "T1-HOUSES-1S-1PQ9M",
    deal_code(123456, ["plus", "same"], "houses"),
    dealcode.encode(123456, ["same"], "houses")[:-1] + "0",
    "T1-NOPE-0-5",
    "garbage",
    "T1-HOUSES-ZZZZZZZ-5",
]


@pytest.mark.parametrize("code", BAD_CODES)
def test_a_bad_deal_code_is_refused_with_a_notice_in_player_words(code: str) -> None:
    app, screen, _ = make_app()
    app.start(code)
    notice = screen.regions["r-notice"]
    assert "Ask for the link again" in notice and "here is a new one" in notice
    assert "<details" not in notice  # no decoder's detail: it helps nobody here
    assert app.match.view is not None and app.match.playing["rules"] == ["banner"]
    assert app.match.playing["seed"] != 123456


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_deal_code_under_the_title_is_said_on_the_title(lang: str) -> None:
    app, screen, _ = make_app()
    app.settings["lang"] = lang
    app.apply_language()
    app.start("T1-HOUSES-1S-1PQ9M", title=True)
    overlay = screen.regions["r-overlay"]
    assert 'class="title-alert" role="alert"' in overlay
    said = {"en": "press Play for a new one", "fr": "appuyez sur Jouer pour une nouvelle"}
    assert said[lang] in overlay
    assert not screen.regions.get("r-notice")  # said once, where the player looks


def test_elemental_brings_the_elements_set_and_banner_the_houses() -> None:
    app, _, _ = make_app()
    app.start()
    app.click("rule", "elemental")
    assert app.settings["card_set"] == "elements" and "banner" not in app.settings["rules"]
    app.click("rule", "banner")
    assert app.settings["card_set"] == "houses" and "elemental" not in app.settings["rules"]


def test_a_card_chosen_before_the_engine_is_up_stays_chosen_when_it_answers() -> None:
    import asyncio

    from tests.ui.helpers import LocalEngine, settle

    async def run() -> None:
        for seed in range(1, 40):
            app, _, _ = make_app(seed=seed)
            app.start()
            if app.match.view is not None and app.match.view["to_move"] == "blue":
                break
        app.click("card", ("blue", "2"))
        assert app.match.sel.phase == "cell" and app.match.sel.card == 2
        await app.engine_ready(LocalEngine())
        await settle(app)
        assert app.match.sel.phase == "cell" and app.match.sel.card == 2, (
            "the choice survives the sync"
        )

    asyncio.run(run())


async def start_behind_title(app: App) -> None:
    """Start with the title screen up: the engine boots meanwhile (as in the page, where its
    boot is a task of its own; the first turn waits for the player to leave the title)."""
    app.start(title=True)
    app.spawn(app.engine_ready(LocalEngine()))
    await settle(app)


def test_the_title_screen_comes_first_and_the_match_waits_behind_it() -> None:
    async def run() -> None:
        closed: list[bool] = []
        for seed in range(1, 40):  # a deal where the CPU opens: it must wait for Play
            app, screen, sound = make_app(seed=seed)
            app.on_title_closed = lambda: closed.append(True)
            await start_behind_title(app)
            if app.match.view["first"] == "red":
                break
        html = screen.regions["r-overlay"]
        assert "title-screen" in html and 'href="catch.html"' in html
        for do in ("title_play", "title_collection", "title_rules"):
            assert f'data-do="{do}"' in html
        assert not screen.ready and screen.focused[-1] == "#r-overlay .title-screen .primary"
        assert all(cell is None for cell in app.match.view["board"])  # nobody played behind it
        # Nor began to: the CPU was not asked, nor shown thinking, beneath the title.
        assert app.engine is not None and app.match.synced
        assert not [name for name, _ in app.engine.calls if name in ("cpu_move", "ponder")]
        assert not app.match.thinking and not screen.flags.get("busy")
        # Nor does the line above the board speak of the held match's turn.
        assert '<span class="status-text"></span>' in screen.regions["r-status"]
        assert sound.music == [False]  # quiet by default
        app.click("do", "backdrop")  # a click beside the title does nothing
        assert app.title
        for name in ("pause", "new", "autoplay", "rules", "collection"):
            app.click("action", name)  # nor do the table's bars (hidden behind it)
        assert app.title and not app.paused and app.panel is None
        assert all(cell is None for cell in app.match.view["board"])
        app.click("action", "music")
        assert app.settings["music"] is True and sound.music == [False, True]
        assert 'data-action="music" aria-pressed="true"' in screen.regions["r-overlay"]
        app.click("lang", "fr")
        assert "Jouer" in screen.regions["r-overlay"]
        app.key("Enter")
        await settle(app)
        assert not app.title and closed == [True]
        assert "title-screen" not in screen.regions["r-overlay"]
        assert any(cell is not None for cell in app.match.view["board"])  # the CPU opened
        assert screen.ready
        assert '<span class="status-text"></span>' not in screen.regions["r-status"]

    asyncio.run(run())


def test_the_title_screen_leads_to_the_collection_and_the_rules() -> None:
    async def run() -> None:
        app, _, _ = make_app(seed=5)
        await start_behind_title(app)
        app.click("do", "title_rules")
        assert not app.title and app.panel == "info"
        app, _, _ = make_app(seed=5)
        await start_behind_title(app)
        app.click("do", "title_collection")
        assert not app.title and app.panel == "collection"

    asyncio.run(run())


@pytest.mark.parametrize("button", ["title_collection", "title_rules"])
def test_a_panel_opened_from_the_title_holds_the_match_until_it_closes(button: str) -> None:
    async def run() -> None:
        for seed in range(1, 40):  # a deal where the CPU opens
            app, screen, _ = make_app(seed=seed)
            await start_behind_title(app)
            if app.match.view["first"] == "red":
                break
        app.click("do", button)
        await settle(app)
        assert not app.title and app.panel is not None
        assert all(cell is None for cell in app.match.view["board"])  # nothing behind it
        assert not [name for name, _ in app.engine.calls if name in ("cpu_move", "ponder")]
        assert not app.match.thinking and not screen.flags.get("busy")
        app.key("Escape")
        await settle(app)
        assert app.panel is None
        assert any(cell is not None for cell in app.match.view["board"])  # the CPU opened
        assert screen.ready

    asyncio.run(run())


def test_the_next_match_is_dealt_ahead_while_the_result_shows() -> None:
    from triad.worker import engine as worker

    async def run() -> None:
        app, screen, _ = make_app(store_with(rules=["open"], level="master"), seed=40)
        engine = await start(app)
        while not app.match.view["over"]:
            assert app.key("F1")
            await settle(app)
        await settle(app)
        dealt = [p for name, p in engine.calls if name == "deal_ahead"]
        assert len(dealt) == 1 and app.cpu.ahead.match is not None
        seed = dealt[0]["seed"]
        assert app.cpu.ahead.match.playing["seed"] == seed and screen.data["ahead"] == "stopped"
        assert any(name == "ponder_ahead" for name, _ in engine.calls)
        app.key("Enter")  # a rematch: the match dealt ahead begins
        await settle(app)
        assert app.match.playing["seed"] == seed and app.match.view["seed"] == seed
        assert worker.STATE.ahead is None and app.cpu.ahead.match is None
        while not app.match.view["over"]:
            assert app.key("F1")
            await settle(app)
        await settle(app)
        first = app.cpu.ahead.match
        assert first is not None
        # the rules change while the result shows: that deal is given up, another dealt
        app.click("rule", "same")
        await settle(app)
        assert (
            first.scope.ended
            and app.cpu.ahead.match is not None
            and app.cpu.ahead.match is not first
        )
        dealt = [p for name, p in engine.calls if name == "deal_ahead"]
        assert len(dealt) == 3 and dealt[-1]["rules"] == ["open", "same"]
        # a replay of the match takes the table: the match dealt ahead is given up
        second = app.cpu.ahead.match
        await app.table.replay_match()
        await settle(app)
        assert second.scope.ended and app.cpu.ahead.match is None
        asked = len(engine.calls)
        app.table.occupant.key("exit")  # back to the result: dealt ahead again
        await settle(app)
        assert app.cpu.ahead.match is not None and not app.cpu.ahead.match.scope.ended
        assert [n for n, _ in engine.calls[asked:]][:2] == ["deal_ahead", "ponder_ahead"]
        app.click("level", "expert")  # not master: nothing is dealt ahead
        await settle(app)
        assert app.cpu.ahead.match is None
        app.key("Enter")
        await settle(app)
        assert app.match.playing["level"] == "expert" and app.match.playing["rules"] == [
            "open",
            "same",
        ]

    asyncio.run(run())


def test_master_thinks_its_opening_through_beneath_the_title_and_plays_it_after() -> None:
    async def run() -> None:
        for seed in range(1, 40):  # a deal where the CPU opens
            app, screen, _ = make_app(store_with(rules=["open"], level="master"), seed=seed)
            app.start(title=True)
            engine = LocalEngine()
            app.spawn(app.engine_ready(engine))
            await settle(app)
            if app.match.view["first"] == "red":
                break
        names = [name for name, _ in engine.calls]
        assert "ponder" in names and "cpu_move" not in names  # thinking, not playing
        assert all(cell is None for cell in app.match.view["board"])
        assert not app.match.thinking and not screen.flags.get("busy")
        app.key("Enter")  # Play: the CPU opens
        await settle(app)
        assert "cpu_move" in [name for name, _ in engine.calls]
        assert sum(cell is not None for cell in app.match.view["board"]) == 1

    asyncio.run(run())


def test_every_kind_of_click_the_page_reads_has_its_handler() -> None:
    from triad.ui.page import controls, panels
    from triad.ui.study.puzzle import Puzzle
    from triad.ui.study.replay import Replay
    from triad.ui.table.match import Match

    app, _, _ = make_app()
    handled = set(app.controls.clicks)
    for panel in (panels.Title, panels.Draft, panels.Book, panels.Album, panels.Result):
        handled |= set(panel.kinds)
    for occupant in (Match, Replay, Puzzle):  # (what is on the table takes its own)
        handled |= set(occupant.kinds)
    assert handled == set(controls.KINDS) | {"card", "cell"}


@pytest.mark.parametrize("how", [("action", "new"), ("action", "rematch"), ("key", "F5")])
def test_new_game_rematch_and_f5_ask_before_ending_a_match_under_way(how: tuple[str, str]) -> None:
    """As the collection does, in a dialog named by its heading, the focus in it (the
    browser gives it back where it was when it closes: tests/browser/test_first_minutes)."""

    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        await start(app)

        def press() -> None:
            if how[0] == "key":
                assert app.key(how[1])
            else:
                app.click(*how)

        press()  # nothing played yet: nothing to lose, a new deal at once
        await settle(app)
        assert app.panel is None and app.match_counter == 2
        app.click("action", "autoplay")
        await settle(app)
        shown = app.match.view
        assert any(shown["board"]) and not shown["over"]
        press()
        overlay = screen.regions["r-overlay"]
        assert app.panel == "leave" and 'role="alertdialog"' in overlay
        assert 'aria-labelledby="leave-title"' in overlay and 'id="leave-title"' in overlay
        assert "End this match?" in overlay and "will be lost" in overlay
        assert screen.focused[-1] == "#r-overlay .dialog button"
        app.click("do", "close")  # Keep playing
        assert app.panel is None and app.match.view is shown and app.match_counter == 2
        assert screen.ready
        press()
        assert app.key("Escape")  # Escape plays on too
        assert app.panel is None and app.match.view is shown
        press()
        app.click("do", "leave_yes")
        await settle(app)
        assert app.match_counter == 3 and not any(
            cell and cell["owner"] == "blue" for cell in app.match.view["board"]
        )

    asyncio.run(run())


def test_the_question_before_leaving_a_match_is_in_french() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice", lang="fr"), seed=40)
        await start(app)
        app.click("action", "autoplay")
        await settle(app)
        app.click("action", "rematch")
        overlay = screen.regions["r-overlay"]
        assert "Arrêter cette partie\u00a0?" in overlay and "seront perdus" in overlay
        assert "Continuer" in overlay and "L&#39;arrêter" in overlay

    try:
        asyncio.run(run())
    finally:
        set_language("en")  # (the page's language is the module's: it outlives the test)


def test_see_the_board_is_two_way_by_its_button_and_by_escape() -> None:
    """ "See the board" lets the result step aside; a button left over the board brings it
    back with its buttons, and Escape does the same (not Pause)."""

    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        await start(app)
        await play_out(app)
        assert "data-result" in screen.regions["r-overlay"]
        for way_back in ("button", "Escape"):
            app.click("do", "result")  # See the board
            overlay = screen.regions["r-overlay"]
            assert "data-result" not in overlay and "Back to the result" in overlay
            assert 'data-do="result"' in overlay and screen.focused[-1] == "#r-overlay button"
            if way_back == "button":
                app.click("do", "result")
            else:
                assert app.key("Escape")
            assert not app.paused and "data-result" in screen.regions["r-overlay"]
            assert 'data-do="rematch"' in screen.regions["r-overlay"]
            assert screen.focused[-1] == "#r-overlay button"  # Play again, the first

    asyncio.run(run())


def test_a_shared_deal_comes_back_after_a_reload_and_another_link_deals_its_own() -> None:
    """The README: of a quick match and its deal code, "a reload keeps it", a shared
    deal's too (it was dealt again from move one)."""

    async def run() -> None:
        code = dealcode.encode(123456, ["plus", "same"], "houses")
        store = store_with(mode="hotseat")
        app, _, _ = make_app(store, seed=9)
        app.start(code)
        await app.engine_ready(LocalEngine())
        await settle(app)
        for _ in range(3):
            cell = empty_cells(app)[0]
            app.click("card", (app.match.view["to_move"], "0"))
            app.click("cell", str(cell))
            app.click("cell", str(cell))
            await settle(app)
        board = app.match.view["board"]
        assert sum(1 for s in board if s) == 3
        again, _, _ = make_app(store, seed=50)  # the same address loaded again
        again.start(code)
        assert again.match.view["board"] == board  # shown at once, before the engine is up
        await again.engine_ready(LocalEngine())
        await settle(again)
        assert again.match.view["board"] == board and again.match.playing["seed"] == 123456
        other = dealcode.encode(654321, ["same"], "houses")
        third, _, _ = make_app(store, seed=60)  # a link to another deal: that one
        third.start(other)
        assert third.match.playing["seed"] == 654321 and not any(third.match.view["board"])

    asyncio.run(run())


class FakeHistory:
    """The tab's history: the game's entry, and those the page pushes."""

    def __init__(self, app: App) -> None:
        self.entries = ["game"]
        self.nav = BackNav(self.push, self.back, lambda: app.key("Escape"))
        app.back_nav = self.nav

    def push(self) -> None:
        self.entries.append("dialog")

    def back(self) -> None:  # the page's own Back
        self.entries.pop()
        self.nav.popped()

    def player_back(self) -> None:  # the browser's Back button
        self.entries.pop()
        if self.entries:
            self.nav.popped()


def test_browser_back_with_a_dialog_open_closes_it_and_stays_in_the_game() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        history = FakeHistory(app)
        await start(app)
        assert history.entries == ["game"]
        for name in ("rules", "info", "collection", "legend"):
            app.click("action", name)
            assert app.panel == name and history.entries == ["game", "dialog"]
            history.player_back()
            assert app.panel is None and history.entries == ["game"] and screen.ready
        app.click("action", "rules")
        app.click("do", "close")  # closed on the page: its entry is taken off too
        assert app.panel is None and history.entries == ["game"]
        app.click("action", "pause")
        app.click("action", "info")  # a dialog over Pause: Back closes it, then Pause
        assert history.entries == ["game", "dialog"]
        history.player_back()
        assert app.panel is None and app.paused and history.entries == ["game", "dialog"]
        history.player_back()
        assert not app.paused and history.entries == ["game"] and screen.ready

    asyncio.run(run())


def test_settings_cut_short_read_as_defaults_and_a_change_writes_a_clean_value() -> None:
    """Settings stored cut short (a crash mid-write): the defaults, said once, the menu
    shows them, and the first change writes a whole value back."""
    store = SafeStore(MemoryStore())
    store.set(KEY, '{"version": 1, "rules": ["same"')
    app, screen, _ = make_app(store)
    app.start()
    assert "could not be read" in screen.regions["r-notice"]
    app.click("action", "rules")
    menu = screen.regions["r-overlay"]
    assert re.search(r'data-rule="banner"[^>]*aria-pressed="true"', menu), menu
    assert re.search(r'data-rule="same"[^>]*aria-pressed="false"', menu), menu
    app.click("rule", "same")
    stored = settings.parse(store.get(KEY))[0]
    assert stored["version"] == 1 and stored["rules"] == ["banner", "same"]
    assert json.loads(store.get(KEY))["rules"] == ["banner", "same"]


def test_a_checked_deal_code_deals_the_same_hands_and_a_typo_is_refused() -> None:
    """A deal code with its check and a level band, opened on two pages: the same hands,
    every level in the band, the code shown in the menu; one character mistyped: said,
    and a match of its own dealt."""
    code = dealcode.encode(4242, ["open", "level_range"], "houses", [4, 6])

    def opened(address_code: str, seed: int) -> tuple[App, Any]:
        app, screen, _ = make_app(seed=seed)
        app.start(address_code)
        return app, screen

    def hands(app: App) -> list[list[str]]:
        return [[c["id"] for c in app.match.view["hands"][p]] for p in ("blue", "red")]

    app, screen = opened(code, 9)
    dealt = hands(app)
    assert all(len(h) == 5 for h in dealt)
    levels = [c["level"] for p in ("blue", "red") for c in app.match.view["hands"][p]]
    assert all(4 <= lv <= 6 for lv in levels)
    assert not screen.regions.get("r-notice")
    app.click("action", "rules")
    assert code in screen.regions["r-overlay"]
    friend, _ = opened(code, 50)
    assert hands(friend) == dealt
    typo = code[:-1] + ("A" if code[-1] != "A" else "B")
    mistyped, screen = opened(typo, 60)
    assert "was mistyped" in screen.regions["r-notice"]
    assert len(mistyped.match.view["hands"]["blue"]) == 5
    assert hands(mistyped) != dealt
