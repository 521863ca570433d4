"""How a worker's functions answer the page: one envelope, one export list.

The page calls a worker's functions by name with JSON text (or plain text)
and gets JSON text back.  Every answer is an envelope::

    {"ok": true, ...values}
    {"ok": false, "error": "the English message", "code": "save_bad", "kind": "invalid"}

``code`` names the error for the page to explain in the player's language
(`triad.ui.text.explain`), "" when it has none; ``kind`` is ``"newer"``
for a file written by a newer version of the game (kept untouched),
``"invalid"`` otherwise.  A service raises `ValueError` (or `KeyError`,
`TypeError`) for bad input, its ``code`` attribute naming the error, and
returns plain data: the envelope and the JSON are made here, at the edge.

A worker module lists what the page may call with an `Exports` table;
``engine-worker.js`` asks it (`Exports.exported`) before calling a name.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

__all__ = ["Exports", "answer", "ok", "refusal"]

#: What a service returns: the values of the envelope besides ``ok``.
Values = dict[str, Any]


def refusal(error: Exception, code: str = "") -> str:
    """The envelope of an error: its message, its own code (else ``code``) and its kind."""
    kind = getattr(error, "kind", "invalid")
    found = getattr(error, "code", "") or code
    return json.dumps({"ok": False, "error": str(error), "code": found, "kind": kind})


def ok(**values: Any) -> str:
    """The envelope of a success: ``values`` and ``"ok": true``."""
    values["ok"] = True
    return json.dumps(values, ensure_ascii=False)


def answer(run: Callable[[], Values], code: str = "") -> str:
    """Run ``run`` and answer its values, or its error (``code`` when it has none of its own)."""
    try:
        values = run()
    except (ValueError, KeyError, TypeError) as exc:
        return refusal(exc, code)
    return ok(**values)


class Exports:
    """The functions a worker module lets the page call by name."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def service(self, function: Callable[..., Values]) -> Callable[..., str]:
        """Export a service: it takes the page's text arguments and returns plain values."""

        @functools.wraps(function)
        def call(*args: str) -> str:
            return answer(lambda: function(*args))

        self.names.add(function.__name__)
        return call

    def raw(self, function: Callable[..., str]) -> Callable[..., str]:
        """Export a function that makes its envelope itself (through `answer`)."""
        self.names.add(function.__name__)
        return function

    def exported(self, name: str) -> bool:
        """Whether the page may call ``name``."""
        return name in self.names
