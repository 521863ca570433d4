"""The page shell both pages share: the engine's boot, readiness, region redraws, language.

The card game (`triad.ui.page.app.App`) and Triangle Catch
(`triad.ui.catch.app.CatchApp`) are each a `Shell`.  A page draws its frame
at once, while its engine worker (Pyodide) boots: the boot script reports
how far it has got (`engine_loading`), then the page's `main` hands the
worker over (`engine_ready`, `triad.ui.page.dom.boot_engine`) or says why it
could not start (`engine_failed`).  A page writes its regions with `put`,
which writes only what changed, and shows on `<html>` whether it waits for
the player (`ready`) or works (`busy`): tests and benchmarks wait on those.

Plain Python with its world passed in (`screen`, `store`, `sleep`, `seed`,
see each page's docstring), so it runs under MicroPython in the page and
under CPython in tests.
"""

import asyncio

from triad.ui.look.text import set_language
from triad.ui.page import settings as prefs
from triad.ui.page.scope import Scope


class Signal:
    """Wakes the tasks that wait for the page's state to reach a condition (`until`).

    The page wakes it whenever its state may have changed (it draws, a worker
    comes up, a match ends...): each waiting task tests its condition again,
    so none polls on a timer.
    """

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def wake(self) -> None:
        event, self.event = self.event, asyncio.Event()
        event.set()

    async def until(self, condition) -> None:
        """Return once `condition()` holds (tested now, and each time the page wakes)."""
        while not condition():
            await self.event.wait()


class Shell:
    """What every page has: its world, its engine worker, its regions and its tasks."""

    def __init__(self, screen, store, sleep, seed) -> None:
        self.screen = screen
        self.store = store
        self.sleep = sleep
        self.seed = seed
        self.engine = None  # the worker, once booted (`triad.ui.page.dom.Engine`)
        self.engine_error = ""  # why it could not boot
        self.engine_progress = 0.0  # how far its boot has got, 0..1
        self.engine_bytes = (0, 0)  # the bytes of its download come so far, and their total
        self.shown: dict[str, str] = {}  # region -> the HTML last written there
        #: Every task of the page runs in this scope or one nested in it (`triad.ui.page.scope`).
        self.scope = Scope()
        self.signal = Signal()  # woken whenever the page's state may have changed

    # ------------------------------------------------------------ the page's own

    def draw(self) -> None:
        """Bring every region up to date (each page draws its own)."""
        raise NotImplementedError

    async def engine_up(self) -> None:
        """The engine has just answered: start the page's first work with it."""

    # ----------------------------------------------------------------- engine

    def engine_loading(self, progress: float, loaded: int = 0, total: int = 0) -> None:
        """The worker reports how far its boot has got (0..1), and the bytes of its download."""
        self.engine_progress = progress
        self.engine_bytes = (loaded, total)
        if self.engine is None:
            self.draw()

    def engine_failed(self, error: str) -> None:
        """The worker could not boot: the page stays, and says so."""
        self.engine_error = str(error)
        self.draw()
        self.signal.wake()

    async def engine_ready(self, engine) -> None:
        """The worker answered: the page carries on with it."""
        self.engine = engine
        self.signal.wake()
        await self.engine_up()

    # ---------------------------------------------------------------- drawing

    def put(self, region: str, html: str) -> bool:
        """Write a region's HTML if it changed; whether it did."""
        if self.shown.get(region) == html:
            return False
        self.shown[region] = html
        self.screen.update(region, html)
        return True

    def forget(self, *regions) -> None:
        """Write these regions at the next draw even if unchanged (their page was replaced)."""
        for region in regions:
            self.shown.pop(region, None)

    def remount(self, frame_html: str) -> None:
        """Write the page's frame again; every region is written at the next draw."""
        self.screen.mount(frame_html)
        self.shown = {}

    def show_ready(self, ready: bool, busy: bool) -> None:
        """`<html class="ready">` while the page waits for the player, `busy` while it works."""
        self.screen.set_flag("busy", busy)
        self.screen.set_flag("ready", ready)

    def use_language(self, chosen: str, browser: str) -> str:
        """Speak the language chosen in the settings (else the browser's); `<html lang>` follows."""
        lang = set_language(chosen or browser)
        setter = getattr(self.screen, "set_lang", None)
        if setter is not None:
            setter(lang)
        return lang

    def saved_language(self) -> str:
        """The language chosen in the card game's settings ("" follows the browser's)."""
        settings, _ = prefs.load(self.store, True)
        return settings.get("lang") or ""

    # ----------------------------------------------------------------- tasks

    def spawn(self, coro):
        """Run `coro` as a task of the page itself (what lives as long as the page: the
        engine's boot, a dialog's flow); the task. What sits on the table spawns into a
        scope of its own (`scope.child`)."""
        return self.scope.spawn(coro)
