"""What a player sees: the loading screens, the title screen, the cards' portraits at every
window size, every built-in card, the album and the credits.

Screenshots are kept under test-artifacts/ (loading-*, title-*, match-*, cards-*, album-*,
credits-*) to be looked at.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import build
from tests.browser.conftest import (
    Server,
    Watch,
    copy_dist,
    open_album,
    wait_engine,
    wait_ready,
    wait_settled,
)
from tests.browser.resizing import at_each_size
from tests.conftest import ARTIFACTS
from triad.ui.look import render
from triad.ui.look.icons import affinity_table

# How the page looks and enters (screenshots, a dialog's entrance): motion kept where a test
# does not reduce it itself (tests/browser/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.motion]

SIZES: dict[str, dict[str, Any]] = {
    "960x640": {"viewport": {"width": 960, "height": 640}},
    "1280x720": {"viewport": {"width": 1280, "height": 720}},
    "1920x1080": {"viewport": {"width": 1920, "height": 1080}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
PLAY = '.title-screen [data-do="title_play"]'


def shot(page: Any, name: str, **options: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.jpg"), **options)


def inside(page: Any, selector: str) -> None:
    """Every element matching `selector` lies wholly inside the window."""
    width, height = page.evaluate("[innerWidth, innerHeight]")
    boxes = [el.bounding_box() for el in page.locator(selector).all()]
    assert boxes, selector
    for box in boxes:
        assert box is not None, selector
        assert box["x"] >= -1 and box["y"] >= -1, (selector, box)
        assert box["x"] + box["width"] <= width + 1, (selector, box)
        assert box["y"] + box["height"] <= height + 1, (selector, box)


def loading_screen(
    browser: Any, server: Server, page_name: str, init: str = "", **options: Any
) -> tuple[Any, list[str]]:
    """A page held on its loading screen: PyScript and the engine worker arrive empty (and
    no service worker fetches the game behind it).

    `init`: a script run before the page's own. Returns the page and the addresses it asked for.
    """
    context = browser.new_context(service_workers="block", **options)
    if init:
        context.add_init_script(init)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    empty = {"status": 200, "body": "", "content_type": "text/javascript"}
    context.route("**/runtime/pyscript/pyscript.js.gz", lambda route: route.fulfill(**empty))
    context.route("**/engine-worker.js", lambda route: route.fulfill(**empty))
    page = context.new_page()
    page.goto(server.url + page_name)
    page.locator('#loading .bar[aria-valuenow="15"]').wait_for()
    return page, asked


# How many animations and transitions run on the loading screen.
MOVING = "document.getElementById('loading').getAnimations({subtree: true}).length"
# How many of them never end (each frame of one costs the CPU the boot needs, without a GPU).
ENDLESS = (
    "document.getElementById('loading').getAnimations({subtree: true})"
    ".filter((a) => a.effect.getTiming().iterations === Infinity).length"
)
LOADING = "#loading h1, #loading .tagline, #loading .bar, #loading-text"
FRENCH = "localStorage.setItem('triad.settings', JSON.stringify({version: 1, lang: 'fr'}))"


def viewports(sizes: list[str]) -> dict[str, dict[str, int]]:
    return {size: SIZES[size]["viewport"] for size in sizes}


# Where each page held on its loading screen first shows (then the window is resized to
# each of SIZES: the loading screen is drawn by its styles alone, before any script).
FIRST_SHOWN = {"index.html": "phone", "catch.html": "960x640", "index.html-fr": "1920x1080"}


def test_the_loading_screens_show_their_art_at_once_at_each_size(
    browser: Any, server: Server
) -> None:
    for page_name, art, drawn, name in (
        # five cards fanned: each draws an icon
        ("index.html", "#loading .load-art .lcard svg path", 5, "loading"),
        # a corner of the map: six houses, each drawing the house icon
        ("catch.html", "#loading .load-map use[href='#load-house']", 6, "catch-loading"),
    ):
        page, asked = loading_screen(
            browser, server, page_name, reduced_motion="reduce", **SIZES[FIRST_SHOWN[page_name]]
        )
        # Drawn inline from game-icons.net: nothing to fetch before the art shows.
        for size in at_each_size(page, viewports(list(SIZES))):
            assert page.locator(art).count() == drawn
            for box in page.locator(art).all():
                bbox = box.bounding_box()
                assert bbox is not None and bbox["width"] > 8 and bbox["height"] > 8, size
            inside(
                page,
                LOADING + (", #loading .lcard" if page_name == "index.html" else ", .load-map"),
            )
            assert page.evaluate(MOVING) == 0  # reduced motion: nothing moves, the bar neither
            shot(page, f"{name}-{size}")
        assert page.locator("#loading svg use[href^='./']").count() == 0
        # (the table's card art is on its way, but the loading screen does not wait for it)
        art_files = [u for u in asked if "/assets/art/" in u]
        assert art_files in ([], [f"{server.origin}/{build.ART_SPRITE}"])
        assert [u for u in asked if not u.startswith(server.origin)] == []
        assert page.locator("#loading").get_attribute("lang") == "en"
        page.context.close()

    # In French when the player chose French, whatever the browser's language.
    page, _ = loading_screen(
        browser,
        server,
        "index.html",
        FRENCH,
        locale="en-US",
        reduced_motion="reduce",
        **SIZES[FIRST_SHOWN["index.html-fr"]],
    )
    assert page.locator("#loading").get_attribute("lang") == "fr"
    assert page.locator("#loading-text").inner_text() == "Chargement du jeu…"
    assert "Maisons" in page.locator("#loading .tagline").inner_text()
    assert page.locator("#loading .bar").get_attribute("aria-label") == "Chargement"
    for size in at_each_size(page, viewports(list(SIZES))):
        inside(page, LOADING)
        shot(page, f"loading-{size}-fr")
    page.context.close()


def test_the_loading_screen_follows_the_browsers_language_and_moves(
    browser: Any, server: Server
) -> None:
    page, _ = loading_screen(browser, server, "catch.html", locale="fr-FR", **SIZES["phone"])
    assert page.locator("#loading").get_attribute("lang") == "fr"
    assert page.locator("#loading-text").inner_text() == "Chargement du jeu de la carte…"
    assert page.locator("#loading .tagline").inner_text() == "Le jeu de la carte"
    assert page.evaluate(MOVING) > 0  # motion allowed: the art moves
    assert page.evaluate(ENDLESS) == 0  # for a few seconds, then rests
    page.context.close()
    page, _ = loading_screen(browser, server, "index.html", locale="fr-FR")
    assert page.locator("#loading-text").inner_text() == "Chargement du jeu…"
    assert page.evaluate(MOVING) > 0
    assert page.evaluate(ENDLESS) == 0
    page.context.close()


@pytest.mark.parametrize("page_name", ["index.html", "catch.html"])
def test_a_page_whose_files_do_not_come_says_so(
    page_name: str, browser: Any, server: Server
) -> None:
    """A file the page needs that does not come (its Python files here: a host that lost
    one, a connection cut) is told on the loading screen in the player's language, the bar
    full, not a wait without end."""
    context = browser.new_context(service_workers="block", locale="fr-FR")
    context.route("**/*page.json.gz", lambda route: route.fulfill(status=404, body="not found"))
    page = context.new_page()
    page.goto(server.url + page_name)
    page.locator('#loading .bar[aria-valuenow="100"]').wait_for()
    said = page.locator("#loading-text").inner_text()
    assert (
        said
        == "Le jeu n'a pas pu charger ses fichiers. Vérifiez votre connexion, puis rechargez la page."
    )
    assert page.locator("html.booting").count() == 1  # (still the loading screen)
    context.close()


# Every part of the title screen lies within its box, and the box needs no scrolling.
WHOLE_TITLE = """el => {
    const box = el.getBoundingClientRect();
    const parts = el.querySelectorAll('.tcard, .title-knot, h1, .tagline, button, a, .title-credit');
    return el.scrollHeight <= el.clientHeight + 1 && parts.length >= 10 && [...parts].every((part) => {
        const r = part.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1
            && r.left >= box.left - 1 && r.right <= box.right + 1;
    });
}"""
LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True}


TITLE_SIZES = {
    **viewports(["phone", "960x640", "1920x1080"]),
    "phone-landscape": LANDSCAPE["viewport"],
}


def test_the_title_screen_fits_at_each_size_and_leads_to_the_table(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One page, first shown on a phone (in its context), resized to each size."""
    context, _ = new_context(title=True, reduced_motion="reduce", **SIZES["phone"])
    page = context.new_page()
    page.goto(server.url)
    page.locator(PLAY).wait_for()
    wait_engine(page)  # the art has long arrived by then
    assert page.locator("html.ready").count() == 0  # the table waits behind the title
    for size in at_each_size(page, TITLE_SIZES):
        inside(page, ".title-screen button, .title-screen a")
        # All of it shows at once, the art too: nothing squeezed out of the title or
        # scrolled away.
        inside(page, ".title-screen")
        assert page.locator(".title-screen").evaluate(WHOLE_TITLE), size
        assert page.locator(PLAY).evaluate("el => el === document.activeElement"), size
        # The line above the board says nothing of the match held beneath the title, and
        # the table's bars wait behind it.
        assert page.locator("#r-status").inner_text().strip() == ""
        assert not page.locator(".bar-top").is_visible(), size
        assert not page.locator(".bar-bottom").is_visible(), size
        shot(page, f"title-{size}")
    assert page.locator(".title-screen a[href='catch.html']").count() == 1

    # Music is off by default; turned on it is remembered with the other settings.
    music = page.locator('.title-screen [data-action="music"]')
    assert music.get_attribute("aria-pressed") == "false"
    music.click()
    page.locator('.title-screen [data-action="music"][aria-pressed="true"]').wait_for()
    settings = json.loads(page.evaluate("localStorage.getItem('triad.settings')"))
    assert settings["music"] is True
    page.locator('.title-screen [data-lang="fr"]').click()
    assert page.locator(PLAY).inner_text().strip() == "Jouer"
    page.locator(PLAY).click()
    wait_ready(page)
    for _size in at_each_size(page, TITLE_SIZES):  # the bars come back with the table
        page.locator(".bar-top").wait_for(state="visible")
        page.locator(".bar-bottom").wait_for(state="visible")
    assert page.locator('[data-action="music"][aria-pressed="true"]').count() == 1
    # A reload lands back at the table, not on the title.
    page.reload()
    wait_ready(page)
    assert page.locator(".title-screen").count() == 0


def test_cards_show_their_portraits_at_every_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One match, its first move played by touch on a phone (in its context), looked at in
    each window size."""
    context, watch = new_context(reduced_motion="reduce", **SIZES["phone"])
    page = context.new_page()
    page.goto(server.url)
    wait_engine(page)
    wait_ready(page)
    card = page.locator('[data-hand="blue"] [data-card]').first
    cell = page.locator("[data-cell]:not([data-owner])").first
    index = cell.get_attribute("data-cell")
    card.tap()
    page.locator(f'[data-cell="{index}"]').tap()
    page.locator(f'[data-cell="{index}"]').tap()
    page.locator(f'[data-cell="{index}"][data-owner]').wait_for(state="attached")
    wait_ready(page)
    for size in at_each_size(page, viewports(list(SIZES))):
        inside(page, "[data-cell], [data-action], [data-hand]")
        faces = page.locator(".card:not(.back)").all()
        assert faces
        for face in faces:
            href = face.locator("svg.c-art use").get_attribute("href")
            # the inline sprite
            assert href is not None and re.fullmatch(r"#art-[a-z0-9-]+", href)
            assert face.locator(".c-emblem").count() == 0
            card_box = face.bounding_box()
            art = face.locator("svg.c-art").bounding_box()
            assert card_box is not None and art is not None
            assert art["width"] > card_box["width"] * 0.6, size  # large in the card's middle
            assert art["y"] + art["height"] <= card_box["y"] + card_box["height"], size
            for value in face.locator(".c-vals b").all():  # the values stay readable: on top
                assert value.evaluate("el => getComputedStyle(el.parentNode).zIndex") == "2"
        assert page.locator(".card.back .c-back-art use").count() > 0
        shot(page, f"match-{size}")
    asked = [u for u in watch.requests if "/assets/art/" in u]
    assert not any("game-icons.svg" in u for u in asked)  # the whole set only for own sets


def gallery_html(set_id: str, sprite: str) -> str:
    """Every card of a built-in set drawn by the page's own code, blue and red in turn, with
    the card art `sprite` boot.js puts in the game's page."""
    art = re.search(r'<svg class="sprite"[^>]*><defs><symbol id="art-.*?</svg>', sprite)
    assert art is not None
    data = json.loads((build.ROOT / "triad" / "data" / f"{set_id}.json").read_text())
    aff = affinity_table(data["affinity_kind"], data["affinities"])
    cards = "".join(
        '<div class="slot">'
        + render.render_card(card, "blue" if i % 2 == 0 else "red", aff)
        + "</div>"
        for i, card in enumerate(data["cards"])
    )
    backs = "".join(
        '<div class="slot">' + render.render_back(owner) + "</div>" for owner in ("blue", "red")
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<link rel="stylesheet" href="./assets/css/triad.css">'
        "<style>:root { --cw: 128px; } html { background: #1b2238; }"
        " body { overflow: visible; height: auto; padding: 12px; background: none; }"
        " .gallery { display: grid; grid-template-columns: repeat(11, var(--cw)); gap: 10px; }"
        " .slot { position: relative; width: var(--cw); height: var(--ch); }</style>"
        '</head><body><div class="gallery">' + cards + backs + "</div>" + art[0] + "</body></html>"
    )


def test_every_builtin_card_has_its_portrait_drawn(
    new_context: Callable[..., tuple[Any, Watch]],
    dist: Path,
    tmp_path: Path,
) -> None:
    """Each built-in set's gallery in turn, in one page."""
    site = copy_dist(dist, tmp_path / "site")
    sprite = gzip.decompress((site / build.ART_SPRITE).read_bytes()).decode()
    for set_id in ("houses", "elements"):
        (site / f"gallery-{set_id}.html").write_text(gallery_html(set_id, sprite))
    srv = Server(site)
    try:
        context, _ = new_context(origins=(srv.origin,), viewport={"width": 1550, "height": 900})
        page = context.new_page()
        for set_id in ("houses", "elements"):
            page.goto(srv.url + f"gallery-{set_id}.html")
            data = build.ROOT / "triad" / "data" / f"{set_id}.json"
            count = len(json.loads(data.read_text())["cards"])
            assert page.locator(".slot .card:not(.back)").count() == count, set_id
            # Each portrait is drawn: its symbol is in the page's sprite, and it has size.
            missing = page.evaluate(
                """() => [...document.querySelectorAll('svg.c-art use')]
                    .map((u) => u.getAttribute('href'))
                    .filter((href) => !(href.startsWith('#art-')
                                        && document.querySelector('.sprite symbol' + href)))"""
            )
            assert missing == [], set_id
            shot(page, f"cards-{set_id}", full_page=True)
    finally:
        srv.stop()


WHOLE_ALBUM = """
html, body { height: auto !important; overflow: visible !important; }
.overlay-layer:has(.album) { position: absolute !important; height: auto !important; }
.dialog:has(.album) { max-height: none !important; overflow: visible !important; }
.bar { visibility: hidden; }
"""


def test_the_album_and_the_credits(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    context, _ = new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 720})
    page = context.new_page()
    open_album(page, server.url)
    album = page.locator(".album .card")
    assert album.count() == 110
    assert page.locator(".album .card svg.c-art").count() == 110
    shot(page, "album-houses")
    # The whole album in one picture: its dialog let out to its full height for the shot.
    style = page.add_style_tag(content=WHOLE_ALBUM)
    page.locator(".dialog:has(.album)").screenshot(path=str(ARTIFACTS / "album-houses-all.jpg"))
    style.evaluate("el => el.remove()")
    page.keyboard.press("Escape")

    page.locator('[data-action="info"]').click()
    page.locator('[data-jump="rb-credits"]').click()
    credits = page.locator("#rb-credits")
    credits.wait_for()
    text = credits.inner_text()
    for words in ("game-icons.net", "Lorc", "Delapouite", "CC BY 3.0"):
        assert words in text
    shot(page, "credits")


def test_a_players_own_set_may_name_any_icon_and_an_unknown_one_names_the_card(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    from tests.browser.test_custom_set import (
        load_file,
        new_match_from_menu,
        open_menu,
        open_page,
        wait_loaded,
    )
    from tests.ui.card_sets import make_set, text

    page = open_page(new_context, server, viewport={"width": 1280, "height": 720})
    wait_engine(page)
    open_menu(page)
    bad = make_set(set_id="bad")
    bad["cards"][3]["art"] = "smithy-hammer"
    load_file(page, "bad.json", text(bad))
    error = page.locator("[data-custom-error]")
    error.wait_for()
    assert "card 'c3': field 'art' is 'smithy-hammer'" in error.inner_text()

    outside = ["kraken-tentacle", "unicorn", "cactus", "air-balloon", "snail", "windmill"]
    assert not set(outside) & set(build.art_used())  # none of them is in cards.svg
    good = make_set()
    for i, card in enumerate(good["cards"]):
        card["art"] = outside[i % len(outside)]
    load_file(page, "mine.json", text(good))
    wait_loaded(page)
    new_match_from_menu(page)
    arts = page.locator('[data-hand="blue"] svg.c-art use')
    hrefs = arts.evaluate_all("els => els.map((e) => e.getAttribute('href'))")
    assert hrefs and all(h.startswith("./assets/art/game-icons.svg#") for h in hrefs)
    # Drawn once the whole set has arrived: each portrait has a size.
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-hand="blue"] svg.c-art use')]
            .every((u) => u.getBBox().width > 0)"""
    )
    shot(page, "custom-set-art")


ENTRANCES = "sel => document.querySelector(sel).getAnimations().map((a) => a.animationName)"
# Counts each `pop` that starts on an element matching the selector, from now on (a short
# entrance can be over before a look at the running animations on a loaded machine).
COUNT_POPS = """sel => { window.__pops = 0; document.addEventListener('animationstart', (e) => {
  if (e.animationName === 'pop' && e.target.matches && e.target.matches(sel)) window.__pops++;
}, true); }"""


def test_a_dialog_enters_once_and_is_drawn_again_in_place(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """A dialog pops in when it opens; a choice in it draws it again without a second pop
    (a screenshot right after a click showed it faded), and it pops again when reopened."""
    context, _ = new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.evaluate(COUNT_POPS, ".dialog.menu")
    page.locator('[data-action="rules"]').click()
    menu = page.locator(".dialog.menu")
    menu.wait_for()
    page.wait_for_function("() => window.__pops === 1")
    wait_settled(page)
    rule = page.locator(".dialog.menu [data-rule]").first
    pressed = rule.get_attribute("aria-pressed") or rule.get_attribute("aria-checked")
    rule.click()
    page.wait_for_function(
        "was => { const r = document.querySelector('.dialog.menu [data-rule]');"
        " return (r.getAttribute('aria-pressed') || r.getAttribute('aria-checked')) !== was; }",
        arg=pressed,
    )
    assert "again" in (menu.get_attribute("class") or "").split()
    assert page.evaluate(ENTRANCES, ".dialog.menu") == []
    opacity = menu.evaluate("el => getComputedStyle(el).opacity")
    assert opacity == "1"
    rule.click()  # a third drawing stays in place too
    wait_settled(page)
    assert page.evaluate(ENTRANCES, ".dialog.menu") == []
    assert page.evaluate("() => window.__pops") == 1
    page.keyboard.press("Escape")
    menu.wait_for(state="detached")
    page.locator('[data-action="rules"]').click()
    menu.wait_for()
    assert "again" not in (menu.get_attribute("class") or "").split()
    page.wait_for_function("() => window.__pops === 2")
