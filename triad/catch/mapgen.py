"""Map layout (houses, candidate paths, triangles) and the seeded map generators.

A ``Layout`` is the static geometry of a set of houses: every *candidate*
path (a pair of houses at most 400 apart), which candidates block which, and
every *potential triangle* (three houses pairwise joined by candidates, with
no other house inside). Blocking and insides are CodinGame's tests
(``geometry.cg_crossing``, ``geometry.cg_inside``), so with three houses in a
row a path may pass through the middle one, as on CodinGame, and the three
make a triangle unless another house stands anywhere on their line (the side
test puts every such house inside them, beyond the corners too). Paths in play are
always candidates, so the game state is a bitmask of candidate indices: the
current triangles are the potential ones whose three edges are all present,
and a path can be added when its candidate's crossing mask meets no present
path. All of it is integer arithmetic.

``generate(seed)`` builds the map CodinGame's referee builds for ``seed`` (any
signed 64-bit value; only its low 48 bits matter), drawing from
``java.util.Random`` (``javarandom.JavaRandom``) step for step:

- Placement, up to 10,000 attempts (every attempt counts): ``x = 80 +
  nextInt(1760)``, then ``y = 70 + nextInt(820)``; the twin ``(1919 - x, 959
  - y)`` gets the next id. An attempt is rejected when the new house is
  closer than 140 to a placed house or to its twin, when the squared
  distance to its twin or to a placed house is already in the set of
  recorded squared distances (only those two kinds are recorded, so two
  equal new distances do not reject each other), or when a triple with a
  new house whose sides are all at most 400 has an angle over 160 degrees
  (cosines in doubles from the square roots, as Java computes them; three
  houses exactly in a row give NaN there and are kept). When the attempts
  run out the houses placed so far are the map (38 to 50 is normal).
- Paths: all pairs in id order, sorted stably by length; each is added
  unless it is over 400 long or crosses a path already added.
- The whole placement is drawn again (same generator) when the map has
  fewer than 20 triangles or a cut house (a house whose loss disconnects the
  rest, or a disconnected map).
- Removal: a budget of ``trunc(E * (nextDouble() * 0.4 + 0.1))`` for ``E``
  paths; while the budget is positive it drops by 2 and an index is drawn
  into the current list of paths. A path tried before wastes the draw;
  otherwise it and its mirror (the path between the twins of its houses) are
  removed, kept removed only if at least 20 triangles remain and no house is
  a cut house, and both are marked tried.
- Player 0 starts with 1 unit on each of the 3 houses with the smallest x
  (ties by id), player 1 with 1 unit on each of their twins.

``generate_classic(seed)`` is this game's own earlier generator, kept as a
named option: always 50 houses, no nearly flat triples (170 degrees, exact in
integers), the project's SplitMix64 (``triad.prng``).
"""

import math
from dataclasses import dataclass

from triad.catch.geometry import Point, cg_crossing, cg_inside, dist2, flat_angle, orient
from triad.catch.javarandom import JavaRandom
from triad.prng import Rng

FIELD_WIDTH = 1920
FIELD_HEIGHT = 1080
MARGIN_SIDE = 80
MARGIN_TOP = 70
MARGIN_BOTTOM = 190
PLAY_WIDTH = FIELD_WIDTH - 2 * MARGIN_SIDE  # 1760: x in 80..1839
PLAY_HEIGHT = FIELD_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM  # 820: y in 70..889
HOUSE_COUNT = 50
MIN_DIST = 140
MAX_PATH = 400
MIN_TRIANGLES = 20
SPARSE_MIN_PERMILLE = 100
SPARSE_MAX_PERMILLE = 500
START_HOUSES = 3

_MIN_DIST2 = MIN_DIST * MIN_DIST
_MAX_PATH2 = MAX_PATH * MAX_PATH
_PLACE_TRIES = 4_000
_CG_PLACE_TRIES = 10_000
_CG_MAX_ANGLE = 160

Pair = tuple[int, int]
Corners = tuple[int, int, int]


def mirror(p: Point) -> Point:
    """Return the point reflection of ``p`` through the centre of the playable area."""
    return (2 * MARGIN_SIDE + PLAY_WIDTH - 1 - p[0], 2 * MARGIN_TOP + PLAY_HEIGHT - 1 - p[1])


class Layout:
    """Static geometry of a set of houses: candidate paths and potential triangles."""

    __slots__ = (
        "cross",
        "cross_back",
        "house_count",
        "houses",
        "pair_d2",
        "pair_of",
        "pairs",
        "tri_corners",
        "tri_edges",
        "tri_of",
        "tris_of_pair",
    )

    def __init__(self, houses: list[Point] | tuple[Point, ...]) -> None:
        self.houses: tuple[Point, ...] = tuple((int(x), int(y)) for x, y in houses)
        self.house_count = len(self.houses)
        if len(set(self.houses)) != self.house_count:
            raise ValueError(f"two houses share a position: {self.houses!r}")
        self.pairs, self.pair_d2 = _candidate_pairs(self.houses)
        self.pair_of: dict[Pair, int] = {pair: i for i, pair in enumerate(self.pairs)}
        self.cross, self.cross_back = _crossing_masks(self.houses, self.pairs)
        self.tri_corners, self.tri_edges = _potential_triangles(self.houses, self.pair_of)
        self.tri_of: dict[Corners, int] = {c: i for i, c in enumerate(self.tri_corners)}
        per_pair: list[list[int]] = [[] for _ in self.pairs]
        for t, (a, b, c) in enumerate(self.tri_corners):
            for pair in ((a, b), (a, c), (b, c)):
                per_pair[self.pair_of[pair]].append(t)
        self.tris_of_pair: tuple[tuple[int, ...], ...] = tuple(tuple(ts) for ts in per_pair)

    def __repr__(self) -> str:
        return f"Layout({list(self.houses)!r})"

    def pair_index(self, a: int, b: int) -> int:
        """Return the candidate index of the path between ``a`` and ``b``, or -1 if none."""
        return self.pair_of.get((a, b) if a < b else (b, a), -1)

    def mask_of(self, paths: list[Pair] | tuple[Pair, ...]) -> int:
        """Return the bitmask of ``paths``.

        :raises ValueError: if a path is not a candidate (too long, through a house)
            or two of them cross.
        """
        mask = 0
        for a, b in paths:
            i = self.pair_index(a, b)
            if i < 0:
                raise ValueError(f"not a possible path: {(a, b)!r}")
            if self.cross[i] & mask:
                raise ValueError(f"path {(a, b)!r} crosses another path")
            mask |= 1 << i
        return mask

    def paths_of(self, mask: int) -> list[Pair]:
        """Return the paths of ``mask`` as sorted ``(a, b)`` pairs with ``a < b``."""
        return sorted(self.pairs[i] for i in _bits(mask))

    def adjacency(self, mask: int) -> list[list[int]]:
        """Return each house's neighbours (sorted) in the graph of ``mask``."""
        adj: list[list[int]] = [[] for _ in range(self.house_count)]
        for i in _bits(mask):
            a, b = self.pairs[i]
            adj[a].append(b)
            adj[b].append(a)
        for row in adj:
            row.sort()
        return adj

    def triangles(self, mask: int) -> list[int]:
        """Return the indices of the potential triangles whose three paths are in ``mask``."""
        edges = self.tri_edges
        return [t for t in range(len(edges)) if edges[t] & mask == edges[t]]

    def can_add(self, mask: int, a: int, b: int) -> bool:
        """Return True when the path a-b is absent, at most 400 long and crosses none of ``mask``."""
        i = self.pair_index(a, b)
        return i >= 0 and not (mask >> i) & 1 and not self.cross[i] & mask

    def linkable(self, mask: int) -> list[Pair]:
        """Return every path that could be added to ``mask`` now, sorted."""
        cross = self.cross
        return sorted(
            pair for i, pair in enumerate(self.pairs) if not (mask >> i) & 1 and not cross[i] & mask
        )


@dataclass(frozen=True)
class GameMap:
    """A layout with its starting paths and units; ``seed`` is None for hand-made maps."""

    layout: Layout
    paths: int
    units: tuple[tuple[int, ...], tuple[int, ...]]
    seed: int | None = None
    full_path_count: int = 0

    @staticmethod
    def build(
        houses: list[Point],
        paths: list[Pair],
        units: list[list[int]] | tuple[tuple[int, ...], tuple[int, ...]],
        seed: int | None = None,
    ) -> "GameMap":
        """Make a map from houses, paths and each player's starting units per house.

        :raises ValueError: if a path is impossible or the unit lists are malformed.
        """
        layout = Layout(houses)
        mask = layout.mask_of(paths)
        if len(units) != 2 or any(len(row) != layout.house_count for row in units):
            raise ValueError(f"units must be two rows of {layout.house_count} counts: {units!r}")
        if any(u < 0 for row in units for u in row):
            raise ValueError(f"unit counts must not be negative: {units!r}")
        unit_rows = (tuple(int(u) for u in units[0]), tuple(int(u) for u in units[1]))
        return GameMap(layout, mask, unit_rows, seed, bin(mask).count("1"))

    def to_json(self) -> dict[str, object]:
        """Return the map as plain JSON data (houses, paths, starting units, seed)."""
        return {
            "seed": self.seed,
            "width": FIELD_WIDTH,
            "height": FIELD_HEIGHT,
            "houses": [[x, y] for x, y in self.layout.houses],
            "paths": [[a, b] for a, b in self.layout.paths_of(self.paths)],
            "units": [list(self.units[0]), list(self.units[1])],
        }

    @staticmethod
    def from_json(data: dict[str, object]) -> "GameMap":
        """Rebuild a map from ``to_json`` data.

        :raises ValueError: if the data is malformed.
        """
        try:
            houses = [(int(p[0]), int(p[1])) for p in data["houses"]]  # type: ignore[attr-defined]
            paths = [(int(p[0]), int(p[1])) for p in data["paths"]]  # type: ignore[attr-defined]
            units = [[int(u) for u in row] for row in data["units"]]  # type: ignore[attr-defined]
            seed = data.get("seed")
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"malformed map data: {exc}") from exc
        return GameMap.build(houses, paths, units, seed if isinstance(seed, int) else None)


GENERATORS = ("codingame", "classic")
SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1


def generate(seed: int, generator: str = "codingame") -> GameMap:
    """Generate the map of ``seed``: CodinGame's map for that seed, or ``generator``'s.

    :raises ValueError: if ``generator`` is not one of ``GENERATORS``, or the seed of
        CodinGame's generator is not a signed 64-bit value.
    """
    if generator == "classic":
        return generate_classic(seed)
    if generator != "codingame":
        raise ValueError(f"unknown map generator {generator!r}: use one of {', '.join(GENERATORS)}")
    if not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"a CodinGame seed is a signed 64-bit number: {seed}")
    rng = JavaRandom(seed)
    while True:
        houses = _cg_place_houses(rng)
        layout = Layout(houses)
        order = _greedy_order(layout)
        mask = _mask(order)
        if _count_triangles(layout, mask) >= MIN_TRIANGLES and not has_cut_house(
            layout.adjacency(mask)
        ):
            break
    full = len(order)
    mask = _cg_remove_paths(layout, order, rng)
    return GameMap(layout, mask, _start_units(houses), seed, full)


def generate_classic(seed: int) -> GameMap:
    """Generate the map of ``seed`` with this game's own generator (50 houses, SplitMix64)."""
    rng = Rng(seed)
    while True:
        houses = _place_houses(rng)
        layout = Layout(houses)
        mask = _mask(_greedy_order(layout))
        if _count_triangles(layout, mask) >= MIN_TRIANGLES and not has_cut_house(
            layout.adjacency(mask)
        ):
            break
    full = bin(mask).count("1")
    mask = _sparsify(layout, mask, rng)
    return GameMap(layout, mask, _start_units(houses), seed, full)


def _start_units(houses: list[Point]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One unit of player 0 on each of the 3 leftmost houses (ties by id), player 1 on the twins."""
    count = len(houses)
    order = sorted(range(count), key=lambda h: (houses[h][0], h))
    units = [[0] * count, [0] * count]
    for h in order[:START_HOUSES]:
        units[0][h] = 1
        units[1][h ^ 1] = 1
    return (tuple(units[0]), tuple(units[1]))


def _cg_place_houses(rng: JavaRandom) -> list[Point]:
    """CodinGame's placement: up to 10,000 attempts at a mirrored pair (module docstring).

    Most attempts land too close to a placed house; that test goes first and
    looks only at the houses listed in the attempt's cell of a grid (each
    house is listed in the 3x3 cells around its own, cells MIN_DIST wide).
    """
    houses: list[Point] = []
    lengths: set[int] = set()
    rows = FIELD_HEIGHT // MIN_DIST + 3  # cells shifted by one: the grid has a border
    near: list[list[Point]] = [[] for _ in range((FIELD_WIDTH // MIN_DIST + 3) * rows)]
    far_x = 2 * MARGIN_SIDE + PLAY_WIDTH - 1
    far_y = 2 * MARGIN_TOP + PLAY_HEIGHT - 1
    tries = 0
    while len(houses) < HOUSE_COUNT and tries < _CG_PLACE_TRIES:
        tries += 1
        x = MARGIN_SIDE + rng.next_int(PLAY_WIDTH)
        y = MARGIN_TOP + rng.next_int(PLAY_HEIGHT)
        dx, dy = far_x - 2 * x, far_y - 2 * y
        to_twin = dx * dx + dy * dy
        if to_twin < _MIN_DIST2 or to_twin in lengths:
            continue
        crowded = False
        for qx, qy in near[(x // MIN_DIST + 1) * rows + y // MIN_DIST + 1]:
            if (qx - x) * (qx - x) + (qy - y) * (qy - y) < _MIN_DIST2:
                crowded = True
                break
        if crowded:
            continue
        p = (x, y)
        twin = (far_x - x, far_y - y)
        fresh = [dist2(q, p) for q in houses]
        if not lengths.isdisjoint(fresh) or _cg_flat_angle(houses, p, twin):
            continue
        lengths.add(to_twin)
        lengths.update(fresh)
        for point in (p, twin):
            houses.append(point)
            cx, cy = point[0] // MIN_DIST, point[1] // MIN_DIST
            for gx in (cx, cx + 1, cx + 2):
                for gy in (cy, cy + 1, cy + 2):
                    near[gx * rows + gy].append(point)
    return houses


def _cg_flat_angle(houses: list[Point], p: Point, twin: Point) -> bool:
    """Whether a triple with ``p`` or ``twin``, sides all at most 400, has an angle over 160.

    Triples of placed houses only were accepted before and would be again.
    """
    for new in (p, twin):
        nx, ny = new
        others = []
        for q in houses:
            d = (q[0] - nx) * (q[0] - nx) + (q[1] - ny) * (q[1] - ny)
            if d <= _MAX_PATH2:
                others.append((q, d))
        if new is p and dist2(p, twin) <= _MAX_PATH2:
            others.append((twin, dist2(p, twin)))
        for i, (q, d_q) in enumerate(others):
            for r, d_r in others[i + 1 :]:
                d_qr = dist2(q, r)
                if d_qr <= _MAX_PATH2 and _cg_obtuse(d_q, d_r, d_qr):
                    return True
    return False


def _cg_obtuse(d_ab: int, d_ac: int, d_bc: int) -> bool:
    """Whether a triangle with these squared sides has an angle over 160 degrees in doubles.

    The sides are square roots and the angles ``acos`` of the law of cosines,
    in the order of operations of the referee; a cosine rounded outside
    [-1, 1] (three houses in a row) is NaN there and compares false. Only the
    angle facing the longest side can be that wide: when its cosine is, exactly,
    above -0.938 (squared below 0.88; cos 160 degrees is -0.9397), the doubles
    are not computed.
    """
    longest = max(d_ab, d_ac, d_bc)
    excess = 2 * longest - d_ab - d_ac - d_bc  # -2ab cos C for the longest side C
    if excess <= 0 or excess * excess * 100 < 88 * 4 * (d_ab * d_ac * d_bc // longest):
        return False
    a, b, c = math.sqrt(d_ab), math.sqrt(d_ac), math.sqrt(d_bc)
    for cosine in (
        (b * b + c * c - a * a) / (2 * b * c),
        (a * a + c * c - b * b) / (2 * a * c),
        (a * a + b * b - c * c) / (2 * a * b),
    ):
        if -1.0 <= cosine <= 1.0 and math.degrees(math.acos(cosine)) > _CG_MAX_ANGLE:
            return True
    return False


def _cg_remove_paths(layout: Layout, order: list[int], rng: JavaRandom) -> int:
    """CodinGame's removal of mirrored pairs of paths (module docstring); return the mask."""
    existing = order[:]
    mask = _mask(existing)
    budget = int(len(existing) * (rng.next_double() * (0.5 - 0.1) + 0.1))
    tried: set[int] = set()
    while budget > 0:
        budget -= 2
        edge = existing[rng.next_int(len(existing))]
        if edge in tried:
            continue
        a, b = layout.pairs[edge]
        partner = layout.pair_index(a ^ 1, b ^ 1)
        if partner < 0 or not (mask >> partner) & 1:
            partner = edge  # cannot happen on a mirrored map; the referee would fail here
        tried.update((edge, partner))
        trial = mask & ~(1 << edge) & ~(1 << partner)
        if _count_triangles(layout, trial) >= MIN_TRIANGLES and not has_cut_house(
            layout.adjacency(trial)
        ):
            mask = trial
            existing.remove(edge)
            if partner != edge:
                existing.remove(partner)
    return mask


def _mask(indices: list[int]) -> int:
    """Return the bitmask of candidate ``indices``."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def has_cut_house(adj: list[list[int]]) -> bool:
    """Return True when the graph is disconnected or deleting one house disconnects it."""
    n = len(adj)
    if n <= 2:
        return n == 2 and not adj[0]
    order = [-1] * n
    low = [0] * n
    order[0] = 0
    counter = 1
    root_children = 0
    stack: list[tuple[int, int, int]] = [(0, -1, 0)]  # (house, parent, next neighbour index)
    while stack:
        v, parent, k = stack[-1]
        if k < len(adj[v]):
            stack[-1] = (v, parent, k + 1)
            w = adj[v][k]
            if order[w] < 0:
                order[w] = low[w] = counter
                counter += 1
                if v == 0:
                    root_children += 1
                stack.append((w, v, 0))
            elif w != parent:
                low[v] = min(low[v], order[w])
        else:
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[v])
                if parent != 0 and low[v] >= order[parent]:
                    return True
    return counter < n or root_children > 1


def _bits(mask: int) -> list[int]:
    """Return the indices of the set bits of ``mask``, ascending."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def _candidate_pairs(houses: tuple[Point, ...]) -> tuple[tuple[Pair, ...], tuple[int, ...]]:
    """Return the candidate paths sorted by (length, a, b) and their squared lengths."""
    found: list[tuple[int, int, int]] = []
    n = len(houses)
    for a in range(n):
        pa = houses[a]
        for b in range(a + 1, n):
            pb = houses[b]
            d = dist2(pa, pb)
            if d <= _MAX_PATH2:
                found.append((d, a, b))
    found.sort()
    return tuple((a, b) for _, a, b in found), tuple(d for d, _, _ in found)


def _crossing_masks(
    houses: tuple[Point, ...], pairs: tuple[Pair, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return, for each candidate, the candidates that block it in CodinGame's test.

    The first masks are for the path drawn from its smaller house id (as the
    map generator and the linkable list draw it), the second for the path
    drawn the other way (an ADD_PATH from the larger id); the two differ only
    with three houses in a row. Blocking paths are always drawn from the
    smaller id, as the referee lists them.
    """
    count = len(pairs)
    boxes = []
    for a, b in pairs:
        (ax, ay), (bx, by) = houses[a], houses[b]
        boxes.append((min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)))
    # Sweep over candidates sorted by their left edge: only boxes that overlap are tested
    # (two paths can only block each other where they meet).
    by_left = sorted(range(count), key=lambda i: boxes[i][0])
    forward = [0] * count
    backward = [0] * count
    for pos, i in enumerate(by_left):
        a, b = pairs[i]
        _, right, top, bottom = boxes[i]
        pa, pb = houses[a], houses[b]
        for j in by_left[pos + 1 :]:
            left_j, _, top_j, bottom_j = boxes[j]
            if left_j > right:
                break
            if top_j > bottom or bottom_j < top:
                continue
            c, d = pairs[j]
            pc, pd = houses[c], houses[d]
            if cg_crossing(pa, pb, pc, pd):
                forward[i] |= 1 << j
                forward[j] |= 1 << i
            if cg_crossing(pb, pa, pc, pd):
                backward[i] |= 1 << j
            if cg_crossing(pd, pc, pa, pb):
                backward[j] |= 1 << i
    return tuple(forward), tuple(backward)


def _potential_triangles(
    houses: tuple[Point, ...], pair_of: dict[Pair, int]
) -> tuple[tuple[Corners, ...], tuple[int, ...]]:
    """Return the potential triangles (sorted corners) and the bitmask of their edges."""
    n = len(houses)
    near: list[list[int]] = [[] for _ in range(n)]
    for a, b in pair_of:
        near[a].append(b)
    for row in near:
        row.sort()
    corners: list[Corners] = []
    edges: list[int] = []
    for a in range(n):
        for b in near[a]:
            for c in near[b]:
                if (a, c) not in pair_of:
                    continue
                pa, pb, pc = houses[a], houses[b], houses[c]
                if orient(pa, pb, pc) == 0:
                    # three houses in a row: the referee's side test puts every house on
                    # their line inside, wherever it is on the line
                    if any(cg_inside(p, pa, pb, pc) for p in houses):
                        continue
                else:
                    # only a house within the corners' box can be inside (a quick test first)
                    left = min(pa[0], pb[0], pc[0])
                    right = max(pa[0], pb[0], pc[0])
                    top = min(pa[1], pb[1], pc[1])
                    bottom = max(pa[1], pb[1], pc[1])
                    if any(
                        left <= p[0] <= right and top <= p[1] <= bottom and cg_inside(p, pa, pb, pc)
                        for p in houses
                    ):
                        continue
                corners.append((a, b, c))
                edges.append(
                    (1 << pair_of[(a, b)]) | (1 << pair_of[(a, c)]) | (1 << pair_of[(b, c)])
                )
    return tuple(corners), tuple(edges)


def _place_houses(rng: Rng) -> list[Point]:
    """Place 50 houses in mirrored pairs meeting the distance and angle constraints."""
    while True:
        houses: list[Point] = []
        lengths: set[int] = set()
        # Houses by cell of side MIN_DIST: a house too close to a draw is in a neighbouring cell.
        cells: dict[tuple[int, int], list[Point]] = {}
        tries = 0
        while len(houses) < HOUSE_COUNT and tries < _PLACE_TRIES:
            tries += 1
            p = (MARGIN_SIDE + rng.below(PLAY_WIDTH), MARGIN_TOP + rng.below(PLAY_HEIGHT))
            twin = mirror(p)
            if dist2(p, twin) < _MIN_DIST2 or _crowded(cells, p):
                continue
            fresh = [dist2(p, twin), *(dist2(p, q) for q in houses)]
            if len(set(fresh)) != len(fresh) or not lengths.isdisjoint(fresh):
                continue
            if _makes_flat_angle(houses, p, twin):
                continue
            lengths.update(fresh)
            _keep_pair(houses, cells, p, twin)
        if len(houses) == HOUSE_COUNT:
            return houses


def _keep_pair(
    houses: list[Point], cells: dict[tuple[int, int], list[Point]], p: Point, twin: Point
) -> None:
    """Place ``p`` and its twin: in the list, and in the cells ``_crowded`` searches."""
    for point in (p, twin):
        houses.append(point)
        cells.setdefault((point[0] // MIN_DIST, point[1] // MIN_DIST), []).append(point)


def _crowded(cells: dict[tuple[int, int], list[Point]], p: Point) -> bool:
    """Whether a placed house is closer than MIN_DIST to ``p``."""
    x, y = p
    cx, cy = x // MIN_DIST, y // MIN_DIST
    for gx in (cx - 1, cx, cx + 1):
        for gy in (cy - 1, cy, cy + 1):
            for qx, qy in cells.get((gx, gy), ()):
                if (qx - x) * (qx - x) + (qy - y) * (qy - y) < _MIN_DIST2:
                    return True
    return False


def _makes_flat_angle(houses: list[Point], p: Point, twin: Point) -> bool:
    """Return True when adding ``p`` (and its twin) creates a nearly flat close triple.

    Triples through the twin alone are reflections of triples through ``p``.
    """
    close = [q for q in [*houses, twin] if dist2(p, q) <= _MAX_PATH2]
    for i, q in enumerate(close):
        for r in close[i + 1 :]:
            if dist2(q, r) <= _MAX_PATH2 and flat_angle(p, q, r):
                return True
    return False


def _greedy_order(layout: Layout) -> list[int]:
    """Candidates shortest first (ties by ids), each kept unless it crosses one kept before."""
    mask = 0
    order = []
    cross = layout.cross
    for i in range(len(layout.pairs)):
        if not cross[i] & mask:
            mask |= 1 << i
            order.append(i)
    return order


def _count_triangles(layout: Layout, mask: int) -> int:
    """Return how many triangles the graph of ``mask`` has."""
    return sum(1 for e in layout.tri_edges if e & mask == e)


def _sparsify(layout: Layout, mask: int, rng: Rng) -> int:
    """Remove mirrored pairs of paths at random while the map keeps its guarantees."""
    total = bin(mask).count("1")
    target = total * rng.between(SPARSE_MIN_PERMILLE, SPARSE_MAX_PERMILLE) // 1000
    houses = layout.houses
    groups: list[int] = []
    seen = 0
    for i in _bits(mask):
        if (seen >> i) & 1:
            continue
        a, b = layout.pairs[i]
        twin = layout.pair_index(a ^ 1, b ^ 1)
        if twin < 0 or houses[a ^ 1] != mirror(houses[a]):
            raise ValueError(f"map is not mirrored at path {(a, b)!r}")
        group = (1 << i) | (1 << twin)
        seen |= group
        groups.append(group)
    groups = [groups[i] for i in rng.permutation(len(groups))]
    removed = 0
    for group in groups:
        if removed >= target:
            break
        trial = mask & ~group
        if _count_triangles(layout, trial) >= MIN_TRIANGLES and not has_cut_house(
            layout.adjacency(trial)
        ):
            mask = trial
            removed += bin(group).count("1")
    return mask
