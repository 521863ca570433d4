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
import json
import time
from collections.abc import Mapping
from typing import Any

from triad.api import ok, refusal
from triad.capture import Player
from triad.cards import CardSet
from triad.collection.replay import read_record, replay_record
from triad.collection.save import Puzzles, Save, dump_save, load_save
from triad.cpu.solver import Timeout
from triad.study.analysis import Analyser
from triad.study.puzzle import PuzzleMaker, daily_json, daily_maker, streak

__all__ = ["analysis_start", "analysis_step", "puzzle_day", "puzzle_progress", "puzzle_solved"]

_tokens = itertools.count(1)
_analysis: dict[str, Any] = {}
_puzzles: dict[str, dict[str, Any]] = {}
_makers: dict[str, PuzzleMaker] = {}

#: Days of puzzles kept made at most (earlier days are made again when asked).
_KEEP = 40


class StaleAnalysisError(ValueError):
    """A step asked of an analysis that another one replaced."""

    code = "stale"


def analysis_start(request_json: str, custom_sets: Mapping[str, CardSet] | None = None) -> str:
    """Start analysing a match record (see the module docstring).

    ``custom_sets``: card sets of the player's own a record may name.
    """
    try:
        request = _object(request_json)
        raw = request.get("record")
        record = read_record(raw if isinstance(raw, str) else _object_value(raw, "record"))
        played = replay_record(record, custom_sets)
        side = Player.parse(str(request.get("side", "blue")))
    except ValueError as exc:
        return refusal(exc)
    token = next(_tokens)
    analyser = Analyser(record, played, side)
    _analysis.clear()
    _analysis.update(token=token, analyser=analyser)
    return ok(analysis=token, total=analyser.total)


def analysis_step(request_json: str) -> str:
    """Go on with the analysis under way (see the module docstring)."""
    try:
        request = _object(request_json)
        token = request.get("analysis")
        if "analyser" not in _analysis or token != _analysis["token"]:
            raise StaleAnalysisError(f"analysis {token} is not the one under way")
        analyser: Analyser = _analysis["analyser"]
        budget = _budget(request, 150)
    except ValueError as exc:
        return refusal(exc)
    reply: dict[str, Any] = {"review": None, "total": analyser.total}
    if not analyser.done:
        try:
            review = analyser.step(time.perf_counter() + budget / 1000)
        except Timeout:
            pass
        else:
            reply["review"] = review.to_json()
            reply["opening"] = analyser.opening(review.game)
    reply["done"] = len(analyser.reviews)
    reply["complete"] = analyser.done
    return ok(**reply)


def puzzle_day(request_json: str) -> str:
    """The puzzle of a date, made in slices (see the module docstring)."""
    try:
        request = _object(request_json)
        day = _date(request, "date")
        budget = _budget(request, 300)
    except ValueError as exc:
        return refusal(exc)
    key = day.isoformat()
    made = _puzzles.get(key)
    if made is not None:
        return ok(puzzle=made)
    maker = _makers.get(key)
    if maker is None:
        maker = _makers[key] = daily_maker(day)
    deadline = time.perf_counter() + budget / 1000
    while not maker.attempt():
        if time.perf_counter() >= deadline:
            return ok(puzzle=None, tries=maker.attempts)
    data = daily_json(day, maker.puzzle())
    del _makers[key]
    if len(_puzzles) >= _KEEP:
        _puzzles.pop(next(iter(_puzzles)))
    _puzzles[key] = data
    return ok(puzzle=data)


def puzzle_progress(save_text: str, request_json: str) -> str:
    """The puzzles solved, the current streak and the best one (see the module docstring)."""
    try:
        save = load_save(save_text)
        today = _date(_object(request_json), "today")
    except ValueError as exc:
        return refusal(exc)
    return ok(puzzles=_progress(save, today))


def puzzle_solved(save_text: str, request_json: str) -> str:
    """The save with a day's puzzle solved (see the module docstring)."""
    try:
        save = load_save(save_text)
        request = _object(request_json)
        day = _date(request, "date")
        today = _date(request, "today")
    except ValueError as exc:
        return refusal(exc)
    solved = save.puzzles.solved
    if day.isoformat() not in solved:
        solved = (*solved, day.isoformat())
    current = streak(solved, today)
    puzzles = Puzzles.from_json(
        {"solved": list(solved), "best_streak": max(save.puzzles.best_streak, current)}, "puzzles"
    )
    new = save.with_changes(puzzles=puzzles)
    return ok(save=dump_save(new), puzzles=_progress(new, today))


# -- private helpers ---------------------------------------------------------


def _object(request_json: str) -> dict[str, Any]:
    try:
        data = json.loads(request_json)
    except (TypeError, json.JSONDecodeError):
        raise ValueError("the request is not JSON") from None
    return _object_value(data, "request")


def _object_value(data: object, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: must be a JSON object")
    return data


def _progress(save: Save, today: datetime.date) -> dict[str, Any]:
    solved = save.puzzles.solved
    current = streak(solved, today)
    return {
        "solved": list(solved),
        "streak": current,
        "best_streak": max(current, save.puzzles.best_streak),
    }


def _date(request: dict[str, Any], key: str) -> datetime.date:
    text = request.get(key)
    try:
        if not isinstance(text, str):
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{key}: must be a date like 2026-11-23, got {text!r}") from None


def _budget(request: dict[str, Any], default: float) -> float:
    value = request.get("budget_ms", default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ValueError(f"budget_ms: must be a positive number of milliseconds, got {value!r}")
    return float(value)
