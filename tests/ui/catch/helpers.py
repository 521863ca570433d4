"""Positions and test doubles for the Triangle Catch page's tests."""

from __future__ import annotations

import json
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

from triad.catch.mapgen import GameMap, generate
from triad.catch.match import Match, play_match
from triad.catch.players import BuiltinPlayer, SubprocessPlayer
from triad.catch.protocol import parse_orders
from triad.catch.referee import Orders, resolve_turn
from triad.ui.catch.example import EXAMPLE_BOT

FIXTURE = Path(__file__).with_name("fixture.json")

# A small hand-made map: two triangles 0-1-2 and 1-2-3 sharing the path 1-2,
# house 4 joined to 3 only, house 5 joined to 0 only.
#
#      0 ---- 1
#      | \    | \
#      5  \   |  3 -- 4
#          \  | /
#             2
HOUSES = [(100, 100), (350, 100), (300, 330), (600, 220), (900, 220), (100, 380)]
PATHS = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4), (0, 5)]


def small_map(units0: list[int], units1: list[int]) -> GameMap:
    return GameMap.build(HOUSES, PATHS, [units0, units1])


def small_match(units0: list[int], units1: list[int]) -> Match:
    return Match(small_map(units0, units1), ("You", "Bot"))


def view_of(match: Match) -> dict[str, Any]:
    """What the worker sends the page for a match: map, state and linkable pairs."""
    state = match.state
    return {
        "map": match.game_map.to_json(),
        "state": state.to_json(),
        "linkable": [[a, b] for a, b in state.layout.linkable(state.paths)],
    }


def recorded() -> dict[str, Any]:
    """A recorded position of a generated map (the same file the MicroPython check reads)."""
    data = json.loads(FIXTURE.read_text())
    assert isinstance(data, dict)
    return data


def play(match: Match, line0: str, line1: str = "WAIT") -> None:
    match.play(line0, line1)


def resolve(match: Match, line: str) -> Orders:
    return parse_orders(line)


__all__ = ["resolve_turn"]


class FakeScreen:
    """Keeps each region's HTML, the classes and data on <html>, the form fields."""

    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.flags: dict[str, bool] = {}
        self.data: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.downloads: list[tuple[str, str]] = []
        self.said: list[str] = []
        self.lang = ""

    def mount(self, html: str) -> None:
        self.regions = {"app": html}

    def update(self, region: str, html: str) -> None:
        self.regions[region] = html

    def set_flag(self, name: str, on: Any) -> None:
        self.flags[name] = bool(on)

    def say(self, region: str, text: str, keep: int) -> None:
        self.said.append(text)

    def set_data(self, name: str, value: str) -> None:
        self.data[name] = value

    def set_lang(self, code: str) -> None:
        self.lang = code

    def value(self, ident: str) -> str | None:
        return self.values.get(ident)

    def set_value(self, ident: str, text: str) -> None:
        self.values[ident] = text

    def scroll_bottom(self, ident: str) -> None:
        pass

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    def focus(self, selector: str) -> None:
        pass

    def now(self) -> float:
        return 0.0

    @property
    def ready(self) -> bool:
        return self.flags.get("ready", False)


# The start of a CodinGame program that reads the map, then each turn reads every line
# the referee writes (kept in `lines`, the turn counted in `turn`).
_READER = """import sys
n = int(input())
for _ in range(n):
    input()
turn = 0
while True:
    lines = [input() for _ in range(n + 1)]
    for _ in range(3):
        count = int(input())
        lines += [input() for _ in range(count)]
    turn += 1
"""


def reading_bot(each_turn: str) -> str:
    """A bot's program: it reads all its input, then runs `each_turn` (code of the turn loop)."""
    return _READER + textwrap.indent(textwrap.dedent(each_turn).strip("\n") + "\n", "    ")


def editor_match(
    seed: int, side: int = 0, code: str = EXAMPLE_BOT, opponent: str = "random"
) -> Match:
    """The match the editor plays on map ``seed``: a bot's ``code`` (the example bot's by
    default), run as a program by CPython, against a built-in bot.

    The built-in bot is seeded with the map's seed, as the page's worker seeds it,
    so a page playing the same match must end on the same turn with the same winner.
    The time limits are generous: this machine is shared; they are tested elsewhere.
    """
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "bot.py"
        program.write_text(code)
        bot = SubprocessPlayer(f"{sys.executable} {program}", "bot", 60_000, 60_000)
        other = BuiltinPlayer(opponent, seed)
        players = (bot, other) if side == 0 else (other, bot)
        try:
            return play_match(players, generate(seed))
        finally:
            bot.close()
