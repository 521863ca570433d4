"""The referee of Triangle Catch: game state, actions, turn resolution and ends.

The rules are those of TRYANGLE.md. Where it is silent, these decisions hold
(several follow the public CodinGame referee, noted "as on CodinGame"):

- Ownership: a house is owned by the player with strictly more units on it;
  then, repeatedly until nothing changes, a house owned by nobody, with at
  least one neighbour, all of whose neighbours are owned by one player,
  becomes that player's. A majority is never overridden by the neighbour
  rule (that would make the iteration oscillate); the surrounded-units step
  removes such a minority-owner's units instead, after which the house
  follows its neighbours. A house without neighbours is owned by majority
  only. (With majorities fixed, a house owned through its neighbours never
  neighbours another such house, so the fixed point is reached in one
  pass; letting the neighbour rule override majorities instead would give
  two consistent answers for some positions.)
- Surrounded units: at the step of the turn order, every unit of a player on
  a house that has at least one neighbour, all owned by the opponent, dies;
  both players' units are judged on the same ownership and die at once.
- Triangles: three distinct houses pairwise joined by paths with no other
  house inside or on the border. A triangle that loses a side disappears
  with its owner and eligibility; if it comes back it is new (neutral,
  eligible for both).
- Eligibility (as on CodinGame): each triangle has one flag per player. Using
  it clears the user's flag and makes it neutral. At the end of every turn,
  after surrounded units die: while a player owns the triangle, the owner's
  flag is off and the opponent's on (so being captured by the opponent
  restores a player's eligibility); while it is neutral, a player's flag
  comes back on when they have no unit on any of its three houses. Then a
  player whose flag is on and who owns its three houses captures it. The
  flags are reported in the protocol as ``meCanCapture opponentCanCapture``.
- Costs: a unit may pay a cost, or move, only if it stood on its house for
  the whole turn: it was there when the turn began and has not moved, paid
  or been killed since. Units that arrive by a move or are spawned cannot
  pay or move again this turn. A use fails unless every corner has enough
  such units (SPAWN costs 0, the others 1 per corner).
- MOVE from to amount: moves ``min(amount, units that stayed)`` units; if
  ``to`` is not a neighbour they step to the neighbour on a shortest path
  toward ``to`` with the smallest id. Skipped when ``from == to``, the
  amount is 0, no unit stayed on ``from``, or ``to`` cannot be reached.
- ATTACK: the target must be a neighbour of at least one corner (so a corner
  itself qualifies); it kills every opponent unit there, even when there is
  none. ADD_PATH: from the named first corner to the target, which must not
  be joined to it yet, at most 400 away, crossing no path and passing
  through no house. REMOVE_PATH (as on CodinGame): the path from the first
  corner to the target must exist and the target must not be a corner of the
  used triangle.
- Turn order: attacks, moves, spawns, path additions, path removals,
  surrounded units die, eligibility and captures, scores. Within one kind,
  the players' actions are taken in pairs (first of each, second of each,
  ...); both actions of a pair are checked against the state before the
  pair and then both applied. For attacks, both costs are paid before the
  kills. Two additions in a pair that cross each other: the shorter is
  added, the longer is skipped (equal lengths, impossible on generated
  maps: both are skipped); the same path added by both: added once, both pay.
  The same path removed by both: removed once, both pay.
- The starting position is resolved like the end of a turn without scoring,
  so triangles whose corners a player owns at the start are captured before
  turn 1.
- Ends, checked after each turn's scores: a player owning at least 80% of
  the (at least one) triangles wins; a player with no triangle and no unit
  loses (both at once: a draw); after the last turn (200 unless changed) the
  higher score wins, equal scores draw. A player who forfeits (timeout, bad
  command) loses at once; both in the same turn: a draw.
"""

from dataclasses import dataclass, field

from triad.catch.mapgen import GameMap, Layout

MAX_TURNS = 200
WIN_NUMERATOR = 4  # 80% = 4/5 of the triangles
WIN_DENOMINATOR = 5

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
        other.owner = self.owner[:]
        other.eligible = [self.eligible[0][:], self.eligible[1][:]]
        other.scores = self.scores[:]
        other.result = self.result
        other._adj = self._adj
        other._tris = self._tris
        return other

    def adjacency(self) -> list[list[int]]:
        """Each house's neighbours (sorted) with the current paths; do not modify."""
        if self._adj is None:
            self._adj = self.layout.adjacency(self.paths)
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

    def _set_paths(self, paths: int) -> None:
        self.paths = paths
        self._adj = None
        self._tris = None


def new_game(game_map: GameMap, max_turns: int = MAX_TURNS) -> State:
    """Return the starting position of ``game_map`` (initial captures resolved)."""
    state = State(game_map, max_turns)
    _finish_turn(state, [], score=False)
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
    """Return ``state`` ended by forfeit of ``losers`` (one player loses, both: a draw)."""
    ended = state.copy()
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
    stayed = [new.units[0][:], new.units[1][:]]
    by_kind: list[dict[str, list[Action]]] = [{k: [] for k in ORDER}, {k: [] for k in ORDER}]
    for player, orders in ((0, orders0), (1, orders1)):
        for action in orders.actions:
            if action.kind != WAIT:
                by_kind[player][action.kind].append(action)
    for kind in ORDER:
        first, second = by_kind[0][kind], by_kind[1][kind]
        for i in range(max(len(first), len(second))):
            pair = (first[i] if i < len(first) else None, second[i] if i < len(second) else None)
            _resolve_pair(new, kind, pair, stayed, report)
    _finish_turn(new, report.events, score=True)
    new.result = _ending(new)
    return new, report


def check_action(state: State, player: int, action: Action, stayed: list[list[int]]) -> str:
    """Return why ``action`` cannot be applied now ("" if it can).

    ``stayed`` holds, per player and house, the units that stood there the whole turn.
    """
    kind = action.kind
    if kind == WAIT:
        return ""
    if kind == MOVE:
        return _check_move(state, player, action, stayed)
    t = state.triangle_of(action.corners)
    names = "{} {} {}".format(*action.corners)
    if t < 0:
        return f"houses {names} are not a triangle"
    if state.owner[t] != player:
        return f"triangle {names} is not yours"
    cost = COST[kind]
    if cost:
        for corner in action.corners:
            if stayed[player][corner] < cost:
                return f"no unit stood on house {corner} the whole turn to pay"
    if kind == ATTACK:
        target = action.args[3]
        adj = state.adjacency()
        if not any(target in adj[c] for c in action.corners):
            return f"house {target} is not next to triangle {names}"
    elif kind == ADD_PATH:
        a, target = action.args[0], action.args[3]
        return _check_new_path(state, a, target)
    elif kind == REMOVE_PATH:
        a, target = action.args[0], action.args[3]
        if target in action.corners:
            return f"path {a}-{target} is a side of the triangle used"
        if target not in state.adjacency()[a]:
            return f"there is no path {a}-{target}"
    return ""


def _check_move(state: State, player: int, action: Action, stayed: list[list[int]]) -> str:
    source, target, amount = action.args
    if source == target:
        return "a move needs two different houses"
    if amount <= 0:
        return "the amount must be at least 1"
    if stayed[player][source] <= 0:
        return f"no unit stood on house {source} the whole turn"
    if _next_step(state, source, target) < 0:
        return f"house {target} cannot be reached from house {source}"
    return ""


def _check_new_path(state: State, a: int, target: int) -> str:
    layout = state.layout
    if a == target:
        return "a path needs two different houses"
    if target in state.adjacency()[a]:
        return f"path {a}-{target} already exists"
    i = layout.pair_index(a, target)
    if i < 0:
        return f"path {a}-{target} is longer than 400 or passes through a house"
    if layout.cross[i] & state.paths:
        return f"path {a}-{target} would cross a path"
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


def _use(state: State, player: int, action: Action, stayed: list[list[int]]) -> None:
    """Pay the cost of a triangle action and make its triangle neutral."""
    cost = COST[action.kind]
    for corner in action.corners:
        state.units[player][corner] -= cost
        stayed[player][corner] -= cost
    t = state.triangle_of(action.corners)
    state.owner[t] = NEUTRAL
    state.eligible[player][t] = False


def _resolve_pair(
    state: State,
    kind: str,
    pair: tuple[Action | None, Action | None],
    stayed: list[list[int]],
    report: TurnReport,
) -> None:
    """Check both actions of a pair against the same state, then apply the valid ones."""
    reasons = [
        "" if action is None else check_action(state, player, action, stayed)
        for player, action in enumerate(pair)
    ]
    valid = [pair[p] is not None and not reasons[p] for p in (0, 1)]
    if kind == ADD_PATH and valid[0] and valid[1]:
        _settle_conflict(state, pair, valid, reasons)
    details = ["", ""]
    if kind == MOVE:
        for p in (0, 1):
            if valid[p]:
                details[p] = _apply_move(state, p, pair[p], stayed)  # type: ignore[arg-type]
    else:
        for p in (0, 1):
            if valid[p]:
                _use(state, p, pair[p], stayed)  # type: ignore[arg-type]
        for p in (0, 1):
            action = pair[p]
            if valid[p] and action is not None:
                details[p] = _apply_effect(state, p, action, stayed)
    for p in (0, 1):
        action = pair[p]
        if action is not None:
            report.outcomes.append(Outcome(p, action, valid[p], details[p] or reasons[p]))


def _settle_conflict(
    state: State,
    pair: tuple[Action | None, Action | None],
    valid: list[bool],
    reasons: list[str],
) -> None:
    """Two valid path additions in one pair: the shorter wins if they cross."""
    layout = state.layout
    a0, a1 = pair
    assert a0 is not None and a1 is not None
    i0 = layout.pair_index(a0.args[0], a0.args[3])
    i1 = layout.pair_index(a1.args[0], a1.args[3])
    if i0 == i1 or not (layout.cross[i0] >> i1) & 1:
        return
    d0, d1 = layout.pair_d2[i0], layout.pair_d2[i1]
    for p, mine, theirs in ((0, d0, d1), (1, d1, d0)):
        if mine >= theirs:
            valid[p] = False
            other = pair[1 - p]
            assert other is not None
            reasons[p] = f"crosses path {other.args[0]}-{other.args[3]} added by the opponent" + (
                " at the same length" if mine == theirs else ", which is shorter"
            )


def _apply_move(state: State, player: int, action: Action, stayed: list[list[int]]) -> str:
    source, target, amount = action.args
    step = _next_step(state, source, target)
    moved = min(amount, stayed[player][source])
    state.units[player][source] -= moved
    stayed[player][source] -= moved
    state.units[player][step] += moved
    return f"moved {moved} to house {step}"


def _apply_effect(state: State, player: int, action: Action, stayed: list[list[int]]) -> str:
    """Apply the effect of a triangle action whose cost is already paid."""
    kind = action.kind
    if kind == SPAWN:
        state.units[player][action.args[0]] += 1
        return f"spawned a unit on house {action.args[0]}"
    target = action.args[3]
    if kind == ATTACK:
        enemy = 1 - player
        killed = state.units[enemy][target]
        state.units[enemy][target] = 0
        stayed[enemy][target] = 0
        return f"killed {killed} on house {target}"
    layout = state.layout
    i = layout.pair_index(action.args[0], target)
    if kind == ADD_PATH:
        state._set_paths(state.paths | (1 << i))
        return f"added path {action.args[0]}-{target}"
    if (state.paths >> i) & 1:
        for t in layout.tris_of_pair[i]:
            state.owner[t] = NEUTRAL
            state.eligible[0][t] = True
            state.eligible[1][t] = True
        state._set_paths(state.paths & ~(1 << i))
    return f"removed path {action.args[0]}-{target}"


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


def _finish_turn(state: State, events: list[dict[str, object]], score: bool) -> None:
    """Kill surrounded units, update eligibility and captures, and score."""
    adj = state.adjacency()
    own = ownership(state.units, adj)
    dead = [
        (p, h)
        for p in (0, 1)
        for h in range(len(adj))
        if state.units[p][h] > 0 and adj[h] and all(own[k] == 1 - p for k in adj[h])
    ]
    for p, h in dead:
        events.append({"kind": "surrounded", "player": p, "house": h, "killed": state.units[p][h]})
        state.units[p][h] = 0
    if dead:
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
    if score:
        for p in (0, 1):
            state.scores[p] += state.owned_count(p)


def _ending(state: State) -> Result | None:
    """Return the result if the game ended after this turn."""
    total = len(state.triangles())
    owned = [state.owned_count(0), state.owned_count(1)]
    for p in (0, 1):
        if total and owned[p] * WIN_DENOMINATOR >= total * WIN_NUMERATOR:
            return Result(p, f"player {p} owns {owned[p]} of {total} triangles (at least 80%)")
    out = [owned[p] == 0 and sum(state.units[p]) == 0 for p in (0, 1)]
    if out[0] and out[1]:
        return Result(None, "both players have no triangle and no unit left")
    for p in (0, 1):
        if out[p]:
            return Result(1 - p, f"player {p} has no triangle and no unit left")
    if state.turn >= state.max_turns:
        s0, s1 = state.scores
        if s0 == s1:
            return Result(None, f"turn {state.turn} reached with equal scores {s0}-{s1}")
        winner = 0 if s0 > s1 else 1
        return Result(winner, f"turn {state.turn} reached, scores {s0}-{s1}")
    return None
