"""CodinGame's referee, quirk by quirk: one or more scenarios per difference of issue 13.

Each test names the point of the issue it pins. The strip map of helpers.py:

    0 ---- 2 ---- 4 ---- 6
     \\   /  \\   /  \\   /
       1 ---- 3 ---- 5
"""

from tests.catch.helpers import STRIP_PATHS, outcome, owner_of, play, scenario, strip_map
from triad.catch.mapgen import GameMap
from triad.catch.protocol import turn_input
from triad.catch.referee import State, new_game

WITHOUT_2_3 = [p for p in STRIP_PATHS if p != (2, 3)]


# 1. Surrounded units die only when every neighbour has a strict unit majority.


def test_1_a_neighbour_owned_only_through_its_neighbours_does_not_surround() -> None:
    # House 0 (neighbours 1, 2) holds 1 unit of player 1 under 2 of player 0. House 1 has
    # a unit majority of player 0; house 2 has no unit but is player 0's through its
    # neighbours 0, 1, 3, 4. That is not enough: the unit of player 1 survives.
    state = scenario(mine={0: 2, 1: 1, 3: 1, 4: 1}, theirs={0: 1, 6: 1})
    assert state.house_owners()[2] == 0
    after, report = play(state)
    assert after.units[1][0] == 1
    assert not [e for e in report.events if e["kind"] == "surrounded"]
    # With a unit majority on house 2 as well, it dies.
    state = scenario(mine={0: 2, 1: 1, 2: 1, 3: 1, 4: 1}, theirs={0: 1, 6: 1})
    after, _ = play(state)
    assert after.units[1][0] == 0


# 2. The start is scored twice; the position after the last turn is never scored or checked.


def test_2_the_start_is_scored_twice_and_the_last_position_is_left_as_it_is() -> None:
    units = [[1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1]]
    state = new_game(GameMap.build(strip_map().layout.houses, STRIP_PATHS, units), max_turns=2)
    assert state.scores == [2, 2]
    assert turn_input(state, 0).startswith("2 2\n")
    state, _ = play(state)
    assert state.scores == [3, 3]
    # Last turn: player 1 walks off its triangle's corner and player 0 takes house 4
    # (player 1 would be surrounded there): nothing of it is settled, scored or checked.
    state, report = play(state, "MOVE 2 4 1", "MOVE 4 3 1")
    assert state.result is not None and state.result.winner is None
    assert state.scores == [3, 3]
    assert not report.events
    assert "turn 2 reached with equal scores 3-3" in state.result.reason


# 3. One unit, no triangle and a lower score: out.


def test_3_one_unit_no_triangle_and_a_lower_score_loses() -> None:
    state, _ = play(scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 1}))
    assert state.result is not None and state.result.winner == 0
    assert state.scores == [1, -1]
    assert "one unit, no triangle and the lower score" in state.result.reason
    # Equal scores: the lone unit plays on.
    state, _ = play(scenario(mine={3: 2}, theirs={6: 1}))
    assert state.result is None
    # Two units: plays on.
    state, _ = play(scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 2}))
    assert state.result is None


# 4. End checks: player 0 then player 1, -1 at once; no triangle at all: both out; the start too.


def test_4_a_player_put_out_scores_minus_one_before_the_opponent_is_checked() -> None:
    # Player 0 has nothing left and the higher score; player 1 has one unit and no
    # triangle. Player 0 is checked first and scores -1, so player 1 no longer has the
    # lower score and wins.
    state = scenario(theirs={6: 1})
    state.scores = [5, 3]
    after, _ = play(state)
    assert after.result is not None and after.result.winner == 1
    assert after.scores == [-1, 3]


def test_4_with_no_triangle_on_the_board_both_are_dominated_and_it_is_a_draw() -> None:
    no_triangle = [(0, 1), (1, 3), (3, 5), (5, 6), (0, 2), (2, 4)]
    state, _ = play(scenario(strip_map(no_triangle), mine={0: 2}, theirs={6: 2}))
    assert state.result is not None and state.result.winner is None
    assert state.scores == [-1, -1]


def test_4_the_starting_position_is_checked() -> None:
    units = [[1, 0, 0, 0, 0, 0, 0], [0] * 7]
    state = new_game(GameMap.build(strip_map().layout.houses, STRIP_PATHS, units))
    assert state.turn == 0
    assert state.result is not None and state.result.winner == 0
    assert state.scores == [0, -1]


# 5. Pairing within a kind.


def test_5_an_action_impossible_when_the_turn_starts_is_dropped() -> None:
    # The path 2-3 does not exist when the turn starts: removing it is dropped, even
    # though player 0's own addition creates it before the removals.
    owned = {(0, 1, 2): 0, (3, 4, 5): 0}
    units = {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    state = scenario(strip_map(WITHOUT_2_3), mine=units, owned=owned)
    after, report = play(state, "REMOVE_PATH 3 4 5 2;ADD_PATH 2 0 1 3")
    assert not outcome(report, 0, 0).ok
    assert "when the turn starts" in outcome(report, 0, 0).detail
    assert (after.paths >> after.layout.pair_index(2, 3)) & 1


def test_5_an_action_invalid_at_its_step_holds_no_slot() -> None:
    # Player 0's first removal is invalid by then (its triangle spawned), so its second
    # removal is paired with player 1's removal of the same path 2-3: both are checked
    # before the step, both apply and pay. Had the invalid one held the first step,
    # the path would be gone when player 0's second removal came.
    state = scenario(
        mine={0: 1, 1: 1, 2: 1, 4: 1, 5: 1, 6: 1},
        theirs={3: 1, 4: 1, 5: 1},
        owned={(0, 1, 2): 0, (4, 5, 6): 0, (3, 4, 5): 1},
    )
    line0 = "SPAWN 6 4 5;REMOVE_PATH 4 5 6 3;REMOVE_PATH 2 0 1 3"
    after, report = play(state, line0, "REMOVE_PATH 3 4 5 2")
    assert "not yours" in outcome(report, 0, 1).detail
    assert outcome(report, 0, 2).ok
    assert outcome(report, 1).ok
    assert after.units[0][:3] == [0, 0, 0]


def test_5_a_players_additions_are_taken_shortest_first() -> None:
    # Written longer first: 4-1 crosses 2-3. The shorter, 2-3, is added; 4-1 then crosses it.
    units = {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    state = scenario(strip_map(WITHOUT_2_3), mine=units, owned={(0, 1, 2): 0, (3, 4, 5): 0})
    after, report = play(state, "ADD_PATH 4 3 5 1;ADD_PATH 2 0 1 3")
    assert [o.action.args[3] for o in report.outcomes] == [3, 1]
    assert outcome(report, 0, 0).ok and not outcome(report, 0, 1).ok
    assert ((2, 3) in after.layout.paths_of(after.paths)) and (1, 4) not in (
        after.layout.paths_of(after.paths)
    )


def test_5_crossing_additions_of_equal_length_player_0s_is_added() -> None:
    # A square 0 1 / 2 3 with a triangle on each side; its diagonals are equally long.
    houses = [(0, 0), (250, 0), (0, 250), (250, 250), (-150, 125), (400, 125)]
    paths = [(0, 1), (0, 2), (1, 3), (2, 3), (0, 4), (2, 4), (1, 5), (3, 5)]
    square = GameMap.build(houses, paths, [[0] * 6, [0] * 6])
    left, right = ((0, 2, 4), "ADD_PATH 0 2 4 3", (0, 3)), ((1, 3, 5), "ADD_PATH 1 3 5 2", (1, 2))
    # Either player on either side: player 0's diagonal is the one added.
    for mine, theirs in ((left, right), (right, left)):
        state = scenario(
            square,
            mine=dict.fromkeys(mine[0], 1),
            theirs=dict.fromkeys(theirs[0], 1),
            owned={mine[0]: 0, theirs[0]: 1},
        )
        after, report = play(state, mine[1], theirs[1])
        assert outcome(report, 0).ok
        assert "equally long" in outcome(report, 1).detail
        assert after.layout.paths_of(after.paths) == sorted([*paths, mine[2]])


# 6. A triangle destroyed earlier in the turn can still be used for REMOVE_PATH.


def test_6_a_destroyed_triangle_still_removes_a_path() -> None:
    state = scenario(
        mine={0: 1, 1: 1, 2: 1, 4: 1, 5: 1, 6: 1},
        theirs={2: 1, 3: 1, 4: 1},
        owned={(0, 1, 2): 0, (4, 5, 6): 0, (2, 3, 4): 1},
    )
    # Step 1: player 1 removes 2-1, a side of player 0's triangle 0 1 2. Step 2: player 0
    # still uses that triangle to remove 2-4.
    after, report = play(state, "REMOVE_PATH 5 4 6 3;REMOVE_PATH 2 0 1 4", "REMOVE_PATH 2 3 4 1")
    assert outcome(report, 1).ok
    assert outcome(report, 0, 1).ok
    paths = after.layout.paths_of(after.paths)
    assert (1, 2) not in paths and (2, 4) not in paths
    assert after.units[0][:3] == [0, 0, 0]


# 7. Repeated house ids name the first triangle holding them; costs on its corners.


def test_7_repeated_ids_name_the_first_triangle_holding_the_houses() -> None:
    state = scenario(mine={1: 1, 2: 2, 3: 1}, theirs={5: 2, 6: 1}, owned={(1, 2, 3): 0})
    # "2 2 3": the first triangle with houses 2 and 3 is 1 2 3; the cost is paid on 1, 2, 3.
    after, report = play(state, "ATTACK 2 2 3 5")
    assert outcome(report, 0).ok
    assert after.units[0][1:4] == [0, 1, 0]
    assert after.units[1][5] == 0
    # "1 1 2" names 0 1 2 (the first with houses 1 and 2), not player 0's 1 2 3.
    state = scenario(mine={1: 1, 2: 1, 3: 1}, theirs={6: 2}, owned={(1, 2, 3): 0})
    after, report = play(state, "SPAWN 1 1 2")
    assert "triangle 0 1 2 is not yours" in outcome(report, 0).detail
    after, report = play(state, "SPAWN 3 3 3")
    assert outcome(report, 0).ok and after.units[0][3] == 2


# 8. ADD_PATH h1 h2 h3 h1: the house becomes its own neighbour.


def test_8_adding_a_path_to_the_first_corner_makes_a_self_loop() -> None:
    state = scenario(mine={0: 2, 1: 1, 2: 1}, theirs={6: 2}, owned={(0, 1, 2): 0})
    after, report = play(state, "ADD_PATH 0 1 2 0")
    assert outcome(report, 0).ok
    assert after.units[0][:3] == [1, 0, 0]  # paid
    assert owner_of(after, (0, 1, 2)) == -1
    assert after.adjacency()[0] == [0, 1, 2]
    assert after.paths == state.paths  # not a path: never printed
    assert turn_input(after, 0) == turn_input(_with_loops(after, 0), 0)
    # It cannot be removed, nor added again.
    again = scenario(mine={0: 1, 1: 1, 2: 1}, owned={(0, 1, 2): 0})
    again.loops = after.loops
    _, report = play(again, "REMOVE_PATH 0 1 2 0")
    assert "side of the triangle" in outcome(report, 0).detail
    _, report = play(again, "ADD_PATH 0 1 2 0")
    assert "already exists" in outcome(report, 0).detail


def test_8_a_self_loop_changes_ownership_and_surrounding() -> None:
    # House 0's neighbours 1 and 2 have player 1's majority: without the loop, player 0's
    # unit on 0 dies and house 0 is player 1's. With it, house 0 is its own neighbour.
    plain = scenario(mine={0: 1, 6: 2}, theirs={1: 1, 2: 1})
    assert plain.house_owners()[0] == 0
    after, _ = play(plain)
    assert after.units[0][0] == 0
    looped = scenario(mine={0: 1, 6: 2}, theirs={1: 1, 2: 1})
    looped.set_loops(1)
    after, _ = play(looped)
    assert after.units[0][0] == 1
    empty = scenario(mine={6: 2}, theirs={1: 1, 2: 1})
    assert empty.house_owners()[0] == 1
    empty.set_loops(1)
    assert empty.house_owners()[0] == -1


def _with_loops(state: State, loops: int) -> State:
    other = state.copy()
    other.set_loops(loops)
    return other


# 9. Protocol quirks reach the referee: a bad house id or a negative amount voids one command.


def test_9_a_house_out_of_range_or_a_negative_amount_voids_only_that_command() -> None:
    state = scenario(mine={0: 3}, theirs={6: 2})
    after, report = play(state, "MOVE 0 99 1;move 0 1 -1;MOVE 0 1 1")
    assert "no house 99" in outcome(report, 0, 0).detail
    assert "at least 1" in outcome(report, 0, 1).detail
    assert outcome(report, 0, 2).ok
    assert after.units[0][:2] == [2, 1]


# 10. Paths may pass through a house when three houses are in a row.


def test_10_a_path_through_a_house_in_a_row_can_be_added() -> None:
    # 1 (100,170), 3 (300,170), 5 (500,170) are in a row; 1-5 is 400 long.
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 2}, owned={(0, 1, 2): 0})
    assert turn_input(state, 0).endswith("1\n1 5\n")  # the only linkable pair
    after, report = play(state, "ADD_PATH 1 0 2 5")
    assert outcome(report, 0).ok
    assert (1, 5) in after.layout.paths_of(after.paths)


def test_10_drawn_the_other_way_the_same_path_is_blocked() -> None:
    # The referee's side test depends on the direction when a house is exactly on the
    # path: from 5 toward 1, the paths 2-3 and 3-4 (ending on house 3) block it.
    state = scenario(mine={3: 1, 4: 1, 5: 1}, theirs={0: 2}, owned={(3, 4, 5): 0})
    _, report = play(state, "ADD_PATH 5 3 4 1")
    assert "would cross a path" in outcome(report, 0).detail


# 11. Three houses in a row make a triangle unless another house stands on their line.


def test_11_houses_in_a_row_are_no_triangle_with_a_fourth_house_on_their_line() -> None:
    # 0, 2, 4 and 6 stand in a row (y = 0). The path 4-0 passes through house 2, so
    # 0, 2, 4 are pairwise joined; the referee's side test puts every house on their
    # line inside them, house 6 too though it lies beyond 4: no triangle (0 2 4).
    state = scenario(mine={4: 1, 5: 1, 6: 1}, theirs={3: 2}, owned={(4, 5, 6): 0})
    after, report = play(state, "ADD_PATH 4 5 6 0")
    assert outcome(report, 0).ok
    assert (0, 4) in after.layout.paths_of(after.paths)
    assert after.triangle_of((0, 2, 4)) < 0
    assert "\n0 2 4 " not in turn_input(after, 0)


def test_11_three_houses_alone_in_a_row_are_a_triangle() -> None:
    # 1, 3, 5 are alone on their line (y = 170): once 1-5 joins them they list as one.
    state = scenario(mine={0: 1, 1: 1, 2: 1}, theirs={6: 2}, owned={(0, 1, 2): 0})
    after, report = play(state, "ADD_PATH 1 0 2 5")
    assert outcome(report, 0).ok
    assert after.triangle_of((1, 3, 5)) >= 0
    assert "\n1 3 5 " in turn_input(after, 0)
