"""The CodinGame text protocol: exact inputs, command parsing, bad commands."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.catch.helpers import scenario
from triad.catch.bots.standard import World
from triad.catch.mapgen import generate
from triad.catch.protocol import (
    CommandError,
    format_orders,
    initial_input,
    parse_action,
    parse_orders,
    turn_input,
)
from triad.catch.referee import ARITY, WAIT, Action, Orders, new_game

STRIP_PATH_LINES = "11\n0 1\n0 2\n1 2\n1 3\n2 3\n2 4\n3 4\n3 5\n4 5\n4 6\n5 6\n"


def test_initial_input_lists_the_houses() -> None:
    assert initial_input(scenario()) == (
        "7\n0 0 0\n1 100 170\n2 200 0\n3 300 170\n4 400 0\n5 500 170\n6 600 0\n"
    )


def test_turn_input_is_exact_from_both_sides() -> None:
    state = scenario(mine={0: 2, 3: 1}, theirs={6: 1, 3: 1}, owned={(0, 1, 2): 0})
    state.scores = [3, 5]
    triangles = "5\n0 1 2 {} {} {}\n1 2 3 -1 1 1\n2 3 4 -1 1 1\n3 4 5 -1 1 1\n4 5 6 -1 1 1\n"
    assert turn_input(state, 0) == (
        "3 5\n0 2 0\n1 0 0\n2 0 0\n3 1 1\n4 0 0\n5 0 0\n6 0 1\n"
        + STRIP_PATH_LINES
        + triangles.format(0, 0, 1)
        + "1\n1 5\n"  # through house 3: three houses in a row do not block (as on CodinGame)
    )
    assert turn_input(state, 1) == (
        "5 3\n0 0 2\n1 0 0\n2 0 0\n3 1 1\n4 0 0\n5 0 0\n6 1 0\n"
        + STRIP_PATH_LINES
        + triangles.format(1, 1, 0)
        + "1\n1 5\n"
    )


def test_linkable_paths_are_those_that_could_be_added() -> None:
    state = new_game(generate(5))
    layout = state.layout
    lines = turn_input(state, 0).splitlines()
    paths_at = 1 + layout.house_count
    tris_at = paths_at + 1 + int(lines[paths_at])
    links_at = tris_at + 1 + int(lines[tris_at])
    links = [tuple(int(v) for v in line.split()) for line in lines[links_at + 1 :]]
    assert int(lines[links_at]) == len(links) > 0
    n = layout.house_count
    expected = [
        (a, b) for a in range(n) for b in range(a + 1, n) if layout.can_add(state.paths, a, b)
    ]
    assert links == expected


def test_a_bot_reads_exactly_one_turn_of_input() -> None:
    state = new_game(generate(11))
    lines = iter((initial_input(state) + turn_input(state, 1)).splitlines())
    count = int(next(lines))
    world = World([(int(x), int(y)) for _, x, y in (next(lines).split() for _ in range(count))])
    world.read_turn(lambda: next(lines))
    assert next(lines, None) is None
    assert world.mine == state.units[1]
    assert world.theirs == state.units[0]
    assert len(world.tris) == len(state.triangles())
    assert world.paths == state.layout.paths_of(state.paths)


def test_commands_parse_with_message_and_spacing() -> None:
    orders = parse_orders(
        " MOVE 1 2 3 ;SPAWN 4 5 6;; ATTACK 1 2 3 9;ADD_PATH 1 2 3 4;REMOVE_PATH 4 5 6 7;"
        "WAIT;msg  hello world ",
    )
    assert [str(a) for a in orders.actions] == [
        "MOVE 1 2 3",
        "SPAWN 4 5 6",
        "ATTACK 1 2 3 9",
        "ADD_PATH 1 2 3 4",
        "REMOVE_PATH 4 5 6 7",
        "WAIT",
    ]
    assert orders.message == "hello world"
    assert parse_orders("") == Orders()
    assert parse_orders("MSG gl hf") == Orders((), "gl hf")
    assert parse_orders("MOVE 1 2 999999").actions[0].args == (1, 2, 999999)


@pytest.mark.parametrize(
    "command",
    [
        "world",
        "FLY 1 2",
        "MOVE 1 2",
        "MOVE 1 2 3 4",
        "MOVE 1 2 x",
        "MOVE -1 2 3",
        "MOVE 1 2 2147483648",
        "SPAWN 1 2 3 4",
        "ATTACK 1 2 3",
        "REMOVE_PATH 1 2 3 ４",
        "WAIT 1",
        "MOVE 1 2 3,",
        " MSG hi",
        "MSG",
        "MSG\thi",
        "MOVE\u00a01 2 3",
        "MOVE 1 2 -2147483649",
        "MOVE 1 2 --1",
        "LINE 1 2 3",
        "CIRCLE 1 2 x",
        "TEXT 1 2",
        "ATTACK 1 2 3 99999999999",
    ],
)
def test_unrecognised_commands_raise_naming_the_command(command: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_orders(f"WAIT;{command};MSG hi")
    assert caught.value.command == command.strip(" ")
    assert repr(command.strip(" ")) in str(caught.value)


actions = st.sampled_from(sorted(ARITY)).flatmap(
    lambda kind: st.tuples(
        st.just(kind), st.lists(st.integers(0, 49), min_size=ARITY[kind], max_size=ARITY[kind])
    )
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(actions, max_size=8),
    st.text(alphabet="abcdefghij XYZ!?", max_size=20).map(str.strip),
)
def test_orders_round_trip_through_text(specs: list[tuple[str, list[int]]], message: str) -> None:
    orders = Orders(tuple(Action(kind, tuple(args)) for kind, args in specs), message)
    parsed = parse_orders(format_orders(orders))
    assert parsed.message == message
    assert [a for a in parsed.actions if a.kind != WAIT] == [
        a for a in orders.actions if a.kind != WAIT
    ]


def test_parse_action_reads_a_blank_command_as_nothing() -> None:
    assert parse_action("   ") is None
    assert parse_action(" \x01 ") is None  # Java's trim drops every control character
    assert parse_action(" wait ") == Action(WAIT)


# --- the CodinGame referee's parsing, quirk by quirk ---------------------------------------


def test_keywords_are_read_in_any_case() -> None:
    orders = parse_orders("move 1 2 3;Spawn 4 5 6;attack 1 2 3 9;add_path 1 2 3 4;Wait")
    kinds = [a.kind for a in orders.actions]
    assert kinds == ["MOVE", "SPAWN", "ATTACK", "ADD_PATH", "WAIT"]


def test_msg_counts_only_at_the_very_start_of_a_segment_followed_by_a_space() -> None:
    assert parse_orders("MOVE 1 2 3;MSG  hi there ").message == "hi there"
    assert parse_orders("mSg x;MSG last").message == "last"
    assert parse_orders("MSG a;WAIT").message == "a"  # ";" always ends the message
    for line in (" MSG hi", "MSG", "MSG\thi", "MSGhi"):
        with pytest.raises(CommandError):
            parse_orders(line)


def test_messages_are_cut_at_fifty_characters() -> None:
    assert parse_orders("MSG " + "x" * 60).message == "x" * 50
    assert parse_orders("MSG " + "é" * 60).message == "é" * 50


def test_house_ids_out_of_range_and_negative_amounts_still_parse() -> None:
    # The referee skips these commands; only that command is void (see test_referee).
    orders = parse_orders("MOVE 1 99 3;MOVE 1 2 -1;SPAWN 70 1 2")
    assert [a.args for a in orders.actions] == [(1, 99, 3), (1, 2, -1), (70, 1, 2)]


def test_debug_drawings_are_accepted_and_ignored() -> None:
    line = "LINE 0 0 -10 20;rect 1 2 3 4;CIRCLE 5 5 -9;TEXT 10 -20 hello there;MOVE 1 2 3"
    assert parse_orders(line).actions == (Action("MOVE", (1, 2, 3)),)


def test_only_ascii_whitespace_separates_numbers() -> None:
    assert parse_orders("MOVE\t1\x0b2\x0c3").actions == (Action("MOVE", (1, 2, 3)),)
    for line in ("MOVE\u20031 2 3", "MOVE 1 2 \u0663"):
        with pytest.raises(CommandError):
            parse_orders(line)
