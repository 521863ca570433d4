"""The page's entry point (MicroPython on the main thread): wire `App` to the browser.

Draws the first deal at once from `triad.deal`, then waits for the engine
worker (Pyodide, started by the boot script) and hands it to the app.
Clicks and taps are read from the elements' data attributes; keys follow
seed 000 (arrows, Z/Enter, X/Backspace, F1, F5, Escape).
"""

import asyncio

import js
from pyscript.ffi import create_proxy

from triad.pageview import dealer
from triad.ui.page.app import App
from triad.ui.page.backnav import BackNav
from triad.ui.page.controls import TARGETS
from triad.ui.page.dom import (
    Screen,
    boot_engine,
    browser_language,
    event_field,
    follow_boot,
    make_store,
    own_key,
    start_helpers,
)
from triad.ui.page.pointer import Pointer
from triad.ui.page.sound import WebAudio

ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


async def sleep(ms) -> None:
    await asyncio.sleep(ms / 1000)


def seed() -> int:
    return int(js.Math.random() * 4294967296)


def reduced_motion() -> bool:
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # an old browser without matchMedia: full motion
        return False


screen = Screen(js)
sound = WebAudio(js)


def page_url() -> str:
    return str(js.location.origin) + str(js.location.pathname)


app = App(
    screen,
    make_store(js),
    sound,
    sleep,
    seed,
    dealer,
    reduced_motion(),
    browser_language(js),
    page_url(),
    str(js.document.documentElement.dataset.build or ""),
    lambda searchers, spawn: start_helpers(js, searchers, spawn),
)


def clicked(el) -> None:
    """A bar's button was clicked: a dialog it opens gives the focus back to it."""
    screen.clicked = el


pointer = Pointer(app.click, clicked, sound.unlock)

# Where the focus lets the letter keys act (Z, X, H, R, L): the board and the hands.
TABLE = "#r-board, [data-hand]"

# Roles of the cards and spaces that Enter or Space chooses, as a click does.
CHOSEN_BY_KEY = ("button", "gridcell")


def on_pointer(event) -> None:
    """A finger or a mouse went down: the status line says "Tap" or "Click"; what a mouse's
    or a pen's press went down on is kept for its release (`Pointer`; a tap's click comes
    after the finger is lifted, on what is there then)."""
    kind = str(event_field(event, "pointerType", "") or "mouse")
    app.controls.pointer(kind)
    primary = kind != "touch" and event_field(event, "button", 0) == 0
    pointer.press(event.target.closest(TARGETS) if primary else None)


def on_release(event) -> None:
    """A press of the mouse (or a pen) ended (`Pointer.release`)."""
    pointer.release(event.target.closest(TARGETS) if event.target else None)


def on_click(event) -> None:
    sound.unlock()
    if str(event.target.id) == "r-overlay":
        app.click("do", "backdrop")  # a click beside a dialog closes it
        return
    el = event.target.closest(TARGETS)
    if el is not None:
        # (Enter or Space pressing a button clicks it with `detail` 0)
        pointer.click(el, bool(event_field(event, "detail", 0)))


async def read_file(kind: str, file) -> None:
    try:
        text = str(await file.text())
    except Exception as e:  # an unreadable file: say so like any bad file
        text = "unreadable file: " + str(e)
    await app.import_file(kind, text)


def on_change(event) -> None:
    """A file chosen in a `data-import` picker (a save, a replay or a card set)."""
    el = event.target
    kind = el.getAttribute("data-import")
    if kind is None or not el.files or el.files.length == 0:
        return
    file = el.files.item(0)
    el.value = ""  # the same file can be chosen again
    app.spawn(read_file(str(kind), file))


def on_key(event) -> None:
    key = str(event_field(event, "key", ""))
    if event_field(event, "repeat", False) and key not in ARROWS:
        event.preventDefault()
        return
    sound.unlock()
    if key == "Tab" and screen.trap(bool(event_field(event, "shiftKey", False))):
        event.preventDefault()  # the focus stays inside the dialog
        return
    target = event.target
    tag = str(event_field(target, "tagName", "")) if target is not None else ""
    if own_key(tag, key):
        return  # a focused button, link or disclosure does its own job
    if tag in ("TEXTAREA", "INPUT") and key != "Escape":
        return  # typing or pasting a code
    if tag == "DIV" and key in ("Enter", " ") and target.getAttribute("role") in CHOSEN_BY_KEY:
        event.preventDefault()  # a focused card or space is chosen as by a click
        target.click()
        return
    if any(event_field(event, mod, False) for mod in ("ctrlKey", "altKey", "metaKey")):
        return
    try:
        on_table = target.closest(TABLE) is not None
    except Exception:  # a key sent to the document itself: nothing of the table has it
        on_table = False
    if app.key(key, on_table):
        event.preventDefault()


def on_storage(event) -> None:
    """Another tab of the game wrote to the storage: the collection checks its save."""
    app.coll.stored_changed()


def deal_from_address() -> str:
    """The `deal` parameter of the page's address, if any (a shared deal code), taken out
    of it: its match is then kept like any quick match, so that a reload plays on the
    match under way (the shared one, or a later one it would otherwise replace)."""
    code = ""
    kept = []
    for part in str(js.location.search or "").lstrip("?").split("&"):
        if part.startswith("deal="):
            code = str(js.decodeURIComponent(part[5:]))
        elif part:
            kept.append(part)
    if code:
        query = "?" + "&".join(kept) if kept else ""
        address = str(js.location.pathname) + query + str(js.location.hash or "")
        js.history.replaceState(None, "", address)
    return code


def friend_from_address() -> str:
    """The friend code in the page's address (``#friend=CODE``), taken out of it so that a
    reload does not open it again."""
    fragment = str(js.location.hash or "")
    if not fragment.startswith("#friend="):
        return ""
    js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
    return str(js.decodeURIComponent(fragment[len("#friend=") :]))


def on_hash(_event) -> None:
    """A friend's link opened in this very tab (only its fragment changed)."""
    code = friend_from_address()
    if code:
        app.friend.open_address(code)


def on_pop(_event) -> None:
    """The tab went back in its history: a dialog open closes (`BackNav`), unless a friend's
    link opened in this tab (only its fragment changed: `on_hash`)."""
    if not str(js.location.hash or "").startswith("#friend="):
        back_nav.popped()


def push_entry() -> None:
    js.history.pushState(js.JSON.parse('{"dialog": true}'), "")


def on_friend_tab(event) -> None:
    """What another tab of this browser said of a friend's link (boot.js relays it)."""
    detail = event_field(event, "detail")
    if detail is not None:
        kind, code = event_field(detail, "kind", ""), event_field(detail, "code", "")
        app.friend.tabs.event(str(kind), str(code))


def on_live(event) -> None:
    """What the live connection to a friend tells (assets/js/live.js)."""
    detail = event_field(event, "detail")
    if detail is not None:
        app.friend.live.event(
            str(event_field(detail, "kind", "")), str(event_field(detail, "text", ""))
        )


TITLE_KEY = "triad.title"  # sessionStorage: the title screen was left in this tab
# Where the browser denies storage (boot.js says so) the page never touches it: the
# title screen then shows at each load.
STORAGE_OK = str(js.document.documentElement.dataset.storage) != "denied"


def title_seen() -> bool:
    if not STORAGE_OK:
        return False
    try:
        return str(js.sessionStorage.getItem(TITLE_KEY) or "") == "seen"
    except Exception:  # storage refused: show the title screen
        return False


def remember_title() -> None:
    if not STORAGE_OK:
        return
    try:
        js.sessionStorage.setItem(TITLE_KEY, "seen")
    except Exception:  # storage refused: the title shows again after a reload
        return


def served_from_cache() -> bool:
    """Whether the service worker serves this page (a visit after the first: the game's
    files are in its cache). boot.js looks before the worker of a first visit takes over."""
    try:
        return str(js.document.documentElement.dataset.warm) == "1"
    except Exception:  # no service worker here
        return False


screen.set_flag("can-share", bool(getattr(js.navigator, "share", None)))
friend_code = friend_from_address()
app.on_title_closed = remember_title
app.warm = served_from_cache()
back_nav = BackNav(push_entry, lambda: js.history.back(), lambda: app.key("Escape"))
app.back_nav = back_nav
# (a friend's link has its own loading screen, and no title)
app.start(deal_from_address(), held=bool(friend_code), title=not title_seen() and not friend_code)
if friend_code:
    app.friend.open_address(friend_code)
    if getattr(js.window, "triadFriendTaken", None):  # (another tab holds its match)
        app.friend.tabs.left(friend_code)
screen.booted()
js.document.getElementById("app").addEventListener("click", create_proxy(on_click))
js.document.getElementById("app").addEventListener("change", create_proxy(on_change))
js.document.addEventListener("keydown", create_proxy(on_key))
js.document.addEventListener("pointerdown", create_proxy(on_pointer), True)
js.document.addEventListener("pointerup", create_proxy(on_release), True)
follow_boot(js, app, "triad.worker.engine")
js.window.addEventListener("storage", create_proxy(on_storage))
js.window.addEventListener("hashchange", create_proxy(on_hash))
js.window.addEventListener("popstate", create_proxy(on_pop))
js.window.addEventListener("triad-live", create_proxy(on_live))
js.window.addEventListener("triad-friend-tab", create_proxy(on_friend_tab))
app.spawn(boot_engine(app, js.window.triadEngine))
