"""Triangle Catch's Play mode: a match against a built-in bot, by clicks or typed commands.

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import board, client, render, speech
from triad.ui.catch import store as saved
from triad.ui.catch.modes import NOTHING, Run
from triad.ui.catch.orders import Board, Orders, line
from triad.ui.catch.text import t
from triad.ui.client import WorkerError


class PlayMatch(Run):
    """A match of the human against a built-in bot: the position, the orders, the turn."""

    def __init__(self, scope, view: dict, names: list) -> None:
        Run.__init__(self, scope)
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

    def turn_played(self, reply: client.Turn) -> None:
        """The referee resolved a turn (`play`'s reply)."""
        self.game["state"] = reply.state
        self.game["linkable"] = reply.linkable
        self.board = Board(reply.state, reply.linkable)
        self.last = reply.entry
        self.orders.reset()


class Play:
    """The human (player 0, blue) against a built-in bot, by clicks."""

    empty = "loading"  # a match is dealt as soon as the referee is up

    def __init__(self, page, seed: int) -> None:
        self.page = page
        self.bot = "greedy"  # the opponent of the next match
        self.seed = seed  # the map of the next match
        self.match: PlayMatch | None = None  # the match on show
        self.dealing: Run | None = None  # the New game asked for last, until its match comes
        self.spare = Orders()  # the orders before the first match (none can be given)

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
        if match is None or match.thinking or self.page.pending:
            return None
        return match

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        if name == "bot" and arg in saved.OPPONENTS:
            self.bot = arg
            return
        if name == "new_game":
            self.new_game()
            return
        match = self.idle()
        if match is None:
            return
        match.hint = ""
        o = match.orders
        if name == "tri":
            self.after_click(match, o.click_triangle(match.board, board.parse_tri(arg)))
        elif name == "action":
            self.after_click(match, o.choose(match.board, arg))
        elif name == "amount":
            self.after_click(match, o.set_amount(match.board, int(arg)))
        elif name == "cancel":
            o.clear_selection()
        elif name in ("remove", "adjust"):
            if name == "remove":
                changed = o.remove(int(arg))
            else:
                index, delta = arg.split(":")
                changed = o.adjust(int(index), int(delta))
            if changed:
                self.page.launch(self.recheck(match), match)
        elif name == "clear":
            o.reset()
        elif name == "end_turn":
            self.page.launch(self.end_turn(), match)

    def click(self, kind: str, arg) -> None:
        """A house (`kind` "house", its number) or a triangle ("tri", its key) was clicked."""
        match = self.idle()
        if match is None:
            return
        match.hint = ""
        if kind == "house":
            self.after_click(match, match.orders.click_house(match.board, arg))
        else:
            self.after_click(match, match.orders.click_triangle(match.board, board.parse_tri(arg)))

    def key(self, key: str) -> bool:
        if key == "Escape" and self.match is not None:
            self.match.orders.clear_selection()
            self.match.hint = ""
            return True
        if key == "Enter" and self.page.is_ready():
            self.page.launch(self.end_turn(), self.match)
            return True
        return False

    def after_click(self, match: PlayMatch, result: dict) -> None:
        if "add" in result:
            self.page.launch(self.add_order(match, result["add"]), match)
        elif "hint" in result:
            match.hint = result["hint"]

    # ------------------------------------------------------------- flows

    def new_game(self) -> None:
        page = self.page
        if page.engine is None:
            return
        if self.dealing is not None:
            self.dealing.end()  # New game pressed again: only the last one is dealt
        asked = Run(page.scope)
        self.dealing = asked
        page.launch(self.deal(asked), asked)

    async def deal(self, asked: Run) -> None:
        page = self.page
        try:
            reply = await page.waiting(
                client.new_game(page.engine, slot="play", seed=self.seed, bot=self.bot)
            )
        except WorkerError as e:
            asked.end()
            page.notify(e.words, "bad")
            page.draw()
            return
        asked.end()  # (this task ends with it: it awaits nothing more)
        if self.match is not None:
            self.match.end()
        match = self.match = PlayMatch(
            page.scope, reply["view"], [t("you"), render.bot_label(self.bot)]
        )
        speech.tell(page, speech.start_text(match.game["state"], match.game["players"]))
        page.notice_text = ""
        page.draw()

    async def add_order(self, match: PlayMatch, item: list) -> None:
        """Add an order if the referee would apply it; otherwise say why not."""
        candidate = match.orders.with_order(item)
        try:
            verdicts = await self.page.waiting(
                client.check(self.page.engine, slot="play", line=line(candidate))
            )
        except WorkerError as e:
            self.page.notify(t("refused", reason=client.refusal_words(e)), "bad")
        else:
            refused = match.orders.checked(candidate, verdicts)
            if refused:
                self.page.notify(t("refused", reason=refused), "bad")
            else:
                self.page.notice_text = ""
        self.page.draw()

    async def recheck(self, match: PlayMatch) -> None:
        """Check the orders after an edit; an edit that makes one refused is undone."""
        orders = match.orders
        try:
            verdicts = await self.page.waiting(
                client.check(self.page.engine, slot="play", line=orders.line())
            )
        except WorkerError as e:
            orders.undo()
            refused = client.refusal_words(e)
        else:
            refused = orders.checked(orders.items, verdicts)
        if refused:
            self.page.notify(t("refused", reason=refused), "bad")
        else:
            self.page.notice_text = ""
        self.page.draw()

    async def end_turn(self) -> None:
        match = self.match
        page = self.page
        if match is None or match.board.over or match.thinking:
            return
        refused = match.orders.refusal()
        if refused:
            page.notify(t("refused_end", reason=refused), "bad")
            page.draw()
            return
        match.thinking = True
        match.orders.clear_selection()
        page.notice_text = ""
        page.draw()
        try:
            reply = await client.play(page.engine, slot="play", line=match.orders.line())
        except WorkerError as e:
            reply = None
            page.notify(e.words, "bad")
        finally:
            match.thinking = False
        if reply is not None:
            match.turn_played(reply)
            game = match.game
            speech.tell(page, speech.turn_text(reply.entry, game["state"], game["players"], 0))
        page.draw()

    # ----------------------------------------------------------- drawing

    def marks(self) -> dict:
        """What the orders being given add to the map."""
        match = self.match
        if match is None or match.thinking:
            return {}
        marks = match.orders.marks(match.board)
        if match.orders.items:
            marks["last"] = []  # the new orders, not last turn's, once the human gives some
        return marks

    def draw(self) -> None:
        page = self.page
        page.put("c-setup", render.play_setup(self.bot, self.seed))
        match = self.match
        if match is None:
            page.put("c-prompt", '<p class="prompt">' + t("loading") + "</p>")
            page.put("c-orders", "")
            page.put("c-log", "")
            page.put("c-dock", "")
            return
        o = match.orders
        if match.thinking:
            prompt = ("bot_thinking", {"bot": render.bot_label(self.bot)})
        elif match.hint:
            prompt = (match.hint, {})
        else:
            prompt = o.prompt(match.board)
        prompt_ctx = {
            "prompt": prompt,
            "house": o.house,
            "amount": o.amount,
            "available": max(1, o.available(match.board, o.house)) if o.house >= 0 else 1,
            "tri": o.tri,
            "action": o.action,
            "my_tris": [] if match.board.over else match.board.my_triangles(),
        }
        orders_ctx = {
            "items": o.items,
            "checks": o.checks,
            "line": o.line(),
            "busy": page.pending or match.thinking,
            "over": match.board.over,
        }
        page.put("c-prompt", render.play_prompt(prompt_ctx))
        page.put("c-orders", render.play_orders(orders_ctx))
        page.put("c-dock", render.dock(prompt_ctx, orders_ctx))
        page.put("c-log", render.turn_log(match.last, match.game["players"]))
