"""Property tests over random games with random rule sets."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from triad.capture import EventKind, Player
from triad.cards import builtin_set
from triad.match import MAX_REMATCHES, MatchConfig, deal_match
from triad.notation import (
    MatchRecord,
    replay,
    state_from_json,
    state_from_text,
    state_to_json,
    state_to_text,
)
from triad.observe import observation_from_json, observe
from triad.prng import Rng
from triad.rules import EXCLUSIVE, Rule, RuleError, RuleSet
from triad.state import GameState, Move

ALL_RULES = list(Rule)
FLIPS = {EventKind.SAME, EventKind.PLUS, EventKind.BASIC, EventKind.BATTLE, EventKind.COMBO}


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    chosen = draw(st.sets(st.sampled_from(ALL_RULES)))
    for first, second in EXCLUSIVE:
        if first in chosen and second in chosen:
            chosen.discard(draw(st.sampled_from([first, second])))
    try:
        return RuleSet(chosen)
    except RuleError as exc:  # pragma: no cover - the strategy avoids these
        raise AssertionError(exc) from None


def start(rules: RuleSet, seed: int) -> tuple[GameState, list[int]]:
    """The first game of a match dealt from ``seed``; drafts pick at random."""
    card_set = builtin_set("elements" if rules.elemental else "houses")
    match = deal_match(MatchConfig(rules, card_set), seed)
    picks: list[int] = []
    if not match.drafting:
        return match.start(), picks
    rng = Rng(seed ^ 0x5A5A)
    draft = match.draft()
    while not draft.is_done:
        choice = draft.available[rng.below(len(draft.available))]
        picks.append(choice)
        draft = draft.pick(choice)
    return match.start(draft.hands), picks


def check_ply(before: GameState, move: Move, after: GameState, events: tuple[object, ...]) -> None:
    mover = before.to_move
    card = before.hands[mover][move.card]
    owner_before = {s.card: s.owner for s in before.board if s is not None}
    owner_after = {s.card: s.owner for s in after.board if s is not None}
    # Dealt cards are distinct, so a card identifies itself even after a shift.
    assert owner_after[card] is mover, "the placed card must stay the placer's"
    flipped = {c for c, o in owner_after.items() if c in owner_before and owner_before[c] is not o}
    for c in flipped:
        assert owner_before[c] is mover.other and owner_after[c] is mover, "only enemy cards flip"
    flip_events = [e for e in events if e.kind in FLIPS]  # type: ignore[attr-defined]
    reported = [cell for e in flip_events for cell in e.cells]  # type: ignore[attr-defined]
    assert len(reported) == len(set(reported)), "a card flips at most once per placement"
    assert {after.board[c].card for c in reported} == flipped  # type: ignore[union-attr]
    rules = before.rules
    kinds = {e.kind for e in events}  # type: ignore[attr-defined]
    if not (rules.same or rules.plus):
        assert EventKind.COMBO not in kinds, "Combo never fires without Same or Plus"
    if not (rules.combo or rules.original):  # (under original Same and Plus always chain)
        assert EventKind.COMBO not in kinds
    if not rules.battle:
        assert EventKind.BATTLE not in kinds
    if not rules.power_wall:
        assert EventKind.SHIFT not in kinds
    assert after.placements == before.placements + 1
    assert sum(after.score) == 10
    assert after.to_move is mover.other


@settings(max_examples=120, deadline=None)
@given(rule_sets(), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_random_games(rules: RuleSet, seed: int, play_seed: int) -> None:
    state, picks = start(rules, seed)
    rng = Rng(play_seed)
    moves: list[Move] = []
    card_set = builtin_set("elements" if rules.elemental else "houses")
    assert sum(state.score) == 10
    while not state.is_terminal:
        legal = state.legal_moves()
        forced = state.forced
        cards = len(state.hands[state.to_move]) if forced is None else 1
        assert len(legal) == cards * (9 - state.placements)
        if state.rules.order:
            assert {m.card for m in legal} == {0}
        if state.rules.chaos:
            assert 0 <= state.drawn < len(state.hands[state.to_move])
            assert {m.card for m in legal} == {state.drawn}
        move = legal[rng.below(len(legal))]
        assert Move.from_text(move.text) == move
        after, events = state.apply(move)
        check_ply(state, move, after, events)
        for viewer in (Player.BLUE, Player.RED):
            seen = observe(state, viewer)
            assert observation_from_json(json.loads(json.dumps(seen.to_json()))) == seen
            shown_mask = state.shown[viewer.other]
            if state.drawn >= 0 and state.to_move is viewer.other:
                shown_mask |= 1 << state.drawn  # Chaos draws are public
            shown = bin(shown_mask).count("1")
            assert seen.hidden == len(state.hands[viewer.other]) - shown
            assert seen.own_hand == state.hands[viewer]
        assert state_from_json(json.loads(json.dumps(state_to_json(after)))) == after
        assert state_from_text(state_to_text(after, card_set), card_set) == after
        moves.append(move)
        state = after
    assert state.placements == 9 and len(moves) == 9
    assert sum(state.score) == 10 and state.outcome is not None
    record = MatchRecord(card_set.id, seed, rules, games=(tuple(moves),), draft=tuple(picks))
    again = replay(MatchRecord.from_json(json.loads(json.dumps(record.to_json()))), card_set)
    assert again.states[0][-1] == state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_sudden_death_is_bounded(seed: int, play_seed: int) -> None:
    rules = RuleSet.parse(["sudden_death", "same", "plus", "combo", "banner"])
    card_set = builtin_set()
    match = deal_match(MatchConfig(rules, card_set), seed)
    state = match.start()
    rng = Rng(play_seed)
    games = 0
    while True:
        games += 1
        while not state.is_terminal:
            legal = state.legal_moves()
            state, _ = state.apply(legal[rng.below(len(legal))])
        first = state.table.first
        again = match.rematch(state, games)
        if again is None:
            break
        assert again.table.first is first.other
        assert sum(again.score) == 10 and len(again.hands[0]) == len(again.hands[1]) == 5
        state = again
    assert games <= MAX_REMATCHES + 1
    assert state.outcome is not None
