"""Every function a worker lets the page call takes typed requests, and a malformed
request is answered with an error envelope naming the field, never a traceback."""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
from typing import Any

import pytest

from triad import wire
from triad.api import Exports
from triad.cpu import service as cpu_service
from triad.worker import botrunner
from triad.worker import engine as worker
from triad.worker import referee as catch_worker

TABLES: dict[str, Exports] = {
    "engine": worker.EXPORTS,
    "catch": catch_worker.EXPORTS,
    "botrunner": botrunner.EXPORTS,
    "cpu": cpu_service.EXPORTS,
}

#: Every exported function, as (table, name).
EXPORTED = [(table, name) for table, exports in TABLES.items() for name in sorted(exports.names)]

#: Exported functions that take a request object, with its class, its argument's position.
TYPED = [
    (table, name, index, kind)
    for table, name in EXPORTED
    for index, kind in enumerate(TABLES[table].signatures[name].kinds)
    if wire.is_request(kind)
]

#: Values tried where a field must not take them: one of them fits no field type.
ODD_VALUES: list[object] = [True, 7, 2.5, "zzz", [], {"zz": 1}, None]


def sample(kind: Any) -> object:
    """A value that fits ``kind``."""
    if kind is Any or kind is object:
        return {}
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        return [sample(a) for a in args]
    if origin in (typing.Union, __import__("types").UnionType):
        return sample(next(a for a in args if a is not type(None)))
    if wire.is_request(kind):
        return valid(kind)
    for value in ("x", 1, 1.5, True, [], {}):
        if wire._fits(value, kind):
            return value
    raise AssertionError(f"no sample for {kind!r}")


def valid(kind: type) -> dict[str, object]:
    """A request of ``kind`` with every field there and of the right type."""
    hints = typing.get_type_hints(kind)
    return {f.name: sample(hints[f.name]) for f in dataclasses.fields(kind)}


def call(table: str, name: str, index: int, request: object) -> dict[str, Any]:
    """Call ``name`` with ``request`` (JSON text) at ``index``, text elsewhere."""
    kinds = TABLES[table].signatures[name].kinds
    args = ["{}" for _ in kinds[: index + 1]]
    args[index] = request if isinstance(request, str) else json.dumps(request)
    reply = json.loads(TABLES[table].functions[name](*args))
    assert isinstance(reply, dict)
    return reply


@pytest.mark.parametrize(("table", "name"), EXPORTED)
def test_every_exported_function_declares_what_it_takes(table: str, name: str) -> None:
    exports = TABLES[table]
    signature = exports.signatures[name]
    function = exports.functions[name]
    assert callable(function)
    parameters = list(inspect.signature(function).parameters)
    assert len(parameters) == len(signature.kinds)
    for parameter, kind in zip(parameters, signature.kinds, strict=True):
        assert kind is str or wire.is_request(kind), (name, parameter, kind)
        # Text taken as it is is a document with a reader of its own, never a request.
        if kind is str:
            assert not parameter.endswith(("_json", "request")), (name, parameter)
    # Each request class says what it is for.
    for kind in signature.kinds:
        if wire.is_request(kind):
            assert kind.__doc__ and not kind.__doc__.startswith(kind.__name__ + "(")


def test_the_page_calls_only_what_is_exported() -> None:
    for exports in TABLES.values():
        assert exports.names == set(exports.signatures) == set(exports.functions)
    assert worker.exported("play") and worker.exported("collection_load")
    assert not worker.exported("collection_prepare")  # wrapped by collection_start
    assert not worker.exported("view_of")


@pytest.mark.parametrize(("table", "name", "index", "kind"), TYPED)
def test_a_malformed_request_gets_a_clear_error(
    table: str, name: str, index: int, kind: type
) -> None:
    for text, said in (
        ("not json", "the request is not valid JSON"),
        ("[1, 2]", "the request must be a JSON object"),
        ('"text"', "the request must be a JSON object"),
    ):
        reply = call(table, name, index, text)
        assert reply["ok"] is False and reply["error"].startswith(f"{name}: {said}"), reply
    hints = typing.get_type_hints(kind)
    good = valid(kind)
    for field in dataclasses.fields(kind):
        field_type = hints[field.name]
        required = field.default is dataclasses.MISSING and (
            field.default_factory is dataclasses.MISSING
        )
        if required:
            lacking = {k: v for k, v in good.items() if k != field.name}
            reply = call(table, name, index, lacking)
            assert reply["ok"] is False, (name, field.name)
            assert reply["error"] == (
                f"{name}: the request lacks '{field.name}' ({wire.describe(field_type)})"
            )
        odd = [v for v in ODD_VALUES if not wire._fits(v, field_type)]
        if not odd:
            continue  # any value fits (a document its own reader checks)
        reply = call(table, name, index, {**good, field.name: odd[0]})
        assert reply["ok"] is False, (name, field.name, odd[0])
        assert reply["error"].startswith(f"{name}: '{field.name}' must be "), reply


def test_the_error_says_what_the_field_holds() -> None:
    reply = json.loads(worker.play(json.dumps({"card": 0, "cell": "x"})))
    assert reply == {
        "ok": False,
        "error": "play: 'cell' must be a whole number, not \"x\"",
        "code": "",
        "kind": "invalid",
    }
    reply = json.loads(worker.new_match(json.dumps({"rules": "open", "seed": 1})))
    assert reply["error"] == "new_match: 'rules' must be a list of texts, not \"open\""
    reply = json.loads(worker.new_match(json.dumps({"rules": [], "seed": 1, "level_range": [1]})))
    assert "'level_range' must be a list of 2 whole numbers or null" in reply["error"]
    reply = json.loads(worker.draft_pick("{}"))
    assert reply["error"] == "draft_pick: the request lacks 'index' (a whole number)"
    reply = json.loads(cpu_service.cpu_reset('{"seed": "7"}'))
    assert reply["error"] == "cpu_reset: 'seed' must be a whole number, not \"7\""


def test_a_well_formed_request_is_read_into_its_class() -> None:
    request = wire.decode(
        worker.DealRequest,
        json.dumps({"rules": ["open"], "seed": 3, "level_range": [2, 4], "extra": 1}),
        "new_match",
    )
    assert request == worker.DealRequest(rules=["open"], seed=3, level_range=(2, 4))
    moved = wire.decode(worker.CpuRequest, '{"budget_ms": 5, "match": null}', "cpu_move")
    assert moved.budget_ms == 5.0 and isinstance(moved.budget_ms, float)
    assert moved.match is None and moved.hint is False
    reply = json.loads(worker.new_match(json.dumps({"rules": ["open"], "seed": 3})))
    assert reply["ok"] and reply["view"]["rules"] == ["open"]


@pytest.mark.parametrize(("table", "name"), EXPORTED)
def test_every_exported_function_declares_its_reply(table: str, name: str) -> None:
    reply = TABLES[table].signatures[name].reply
    assert typing.is_typeddict(reply), (name, reply)
    assert reply.__doc__ and not reply.__doc__.startswith(reply.__name__ + "(")


def reply_keys(kind: Any) -> tuple[set[str], set[str]]:
    """The keys a reply must hold, and all it may hold (``NotRequired`` read from the
    annotations: under postponed annotations ``__required_keys__`` misses it)."""
    hints = typing.get_type_hints(kind, include_extras=True)
    optional = {k for k, v in hints.items() if typing.get_origin(v) is typing.NotRequired}
    every = set(hints)
    return (every - optional if kind.__total__ else set()), every


class Replies:
    """Calls exported functions and checks each success holds what its reply declares."""

    def __init__(self, table: str) -> None:
        self.exports = TABLES[table]
        self.seen: set[str] = set()

    def __call__(self, name: str, *args: object) -> dict[str, Any]:
        texts = [a if isinstance(a, str) else json.dumps(a) for a in args]
        reply = json.loads(self.exports.functions[name](*texts))
        assert reply["ok"] is True, (name, reply)
        kind = self.exports.signatures[name].reply
        keys = set(reply) - {"ok"}
        required, every = reply_keys(kind)
        assert required <= keys <= every, (name, sorted(keys), kind.__name__)
        self.seen.add(name)
        return reply  # type: ignore[no-any-return]


def test_the_engine_workers_replies_hold_what_they_declare() -> None:
    call = Replies("engine")
    assert call("validate", {"rules": ["open"]})["rules"] == ["open"]
    call("new_match", {"rules": ["open", "same"], "seed": 4})
    call("ponder", {"budget_ms": 5})
    call("deal_ahead", {"rules": ["open"], "seed": 8, "level": "master"})
    call("ponder_ahead", {"seed": 8, "budget_ms": 5})
    call("engine_memory")
    view = call("match_record")
    while True:
        move = call("cpu_move", {"hint": True, "budget_ms": 20})
        view = call("play", {"card": move["card"], "cell": move["cell"]})["view"]
        if view["over"]:
            break
    record = call("match_record")["record"]
    assert call("replay_views", record)["steps"][-1]["view"]["over"]
    assert "draft" in call("new_match", {"rules": ["draft"], "seed": 2})
    assert "draft" in call("draft_pick", {"index": 0})
    # A match for cards, from a new save to its settlement.
    save = call("collection_new", {"seed": 5})["save"]
    for name in ("collection_summary", "collection_ladder", "collection_history"):
        call(name, save)
    call("collection_album", save, {"owned": "found"})
    deck = call("collection_deal_deck", save, {"seed": 1})["deck"]
    call("collection_check_deck", save, {"deck": deck})
    request = {"opponent": "old-mabry", "seed": 6, "match_id": "m-1", "deck": deck}
    started = call("collection_start", save, request)
    save, view = started["save"], started["view"]
    resumed = call("collection_resume", save)["view"]  # the same match, a new token
    assert resumed["hands"] == view["hands"] and resumed["match"] != view["match"]
    while not view["over"]:
        move = call("cpu_move", {"hint": True, "budget_ms": 20})
        view = call("play", {"card": move["card"], "cell": move["cell"]})["view"]
        save = call("collection_progress", save)["save"]
    ended = call("collection_end", save)
    assert ended["result"] is not None
    code = call("deal_code_make", {"seed": 9, "rules": ["open"]})["code"]
    assert call("deal_code_read", code)["deal"]["seed"] == 9
    call("replay_export", json.dumps(record))
    assert {"validate", "new_match", "play", "collection_end"} <= call.seen


def test_the_catch_workers_replies_hold_what_they_declare() -> None:
    call = Replies("catch")
    call("new_game", {"slot": "play", "seed": 3, "bot": "random"})
    call("check", {"slot": "play", "line": "WAIT"})
    call("play", {"slot": "play", "line": "WAIT"})
    call("forfeit", {"slot": "play", "reason": "stopped"})
    turns = call("watch", {"bots": ["random", "random"], "seed": 2})["turns"]
    call("frame", {"turn": 0})
    call("frame", {"turn": turns})
    call("replay", {"slot": "watch"})
    assert call.seen == TABLES["catch"].names
