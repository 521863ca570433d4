"""Builders shared by the collection tests: saves, records and matches played out."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from triad.cards import CardSet, builtin_set
from triad.collection.ladder import default_ladder
from triad.collection.save import Finished, Save, new_save
from triad.collection.trade import Prepared, prepare_match
from triad.match import MatchConfig, deal_match
from triad.notation import MatchRecord
from triad.rules import RuleSet, Trade
from triad.state import GameState, Move

HOUSES = builtin_set("houses")
LADDER = default_ladder()
Games = list[list[Move]]
#: Two hands for matches with given hands: five low cards (blue), a mixed hand (red).
BLUE_HAND = ["pim-cobble", "sarnai-velk", "tamsin-reed", "jonah-brine", "bede-lark"]
RED_HAND = ["orla-finch", "greta-ironside", "maud-carrow", "lucan-spark", "coral-wynn"]


def rich_save(seed: int = 1, copies: int = 3) -> Save:
    """A save owning ``copies`` of every card with every opponent unlocked (beaten)."""
    save = new_save(seed)
    return save.with_changes(
        cards={c.id: copies for c in HOUSES.cards},
        beaten=tuple(o.id for o in LADDER.opponents),
    )


def play_out(
    record: MatchRecord, card_set: CardSet = HOUSES, seed: int = 0
) -> tuple[Games, GameState]:
    """Play a record's match to the end with random legal moves (Sudden Death included)."""
    hands = None
    if record.hands is not None:
        hands = (
            [card_set.card(i) for i in record.hands[0]],
            [card_set.card(i) for i in record.hands[1]],
        )
    match = deal_match(
        MatchConfig(record.rules, card_set, record.trade, record.level_range),
        record.seed,
        hands=hands,
    )
    rng = random.Random(seed)
    state = match.start()
    games: Games = []
    while True:
        moves: list[Move] = []
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            state, _ = state.apply(move)
            moves.append(move)
        games.append(moves)
        again = match.rematch(state, len(games))
        if again is None:
            return games, state
        state = again


def find_games(
    record: MatchRecord, want: Callable[[Games, GameState], bool], tries: int = 400
) -> tuple[Games, GameState]:
    """The first random play-out (seeds 0, 1, ...) whose games and final state satisfy ``want``."""
    for seed in range(tries):
        games, final = play_out(record, seed=seed)
        if want(games, final):
            return games, final
    raise AssertionError("no play-out found with the wanted result")


def record_of(
    rules: Sequence[str],
    trade: Trade,
    blue: Sequence[str],
    red: Sequence[str],
    seed: int = 5,
) -> MatchRecord:
    """A record of a match played with given hands (no games yet)."""
    return MatchRecord("houses", seed, RuleSet.parse(rules), trade, None, (tuple(blue), tuple(red)))


def finished(
    record: MatchRecord,
    games: Games,
    match_id: str = "m-1",
    opponent: str | None = None,
    picks: Sequence[int] | None = None,
) -> Finished:
    """A finished match from a record and the moves of its games."""
    full = MatchRecord(
        record.set_id,
        record.seed,
        record.rules,
        record.trade,
        record.level_range,
        record.hands,
        record.draft,
        tuple(tuple(g) for g in games),
    )
    return Finished(match_id, opponent, full, None if picks is None else tuple(picks))


def prepared_for(save: Save, opponent: str, seed: int = 3, match_id: str = "m-1") -> Prepared:
    """A ladder match against ``opponent`` with the first 5 owned copies as the deck."""
    chosen = LADDER.opponent(opponent)
    deck = None
    if not chosen.deals_random:
        deck = [card_id for card_id, n in save.cards.items() for _ in range(n)][:5]
    return prepare_match(save, LADDER, opponent, seed, match_id, deck)
