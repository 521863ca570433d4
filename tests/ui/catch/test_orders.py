"""The human's orders by clicks: selections, the orders they make, what is highlighted."""

from __future__ import annotations

from tests.ui.catch.helpers import small_match, view_of
from triad.ui.catch.client import Verdict
from triad.ui.catch.orders import Board, Orders, committed, line, rotate


def board(units0: list[int], units1: list[int]) -> Board:
    view = view_of(small_match(units0, units1))
    return Board(view["state"], view["linkable"])


def test_line_spells_the_protocol() -> None:
    assert line([]) == "WAIT"
    assert line([["MOVE", 1, 2, 3], ["SPAWN", 4, 5, 6]]) == "MOVE 1 2 3;SPAWN 4 5 6"
    assert rotate([3, 7, 9], 7) == [7, 3, 9]
    assert committed([["MOVE", 0, 1, 2], ["ATTACK", 0, 1, 2, 4], ["SPAWN", 0, 1, 2]], 6) == [
        3,
        1,
        1,
        0,
        0,
        0,
    ]


def test_a_move_is_a_house_then_a_target_with_the_units_left() -> None:
    b = board([3, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    o = Orders()
    assert o.click_house(b, 0) == {"changed": True}
    assert o.house == 0 and o.amount == 3
    assert o.targets(b) == [1, 2, 5]
    assert o.prompt(b) == ("prompt_move", {"house": 0, "amount": 3})
    assert o.set_amount(b, 9) == {"changed": True} and o.amount == 3
    assert o.set_amount(b, 0) == {"changed": True} and o.amount == 1
    o.set_amount(b, 2)
    assert o.click_house(b, 5) == {"add": ["MOVE", 0, 5, 2]}
    assert o.house == -1  # the selection ends with the order
    o.items.append(["MOVE", 0, 5, 2])
    o.click_house(b, 0)
    assert o.amount == 1  # one unit left to order there
    assert o.click_house(b, 0) == {"changed": True} and o.house == -1  # clicked again: cancelled


def test_a_far_house_is_a_target_too_and_empty_houses_give_a_hint() -> None:
    b = board([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    o = Orders()
    assert o.click_house(b, 3) == {"hint": "hint_no_units"}
    assert o.click_house(b, 4) == {"hint": "hint_no_units"}  # the opponent's units
    o.click_house(b, 0)
    assert o.click_house(b, 4) == {"add": ["MOVE", 0, 4, 1]}  # walks there along the paths


def test_triangle_actions_take_a_corner_or_a_target() -> None:
    b = board([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    o = Orders()
    assert o.click_triangle(b, [1, 2, 3]) == {"hint": "hint_not_your_triangle"}
    assert o.click_triangle(b, [2, 0, 1]) == {"changed": True}
    assert o.tri == [0, 1, 2]
    assert o.prompt(b) == ("prompt_action", {"a": 0, "b": 1, "c": 2})
    assert o.click_house(b, 3) == {"hint": "hint_choose_action"}  # no action, no units there
    assert o.click_house(b, 0) == {"changed": True} and o.house == 0  # switches to a move
    o.click_house(b, 0)
    o.click_triangle(b, [0, 1, 2])
    o.choose(b, "SPAWN")
    assert o.corner_choices(b) == [0, 1, 2]
    assert o.click_house(b, 3) == {"hint": "hint_spawn_corner"}
    assert o.click_house(b, 1) == {"add": ["SPAWN", 1, 0, 2]}

    o.click_triangle(b, [0, 1, 2])
    o.choose(b, "ATTACK")
    assert o.targets(b) == [0, 1, 2, 3, 5]  # every house next to a corner
    assert o.click_house(b, 4) == {"hint": "hint_attack_target"}
    assert o.click_house(b, 3) == {"add": ["ATTACK", 0, 1, 2, 3]}


def test_path_actions_infer_the_corner_when_only_one_fits() -> None:
    b = board([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    o = Orders()
    o.click_triangle(b, [0, 1, 2])
    o.choose(b, "ADD_PATH")
    assert o.targets(b) == [5]  # the only path that could be added: 2-5
    assert o.corner_choices(b) == [2]
    assert o.click_house(b, 5) == {"add": ["ADD_PATH", 2, 0, 1, 5]}

    o.click_triangle(b, [0, 1, 2])
    o.choose(b, "REMOVE_PATH")
    assert o.targets(b) == [3, 5]
    assert o.corner_choices(b) == [0, 1, 2]
    assert o.click_house(b, 3) == {"hint": "hint_which_corner"}  # both 1 and 2 lead to 3
    assert o.click_house(b, 2) == {"changed": True} and o.corner == 2
    assert o.prompt(b) == (
        "prompt_path_target_remove_path",
        {"a": 0, "b": 1, "c": 2, "corner": 2},
    )
    assert o.targets(b) == [3]
    assert o.click_house(b, 5) == {"hint": "hint_path_target"}
    assert o.click_house(b, 3) == {"add": ["REMOVE_PATH", 2, 0, 1, 3]}


def test_marks_follow_the_selection_and_the_game_end() -> None:
    b = board([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    o = Orders()
    marks = o.marks(b)
    assert marks["pick_tris"] == [[0, 1, 2]]
    assert marks["pick_houses"] == [0, 1, 2]
    o.click_house(b, 0)
    assert o.marks(b)["pick_houses"] == list(range(6))  # any house is a destination
    over = small_match([1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0])
    over.fail([(1, "gone")], ("", ""))
    ended = Board(view_of(over)["state"], [])
    assert ended.over
    assert Orders().click_house(ended, 0) == {"hint": "hint_over"}
    assert Orders().marks(ended)["pick_tris"] == []


def test_edits_remove_and_adjust_moves_only() -> None:
    o = Orders()
    o.items = [["MOVE", 0, 1, 2], ["SPAWN", 0, 1, 2]]
    o.checks = [Verdict({"ok": True}), Verdict({"ok": True})]
    assert o.adjust(0, -5) and o.items[0] == ["MOVE", 0, 1, 1]
    assert not o.adjust(0, -1)  # never below one
    assert not o.adjust(1, 1)  # not a move
    assert o.remove(0) and o.items == [["SPAWN", 0, 1, 2]] and len(o.checks) == 1
    assert not o.remove(4)
    o.reset()
    assert o.items == [] and o.line() == "WAIT"


def test_an_order_or_an_edit_stands_only_once_the_referee_takes_it() -> None:
    o = Orders()
    took = Verdict({"player": 0, "action": "MOVE 0 1 2", "ok": True, "detail": "moved"})
    assert o.checked(o.with_order(["MOVE", 0, 1, 2]), [took]) == ""
    assert o.items == [["MOVE", 0, 1, 2]] and o.checks == [took] and o.refusal() == ""
    # An order the referee refuses is not added, and its words say why.
    refused = Verdict({"ok": False, "detail": {"key": "nope", "values": {}, "text": "no unit"}})
    assert o.checked(o.with_order(["MOVE", 3, 4, 1]), [took, refused]) == "no unit"
    assert o.items == [["MOVE", 0, 1, 2]] and o.checks == [took]
    # An edit shows at once, and is undone if the referee refuses the orders after it.
    assert o.adjust(0, 2) and o.items == [["MOVE", 0, 1, 4]]
    assert o.checked(o.items, [refused]) == "no unit"
    assert o.items == [["MOVE", 0, 1, 2]] and o.checks == [took]
    assert o.remove(0) and o.items == []
    o.undo()  # (the referee could not check them)
    assert o.items == [["MOVE", 0, 1, 2]] and o.checks == [took]
