"""What a move would capture, asked of the engine worker before it is played.

* `preview_move({"match", "player", "card", "cell"})` -> ``{"captures"}``: how
  many cards the move of the match in play would capture (Same, Plus and
  Combo included), worked out on the position as it stands without playing it,
  so that a screen reader hears it while the card waits on its space.

A placement's captures depend only on the board, the rules and the card
placed, all of which the player sees: nothing hidden is told. `triad.worker.engine`
exports `EXPORTS` with its own.
"""

from __future__ import annotations

from types import ModuleType

from triad.api import Exports
from triad.capture import EventKind
from triad.state import Move
from triad.worker.messages import MoveRequest, PreviewReply

__all__ = ["EXPORTS", "preview_move"]

#: The functions the engine worker exports besides its own.
EXPORTS = Exports()

#: The events that turn cards over to the placer.
CAPTURES = (EventKind.BASIC, EventKind.BATTLE, EventKind.SAME, EventKind.PLUS, EventKind.COMBO)


def _engine() -> ModuleType:
    """The engine worker's module (imported here when called: it imports this one)."""
    from triad.worker import engine

    return engine


@EXPORTS.service
def preview_move(request: MoveRequest) -> PreviewReply:
    """How many cards a move of the player to move would capture; nothing is played."""
    _, state, player = _engine()._in_play(request)
    if player is not state.to_move:
        raise ValueError(f"it is {state.to_move}'s turn, not {player}'s")
    _, events = state.apply(Move(request.card, request.cell))
    turned = {cell for event in events if event.kind in CAPTURES for cell in event.cells}
    return {"captures": len(turned)}
