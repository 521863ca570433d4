"""The map as SVG: every house, path and triangle drawn, marks, turns, escaping, both orientations."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tests.ui.catch.helpers import recorded, small_match, view_of
from triad.catch.words import Said
from triad.ui.catch import board
from triad.ui.catch.client import Entry

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_the_map_draws_each_house_path_and_triangle_once() -> None:
    data = recorded()
    view = data["frame"]
    game_map = data["view"]["map"]
    state = view["state"]
    root = parse(board.render_map(game_map, state, {"names": ["A", "B"]}))
    houses = root.findall(f".//{SVG}g[@class='houses']/{SVG}g")
    assert len(houses) == len(game_map["houses"]) == 50
    assert len(root.findall(f".//{SVG}g[@class='paths']/{SVG}line")) == len(state["paths"])
    tris = root.findall(f".//{SVG}g[@class='tris']/{SVG}path")
    assert len(tris) == len(state["triangles"])
    hits = root.findall(f".//{SVG}circle[@data-house]")
    assert [int(h.get("data-house")) for h in hits] == list(range(50))
    # Units: one badge per player and house with units, the count as its text.
    for p in (0, 1):
        badges = root.findall(f".//{SVG}g[@class='units u{p}']")
        assert len(badges) == sum(1 for u in state["units"][p] if u)
        assert sum(int(b.find(f"{SVG}text").text) for b in badges) == sum(state["units"][p])


def test_owners_have_a_shape_besides_a_colour() -> None:
    match = small_match([1, 1, 1, 0, 0, 0], [0, 0, 0, 2, 3, 0])
    view = view_of(match)
    svg = board.render_map(view["map"], view["state"])
    root = parse(svg)
    house3 = root.findall(f".//{SVG}g[@class='houses']/{SVG}g")[3]
    assert "own1" in house3.get("class")
    assert house3.find(f"{SVG}path[@class='hm']") is not None  # the diamond mark
    house0 = root.findall(f".//{SVG}g[@class='houses']/{SVG}g")[0]
    assert house0.find(f"{SVG}circle[@class='hm']") is not None  # the circle mark
    owned = root.find(f".//{SVG}path[@data-tri='0-1-2']")
    assert "own0" in owned.get("class")
    assert root.find(f".//{SVG}circle[@class='tmark tm0']") is not None
    assert "fill-opacity" not in svg and "url(#ct-fill0)" not in svg  # fills come from the CSS


def test_neutral_triangles_mark_who_may_not_take_them_back() -> None:
    match = small_match([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    match.play("SPAWN 0 1 2", "WAIT")  # used: neutral, and player 0 may not take it back yet
    view = view_of(match)
    assert view["state"]["triangles"][0][3:] == [-1, 0, 1]
    root = parse(board.render_map(view["map"], view["state"]))
    assert len(root.findall(f".//{SVG}g[@class='lock lock0']")) == 1
    assert root.findall(f".//{SVG}g[@class='lock lock1']") == []


def test_selection_marks_and_orders_are_drawn() -> None:
    match = small_match([2, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    view = view_of(match)
    marks = {
        "house": 0,
        "targets": [1, 2, 5],
        "tri": [0, 1, 2],
        "corners": [2],
        "orders": [
            ["MOVE", 0, 5, 2],
            ["SPAWN", 1, 0, 2],
            ["ATTACK", 0, 1, 2, 3],
            ["ADD_PATH", 2, 0, 1, 5],
        ],
    }
    root = parse(board.render_map(view["map"], view["state"], marks))
    classes = [g.get("class") for g in root.findall(f".//{SVG}g[@class='houses']/{SVG}g")]
    assert "sel" in classes[0] and "target" in classes[1] and "corner" in classes[2]
    assert "target" not in classes[3]
    assert "sel" in root.find(f".//{SVG}path[@data-tri='0-1-2']").get("class")
    plans = root.find(f".//{SVG}g[@class='plans']")
    assert plans.find(f"{SVG}line[@class='order']").get("marker-end") == "url(#ct-head)"
    assert [t.text for t in plans.iter(f"{SVG}text")] == ["2", "+1"]
    assert plans.find(f"{SVG}g[@class='attack order']") is not None
    assert plans.find(f"{SVG}line[@class='addpath order']") is not None
    picks = root.findall(f".//{SVG}circle[@class='hit pick']")
    assert sorted(int(c.get("data-house")) for c in picks) == [1, 2, 5]
    assert all(c.get("tabindex") == "0" and c.get("role") == "button" for c in picks)
    others = root.findall(f".//{SVG}circle[@class='hit']")
    assert len(others) == 3 and all(c.get("tabindex") is None for c in others)


def test_a_turn_is_drawn_from_its_outcomes() -> None:
    moved = Said("moved", count=2, house=1).to_json()  # as the worker sends it
    entry = Entry(
        {
            "turn": 3,
            "outcomes": [
                {"player": 0, "action": "MOVE 0 4 3", "ok": True, "detail": moved},
                {"player": 1, "action": "SPAWN 5 6 7", "ok": True, "detail": "spawned"},
                {"player": 1, "action": "ATTACK 5 6 7 2", "ok": False, "detail": "not yours"},
                {"player": 0, "action": "REMOVE_PATH 1 2 3 9", "ok": True, "detail": "removed"},
            ],
            "events": [{"kind": "capture", "player": 1, "triangle": [5, 6, 7]}],
        }
    )
    assert board.turn_marks(entry) == [
        [0, "MOVE", 0, 1, 2],
        [1, "SPAWN", 5, 6, 7],
        [0, "REMOVE_PATH", 1, 2, 3, 9],
    ]
    assert board.captured_triangles(entry) == [[5, 6, 7]]
    assert board.turn_marks(None) == [] and board.captured_triangles(None) == []


def test_upright_screens_get_the_map_turned_with_text_upright() -> None:
    data = recorded()
    game_map = data["view"]["map"]
    state = data["view"]["state"]
    flat = board.render_map(game_map, state)
    tall = board.render_map(game_map, state, {"portrait": True})
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', flat).group(1).split()]
    tall_box = [float(v) for v in re.search(r'viewBox="([^"]+)"', tall).group(1).split()]
    assert box[2] > box[3] and tall_box[3] > tall_box[2]
    assert "rotate" not in tall.split("</defs>")[1]  # positions turn, not the drawing
    # Player 0 starts on the left: at the bottom when turned.
    p0 = [h for h in range(50) if state["units"][0][h]]
    ys = [board.project(game_map["houses"][h], True)[1] for h in range(50)]
    assert min(ys[h] for h in p0) > sum(ys) / len(ys)


def test_text_is_escaped() -> None:
    match = small_match([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    view = view_of(match)
    svg = board.render_map(view["map"], view["state"], {"names": ['<b>"x"</b>', "&"]})
    parse(svg)
    assert "<b>" not in svg and "&lt;b&gt;&quot;x&quot;" in svg
