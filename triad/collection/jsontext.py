"""Decoding JSON text that a player may have edited or damaged, with errors that say where."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

__all__ = ["Fields", "coded", "parse_json"]

_E = TypeVar("_E", bound=ValueError)


def coded(error: _E, code: str) -> _E:
    """``error`` with the ``code`` the page explains it by in the player's language.

    Error classes the page shows carry a default ``code`` (e.g. ``save_bad``);
    this names a more precise one (``json``, ``match_active``...). The
    message stays the English detail.
    """
    error.code = code  # type: ignore[attr-defined]
    return error


def parse_json(text: str, what: str, error: type[ValueError], limit: int | None = None) -> object:
    """Decode ``text``; problems raise ``error`` with a message starting with ``what``.

    Refuses text longer than ``limit`` characters, empty text, ``NaN`` and
    ``Infinity`` (not JSON numbers) and nesting too deep to decode.
    """
    if limit is not None and len(text) > limit:
        raise coded(
            error(f"{what}: the text is too long ({len(text)} characters, at most {limit})"),
            "json",
        )
    if not text.strip():
        raise coded(error(f"{what}: the text is empty"), "json")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise coded(
            error(f"{what}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"),
            "json",
        ) from None
    except (ValueError, RecursionError) as exc:
        raise coded(error(f"{what}: not valid JSON ({exc})"), "json") from None


class Fields:
    """Reads the fields of a decoded data file; a field at fault raises ``error``, named."""

    def __init__(self, error: type[ValueError], languages: tuple[str, ...]) -> None:
        self._error = error
        self._languages = languages

    def object(self, data: object, where: str) -> Mapping[str, Any]:
        """``data`` when it is a JSON object."""
        if not isinstance(data, Mapping):
            raise self._error(f"{where}: must be an object")
        return data

    def text(self, obj: Mapping[str, Any], key: str, where: str) -> str:
        """``obj[key]``, which must be text that is not blank."""
        value = obj.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self._error(f"{where}.{key}: must be non-empty text")
        return value

    def texts(self, obj: Mapping[str, Any], key: str, where: str) -> dict[str, str]:
        """``obj[key]``: an object of non-empty text in every one of the languages."""
        texts = self.object(obj.get(key), f"{where}.{key}")
        return {lang: self.text(texts, lang, f"{where}.{key}") for lang in self._languages}


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")
