"""The Triangle Catch page's three modes and what each one holds.

`CatchApp` keeps one of each for the whole visit (switching tabs keeps a
mode's match, timeline or code where it was) and asks the mode on show
whether it waits for the player (`ready`), what the map draws (`shown`) and
what the empty map says (`empty`).  Runs under MicroPython and CPython.
"""

from triad.ui.catch.orders import Board, Orders

#: What the map shows for a mode without a match: `(map, state, names, entry, human)`.
NOTHING = (None, None, None, None, 0)


class Play:
    """The human (player 0, blue) against a built-in bot, by clicks."""

    empty = "loading"  # a match is dealt as soon as the referee is up

    def __init__(self, seed: int) -> None:
        self.bot = "greedy"  # the opponent of the next match
        self.seed = seed  # the map of the next match
        self.game = None  # {"players", "map", "state", "linkable"} of the match on show
        self.board = None  # `orders.Board` of its position
        self.orders = Orders()
        self.last = None  # the last turn's entry
        self.hint = ""  # why the last click did nothing (a text key)
        self.thinking = False  # the bot answers the turn just ended

    def ready(self) -> bool:
        return self.game is not None and not self.thinking

    def shown(self) -> tuple:
        game = self.game
        if game is None:
            return NOTHING
        return (game["map"], game["state"], game["players"], self.last, 0)

    def new_match(self, view: dict, names: list) -> None:
        """The referee dealt a match (`new_game`'s view)."""
        self.game = {
            "players": names,
            "map": view["map"],
            "state": view["state"],
            "linkable": view["linkable"],
        }
        self.board = Board(view["state"], view["linkable"])
        self.orders.reset()
        self.last = None
        self.hint = ""

    def turn_played(self, reply: dict) -> None:
        """The referee resolved a turn (`play`'s reply)."""
        self.game["state"] = reply["state"]
        self.game["linkable"] = reply["linkable"]
        self.board = Board(reply["state"], reply["linkable"])
        self.last = reply["turn"]
        self.orders.reset()


class Watch:
    """Two built-in bots play a whole match in the worker; a timeline walks through it."""

    empty = "watch_first"

    def __init__(self, seed: int) -> None:
        self.bots = ["planner", "greedy"]  # blue's and red's, for the next match
        self.seed = seed
        self.total = None  # turns of the match watched (None before the first)
        self.at = 0  # the turn on show
        self.want = 0  # the turn asked for (scrubbing asks faster than frames come)
        self.playing = False
        self.speed = "1"
        self.loading = False  # a match or a frame is being fetched
        self.map = None
        self.players = None  # display names
        self.state = None
        self.entry = None  # the turn's entry (None at the start position)
        self.result = None
        self.frames = {}  # turn -> (state, entry), fetched so far

    def ready(self) -> bool:
        return not self.playing and not self.loading

    def shown(self) -> tuple:
        return (self.map, self.state, self.players, self.entry, None)

    def begin(self, reply: dict, players: list, autoplay: bool) -> None:
        """A match to watch arrived (`watch`'s reply): show its start."""
        view = reply["view"]
        self.players = players
        self.map = view["map"]
        self.state = view["state"]
        self.entry = None
        self.result = reply.get("result")
        self.total = reply["turns"]
        self.frames = {0: (view["state"], None)}
        self.at = 0
        self.want = 0
        self.playing = autoplay and self.total > 0


class Editor:
    """The player's bot (player 0) against a built-in bot, each answer timed."""

    empty = "editor_empty"

    def __init__(self, doc: dict, code: str, seed: int) -> None:
        self.name = doc["current"]  # the bot's name as typed
        self.code = code  # its code as typed
        self.opponent = doc["opponent"]
        self.seed = seed
        self.limits = doc["limits"]
        self.running = False
        self.stop = False  # Stop was pressed: the match ends at the next step
        self.finished = False  # the last match was played to its end
        self.console = []  # (kind, text) lines
        self.game = None  # {"players", "map", "state"} of the last match
        self.entry = None
        self.status = ""  # a line beside Run: running, stopped, the result
        self.runner = None  # the bot's worker while a match runs

    def ready(self) -> bool:
        return not self.running

    def shown(self) -> tuple:
        game = self.game
        if game is None:
            return NOTHING
        return (game["map"], game["state"], game["players"], self.entry, None)
