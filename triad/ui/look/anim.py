"""The animation plan of one placement, from the engine's ordered events.

`plan(board, player, cell, card, events)` returns the steps the page plays in
order: the card lands, a Power Wall shift slides its line, each special
capture announces itself (BREAK for Same and Same Wall, CRITICAL for Plus and
Plus Wall, BONUS!! before the first Combo wave) and every captured card flips
one after another.  Each step carries the board as it looks after that step,
so the page only draws snapshots and the last one is the engine's board.
"""

from triad.ui.look.html import esc
from triad.ui.look.text import t

# Durations in milliseconds; reduced motion keeps a short, still glimpse of
# each callout (it carries information) and drops everything else.
TIMES = {"place": 240, "shift": 420, "callout": 900, "flip": 260, "teatime": 1800}
REDUCED = {"place": 0, "shift": 0, "callout": 350, "flip": 0, "teatime": 700}

FLIP_SOUNDS = {"basic": "flip", "battle": "flip", "same": "flip", "plus": "flip", "combo": "flip"}
CALLOUT_SOUNDS = {"same": "break", "plus": "critical", "combo": "bonus", "teatime": "teatime"}


def copy_board(board: list) -> list:
    return [None if s is None else {"card": s["card"], "owner": s["owner"]} for s in board]


def shift(board: list, line: list) -> list:
    """Move the cards of `line` one step along it: `line[i]` goes to `line[i + 1]`, wrapping."""
    new = list(board)
    for i in range(3):
        new[line[(i + 1) % 3]] = board[line[i]]
    return new


def plan(
    board: list, player: str, cell: int, card: dict, events: list, reduced: bool = False
) -> list:
    """The steps that show one placement; each is a dict with `do`, `board`, `fx`, `ms`, `sound`."""
    times = REDUCED if reduced else TIMES
    cur = copy_board(board)
    steps = []
    combo_announced = False
    for ev in events:
        kind = ev.get("kind")
        cells = ev.get("cells") or []
        if kind == "place":
            where = cells[0] if cells else cell
            cur = copy_board(cur)
            cur[where] = {"card": card, "owner": player}
            steps.append(_step("place", cur, {where: "place"}, times["place"], "place"))
        elif kind == "shift":
            cur = shift(cur, cells)
            direction = ev.get("direction") or "down"
            fx = {}
            for c in cells:
                if cur[c] is not None:
                    fx[c] = "shift-" + direction
            steps.append(_step("shift", cur, fx, times["shift"], "shift"))
        elif kind in FLIP_SOUNDS:
            if kind in ("same", "plus") or (kind == "combo" and not combo_announced):
                if kind == "combo":
                    combo_announced = True
                step = _step("callout", cur, {}, times["callout"], CALLOUT_SOUNDS[kind])
                step["callout"] = kind
                step["wall"] = bool(ev.get("wall"))
                steps.append(step)
            for c in cells:
                cur = copy_board(cur)
                if cur[c] is not None:
                    cur[c] = {"card": cur[c]["card"], "owner": player}
                steps.append(_step("flip", cur, {c: "flip"}, times["flip"], FLIP_SOUNDS[kind]))
    return steps


#: A card's sides, in the order of its values.
SIDES = ("top", "right", "bottom", "left")

#: The captures made by comparing touching sides (a Combo's are made by the cards it took).
COMPARED = ("basic", "battle", "same", "plus")


def touching(cell: int, other: int):
    """The side of the card on `cell` that touches `other` (an index of `SIDES`), or None."""
    col = cell % 3
    if other == cell - 3:
        return 0
    if other == cell + 3:
        return 2
    if other == cell + 1 and col < 2:
        return 1
    if other == cell - 1 and col > 0:
        return 3
    return None


def compared(cell: int, events: list) -> dict:
    """The two numbers each capture compared, as classes of the cards that bear them
    ({cell: "cmp cmp-right cmp-bottom"}): the card placed on `cell` and each card it took
    by touching sides. Nothing when a Power Wall shift moved the cards."""
    if any(ev.get("kind") == "shift" for ev in events):
        return {}
    sides: dict = {}
    for ev in events:
        if ev.get("kind") not in COMPARED:
            continue
        for other in ev.get("cells") or []:
            side = touching(cell, other)
            if side is not None:
                sides.setdefault(cell, []).append(SIDES[side])
                sides.setdefault(other, []).append(SIDES[(side + 2) % 4])
    return {c: "cmp " + " ".join(["cmp-" + s for s in sides[c]]) for c in sides}


class Marks:
    """The numbers the last placement compared, marked on its cards while the board stands
    as that placement left it (a later move, a step back in a replay or a new deal clears
    them)."""

    def __init__(self) -> None:
        self.board: list | None = None
        self.fx: dict[int, str] = {}

    def keep(self, board, fx: dict) -> None:
        self.board = _cards(board) if fx else None
        self.fx = fx

    def on(self, board) -> dict:
        """The marks' classes by cell, for `board` (none unless it is the one they mark)."""
        if self.board is None or board is None or _cards(board) != self.board:
            return {}
        return self.fx


def _cards(board: list) -> list:
    return [
        None if s is None else (s["owner"], s["card"].get("id"), s["card"].get("name"))
        for s in board
    ]


def teatime_step(board: list, reduced: bool = False) -> dict:
    """The PERFECT TEATIME announcement before a Sudden Death rematch."""
    times = REDUCED if reduced else TIMES
    step = _step("callout", copy_board(board), {}, times["teatime"], "teatime")
    step["callout"] = "teatime"
    return step


def flips(events: list) -> int:
    """How many cards the placement flipped."""
    return sum(len(ev.get("cells") or []) for ev in events if ev.get("kind") in FLIP_SOUNDS)


def _step(do: str, board: list, fx: dict, ms: int, sound) -> dict:
    return {"do": do, "board": board, "fx": fx, "ms": ms, "sound": sound}


CALLOUTS = {"same": "break", "plus": "critical", "combo": "bonus", "teatime": "teatime"}


def render_callout(kind: str) -> str:
    """The big word of a special capture: BREAK, CRITICAL, BONUS!! or PERFECT TEATIME."""
    key = CALLOUTS.get(kind, kind)
    return (
        '<div class="callout callout-'
        + key
        + '" aria-hidden="true">'  # the log says it, with what it took
        + "<span>"
        + esc(t(key))
        + "</span></div>"
    )
