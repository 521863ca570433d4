"""The question asked before a control ends a match under way (New game, + or F5,
and Rematch): a match for cards stays in the collection's save (to finish from the
Collection), the moves of any other are lost. Closing it, the focus goes back where it
was (`triad.ui.page.dom.Screen.give_back`).

Runs on the main thread under MicroPython.
"""

from triad.ui.look.html import esc
from triad.ui.look.text import t


def render_leave(opponent) -> str:
    """The question, named by its heading: about a match for cards against `opponent` (its
    name), or about any other match (None), whose moves would be lost."""
    if opponent is None:
        title, text, yes = t("leave_match_title"), t("leave_match_text"), t("leave_match_yes")
    else:
        title, text, yes = t("leave_title"), t("leave_text", name=opponent), t("leave_yes")
    return (
        '<div class="dialog leave" role="alertdialog" aria-modal="true"'
        + ' aria-labelledby="leave-title" aria-describedby="leave-text">'
        + '<h2 id="leave-title">'
        + esc(title)
        + '</h2><p id="leave-text">'
        + esc(text)
        + '</p><div class="dialog-buttons"><button type="button" class="big" data-do="close">'
        + esc(t("leave_no"))
        + '</button><button type="button" data-do="leave_yes">'
        + esc(yes)
        + "</button></div></div>"
    )
