"""Master's guesses of hidden cards: weighted by the opponent's moves, every hand when few."""

from __future__ import annotations

import itertools

import pytest

from tests.cpu.helpers import dealt, exact_values
from triad.capture import Placed, Player
from triad.cards import Card
from triad.cpu import brain as brain_module
from triad.cpu.brain import Brain
from triad.cpu.guess import Sighting, Sightings
from triad.observe import Observation, observe
from triad.rules import RuleSet
from triad.state import GameState, Move, Table

WEAK = Card.of(1, 1, 1, 1)
STRONG = Card.of(9, 9, 9, 9)


def test_a_hand_that_would_have_taken_more_is_less_likely() -> None:
    # Blue's weak cards on the top row; Red placed a weak card in the middle and took nothing.
    table = Table.make(RuleSet.parse([]))
    board = tuple(Placed(WEAK, Player.BLUE) if c < 3 else None for c in range(9))
    sightings = Sightings()
    sightings.seen.append(Sighting(table, board, Player.RED, (), 2, WEAK, 4))
    # the card kept was weak too, or a card that took a top-row card wherever it went
    assert sightings.weight([WEAK]) > 2 * sightings.weight([STRONG])


def test_the_opponents_moves_are_read_from_the_observations() -> None:
    state = dealt([], 41, 0)
    viewer = state.to_move
    sightings = Sightings()
    moves = [Move(0, 4), Move(1, 0), Move(2, 8), Move(0, 2)]
    played_by_opponent = []
    for move in moves:
        if state.to_move is viewer:
            obs = observe(state, viewer)
            sightings.read(obs)
            sightings.played(obs, move)
        else:
            played_by_opponent.append((state.hands[state.to_move][move.card], move.cell))
        state, _ = state.apply(move)
    sightings.read(observe(state, viewer))
    assert [(s.card, s.cell) for s in sightings.seen] == played_by_opponent
    assert all(s.held == 5 - i for i, s in enumerate(sightings.seen))
    # a board that does not follow (a new round) starts the record again
    sightings.read(observe(dealt([], 42, 0), viewer))
    assert sightings.seen == []


def expected_values(obs: Observation, hands: list[tuple[Card, ...]]) -> dict[Move, float]:
    """Each move's exact value averaged over every hand the opponent may hold."""
    totals: dict[Move, float] = {}
    for guess in hands:
        for (card, cell), v in exact_values(obs.with_guess(guess)).items():
            move = Move(card, cell)
            totals[move] = totals.get(move, 0.0) + v
    return {m: v / len(hands) for m, v in totals.items()}


@pytest.mark.parametrize("placed", [4, 5])
def test_master_values_every_possible_hand_when_they_are_few(placed: int) -> None:
    state = dealt(["same"], 70 + placed, placed)
    obs = observe(state, state.to_move)
    extra = (Card.of(5, 5, 5, 5), Card.of(2, 8, 3, 7))
    pool = state.hands[0] + state.hands[1] + extra
    pool += tuple(slot.card for slot in state.board if slot is not None)
    unseen = list(state.hands[state.to_move.other]) + list(extra)
    hands = list(itertools.combinations(unseen, obs.hidden))
    assert 1 < len(hands) <= brain_module.HIDDEN_ENUMERATE
    values = Brain("master", 3, pool).values(obs)
    assert values == pytest.approx(expected_values(obs, hands))


def test_guesses_avoid_every_card_in_sight() -> None:
    state = dealt([], 25, 3)
    obs = observe(state, state.to_move)
    seen = set(obs.visible_cards)
    for wise in (False, True):
        guesses = Brain("master", 1)._guesses(obs, 20, wise, Sightings())
        assert len(guesses) == (20 if not wise else brain_module.HIDDEN_SAMPLES)
        for guess, weight in guesses:
            assert len(guess) == obs.hidden
            assert not seen & set(guess)
            assert all(isinstance(c, Card) for c in guess)
            assert weight > 0


def test_master_plays_whole_hidden_games_reading_the_opponent() -> None:
    state: GameState = dealt(["same", "plus"], 90, 0)
    brains = (Brain("master", 1), Brain("master", 2))
    while not state.is_terminal:
        mover = state.to_move
        state, _ = state.apply(brains[mover].choose(observe(state, mover), None))
    for player in (Player.BLUE, Player.RED):
        assert len(brains[player]._sightings[player].seen) == 4
