"""The Triangle Catch map as one SVG: triangles, paths, houses, units and orders.

Pure: `render_map(game_map, state, marks)` returns SVG text, every number
and label escaped.  The field is 1920x1080; the drawing is cropped to the
houses and, on a phone held upright, turned a quarter turn so that the map
fills the tall screen (player 0, who starts on the left, is then at the
bottom).  Text stays upright because positions are turned, not the drawing.

Players are told apart by colour AND shape: player 0 is blue with circles
(unit badges, owner marks) and striped triangles, player 1 red with diamonds
and dotted triangles.

`marks` (every key optional):

* ``portrait``: turn the map for an upright screen;
* ``house``: the selected house (-1 for none); ``tri``: the selected
  triangle's corners; ``targets``: houses to click next; ``corners``:
  corners to choose from; ``pick_tris``: corners of the triangles that can
  be clicked; ``pick_houses``: houses that can be clicked;
* ``orders``: the human's orders not sent yet, ``[kind, args...]`` lists;
* ``last``: what the last turn did, ``[player, kind, args...]`` lists (see
  `turn_marks`);
* ``captured``: corners of the triangles captured last turn (they pulse);
* ``names``: the players' names, for the accessible description.
"""

import math

from triad.ui.catch.text import t
from triad.ui.look.html import esc

PAD = 74  # room around the outermost houses, in field units
HOUSE_R = 30
HIT_R = 52
FIELD_W = 1920
# Upright, the houses are drawn closer together (the same shape, smaller), so that
# houses, units and numbers come out bigger on a narrow phone screen.
# Integer arithmetic throughout, so MicroPython and CPython draw the very same text.
UPRIGHT_SPREAD = (18, 25)  # 0.72


def project(point: list, portrait: bool) -> tuple:
    """Field coordinates to drawing coordinates (a quarter turn when upright)."""
    x, y = int(point[0]), int(point[1])
    if portrait:
        num_, den = UPRIGHT_SPREAD
        return (y * num_ // den, (FIELD_W - x) * num_ // den)
    return (x, y)


def view_box(points: list) -> tuple:
    """`(x, y, width, height)` of the drawing around the projected houses."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0 = min(xs) - PAD
    y0 = min(ys) - PAD
    return (x0, y0, max(xs) + PAD - x0, max(ys) + PAD - y0)


def num(value) -> str:
    """A coordinate as text, to the nearest whole unit (the field is 1920 units wide)."""
    if isinstance(value, int):
        return str(value)
    return str(math.floor(value + 0.5))


def tri_key(corners) -> str:
    """The `data-tri` value of a triangle: its corners ascending, joined by dashes."""
    a, b, c = sorted([int(corners[0]), int(corners[1]), int(corners[2])])
    return str(a) + "-" + str(b) + "-" + str(c)


def parse_tri(key: str) -> list:
    """The corners named by a `data-tri` value."""
    return [int(p) for p in str(key).split("-")]


def _mark0(x, y, r, cls: str) -> str:
    """Player 0's mark: a circle."""
    return _svg("circle", [("class", cls), ("cx", x), ("cy", y), ("r", r)])


def _mark1(x, y, r, cls: str) -> str:
    """Player 1's mark: a diamond."""
    pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    return _svg("path", [("class", cls), ("d", _outline(pts, " L"))])


def mark(player: int, x, y, r, cls: str) -> str:
    return _mark0(x, y, r, cls) if player == 0 else _mark1(x, y, r * 1.25, cls)


def _line(a: tuple, b: tuple, cls: str, extra=None) -> str:
    pairs = [("class", cls), ("x1", a[0]), ("y1", a[1]), ("x2", b[0]), ("y2", b[1])]
    return _svg("line", pairs + (extra or []))


def _shorten(a: tuple, b: tuple, cut_a, cut_b) -> tuple:
    """The segment a-b with `cut_a` and `cut_b` removed from its ends."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    length = math.sqrt(dx * dx + dy * dy) or 1.0
    ux = dx / length
    uy = dy / length
    return ((a[0] + ux * cut_a, a[1] + uy * cut_a), (b[0] - ux * cut_b, b[1] - uy * cut_b))


def _badge(x, y, text: str, cls: str) -> str:
    rect = _svg("rect", [("x", x - 19), ("y", y - 15), ("width", 38), ("height", 30), ("rx", 15)])
    return _svg("g", [("class", cls)], rect + _text(x, y + 1, esc(text)))


def _defs() -> str:
    return (
        "<defs>"
        '<pattern id="ct-fill0" width="22" height="22" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)">'
        '<rect width="22" height="22" class="pf0"/><rect width="7" height="22" class="ps0"/>'
        "</pattern>"
        '<pattern id="ct-fill1" width="22" height="22" patternUnits="userSpaceOnUse">'
        '<rect width="22" height="22" class="pf1"/><circle cx="11" cy="11" r="4.2" class="ps1"/>'
        "</pattern>"
        '<marker id="ct-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4.2"'
        ' markerHeight="4.2" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z"/></marker>'
        '<marker id="ct-head0" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4.2"'
        ' markerHeight="4.2" orient="auto-start-reverse"><path class="mh0" d="M0 0L10 5L0 10Z"/>'
        "</marker>"
        '<marker id="ct-head1" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4.2"'
        ' markerHeight="4.2" orient="auto-start-reverse"><path class="mh1" d="M0 0L10 5L0 10Z"/>'
        "</marker>"
        "</defs>"
    )


def _triangles(pos: list, state: dict, marks: dict) -> str:
    selected = marks.get("tri")
    sel_key = tri_key(selected) if selected else ""
    pick = _flags([marks.get("pick_tris")], tri_key)
    captured = _flags([marks.get("captured")], tri_key)
    body = []
    pips = []
    for row in state.get("triangles") or []:
        a, b, c, owner = row[0], row[1], row[2], row[3]
        key = tri_key(row)
        pa, pb, pc = pos[a], pos[b], pos[c]
        cls = _marked(
            "tri own" + str(owner) if owner in (0, 1) else "tri neutral",
            key,
            [(sel_key, "sel"), (pick, "pick"), (captured, "captured")],
        )
        body.append(
            _svg("path", [("class", cls), ("data-tri", key), ("d", _outline([pa, pb, pc]))])
        )
        cx = (pa[0] + pb[0] + pc[0]) / 3
        cy = (pa[1] + pb[1] + pc[1]) / 3
        if owner in (0, 1):
            pips.append(mark(owner, cx, cy, 13, "tmark tm" + str(owner)))
        else:
            # Only what differs from the start is marked: who may not capture it yet.
            blocked = [p for p in (0, 1) if not row[4 + p]]
            for i, p in enumerate(blocked):
                dx = 0 if len(blocked) == 1 else (-11 if i == 0 else 11)
                pips.append(
                    '<g class="lock lock'
                    + str(p)
                    + '">'
                    + mark(p, cx + dx, cy, 7, "")
                    + _line((cx + dx - 9, cy + 9), (cx + dx + 9, cy - 9), "")
                    + "</g>"
                )
    return '<g class="tris">' + "".join(body) + '</g><g class="tpips">' + "".join(pips) + "</g>"


def _paths(pos: list, state: dict) -> str:
    out = []
    for a, b in state.get("paths") or []:
        out.append(_line(pos[a], pos[b], "path"))
    return '<g class="paths">' + "".join(out) + "</g>"


def _arrow(pos: list, src: int, dst: int, amount, cls: str, head: str) -> str:
    a, b = _shorten(pos[src], pos[dst], HOUSE_R + 6, HOUSE_R + 12)
    mx = (a[0] + b[0]) / 2
    my = (a[1] + b[1]) / 2
    return _line(a, b, cls, [("marker-end", "url(#" + head + ")")]) + _badge(
        mx, my, str(amount), "amount " + cls
    )


def _plan(pos: list, item: list, player, cls: str) -> str:
    """One order or one applied action drawn on the map."""
    kind = item[0]
    args = item[1:]
    head = "ct-head" if player is None else "ct-head" + str(player)
    if kind == "MOVE":
        return _arrow(pos, args[0], args[1], args[2], cls, head)
    if kind == "SPAWN":
        p = pos[args[0]]
        return _badge(p[0] + 30, p[1] - 34, "+1", "spawn " + cls)
    target = pos[args[3]]
    if kind == "ATTACK":
        x, y = target
        r = HOUSE_R + 14
        spikes = []
        for i in range(8):
            angle = i * math.pi / 4
            inner = (x + math.cos(angle) * r, y + math.sin(angle) * r)
            outer = (x + math.cos(angle) * (r + 16), y + math.sin(angle) * (r + 16))
            spikes.append(_line(inner, outer, ""))
        return '<g class="attack ' + cls + '">' + "".join(spikes) + "</g>"
    a, b = _shorten(pos[args[0]], target, HOUSE_R, HOUSE_R)
    if kind == "ADD_PATH":
        return _line(a, b, "addpath " + cls)
    return _line(a, b, "rmpath " + cls) + _badge(
        (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, "✂", "cut " + cls
    )


def _houses(pos: list, houses_count: int, state: dict, marks: dict) -> str:
    units = state.get("units") or [[0] * houses_count, [0] * houses_count]
    owners = state.get("owners") or [-1] * houses_count
    selected = marks.get("house", -1)
    targets = _flags([marks.get("targets")])
    corners = _flags([marks.get("corners")])
    out = []
    for h in range(houses_count):
        x, y = pos[h]
        owner = owners[h]
        cls = _marked(
            "house own" + str(owner) if owner in (0, 1) else "house free",
            h,
            [(selected, "sel"), (targets, "target"), (corners, "corner")],
        )
        inner = _mark0(x, y, HOUSE_R, "hb")
        if owner == 0:
            inner += _mark0(x, y, HOUSE_R - 8, "hm")
        elif owner == 1:
            inner += _mark1(x, y, HOUSE_R - 4, "hm")
        u0 = units[0][h]
        u1 = units[1][h]
        if u0 and u1:
            inner += _units(0, x - 19, y, u0) + _units(1, x + 19, y, u1)
        elif u0:
            inner += _units(0, x, y, u0)
        elif u1:
            inner += _units(1, x, y, u1)
        inner += _text(x, y - HOUSE_R - 10, str(h), "hid")
        out.append('<g class="' + cls + '">' + inner + "</g>")
    return '<g class="houses">' + "".join(out) + "</g>"


def _units(player: int, x, y, count: int) -> str:
    inner = mark(player, x, y, 19, "ub") + _text(x, y + 1, str(count))
    return _svg("g", [("class", "units u" + str(player))], inner)


def _hits(pos: list, houses_count: int, state: dict, marks: dict) -> str:
    units = state.get("units") or [[0] * houses_count, [0] * houses_count]
    pick = _flags([marks.get("pick_houses"), marks.get("targets"), marks.get("corners")])
    names = marks.get("names") or ["player 0", "player 1"]
    out = []
    for h in range(houses_count):
        x, y = pos[h]
        label = t("house_name", n=h)
        for p in (0, 1):
            if units[p][h]:
                label += ", " + t("sr_units", name=names[p], count=units[p][h])
        pairs: list[tuple[str, object]] = [("class", "hit")]
        if h in pick:
            pairs = [("class", "hit pick"), ("tabindex", "0"), ("role", "button")]
        pairs.extend([("data-house", str(h)), ("cx", x), ("cy", y), ("r", HIT_R)])
        out.append(_svg("circle", pairs, "<title>" + esc(label) + "</title>"))
    return '<g class="hits">' + "".join(out) + "</g>"


def turn_marks(entry) -> list:
    """What a turn did (an `Entry` of `triad.ui.catch.client`, or None), to draw:
    `[player, kind, args...]` for each applied action.

    A move is drawn to the house its units reached (the values of the
    outcome's detail, the referee's "moved"), with the number that actually moved.
    """
    out: list[list] = []
    if not entry:
        return out
    for outcome in entry.outcomes:
        if not outcome.applies:
            continue
        parts = outcome.action.split()
        if not parts:
            continue
        kind = parts[0]
        try:
            args = [int(p) for p in parts[1:]]
        except ValueError:
            continue
        player = outcome.player
        if kind == "MOVE":
            detail = outcome.detail
            if type(detail) is dict and detail.get("key") == "moved":
                moved = detail["values"]
                args = [args[0], moved["house"], moved["count"]]
        if kind in ("MOVE", "SPAWN", "ATTACK", "ADD_PATH", "REMOVE_PATH"):
            row = [player, kind]
            row.extend(args)
            out.append(row)
    return out


def captured_triangles(entry) -> list:
    """Corners of the triangles captured during a turn (an `Entry`, or None)."""
    out: list = []
    if entry is None:
        return out
    for event in entry.events:
        if event.get("kind") == "capture":
            out.append(event.get("triangle"))
    return out


def render_map(game_map: dict, state: dict, marks=None) -> str:
    """The whole map as an `<svg>` element (see the module docstring)."""
    marks = marks or {}
    portrait = bool(marks.get("portrait"))
    houses = game_map.get("houses") or []
    pos = [project(p, portrait) for p in houses]
    if not pos:
        return '<svg class="map" viewBox="0 0 1920 1080"></svg>'
    x, y, w, h = view_box(pos)
    names = marks.get("names") or ["player 0", "player 1"]
    scores = state.get("scores") or [0, 0]
    label = t(
        "sr_map_label",
        turn=state.get("turn", 0),
        p0=names[0],
        s0=scores[0],
        p1=names[1],
        s1=scores[1],
    )
    plans = []
    for item in marks.get("last") or []:
        plans.append(_plan(pos, item[1:], item[0], "last p" + str(item[0])))
    for item in marks.get("orders") or []:
        plans.append(_plan(pos, item, None, "order"))
    return (
        '<svg class="map'
        + (" portrait" if portrait else "")
        + '" xmlns="http://www.w3.org/2000/svg" viewBox="'
        + " ".join([num(x), num(y), num(w), num(h)])
        + '" preserveAspectRatio="xMidYMid meet" role="group" aria-label="'
        + esc(label)
        + '">'
        + '<g aria-hidden="true">'  # drawn for the eye; the houses' buttons are read
        + _defs()
        + _svg(
            "rect",
            [("class", "field"), ("x", x), ("y", y), ("width", w), ("height", h), ("rx", 28)],
        )
        + _triangles(pos, state, marks)
        + _paths(pos, state)
        + '<g class="plans">'
        + "".join(plans)
        + "</g>"
        + _houses(pos, len(pos), state, marks)
        + "</g>"
        + _hits(pos, len(pos), state, marks)
        + "</svg>"
    )


def render_list(state: dict, names: list) -> str:
    """The map for a screen reader: each house with its units and paths, each triangle with
    its owner (visually hidden; the map's buttons are the houses to choose)."""
    units = state.get("units") or [[], []]
    count = max(len(units[0]), len(units[1]))
    near: list[list[int]] = [[] for _ in range(count)]
    for a, b in state.get("paths") or []:
        if a < count and b < count:
            near[a].append(b)
            near[b].append(a)
    rows = []
    for h in range(count):
        held = [
            t("sr_units", name=names[p], count=units[p][h])
            for p in (0, 1)
            if h < len(units[p]) and units[p][h]
        ]
        paths = ", ".join([str(n) for n in sorted(near[h])]) or t("sr_no_path")
        words = t("sr_house", n=h, units=", ".join(held) or t("sr_no_unit"), paths=paths)
        rows.append("<li>" + esc(words) + "</li>")
    for row in state.get("triangles") or []:
        owner = names[row[3]] if row[3] in (0, 1) else t("sr_nobody")
        corners = t("triangle_name", a=row[0], b=row[1], c=row[2])
        rows.append("<li>" + esc(t("sr_triangle", corners=corners, owner=owner)) + "</li>")
    return (
        '<section class="sr" aria-label="'
        + esc(t("sr_map"))
        + '"><ul>'
        + "".join(rows)
        + "</ul></section>"
    )


def _svg(tag: str, pairs: list, inner=None) -> str:
    """An SVG element with `(attribute, value)` pairs in order, numbers as `num` writes them.

    Closed at once when there is no `inner` text.
    """
    out = ["<" + tag]
    for name, value in pairs:
        out.append(" " + name + '="' + (value if isinstance(value, str) else num(value)) + '"')
    if inner is None:
        return "".join(out) + "/>"
    return "".join(out) + ">" + inner + "</" + tag + ">"


def _text(x, y, inner: str, cls: str = "") -> str:
    pairs = [("x", x), ("y", y)]
    if cls:
        pairs.insert(0, ("class", cls))
    return _svg("text", pairs, inner)


def _outline(points: list, joint: str = "L") -> str:
    """A closed path through `points`: `d` of an SVG path."""
    return "M" + joint.join([num(p[0]) + " " + num(p[1]) for p in points]) + "Z"


def _flags(groups: list, key=None) -> dict:
    """`{item: True}` for every item of the lists in `groups` (None counts as empty)."""
    out = {}
    for items in groups:
        for item in items or []:
            out[key(item) if key else item] = True
    return out


def _marked(cls: str, item, marks: list) -> str:
    """`cls` and the name of each `(chosen, name)` mark that `item` is, or is in (a dict)."""
    for chosen, name in marks:
        if (item in chosen) if isinstance(chosen, dict) else item == chosen:
            cls += " " + name
    return cls
