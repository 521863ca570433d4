"""One match on the page: its phase, the move waiting for the engine, and whether it still runs.

`App` keeps exactly one `Session`, the match on the table.  Everything that
belongs to that match lives here and nowhere else: the settings it was dealt
with (`playing`), whether the engine has confirmed it, the phase of its turn,
a move or hint asked for before the engine was up, the board being animated.
A new match, a replay or a stopped match ends the session (`end`) and starts
another: every piece of async work (the CPU thinking, an animation, a hint
being shown, a queued move) holds the session it began in and stops as soon
as that session is no longer live, so nothing of one match can reach the
next.  There is no flag to reset and no counter to compare.

The phase says who may act, so input can never race a move:

* ``start``: dealt here, the engine not yet up (a human may choose and
  confirm: the move, or F1, is queued as `pending`);
* ``human``: a human chooses a card and a space;
* ``queued``: a move or hint was asked for before the engine was up;
* ``thinking``: the CPU chooses (its move, a hint, Autoplay);
* ``hint``: the CPU's suggestion is shown before it is played;
* ``animating``: a placement plays out;
* ``draft``: cards are being drafted;
* ``over``: the result is shown.

Pause and the dialogs are overlays of the page, not phases: they hold the
match where it is (`App.wait_unpaused`).
"""

START = "start"
HUMAN = "human"
QUEUED = "queued"
THINKING = "thinking"
HINT = "hint"
ANIMATING = "animating"
DRAFT = "draft"
OVER = "over"

#: What a queued F1 looks like in `Session.pending` (a queued move is `(card, cell)`).
HINT_ASKED = "hint"


class Session:
    """The match on the table, from its deal to its end."""

    def __init__(self, playing=None) -> None:
        #: The settings the match was dealt with, its seed included (None: no match).
        self.playing = playing
        self.live = True
        self.phase = START
        #: Whether the engine has this match (its deal confirmed, or dealt there).
        self.synced = False
        #: A move `(card, cell)` or `HINT_ASKED`, asked for before the engine was up.
        self.pending = None
        #: The view before the placement being animated.
        self.before = None
        #: The board as the animation shows it, and the effects on its cells.
        self.board_override = None
        self.fx = {}
        self.result_dismissed = False
        #: Whether Roulette's drawn rule was called out for this match.
        self.announced = False
        #: The engine's record of a quick match of the last visit, to play on (`App.stored_match`).
        self.resume = None
        #: Master's opening of this deal, thought through on an earlier visit (`App.kept_opening`):
        #: its first move once the engine has checked it.
        self.opening = None

    def end(self) -> None:
        """The match leaves the table: whatever still runs for it stops."""
        self.live = False

    @property
    def thinking(self) -> bool:
        return self.phase == THINKING

    @property
    def animating(self) -> bool:
        return self.phase == ANIMATING

    @property
    def busy(self) -> bool:
        """The CPU thinks, a hint shows or a placement plays out: no human input now."""
        return self.phase in (THINKING, HINT, ANIMATING, QUEUED)

    def to(self, phase: str) -> None:
        self.phase = phase
