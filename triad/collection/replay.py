"""Replays: match records as JSON files, and every position of a match for a viewer.

A replay file is the engine's match record (`triad.notation.MatchRecord`,
``{"format": "triad-match", "version": 1, ...}``) written as indented JSON.
Reading one validates it twice: its shape (`MatchRecord.from_json`) and
its moves, by replaying them with the engine (`triad.notation.replay`);
a bad file raises `ReplayError` naming what is wrong.

`steps` flattens a replayed match into the list a viewer walks forward and
back: step 0 is the opening position of the first game; each later step
is one placement (its move, the card placed, the ordered events to
animate, the position and score after it); a Sudden Death rematch starts
with a step of its own (``move`` null, ``rematch`` true) holding the new
game's opening position.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from triad.cards import BUILTIN_SETS, CardSet, builtin_set
from triad.collection.jsontext import parse_json
from triad.notation import (
    MatchRecord,
    NotationError,
    Replay,
    card_to_json,
    move_to_json,
    replay,
    state_to_json,
)

__all__ = [
    "MAX_REPLAY_CHARS",
    "ReplayError",
    "export_record",
    "read_record",
    "replay_record",
    "steps",
    "summary",
]

#: Longest replay file read.
MAX_REPLAY_CHARS = 200_000


class ReplayError(ValueError):
    """A replay that cannot be read or played back; the message says what is wrong."""

    #: What the page explains in the player's language (the message is the detail).
    code = "replay_bad"


def read_record(source: str | Mapping[str, Any]) -> MatchRecord:
    """Parse a match record from JSON text or a decoded object (shape only).

    :raises ReplayError: not JSON, too long, or not a match record.
    """
    data: object = source
    if isinstance(source, str):
        data = parse_json(source, "replay", ReplayError, MAX_REPLAY_CHARS)
    try:
        return MatchRecord.from_json(data)
    except NotationError as exc:
        raise ReplayError(f"replay: {exc}") from None


def replay_record(record: MatchRecord, custom_sets: Mapping[str, CardSet] | None = None) -> Replay:
    """Play a record back with the engine: its card set is built in or one of ``custom_sets``.

    :raises ReplayError: an unknown card set, or a pick, move or rematch
        that the replayed match does not allow.
    """
    card_set = _card_set(record.set_id, custom_sets)
    try:
        return replay(record, card_set)
    except NotationError as exc:
        raise ReplayError(f"replay: {exc}") from None


def export_record(record: MatchRecord, custom_sets: Mapping[str, CardSet] | None = None) -> str:
    """The text of a replay file (checked by replaying it first).

    :raises ReplayError: the record does not replay.
    """
    replay_record(record, custom_sets)
    return json.dumps(record.to_json(), indent=1) + "\n"


def steps(record: MatchRecord, played: Replay) -> list[dict[str, Any]]:
    """The flat list of steps of ``record`` replayed as ``played`` (see the module docstring).

    Each step: ``{"game", "ply", "rematch", "player", "move", "card", "events",
    "state", "score": {"blue", "red"}}``; ``player``, ``move`` and ``card``
    are null for the opening step of a game.
    """
    result: list[dict[str, Any]] = []
    for game, states in enumerate(played.states):
        for ply, state in enumerate(states):
            step: dict[str, Any] = {
                "game": game,
                "ply": ply,
                "rematch": game > 0 and ply == 0,
                "player": None,
                "move": None,
                "card": None,
                "events": [],
            }
            if ply > 0:
                before = states[ply - 1]
                move = record.games[game][ply - 1]
                step["player"] = str(before.to_move)
                step["move"] = move_to_json(move)
                step["card"] = card_to_json(before.hands[before.to_move][move.card])
                step["events"] = [e.to_json() for e in played.events[game][ply - 1]]
            blue, red = state.score
            step["state"] = state_to_json(state)
            step["score"] = {"blue": blue, "red": red}
            result.append(step)
    return result


def summary(played: Replay) -> dict[str, Any]:
    """The outcome of a replayed match: ``{"games", "winner", "score": {"blue", "red"}}``."""
    final = played.states[-1][-1] if played.states else None
    winner = None if final is None or final.winner is None else str(final.winner)
    blue, red = (5, 5) if final is None else final.score
    return {"games": len(played.states), "winner": winner, "score": {"blue": blue, "red": red}}


# -- private helpers ---------------------------------------------------------


def _card_set(set_id: str, custom_sets: Mapping[str, CardSet] | None) -> CardSet:
    if custom_sets is not None and set_id in custom_sets:
        return custom_sets[set_id]
    if set_id in BUILTIN_SETS:
        return builtin_set(set_id)
    raise ReplayError(f"replay: it was played with card set {set_id!r}, which is not loaded")
