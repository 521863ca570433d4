"""Small hand-made maps and shortcuts for Triangle Catch rule scenarios."""

from triad.catch.mapgen import GameMap
from triad.catch.protocol import parse_orders
from triad.catch.referee import Outcome, State, TurnReport, resolve_turn

# A strip of five triangles:
#
#   0 ---- 2 ---- 4 ---- 6
#    \   /  \   /  \   /
#      1 ---- 3 ---- 5
#
# Triangles (0 1 2), (1 2 3), (2 3 4), (3 4 5), (4 5 6).
STRIP_HOUSES = [(0, 0), (100, 170), (200, 0), (300, 170), (400, 0), (500, 170), (600, 0)]
STRIP_PATHS = [
    (0, 2), (2, 4), (4, 6), (1, 3), (3, 5),
    (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6),
]  # fmt: skip
STRIP_TRIANGLES = [(0, 1, 2), (1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def strip_map(paths: list[tuple[int, int]] | None = None) -> GameMap:
    """The strip map with the given paths (all of them by default) and no units."""
    n = len(STRIP_HOUSES)
    return GameMap.build(STRIP_HOUSES, STRIP_PATHS if paths is None else paths, [[0] * n, [0] * n])


def scenario(
    game_map: GameMap | None = None,
    mine: dict[int, int] | None = None,
    theirs: dict[int, int] | None = None,
    owned: dict[tuple[int, int, int], int] | None = None,
) -> State:
    """A state on ``game_map`` (the strip by default) with units and triangle owners set.

    ``mine`` are player 0's units, ``theirs`` player 1's. No capture is resolved:
    triangles are owned exactly as ``owned`` says.
    """
    state = State(game_map or strip_map())
    for h, n in (mine or {}).items():
        state.units[0][h] = n
    for h, n in (theirs or {}).items():
        state.units[1][h] = n
    for corners, player in (owned or {}).items():
        t = state.triangle_of(corners)
        assert t >= 0, corners
        state.owner[t] = player
        state.eligible[player][t] = False
    return state


def play(state: State, line0: str = "", line1: str = "") -> tuple[State, TurnReport]:
    """Resolve one turn from the two players' output lines."""
    return resolve_turn(state, parse_orders(line0), parse_orders(line1))


def owner_of(state: State, corners: tuple[int, int, int]) -> int:
    """Owner of the existing triangle ``corners`` (-1 neutral); asserts it exists."""
    t = state.triangle_of(corners)
    assert t >= 0, f"{corners} is not a triangle"
    return state.owner[t]


def eligible(state: State, corners: tuple[int, int, int], player: int) -> bool:
    """Whether ``player`` may capture the existing triangle ``corners``."""
    t = state.triangle_of(corners)
    assert t >= 0, f"{corners} is not a triangle"
    return state.eligible[player][t]


def outcome(report: TurnReport, player: int, index: int = 0) -> Outcome:
    """The ``index``-th resolved outcome of ``player``'s actions."""
    return [o for o in report.outcomes if o.player == player][index]
