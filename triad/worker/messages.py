"""What the page sends the engine worker and what it answers (`triad.worker.engine`).

Each request is a dataclass, a JSON object read and checked by `triad.wire`
before the worker's function runs: a malformed one is answered with an error
naming the field. Each reply is a TypedDict: the values of a success's
envelope besides ``ok`` (`triad.api`). The page's side of the same calls is
`triad.ui.page.client`, whose functions take each request's fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from triad.collection.service import Summary

# -- requests (JSON objects, read and checked by `triad.wire` before a service runs) --


@dataclass(frozen=True, kw_only=True)
class SetRequest:
    """`validate`: the rules and the card set a match would be dealt from."""

    rules: list[str]
    #: A built-in set's id, or "custom" with the player's own set under ``set``.
    card_set: str = "houses"
    #: The player's own set (its JSON object or file text) when ``card_set`` is "custom".
    set: dict[str, Any] | str | None = None
    #: Level range's band ``[lo, hi]``, or null to draw it.
    level_range: tuple[int, int] | None = None


@dataclass(frozen=True, kw_only=True)
class DealRequest(SetRequest):
    """`new_match`: the settings and the seed a match is dealt from."""

    seed: int
    level: str = "adept"
    #: "cpu" (the CPU plays red) or "hotseat" (two humans).
    mode: str = "cpu"


@dataclass(frozen=True, kw_only=True)
class ResumeRequest(DealRequest):
    """`resume_match`: `new_match`'s request plus the record of the match to play on."""

    record: dict[str, Any] | str


@dataclass(frozen=True, kw_only=True)
class InPlayRequest:
    """A request about the match in play: its token (null: whichever is in play) and
    the player it is for (null: the player to move)."""

    match: int | None = None
    player: str | None = None


@dataclass(frozen=True, kw_only=True)
class MoveRequest(InPlayRequest):
    """`play`: the card (its index in the hand) and the cell (0-8) of a move."""

    card: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class CpuRequest(InPlayRequest):
    """`cpu_move`: the CPU's move (or, with ``hint``, the best move for a human) within
    ``budget_ms`` (null: search to the end)."""

    hint: bool = False
    budget_ms: float | None = 900
    #: Searched in this many parts over workers (`cpu_split`): this call searches part
    #: ``part``, the first unless told (the engine may take a part planned for an extra
    #: worker that did not come up in time).
    parts: int | None = None
    part: int = 0
    #: With ``parts``: the position's value once every part is proven (the first part
    #: then counts its traps, `triad.cpu.service.cpu_part`).
    value: int | None = None
    #: `cpu_split` before the turn: whether the move may be searched in parts at all,
    #: even where the CPU has begun its search whole (`Brain.splittable`).
    ahead: bool = False


@dataclass(frozen=True, kw_only=True)
class PartRequest(InPlayRequest):
    """`think_part`: the CPU (red) searches part ``part`` of ``parts`` of its coming move
    before its turn, for up to ``budget_ms``, in the match in play or, given ``seed``, in
    the match dealt ahead with it; ``value`` as `CpuRequest`'s."""

    part: int = 0
    parts: int
    budget_ms: float = 60
    value: int | None = None
    seed: int | None = None


@dataclass(frozen=True, kw_only=True)
class PonderRequest(InPlayRequest):
    """`ponder`: think about the position for up to ``budget_ms``."""

    budget_ms: float = 60


@dataclass(frozen=True, kw_only=True)
class AheadRequest:
    """`ponder_ahead`: think about the match dealt ahead with ``seed`` for up to ``budget_ms``."""

    seed: int
    budget_ms: float = 60


@dataclass(frozen=True, kw_only=True)
class AheadOpeningRequest:
    """`ahead_opening`: the CPU's opening of the match dealt ahead with ``seed``, thought
    through before it begins: the move master will play there (its card's index in the
    hand, its cell) and its exact value, as the page's search in parts found them; none
    given: the one the engine's own search (`ponder_ahead`) found."""

    seed: int
    card: int | None = None
    cell: int | None = None
    value: int | None = None


@dataclass(frozen=True, kw_only=True)
class OpeningRequest(InPlayRequest):
    """`cpu_opening`: an opening `ahead_opening` answered on an earlier visit, for the
    match in play dealt from the same settings and seed: the move, its value and the id
    of the card it plays."""

    card: int
    cell: int
    value: int
    card_id: str


@dataclass(frozen=True, kw_only=True)
class DraftPickRequest:
    """`draft_pick`: the index of the card taken from the draft's pool."""

    index: int


class CardView(TypedDict):
    """A card as the page draws it (`triad.pageview.card_view`)."""

    id: str
    name: str
    title: str
    level: int
    top: int
    right: int
    bottom: int
    left: int
    affinity: str | None
    #: In a hand: whether the owner's opponent sees it.
    open: NotRequired[bool]


class Slot(TypedDict):
    """A card on the board and its owner ("blue" or "red")."""

    card: CardView
    owner: str


class View(TypedDict):
    """The page's view of a game, the one shape it draws (`triad.pageview.make_view`)."""

    rules: list[str]
    cells: list[str | None]
    restrictions: list[dict[str, Any]]
    board: list[Slot | None]
    hands: dict[str, list[CardView]]
    to_move: str | None
    first: str
    scores: dict[str, int]
    over: bool
    winner: str | None
    round: int
    card_set: dict[str, Any]
    #: The deal's seed and the match's token (the local deal has neither).
    seed: NotRequired[int]
    match: NotRequired[int | None]
    #: The FFXIV rules' marks (`ffxiv_view`).
    forced: NotRequired[dict[str, int | None]]
    typed: NotRequired[dict[str, Any]]
    roulette: NotRequired[str | None]
    swap: NotRequired[list[int] | None]
    #: A daily puzzle's position (`puzzle_steps`).
    puzzle: NotRequired[bool]


# -- replies (the values of a success's envelope besides "ok") ----------------


class SetCheckReply(TypedDict):
    """`custom_set_check`: the set as the page keeps it, and what the page shows of it."""

    set: dict[str, Any]
    info: dict[str, Any]


class DraftView(TypedDict):
    """The draft being picked: the pool, the indices each player took, who picks next."""

    pool: list[CardView]
    blue: list[int]
    red: list[int]
    to_pick: str
    card_set: dict[str, Any]


class DealReply(TypedDict):
    """`new_match`, `draft_pick`: the match's first view, or the draft while it is picked;
    the picks the CPU made meanwhile."""

    view: NotRequired[View]
    draft: NotRequired[DraftView]
    cpu_picks: NotRequired[list[int]]


class ViewReply(TypedDict):
    """`resume_match`: the view of the position reached."""

    view: View


class PlayReply(TypedDict):
    """`play`: the placement's events, the card placed and the new view; after a drawn
    game of Sudden Death, ``rematch`` and the drawn game's last view."""

    events: list[dict[str, object]]
    placed: CardView
    view: View
    rematch: NotRequired[bool]
    drawn: NotRequired[View]


class PreviewReply(TypedDict):
    """`preview_move`: how many cards the move would capture (Same, Plus, Combo included)."""

    captures: int


class MoveReply(TypedDict):
    """`cpu_move`: the move, its card's index in the hand and its cell (0-8); whether it
    is of the best exact value; with ``parts``, the first part's value, whether it is
    done and its trap, as `triad.cpu.service.cpu_part` answers (`cpu_split`)."""

    card: int
    cell: int
    exact: bool
    value: NotRequired[float]
    done: NotRequired[bool]
    trap: NotRequired[list[float] | None]


class SplitReply(TypedDict):
    """`cpu_split`: what the player sees (`Observation.to_json`), or null: no split."""

    observation: dict[str, Any] | None


class PonderReply(TypedDict):
    """`ponder`: whether the CPU has nothing more to think about in this position."""

    done: bool


class OpeningReply(TypedDict):
    """`ahead_opening`, `cpu_opening`: master's first move of a match (its card's index
    in the hand, its cell), its exact value and the id of the card it plays; ``exact``:
    of the best exact value (always: only such a move is answered)."""

    card: int
    cell: int
    value: int
    card_id: str
    exact: bool


class RulesReply(TypedDict):
    """`validate`: the rule names, normalised."""

    rules: list[str]


class RecordReply(TypedDict):
    """`match_record`: the engine's record of the match (`MatchRecord.to_json`)."""

    record: dict[str, Any]


class Step(TypedDict):
    """One step of a replay or of a puzzle's line: the move played (null at a game's
    start), the card placed and its events, and the view after it."""

    game: int
    rematch: bool
    player: str | None
    card: int | None
    cell: int | None
    placed: CardView | None
    events: list[dict[str, object]]
    view: View


class ReplayViews(TypedDict):
    """`replay_views`: the record played back, every step, and the outcome."""

    record: dict[str, Any]
    steps: list[Step]
    summary: dict[str, Any]


class LadderReply(TypedDict):
    """`collection_resume`: the ladder match (`Prepared.to_json`) and its view."""

    match: dict[str, Any]
    view: View


class LadderStartReply(LadderReply):
    """`collection_start`: the match, its view, and the save holding it as active."""

    save: str
    summary: Summary


class PuzzleSteps(TypedDict):
    """`puzzle_steps`: the puzzle and its steps, or null and the tries while it is made."""

    puzzle: dict[str, Any] | None
    steps: NotRequired[list[Step]]
    tries: NotRequired[int]


class EngineMemoryReply(TypedDict):
    """`engine_memory`: this worker's Pyodide heap (0 outside Pyodide) and the entries of
    the transposition tables of the match in play's CPU and of the match dealt ahead's."""

    heap_bytes: int
    table: int
    ahead_table: int


class TournamentStartReply(TypedDict):
    """`tournament_start`: the player's match (`triad.tournament.service.current_match`),
    and its view, or its draft and the CPU's picks while it is drafted."""

    match: dict[str, Any]
    view: NotRequired[View]
    draft: NotRequired[DraftView]
    cpu_picks: NotRequired[list[int]]


class TournamentEndReply(TypedDict):
    """`tournament_end`: the save to write, what the match did, the tournament's view."""

    save: str
    result: dict[str, Any]
    view: dict[str, Any]
