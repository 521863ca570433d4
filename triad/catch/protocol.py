"""The text protocol of Triangle Catch, as on CodinGame (TRYANGLE.md).

Input, first turn only: ``houseCount``, then ``houseCount`` lines ``houseId x
y``. Every turn (the first one right after that): ``myScore
opponentScore``; ``houseCount`` lines ``houseId myUnits opponentUnits``;
``pathCount`` then lines ``house1 house2``; ``triangleCount`` then lines
``house1 house2 house3 owner meCanCapture opponentCanCapture`` (owner -1
neutral, 0 me, 1 opponent); ``linkableCount`` then lines ``house1 house2``,
the paths that could be added now (at most 400 long, crossing no path, through
no house). Pairs are written smaller id first and sorted; triangle corners
ascending, triangles sorted.

Output: one line of commands separated by ``;``: ``MOVE from to amount``,
``SPAWN h1 h2 h3``, ``ATTACK h1 h2 h3 target``, ``ADD_PATH h1 h2 h3
target``, ``REMOVE_PATH h1 h2 h3 target``, ``WAIT``, and ``MSG text``.

Parsing follows the CodinGame referee exactly. Commands are separated by
``;``. A segment starting (at its very first character) with ``MSG`` and a
space, in any case, is the message: the rest, trimmed, cut at 50 characters.
Empty segments are ignored, ``WAIT`` (any case, surrounding blanks allowed)
does nothing. Every other segment must match one command, keywords in any
case, numbers as decimal digits separated by ASCII whitespace only:
``MOVE from to amount`` (the amount may be negative), ``SPAWN``,
``ATTACK``, ``ADD_PATH``, ``REMOVE_PATH``, and the debug drawings ``LINE x1
y1 x2 y2``, ``RECT x y w h``, ``CIRCLE x y r``, ``TEXT x y text`` (signed
numbers), which are accepted and ignored. Anything else, or a number that
does not fit a signed 32-bit int, is an unknown command: the player loses
(``CommandError`` names the command). A house id out of range, a
non-positive amount or any other command that cannot be applied is only
skipped by the referee.
"""

import re

from triad.catch.referee import (
    ADD_PATH,
    ATTACK,
    MOVE,
    NEUTRAL,
    REMOVE_PATH,
    SPAWN,
    WAIT,
    Action,
    Orders,
    State,
)
from triad.catch.words import Said

MESSAGE_LIMIT = 50
_INT_MIN = -(2**31)
_INT_MAX = 2**31 - 1
_FLAGS = re.ASCII | re.IGNORECASE
_NUM = r"\s+(\d+)"
_SIGNED = r"\s+(-?\d+)"
# Java's "." stops at any line terminator, not only at "\n".
_ANY = r"[^\n\r\u0085\u2028\u2029]"
COMMANDS = {
    MOVE: re.compile(r"\s*MOVE" + _NUM * 2 + _SIGNED + r"\s*", _FLAGS),
    SPAWN: re.compile(r"\s*SPAWN" + _NUM * 3 + r"\s*", _FLAGS),
    ATTACK: re.compile(r"\s*ATTACK" + _NUM * 4 + r"\s*", _FLAGS),
    ADD_PATH: re.compile(r"\s*ADD_PATH" + _NUM * 4 + r"\s*", _FLAGS),
    REMOVE_PATH: re.compile(r"\s*REMOVE_PATH" + _NUM * 4 + r"\s*", _FLAGS),
}
DRAWINGS = (
    re.compile(r"\s*LINE" + _SIGNED * 4 + r"\s*", _FLAGS),
    re.compile(r"\s*RECT" + _SIGNED * 4 + r"\s*", _FLAGS),
    re.compile(r"\s*CIRCLE" + _SIGNED * 3 + r"\s*", _FLAGS),
    re.compile(r"\s*TEXT" + _SIGNED * 2 + r"\s+(" + _ANY + r"+)\s*", _FLAGS),
)


class CommandError(ValueError):
    """A bot printed a command the referee does not recognise."""

    def __init__(self, command: str, why: str) -> None:
        self.said = Said("unrecognised", command=repr(command), why=why)
        super().__init__(self.said)
        #: the referee's sentence as data, for the page to say in its language
        self.words = self.said.to_json()
        self.command = command
        self.why = why


def initial_input(state: State) -> str:
    """Return the first-turn-only lines: house count and house positions."""
    houses = state.layout.houses
    lines = [str(len(houses))]
    lines.extend(f"{h} {x} {y}" for h, (x, y) in enumerate(houses))
    return "\n".join(lines) + "\n"


def turn_input(state: State, player: int) -> str:
    """Return the lines one player reads at the start of a turn."""
    me, them = player, 1 - player
    lines = [f"{state.scores[me]} {state.scores[them]}"]
    mine, theirs = state.units[me], state.units[them]
    lines.extend(f"{h} {mine[h]} {theirs[h]}" for h in range(len(mine)))
    layout = state.layout
    paths = layout.paths_of(state.paths)
    lines.append(str(len(paths)))
    lines.extend(f"{a} {b}" for a, b in paths)
    tris = state.triangles()
    lines.append(str(len(tris)))
    corners = layout.tri_corners
    for t in sorted(tris, key=lambda t: corners[t]):
        a, b, c = corners[t]
        owner = state.owner[t]
        seen = NEUTRAL if owner == NEUTRAL else (0 if owner == me else 1)
        lines.append(
            f"{a} {b} {c} {seen} {int(state.eligible[me][t])} {int(state.eligible[them][t])}"
        )
    links = layout.linkable(state.paths)
    lines.append(str(len(links)))
    lines.extend(f"{a} {b}" for a, b in links)
    return "\n".join(lines) + "\n"


def parse_orders(line: str) -> Orders:
    """Parse one output line into orders.

    Commands naming a house that does not exist are kept: the referee skips them.

    :raises CommandError: naming the first unrecognised command.
    """
    actions: list[Action] = []
    message = ""
    for segment in line.split(";"):
        if segment.upper().startswith("MSG "):
            message = _cut_utf16(_java_trim(segment[4:]), MESSAGE_LIMIT)
            continue
        action = parse_action(segment)
        if action is not None:
            actions.append(action)
    return Orders(tuple(actions), message)


def parse_action(text: str) -> Action | None:
    """Parse one command (not ``MSG``); None for an empty segment or a debug drawing.

    :raises CommandError: if it is not a recognised, well-formed command.
    """
    trimmed = _java_trim(text)
    if not trimmed:
        return None
    if trimmed.upper() == WAIT:
        return Action(WAIT)
    for kind, pattern in COMMANDS.items():
        found = pattern.fullmatch(text)
        if found:
            return Action(kind, tuple(_int(trimmed, token) for token in found.groups()))
    for pattern in DRAWINGS:
        found = pattern.fullmatch(text)
        if found:
            for token in found.groups()[:-1] if pattern is DRAWINGS[-1] else found.groups():
                _int(trimmed, token)
            return None
    keyword = trimmed.split(None, 1)[0]
    raise CommandError(trimmed, Said("not_command", keyword=repr(keyword)))


def _int(text: str, token: str) -> int:
    """A number of a command, as Java's ``Integer.parseInt`` reads it.

    :raises CommandError: if it does not fit a signed 32-bit int.
    """
    value = int(token)
    if not _INT_MIN <= value <= _INT_MAX:
        raise CommandError(text, Said("too_large", number=token))
    return value


def _java_trim(text: str) -> str:
    """Java's ``String.trim``: drop every character up to U+0020 at both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def _cut_utf16(text: str, limit: int) -> str:
    """Keep the first ``limit`` UTF-16 code units of ``text`` (Java's string length)."""
    units = text.encode("utf-16-le")[: 2 * limit]
    return units.decode("utf-16-le", errors="ignore")


def format_orders(orders: Orders) -> str:
    """Return the output line that ``parse_orders`` reads back as ``orders``."""
    parts = [str(a) for a in orders.actions]
    if orders.message:
        parts.append(f"MSG {orders.message}")
    return ";".join(parts) if parts else "WAIT"
