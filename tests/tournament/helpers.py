"""Playing the player's tournament matches through the service, as the page does."""

from __future__ import annotations

from dataclasses import replace

from triad.capture import Player
from triad.cards import builtin_set
from triad.collection.save import Save, dump_save, load_save, new_save
from triad.cpu.brain import Brain
from triad.cpu.draft import draft_pick
from triad.match import MatchConfig, deal_match
from triad.notation import MatchRecord
from triad.observe import observe
from triad.state import Move
from triad.tournament import service

HOUSES = builtin_set("houses")
#: A deck within the limits: one five-star, one four-star, three lower.
DECK = ["sable-ardent", "ulric-hawe", "torvald-ness", "helka-vorn", "garrick-rhee"]


def rich_save(seed: int = 1) -> Save:
    """A save owning two copies of every card."""
    return new_save(seed).with_changes(cards={c.id: 2 for c in HOUSES.cards})


def reload(save: Save) -> Save:
    """The save as the page reads it back after a reload."""
    return load_save(dump_save(save))


def play_my_match(
    save: Save, level: str = "adept", reload_at: int | None = None, seed: int = 5
) -> service.Settled:
    """Play the player's current match to its end with the CPU at ``level`` on the
    player's side, writing the moves after each one (and reloading the save after move
    ``reload_at``, resuming from what it holds), then settle it."""
    current = service.current_match(save)
    record = MatchRecord.from_json(current["record"])
    hands = None
    if record.hands is not None:
        hands = (
            [HOUSES.card(i) for i in record.hands[0]],
            [HOUSES.card(i) for i in record.hands[1]],
        )
    match = deal_match(MatchConfig(record.rules, HOUSES), record.seed, hands=hands)
    picks: list[int] = []
    if match.drafting:
        draft = match.draft()
        while not draft.is_done:
            level_now = level if draft.to_pick is Player.BLUE else "greedy"
            pick = draft_pick(draft, match.table, level_now, record.seed)
            picks.append(pick)
            draft = draft.pick(pick)
        state = match.start(draft.hands)
    else:
        state = match.start()
    brains = (Brain(level, seed, HOUSES.cards), Brain("novice", seed + 1, HOUSES.cards))
    games: list[list[Move]] = [[]]
    played = 0
    while True:
        while not state.is_terminal:
            move = brains[state.to_move].choose(observe(state, state.to_move), None)
            state, _ = state.apply(move)
            games[-1].append(move)
            played += 1
            save = service.progress(save, games, picks)
            if reload_at is not None and played == reload_at:
                save = reload(save)
                resumed = MatchRecord.from_json(service.current_match(save)["record"])
                assert [list(g) for g in resumed.games] == games
                assert list(resumed.draft) == picks
        again = match.rematch(state, len(games))
        if again is None:
            break
        state = again
        games.append([])
    final = replace(record, draft=tuple(picks), games=tuple(tuple(g) for g in games))
    return service.settle(save, final)
