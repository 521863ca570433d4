"""Observations (what a player may see) and the text/JSON notations."""

from __future__ import annotations

import json

import pytest

from triad.cards import builtin_set
from triad.match import MatchConfig, deal_match
from triad.notation import (
    MatchRecord,
    NotationError,
    card_code,
    card_from_code,
    card_from_json,
    card_to_json,
    replay,
    state_from_json,
    state_from_text,
    state_to_json,
    state_to_text,
)
from triad.observe import observation_from_json, observe
from triad.rules import RuleSet, Trade
from triad.state import Move

from .helpers import BLUE, RED, card

HOUSES = builtin_set()


def start(*names: str, seed: int = 5) -> object:
    return deal_match(MatchConfig(RuleSet.parse(names), HOUSES), seed).start()


def test_hidden_hands_stay_hidden() -> None:
    state = start("banner")
    view = observe(state, BLUE)  # type: ignore[arg-type]
    assert view.own_hand == state.hands[BLUE]  # type: ignore[attr-defined]
    assert view.opponent_hand == (None,) * 5 and view.hidden == 5
    text = json.dumps(view.to_json())
    for c in state.hands[RED]:  # type: ignore[attr-defined]
        assert c.id not in text, "a hidden card must not leak into the observation"


def test_open_and_three_open() -> None:
    opened = start("open")
    assert observe(opened, RED).opponent_hand == opened.hands[BLUE]  # type: ignore[arg-type, attr-defined]
    three = start("three_open")
    view = observe(three, BLUE)  # type: ignore[arg-type]
    assert view.hidden == 2
    shown = [i for i in range(5) if three.shown[RED] >> i & 1]  # type: ignore[attr-defined]
    assert [i for i, c in enumerate(view.opponent_hand) if c is not None] == shown


def test_played_cards_become_visible_and_guess_rebuilds_a_state() -> None:
    state = start("three_open", seed=9)
    state, _ = state.apply(state.legal_moves()[0])  # type: ignore[attr-defined]
    view = observe(state, RED if state.to_move is RED else BLUE)  # type: ignore[attr-defined]
    assert len(view.visible_cards) >= 1 + 5 + 3 - 1
    guess = [card("1111")] * view.hidden
    rebuilt = view.with_guess(guess)
    assert rebuilt.board == state.board and rebuilt.to_move == state.to_move  # type: ignore[attr-defined]
    assert observe(rebuilt, view.viewer).own_hand == view.own_hand
    with pytest.raises(ValueError, match="guess needs"):
        view.with_guess([])
    assert observation_from_json(json.loads(json.dumps(view.to_json()))) == view


def test_card_json_and_codes() -> None:
    full = HOUSES.cards[3]
    assert card_from_json(card_to_json(full)) == full
    plain = card("94A1:fire")
    assert card_to_json(plain) == {
        "top": 9,
        "right": 4,
        "bottom": 10,
        "left": 1,
        "affinity": "fire",
    }
    assert card_code(plain) == "94A1:fire" and card_from_code("94A1:fire") == plain
    for bad in ("94A", "9401", "94B1"):
        with pytest.raises(NotationError):
            card_from_code(bad)


def test_state_forms_round_trip() -> None:
    state = start("banner", "power_wall", "three_open", "same", seed=31)
    for _ in range(4):
        state, _ = state.apply(state.legal_moves()[-1])  # type: ignore[attr-defined]
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    text = state_to_text(state, HOUSES)  # type: ignore[arg-type]
    assert text.startswith("triad:1 ") and "\n" not in text
    assert state_from_text(text, HOUSES) == state
    anonymous = state_to_text(state)  # type: ignore[arg-type]
    assert "#" not in anonymous
    with pytest.raises(NotationError, match="unknown card id"):
        state_from_text(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("board"), "missing 'board'"),
        (lambda d: d.update(to_move="green"), "owner must be 'blue' or 'red'"),
        (lambda d: d["hands"].update(blue=[]), "need"),
        (lambda d: d.update(rules=["sticky"]), "unknown rule"),
        (lambda d: d.update(cells=[None]), "must have 9 entries"),
    ],
)
def test_bad_state_json(change: object, message: str) -> None:
    data = state_to_json(start())  # type: ignore[arg-type]
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        state_from_json(data)


def test_match_record_replays_a_draft_and_moves() -> None:
    rules = RuleSet.parse(["draft", "same", "plus", "combo", "banner"])
    match = deal_match(MatchConfig(rules, HOUSES, Trade.ONE), 77)
    draft = match.draft()
    picks = []
    while not draft.is_done:
        picks.append(draft.available[0])
        draft = draft.pick(picks[-1])
    state = match.start(draft.hands)
    moves = []
    while not state.is_terminal:
        legal = state.legal_moves()
        moves.append(legal[len(moves) * 7 % len(legal)])
        state, _ = state.apply(moves[-1])
    record = MatchRecord("houses", 77, rules, Trade.ONE, draft=tuple(picks), games=(tuple(moves),))
    data = json.loads(json.dumps(record.to_json()))
    assert data["format"] == "triad-match" and data["games"][0][0] == moves[0].text
    parsed = MatchRecord.from_json(data)
    assert parsed == record
    played = replay(parsed, HOUSES)
    assert played.states[0][-1] == state and len(played.events[0]) == 9
    bad = dict(data, games=[["0@0", "0@0"]])
    with pytest.raises(NotationError, match="taken"):
        replay(MatchRecord.from_json(bad), HOUSES)
    with pytest.raises(NotationError, match="not 'elements'"):
        replay(parsed, builtin_set("elements"))
    with pytest.raises(NotationError, match="version 1"):
        MatchRecord.from_json({"format": "other"})
    assert Move.from_text(data["games"][0][1]) == moves[1]
