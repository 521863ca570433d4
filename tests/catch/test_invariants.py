"""Invariants of the referee over random games with random well-formed commands."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from triad.catch.geometry import segments_cross
from triad.catch.mapgen import MAX_PATH, GameMap, generate
from triad.catch.referee import ARITY, WAIT, Action, Orders, State, new_game, resolve_turn

MAPS = {seed: generate(seed) for seed in (3, 8)}


def random_orders(state: State, player: int, rng: random.Random) -> Orders:
    """A mix of plausible and arbitrary well-formed actions (many of them invalid)."""
    n = state.layout.house_count
    owned = [state.layout.tri_corners[t] for t in state.triangles() if state.owner[t] == player]
    actions = []
    for _ in range(rng.randint(0, 6)):
        kind = rng.choice(sorted(ARITY))
        if kind == WAIT:
            actions.append(Action(WAIT))
            continue
        if kind == "MOVE":
            mine = [h for h in range(n) if state.units[player][h]] or [0]
            source = rng.choice(mine)
            near = state.adjacency()[source] or [source]
            target = rng.choice(near) if rng.random() < 0.7 else rng.randrange(n)
            actions.append(Action(kind, (source, target, rng.randint(0, 3))))
            continue
        plausible = owned and rng.random() < 0.8
        corners = list(rng.choice(owned)) if plausible else rng.sample(range(n), 3)
        rng.shuffle(corners)
        targets = list(range(n))
        if plausible and kind == "ADD_PATH":
            targets = [b for b in range(n) if state.layout.can_add(state.paths, corners[0], b)]
        elif plausible:
            targets = [k for h in corners for k in state.adjacency()[h] if k not in corners]
        target = rng.choice(targets) if targets else rng.randrange(n)
        actions.append(Action(kind, tuple(corners) if kind == "SPAWN" else (*corners, target)))
    return Orders(tuple(actions))


def check_invariants(before: State, after: State) -> None:
    layout = after.layout
    houses = layout.houses
    assert all(u >= 0 for row in after.units for u in row)
    paths = layout.paths_of(after.paths)
    for a, b in paths:
        dx, dy = houses[a][0] - houses[b][0], houses[a][1] - houses[b][1]
        assert dx * dx + dy * dy <= MAX_PATH * MAX_PATH
    for (a, b), (c, d) in itertools.combinations(paths, 2):
        if len({a, b, c, d}) == 4:
            assert not segments_cross(houses[a], houses[b], houses[c], houses[d])
    existing = set(after.triangles())
    for t in range(len(layout.tri_corners)):
        if t not in existing:
            assert (after.owner[t], after.eligible[0][t], after.eligible[1][t]) == (-1, True, True)
        elif after.owner[t] != -1:
            owner = after.owner[t]
            assert not after.eligible[owner][t] and after.eligible[1 - owner][t]
    for p in (0, 1):
        gained = after.scores[p] - before.scores[p]
        if after.turn == after.max_turns:  # the position after the last turn is not scored
            assert gained == 0
        elif after.scores[p] != -1:  # -1: put out by the end checks
            assert gained == after.owned_count(p)
    assert after.turn == before.turn + 1


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(MAPS)), st.integers(0, 2**32))
def test_random_games_keep_the_invariants(seed: int, game_seed: int) -> None:
    rng = random.Random(game_seed)
    game_map: GameMap = MAPS[seed]
    state = new_game(game_map, max_turns=40)
    for p in (0, 1):  # a crowded position, so that most triangle actions can be paid
        state.units[p] = [rng.choice((0, 1, 2, 3, 4)) for _ in state.units[p]]
    for t in state.triangles():
        owner = rng.choice((-1, 0, 1))
        state.owner[t] = owner
        if owner != -1:
            state.eligible[owner][t] = False
    while state.result is None:
        orders = (random_orders(state, 0, rng), random_orders(state, 1, rng))
        before = state.to_json()
        after, report = resolve_turn(state, *orders)
        assert state.to_json() == before
        check_invariants(state, after)
        sent = [a for o in orders for a in o.actions if a.kind != WAIT]
        assert len(report.outcomes) == len(sent)
        again, _ = resolve_turn(state, *orders)
        assert again.to_json() == after.to_json()
        state = after
