"""The editor where a bot cannot run: told at once, before any worker starts, never "Running…"."""

from __future__ import annotations

import json
from typing import Any

from tests.ui.catch.test_app import Bots, Engine, ScriptedBot, console, make_app, run, settle
from triad.ui.catch.text import t


def test_a_browser_that_cannot_feed_a_bot_is_told_before_any_worker_starts() -> None:
    async def test() -> None:
        started: list[int] = []

        class Counted(Bots):
            def start(self) -> Any:
                started.append(1)
                return super().start()

        bots = Counted(how="")
        app, screen = make_app(bots=bots)
        app.start("editor")
        await app.engine_ready(Engine())
        app.act("run")
        await settle(app)
        assert started == []
        assert "lacks WebAssembly JSPI" in console(app)
        assert app.editor.status == t("bot_cannot_run")
        assert t("running") not in "".join(screen.regions.values())
        assert screen.ready and not app.editor.running
        # Where the browser can (JSPI, or the service worker in place), the bot runs.
        bots.how = "service-worker"
        bot = bots.bot = ScriptedBot()
        app.act("run")
        await settle(app)
        assert "Match over after" in console(app) and bot.terminated

    run(test)


def test_a_worker_without_jspi_leaves_no_running_status() -> None:
    class NoJspi(ScriptedBot):
        async def call(self, name: str, arg: str, timeout_ms: int) -> tuple[str, str | None]:
            if name == "start":
                return ("ok", json.dumps({"ok": False, "error": "no-jspi"}))
            return await super().call(name, arg, timeout_ms)

    async def test() -> None:
        bot = NoJspi()
        app, screen = make_app(bots=Bots(bot, "jspi"))
        app.start("editor")
        await app.engine_ready(Engine())
        app.act("run")
        await settle(app)
        assert bot.terminated and bot.turn == 0
        assert "lacks WebAssembly JSPI" in console(app)
        assert app.editor.status == t("bot_cannot_run")
        assert screen.ready and not app.editor.running

    run(test)
