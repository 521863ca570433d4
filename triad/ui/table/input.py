"""The human's three-step deployment as a small state machine.

Select a card in the hand, select an empty space, select the same space again
to confirm (seed 000).  Clicking another card or space starts that step over.
The keyboard drives the same machine: arrows move the cursor, `select`
(Z/Enter) selects or confirms, `cancel` (X/Backspace) steps back.  Methods
return a move `(hand_index, cell)` once one is confirmed, else None.
"""

IDLE = "idle"  # not this human's turn (or the page is busy)
HAND = "hand"  # choosing a card
CELL = "cell"  # a card is selected, choosing a space
CONFIRM = "confirm"  # a space is selected, waiting for the confirming select

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class Selection:
    """Where the human is in choosing a move; pure data, no DOM."""

    def __init__(self) -> None:
        self.phase = IDLE
        self.player = ""  # who chooses ("" while nobody does)
        self.hand_size = 0
        self.empty: list[int] = []
        self.card: int | None = None
        self.cell: int | None = None
        self.hand_cursor = 0
        self.cell_cursor = 4
        self.forced = None

    def begin(self, player: str, hand_size: int, empty: list, forced=None) -> None:
        """Start choosing a move for `player` with `hand_size` cards and these empty cells.

        `forced` (Order, Chaos) is the hand index that must be played: it comes
        selected and only the space is chosen.
        """
        self.phase = HAND
        self.player = player
        self.hand_size = hand_size
        self.empty = list(empty)
        self.card = None
        self.cell = None
        self.forced = forced
        if self.hand_cursor >= hand_size:
            self.hand_cursor = max(0, hand_size - 1)
        if self.empty and self.cell_cursor not in self.empty:
            self.cell_cursor = self._nearest_empty(self.cell_cursor)
        if forced is not None and 0 <= forced < hand_size:
            self.card = forced
            self.hand_cursor = forced
            self.phase = CELL

    def end(self) -> None:
        """Stop taking input (the move was made, or the turn passed)."""
        self.phase = IDLE
        self.card = None
        self.cell = None

    @property
    def active(self) -> bool:
        return self.phase != IDLE

    def click_card(self, index: int):
        """The human clicked (or tapped) card `index` of their hand."""
        if self.phase == IDLE or not 0 <= index < self.hand_size:
            return None
        if self.forced is not None and index != self.forced:
            return None  # Order, Chaos: only the given card can be played
        self.card = index
        self.hand_cursor = index
        self.cell = None
        self.phase = CELL
        return None

    def click_cell(self, cell: int):
        """The human clicked (or tapped) board cell `cell`; may return the confirmed move."""
        if self.phase not in (CELL, CONFIRM) or cell not in self.empty:
            return None
        if self.phase == CONFIRM and cell == self.cell:
            return self._confirm()
        self.cell = cell
        self.cell_cursor = cell
        self.phase = CONFIRM
        return None

    def key(self, name: str):
        """Apply a key: up/down/left/right, select or cancel; may return the confirmed move."""
        if self.phase == IDLE:
            return None
        if name in DIRECTIONS:
            self._move_cursor(name)
            return None
        if name == "select":
            if self.phase == HAND:
                if self.hand_size:
                    return self.click_card(self.hand_cursor)
                return None
            if self.phase == CELL:
                return self.click_cell(self.cell_cursor)
            return self._confirm()
        if name == "cancel":
            if self.phase == CONFIRM:
                self.phase = CELL
                self.cell = None
            elif self.phase == CELL and self.forced is None:
                self.phase = HAND
                self.card = None
        return None

    def choose(self, index: int, cell: int) -> None:
        """Show a move chosen for the human (F1): card and space selected, awaiting nothing."""
        self.card = index
        self.hand_cursor = index
        self.cell = cell
        self.cell_cursor = cell
        self.phase = CONFIRM

    def _confirm(self):
        move = (self.card, self.cell)
        self.end()
        return move

    def _move_cursor(self, name: str) -> None:
        dr, dc = DIRECTIONS[name]
        if self.phase == HAND:
            step = dr + dc  # up/left go back, down/right go forward
            if self.forced is not None:
                return
            if self.hand_size:
                self.hand_cursor = (self.hand_cursor + step) % self.hand_size
            return
        target = self._step(self.cell_cursor, dr, dc)
        if target is not None:
            self.cell_cursor = target
        if self.phase == CONFIRM:
            self.phase = CELL
            self.cell = None

    def _step(self, cell: int, dr: int, dc: int):
        """The nearest empty cell strictly in direction (dr, dc) from `cell`, or None."""
        row, col = divmod(cell, 3)
        best = None
        best_key = None
        for other in self.empty:
            r, c = divmod(other, 3)
            ahead = (r - row) * dr + (c - col) * dc
            if ahead <= 0:
                continue
            side = abs((r - row) * dc) + abs((c - col) * dr)
            key = (ahead + side, side)
            if best_key is None or key < best_key:
                best, best_key = other, key
        return best

    def _nearest_empty(self, cell: int) -> int:
        row, col = divmod(cell, 3)
        best = self.empty[0]
        best_d = 99
        for other in self.empty:
            r, c = divmod(other, 3)
            d = abs(r - row) + abs(c - col)
            if d < best_d:
                best, best_d = other, d
        return best
