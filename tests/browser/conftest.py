"""Browser fixtures: the bundle served on 127.0.0.1, and Debian's Chromium driven by Playwright.

Every browser context records each request and each console or page error; a
test fails at teardown if the page asked any host but the game's own, or if
anything was logged as an error. Tests wait on the page's state (the class
`ready` on <html>, data-* attributes), never on time.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

import build

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = list(build.CHROMIUM_ARGS)

# Pyodide boots in 3-5 s here; a busy two-core machine can triple that.
BOOT_TIMEOUT_MS = 90_000


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


# What the page writes when the player leaves the title screen (triad/ui/main.py).
SKIP_TITLE = "try { sessionStorage.setItem('triad.title', 'seen'); } catch (e) {}"
# What the page writes once a new player has seen the first match's pointer to the legend.
SKIP_TIP = "try { localStorage.setItem('triad.legend-tip', 'true'); } catch (e) {}"


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[Server]:
    srv = Server(dist)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not build.CHROMIUM.exists():
        pytest.fail(f"Chromium is missing at {build.CHROMIUM}: run python3 build.py test")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def new_context(browser: Any, server: Server) -> Iterator[Callable[..., tuple[Any, Watch]]]:
    """Make browser contexts that watch requests and errors; checked when the test ends."""
    made: list[tuple[Any, Watch]] = []

    def make(
        *, origins: tuple[str, ...] = (), title: bool = False, tip: bool = False, **options: Any
    ) -> tuple[Any, Watch]:
        """`title`: show the title screen; by default the tab has left it already (as after
        a reload), so the page opens on the table. `tip`: show a new player's pointer to the
        legend; by default it was seen already (it lies over the table until dismissed)."""
        options.setdefault("viewport", {"width": 1280, "height": 800})
        context = browser.new_context(**options)
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        if not title:
            context.add_init_script(SKIP_TITLE)
        if not tip:
            context.add_init_script(SKIP_TIP)
        watch = Watch(allowed_origins={server.origin, *origins})
        context.on("request", lambda request: watch.requests.append(request.url))
        context.on(
            "console",
            lambda msg: (
                watch.errors.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )
        context.on("weberror", lambda err: watch.errors.append(f"page error: {err.error}"))
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


def wait_engine(page: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the engine worker has booted."""
    page.wait_for_function(
        "() => window.triadEngine && window.triadEngine.state === 'ready'", timeout=timeout
    )


def open_album(page: Any, url: str) -> None:
    """Load the game at `url` and open the collection's album, once the collection is loaded."""
    page.goto(url)
    wait_ready(page)
    wait_engine(page)
    page.locator('html[data-collection="ready"]').wait_for(state="attached")
    page.locator('[data-action="collection"]').click()
    page.locator('[data-tab="album"]').click()


def play_one_move(page_or_frame: Any) -> int:
    """Deploy the human's first card on the first empty cell, by mouse; return that cell."""
    wait_ready(page_or_frame)
    page_or_frame.locator('[data-hand="blue"] [data-card]').first.click()
    cell = page_or_frame.locator("[data-cell]:not([data-owner])").first
    index = int(cell.get_attribute("data-cell"))
    target = page_or_frame.locator(f'[data-cell="{index}"]')
    target.click()
    target.click()
    page_or_frame.locator(f'[data-cell="{index}"][data-owner]').wait_for(state="attached")
    return index


def copy_dist(dist: Path, target: Path) -> Path:
    shutil.copytree(dist, target)
    return target


def leave_yes(page_or_frame: Any) -> None:
    """Say yes if the page asks before ending the match under way (New game, Rematch, F5)."""
    button = page_or_frame.locator('.dialog.leave [data-do="leave_yes"]')
    if button.count():
        button.click()
