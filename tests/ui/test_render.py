"""Pure rendering: test hooks, escaping, hidden cards, territories, Power Wall, results."""

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import build
from tests.ui.helpers import attr_values
from triad.pageview import dealer
from triad.ui.look import render
from triad.ui.look.html import esc
from triad.ui.look.icons import affinity_table, sprite
from triad.ui.look.text import set_language
from triad.ui.table.input import Selection

ROOT = Path(__file__).resolve().parents[2]

AFF = affinity_table("banner", [{"id": "lantern", "name": "Lantern Guild", "emblem": "lantern"}])


def card(
    name: str = "Mira",
    top: int = 10,
    right: int = 3,
    bottom: int = 5,
    left: int = 7,
    level: int = 6,
    affinity: str | None = "lantern",
    **extra: object,
) -> dict:
    return {
        "id": "c-" + name,
        "name": name,
        "level": level,
        "top": top,
        "right": right,
        "bottom": bottom,
        "left": left,
        "affinity": affinity,
        **extra,
    }


def view(**changes: object) -> dict:
    base = {
        "rules": ["banner"],
        "cells": [None] * 9,
        "restrictions": [],
        "board": [None] * 9,
        "hands": {
            "blue": [card(f"B{i}") for i in range(5)],
            "red": [card(f"R{i}", open=False) for i in range(5)],
        },
        "to_move": "blue",
        "scores": {"blue": 5, "red": 5},
        "over": False,
        "winner": None,
        "round": 0,
    }
    base.update(changes)
    return base


def ctx(**changes: object) -> dict:
    base = {"sel": None, "humans": ["blue"], "aff": AFF, "mode": "cpu"}
    base.update(changes)
    return base


def test_values_show_a_for_ten_and_tier_follows_level() -> None:
    html = render.render_card(card(level=3), "blue", AFF)
    assert re.findall(r'<b class="v-(\w)">(\w+)</b>', html) == [
        ("t", "A"),
        ("l", "7"),
        ("r", "3"),
        ("b", "5"),
    ]
    assert "tier-silver" in html
    assert "tier-gold" in render.render_card(card(level=7), "blue", AFF)
    assert "tier-ornate" in render.render_card(card(level=8), "red", AFF)
    assert "own-red" in render.render_card(card(), "red", AFF)


def test_names_are_text_never_markup() -> None:
    evil = '<img src=x onerror="alert(1)">&'
    html = render.render_card(card(name=evil), "blue", AFF)
    assert "<img" not in html
    assert esc(evil) in html
    board = view()
    board["board"][4] = {"card": card(name="<script>x</script>"), "owner": "red"}
    out = render.render_board(board, ctx())
    assert "<script>" not in out


@settings(max_examples=100, deadline=None)
@given(name=st.text(max_size=30))
def test_any_name_adds_no_element(name: str) -> None:
    plain = render.render_card(card(name="x"), "blue", AFF)
    html = render.render_card(card(name=name), "blue", AFF)
    assert html.count("<") == plain.count("<")


def test_hooks_on_cells_hands_and_scores() -> None:
    v = view()
    v["board"][2] = {"card": card(), "owner": "red"}
    v["board"][6] = {"card": card(), "owner": "blue"}
    parts = render.regions(v, ctx())
    board = parts["r-board"]
    assert attr_values(board, "data-cell") == [str(i) for i in range(9)]
    assert attr_values(board, "data-owner") == ["red", "blue"]
    for player in ("blue", "red"):
        side = parts["r-side-" + player]
        assert attr_values(side, "data-hand") == [player]
        assert attr_values(side, "data-card") == ["0", "1", "2", "3", "4"]
        assert re.search(r'data-score="' + player + r'"[^>]*>5<', side)


def test_hidden_cards_show_nothing_of_the_card() -> None:
    v = view()
    v["hands"]["red"][1]["open"] = True
    side = render.render_side(v, "red", ctx())
    assert "R1" in side
    for hidden in ("R0", "R2", "R3", "R4"):
        assert hidden not in side
    assert side.count('class="card back') == 4
    # Both hands of a hot-seat game are face up.
    hot = render.render_side(v, "red", ctx(humans=["blue", "red"], mode="hotseat"))
    assert "back" not in hot


def test_territory_arrows_up_on_own_banner_down_elsewhere() -> None:
    v = view(cells=["lantern", "lantern"] + [None] * 7)
    v["board"][0] = {"card": card(affinity="lantern"), "owner": "blue"}
    v["board"][1] = {"card": card(affinity=None), "owner": "red"}
    v["board"][2] = {"card": card(affinity="lantern"), "owner": "red"}
    cells = re.split(r'(?=<div data-cell=")', render.render_board(v, ctx()))[1:]
    assert "c-mod up" in cells[0] and "c-mod down" not in cells[0]
    assert "c-mod down" in cells[1]
    assert "c-mod" not in cells[2]  # no territory there
    assert "terr-icon" in cells[0] and "Lantern Guild" in cells[0]
    assert "terr" not in cells[3]


def test_power_wall_sign_shows_condition_and_direction() -> None:
    v = view(restrictions=[{"cell": 3, "op": "<", "value": 20, "direction": "right"}])
    board = render.render_board(v, ctx())
    assert 'class="pw pw-right"' in board
    assert "&lt;20" in board


def test_selection_marks_card_cell_cursor_and_preview() -> None:
    sel = Selection()
    sel.begin("blue", 5, list(range(9)))
    sel.click_card(3)
    sel.click_cell(7)
    v = view()
    parts = render.regions(v, ctx(sel=sel))
    hand = parts["r-side-blue"]
    tags = re.findall(r"<div[^>]*data-card=[^>]*>", hand)
    assert [" sel " in t for t in tags] == [False, False, False, True, False]
    board = parts["r-board"]
    assert "chosen" in board and "preview" in board and "cell-cursor" in board
    assert render.status_text(v, ctx(sel=sel)) == "Click the space again to deploy"


def test_turn_marker_follows_the_player_to_move() -> None:
    v = view(to_move="red")
    assert "turn-mark" in render.render_side(v, "red", ctx())
    assert "turn-mark" not in render.render_side(v, "blue", ctx())
    assert esc("CPU's turn") in render.render_side(v, "red", ctx())


def test_result_screen_holds_the_outcome() -> None:
    v = view(over=True, winner="blue", scores={"blue": 6, "red": 4}, to_move=None)
    html = render.render_result(v, ctx())
    assert "data-result" in html and "You win!" in html and "6" in html and "4" in html
    assert "You lose" in render.render_result(dict(v, winner="red"), ctx())
    assert "Draw" in render.render_result(dict(v, winner="draw"), ctx())
    assert "Red wins!" in render.render_result(dict(v, winner="red"), ctx(mode="hotseat"))
    # One order everywhere: red (the CPU, on the table's left) first, each score named.
    assert html.index("f-red") < html.index("f-blue")
    assert '<span class="sr">CPU 4, You 6</span>' in html


def test_buttons_carry_their_actions() -> None:
    c = ctx()
    html = render.render_bar_top(c) + render.render_bar_right(c) + render.render_bar_bottom(c)
    assert sorted(attr_values(html, "data-action")) == sorted(
        [
            "pause",
            "new",
            "info",
            "rules",
            "collection",
            "legend",
            "music",
            "sound",
            "rematch",
            "autoplay",
        ]
    )


def test_every_icon_used_exists_in_the_sprite() -> None:
    v = dealer({"rules": ["banner", "power_wall", "open"], "seed": 3, "card_set": "houses"})
    assert v is not None
    html = "".join(
        render.regions(
            v, ctx(aff=affinity_table(v["card_set"]["kind"], v["card_set"]["affinities"]))
        ).values()
    )
    defined = set(re.findall(r'<symbol id="([^"]+)"', sprite()))
    used = set(re.findall(r'href="#([^"]+)"', html))
    icons = {name for name in used if not name.startswith("art-")}
    assert icons and icons <= defined
    # The card art: symbols of the sprite boot.js puts in index.html (build.ART_SPRITE).
    art = {name[len("art-") :] for name in used - icons}
    assert art and art <= set(build.art_used())


def test_unknown_affinity_is_drawn_as_its_initials() -> None:
    table = affinity_table("banner", [{"id": f"x{i}", "name": f"Guild {i}"} for i in range(10)])
    assert table["x9"][0] is None
    html = render.render_card(card(affinity="x9"), "blue", table)
    assert "aff-text" in html and ">Gu<" in html


def test_long_names_take_more_lines_never_an_ellipsis() -> None:
    assert render.name_fit("Mira") == (1, render.name_fit("Mira")[1])
    lines, width = render.name_fit("The Green Huntress")
    assert lines == 2 and width < 10 * render.text_width("The Green Huntress")
    assert render.name_fit("A Very Long Custom Card Name Of Forty Ch")[0] == 3
    assert render.name_fit("")[0] == 1
    html = render.render_card(card(name="The Green Huntress"), "blue", AFF)
    assert "nm-2" in attr_values(html, "class")[0].split()
    assert "--nw:" + str(width) in html
    assert "…" not in html and "ellipsis" not in html


def test_wider_letters_make_a_wider_name() -> None:
    assert render.text_width("WWWW") > render.text_width("Mara") > render.text_width("iiii")
    assert render.text_width("漢字") > render.text_width("ab")


@settings(max_examples=200, deadline=None)
@given(name=st.text(max_size=60))
def test_every_name_gets_one_to_three_lines_of_a_bounded_width(name: str) -> None:
    lines, width = render.name_fit(name)
    assert 1 <= lines <= 3
    whole = render.text_width(" ".join(name.split()))
    assert isinstance(width, int) and 0 <= width <= 10 * whole + 13
    if lines > 1:  # only names too long for one readable line are wrapped
        assert whole > 0


def test_french_names_the_banners_and_titles_the_cards() -> None:
    houses = json.loads((ROOT / "triad" / "data" / "houses.json").read_text())
    card = next(c for c in houses["cards"] if c["id"] == "burr-the-hedgehog")
    try:
        set_language("fr")
        aff = affinity_table("banner", houses["affinities"])
        assert aff["thorn"][1] == "Ordre de l'Épine"
        html = render.render_card(card, "blue", aff)
        assert "Burr le hérisson" in html and "Habitant des fourrés" in html
        # A player's own set that reuses an id with words of its own keeps them.
        own = affinity_table("banner", [{"id": "thorn", "name": "Briar Folk"}])
        assert own["thorn"][1] == "Briar Folk"
    finally:
        set_language("en")
    assert "Burr the Hedgehog" in render.render_card(card, "blue", aff)


def test_every_builtin_card_and_banner_has_its_french_words() -> None:
    words = json.loads((ROOT / "triad" / "ui" / "lang" / "fr" / "cards.json").read_text())
    for set_id in ("houses", "elements"):
        data = json.loads((ROOT / "triad" / "data" / f"{set_id}.json").read_text())
        for a in data["affinities"]:
            assert words["affinities"][a["id"]][0] == a["name"]
        for c in data["cards"]:
            assert words["titles"][c["id"]][0] == c["title"], c["id"]
            if c["id"] in words["names"]:
                assert words["names"][c["id"]][0] == c["name"]


def test_the_engine_loading_text_counts_the_bytes_of_its_download() -> None:
    assert render.loading_text(0.3, (3_100_000, 7_400_000)) == "Engine loading… 3.1 of 7.4 MB"
    try:
        set_language("fr")
        assert render.loading_text(0.3, (3_100_000, 7_400_000)) == (
            "Chargement du moteur… 3,1 sur 7,4 Mo"
        )
    finally:
        set_language("en")
    # Once downloaded (Python starting), or without byte counts: the share.
    assert render.loading_text(0.9, (7_400_000, 7_400_000)) == "Engine loading… 90%"
    assert render.loading_text(0.5) == "Engine loading… 50%"
