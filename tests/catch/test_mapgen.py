"""Maps of the classic generator meet its constraints (property tests over seeds).

CodinGame's generator, the default, is tested in test_codingame_maps.py.
"""

import hashlib
import itertools
import json
import os
import subprocess
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.catch.helpers import STRIP_HOUSES
from tests.runtimes import pyodide_env
from triad.catch.geometry import cg_crossing, dist2, in_triangle, on_segment, segments_cross
from triad.catch.mapgen import (
    HOUSE_COUNT,
    MAX_PATH,
    MIN_DIST,
    MIN_TRIANGLES,
    GameMap,
    Layout,
    generate,
    generate_classic,
    has_cut_house,
    mirror,
)
from triad.catch.match import play_match
from triad.catch.players import BuiltinPlayer

ROOT = Path(__file__).resolve().parents[2]
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
MAP_SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@cache
def generated(seed: int) -> GameMap:
    return generate_classic(seed)


def paths_of(game_map: GameMap) -> list[tuple[int, int]]:
    return game_map.layout.paths_of(game_map.paths)


def adjacency(n: int, paths: list[tuple[int, int]]) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in paths:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def brute_triangles(houses: tuple[tuple[int, int], ...], paths: list[tuple[int, int]]) -> set:
    """Triangles by definition: three pairwise joined houses, no other house inside."""
    joined = set(paths)
    found = set()
    for a, b, c in itertools.combinations(range(len(houses)), 3):
        if (a, b) in joined and (a, c) in joined and (b, c) in joined:
            pa, pb, pc = houses[a], houses[b], houses[c]
            if not any(in_triangle(p, pa, pb, pc) for p in houses):
                found.add((a, b, c))
    return found


def connected(adj: list[list[int]], removed: int) -> bool:
    alive = [h for h in range(len(adj)) if h != removed]
    seen = {alive[0]}
    stack = [alive[0]]
    while stack:
        for k in adj[stack.pop()]:
            if k != removed and k not in seen:
                seen.add(k)
                stack.append(k)
    return len(seen) == len(alive)


@MAP_SETTINGS
@given(SEEDS)
def test_houses_are_fifty_mirrored_pairs_inside_the_margins(seed: int) -> None:
    houses = generated(seed).layout.houses
    assert len(houses) == HOUSE_COUNT
    for x, y in houses:
        assert 80 <= x <= 1920 - 80 - 1
        assert 70 <= y <= 1080 - 190 - 1
    for h in range(0, HOUSE_COUNT, 2):
        assert houses[h + 1] == mirror(houses[h])
        # the reflection is through the centre (959.5, 479.5) of the playable area
        assert houses[h][0] + houses[h + 1][0] == 2 * 80 + 1760 - 1
        assert houses[h][1] + houses[h + 1][1] == 2 * 70 + 820 - 1


@MAP_SETTINGS
@given(SEEDS)
def test_distances_are_at_least_140_and_distinct_up_to_the_mirror(seed: int) -> None:
    houses = generated(seed).layout.houses
    by_length: dict[int, set[frozenset[int]]] = {}
    for a, b in itertools.combinations(range(HOUSE_COUNT), 2):
        d = dist2(houses[a], houses[b])
        assert d >= MIN_DIST * MIN_DIST
        twin = frozenset((a ^ 1, b ^ 1))
        by_length.setdefault(d, set()).update({frozenset((a, b)), twin})
    # every length belongs to one pair and its mirror image only
    assert all(len(pairs) <= 2 for pairs in by_length.values())


@MAP_SETTINGS
@given(SEEDS)
def test_paths_are_planar_short_symmetric_and_avoid_houses(seed: int) -> None:
    game_map = generated(seed)
    houses = game_map.layout.houses
    paths = paths_of(game_map)
    assert set(paths) == {tuple(sorted((a ^ 1, b ^ 1))) for a, b in paths}
    for a, b in paths:
        assert dist2(houses[a], houses[b]) <= MAX_PATH * MAX_PATH
        assert not any(on_segment(p, houses[a], houses[b]) for p in houses)
    for (a, b), (c, d) in itertools.combinations(paths, 2):
        if len({a, b, c, d}) == 4:
            assert not segments_cross(houses[a], houses[b], houses[c], houses[d])


@MAP_SETTINGS
@given(SEEDS)
def test_triangles_no_cut_house_and_the_removed_share(seed: int) -> None:
    game_map = generated(seed)
    layout = game_map.layout
    paths = paths_of(game_map)
    triangles = {layout.tri_corners[t] for t in layout.triangles(game_map.paths)}
    assert triangles == brute_triangles(layout.houses, paths)
    assert len(triangles) >= MIN_TRIANGLES
    adj = adjacency(HOUSE_COUNT, paths)
    assert all(connected(adj, removed) for removed in range(HOUSE_COUNT))
    assert not has_cut_house(adj)
    removed = game_map.full_path_count - len(paths)
    assert removed * 2 <= game_map.full_path_count + 2  # at most 50%, a pair may overshoot
    if removed * 10 < game_map.full_path_count - 10:
        # fewer than the smallest drawn number (10%, rounded down) removed: every pair was
        # tried, and no remaining mirrored pair could go
        for a, b in paths:
            trial = [p for p in paths if p not in {(a, b), tuple(sorted((a ^ 1, b ^ 1)))}]
            kept = brute_triangles(layout.houses, trial)
            assert len(kept) < MIN_TRIANGLES or has_cut_house(adjacency(HOUSE_COUNT, trial))


@MAP_SETTINGS
@given(SEEDS)
def test_starting_units_on_the_three_leftmost_houses_and_their_twins(seed: int) -> None:
    game_map = generated(seed)
    houses = game_map.layout.houses
    leftmost = sorted(range(HOUSE_COUNT), key=lambda h: (houses[h][0], h))[:3]
    assert [h for h in range(HOUSE_COUNT) if game_map.units[0][h]] == sorted(leftmost)
    assert all(game_map.units[0][h] == 1 for h in leftmost)
    assert [h for h in range(HOUSE_COUNT) if game_map.units[1][h]] == sorted(
        h ^ 1 for h in leftmost
    )


def test_the_same_seed_gives_the_same_map_and_json_round_trips() -> None:
    first = generate(7).to_json()
    assert generate(7).to_json() == first
    assert generate(8).to_json() != first
    assert generate(7, "classic").to_json() == generated(7).to_json() != first
    with pytest.raises(ValueError, match="unknown map generator"):
        generate(7, "square")
    rebuilt = GameMap.from_json(json.loads(json.dumps(first)))
    assert rebuilt.to_json() == first


@pytest.mark.parametrize(
    ("seed", "digest"),
    [
        (0, "8cca3ae82cadb0291b618ef91b965703f70e0b48e2d4aab5e24ec6c9453804a4"),
        (2026, "f19f0c3c466f3c48f0c2094bbfa4dc7d4bbbaef79c95952e21e829dfabda82ac"),
    ],
)
def test_maps_of_known_seeds_do_not_change(seed: int, digest: str) -> None:
    text = json.dumps(generated(seed).to_json(), sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest() == digest


def test_cut_houses_are_found() -> None:
    assert not has_cut_house([[1, 2], [0, 2], [0, 1]])
    assert has_cut_house([[1], [0, 2], [1]])  # a chain: the middle cuts
    assert has_cut_house([[1], [0], [3], [2]])  # disconnected
    assert has_cut_house([[1, 2], [0, 2], [0, 1, 3, 4], [2, 4], [2, 3]])  # bow tie


def test_layout_linkable_paths_match_the_definition() -> None:
    layout = Layout(STRIP_HOUSES)
    mask = layout.mask_of([(0, 2), (0, 1)])
    for a, b in itertools.combinations(range(len(STRIP_HOUSES)), 2):
        # As on CodinGame: at most 400 long and not blocked in its side test; passing
        # through a house (0-4 through 2, 1-5 through 3) is allowed.
        expected = (
            (a, b) not in {(0, 2), (0, 1)}
            and dist2(STRIP_HOUSES[a], STRIP_HOUSES[b]) <= MAX_PATH * MAX_PATH
            and not cg_crossing(STRIP_HOUSES[a], STRIP_HOUSES[b], (0, 0), (200, 0))
            and not cg_crossing(STRIP_HOUSES[a], STRIP_HOUSES[b], (0, 0), (100, 170))
        )
        assert layout.can_add(mask, a, b) == expected, (a, b)
        assert ((a, b) in layout.linkable(mask)) == expected
    assert (2, 6) in layout.linkable(mask)  # through house 4


PYODIDE_SCRIPT = """
import hashlib, json
from triad.catch.mapgen import generate
from triad.catch.match import play_match
from triad.catch.players import BuiltinPlayer
match = play_match((BuiltinPlayer("random", 5), BuiltinPlayer("planner", 6)), generate(5))
replay = json.dumps(match.to_json(), sort_keys=True).encode()
print(json.dumps([[generate(seed).to_json() for seed in (0, 12345)], hashlib.sha256(replay).hexdigest()]))
"""


@pytest.mark.slow
def test_pyodide_generates_the_same_maps_and_plays_the_same_match() -> None:
    runner = ROOT / "bench" / "pyodide_runner.mjs"
    if not runner.exists() or not (ROOT / "node_modules" / "pyodide").exists():
        pytest.skip("the Pyodide runner or the npm pyodide package is missing")
    result = subprocess.run(
        ["node", str(runner), "-c", PYODIDE_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, **pyodide_env()},
    )
    assert result.returncode == 0, result.stderr
    maps, digest = json.loads(result.stdout.strip().splitlines()[-1])
    assert maps == [generate(0).to_json(), generate(12345).to_json()]
    players = (BuiltinPlayer("random", 5), BuiltinPlayer("planner", 6))
    replay = json.dumps(play_match(players, generate(5)).to_json(), sort_keys=True).encode()
    assert digest == hashlib.sha256(replay).hexdigest()
