"""The human's orders for one turn of Triangle Catch, given by clicks on the map.

Pure and small: `Board` is what the clicks need to know of the position
(units, neighbours, triangles, paths that could be added), `Orders` the
selection and the list of orders.  A click returns what it did:

* ``{"add": item}``: an order to add (the page checks it with the referee
  first and refuses it, with the referee's reason, when it would not apply);
* ``{"changed": True}``: the selection changed;
* ``{"hint": key}``: nothing to do; `key` is a text key explaining why.

An order is a list ``[kind, args...]`` exactly as the protocol spells it:
``["MOVE", from, to, amount]``, ``["SPAWN", corner, b, c]``,
``["ATTACK", a, b, c, target]``, ``["ADD_PATH", corner, b, c, target]``,
``["REMOVE_PATH", corner, b, c, target]``.
"""

ACTIONS = ("SPAWN", "ATTACK", "ADD_PATH", "REMOVE_PATH")
COST = {"SPAWN": 0, "ATTACK": 1, "ADD_PATH": 1, "REMOVE_PATH": 1}


class Board:
    """The position as the human's clicks see it (the human is player `me`)."""

    def __init__(self, state: dict, linkable=None, me: int = 0) -> None:
        self.me = me
        self.units = state.get("units") or [[], []]
        self.n = len(self.units[0])
        self.mine = self.units[me]
        self.theirs = self.units[1 - me]
        self.adj: list[list[int]] = [[] for _ in range(self.n)]
        for a, b in state.get("paths") or []:
            self.adj[a].append(b)
            self.adj[b].append(a)
        for row in self.adj:
            row.sort()
        self.triangles = state.get("triangles") or []
        self.links: list[list[int]] = [[] for _ in range(self.n)]
        for a, b in linkable or []:
            self.links[a].append(b)
            self.links[b].append(a)
        self.over = state.get("result") is not None

    def my_triangles(self) -> list:
        """Corners (ascending) of the triangles the human owns."""
        return [[r[0], r[1], r[2]] for r in self.triangles if r[3] == self.me]

    def owns_triangle(self, corners) -> bool:
        key = sorted(corners)
        return any(r[3] == self.me and [r[0], r[1], r[2]] == key for r in self.triangles)


def line(items: list) -> str:
    """The protocol line of a list of orders ("WAIT" when there are none)."""
    if not items:
        return "WAIT"
    return ";".join([" ".join([str(p) for p in item]) for item in items])


def committed(items: list, n: int) -> list:
    """Units per house already given an order (moved away or paying a cost)."""
    used = [0] * n
    for item in items:
        if item[0] == "MOVE":
            used[item[1]] += item[3]
        elif COST.get(item[0]):
            for corner in item[1:4]:
                used[corner] += COST[item[0]]
    return used


def rotate(corners: list, first: int) -> list:
    """The triangle's corners with `first` first (the corner an action acts from)."""
    others = [c for c in corners if c != first]
    return [first, others[0], others[1]]


def order(action: str, corners: list, first: int, target: int = -1) -> list:
    """A triangle action acting from corner `first` (on `target`, when it has one)."""
    item: list = [action]
    item.extend(rotate(corners, first))
    if target >= 0:
        item.append(target)
    return item


class Orders:
    """The orders given so far this turn and the current selection."""

    def __init__(self) -> None:
        self.items: list[list] = []
        #: What the referee said of each order, in order (`triad.ui.catch.client.Verdict`s).
        self.checks: list = []
        #: The orders and their checks before the edit being checked (`remove`, `adjust`).
        self.before: tuple | None = None
        self.clear_selection()

    def clear_selection(self) -> None:
        self.house = -1
        self.tri: list[int] | None = None
        self.action = ""
        self.corner = -1
        self.amount = 1

    def reset(self) -> None:
        """A new turn: no orders, nothing selected."""
        self.items = []
        self.checks = []
        self.before = None
        self.clear_selection()

    def line(self) -> str:
        return line(self.items)

    def with_order(self, item: list) -> list:
        """The orders with `item` added (to be checked before it is: `checked`)."""
        items = list(self.items)
        items.append(item)
        return items

    def checked(self, items: list, verdicts: list) -> str:
        """The referee's verdicts on `items`, the orders with one added (`with_order`) or
        just edited: they are the orders now when each applies (and "" is returned); else
        the orders stay, or go back to, what they were before, and the referee's words
        for the first refused one are returned."""
        self.before, before = None, self.before
        for verdict in verdicts:
            if not verdict.applies:
                if before is not None:
                    self.items, self.checks = before
                return verdict.words()
        self.items = items
        self.checks = list(verdicts)
        return ""

    def undo(self) -> None:
        """The edit being checked is undone (the referee refused to check the orders)."""
        if self.before is not None:
            self.items, self.checks = self.before
            self.before = None

    def refusal(self) -> str:
        """Why the referee would refuse an order given (its words), or "" if it would not."""
        for verdict in self.checks:
            if not verdict.applies:
                return verdict.words()
        return ""

    def available(self, board: Board, house: int) -> int:
        """The human's units on `house` not yet given an order."""
        return board.mine[house] - committed(self.items, board.n)[house]

    # ------------------------------------------------------------- clicks

    def click_house(self, board: Board, h: int) -> dict:
        if board.over:
            return {"hint": "hint_over"}
        if self.tri is not None and self.action:
            return self._triangle_target(board, h, self.tri)
        if self.house >= 0:
            if h == self.house:
                self.clear_selection()
                return {"changed": True}
            item = ["MOVE", self.house, h, self.amount]
            self.clear_selection()
            return {"add": item}
        if board.mine[h] > 0:
            self.clear_selection()
            self.house = h
            self.amount = max(1, self.available(board, h))
            return {"changed": True}
        if self.tri is not None:
            return {"hint": "hint_choose_action"}
        return {"hint": "hint_no_units"}

    def click_triangle(self, board: Board, corners) -> dict:
        if board.over:
            return {"hint": "hint_over"}
        key = sorted([int(c) for c in corners])
        if self.tri is not None and self.tri == key:
            self.clear_selection()
            return {"changed": True}
        if self.house >= 0:
            # A move is being given: a click inside a triangle near a house means nothing.
            return {"hint": "hint_move_target"}
        if not board.owns_triangle(key):
            return {"hint": "hint_not_your_triangle"}
        self.clear_selection()
        self.tri = key
        return {"changed": True}

    def choose(self, board: Board, action: str) -> dict:
        """An action button of the selected triangle."""
        if self.tri is None or action not in ACTIONS:
            return {"hint": "hint_choose_triangle"}
        self.action = action
        self.corner = -1
        return {"changed": True}

    def set_amount(self, board: Board, value: int) -> dict:
        if self.house < 0:
            return {"hint": "hint_choose_house"}
        top = max(1, self.available(board, self.house))
        self.amount = min(top, max(1, int(value)))
        return {"changed": True}

    def _triangle_target(self, board: Board, h: int, corners: list[int]) -> dict:
        action = self.action
        if action == "SPAWN":
            if h not in corners:
                return {"hint": "hint_spawn_corner"}
            return self._use(order(action, corners, h))
        if action == "ATTACK":
            if h not in self.targets(board):
                return {"hint": "hint_attack_target"}
            return self._use([action, corners[0], corners[1], corners[2], h])
        if h in corners and (self.corner < 0 or h != self.corner):
            if self.partners(board, h):
                self.corner = h
                return {"changed": True}
            return {"hint": "hint_no_partner"}
        if self.corner >= 0:
            if h not in self.partners(board, self.corner):
                return {"hint": "hint_path_target"}
            return self._use(order(action, corners, self.corner, h))
        # A target clicked first: the corner is implied when only one corner fits.
        fits = [c for c in corners if h in self.partners(board, c)]
        if len(fits) == 1:
            return self._use(order(action, corners, fits[0], h))
        if len(fits) > 1:
            return {"hint": "hint_which_corner"}
        return {"hint": "hint_path_target"}

    def _use(self, item: list) -> dict:
        self.clear_selection()
        return {"add": item}

    # ------------------------------------------------------ what to show

    def partners(self, board: Board, corner: int) -> list:
        """Houses a path from `corner` could be added to / removed to, for the chosen action."""
        if self.action == "ADD_PATH":
            return board.links[corner]
        if self.action == "REMOVE_PATH":
            return [k for k in board.adj[corner] if k not in (self.tri or [])]
        return []

    def targets(self, board: Board) -> list:
        """Houses the next click can go to, highlighted on the map."""
        if self.house >= 0:
            return [k for k in board.adj[self.house]]
        if self.tri is None or not self.action:
            return []
        if self.action == "SPAWN":
            return []
        if self.action == "ATTACK":
            seen: dict[int, bool] = {}
            for c in self.tri:
                for k in board.adj[c]:
                    seen[k] = True
            return sorted(seen)
        if self.corner >= 0:
            return sorted(self.partners(board, self.corner))
        seen = {}
        for c in self.tri:
            for k in self.partners(board, c):
                seen[k] = True
        return sorted(seen)

    def corner_choices(self, board: Board) -> list:
        """Corners to click: where to spawn, or which end of the path."""
        if self.tri is None or not self.action or self.action == "ATTACK":
            return []
        if self.action == "SPAWN":
            return list(self.tri)
        return [c for c in self.tri if self.partners(board, c)]

    def marks(self, board: Board) -> dict:
        """What `board.render_map` highlights for this selection."""
        return {
            "house": self.house,
            "tri": self.tri,
            "targets": self.targets(board),
            "corners": self.corner_choices(board),
            "pick_tris": [] if board.over else board.my_triangles(),
            "pick_houses": []
            if board.over
            else [h for h in range(board.n) if board.mine[h] > 0 or self.house >= 0],
            "orders": self.items,
        }

    def prompt(self, board: Board) -> tuple:
        """What the human should do next: `(text key, values)`."""
        if board.over:
            return ("prompt_over", {})
        if self.house >= 0:
            return ("prompt_move", {"house": self.house, "amount": self.amount})
        if self.tri is not None:
            names = {"a": self.tri[0], "b": self.tri[1], "c": self.tri[2]}
            if not self.action:
                return ("prompt_action", names)
            if self.action == "SPAWN":
                return ("prompt_spawn", names)
            if self.action == "ATTACK":
                return ("prompt_attack", names)
            if self.corner >= 0:
                names["corner"] = self.corner
                return ("prompt_path_target_" + self.action.lower(), names)
            return ("prompt_path_" + self.action.lower(), names)
        return ("prompt_idle", {})

    # -------------------------------------------------------------- edits

    def remove(self, index: int) -> bool:
        """Take order `index` away (kept as it was until the orders are `checked` again)."""
        if 0 <= index < len(self.items):
            self.before = (list(self.items), list(self.checks))
            self.items.pop(index)
            if index < len(self.checks):
                self.checks.pop(index)
            return True
        return False

    def adjust(self, index: int, delta: int) -> bool:
        """Change a move's amount by `delta` (never below 1)."""
        if 0 <= index < len(self.items) and self.items[index][0] == "MOVE":
            item = self.items[index]
            amount = max(1, item[3] + delta)
            if amount != item[3]:
                self.before = (list(self.items), list(self.checks))
                self.items[index] = [item[0], item[1], item[2], amount]
                return True
        return False
