"""Triangle Catch's bot editor: the player's own bot, written in the page and played in a
worker of its own against a built-in bot (a duel).

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import client, render
from triad.ui.catch import store as saved
from triad.ui.catch.example import example_bot
from triad.ui.catch.modes import CONSOLE_LINES, DUEL_PAUSE_MS, GRACE_MS, NOTHING, Run, live
from triad.ui.catch.text import said, t
from triad.ui.look.text import language
from triad.ui.page.client import WorkerError


class Duel(Run):
    """One match of the editor's bot against a built-in bot, run turn by turn: the bot's
    worker, the match as the referee dealt it, its last turn. Its flow (`play`) is a task
    of its own scope; ending it stops the bot's worker at once.

    It gets the modes' services (`triad.ui.catch.modes.Services`), `say(kind, text)`,
    the editor's console, and what it plays: the bot's `code` and ``names`` (the bot's,
    the built-in bot's), the `opponent`, the map's `seed` and the time ``limits`` (ms
    for the first turn and each after)."""

    def __init__(self, services, say, code: str, names: list, opponent: str, seed: int) -> None:
        Run.__init__(self, services.scope)
        self.services = services
        self.say = say
        self.code = code
        self.names = names
        self.opponent = opponent
        self.seed = seed
        self.runner = None  # the bot's worker while it runs (`triad.ui.catch.dom.BotWorker`)
        #: {"players", "map", "state"} once the referee has dealt it (empty before)
        self.game: dict = {}
        self.entry: client.Entry | None = None  # the last turn's
        self.headline = ""  # the result, once the match is over

    def end(self) -> None:
        Run.end(self)
        runner = self.runner
        if runner is not None:
            runner.terminate()  # a bot that still thinks is stopped at once

    async def play(self, start_bot, limits: tuple) -> str:
        """Play the match to its end, the bot in a worker `start_bot()` starts; the status
        line it leaves (the result, or why the match did not go on)."""
        runner = self.runner = start_bot()
        first_ms, turn_ms = limits
        booted = await runner.ready()
        if booted is not True:
            return self.failed(t("bot_boot_failed", error=booted), "run_no_python")
        engine = self.services.engine()
        try:
            reply = await client.new_game(engine, slot="duel", seed=self.seed, bot=self.opponent)
        except WorkerError as e:
            return self.failed(e.words, "run_failed")
        view = reply["view"]
        self.game = {"players": self.names, "map": view["map"], "state": view["state"]}
        self.say("info", t("bot_started", seed=self.seed, bot=self.names[1]))
        self.services.draw()
        try:
            await client.bot_start(runner, self.code, first_ms + GRACE_MS)
        except client.TimedOut:
            runner.terminate()
            return await self.lost(t("bot_timeout", limit=first_ms, turn=1), "")
        except client.CannotRun:
            self.say("bad", t("bot_no_support"))
            return t("bot_cannot_run")
        except client.Died as e:
            return self.failed(t("bot_worker_failed", error=e.error), "run_failed")
        except WorkerError as e:
            error = said(e.reply.get("say") or e.error)
            return self.failed(t("bot_syntax", error=error), "run_no_compile")
        return await self.turns(runner, view["input"], first_ms, turn_ms)

    def failed(self, why: str, status: str) -> str:
        """The match could not go on: `why` on the console, and the status line (its key)."""
        self.say("bad", why)
        return t(status)

    async def turns(self, runner, text: str, first_ms: int, turn_ms: int) -> str:
        services = self.services
        # A turn of the bot's, each answered by the referee, to the game's turn limit.
        for turn in range(1, render.MAX_TURNS + 1):
            limit = first_ms if turn == 1 else turn_ms
            try:
                reply = await client.bot_turn(runner, text, limit + GRACE_MS)
            except client.TimedOut:
                runner.terminate()
                return await self.lost(t("bot_timeout", limit=limit, turn=turn), "")
            except WorkerError as e:
                self.wrote(str(e.reply.get("stderr") or ""))
                error = said(e.reply.get("say") or e.error)
                self.say("bad", error)
                summary = error.strip().split("\n")[-1]
                return await self.lost(t("bot_error", turn=turn, error=summary), "")
            self.wrote(reply["stderr"])
            if reply["ms"] > limit:
                late = t("bot_late", ms=int(reply["ms"]), turn=turn, limit=limit)
                return await self.lost(late, reply["line"])
            try:
                answer = await client.play(services.engine(), slot="duel", line=reply["line"])
            except WorkerError as e:
                return self.failed(e.words, "run_failed")
            self.turn_shown(answer)
            if answer.over:
                return self.headline
            text = answer.input
            await services.sleep(DUEL_PAUSE_MS)
        return self.headline

    def wrote(self, stderr: str) -> None:
        """What the bot wrote to its stderr this turn, shown in the console."""
        if stderr:
            self.say("err", stderr)

    def turn_shown(self, answer: client.Turn) -> None:
        self.game["state"] = answer.state
        self.entry = answer.entry
        forfeit = answer.entry.forfeit
        if forfeit:
            self.say("bad", said(forfeit))
        result = answer.result
        if result:
            head = render.headline(result, self.names, None)
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
            self.headline = head
        self.services.draw()

    async def lost(self, reason: str, line_text: str) -> str:
        """The editor's bot loses by forfeit: tell the referee, show why."""
        self.say("bad", reason)
        try:
            answer = await client.forfeit(
                self.services.engine(), slot="duel", reason=reason, line=line_text
            )
        except WorkerError as e:  # (the match stays as it was shown)
            return self.failed(e.words, "run_failed")
        self.turn_shown(answer)
        return self.headline


class Editor:
    """The player's bot (player 0) against a built-in bot, each answer timed.

    Besides the modes' services it gets `seed()`, the map of the next match (the page
    keeps it), `bots`, how this browser runs a bot (`triad.ui.catch.dom.Bots`: `start()`
    a bot's worker, `support()` "" where none can run; None: no bot runs), and
    `replay_duel()`, the page's flow showing the last duel on Watch's timeline."""

    empty = "editor_empty"

    def __init__(self, services, doc: dict, code: str, seed, bots, replay_duel) -> None:
        self.services = services
        self.bots = bots
        self.replay_duel = replay_duel
        self.doc = doc  # the saved bots (`triad.ui.catch.store`)
        self.name = doc["current"]  # the bot's name as typed
        self.code = code  # its code as typed
        self.opponent = doc["opponent"]
        self.next_seed = seed
        self.limits = doc["limits"]
        self.duel: Duel | None = None  # the match running or last run
        self.console: list[tuple[str, str]] = []  # (kind, text) lines
        self.console_html: tuple = ("", [])  # the console as last drawn: (HTML, the lines it shows)
        # A line beside Run: running, stopped, the result (or that nothing will be kept).
        self.status = t("storage_session") if getattr(services.store, "denied", False) else ""

    @property
    def seed(self) -> int:
        return self.next_seed()

    @property
    def running(self) -> bool:
        return live(self.duel)

    @property
    def finished(self) -> bool:
        """Whether the last match was played to its end."""
        return self.duel is not None and bool(self.duel.headline)

    @property
    def game(self):
        return None if self.duel is None or not self.duel.game else self.duel.game

    def ready(self) -> bool:
        return not self.running

    def shown(self) -> tuple:
        duel = self.duel
        if duel is None or not duel.game:
            return NOTHING
        game = duel.game
        return (game["map"], game["state"], game["players"], duel.entry, None)

    def leave(self) -> None:
        """Another tab is shown: keep the code and name as typed (a running match goes on)."""
        screen = self.services.screen
        self.code = screen.value("c-code") or self.code
        self.name = screen.value("c-name") or self.name

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        if name == "opponent" and arg in saved.OPPONENTS:
            self.opponent = arg
            self.doc["opponent"] = arg
            saved.save(self.services.store, self.doc)
        elif name == "run" and not self.running and self.services.engine() is not None:
            self.run()
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
            self.replay_duel()

    def field(self, name: str, value: str) -> bool:
        """One of the editor's fields changed; whether the page is to be drawn again."""
        if name == "code":
            self.code = value
            return False  # the text box keeps its own text; nothing to draw
        if name == "name":
            self.name = value
            return False
        if name == "limits" and value in saved.LIMITS:
            self.limits = value
            self.doc["limits"] = value
            saved.save(self.services.store, self.doc)
        elif name == "saved":
            self.open_bot(value)
        return True

    def key(self, key: str) -> bool:
        return False

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
        screen = self.services.screen
        code = screen.value("c-code")
        if code is not None:
            self.code = code
        name = screen.value("c-name")
        if name is not None:
            self.name = name

    def show_bot(self, name: str, code: str) -> None:
        """Write a bot's name and code in the text fields (and take them as typed)."""
        self.name = name
        self.code = code
        self.services.screen.set_value("c-code", code)
        self.services.screen.set_value("c-name", name)

    def save_bot(self, quiet: bool = False) -> bool:
        self.editor_text()
        services = self.services
        try:
            name = saved.put(self.doc, self.name or t("unnamed"), self.code)
        except ValueError as e:
            services.notify(str(e), "bad")
            return False
        self.name = name
        saved.save(services.store, self.doc)
        if not quiet:
            services.notify(t("saved", name=name))
        services.forget("c-files")
        return True

    def open_bot(self, name: str) -> None:
        bot = saved.find(self.doc, name)
        if bot is None:
            return
        self.doc["current"] = name
        self.show_bot(name, bot["code"])
        saved.save(self.services.store, self.doc)

    def new_bot(self) -> None:
        taken = {}
        for bot in self.doc["bots"]:
            taken[bot["name"]] = True
        n = 1
        name = t("unnamed")
        while name in taken:
            n += 1
            name = t("unnamed") + " " + str(n)
        self.show_bot(name, example_bot(language()))

    def delete_bot(self) -> None:
        name = self.doc["current"]
        saved.remove(self.doc, name, t("example_bot"), example_bot(language()))
        saved.save(self.services.store, self.doc)
        self.services.notify(t("deleted", name=name))
        self.open_bot(self.doc["current"])
        self.services.forget("c-files")

    # ------------------------------------------------------------- flows

    def run(self) -> None:
        """Run pressed: a match of the editor's bot, beside the other tabs (it holds up no
        input but its own)."""
        bots = self.bots
        if bots is None:
            return
        if not bots.support():
            self.say("bad", t("bot_no_support"))
            self.status = t("bot_cannot_run")
            return
        self.save_bot(quiet=True)
        names = [self.name or t("your_bot"), render.bot_label(self.opponent)]
        duel = self.duel = Duel(self.services, self.say, self.code, names, self.opponent, self.seed)
        self.status = t("running")
        self.say("info", t("booting_bot"))
        duel.scope.spawn(self.duel_played(duel, bots.start, saved.LIMITS[self.limits]))

    async def duel_played(self, duel: Duel, start_bot, limits: tuple) -> None:
        """The duel is played out (a task of its own): its status line shown after it."""
        try:
            self.status = await duel.play(start_bot, limits) or t("run_failed")
        except Exception as e:  # (a worker gone, say): said, and Run works again
            self.say("bad", t("run_crashed", error=str(e) or type(e).__name__))
            self.status = t("run_failed")
        finally:
            duel.end()
            self.services.draw()

    def stop(self) -> None:
        """Stop pressed: the match ends at once, its bot's worker stopped."""
        duel = self.duel
        if duel is not None and duel.live:
            duel.end()
            self.say("info", t("bot_stopped"))
            self.status = t("bot_stopped")

    # ----------------------------------------------------------- drawing

    def draw(self) -> None:
        services = self.services
        services.put("c-files", render.editor_files(self.doc, self.name))
        services.put(
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
        html, lines = self.console_html
        if lines != self.console:
            html = render.console(self.console)
            self.console_html = (html, list(self.console))
        if services.put("c-console", html):
            services.screen.scroll_bottom("c-console")
