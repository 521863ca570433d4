"""The page's text tables: every language says everything, with the same placeholders."""

import re

import pytest

from tests.ui.helpers import make_app
from triad.ui import rulebook, text
from triad.ui.settings import KEY, MemoryStore, SafeStore

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    text.set_language("en")


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    for code, table in text.STRINGS.items():
        assert set(table) == set(text.EN), code
        for key, value in table.items():
            assert sorted(PLACEHOLDER.findall(value)) == sorted(
                PLACEHOLDER.findall(text.EN[key])
            ), (code, key)


def test_french_is_french_where_the_seeds_name_the_rules() -> None:
    text.set_language("fr-FR")
    assert text.t("rule_same") == "Identique"
    assert text.t("rule_same_wall") == "Même Mur"
    assert text.t("rule_plus_wall") == "Mur additionnel"
    assert text.t("rule_sudden_death") == "Mort subite"
    assert text.t("score_label", name="Vous", count=4) == "Vous : 4 cartes"
    text.set_language("de")
    assert text.t("rule_same") == "Same"


def test_rulebook_in_french_has_the_same_sections_and_diagrams() -> None:
    en = [
        (ident, [b for b in body if isinstance(b, str) and b.startswith("@")])
        for ident, _, body in rulebook.EN_SECTIONS
    ]
    fr = [
        (ident, [b for b in body if isinstance(b, str) and b.startswith("@")])
        for ident, _, body in rulebook.FR_SECTIONS
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
    assert "Échap" in screen.regions["app"]
    app.click("action", "rules")
    menu = screen.regions["r-overlay"]
    assert "Règles de la prochaine partie" in menu and 'href="./catch.html"' in menu
    mounted = screen.mounted
    app.click("lang", "en")
    assert screen.lang == "en" and screen.mounted == mounted + 1
    assert "Rules for the next match" in screen.regions["r-overlay"]
    assert '"lang": "en"' in (store.get(KEY) or "")
    app.click("lang", "auto")
    assert screen.lang == "fr"
    assert '"lang": ""' in (store.get(KEY) or "")
