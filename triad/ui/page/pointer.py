"""A click, and a press of the mouse whose click the browser never fires.

`main` hands every click on the page to `Pointer.click` with the element clicked
(the nearest one a click acts on: `triad.ui.page.controls.TARGETS`) and whether the
mouse clicked it (or a key pressed it). A press of the mouse or a pen is kept
(`press`) for its release (`release`): when what it went down on was drawn anew
before it ended (the board as a capture preview comes, a hand as a card lands),
the browser fires no click at all (Chromium, Firefox and WebKit alike), so the
release acts as the click would have, if it is on the same card, space or button,
drawn anew.

The elements are the DOM's (or a test's stand-ins): `getAttribute`, `closest`,
`tagName`, `isConnected`, `blur`. Runs on the main thread under MicroPython.
"""

from triad.ui.page.controls import KINDS


def target(el):
    """What a click on `el` (an element `TARGETS` finds) acts on: (kind, value), or None."""
    if str(el.tagName) == "HTML":
        # <html> holds the page's state (`data-replay`: the step a replay shows), not
        # actions: a click on empty space, whose closest target is <html>, does nothing.
        return None
    for kind in KINDS:
        value = el.getAttribute("data-" + kind)
        if value is not None:
            return kind, str(value)
    card = el.getAttribute("data-card")
    if card is not None:
        return "card", (str(el.closest("[data-hand]").getAttribute("data-hand")), str(card))
    cell = el.getAttribute("data-cell")
    if cell is not None:
        return "cell", str(cell)
    return None


class Pointer:
    """Clicks, and the press kept for its release: `act(kind, value)` is what the page does
    with a click (`triad.ui.page.app.App.click`), `clicked(el)` notes the bar's button clicked
    (a dialog it opens gives the focus back to it), `unlock()` lets sound play (a press
    released is a gesture)."""

    def __init__(self, act, clicked, unlock) -> None:
        self.act = act
        self.clicked = clicked
        self.unlock = unlock
        #: What the last press went down on, and what a click on it does (None: nothing).
        self.pressed: tuple | None = None

    def press(self, el) -> None:
        """A press of the mouse (or a pen) went down on `el` (None: on nothing a click acts
        on, or a finger, whose click comes after it is lifted, on what is there then)."""
        hit = None if el is None else target(el)
        self.pressed = None if hit is None else (el, hit)

    def release(self, el) -> None:
        """The press ended over `el` (None: over nothing a click acts on). If what it went
        down on is still there, the browser's own click follows; if it was drawn anew, the
        release on the same card, space or button acts as that click."""
        pressed, self.pressed = self.pressed, None
        if pressed is None or el is None or pressed[0].isConnected:
            return
        hit = target(el)
        if hit == pressed[1]:
            self.unlock()
            self.act_on(el, hit, True)

    def click(self, el, by_mouse: bool) -> None:
        """A click on `el`: by the mouse, or a key (Enter, Space) pressing it."""
        hit = target(el)
        if hit is not None:
            self.act_on(el, hit, by_mouse)

    def act_on(self, el, hit: tuple, by_mouse: bool) -> None:
        kind, value = hit
        if kind == "action":
            self.clicked(el)
            if by_mouse:
                # A click of the mouse: keys go to the game, not to the last clicked
                # button. (Enter or Space pressed it: it keeps the focus.)
                el.blur()
        self.act(kind, value)
