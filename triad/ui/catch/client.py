"""Triangle Catch's workers as its page calls them: one function per exported function.

The referee worker's functions (`triad.worker.referee`) answer as
`triad.ui.client`'s do: the reply's values, or its refusal raised
(`triad.ui.client.WorkerError`, its ``reply`` carrying the referee's sentence
as ``words`` when it has one, `triad.ui.catch.modes.why_not`), their keyword
parameters the fields of each request class; the bot runner's
(`triad.worker.botrunner`, `bot_` before its names) are raced against a
time limit and answer `(status, value)` (`triad.ui.catch.dom.BotWorker`).
This is the only code of Catch's page that names a worker function
(`tests/ui/test_client.py` checks them against the workers' `Exports`).

Runs on the main thread under MicroPython.
"""

from triad import api
from triad.ui.client import WorkerError, ask, read

__all__ = [
    "bot_start",
    "bot_turn",
    "check",
    "forfeit",
    "frame",
    "new_game",
    "play",
    "replay",
    "watch",
]


def new_game(worker, slot, seed, bot):
    return ask(worker, "new_game", {"slot": slot, "seed": seed, "bot": bot})


def check(worker, slot, line=""):
    return ask(worker, "check", {"slot": slot, "line": line})


def play(worker, slot, line=""):
    return ask(worker, "play", {"slot": slot, "line": line})


def forfeit(worker, slot, line="", reason=None):
    return ask(worker, "forfeit", {"slot": slot, "line": line, "reason": reason})


def watch(worker, bots=None, seed=None, slot=None):
    return ask(worker, "watch", {"bots": bots, "seed": seed, "slot": slot})


def frame(worker, turn):
    return ask(worker, "frame", {"turn": turn})


def replay(worker, slot):
    return ask(worker, "replay", {"slot": slot})


class TimedOut(WorkerError):
    """The player's bot did not answer within its time (its worker is to be stopped)."""


def bot_start(runner, code, timeout_ms):
    """Start the player's bot from its code: an awaitable of its reply's values, or its
    refusal raised (a syntax error, ``no-jspi``; `TimedOut`)."""
    return _bot(runner.call("start", code, timeout_ms))


def bot_turn(runner, lines, timeout_ms):
    """One turn of the player's bot, given the turn's input lines: its reply's values
    (``line``, ``ms``, ``stderr``), or its refusal raised, carrying what the bot wrote
    (`TimedOut` past the time limit)."""
    return _bot(runner.call("turn", lines, timeout_ms))


async def _bot(pending) -> dict:
    status, value = await pending  # (`triad.ui.catch.dom.BotWorker.call`)
    if status == "timeout":
        raise TimedOut(api.failure("the bot did not answer in time", "timeout"))
    return read(value if status == "ok" else api.refusal(value))
