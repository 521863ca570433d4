"""JSON-string entry points for the page's engine worker: analysis and daily puzzles.

Each function takes one JSON string and answers ``{"ok": true, ...}`` or
``{"ok": false, "error": message, "code": code, "kind": kind}`` (the one
envelope of `triad.api`); none raises for bad input.
Both jobs run in short slices (``budget_ms``), so the worker answers other
requests in between and the page can draw a progress bar:

* `analysis_start` ``({"record": RECORD, "side": "blue"})`` ->
  ``{"analysis": TOKEN, "total": N}``: the match record (object or replay
  file text) to analyse, replacing any analysis under way;
* `analysis_step` ``({"analysis": TOKEN, "budget_ms": 150})`` ->
  ``{"review": REVIEW | null, "opening": V, "done": n, "total": N,
  "complete": bool}``: works at most about ``budget_ms`` (one move's
  hidden-card judgement may take longer) and answers the next move's review
  when it is ready (null: call again); ``opening`` is the value of that
  move's game opening, from the analysed side; an old token is refused with
  the code ``stale``;
* `puzzle_day` ``({"date": "YYYY-MM-DD", "budget_ms": 300})`` ->
  ``{"puzzle": PUZZLE}`` (`triad.study.puzzle.daily_json`), or
  ``{"puzzle": null, "tries": n}`` while the day's search goes on: call again.
  Made puzzles are kept for the visit;
* `puzzle_progress` ``(SAVE, {"today": "YYYY-MM-DD"})`` -> ``{"puzzles":
  {"solved", "streak", "best_streak"}}``: the player's puzzles as the
  collection save keeps them;
* `puzzle_solved` ``(SAVE, {"date", "today"})`` -> ``{"save", "puzzles"}``:
  the save with that day's puzzle solved (the page writes it).
"""

from __future__ import annotations

import datetime
import itertools
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict

from triad.api import Exports
from triad.capture import Player
from triad.cards import CardSet
from triad.collection.replay import read_record, replay_record
from triad.collection.save import Puzzles, Save, dump_save, load_save
from triad.cpu.solver import Timeout
from triad.study.analysis import Analyser
from triad.study.puzzle import PuzzleMaker, daily_json, daily_maker, streak

__all__ = [
    "EXPORTS",
    "WRAPPED",
    "analysis_begin",
    "analysis_start",
    "analysis_step",
    "puzzle_day",
    "puzzle_of_day",
    "puzzle_progress",
    "puzzle_solved",
]

#: The services the page calls as they are (the engine worker exports these).
EXPORTS = Exports()
#: The services the engine worker wraps (`analysis_start`, `puzzle_day`).
WRAPPED = Exports()

_tokens = itertools.count(1)
_analysis: dict[str, Any] = {}
_puzzles: dict[str, dict[str, Any]] = {}
_makers: dict[str, PuzzleMaker] = {}

#: Days of puzzles kept made at most (earlier days are made again when asked).
_KEEP = 40


class StaleAnalysisError(ValueError):
    """A step asked of an analysis that another one replaced."""

    code = "stale"


# -- requests (JSON objects, read and checked by `triad.wire` before a service runs) --


@dataclass(frozen=True, kw_only=True)
class AnalysisRequest:
    """`analysis_start`: the match record (an object, or a replay file's text) and the side."""

    record: dict[str, Any] | str
    side: Literal["blue", "red"] = "blue"


@dataclass(frozen=True, kw_only=True)
class AnalysisStep:
    """`analysis_step`: the analysis under way and how long to work at most."""

    analysis: int
    budget_ms: float = 150

    def __post_init__(self) -> None:
        _check_budget(self.budget_ms)


@dataclass(frozen=True, kw_only=True)
class PuzzleDayRequest:
    """`puzzle_day`: the date (``YYYY-MM-DD``) and how long to search at most."""

    date: str
    budget_ms: float = 300

    def __post_init__(self) -> None:
        _date(self.date, "date")
        _check_budget(self.budget_ms)


@dataclass(frozen=True, kw_only=True)
class TodayRequest:
    """`puzzle_progress`: the player's today (``YYYY-MM-DD``), for the streak."""

    today: str

    def __post_init__(self) -> None:
        _date(self.today, "today")


@dataclass(frozen=True, kw_only=True)
class SolvedRequest(TodayRequest):
    """`puzzle_solved`: the date of the puzzle solved, and today."""

    date: str

    def __post_init__(self) -> None:
        super().__post_init__()
        _date(self.date, "date")


# -- replies (the values of a success's envelope besides "ok") ----------------


class AnalysisReply(TypedDict):
    """`analysis_start`: the analysis's token and how many moves it reviews."""

    analysis: int
    total: int


class StepReply(TypedDict):
    """`analysis_step`: the next move's review once ready (null: call again), the value of
    that move's game opening, and how far the analysis has got."""

    review: dict[str, Any] | None
    opening: NotRequired[int]
    total: int
    done: int
    complete: bool


class PuzzleReply(TypedDict):
    """`puzzle_day`: the date's puzzle, or null and the tries so far while it is made."""

    puzzle: dict[str, Any] | None
    tries: NotRequired[int]


class Progress(TypedDict):
    """The player's puzzles: the days solved, the current streak and the best one."""

    solved: list[str]
    streak: int
    best_streak: int


class ProgressReply(TypedDict):
    """`puzzle_progress`."""

    puzzles: Progress


class SolvedReply(ProgressReply):
    """`puzzle_solved`: the save to write, with the day solved."""

    save: str


def analysis_begin(
    request: AnalysisRequest, custom_sets: Mapping[str, CardSet] | None = None
) -> AnalysisReply:
    """Start analysing a match record (see the module docstring).

    ``custom_sets``: card sets of the player's own a record may name.
    """
    record = read_record(request.record)
    played = replay_record(record, custom_sets)
    token = next(_tokens)
    analyser = Analyser(record, played, Player.parse(request.side))
    _analysis.clear()
    _analysis.update(token=token, analyser=analyser)
    return {"analysis": token, "total": analyser.total}


@WRAPPED.service
def analysis_start(request: AnalysisRequest) -> AnalysisReply:
    """`analysis_begin` for a record of the built-in sets only."""
    return analysis_begin(request)


@EXPORTS.service
def analysis_step(request: AnalysisStep) -> StepReply:
    """Go on with the analysis under way (see the module docstring)."""
    if "analyser" not in _analysis or request.analysis != _analysis["token"]:
        raise StaleAnalysisError(f"analysis {request.analysis} is not the one under way")
    analyser: Analyser = _analysis["analyser"]
    reply: StepReply = {"review": None, "total": analyser.total, "done": 0, "complete": False}
    if not analyser.done:
        try:
            review = analyser.step(time.perf_counter() + request.budget_ms / 1000)
        except Timeout:
            pass
        else:
            reply["review"] = review.to_json()
            reply["opening"] = analyser.opening(review.game)
    reply["done"] = len(analyser.reviews)
    reply["complete"] = analyser.done
    return reply


def puzzle_of_day(request: PuzzleDayRequest) -> PuzzleReply:
    """The puzzle of a date, made in slices (see the module docstring)."""
    day = _date(request.date, "date")
    key = day.isoformat()
    made = _puzzles.get(key)
    if made is not None:
        return {"puzzle": made}
    maker = _makers.get(key)
    if maker is None:
        maker = _makers[key] = daily_maker(day)
    deadline = time.perf_counter() + request.budget_ms / 1000
    while not maker.attempt():
        if time.perf_counter() >= deadline:
            return {"puzzle": None, "tries": maker.attempts}
    data = daily_json(day, maker.puzzle())
    del _makers[key]
    if len(_puzzles) >= _KEEP:
        _puzzles.pop(next(iter(_puzzles)))
    _puzzles[key] = data
    return {"puzzle": data}


puzzle_day = WRAPPED.service(puzzle_of_day, "puzzle_day")


@EXPORTS.service
def puzzle_progress(save_text: str, request: TodayRequest) -> ProgressReply:
    """The puzzles solved, the current streak and the best one (see the module docstring)."""
    save = load_save(save_text)
    return {"puzzles": _progress(save, _date(request.today, "today"))}


@EXPORTS.service
def puzzle_solved(save_text: str, request: SolvedRequest) -> SolvedReply:
    """The save with a day's puzzle solved (see the module docstring)."""
    save = load_save(save_text)
    day = _date(request.date, "date")
    today = _date(request.today, "today")
    solved = save.puzzles.solved
    if day.isoformat() not in solved:
        solved = (*solved, day.isoformat())
    current = streak(solved, today)
    puzzles = Puzzles.from_json(
        {"solved": list(solved), "best_streak": max(save.puzzles.best_streak, current)}, "puzzles"
    )
    new = save.with_changes(puzzles=puzzles)
    return {"save": dump_save(new), "puzzles": _progress(new, today)}


# -- private helpers ---------------------------------------------------------


def _progress(save: Save, today: datetime.date) -> Progress:
    solved = save.puzzles.solved
    current = streak(solved, today)
    return {
        "solved": list(solved),
        "streak": current,
        "best_streak": max(current, save.puzzles.best_streak),
    }


def _date(text: str, key: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{key}: must be a date like 2026-11-23, got {text!r}") from None


def _check_budget(value: float) -> None:
    if value <= 0:
        raise ValueError(f"budget_ms: must be a positive number of milliseconds, got {value!r}")
