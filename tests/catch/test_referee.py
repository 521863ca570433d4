"""Rule scenarios for the Triangle Catch referee, one or more per rule and action."""

import pytest

from tests.catch.helpers import (
    STRIP_HOUSES,
    STRIP_PATHS,
    STRIP_TRIANGLES,
    eligible,
    outcome,
    owner_of,
    play,
    scenario,
    strip_map,
)
from triad.catch.mapgen import GameMap
from triad.catch.referee import State, forfeit, new_game, ownership

WITHOUT_6 = [p for p in STRIP_PATHS if 6 not in p]  # house 6 has no neighbour
WITHOUT_2_3 = [p for p in STRIP_PATHS if p != (2, 3)]
WITHOUT_1_2 = [p for p in STRIP_PATHS if p != (1, 2)]


def corners_of(state: State) -> list[tuple[int, int, int]]:
    return sorted(state.layout.tri_corners[t] for t in state.triangles())


# --- map structure -------------------------------------------------------------------------


def test_strip_has_its_five_triangles() -> None:
    assert corners_of(scenario()) == STRIP_TRIANGLES


def test_a_house_inside_three_paths_prevents_the_triangle() -> None:
    houses = [(0, 0), (400, 0), (200, 300), (200, 100)]
    paths = [(0, 1), (1, 2), (0, 2), (0, 3), (1, 3)]
    state = State(GameMap.build(houses, paths, [[0] * 4, [0] * 4]))
    assert corners_of(state) == [(0, 1, 3)]


def test_impossible_paths_are_refused_when_building_a_map() -> None:
    with pytest.raises(ValueError, match="not a possible path"):
        GameMap.build(STRIP_HOUSES, [(0, 6)], [[0] * 7, [0] * 7])  # 600 long
    with pytest.raises(ValueError, match="crosses"):
        GameMap.build(STRIP_HOUSES, [(1, 2), (0, 3)], [[0] * 7, [0] * 7])


# --- ownership --------------------------------------------------------------------------------


def test_strict_majority_owns_and_a_tie_owns_nothing() -> None:
    own = scenario(mine={1: 2, 2: 1}, theirs={1: 1, 2: 1}).house_owners()
    assert own[1] == 0
    assert own[2] == -1
    assert own[0] == -1  # a neighbour (2) is owned by nobody


def test_a_house_whose_neighbours_are_all_yours_is_yours() -> None:
    own = scenario(mine={1: 1, 2: 1}).house_owners()
    assert own[0] == 0
    assert own[3] == -1  # neighbours 4 and 5 are nobody's


def test_the_neighbour_rule_never_overrides_a_majority() -> None:
    assert scenario(mine={1: 1, 2: 1}, theirs={0: 1}).house_owners()[0] == 1


def test_a_house_without_neighbours_is_owned_by_majority_only() -> None:
    game_map = strip_map(WITHOUT_6)
    assert scenario(game_map).house_owners()[6] == -1
    assert scenario(game_map, theirs={6: 1}).house_owners()[6] == 1


def test_ownership_reaches_a_fixed_point_from_majorities() -> None:
    state = scenario(mine={1: 1, 2: 1, 4: 1, 5: 1})
    own = ownership(state.units, state.adjacency())
    assert own == [0, 0, 0, 0, 0, 0, 0]  # 0, 3 and 6 through their neighbours


# --- surrounded units ------------------------------------------------------------------------


def test_a_unit_surrounded_by_opponent_houses_dies_and_the_house_follows() -> None:
    state, report = play(scenario(mine={1: 1, 2: 1}, theirs={0: 1}))
    assert state.units[1][0] == 0
    assert {"kind": "surrounded", "player": 1, "house": 0, "killed": 1} in report.events
    assert state.house_owners()[0] == 0
    assert owner_of(state, (0, 1, 2)) == 0  # captured after the kill


def test_a_unit_with_one_neighbour_not_owned_by_the_opponent_survives() -> None:
    state, _ = play(scenario(mine={1: 1}, theirs={0: 1}))
    assert state.units[1][0] == 1


def test_both_players_surrounded_units_die_at_once() -> None:
    state, report = play(scenario(mine={1: 1, 2: 1, 6: 2}, theirs={0: 3, 4: 1, 5: 1}))
    assert state.units[1][0] == 0
    assert state.units[0][6] == 0
    kinds = [(e["player"], e["house"]) for e in report.events if e["kind"] == "surrounded"]
    assert sorted(kinds) == [(0, 6), (1, 0)]


def test_a_unit_on_a_house_without_neighbours_is_not_surrounded() -> None:
    state, _ = play(scenario(strip_map(WITHOUT_6), mine={4: 1, 5: 1}, theirs={6: 1}))
    assert state.units[1][6] == 1


# --- capture, eligibility, scoring -----------------------------------------------------------


def test_owning_three_corners_captures_and_scores() -> None:
    state, report = play(scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 2}))
    assert owner_of(state, (0, 1, 2)) == 0
    assert owner_of(state, (1, 2, 3)) == -1
    assert {"kind": "capture", "player": 0, "triangle": [0, 1, 2]} in report.events
    assert state.scores == [1, 0]
    state, _ = play(state)
    assert state.scores == [2, 0]


def test_a_triangle_stays_captured_after_its_corners_are_left() -> None:
    state, _ = play(scenario(mine={6: 1}, theirs={3: 2}, owned={(0, 1, 2): 0}))
    assert owner_of(state, (0, 1, 2)) == 0
    assert state.scores == [1, 0]


def test_the_opponent_captures_by_owning_the_corners() -> None:
    state, _ = play(scenario(theirs={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0}))
    assert owner_of(state, (0, 1, 2)) == 1
    assert eligible(state, (0, 1, 2), 0)
    assert not eligible(state, (0, 1, 2), 1)


def test_a_used_triangle_comes_back_only_after_its_houses_are_emptied() -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 1}, owned={(0, 1, 2): 0})
    state, _ = play(state, "SPAWN 0 1 2")
    assert owner_of(state, (0, 1, 2)) == -1
    assert not eligible(state, (0, 1, 2), 0)
    state, _ = play(state)  # still owns all three corners, but is not eligible
    assert owner_of(state, (0, 1, 2)) == -1
    state, _ = play(state, "MOVE 0 2 2;MOVE 1 3 1")
    assert state.units[0][:3] == [0, 0, 3]
    assert not eligible(state, (0, 1, 2), 0)  # house 2 still has units
    state, _ = play(state, "MOVE 2 3 3")
    assert eligible(state, (0, 1, 2), 0)
    assert owner_of(state, (0, 1, 2)) == -1  # eligible, but the corners are nobody's now
    state, _ = play(state, "MOVE 3 1 1;MOVE 3 2 2")
    assert state.units[0][:3] == [0, 1, 2]
    assert owner_of(state, (0, 1, 2)) == 0  # house 0 is owned through its neighbours


def test_the_opponent_capturing_a_used_triangle_restores_eligibility() -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0}, theirs={3: 9})
    state, _ = play(state, "SPAWN 0 1 2", "MOVE 3 1 2")
    assert owner_of(state, (0, 1, 2)) == -1
    assert not eligible(state, (0, 1, 2), 0)
    state, report = play(state, "", "MOVE 3 2 3")
    assert {"kind": "surrounded", "player": 0, "house": 0, "killed": 2} in report.events
    assert owner_of(state, (0, 1, 2)) == 1
    assert eligible(state, (0, 1, 2), 0)


def test_triangles_owned_at_the_start_are_captured_before_turn_one() -> None:
    units = [[1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1]]
    state = new_game(GameMap.build(STRIP_HOUSES, STRIP_PATHS, units))
    assert state.turn == 0
    assert owner_of(state, (0, 1, 2)) == 0
    assert owner_of(state, (4, 5, 6)) == 1
    assert state.scores == [2, 2]  # scored when the board is built and again before turn 1


# --- MOVE ---------------------------------------------------------------------------------------


def test_move_to_a_neighbour() -> None:
    state, report = play(scenario(mine={0: 3}), "MOVE 0 1 2")
    assert state.units[0][:2] == [1, 2]
    assert outcome(report, 0).ok


def test_move_toward_a_far_house_steps_to_the_smallest_id_on_a_shortest_path() -> None:
    state, report = play(scenario(mine={1: 1}), "MOVE 1 4 1")  # via 2 or 3: 2
    assert state.units[0][2] == 1
    assert outcome(report, 0).detail == "moved 1 to house 2"
    state, _ = play(scenario(mine={0: 1}), "MOVE 0 6 1")  # only 2 is on a shortest path
    assert state.units[0][2] == 1


def test_move_amount_is_capped_by_the_units_that_stayed() -> None:
    state, report = play(scenario(mine={0: 2}), "MOVE 0 1 5")
    assert state.units[0][:2] == [0, 2]
    assert outcome(report, 0).detail == "moved 2 to house 1"


def test_units_that_arrived_this_turn_do_not_move_again() -> None:
    state, report = play(scenario(mine={0: 1, 1: 1}), "MOVE 0 1 1;MOVE 1 2 5")
    assert state.units[0][:3] == [0, 1, 1]
    assert outcome(report, 0, 1).detail == "moved 1 to house 2"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("MOVE 0 0 1", "two different houses"),
        ("MOVE 0 1 0", "at least 1"),
        ("MOVE 3 1 1", "no unit stood on house 3"),
        ("MOVE 0 6 1", "cannot be reached"),
        ("MOVE 0 1 -1", "at least 1"),
        ("MOVE 0 9 1", "no house 9"),
    ],
)
def test_impossible_moves_are_skipped_and_reported(line: str, reason: str) -> None:
    state = scenario(strip_map(WITHOUT_6), mine={0: 1})
    after, report = play(state, line)
    assert after.units == state.units
    result = outcome(report, 0)
    assert not result.ok
    assert reason in result.detail


# --- SPAWN --------------------------------------------------------------------------------------


def test_spawn_adds_a_unit_on_the_first_named_corner_and_uses_the_triangle() -> None:
    state, report = play(scenario(mine={0: 1}, owned={(0, 1, 2): 0}), "SPAWN 2 0 1")
    assert state.units[0][:3] == [1, 0, 1]
    assert owner_of(state, (0, 1, 2)) == -1
    assert not eligible(state, (0, 1, 2), 0)
    assert outcome(report, 0).ok


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("SPAWN 1 2 3", "not yours"),
        ("SPAWN 0 1 3", "not a triangle"),
        ("SPAWN 0 0 3", "not a triangle"),
    ],
)
def test_spawn_needs_an_owned_triangle(line: str, reason: str) -> None:
    state, report = play(scenario(mine={0: 1}, owned={(0, 1, 2): 0, (1, 2, 3): 1}), line)
    assert not outcome(report, 0).ok
    assert reason in outcome(report, 0).detail
    assert sum(state.units[0]) == 1


def test_a_triangle_is_used_once_per_turn() -> None:
    state, report = play(scenario(mine={0: 1}, owned={(0, 1, 2): 0}), "SPAWN 0 1 2;SPAWN 1 0 2")
    assert outcome(report, 0, 0).ok
    assert not outcome(report, 0, 1).ok
    assert state.units[0][:2] == [2, 0]


# --- ATTACK -------------------------------------------------------------------------------------


def test_attack_kills_every_opponent_unit_on_an_adjacent_house_for_one_per_corner() -> None:
    state = scenario(mine={0: 1, 1: 2, 2: 1}, theirs={3: 4}, owned={(0, 1, 2): 0})
    state, report = play(state, "ATTACK 0 1 2 3")
    assert state.units[1][3] == 0
    assert state.units[0][:3] == [0, 1, 0]
    assert owner_of(state, (0, 1, 2)) == -1
    assert outcome(report, 0).detail == "killed 4 on house 3"


def test_attack_target_must_touch_the_triangle() -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={5: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, "ATTACK 0 1 2 5")
    assert "not next to" in outcome(report, 0).detail
    assert after.units[1][5] == 1
    assert owner_of(after, (0, 1, 2)) == 0


def test_attack_needs_a_unit_on_every_corner() -> None:
    state = scenario(mine={0: 1, 1: 1}, theirs={3: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, "ATTACK 0 1 2 3")
    assert "no unit stood on house 2" in outcome(report, 0).detail
    assert after.units[1][3] == 1


def test_attacks_come_before_moves() -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={3: 2, 4: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, "ATTACK 0 1 2 3", "MOVE 3 5 2;MOVE 4 3 1")
    assert after.units[1][3] == 1  # the unit from 4 arrived after the attack
    assert after.units[1][5] == 0
    assert "no unit stood on house 3" in outcome(report, 1, 0).detail


# --- ADD_PATH -----------------------------------------------------------------------------------


def test_add_path_joins_the_first_corner_and_may_create_triangles() -> None:
    state = scenario(
        strip_map(WITHOUT_2_3), mine={0: 2, 1: 2, 2: 2, 3: 1, 4: 1}, owned={(0, 1, 2): 0}
    )
    assert state.triangle_of((1, 2, 3)) < 0
    after, report = play(state, "ADD_PATH 2 0 1 3")
    assert outcome(report, 0).detail == "added path 2-3"
    assert after.units[0][:3] == [1, 1, 1]
    assert owner_of(after, (0, 1, 2)) == -1
    assert owner_of(after, (1, 2, 3)) == 0  # new triangles are eligible and captured
    assert owner_of(after, (2, 3, 4)) == 0


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        (6, "longer than 400"),
        (3, "would cross"),
        (1, "already exists"),
    ],
)
def test_add_path_checks_length_crossings_and_existing_paths(target: int, reason: str) -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, f"ADD_PATH 0 1 2 {target}")
    assert reason in outcome(report, 0).detail
    assert after.paths == state.paths


def test_add_path_cost_needs_units_that_did_not_move() -> None:
    state = scenario(strip_map(WITHOUT_2_3), mine={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, "ADD_PATH 2 0 1 3;MOVE 0 1 1")
    assert outcome(report, 0, 0).detail == "moved 1 to house 1"  # moves resolve first
    assert "no unit stood on house 0" in outcome(report, 0, 1).detail
    assert after.paths == state.paths


# --- REMOVE_PATH --------------------------------------------------------------------------------


def test_remove_path_destroys_its_triangles_with_their_owner() -> None:
    state = scenario(mine={0: 2, 1: 2, 2: 2}, theirs={5: 2}, owned={(0, 1, 2): 0, (2, 3, 4): 1})
    after, report = play(state, "REMOVE_PATH 2 0 1 4")
    assert outcome(report, 0).detail == "removed path 2-4"
    assert after.triangle_of((2, 3, 4)) < 0
    t = after.layout.tri_of[(2, 3, 4)]
    assert (after.owner[t], after.eligible[0][t], after.eligible[1][t]) == (-1, True, True)
    assert after.scores == [0, 0]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("REMOVE_PATH 2 0 1 1", "side of the triangle"),
        ("REMOVE_PATH 0 1 2 3", "there is no path 0-3"),
        ("REMOVE_PATH 2 0 1 5", "house 5 is not next to triangle 0 1 2"),
    ],
)
def test_remove_path_needs_an_existing_path_that_is_not_a_side(line: str, reason: str) -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0})
    after, report = play(state, line)
    assert reason in outcome(report, 0).detail
    assert after.paths == state.paths


# --- order within a turn ----------------------------------------------------------------------


def test_spawned_units_cannot_pay_a_cost_in_the_same_turn() -> None:
    owned = {(0, 1, 2): 0, (1, 2, 3): 0}
    state = scenario(mine={0: 1, 2: 1, 3: 1}, owned=owned)
    after, report = play(state, "REMOVE_PATH 1 2 3 0;SPAWN 1 0 2")
    assert "no unit stood on house 1" in outcome(report, 0, 0).detail
    assert outcome(report, 0, 1).detail == "spawned a unit on house 1"
    assert after.paths == state.paths


def test_an_action_impossible_when_the_turn_starts_is_dropped_for_the_turn() -> None:
    # As on CodinGame: the path 2-3 added this turn cannot be removed in the same turn.
    owned = {(0, 1, 2): 0, (3, 4, 5): 0}
    units = {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    state = scenario(strip_map(WITHOUT_2_3), mine=units, owned=owned)
    after, report = play(state, "REMOVE_PATH 3 4 5 2;ADD_PATH 2 0 1 3")
    assert [o.detail for o in report.outcomes] == [
        "there is no path 3-2 when the turn starts",
        "added path 2-3",
    ]
    assert after.paths == state.paths | 1 << state.layout.pair_index(2, 3)


def test_removals_come_before_surrounded_units_die() -> None:
    state = scenario(mine={1: 2, 2: 1, 3: 1, 4: 1}, theirs={0: 1, 2: 2}, owned={(2, 3, 4): 0})
    after, _ = play(state)
    assert after.units[1][0] == 1  # neighbour 2 is player 1's
    after, report = play(state, "REMOVE_PATH 2 3 4 0")
    assert outcome(report, 0).ok
    assert after.units[1][0] == 0  # its last neighbour, 1, is player 0's
    assert after.triangle_of((0, 1, 2)) < 0


# --- pairs within one kind --------------------------------------------------------------------


def test_a_pair_of_attacks_is_checked_before_either_applies() -> None:
    state = scenario(
        mine={0: 1, 1: 1, 2: 1},
        theirs={2: 1, 3: 1, 4: 1},
        owned={(0, 1, 2): 0, (2, 3, 4): 1},
    )
    after, report = play(state, "ATTACK 0 1 2 3", "ATTACK 2 3 4 1")
    assert outcome(report, 0).ok
    assert outcome(report, 1).ok
    assert after.units == [[0] * 7, [0] * 7]


def test_a_first_pair_can_make_a_second_pair_action_invalid() -> None:
    state = scenario(
        mine={0: 1, 1: 1, 2: 1},
        theirs={3: 1, 4: 2, 5: 2, 6: 1},
        owned={(0, 1, 2): 0, (3, 4, 5): 1, (4, 5, 6): 1},
    )
    after, report = play(state, "ATTACK 0 1 2 3", "ATTACK 4 5 6 2;ATTACK 3 4 5 1")
    assert outcome(report, 1, 0).ok
    assert "no unit stood on house 3" in outcome(report, 1, 1).detail
    assert owner_of(after, (3, 4, 5)) == 1


def test_crossing_additions_in_a_pair_the_shorter_wins() -> None:
    state = scenario(
        strip_map(WITHOUT_2_3),
        mine={0: 1, 1: 1, 2: 1},
        theirs={3: 1, 4: 1, 5: 1},
        owned={(0, 1, 2): 0, (3, 4, 5): 1},
    )
    after, report = play(state, "ADD_PATH 2 0 1 3", "ADD_PATH 4 3 5 1")
    assert outcome(report, 0).ok
    assert not outcome(report, 1).ok
    assert "shorter" in outcome(report, 1).detail
    assert after.layout.paths_of(after.paths) == sorted([*WITHOUT_2_3, (2, 3)])
    assert owner_of(after, (3, 4, 5)) == 1  # the loser keeps its triangle and units
    assert after.units[1][3:6] == [1, 1, 1]


def test_the_same_path_added_by_both_is_added_once_and_both_pay() -> None:
    state = scenario(
        strip_map(WITHOUT_2_3),
        mine={0: 1, 1: 1, 2: 1},
        theirs={3: 1, 4: 1, 5: 1},
        owned={(0, 1, 2): 0, (3, 4, 5): 1},
    )
    after, report = play(state, "ADD_PATH 2 0 1 3", "ADD_PATH 3 4 5 2")
    assert outcome(report, 0).ok and outcome(report, 1).ok
    assert after.layout.paths_of(after.paths) == sorted(STRIP_PATHS)
    assert sum(after.units[0]) == 0 and sum(after.units[1]) == 0


# --- ends -------------------------------------------------------------------------------------


def test_owning_eighty_percent_of_the_triangles_wins_at_once() -> None:
    owned = {corners: 0 for corners in STRIP_TRIANGLES[:4]}
    state, _ = play(scenario(theirs={6: 2}, owned=owned))
    assert state.result is not None
    assert state.result.winner == 0
    assert "80%" in state.result.reason
    owned = {corners: 0 for corners in STRIP_TRIANGLES[:3]}
    state, _ = play(scenario(theirs={6: 2}, owned=owned))
    assert state.result is None


def test_no_triangle_and_no_unit_loses() -> None:
    state, _ = play(scenario(mine={0: 1}))
    assert state.result is not None
    assert state.result.winner == 0
    assert "player 1 has no triangle and no unit" in state.result.reason
    state, _ = play(scenario())
    assert state.result is not None and state.result.winner is None


def test_the_last_turn_ends_on_scores() -> None:
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 2})
    state.max_turns = 2
    state, _ = play(state)
    assert state.result is None
    assert state.scores == [1, 0]
    state, _ = play(state, "MOVE 0 3 1")
    assert state.result is not None
    # As on CodinGame, the position after the last turn is neither settled nor scored.
    assert (state.result.winner, state.scores) == (0, [1, 0])
    level = scenario(mine={0: 1}, theirs={6: 1})
    level.max_turns = 1
    level, _ = play(level)
    assert level.result is not None and level.result.winner is None


def test_forfeits() -> None:
    state = scenario(mine={0: 1}, theirs={6: 1})
    ended = forfeit(state, [1], "player 1 timed out")
    assert ended.result is not None and ended.result.winner == 0
    assert ended.scores == [0, -1]
    assert state.result is None
    both = forfeit(state, [0, 1], "both timed out")
    assert both.result is not None and both.result.winner is None
    with pytest.raises(ValueError, match="over"):
        play(ended)


def test_resolving_a_turn_leaves_the_given_state_alone() -> None:
    state = scenario(mine={0: 2, 1: 1, 2: 1}, theirs={3: 1}, owned={(0, 1, 2): 0})
    before = state.to_json()
    play(state, "ATTACK 0 1 2 3;MOVE 0 1 1;REMOVE_PATH 2 0 1 4", "MOVE 3 5 1")
    assert state.to_json() == before
