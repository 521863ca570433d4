"""The phases of a match's turn: who may act now (`triad.ui.table.match.Match.phase`).

The phase says who may act, so input can never race a move:

* ``start``: dealt here, the engine not yet up (a human may choose and
  confirm: the move, or F1, is queued as `Match.pending`);
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

#: What a queued F1 looks like in `Match.pending` (a queued move is `(card, cell)`).
HINT_ASKED = "hint"
