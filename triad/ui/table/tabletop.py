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

The table gets the page's services (`triad.ui.page.services.Services`) and what
it asks of the page around it (`Around`), not the page.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.study.puzzle import Puzzle
from triad.ui.study.replay import Replay
from triad.ui.table.match import Match
from triad.ui.table.session import OVER


class Around:
    """What the table asks of the page around it, each a callable the page gives:
    `seat(name)` what a replay or the puzzle about to take the table works with (a
    `triad.ui.study.replay.Seat`, its scope a new child of the page's named `name`),
    `sit(occupant)` puts an occupant on the table (the one there ends: `App.seat`),
    `close_dialog()` closes the dialog shown, `new_table(playing)` a match with these
    settings takes the table (returned), `new_match()` a quick match is dealt,
    `deal_ahead()` the next quick match may be dealt ahead, `today()` the player's
    date."""

    def __init__(self, seat, sit, close_dialog, new_table, new_match, deal_ahead, today):
        self.seat = seat
        self.sit = sit
        self.close_dialog = close_dialog
        self.new_table = new_table
        self.new_match = new_match
        self.deal_ahead = deal_ahead
        self.today = today


class Table:
    """The table: what occupies it, and what puts a replay or the puzzle on it."""

    def __init__(self, match, services, around: Around) -> None:
        #: A `Match`, a `Replay` or a `Puzzle`.
        self.occupant = match
        self.services = services  # the page's (`triad.ui.page.services.Services`)
        self.around = around

    @property
    def match(self):
        """The match on the table (`triad.ui.table.match.Match`), or None while a replay or the
        puzzle is on it."""
        shown = self.occupant
        return shown if isinstance(shown, Match) else None

    def replace(self, new) -> None:
        """Put `new` on the table: the occupant that was there ends."""
        old, self.occupant = self.occupant, new
        if old is not None and old is not new:
            old.end()

    def spawn(self, coro) -> None:
        """Run `coro` as a task of what is on the table: ended with it."""
        self.occupant.scope.spawn(coro)

    def free(self) -> bool:
        """Whether nothing is on the table: no match dealt, no replay, no puzzle."""
        match = self.match
        return match is not None and match.playing is None

    def back(self) -> tuple:
        """What leaving a replay about to be shown comes back to: the view and settings of
        the match on the table (those of the replay's own, once one is shown)."""
        shown, match = self.occupant, self.match
        if isinstance(shown, Replay):
            return shown.back
        return (match.view, match.playing) if match is not None else (None, None)

    def take(self, new) -> None:
        """A replay or the puzzle takes the table: what was there ends (every task it started
        stops), and the dialog shown closes."""
        self.around.sit(new)
        self.around.close_dialog()
        new.start()

    # ------------------------------------------------------------ opening

    async def replay_match(self) -> None:
        """Replay the match on the table (the one just finished)."""
        services = self.services
        engine = services.engine()
        if engine is None:
            return
        # The record does not say who played: the match just finished does.
        match = self.match
        playing = (match.playing if match is not None else None) or {}
        try:
            reply = await client.match_record(engine)
        except client.WorkerError as e:
            services.notice(t("replay_bad", error=e.words))
            return
        await self.open_replay(json.dumps(reply["record"]), playing.get("mode", "hotseat"))

    async def open_replay(self, text: str, mode: str = "hotseat") -> None:
        """Show a replay (a record or a replay file) move by move.

        `mode` is the match's ("cpu": Blue is "You" and Red the CPU); a file or a
        match of the history is shown as Blue and Red."""
        services = self.services
        engine = services.engine()
        if engine is None:
            return
        try:
            reply = await client.replay_views(engine, text)
        except client.WorkerError as e:
            services.notice(t("replay_bad", error=e.words))
            return
        steps, record = reply["steps"], reply["record"]
        seat = self.around.seat("replay")
        self.take(Replay(seat, steps, record, self.back(), self.leave, mode))

    def open_puzzle(self, day=None, progress=None) -> None:
        """Show the puzzle of `day` (today by default), made in the worker (`progress`: the
        solved days and streak, as the puzzle shown before knew them)."""
        seat = self.around.seat("puzzle")
        day = day or self.around.today()
        self.take(Puzzle(seat, day, self.back(), self.leave, self.open_puzzle, progress))

    def leave(self, back: tuple) -> None:
        """Leave a replay or the puzzle: back to the result shown before (`back`: its view
        and settings), or a new match."""
        around = self.around
        view, playing = back
        if view is not None and view.get("over"):
            match = around.new_table(playing)
            match.to(OVER)
            match.board.show(view)
            self.services.draw()
            around.deal_ahead()
        else:
            around.new_match()
