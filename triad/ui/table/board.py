"""The board on the table: what is drawn on it and how a placement plays out there.

Whatever occupies the table (a match, a replay, the daily puzzle: `triad.ui.table.match`,
`triad.ui.study.replay`, `triad.ui.study.analysis`) owns one `Board`: the view drawn, the
human's selection on it, and while a placement plays out the view before it
(`before`), the board as the animation shows it (`override`), the effects on
its cells (`fx`) and, once it has played out, the numbers it compared
(`marks`). `place` puts a card on its cell at once; `play` animates the
placement's events (flips, rules called out) in order; `teatime` shows Sudden
Death's drawn board; `drawn` is the view as the page draws it now.

A board gets the few services it plays out on (`Stage`), never the page.

Runs on the main thread under MicroPython.
"""

from triad.pageview import scores_of
from triad.ui.look import anim, render
from triad.ui.table.input import Selection


class Stage:
    """What a board plays out on, each given by the page: `draw()` brings the page up to
    date, `sound(name)` plays a sound (when sound is on), `sleep(ms)`, `unpaused()` waits
    while the page is paused or held, `callout(kind)` shows a big word ("" hides it),
    `reduced()` whether motion is reduced, `note(what)` marks a moment of the page's
    timeline (with the clock's time)."""

    def __init__(self, draw, sound, sleep, unpaused, callout, reduced, note) -> None:
        self.draw = draw
        self.sound = sound
        self.sleep = sleep
        self.unpaused = unpaused
        self.callout = callout
        self.reduced = reduced
        self.note = note


class Board:
    """The board an occupant of the table draws and animates."""

    def __init__(self, stage: Stage, view=None) -> None:
        self.stage = stage
        #: The view drawn: the engine's last (or the local dealer's, or a replay's step).
        self.view = view
        self.sel = Selection()
        #: The view before the placement playing out (until the engine's answer comes).
        self.before: dict | None = None
        #: The board as the animation shows it, and the effects on its cells.
        self.override: list | None = None
        self.fx: dict[int, str] = {}
        self.marks = anim.Marks()  # the numbers the last capture compared, marked
        #: A placement plays out (from `place` to the end of `play`).
        self.moving = False

    def show(self, view) -> None:
        """Show `view` as it stands (no placement playing out on it)."""
        self.view = view
        self.before = None
        self.override = None
        self.fx = {}
        self.moving = False

    def drawn(self):
        """(view, fx): the view as the page draws it now (the animation's board in it, the
        Houses' sizes following its cards) and the effects on its cells (or the marks)."""
        view = self.view
        if view is None:
            return None, {}
        if self.override is not None:
            view = dict(view)
            view["board"] = self.override
            view["scores"] = scores_of(view["board"], view["hands"])
        return view, self.fx or self.marks.on(view["board"])

    def regions(self, ctx: dict, status=None, blank: bool = False) -> dict:
        """The table's regions drawn from this board (region id -> HTML). With no view yet,
        only the bars and the status line: `status`, or what the engine's loading says
        (None); with `blank`, the hands and the board are emptied too."""
        view, fx = self.drawn()
        if view is not None:
            return render.regions(view, ctx, fx)
        parts = {
            "r-bar-top": render.render_bar_top(ctx),
            "r-bar-right": render.render_bar_right(ctx),
            "r-bar-bottom": render.render_bar_bottom(ctx),
            "r-keys": render.render_keys(ctx),
            "r-status": render.loading_html(ctx) if status is None else status,
        }
        if blank:
            parts.update({"r-side-red": "", "r-side-blue": "", "r-board": ""})
        return parts

    def place(self, player: str, card: int, cell: int, placed=None) -> dict:
        """Put `player`'s card `card` (the card `placed`, when the hand hides it) on `cell`
        at once (the placement's events come with `play`). Returns the view before it
        (kept as `before` until then)."""
        stage = self.stage
        before = self.view
        if placed is None:
            placed = before["hands"][player][card]
        mid = dict(before)
        hands = dict(before["hands"])
        hands[player] = [c for i, c in enumerate(before["hands"][player]) if i != card]
        mid["hands"] = hands
        mid["to_move"] = None
        board = anim.copy_board(before["board"])
        board[cell] = {"card": placed, "owner": player}
        self.before = before
        self.view = mid
        self.override = board
        self.fx = {cell: "place"}
        self.moving = True
        self.sel.end()
        stage.sound("place")
        stage.draw()
        stage.note("placed")
        return before

    def take_back(self, before) -> None:
        """The placement was refused: the board shows `before` again."""
        self.show(before)

    async def play(self, before, player, cell, placed, events, landed=None) -> None:
        """Animate a placement's events in order (`landed()`: called once the first step,
        the card landing, shows)."""
        stage = self.stage
        self.before = None
        steps = anim.plan(before["board"], player, cell, placed, events, stage.reduced())
        first = True
        for step in steps:
            await stage.unpaused()
            self.override = step["board"]
            self.fx = step["fx"]
            if step.get("callout"):
                stage.callout(step["callout"])
            if not first:  # the landing sounded when the card was put down
                stage.sound(step["sound"])
            stage.draw()
            if first:
                stage.note("answered")
                if landed is not None:
                    landed()
                first = False
            if step["ms"]:
                await stage.sleep(step["ms"])
            if step.get("callout"):
                stage.callout("")
        self.override = None
        self.fx = {}
        self.moving = False
        # (the numbers compared stay marked until the board changes)
        self.marks.keep(steps[-1]["board"] if steps else None, anim.compared(cell, events))

    async def teatime(self, drawn: dict) -> None:
        """Sudden Death: the drawn board, PERFECT TEATIME called out."""
        stage = self.stage
        step = anim.teatime_step(drawn["board"], stage.reduced())
        stage.callout("teatime")
        stage.sound(step["sound"])
        await stage.sleep(step["ms"])
        stage.callout("")
