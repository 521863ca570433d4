"""The CPU's draft picks: always legal, replayable, aware of the rules, better than the old pick."""

from __future__ import annotations

import pytest

from triad.capture import Player
from triad.cards import Card, builtin_set
from triad.cpu import LEVELS
from triad.cpu.context import Context, View
from triad.cpu.draft import DRAFT_SPECS, DraftModel, draft_pick, pick_values
from triad.match import DraftState, Match, MatchConfig, deal_match
from triad.rules import RuleSet
from triad.state import Table

RULES = [
    ("houses", ["draft"]),
    ("houses", ["draft", "same", "plus", "combo"]),
    ("houses", ["draft", "same_wall", "plus_wall", "battle", "banner"]),
    ("houses", ["draft", "broken_wall", "same"]),
    ("houses", ["draft", "power_wall", "level_range"]),
    ("elements", ["draft", "elemental"]),
    ("houses", ["draft", "reverse", "fallen_ace", "ascension", "swap"]),
    ("houses", ["draft", "chaos", "roulette"]),
]


def deal(card_set: str, names: list[str], seed: int) -> Match:
    return deal_match(MatchConfig(RuleSet.parse(names), builtin_set(card_set)), seed)


def draft_through(match: Match, levels: tuple[str, str]) -> DraftState:
    """The whole draft, blue picking at ``levels[0]`` and red at ``levels[1]``."""
    draft = match.draft()
    while not draft.is_done:
        index = draft_pick(draft, match.table, levels[draft.to_pick], match.seed)
        assert index in draft.available
        draft = draft.pick(index)
    return draft


@pytest.mark.parametrize(("card_set", "names"), RULES, ids=lambda x: "+".join(x))
def test_every_level_drafts_legal_picks_and_replays_them(card_set: str, names: list[str]) -> None:
    for seed in (3, 17):
        match = deal(card_set, names, seed)
        for blue, red in zip(LEVELS, reversed(LEVELS), strict=True):
            draft = draft_through(match, (blue, red))
            assert len(draft.hands[0]) == len(draft.hands[1]) == 5
            assert draft_through(match, (blue, red)) == draft


def test_the_pick_depends_on_the_seed_for_noisy_levels_only() -> None:
    match = deal("houses", ["draft"], 5)
    first = match.draft()
    for level in ("master", "greedy"):
        picks = {draft_pick(first, match.table, level, seed) for seed in range(12)}
        assert len(picks) == 1
    picks = {draft_pick(first, match.table, "random", seed) for seed in range(12)}
    assert len(picks) > 1


def test_bad_level_and_finished_draft_are_refused() -> None:
    match = deal("houses", ["draft"], 1)
    with pytest.raises(ValueError, match="unknown level"):
        draft_pick(match.draft(), match.table, "grandmaster")
    done = draft_through(match, ("greedy", "greedy"))
    with pytest.raises(ValueError, match="over"):
        draft_pick(done, match.table, "master")


def pool_draft(cards: list[Card]) -> DraftState:
    """A draft of ``cards`` padded with plain middling cards to twelve, blue to pick."""
    filler = [Card.of(4, 5, 4, 5), Card.of(5, 4, 5, 4), Card.of(5, 5, 4, 4), Card.of(4, 4, 5, 5)]
    pool = list(cards)
    while len(pool) < 12:
        pool.append(filler[len(pool) % 4])
    return DraftState(tuple(pool), (), (), Player.BLUE)


def table(names: list[str], cells: list[str | None] | None = None) -> Table:
    return Table.make(RuleSet.parse(names), cells, (), Player.RED)


def prefers(draft: DraftState, on: Table, want: int, other: int) -> None:
    """Every level that values picks values ``want`` above ``other``; master takes it."""
    model = DraftModel(draft.pool, on)
    for level, spec in DRAFT_SPECS.items():
        values = pick_values(model, draft, spec)
        assert values[want] > values[other], level
    assert draft_pick(draft, on, "master") == want


def test_two_strong_adjacent_sides_beat_the_same_total_split_apart() -> None:
    # both total 20: one shows 9 and 9 in the bottom-left corner, the other never shows two
    corner, split = Card.of(9, 9, 1, 1), Card.of(9, 1, 9, 1)
    for order in ([split, corner], [corner, split]):
        prefers(pool_draft(order), table(["draft"]), order.index(corner), order.index(split))


def test_reverse_prefers_low_sides() -> None:
    low, high = Card.of(2, 2, 2, 2), Card.of(8, 8, 8, 8)
    prefers(pool_draft([high, low]), table(["draft", "reverse"]), 1, 0)
    prefers(pool_draft([low, high]), table(["draft"]), 1, 0)


def test_a_card_at_home_on_the_cells_affinity_is_preferred() -> None:
    home = Card.of(6, 6, 6, 6, affinity="fire")
    away = Card.of(6, 6, 6, 6, affinity="ice")
    cells: list[str | None] = ["fire", None, "fire", None, "fire", None, "fire", None, None]
    for order in ([away, home], [home, away]):
        draft = pool_draft(order)
        prefers(draft, table(["draft", "elemental"], cells), order.index(home), order.index(away))
        # without the affinity rule the two are the same card: the first is taken
        assert draft_pick(draft, table(["draft"], cells), "master") == 0


def test_ascension_gathers_a_type_and_descension_avoids_types() -> None:
    # the same sides twice: one card of the type most of the pool shares, one without a type
    typed = Card.of(6, 5, 6, 5, affinity="tide")
    plain = Card.of(6, 5, 6, 5)
    kin = [Card.of(4, 5, 4, 5, affinity="tide"), Card.of(5, 4, 5, 4, affinity="tide")] * 3
    for order in ([typed, plain], [plain, typed]):
        draft = pool_draft(order + kin)
        up, down = order.index(typed), order.index(plain)
        prefers(draft, table(["draft", "ascension"]), up, down)
        prefers(draft, table(["draft", "descension"]), down, up)
        # without those rules the two are worth the same: the first is taken
        assert draft_pick(draft, table(["draft"]), "master") == 0


def test_ascension_counts_the_type_in_the_hands() -> None:
    # a pair of hands: the typed card is worth more beside two of its type (Ascension),
    # less under Descension, and the same without either rule
    pool = [
        Card.of(6, 5, 6, 5, affinity="tide"),
        Card.of(4, 5, 4, 5, affinity="tide"),
        Card.of(5, 4, 5, 4, affinity="tide"),
        Card.of(6, 5, 6, 5, affinity="ember"),
        *[Card.of(5, 5, 5, 5)] * 8,
    ]
    against = (4, 5, 6, 7, 8)
    for names, sign in ((["draft", "ascension"], 1), (["draft", "descension"], -1), (["draft"], 0)):
        model = DraftModel(pool, table(names))
        kin = model.worth(0, against, model.shifts((0, 1, 2, 9, 10, *against)))
        alone = model.worth(0, against, model.shifts((0, 9, 10, 11, 3, *against)))
        assert (kin > alone) - (kin < alone) == sign, names


def test_same_counts_sides_that_pair_with_the_pool() -> None:
    # among eleven 3-3-3-3 cards, one more 3-3-3-3 pairs everywhere under Same and
    # 4-4-2-2 (same total) never does; yet 4-4-2-2 is the better card under both
    # rules (exactly: a draw without Same, a card up under Same when its holder
    # moves first, a draw otherwise), and master takes it.
    pairs, corner = Card.of(3, 3, 3, 3), Card.of(4, 4, 2, 2)
    draft = DraftState((pairs, corner, *[Card.of(3, 3, 3, 3)] * 10), (), (), Player.BLUE)
    basic = DraftModel(draft.pool, table(["draft"]))
    same = DraftModel(draft.pool, table(["draft", "same"]))
    assert basic.special[0] == same.special[1] == 0 < same.special[0]
    for names in (["draft"], ["draft", "same"]):
        assert draft_pick(draft, table(names), "master") == 1


def test_same_wall_and_plus_wall_count_the_walls() -> None:
    # among 3-3-3-3 cards, 10-3-1-1 pairs one side at most (its right 3): Same never
    # fires, Same Wall does in the top-left corner (the ace against the top wall)
    ace = Card.of(10, 3, 1, 1)
    pool = (ace, *[Card.of(3, 3, 3, 3)] * 11)
    assert DraftModel(pool, table(["draft", "same"])).special[0] == 0
    assert DraftModel(pool, table(["draft", "same_wall"])).special[0] > 0
    # Plus Wall: its top 10 + 3 equals its right 3 + the wall's 10 in the right column
    plus = DraftModel(pool, table(["draft", "plus"])).special[0]
    assert DraftModel(pool, table(["draft", "plus_wall"])).special[0] > plus


def test_master_drafts_better_hands_than_the_old_pick() -> None:
    # the old pick: the strongest card by level, then side total. Hands are
    # valued exactly (perfect play from the opening), each deal from both seats.
    def old(draft: DraftState) -> int:
        pool = draft.pool
        return min(draft.available, key=lambda i: (-pool[i].level, -pool[i].power, i))

    margins = []
    for seed in range(1, 5):
        match = deal("houses", ["draft"], 300 + seed)
        for seat in (Player.BLUE, Player.RED):
            draft = match.draft()
            while not draft.is_done:
                if draft.to_pick is seat:
                    draft = draft.pick(draft_pick(draft, match.table, "master", match.seed))
                else:
                    draft = draft.pick(old(draft))
            state = match.start(draft.hands)
            ctx = Context(View.of(state))
            value = ctx.solver.value(ctx.position)
            margins.append(value if state.to_move is seat else -value)
    # perfect play draws most drafted games: master must win more than it loses
    assert sum(margins) > 0
    assert sum(m > 0 for m in margins) > sum(m < 0 for m in margins)
