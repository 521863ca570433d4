"""The thin layer between `CatchApp` and the browser: regions, fields, files, the bot's worker.

Only this module and `main` touch the DOM or JavaScript.  Runs on the main
thread under MicroPython.
"""

from triad.ui.page.dom import Screen


class Page(Screen):
    """The card game's `Screen` plus what the editor and the timeline need."""

    def update(self, region: str, html: str) -> None:
        super().update(region, html)
        if region in ("c-panel", "c-below"):
            self.els = {}  # the regions inside were just replaced

    def value(self, ident: str):
        """The current text of a form field (None when it is not on the page)."""
        el = self.document.getElementById(ident)
        if el is None:
            return None
        return str(el.value)

    def set_value(self, ident: str, text: str) -> None:
        el = self.document.getElementById(ident)
        if el is not None:
            el.value = text

    def scroll_bottom(self, ident: str) -> None:
        el = self.document.getElementById(ident)
        if el is not None:
            el.scrollTop = el.scrollHeight

    def download(self, name: str, text: str) -> None:
        """Offer `text` as a file named `name`."""
        from pyscript.ffi import create_proxy

        js = self.js
        parts = js.Array.new()
        parts.push(text)
        options = js.Object.new()
        options.type = "application/json"
        url = js.URL.createObjectURL(js.Blob.new(parts, options))
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


# A call raced against a timer, in JavaScript: the answer, or null once `ms` have passed.
RACE = (
    "return Promise.race(["
    "call.then((v) => ({ok: true, value: String(v)}),"
    " (e) => ({ok: false, value: String(e && e.message ? e.message : e)})),"
    " new Promise((done) => setTimeout(() => done(null), ms))]);"
)


class BotWorker:
    """The worker running the player's bot, each call raced against a time limit."""

    def __init__(self, handle, js) -> None:
        self.handle = handle
        self.race = js.Function.new("call", "ms", RACE)
        self.stopped = False

    async def ready(self):
        """True once Python is up, or the reason it could not start."""
        try:
            await self.handle.ready
            return True
        except Exception as e:  # Pyodide failed to load, or the worker was stopped
            return str(e)

    async def call(self, name: str, arg: str, timeout_ms: int) -> tuple:
        """`("ok", value)`, `("timeout", None)` past `timeout_ms`, or `("error", message)`."""
        outcome = await self.race(self.handle.call(name, arg), timeout_ms)
        if outcome is None or str(outcome) in ("null", "undefined"):
            return ("timeout", None)
        if outcome.ok:
            return ("ok", str(outcome.value))
        return ("error", str(outcome.value))

    def terminate(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.handle.terminate()


class Bots:
    """How this browser runs the player's bot: `start()` a worker for it (`BotWorker`:
    suspended by JSPI where the browser has it, else blocking), `support()` how the
    browser can feed a bot its input ("" when it cannot; the boot script's
    ``triadBotSupport``)."""

    def __init__(self, js, runner: str) -> None:
        self.js = js
        self.runner = runner  # the worker's module

    def support(self) -> str:
        return str(self.js.window.triadBotSupport())

    def start(self) -> BotWorker:
        options = self.js.Object.new()
        options.blocking = self.support() != "jspi"
        return BotWorker(self.js.window.triadStartWorker(self.runner, options), self.js)
