"""Match records played by seeded random moves, for the analysis tests."""

from __future__ import annotations

import random

from triad.cards import builtin_set
from triad.match import MatchConfig, deal_match
from triad.notation import MatchRecord, Replay, replay
from triad.rules import RuleSet
from triad.state import Move

CARDS = builtin_set()


def random_record(names: list[str], seed: int) -> tuple[MatchRecord, Replay]:
    """A whole match of the Houses set (every Sudden Death rematch too) played at random."""
    rules = RuleSet.parse(names)
    match = deal_match(MatchConfig(rules, CARDS), seed)
    rng = random.Random(seed)
    state = match.start()
    games: list[tuple[Move, ...]] = []
    round_ = 0
    while True:
        moves = []
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state, _ = state.apply(move)
        games.append(tuple(moves))
        round_ += 1
        again = match.rematch(state, round_)
        if again is None:
            break
        state = again
    record = MatchRecord(CARDS.id, seed, rules, games=tuple(games))
    return record, replay(record, CARDS)
