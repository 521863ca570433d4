"""The bot runner's blocking mode (browsers without JSPI), under CPython.

`serve(read, reply)` answers the page's calls itself, each read with a blocking
`read()`; the player's `input()` reads the next calls. Here `read()` hands out
calls from a list and raises `Hangup` once they run out (the page ending the
worker), so `serve`, which never returns in a browser, returns to the test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.catch.test_botrunner import FAILING, GREEDY_READER, STATEFUL
from triad.worker import botrunner


class Hangup(Exception):
    """No more calls: the page has ended the worker."""


@pytest.fixture(autouse=True)
def fresh_runner(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(botrunner, "_program", None)
    yield


def serve(code: str, turns: list[str]) -> list[Any]:
    """The answers to `start(code)` then to each turn, in the order they were given."""
    calls = [{"id": 1, "name": "start", "args": [code]}]
    calls += [{"id": i + 2, "name": "turn", "args": [text]} for i, text in enumerate(turns)]
    queue = [json.dumps(call) for call in calls]
    answers: list[tuple[int, Any]] = []

    def read() -> str:
        if not queue:
            raise Hangup
        return queue.pop(0)

    def reply(ident: int, text: str) -> None:
        answers.append((ident, json.loads(text)))

    with pytest.raises(Hangup):
        botrunner.serve(read, reply)
    assert [ident for ident, _ in answers] == list(range(1, len(answers) + 1))
    return [answer for _, answer in answers]


def test_a_program_keeps_its_state_from_turn_to_turn() -> None:
    start, *turns = serve(STATEFUL, ["2\n3\n4\n", "1\n10\n", "0\n"])
    assert start == {"ok": True}
    assert [t["line"] for t in turns] == ["MSG 1 3 4", "MSG 2 10", "MSG 3 "]
    assert [t["stderr"] for t in turns] == ["turn 1 sum 7\n", "turn 2 sum 10\n", "turn 3 sum 0\n"]
    assert all(t["ok"] and t["ms"] >= 0 for t in turns)  # each turn's time is reported


def test_errors_asking_for_too_much_and_syntax_are_reported() -> None:
    _, first, second, third = serve(FAILING, ["2\n", "4\n", "9\n"])
    assert first == {"ok": True, "line": "WAIT", "ms": first["ms"], "stderr": ""}
    assert second["ok"] is False and second["ended"]
    assert second["error"].startswith("Traceback") and second["error"].endswith("KeyError: 6\n")
    assert 'File "bot.py", line 8, in <module>' in second["error"]
    assert "botrunner" not in second["error"]
    assert third["ok"] is False and third["ended"]

    botrunner._program = None
    _, starved = serve(GREEDY_READER, ["1\n2\n"])
    assert starved["ok"] is False
    assert "read all 2 lines of this turn and asked for more" in starved["error"]

    botrunner._program = None
    (broken,) = serve("while True\n    pass\n", [])
    assert broken["ok"] is False
    assert broken["error"].startswith("SyntaxError at line 1")


def test_extra_lines_answer_the_next_turns_and_an_ended_program_says_so() -> None:
    code = 'print("EARLY")\ninput()\nprint("A")\nprint("B")\ninput()\n'
    start, first, second, third = serve(code, ["x\n", "y\n", "z\n"])
    assert start == {"ok": True}
    assert (first["line"], second["line"]) == ("EARLY", "A")
    assert third["line"] == "B"
    botrunner._program = None
    start, first, second = serve("input()\n", ["x\n", "y\n"])
    assert start == {"ok": True}
    for ended in (first, second):
        assert ended["ok"] is False and ended["ended"] and ended["error"] == "the program ended"
