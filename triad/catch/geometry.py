"""Integer geometry of houses and paths.

Points are ``(x, y)`` tuples of ints; every test here is exact integer
arithmetic (squared distances, cross products), so the answers cannot differ
between interpreters. ``y`` grows downward as on the screen; the sign of
``orient`` is only ever compared, never interpreted as left or right.
"""

Point = tuple[int, int]

# cos(170 degrees) squared, as a fraction: used to reject nearly flat triples.
_COS2_NUM = 969846
_COS2_DEN = 1_000_000


def dist2(a: Point, b: Point) -> int:
    """Return the squared Euclidean distance between ``a`` and ``b``."""
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return dx * dx + dy * dy


def orient(a: Point, b: Point, c: Point) -> int:
    """Return the cross product (b - a) x (c - a): 0 when collinear."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Return True when segments ab and cd cross at a point inside both.

    Segments sharing an endpoint, or merely touching, do not cross; the map
    forbids a path through a house (see ``on_segment``), which covers the
    collinear and touching cases.
    """
    o1 = orient(a, b, c)
    o2 = orient(a, b, d)
    if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0) or o1 == 0 or o2 == 0:
        return False
    o3 = orient(c, d, a)
    o4 = orient(c, d, b)
    return (o3 > 0 > o4) or (o3 < 0 < o4)


def on_segment(p: Point, a: Point, b: Point) -> bool:
    """Return True when ``p`` lies on segment ab, endpoints excluded."""
    if p in (a, b) or orient(a, b, p) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Return True when ``p`` is inside or on the border of triangle abc, corners excluded."""
    if p in (a, b, c):
        return False
    o1 = orient(a, b, p)
    o2 = orient(b, c, p)
    o3 = orient(c, a, p)
    has_neg = o1 < 0 or o2 < 0 or o3 < 0
    has_pos = o1 > 0 or o2 > 0 or o3 > 0
    return not (has_neg and has_pos)


def flat_angle(a: Point, b: Point, c: Point) -> bool:
    """Return True when some angle of triangle abc exceeds 170 degrees.

    Tested exactly: the angle at a vertex v between rays to p and q exceeds
    170 degrees when dot < 0 and dot**2 > cos(170)**2 * |vp|**2 * |vq|**2,
    with cos(170)**2 taken as 0.969846.
    """
    for v, p, q in ((a, b, c), (b, c, a), (c, a, b)):
        dot = (p[0] - v[0]) * (q[0] - v[0]) + (p[1] - v[1]) * (q[1] - v[1])
        if dot < 0 and dot * dot * _COS2_DEN > _COS2_NUM * dist2(v, p) * dist2(v, q):
            return True
    return False


# The tests CodinGame's referee uses, reproduced exactly (its maps and its
# ADD_PATH answers depend on them, degenerate cases included): a strict
# side test, so a point exactly on a line counts as being on its clockwise side.


def ccw(a: Point, b: Point, c: Point) -> bool:
    """Return True when a, b, c turn strictly one way (the referee's side test)."""
    return (c[1] - a[1]) * (b[0] - a[0]) > (b[1] - a[1]) * (c[0] - a[0])


def cg_crossing(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Return True when path p1-p2 is blocked by path q1-q2 in CodinGame's test.

    The ends are houses (distinct houses never share a position): paths
    sharing a house never cross, and a path from a house to itself crosses
    nothing. With three houses in a row the answer depends on the direction
    of p1-p2, as it does in the referee; it never lets a path through a
    house on its own.
    """
    if p1 == p2 or p1 in (q1, q2) or p2 in (q1, q2):
        return False
    return ccw(p1, q1, q2) != ccw(p2, q1, q2) and ccw(p1, p2, q1) != ccw(p1, p2, q2)


def cg_inside(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Return True when house ``p`` keeps a, b, c from being a triangle in CodinGame's test.

    Strictly inside counts; a house exactly on a side counts or not depending
    on the corners' order, as in the referee (corners are passed by id).
    """
    if p in (a, b, c):
        return False
    c1 = ccw(p, a, b)
    return c1 == ccw(p, b, c) == ccw(p, c, a)
