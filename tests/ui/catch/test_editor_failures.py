"""The editor when a worker fails: the bot's (Python does not start, the worker dies) or the
referee's (it refuses, or it is gone mid-match). The status line says what happened, never
"Running…" after the match has stopped, the console says why, and Run plays again."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.ui.catch.helpers import FakeScreen
from tests.ui.catch.test_app import Bots, Engine, ScriptedBot, instant, run, settle
from triad.ui.catch.app import CatchApp
from triad.ui.catch.text import t
from triad.ui.look.text import set_language
from triad.ui.page.settings import MemoryStore


class SilentPython(ScriptedBot):
    async def ready(self) -> bool | str:
        return "Pyodide failed to load: network error"


class DeadWorker(ScriptedBot):
    async def call(self, name: str, arg: str, timeout_ms: int) -> tuple[str, str | None]:
        await asyncio.sleep(0)
        return ("error", "Worker was terminated")


class Refusing(Engine):
    """A referee that refuses to deal."""

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        if name == "new_game":
            return json.dumps({"ok": False, "error": "no such map", "code": ""})
        return await Engine.call(self, name, payload, more)


class Gone(Engine):
    """A referee whose worker is gone on the third turn (no answer, an error thrown)."""

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        if name == "play" and self.calls.count("play") >= 2:
            raise RuntimeError("the referee's worker is gone")
        return await Engine.call(self, name, payload, more)


CASES = {
    "python": (SilentPython, Engine, "run_no_python", "Pyodide failed to load: network error"),
    "worker": (DeadWorker, Engine, "run_failed", "Worker was terminated"),
    "syntax": (ScriptedBot, Engine, "run_no_compile", "SyntaxError at line 1: oops"),
    "referee": (ScriptedBot, Refusing, "run_failed", "no such map"),
    "gone": (ScriptedBot, Gone, "run_failed", "the referee's worker is gone"),
}


@pytest.mark.parametrize(
    ("case", "lang"), [(case, "en") for case in CASES] + [("python", "fr"), ("gone", "fr")]
)
def test_a_failed_worker_is_said_and_run_plays_again(case: str, lang: str) -> None:
    bot_kind, engine_kind, status, why = CASES[case]

    async def test() -> None:
        screen = FakeScreen()
        bots = Bots(bot_kind())
        app = CatchApp(screen, MemoryStore(), instant, lambda: 5, browser_lang=lang, bots=bots)
        app.start("editor")
        await app.engine_ready(engine_kind())
        screen.values["c-code"] = "syntax" if case == "syntax" else "print('hi')"
        screen.values["c-name"] = "Tester"
        app.act("run")
        await settle(app)
        shown = screen.regions["c-run"]
        assert app.editor.status == t(status) and t("running") not in shown
        assert t(status) in shown.replace("&#x27;", "'").replace("&#39;", "'")
        assert why in "".join(text for _, text in app.editor.console)
        assert 'data-act="run"' in shown and not app.editor.running
        # Run again, the worker and the referee back: the match is played to its end
        bots.bot = ScriptedBot()
        app.engine = Engine()
        screen.values["c-code"] = "print('hi')"
        app.act("run")
        await settle(app)
        assert app.editor.finished and "Tester" in app.editor.status

    try:
        run(test)
    finally:
        set_language("en")
