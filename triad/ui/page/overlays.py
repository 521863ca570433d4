"""What shows over the table while play stands still: Pause, and the board seen after a
match ("See the board") with its way back to the result.

Pure render functions, on the main thread under MicroPython.
"""

from triad.ui.look.html import esc
from triad.ui.look.icons import icon
from triad.ui.look.text import t


def render_board_seen() -> str:
    """The board seen after a match ("See the board"): a button brings the result back."""
    back = '<button type="button" class="big" data-do="result">' + esc(t("btn_back_result"))
    return '<div class="board-seen dialog-buttons">' + back + "</button></div>"


def render_pause() -> str:
    return (
        '<div class="dialog pause" role="dialog" aria-modal="true" aria-labelledby="pause-title">'
        + '<h2 id="pause-title">'
        + esc(t("paused"))
        + "</h2><p>"
        + esc(t("paused_hint"))
        + "</p>"
        + '<div class="dialog-buttons"><button type="button" class="big" data-do="pause">'
        + icon("play")
        + esc(t("btn_resume"))
        + "</button></div></div>"
    )
