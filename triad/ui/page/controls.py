"""The player's input: keys, clicks and taps.

A key is named by `KEYS` and acts on the topmost thing shown: the panels
over the table first (the title screen, a dialog, Pause, the result:
`triad.ui.page.panels`), then, when no panel shows, what occupies the table (the
match, a replay, the puzzle: `triad.ui.table.tabletop`), whose `key` takes its own
keys; what neither takes is the page's (Escape, F5, H, R, L). A click names
what it acts on by a ``data-`` attribute of the element clicked (`KINDS`,
without ``data-``): the panels shown take their own first, from the top (a
rule book's section, a card of the collection, a pick of the draft, their
buttons), then the occupant of the table (a card in a hand and a cell, a move
of the analysis, a day of the puzzles, the buttons of its bar); what they
leave goes to the page's (`Controls.clicks`): ``data-action`` for the bars'
buttons, ``data-do`` for the buttons shown over any panel (the friend
dialog's, the tournament's, Close, Resume...), the settings' choices. A value
a handler cannot read (a synthetic event, an attribute of another use) is
ignored.

`Controls` belongs to the page (`triad.ui.page.app.App`). Runs on the main thread
under MicroPython.
"""

from triad.ui.look import speech
from triad.ui.look.legend import TIP_KEY
from triad.ui.page.panels import Album, Book, Legend, Menu, Pause

KEYS = {
    "ArrowUp": "up",
    "ArrowDown": "down",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "z": "select",
    "Z": "select",
    "Enter": "select",
    "x": "cancel",
    "X": "cancel",
    "Backspace": "cancel",
    "F1": "hint",
    "F5": "new",
    "Escape": "pause",
    "h": "legend",
    "H": "legend",
    "?": "legend",
    "r": "read",
    "R": "read",
    "l": "again",
    "L": "again",
}

# The kinds of click read off an element's `data-` attributes, in the order they are read
# (an element is one kind of click); a card in a hand and a cell come after them.
KINDS = (
    "action",
    "do",
    "rule",
    "level",
    "set",
    "mode",
    "jump",
    "lang",
    "play",
    "tab",
    "flevel",
    "fbanner",
    "fowned",
    "challenge",
    "deckadd",
    "deckdel",
    "pick",
    "replay",
    "draft",
    "band",
    "ply",
    "puzzleday",
)

# What a click may land on (`main` finds the element clicked by it).
TARGETS = ",".join("[data-" + kind + "]" for kind in KINDS) + ",[data-hand] [data-card],[data-cell]"

# The settings each settings choice writes (a rule is switched by `Choices.toggle_rule`).
SETTING_OF = {"level": "level", "set": "card_set", "mode": "mode", "play": "play", "band": "band"}

# Clicks after which the rule menu asks the engine again whether its choices can be dealt.
MENU_CHOICES = ("rule", "band", "set")

# The bars' buttons that open a dialog (or close it, when it is the one shown).
BAR_PANELS = {"info": Book, "rules": Menu, "collection": Album, "legend": Legend}


class Controls:
    """Turns keys and clicks into what the page does: the panels shown take them first
    (`triad.ui.page.panels`), then what occupies the table, then the page's own bars, buttons
    and settings."""

    def __init__(self, page) -> None:
        self.page = page
        self.touch = False  # the last pointer was a finger: the page says "Tap"
        self.tipped = page.store.get(TIP_KEY) is not None  # the pointer to the legend, once
        # each kind of click the panels leave to the page, and what handles it
        self.clicks = {
            "action": self.bar,
            "do": self.button,
            "rule": self.setting,
            "band": self.setting,
            "level": self.setting,
            "set": self.setting,
            "mode": self.setting,
            "play": self.setting,
            "lang": self.setting,
        }
        # the buttons of dialogs and screens (`data-do`) shown over any panel
        self.buttons = {
            "pause": self.pause,
            "close": page.close_panel,
            "collection": lambda: page.open_panel(Album("collection", "ladder")),
            "rules": lambda: page.open_panel(Menu()),
            "replay": lambda: page.spawn(page.table.replay_match()),
            "analyse": lambda: page.spawn(page.table.replay_match()),
            "puzzle": lambda: page.table.open_puzzle(),
            "legend_tip": self.tip_seen,
        }

    # ------------------------------------------------------------------ keys

    def key(self, key: str, on_table: bool = True) -> bool:
        """A key went down; returns True when the page should not act on it itself.

        A letter (Z, X, H, R, L) or ? acts only while the board or a hand has the focus
        (`on_table`): elsewhere it stays a screen reader's own (WCAG 2.1.4)."""
        page = self.page
        action = KEYS.get(key)
        if action is None or (len(key) == 1 and not on_table):
            return False
        taken = page.panels.key(page, action)  # (the title takes them all)
        if taken is None and page.panels.top() is None:
            taken = page.table.occupant.key(action)
        if taken is None:
            taken = self.page_key(action)
        return taken

    def page_key(self, action: str) -> bool:
        """A key neither a panel nor what is on the table took."""
        page = self.page
        top = page.panels.top()
        if action in ("read", "again"):
            self.speak(action)
        elif action == "pause":
            # Escape closes the topmost thing: a dialog opened over Pause first.
            if top is not None and top.kind == "dialog" and top.closable:
                page.close_panel()
            else:
                self.pause()
        elif action == "legend":  # the legend over the match, a replay or the puzzle
            self.bar("action", "legend")
        elif action == "new":
            page.start_new()
        elif top is not None:
            # nothing moves under Pause; Enter and Backspace keep their meaning in dialogs
            return page.paused or action == "hint"
        return True

    def pause(self) -> None:
        """Pause (over whatever shows), or resume."""
        page = self.page
        if not page.panels.close("pause"):
            page.panels.open(Pause())
        page.draw()
        if page.paused:
            page.screen.focus(Pause.focus)  # keyboard users land in it

    def speak(self, action: str) -> None:
        """R reads the whole table out (the board, both hands, the score); L says the last
        announcement again."""
        page = self.page
        view, _ = page.table.occupant.board.drawn()
        if action == "again" or view is None:
            page.speech.repeat()
            return
        page.speech.say(speech.table_text(view, page.ctx()))

    # ---------------------------------------------------------------- clicks

    def click(self, kind: str, value) -> None:
        """A click (or tap) on an element with one of the page's `data-` attributes: the
        panels shown take it first, from the top."""
        page = self.page
        if not page.panels.click(page, kind, value) and not page.table.occupant.click(kind, value):
            handler = self.clicks.get(kind)
            if handler is None:
                return
            handler(kind, value)
        if kind in MENU_CHOICES:
            page.choices.recheck_menu()

    def bar(self, _kind: str, name: str) -> None:
        """A button of the bars (`data-action`)."""
        page = self.page
        if name == "legend":
            self.tip_seen()  # (the first match's pointer has done its work)
        if name in BAR_PANELS or name == "friend":
            if page.panel == name:
                page.close_panel()
            elif name == "friend":  # (a friend match on the table: its dialog)
                page.friend.action(name)
            else:
                page.open_panel(BAR_PANELS[name]())
        elif name == "pause":
            self.pause()
        elif name == "sound":
            page.settings["sound"] = not page.settings["sound"]
            page.save_settings()
            page.play_sound("select")
        elif name == "music":
            page.settings["music"] = not page.settings.get("music", False)
            page.save_settings()
            page.sound_music()
        elif name in ("rematch", "new"):
            page.start_new(name == "rematch")

    def button(self, _kind: str, name: str) -> None:
        """A button of a dialog or a screen (`data-do`) that no panel shown took."""
        page = self.page
        if name.startswith("friend"):
            page.friend.action(name)
        elif name.startswith("tr_"):
            page.tourney.action(name)
        elif name == "backdrop":  # a click beside a dialog
            dialog = page.panels.find("dialog")
            if dialog is not None and dialog.closable:
                page.close_panel()
        elif name in self.buttons:
            self.buttons[name]()
        elif name in ("rematch", "new"):
            page.close_panel(False)
            page.start_new(name == "rematch")

    def pointer(self, kind: str) -> None:
        """A pointer went down: "touch", "mouse" or "pen" (the status line says "Tap" or
        "Click")."""
        touch = kind == "touch"
        if touch != self.touch:
            self.touch = touch
            self.page.draw()

    def tip_seen(self) -> None:
        """The pointer to the legend goes, for good."""
        page = self.page
        if not self.tipped:
            self.tipped = True
            page.store.set(TIP_KEY, "true")  # (JSON, as every value the page stores)
            page.draw()

    def setting(self, kind: str, value: str) -> None:
        """A choice of the settings (the menu's, the title's language)."""
        page = self.page
        if kind == "rule":
            page.choices.toggle_rule(value)
        elif kind == "lang":
            page.change_language(value)
        else:
            page.settings[SETTING_OF[kind]] = "" if kind == "band" and value == "random" else value
            page.save_settings()
