"""A replay on the table: a finished match, a match of the history or a replay file, move by
move.

A `Replay` is an occupant of the table (`triad.ui.table.tabletop.Table`): it takes the
table from what was there (which ends), shows its positions on a board of its
own (`triad.ui.table.board.Board`), which plays each move's events as a match's
would, takes the keys and buttons of its bar, and runs its tasks (each move
played out, its analysis: `triad.ui.study.analysis.Analysis`) in a scope of its own
(`triad.ui.page.scope`), ended when it leaves the table. `back` is the view and
settings that leaving it comes back to. The daily puzzle (`triad.ui.study.puzzle`) is
a replay whose first move is the player's.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look import speech
from triad.ui.look.html import attrs, esc
from triad.ui.look.icons import icon
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.study.analysis import Analysis
from triad.ui.table.board import Board


class Seat:
    """What an occupant of the table (a replay, the puzzle) works with, each given by the
    page: its `scope`, the `stage` its board plays out on (`triad.ui.table.board.Stage`),
    `engine()` the engine worker (None until it is up), `engine_failed()` whether it
    failed to come up, the page's `signal`, `draw()`, `ctx()` what the page draws with,
    `set_data(name, value)` for `<html data-*>`, `say(words)` in the live region,
    `sound(name)`, `notice(text)`, `download(filename, text)`, `spawn(coro)` a task of the
    page's own scope (one that must not end with the occupant: a save being written),
    `today()` the player's date, the collection `coll` (its save, and its worker
    answers in the page's language), and the `chooser` of the human's card and space
    (`triad.ui.table.choosing.Chooser`: the puzzle's answer is chosen as a move is)."""

    def __init__(
        self,
        scope,
        stage,
        engine,
        engine_failed,
        signal,
        draw,
        ctx,
        set_data,
        say,
        sound,
        notice,
        download,
        spawn,
        today,
        coll,
        chooser,
    ) -> None:
        self.scope = scope
        self.stage = stage
        self.engine = engine
        self.engine_failed = engine_failed
        self.signal = signal
        self.draw = draw
        self.ctx = ctx
        self.set_data = set_data
        self.say = say
        self.sound = sound
        self.notice = notice
        self.download = download
        self.spawn = spawn
        self.today = today
        self.coll = coll
        self.chooser = chooser


class Replay:
    """A replay on the table: its steps, the one shown, its board and its scope."""

    def __init__(self, seat: Seat, steps: list, record, back: tuple, leave, mode: str = "hotseat"):
        self.seat = seat
        self.steps = steps
        self.index = 0
        #: The match record replayed (None: the puzzle's line, shown once it is answered).
        self.record = record
        #: (view, settings) of what leaving the replay comes back to (`leave(back)`).
        self.back = back
        self.leave = leave
        #: "cpu": Blue is "You" and Red the CPU; "hotseat": Blue and Red.
        self.mode = mode
        self.scope = seat.scope
        self.board = Board(seat.stage, steps[0]["view"] if steps else None)
        self.analysis: Analysis | None = None

    def start(self) -> None:
        """The replay is on the table: its first position shows, its analysis begins."""
        seat = self.seat
        seat.set_data("replay", "0")
        if self.record is not None:
            self.analysis = Analysis(
                self.scope.child("analysis"),
                seat.engine,
                seat.coll.answer,
                seat.set_data,
                seat.draw,
                self.steps,
                self.names(),
            )
            self.analysis.start(self.record)
        seat.draw()

    def end(self) -> None:
        """The replay leaves the table: every task it started is cancelled."""
        self.scope.end()
        set_data = self.seat.set_data
        for name in ("replay", "analysis", "study"):
            set_data(name, "")

    # ---------------------------------------------------------- what it shows

    def names(self):
        """The sides' names after a match against the CPU ("You", "CPU"); None: Blue, Red."""
        return {"blue": t("you"), "red": t("cpu")} if self.mode == "cpu" else None

    def humans(self) -> list:
        """The sides shown as the player's (You) or as Blue and Red."""
        return ["blue"] if self.mode == "cpu" else ["blue", "red"]

    def status_note(self) -> str:
        return ""

    def ghosts(self) -> dict:
        """Cards drawn faint on the board: the analysed move's card and the best one."""
        if self.analysis is None:
            return {}
        return self.analysis.ghosts(self.index, self.board.view)

    def may_act(self) -> bool:
        """Nobody picks a move in a replay."""
        return False

    def human_move(self, move) -> None:
        """(No move is played in a replay.)"""

    def shows(self) -> dict:
        """What the page draws of the replay besides its board (`App.ctx`)."""
        return {
            "humans": self.humans(),
            "mode": self.mode,
            "card_set": (self.board.view or {}).get("card_set"),
            "status_note": self.status_note(),
            "ghosts": self.ghosts(),
            "replay": True,
            "verdict": None,
            "thinking": False,
            "busy": False,
            "queued": False,
            "engine_loading": False,
        }

    def regions(self, ctx: dict) -> dict:
        """The table's regions as the replay draws them: its board (nothing of another deal
        until its first position is there), and its bar under it."""
        parts = self.board.regions(ctx, None, True)
        parts["r-replay"] = self.bar()
        return parts

    def bar(self) -> str:
        """The analysis and the replay's controls, under the board."""
        step = self.steps[self.index]
        bar = render_replay_bar(self.index, len(self.steps) - 1, step)
        return (self.analysis.html() if self.analysis is not None else "") + bar

    # ---------------------------------------------------------- keys and moves

    #: The kinds of click it takes (`triad.ui.page.controls.KINDS`): a move of the analysis.
    kinds: tuple = ("ply",)

    def key(self, action: str):
        """A key while nothing shows over the table, or a button of the bar (named as a
        key): steps, Close, export; None for a key that is not the replay's."""
        if action in ("right", "next", "select"):
            self.forward()
        elif action in ("left", "back", "cancel"):
            self.scope.spawn(self.step(-1))
        elif action == "exit":
            self.leave(self.back)
        elif action == "export":
            self.scope.spawn(self.export())
        else:
            return None
        return True

    def click(self, kind: str, value) -> bool:
        """A move of the analysis chosen, or a button of the bar; False when it is not one of
        the replay's."""
        if kind == "ply":
            self.select(int(value))
        elif kind == "do" and value.startswith("replay_"):
            self.key(value[7:])
        else:
            return False
        return True

    def forward(self) -> None:
        """Play the next move out."""
        self.scope.spawn(self.step(1))

    async def step(self, delta: int) -> None:
        """Show the next position (playing its move out) or the one before."""
        seat = self.seat
        board = self.board
        if board.moving:
            return
        index = self.index + delta
        if index < 0 or index >= len(self.steps):
            return
        step = self.steps[index]
        said = t("replay_step", n=index, total=len(self.steps) - 1)
        if delta > 0 and step["player"] is not None:
            before = board.view
            said = speech.move_text(
                before,
                step["player"],
                step["cell"],
                step["placed"],
                step["events"],
                step["view"],
                seat.ctx(),
            )
            board.place(step["player"], step["card"], step["cell"])
            await board.play(before, step["player"], step["cell"], step["placed"], step["events"])
        elif delta > 0 and step["rematch"]:
            await board.teatime(board.view)
        self.go(index)
        seat.say(said)

    def go(self, index: int) -> None:
        """Show the position of step `index` as it stands."""
        seat = self.seat
        self.index = index
        self.board.show(self.steps[index]["view"])
        seat.set_data("replay", str(index))
        seat.draw()

    def select(self, ply: int) -> None:
        """A move of the analysis chosen: the position before it, its card and the best one."""
        if self.analysis is None or self.board.moving:
            return
        index = self.analysis.select(ply)
        if index is not None:
            self.go(index)

    async def export(self) -> None:
        seat = self.seat
        if self.record is None:
            return
        try:
            reply = await client.replay_export(seat.engine(), json.dumps(self.record))
        except client.WorkerError as e:
            seat.notice(t("replay_bad", error=e.words))
            return
        seat.download("triad-replay.json", reply["text"])


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
