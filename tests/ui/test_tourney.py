"""The tournament dialog through the page's controller, with the real worker functions
in-process: decks within the limits, a knockout match played on the table and settled,
a reload in the middle of a match, feats announced once."""

import asyncio
import json
import re
from typing import Any

import pytest

from tests.tournament.helpers import DECK, rich_save
from tests.ui.helpers import LocalEngine, make_app, settle
from tests.ui.test_split import until
from triad import api
from triad.collection.save import dump_save
from triad.ui.collection.collect import KEY
from triad.ui.collection.tourney import NEXT
from triad.ui.look.text import explain, t
from triad.ui.page import client, settings
from triad.ui.page.app import App
from triad.ui.page.panels import Draft
from triad.ui.page.settings import MemoryStore, SafeStore
from triad.ui.study.replay import Replay

pytestmark = pytest.mark.usefixtures("quick_cpu")  # (tests/ui/conftest.py)


def rich_store() -> SafeStore:
    store = SafeStore(MemoryStore())
    settings.save(store, settings.defaults())
    store.set(KEY, dump_save(rich_save()))
    return store


async def boot(store: SafeStore, seed: int = 11) -> tuple[App, Any]:
    app, screen, _ = make_app(store, seed=seed)
    screen.value = lambda selector: "Walls"  # the deck name typed in
    app.start()
    await app.engine_ready(LocalEngine())
    for _ in range(50):
        await settle(app)
        if app.coll.ready:
            break
    return app, screen


def stored(store: SafeStore) -> dict[str, Any]:
    return json.loads(store.get(KEY) or "{}")


async def open_tourney(app: App) -> None:
    app.tourney.open()
    for _ in range(20):
        await settle(app)
        if app.tourney.view is not None:
            break
    assert app.panel == "tourney"


async def begin_knockout(store: SafeStore) -> tuple[App, Any]:
    """A page on `store` (a rich collection) with the deck DECK built and a knockout begun."""
    app, screen = await boot(store)
    await open_tourney(app)
    await build_deck(app, DECK)
    app.click("do", "tr_tab:event")
    app.click("do", "tr_begin:knockout")
    await settle(app)
    return app, screen


async def build_deck(app: App, cards: list[str]) -> None:
    app.click("do", "tr_tab:decks")
    for card in cards:
        app.click("do", "tr_add:" + card)
    app.click("do", "tr_save")
    await settle(app)


def test_the_deck_builder_names_the_card_over_the_limits_then_keeps_a_deck() -> None:
    async def run() -> None:
        store = rich_store()
        app, screen = await boot(store)
        await open_tourney(app)
        await build_deck(
            app, ["sable-ardent", "aldric-thorne", "helka-vorn", "garrick-rhee", "rowan-hale"]
        )
        html = screen.regions["r-overlay"]
        assert 'role="alert"' in html and "Aldric Thorne" in html and "five stars" in html
        assert 'id="tr-error"' in html and screen.scrolled[-1] == "tr-error"  # seen by all
        assert stored(store)["tournament"]["decks"] == []
        app.click("do", "tr_clear")
        await build_deck(app, DECK)
        assert stored(store)["tournament"]["decks"] == [{"name": "Walls", "cards": DECK}]
        html = screen.regions["r-overlay"]
        assert 'data-tr-deck="Walls"' in html
        assert 'id="tr-message"' in html and screen.scrolled[-1] == "tr-message"
        # the first feat of a deck is announced once
        assert any("Deck builder" in s for s in screen.said)
        assert "first-deck" in stored(store)["tournament"]["feats"]["announced"]

    asyncio.run(run())


def test_a_refusal_is_said_as_the_collection_says_it() -> None:
    async def refused() -> dict[str, Any]:
        raise client.refused({"ok": False, "error": "save.cards: damaged", "code": "save_bad"})

    async def run() -> None:
        app, _ = await boot(rich_store())
        with pytest.raises(client.WorkerError) as caught:
            await app.tourney.answer(refused())
        assert caught.value.words == explain("save.cards: damaged", "save_bad")
        assert caught.value.words.startswith(t("err_save_bad", detail="save.cards: damaged"))
        app.engine = None  # not asked: the page answers at once
        asked = refused()
        with pytest.raises(client.WorkerError) as caught:
            await app.tourney.answer(asked)
        assert caught.value.reply == api.failure(t("engine_loading"), "engine_loading")
        assert caught.value.words == t("engine_loading")
        asked.close()

    asyncio.run(run())


async def play_to_end(app: App) -> None:
    """The autoplay button each time the player may act (the CPU plays one card for them),
    until the tournament's result shows."""
    for _ in range(400):
        if app.accepting():
            app.click("action", "autoplay")
        await settle(app)
        if app.panel == "tourney" and app.tourney.result is not None:
            return
    raise AssertionError("the tournament match did not end")


def test_a_knockout_match_is_played_on_the_table_and_settled_into_the_bracket() -> None:
    async def run() -> None:
        store = rich_store()
        app, screen = await begin_knockout(store)
        html = screen.regions["r-overlay"]
        assert 'data-tr-kind="knockout"' in html and "Quarter-finals" in html
        assert html.count('data-tr-match="') == 4 and "data-tr-play" in html
        before = stored(store)
        assert before["tournament"]["event"]["deck"] == DECK
        # a match between two leaders opens as a replay
        app.click("do", "tr_replay:1")
        # closed once it shows: its analysis (a search of every move) is not this test's
        await until(app, lambda: isinstance(app.table.occupant, Replay))
        assert app.match is None and app.panel is None
        assert app.table.occupant.analysis is not None  # (it began; the exit ends it)
        app.table.occupant.key("exit")
        await settle(app)
        app.tourney.open()
        await settle(app)
        app.click("do", "tr_play")
        await settle(app)
        assert app.panel is None and app.match.playing["tourney"]
        assert {c["id"] for c in app.match.view["hands"]["blue"]} <= set(DECK)
        await play_to_end(app)
        after = stored(store)
        event = after["tournament"]["event"]
        assert event["matches"][0]["record"] is not None and event["games"] == []
        assert after["tournament"]["counts"]["matches"] == 1
        html = screen.regions["r-overlay"]
        assert "data-tr-result" in html
        # the focus goes to the next match's button (or a new event's); the result's own
        # button it is sent to after is not there under the tournament's dialog
        assert NEXT in screen.focused and ".result" not in html
        assert any("First match" in s for s in screen.said)
        # a key after the match (the table's turn runs again): it is not settled a second time
        app.match.spawn(app.match.next_turn())
        await settle(app)
        assert app.tourney.error == "" and 'role="alert"' not in screen.regions["r-overlay"]

    asyncio.run(run())


def test_a_reload_in_the_middle_of_a_tournament_match_resumes_it() -> None:
    async def run() -> None:
        store = rich_store()
        app, _ = await boot(store)
        await open_tourney(app)
        await build_deck(app, DECK)
        app.click("do", "tr_begin:season")
        await settle(app)
        app.click("do", "tr_play")
        await settle(app)
        for _ in range(2):  # two moves of the player's (the CPU answers between)
            for _ in range(100):
                await settle(app)
                if app.match.may_act():
                    break
            view = app.match.view
            cell = view["board"].index(None)
            app.match.human_move((0, cell))
            await settle(app)
        games = stored(store)["tournament"]["event"]["games"]
        assert games and len(games[0]) >= 2
        app.match.end()
        app.scope.end()
        moves = stored(store)["tournament"]["event"]["games"]
        again, _ = await boot(store, seed=99)
        for _ in range(20):
            await settle(again)
            if again.match.playing and again.match.playing.get("tourney"):
                break
        assert again.match.playing["tourney"]
        board = [cell for cell in again.match.view["board"] if cell is not None]
        assert len(board) == len(moves[0])
        await play_to_end(again)
        event = stored(store)["tournament"]["event"]
        assert event["matches"][0]["record"]["games"][0][: len(moves[0])] == moves[0]

    asyncio.run(run())


def test_an_open_tournaments_pick_shows_taken_and_nothing_else_is_picked_meanwhile() -> None:
    """While a pick of the draft is on its way, the card shows taken and no other can be
    picked (a click meanwhile sends nothing); the answer brings the CPU's picks."""

    def cards(screen: Any) -> tuple[list[str], list[str], int]:
        html = screen.regions["r-overlay"]
        free = re.findall(r'class="draft-pick" data-draft="(\d+)">', html)
        shut = re.findall(r'class="draft-pick" data-draft="(\d+)" disabled>', html)
        return free, shut, html.count('data-drafted="blue"')

    async def run() -> None:
        store = rich_store()
        app, screen = await boot(store)
        await open_tourney(app)
        app.click("do", "tr_begin:open")
        await settle(app)
        app.click("do", "tr_play")
        await settle(app)
        free, shut, mine = cards(screen)
        assert len(free) == 12 and not shut and mine == 0
        sent: list[str] = []
        pick = app.match.transport.pick
        app.match.transport.pick = lambda index: sent.append(str(index)) or pick(index)
        app.click("draft", free[0])
        waiting, shut, mine = cards(screen)  # (the answer not come yet)
        assert not waiting and len(shut) == 11 and mine == 1 and free[0] not in shut
        app.click("draft", shut[0])
        screen.focused.clear()
        await settle(app)
        assert sent == [free[0]]
        assert screen.focused[-1:] == [Draft.focus]  # (play goes on at the next card to pick)
        free, shut, mine = cards(screen)
        assert free and not shut and mine == 1 and len(free) < 11  # (the CPU picked too)
        picks = stored(store)["tournament"]["event"]["draft"]
        assert picks[0] == int(sent[0]) and len(picks) == 12 - len(free)

    asyncio.run(run())


def test_records_and_feats_show_in_the_collection() -> None:
    async def run() -> None:
        store = rich_store()
        app, screen = await boot(store)
        await open_tourney(app)
        await build_deck(app, DECK)
        app.close_panel()
        app.click("action", "collection")
        app.click("tab", "feats")
        await settle(app)
        html = screen.regions["r-overlay"]
        assert "data-tr-records" in html and html.count('data-feat="') >= 20
        assert 'data-feat="first-deck"' in html.split('class="earned"')[1][:40] or (
            '<li class="earned" data-feat="first-deck">' in html
        )

    asyncio.run(run())


def test_a_whole_knockout_is_played_to_its_champion() -> None:
    # the player's matches one after another (the leaders' are played by the engine) until
    # the bracket names a champion: three rounds, the player's matches counted, the prize
    # when the player wins it, the first match's feat
    async def run() -> None:
        store = rich_store()
        app, screen = await begin_knockout(store)
        before = stored(store)
        for _ in range(3):
            if "data-tr-champion" in screen.regions["r-overlay"]:
                break
            assert "data-tr-play" in screen.regions["r-overlay"]
            app.click("do", "tr_play")
            await settle(app)
            await play_to_end(app)
        html = screen.regions["r-overlay"]
        champion = re.findall(r'data-tr-champion="([^"]*)"', html)
        after = stored(store)
        event = after["tournament"]["event"]
        assert champion == [event["champion"]]
        assert len([m for m in event["matches"] if m["round"] == 3]) == 1
        mine = [m for m in event["matches"] if "you" in (m["a"], m["b"])]
        assert after["tournament"]["counts"]["matches"] == len(mine) >= 1
        final = next(m for m in event["matches"] if m["round"] == 3)
        # two prize cards for the champion, one for the other finalist
        prize = 2 if event["champion"] == "you" else int("you" in (final["a"], final["b"]))
        assert sum(after["cards"].values()) == sum(before["cards"].values()) + prize
        assert "first-match" in after["tournament"]["feats"]["announced"]

    asyncio.run(run())


def test_a_played_match_of_the_bracket_reads_as_french_writes_it() -> None:
    """French sets a space before a colon, in the words shown and in the button's name."""
    from triad.ui.collection.tourney_html import match_item
    from triad.ui.look.text import set_language

    roster = [{"id": "aldric", "name": "Aldric Thorne"}, {"id": "khulan", "name": "Khulan Vey"}]
    m = {"a": "aldric", "b": "khulan", "played": True, "score": [6, 4], "winner": "khulan"}
    set_language("fr")
    try:
        item = match_item({"roster": roster}, {}, 0, m)
    finally:
        set_language("en")
    assert "Aldric Thorne 6–4 Khulan Vey\u00a0: Khulan Vey se qualifie" in re.sub(
        "<[^>]+>", "", item
    )
    assert 'aria-label="Revoir\u00a0: Aldric Thorne 6–4 Khulan Vey"' in item
    english = match_item({"roster": roster}, {}, 0, m)
    assert "Aldric Thorne 6–4 Khulan Vey: Khulan Vey goes through" in re.sub("<[^>]+>", "", english)
