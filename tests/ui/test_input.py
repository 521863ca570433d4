"""The three-step deployment and the keyboard cursor (seed 000)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from triad.ui.table.input import CELL, CONFIRM, HAND, IDLE, Selection


def started(empty: list[int] | None = None, hand: int = 5) -> Selection:
    sel = Selection()
    sel.begin("blue", hand, list(range(9)) if empty is None else empty)
    return sel


def test_card_then_cell_then_same_cell_deploys() -> None:
    sel = started()
    assert sel.phase == HAND
    assert sel.click_card(2) is None and sel.phase == CELL and sel.card == 2
    assert sel.click_cell(5) is None and sel.phase == CONFIRM and sel.cell == 5
    assert sel.click_cell(5) == (2, 5)
    assert sel.phase == IDLE


def test_another_cell_or_card_starts_that_step_over() -> None:
    sel = started()
    sel.click_card(1)
    sel.click_cell(0)
    assert sel.click_cell(8) is None and sel.cell == 8 and sel.phase == CONFIRM
    sel.click_card(3)
    assert sel.card == 3 and sel.cell is None and sel.phase == CELL
    sel.click_cell(8)
    assert sel.click_cell(8) == (3, 8)


def test_occupied_cells_and_missing_cards_are_ignored() -> None:
    sel = started(empty=[1, 2])
    assert sel.click_cell(1) is None and sel.phase == HAND  # no card chosen yet
    sel.click_card(9)
    assert sel.phase == HAND
    sel.click_card(0)
    sel.click_cell(4)
    assert sel.phase == CELL and sel.cell is None


def test_no_input_outside_the_human_turn() -> None:
    sel = Selection()
    assert sel.click_card(0) is None and sel.key("select") is None
    assert sel.phase == IDLE


def test_keyboard_select_confirm_and_cancel() -> None:
    sel = started()
    sel.key("down")
    sel.key("down")
    assert sel.hand_cursor == 2
    sel.key("select")
    assert sel.card == 2 and sel.phase == CELL and sel.cell_cursor == 4
    sel.key("up")
    sel.key("select")
    assert sel.phase == CONFIRM and sel.cell == 1
    sel.key("cancel")
    assert sel.phase == CELL and sel.cell is None
    sel.key("cancel")
    assert sel.phase == HAND and sel.card is None
    sel.key("select")
    sel.key("select")
    assert sel.key("select") == (2, 1)


def test_hand_cursor_wraps() -> None:
    sel = started(hand=3)
    sel.key("up")
    assert sel.hand_cursor == 2
    sel.key("right")
    assert sel.hand_cursor == 0


def test_cursor_skips_taken_cells() -> None:
    # Only the corners are free: the cursor still reaches each of them.
    sel = started(empty=[0, 2, 6, 8])
    assert sel.cell_cursor in (0, 2, 6, 8)
    sel.key("select")
    sel.cell_cursor = 0
    sel.key("right")
    assert sel.cell_cursor == 2
    sel.key("down")
    assert sel.cell_cursor == 8
    sel.key("left")
    assert sel.cell_cursor == 6
    sel.key("up")
    assert sel.cell_cursor == 0
    sel.key("up")
    assert sel.cell_cursor == 0  # nothing further up


def test_cursor_reaches_a_diagonal_cell_past_taken_ones() -> None:
    sel = started(empty=[0, 8])
    sel.key("select")
    sel.cell_cursor = 0
    sel.key("right")
    assert sel.cell_cursor == 8


def test_moving_in_confirm_starts_the_cell_step_over() -> None:
    sel = started()
    sel.key("select")
    sel.key("select")
    assert sel.phase == CONFIRM
    sel.key("left")
    assert sel.phase == CELL and sel.cell is None and sel.cell_cursor == 3


@settings(max_examples=150, deadline=None)
@given(
    empty=st.lists(st.integers(0, 8), min_size=1, max_size=9, unique=True),
    hand=st.integers(1, 5),
    keys=st.lists(
        st.sampled_from(["up", "down", "left", "right", "select", "cancel"]), max_size=40
    ),
)
def test_keys_only_ever_deploy_a_held_card_on_an_empty_cell(
    empty: list[int], hand: int, keys: list[str]
) -> None:
    sel = started(empty=sorted(empty), hand=hand)
    for key in keys:
        move = sel.key(key)
        if move is not None:
            card, cell = move
            assert 0 <= card < hand and cell in empty
            return
        assert sel.cell_cursor in empty


def test_a_forced_card_leaves_only_the_space_to_choose() -> None:
    sel = Selection()
    sel.begin("blue", 4, [0, 4, 8], forced=2)
    assert sel.phase == "cell" and sel.card == 2
    assert sel.click_card(0) is None and sel.card == 2  # another card cannot be chosen
    sel.key("cancel")
    assert sel.phase == "cell" and sel.card == 2  # nothing to step back to
    sel.key("left")
    assert sel.hand_cursor == 2
    assert sel.click_cell(4) is None
    assert sel.click_cell(4) == (2, 4)
