"""Typed requests and replies: what the page sends a worker, read and checked at the
edge, and what the worker answers.

Every function a worker exports (`triad.api.Exports`) declares what each of
its arguments is by its annotation:

* ``str``: text taken as it is, a document with a reader of its own (a save,
  a card set or replay file, a bot's program, a turn's protocol lines);
* a request class (a dataclass, declared beside the worker's functions): a
  JSON object, read by `decode` before the function runs.

`decode` checks every field against its annotation and answers a malformed
request with a `ValueError` that names the function, the field and what it
should hold (``"play: 'cell' must be a whole number, not "x""``); the
envelope of `triad.api` turns that into ``{"ok": false, "error": ...}``, so
the page never sees a traceback.  A field the request class does not name
is ignored (a page newer than its worker may send more); a field with no
default must be there.

Field types understood: ``str``, ``int`` (not a boolean), ``float`` (any
number), ``bool``, ``None``, ``Any``/``object`` (taken as it is, for a
document read by its own reader), ``list[T]``, ``tuple[T, T]`` (a JSON list
of that length), ``dict[str, T]``, ``Literal[...]``, unions (``int |
None``) and request classes nested as objects.

What a success answers besides ``ok`` is declared as a TypedDict, the
function's return annotation (`Signature.reply`); tests check that each
reply holds the keys its TypedDict allows.

CPython/Pyodide only (the workers): the page's MicroPython never imports it.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar, Union

__all__ = [
    "NOTHING",
    "Done",
    "Empty",
    "Param",
    "Signature",
    "decode",
    "describe",
    "is_request",
    "read_args",
    "signature",
]

R = TypeVar("R")

#: What one argument of an exported function is: ``str`` (text as it is) or a request class.
Param = Any

_MISSING = dataclasses.MISSING


@dataclasses.dataclass(frozen=True)
class Empty:
    """A request with nothing to say (``{}``)."""


#: The empty request, the default of a function the page may call without one.
NOTHING = Empty()


class Done(typing.TypedDict):
    """The reply of a service that answers nothing besides ``ok``."""


def is_request(kind: object) -> bool:
    """Whether ``kind`` is a request class (a dataclass read from a JSON object)."""
    return isinstance(kind, type) and dataclasses.is_dataclass(kind)


@dataclasses.dataclass(frozen=True)
class Signature:
    """What an exported function takes: each argument's kind, and how many are required;
    and what it answers, its reply (a TypedDict of the envelope's values, or None when
    it does not say)."""

    kinds: tuple[Param, ...]
    required: int
    reply: Any = None


def signature(function: Callable[..., Any], reply: Any = None) -> Signature:
    """What each positional argument of an exported function is (``str`` or a request class),
    and its reply: ``reply``, else its return annotation when that is a TypedDict.

    :raises TypeError: an argument typed otherwise (every argument must be declared).
    """
    import inspect

    hints = typing.get_type_hints(function)
    if reply is None and typing.is_typeddict(hints.get("return")):
        reply = hints["return"]
    kinds = []
    required = 0
    for name, parameter in inspect.signature(function).parameters.items():
        kind = hints.get(name)
        if kind is not str and not is_request(kind):
            raise TypeError(
                f"{function.__name__}: argument {name!r} must be typed str or a request class"
            )
        kinds.append(kind)
        if parameter.default is inspect.Parameter.empty:
            required += 1
    return Signature(tuple(kinds), required, reply)


def read_args(name: str, signature: Signature, args: Sequence[object]) -> list[object]:
    """The page's arguments to ``name``, each read as its kind says.

    :raises ValueError: too many or too few arguments, text that is not text, a
        malformed request.
    """
    kinds = signature.kinds
    if not signature.required <= len(args) <= len(kinds):
        count = (
            str(len(kinds))
            if signature.required == len(kinds)
            else f"{signature.required} to {len(kinds)}"
        )
        raise ValueError(f"{name}: takes {count} arguments, got {len(args)}")
    read: list[object] = []
    for index, (kind, arg) in enumerate(zip(kinds, args, strict=False)):
        if kind is str:
            read.append(_value(arg, str, name, f"argument {index + 1}"))
        else:
            if not isinstance(arg, str):
                raise ValueError(f"{name}: the request must be JSON text, not {_shown(arg)}")
            read.append(decode(kind, arg, name))
    return read


def decode(kind: type[R], text: str, where: str) -> R:
    """The request ``text`` (a JSON object) read into the request class ``kind``.

    :raises ValueError: not JSON, not an object, a field missing or of the wrong type;
        the message names ``where`` (the function) and the field.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise ValueError(f"{where}: the request is not valid JSON ({reason})") from None
    return _object(kind, data, where, "the request")


def _object(kind: type[R], data: object, where: str, what: str) -> R:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: {what} must be a JSON object, not {_shown(data)}")
    values: dict[str, object] = {}
    for name, field_type, required in _fields(kind):
        if name in data:
            values[name] = _value(data[name], field_type, where, f"'{name}'")
        elif required:
            raise ValueError(f"{where}: the request lacks '{name}' ({describe(field_type)})")
    return kind(**values)


#: Each request class's fields: name, type, and whether the request must hold it.
_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _fields(kind: type) -> tuple[tuple[str, Any, bool], ...]:
    known = _FIELDS.get(kind)
    if known is not None:
        return known
    hints = typing.get_type_hints(kind)
    _FIELDS[kind] = known = tuple(
        (
            f.name,
            hints[f.name],
            f.default is _MISSING and f.default_factory is _MISSING,
        )
        for f in dataclasses.fields(kind)
    )
    return known


def _value(value: object, kind: Any, where: str, path: str) -> Any:
    """``value`` checked (and made the right type) against ``kind``."""
    if kind is Any or kind is object:
        return value
    if _fits(value, kind):
        origin = typing.get_origin(kind)
        args = typing.get_args(kind)
        if kind is float:
            return float(value)  # type: ignore[arg-type]
        if origin is list:
            assert isinstance(value, list)
            return [_value(v, args[0], where, f"{path}[{i}]") for i, v in enumerate(value)]
        if origin is tuple:
            assert isinstance(value, list)
            return tuple(
                _value(v, a, where, f"{path}[{i}]")
                for i, (v, a) in enumerate(zip(value, args, strict=True))
            )
        if origin is dict:
            assert isinstance(value, dict)
            return {k: _value(v, args[1], where, f"{path}[{k!r}]") for k, v in value.items()}
        if origin in (Union, types.UnionType):
            for arm in args:
                if _fits(value, arm):
                    return _value(value, arm, where, path)
        if is_request(kind):
            return _object(kind, value, where, path)
        return value
    raise ValueError(f"{where}: {path} must be {describe(kind)}, not {_shown(value)}")


def _fits(value: object, kind: Any) -> bool:
    """Whether ``value`` has the outer shape of ``kind`` (its items are checked after)."""
    if kind is Any or kind is object:
        return True
    if kind is None or kind is type(None):
        return value is None
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str)
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is list:
        return isinstance(value, list)
    if origin is tuple:
        return isinstance(value, list) and len(value) == len(args)
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin in (Union, types.UnionType):
        return any(_fits(value, arm) for arm in args)
    if is_request(kind):
        return isinstance(value, dict)
    raise TypeError(f"a request field cannot be typed {kind!r}")


def describe(kind: Any) -> str:
    """What a value of ``kind`` is, in words (for an error message)."""
    if kind is Any or kind is object:
        return "any value"
    if kind is None or kind is type(None):
        return "null"
    words = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    if kind in words:
        return words[kind]
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is list:
        return f"a list of {_plural(args[0])}"
    if origin is tuple:
        return f"a list of {len(args)} {_plural(args[0])}"
    if origin is dict:
        return "a JSON object"
    if origin is Literal:
        return "one of " + ", ".join(json.dumps(a) for a in args)
    if origin in (Union, types.UnionType):
        return " or ".join(describe(a) for a in args)
    if is_request(kind):
        return "a JSON object"
    return repr(kind)


def _plural(kind: Any) -> str:
    words = {bool: "booleans", int: "whole numbers", float: "numbers", str: "texts"}
    if kind in words:
        return words[kind]
    if kind is Any or kind is object:
        return "values"
    if typing.get_origin(kind) is list:
        return "lists of " + _plural(typing.get_args(kind)[0])
    if typing.get_origin(kind) is dict or is_request(kind):
        return "JSON objects"
    return "items (" + describe(kind) + ")"


def _shown(value: object) -> str:
    """A value as an error message shows it: JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
