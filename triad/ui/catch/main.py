"""The Triangle Catch page's entry point (MicroPython on the main thread): wire `CatchApp`.

Draws the page at once, starts the referee's worker (Pyodide, by the boot
script's `triadStartWorker`) and hands it to the app when it is up.  Clicks
are read from `data-act`, `data-house` and `data-tri` attributes, form
fields from `data-field`.  The address's hash picks the first mode
(`#watch`, `#editor`).
"""

import asyncio

import js
from pyscript.ffi import create_proxy

from triad.ui.catch.app import CatchApp
from triad.ui.catch.dom import Bots, Page
from triad.ui.page.dom import (
    boot_engine,
    browser_language,
    event_field,
    follow_boot,
    make_store,
    own_key,
)

ENGINE = "triad.worker.referee"
BOT_RUNNER = "triad.worker.botrunner"
LIVE_FIELDS = ("scrub", "code", "name")  # read on every keystroke or drag, not on change
FORM_TAGS = ("INPUT", "TEXTAREA", "SELECT", "BUTTON")


async def sleep(ms) -> None:
    await asyncio.sleep(ms / 1000)


def seed() -> int:
    return int(js.Math.random() * 2147483648)


def orientation():
    """The media query that follows the screen's orientation (None in a browser without it)."""
    try:
        return js.window.matchMedia("(orientation: portrait)")
    except Exception:  # an old browser without matchMedia: draw the map as it is
        return None


def portrait() -> bool:
    query = orientation()
    return query is not None and bool(query.matches)


def first_mode() -> str:
    return str(js.location.hash or "").lstrip("#") or "play"


screen = Page(js)
bots = Bots(js, BOT_RUNNER)
app = CatchApp(screen, make_store(js), sleep, seed, portrait(), browser_language(js), bots)


def on_click(event) -> None:
    target = event.target
    if str(target.id) == "c-overlay":
        app.backdrop()
        return
    el = target.closest("[data-act]")
    if el is not None:
        if el.disabled:
            return
        arg = el.getAttribute("data-arg")
        app.act(str(el.getAttribute("data-act")), "" if arg is None else str(arg))
        return
    el = target.closest("[data-house]")
    if el is not None:
        app.click_house(int(el.getAttribute("data-house")))
        return
    el = target.closest("[data-tri]")
    if el is not None:
        app.click_triangle(str(el.getAttribute("data-tri")))


def on_field(event) -> None:
    el = event.target
    name = el.getAttribute("data-field")
    if name is None:
        return
    name = str(name)
    live = name in LIVE_FIELDS
    if (str(event.type) == "input") == live:
        app.field(name, str(el.value))


def on_key(event) -> None:
    key = str(event_field(event, "key", ""))
    target = event.target
    tag = str(event_field(target, "tagName", "")) if target is not None else ""
    if tag == "TEXTAREA" and key == "Tab" and not event_field(event, "shiftKey", False):
        # Indent in the code box instead of leaving it.
        event.preventDefault()
        target.setRangeText("    ", target.selectionStart, target.selectionEnd, "end")
        app.field("code", str(target.value))
        return
    if key == "Tab" and screen.trap(bool(event_field(event, "shiftKey", False))):
        event.preventDefault()  # the focus stays inside the help
        return
    if key == "Escape":
        # Closes the help or cancels a selection, wherever the focus is (a button just pressed).
        if app.key(key):
            event.preventDefault()
        return
    if (
        tag in FORM_TAGS
        or own_key(tag, key)
        or any(event_field(event, m, False) for m in ("ctrlKey", "altKey", "metaKey"))
    ):
        return
    if key in ("Enter", " ") and target.getAttribute and target.getAttribute("data-house"):
        # A house reached with Tab is chosen with Enter or Space, like a button.
        event.preventDefault()
        app.click_house(int(target.getAttribute("data-house")))
        return
    if app.key(key):
        event.preventDefault()


def on_orientation(event) -> None:
    app.resize(bool(event.matches))


follow_boot(js, app, ENGINE)
app.start(first_mode())
screen.booted()
root = js.document.getElementById("app")
root.addEventListener("click", create_proxy(on_click))
root.addEventListener("input", create_proxy(on_field))
root.addEventListener("change", create_proxy(on_field))
js.document.addEventListener("keydown", create_proxy(on_key))
query = orientation()
if query is not None:
    query.addEventListener("change", create_proxy(on_orientation))
app.spawn(boot_engine(app, js.window.triadStartWorker(ENGINE)))
