"""The page speaks French under a French browser locale, and the menu switches it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import wait_engine, wait_ready

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_french_locale_shows_french_text_and_the_switch_remembers_english(
    new_context: Any, server: Any
) -> None:
    context, _ = new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Échap\u00a0: pause" in page.locator(".keys").inner_text()
    page.locator('[data-action="rules"]').click()
    menu = page.locator(".dialog.menu")
    assert "Règles de la prochaine partie" in menu.inner_text()
    assert page.locator('[data-rule="same"]').inner_text().startswith("Identique")
    link = page.locator('a[data-link="catch"]')
    assert link.get_attribute("href") == "./catch.html"
    assert "Triangle Catch" in link.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "collection-menu-fr.jpg"))
    page.locator('[data-do="close"]').click()
    page.locator('[data-action="info"]').click()
    assert "Livre des règles" in page.locator(".dialog.book h2").inner_text()
    page.locator('[data-do="close"]').click()
    # The switch in the menu wins over the browser's language, after a reload too.
    page.locator('[data-action="rules"]').click()
    page.locator('[data-lang="en"]').click()
    assert "Rules for the next match" in page.locator(".dialog.menu").inner_text()
    wait_engine(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Esc pause" in page.locator(".keys").inner_text()


def test_a_broken_save_file_is_refused_in_french(new_context: Any, server: Any) -> None:
    context, _ = new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    before = page.evaluate("localStorage.getItem('triad:collection')")
    page.locator('[data-action="collection"]').click()
    page.locator('[data-tab="save"]').click()
    page.set_input_files(
        'input[data-import="save"]',
        {"name": "abime.json", "mimeType": "application/json", "buffer": b'{"cards": 3'},
    )
    message = page.locator(".coll-message")
    message.wait_for(state="attached")
    text = message.inner_text()
    assert "pas été importé" in text, text
    assert "Ce fichier n'est pas du JSON lisible" in text, text
    assert page.evaluate("localStorage.getItem('triad:collection')") == before
