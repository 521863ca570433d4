"""How a worker's functions answer the page: one envelope, one export list.

The page calls a worker's functions by name with JSON text (or plain text)
and gets JSON text back.  Every answer is an envelope::

    {"ok": true, ...values}
    {"ok": false, "error": "the English message", "code": "save_bad", "kind": "invalid"}

``code`` names the error for the page to explain in the player's language
(`triad.ui.look.text.explain`), "" when it has none; ``kind`` is ``"newer"``
for a file written by a newer version of the game (kept untouched),
``"invalid"`` otherwise.  A service raises `ValueError` (or `KeyError`,
`TypeError`) for bad input, its ``code`` attribute naming the error, and
returns plain data: the envelope and the JSON are made here, at the edge.

A worker module lists what the page may call with an `Exports` table;
``engine-worker.js`` asks it (`Exports.exported`) before calling a name.

The page's side (MicroPython, `triad.ui.page.dom`) makes the same envelope with
`refusal` when a call fails before the worker answers (the worker is gone, a
reply is not JSON), so this module runs under both dialects: no
``__future__`` or typing import outside the ``try`` below, and `ok` (which
writes non-ASCII text as it is, a CPython option) is for workers only.
"""

import json

try:
    from collections.abc import Callable, Mapping
    from typing import Any, TypeVar

    #: What a service returns: the values of the envelope besides ``ok`` (each service
    #: declares them as a TypedDict, its reply).
    Values = dict[str, Any]
    Reply = Mapping[str, Any]
    Function = TypeVar("Function", bound=Callable[..., Any])
except ImportError:  # MicroPython (the page): no typing, and annotations are never read
    pass

__all__ = ["Exports", "answer", "failure", "ok", "refusal", "refused", "success"]

#: The errors a service raises for bad input (anything else is a bug, reported as one).
BAD_INPUT = (ValueError, KeyError, TypeError)


def failure(message: str, code: str = "", kind: str = "invalid") -> "Values":
    """The values of an error's envelope (for a reply the page reads as a dict)."""
    return {"ok": False, "error": message, "code": code, "kind": kind}


def success(**values: "Any") -> "Values":
    """The values of a success's envelope (for a reply the page reads as a dict, or makes of
    several: the parts of a search split over workers)."""
    values["ok"] = True
    return values


def refusal(error: "Exception | str", code: str = "") -> str:
    """The envelope of an error: its message, its own code (else ``code``) and its kind;
    an error that carries a sentence as data (``words``, e.g. the Catch referee's
    refusal of a command) passes it on for the page to say in its language."""
    kind = getattr(error, "kind", "invalid")
    found = getattr(error, "code", "") or code
    values = failure(str(error), found, kind)
    words = getattr(error, "words", None)
    if words:
        values["words"] = words
    return json.dumps(values)


def refused(message: str, **values: "Any") -> str:
    """The envelope of an error with more values besides (in a worker): a bot's turn that
    came to nothing still tells what the bot wrote and how long it took."""
    reply = failure(message)
    reply.update(values)
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


def ok(**values: "Any") -> str:
    """The envelope of a success: ``values`` and ``"ok": true`` (in a worker)."""
    values["ok"] = True
    return json.dumps(values, ensure_ascii=False, separators=(",", ":"))


def answer(run: "Callable[[], Reply]", code: str = "") -> str:
    """Run ``run`` and answer its values, or its error (``code`` when it has none of its own)."""
    try:
        values = run()
    except BAD_INPUT as exc:
        return refusal(exc, code)
    return ok(**values)


class Exports:
    """The functions a worker module lets the page call by name, what each takes and
    what each answers.

    Each argument of an exported function is declared by its annotation
    (`triad.wire`): ``str`` for text taken as it is (a save, a file), a
    request class for a JSON object read and checked before the function
    runs: a malformed request is answered with an error envelope naming the
    field, never raised.  What a success answers besides ``ok`` is a
    TypedDict, the service's return annotation (``reply`` for a function
    that makes its envelope itself).
    """

    def __init__(self) -> None:
        self.names: set[str] = set()
        #: What each exported function takes and answers (`triad.wire.Signature`), by name.
        self.signatures: dict[str, Any] = {}
        #: The exported functions themselves (as the page calls them), by name.
        self.functions: dict[str, Callable[..., Any]] = {}

    def service(
        self, function: "Callable[..., Reply]", name: str = "", code: str = ""
    ) -> "Callable[..., str]":
        """Export a service (as ``name``, else its own name): it takes the page's arguments,
        read as declared, and returns plain values; the envelope and the JSON are made here
        (an error without a code of its own gets ``code``)."""
        import functools

        from triad import wire

        name = name or function.__name__
        signature = wire.signature(function)

        @functools.wraps(function)
        def call(*args: "Any") -> str:
            return answer(lambda: function(*wire.read_args(name, signature, args)), code)

        return self.add(name, call, signature)

    def answering(self, reply: "Any") -> "Callable[[Function], Function]":
        """Export a function that makes its envelope itself, answering ``reply`` (`raw`)."""

        def export(function: "Function") -> "Function":
            return self.raw(function, reply)

        return export

    def raw(self, function: "Function", reply: "Any" = None) -> "Function":
        """Export a function that makes its envelope itself (through `ok`, `refused`...),
        its values ``reply``'s (a TypedDict).

        Its request arguments are read as declared first; a malformed one is
        answered with the error's envelope without calling it.
        """
        import functools

        from triad import wire

        name = function.__name__
        signature = wire.signature(function, reply)
        if all(kind is str for kind in signature.kinds):
            call: Any = function  # text as it is: nothing to read first
        else:

            @functools.wraps(function)
            def call(*args: "Any") -> "Any":
                try:
                    read = wire.read_args(name, signature, args)
                except BAD_INPUT as exc:
                    return refusal(exc)
                return function(*read)

        return self.add(name, call, signature)  # type: ignore[no-any-return]

    def add(self, name: str, function: "Function", signature: "Any") -> "Function":
        """List ``function`` (already wrapped) under ``name``, taking ``signature``."""
        self.names.add(name)
        self.signatures[name] = signature
        self.functions[name] = function
        return function

    def include(self, other: "Exports") -> "dict[str, Callable[..., Any]]":
        """Export every function of another table as it is; returns them by name."""
        for name in sorted(other.names):
            self.add(name, other.functions[name], other.signatures[name])
        return dict(other.functions)

    def exported(self, name: str) -> bool:
        """Whether the page may call ``name``."""
        return name in self.names
