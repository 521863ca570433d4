"""Triangle Catch's bot editor: the player's own bot, written in the page and played in a
worker of its own against a built-in bot (a duel).

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import client, render
from triad.ui.catch import store as saved
from triad.ui.catch.example import EXAMPLE_BOT
from triad.ui.catch.modes import CONSOLE_LINES, DUEL_PAUSE_MS, GRACE_MS, NOTHING, Run, live
from triad.ui.catch.text import said, t
from triad.ui.client import WorkerError

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from triad.ui.catch.dom import BotWorker


class Duel(Run):
    """One match of the editor's bot against a built-in bot, run turn by turn."""

    def __init__(self, scope) -> None:
        Run.__init__(self, scope)
        self.runner: BotWorker | None = None  # the bot's worker while it runs
        #: {"players", "map", "state"} once the referee has dealt it (empty before)
        self.game: dict = {}
        self.entry: client.Entry | None = None  # the last turn's

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
        self.duel: Duel | None = None  # the match running or last run
        self.finished = False  # the last match was played to its end
        self.console: list[tuple[str, str]] = []  # (kind, text) lines
        self.status = ""  # a line beside Run: running, stopped, the result

    @property
    def running(self) -> bool:
        return live(self.duel)

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
            duel = Duel(page.scope)
            self.duel = duel
            duel.scope.spawn(self.run(duel))
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
        duel = self.duel
        if duel is not None and duel.live:
            duel.end()
            self.say("info", t("bot_stopped"))
            self.status = t("bot_stopped")

    async def run(self, duel: Duel) -> None:
        """One match of the editor's bot (player 0) against a built-in bot."""
        page = self.page
        try:
            if page.start_bot is None:
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
        if booted is not True:
            self.say("bad", t("bot_boot_failed", error=booted))
            return
        try:
            reply = await client.new_game(
                page.engine, slot="duel", seed=self.seed, bot=self.opponent
            )
        except WorkerError as e:
            self.say("bad", e.words)
            return
        view = reply["view"]
        duel.game = {
            "players": [self.name or t("your_bot"), render.bot_label(self.opponent)],
            "map": view["map"],
            "state": view["state"],
        }
        self.say("info", t("bot_started", seed=self.seed, bot=render.bot_label(self.opponent)))
        page.draw()
        try:
            await client.bot_start(runner, self.code, first_ms + GRACE_MS)
        except client.TimedOut:
            runner.terminate()
            await self.lost(duel, t("bot_timeout", limit=first_ms, turn=1), "")
            return
        except client.CannotRun:
            self.say("bad", t("bot_no_support"))
            self.status = t("bot_cannot_run")
            return
        except WorkerError as e:
            self.say("bad", t("bot_syntax", error=said(e.reply.get("say") or e.error)))
            return
        await self.turns(duel, runner, view["input"], first_ms, turn_ms)

    async def turns(self, duel: Duel, runner, text: str, first_ms: int, turn_ms: int) -> None:
        page = self.page
        # A turn of the bot's, each answered by the referee, to the game's turn limit.
        for turn in range(1, render.MAX_TURNS + 1):
            limit = first_ms if turn == 1 else turn_ms
            try:
                reply = await client.bot_turn(runner, text, limit + GRACE_MS)
            except client.TimedOut:
                runner.terminate()
                await self.lost(duel, t("bot_timeout", limit=limit, turn=turn), "")
                return
            except WorkerError as e:
                self.wrote(str(e.reply.get("stderr") or ""))
                error = said(e.reply.get("say") or e.error)
                self.say("bad", error)
                summary = error.strip().split("\n")[-1]
                await self.lost(duel, t("bot_error", turn=turn, error=summary), "")
                return
            self.wrote(reply["stderr"])
            if reply["ms"] > limit:
                ms = int(reply["ms"])
                late = t("bot_late", ms=ms, turn=turn, limit=limit)
                await self.lost(duel, late, reply["line"])
                return
            try:
                answer = await client.play(page.engine, slot="duel", line=reply["line"])
            except WorkerError as e:
                self.say("bad", e.words)
                return
            self.turn_shown(duel, answer)
            if answer.over:
                return
            text = answer.input
            await page.sleep(DUEL_PAUSE_MS)

    def wrote(self, stderr: str) -> None:
        """What the bot wrote to its stderr this turn, shown in the console."""
        if stderr:
            self.say("err", stderr)

    def turn_shown(self, duel: Duel, answer: client.Turn) -> None:
        duel.game["state"] = answer.state
        duel.entry = answer.entry
        forfeit = answer.entry.forfeit
        if forfeit:
            self.say("bad", said(forfeit))
        result = answer.result
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
        try:
            answer = await client.forfeit(
                self.page.engine, slot="duel", reason=reason, line=line_text
            )
        except WorkerError:  # (the match stays as it was shown)
            return
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
