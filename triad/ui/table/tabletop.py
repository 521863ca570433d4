"""The table and the one occupant on it.

The table holds exactly one occupant: the page's `Match` (`triad.ui.table.match`), a
`Replay` (`triad.ui.study.replay`, its analysis a part of it) or the daily `Puzzle`
(`triad.ui.study.puzzle`). Each has its own board (`triad.ui.table.board.Board`), draws its
own regions from it, takes its own keys and clicks (`triad.ui.page.controls` asks it
after the panels) and runs its tasks in its own scope. `replace(new)` puts `new`
on the table and ends the one that was there: every task it started is
cancelled.

A replay or the puzzle takes the table from the match there (which ends; the
table is left with no deal until their first position is there), and leaving
them comes back to what they were opened over (`leave`).

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.study.puzzle import Puzzle, today
from triad.ui.study.replay import Replay, Seat
from triad.ui.table.session import OVER


class Table:
    """The table: what occupies it, and what puts a replay or the puzzle on it."""

    def __init__(self, page, match) -> None:
        self.page = page
        #: A `Match`, a `Replay` or a `Puzzle`.
        self.occupant = match
        #: The page's match: the occupant, unless a replay or the puzzle took the table.
        self.match = match

    def sit(self, match) -> None:
        """A new match of the page's takes the table."""
        self.match = match
        self.replace(match)

    def replace(self, new) -> None:
        """Put `new` on the table: the occupant that was there ends."""
        old, self.occupant = self.occupant, new
        if old is not None and old is not new:
            old.end()

    def spawn(self, coro) -> None:
        """Run `coro` as a task of what is on the table: ended with it."""
        self.occupant.scope.spawn(coro)

    def replaying(self) -> bool:
        """Whether a replay or the puzzle is on the table (not a match)."""
        return isinstance(self.occupant, Replay)

    def back(self) -> tuple:
        """What leaving a replay about to be shown comes back to: the view and settings of
        the match on the table (those of the replay's own, once one is shown)."""
        if isinstance(self.occupant, Replay):
            return self.occupant.back
        match = self.page.match
        return (match.view, match.playing)

    def take(self, new) -> None:
        """A replay or the puzzle takes the table: whatever was running stops here, and the
        match that was there ends (the table has no deal of it: it would take moves)."""
        page = self.page
        page.new_table(None, False)
        page.close_panel(False)
        self.replace(new)
        new.start()

    # ------------------------------------------------------------ opening

    def seat(self, name: str) -> Seat:
        """What a replay or the puzzle about to take the table works with (`Seat`), its
        scope a new child of the page's."""
        page = self.page
        screen = page.screen
        return Seat(
            page.scope.child(name),
            page.stage,
            lambda: page.engine,
            lambda: bool(page.engine_error),
            page.signal,
            lambda: page.draw(),
            lambda: page.ctx(),
            screen.set_data,
            page.speech.say,
            lambda name: page.play_sound(name),
            lambda text: page.show_notice(text),
            screen.download,
            lambda coro: page.spawn(coro),
            lambda: today(screen),
            page.coll,
        )

    async def replay_match(self) -> None:
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
        await self.open_replay(json.dumps(reply["record"]), playing.get("mode", "hotseat"))

    async def open_replay(self, text: str, mode: str = "hotseat") -> None:
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
        steps, record = reply["steps"], reply["record"]
        self.take(Replay(self.seat("replay"), steps, record, self.back(), self.leave, mode))

    def open_puzzle(self, day=None) -> None:
        """Show the puzzle of `day` (today by default), made in the worker."""
        shown = self.occupant
        progress = shown.progress if isinstance(shown, Puzzle) else None
        day = day or today(self.page.screen)
        self.take(Puzzle(self.seat("puzzle"), day, self.back(), self.leave, progress))

    def leave(self, back: tuple) -> None:
        """Leave a replay or the puzzle: back to the result shown before (`back`: its view
        and settings), or a new match."""
        page = self.page
        view, playing = back
        if view is not None and view.get("over"):
            match = page.new_table(playing)
            match.to(OVER)
            match.board.show(view)
            page.draw()
            page.cpu.deal_ahead()
        else:
            page.new_match()

    # ------------------------------------------------------------ input

    def click(self, kind: str, value: str) -> None:
        """A move of the analysis (`ply`) or a day of the puzzles (`puzzleday`)."""
        shown = self.occupant
        if kind == "ply" and isinstance(shown, Replay):
            shown.select(int(value))
        elif kind == "puzzleday":
            self.open_puzzle(value)

    def action(self, name: str) -> bool:
        """A button that opens the puzzle or a replay, or one of what is on the table; False
        when it is none of them."""
        if name == "puzzle":
            self.open_puzzle()
        elif name == "analyse":
            self.page.spawn(self.replay_match())
        elif isinstance(self.occupant, Replay):
            return self.occupant.action(name)
        else:
            return False
        return True
