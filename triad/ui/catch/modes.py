"""The Triangle Catch page's three modes (`play`, `watch`, `editor`): what they share.

Each mode is a class of its own module (`triad.ui.catch.play.Play`,
`triad.ui.catch.watch.Watch`, `triad.ui.catch.editor.Editor`). `CatchApp`
keeps one of each for the whole visit (switching tabs keeps a
mode's match, timeline or code where it was) and hands a mode the input
meant for it (`act`, `key`, and `field` to Watch and the editor: Play's only
field is its map's seed, which the page keeps for each mode); it asks the mode on show whether it
waits for the player (`ready`), what the map draws (`shown`) and what the
empty map says (`empty`), and has it write its own regions (`draw`).

Each mode runs its own work with the worker: a piece of work (a match, a
watched match with its playback, an editor's duel) is a `Run`, with a scope
of its own (`triad.ui.page.scope`, a child of the page's) where every task that
serves it runs. A New game, a new match to watch, Pause or Stop ends a run,
which cancels them: whatever still ran for it (a reply on its way, a timer)
changes nothing, and no flow looks at a flag after an await to find that out.

A mode never holds the page: it gets the few services it uses (`Services`)
and, for what another part of the page owns, a callback of its own (the
editor's bots, Watch's download). Runs under MicroPython and CPython.
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


class Services:
    """What the modes work with, each given by the page (`CatchApp`), never the page:

    * `engine()`: the referee worker (None until it is up), called through
      `triad.ui.catch.client`; `waiting(asked)` awaits such a call the player
      waits for (the page is not `ready` meanwhile), `launch(coro, run)` starts
      a flow the player waits for as a task of `run`, and `pending()` counts both;
    * `scope`: the page's (`triad.ui.page.scope`): each `Run` is a child of it;
    * `put(region, html)` (whether it wrote) and `forget(*regions)` for the
      mode's regions, `draw()` for the whole page, `notify(text, kind)` for the
      page's notice ("" clears it);
    * the page's world (`world`, in this order): `screen` (form fields, the log
      region screen readers hear), `store`, `sleep(ms)` and `signal`
      (`triad.ui.page.shell.Signal`).
    """

    def __init__(
        self, engine, waiting, launch, pending, scope, put, forget, draw, notify, world
    ) -> None:
        self.engine = engine
        self.waiting = waiting
        self.launch = launch
        self.pending = pending
        self.scope = scope
        self.put = put
        self.forget = forget
        self.draw = draw
        self.notify = notify
        self.screen, self.store, self.sleep, self.signal = world


class Run:
    """One piece of a mode's work, from its start to its end (`end`): the tasks serving it
    run in its scope, a child of `scope` (the page's, or another run's)."""

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
