"""The player's input: keys, clicks and taps, each dispatched from one table.

A key is named by `KEYS` and acts on the topmost thing shown: the title
screen, a dialog, Pause, a replay, the result, or the match. A click names
what it acts on by a ``data-`` attribute of the element clicked (`CLICKS`:
the attribute's name, without ``data-``, to the method that handles it):
``data-action`` for the bars' buttons (`ACTIONS`), ``data-do`` for the
buttons of dialogs and screens (`DIALOG`, `COLLECTION_FLOWS`), and one
attribute for each kind of choice (a card, a cell, a rule...). A value a
handler cannot read (a synthetic event, an attribute of another use) is
ignored.

`Controls` belongs to the page (`triad.ui.app.App`). Runs on the main thread
under MicroPython.
"""

import json

from triad.ui import speech
from triad.ui.legend import TIP_KEY

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

# Each kind of click and the method that handles it.
CLICKS = {
    "action": "on_action",
    "do": "on_dialog",
    "rule": "on_rule",
    "lang": "on_lang",
    "band": "on_band",
    "level": "on_setting",
    "set": "on_setting",
    "mode": "on_setting",
    "play": "on_setting",
    "jump": "on_jump",
    "card": "on_card",
    "cell": "on_cell",
    "draft": "on_draft",
    "tab": "on_tab",
    "flevel": "on_filter",
    "fbanner": "on_filter",
    "fowned": "on_filter",
    "challenge": "on_challenge",
    "deckadd": "on_deck_add",
    "deckdel": "on_deck_remove",
    "pick": "on_pick",
    "ply": "on_study",
    "puzzleday": "on_study",
    "replay": "on_history_replay",
}

# The setting each settings choice writes.
SETTING_OF = {"level": "level", "set": "card_set", "mode": "mode", "play": "play"}

# Clicks after which the rule menu asks the engine again whether its choices can be dealt.
MENU_CHOICES = ("rule", "band", "set")

# The bars' buttons (`data-action`) and the method of `Controls` each calls.
ACTIONS = {
    "pause": "do_pause",
    "sound": "do_sound",
    "music": "do_music",
    "rematch": "do_rematch",
    "new": "do_new",
    "autoplay": "do_autoplay",
}

# The buttons of dialogs and screens (`data-do`) and the method of `Controls` each calls.
DIALOG = {
    "pause": "do_pause",
    "close": "do_close",
    "replay": "do_replay",
    "rules": "do_rules",
    "custom_remove": "do_custom_remove",
    "collection": "do_collection",
    "result": "do_result",
    "deck_clear": "do_deck_clear",
    "leave_yes": "do_leave",
    "legend_tip": "do_legend_tip",
}

# Dialog buttons (`data-do`) that run a flow of the collection (`Collection` methods).
COLLECTION_FLOWS = {
    "deck_deal": "deal_deck",
    "deck_play": "play",
    "trade_take": "confirm_picks",
    "trade_discard": "discard_pending",
    "resume": "resume",
    "active_discard": "discard_active",
    "export": "export",
    "reset_yes": "reset",
}

# The card or space under the keyboard's cursor.
CURSOR = "#r-board .cursor[data-cell], [data-hand] .cursor[data-card]"
# The human's hand (its cards are buttons), where play goes on while the CPU moves.
HAND = '[data-hand] [role="button"][data-card]'

# Dialogs that Escape, their close button and a click beside them close.
CLOSABLE = ("info", "rules", "collection", "deck", "leave", "legend", "friend", "tourney")


def say_waiting(page) -> None:
    """A card was put on a space to wait for the confirming choice: a screen reader hears
    which card, where, what it would capture and how to deploy it (sighted players see
    it there)."""
    page.foresee.waiting(page.match.view, page.match.sel)


class Controls:
    """Turns keys and clicks into what the page does."""

    def __init__(self, page) -> None:
        self.page = page

    # ------------------------------------------------------------------ keys

    def key(self, key: str, on_table: bool = True) -> bool:
        """A key went down; returns True when the page should not act on it itself.

        A letter (Z, X, H, R, L) or ? acts only while the board or a hand has the focus
        (`on_table`): elsewhere it stays a screen reader's own (WCAG 2.1.4)."""
        page = self.page
        action = KEYS.get(key)
        if action is None or (len(key) == 1 and not on_table):
            return False
        if page.title:
            if action in ("pause", "select"):
                page.close_title()
                self.focus_play()
            return True
        if action in ("read", "again"):
            self.speak(action)
            return True
        match = page.match
        if action == "pause":
            # Escape closes the topmost thing: a dialog opened over Pause first, and the
            # board seen after a match gives way to its result.
            if (
                match.result_dismissed
                and page.panel is None
                and not page.paused
                and page.replay.shown is None
            ):
                self.do_result()
            elif page.panel in CLOSABLE and not (page.paused and page.pause_on_top):
                page.close_panel()
            else:
                page.toggle_pause()
            return True
        if action == "legend":  # the legend over the match, a replay or the puzzle
            self.on_action("action", "legend")
            return True
        if page.replay.shown is not None:
            return page.replay.key(action)
        if action == "new":
            page.start_new()
            return True
        if page.paused:
            return True
        if page.panel is not None:
            return action == "hint"  # Enter and Backspace keep their meaning in dialogs
        if match.view is not None and match.view.get("over"):
            if action == "select" and not match.animating:
                page.rematch()
            return True
        if action == "hint":
            match.request_hint()
            return True
        if not match.may_act():
            return True
        page.keyboard = True
        move = match.sel.key(action)
        if move is not None:
            page.human_move(move)
            self.focus_play()
        else:
            page.draw()
            page.screen.focus(CURSOR)  # the focus follows the cursor: a screen reader names it
            if action == "select":
                say_waiting(page)
        return True

    def focus_play(self) -> None:
        """The keyboard focus goes where play goes on: the card or space under the cursor
        when the human chooses, else their hand (never the page's body)."""
        page = self.page
        page.screen.focus(CURSOR if page.accepting() else HAND)

    def speak(self, action: str) -> None:
        """R reads the whole table out (the board, both hands, the score); L says the last
        announcement again."""
        page = self.page
        view = page.match.view
        if action == "again" or view is None:
            page.speech.repeat()
            return
        if page.match.board_override is not None:
            view = dict(view)
            view["board"] = page.match.board_override
        page.speech.say(speech.table_text(view, page.ctx()))

    # ---------------------------------------------------------------- clicks

    def click(self, kind: str, value) -> None:
        """A click (or tap) on an element with one of the page's `data-` attributes."""
        name = CLICKS.get(kind)
        if name is None:
            return
        getattr(self, name)(kind, value)
        if kind in MENU_CHOICES:
            self.page.choices.recheck_menu()

    def on_action(self, _kind: str, name: str) -> None:
        page = self.page
        if page.title and name not in ("sound", "music"):
            return  # (beneath the title the bars are hidden; its own buttons lead on)
        if name == "legend":
            self.do_legend_tip()  # (the first match's pointer has done its work)
        if name in ("info", "rules", "collection", "legend", "friend"):
            if page.panel == name:
                page.close_panel()
            elif name == "friend":  # (a friend match on the table: its dialog)
                page.friend.action(name)
            else:
                page.open_panel(name)
        elif name in ACTIONS:
            getattr(self, ACTIONS[name])()

    def on_dialog(self, _kind: str, name: str) -> None:
        page = self.page
        coll = page.coll
        if name.startswith("title_") or (page.title and name == "backdrop"):
            self.on_title(name)
        elif page.study.action(name):
            pass
        elif name.startswith("friend"):
            page.friend.action(name)
        elif name.startswith("tr_"):
            page.tourney.action(name)
        elif name == "backdrop":
            if page.panel in CLOSABLE:
                page.close_panel()
        elif name in DIALOG:
            getattr(self, DIALOG[name])()
        elif name in ("rematch", "new"):
            page.close_panel(False)
            page.start_new(name == "rematch")
        elif name in COLLECTION_FLOWS:
            page.spawn(getattr(coll, COLLECTION_FLOWS[name])())
        elif name in ("reset", "reset_no"):
            coll.confirm_reset = name == "reset"
            page.draw()
        elif name.startswith("replay_") and page.replay.shown is not None:
            page.replay.key(name[7:])

    # the bars' and dialogs' buttons

    def do_pause(self) -> None:
        self.page.toggle_pause()

    def do_legend_tip(self) -> None:
        """The pointer to the legend goes, for good."""
        page = self.page
        if not page.tip_seen:
            page.tip_seen = True
            page.store.set(TIP_KEY, "true")  # (JSON, as every value the page stores)
            page.draw()

    def do_sound(self) -> None:
        page = self.page
        page.settings["sound"] = not page.settings["sound"]
        page.save_settings()
        page.play_sound("select")

    def do_music(self) -> None:
        page = self.page
        page.settings["music"] = not page.settings.get("music", False)
        page.save_settings()
        page.sound_music()

    def do_rematch(self) -> None:
        self.page.rematch()

    def do_new(self) -> None:
        self.page.start_new()

    def do_autoplay(self) -> None:
        """The autoplay button: the CPU plays one card for the human, as F1 does."""
        page = self.page
        if page.accepting():
            page.match.request_hint()

    def do_close(self) -> None:
        self.page.close_panel()

    def do_replay(self) -> None:
        self.page.spawn(self.page.replay.open_match())

    def do_rules(self) -> None:
        self.page.open_panel("rules")

    def do_custom_remove(self) -> None:
        self.page.choices.remove_custom_set()

    def do_collection(self) -> None:
        self.open_collection()

    def do_result(self) -> None:
        """ "See the board": the result steps aside, and its button there brings it back."""
        match = self.page.match
        match.result_dismissed = not match.result_dismissed
        self.page.draw()
        self.page.screen.focus("#r-overlay button")

    def do_deck_clear(self) -> None:
        self.page.coll.deck = []
        self.page.draw()

    def do_leave(self) -> None:
        page = self.page
        page.close_panel(False)
        page.start_new(page.leave_again, True)

    def open_collection(self) -> None:
        self.page.coll.tab = "ladder"
        self.page.open_panel("collection")

    def on_title(self, name: str) -> None:
        """A button of the title screen: Play, Collection, Rules or the daily puzzle (a click
        beside does nothing)."""
        page = self.page
        if not page.title or name == "backdrop":
            return
        # Collection and Rules keep holding the match beneath until they close.
        held = ("title_collection", "title_rules", "title_tourney")
        page.close_title(name == "title_play", name in held)
        if name == "title_play":
            self.focus_play()
        elif name == "title_collection":
            self.open_collection()
        elif name == "title_rules":
            page.open_panel("info")
        elif name == "title_puzzle":
            page.study.open_puzzle()
        elif name == "title_friend":
            page.friend.action("friend")
        elif name == "title_tourney":
            page.tourney.open()

    def on_rule(self, _kind: str, value: str) -> None:
        self.page.choices.toggle_rule(value)

    def on_lang(self, _kind: str, value: str) -> None:
        self.page.change_language(value)

    def on_band(self, _kind: str, value: str) -> None:
        self.page.settings["band"] = "" if value == "random" else value
        self.page.save_settings()

    def on_setting(self, kind: str, value: str) -> None:
        self.page.settings[SETTING_OF[kind]] = value
        self.page.save_settings()

    def on_jump(self, _kind: str, value: str) -> None:
        page = self.page
        page.book_at = value[3:] if value.startswith("rb-") else value
        page.draw()  # its chip lights up
        page.screen.scroll_to(value)

    def on_card(self, _kind: str, value) -> None:
        page = self.page
        player, index = value
        match = page.match
        if not page.accepting() or match.sel.player != player:
            return
        page.keyboard = False
        match.sel.click_card(int(index))
        page.play_sound("select")
        page.draw()

    def on_cell(self, _kind: str, value) -> None:
        page = self.page
        if not page.accepting():
            return
        page.keyboard = False
        move = page.match.sel.click_cell(int(value))
        if move is not None:
            page.human_move(move)
            self.focus_play()  # (a space chosen by Enter had the focus: it is taken now)
        else:
            page.draw()
            say_waiting(page)

    def on_draft(self, _kind: str, value: str) -> None:
        if not value.isdigit():
            return
        self.page.match.pick_draft(value)

    def on_tab(self, _kind: str, value: str) -> None:
        coll = self.page.coll
        coll.tab = value
        coll.confirm_reset = False
        if value == "feats":
            self.page.spawn(self.page.tourney.refresh())
        self.page.draw()

    def on_filter(self, kind: str, value: str) -> None:
        self.page.spawn(self.page.coll.set_filter(kind[1:], value))

    def on_challenge(self, _kind: str, value: str) -> None:
        self.page.coll.challenge(value)

    def on_deck_add(self, _kind: str, value: str) -> None:
        self.page.coll.add_to_deck(value)

    def on_deck_remove(self, _kind: str, value: str) -> None:
        self.page.coll.remove_from_deck(int(value))

    def on_pick(self, _kind: str, value: str) -> None:
        self.page.coll.toggle_pick(int(value))

    def on_study(self, kind: str, value: str) -> None:
        self.page.study.click(kind, value)

    def on_history_replay(self, _kind: str, value: str) -> None:
        page = self.page
        if not value.isdigit():
            return
        matches = page.coll.history
        index = int(value)
        if 0 <= index < len(matches):
            # the collection's matches are all against the CPU: "You" and "CPU"
            page.spawn(page.replay.open(json.dumps(matches[index]["record"]), "cpu"))
