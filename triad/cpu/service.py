"""JSON-string entry points for the page's engine worker (Pyodide).

The worker exports these plain functions to the main thread. They keep one
`Brain` for the match in progress, so the transposition table survives from
turn to turn, and pondering while the human chooses speeds up the CPU's
next answer. Each takes one request, a JSON object declared below
(`ResetRequest`, `SeenRequest`), read and checked by `triad.wire` before it
runs; observations are `triad.observe.Observation.to_json()` objects (the
CPU's own view, never the full state); moves come back as ``{"ok": true,
"card": hand_index, "cell": 0..8}``.  Every answer is the envelope of
`triad.api` (an error is ``{"ok": false, "error", "code", "kind"}``): the
functions below return plain data, the JSON is made at the edge.

Typical page flow::

    cpu_reset({"level": "master", "seed": seed, "pool": cards})   # new match
    cpu_ponder({"observation": cpu_view, "budget_ms": 200})       # while the human chooses
    cpu_move({"observation": cpu_view, "budget_ms": 900})         # the CPU's turn
    cpu_hint({"observation": human_view, "budget_ms": 900})       # F1 / Autoplay

The page's extra workers run this module for `cpu_part` alone: each searches
one part of the moves of master's position (`Brain.search_part`) while the
engine worker searches the first part (`triad.worker.engine.cpu_split`), during
master's turn and, in slices, before it (the match beneath the title, the
match dealt ahead). Each worker keeps a brain per match (the request's
``key``; the last `KEPT_MATCHES` are kept), so the match on the table and the
one dealt ahead keep their tables side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from triad.api import Exports
from triad.cards import Card
from triad.cpu.brain import Brain, PartFound
from triad.notation import card_from_json
from triad.observe import Observation, observation_from_json
from triad.wire import NOTHING, Done, Empty

__all__ = [
    "EXPORTS",
    "MemoryReply",
    "MoveReply",
    "PartReply",
    "PartRequest",
    "ResetRequest",
    "SeenRequest",
    "cpu_hint",
    "cpu_memory",
    "cpu_move",
    "cpu_part",
    "cpu_ponder",
    "cpu_reset",
    "part_reply",
]

#: What the page may call by name (``engine-worker.js`` asks `exported`).
EXPORTS = Exports()
exported = EXPORTS.exported

_state: dict[str, Brain] = {}
#: `cpu_part`'s brains by the request's ``key`` (a match), the last used last.
_part_brains: dict[str, Brain] = {}
#: How many matches' brains `cpu_part` keeps (the match in play and the one dealt ahead).
KEPT_MATCHES = 2


@dataclass(frozen=True, kw_only=True)
class ResetRequest:
    """`cpu_reset`: the CPU's level, its seed, and the cards hidden hands are dealt from
    (null: the whole default set)."""

    level: str = "master"
    seed: int = 0
    pool: list[dict[str, Any]] | None = None


@dataclass(frozen=True, kw_only=True)
class SeenRequest:
    """`cpu_move`, `cpu_hint`, `cpu_ponder`: what the player to think for sees
    (`Observation.to_json`), and how long to think at most."""

    observation: dict[str, Any]
    budget_ms: float = 900

    def seen(self) -> Observation:
        return observation_from_json(self.observation)


class MoveReply(TypedDict):
    """`cpu_move`, `cpu_hint`: the move, its card's index in the hand and its cell (0-8)."""

    card: int
    cell: int


@EXPORTS.service
def cpu_reset(request: ResetRequest) -> Done:
    """Start a match: a fresh brain of ``level``, dealing hidden hands from ``pool``."""
    pool: list[Card] | None = None
    if request.pool is not None:
        pool = [card_from_json(c, f"pool[{i}]") for i, c in enumerate(request.pool)]
    _state["brain"] = Brain(request.level, request.seed, pool)
    return {}


@EXPORTS.service
def cpu_move(request: SeenRequest) -> MoveReply:
    """The CPU's move for the observation's viewer: ``{"card": i, "cell": c}``."""
    move = _brain().choose(request.seen(), request.budget_ms)
    return {"card": move.card, "cell": move.cell}


@EXPORTS.service
def cpu_hint(request: SeenRequest) -> MoveReply:
    """The master move for the observation's viewer (the human): same shape as `cpu_move`."""
    move = _brain().hint(request.seen(), request.budget_ms)
    return {"card": move.card, "cell": move.cell}


@EXPORTS.service
def cpu_ponder(request: SeenRequest) -> Done:
    """Think for up to ``budget_ms`` about the observed position."""
    _brain().ponder(request.seen(), request.budget_ms)
    return {}


@dataclass(frozen=True, kw_only=True)
class PartRequest(SeenRequest):
    """`cpu_part`: part ``part`` of ``parts`` of master's search of the observed position
    (``budget_ms`` null: to the end). ``value``: the position's value once every part is
    proven (the part then counts its traps); ``quick``: part 0 looks every move a few
    plies ahead first; ``key``: the match (its brain and table are kept for the next call)."""

    part: int
    parts: int
    budget_ms: float | None = 900  # type: ignore[assignment]  # (null: to the end)
    value: int | None = None
    quick: bool = True
    key: str = ""


class PartReply(TypedDict):
    """`cpu_part`: the part's best move, its value, and whether that value is exact (the
    search finished in time; otherwise the move is the lookahead's); ``trap``: the best
    trap's [chance kept, replies keeping the value] among the part's moves of the asked
    ``value`` (null: none); ``done``: nothing more to search there for this request."""

    card: int
    cell: int
    value: float
    exact: bool
    done: bool
    trap: list[float] | None


def part_reply(found: PartFound) -> PartReply:
    """A part's search (`Brain.search_part`) as `cpu_part` answers it."""
    move = found.move
    return {
        "card": move.card,
        "cell": move.cell,
        "value": found.value,
        "exact": found.exact,
        "done": found.done,
        "trap": None if found.trap is None else list(found.trap),
    }


@EXPORTS.service
def cpu_part(request: PartRequest) -> PartReply:
    """Part ``part`` of ``parts`` of master's search of the observed position (both hands
    known), for up to ``budget_ms``; called again for the same position, it goes on
    from where it got."""
    brain = _part_brains.pop(request.key, None) or Brain()
    _part_brains[request.key] = brain  # (the last used last)
    while len(_part_brains) > KEPT_MATCHES:
        del _part_brains[next(iter(_part_brains))]
    found = brain.search_part(
        request.seen(),
        request.part,
        request.parts,
        request.budget_ms,
        request.value,
        request.quick,
    )
    return part_reply(found)


class MemoryReply(TypedDict):
    """`cpu_memory`: the size of this worker's Pyodide heap (WebAssembly memory; 0 outside
    Pyodide) and the entries of its brain's transposition table."""

    heap_bytes: int
    table: int


@EXPORTS.service
def cpu_memory(_request: Empty = NOTHING) -> MemoryReply:
    """This worker's memory, for the benchmarks (the tables of every match it keeps)."""
    brains = [_brain(), *_part_brains.values()]
    return {"heap_bytes": heap_bytes(), "table": sum(table_size(b) for b in brains)}


def heap_bytes() -> int:
    """The size of this worker's Pyodide heap (WebAssembly memory; 0 outside Pyodide)."""
    try:
        import pyodide_js  # type: ignore[import-not-found]  # (Pyodide only)

        return int(pyodide_js._module.HEAP8.length)
    except ImportError:
        return 0


def table_size(brain: Brain | None) -> int:
    """The entries of a brain's transposition table (0: none yet)."""
    ctx = None if brain is None else brain._context
    return 0 if ctx is None else len(ctx.solver.table)


def _brain() -> Brain:
    brain = _state.get("brain")
    if brain is None:
        brain = _state["brain"] = Brain()
    return brain
