"""Test doubles for the page's outside world: a screen, a sound player, an in-process engine."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from triad.pageview import dealer
from triad.ui.page.app import App
from triad.ui.page.dom import Engine
from triad.ui.page.settings import MemoryStore, SafeStore
from triad.worker import engine as worker


class FakeScreen:
    """Keeps each region's HTML and the classes on <html>, like the page would show them."""

    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.flags: dict[str, bool] = {}
        self.clock = 0.0
        self.scrolled: list[str] = []
        self.data: dict[str, str] = {}
        self.focused: list[str] = []
        self.lang = ""
        self.downloads: list[tuple[str, str]] = []
        self.mounted = 0
        self.said: list[str] = []

    def mount(self, html: str) -> None:
        self.regions = {"app": html}
        self.mounted += 1

    def set_lang(self, code: str) -> None:
        self.lang = code

    def update(self, region: str, html: str) -> None:
        self.regions[region] = html

    def set_flag(self, name: str, on: Any) -> None:
        self.flags[name] = bool(on)

    def say(self, region: str, text: str, keep: int) -> None:
        self.said.append(text)

    def scroll_to(self, ident: str) -> None:
        self.scrolled.append(ident)

    def set_data(self, name: str, value: str) -> None:
        self.data[name] = value

    def focus(self, selector: str) -> None:
        self.focused.append(selector)

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def now(self) -> float:
        return self.clock

    @property
    def ready(self) -> bool:
        return self.flags.get("ready", False)


class FakeSound:
    def __init__(self) -> None:
        self.played: list[str] = []
        self.music: list[bool] = []  # each set_music call

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_music(self, on: bool) -> None:
        self.music.append(on)


class LocalEngine(Engine):
    """The worker's functions called in this process, awaited like the real worker."""

    def __init__(self) -> None:
        super().__init__(None)
        self.calls: list[tuple[str, Any]] = []

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        try:
            decoded = json.loads(payload)
        except ValueError:
            decoded = payload
        self.calls.append((name, decoded))
        await asyncio.sleep(0)
        if more is None:
            return str(getattr(worker, name)(payload))
        return str(getattr(worker, name)(payload, more))


def make_app(
    store: Any = None, seed: int = 7, use_dealer: bool = True
) -> tuple[App, FakeScreen, FakeSound]:
    screen = FakeScreen()
    sound = FakeSound()
    seeds = iter(range(seed, seed + 1000))

    async def sleep(ms: float) -> None:
        screen.clock += ms
        await asyncio.sleep(0)

    app = App(
        screen,
        store if store is not None else SafeStore(MemoryStore()),
        sound,
        sleep,
        lambda: next(seeds),
        dealer if use_dealer else None,
        reduced=True,
    )
    return app, screen, sound


async def settle(app: App, rounds: int = 400) -> None:
    """Let the app's tasks run until nothing is left to do."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        if not app.scope.running():
            await asyncio.sleep(0)
            if not app.scope.running():
                return


def attr_values(html: str, name: str) -> list[str]:
    return re.findall(r"\b" + name + r'="([^"]*)"', html)


def over(app: App) -> bool:
    return bool(app.match.view and app.match.view.get("over"))


async def play_out(app: App, until: Any = over, rounds: int = 300) -> None:
    """Press the autoplay button each time the human may act (the CPU plays one card for
    them), until `until(app)`: by default, until the match on the table is over."""
    for _ in range(rounds):
        if until(app):
            return
        if app.accepting():
            app.click("action", "autoplay")
        await settle(app)


def leave_yes(app: App) -> None:
    """Say yes if the page asks before ending the match under way (New game, Rematch, F5)."""
    if app.panel == "leave":
        app.click("do", "leave_yes")


async def open_puzzle(app: App, screen: FakeScreen, day: str) -> Any:
    """Open the puzzle of `day` and wait until it waits for its answer; the puzzle."""
    screen.today = lambda: day  # type: ignore[method-assign]
    app.click("do", "puzzle")
    puzzle = app.table.occupant
    for _ in range(50):
        await settle(app)
        if screen.data["puzzle"] == "solving":
            break
    return puzzle
