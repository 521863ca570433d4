"""The thin layer between a page and the browser: regions, flags, storage, the engine.

The page shell of both pages (`triad.ui.page.shell` is its plain-Python half):
only this module, `triad.ui.catch.dom` and the pages' `main` touch the DOM.
Runs on the main thread under MicroPython.
"""

import json

from triad import api
from triad.ui.page.settings import SafeStore


class Screen:
    """Writes rendered HTML into the page's regions and classes onto `<html>`."""

    def __init__(self, js) -> None:
        self.js = js
        self.document = js.document
        self.root = js.document.documentElement
        self.els: dict = {}
        self.flags: dict = {}
        self.opener = None  # what had the focus when a dialog opened (a selector): it gets it back
        self.clicked = None  # the bar's button last clicked (it lets go of the focus)

    def mount(self, html: str) -> None:
        self.document.getElementById("app").innerHTML = html
        self.els = {}
        self.flags = {}

    def element(self, region: str):
        el = self.els.get(region)
        if el is None:
            el = self.document.getElementById(region)
            self.els[region] = el
        return el

    def update(self, region: str, html: str) -> None:
        """Replace a region's HTML; its scrolled boxes and the keyboard focus stay where they were."""
        el = self.element(region)
        if el is None:
            return
        scrolled = self.scrolled(el)
        focus = self.focused(el)
        overlay = region in self.OVERLAYS
        shown = overlay and el.firstElementChild is not None
        if overlay and not shown and html:
            active = self.document.activeElement
            self.opener = self.selector(self.clicked if lost(active, self.document) else active)
        before = el.firstElementChild.className.replace(" again", "") if shown else None
        el.innerHTML = html
        if shown and not html:
            self.give_back()
        elif (
            before is not None
            and el.firstElementChild is not None
            and el.firstElementChild.className == before
        ):
            # the same dialog drawn again (a choice in it changed): no second entrance
            el.firstElementChild.classList.add("again")
        for key in scrolled:
            node = el.querySelector(key[0])
            if node is not None and self.box_key(node) == key:
                node.scrollTop = scrolled[key]
        if focus:
            self.refocus(el, focus)

    SCROLLERS = ".dialog, .album, .rb-body"
    OVERLAYS = ("r-overlay", "c-overlay")
    FOCUSABLE = (
        # (links by their tag: an SVG icon's `<use href>` is no control)
        "button:not([disabled]), a[href], input:not([disabled]), select, textarea, summary,"
        ' [tabindex]:not([tabindex="-1"])'
    )

    def give_back(self) -> None:
        """A dialog closed: the focus goes back where it was when it opened (if it is lost)."""
        opener, self.opener = self.opener, None
        node = self.document.querySelector(opener) if opener else None
        if node is not None and lost(self.document.activeElement, self.document):
            node.focus()

    def selector(self, node):
        """A selector of `node` by its first `data-*` attribute (it outlives a redraw)."""
        if node is None:
            return None
        attrs = node.attributes
        for i in range(attrs.length):
            attr = attrs.item(i)
            name = str(attr.name)
            if name.startswith("data-"):
                return "[" + name + '="' + str(self.js.CSS.escape(attr.value)) + '"]'
        return None

    def trap(self, backwards: bool) -> bool:
        """Tab in a modal dialog: the focus goes round inside it. Whether it was moved."""
        dialog = None
        for region in self.OVERLAYS:
            dialog = dialog or self.document.querySelector("#" + region + ' [aria-modal="true"]')
        if dialog is None:
            return False
        nodes = dialog.querySelectorAll(self.FOCUSABLE)
        if nodes.length == 0:
            return False
        first = nodes.item(0)
        last = nodes.item(nodes.length - 1)
        active = self.document.activeElement
        if active is None or not dialog.contains(active):
            target = last if backwards else first
        elif backwards and active.isSameNode(first):
            target = last
        elif not backwards and active.isSameNode(last):
            target = first
        else:
            return False
        target.focus()
        return True

    def box_key(self, node) -> tuple:
        """What makes a scrolled box the same box after a redraw: its tag, class and label."""
        label = node.getAttribute("aria-labelledby") or ""
        return ("." + ".".join(str(node.className).split()), label)

    def scrolled(self, el) -> dict:
        """The scrolled boxes in `el` (by `box_key`) and how far each is scrolled."""
        out = {}
        nodes = el.querySelectorAll(self.SCROLLERS)
        for i in range(nodes.length):
            node = nodes.item(i)
            if node.scrollTop > 0:
                out[self.box_key(node)] = node.scrollTop
        return out

    def focused(self, el):
        """The focused control in `el`, by its first `data-*` attribute: `(name, selector,
        place among the controls with that attribute)`, or None."""
        node = self.document.activeElement
        if node is None or not el.contains(node):
            return None
        selector = self.selector(node)
        if selector is None:
            return None
        name = selector[1 : selector.find("=")]
        same = el.querySelectorAll("[" + name + "]")
        place = 0
        for j in range(same.length):
            if same.item(j).isSameNode(node):
                place = j
        return (name, selector, place)

    def refocus(self, el, focus) -> None:
        """Focus the same control again; if it is gone, disabled or no longer takes the focus
        (a space of the map that was a choice), the next one of its kind that does."""
        name, selector, place = focus
        node = el.querySelector(selector)
        if node is not None and not node.matches(":disabled") and self.took(node):
            return
        enabled = el.querySelectorAll("[" + name + "]:not([disabled])")
        count = enabled.length
        for step in range(count):
            if self.took(enabled.item((min(place, count - 1) + step) % count)):
                return

    def took(self, node) -> bool:
        """Focus `node`; whether it has the focus now."""
        node.focus()
        active = self.document.activeElement
        return active is not None and active.isSameNode(node)

    def say(self, region: str, text: str, keep: int) -> None:
        """Add a sentence to a log region (assistive technology reads what is added);
        the oldest leave it past `keep`."""
        el = self.element(region)
        if el is None:
            return
        line = self.document.createElement("p")
        line.textContent = text
        el.appendChild(line)
        while el.children.length > keep:
            el.removeChild(el.firstElementChild)

    def set_flag(self, name: str, on) -> None:
        on = bool(on)
        if self.flags.get(name) is on:
            return
        self.flags[name] = on
        if on:
            self.root.classList.add(name)
        else:
            self.root.classList.remove(name)

    def set_data(self, name: str, value: str) -> None:
        """A `data-*` value on `<html>` (counters that tests and benchmarks watch)."""
        self.root.setAttribute("data-" + name, value)

    def set_lang(self, code: str) -> None:
        """The language of the page's text (`<html lang>`), for screen readers and hyphenation."""
        self.root.setAttribute("lang", code)

    def focus(self, selector: str) -> None:
        """Move the keyboard focus to the first element matching `selector`, if any."""
        el = self.document.querySelector(selector)
        if el is not None:
            el.focus()

    def scroll_to(self, ident: str) -> None:
        el = self.document.getElementById(ident)
        if el is not None:
            el.scrollIntoView()

    def download(self, filename: str, text: str) -> None:
        """Offer `text` as a file named `filename` (a link clicked for the player)."""
        link = self.document.createElement("a")
        link.href = "data:application/json;charset=utf-8," + str(self.js.encodeURIComponent(text))
        link.download = filename
        self.document.body.appendChild(link)
        link.click()
        link.remove()

    def value(self, selector: str) -> str:
        """The text of the first field matching `selector` ("" when there is none)."""
        el = self.document.querySelector(selector)
        return str(el.value or "") if el is not None else ""

    async def copy(self, selector: str, text: str) -> bool:
        """Copy `text` to the clipboard; the field `selector` holding it is selected too, for
        the player to copy where the browser refuses (itch.io's iframe often does). Whether
        it was copied."""
        el = self.document.querySelector(selector)
        if el is not None:
            el.focus()
            el.select()
        # itch.io's iframe is allowed no clipboard-write: Chromium says so beforehand.
        policy = getattr(self.document, "featurePolicy", None)
        if policy is None or policy.allowsFeature("clipboard-write"):
            try:
                await self.js.navigator.clipboard.writeText(text)
                return True
            except Exception as e:  # refused, or no clipboard here
                print("clipboard refused:", e)
        # The old way copies the selection, which no permissions policy reaches; where it
        # fails too, the text stays selected for the player to copy.
        if el is not None:
            try:
                return bool(self.document.execCommand("copy"))
            except Exception as e:
                print("copy refused:", e)
        return False

    async def share(self, title: str, url: str) -> None:
        """Offer `url` to the system's share sheet (Web Share), where there is one."""
        try:
            await self.js.navigator.share(
                self.js.JSON.parse(json.dumps({"title": title, "url": url}))
            )
        except Exception as e:  # no Web Share here, or the player closed it
            print("share refused:", e)

    def now(self) -> float:
        return float(self.js.performance.now())

    def today(self) -> str:
        """The player's local date, ``YYYY-MM-DD`` (the daily puzzle's)."""
        d = self.js.Date.new()
        return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"

    def booted(self) -> None:
        """The first deal is on screen: drop the loading screen."""
        self.root.classList.remove("booting")


class LocalStore:
    """localStorage; every call may throw (denied storage), `SafeStore` catches."""

    def __init__(self, js) -> None:
        self.storage = js.window.localStorage

    def get(self, key: str):
        value = self.storage.getItem(key)
        if value is None:
            return None
        text = str(value)
        # JS null may come through as a proxy whose text is "null"
        return None if text in ("null", "undefined") else text

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)


def make_store(js):
    """localStorage, or memory for the visit where the browser refuses storage.

    When the boot script found storage refused it has told the player
    already (`announced`); a failure found later is still to be told.
    """
    denied = str(js.document.documentElement.dataset.storage) == "denied"
    backend = None
    if not denied:
        try:
            backend = LocalStore(js)
        except Exception:  # no localStorage at all
            backend = None
    store = SafeStore(backend, denied)
    store.announced = denied
    return store


class Engine:
    """A Python worker started by the boot script (`window.triadEngine` for the card game,
    `triadStartWorker(module)` for Triangle Catch's referee): its functions called by name.

    Every answer is the envelope of `triad.api`; a call the worker could not
    answer (it is gone, the call was rejected, the reply is not JSON) gets the
    same envelope, made here.
    """

    def __init__(self, handle) -> None:
        self.handle = handle

    def call(self, name: str, payload: str, more=None):
        """Post the call at once and return an awaitable of the reply (JSON text).

        The message leaves now, so the worker computes while the page draws.
        `more` is a second argument for the functions that take two (a save
        and a request).
        """
        try:
            if more is None:
                promise = self.handle.call(name, payload)
            else:
                promise = self.handle.call(name, payload, more)
        except Exception as e:  # the worker is gone
            return self.failed(str(e))
        return self.reply(promise)

    async def reply(self, promise) -> str:
        try:
            return str(await promise)
        except Exception as e:  # a rejected call (Python error in the worker)
            return api.refusal(str(e))

    async def failed(self, error: str) -> str:
        return api.refusal(error)


async def boot_engine(app, handle) -> None:
    """Wait for a worker the boot script started; hand it to the page, or say why it failed."""
    try:
        await handle.ready
    except Exception as e:  # the worker failed to boot: say so, keep the page
        app.engine_failed(str(e))
        return
    await app.engine_ready(Engine(handle))


#: At most this many extra workers search parts of master's moves (each is a Pyodide heap).
MAX_HELPERS = 3


def start_helpers(js, searchers, spawn) -> None:
    """Start the extra workers of master's search (`Cpu.start_helpers`): one per core
    beyond the first (`navigator.hardwareConcurrency`), at most `MAX_HELPERS`, each handed
    to `searchers` (`triad.ui.cpu.split.Searchers`) once up, by a task `spawn`ed."""
    try:
        cores = int(js.navigator.hardwareConcurrency or 1)
    except Exception:  # no navigator.hardwareConcurrency: one core
        cores = 1
    for _ in range(min(cores - 1, MAX_HELPERS)):
        searchers.started()  # (a CPU move from now on plans a part for it)
        spawn(boot_helper(searchers, js.window.triadStartWorker("triad.cpu.service")))


async def boot_helper(searchers, handle) -> None:
    """Hand an extra worker to the page once it is up; without it the engine searches alone."""
    try:
        await handle.ready
    except Exception:  # (it failed to boot: nothing is lost)
        searchers.failed()
        return
    searchers.ready(Engine(handle))


def follow_boot(js, app, module: str = "") -> None:
    """Show how far the engine's boot has got (the boot script's `triad-engine` events;
    with `module`, only that worker's)."""
    from pyscript.ffi import create_proxy

    def on_engine(event) -> None:
        detail = event.detail
        try:
            if module and str(detail.module) != module:
                return
            progress = float(detail.progress)
        except Exception:  # an event without progress: nothing to show
            return
        try:
            loaded, total = int(detail.loaded or 0), int(detail.total or 0)
        except Exception:  # no byte counts: the share alone
            loaded, total = 0, 0
        app.engine_loading(progress, loaded, total)

    js.window.addEventListener("triad-engine", create_proxy(on_engine))


def browser_language(js) -> str:
    """The browser's language ("en" when it does not say)."""
    try:
        return str(js.navigator.language or "en")
    except Exception:  # no navigator.language: English
        return "en"


def event_field(event, name: str, default=None):
    """A field of a DOM event, or `default` when the event lacks it or it is null.

    Events made by script (`document.createEvent("Events")`, as test tools and
    extensions make them) carry only what their maker set: a key event may have
    no `key`, `repeat` or `ctrlKey`, and reading one raises AttributeError here.
    """
    try:
        value = getattr(event, name)
    except AttributeError:
        return default
    return default if value is None else value


# Controls that do their own job with Enter (and Space): a button presses, a link is
# followed, a disclosure opens. The game's keys leave them alone.
OWN_ENTER = ("BUTTON", "A", "SUMMARY")


def own_key(tag: str, key: str) -> bool:
    """Whether a key pressed on a focused element of tag `tag` is that element's own."""
    return tag in OWN_ENTER and key in ("Enter", " ")


def lost(active, document) -> bool:
    """Whether the keyboard focus is nowhere in particular (on the body, or none)."""
    return active is None or active.isSameNode(document.body)
