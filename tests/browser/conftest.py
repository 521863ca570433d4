"""Browser fixtures: the bundle served on 127.0.0.1, and Debian's Chromium driven by Playwright.

Every browser context records each request and each console or page error; a
test fails at teardown if the page asked any host but the game's own, or if
anything was logged as an error. Tests wait on the page's state (the class
`ready` on <html>, data-* attributes), never on time.

Warm and cold. A context from `new_context()` (and the `page` fixture) is warm: a
browser whose service worker already controls the game's address and whose cache
holds every file of the build and the engine's snapshot, as for a player's second
visit. It comes from a pool kept for the session (per xdist worker), each browser
of it launched once from a profile warmed by one first visit (`warm_profile`); a
test's pages are closed when it ends, and the address's cookies, localStorage and
IndexedDB are cleared (sessionStorage goes with its tab), so each test starts as a
player who never played, but without a first visit's downloads, its Python started
from nothing and the service worker filling its cache beside the test.

A test about the first visit, offline play, the service worker, the network or the
bundle asks for a cold context, a fresh one in which nothing is cached:
`@pytest.mark.cold` on the test or module, or `new_context(cold=True)`. A context
that routes requests (`context.route` before its first page) is cold too, as the
service worker would answer in its place; `TRIAD_COLD_BROWSER=1` makes every one
cold (to compare, or to rule the pool out).

Motion reduced. A context is made with `reduced_motion="reduce"` (as a player who asked
their system for less motion: a card lands and flips at once, a callout shows briefly),
unless the test says otherwise: the page's animations cost the browsers' processes CPU and
every move seconds of waiting, and most tests are about what the page does, not how it
moves. A test of motion, of the first visit's or first minutes' journey and of how the page
looks (screenshots) keeps it: `@pytest.mark.motion` on the test or module, or
`new_context(reduced_motion="no-preference")`; `TRIAD_BROWSER_MOTION=1` keeps it in every
context. (A live match against Firefox reduces motion on both sides: Firefox draws the
page's animations in software, about 4.5 CPU-s a boot; `tests/browser/engines.py`.)

Loops left out. The page's decorations that repeat while it waits for the player
(the turn badge's cheer and star, the chosen card's bob, for up to five seconds after
each redraw) and its spinners cost an idle page up to an eighth of a core in software
compositing (measured: 1.25 CPU-s in 10 s of waiting with endless loops, 0.03 without
them), which every browser test would pay while it waits on the page, and
`wait_settled` would wait for them to rest. A context from `new_context()` ends each
repeating animation as it starts (`NO_LOOPS`): every animation that plays once (a card
landing or flipping, a dialog's entrance) runs as a player sees it.
`new_context(loops=True)` keeps them, and `TRIAD_BROWSER_LOOPS=1` in every context.

Blur left out where motion is. The page blurs what lies behind its dialogs and its title
screen (`backdrop-filter`); without a GPU, as here, Chromium's compositor blurs the whole
window again for every frame it draws beneath one, which made most of its GPU process's
CPU in the browser tests (measured, a whole run: 218 CPU-s with the blur, 93 without). A
context whose motion is reduced draws none (`NO_BLUR`); one that keeps motion,
as the tests of how the page looks do, keeps the blur too, and `TRIAD_BROWSER_BLUR=1` in
every context.

Polled, not drawn. Playwright's `wait_for_function` looks at its predicate on every
animation frame unless told otherwise (`polling="raf"`), which keeps the waiting page
drawing frames: measured, a game page waiting so costs Chromium 0.05 to 0.065 of a core,
against 0.005 idle and 0.009 looked at every 50 ms; and the browser tests wait so about
five minutes a run in all (an engine's boot, a CPU's move, a live match). Here a page's or
frame's `wait_for_function` looks every POLL_MS unless it says `polling="raf"`, which a
test keeps for a state that may last less than that (one that ends by itself, unasked).

Screenshots in JPEG. A screenshot for a person to look at is written as JPEG (a path
ending `.jpg`): Chromium's browser process encodes a PNG of the window in about 0.25
CPU-s, a JPEG in about 0.015 (measured, 1280x800 game page), and the browser tests take
about 250 a run. `page.screenshot` refuses a `.png` path (`jpeg_only`).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Frame, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import build

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = list(build.CHROMIUM_ARGS)

# Pyodide boots in 3-5 s here; a busy two-core machine can triple that.
BOOT_TIMEOUT_MS = 90_000
DEFAULT_VIEWPORT = {"width": 1280, "height": 800}
# How often `wait_for_function` looks at its predicate (see the module's docstring).
POLL_MS = 50


def poll_by_interval(cls: type[Page] | type[Frame]) -> None:
    """`cls.wait_for_function` polls every POLL_MS, unless given its own `polling`."""
    wait = cls.wait_for_function
    if hasattr(wait, "__wrapped__"):  # (done already: pytest imports this module twice)
        return

    @functools.wraps(wait)
    def wait_for_function(
        self: Any, expression: str, *, polling: float | str = POLL_MS, **options: Any
    ) -> Any:
        if expression.lstrip().startswith("async"):
            raise TypeError("an async predicate's promise is true at once: use wait_async")
        return wait(self, expression, polling=polling, **options)

    cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


poll_by_interval(Page)
poll_by_interval(Frame)


def jpeg_only(cls: type[Page] | type[Locator]) -> None:
    """`cls.screenshot` refuses a PNG path (see the module's docstring)."""
    shoot = cls.screenshot
    if hasattr(shoot, "__wrapped__"):  # (done already)
        return

    @functools.wraps(shoot)
    def screenshot(self: Any, *args: Any, **options: Any) -> Any:
        if str(options.get("path", "")).endswith(".png") or options.get("type") == "png":
            raise ValueError(
                "write a screenshot as JPEG, to a path ending .jpg: a PNG costs Chromium"
                " about 0.25 CPU-s to encode (tests/browser/conftest.py)"
            )
        return shoot(self, *args, **options)

    cls.screenshot = screenshot  # type: ignore[method-assign]


jpeg_only(Page)
jpeg_only(Locator)


class Server:
    """A static server of one folder on a loopback address, that can be stopped."""

    def __init__(self, directory: Path, host: str = "127.0.0.1") -> None:
        self.directory = directory
        self.host = host
        self._httpd = build.make_server(directory, host, 0)
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        self.running = True

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def url(self) -> str:
        return self.origin + "/"

    def stop(self) -> None:
        """Stop serving and close the socket: later connections are refused, as offline."""
        if self.running:
            self._httpd.shutdown()
            self._httpd.server_close()
            self.running = False


@dataclass
class Watch:
    """What one browser context did: requests, console errors, page errors."""

    allowed_origins: set[str]
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def outside_requests(self) -> list[str]:
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about", "chrome-error"):
                continue
            if f"{parts.scheme}://{parts.netloc}" not in self.allowed_origins:
                out.append(url)
        return out

    def origins_visited(self) -> set[str]:
        """The http(s) origins the context asked anything of."""
        out = set()
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https"):
                out.add(f"{parts.scheme}://{parts.netloc}")
        return out

    def listen(self, context: Any) -> list[tuple[str, Callable[..., Any]]]:
        """Record what `context` does; return the listeners (to remove them)."""

        def on_console(msg: Any) -> None:
            if msg.type == "error":
                self.errors.append(f"console {msg.type}: {msg.text}")

        listeners: list[tuple[str, Callable[..., Any]]] = [
            ("request", lambda request: self.requests.append(request.url)),
            ("console", on_console),
            ("weberror", lambda err: self.errors.append(f"page error: {err.error}")),
        ]
        for event, listener in listeners:
            context.on(event, listener)
        return listeners


# What the page writes when the player leaves the title screen (triad/ui/page/main.py).
SKIP_TITLE = "try { sessionStorage.setItem('triad.title', 'seen'); } catch (e) {}"


# Each animation that repeats is ended as it starts (see the module's docstring; a
# cancelled CSS animation may start again): an animation that plays once is never touched.
NO_LOOPS = """document.addEventListener("animationstart", (event) => {
  for (const a of event.target.getAnimations ? event.target.getAnimations({subtree: true}) : []) {
    try {
      if (a.effect && a.effect.getTiming().iterations > 1) {
        a.effect.updateTiming({iterations: 1});
        a.finish();
      }
    } catch (e) {}  // (never an error of the page's: the test would fail on it)
  }
}, true);"""
# No backdrop blur (see the module's docstring): a rule of its own, above the page's.
NO_BLUR = """document.addEventListener("DOMContentLoaded", () => {
  if (!document.head) return;  // (not a page of HTML)
  const style = document.createElement("style");
  style.textContent = "*, ::before, ::after { backdrop-filter: none !important; }";
  document.head.appendChild(style);
});"""
# What the page writes once a new player has seen the first match's pointer to the legend.
SKIP_TIP = "try { localStorage.setItem('triad.legend-tip', 'true'); } catch (e) {}"

# The number of files the service worker's one cache holds (-1 while there are two): its
# build's, "triad:SCOPE:BUILD" (the engine worker keeps its unpacked wasm apart, in
# "triad-wasm:SCOPE").
CACHED = """async () => {
    const keys = (await caches.keys()).filter((key) => key.startsWith("triad:"));
    if (keys.length !== 1) return -1;
    return (await (await caches.open(keys[0])).keys()).length;
}"""
# The engine's snapshot as the engine worker keeps it unpacked (engine-worker.js): one
# entry in a cache named after the game's address (given), of the snapshot's whole size.
KEPT_SNAPSHOT = """async (name) => {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.length !== 1 || !keys[0].url.includes("engine-snapshot.bin?")) return false;
    return (await (await cache.match(keys[0])).arrayBuffer()).byteLength > 1000000;
}"""
# Resolves once the service worker controls the page and its cache holds `expected` files
# (false after `ms`): the page's own state, looked at again as the cache fills.
CACHE_FILLED = (
    "async ([expected, ms]) => {\n  const cached = "
    + CACHED
    + """;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (navigator.serviceWorker.controller && (await cached()) >= expected) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""
)


def wait_async(
    page_or_frame: Any, predicate: str, arg: Any = None, timeout_ms: int = BOOT_TIMEOUT_MS
) -> None:
    """Wait until the async function `predicate` (its source) resolves to something true for
    `arg`, looked at every POLL_MS (`wait_for_function` would take its promise for true)."""
    until = (
        "async ([arg, ms]) => {\n  const predicate = "
        + predicate
        + f""";
  const end = Date.now() + ms;
  while (Date.now() < end) {{
    if (await predicate(arg)) return true;
    await new Promise((resolve) => setTimeout(resolve, {POLL_MS}));
  }}
  return false;
}}"""
    )
    if not page_or_frame.evaluate(until, [arg, timeout_ms]):
        raise AssertionError(f"still false after {timeout_ms} ms: {predicate}")


def precache_size(dist: Path) -> int:
    """The service worker caches every file but itself and the lazy ones (the whole icon
    set), and "./" for index.html."""
    return sum(1 for p in dist.rglob("*") if p.is_file()) - len(build.LAZY_FILES)


def wait_offline_ready(page: Any, expected: int, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the service worker controls the page and one cache holds every file."""
    if not page.evaluate(CACHE_FILLED, [expected, timeout_ms]):
        raise AssertionError(f"the cache holds {page.evaluate(CACHED)} of {expected} files")


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[Server]:
    srv = Server(dist)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    for program in (build.CHROMIUM_TESTS, build.CHROMIUM):
        if not program.exists():
            pytest.fail(f"Chromium is missing at {program}: run python3 build.py test")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """Chromium's headless shell, for cold contexts (each a first visit)."""
    chromium = playwright.chromium.launch(
        executable_path=str(build.CHROMIUM_TESTS), args=CHROMIUM_ARGS, headless=True
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def full_chromium(playwright: Any) -> Iterator[Any]:
    """Chromium as shipped, for the tests marked `full_chromium`: a page of another site
    that frames the game. The headless shell gives a cross-site frame storage; Chromium,
    as a private window or any browser that blocks third-party cookies, refuses it."""
    chromium = playwright.chromium.launch(
        executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield chromium
    chromium.close()


def launch_profile(playwright: Any, folder: Path, **options: Any) -> Any:
    """Chromium's headless shell with its profile in `folder`: a persistent context."""
    return playwright.chromium.launch_persistent_context(
        str(folder),
        executable_path=str(build.CHROMIUM_TESTS),
        args=CHROMIUM_ARGS,
        headless=True,
        **options,
    )


# What a pooled context clears between two tests: all the page keeps but the service
# worker and the caches (its own, and the engine's wasm kept unpacked; Chrome DevTools
# Protocol, Storage.clearDataForOrigin).
CLEARED = "cookies,local_storage,indexeddb,file_systems,websql,shared_storage,storage_buckets"


def clear_storage(cdp: Any, origin: str) -> None:
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED})


@pytest.fixture(scope="session")
def warm_profile(
    playwright: Any, server: Server, dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A browser profile that has visited the game once and reloaded it: its service worker
    controls the address, its cache holds every file and the engine's snapshot, and the
    engine worker has kept Pyodide's wasm unpacked. Nothing else is kept (the visit's
    storage is cleared)."""
    folder = tmp_path_factory.mktemp("warm-profile")
    context = launch_profile(playwright, folder, viewport=DEFAULT_VIEWPORT)
    try:
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        context.add_init_script(SKIP_TITLE)
        context.add_init_script(SKIP_TIP)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server.url)
        wait_ready(page)
        wait_engine(page)
        wait_offline_ready(page, precache_size(dist))
        # A second visit boots from the cache (the snapshot restored), and keeps the
        # snapshot unpacked: every test's boot reads that copy.
        page.reload()
        wait_ready(page)
        wait_engine(page)
        assert page.locator("html").get_attribute("data-warm") == "1"
        assert page.evaluate("window.triadEngine.started") == "snapshot"
        wait_async(page, KEPT_SNAPSHOT, "triad-snapshot:" + server.url)
        page.goto("about:blank")
        clear_storage(context.new_cdp_session(page), server.origin)
    finally:
        context.close()
    return folder


# Options that belong to a whole context; the others (the viewport, reduced motion) are
# given to each page, so that one warm browser serves every size and motion setting.
PAGE_OPTIONS = ("viewport", "reduced_motion")


@dataclass
class Lent:
    """A warm browser of the pool: its options, its profile's folder, a page of its own
    (never a test's) and the DevTools session its storage is cleared through."""

    key: str
    context: Any
    folder: Path
    own: Any  # its page
    devtools: Any


class WarmPool:
    """Warm browsers kept for the session, one per set of context options (the locale,
    touch...), lent to one test context at a time and cleared when given back."""

    MAX_IDLE = 4  # browsers kept when no test has them

    def __init__(self, playwright: Any, profile: Path, origin: str, folder: Path) -> None:
        self.playwright = playwright
        self.profile = profile
        self.origin = origin
        self.folder = folder
        self.idle: list[Lent] = []  # the least recently used first
        self.lent: dict[int, Lent] = {}
        self.launched = 0

    def take(self, options: dict[str, Any]) -> Any:
        key = json.dumps(options, sort_keys=True)
        found = next((lent for lent in self.idle if lent.key == key), None)
        if found is not None:
            self.idle.remove(found)
        else:
            self.launched += 1
            folder = self.folder / f"profile-{self.launched}"
            shutil.copytree(self.profile, folder)
            context = launch_profile(self.playwright, folder, viewport=DEFAULT_VIEWPORT, **options)
            own = context.pages[0] if context.pages else context.new_page()
            found = Lent(key, context, folder, own, context.new_cdp_session(own))
        self.lent[id(found.context)] = found
        return found.context

    def give_back(self, context: Any, clean: bool) -> None:
        lent = self.lent.pop(id(context))
        for page in context.pages:  # a tab the page opened itself, say
            if page != lent.own:
                page.close()
        if not clean:
            self.discard(lent)
            return
        clear_storage(lent.devtools, self.origin)
        self.idle.append(lent)
        while len(self.idle) > self.MAX_IDLE:
            self.discard(self.idle.pop(0))

    def discard(self, lent: Lent) -> None:
        try:
            lent.context.close()
        finally:
            shutil.rmtree(lent.folder, ignore_errors=True)

    def close(self) -> None:
        for lent in [*self.idle, *self.lent.values()]:
            self.discard(lent)
        self.idle.clear()
        self.lent.clear()


@pytest.fixture(scope="session")
def warm_pool(
    playwright: Any, server: Server, tmp_path_factory: pytest.TempPathFactory, request: Any
) -> Iterator[WarmPool]:
    pool = WarmPool(
        playwright,
        request.getfixturevalue("warm_profile"),
        server.origin,
        tmp_path_factory.mktemp("warm-pool"),
    )
    yield pool
    pool.close()


class Lender:
    """Where one test's contexts come from: cold ones from the session's browser, warm
    ones from the pool (made at the first warm context a session asks for)."""

    def __init__(self, browser: Any, origin: str, request: Any) -> None:
        self.browser = browser
        self.origin = origin
        self.request = request
        self.pool: WarmPool | None = None

    def take(self, options: dict[str, Any], cold: bool) -> tuple[Any, bool]:
        """A context with `options` (Playwright's), and whether it is warm."""
        if cold:
            return self.browser.new_context(**options), False
        if self.pool is None:
            self.pool = self.request.getfixturevalue("warm_pool")
        context_options = {k: v for k, v in options.items() if k not in PAGE_OPTIONS}
        return self.pool.take(context_options), True

    def give_back(self, context: Any, clean: bool) -> None:
        assert self.pool is not None
        self.pool.give_back(context, clean)


class LentPage(Page):
    """A page of a test's context whose `context` is that TestContext, not Playwright's
    context behind it: what a test does through `page.context` is undone with the rest."""

    _lent_to: TestContext

    @property
    def context(self) -> Any:
        return self._lent_to


# Playwright's context methods that change nothing (others keep a browser out of the pool).
LOOKS = frozenset(
    ("cookies", "storage_state", "service_workers", "expect_page", "expect_event", "wait_for_event")
)


class TestContext:
    """What `new_context()` returns: a browser context as Playwright's, lent from the warm
    pool or made cold, at its first page.

    Until its first page, scripts and routes are kept and handed over then; a route makes
    it cold. What a test changes in a warm context is undone when it is given back; a
    change it cannot undo (a method not named here or in LOOKS) keeps that browser out of
    the pool."""

    __test__ = False  # not a test class

    def __init__(self, lender: Lender, watch: Watch, options: dict[str, Any], cold: bool) -> None:
        self._lender = lender
        self._watch = watch
        self._options = options
        self._cold = cold
        self._real: Any = None
        self._warm = False
        self._clean = True
        self._scripts: list[dict[str, Any]] = []
        self._disposables: list[Any] = []
        self._routes: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self._listeners: list[tuple[str, Callable[..., Any]]] = []
        self._pages: list[Any] = []
        self._timeout: float = BOOT_TIMEOUT_MS
        self._granted = False
        self._closed = False

    def _bind(self) -> Any:
        if self._real is None:
            if self._closed:
                raise RuntimeError("this context is closed")
            cold = self._cold or bool(self._routes)
            self._real, self._warm = self._lender.take(self._options, cold)
            self._listeners += self._watch.listen(self._real)
            self._real.set_default_timeout(self._timeout)
            for kwargs in self._scripts:
                self._disposables.append(self._real.add_init_script(**kwargs))
            for args, kwargs in self._routes:
                self._real.route(*args, **kwargs)
        return self._real

    @property
    def warm(self) -> bool:
        """Whether this context came from the warm pool (False until its first page)."""
        return self._warm

    def new_page(self) -> Any:
        real = self._bind()
        page = real.new_page()
        page.__class__ = LentPage
        page._lent_to = self
        if self._warm:
            page.bring_to_front()  # the active tab, as a fresh context's only one is
            page.set_viewport_size(self._options.get("viewport") or DEFAULT_VIEWPORT)
            page.emulate_media(reduced_motion=self._options.get("reduced_motion", "no-preference"))
        self._pages.append(page)
        return page

    @property
    def pages(self) -> list[Any]:
        return [page for page in self._pages if not page.is_closed()]

    def add_init_script(self, script: str | None = None, path: str | Path | None = None) -> Any:
        kwargs = {"script": script, "path": path}
        if self._real is None:
            self._scripts.append(kwargs)
            return None
        disposable = self._real.add_init_script(**kwargs)
        self._disposables.append(disposable)
        return disposable

    def route(self, *args: Any, **kwargs: Any) -> Any:
        if self._real is None:
            self._routes.append((args, kwargs))
            return None
        if self._warm:
            raise RuntimeError(
                "a warm context's service worker answers the page before any route: route "
                "before the context's first page, or ask for a cold one (new_context(cold=True)"
                " or @pytest.mark.cold)"
            )
        return self._real.route(*args, **kwargs)

    def on(self, event: str, listener: Callable[..., Any]) -> None:
        self._bind().on(event, listener)
        self._listeners.append((event, listener))

    def remove_listener(self, event: str, listener: Callable[..., Any]) -> None:
        self._bind().remove_listener(event, listener)

    def set_default_timeout(self, timeout: float) -> None:
        self._timeout = timeout
        if self._real is not None:
            self._real.set_default_timeout(timeout)

    def grant_permissions(self, *args: Any, **kwargs: Any) -> None:
        self._granted = True
        self._bind().grant_permissions(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        real = self._bind()
        if name not in LOOKS:
            self._clean = False
        return getattr(real, name)

    def close(self) -> None:
        """Close its pages and its context (a warm one goes back to the pool, cleared)."""
        if self._closed:
            return
        self._closed = True
        real, self._real = self._real, None
        if real is None:
            return
        if not self._warm:
            real.close()
            return
        clean = self._clean
        try:
            for event, listener in self._listeners:
                real.remove_listener(event, listener)
            for page in self._pages:
                if not page.is_closed():
                    page.close()
            for disposable in self._disposables:
                disposable.close()
            if self._granted:
                real.clear_permissions()
            real.clear_cookies()
            real.set_default_timeout(BOOT_TIMEOUT_MS)
            # Another address (a server of the test's own) keeps a service worker and
            # storage of its own: that browser is not lent again.
            clean = clean and self._watch.origins_visited() <= {self._lender.origin}
        except Exception:
            clean = False
            raise
        finally:
            self._lender.give_back(real, clean)


def cold_requested(request: Any) -> bool:
    return bool(os.environ.get("TRIAD_COLD_BROWSER")) or (
        request.node.get_closest_marker("cold") is not None
    )


@pytest.fixture
def new_context(
    browser: Any, server: Server, request: Any
) -> Iterator[Callable[..., tuple[Any, Watch]]]:
    """Make browser contexts that watch requests and errors; checked when the test ends."""
    made: list[tuple[TestContext, Watch]] = []
    full = request.node.get_closest_marker("full_chromium") is not None
    if full:
        browser = request.getfixturevalue("full_chromium")
    lender = Lender(browser, server.origin, request)
    all_cold = full or cold_requested(request)
    motion = bool(os.environ.get("TRIAD_BROWSER_MOTION")) or (
        request.node.get_closest_marker("motion") is not None
    )

    def make(
        *,
        origins: tuple[str, ...] = (),
        title: bool = False,
        tip: bool = False,
        cold: bool = False,
        loops: bool = False,
        **options: Any,
    ) -> tuple[Any, Watch]:
        """`title`: show the title screen; by default the tab has left it already (as after
        a reload), so the page opens on the table. `tip`: show a new player's pointer to the
        legend; by default it was seen already (it lies over the table until dismissed).
        `cold`: a first visit, nothing cached; `loops`: the animations that repeat forever
        are left running (see the module's docstring). The other options are Playwright's
        (viewport, locale, reduced_motion, is_mobile...); reduced_motion is "reduce" unless
        the test is marked `motion` (see the module's docstring)."""
        options.setdefault("viewport", dict(DEFAULT_VIEWPORT))
        options.setdefault("reduced_motion", "no-preference" if motion else "reduce")
        watch = Watch(allowed_origins={server.origin, *origins})
        # A context without service workers would not be warm anyway.
        cold = cold or all_cold or options.get("service_workers") == "block"
        context = TestContext(lender, watch, options, cold)
        if not title:
            context.add_init_script(SKIP_TITLE)
        if not tip:
            context.add_init_script(SKIP_TIP)
        if options["reduced_motion"] == "reduce" and not os.environ.get("TRIAD_BROWSER_BLUR"):
            context.add_init_script(NO_BLUR)
        if not (loops or os.environ.get("TRIAD_BROWSER_LOOPS")):
            context.add_init_script(NO_LOOPS)
        made.append((context, watch))
        return context, watch

    yield make
    problems = []
    for context, watch in made:
        context.close()
        outside = watch.outside_requests()
        if outside:
            problems.append(f"requests to other hosts: {outside}")
        if watch.errors:
            problems.append(f"errors in the page: {watch.errors}")
    if problems:
        pytest.fail("; ".join(problems))


@pytest.fixture
def page(new_context: Callable[..., tuple[Any, Watch]]) -> Any:
    context, _ = new_context()
    return context.new_page()


def wait_ready(page_or_frame: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the game waits for a human's input."""
    page_or_frame.locator("html.ready").wait_for(state="attached", timeout=timeout)


# Resolves once the page has drawn two frames and no transition or animation runs (those
# that repeat forever, as a spinner, aside): a dialog's entrance, a card's landing, a
# layout that follows a new size have ended.
SETTLED = """() => new Promise((resolve) => {
  const still = () => document.getAnimations().every((a) =>
    a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity);
  const look = () => (still() ? resolve(true) : requestAnimationFrame(look));
  requestAnimationFrame(() => requestAnimationFrame(look));
})"""


def wait_settled(page_or_frame: Any) -> None:
    """Wait until the page has drawn what it was asked and nothing on it moves."""
    page_or_frame.evaluate(SETTLED)


def wait_engine(page: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the engine worker has booted."""
    page.wait_for_function(
        "() => window.triadEngine && window.triadEngine.state === 'ready'", timeout=timeout
    )


def load_collection(page: Any, url: str, playable: bool = True) -> None:
    """Load the game at `url`; wait for the engine and the collection's save, and for the
    first deal when `playable` (a page reloaded on a pending choice shows none)."""
    page.goto(url)
    if playable:
        wait_ready(page)
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")


def play_the_match(page: Any) -> None:
    """Press "Play the match" in the deck dialog and wait until the match for cards is on the
    table (the opponent's stake shows beside its name), ready for the player. Until the
    engine has dealt it the quick match beneath stays on the table, ready too: a move, an
    F1 or an F5 sent in between would go to that one (seen under load: a test played the
    quick match to its end, waiting for the ladder's result)."""
    page.locator('[data-do="deck_play"]').click()
    page.wait_for_function(  # (a new match for cards: no result, one card down at most)
        """() => document.querySelector("#r-side-red [data-stake]")
            && !document.querySelector("[data-result]")
            && document.querySelectorAll("[data-cell][data-owner]").length <= 1""",
        timeout=BOOT_TIMEOUT_MS,
    )
    wait_ready(page)


def open_album(page: Any, url: str) -> None:
    """Load the game at `url` and open the collection's album, once the collection is loaded."""
    load_collection(page, url)
    page.locator('[data-action="collection"]').click()
    page.locator('[data-tab="album"]').click()


def play_one_move(page_or_frame: Any) -> int:
    """Deploy the human's first card on the first empty cell, by mouse; return that cell
    (where the card was put: under Power Wall its row or column may move it on)."""
    wait_ready(page_or_frame)
    hand = page_or_frame.locator('[data-hand="blue"]')
    chosen = hand.locator('[data-card][aria-pressed="true"]')
    for _ in range(5):
        # A card the rules let be played (Order and Chaos lock the others), chosen: a click
        # that lands while the table is redrawn (a new match dealt) is tried again.
        if chosen.count():
            break
        hand.locator('[data-card]:not([aria-disabled="true"])').first.click()
        try:
            chosen.wait_for(state="attached", timeout=5000)
        except PlaywrightTimeout:
            wait_ready(page_or_frame)
    cell = page_or_frame.locator("[data-cell]:not([data-owner])").first
    index = int(cell.get_attribute("data-cell"))
    target = page_or_frame.locator(f'[data-cell="{index}"]')
    owned = page_or_frame.locator("[data-cell][data-owner]").count()
    target.click()
    target.click()
    # One more card on the board, wherever it ended up (a wall it meets moves its row).
    page_or_frame.locator("[data-cell][data-owner]").nth(owned).wait_for(state="attached")
    return index


def play_to_the_end(page_or_frame: Any, end: str = "[data-result]", timeout: int = 150_000) -> None:
    """Play the human's moves by mouse (`play_one_move`) until `end` shows (the result):
    a match played through without asking the engine for the human's moves (F1 and
    Autoplay search a master move for each, seconds of a worker's CPU)."""
    over = page_or_frame.locator(end)
    while True:
        page_or_frame.locator(f"html.ready, {end}").first.wait_for(
            state="attached", timeout=timeout
        )
        if over.count():
            return
        play_one_move(page_or_frame)


def copy_dist(dist: Path, target: Path) -> Path:
    shutil.copytree(dist, target)
    return target


def leave_yes(page_or_frame: Any) -> None:
    """Say yes if the page asks before ending the match under way (New game, Rematch, F5)."""
    button = page_or_frame.locator('.dialog.leave [data-do="leave_yes"]')
    if button.count():
        button.click()


def tree_cpu_seconds() -> float:
    """The CPU seconds of this process and of every process under it (the browsers, their
    pages and workers, a driver), those that ended and were waited for included: from
    /proc, each process's utime, stime, cutime and cstime."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                text = stat.read()
        except OSError:  # (ended meanwhile)
            continue
        fields = text[text.rindex(")") + 2 :].split()
        parents[int(name)] = int(fields[1])
        ticks[int(name)] = sum(int(n) for n in fields[11:15])
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += ticks.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total / os.sysconf("SC_CLK_TCK")


@pytest.fixture(autouse=True)
def cpu_seconds(request: Any) -> Iterator[None]:
    """Each browser test reports the CPU seconds its worker's processes spent while it ran,
    its fixtures' setup and teardown included (tests/timing.py prints and keeps them). A
    process that outlives its parent is not counted once it has ended."""
    start = tree_cpu_seconds()
    yield
    spent = tree_cpu_seconds() - start
    request.node.user_properties.append(("cpu_seconds", round(spent, 2)))
