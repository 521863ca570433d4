"""The bottom bar of a friend match offers only what works there: no CPU plays for the
player (F1, the autoplay button), and no Rematch (it would only leave the friend for the
CPU); F1 pressed anyway changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from tests.friend.helpers import Side
from tests.ui.helpers import settle
from tests.ui.test_friend_page import guest_against, page
from triad.friend import protocol as fp
from triad.ui.look.text import set_language

F1 = {"en": "F1 CPU plays a card for you", "fr": "F1\u00a0: le CPU pose une carte pour vous"}
PAUSE = {"en": "Esc pause", "fr": "Échap\u00a0: pause"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_friend_match_offers_no_cpu_in_its_bottom_bar(lang: str) -> None:
    async def run() -> None:
        app, screen = await page()  # a quick match against the CPU first
        app.settings["lang"] = lang
        app.apply_language()
        app.draw()
        assert F1[lang] in screen.regions["r-keys"]
        assert 'data-action="autoplay"' in screen.regions["r-bar-bottom"]
        host = Side(fp.HOST, 5)
        app = await guest_against(host, [])
        app.settings["lang"] = lang
        app.apply_language()
        if not app.friend.info["mine"]:  # (the page's turn, where F1 would play)
            host.take(app.friend.code)
            await app.friend.open_any(host.act())
            await settle(app)
        app.close_panel()
        app.draw()
        screen = app.screen
        keys, bar = screen.regions["r-keys"], screen.regions["r-bar-bottom"]
        assert "F1" not in keys and PAUSE[lang] in keys
        assert 'data-action="autoplay"' not in bar and 'data-action="rematch"' not in bar
        board, plays = list(app.match.view["board"]), app.friend.info["plays"]
        assert app.key("F1")  # (taken: the browser's own help does not open)
        app.click("action", "autoplay")
        await settle(app)
        assert app.match.phase == "human" and app.match.sel.active
        assert app.match.view["board"] == board and app.friend.info["plays"] == plays

    try:
        asyncio.run(run())
    finally:
        set_language("en")
