"""The Triangle Catch page's three modes (`play`, `watch`, `editor`): what they share.

Each mode is a class of its own module (`triad.ui.catch.play.Play`,
`triad.ui.catch.watch.Watch`, `triad.ui.catch.editor.Editor`). `CatchApp`
keeps one of each for the whole visit (switching tabs keeps a
mode's match, timeline or code where it was) and hands a mode the input
meant for it (`act`, `field`, `key`); it asks the mode on show whether it
waits for the player (`ready`), what the map draws (`shown`) and what the
empty map says (`empty`), and has it write its own regions (`draw`).

Each mode runs its own work with the worker: a piece of work (a match, a
playback of the timeline, an editor's duel) is a `Run`, with a scope of its
own (`triad.ui.scope`, a child of the page's) where the flows that serve it
run. A New game, a new match to watch or Stop ends a run, which cancels
them: whatever still ran for it (a reply on its way, a timer) changes
nothing, and no flow looks at a flag after an await to find that out.

A mode reaches the page through `page` (the `CatchApp`): its worker (through
`triad.ui.catch.client`, `waiting`, `launch`), its regions (`put`), its
notice (`notify`), its `signal` and its world (`screen`, `store`, `sleep`).  Runs under MicroPython and CPython.
"""

#: What the map shows for a mode without a match: `(map, state, names, entry, human)`.
NOTHING = (None, None, None, None, 0)

# The page stops a silent bot this long after its limit. Whether an answer was late is
# decided by the bot's own time, measured in its worker: the round trip to the worker
# can take far longer in a busy browser (Safari's, where each turn goes through the
# service worker), and that must not lose the bot its match.
GRACE_MS = 2000
FRAME_MS = 600  # one turn on the timeline at speed 1
DUEL_PAUSE_MS = 15  # between two turns of the editor's match, so the map is drawn
CONSOLE_LINES = 400


class Run:
    """One piece of a mode's work, from its start to its end (`end`): the tasks serving it
    run in its scope, a child of `scope` (the page's)."""

    def __init__(self, scope) -> None:
        self.scope = scope.child("run")

    def end(self) -> None:
        """The work is over or replaced: whatever still runs for it stops."""
        self.scope.end()

    @property
    def live(self) -> bool:
        """Whether the work is on: real state, read to draw (Pause or Play, Run or Stop)
        and to know whether the page waits for the player, never after an await."""
        return not self.scope.ended


def live(session) -> bool:
    return session is not None and session.live
