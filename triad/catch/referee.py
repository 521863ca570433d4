"""The referee of Triangle Catch: CodinGame's referee, turn by turn, quirks included.

The rules are those of TRYANGLE.md as CodinGame's public referee plays them
(github.com/eulerscheZahl/TryAngle-Catch). Where the text is silent or the
referee differs from it, the referee's behaviour holds:

- Ownership: a house is owned by the player with strictly more units on it;
  then, repeatedly until nothing changes, a house owned by nobody, with at
  least one neighbour, all of whose neighbours are owned by one player,
  becomes that player's. A house that is its own neighbour (see ADD_PATH)
  can never be owned through its neighbours.
- Surrounded units: once per turn, right after the actions, every unit of a
  player on a house that has at least one neighbour, each with a strict
  unit majority of the opponent, dies (a neighbour owned only through its
  own neighbours does not count). Both players are judged on the same
  counts.
- Triangles: three houses pairwise joined by paths with no house inside in
  the referee's side test (``geometry.cg_inside``; three houses in a row have
  every other house on their line inside them). They are listed in the
  order of their corners' ids. A triangle that loses a side disappears; if
  it comes back it is new (neutral, eligible for both).
- Eligibility: each triangle has one flag per player. Using it clears the
  user's flag and makes it neutral. Before captures: while a player owns the
  triangle, the owner's flag is off and the opponent's on; while it is
  neutral, a player's flag comes back on when they have no unit on any of
  its three houses. A player whose flag is on and who owns its three
  houses captures it. The protocol reports the flags as ``meCanCapture
  opponentCanCapture``.
- Naming a triangle: the first triangle (in the listed order) holding every
  named house, so ``SPAWN 1 1 2`` names the first triangle with houses 1 and
  2; it is looked up when the turn starts. Costs are paid on that
  triangle's corners; SPAWN spawns, ADD_PATH and REMOVE_PATH start from the
  first named house.
- Costs and moves use only units that stood on their house since the turn
  started (moved, spawned or paid units no longer count). SPAWN costs 0,
  the others 1 per corner.
- MOVE from to amount: moves ``min(amount, units that stayed)`` units one
  step: to ``to`` if it is a neighbour, else to the neighbour with the
  smallest id on a shortest path toward ``to`` (nowhere if unreachable).
- ATTACK target: ``target`` must neighbour a corner; kills every opponent
  unit there. ADD_PATH target: the path must not exist yet, be at most 400
  long and cross no path (``geometry.cg_crossing``; a path may pass through
  a house in a row). ``ADD_PATH h1 h2 h3 h1`` is accepted: the house becomes
  its own neighbour (never printed, never removable). REMOVE_PATH target:
  ``target`` must neighbour a corner of the triangle when the turn starts;
  then the path from the first house to ``target`` must exist and
  ``target`` must not be a corner. A triangle destroyed earlier in the turn
  can still be used for REMOVE_PATH by its owner.
- Turn order: attacks, moves, spawns, path additions, path removals. An
  action that cannot be applied when the turn starts is dropped for the
  whole turn. Moves and spawns: all of player 0's in order, then all of
  player 1's, each checked when its turn comes. The other kinds go in
  steps: each step takes the first still valid action of each player
  (invalid ones are dropped and hold no slot), checks both against the
  position before the step and applies both. Each player's path additions
  are taken shortest first, not in written order. Attacks of one step pay
  both costs before killing. Two additions of one step that cross: the
  shorter is added (equal lengths: player 0's), the other skipped; the same
  path added by both is added once, both pay.
- After the actions: surrounded units die, eligibility and captures, then
  each player scores 1 per triangle owned, then the end checks. The
  starting position goes through this twice without the actions (it is
  scored twice before turn 1) and its end checks too. After the last turn
  nothing of this happens: the game ends on the scores as they stand.
- End checks, player 0 then player 1: a player with no unit and no
  triangle, or with exactly 1 unit, no triangle and a lower score, or whose
  opponent owns at least 80% of the triangles (``owned >= total * 0.8`` in
  doubles; with no triangle on the board both players qualify) is out, and
  their score becomes -1 at once. Then the higher score wins, equal scores
  draw. A player who forfeits (timeout, unknown command) scores -1 and
  loses; both at once: a draw.
"""

from dataclasses import dataclass, field

from triad.catch.geometry import dist2
from triad.catch.mapgen import GameMap, Layout
from triad.catch.words import Said, joined

MAX_TURNS = 200
WIN_SHARE = 0.8  # a player owning this share of the triangles puts the opponent out

MOVE = "MOVE"
SPAWN = "SPAWN"
ATTACK = "ATTACK"
ADD_PATH = "ADD_PATH"
REMOVE_PATH = "REMOVE_PATH"
WAIT = "WAIT"
KINDS = (MOVE, SPAWN, ATTACK, ADD_PATH, REMOVE_PATH, WAIT)
ARITY = {MOVE: 3, SPAWN: 3, ATTACK: 4, ADD_PATH: 4, REMOVE_PATH: 4, WAIT: 0}
ORDER = (ATTACK, MOVE, SPAWN, ADD_PATH, REMOVE_PATH)
COST = {SPAWN: 0, ATTACK: 1, ADD_PATH: 1, REMOVE_PATH: 1}
NEUTRAL = -1


@dataclass(frozen=True)
class Action:
    """One command of a player: ``kind`` and its integer arguments."""

    kind: str
    args: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ARITY or len(self.args) != ARITY[self.kind]:
            raise ValueError(f"malformed action: {self.kind!r} {self.args!r}")

    def __str__(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @property
    def corners(self) -> tuple[int, int, int]:
        """The three houses naming the triangle of a triangle action."""
        return (self.args[0], self.args[1], self.args[2])


@dataclass(frozen=True)
class Orders:
    """Everything a player said in one turn: actions in order and an optional message."""

    actions: tuple[Action, ...] = ()
    message: str = ""


@dataclass(frozen=True)
class Outcome:
    """What became of one action: applied (``ok``) or skipped, with a short reason."""

    player: int
    action: Action
    ok: bool
    detail: str

    def to_json(self) -> dict[str, object]:
        """Return the outcome as plain JSON data."""
        return {
            "player": self.player,
            "action": str(self.action),
            "ok": self.ok,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` 0 or 1, or None for a draw."""

    winner: int | None
    reason: str

    def to_json(self) -> dict[str, object]:
        """Return the result as plain JSON data."""
        return {"winner": self.winner, "reason": self.reason}


@dataclass
class TurnReport:
    """Everything that happened in one turn, in resolution order."""

    turn: int
    outcomes: list[Outcome] = field(default_factory=list)
    events: list[dict[str, object]] = field(default_factory=list)
    messages: tuple[str, str] = ("", "")

    def to_json(self) -> dict[str, object]:
        """Return the report as plain JSON data."""
        return {
            "turn": self.turn,
            "outcomes": [o.to_json() for o in self.outcomes],
            "events": self.events,
            "messages": list(self.messages),
        }


class State:
    """A position of the game; ``resolve_turn`` returns new states, never changes one."""

    __slots__ = (
        "_adj",
        "_tris",
        "eligible",
        "game_map",
        "loops",
        "max_turns",
        "owner",
        "paths",
        "result",
        "scores",
        "turn",
        "units",
    )

    def __init__(self, game_map: GameMap, max_turns: int = MAX_TURNS) -> None:
        tri_count = len(game_map.layout.tri_corners)
        self.game_map = game_map
        self.max_turns = max_turns
        self.turn = 0
        self.units: list[list[int]] = [list(game_map.units[0]), list(game_map.units[1])]
        self.paths = game_map.paths
        self.loops = 0
        self.owner: list[int] = [NEUTRAL] * tri_count
        self.eligible: list[list[bool]] = [[True] * tri_count, [True] * tri_count]
        self.scores = [0, 0]
        self.result: Result | None = None
        self._adj: list[list[int]] | None = None
        self._tris: list[int] | None = None

    def __repr__(self) -> str:
        return f"<State turn={self.turn} scores={self.scores} result={self.result}>"

    @property
    def layout(self) -> Layout:
        """The static geometry of the map."""
        return self.game_map.layout

    def copy(self) -> "State":
        """Return an independent copy of this state."""
        other = State.__new__(State)
        other.game_map = self.game_map
        other.max_turns = self.max_turns
        other.turn = self.turn
        other.units = [self.units[0][:], self.units[1][:]]
        other.paths = self.paths
        other.loops = self.loops
        other.owner = self.owner[:]
        other.eligible = [self.eligible[0][:], self.eligible[1][:]]
        other.scores = self.scores[:]
        other.result = self.result
        other._adj = self._adj
        other._tris = self._tris
        return other

    def adjacency(self) -> list[list[int]]:
        """Each house's neighbours (sorted, itself included after ``ADD_PATH h .. .. h``).

        Do not modify the lists.
        """
        if self._adj is None:
            adj = self.layout.adjacency(self.paths)
            loops = self.loops
            h = 0
            while loops:
                if loops & 1:
                    adj[h] = sorted([*adj[h], h])
                loops >>= 1
                h += 1
            self._adj = adj
        return self._adj

    def triangles(self) -> list[int]:
        """Indices (into ``layout.tri_corners``) of the triangles that exist now; do not modify."""
        if self._tris is None:
            self._tris = self.layout.triangles(self.paths)
        return self._tris

    def house_owners(self) -> list[int]:
        """Owner of each house: 0, 1 or -1 (nobody)."""
        return ownership(self.units, self.adjacency())

    def triangle_of(self, corners: tuple[int, int, int]) -> int:
        """Return the index of the existing triangle with these corners, or -1."""
        a, b, c = sorted(corners)
        if a == b or b == c:
            return -1
        t = self.layout.tri_of.get((a, b, c), -1)
        if t < 0 or self.layout.tri_edges[t] & self.paths != self.layout.tri_edges[t]:
            return -1
        return t

    def find_triangle(self, houses: tuple[int, ...]) -> int:
        """Return the first existing triangle (by corner ids) holding every house named, or -1.

        This is how the referee reads the three houses of a command: ``1 1 2``
        names the first triangle with houses 1 and 2.
        """
        named = set(houses)
        if len(named) == 3:
            a, b, c = sorted(named)
            return self.triangle_of((a, b, c))
        corners = self.layout.tri_corners
        for t in self.triangles():
            if named <= set(corners[t]):
                return t
        return -1

    def owned_count(self, player: int) -> int:
        """Number of existing triangles ``player`` owns."""
        owner = self.owner
        return sum(1 for t in self.triangles() if owner[t] == player)

    def to_json(self) -> dict[str, object]:
        """Return the position as plain JSON data (what a page draws)."""
        corners = self.layout.tri_corners
        return {
            "turn": self.turn,
            "scores": self.scores[:],
            "units": [self.units[0][:], self.units[1][:]],
            "owners": self.house_owners(),
            "paths": [[a, b] for a, b in self.layout.paths_of(self.paths)],
            "loops": [h for h in range(self.layout.house_count) if (self.loops >> h) & 1],
            "triangles": [
                [
                    *corners[t],
                    self.owner[t],
                    int(self.eligible[0][t]),
                    int(self.eligible[1][t]),
                ]
                for t in self.triangles()
            ],
            "result": None if self.result is None else self.result.to_json(),
        }

    def set_paths(self, paths: int) -> None:
        """Replace the paths (a bitmask of the layout's candidates)."""
        self.paths = paths
        self._adj = None
        self._tris = None

    def set_loops(self, loops: int) -> None:
        """Replace the houses that are their own neighbour (a bitmask of house ids)."""
        self.loops = loops
        self._adj = None


def new_game(game_map: GameMap, max_turns: int = MAX_TURNS) -> State:
    """Return the position players see on turn 1 (start resolved and scored twice, checked)."""
    state = State(game_map, max_turns)
    _settle(state, [], surround=True)
    _settle(state, [], surround=False)
    state.result = _end_checks(state)
    return state


def ownership(units: list[list[int]], adj: list[list[int]]) -> list[int]:
    """Return each house's owner (0, 1 or -1) by majority, then the neighbour rule to a fixed point."""
    u0, u1 = units
    n = len(adj)
    own = [0 if u0[h] > u1[h] else 1 if u1[h] > u0[h] else NEUTRAL for h in range(n)]
    open_houses = [h for h in range(n) if own[h] == NEUTRAL and adj[h]]
    changed = True
    while changed and open_houses:
        changed = False
        still_open = []
        for h in open_houses:
            row = adj[h]
            first = own[row[0]]
            if first != NEUTRAL and all(own[k] == first for k in row):
                own[h] = first
                changed = True
            else:
                still_open.append(h)
        open_houses = still_open
    return own


def forfeit(state: State, losers: list[int], reason: str) -> State:
    """Return ``state`` ended by forfeit of ``losers`` (score -1; one loses, both: a draw)."""
    ended = state.copy()
    for p in set(losers):
        ended.scores[p] = -1
    winner = None if len(set(losers)) == 2 else 1 - losers[0]
    ended.result = Result(winner, reason)
    return ended


def resolve_turn(state: State, orders0: Orders, orders1: Orders) -> tuple[State, TurnReport]:
    """Play one turn of both players' orders; return the new state and what happened.

    :raises ValueError: if the game is already over.
    """
    if state.result is not None:
        raise ValueError(f"the game is over: {state.result!r}")
    new = state.copy()
    new.turn += 1
    report = TurnReport(new.turn, messages=(orders0.message, orders1.message))
    turn = _Turn(new, report)
    queues = [turn.admit(0, orders0), turn.admit(1, orders1)]
    for kind in ORDER:
        mine = [[task for task in queues[p] if task.action.kind == kind] for p in (0, 1)]
        if kind in (MOVE, SPAWN):
            for p in (0, 1):
                for task in mine[p]:
                    turn.single(task)
        else:
            if kind == ADD_PATH:
                for p in (0, 1):
                    mine[p].sort(key=turn.length)
            turn.steps(kind, mine)
    if new.turn >= new.max_turns:
        new.result = _final_result(new)
    else:
        _settle(new, report.events, surround=True)
        new.result = _end_checks(new)
    return new, report


class _Task:
    """One admitted action: the player, the action and the triangle it names (-1 for MOVE)."""

    __slots__ = ("action", "player", "triangle")

    def __init__(self, player: int, action: Action, triangle: int) -> None:
        self.player = player
        self.action = action
        self.triangle = triangle


class _Turn:
    """The resolution of one turn's actions on ``state`` (changed in place)."""

    def __init__(self, state: State, report: TurnReport) -> None:
        self.state = state
        self.report = report
        # Units that stood on their house since the turn began, per player and house.
        self.stayed = [state.units[0][:], state.units[1][:]]
        # Owners of triangles destroyed this turn (still usable for REMOVE_PATH).
        self.ghosts: dict[int, int] = {}

    def admit(self, player: int, orders: Orders) -> list[_Task]:
        """Name each action's triangle and keep the actions that can be applied now."""
        state = self.state
        kept = []
        for action in orders.actions:
            if action.kind == WAIT:
                continue
            reason = _bad_house(action, state.layout.house_count)
            triangle = -1
            if not reason and action.kind != MOVE:
                named = action.args[:3]
                triangle = state.find_triangle(named)
                if triangle < 0:
                    reason = Said("not_triangle", a=named[0], b=named[1], c=named[2])
                elif action.kind == REMOVE_PATH:
                    target = action.args[3]
                    adj = state.adjacency()
                    if not any(target in adj[c] for c in state.layout.tri_corners[triangle]):
                        reason = Said("not_next_to", house=target, **_names(state, triangle))
            task = _Task(player, action, triangle)
            if not reason:
                reason = self.check(task)
            if reason:
                self.skip(task, Said("at_start", reason=reason))
            else:
                kept.append(task)
        return kept

    def length(self, task: _Task) -> int:
        """Squared length of an ADD_PATH (the order a player's additions are taken in)."""
        layout = self.state.layout
        return dist2(layout.houses[task.action.args[0]], layout.houses[task.action.args[3]])

    def owner(self, triangle: int) -> int:
        """Owner of a triangle, or of the triangle as it was when destroyed this turn."""
        state = self.state
        if triangle in self.ghosts:
            return self.ghosts[triangle]
        return state.owner[triangle]

    def check(self, task: _Task) -> str:
        """Return why ``task`` cannot be applied now ("" if it can)."""
        state = self.state
        player, action = task.player, task.action
        kind = action.kind
        if kind == MOVE:
            source, target, amount = action.args
            if amount <= 0:
                return Said("amount_low")
            if source == target:
                return Said("same_house")
            if self.stayed[player][source] <= 0:
                return Said("no_unit_stayed", house=source)
            return ""
        t = task.triangle
        names = _names(state, t)
        if self.owner(t) != player:
            return Said("not_yours", **names)
        if (
            t not in self.ghosts
            and (state.layout.tri_edges[t] & state.paths) != (state.layout.tri_edges[t])
        ):
            return Said("gone", **names)
        if COST[kind]:
            for corner in state.layout.tri_corners[t]:
                if self.stayed[player][corner] < COST[kind]:
                    return Said("no_unit_to_pay", house=corner)
        adj = state.adjacency()
        if kind == ATTACK:
            target = action.args[3]
            if not any(target in adj[c] for c in state.layout.tri_corners[t]):
                return Said("not_next_to", house=target, **names)
        elif kind == ADD_PATH:
            return _check_new_path(state, action.args[0], action.args[3])
        elif kind == REMOVE_PATH:
            source, target = action.args[0], action.args[3]
            if target not in adj[source]:
                return Said("no_path", source=source, target=target)
            if target in state.layout.tri_corners[t]:
                return Said("own_side", source=source, target=target)
        return ""

    def skip(self, task: _Task, reason: str) -> None:
        self.report.outcomes.append(Outcome(task.player, task.action, False, reason))

    def done(self, task: _Task, detail: str) -> None:
        self.report.outcomes.append(Outcome(task.player, task.action, True, detail))

    def single(self, task: _Task) -> None:
        """Check and apply one move or spawn."""
        reason = self.check(task)
        if reason:
            self.skip(task, reason)
        elif task.action.kind == MOVE:
            source, target = task.action.args[:2]
            step = _next_step(self.state, source, target)
            if step < 0:
                self.skip(task, Said("unreachable", source=source, target=target))
            else:
                self.done(task, self.move(task, step))
        else:
            self.pay(task)
            spawn = task.action.args[0]
            self.state.units[task.player][spawn] += 1
            self.done(task, Said("spawned", house=spawn))

    def steps(self, kind: str, queues: list[list[_Task]]) -> None:
        """Resolve attacks, additions or removals in steps of one action per player."""
        while True:
            pair: list[_Task | None] = [None, None]
            for p in (0, 1):
                while queues[p] and pair[p] is None:
                    task = queues[p].pop(0)
                    reason = self.check(task)
                    if reason:
                        self.skip(task, reason)
                    else:
                        pair[p] = task
            chosen = [task for task in pair if task is not None]
            if not chosen:
                return
            if kind == ATTACK:
                for task in chosen:
                    self.pay(task)
                for task in chosen:
                    self.done(task, self.attack(task))
            elif kind == REMOVE_PATH:
                for task in chosen:
                    self.pay(task)
                    self.done(task, self.remove(task))
            else:
                self.add_pair(sorted(chosen, key=self.length))

    def pay(self, task: _Task) -> None:
        """Pay the cost of a triangle action and make its triangle neutral."""
        state = self.state
        t, player = task.triangle, task.player
        cost = COST[task.action.kind]
        for corner in state.layout.tri_corners[t]:
            state.units[player][corner] -= cost
            self.stayed[player][corner] -= cost
        if t in self.ghosts:
            self.ghosts[t] = NEUTRAL
        else:
            state.owner[t] = NEUTRAL
            state.eligible[player][t] = False

    def move(self, task: _Task, step: int) -> str:
        state = self.state
        player = task.player
        source, _, amount = task.action.args
        moved = min(amount, self.stayed[player][source])
        state.units[player][source] -= moved
        self.stayed[player][source] -= moved
        state.units[player][step] += moved
        return Said("moved", count=moved, house=step)

    def attack(self, task: _Task) -> str:
        state = self.state
        enemy = 1 - task.player
        target = task.action.args[3]
        killed = state.units[enemy][target]
        state.units[enemy][target] = 0
        self.stayed[enemy][target] = 0
        return Said("killed", count=killed, house=target)

    def add_pair(self, tasks: list[_Task]) -> None:
        """Apply one step's additions, shorter first (equal lengths: player 0's first)."""
        state = self.state
        first: _Task | None = None
        for task in tasks:
            source, target = task.action.args[0], task.action.args[3]
            index = state.layout.pair_index(source, target)
            if first is not None:
                same = first.action.args[0], first.action.args[3]
                if source != target and {source, target} == set(same):
                    self.pay(task)
                    self.done(task, Said("added_both", source=source, target=target))
                    continue
                reason = _check_new_path(state, source, target)
                if reason:
                    shorter = self.length(first) < self.length(task)
                    came = Said(
                        "came_first_shorter" if shorter else "came_first_equal",
                        reason=reason,
                        player=first.player,
                        source=first.action.args[0],
                        target=first.action.args[3],
                    )
                    self.skip(task, came)
                    continue
            self.pay(task)
            if source == target:
                state.set_loops(state.loops | (1 << source))
                self.done(task, Said("loop", house=source))
            else:
                state.set_paths(state.paths | (1 << index))
                self.done(task, Said("added", source=source, target=target))
            first = task

    def remove(self, task: _Task) -> str:
        state = self.state
        layout = state.layout
        source, target = task.action.args[0], task.action.args[3]
        i = layout.pair_index(source, target)
        if i >= 0 and (state.paths >> i) & 1:
            for t in layout.tris_of_pair[i]:
                if layout.tri_edges[t] & state.paths == layout.tri_edges[t]:
                    self.ghosts[t] = state.owner[t]
                    state.owner[t] = NEUTRAL
                    state.eligible[0][t] = True
                    state.eligible[1][t] = True
            state.set_paths(state.paths & ~(1 << i))
        return Said("removed", source=source, target=target)


def _names(state: State, t: int) -> dict[str, int]:
    """The corners of triangle ``t``, as a sentence names them."""
    a, b, c = state.layout.tri_corners[t]
    return {"a": a, "b": b, "c": c}


def _bad_house(action: Action, house_count: int) -> str:
    """Why a command names a house that does not exist ("" if it does not)."""
    houses = action.args[:2] if action.kind == MOVE else action.args
    for h in houses:
        if not 0 <= h < house_count:
            return Said("no_house", house=h)
    return ""


def _check_new_path(state: State, a: int, target: int) -> str:
    """Why the path a-target cannot be added now, as the referee tests it ("" if it can)."""
    layout = state.layout
    if target in state.adjacency()[a]:
        return Said("path_exists", source=a, target=target)
    if a == target:
        return ""
    i = layout.pair_index(a, target)
    if i < 0:
        return Said("path_long", source=a, target=target)
    blocking = layout.cross[i] if a < target else layout.cross_back[i]
    if blocking & state.paths:
        return Said("path_crosses", source=a, target=target)
    return ""


def _next_step(state: State, source: int, target: int) -> int:
    """Return the neighbour of ``source`` on a shortest path to ``target`` (smallest id), or -1."""
    adj = state.adjacency()
    if target in adj[source]:
        return target
    dist = [-1] * len(adj)
    dist[target] = 0
    frontier = [target]
    while frontier and dist[source] < 0:
        nxt = []
        for h in frontier:
            for k in adj[h]:
                if dist[k] < 0:
                    dist[k] = dist[h] + 1
                    nxt.append(k)
        frontier = nxt
    if dist[source] < 0:
        return -1
    return min(k for k in adj[source] if dist[k] == dist[source] - 1)


def _refresh_eligibility(state: State, tris: list[int]) -> None:
    units = state.units
    corners = state.layout.tri_corners
    owner = state.owner
    for t in tris:
        o = owner[t]
        for p in (0, 1):
            if o != NEUTRAL:
                state.eligible[p][t] = o != p
            elif not state.eligible[p][t]:
                a, b, c = corners[t]
                row = units[p]
                if row[a] == 0 and row[b] == 0 and row[c] == 0:
                    state.eligible[p][t] = True


def _settle(state: State, events: list[dict[str, object]], surround: bool) -> None:
    """Kill surrounded units (if ``surround``), update eligibility and captures, and score."""
    adj = state.adjacency()
    if surround:
        u0, u1 = state.units
        majority = [
            0 if u0[h] > u1[h] else 1 if u1[h] > u0[h] else NEUTRAL for h in range(len(adj))
        ]
        dead = [
            (p, h)
            for p in (0, 1)
            for h in range(len(adj))
            if state.units[p][h] > 0 and adj[h] and all(majority[k] == 1 - p for k in adj[h])
        ]
        for p, h in dead:
            events.append(
                {"kind": "surrounded", "player": p, "house": h, "killed": state.units[p][h]}
            )
            state.units[p][h] = 0
    own = ownership(state.units, adj)
    tris = state.triangles()
    _refresh_eligibility(state, tris)
    corners = state.layout.tri_corners
    captured = False
    for t in tris:
        a, b, c = corners[t]
        for p in (0, 1):
            if state.eligible[p][t] and state.owner[t] != p and own[a] == own[b] == own[c] == p:
                state.owner[t] = p
                captured = True
                events.append({"kind": "capture", "player": p, "triangle": [a, b, c]})
    if captured:
        _refresh_eligibility(state, tris)
    for p in (0, 1):
        state.scores[p] += state.owned_count(p)


def _end_checks(state: State) -> Result | None:
    """The checks before a turn, player 0 then player 1; return the result if the game ended."""
    total = len(state.triangles())
    owned = [state.owned_count(0), state.owned_count(1)]
    reasons = ["", ""]
    for p in (0, 1):
        units = sum(state.units[p])
        if units == 0 and owned[p] == 0:
            reasons[p] = Said("wiped_out", player=p)
        elif units == 1 and owned[p] == 0 and state.scores[p] < state.scores[1 - p]:
            reasons[p] = Said("last_unit", player=p)
        elif owned[1 - p] >= total * WIN_SHARE:
            reasons[p] = (
                Said("dominated", other=1 - p, owned=owned[1 - p], total=total)
                if total
                else Said("no_triangles", player=p)
            )
        if reasons[p]:
            state.scores[p] = -1
    if not any(reasons):
        return None
    why = joined([r for r in reasons if r])
    if all(reasons):
        return Result(None, why)
    return Result(1 if reasons[0] else 0, why)


def _final_result(state: State) -> Result:
    """The result after the last turn: the scores as they stand decide."""
    s0, s1 = state.scores
    if s0 == s1:
        return Result(None, Said("tied_at_end", turn=state.turn, blue=s0, red=s1))
    winner = 0 if s0 > s1 else 1
    return Result(winner, Said("won_at_end", turn=state.turn, blue=s0, red=s1))
