"""How the human chooses a card and a space on the table, by keys or by clicks.

An occupant of the table that takes the human's move (the match,
`triad.ui.table.match.Match`, and the daily puzzle waiting for its answer,
`triad.ui.study.puzzle.Puzzle`) hands its keys of choosing and its clicks on a card or
a space to the page's one `Chooser`, with itself: its `board` (whose selection,
`triad.ui.table.input.Selection`, the choice drives), `may_act()` and `human_move(move)`.
The chooser moves the focus where play goes on, says where a card waits, and
remembers whether the last choice was by key (the status line says which keys).

Runs on the main thread under MicroPython.
"""

# The card or space under the keyboard's cursor.
CURSOR = "#r-board .cursor[data-cell], [data-hand] .cursor[data-card]"
# The human's hand (its cards are buttons), where play goes on while the CPU moves.
HAND = '[data-hand] [role="button"][data-card]'

#: The keys that choose a card and a space (`triad.ui.page.controls.KEYS`).
CHOOSING = ("up", "down", "left", "right", "select", "cancel")


class Chooser:
    """The human's choices on the table, given by the page: `draw()`, `focus(selector)`,
    `waiting(view, sel)` says which card waits on which space and what it would capture
    (`triad.ui.table.foresee.Foresee.waiting`), `sound(name)`, `covered()` whether a panel
    shows over the table (nothing is chosen beneath it)."""

    def __init__(self, draw, focus, waiting, sound, covered) -> None:
        self.draw = draw
        self.focus = focus
        self.waiting = waiting
        self.sound = sound
        self.covered = covered
        self.keyboard = False  # the player's last choice on the table was by key

    def accepts(self, on_table) -> bool:
        """Whether the human may choose on `on_table` now (no panel over it)."""
        return not self.covered() and on_table.may_act()

    def focus_play(self, on_table) -> None:
        """The keyboard focus goes where play goes on: the card or space under the cursor
        when the human chooses, else their hand (never the page's body)."""
        self.focus(CURSOR if self.accepts(on_table) else HAND)

    def key(self, on_table, action: str) -> None:
        """A key of choosing (`CHOOSING`) on `on_table`, while its human may choose."""
        if not self.accepts(on_table):
            return
        self.keyboard = True
        board = on_table.board
        move = board.sel.key(action)
        if move is not None:
            on_table.human_move(move)
            self.focus_play(on_table)
            return
        self.draw()
        self.focus(CURSOR)  # the focus follows the cursor: a screen reader names it
        if action == "select":
            self.waiting(board.view, board.sel)

    def card(self, on_table, value) -> None:
        """A click on a card of a hand: `value` is (player, index in the hand)."""
        player, index = value
        sel = on_table.board.sel
        if not self.accepts(on_table) or sel.player != player:
            return
        self.keyboard = False
        sel.click_card(int(index))
        self.sound("select")
        self.draw()

    def cell(self, on_table, value) -> None:
        """A click on a space of the board (`value`: its index)."""
        if not self.accepts(on_table):
            return
        self.keyboard = False
        board = on_table.board
        move = board.sel.click_cell(int(value))
        if move is not None:
            on_table.human_move(move)
            self.focus_play(on_table)  # (a space chosen by Enter had the focus: it is taken)
        else:
            self.draw()
            # a card put on a space waits for the confirming choice: a screen reader hears
            # which card, where, what it would capture and how to deploy it
            self.waiting(board.view, board.sel)

    def click(self, on_table, kind: str, value) -> bool:
        """A click on a card or a space of `on_table`; False for any other kind."""
        if kind == "card":
            self.card(on_table, value)
        elif kind == "cell":
            self.cell(on_table, value)
        else:
            return False
        return True
