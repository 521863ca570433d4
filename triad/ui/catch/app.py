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
* `store`: `get`/`set` of strings (`triad.ui.page.settings.SafeStore`);
* `sleep(ms)`: an awaitable pause; `seed()`: a fresh map number;
* `bots`: how this browser runs the player's bot (`triad.ui.catch.dom.Bots`):
  `start()` gives a bot worker (`await bot.ready()`, True or an error text;
  its calls through `triad.ui.catch.client`'s `bot_start`/`bot_turn`;
  `bot.terminate()`), `support()` says how ("" when it cannot, checked before
  starting one); None where no bot runs;
* later, `engine_ready(engine)` with the referee worker, its functions called
  through `triad.ui.catch.client` (`triad.ui.page.dom.Engine`, the envelope of
  `triad.api`).

The modes never hold the page: each gets the services it uses
(`triad.ui.catch.modes.Services`) and callbacks for what the page owns.
"""

import asyncio
import json

from triad.ui.catch import board, client, render
from triad.ui.catch import store as saved
from triad.ui.catch.editor import Editor
from triad.ui.catch.example import example_bot
from triad.ui.catch.modes import Services
from triad.ui.catch.play import Play
from triad.ui.catch.text import t
from triad.ui.catch.watch import Watch
from triad.ui.look.text import language
from triad.ui.page.client import WorkerError
from triad.ui.page.shell import Shell

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from asyncio import Task

MAPS_KEY = "triad:catch-maps"  # the last map number of each mode (`Maps`)
SEED_FIELDS = ("seed", "wseed", "eseed")  # each mode's map field: Play, Watch, the editor
SEED_LIMIT = 2147483648  # fresh maps are numbered below this; any CodinGame seed is accepted
SEED_MIN = -9223372036854775808
SEED_MAX = 9223372036854775807


def kept_maps(store) -> dict:
    """The map numbers kept by `Maps` (field -> seed); what is unreadable is left
    out (a fresh map is drawn for it)."""
    try:
        kept = json.loads(store.get(MAPS_KEY) or "{}")
    except ValueError:
        return {}
    if type(kept) is not dict:
        return {}
    out = {}
    for field in SEED_FIELDS:
        seed = kept.get(field)
        if type(seed) is int and parse_seed(str(seed)) is not None:
            out[field] = seed
    return out


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


MODES = ("play", "watch", "editor")
#: The fields of a mode's own panel, and the mode they belong to.
MODE_FIELDS = {
    "bot0": "watch",
    "bot1": "watch",
    "scrub": "watch",
    "limits": "editor",
    "saved": "editor",
    "code": "editor",
    "name": "editor",
}


class Maps:
    """The map number each mode plays next, by its seed field (`SEED_FIELDS`), kept in the
    store so that a reload plays the same maps (the dice button draws a new one);
    `fresh()` draws a new number."""

    def __init__(self, store, fresh) -> None:
        self.store = store
        self.fresh = fresh
        kept = kept_maps(store)  # the map numbers of the last visit: the same maps again
        self.seeds = {}
        for field in SEED_FIELDS:
            self.seeds[field] = kept[field] if field in kept else fresh() % SEED_LIMIT
        self.keep()

    def of(self, field: str):
        """The map number of field `field`, as a mode reads it (a function)."""
        return lambda: self.seeds[field]

    def set(self, field: str, seed: int) -> None:
        self.seeds[field] = seed
        self.keep()

    def reseed(self, field: str) -> None:
        self.set(field, self.fresh() % SEED_LIMIT)

    def keep(self) -> None:
        self.store.set(MAPS_KEY, json.dumps(self.seeds))


class CatchApp(Shell):
    """The page: its modes, the tab on show, the notice and help, and the worker's calls.

    Its page shell (engine boot, readiness, region redraws, language) is
    `triad.ui.page.shell.Shell`, shared with the card game; each mode is an
    object of `triad.ui.catch.modes` that holds its state and runs its own
    work: `play`, `watch` and `editor`, each given the services it uses
    (`triad.ui.catch.modes.Services`), not the page.
    """

    def __init__(
        self, screen, store, sleep, seed, portrait: bool = False, browser_lang="en", bots=None
    ):
        Shell.__init__(self, screen, store, sleep, seed)
        self.use_language(self.saved_language(), browser_lang)
        self.portrait = portrait
        self.mode = "play"
        self.panel_mode = ""
        self.notice_text = ""
        self.notice_kind = "info"
        self.help_open = False
        self.calls = 0  # worker calls in flight that the human waits for
        self.flows: list[Task] = []  # the flows launched (`launch`) that the human waits for
        self.maps = Maps(store, seed)
        services = Services(
            lambda: self.engine,
            self.waiting,
            self.launch,
            lambda: self.pending,
            self.scope,
            self.put,
            self.forget,
            self.draw,
            self.notify,
            (screen, store, sleep, self.signal),
        )
        self.play = Play(services, self.maps.of("seed"))
        self.watch = Watch(services, self.maps.of("wseed"), self.display_name, self.download)
        example = example_bot(language())
        self.doc, notice = saved.load(store, t("example_bot"), example)
        current = saved.find(self.doc, self.doc["current"])
        code = current["code"] if current else example
        self.editor = Editor(
            services, self.doc, code, self.maps.of("eseed"), bots, self.replay_duel
        )
        self.modes: dict[str, Play | Watch | Editor] = {
            "play": self.play,
            "watch": self.watch,
            "editor": self.editor,
        }
        #: The modes with fields of their own (`MODE_FIELDS`): Play's only field is its
        #: map's seed, the page's.
        self.fielded: dict[str, Watch | Editor] = {"watch": self.watch, "editor": self.editor}
        if notice:
            self.notify(t(notice), "bad")

    # ------------------------------------------------------------ lifecycle

    def start(self, mode: str = "play") -> None:
        """Draw the page frame (before the worker has booted)."""
        self.mode = mode if mode in MODES else "play"
        self.remount(render.frame())
        self.panel_mode = ""
        self.draw()

    async def engine_up(self) -> None:
        self.play.new_game()
        await self.signal.until(lambda: not self.pending)  # (the first match dealt)

    def launch(self, coro, run=None) -> None:
        """Start a flow the human waits for, a task of `run` (`triad.ui.catch.modes.Run`)
        if given, else of the page: the page stops being `ready` at once, not only once
        the task gets to run. (A run already ended starts nothing.)"""
        scope = self.scope if run is None else run.scope
        task = scope.spawn(self._counted(coro))
        if task is not None:
            # (kept as tasks, not counted: a task cancelled before it began runs no finally)
            self.flows = [flow for flow in self.flows if not flow.done()] + [task]
            self.show_flags()

    async def _counted(self, coro) -> None:
        try:
            await coro
        finally:
            me = asyncio.current_task()
            self.flows = [flow for flow in self.flows if flow is not me and not flow.done()]
            self.draw()

    @property
    def pending(self) -> int:
        """How many worker calls and flows the human waits for are under way."""
        return self.calls + len([flow for flow in self.flows if not flow.done()])

    async def waiting(self, asked) -> dict:
        """The referee worker's answer to a call (`triad.ui.catch.client`); the human waits
        meanwhile (no `ready`)."""
        self.calls += 1
        self.show_flags()
        try:
            return await asked
        finally:
            self.calls -= 1
            self.show_flags()

    def notify(self, text: str, kind: str = "info") -> None:
        self.notice_text = text
        self.notice_kind = kind

    async def download(self, slot: str) -> None:
        """Save a slot's replay as a file."""
        try:
            reply = await self.waiting(client.replay(self.engine, slot=slot))
            self.screen.download(reply["filename"], json.dumps(reply["replay"]))
        except WorkerError as e:
            self.notify(e.words, "bad")
        self.draw()

    def display_name(self, name: str) -> str:
        """A player of a replay as the page names it."""
        if name in saved.OPPONENTS:
            return render.bot_label(name)
        if name in ("You", "Your bot"):
            return t("you") if name == "You" else self.editor.name or t("your_bot")
        return name

    # ------------------------------------------------------------ rendering

    def is_ready(self) -> bool:
        """Whether the page waits for the human's input (nothing of its own under way)."""
        if self.engine is None or self.pending or self.play.thinking:
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
            ctx = {"code": self.editor.code, "setup_open": self.play.game is None}
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
            marks = self.map_marks(names, entry)
            listed = board.render_list(state, marks.get("names") or names)
            self.put("c-map", board.render_map(game_map, state, marks) + listed)
            self.put("c-score", render.scorebar(names, state, seed=game_map.get("seed")))
            self.put("c-banner", render.banner(state.get("result"), names, human))
        self.screen.set_data("turn", str(state.get("turn", 0)) if state else "")
        self.screen.set_data("over", "1" if state and state.get("result") else "0")
        if self.mode != "play":
            self.put("c-dock", "")
        mode.draw()
        self.put("c-notice", render.notice(self.notice_text, self.notice_kind))
        self.put("c-overlay", render.help_dialog() if self.help_open else "")
        self.show_flags()
        self.signal.wake()

    def map_marks(self, names, entry) -> dict:
        marks = {
            "portrait": self.portrait and self.mode != "editor",
            "names": names,
            "last": board.turn_marks(entry),
            "captured": board.captured_triangles(entry),
        }
        if self.mode == "play":
            picked = self.play.marks()
            for key in picked:
                marks[key] = picked[key]
        return marks

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
        else:
            self.modes[self.mode].act(name, arg)
        self.draw()

    def field(self, name: str, value: str) -> None:
        """A form field with `data-field` changed."""
        if name in SEED_FIELDS:
            seed = parse_seed(value)
            if seed is None:
                self.notify(t("seed_bad", low=SEED_MIN, high=SEED_MAX), "bad")
                for region in ("c-setup", "c-run"):  # show the seed in use again
                    self.forget(region)
            else:
                self.maps.set(name, seed)
        elif name in MODE_FIELDS and not self.fielded[MODE_FIELDS[name]].field(name, value):
            return  # (a text box keeps its own text: nothing to draw)
        self.draw()

    def key(self, key: str) -> bool:
        """A key pressed outside a text field; True when it was used."""
        if key == "Escape" and self.help_open:
            self.help_open = False
        elif not self.modes[self.mode].key(key):
            return False
        self.draw()
        return True

    def click_house(self, house: int) -> None:
        if self.mode == "play":
            self.play.click("house", house)
            self.draw()

    def click_triangle(self, key: str) -> None:
        if self.mode == "play":
            self.play.click("tri", key)
            self.draw()

    def backdrop(self) -> None:
        """A click beside the help dialog closes it."""
        self.help_open = False
        self.draw()

    def set_mode(self, mode: str) -> None:
        if mode not in MODES or mode == self.mode:
            return
        self.modes[self.mode].leave()
        self.mode = mode
        self.notice_text = ""

    def reseed(self, field: str) -> None:
        if field in SEED_FIELDS:
            self.maps.reseed(field)

    def replay_duel(self) -> None:
        """The editor's last match, shown on Watch's timeline at its start."""
        self.set_mode("watch")
        self.watch.watch({"slot": "duel"}, autoplay=False)

    def resize(self, portrait: bool) -> None:
        if portrait != self.portrait:
            self.portrait = portrait
            self.draw()
