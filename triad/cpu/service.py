"""JSON-string entry points for the page's engine worker (Pyodide).

The worker exports these plain functions to the main thread. They keep one
`Brain` for the match in progress, so the transposition table survives from
turn to turn, and pondering while the human chooses speeds up the CPU's
next answer. Observations are `triad.observe.Observation.to_json()` strings
(the CPU's own view, never the full state); moves come back as
``{"ok": true, "card": hand_index, "cell": 0..8}``.  Every answer is the
envelope of `triad.api` (an error is ``{"ok": false, "error", "code",
"kind"}``): the functions below return plain data, the JSON is made at the
edge.

Typical flow::

    cpu_reset("master", seed, pool_json)          # new match
    cpu_ponder(cpu_view_json, 200)                # repeatedly while the human chooses
    cpu_move(cpu_view_json, 900)                  # the CPU's turn
    cpu_hint(human_view_json, 900)                # F1 / Autoplay

The page's extra workers run this module for `cpu_part` alone: each searches
one part of the moves of master's position (`Brain.search_part`) while the
engine worker searches the first part (`triad.ui.worker.cpu_split`).
"""

from __future__ import annotations

import json

from triad.api import Exports, Values
from triad.cards import Card
from triad.cpu.brain import Brain
from triad.notation import card_from_json, move_to_json
from triad.observe import observation_from_json

__all__ = ["EXPORTS", "cpu_hint", "cpu_memory", "cpu_move", "cpu_part", "cpu_ponder", "cpu_reset"]

#: What the page may call by name (``engine-worker.js`` asks `exported`).
EXPORTS = Exports()
exported = EXPORTS.exported

_state: dict[str, Brain] = {}


@EXPORTS.service
def cpu_reset(level: str = "master", seed: int = 0, pool_json: str = "") -> Values:
    """Start a match: a fresh brain of ``level``; ``pool_json`` lists the cards hidden
    hands are dealt from (JSON list of cards; empty for the whole default set)."""
    pool: list[Card] | None = None
    if pool_json:
        raw = json.loads(pool_json)
        if not isinstance(raw, list):
            raise ValueError("pool: must be a list of cards")
        pool = [card_from_json(c, f"pool[{i}]") for i, c in enumerate(raw)]
    _state["brain"] = Brain(level, seed, pool)
    return {}


@EXPORTS.service
def cpu_move(obs_json: str, budget_ms: float = 900) -> Values:
    """The CPU's move for the observation's viewer: ``{"card": i, "cell": c}``."""
    move = _brain().choose(observation_from_json(json.loads(obs_json)), budget_ms)
    return dict(move_to_json(move))


@EXPORTS.service
def cpu_hint(obs_json: str, budget_ms: float = 900) -> Values:
    """The master move for the observation's viewer (the human): same shape as `cpu_move`."""
    move = _brain().hint(observation_from_json(json.loads(obs_json)), budget_ms)
    return dict(move_to_json(move))


@EXPORTS.service
def cpu_ponder(obs_json: str, budget_ms: float = 200) -> Values:
    """Think for up to ``budget_ms`` about the observed position."""
    _brain().ponder(observation_from_json(json.loads(obs_json)), budget_ms)
    return {}


@EXPORTS.service
def cpu_part(obs_json: str, request_json: str) -> Values:
    """Part ``part`` of ``parts`` of master's search of the observed position (both hands
    known), for up to ``budget_ms``: ``{"card", "cell", "value", "exact"}``, the part's
    best move and its value (exact when the search finished in time)."""
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise ValueError("a request must be a JSON object")
    budget = request.get("budget_ms", 900)
    found = _brain().search_part(
        observation_from_json(json.loads(obs_json)),
        int(request["part"]),
        int(request["parts"]),
        None if budget is None else float(budget),
    )
    return {**move_to_json(found.move), "value": found.value, "exact": found.exact}


@EXPORTS.service
def cpu_memory() -> Values:
    """This worker's memory for the benchmarks: ``{"heap_bytes"}``, the size of its Pyodide
    heap (WebAssembly memory; 0 outside Pyodide) and ``"table"``, the entries of its
    brain's transposition table."""
    try:
        import pyodide_js  # type: ignore[import-not-found]  # (Pyodide only)

        heap = int(pyodide_js._module.HEAP8.length)
    except ImportError:
        heap = 0
    ctx = _brain()._context
    return {"heap_bytes": heap, "table": 0 if ctx is None else len(ctx.solver.table)}


def _brain() -> Brain:
    brain = _state.get("brain")
    if brain is None:
        brain = _state["brain"] = Brain()
    return brain
