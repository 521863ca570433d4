"""The replay viewer: a finished match, a match of the history or a replay file, move by move.

While a replay (or the daily puzzle, `triad.ui.study`) is shown it takes the
table: the match that was there ends, and the replay's positions are shown
in a match of its own (`triad.ui.table.Match`), which plays each move's
events as a match would. Leaving it brings back the result that was shown,
or deals a new match. Its tasks (each move played out, its analysis) run in a
scope of its own (`triad.ui.scope`), ended when it leaves the table or another
replay takes it. `shown` is what is on the table:
``{"steps", "index", "record", "back"}`` (``"puzzle": True`` for the puzzle),
``back`` being the view and settings to come back to.

`Replay` belongs to the page (`triad.ui.app.App`). Runs on the main thread
under MicroPython.
"""

import json

from triad.ui import client, speech
from triad.ui.html import attrs, esc
from triad.ui.icons import icon
from triad.ui.session import OVER, START
from triad.ui.text import t


class Replay:
    """The replay on the table, if any (`shown`)."""

    def __init__(self, page) -> None:
        self.page = page
        self.shown: dict | None = None
        self.root = page.scope  # the page's scope, where each replay's own begins
        #: The tasks of the replay shown, ended when it leaves (begun with none shown).
        self.scope = self.root.child("replay")

    def show(self, shown: dict) -> None:
        """Put `shown` on the table (a replay or the puzzle), with a scope of its own; the
        one shown before stops."""
        self.scope.end()
        self.shown = shown
        self.scope = self.root.child("replay")

    def forward(self) -> None:
        """Play the next move out."""
        self.scope.spawn(self.step(1))

    async def open_match(self) -> None:
        """Replay the match on the table (the one just finished)."""
        page = self.page
        if page.engine is None:
            return
        try:
            reply = await client.match_record(page.engine)
        except client.WorkerError as e:
            page.show_notice(t("replay_bad", error=e.words))
            return
        # The record does not say who played: the match just finished does.
        playing = page.match.playing or {}
        await self.open(json.dumps(reply["record"]), playing.get("mode", "hotseat"))

    async def open(self, text: str, mode: str = "hotseat") -> None:
        """Show a replay (a record or a replay file) move by move.

        `mode` is the match's ("cpu": Blue is "You" and Red the CPU); a file or a
        match of the history is shown as Blue and Red."""
        page = self.page
        if page.engine is None:
            return
        try:
            reply = await client.replay_views(page.engine, text)
        except client.WorkerError as e:
            page.show_notice(t("replay_bad", error=e.words))
            return
        back = self.back()
        self.take_table()
        shown = {"steps": reply["steps"], "index": 0, "record": reply["record"], "back": back}
        self.show(dict(shown, mode=mode))
        page.match.view = reply["steps"][0]["view"]
        page.screen.set_data("replay", "0")
        page.study.start_analysis(reply["record"])
        page.draw()

    def back(self) -> tuple:
        """What leaving the replay about to be shown comes back to: the view and settings
        of the match on the table (those of the replay's own, once one is shown)."""
        if self.shown is not None:
            return self.shown["back"]
        return (self.page.match.view, self.page.match.playing)

    def take_table(self) -> None:
        """A replay or a puzzle takes the table: whatever was running stops here.

        The table is left empty until the replay's or the puzzle's first position is
        there: never a deal of the match that ended, which would take moves (`back`
        keeps what leaving comes back to)."""
        page = self.page
        page.new_table(None, False)
        page.close_panel(False)
        page.study.stop()

    def key(self, action: str) -> bool:
        page = self.page
        if self.shown is None:
            return False  # (nothing is replayed: the key is the match's)
        if self.shown.get("puzzle") and page.study.puzzle_key(action):
            return True
        if action in ("right", "next", "select"):
            self.forward()
        elif action in ("left", "back", "cancel"):
            self.scope.spawn(self.step(-1))
        elif action in ("pause", "exit"):
            self.close()
        elif action == "export":
            page.spawn(self.export())
        return True

    async def step(self, delta: int) -> None:
        """Show the next position (playing its move out) or the one before."""
        page = self.page
        r = self.shown
        match = page.match
        if r is None or match.animating:
            return
        index = r["index"] + delta
        if index < 0 or index >= len(r["steps"]):
            return
        step = r["steps"][index]
        said = t("replay_step", n=index, total=len(r["steps"]) - 1)
        if delta > 0 and step["player"] is not None:
            before = match.view
            said = speech.move_text(
                before,
                step["player"],
                step["cell"],
                step["placed"],
                step["events"],
                step["view"],
                page.ctx(),
            )
            match.show_placing(step["player"], step["card"], step["cell"])
            await match.play_events(
                before, step["player"], step["cell"], step["placed"], step["events"]
            )
        elif delta > 0 and step["rematch"]:
            await match.teatime(match.view)
        r["index"] = index  # the bar moves on once the move has played out
        match.view = step["view"]
        match.to(START)
        page.screen.set_data("replay", str(index))
        page.draw()
        page.speech.say(said)

    async def export(self) -> None:
        r = self.shown
        page = self.page
        if r is None or r.get("record") is None:
            return
        try:
            reply = await client.replay_export(page.engine, json.dumps(r["record"]))
        except client.WorkerError as e:
            page.show_notice(t("replay_bad", error=e.words))
            return
        page.screen.download("triad-replay.json", reply["text"])

    def stop(self) -> None:
        """The replay leaves the table (a new match takes it)."""
        if self.shown is not None:
            self.shown = None
            self.scope.end()
            self.page.study.stop()
            self.page.screen.set_data("replay", "")

    def close(self) -> None:
        """Leave the replay: back to the result that was shown, or a new match."""
        r = self.shown
        if r is None:
            return
        page = self.page
        self.stop()
        view, playing = r["back"]
        if view is not None and view.get("over"):
            match = page.new_table(playing)
            match.to(OVER)
            match.view = view
            page.draw()
            page.cpu.deal_ahead()
        else:
            page.new_match()

    def bar(self) -> str:
        r = self.shown
        if r is None:
            return ""
        study = self.page.study
        if r.get("puzzle"):
            return study.puzzle_html()
        steps = r["steps"]
        bar = render_replay_bar(r["index"], len(steps) - 1, steps[r["index"]])
        return study.analysis_html() + bar


def render_replay_bar(index: int, last: int, step: dict, tools: bool = True) -> str:
    """The replay's controls: where we are, back, forward, export and leave (with `tools`)."""
    if index >= last and last > 0:
        score = (step.get("view") or {}).get("scores") or {}
        where = t("replay_end", blue=score.get("blue", "?"), red=score.get("red", "?"))
    else:
        where = t("replay_step", n=index, total=last)
    rematch = ""
    if step.get("rematch"):
        rematch = '<span class="replay-where">' + esc(t("replay_rematch")) + "</span>"

    def control(do: str, symbol: str, label: str, disabled: bool = False) -> str:
        pairs = [
            ("type", "button"),
            ("class", "btn"),
            ("data-do", "replay_" + do),
            ("title", label),
            ("aria-label", label),
            ("disabled", disabled),
        ]
        return "<button" + attrs(pairs) + ">" + icon(symbol) + "</button>"

    return (
        '<div class="replay-bar" role="toolbar" data-replay-at="'
        + str(index)
        + '" data-replay-last="'
        + str(last)
        + '"><span class="replay-where">'
        + esc(where)
        + "</span>"
        + rematch
        + control("back", "prev", t("replay_back"), index <= 0)
        + control("next", "play", t("replay_next"), index >= last)
        + (control("export", "save", t("replay_export")) if tools else "")
        + (control("exit", "close", t("replay_exit")) if tools else "")
        + "</div>"
    )
