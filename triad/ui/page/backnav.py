"""The browser's Back button while a dialog (or Pause) is open: it closes that, and the
player stays in the game.

While a dialog is shown the page holds one entry of its own in the tab's history: Back
takes it off and closes the dialog on top, as Escape does; a dialog closed on the page
takes the entry off itself (its own Back, whose event is then not the player's).

Runs on the main thread under MicroPython; `triad.ui.page.main` gives it the tab's history.
"""


class BackNav:
    """Keeps one history entry while a dialog is shown; Back closes the dialog on top."""

    def __init__(self, push, back, close) -> None:
        self.push = push  # adds the page's entry to the tab's history
        self.back = back  # takes it off (the browser's Back, done by the page)
        self.close = close  # closes what is on top (a dialog, or Pause), as Escape does
        self.pushed = False  # the page's entry is in the history
        self.ours = 0  # Backs done by the page whose event has not come yet

    def shown(self, dialog: bool) -> None:
        """The page was drawn, a dialog (or Pause) on top or not."""
        if dialog and not self.pushed:
            self.pushed = True
            self.push()
        elif not dialog and self.pushed:
            self.pushed = False
            self.ours += 1
            self.back()

    def popped(self) -> None:
        """The tab went back in its history: the page's own Back, or the player's."""
        if self.ours:
            self.ours -= 1
        elif self.pushed:
            self.pushed = False
            self.close()
