"""The page's text tables: every language says everything, with the same placeholders."""

import json
import re
from pathlib import Path

import pytest

from tests.ui.helpers import make_app
from triad.ui.look import text
from triad.ui.menu import rulebook
from triad.ui.page.settings import KEY, MemoryStore, SafeStore

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    text.set_language("en")


def forms(value: object) -> list[str]:
    """The sentences of a template: itself, or each plural form."""
    if isinstance(value, dict):
        assert set(value) == {"_n", "one", "other"}, value
        return [value["one"], value["other"]]
    assert isinstance(value, str)
    return [value]


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    for code in text.LANGUAGES:
        table = text.table(code)
        assert set(table) == set(text.EN), code
        for key, value in table.items():
            english = text.EN[key]
            wanted = sorted(PLACEHOLDER.findall(forms(english)[0]))
            for sentence in forms(value) + forms(english):
                found = sorted(PLACEHOLDER.findall(sentence))
                if key.startswith("err_"):  # an error's words may leave its English detail out
                    assert set(found) <= set(wanted), (code, key)
                else:
                    assert found == wanted, (code, key)
            if isinstance(value, dict):
                assert value["_n"] in PLACEHOLDER.findall(value["one"]), (code, key)


def test_no_text_or_data_file_says_one_key_twice() -> None:
    """JSON keeps the last of two equal keys without a word: a sentence written twice
    would silently lose one of its versions."""
    root = Path(__file__).resolve().parents[2] / "triad"
    files = sorted(root.glob("ui/lang/*/*.json")) + sorted(root.glob("data/*.json"))
    assert len(files) >= 10
    twice: list[str] = []

    def keep(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in pairs]
        twice.extend(f"{path.relative_to(root)}: {key}" for key in keys if keys.count(key) > 1)
        return dict(pairs)

    for path in files:
        json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=keep)
    assert twice == []


def test_no_sentence_hedges_its_plural() -> None:
    for code in text.LANGUAGES:
        for key, value in text.table(code).items():
            for sentence in forms(value):
                assert "(s)" not in sentence and "(es)" not in sentence, (code, key)


def test_numbers_take_the_plural_of_each_language() -> None:
    assert text.t("score_label", name="You", count=1) == "You: 1 card"
    assert text.t("score_label", name="You", count=0) == "You: 0 cards"
    assert text.t("trade_choose", count=2, name="Mabry") == "Choose 2 cards from Mabry's hand."
    text.set_language("fr")
    assert text.t("score_label", name="Vous", count=1) == "Vous\u00a0: 1 carte"
    assert text.t("score_label", name="Vous", count=0) == "Vous\u00a0: 0 carte"
    assert (
        text.t("trade_choose", count=1, name="Mabry") == "Choisissez 1 carte dans la main de Mabry."
    )
    assert text.t("trade_chosen", count=2, needed=2) == "2 sur 2 choisies"


def test_french_is_french_where_the_seeds_name_the_rules() -> None:
    text.set_language("fr-FR")
    assert text.t("rule_same") == "Identique"
    assert text.t("rule_same_wall") == "Même Mur"
    assert text.t("rule_plus_wall") == "Mur additionnel"
    assert text.t("rule_sudden_death") == "Mort subite"
    assert text.t("score_label", name="Vous", count=4) == "Vous\u00a0: 4 cartes"
    text.set_language("de")
    assert text.t("rule_same") == "Same"


def test_rulebook_in_french_has_the_same_sections_and_diagrams() -> None:
    en = [
        (s["id"], [b for b in s["body"] if isinstance(b, str) and b.startswith("@")])
        for s in rulebook.book("en")["sections"]
    ]
    fr = [
        (s["id"], [b for b in s["body"] if isinstance(b, str) and b.startswith("@")])
        for s in rulebook.book("fr")["sections"]
    ]
    assert en == fr
    text.set_language("fr")
    html = rulebook.render_rulebook(["same"])
    assert "Livre des règles" in html and "Identique" in html and "The goal" not in html


def test_the_browser_language_chooses_and_the_menu_switch_overrides_it() -> None:
    store = SafeStore(MemoryStore())
    app, screen, _ = make_app(store)
    app.browser_lang = "fr-CA"
    app.apply_language()
    app.start()
    assert screen.lang == "fr"
    assert "Échap" in screen.regions["r-keys"]
    app.click("action", "rules")
    menu = screen.regions["r-overlay"]
    assert "Règles de la prochaine partie" in menu and 'href="./catch.html"' in menu
    mounted = screen.mounted
    app.click("lang", "en")
    assert screen.lang == "en" and screen.mounted == mounted + 1
    assert "Rules for the next match" in screen.regions["r-overlay"]
    assert "Esc pause" in screen.regions["r-keys"]  # (the frame was mounted again)
    assert '"lang": "en"' in (store.get(KEY) or "")
    app.click("lang", "auto")
    assert screen.lang == "fr"
    assert '"lang": ""' in (store.get(KEY) or "")


def test_engine_errors_are_explained_in_plain_words_by_their_code() -> None:
    from triad.collection import service
    from triad.ui.look.html import error_html

    bad = json.loads(service.collection_import('{"format": "triad-save", "version": 3,'))
    assert bad["code"] == "json"
    english = text.explain(bad["error"], bad["code"])
    plain, detail = text.split_detail(english)
    assert plain.startswith("This file is not readable JSON") and detail == bad["error"]
    shown = error_html(text.t("save_import_bad", error=english))
    assert shown.startswith("That file was not imported, your collection is unchanged: This file")
    assert "<details" in shown and "<summary>Details</summary>" in shown and "line 1" in shown
    text.set_language("fr")
    plain, detail = text.split_detail(text.explain(bad["error"], bad["code"]))
    assert plain.startswith("Ce fichier n'est pas du JSON lisible") and detail == bad["error"]
    assert "<summary>Détails</summary>" in error_html(text.explain(bad["error"], bad["code"]))
    other = json.loads(service.collection_import('{"format": "something"}'))
    assert text.split_detail(text.explain(other["error"], other["code"]))[0] == (
        "Ce fichier n'est pas une sauvegarde de Triad."
    )
    assert text.explain("no code here") == "no code here"
    assert error_html("no code here") == "no code here"
    assert text.explain("unknown code", "nothing_like_it") == "unknown code"


@pytest.mark.parametrize(
    ("code", "french"),
    [
        ("T1-HOUSES-ZZZZZZZ-5", "illisible"),
        ("garbage", "illisible"),
    ],
)
def test_a_bad_deal_code_is_refused_in_french(code: str, french: str) -> None:
    store = SafeStore(MemoryStore())
    app, screen, _ = make_app(store)
    app.browser_lang = "fr-FR"
    app.apply_language()
    app.start(code)
    assert french in screen.regions["r-notice"]


def test_a_mistyped_checked_deal_code_says_so_in_french() -> None:
    from triad.collection import dealcode

    good = dealcode.encode(99, ["same"], "houses", None)
    typo = good[:-1] + ("A" if good[-1] != "A" else "B")
    store = SafeStore(MemoryStore())
    app, screen, _ = make_app(store)
    app.browser_lang = "fr"
    app.apply_language()
    app.start(typo)
    assert "mal recopié" in screen.regions["r-notice"]


def test_in_french_every_rule_has_its_pill_and_the_legend_explains_the_houses() -> None:
    """The French words of the rule pills above the board, and of the legend they open
    (the legend by keyboard and its tip through a real page: tests/browser/test_page_controls.py)."""
    import asyncio

    from tests.ui.helpers import LocalEngine, settle
    from triad.ui.page import settings

    async def run() -> None:
        store = SafeStore(MemoryStore())
        mine = settings.defaults()
        mine.update(rules=["ascension", "banner", "reverse", "same"], lang="fr")
        settings.save(store, mine)
        for seed in range(1, 40):  # (a deal with at least one House on the board)
            app, screen, _ = make_app(store, seed=seed)
            app.start()
            if any(app.match.view["cells"]):
                break
        await app.engine_ready(LocalEngine())
        await settle(app)
        pills = re.findall(
            r'class="rule-mark" data-action="legend">([^<]*)<', screen.regions["r-status"]
        )
        for pill in ("Bannière", "Identique", "Inversion\u00a0: le plus petit gagne"):
            assert pill in pills, pills
        houses = set(
            re.findall(
                r'class="terr-icon[^"]*"[^>]*aria-label="([^"]*)"', screen.regions["r-board"]
            )
        )
        assert houses
        app.click("action", "legend")
        legend = screen.regions["r-overlay"]
        assert "cette Maison y gagne +1" in legend, legend
        assert all(house in legend for house in houses), (houses, legend)

    asyncio.run(run())


def test_in_french_play_with_a_deck_short_of_five_says_how_many_to_pick() -> None:
    import asyncio

    from tests.ui.helpers import settle
    from tests.ui.test_collection import boot, collection_store

    async def run() -> None:
        store = collection_store()
        raw = json.loads(store.get(KEY))
        raw["lang"] = "fr"
        store.set(KEY, json.dumps(raw))
        app, screen = await boot(store)
        app.click("action", "collection")
        app.click("tab", "ladder")
        app.click("challenge", "old-mabry")
        assert re.search(
            r'data-do="deck_play"[^>]*aria-disabled="true"', screen.regions["r-overlay"]
        )
        app.click("do", "deck_play")
        await settle(app)
        overlay = screen.regions["r-overlay"]
        assert "Choisissez-en encore 5" in overlay and 'role="alert"' in overlay
        assert app.panel == "deck" and app.coll.match is None  # no match started
        app.click("do", "deck_deal")
        await settle(app)
        overlay = screen.regions["r-overlay"]
        assert "Choisissez-en encore" not in overlay
        assert not re.search(r'data-do="deck_play"[^>]*aria-disabled', overlay)

    asyncio.run(run())
