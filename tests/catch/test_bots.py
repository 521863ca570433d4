"""The built-in bots: valid output, and ordered by strength in a seeded round robin."""

import itertools

import pytest

from triad.catch.bots import BUILTIN_BOTS, make_bot
from triad.catch.mapgen import generate
from triad.catch.match import play_match
from triad.catch.players import BuiltinPlayer
from triad.catch.protocol import initial_input, parse_orders, turn_input
from triad.catch.referee import new_game

WEAKEST_FIRST = ("random", "greedy", "planner")
SEEDS = (0, 1)


def test_the_built_in_bots_are_listed_weakest_first() -> None:
    assert BUILTIN_BOTS == WEAKEST_FIRST
    with pytest.raises(ValueError, match="unknown built-in bot"):
        make_bot("nobody")


@pytest.mark.parametrize("name", WEAKEST_FIRST)
def test_bots_answer_the_first_turn_with_recognised_commands(name: str) -> None:
    state = new_game(generate(17))
    for player in (0, 1):
        line = make_bot(name, player).turn(initial_input(state) + turn_input(state, player))
        parse_orders(line)


def test_round_robin_orders_the_bots_by_strength() -> None:
    wins = dict.fromkeys(WEAKEST_FIRST, 0)
    head_to_head = {}
    for weak, strong in itertools.combinations(WEAKEST_FIRST, 2):
        won = {weak: 0, strong: 0}
        for seed in SEEDS:
            game_map = generate(seed)
            for first, second in ((weak, strong), (strong, weak)):
                players = (BuiltinPlayer(first, seed), BuiltinPlayer(second, seed + 1))
                record = play_match(players, game_map)
                assert all("forfeit" not in turn for turn in record.turns)
                winner = record.result.winner
                if winner is not None:
                    won[(first, second)[winner]] += 1
        head_to_head[(weak, strong)] = won
        for name, count in won.items():
            wins[name] += count
    for (weak, strong), won in head_to_head.items():
        assert won[strong] > won[weak], head_to_head
    assert wins["planner"] > wins["greedy"] > wins["random"], wins
