"""The match on the table: its deal, its turns, its moves, and every task it starts.

The page (`triad.ui.page.app.App`) keeps exactly one `Match`, the one on the
table. It owns everything of that match: the settings it was dealt with
(`playing`), the view the engine (or the local dealer) sent, the human's
selection, the draft, the phase of its turn, and each task it starts
(`spawn`, into the match's scope, a child of the page's: `triad.ui.page.scope`): the
CPU thinking, a move or hint being shown, a placement playing out, pondering and
the split search (each in a scope nested in the match's). Where the other side's
moves come from and what else a move does is its transport's (`triad.ui.table.transport`):
the CPU (asked of the page's CPU coordinator, `triad.ui.cpu.coordinator.Cpu`), the
ladder or the tournament (the CPU, each move saved before it shows), or a friend
(`triad.ui.friend.link.FriendTransport`, by link or live). A new match, a replay
or a stopped match ends it (`end`), which ends that scope and cancels those
tasks: nothing of one match can reach the next, and no task looks at a flag
after an await to find out whether it still matters.

The phase says who may act, so input can never race a move
(`triad.ui.table.session`): ``start`` (dealt here, the engine not yet up; a move or
F1 is queued as `pending`), ``human``, ``queued``, ``thinking``, ``hint``,
``animating``, ``draft``, ``over``. Pause and the dialogs are overlays of the
page, not phases: they hold the match where it is (`App.wait_unpaused`).

The quick match on the table is kept in the store after every move
(`MATCH_KEY`, by its transport), so a reload or a crash loses nothing
(`stored_match`).

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look import render, speech
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.page import settings as prefs
from triad.ui.page.panels import Draft
from triad.ui.table.board import Board
from triad.ui.table.choosing import CHOOSING
from triad.ui.table.session import (
    ANIMATING,
    DRAFT,
    HINT,
    HINT_ASKED,
    HUMAN,
    OVER,
    QUEUED,
    START,
    THINKING,
)

# The quick match being played, kept so that a reload or a crash loses nothing:
# {"version", "playing", "view", "record"} (the engine's record of its deal and moves).
MATCH_KEY = "triad.match"
MATCH_VERSION = 1


class Around:
    """What a match asks of the page around it, each given by the page: the page's
    `services` (`triad.ui.page.services.Services`), its `scope` (the match's is a child of
    it), the `stage` its board plays out on (`triad.ui.table.board.Stage`), the CPU
    coordinator `cpu` (`triad.ui.cpu.coordinator.Cpu`), the `chooser` of the human's card
    and space (`triad.ui.table.choosing.Chooser`), the page's `dialogs` (the draft is
    one: `triad.ui.page.services.Dialogs`) and `close_draft()`, `say(words)` in the live
    region, `ctx()` what the page draws with, `sound(name)`, `focus(selector)`,
    `roulette(rule)` (a coroutine: Roulette's drawn rule called out), `engine_failed()`
    why the engine could not boot ("": it did), and `rematch()` (Play again)."""

    def __init__(
        self,
        services,
        scope,
        stage,
        cpu,
        chooser,
        dialogs,
        close_draft,
        say,
        ctx,
        sound,
        focus,
        roulette,
        engine_failed,
        rematch,
    ) -> None:
        self.services = services
        self.scope = scope
        self.stage = stage
        self.cpu = cpu
        self.chooser = chooser
        self.dialogs = dialogs
        self.close_draft = close_draft
        self.say = say
        self.ctx = ctx
        self.sound = sound
        self.focus = focus
        self.roulette = roulette
        self.engine_failed = engine_failed
        self.rematch = rematch


class Match:
    """One match on the table, from its deal to its end (`playing` None: no match, e.g.
    while a ladder match is being prepared). Its `transport` (`triad.ui.table.transport`) says
    where the other side's moves come from and what else a move does: the CPU, the
    ladder or the tournament (which save each move), or a friend."""

    def __init__(self, around: Around, transport, playing=None, view=None) -> None:
        self.around = around
        self.services = around.services  # the page's
        self.dialogs = around.dialogs
        self.transport = transport
        #: The CPU coordinator: the CPU's moves and hints, and pondering (`triad.ui.cpu`).
        self.cpu = around.cpu
        #: The settings the match was dealt with, its seed included.
        self.playing = playing
        #: Every task of this match runs in this scope, ended with the match.
        self.scope = around.scope.child("match")
        self.phase = START
        #: The board drawn (`triad.ui.table.board`): the engine's (or the local dealer's) last
        #: view; a match begun over another keeps that one's until its own comes.
        self.board = Board(around.stage, view)
        #: Whether the engine has this match (its deal confirmed, or dealt there).
        self.synced = False
        #: A move `(card, cell)` or `HINT_ASKED`, asked for before the engine was up.
        self.pending: tuple | str | None = None
        #: Whether Roulette's drawn rule was called out.
        self.announced = False
        self.said = False  # the deal was said in the live region
        #: The engine's record of a quick match of the last visit, to play on (`stored_match`).
        self.resume: str | None = None
        #: The draft being picked: {"pool", "blue", "red", "to_pick", "card_set"}, and the
        #: CPU's picks so far.
        self.draft: dict | None = None
        self.draft_cpu: list[int] = []
        #: The draft as it stood and the card picked, while that pick is on its way (shown
        #: taken, with nothing else to pick until the answer comes).
        self.picking: tuple[dict, int] | None = None
        #: How its human chooses a card and a space (`triad.ui.table.choosing.Chooser`).
        self.chooser = around.chooser

    @property
    def view(self):
        """The match's view as its board shows it."""
        return self.board.view

    @view.setter
    def view(self, view) -> None:
        self.board.show(view)

    @property
    def sel(self):
        """The human's selection on the board."""
        return self.board.sel

    # ------------------------------------------------------------- its life

    def spawn(self, coro) -> None:
        """Run `coro` as a task of this match: ended with it."""
        self.scope.spawn(coro)

    def end(self) -> None:
        """The match leaves the table: every task it started is cancelled (one of its own
        that ends it, at its next await: `triad.ui.page.scope`)."""
        self.scope.end()

    def to(self, phase: str) -> None:
        self.phase = phase

    @property
    def thinking(self) -> bool:
        return self.phase == THINKING

    @property
    def animating(self) -> bool:
        return self.phase == ANIMATING

    @property
    def busy(self) -> bool:
        """The CPU thinks, a hint shows or a placement plays out: no human input now."""
        return self.phase in (THINKING, HINT, ANIMATING, QUEUED)

    def token(self):
        """The engine's token of this match, named in every move or CPU request: the engine
        refuses one that reaches it after another match began (None: not dealt there)."""
        return (self.view or {}).get("match")

    @property
    def humans(self) -> list:
        return self.transport.humans(self.playing)

    def is_human(self, player) -> bool:
        return player in self.humans

    def under_way(self) -> bool:
        """Whether leaving this match loses something: a match for cards not over (it stays
        in the save), or any other with a card on the board, not over (its moves are lost)."""
        playing, view = self.playing, self.view
        if not playing or not view or view.get("over"):
            return False
        return self.transport.saved or any(view["board"])

    def may_act(self) -> bool:
        """A human chooses now: not while the CPU thinks, a hint shows or a move plays out."""
        return self.sel.active and self.phase in (START, HUMAN)

    # ------------------------------------------------- on the table (`Table`)

    #: The kinds of click it takes (`triad.ui.page.controls.KINDS`).
    kinds = ("card", "cell")

    def key(self, action: str):
        """A key while nothing shows over the table: arrows, select and cancel choose the
        human's move, F1 asks the CPU to play it, select on the result is Play again; None
        for a key that is the page's (Escape, F5, H, R, L)."""
        view = self.view
        if action != "hint" and action not in CHOOSING:
            return None
        if view is not None and view.get("over"):
            if action == "select" and not self.animating:
                self.around.rematch()
        elif action == "hint":
            self.request_hint()
        else:
            self.chooser.key(self, action)
        return True

    def click(self, kind: str, value) -> bool:
        """A click on a card or a space, or the bar's Autoplay (the CPU plays the human's
        card, as F1 does); False when it is none of them."""
        if kind == "action" and value == "autoplay":
            if self.chooser.accepts(self):
                self.request_hint()
            return True
        return self.chooser.click(self, kind, value)

    def shows(self) -> dict:
        """What the page draws of the match besides its board (`App.ctx`)."""
        view, playing = self.view, self.playing
        return {
            "humans": self.humans,
            "mode": playing["mode"] if playing else "cpu",
            "card_set": (self.draft if self.draft is not None else view or {}).get("card_set"),
            "status_note": "",
            "ghosts": {},
            "replay": False,
            "verdict": self.transport.verdict,
            "thinking": self.thinking,
            "busy": self.thinking or self.animating,
            "queued": self.phase == QUEUED,
            # (a match over waits on no engine)
            "engine_loading": view is not None
            and not view.get("over")
            and (self.services.engine() is None or (playing is not None and not self.synced))
            and not self.around.engine_failed(),
        }

    def regions(self, ctx: dict) -> dict:
        """The table's regions as the match draws them (before its deal, while its draft is
        picked, the bars and what the engine's loading says)."""
        parts = self.board.regions(ctx, "" if self.draft is not None else None)
        parts["r-replay"] = ""
        return parts

    # ---------------------------------------------------------- the engine

    def dealt(self, view, draft=None) -> None:
        """The engine holds this match, dealt as `view` (None: the one shown stays), or its
        `draft` under way."""
        self.synced = True
        if view is not None:
            self.view = view
        self.draft = draft

    async def sync(self) -> None:
        """The engine is up: it deals this match (the deal shown here is confirmed or
        replaced), or plays a match of the last visit on; a move or F1 queued meanwhile
        is played."""
        reply = await self.transport.deal(self)
        if reply is None:
            return  # (nothing to deal: a match for cards is resumed by its keeper)
        if "draft" in reply:
            self.show_draft(reply)
            return
        view = reply["view"]
        if self.view is None or not same_deal(self.view, view):
            # No local deal (or a different one): the engine's is the truth.
            self.pending = None
            self.sel.end()
        self.view = view
        self.synced = True
        self.cpu.start_helpers(self.playing, view["rules"])
        self.services.note(("engine", 0))
        self.announce()
        pending, self.pending = self.pending, None
        if pending == HINT_ASKED:
            await self.transport.hint(self)  # F1 before the engine was up: shown thinking
        elif isinstance(pending, tuple):
            card, cell = pending
            self.services.note(("confirm", self.services.now()))
            await self.submit(self.view["to_move"], card, cell)
        else:
            self.services.draw()
            await self.next_turn()

    def announce(self) -> None:
        """The deal said once the table shows; Roulette's drawn rule, called out once."""
        view = self.view
        if view is not None and not self.said and not self.services.held():
            self.said = True
            self.around.say(speech.deal_text(view, self.around.ctx()))
        if view is None or not view.get("roulette") or self.announced or self.services.held():
            return  # (under the title screen, it is called out once the title is left)
        self.announced = True
        self.services.note(("roulette", view["roulette"]))
        self.spawn(self.around.roulette(view["roulette"]))

    # --------------------------------------------------------------- draft

    def show_draft(self, reply) -> None:
        """The draft is on: twelve cards to pick from, in turn."""
        self.draft = reply["draft"]
        self.draft_cpu = reply.get("cpu_picks") or []
        self.to(DRAFT)
        self.dialogs.open(Draft())  # (beneath a dialog shown, if any)

    def pick_draft(self, value: str) -> None:
        draft = self.draft
        if draft is None or self.services.engine() is None or not self.is_human(draft["to_pick"]):
            return
        self.draft = None  # no second pick while this one is on its way
        self.picking = (draft, int(value))
        self.services.draw()
        self.spawn(self.send_pick(draft, int(value)))

    async def send_pick(self, draft, index: int) -> None:
        """This side's pick goes out (to the engine, or the friend)."""
        try:
            reply = await self.transport.pick(index)
        except client.WorkerError as e:
            self.draft, self.picking = draft, None
            self.services.notice(e.words)
            return
        await self.transport.arrived(reply)  # (a tournament's picks: in the save first)
        await self.drafted(reply)
        self.transport.passed(reply)

    async def drafted(self, reply) -> None:
        """A pick made, here or by a friend: the draft as it stands (its dialog shown unless
        another one shows), or the match once both hold five cards."""
        self.picking = None  # (answered)
        if reply.get("draft") is not None:
            if self.dialogs.shown() in (None, "draft"):
                self.show_draft(reply)
            else:
                self.draft = reply["draft"]  # (shown once the dialog over it closes)
            return
        self.draft = None
        self.around.close_draft()
        self.synced = True
        self.land(reply["view"], self.transport.over(reply["view"]))
        self.announce()  # (the deal, once the draft has dealt it)
        await self.next_turn()

    # --------------------------------------------------------------- turns

    async def next_turn(self) -> None:
        """Decide who acts now: wait for a human, or for the other side (the CPU, a friend)."""
        view = self.view
        if self.draft is not None:
            if self.dialogs.shown() in (None, "draft"):  # (the picks so far, whoever picks now)
                self.to(DRAFT)
                self.dialogs.open(Draft())
            return
        if view is None or self.playing is None:
            # No match on the table: the view is the one that ended, kept until the next
            # (a ladder match being brought back, say), and nobody moves in it.
            return
        if self.transport.over(view):
            await self.transport.settle()  # (a match for cards: the save is written first)
            self.finish()
            return
        player = view["to_move"]
        if self.transport.mine(self, player):
            self.begin_human()
            return
        await self.transport.their_turn(self, player)

    def begin_human(self) -> None:
        view = self.view
        player = view["to_move"]
        empty = [i for i in range(9) if view["board"][i] is None]
        sel = self.sel
        forced = (view.get("forced") or {}).get(player)  # Order, Chaos: the card to play
        same_turn = (
            sel.active
            and sel.player == player
            and sel.hand_size == len(view["hands"][player])
            and sel.empty == empty
            and sel.forced == forced
        )
        if not same_turn:
            # A choice begun on the same position (the engine confirming the local
            # deal meanwhile) is kept, not started over.
            sel.begin(player, len(view["hands"][player]), empty, forced)
        self.to(HUMAN if self.synced else START)
        self.services.draw()
        self.cpu.ponder(self)  # (with open hands, against the CPU)

    def human_move(self, move) -> None:
        card, cell = move
        player = self.view["to_move"]
        self.sel.end()
        if self.services.engine() is None or not self.synced:
            # Queue the move until the worker is up; show it waiting on its cell.
            self.pending = (card, cell)
            self.to(QUEUED)
            self.sel.choose(card, cell)
            self.services.draw()
            self.around.say(t("move_queued"))  # (and the line above the board says it)
            return
        self.services.note(("confirm", self.services.now()))
        # Send it first: the engine works while the card is being drawn here.
        reply = self.transport.send(self, player, card, cell)
        self.show_placing(player, card, cell)
        self.spawn(self.submit(player, card, cell, reply))

    def request_hint(self) -> None:
        """F1: the CPU plays the human's move; before the engine is up, once it is."""
        view = self.view
        if not self.transport.hints or view is None or view.get("over") or not self.may_act():
            return  # (no CPU in a friend's match: F1 does nothing)
        # From this moment the turn is the CPU's (for the human): a key or a click
        # that comes before the hint's task has begun finds no turn to play.
        self.to(THINKING)
        self.sel.end()
        self.services.draw()
        if self.services.engine() is None or not self.synced:
            self.pending = HINT_ASKED  # queued like a move until the engine is up
            return
        self.spawn(self.transport.hint(self))

    def show_placing(self, player: str, card: int, cell: int) -> dict:
        """Put the card on its cell at once, the match animating; the engine's answer brings
        the flips. Returns the view before it (the board keeps it until the answer comes)."""
        self.to(ANIMATING)
        return self.board.place(player, card, cell)

    async def submit(self, player: str, card: int, cell: int, asked=None) -> None:
        """Play a move in the engine (`asked`: already sent), animate its events, then go on."""
        if asked is None:
            asked = self.transport.send(self, player, card, cell)
        before = self.board.before
        if before is None:
            before = self.show_placing(player, card, cell)
        try:
            reply = await asked
        except client.Stale:
            return  # meant for a match that is over: nothing of it may show
        except client.WorkerError as e:
            self.board.take_back(before)
            self.to(HUMAN)
            self.services.notice(e.words)
            self.services.draw()
            await self.next_turn()
            return
        await self.transport.arrived(reply)  # (a match for cards: in the save first)
        placed = placed_card(reply, before["hands"][player][card])
        await self.board.play(before, player, cell, placed, reply["events"], self.cpu.landed)
        final = reply["view"]
        self.say_move(before, player, cell, placed, reply["events"], reply.get("drawn") or final)
        if reply.get("rematch"):
            # Sudden Death: show the drawn board, PERFECT TEATIME, then the new deal.
            self.view = reply["drawn"]
            self.services.draw()
            await self.board.teatime(reply["drawn"])
            self.around.say(speech.rematch_text(final, self.around.ctx()))
        self.land(final, self.transport.over(final))
        self.services.note(("moved", player))
        self.transport.moved(self)
        await self.next_turn()
        self.transport.passed()

    def land(self, view, over: bool) -> None:
        """A move or the last pick has played out: `view` shows, and the turn goes on."""
        self.board.show(view)
        self.to(OVER if over else HUMAN)
        self.services.draw()

    def say_move(self, before, player: str, cell: int, placed, events, after) -> None:
        """A move said in the live region (who played what where, its captures, the score)."""
        self.around.say(
            speech.move_text(before, player, cell, placed, events, after, self.around.ctx())
        )

    async def their_move(self, reply, animate: bool) -> None:
        """The other side's move, played already (a friend's code brought it, with its
        `mover`, `placed` card, `events` and `view`): played out and said, then the turn
        goes on. The deal is said with the first view that comes."""
        before = self.view
        mover = reply.get("mover")
        cell = last_cell(before, reply["view"]) if mover and before else None
        placed = reply["placed"]
        if cell is not None and placed is not None:
            if animate:
                self.to(ANIMATING)  # (their hand is hidden: the card placed is the one drawn)
                self.board.place(mover, 0, cell, placed)
                await self.board.play(before, mover, cell, placed, reply["events"])
            self.say_move(before, mover, cell, placed, reply["events"], reply["view"])
        self.land(reply["view"], self.transport.over(reply["view"]))
        self.announce()
        await self.next_turn()

    def finish(self) -> None:
        """The match is over: the result screen (drawn by the page) and its sound."""
        self.sel.end()
        self.to(OVER)
        winner = self.view.get("winner")
        if winner in (None, "draw"):
            self.around.sound("draw")
        elif self.playing["mode"] == "hotseat" or self.is_human(winner):
            self.around.sound("win")
        else:
            self.around.sound("lose")
        self.services.draw()
        title = render.result_title(self.view, self.around.ctx())
        self.around.say(speech.result_text(self.view, self.around.ctx(), title))
        self.around.focus("#r-overlay .result button")
        self.services.note(("over", winner))
        self.cpu.deal_ahead()
        verdict = self.transport.verdict
        if verdict is not None:
            self.services.notice(verdict[1])  # (a side caught cheating: the notice says so too)


def stored_match(store, custom_id: str):
    """The quick match of the last visit (`MATCH_KEY`), or None when there is none to play
    on (`custom_id`: the id of the player's own set kept now, "" when none is)."""
    try:
        data = json.loads(store.get(MATCH_KEY) or "null")
        if type(data) is not dict or data.get("version") != MATCH_VERSION:
            return None
        playing, view = data["playing"], data["view"]
        for key in ("rules", "level", "card_set", "mode", "seed"):
            playing[key]  # each must be there
        if playing["card_set"] == prefs.CUSTOM_SET and playing.get("custom_id") != (
            custom_id or None
        ):
            return None  # dealt from a set of the player's that is gone
        if len(view["board"]) != 9 or view.get("over") or type(data["record"]) is not dict:
            return None
        for player in ("blue", "red"):
            len(view["hands"][player])
    except Exception as e:  # unreadable: a new deal, as on a first visit
        print("stored match unreadable:", e)
        return None
    return data


def placed_card(reply: dict, fallback):
    """The card the engine placed (a hidden card is only known once it lands)."""
    card = reply.get("placed")
    return card if card else fallback


def same_deal(a, b) -> bool:
    """Whether two views hold the same deal: hands, first player and cells."""
    if a.get("to_move") != b.get("to_move") or a.get("cells") != b.get("cells"):
        return False
    for player in ("blue", "red"):
        ha = [c.get("id") if c else None for c in a["hands"][player]]
        hb = [c.get("id") if c else None for c in b["hands"][player]]
        if ha != hb:
            return False
    return True


def last_cell(before, after):
    """The cell the last move filled (None when the board began again: Sudden Death)."""
    if after is None:
        return None
    filled = [i for i in range(9) if before["board"][i] is None and after["board"][i] is not None]
    return filled[0] if len(filled) == 1 else None
