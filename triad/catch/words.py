"""What the referee (and a bot's runner) says, by key: English sentences that a page can say in its own language.

Every reason the referee gives (why an order was skipped, what it did, how a
match ended, why a command is not recognised) is a `Said`: a ``str`` with
the English text, as the command line, the tests and the replays read it,
that also keeps its template's key and its values.  A page turns it into
plain data with `Said.to_json` and writes the sentence from its own
language's template for the key (``ref_KEY`` in
``triad/ui/lang/CODE/catch.json``); a value that is itself a sentence (the
reason inside "... when the turn starts") is said the same way.
"""

from __future__ import annotations

from typing import Any

#: The English sentence of each key; ``{name}`` is the value of that name.
ENGLISH = {
    "at_start": "{reason} when the turn starts",
    "both": "{first}; {second}",
    "not_triangle": "houses {a} {b} {c} are not a triangle",
    "not_next_to": "house {house} is not next to triangle {a} {b} {c}",
    "amount_low": "the amount must be at least 1",
    "same_house": "a move needs two different houses",
    "no_unit_stayed": "no unit stood on house {house} the whole turn",
    "not_yours": "triangle {a} {b} {c} is not yours",
    "gone": "triangle {a} {b} {c} is gone",
    "no_unit_to_pay": "no unit stood on house {house} the whole turn to pay",
    "no_path": "there is no path {source}-{target}",
    "own_side": "path {source}-{target} is a side of the triangle used",
    "unreachable": "house {target} cannot be reached from house {source}",
    "spawned": "spawned a unit on house {house}",
    "moved": "moved {count} to house {house}",
    "killed": "killed {count} on house {house}",
    "added": "added path {source}-{target}",
    "added_both": "added path {source}-{target} (added by both players)",
    "came_first_shorter": "{reason}: player {player}'s shorter path {source}-{target} came first",
    "came_first_equal": (
        "{reason}: player {player}'s equally long path {source}-{target} came first"
    ),
    "loop": "house {house} is now its own neighbour",
    "removed": "removed path {source}-{target}",
    "no_house": "there is no house {house}",
    "path_exists": "path {source}-{target} already exists",
    "path_long": "path {source}-{target} is longer than 400",
    "path_crosses": "path {source}-{target} would cross a path",
    "wiped_out": "player {player} has no triangle and no unit left",
    "last_unit": "player {player} has one unit, no triangle and the lower score",
    "dominated": "player {other} owns {owned} of {total} triangles (at least 80%)",
    "no_triangles": "player {player} has no triangle to fight for",
    "tied_at_end": "turn {turn} reached with equal scores {blue}-{red}",
    "won_at_end": "turn {turn} reached, scores {blue}-{red}",
    "waits": "waits",
    "unrecognised": "unrecognised command {command}: {why}",
    "not_command": "{keyword} is not a command with these numbers",
    "too_large": "{number} is too large a number",
    "printed": "{name} printed an {error}",
    # A bot's program, as the page runs it (`triad.worker.botrunner`).
    "program_ended": "the program ended",
    "program_exited": "the program exited (code {code})",
    "program_starved": (
        "the program read all {count} lines of this turn and asked for more"
        " without printing its commands"
    ),
    "syntax_error": "SyntaxError at line {line}: {message}",
    "syntax_error_where": "SyntaxError: {message}",
}


class Said(str):
    """One sentence of the referee: its English text, its key and its values."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, **values: Any) -> Said:
        said = super().__new__(cls, ENGLISH[key].format(**values))
        said.key = key
        said.values = values
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remake, (self.key, self.values))

    def to_json(self) -> dict[str, Any]:
        """The sentence as plain data: ``{"key", "values", "text"}`` (sentences inside too)."""
        return {"key": self.key, "values": plain(self.values), "text": str(self)}


def _remake(key: str, values: dict[str, Any]) -> Said:
    return Said(key, **values)


def plain(data: Any) -> Any:
    """``data`` (JSON-like) with every `Said` in it made plain data (`Said.to_json`)."""
    if isinstance(data, Said):
        return data.to_json()
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain(v) for v in data]
    return data


def joined(reasons: list[str]) -> str:
    """Several reasons as one (``"; "`` between them), each kept as said."""
    if not reasons:
        return ""
    out = reasons[0]
    for reason in reasons[1:]:
        out = Said("both", first=out, second=reason)
    return out
