"""Playing a friend from inside itch.io's cross-origin iframe.

itch.io shows an HTML game in an iframe of its CDN's origin (html-classic.itch.zone)
inside its own page, with a permissions policy (`allow`) that grants Web Share but no
clipboard. Here the parent page is served on http://localhost:PORT and the game on
http://127.0.0.1:PORT, two sites, with itch.io's `allow` list: the friend dialog works
in the frame, Copy copies (or leaves the code selected), Share shows only where the
browser has it, the game's link opens the match in a page of its own, and a pasted
text code goes on in the frame, where the match is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, wait_engine, wait_ready, wait_settled
from tests.browser.test_friend import Player

# Chromium as shipped: it refuses a cross-site frame storage, as itch.io's players meet it
# in a private window or wherever third-party cookies are blocked.
pytestmark = [pytest.mark.browser, pytest.mark.full_chromium]

#: What itch.io's game page sets on the game's iframe.
ITCH_ALLOW = (
    "autoplay; fullscreen *; geolocation; microphone; camera; midi; monetization;"
    " xr-spatial-tracking; gamepad; gyroscope; accelerometer; xr; cross-origin-isolated;"
    " web-share"
)


def itch_page(game_url: str) -> str:
    return (
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>A game on itch</title>'
        '<link rel="icon" href="data:,">'
        '<body style="margin:0;background:#222"><main><h1 style="color:#eee">Triad</h1>'
        f'<iframe id="game_drop" src="{game_url}" allow="{ITCH_ALLOW}" allowfullscreen'
        ' title="Triad" style="width:100vw;height:90vh;border:0"></iframe></main></body></html>'
    )


@pytest.fixture
def itch(server: Any, tmp_path: Path) -> Iterator[str]:
    """The address of a page of another site (itch.io's part) holding the game's iframe:
    a server of its own, on loopback too (Chromium lets no page of a public address frame
    a loopback one), named `localhost` where the game is `127.0.0.1`."""
    folder = tmp_path / "itch"
    folder.mkdir()
    (folder / "itch.html").write_text(itch_page(server.url), encoding="utf-8")
    parent = Server(folder)
    yield f"http://localhost:{parent.port}/itch.html"
    parent.stop()


def framed(new_context: Any, server: Any, itch: str, **options: Any) -> tuple[Any, Any]:
    """The page of another site, with the game in itch.io's iframe: (page, game's frame)."""
    parent = itch.rsplit("/", 1)[0]
    context, _ = new_context(origins=(parent,), **options)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=parent)
    page = context.new_page()
    page.goto(itch)
    game = page.locator("#game_drop").element_handle().content_frame()
    assert game is not None
    wait_engine(game)
    # (Chromium here, as in a private window or wherever third-party cookies are blocked,
    # gives the frame no storage: the title screen shows, and the page says why.)
    play = game.locator('.title-screen [data-do="title_play"]')
    play.wait_for()
    play.click()
    wait_ready(game)
    assert game.url.startswith(server.url)
    assert game.locator("[data-cell]").count() == 9
    return page, game


def test_a_friend_match_from_inside_itch_io_iframe(
    new_context: Any, server: Any, itch: str, tmp_path: Path
) -> None:
    page, game = framed(new_context, server, itch)
    assert game.evaluate("window.top !== window")  # (cross-origin: the top is out of reach)
    game.locator('[data-action="rules"]').click()
    game.locator('.menu [data-do="friend"]').click()
    game.locator('[data-do="friend_invite"]').click()
    box = game.locator("#friend-link")
    box.wait_for(state="visible")
    link = box.input_value()
    assert link.startswith(server.url + "#friend=TF3.")  # the game's own address

    # Copy: the clipboard API is refused by the frame's policy; the code is copied the
    # old way (where that fails too it is left selected in its box for the player to
    # copy: tests/ui/test_friend_page.py), and Copy says it was.
    game.locator('[data-do="friend_copy"]').click()
    game.locator("[data-copied]").wait_for()
    game.wait_for_function("() => document.activeElement?.hasAttribute('data-copied')")
    assert not game.evaluate("document.featurePolicy.allowsFeature('clipboard-write')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == link

    # Share shows only where the browser has the Web Share API.
    has_share = game.evaluate("typeof navigator.share === 'function'")
    assert game.locator('[data-do="friend_share"]').is_visible() == has_share
    page.screenshot(path=str(tmp_path / "iframe-invite.jpg"))

    # The link opens the match in a page of its own (a guest's top-level tab).
    guest = Player(new_context, server.url, [])
    guest.boot(link)
    accept = guest.page.locator('[data-do="friend_accept"]')
    accept.wait_for(state="visible")
    accept.click()
    guest.wait_state("wait")
    answer = guest.link()

    # The answer's link opened in a top-level tab of the host's own browser. Where the
    # browser keeps a frame's channels apart per top site (as it keeps its storage), the tab
    # reaches the game alone, without the match, and says where to paste the code. Where
    # the channel reaches the frame (this Chromium), the frame takes the move at once
    # (one tab per match: triad/ui/friend/tabs.py) and the tab says the match is open elsewhere.
    check = game.evaluate("document.documentElement.dataset.friendCheck")
    tab = page.context.new_page()
    tab.goto(answer)
    tab.wait_for_function(
        "() => window.triadFriendTaken"
        " || document.querySelector('[data-friend-error]')?.checkVisibility()"
    )
    if tab.evaluate("() => !!window.triadFriendTaken"):
        notice = tab.locator("#boot-notice")
        notice.wait_for(state="visible")
        assert "open in another tab" in notice.inner_text()
        assert tab.locator('.dialog.friend, [data-do="friend_accept"]').count() == 0
        # (the frame has taken the move once its match's code has changed)
        game.wait_for_function(
            "old => document.documentElement.dataset.friendCheck !== old", arg=check
        )
        wait_settled(game)
    else:
        error = tab.locator("[data-friend-error]")
        assert "paste it into the game where the match began" in error.inner_text()
    tab.screenshot(path=str(tmp_path / "iframe-answer-top.jpg"))
    tab.close()

    # The host pastes the answer's text code into the game in the frame: it goes on there
    # (the same code pasted again where the move was already taken changes nothing).
    code = answer.split("#friend=", 1)[1]
    if not game.locator("#friend-paste").is_visible():  # (the frame took it: from the menu)
        game.locator('[data-action="rules"]').click()
        game.locator('.menu [data-do="friend"]').click()
    game.locator("#friend-paste").fill(code)
    game.locator('[data-do="friend_open"]').click()
    game.wait_for_function(
        "() => ['mine', 'wait'].includes(document.documentElement.dataset.friend)"
    )
    page.screenshot(path=str(tmp_path / "iframe-answered.jpg"))
    page.set_viewport_size({"width": 390, "height": 844})
    game.wait_for_function("() => window.innerWidth <= 390")
    wait_settled(game)  # the table's layout has followed the frame's new width
    page.screenshot(path=str(tmp_path / "iframe-answered-phone.jpg"))
