"""Learning the game: words that teach without being misread (EN and FR)."""

import re

import pytest

from tests.ui.test_render import ctx, view
from triad.ui.look import render
from triad.ui.look.text import set_language, t
from triad.ui.study import analysis as study


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_the_puzzle_hint_names_the_best_space_not_a_side(lang: str) -> None:
    for flips in (0, 1, 2):
        key = "pz_hint_quiet" if flips == 0 else "pz_hint_text"
        hint = t(key, card="Ysolde", flips=flips)
        assert "right" not in hint and "Bien placée" not in hint, hint
        assert {"en": "On the best space", "fr": "Sur la meilleure case"}[lang] in hint


def test_a_kept_score_says_whose_number_comes_first(lang: str) -> None:
    said = study.score_text(-2)  # Blue 4, Red 6
    assert said == {"en": "Blue 4–6 Red", "fr": "Bleu 4–6 Rouge"}[lang]


def test_a_replay_says_who_plays_next_not_whose_turn_it_is(lang: str) -> None:
    v = view(to_move="red")
    shown = render.turn_text("red", ctx(replay=True))
    assert shown == {"en": "Next to play: CPU", "fr": "Joue ensuite\u00a0: CPU"}[lang]
    assert t("cpu_turn") not in render.render_side(v, "red", ctx(replay=True))


def test_each_way_in_on_the_title_has_an_icon_of_its_own(lang: str) -> None:
    import re

    from triad.ui.menu.title import render_title

    html = render_title({}, lang)
    ways = re.findall(r'<(?:button|a) [^>]*class="tbtn[^"]*"[^>]*>(.*?)</(?:button|a)>', html)
    icons = {}
    for way in ways:
        symbol = re.search(r'href="#i-([\w-]+)"', way)
        label = re.sub(r"<[^>]+>", "", way)
        if symbol and "small" not in way:
            icons[label] = symbol.group(1)
    friend, catch = t("title_friend"), t("title_catch")
    assert icons[friend] != icons[catch], icons


def test_elemental_says_it_turns_banner_off_and_brings_its_card_set(lang: str) -> None:
    from tests.ui.helpers import make_app

    app, screen, _ = make_app()
    app.settings["lang"] = lang
    app.apply_language()
    app.start()
    app.settings["rules"] = ["banner"]
    app.click("action", "rules")
    app.click("rule", "elemental")
    assert app.settings["card_set"] == "elements" and "banner" not in app.settings["rules"]
    menu = screen.regions["r-overlay"]
    said = {
        "en": ("Elemental cannot be played with Banner", "the card set is now Elements"),
        "fr": ("Élémentaire ne se joue pas avec Bannière", "le jeu est maintenant Éléments"),
    }[lang]
    for words in said:
        assert words in menu.replace("&#x27;", "'"), menu


def test_the_first_tip_teaches_the_capture_and_the_legend_opens_the_rulebook(lang: str) -> None:
    import asyncio

    from tests.ui.helpers import LocalEngine, make_app, settle

    async def run() -> None:
        app, screen, _ = make_app()
        app.settings["lang"] = lang
        app.apply_language()
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        tip = t("lg_tip")
        rule = {"en": ("captures", "higher", "in hand count"), "fr": ("prend", "plus grand")}
        assert all(word in tip for word in rule[lang]), tip
        app.click("action", "legend")
        legend = screen.regions["r-overlay"]
        assert 'data-action="info"' in legend and t("lg_more_open") in legend
        app.click("action", "info")
        assert app.panel == "info"

    asyncio.run(run())


def test_a_card_name_wraps_between_words_or_with_a_hyphen_never_mid_word() -> None:
    import re
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "assets" / "css" / "triad.css").read_text()
    rules = re.findall(r"([^{}]*\.c-name[^{}]*)\{([^}]*)\}", css)
    wrapping = [(sel.strip(), body) for sel, body in rules if "white-space: normal" in body]
    assert len(wrapping) >= 2, wrapping
    for selector, body in wrapping:
        assert "anywhere" not in body and "hyphens: auto" in body, selector


def test_the_rulebook_and_the_rule_menu_have_icons_of_their_own(lang: str) -> None:
    import re

    from tests.ui.test_render import ctx as render_ctx
    from triad.ui.look.icons import sprite

    bar = render.render_bar_right(render_ctx())
    icons = dict(re.findall(r'data-action="(\w+)"[^>]*><svg[^>]*><use href="#i-([\w-]+)"', bar))
    assert icons["info"] == "rules" and icons["rules"] == "sliders", icons  # the book: rulebook
    assert 'id="i-sliders"' in sprite()


def test_a_capture_marks_the_two_numbers_it_compared_until_the_board_changes() -> None:
    """The capture's words say "(7 against 3)"; the board rings those two numbers, on the
    card placed and on the card taken, until the next card is placed."""
    import asyncio
    import re

    from tests.ui.helpers import LocalEngine, make_app, settle
    from triad.ui.look import speech
    from triad.ui.look.anim import SIDES

    def ringed(board_html: str) -> dict:
        cells = re.findall(r'data-cell="(\d)"(.*?)</span></div>', board_html)
        found = {}
        for cell, html in cells:
            card = re.search(r'class="(card [^"]*)"', html)
            if card and "cmp" in card.group(1).split():
                found[int(cell)] = re.findall(r"cmp-(\w+)", card.group(1))
        return found

    async def run() -> None:
        app, screen, _ = make_app(seed=3)
        app.settings["rules"] = []  # (no banner's +1/-1: the numbers as printed)
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        words = ""
        for _ in range(5000):  # until a placement of the player's captured by numbers
            if app.accepting():
                app.click("action", "autoplay")  # one card for the player
            await asyncio.sleep(0)
            said = screen.said[-1]
            if said.startswith("Blue plays") and "against" in said and app.match.thinking:
                words = said  # (shown, and the CPU's reply not placed yet)
                break
        assert words
        marks = ringed(screen.regions["r-board"])
        assert len(marks) >= 2, (words, marks)
        board = app.match.view["board"]
        where = re.search(r"\), on the ([a-z ]+)\.", words)
        assert where, words
        placed = next(c for c in range(9) if speech.cell_name(c) == where.group(1))
        assert placed in marks, (words, marks)
        for cell, sides in marks.items():
            if cell == placed:
                continue
            (side,) = sides  # a card taken: its one side that touched the card placed
            theirs = board[cell]["card"][side]
            mine = board[placed]["card"][SIDES[(SIDES.index(side) + 2) % 4]]
            assert SIDES[(SIDES.index(side) + 2) % 4] in marks[placed]
            number = {10: "A"}
            assert f"({number.get(mine, mine)} against {number.get(theirs, theirs)})" in words
        before = dict(marks)
        while ringed(screen.regions["r-board"]) == before and not app.match.view["over"]:
            if app.accepting():
                app.click("action", "autoplay")
            await settle(app)
        now = ringed(screen.regions["r-board"])
        assert now != before  # the next placement took the marks away (or made its own)

    asyncio.run(run())


def test_banner_and_elemental_spaces_have_no_third_name() -> None:
    """One rule, its own names: a space has a banner (Banner) or an element (Elemental);
    nothing a player reads or hears calls it a "territory" (EN and FR)."""
    import json
    from pathlib import Path

    lang_dir = Path(__file__).resolve().parents[2] / "triad" / "ui" / "lang"
    for code in ("en", "fr"):
        for name in ("text.json", "rulebook.json"):
            words = json.dumps(json.loads((lang_dir / code / name).read_text()), ensure_ascii=False)
            values = re.sub(r'"[a-z0-9_]+":', "", words)  # (the keys are the code's own)
            assert not re.search("territor", values, re.IGNORECASE), (code, name)
