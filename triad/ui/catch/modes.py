"""The Triangle Catch page's three modes: what each holds and how its work runs.

`CatchApp` keeps one of each for the whole visit (switching tabs keeps a
mode's match, timeline or code where it was) and hands a mode the input
meant for it (`act`, `field`, `key`); it asks the mode on show whether it
waits for the player (`ready`), what the map draws (`shown`) and what the
empty map says (`empty`), and has it write its own regions (`draw`).

Each mode runs its own work with the worker, as the card game runs a match
(`triad.ui.session`): a piece of work (a match, a playback of the timeline,
an editor's duel) is a `Run`, and the async flow that serves it holds
its session and stops as soon as that session has ended.  A New game, a new
match to watch, Pause or Stop ends a session, and whatever still ran for it
(a reply on its way, a timer) changes nothing.  There is no counter to
compare and no flag to reset.

A mode reaches the page through `page` (the `CatchApp`): its worker
(`call`, `launch`), its regions (`put`), its notice (`notify`) and its world
(`screen`, `store`, `sleep`).  Runs under MicroPython and CPython.
"""

import json

from triad import api
from triad.ui.catch import board, client, render
from triad.ui.catch import store as saved
from triad.ui.catch.example import EXAMPLE_BOT
from triad.ui.catch.orders import Board, Orders, line
from triad.ui.catch.text import said, t

#: What the map shows for a mode without a match: `(map, state, names, entry, human)`.
NOTHING = (None, None, None, None, 0)

# The page stops a silent bot this long after its limit. Whether an answer was late is
# decided by the bot's own time, measured in its worker: the round trip to the worker
# can take far longer in a busy browser (Safari's, where each turn goes through the
# service worker), and that must not lose the bot its match.
GRACE_MS = 2000
FRAME_MS = 600  # one turn on the timeline at speed 1
DUEL_PAUSE_MS = 15  # between two turns of the editor's match, so the map is drawn
CONSOLE_LINES = 400


def why_not(reply: dict) -> str:
    """Why the referee refused a line, in the page's language: its sentence when the
    reply carries one (an unrecognised command), else the error's own text."""
    words = reply.get("words")
    return said(words) if words else reply.get("error", "?")


class Run:
    """One piece of a mode's work, from its start to its end (`end`)."""

    def __init__(self) -> None:
        self.live = True

    def end(self) -> None:
        """The work is over or replaced: whatever still runs for it stops."""
        self.live = False


def live(session) -> bool:
    return session is not None and session.live


# ---------------------------------------------------------------------- play


class PlayMatch(Run):
    """A match of the human against a built-in bot: the position, the orders, the turn."""

    def __init__(self, view: dict, names: list) -> None:
        Run.__init__(self)
        self.game = {
            "players": names,
            "map": view["map"],
            "state": view["state"],
            "linkable": view["linkable"],
        }
        self.board = Board(view["state"], view["linkable"])
        self.orders = Orders()
        self.last = None  # the last turn's entry
        self.hint = ""  # why the last click did nothing (a text key)
        self.thinking = False  # the bot answers the turn just ended

    def turn_played(self, reply: dict) -> None:
        """The referee resolved a turn (`play`'s reply)."""
        self.game["state"] = reply["state"]
        self.game["linkable"] = reply["linkable"]
        self.board = Board(reply["state"], reply["linkable"])
        self.last = reply["turn"]
        self.orders.reset()


class Play:
    """The human (player 0, blue) against a built-in bot, by clicks."""

    empty = "loading"  # a match is dealt as soon as the referee is up

    def __init__(self, page, seed: int) -> None:
        self.page = page
        self.bot = "greedy"  # the opponent of the next match
        self.seed = seed  # the map of the next match
        self.match = None  # `PlayMatch` on show
        self.dealing = None  # the New game asked for last (`Run`), until its match comes
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

    def idle(self) -> bool:
        """Whether a click on the map may add an order now."""
        match = self.match
        return match is not None and not match.thinking and not self.page.pending

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        if name == "bot" and arg in saved.OPPONENTS:
            self.bot = arg
            return
        if name == "new_game":
            self.page.launch(self.new_game())
            return
        if not self.idle():
            return
        match = self.match
        match.hint = ""
        o = match.orders
        if name == "tri":
            self.after_click(o.click_triangle(match.board, board.parse_tri(arg)))
        elif name == "action":
            self.after_click(o.choose(match.board, arg))
        elif name == "amount":
            self.after_click(o.set_amount(match.board, int(arg)))
        elif name == "cancel":
            o.clear_selection()
        elif name in ("remove", "adjust"):
            items = list(o.items)
            if name == "remove":
                changed = o.remove(int(arg))
            else:
                index, delta = arg.split(":")
                changed = o.adjust(int(index), int(delta))
            if changed:
                self.page.launch(self.recheck(match, items))
        elif name == "clear":
            o.reset()
        elif name == "end_turn":
            self.page.launch(self.end_turn())

    def click(self, kind: str, arg) -> None:
        """A house (`kind` "house", its number) or a triangle ("tri", its key) was clicked."""
        if not self.idle():
            return
        match = self.match
        match.hint = ""
        if kind == "house":
            self.after_click(match.orders.click_house(match.board, arg))
        else:
            self.after_click(match.orders.click_triangle(match.board, board.parse_tri(arg)))

    def key(self, key: str) -> bool:
        if key == "Escape" and self.match is not None:
            self.match.orders.clear_selection()
            self.match.hint = ""
            return True
        if key == "Enter" and self.page.is_ready():
            self.page.launch(self.end_turn())
            return True
        return False

    def after_click(self, result: dict) -> None:
        if "add" in result:
            self.page.launch(self.add_order(self.match, result["add"]))
        elif "hint" in result:
            self.match.hint = result["hint"]

    # ------------------------------------------------------------- flows

    async def new_game(self) -> None:
        page = self.page
        if page.engine is None:
            return
        if self.dealing is not None:
            self.dealing.end()  # New game pressed again: only the last one is dealt
        asked = Run()
        self.dealing = asked
        reply = await page.waiting(
            client.new_game(page.engine, slot="play", seed=self.seed, bot=self.bot)
        )
        if not asked.live:
            return
        asked.end()
        if not reply.get("ok"):
            page.notify(reply.get("error", "?"), "bad")
            page.draw()
            return
        if self.match is not None:
            self.match.end()
        self.match = PlayMatch(reply["view"], [t("you"), render.bot_label(self.bot)])
        page.notice_text = ""
        page.draw()

    async def add_order(self, match: PlayMatch, item: list) -> None:
        """Add an order if the referee would apply it; otherwise say why not."""
        candidate = list(match.orders.items)
        candidate.append(item)
        reply = await self.page.waiting(
            client.check(self.page.engine, slot="play", line=line(candidate))
        )
        if not match.live:
            return
        if not reply.get("ok"):
            self.page.notify(t("refused", reason=why_not(reply)), "bad")
        else:
            checks = reply["checks"]
            last = checks[-1]
            if not last.get("ok"):
                self.page.notify(t("refused", reason=said(last.get("detail"))), "bad")
                match.orders.checks = checks[:-1]
            else:
                match.orders.items = candidate
                match.orders.checks = checks
                self.page.notice_text = ""
        self.page.draw()

    async def recheck(self, match: PlayMatch, before: list) -> None:
        """Check the orders after an edit; an edit that makes one refused is undone."""
        reply = await self.page.waiting(
            client.check(self.page.engine, slot="play", line=match.orders.line())
        )
        if not match.live:
            return
        bad = None
        if not reply.get("ok"):
            bad = why_not(reply)
        else:
            for check in reply["checks"]:
                if not check.get("ok"):
                    bad = said(check.get("detail"))
                    break
        if bad is None:
            match.orders.checks = reply["checks"]
            self.page.notice_text = ""
        else:
            match.orders.items = before
            self.page.notify(t("refused", reason=bad), "bad")
        self.page.draw()

    async def end_turn(self) -> None:
        match = self.match
        page = self.page
        if match is None or match.board.over or match.thinking:
            return
        for check in match.orders.checks:
            if not check.get("ok"):
                page.notify(t("refused_end", reason=said(check.get("detail"))), "bad")
                page.draw()
                return
        match.thinking = True
        match.orders.clear_selection()
        page.notice_text = ""
        page.draw()
        try:
            reply = await client.play(page.engine, slot="play", line=match.orders.line())
        finally:
            match.thinking = False
        if not match.live:
            return
        if not reply.get("ok"):
            page.notify(reply.get("error", "?"), "bad")
        else:
            match.turn_played(reply)
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


# --------------------------------------------------------------------- watch


class Watched(Run):
    """A whole match being watched: its start, the frames fetched so far, its end."""

    def __init__(self, reply: dict, players: list) -> None:
        Run.__init__(self)
        view = reply["view"]
        self.players = players  # display names
        self.map = view["map"]
        self.result = reply.get("result")
        self.total = reply["turns"]
        self.frames = {0: (view["state"], None)}  # turn -> (state, entry), fetched so far


class Watch:
    """Two built-in bots play a whole match in the worker; a timeline walks through it."""

    empty = "watch_first"

    def __init__(self, page, seed: int) -> None:
        self.page = page
        self.bots = ["planner", "greedy"]  # blue's and red's, for the next match
        self.seed = seed
        self.speed = "1"
        self.match = None  # the `Watched` match on the timeline
        self.asked = None  # the match asked of the worker (`Run`) until it comes
        self.playback = None  # the timeline playing (`Run`), until paused or at its end
        self.fetching = None  # the frame being fetched (`Run`)
        self.at = 0  # the turn on show
        self.want = 0  # the turn asked for (scrubbing asks faster than frames come)
        self.state = None
        self.entry = None  # the turn's entry (None at the start position)

    @property
    def playing(self) -> bool:
        return live(self.playback)

    @property
    def loading(self) -> bool:
        return live(self.asked) or live(self.fetching)

    @property
    def total(self):
        return None if self.match is None else self.match.total

    @property
    def players(self):
        return None if self.match is None else self.match.players

    def ready(self) -> bool:
        return not self.playing and not self.loading

    def shown(self) -> tuple:
        match = self.match
        if match is None:
            return NOTHING
        return (match.map, self.state, match.players, self.entry, None)

    def leave(self) -> None:
        """Another tab is shown: the timeline stops where it is."""
        self.pause()

    def pause(self) -> None:
        if self.playback is not None:
            self.playback.end()

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        page = self.page
        if name == "watch":
            self.watch({"bots": list(self.bots), "seed": self.seed})
        elif name == "play" and self.match is not None:
            if self.at >= self.match.total or self.playing:
                return
            self.playback = Run()
            page.spawn(self.play(self.playback))
        elif name == "pause":
            self.pause()
        elif name in ("step", "seek") and self.match is not None:
            self.pause()
            self.seek(self.at + int(arg) if name == "step" else int(arg))
        elif name == "speed" and arg in render.SPEEDS:
            self.speed = arg
        elif name == "replay":
            page.launch(page.download("watch"))

    def key(self, key: str) -> bool:
        if key == " ":
            self.page.act("pause" if self.playing else "play")
        elif key in ("ArrowLeft", "ArrowRight"):
            self.page.act("step", "-1" if key == "ArrowLeft" else "1")
        else:
            return False
        return True

    # ------------------------------------------------------------- flows

    def watch(self, request: dict, autoplay: bool = True) -> None:
        """Have the worker play (or take) a match, then show its start (and play it)."""
        page = self.page
        if page.engine is None:
            return
        self.pause()
        for session in (self.asked, self.fetching, self.match):
            if session is not None:
                session.end()  # a match asked for before, or watched, is dropped
        asked = Run()
        self.asked = asked
        # It plays as soon as it comes, unless Pause is pressed before.
        playback = Run()
        if not autoplay:
            playback.end()
        self.playback = playback
        page.launch(self.fetch(request, asked, playback))

    async def fetch(self, request: dict, asked: Run, playback: Run) -> None:
        page = self.page
        page.draw()
        reply = await page.waiting(client.watch(page.engine, **request))
        if not asked.live:
            return
        asked.end()
        if not reply.get("ok"):
            playback.end()
            page.notify(reply.get("error", "?"), "bad")
            page.draw()
            return
        names = [page.display_name(n) for n in reply["view"]["players"]]
        self.match = Watched(reply, names)
        self.at = self.want = 0
        self.state, self.entry = self.match.frames[0]
        page.draw()
        await self.play(playback)

    def seek(self, turn: int) -> None:
        match = self.match
        if match is None:
            return
        self.want = max(0, min(match.total, turn))
        if not self.loading:
            self.page.launch(self.follow(match))

    async def follow(self, match: Watched) -> None:
        """Load frames until the shown one is the one asked for (scrubbing asks often)."""
        fetching = Run()
        self.fetching = fetching
        try:
            while match.live and self.at != self.want:
                if not await self.show_frame(match, self.want):
                    break
        finally:
            fetching.end()
        self.page.draw()

    async def show_frame(self, match: Watched, turn: int) -> bool:
        frame = match.frames.get(turn)
        if frame is None:
            reply = await self.page.waiting(client.frame(self.page.engine, turn=turn))
            if not match.live:
                return False
            if not reply.get("ok"):
                self.page.notify(reply.get("error", "?"), "bad")
                self.want = self.at
                self.pause()
                return False
            frame = (reply["state"], reply["entry"])
            if len(match.frames) > 60:
                match.frames = {0: match.frames[0]}
            match.frames[turn] = frame
        self.at = turn
        self.state, self.entry = frame
        self.page.draw()
        return True

    async def play(self, playback: Run) -> None:
        """Play the timeline on, a turn a frame, while `playback` lasts."""
        match = self.match
        page = self.page
        # A frame a turn, to the last: a step or a seek pauses the playback first.
        for _ in range(self.at, match.total):
            await page.signal.until(lambda: not self.loading or not playback.live)
            if not playback.live or not match.live:
                break
            self.want = self.at + 1
            await self.follow(match)
            if not playback.live:
                break
            await self.page.sleep(int(FRAME_MS / float(self.speed)))
        playback.end()
        if match.live and self.want != self.at and not self.loading:
            await self.follow(match)
        self.page.draw()

    # ----------------------------------------------------------- drawing

    def draw(self) -> None:
        page = self.page
        page.put("c-setup", render.watch_setup(self.bots, self.seed, self.loading))
        page.put(
            "c-timeline",
            render.timeline(
                {
                    "total": self.total,
                    "at": self.at,
                    "playing": self.playing,
                    "speed": self.speed,
                    "can_download": self.match is not None,
                }
            ),
        )
        page.put("c-log", render.turn_log(self.entry, self.players or ["", ""]))
        page.screen.set_data("at", str(self.at))


# -------------------------------------------------------------------- editor


class Duel(Run):
    """One match of the editor's bot against a built-in bot, run turn by turn."""

    def __init__(self) -> None:
        Run.__init__(self)
        self.runner = None  # the bot's worker while it runs
        self.game = None  # {"players", "map", "state"} once the referee has dealt it
        self.entry = None  # the last turn's entry

    def end(self) -> None:
        Run.end(self)
        runner = self.runner
        if runner is not None:
            runner.terminate()  # a bot that still thinks is stopped at once


class Editor:
    """The player's bot (player 0) against a built-in bot, each answer timed."""

    empty = "editor_empty"

    def __init__(self, page, doc: dict, code: str, seed: int) -> None:
        self.page = page
        self.doc = doc  # the saved bots (`triad.ui.catch.store`)
        self.name = doc["current"]  # the bot's name as typed
        self.code = code  # its code as typed
        self.opponent = doc["opponent"]
        self.seed = seed
        self.limits = doc["limits"]
        self.duel = None  # the `Duel` running or last run
        self.finished = False  # the last match was played to its end
        self.console = []  # (kind, text) lines
        self.status = ""  # a line beside Run: running, stopped, the result

    @property
    def running(self) -> bool:
        return live(self.duel)

    @property
    def game(self):
        return None if self.duel is None else self.duel.game

    def ready(self) -> bool:
        return not self.running

    def shown(self) -> tuple:
        duel = self.duel
        if duel is None or duel.game is None:
            return NOTHING
        game = duel.game
        return (game["map"], game["state"], game["players"], duel.entry, None)

    def leave(self) -> None:
        """Another tab is shown: keep the code and name as typed (a running match goes on)."""
        self.code = self.page.screen.value("c-code") or self.code
        self.name = self.page.screen.value("c-name") or self.name

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        page = self.page
        if name == "opponent" and arg in saved.OPPONENTS:
            self.opponent = arg
            self.doc["opponent"] = arg
            saved.save(page.store, self.doc)
        elif name == "run" and not self.running and page.engine is not None:
            # The match runs beside the other tabs: it holds up no input but its own.
            duel = Duel()
            self.duel = duel
            page.spawn(self.run(duel))
        elif name == "stop":
            self.stop()
        elif name == "save_bot":
            self.save_bot()
        elif name == "new_bot":
            self.new_bot()
        elif name == "delete_bot":
            self.delete_bot()
        elif name == "console_clear":
            self.console = []
        elif name == "replay_duel":
            page.set_mode("watch")
            page.watch.watch({"slot": "duel"}, autoplay=False)

    def key(self, key: str) -> bool:
        return False

    def set_limits(self, value: str) -> None:
        self.limits = value
        self.doc["limits"] = value
        saved.save(self.page.store, self.doc)

    def say(self, kind: str, text: str) -> None:
        """A line on the editor's console."""
        lines = self.console
        for part in str(text).rstrip("\n").split("\n"):
            lines.append((kind, part + "\n"))
        if len(lines) > CONSOLE_LINES:
            del lines[: len(lines) - CONSOLE_LINES]

    # ---------------------------------------------------------- the bots

    def editor_text(self) -> None:
        """Take the code and name from the text fields (the page keeps them as typed)."""
        code = self.page.screen.value("c-code")
        if code is not None:
            self.code = code
        name = self.page.screen.value("c-name")
        if name is not None:
            self.name = name

    def save_bot(self, quiet: bool = False) -> bool:
        self.editor_text()
        page = self.page
        try:
            name = saved.put(self.doc, self.name or t("unnamed"), self.code)
        except ValueError as e:
            page.notify(str(e), "bad")
            return False
        self.name = name
        saved.save(page.store, self.doc)
        if not quiet:
            page.notify(t("saved", name=name))
        page.forget("c-files")
        return True

    def open_bot(self, name: str) -> None:
        bot = saved.find(self.doc, name)
        if bot is None:
            return
        self.doc["current"] = name
        self.name = name
        self.code = bot["code"]
        self.page.screen.set_value("c-code", bot["code"])
        self.page.screen.set_value("c-name", name)
        saved.save(self.page.store, self.doc)

    def new_bot(self) -> None:
        taken = {}
        for bot in self.doc["bots"]:
            taken[bot["name"]] = True
        n = 1
        name = t("unnamed")
        while name in taken:
            n += 1
            name = t("unnamed") + " " + str(n)
        self.name = name
        self.code = EXAMPLE_BOT
        self.page.screen.set_value("c-code", EXAMPLE_BOT)
        self.page.screen.set_value("c-name", name)

    def delete_bot(self) -> None:
        name = self.doc["current"]
        saved.remove(self.doc, name, t("example_bot"))
        saved.save(self.page.store, self.doc)
        self.page.notify(t("deleted", name=name))
        self.open_bot(self.doc["current"])
        self.page.forget("c-files")

    # ------------------------------------------------------------- flows

    def stop(self) -> None:
        """Stop pressed: the match ends at once, its bot's worker stopped."""
        if self.running:
            self.duel.end()
            self.say("info", t("bot_stopped"))
            self.status = t("bot_stopped")

    async def run(self, duel: Duel) -> None:
        """One match of the editor's bot (player 0) against a built-in bot."""
        page = self.page
        try:
            if page.start_bot is None or not duel.live:  # Stop pressed before it began
                return
            if page.bot_support is not None and not page.bot_support():
                self.say("bad", t("bot_no_support"))
                self.status = t("bot_cannot_run")
                return
            self.save_bot(quiet=True)
            self.finished = False
            self.status = t("running")
            self.say("info", t("booting_bot"))
            page.draw()
            await self.play_duel(duel)
        finally:
            duel.end()
            page.draw()

    async def play_duel(self, duel: Duel) -> None:
        page = self.page
        first_ms, turn_ms = saved.LIMITS[self.limits]
        runner = page.start_bot()
        duel.runner = runner
        booted = await runner.ready()
        if not duel.live:
            return
        if booted is not True:
            self.say("bad", t("bot_boot_failed", error=booted))
            return
        reply = await client.new_game(page.engine, slot="duel", seed=self.seed, bot=self.opponent)
        if not duel.live:
            return
        if not reply.get("ok"):
            self.say("bad", reply.get("error", "?"))
            return
        view = reply["view"]
        duel.game = {
            "players": [self.name or t("your_bot"), render.bot_label(self.opponent)],
            "map": view["map"],
            "state": view["state"],
        }
        self.say("info", t("bot_started", seed=self.seed, bot=render.bot_label(self.opponent)))
        page.draw()
        status, started = await client.bot_start(runner, self.code, first_ms + GRACE_MS)
        if not duel.live:
            return
        if status == "timeout":
            runner.terminate()
            await self.lost(duel, t("bot_timeout", limit=first_ms, turn=1), "")
            return
        started = json.loads(started) if status == "ok" else api.failure(started)
        if not started.get("ok"):
            error = started.get("error", "?")
            if error == "no-jspi":
                self.say("bad", t("bot_no_support"))
                self.status = t("bot_cannot_run")
            else:
                self.say("bad", t("bot_syntax", error=said(started.get("say") or error)))
            return
        await self.turns(duel, view["input"], first_ms, turn_ms)

    async def turns(self, duel: Duel, text: str, first_ms: int, turn_ms: int) -> None:
        page = self.page
        runner = duel.runner
        # A turn of the bot's, each answered by the referee, to the game's turn limit.
        for turn in range(1, render.MAX_TURNS + 1):
            if not duel.live:
                return
            limit = first_ms if turn == 1 else turn_ms
            status, value = await client.bot_turn(runner, text, limit + GRACE_MS)
            if not duel.live:
                return
            if status == "timeout":
                runner.terminate()
                await self.lost(duel, t("bot_timeout", limit=limit, turn=turn), "")
                return
            reply = json.loads(value) if status == "ok" else api.failure(value)
            if reply.get("stderr"):
                self.say("err", reply["stderr"])
            if not reply.get("ok"):
                error = said(reply.get("say") or reply.get("error", "?"))
                self.say("bad", error)
                summary = error.strip().split("\n")[-1]
                await self.lost(duel, t("bot_error", turn=turn, error=summary), "")
                return
            if reply.get("ms", 0) > limit:
                ms = int(reply["ms"])
                late = t("bot_late", ms=ms, turn=turn, limit=limit)
                await self.lost(duel, late, reply["line"])
                return
            answer = await client.play(page.engine, slot="duel", line=reply["line"])
            if not duel.live:
                return
            if not answer.get("ok"):
                self.say("bad", answer.get("error", "?"))
                return
            self.turn_shown(duel, answer)
            if answer["over"]:
                return
            text = answer["input"]
            await page.sleep(DUEL_PAUSE_MS)

    def turn_shown(self, duel: Duel, answer: dict) -> None:
        duel.game["state"] = answer["state"]
        duel.entry = answer["turn"]
        forfeit = answer["turn"].get("forfeit")
        if forfeit:
            self.say("bad", said(forfeit))
        result = answer.get("result")
        if result:
            names = duel.game["players"]
            head = render.headline(result, names, None)
            turns = result.get("turns", 0)
            self.say(
                "good" if result.get("winner") == 0 else "bad",
                t(
                    "match_over" if turns else "match_over_first",
                    turns=turns,
                    headline=head,
                    reason=said(result["reason"]),
                ),
            )
            self.status = head
            self.finished = True
        self.page.draw()

    async def lost(self, duel: Duel, reason: str, line_text: str) -> None:
        """The editor's bot loses by forfeit: tell the referee, show why."""
        self.say("bad", reason)
        answer = await client.forfeit(self.page.engine, slot="duel", reason=reason, line=line_text)
        if duel.live and answer.get("ok"):
            self.turn_shown(duel, answer)

    # ----------------------------------------------------------- drawing

    def draw(self) -> None:
        page = self.page
        page.put("c-files", render.editor_files(self.doc, self.name))
        page.put(
            "c-run",
            render.editor_run(
                {
                    "opponent": self.opponent,
                    "seed": self.seed,
                    "limits": self.limits,
                    "running": self.running,
                    "finished": self.finished,
                    "status": self.status,
                }
            ),
        )
        if page.shown.get("c-console") != self.console:
            page.screen.update("c-console", render.console(self.console))
            page.shown["c-console"] = list(self.console)
            page.screen.scroll_bottom("c-console")
