"""Triangle Catch's Play mode: a match against a built-in bot, by clicks or typed commands.

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import board, client, render, speech
from triad.ui.catch import store as saved
from triad.ui.catch.modes import NOTHING, Run
from triad.ui.catch.orders import Board, Orders, line
from triad.ui.catch.text import t
from triad.ui.page.client import WorkerError


class PlayMatch(Run):
    """A match of the human against a built-in bot: the position, the orders, the turn;
    it runs its own flows with the referee (checking an order, ending the turn) as tasks
    of its own, given the modes' services (`triad.ui.catch.modes.Services`)."""

    def __init__(self, services, view: dict, names: list, bot: str) -> None:
        Run.__init__(self, services.scope)
        self.services = services
        self.bot = bot  # the built-in bot it plays
        self.game = {
            "players": names,
            "map": view["map"],
            "state": view["state"],
            "linkable": view["linkable"],
        }
        self.board = Board(view["state"], view["linkable"])
        self.orders = Orders()
        self.last: client.Entry | None = None  # the last turn's
        self.hint = ""  # why the last click did nothing (a text key)
        self.thinking = False  # the bot answers the turn just ended

    def idle(self) -> bool:
        """Whether a click or a key may give an order now (no turn or check under way)."""
        return not self.thinking and not self.services.pending()

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        """A button of the orders (the page is idle)."""
        self.hint = ""
        o = self.orders
        if name == "tri":
            self.clicked(o.click_triangle(self.board, board.parse_tri(arg)))
        elif name == "action":
            self.clicked(o.choose(self.board, arg))
        elif name == "amount":
            self.clicked(o.set_amount(self.board, int(arg)))
        elif name == "cancel":
            o.clear_selection()
        elif name in ("remove", "adjust"):
            if name == "remove":
                changed = o.remove(int(arg))
            else:
                index, delta = arg.split(":")
                changed = o.adjust(int(index), int(delta))
            if changed:
                self.services.launch(self.recheck(), self)
        elif name == "clear":
            o.reset()
        elif name == "end_turn":
            self.services.launch(self.end_turn(), self)

    def click(self, kind: str, arg) -> None:
        """A house (`kind` "house", its number) or a triangle ("tri", its key) was clicked."""
        self.hint = ""
        if kind == "house":
            self.clicked(self.orders.click_house(self.board, arg))
        else:
            self.clicked(self.orders.click_triangle(self.board, board.parse_tri(arg)))

    def escape(self) -> None:
        self.orders.clear_selection()
        self.hint = ""

    def clicked(self, result: dict) -> None:
        if "add" in result:
            self.services.launch(self.add_order(result["add"]), self)
        elif "hint" in result:
            self.hint = result["hint"]

    # ------------------------------------------------------------- flows

    async def add_order(self, item: list) -> None:
        """Add an order if the referee would apply it; otherwise say why not."""
        services = self.services
        candidate = self.orders.with_order(item)
        try:
            verdicts = await services.waiting(
                client.check(services.engine(), slot="play", line=line(candidate))
            )
        except WorkerError as e:
            refused = client.refusal_words(e)
        else:
            refused = self.orders.checked(candidate, verdicts)
        self.refused(refused)

    async def recheck(self) -> None:
        """Check the orders after an edit; an edit that makes one refused is undone."""
        services = self.services
        orders = self.orders
        try:
            verdicts = await services.waiting(
                client.check(services.engine(), slot="play", line=orders.line())
            )
        except WorkerError as e:
            orders.undo()
            refused = client.refusal_words(e)
        else:
            refused = orders.checked(orders.items, verdicts)
        self.refused(refused)

    def refused(self, words: str) -> None:
        """The referee checked the orders: why it refused the last edit ("" if it did not)."""
        if words:
            self.services.notify(t("refused", reason=words), "bad")
        else:
            self.services.notify("")
        self.services.draw()

    async def end_turn(self) -> None:
        services = self.services
        if self.board.over or self.thinking:
            return
        refused = self.orders.refusal()
        if refused:
            services.notify(t("refused_end", reason=refused), "bad")
            services.draw()
            return
        self.thinking = True
        self.orders.clear_selection()
        services.notify("")
        services.draw()
        try:
            reply = await client.play(services.engine(), slot="play", line=self.orders.line())
        except WorkerError as e:
            reply = None
            services.notify(e.words, "bad")
        finally:
            self.thinking = False
        if reply is not None:
            self.turn_played(reply)
            game = self.game
            said = speech.turn_text(reply.entry, game["state"], game["players"], 0)
            speech.tell(services.screen, said)
        services.draw()

    def turn_played(self, reply: client.Turn) -> None:
        """The referee resolved a turn (`play`'s reply)."""
        self.game["state"] = reply.state
        self.game["linkable"] = reply.linkable
        self.board = Board(reply.state, reply.linkable)
        self.last = reply.entry
        self.orders.reset()

    # ----------------------------------------------------------- drawing

    def marks(self) -> dict:
        """What the orders being given add to the map."""
        if self.thinking:
            return {}
        marks = self.orders.marks(self.board)
        if self.orders.items:
            marks["last"] = []  # the new orders, not last turn's, once the human gives some
        return marks

    def draw(self) -> None:
        put = self.services.put
        o = self.orders
        if self.thinking:
            prompt = ("bot_thinking", {"bot": render.bot_label(self.bot)})
        elif self.hint:
            prompt = (self.hint, {})
        else:
            prompt = o.prompt(self.board)
        prompt_ctx = {
            "prompt": prompt,
            "house": o.house,
            "amount": o.amount,
            "available": max(1, o.available(self.board, o.house)) if o.house >= 0 else 1,
            "tri": o.tri,
            "action": o.action,
            "my_tris": [] if self.board.over else self.board.my_triangles(),
        }
        orders_ctx = {
            "items": o.items,
            "checks": o.checks,
            "line": o.line(),
            "busy": self.services.pending() or self.thinking,
            "over": self.board.over,
        }
        put("c-prompt", render.play_prompt(prompt_ctx))
        put("c-orders", render.play_orders(orders_ctx))
        put("c-dock", render.dock(prompt_ctx, orders_ctx))
        put("c-log", render.turn_log(self.last, self.game["players"]))


class Play:
    """The human (player 0, blue) against a built-in bot, by clicks: the match on show
    (`PlayMatch`) and the next one's bot and map."""

    empty = "loading"  # a match is dealt as soon as the referee is up

    def __init__(self, services, seed) -> None:
        self.services = services
        self.bot = "greedy"  # the opponent of the next match
        self.next_seed = seed  # `seed()`: the map of the next match (the page keeps it)
        self.match: PlayMatch | None = None  # the match on show
        self.dealing: Run | None = None  # the New game asked for last, until its match comes
        self.spare = Orders()  # the orders before the first match (none can be given)

    @property
    def seed(self) -> int:
        return self.next_seed()

    # What the match on show holds, as the page and its tests read it.
    @property
    def game(self):
        return None if self.match is None else self.match.game

    @property
    def board(self):
        return None if self.match is None else self.match.board

    @property
    def orders(self) -> Orders:
        return self.spare if self.match is None else self.match.orders

    @property
    def thinking(self) -> bool:
        return self.match is not None and self.match.thinking

    def ready(self) -> bool:
        return self.match is not None and not self.match.thinking

    def shown(self) -> tuple:
        match = self.match
        if match is None:
            return NOTHING
        game = match.game
        return (game["map"], game["state"], game["players"], match.last, 0)

    def leave(self) -> None:
        """Another tab is shown (the match waits where it is)."""

    def idle(self) -> PlayMatch | None:
        """The match a click on the map may add an order to now, or None."""
        match = self.match
        return match if match is not None and match.idle() else None

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        if name == "bot" and arg in saved.OPPONENTS:
            self.bot = arg
        elif name == "new_game":
            self.new_game()
        else:
            match = self.idle()
            if match is not None:
                match.act(name, arg)

    def click(self, kind: str, arg) -> None:
        match = self.idle()
        if match is not None:
            match.click(kind, arg)

    def key(self, key: str) -> bool:
        if key == "Escape" and self.match is not None:
            self.match.escape()
            return True
        match = self.idle()
        if key == "Enter" and match is not None:
            match.act("end_turn", "")
            return True
        return False

    # ------------------------------------------------------------- flows

    def new_game(self) -> None:
        services = self.services
        if services.engine() is None:
            return
        if self.dealing is not None:
            self.dealing.end()  # New game pressed again: only the last one is dealt
        asked = Run(services.scope)
        self.dealing = asked
        services.launch(self.deal(asked), asked)

    async def deal(self, asked: Run) -> None:
        services = self.services
        bot = self.bot
        try:
            reply = await services.waiting(
                client.new_game(services.engine(), slot="play", seed=self.seed, bot=bot)
            )
        except WorkerError as e:
            asked.end()
            services.notify(e.words, "bad")
            services.draw()
            return
        asked.end()  # (this task ends with it: it awaits nothing more)
        if self.match is not None:
            self.match.end()
        names = [t("you"), render.bot_label(bot)]
        match = self.match = PlayMatch(services, reply["view"], names, bot)
        speech.tell(services.screen, speech.start_text(match.game["state"], names))
        services.notify("")
        services.draw()

    # ----------------------------------------------------------- drawing

    def marks(self) -> dict:
        """What the orders being given add to the map."""
        return {} if self.match is None else self.match.marks()

    def draw(self) -> None:
        put = self.services.put
        put("c-setup", render.play_setup(self.bot, self.seed))
        if self.match is None:
            put("c-prompt", '<p class="prompt">' + t("loading") + "</p>")
            put("c-orders", "")
            put("c-log", "")
            put("c-dock", "")
        else:
            self.match.draw()
