"""Triangle Catch's workers as its page calls them: one function per exported function.

The referee worker's functions (`triad.worker.referee`) answer the envelope
of `triad.api` as a dict, a refusal's too (`triad.ui.client.settled`: Catch's
page reads the envelope itself, where the card game's page gets the reply's
values or a `WorkerError` raised), their keyword parameters the fields of each
request class; the bot runner's
(`triad.worker.botrunner`, `bot_` before its names) are raced against a
time limit and answer `(status, value)` (`triad.ui.catch.dom.BotWorker`).
This is the only code of Catch's page that names a worker function
(`tests/ui/test_client.py` checks them against the workers' `Exports`).

Runs on the main thread under MicroPython.
"""

from triad.ui import client

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


def ask(worker, name: str, fields: dict):
    """Post `name` with the request `fields`; an awaitable of its envelope."""
    return client.settled(client.ask(worker, name, fields))


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


def bot_start(runner, code, timeout_ms):
    """Start the player's bot from its code; `("ok", …)`, `("timeout", None)` or `("error", why)`."""
    return runner.call("start", code, timeout_ms)


def bot_turn(runner, lines, timeout_ms):
    """One turn of the player's bot, given the turn's input lines."""
    return runner.call("turn", lines, timeout_ms)
