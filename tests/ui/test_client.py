"""The page's worker clients against the workers' own `Exports`: every exported function
has one client function, named as it is, sending exactly the fields its request class
declares, with the same defaults."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import json
import typing
from types import ModuleType
from typing import Any

import pytest

from triad import api, wire
from triad.cpu import service as cpu_service
from triad.ui.catch import client as catch_client
from triad.ui.look import text
from triad.ui.page import client
from triad.worker import botrunner
from triad.worker import engine as engine_worker
from triad.worker import referee as referee_worker


class Recorder:
    """A worker that keeps what it was sent and answers a success (`runner`: as the bot
    runner's transport does, with its status first)."""

    def __init__(self, runner: bool = False) -> None:
        self.sent: list[tuple[Any, ...]] = []
        self.runner = runner

    async def call(self, *args: Any) -> Any:
        self.sent.append(args)
        return ("ok", '{"ok": true}') if self.runner else '{"ok": true}'


# Each client module, the export tables of the workers it calls, and its transport's
# arguments after the function's name (the bot runner's calls carry a time limit).
CLIENTS: list[tuple[ModuleType, list[Any]]] = [
    (client, [engine_worker.EXPORTS, cpu_service.EXPORTS]),
    (catch_client, [referee_worker.EXPORTS, botrunner.EXPORTS]),
]


def client_functions(module: ModuleType) -> dict[str, Any]:
    return {name: getattr(module, name) for name in module.__all__}


def sample(name: str) -> Any:
    """A value for parameter `name` that says which parameter it came from."""
    return "<" + name + ">"


def sent_by(function: Any) -> tuple[str, list[Any]]:
    """Call a client function with a sample for every parameter; what it sent: the name
    called and its arguments."""
    recorder = Recorder(runner=function.__name__.startswith("bot_"))
    params = list(inspect.signature(function).parameters)
    args = [recorder] + [sample(p) for p in params[1:]]
    result = function(*args)
    if inspect.isawaitable(result):
        # (Catch's typed replies, a `Turn`..., are not made of the bare success answered here)
        typed = function.__module__ == catch_client.__name__
        with contextlib.suppress(KeyError) if typed else contextlib.nullcontext():
            asyncio.run(_finish(result))
    assert len(recorder.sent) == 1, function.__name__
    name, *rest = recorder.sent[0]
    return name, list(rest)


async def _finish(awaitable: Any) -> Any:
    return await awaitable


def request_fields(kind: Any) -> dict[str, Any]:
    """A request class's fields and their defaults (`inspect.Parameter.empty`: required)."""
    out = {}
    for f in dataclasses.fields(kind):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
        else:
            out[f.name] = inspect.Parameter.empty
    return out


def signature_of(tables: list[Any], name: str) -> Any:
    for table in tables:
        if name in table.signatures:
            return table.signatures[name]
    raise AssertionError(f"{name!r} is exported by no worker the client calls")


CASES = [
    (module, tables, name, f)
    for module, tables in CLIENTS
    for name, f in sorted(client_functions(module).items())
]


@pytest.mark.parametrize(
    ("module", "tables", "name", "function"),
    CASES,
    ids=[f"{m.__name__.rsplit('.', 2)[-2]}.{n}" for m, _, n, _ in CASES],
)
def test_client_function_matches_its_export(
    module: ModuleType, tables: list[Any], name: str, function: Any
) -> None:
    called, args = sent_by(function)
    signature = signature_of(tables, called)
    params = dict(inspect.signature(function).parameters)
    params.pop(next(iter(params)))  # the worker
    assert called == name.removeprefix("bot_"), "a client function is named as its export"
    assert set(params) >= {
        f for kind in signature.kinds if wire.is_request(kind) for f in request_fields(kind)
    }, f"{name} lacks a field of its request"
    # Each argument as the export declares it: text as it is, or a request object
    # holding exactly the request class's fields, with the client's defaults its own.
    assert len(args) >= len(signature.kinds), f"{name} sends too few arguments"
    for position, kind in enumerate(signature.kinds):
        arg = args[position]
        if not wire.is_request(kind):
            assert isinstance(arg, str) and arg.startswith("<"), (name, position)
            continue
        fields = request_fields(kind)
        sent = json.loads(arg)
        assert set(sent) == set(fields), f"{name} sends {sorted(sent)}, not {sorted(fields)}"
        assert sent == {field: sample(field) for field in fields}, f"{name} mixes its fields up"
        for field, default in fields.items():
            mine = params[field].default
            if default is inspect.Parameter.empty:
                assert mine is inspect.Parameter.empty, f"{name}: {field!r} is required"
            else:
                assert mine == default or (mine == () and default == []), (name, field)


@pytest.mark.parametrize(("module", "tables"), CLIENTS, ids=lambda v: getattr(v, "__name__", ""))
def test_every_export_has_a_client_function(module: ModuleType, tables: list[Any]) -> None:
    names = {name.removeprefix("bot_") for name in client_functions(module)}
    main = tables[0]
    missing = sorted(set(main.signatures) - names)
    assert not missing, f"{module.__name__} has no function for {missing}"


def test_each_function_says_its_reply_is_its_exports_typeddict() -> None:
    from collections.abc import Awaitable

    from triad.collection import service as collection
    from triad.friend import service as friend
    from triad.study import service as study
    from triad.tournament import exports as tournament
    from triad.worker import messages

    names = dict(vars(client), Awaitable=Awaitable, collection=collection, cpu=cpu_service)
    names.update(friend=friend, study=study, tournament=tournament, messages=messages)
    tables = [engine_worker.EXPORTS, cpu_service.EXPORTS]
    for name, function in client_functions(client).items():
        reply = signature_of(tables, name).reply
        assert reply is not None, f"{name}'s export declares no reply"
        said = typing.get_type_hints(function, globalns=names)["return"]
        assert said == Awaitable[reply], f"{name} answers {reply.__name__}, not {said}"


def refusal(awaitable: Any) -> client.WorkerError:
    """The error a call raised (it must raise one)."""
    with pytest.raises(client.WorkerError) as caught:
        asyncio.run(_finish(awaitable))
    return caught.value


class Answering:
    """A worker that answers every call with one reply (JSON text)."""

    def __init__(self, reply: Any) -> None:
        self.reply = reply if isinstance(reply, str) else json.dumps(reply)

    async def call(self, *args: Any) -> str:
        return self.reply


def test_a_call_before_the_engine_is_up_is_refused_in_words() -> None:
    error = refusal(client.play(None, card=0, cell=4))
    assert (error.code, error.error, error.words) == (
        "engine_loading",
        client.NOT_UP,
        client.NOT_UP,
    )
    assert error.reply == {
        "ok": False,
        "error": client.NOT_UP,
        "code": "engine_loading",
        "kind": "invalid",
    }


def test_a_reply_that_is_not_json_is_refused() -> None:
    error = refusal(client.match_record(Answering("<html>")))
    assert error.error and error.code == "" and error.words == error.error


def test_a_success_is_its_values() -> None:
    reply = asyncio.run(_finish(client.match_record(Answering({"ok": True, "record": {}}))))
    assert reply["record"] == {}


def test_a_refusal_is_said_in_the_players_words_with_the_workers_as_detail() -> None:
    error = refusal(client.collection_load(Answering(api.failure("line 1: not JSON", "json")), "{"))
    assert error.code == "json" and error.error == "line 1: not JSON"
    assert error.words == text.explain("line 1: not JSON", "json") != error.error


def test_a_deck_refused_by_a_tournament_names_the_card_at_fault() -> None:
    reply = api.failure("over the limits", "deck_five")
    reply["words"] = {"key": "deck_five", "card": "no-such-card"}
    error = refusal(client.tournament_save_deck(Answering(reply), "{}", "mine", []))
    assert error.words == text.t("tr_err_deck_five", card="no-such-card")


@pytest.mark.parametrize(
    ("code", "kind", "raised"),
    [
        ("stale", "invalid", client.Stale),
        ("friend_old", "invalid", client.NothingNew),
        ("save_newer", "newer", client.Newer),
        ("save_bad", "invalid", client.WorkerError),
    ],
)
def test_an_expected_refusal_raises_its_own_kind(code: str, kind: str, raised: type) -> None:
    error = refusal(client.friend_open(Answering(api.failure("no", code, kind)), "{}", "TF1"))
    assert type(error) is raised and isinstance(error, client.WorkerError)


def test_parts_weighed_together_keep_their_envelopes() -> None:
    refused = api.failure("gone", "stale")
    envelope = asyncio.run(client.settled(client.cpu_move(Answering(refused))))
    assert envelope == refused
    with pytest.raises(client.Stale):
        client.unwrap(envelope)
    assert client.unwrap(api.success(card=1)) == api.success(card=1)


class Runner:
    """The bot runner's transport: `(status, value)` (`triad.ui.catch.dom.BotWorker`)."""

    def __init__(self, status: str, value: str | None) -> None:
        self.outcome = (status, value)

    async def call(self, *args: Any) -> tuple[str, str | None]:
        return self.outcome


def test_a_bots_turn_is_its_values_or_its_refusal_raised() -> None:
    turn = {"ok": True, "line": "WAIT", "ms": 2.5, "stderr": ""}
    reply = asyncio.run(_finish(catch_client.bot_turn(Runner("ok", json.dumps(turn)), "", 50)))
    assert reply["line"] == "WAIT"
    late = refusal(catch_client.bot_turn(Runner("timeout", None), "", 50))
    assert type(late) is catch_client.TimedOut
    crashed = api.failure("Traceback: boom")
    crashed["stderr"] = "boom"
    error = refusal(catch_client.bot_turn(Runner("ok", json.dumps(crashed)), "", 50))
    assert error.error == "Traceback: boom" and error.reply["stderr"] == "boom"
    gone = refusal(catch_client.bot_start(Runner("ok", api.refused("no-jspi")), "print(1)", 50))
    assert type(gone) is catch_client.CannotRun
    # (the worker's call itself failed: the worker died, or the browser refused the call)
    died = refusal(catch_client.bot_start(Runner("error", "Worker was terminated"), "print(", 50))
    assert type(died) is catch_client.Died and died.error == "Worker was terminated"
