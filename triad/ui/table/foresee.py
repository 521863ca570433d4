"""What a card waiting on a space would capture, told to a screen reader.

A card chosen and put on a space waits there for the confirming choice. A
sighted player sees it there; a screen reader hears which card, where, how many
cards it would capture, and how to deploy it. The engine works the captures out
in its worker (`triad.ui.page.client.preview_move`): the main thread only sends the
question and says the answer, once, when it comes. While the card waits, the
space's name carries the count too (`captures`, read by `triad.ui.look.render`).
Without an answer (the engine still loading, a friend match or the puzzle, whose
positions are not the engine's match in play) the words say the card and the
space alone.

Runs on the main thread under MicroPython.
"""

from triad.ui.look import speech
from triad.ui.page import client
from triad.ui.table.input import CONFIRM


class Foresee:
    """Asks what the waiting card would capture, says it, and keeps the answer while the
    card waits.

    `engine()` is the engine worker (None while it boots), `say(text)` the page's live
    region, `spawn(coro)` runs a task of the match on the table (ended with it), and
    `redraw()` brings the page's regions up to date.
    """

    def __init__(self, engine, say, spawn, redraw) -> None:
        self.engine = engine
        self.say = say
        self.spawn = spawn
        self.redraw = redraw
        #: (view, card, cell, captures): the engine's answer for the card waiting there.
        self.known: tuple | None = None

    def waiting(self, view: dict, sel) -> None:
        """A card was put on a space to wait for the confirming choice."""
        if sel.phase != CONFIRM:
            return
        self.known = None
        worker = self.engine()
        token = view.get("match")
        if worker is None or token is None or view.get("puzzle"):
            self.say(speech.waiting_text(view, sel))
            return
        self.spawn(self.ask(worker, view, sel, token))

    async def ask(self, worker, view: dict, sel, token: int) -> None:
        card, cell = sel.card, sel.cell
        try:
            reply = await client.preview_move(worker, card, cell, token, sel.player)
            captures = reply["captures"]
        except client.WorkerError:  # (no answer: the waiting words alone)
            captures = None
        # (the player may have chosen again meanwhile: that choice says its own words)
        if sel.phase != CONFIRM or sel.card != card or sel.cell != cell:
            return
        if captures is not None:
            self.known = (view, card, cell, captures)
        self.say(speech.waiting_text(view, sel, captures))
        self.redraw()

    def captures(self, view, sel):
        """How many cards the card waiting on its space would capture, once the engine has
        said (else None)."""
        known = self.known
        if known is None or sel is None or sel.phase != CONFIRM:
            return None
        if known[0] is view and known[1] == sel.card and known[2] == sel.cell:
            return known[3]
        return None
