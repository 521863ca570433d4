"""Decoding JSON text that a player may have edited or damaged, with errors that say where."""

from __future__ import annotations

import json

__all__ = ["parse_json"]


def parse_json(text: str, what: str, error: type[ValueError], limit: int | None = None) -> object:
    """Decode ``text``; problems raise ``error`` with a message starting with ``what``.

    Refuses text longer than ``limit`` characters, empty text, ``NaN`` and
    ``Infinity`` (not JSON numbers) and nesting too deep to decode.
    """
    if limit is not None and len(text) > limit:
        raise error(f"{what}: the text is too long ({len(text)} characters, at most {limit})")
    if not text.strip():
        raise error(f"{what}: the text is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(
            f"{what}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise error(f"{what}: not valid JSON ({exc})") from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")
