"""Game states: moves, errors, turn order, score and outcome, the shown masks."""

from __future__ import annotations

import pytest

from triad.capture import EventKind, Restriction
from triad.rules import RuleSet
from triad.state import GameState, IllegalMoveError, InvalidMoveError, Move, Outcome, Table

from .helpers import BLUE, RED, card, owners

BLUE_HAND = [card(c) for c in ("1111", "2222", "3333", "9999", "5555")]
RED_HAND = [card(c) for c in ("4444", "6666", "7777", "8888", "AAAA")]


def new(rules: list[str] | None = None, first: str = "blue") -> GameState:
    table = Table.make(RuleSet.parse(rules or []), first=BLUE if first == "blue" else RED)
    return GameState.new(table, BLUE_HAND, RED_HAND)


def test_opening_position() -> None:
    state = new()
    assert state.to_move is BLUE and state.placements == 0 and not state.is_terminal
    assert len(state.legal_moves()) == 45
    assert state.score == (5, 5) and state.outcome is None and state.winner is None
    assert new(first="red").to_move is RED


def test_apply_plays_and_alternates() -> None:
    state = new()
    after, events = state.apply(Move(3, 4))
    assert events[0].kind is EventKind.PLACE and events[0].cells == (4,)
    assert after.to_move is RED and after.hand(BLUE) == tuple(BLUE_HAND[:3] + BLUE_HAND[4:])
    assert owners(after.board) == "....b...."
    assert state.placements == 0, "apply never changes the state it is called on"
    after2, events2 = after.apply(Move(4, 1))  # red's AAAA beats the 9 below it
    assert [e.kind for e in events2] == [EventKind.PLACE, EventKind.BASIC]
    assert owners(after2.board) == ".r..r...."
    assert after2.score == (4, 6)


def test_full_game_ends_after_nine_placements() -> None:
    state = new()
    plies = 0
    while not state.is_terminal:
        state, _ = state.apply(state.legal_moves()[0])
        plies += 1
    assert plies == 9 and state.legal_moves() == []
    assert len(state.hands[BLUE]) == 0 and len(state.hands[RED]) == 1
    blue, red = state.score
    assert blue + red == 10
    assert state.outcome is (
        Outcome.BLUE if blue > red else Outcome.RED if red > blue else Outcome.DRAW
    )
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply(Move(0, 0))


def test_errors_quote_the_move() -> None:
    state, _ = new().apply(Move(0, 4))
    with pytest.raises(IllegalMoveError, match=r"cell 4 is taken; cannot play '1@4'"):
        state.apply(Move(1, 4))
    with pytest.raises(InvalidMoveError, match=r"no card 7"):
        state.apply(Move(7, 0))
    with pytest.raises(InvalidMoveError, match=r"cell must be 0\.\.8, got 9"):
        state.apply(Move(0, 9))
    assert issubclass(IllegalMoveError, ValueError) and issubclass(InvalidMoveError, ValueError)


def test_move_text() -> None:
    assert Move(2, 4).text == "2@4" == str(Move(2, 4))
    assert Move.from_text(" 2@4 ") == Move(2, 4)
    for bad in ("2-4", "x@1", "5@1", "1@9", "@", ""):
        with pytest.raises(InvalidMoveError):
            Move.from_text(bad)


def test_states_are_hashable_and_compare_by_value() -> None:
    a, _ = new().apply(Move(0, 0))
    b, _ = new().apply(Move(0, 0))
    c, _ = new().apply(Move(0, 1))
    assert a == b and hash(a) == hash(b) and a != c
    assert len({a, b, c}) == 2


def test_transpositions_meet() -> None:
    one = new().apply(Move(0, 0))[0].apply(Move(0, 8))[0].apply(Move(0, 2))[0]
    two = new().apply(Move(0, 2))[0].apply(Move(0, 8))[0].apply(Move(0, 0))[0]
    # Different cards reach the same cells only when the same hand cards go there.
    assert one != two
    three = new().apply(Move(1, 2))[0].apply(Move(0, 8))[0].apply(Move(0, 0))[0]
    assert three == one


def test_shown_mask_follows_the_hand() -> None:
    table = Table.make(RuleSet.parse(["three_open"]))
    state = GameState.new(table, BLUE_HAND, RED_HAND, shown=(0b10110, 0b00111))
    after, _ = state.apply(Move(1, 0))  # blue plays its card 1 (shown)
    assert after.shown == (0b1010, 0b00111)
    after, _ = after.apply(Move(3, 1))  # red plays card 3 (hidden)
    assert after.shown == (0b1010, 0b0111)


def test_table_validation() -> None:
    with pytest.raises(ValueError, match="9 affinities"):
        Table.make(RuleSet(), cells=["fire"])
    wall = Restriction.make(0, "<", 20, "down")
    with pytest.raises(ValueError, match="two restrictions on cell 0"):
        Table.make(RuleSet(), restrictions=[wall, wall])
    with pytest.raises(ValueError, match="5 cards"):
        GameState.new(Table.make(RuleSet()), BLUE_HAND[:4], RED_HAND)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((4, "<", 20, "down"), "centre cell"),
        ((0, "!", 20, "down"), "op must be one of"),
        ((0, "<", 41, "down"), r"value must be 1\.\.40"),
        ((0, "<", 20, "up"), r"direction for cell 0 must be one of \['down', 'right'\]"),
        ((1, "<", 20, "left"), r"must be one of \['down'\]"),
        ((9, "<", 20, "up"), r"cell must be 0\.\.8"),
    ],
)
def test_restriction_validation(args: tuple[int, str, int, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Restriction.make(*args)


def test_restriction_meets() -> None:
    assert Restriction.make(0, "=", 20, "down").met(20)
    assert not Restriction.make(0, "=", 20, "down").met(21)
    assert Restriction.make(0, "<", 20, "down").met(19)
    assert not Restriction.make(0, "<", 20, "down").met(20)
    assert Restriction.make(0, ">", 20, "down").met(21)
    assert not Restriction.make(0, ">", 20, "down").met(20)
    assert Restriction.make(8, ">", 20, "up").line == (8, 5, 2)
    assert Restriction.make(8, ">", 20, "left").line == (8, 7, 6)
