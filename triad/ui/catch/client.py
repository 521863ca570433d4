"""Triangle Catch's workers as its page calls them: one function per exported function.

The referee worker's functions (`triad.worker.referee`) answer as
`triad.ui.page.client`'s do: the reply's values, or its refusal raised
(`triad.ui.page.client.WorkerError`, its ``reply`` carrying the referee's sentence
as ``words`` when it has one, `refusal_words`), their keyword parameters the
fields of each request class. What the referee made of each command (a
check, a turn's outcome) comes as a `Verdict` and a resolved turn as an
`Entry` (the replies of `check`, `play`, `forfeit` and `frame`): the page
reads whether a command applies and the words for it there, and nowhere
reads a reply's ``ok`` by hand. The bot runner's
(`triad.worker.botrunner`, `bot_` before its names) are raced against a
time limit and answer `(status, value)` (`triad.ui.catch.dom.BotWorker`).
This is the only code of Catch's page that names a worker function
(`tests/ui/test_client.py` checks them against the workers' `Exports`).

Runs on the main thread under MicroPython.
"""

from triad import api
from triad.ui.catch.text import said
from triad.ui.page.client import WorkerError, ask, read

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:  # what each function's reply holds: its export's TypedDict
    from collections.abc import Awaitable

    from triad.worker import botrunner, referee

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


class Verdict:
    """What the referee made of one command of a player's line, checked before the turn
    (`check`) or as the turn resolved it (an `Entry`'s outcomes): the ``player``, the
    command as the protocol spells it (``action``), whether it applies (``applies``), and
    the referee's sentence for it (``detail``, said in the page's language by `words`)."""

    def __init__(self, data: dict) -> None:
        self.player = int(data.get("player") or 0)
        self.action = str(data.get("action") or "")
        self.applies = data.get("ok") is True
        self.detail = data.get("detail")

    def words(self) -> str:
        return said(self.detail)


class Entry:
    """A turn as the referee resolved it (a replay's entry, without its position): its
    number, what became of each command (`Verdict`), the events (captures, units
    surrounded), the players' messages, and why a player forfeited (None if none did)."""

    def __init__(self, data: dict) -> None:
        self.turn = int(data.get("turn") or 0)
        self.outcomes = [Verdict(o) for o in data.get("outcomes") or []]
        self.events: list[dict] = list(data.get("events") or [])
        self.messages: list[str] = list(data.get("messages") or ["", ""])
        self.forfeit = data.get("forfeit")


def entry(data) -> "Entry | None":
    """The `Entry` of a turn's JSON (None for none: the start position)."""
    return None if data is None else Entry(data)


class Turn:
    """The reply to `play` and `forfeit`: the turn just resolved (``entry``), the position
    after it (``state``, its ``linkable`` pairs), player 0's next input (the duel's), and
    whether the match is ``over`` with its ``result``."""

    def __init__(self, reply: "referee.Turn") -> None:
        self.entry = Entry(reply["turn"])
        self.state: dict = reply["state"]
        self.linkable = reply["linkable"]
        self.input = reply["input"]
        self.over = reply["over"]
        self.result: dict | None = reply["result"]


def refusal_words(error: WorkerError) -> str:
    """Why the referee refused a line, in the page's language: its sentence when the
    refusal carries one (an unrecognised command), else the refusal's words."""
    words = error.reply.get("words")
    return said(words) if words else error.words


def new_game(worker, slot, seed, bot) -> "Awaitable[referee.NewGameReply]":
    return ask(worker, "new_game", {"slot": slot, "seed": seed, "bot": bot})


def check(worker, slot, line="") -> "Awaitable[list[Verdict]]":
    """What the referee would make of each command of `line`, in order."""
    return _checks(ask(worker, "check", {"slot": slot, "line": line}))


async def _checks(pending) -> list:
    reply = await pending
    return [Verdict(c) for c in reply["checks"]]


def play(worker, slot, line="") -> "Awaitable[Turn]":
    return _turn(ask(worker, "play", {"slot": slot, "line": line}))


def forfeit(worker, slot, line="", reason=None) -> "Awaitable[Turn]":
    return _turn(ask(worker, "forfeit", {"slot": slot, "line": line, "reason": reason}))


async def _turn(pending) -> Turn:
    return Turn(await pending)


def watch(worker, bots=None, seed=None, slot=None) -> "Awaitable[referee.WatchReply]":
    return ask(worker, "watch", {"bots": bots, "seed": seed, "slot": slot})


def frame(worker, turn) -> "Awaitable[tuple[dict, Entry | None]]":
    """The position after `turn` of the watched match, and that turn's `Entry` (None for
    the start position)."""
    return _frame(ask(worker, "frame", {"turn": turn}))


async def _frame(pending) -> tuple:
    reply = await pending
    return (reply["state"], entry(reply["entry"]))


def replay(worker, slot) -> "Awaitable[referee.ReplayReply]":
    return ask(worker, "replay", {"slot": slot})


class TimedOut(WorkerError):
    """The player's bot did not answer within its time (its worker is to be stopped)."""


class CannotRun(WorkerError):
    """This browser cannot feed a bot its input (``no-jspi``): no bot runs here."""


class Died(WorkerError):
    """The player's bot's worker failed (it stopped, or the browser refused the call)."""


def bot_start(runner, code, timeout_ms) -> "Awaitable[dict]":
    """Start the player's bot from its code: an awaitable of its reply's values, or its
    refusal raised (a syntax error; `CannotRun`, `TimedOut`)."""
    return _bot(runner.call("start", code, timeout_ms))


def bot_turn(runner, lines, timeout_ms) -> "Awaitable[botrunner.TurnReply]":
    """One turn of the player's bot, given the turn's input lines: its reply's values
    (``line``, ``ms``, ``stderr``), or its refusal raised, carrying what the bot wrote
    (`TimedOut` past the time limit)."""
    return _bot(runner.call("turn", lines, timeout_ms))


async def _bot(pending):
    status, value = await pending  # (`triad.ui.catch.dom.BotWorker.call`)
    if status == "timeout":
        raise TimedOut(api.failure("the bot did not answer in time", "timeout"))
    if status == "error":
        raise Died(api.failure(str(value), "worker"))
    try:
        return read(value)
    except WorkerError as e:
        if e.error == "no-jspi":
            raise CannotRun(e.reply) from None
        raise
