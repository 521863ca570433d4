"""The engine's command line: ``python -m triad resolve``.

``resolve`` reads one JSON scenario on stdin and prints one JSON result::

    {"rules": ["same", "combo"],
     "cells": [null, "fire", null, null, null, null, null, null, null],   # optional
     "board": [null, {"card": CARD, "owner": "red"}, ... 9 entries ...],
     "restrictions": [{"cell": 0, "op": "<", "value": 20, "direction": "down"}],  # optional
     "move": {"player": "blue", "card": CARD, "cell": 7}}
    CARD = {"top": 9, "right": 4, "bottom": 9, "left": 1, "affinity": null, "name": "optional"}

An optional ``"description"`` string is ignored (golden files use it).

Output: ``{"board": [...9 entries after the move...], "events": [{"kind": ...,
"cells": [...]}, ...]}`` with kinds place, shift, same, plus, basic, battle,
combo. Cell affinities count only with ``elemental`` or ``banner``;
restrictions only with ``power_wall``.

Bad input exits with status 2 and one line on stderr naming the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from triad.capture import resolve
from triad.notation import (
    NotationError,
    board_from_json,
    board_to_json,
    card_from_json,
    cells_from_json,
    player_from_json,
    restrictions_from_json,
    rules_from_json,
)

__all__ = ["main", "resolve_scenario"]

_SCENARIO_KEYS = {"description", "rules", "cells", "board", "restrictions", "move"}


def resolve_scenario(data: object) -> dict[str, Any]:
    """Resolve one decoded scenario and return the JSON-ready result.

    :raises NotationError: the scenario is malformed, or the move's cell is taken.
    """
    if not isinstance(data, dict):
        raise NotationError("scenario: must be a JSON object")
    unknown = sorted(set(data) - _SCENARIO_KEYS)
    if unknown:
        raise NotationError(f"scenario: unknown field {unknown[0]!r}")
    for key in ("rules", "board", "move"):
        if key not in data:
            raise NotationError(f"scenario: missing {key!r}")
    if not isinstance(data.get("description", ""), str):
        raise NotationError("scenario: 'description' must be a string")
    rules = rules_from_json(data["rules"])
    board = board_from_json(data["board"])
    cells = cells_from_json(data["cells"]) if "cells" in data else (None,) * 9
    restrictions = (
        restrictions_from_json(data["restrictions"]) if "restrictions" in data else (None,) * 9
    )
    move = data["move"]
    if not isinstance(move, dict):
        raise NotationError("move: must be an object")
    for key in ("player", "card", "cell"):
        if key not in move:
            raise NotationError(f"move: missing {key!r}")
    player = player_from_json(move["player"], "move.player")
    card = card_from_json(move["card"], "move.card")
    cell = move["cell"]
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell <= 8:
        raise NotationError(f"move: 'cell' must be an integer 0..8, got {cell!r}")
    if board[cell] is not None:
        raise NotationError(f"move: cell {cell} is already occupied")
    new_board, events = resolve(board, cell, card, player, rules, cells, restrictions)
    return {
        "board": board_to_json(new_board),
        "events": [{"kind": e.kind.value, "cells": list(e.cells)} for e in events],
    }


def main(argv: list[str]) -> int:
    """Run ``resolve`` (``argv[0]``); return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m triad resolve",
        description="Resolve one placement: JSON scenario on stdin, JSON result on stdout.",
    )
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the result")
    args = argv[1:] if argv and argv[0] == "resolve" else argv
    options = parser.parse_args(args)
    try:
        text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read stdin: {exc}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail(f"input is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    try:
        result = resolve_scenario(data)
    except ValueError as exc:
        return _fail(str(exc))
    sys.stdout.write(json.dumps(result, indent=options.indent) + "\n")
    return 0


def _fail(message: str) -> int:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    return 2
