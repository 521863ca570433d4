"""The Triangle Catch page's words: every language says everything, in the card game's language."""

from __future__ import annotations

import pytest

from tests.ui.catch.helpers import FakeScreen
from tests.ui.test_text import PLACEHOLDER, forms
from triad import api
from triad.catch.words import Said, plain
from triad.ui.catch import client as catch_client
from triad.ui.catch import text as catch_text
from triad.ui.catch.app import CatchApp
from triad.ui.look import text
from triad.ui.page import client
from triad.ui.page.settings import KEY, MemoryStore, defaults, dump


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    text.set_language("en")


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    for code in text.LANGUAGES:
        table = text.read_lang(code, catch_text.FILE)
        assert set(table) == set(catch_text.EN), code
        for key, value in table.items():
            english = catch_text.EN[key]
            wanted = sorted(PLACEHOLDER.findall(forms(english)[0]))
            for sentence in forms(value) + forms(english):
                assert sorted(PLACEHOLDER.findall(sentence)) == wanted, (code, key)


async def instant(ms: int) -> None:
    return None


def make_app(store: MemoryStore, browser_lang: str = "en") -> tuple[CatchApp, FakeScreen]:
    screen = FakeScreen()
    seeds = iter(range(1000, 2000))
    app = CatchApp(screen, store, instant, lambda: next(seeds), False, browser_lang)
    app.start()
    return app, screen


def test_the_page_speaks_the_language_chosen_in_the_card_game() -> None:
    store = MemoryStore()
    settings = defaults()
    settings["lang"] = "fr"
    store.set(KEY, dump(settings))
    app, screen = make_app(store)
    assert screen.lang == "fr"
    # a first visit's example bot is named in the page's language, and stays so named
    assert app.doc["bots"][0]["name"] == app.doc["current"] == "Bot d'exemple"
    assert "Jouer" in screen.regions["c-tabs"] and "Regarder des bots" in screen.regions["c-tabs"]
    assert "Chargement de l&#39;arbitre…" in screen.regions["c-map"]
    app.act("help")
    assert "Comment jouer" in screen.regions["app"] + screen.regions["c-overlay"]
    # Settings in the card game that follow the browser: the browser's language.
    settings["lang"] = ""
    store.set(KEY, dump(settings))
    _, screen = make_app(store, "fr-CA")
    assert screen.lang == "fr" and "Éditeur de bot" in screen.regions["c-tabs"]
    _, screen = make_app(store, "de-DE")
    assert screen.lang == "en" and "Bot editor" in screen.regions["c-tabs"]


def test_unreadable_settings_leave_the_page_in_the_browsers_language() -> None:
    store = MemoryStore()
    store.set(KEY, "{not json")
    _, screen = make_app(store, "fr")
    assert screen.lang == "fr" and "Jouer" in screen.regions["c-tabs"]
    assert store.get(KEY) == "{not json"  # read only: the card game explains and mends it
    # French counts the triangles one has, English the whole.
    assert catch_text.t("tri_count", count=0, total=3) == "0 triangle sur 3"
    assert catch_text.t("tri_count", count=2, total=3) == "2 triangles sur 3"


def test_the_referees_sentences_are_said_in_the_pages_language() -> None:
    stayed = Said("no_unit_stayed", house=4)
    both = Said("both", first=Said("wiped_out", player=1), second=Said("last_unit", player=0))
    came = Said(
        "came_first_shorter",
        reason=Said("path_crosses", source=3, target=9),
        player=1,
        source=2,
        target=5,
    )
    text.set_language("fr")
    assert catch_text.said(plain(Said("at_start", reason=stayed))) == (
        "aucune unité n'est restée sur la maison 4 tout le tour au début du tour"
    )
    assert catch_text.said(plain(both)) == (
        "Rouge n'a plus ni triangle ni unité\u00a0; "
        "Bleu n'a plus qu'une unité, aucun triangle et le score le plus bas"
    )
    assert catch_text.said(plain(came)) == (
        "la route 3–9 croiserait une autre route\u00a0: "
        "la route 2–5 de Rouge, plus courte, est passée avant"
    )
    assert (
        catch_text.said(plain(Said("killed", count=1, house=7))) == "1 unité tuée sur la maison 7"
    )
    assert catch_text.said(plain(Said("killed", count=3, house=7))) == (
        "3 unités tuées sur la maison 7"
    )
    # A line the referee does not recognise: refused in French too.
    refusal = {"ok": False, "error": "unrecognised command 'JUMP 1 2'"}
    why = Said("not_command", keyword="'JUMP'")
    refusal["words"] = plain(Said("unrecognised", command="'JUMP 1 2'", why=why))
    assert catch_client.refusal_words(client.refused(refusal)) == (
        "commande non reconnue 'JUMP 1 2'\u00a0: 'JUMP' n'est pas une commande avec ces nombres"
    )
    assert (
        catch_client.refusal_words(client.refused(api.failure("the match is over")))
        == "the match is over"
    )
    # A reason the page gave itself is shown as it is; so is a sentence it has no words for.
    assert catch_text.said("Votre bot n'a pas répondu") == "Votre bot n'a pas répondu"
    assert catch_text.said({"key": "new", "values": {}, "text": "as sent"}) == "as sent"
    text.set_language("en")
    assert catch_text.said(plain(both)) == (
        "Red has no triangle and no unit left; Blue has one unit, no triangle and the lower score"
    )
