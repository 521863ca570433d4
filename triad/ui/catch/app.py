"""The Triangle Catch page's controller: three modes over one map.

* Play: the human (player 0, blue) against a built-in bot, by clicks.  Each
  order is checked by the referee before it is added (a refused one is not
  added, and the reason is shown); End turn sends the line and the bot
  answers in the worker.
* Watch: two built-in bots play a whole match in the worker; a timeline
  plays, pauses, steps and scrubs through it, one position per turn.
* Bot editor: the player's program (CodinGame protocol) plays a built-in
  bot.  It runs in a Pyodide worker of its own (`botrunner`), started for
  each match; each answer is raced against the time limit (1000 ms for the
  first turn, 50 ms after, or relaxed limits) and a late or silent bot
  loses, its worker stopped.  Its stderr and errors go to the console.

Plain Python with its world passed in, so it runs under MicroPython in the
page and under CPython in tests:

* `screen`: `mount`, `update(region, html)`, `set_flag`, `set_data`,
  `value(id)`, `set_value(id, text)`, `scroll_bottom(id)`, `download(name,
  text)`, `focus(selector)`, `now()`;
* `store`: `get`/`set` of strings (`triad.ui.settings.SafeStore`);
* `sleep(ms)`: an awaitable pause; `seed()`: a fresh map number;
* later, `engine_ready(engine)` with the referee worker: `await
  engine.request(name, payload dict) -> reply dict` (`triad.ui.dom.Engine`,
  the envelope of `triad.api`); and `start_bot()` giving a
  bot worker: `await bot.ready()` (True or an error text), `await
  bot.call(name, arg, timeout_ms) -> (status, value)` with status "ok",
  "timeout" or "error", and `bot.terminate()`; `bot_support()`, how this
  browser can run a bot ("" when it cannot, checked before starting one).
"""

import json

from triad import api
from triad.ui.catch import board, render
from triad.ui.catch import store as saved
from triad.ui.catch.example import EXAMPLE_BOT
from triad.ui.catch.modes import Editor, Play, Watch
from triad.ui.catch.orders import line
from triad.ui.catch.text import said, t
from triad.ui.shell import Shell

MAX_TURNS = 200
SEED_LIMIT = 2147483648  # fresh maps are numbered below this; any CodinGame seed is accepted
SEED_MIN = -9223372036854775808
SEED_MAX = 9223372036854775807


def parse_seed(text: str):
    """The CodinGame seed typed in ``text`` (a signed 64-bit whole number), or None."""
    text = text.strip().replace("\u2212", "-")
    try:
        seed = int(text)
    except ValueError:
        return None
    if not SEED_MIN <= seed <= SEED_MAX or "_" in text:
        return None
    return seed


# The page stops a silent bot this long after its limit. Whether an answer was late is
# decided by the bot's own time, measured in its worker: the round trip to the worker
# can take far longer in a busy browser (Safari's, where each turn goes through the
# service worker), and that must not lose the bot its match.
GRACE_MS = 2000
FRAME_MS = 600  # one turn on the timeline at speed 1
DUEL_PAUSE_MS = 15  # between two turns of the editor's match, so the map is drawn
CONSOLE_LINES = 400
MODES = ("play", "watch", "editor")


class CatchApp(Shell):
    """The page's modes and the flows between the page and its workers.

    Its page shell (engine boot, readiness, region redraws, language) is
    `triad.ui.shell.Shell`, shared with the card game; each mode's state is
    an object of `triad.ui.catch.modes`: `pl` (Play), `w` (Watch), `ed`
    (the bot editor).
    """

    def __init__(self, screen, store, sleep, seed, portrait: bool = False, browser_lang="en"):
        Shell.__init__(self, screen, store, sleep, seed)
        self.use_language(self.saved_language(), browser_lang)
        self.portrait = portrait
        self.start_bot = None
        self.bot_support = None
        self.mode = "play"
        self.panel_mode = ""
        self.notice_text = ""
        self.notice_kind = "info"
        self.help_open = False
        self.pending = 0  # worker calls in flight that the human waits for
        self.pl = Play(seed() % SEED_LIMIT)
        self.w = Watch(seed() % SEED_LIMIT)
        self.doc, notice = saved.load(store)
        current = saved.find(self.doc, self.doc["current"])
        self.ed = Editor(self.doc, current["code"] if current else EXAMPLE_BOT, seed() % SEED_LIMIT)
        self.modes = {"play": self.pl, "watch": self.w, "editor": self.ed}
        if notice:
            self.notify(t(notice), "bad")
        if getattr(store, "denied", False):
            self.ed.status = t("storage_session")

    # ------------------------------------------------------------ lifecycle

    def start(self, mode: str = "play") -> None:
        """Draw the page frame (before the worker has booted)."""
        self.mode = mode if mode in MODES else "play"
        self.remount(render.frame())
        self.panel_mode = ""
        self.draw()

    async def engine_up(self) -> None:
        await self.new_game()

    def launch(self, coro) -> None:
        """Start a flow the human waits for: the page stops being `ready` at once, not
        only once the task gets to run."""
        self.pending += 1
        self.show_flags()
        self.spawn(self._counted(coro))

    async def _counted(self, coro) -> None:
        try:
            await coro
        finally:
            self.pending -= 1
            self.draw()

    async def call(self, name: str, payload: dict) -> dict:
        """Call the referee worker; the human waits meanwhile (no `ready`)."""
        self.pending += 1
        self.show_flags()
        try:
            return await self.engine.request(name, payload)
        finally:
            self.pending -= 1
            self.show_flags()

    def notify(self, text: str, kind: str = "info") -> None:
        self.notice_text = text
        self.notice_kind = kind

    # ------------------------------------------------------------ rendering

    def is_ready(self) -> bool:
        """Whether the page waits for the human's input (nothing of its own under way)."""
        if self.engine is None or self.pending or self.pl.thinking:
            return False
        return self.modes[self.mode].ready()

    def show_flags(self) -> None:
        ready = self.is_ready()
        self.show_ready(ready, not ready and self.engine is not None)
        self.screen.set_data("mode", self.mode)

    def draw(self) -> None:
        """Write every region that changed."""
        if self.panel_mode != self.mode:
            self.panel_mode = self.mode
            self.forget("c-panel")
            ctx = {"code": self.ed.code, "setup_open": self.pl.game is None}
            self.put("c-panel", render.panel(self.mode, ctx))
            self.put("c-below", render.below(self.mode))
            # The regions inside the panel were just replaced.
            self.forget("c-prompt", "c-orders", "c-log", "c-setup", "c-timeline", "c-files")
            self.forget("c-run", "c-console")
        self.put("c-tabs", render.tabs(self.mode))
        mode = self.modes[self.mode]
        game_map, state, names, entry, human = mode.shown()
        if game_map is None:
            if self.engine_error:
                html = render.loading(1, t("loading_failed", error=self.engine_error), True)
            elif self.engine is None:
                html = render.loading(self.engine_progress, t("loading"))
            else:
                html = render.placeholder(t(mode.empty))
            self.put("c-map", html)
            self.put("c-score", "")
            self.put("c-banner", "")
        else:
            self.put("c-map", board.render_map(game_map, state, self.map_marks(names, entry)))
            self.put("c-score", render.scorebar(names, state, seed=game_map.get("seed")))
            self.put("c-banner", render.banner(state.get("result"), names, human))
        self.screen.set_data("turn", str(state.get("turn", 0)) if state else "")
        self.screen.set_data("over", "1" if state and state.get("result") else "0")
        if self.mode != "play" or self.pl.board is None:
            self.put("c-dock", "")
        if self.mode == "play":
            self.draw_play()
        elif self.mode == "watch":
            self.draw_watch()
        else:
            self.draw_editor()
        self.put("c-notice", render.notice(self.notice_text, self.notice_kind))
        self.put("c-overlay", render.help_dialog() if self.help_open else "")
        self.show_flags()

    def map_marks(self, names, entry) -> dict:
        marks = {
            "portrait": self.portrait and self.mode != "editor",
            "names": names,
            "last": board.turn_marks(entry),
            "captured": board.captured_triangles(entry),
        }
        if self.mode == "play" and self.pl.board is not None and not self.pl.thinking:
            picked = self.pl.orders.marks(self.pl.board)
            for key in picked:
                marks[key] = picked[key]
            if self.pl.orders.items:
                marks["last"] = []  # the new orders, not last turn's, once the human gives some
        return marks

    def draw_play(self) -> None:
        self.put("c-setup", render.play_setup(self.pl.bot, self.pl.seed))
        if self.pl.board is None:
            self.put("c-prompt", '<p class="prompt">' + t("loading") + "</p>")
            self.put("c-orders", "")
            self.put("c-log", "")
            return
        o = self.pl.orders
        if self.pl.thinking:
            prompt = ("bot_thinking", {"bot": render.bot_label(self.pl.bot)})
        elif self.pl.hint:
            prompt = (self.pl.hint, {})
        else:
            prompt = o.prompt(self.pl.board)
        prompt_ctx = {
            "prompt": prompt,
            "house": o.house,
            "amount": o.amount,
            "available": max(1, o.available(self.pl.board, o.house)) if o.house >= 0 else 1,
            "tri": o.tri,
            "action": o.action,
            "my_tris": [] if self.pl.board.over else self.pl.board.my_triangles(),
        }
        orders_ctx = {
            "items": o.items,
            "checks": o.checks,
            "line": o.line(),
            "busy": self.pending or self.pl.thinking,
            "over": self.pl.board.over,
        }
        self.put("c-prompt", render.play_prompt(prompt_ctx))
        self.put("c-orders", render.play_orders(orders_ctx))
        self.put("c-dock", render.dock(prompt_ctx, orders_ctx))
        self.put("c-log", render.turn_log(self.pl.last, self.pl.game["players"]))

    def draw_watch(self) -> None:
        w = self.w
        self.put("c-setup", render.watch_setup(w.bots, w.seed, w.loading))
        self.put(
            "c-timeline",
            render.timeline(
                {
                    "total": w.total,
                    "at": w.at,
                    "playing": w.playing,
                    "speed": w.speed,
                    "can_download": w.total is not None,
                }
            ),
        )
        self.put("c-log", render.turn_log(w.entry, w.players or ["", ""]))
        self.screen.set_data("at", str(w.at))

    def draw_editor(self) -> None:
        ed = self.ed
        self.put("c-files", render.editor_files(self.doc, ed.name))
        self.put(
            "c-run",
            render.editor_run(
                {
                    "opponent": ed.opponent,
                    "seed": ed.seed,
                    "limits": ed.limits,
                    "running": ed.running,
                    "finished": ed.finished,
                    "status": ed.status,
                }
            ),
        )
        if self.shown.get("c-console") != ed.console:
            self.screen.update("c-console", render.console(ed.console))
            self.shown["c-console"] = list(ed.console)
            self.screen.scroll_bottom("c-console")

    # --------------------------------------------------------------- input

    def act(self, name: str, arg: str = "") -> None:
        """A button with `data-act` (and `data-arg`) was pressed."""
        if name == "mode":
            self.set_mode(arg)
        elif name == "help":
            self.help_open = True
        elif name == "close_help":
            self.help_open = False
        elif name == "dismiss":
            self.notice_text = ""
        elif name == "reseed":
            self.reseed(arg)
        elif self.mode == "play":
            self.act_play(name, arg)
        elif self.mode == "watch":
            self.act_watch(name, arg)
        else:
            self.act_editor(name, arg)
        self.draw()

    def field(self, name: str, value: str) -> None:
        """A form field with `data-field` changed."""
        if name in ("seed", "wseed", "eseed"):
            seed = parse_seed(value)
            if seed is None:
                self.notify(t("seed_bad", low=SEED_MIN, high=SEED_MAX), "bad")
                for region in ("c-setup", "c-run"):  # show the seed in use again
                    self.forget(region)
            elif name == "seed":
                self.pl.seed = seed
            elif name == "wseed":
                self.w.seed = seed
            else:
                self.ed.seed = seed
        elif name in ("bot0", "bot1") and value in saved.OPPONENTS:
            self.w.bots[int(name[-1])] = value
        elif name == "scrub":
            self.w.playing = False
            self.seek(int(value))
        elif name == "limits" and value in saved.LIMITS:
            self.ed.limits = value
            self.doc["limits"] = value
            saved.save(self.store, self.doc)
        elif name == "saved":
            self.open_bot(value)
        elif name == "code":
            self.ed.code = value
            return  # the text box keeps its own text; nothing to draw
        elif name == "name":
            self.ed.name = value
            return
        self.draw()

    def key(self, key: str) -> bool:
        """A key pressed outside a text field; True when it was used."""
        if key == "Escape":
            if self.help_open:
                self.help_open = False
            elif self.mode == "play":
                self.pl.orders.clear_selection()
                self.pl.hint = ""
            else:
                return False
            self.draw()
            return True
        if key == "Enter" and self.mode == "play" and self.is_ready():
            self.launch(self.end_turn())
            return True
        if self.mode == "watch" and key in (" ", "ArrowLeft", "ArrowRight"):
            if key == " ":
                self.act("pause" if self.w.playing else "play")
            else:
                self.act("step", "-1" if key == "ArrowLeft" else "1")
            return True
        return False

    def backdrop(self) -> None:
        """A click beside the help dialog closes it."""
        self.help_open = False
        self.draw()

    def set_mode(self, mode: str) -> None:
        if mode not in MODES or mode == self.mode:
            return
        if self.mode == "editor":
            self.ed.code = self.screen.value("c-code") or self.ed.code
            self.ed.name = self.screen.value("c-name") or self.ed.name
        if self.mode == "watch":
            self.w.playing = False
        self.mode = mode
        self.notice_text = ""

    def reseed(self, field: str) -> None:
        seed = self.seed() % SEED_LIMIT
        if field == "seed":
            self.pl.seed = seed
        elif field == "wseed":
            self.w.seed = seed
        elif field == "eseed":
            self.ed.seed = seed

    def resize(self, portrait: bool) -> None:
        if portrait != self.portrait:
            self.portrait = portrait
            self.draw()

    # ---------------------------------------------------------------- play

    def act_play(self, name: str, arg: str) -> None:
        if name == "bot" and arg in saved.OPPONENTS:
            self.pl.bot = arg
            return
        if name == "new_game":
            self.launch(self.new_game())
            return
        if self.pl.board is None or self.pl.thinking or self.pending:
            return
        self.pl.hint = ""
        o = self.pl.orders
        if name == "tri":
            self.after_click(o.click_triangle(self.pl.board, board.parse_tri(arg)))
        elif name == "action":
            self.after_click(o.choose(self.pl.board, arg))
        elif name == "amount":
            self.after_click(o.set_amount(self.pl.board, int(arg)))
        elif name == "cancel":
            o.clear_selection()
        elif name == "remove":
            items = list(o.items)
            if o.remove(int(arg)):
                self.launch(self.recheck(items))
        elif name == "adjust":
            index, delta = arg.split(":")
            items = list(o.items)
            if o.adjust(int(index), int(delta)):
                self.launch(self.recheck(items))
        elif name == "clear":
            o.reset()
        elif name == "end_turn":
            self.launch(self.end_turn())

    def click_house(self, house: int) -> None:
        if self.mode != "play" or self.pl.board is None or self.pl.thinking or self.pending:
            return
        self.pl.hint = ""
        self.after_click(self.pl.orders.click_house(self.pl.board, house))
        self.draw()

    def click_triangle(self, key: str) -> None:
        if self.mode != "play" or self.pl.board is None or self.pl.thinking or self.pending:
            return
        self.pl.hint = ""
        self.after_click(self.pl.orders.click_triangle(self.pl.board, board.parse_tri(key)))
        self.draw()

    def after_click(self, result: dict) -> None:
        if "add" in result:
            self.launch(self.add_order(result["add"]))
        elif "hint" in result:
            self.pl.hint = result["hint"]

    async def new_game(self) -> None:
        if self.engine is None:
            return
        reply = await self.call(
            "new_game", {"slot": "play", "seed": self.pl.seed, "bot": self.pl.bot}
        )
        if not reply.get("ok"):
            self.notify(reply.get("error", "?"), "bad")
            self.draw()
            return
        self.pl.new_match(reply["view"], [t("you"), render.bot_label(self.pl.bot)])
        self.notice_text = ""
        self.draw()

    async def add_order(self, item: list) -> None:
        """Add an order if the referee would apply it; otherwise say why not."""
        candidate = list(self.pl.orders.items)
        candidate.append(item)
        reply = await self.call("check", {"slot": "play", "line": line(candidate)})
        if not reply.get("ok"):
            self.notify(t("refused", reason=reply.get("error", "?")), "bad")
        else:
            checks = reply["checks"]
            last = checks[-1]
            if not last.get("ok"):
                self.notify(t("refused", reason=said(last.get("detail"))), "bad")
                self.pl.orders.checks = checks[:-1]
            else:
                self.pl.orders.items = candidate
                self.pl.orders.checks = checks
                self.notice_text = ""
        self.draw()

    async def recheck(self, before: list) -> None:
        """Check the orders after an edit; an edit that makes one refused is undone."""
        reply = await self.call("check", {"slot": "play", "line": self.pl.orders.line()})
        bad = None
        if not reply.get("ok"):
            bad = reply.get("error", "?")
        else:
            for check in reply["checks"]:
                if not check.get("ok"):
                    bad = said(check.get("detail"))
                    break
        if bad is None:
            self.pl.orders.checks = reply["checks"]
            self.notice_text = ""
        else:
            self.pl.orders.items = before
            self.notify(t("refused", reason=bad), "bad")
        self.draw()

    async def end_turn(self) -> None:
        if self.pl.board is None or self.pl.board.over or self.pl.thinking:
            return
        for check in self.pl.orders.checks:
            if not check.get("ok"):
                self.notify(t("refused_end", reason=said(check.get("detail"))), "bad")
                self.draw()
                return
        self.pl.thinking = True
        self.pl.orders.clear_selection()
        self.notice_text = ""
        self.draw()
        try:
            reply = await self.engine.request(
                "play", {"slot": "play", "line": self.pl.orders.line()}
            )
        finally:
            self.pl.thinking = False
        if not reply.get("ok"):
            self.notify(reply.get("error", "?"), "bad")
        else:
            self.pl.turn_played(reply)
        self.draw()

    # --------------------------------------------------------------- watch

    def act_watch(self, name: str, arg: str) -> None:
        w = self.w
        if name == "watch":
            self.launch(self.watch({"bots": list(w.bots), "seed": w.seed}))
        elif name == "play" and w.total is not None:
            if w.at >= w.total:
                return
            w.playing = True
            self.spawn(self.playback())
        elif name == "pause":
            w.playing = False
        elif name == "step" and w.total is not None:
            w.playing = False
            self.seek(w.at + int(arg))
        elif name == "seek" and w.total is not None:
            w.playing = False
            self.seek(int(arg))
        elif name == "speed" and arg in render.SPEEDS:
            w.speed = arg
        elif name == "replay":
            self.launch(self.download("watch"))

    async def watch(self, request: dict, autoplay: bool = True) -> None:
        """Have the worker play (or take) a match, then show its start."""
        w = self.w
        if self.engine is None or w.loading:
            return
        w.playing = False
        w.loading = True
        self.draw()
        try:
            reply = await self.call("watch", request)
        finally:
            w.loading = False
        if not reply.get("ok"):
            self.notify(reply.get("error", "?"), "bad")
            self.draw()
            return
        w.begin(reply, [self.display_name(n) for n in reply["view"]["players"]], autoplay)
        self.draw()
        if w.playing:
            await self.playback()

    def display_name(self, name: str) -> str:
        if name in saved.OPPONENTS:
            return render.bot_label(name)
        if name in ("You", "Your bot"):
            return t("you") if name == "You" else self.ed.name or t("your_bot")
        return name

    def seek(self, turn: int) -> None:
        w = self.w
        if w.total is None:
            return
        w.want = max(0, min(w.total, turn))
        if not w.loading:
            self.launch(self.follow())

    async def follow(self) -> None:
        """Load frames until the shown one is the one asked for (scrubbing asks often)."""
        w = self.w
        w.loading = True
        try:
            while w.at != w.want:
                await self.show_frame(w.want)
        finally:
            w.loading = False
        self.draw()

    async def show_frame(self, turn: int) -> bool:
        w = self.w
        frame = w.frames.get(turn)
        if frame is None:
            reply = await self.call("frame", {"turn": turn})
            if not reply.get("ok"):
                self.notify(reply.get("error", "?"), "bad")
                w.want = w.at
                w.playing = False
                return False
            frame = (reply["state"], reply["entry"])
            if len(w.frames) > 60:
                w.frames = {0: w.frames[0]}
            w.frames[turn] = frame
        w.at = turn
        w.state, w.entry = frame
        self.draw()
        return True

    async def playback(self) -> None:
        w = self.w
        while w.playing and w.at < w.total:
            if w.loading:
                await self.sleep(20)
                continue
            w.want = w.at + 1
            await self.follow()
            if not w.playing:
                break
            await self.sleep(int(FRAME_MS / float(w.speed)))
        w.playing = False
        if w.want != w.at and not w.loading:
            await self.follow()
        self.draw()

    async def download(self, slot: str) -> None:
        reply = await self.call("replay", {"slot": slot})
        if reply.get("ok"):
            self.screen.download(reply["filename"], json.dumps(reply["replay"]))
        else:
            self.notify(reply.get("error", "?"), "bad")
        self.draw()

    # -------------------------------------------------------------- editor

    def act_editor(self, name: str, arg: str) -> None:
        ed = self.ed
        if name == "opponent" and arg in saved.OPPONENTS:
            ed.opponent = arg
            self.doc["opponent"] = arg
            saved.save(self.store, self.doc)
        elif name == "run" and not ed.running:
            self.launch(self.run_duel())
        elif name == "stop":
            self.stop_duel()
        elif name == "save_bot":
            self.save_bot()
        elif name == "new_bot":
            self.new_bot()
        elif name == "delete_bot":
            self.delete_bot()
        elif name == "console_clear":
            ed.console = []
        elif name == "replay_duel":
            self.mode = "watch"
            self.launch(self.watch({"slot": "duel"}, autoplay=False))

    def say(self, kind: str, text: str) -> None:
        """A line on the editor's console."""
        lines = self.ed.console
        for part in str(text).rstrip("\n").split("\n"):
            lines.append((kind, part + "\n"))
        if len(lines) > CONSOLE_LINES:
            del lines[: len(lines) - CONSOLE_LINES]

    def editor_text(self) -> None:
        """Take the code and name from the text fields (the page keeps them as typed)."""
        code = self.screen.value("c-code")
        if code is not None:
            self.ed.code = code
        name = self.screen.value("c-name")
        if name is not None:
            self.ed.name = name

    def save_bot(self, quiet: bool = False) -> bool:
        self.editor_text()
        ed = self.ed
        try:
            name = saved.put(self.doc, ed.name or t("unnamed"), ed.code)
        except ValueError as e:
            self.notify(str(e), "bad")
            return False
        ed.name = name
        saved.save(self.store, self.doc)
        if not quiet:
            self.notify(t("saved", name=name))
        self.forget("c-files")
        return True

    def open_bot(self, name: str) -> None:
        bot = saved.find(self.doc, name)
        if bot is None:
            return
        self.doc["current"] = name
        self.ed.name = name
        self.ed.code = bot["code"]
        self.screen.set_value("c-code", bot["code"])
        self.screen.set_value("c-name", name)
        saved.save(self.store, self.doc)

    def new_bot(self) -> None:
        taken = {}
        for bot in self.doc["bots"]:
            taken[bot["name"]] = True
        n = 1
        name = t("unnamed")
        while name in taken:
            n += 1
            name = t("unnamed") + " " + str(n)
        self.ed.name = name
        self.ed.code = EXAMPLE_BOT
        self.screen.set_value("c-code", EXAMPLE_BOT)
        self.screen.set_value("c-name", name)

    def delete_bot(self) -> None:
        name = self.doc["current"]
        saved.remove(self.doc, name)
        saved.save(self.store, self.doc)
        self.notify(t("deleted", name=name))
        self.open_bot(self.doc["current"])
        self.forget("c-files")

    def stop_duel(self) -> None:
        ed = self.ed
        if not ed.running:
            return
        ed.stop = True
        runner = ed.runner
        if runner is not None:
            runner.terminate()

    async def run_duel(self) -> None:
        """One match of the editor's bot (player 0) against a built-in bot."""
        ed = self.ed
        if self.engine is None or self.start_bot is None or ed.running:
            return
        if self.bot_support is not None and not self.bot_support():
            self.say("bad", t("bot_no_support"))
            ed.status = t("bot_cannot_run")
            self.draw()
            return
        self.save_bot(quiet=True)
        ed.running = True
        ed.stop = False
        ed.finished = False
        ed.entry = None
        ed.status = t("running")
        first_ms, turn_ms = saved.LIMITS[ed.limits]
        runner = None
        try:
            self.say("info", t("booting_bot"))
            self.draw()
            runner = self.start_bot()
            ed.runner = runner
            booted = await runner.ready()
            if booted is not True:
                if not ed.stop:
                    self.say("bad", t("bot_boot_failed", error=booted))
                return
            reply = await self.call(
                "new_game", {"slot": "duel", "seed": ed.seed, "bot": ed.opponent}
            )
            if not reply.get("ok"):
                self.say("bad", reply.get("error", "?"))
                return
            view = reply["view"]
            ed.game = {
                "players": [ed.name or t("your_bot"), render.bot_label(ed.opponent)],
                "map": view["map"],
                "state": view["state"],
            }
            self.say("info", t("bot_started", seed=ed.seed, bot=render.bot_label(ed.opponent)))
            self.draw()
            status, started = await runner.call("start", ed.code, first_ms + GRACE_MS)
            if ed.stop:
                return
            if status == "timeout":
                runner.terminate()
                await self.duel_lost(t("bot_timeout", limit=first_ms, turn=1), "")
                return
            started = json.loads(started) if status == "ok" else api.failure(started)
            if not started.get("ok"):
                error = started.get("error", "?")
                if error == "no-jspi":
                    self.say("bad", t("bot_no_support"))
                    ed.status = t("bot_cannot_run")
                else:
                    self.say("bad", t("bot_syntax", error=said(started.get("say") or error)))
                return
            await self.duel_turns(runner, view["input"], first_ms, turn_ms)
        finally:
            if runner is not None:
                runner.terminate()
            ed.runner = None
            ed.running = False
            if ed.stop:
                self.say("info", t("bot_stopped"))
                ed.status = t("bot_stopped")
            self.draw()

    async def duel_turns(self, runner, text: str, first_ms: int, turn_ms: int) -> None:
        ed = self.ed
        turn = 1
        while not ed.stop:
            limit = first_ms if turn == 1 else turn_ms
            status, value = await runner.call("turn", text, limit + GRACE_MS)
            if ed.stop:
                return
            if status == "timeout":
                runner.terminate()
                await self.duel_lost(t("bot_timeout", limit=limit, turn=turn), "")
                return
            reply = json.loads(value) if status == "ok" else api.failure(value)
            if reply.get("stderr"):
                self.say("err", reply["stderr"])
            if not reply.get("ok"):
                error = said(reply.get("say") or reply.get("error", "?"))
                self.say("bad", error)
                summary = error.strip().split("\n")[-1]
                await self.duel_lost(t("bot_error", turn=turn, error=summary), "")
                return
            if reply.get("ms", 0) > limit:
                ms = int(reply["ms"])
                await self.duel_lost(t("bot_late", ms=ms, turn=turn, limit=limit), reply["line"])
                return
            answer = await self.call("play", {"slot": "duel", "line": reply["line"]})
            if not answer.get("ok"):
                self.say("bad", answer.get("error", "?"))
                return
            self.duel_shown(answer)
            if answer["over"]:
                return
            text = answer["input"]
            turn += 1
            await self.sleep(DUEL_PAUSE_MS)

    def duel_shown(self, answer: dict) -> None:
        ed = self.ed
        ed.game["state"] = answer["state"]
        ed.entry = answer["turn"]
        forfeit = answer["turn"].get("forfeit")
        if forfeit:
            self.say("bad", said(forfeit))
        result = answer.get("result")
        if result:
            names = ed.game["players"]
            head = render.headline(result, names, None)
            self.say(
                "good" if result.get("winner") == 0 else "bad",
                t(
                    "match_over",
                    turns=result.get("turns", 0),
                    headline=head,
                    reason=said(result["reason"]),
                ),
            )
            ed.status = head
            ed.finished = True
        self.draw()

    async def duel_lost(self, reason: str, line_text: str) -> None:
        """The editor's bot loses by forfeit: tell the referee, show why."""
        self.say("bad", reason)
        answer = await self.call("forfeit", {"slot": "duel", "reason": reason, "line": line_text})
        if answer.get("ok"):
            self.duel_shown(answer)
