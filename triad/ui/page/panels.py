"""What shows over the table, as a stack of panels: the title screen, Pause, each dialog,
and the draft being picked.

The page (`triad.ui.page.app.App`) keeps a `Panels` stack: opening a panel pushes it, closing
takes it off; the topmost panel that has something to show draws the overlay, and the
panels take the player's clicks first, from the top down (`triad.ui.page.controls.Controls`);
Escape and the browser's Back close the top one when it is `closable`. Each panel says
what it draws, which clicks and keys are its own, its dialog's name, and where the
keyboard lands when it opens (when it closes, the screen gives the focus back where it
was: `triad.ui.page.dom.Screen.give_back`). A panel keeps only its own state (the rulebook's
section, what the Leave question goes on to); the page hands itself to the panel that
acts.

How they stack: one panel of each `kind` at a time (a dialog opened replaces the dialog
shown); the `layer` orders them: the draft beneath all, dialogs and Pause over it in
the order they opened (a dialog opened while paused shows over Pause, Pause over a
dialog), the title screen over everything (it holds the match behind it).

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look import render
from triad.ui.look.text import language
from triad.ui.page.overlays import render_board_seen, render_pause
from triad.ui.page.settings import CUSTOM_SET

DIALOG_FOCUS = "#r-overlay .dialog button"


def playing(page):
    """The settings of the match on the table (None: none dealt, or a replay or the puzzle
    is on the table)."""
    match = page.match
    return match.playing if match is not None else None


class Panel:
    """A dialog over the table; subclasses say what it draws and which input is its own."""

    name = ""  # the dialog's name (`App.panel`)
    kind = "dialog"  # one panel of a kind shows at a time
    layer = 1  # 0: the draft, 1: dialogs and Pause, 2: the title screen
    closable = True  # Escape, its close button, a click beside it and Back close it
    focus = DIALOG_FOCUS  # where the keyboard lands when it opens
    kinds: tuple = ()  # the kinds of click it may take (`data-KIND`)

    def render(self, page, view, ctx):
        """Its HTML, or None when it has nothing to show (what is beneath shows)."""
        return ""

    def click(self, page, kind: str, value) -> bool:
        """A click on one of its elements (a `data-KIND` attribute); whether it was its own."""
        return False

    def key(self, page, action: str):
        """A key, before the page's own: True or False when the panel took it (whether the
        browser should not act on it), None when the page goes on with it."""
        return None

    def opened(self, page) -> None:
        """It was opened (and is drawn next)."""

    def closed(self) -> None:
        """It was taken off the stack (closed, or replaced by another of its kind)."""


class Panels:
    """The panels shown over the table, bottom to top."""

    def __init__(self) -> None:
        self.stack: list = []
        self.base = Result()  # beneath them all: the result of a match over

    def top(self):
        return self.stack[-1] if self.stack else None

    def find(self, kind: str):
        """The topmost panel of `kind`, or None."""
        for panel in reversed(self.stack):
            if panel.kind == kind:
                return panel
        return None

    def dialog(self):
        """The name of the dialog shown (or of the draft), None when there is none."""
        for panel in reversed(self.stack):
            if panel.kind in ("dialog", "draft"):
                return panel.name
        return None

    def open(self, panel) -> None:
        """Push `panel`, in place of the one of its kind, beneath the panels of a higher layer."""
        self.close(panel.kind)
        at = len(self.stack)
        while at and self.stack[at - 1].layer > panel.layer:
            at -= 1
        self.stack.insert(at, panel)

    def close(self, kind: str) -> bool:
        """Take the panels of `kind` off; whether there was one."""
        kept = [p for p in self.stack if p.kind != kind]
        closed = [p for p in self.stack if p.kind == kind]
        self.stack = kept
        for panel in closed:
            panel.closed()
        return bool(closed)

    def closable(self) -> bool:
        """Whether something shown closes with Escape or Back (a dialog or Pause)."""
        return any(p.closable for p in self.stack)

    def render(self, page, view, ctx) -> str:
        """The overlay: what the topmost panel with something to show draws."""
        for panel in reversed(self.stack):
            html = panel.render(page, view, ctx)
            if html is not None:
                return html
        return self.base.render(page, view, ctx)

    def click(self, page, kind: str, value) -> bool:
        """Whether a panel took the click (the topmost first)."""
        for panel in reversed(self.stack):
            if panel.click(page, kind, value):
                return True
        return self.base.click(page, kind, value)

    def key(self, page, action: str):
        """A key, to the top panel first (see `Panel.key`)."""
        return (self.top() or self.base).key(page, action)


class Pause(Panel):
    """Pause: play stands still until it is resumed (its button, the bar's, Escape)."""

    name = "pause"
    kind = "pause"
    focus = "#r-overlay .pause button"

    def render(self, page, view, ctx):
        return render_pause()


class Title(Panel):
    """The title screen: the ways in. It holds the match dealt behind it until it closes."""

    name = "title"
    kind = "title"
    layer = 2
    closable = False
    focus = "#r-overlay .title-screen .primary"
    kinds = ("action", "do")

    # the ways in that open a panel, which holds the match beneath until it closes too
    HELD = ("title_collection", "title_rules", "title_tourney")

    def render(self, page, view, ctx):
        from triad.ui.menu.title import render_title

        return render_title(ctx, language())

    def click(self, page, kind: str, value) -> bool:
        if kind == "action":
            return value not in ("sound", "music")  # (the bars are hidden beneath it)
        if kind != "do" or not (value.startswith("title_") or value == "backdrop"):
            return False
        if value == "backdrop":
            return True  # (a click beside its buttons does nothing)
        page.close_title(value == "title_play", value in self.HELD)
        if value == "title_play":
            page.chooser.focus_play(page.table.occupant)
        elif value == "title_collection":
            page.open_panel(Album("collection", "ladder"))
        elif value == "title_rules":
            page.open_panel(Book())
        elif value == "title_puzzle":
            page.table.open_puzzle()
        elif value == "title_friend":
            page.friend.action("friend")
        elif value == "title_tourney":
            page.tourney.open()
        return True

    def key(self, page, action: str):
        if action in ("pause", "select"):  # Escape or Enter: Play
            self.click(page, "do", "title_play")
        return True


class Draft(Panel):
    """The draft of the match on the table: twelve cards to pick from, in turn, beneath
    any dialog."""

    name = "draft"
    kind = "draft"
    layer = 0
    closable = False
    focus = "#r-overlay .draft-pick:not([disabled])"
    kinds = ("draft",)

    def render(self, page, view, ctx):
        match = page.match
        if match is None:
            return None
        draft = match.draft
        if draft is None and match.picking is not None:  # a pick on its way: shown taken
            draft, index = match.picking
            picker = draft["to_pick"]
            picked = list(draft[picker])
            picked.append(index)
            draft = dict(draft, waiting=True, **{picker: picked})
        if draft is None:
            return None
        return render.render_draft(draft, match.draft_cpu, ctx)

    def click(self, page, kind: str, value) -> bool:
        if kind != "draft":
            return False
        if value.isdigit() and page.match is not None:
            page.match.pick_draft(value)
        return True


class Legend(Panel):
    """What each symbol on the table means (`triad.ui.look.legend`)."""

    name = "legend"

    def render(self, page, view, ctx):
        from triad.ui.look.legend import render_legend

        return render_legend(view, ctx)


class Book(Panel):
    """The rulebook (`triad.ui.menu.rulebook`), at the section last jumped to."""

    name = "info"
    kinds = ("jump",)

    def __init__(self) -> None:
        self.at = ""  # the section last jumped to: its chip lights up

    def render(self, page, view, ctx):
        from triad.ui.menu.rulebook import render_rulebook  # loaded when first opened

        return render_rulebook((playing(page) or {}).get("rules") or [], self.at)

    def click(self, page, kind: str, value) -> bool:
        if kind != "jump":
            return False
        self.at = value[3:] if value.startswith("rb-") else value
        page.draw()
        page.screen.scroll_to(value)
        return True


class Menu(Panel):
    """The rule menu (`triad.ui.menu.rules`): its choices write the settings (`Controls`)."""

    name = "rules"
    kinds = ("do",)

    def render(self, page, view, ctx):
        from triad.ui.menu.rules import render_menu

        dealt = playing(page)
        choices = page.choices
        shown = dict(dealt or {})
        if dealt and not page.match.transport.saved:  # (a match for cards has no code)
            shown["code"] = choices.deal_code(dealt)
            shown["share"] = choices.share_url(dealt)
            shown["own_set"] = dealt["card_set"] == CUSTOM_SET
        return render_menu(page.settings, shown, choices.menu_error, choices.menu_custom())

    def click(self, page, kind: str, value) -> bool:
        if kind == "do" and value == "custom_remove":
            page.choices.remove_custom_set()
            return True
        return False

    def __init__(self) -> None:
        self.checks = None  # the scope its checks with the engine run in (`Choices.open_menu`)

    def opened(self, page) -> None:
        self.checks = page.choices.open_menu()  # whether its choices can be dealt

    def closed(self) -> None:
        if self.checks is not None:
            self.checks.end()  # (a check under way is cancelled: the menu says nothing more)


class Leave(Panel):
    """The question asked before a control ends a match under way (`triad.ui.page.leave`):
    `opponent` names the opponent of a match for cards (None: any other match); yes goes
    on to New game (or Rematch, when `again`)."""

    name = "leave"
    kinds = ("do",)

    def __init__(self, opponent, again: bool) -> None:
        self.opponent = opponent
        self.again = again

    def render(self, page, view, ctx):
        from triad.ui.page.leave import render_leave

        return render_leave(self.opponent)

    def click(self, page, kind: str, value) -> bool:
        if kind != "do" or value != "leave_yes":
            return False
        page.close_panel(False)
        page.start_new(self.again, True)
        return True


class Owned(Panel):
    """A dialog drawn and run by its owner (the friend dialog, the tournament's): `draw()`
    gives its HTML, `act(name)` takes its buttons (`data-do` names starting `prefix`)."""

    kinds = ("do",)

    def __init__(self, name: str, draw, act, prefix: str) -> None:
        self.name = name
        self.draw = draw
        self.act = act
        self.prefix = prefix

    def render(self, page, view, ctx):
        return self.draw()

    def click(self, page, kind: str, value) -> bool:
        if kind != "do" or not value.startswith(self.prefix):
            return False
        self.act(value)
        return True


# The collection's buttons (`data-do`) that run one of its flows (`Collection` methods).
FLOWS = {
    "deck_deal": "deal_deck",
    "deck_play": "play",
    "trade_take": "confirm_picks",
    "trade_discard": "discard_pending",
    "resume": "resume",
    "active_discard": "discard_active",
    "export": "export",
    "reset_yes": "reset",
}


class Album(Panel):
    """The collection's dialogs (`triad.ui.collection.album`): "collection" (its tabs), "deck" (five
    cards for a match) and "trade" (the card taken or lost after a match for cards, which
    is settled before anything else: it does not close)."""

    kinds = (
        "do",
        "tab",
        "flevel",
        "fbanner",
        "fowned",
        "challenge",
        "deckadd",
        "deckdel",
        "pick",
        "replay",
    )

    def __init__(self, name: str = "collection", tab: str = "") -> None:
        self.name = name
        self.closable = name != "trade"
        self.tab = tab  # the collection's tab it opens at (else the one last shown)
        self.confirm = False  # its save tab asks whether to reset the save for good

    def opened(self, page) -> None:
        if self.tab:
            page.coll.show_tab(self.tab)

    def render(self, page, view, ctx):
        from triad.ui.collection import album

        coll, aff = page.coll, page.houses_aff()
        if self.name == "deck":
            return album.render_deck(coll, aff)
        if self.name == "trade":
            return album.render_trade(coll, aff)
        return album.render_collection(coll, aff, self.confirm, page.tourney)

    def click(self, page, kind: str, value) -> bool:
        coll = page.coll
        if kind == "do":
            return self.button(page, coll, value)
        if kind == "tab":
            coll.show_tab(value)
            self.confirm = False
            if value == "feats":
                page.spawn(page.tourney.refresh())
            page.draw()
        elif kind in ("flevel", "fbanner", "fowned"):
            page.spawn(coll.set_filter(kind[1:], value))
        elif kind == "challenge":
            coll.challenge(value)
        elif kind == "deckadd":
            coll.add_to_deck(value)
        elif kind == "deckdel":
            coll.remove_from_deck(int(value))
        elif kind == "pick":
            coll.toggle_pick(int(value))
        elif kind == "replay":
            matches = coll.history
            if value.isdigit() and int(value) < len(matches):
                # the collection's matches are all against the CPU: "You" and "CPU"
                record = json.dumps(matches[int(value)]["record"])
                page.spawn(page.table.open_replay(record, "cpu"))
        else:
            return False
        return True

    def button(self, page, coll, name: str) -> bool:
        if name in FLOWS:
            self.confirm = self.confirm and name != "reset_yes"  # (answered: it is reset)
            page.spawn(getattr(coll, FLOWS[name])())
        elif name in ("reset", "reset_no"):
            self.confirm = name == "reset"
            page.draw()
        elif name == "deck_clear":
            coll.clear_deck()
        else:
            return False
        return True


class Result(Panel):
    """The result of the match on the table once it is over (beneath every panel: the
    base of the stack), or, when the player stepped it aside ("See the board"), the way
    back to it; nothing while a match goes on, or a replay or the puzzle is shown."""

    name = "result"
    kind = "result"
    layer = -1
    closable = False
    kinds = ("do",)

    def __init__(self) -> None:
        self.seen = None  # the match whose board is seen in place of its result

    def render(self, page, view, ctx):
        match = page.match  # (None: a replay or the puzzle is on the table)
        if match is None or view is None or not view.get("over") or match.animating:
            return ""
        if self.seen is match:
            return render_board_seen()
        if ctx["ladder"]:
            from triad.ui.collection.album import trade_lines

            ctx = dict(ctx)
            ctx["result_lines"] = trade_lines(page.coll)
        return render.render_result(view, ctx)

    def click(self, page, kind: str, value) -> bool:
        if kind != "do" or value != "result":
            return False
        self.see(page)
        return True

    def key(self, page, action: str):
        match = page.match
        if action == "pause" and match is not None and self.seen is match:
            self.see(page)  # (Escape: the board seen gives way to the result)
            return True
        return None

    def see(self, page) -> None:
        """ "See the board": the result steps aside, and its button there brings it back."""
        self.seen = None if self.seen is page.match else page.match
        page.draw()
        page.screen.focus("#r-overlay button")
