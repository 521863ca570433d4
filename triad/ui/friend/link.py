"""Playing a friend by link: the friend dialog, and a friend match on the table.

No server of ours and no connection: each move gives a link (the code in
the address's fragment, ``#friend=CODE``, which never reaches any server)
and the same code as text, to send through any chat; the friend opens it,
sees the move played and plays theirs. The engine worker checks every code
whole (`triad.friend.service`): a damaged, older, forged or illegal one
changes nothing and the dialog says why.

Each friend match is kept in the store as the worker's document
(``triad.friend.ID``) after every move, and the one on the table is named
by ``triad.friend``, so a reload, a closed tab or another day goes on
from the last move. Friend matches never touch the collection.

`Friend` (the page's, one per page) keeps the dialog and the documents;
`PickedHand` has the player pick its five from its collection (in the
collection's own deck dialog) when the match's hands are picked;
`FriendTransport` is the transport (`triad.ui.table.transport`) of a friend match
on the table: its moves (and Draft's picks, shown in the table's draft
dialog) go to the friend by code instead of the engine's match in play.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.friend.live import Live, loading_note
from triad.ui.friend.rematch import Rematch
from triad.ui.friend.tabs import FriendTabs
from triad.ui.look.html import attrs, error_html, esc
from triad.ui.look.icons import dialog_head, icon
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.page.panels import Owned
from triad.ui.table.transport import Transport

#: The id of the friend match on the table, ``{"id"}`` (so that a reload goes on with it).
ACTIVE_KEY = "triad.friend"
#: A friend match's document, by id: ``triad.friend.ID``.
DOC_PREFIX = "triad.friend."
#: The phase of a friend match while the friend plays.
WAITING = "friend"
LOADING = ("idle", "loading")  # the collection's states before its cards are read


class Around:
    """What the friend dialog asks of the page around it, each a callable the page gives.

    The table: `table()` (the match on it), `take_table(playing, transport)` (a new match
    with these settings and transport takes it; returned), `deal_quick()` (a quick match
    takes it). The title screen: `title()` (it shows), `leave_title()`. The engine:
    `engine_error()` (why it failed, "" while none), `loading()` (how far its loading has
    got, in words). The player's `rules()` and `playing()` (what a new match is dealt
    with), the page's `url()` and `coll` (the collection, whose deck dialog picks five
    cards for a match whose hands are picked), `say(words)` (the screen reader's live
    region) and `focus_play()` (the keyboard focus goes to the table, where play goes on)."""

    def __init__(
        self,
        table,
        take_table,
        deal_quick,
        title,
        leave_title,
        engine_error,
        loading,
        rules,
        playing,
        url,
        coll,
        say,
        focus_play,
    ) -> None:
        self.table = table
        self.take_table = take_table
        self.deal_quick = deal_quick
        self.title = title
        self.leave_title = leave_title
        self.engine_error = engine_error
        self.loading = loading
        self.rules = rules
        self.playing = playing
        self.url = url
        self.coll = coll
        self.say = say
        self.focus_play = focus_play


class Friend:
    """The friend dialog and the friend matches kept in the store. It works with the
    page's `services` (`triad.ui.page.services.Services`), the `display` (the screen: its
    values, focus, clipboard and `<html data-*>`), the page's `scope`, the page's `dialogs`
    (`triad.ui.page.services.Dialogs`), and what it asks of the page `around` it
    (`Around`)."""

    def __init__(self, services, display, scope, dialogs, around) -> None:
        self.services = services
        self.display = display
        self.dialogs = dialogs
        self.around = around
        self.doc: str | None = None  # the document of the match shown (the worker's, as kept)
        self.info: dict | None = None  # what the worker says of it (`friend` of its reply)
        self.code = ""  # the code to send now
        self.screen = "menu"  # "menu", "invite" (to accept) or "send"
        self.error = ""
        self.pasted = ("", "")  # (message, code) refused: shown beside the box it came in
        self.waiting_code = ""  # a code from the address, opened once the engine is up
        self.waiting = ""  # what waits for the game to load: its words' key
        self.copied = ""  # the link last copied (its Copy button says "Copied")
        self.more = False  # the first screen's other ways to play are unfolded
        #: The transport of the last friend match put on the table (`on_table`).
        self.transport: FriendTransport | None = None
        self.live = Live(  # the live connection, when the match is played live
            self, services, display, scope, around.engine_error, around.loading, around.url
        )
        self.hand = PickedHand(self)  # five cards picked from the collection, when asked
        self.tabs = FriendTabs(self)  # one tab per match: links opened in other tabs
        self.rematch = Rematch(self, around.say)  # Play again once a friend match is over
        self.dialog = Owned("friend", self.render, self.action, "friend")  # its panel

    # ------------------------------------------------------------ the dialog

    def open_panel(self, screen: str = "") -> None:
        if screen:
            self.screen = screen
        elif self.screen == "invite" and not (self.info or {}).get("mine"):
            self.screen = "menu"
        if self.around.title():
            self.around.leave_title()
        self.dialogs.open(self.dialog)

    def action(self, name: str) -> None:
        """A button of the friend dialog (`data-do="friend..."`)."""
        services = self.services
        if name == "friend":
            self.error = ""
            if self.live.shown:
                self.open_panel("live")
            else:
                self.open_panel("send" if self.on_table() else "menu")
        elif name == "friend_invite":
            services.spawn(self.invite())
        elif name in ("friend_invite_picked", "friend_live_picked", "friend_deck", "friend_back"):
            self.hand.action(name)
        elif name.startswith("friend_live"):
            self.live.action(name)
        elif name == "friend_open":
            services.spawn(self.open_any(self.display.value("#friend-paste")))
        elif name == "friend_accept":
            services.spawn(self.accept())
        elif name == "friend_copy":
            services.spawn(self.copy(self.link()))
        elif name == "friend_share":
            services.spawn(self.display.share(t("friend_share_title"), self.link()))
        elif name == "friend_more":
            self.more = not self.more
            services.draw()
        elif name == "friend_new":
            self.live.end()
            self.screen = "menu"
            services.draw()

    async def copy(self, link: str) -> None:
        """Copy `link` (the box showing it is selected too); its button then says so. Where
        the browser refuses, the box keeps the focus with the link selected, for the player
        to copy."""
        if not await self.display.copy("#friend-link", link):
            return
        self.copied = link
        self.services.draw()
        self.display.focus("#r-overlay [data-copied]")

    def box(self, link: str, do: str) -> str:
        """A link to send (`send_box`), its Copy button saying whether it was copied."""
        return send_box(link, do, link == self.copied)

    def show(self, error: str, screen: str = "") -> None:
        """The dialog shows (at `screen`, else where it was), saying what went wrong
        (`error`), or nothing ("")."""
        self.error = error
        self.open_panel(screen)

    def connected(self) -> None:
        """The live channel opened: the dialog has nothing more to say once the match is on
        the table, and closes. Until the other side's deal comes over the channel it says
        so, over what the table held before (a match that must not be played meanwhile)."""
        self.error = ""
        if self.on_table() is None:
            self.open_panel("live")
        elif self.dialogs.shown() == "friend":
            self.dialogs.close(redraw=True)
        else:
            self.services.draw()

    def let_go(self, code: str) -> None:
        """The link `code` was taken by the tab that holds its match: nothing of that match
        is opened or kept on the table here."""
        if self.waiting_code == code:
            self.waiting_code = self.waiting = ""
            if self.dialogs.shown() == "friend":
                self.dialogs.close(redraw=True)
        if self.on_table() is not None:
            self.around.deal_quick()

    def link(self) -> str:
        return self.around.url() + "#friend=" + self.code if self.code else ""

    def on_table(self):
        """The friend match on the table (its transport is this dialog's), else None."""
        match = self.around.table()
        return match if match is not None and match.transport is self.transport else None

    def fail(self, error, pasted: str = "") -> None:
        """Say why the worker refused (a `client.WorkerError`); `pasted`: a code given to the
        paste box (or by the address), whose message shows beside the box, the focus on it."""
        self.error = error.words
        self.pasted = (self.error, pasted)
        if self.dialogs.shown() != "friend":
            self.open_panel()
        else:
            self.services.draw()
        if pasted:
            self.display.focus("#friend-paste")

    # -------------------------------------------------------------- its flows

    async def boot(self) -> None:
        """The engine is up: a code from the address is opened, or the friend match the
        table held before a reload comes back."""
        services = self.services
        code, self.waiting_code = self.waiting_code, ""
        if code:
            self.waiting = ""
            await self.open_any(code)
            return
        ident = "" if self.tabs.taken else active_id(services.store)  # (held by another tab)
        doc = services.store.get(DOC_PREFIX + ident) if ident else None
        if not doc:
            return
        try:
            reply = await client.friend_view(services.engine(), doc)
        except client.WorkerError:  # (a match kept that cannot be read: the title shows)
            return
        if dealt(reply):
            self.took(reply)
            self.to_table(reply, False)

    def open_address(self, code: str) -> None:
        """A code from the page's address (a link opened)."""
        if self.services.engine() is None:  # its own loading screen, not the title, until then
            self.waiting_code = code
            self.waiting = "friend_wait_link"
            self.open_panel("opening")
        else:
            self.services.spawn(self.open_any(code))

    async def loaded(self, words: str, ready=None) -> bool:
        """The engine is up (False: it failed), and `ready()` if given (the collection read,
        say); until then the dialog says `words` (its key) and how far the loading has got."""
        services, around = self.services, self.around
        ready = ready or (lambda: services.engine() is not None)
        if not ready():
            self.error, self.waiting = "", words
            services.draw()
            await services.signal.until(lambda: ready() or bool(around.engine_error()))
            if self.waiting != words:  # (something else began meanwhile)
                return False
            self.waiting = ""
            if services.engine() is None:
                self.error = t("engine_failed", error=around.engine_error())
            services.draw()
        return services.engine() is not None

    async def open_any(self, code) -> None:
        """A friend code (``TF``: by link) or a live code (``TL``: an offer or an answer)."""
        code = str(code or "").strip()
        if not await self.loaded("friend_wait_open"):
            return
        if code.split("friend=")[-1].lstrip().startswith("TL"):
            await self.live.take(code)
        else:
            await self.open_code(code)

    async def invite(self, show: bool = True, hand=None, terms=None) -> bool:
        """The host's new match (the rule menu's rules, or `terms`: a rematch's, as
        `FriendTransport.terms`); `show`: its link shows at once; `hand`: the host's five
        card ids, when hands are picked from each collection."""
        if not await self.loaded("friend_wait_engine"):
            return False
        if show:  # (by link: a connection of another match carries nothing of this one; a
            self.live.end()  # live invitation has ended it as its exchange began)
        if terms is None:
            playing = self.around.playing()
            terms = (playing["rules"], playing["card_set"], playing["level_range"])
        try:
            reply = await client.friend_new(
                self.services.engine(), terms[0], terms[1], terms[2], hand
            )
        except client.WorkerError as e:
            self.fail(e)
            return False
        self.took(reply)
        self.error = ""
        if show:
            self.open_panel("send")
        return True

    async def open_code(self, code, live: bool = False) -> bool:
        """The other side's friend code; `live`: it came with a live code or over the channel,
        so one with nothing new is no error, and the live screens show what comes next."""
        engine, store = self.services.engine(), self.services.store
        code = str(code or "").strip()
        old = None
        try:
            found = await client.friend_id(engine, code)
        except client.WorkerError as e:
            self.fail(e, "" if live else code or " ")
            return False
        doc = store.get(DOC_PREFIX + found["id"]) or ""
        if live and not doc and self.rematch.drops(found["id"], code):
            return True  # (an invitation that crossed this side's rematch, and lost)
        try:
            try:
                reply = await client.friend_open(engine, doc, code)
            except client.NothingNew as e:
                if not doc:
                    raise
                if live:
                    return True  # (the channel or the live code brought nothing new)
                old = e
                reply = await client.friend_view(engine, doc)  # a link taken already
        except client.WorkerError as e:
            self.fail(e, "" if live else code)
            return False
        self.error = ""
        self.took(reply)
        info = reply["friend"]
        if info["expect"] == "answer" and info["mine"]:
            self.open_panel("invite")
            if self.live.connected:  # (a rematch, over the channel)
                self.rematch.heard()
            return True
        shown = self.on_table()
        if dealt(reply) and (old is None or shown is None or shown.transport.ident != info["id"]):
            self.to_table(reply, old is None)
        if old is not None:  # the match as it stands, and why nothing changed
            self.screen = "send"
            self.fail(old, code)
            return True
        if (info["mine"] and info["expect"] in ("play", "pick")) or (
            info["over"] and not info["owed"]  # (the result shows: nothing to send)
        ):
            if not live or self.dialogs.shown() == "friend":
                self.dialogs.close(redraw=True)
        elif not live:
            self.open_panel("send")
        return True

    async def accept(self, hand=None) -> None:
        if hand is None and (self.info or {}).get("picked"):
            self.hand.start("accept")  # (five cards of the collection first)
            return
        try:
            reply = await client.friend_act(self.services.engine(), self.doc, True, hand=hand)
        except client.WorkerError as e:
            self.fail(e)
            return
        self.took(reply)
        if self.live.connected:  # (a rematch: the answer went over the channel)
            self.open_panel("live")
        elif not await self.live.accepted():
            self.open_panel("send")

    def sent(self) -> None:
        """This side moved: its code goes by the channel when live, else by the dialog."""
        if not self.live.connected:
            self.open_panel("send")

    def took(self, reply) -> None:
        """A reply of the worker: its document is kept before anything shows."""
        info = self.info = reply["friend"]
        self.doc = reply["doc"]
        self.code = reply["code"]
        store = self.services.store
        store.set(DOC_PREFIX + info["id"], self.doc)
        store.set(ACTIVE_KEY, json.dumps({"id": info["id"]}))
        state = "over" if info["over"] else "mine" if info["mine"] else "wait"
        self.display.set_data("friend", state)  # (tests wait on these)
        self.display.set_data("friend-check", self.code[-4:])
        self.live.send()

    def to_table(self, reply, animate: bool) -> None:
        """Show the friend match on the table (its last move played out when it is there)."""
        around = self.around
        info = reply["friend"]
        match = self.on_table()
        if match is not None and match.transport.ident == info["id"]:
            if reply["draft"] is not None or match.draft is not None:
                match.spawn(match.drafted(reply))
            else:
                match.spawn(match.their_move(reply, animate))
            return
        if around.title():
            around.leave_title()
        transport = self.transport = FriendTransport(self.services, self, info)
        match = around.take_table(transport.playing(info), transport)
        before = reply.get("before") if reply["draft"] is None else None
        # (the friend's move the code brought is played out from the board before it)
        match.dealt(before or reply["view"], reply.get("draft"))
        match.announce()  # (the deal said, with who is which side)
        self.services.note(("match", "friend"))
        dealing = self.live.connected and self.screen in ("live", "send")
        if dealing and self.dialogs.shown() == "friend":
            self.dialogs.close()  # (it said the deal, or the rematch, was on its way: here it is)
            around.focus_play()
        self.services.draw()
        match.spawn(match.their_move(reply, animate) if before else match.next_turn())

    # ------------------------------------------------------------- drawing

    def render(self) -> str:
        """The friend dialog."""
        from triad.ui.menu.rules import rules_summary  # (loaded with the dialog)

        info: dict = self.info or {}
        body = more = ""
        paste = self.render_paste()
        if self.screen == "opening" and self.waiting:  # a link opened, the game loading
            body, paste = loading_note(self.around.loading(), self.waiting), ""
        elif self.screen == "invite" and info:
            picked = info.get("picked")
            asked = t("friend_rematch_invited") + " " if self.live.connected else ""
            body = (
                "<p>"
                + esc(asked + t("friend_invited", rules=rules_summary(info["rules"])))
                + "</p><p>"
                + esc(t("friend_hands_picked" if picked else "friend_hands_dealt"))
                + '</p><div class="dialog-buttons"><button type="button" class="big"'
                ' data-do="friend_accept">'
                + esc(t("friend_accept_picked" if picked else "friend_accept"))
                + "</button></div>"
            )
        elif self.screen == "live":
            body = self.live.render(self.box)
        elif self.screen == "send" and self.code:
            body = self.render_send(info)
        else:  # one sentence, two choices (invite, or open a code): the rest folds away
            rules = t("friend_rules", rules=rules_summary(self.around.rules()))
            body = (
                '<p class="friend-lead">'
                + esc(t("friend_lead"))
                + '</p><div class="dialog-buttons"><button type="button" class="big"'
                ' data-do="friend_invite">'
                + icon("play")
                + esc(t("friend_invite"))
                + '</button></div><p class="friend-note">'
                + esc(rules)
                + "</p>"
            )
            more = '<div class="dialog-buttons"><button type="button" class="friend-more"'
            more += attrs([("data-do", "friend_more"), ("aria-expanded", str(self.more).lower())])
            more += ">" + esc(t("friend_more")) + "</button></div>"
            if self.more:
                more += (
                    '<div class="friend-ways"><p>'
                    + esc(t("friend_by_link"))
                    + "</p>"
                    + self.live.render_choice()
                    + self.hand.render_choice()
                    + "</div>"
                )
        error = self.render_error() if self.error and not self.refused() else ""
        if self.waiting in ("friend_wait_engine", "friend_wait_cards"):
            error = loading_note(self.around.loading(), self.waiting)

        return (
            '<div class="dialog friend" role="dialog" aria-modal="true"'
            ' aria-labelledby="friend-title">'
            + dialog_head(t("friend_title"), "friend-title", "turn")
            + '<div class="friend-body">'
            + error
            + body
            + paste
            + more
            + '<p class="friend-note">'
            + esc(t("friend_collection"))
            + "</p></div></div>"
        )

    def render_send(self, info) -> str:
        rematch = self.rematch.status(info)
        status = rematch or (t("live_connected") if self.live.connected else friend_status(info))
        live_rematch = rematch and self.live.connected  # (over the channel: no link to send)
        # a new match, whether this one is over or not (this one is kept: its next link
        # brings it back)
        more = '<button type="button" data-do="friend_new">'
        more += esc(t("friend_another" if info.get("over") else "friend_new_match")) + "</button>"
        if not info.get("over") and not self.live.connected:
            more += '<button type="button" data-do="friend_live_again">' + esc(t("live_again"))
            more += "</button>"
        return (
            '<p class="friend-status" data-friend-status>'
            + esc(status)
            + "</p>"
            + (
                self.box(self.link(), "friend")
                if not live_rematch and (info.get("owed") or not info.get("over"))
                else ""
            )
            + '<div class="dialog-buttons">'
            + more
            + "</div>"
        )

    def refused(self) -> str:
        """The code pasted whose refusal is the message shown, "" when none."""
        said, code = self.pasted
        return code if self.error and said == self.error else ""

    def render_error(self) -> str:
        return (
            '<div id="friend-error" class="friend-error" role="alert" data-friend-error>'
            + error_html(self.error)
            + "</div>"
        )

    def render_paste(self) -> str:
        refused = self.refused()
        return (
            '<label for="friend-paste">'
            + esc(t("friend_paste"))
            + "</label>"
            + '<textarea id="friend-paste" class="friend-code" rows="2" spellcheck="false"'
            + (' aria-describedby="friend-error"' if refused else "")
            + ' autocomplete="off" placeholder="'
            + esc(t("friend_paste_hint"))
            + '">'
            + esc(refused.strip())
            + "</textarea>"
            + (self.render_error() if refused else "")
            + (
                loading_note(self.around.loading(), self.waiting)
                if self.waiting == "friend_wait_open"
                else ""
            )
            + '<div class="dialog-buttons"><button type="button" data-do="friend_open">'
            + esc(t("friend_open"))
            + "</button></div>"
        )


class PickedHand:
    """A friend match whose hands are picked from each player's collection: the player
    picks its five in the collection's deck dialog (`triad.ui.collection.album.render_deck`, as
    against the CPU), then the invitation or the answer goes with them. The collection
    itself never changes."""

    def __init__(self, friend) -> None:
        self.friend = friend

    def action(self, name: str) -> None:
        if name in ("friend_invite_picked", "friend_live_picked"):
            self.start("invite" if name == "friend_invite_picked" else "live")
        elif name == "friend_deck":
            self.friend.services.spawn(self.done())
        else:  # friend_back: the friend dialog as it was
            self.friend.open_panel()

    def start(self, kind: str) -> None:
        """Open the deck dialog for `kind` ("invite", "live": an invitation by link or live;
        "accept"), or say why it cannot be."""
        friend = self.friend
        coll = friend.around.coll
        rules = friend.around.rules()
        if kind not in ("accept", "rematch") and any(
            n in rules for n in ("random", "draft", "level_range")
        ):
            friend.show(t("err_friend_picked_rules"), "menu")
            return
        if coll.status in ("idle", "loading"):  # its cards are not read yet: once they are
            friend.open_panel()
            friend.services.spawn(self.when_read(kind, coll))
            return
        if sum(c["copies"] for c in coll.owned) < 5:
            friend.show(t("friend_no_collection"))
            return
        friend.error = ""
        coll.open_deck(kind)

    async def when_read(self, kind: str, coll) -> None:
        """The deck dialog for `kind` once the collection `coll` is read (the dialog says
        the game loads meanwhile), unless something else began."""
        read = await self.friend.loaded("friend_wait_cards", lambda: coll.status not in LOADING)
        if read and coll.status not in LOADING and self.friend.dialogs.shown() == "friend":
            self.start(kind)

    async def done(self) -> None:
        """The deck dialog's button: the five go with the invitation or the answer (five
        dealt just before, once they have come: the five the dialog then shows)."""
        friend = self.friend
        coll = friend.around.coll
        deck = await coll.chosen_deck(True)
        if deck is None:
            return  # (the deck dialog says why)
        kind = coll.for_friend  # (what the deck dialog was opened for)
        if kind == "invite":
            friend.services.spawn(friend.invite(True, deck))
        elif kind == "rematch":
            friend.services.spawn(friend.rematch.invite(deck))
        elif kind == "live":
            friend.live.begin(friend.live.invite(deck))
        else:
            friend.open_panel("invite")
            friend.services.spawn(friend.accept(deck))

    def render_choice(self) -> str:
        """The friend dialog's other invitation: hands picked from each collection."""
        return (
            "<p>"
            + esc(t("friend_picked_about"))
            + '</p><div class="dialog-buttons"><button type="button"'
            ' data-do="friend_live_picked">' + esc(t("live_invite_picked")) + "</button>"
            '<button type="button" data-do="friend_invite_picked">'
            + esc(t("friend_invite_picked"))
            + "</button></div>"
        )


def send_box(link: str, do: str, copied: bool = False) -> str:
    """A link to send: its text box (selected when focused), Copy and Share (`do` + _copy...);
    `copied`: Copy says it was."""
    return (
        '<label for="friend-link">'
        + esc(t("friend_send"))
        + "</label>"
        + "<textarea"
        + attrs(
            [
                ("id", "friend-link"),
                ("class", "friend-code"),
                ("readonly", "readonly"),
                ("rows", "3"),
                ("data-friend-link", link),
                ("onfocus", "this.select()"),
            ]
        )
        + ">"
        + esc(link)
        + "</textarea>"
        + '<div class="dialog-buttons"><button type="button" class="big" data-do="'
        + do
        + '_copy"'
        + (" data-copied" if copied else "")
        + ">"
        + esc(t("friend_copied" if copied else "friend_copy"))
        + '</button><button type="button" data-do="'
        + do
        + '_share" data-share-only>'
        + esc(t("friend_share"))
        + "</button></div>"
    )


def dealt(reply) -> bool:
    """Whether a worker's reply has a match to show on the table: its view, or its draft."""
    return reply["view"] is not None or reply.get("draft") is not None


def active_id(store) -> str:
    """The id of the friend match the table held (`ACTIVE_KEY`), "" when none."""
    try:
        ident = json.loads(store.get(ACTIVE_KEY) or "{}").get("id")
    except (ValueError, AttributeError):  # not what this page writes: no match
        return ""
    return ident if type(ident) is str else ""


def friend_status(info) -> str:
    """Where the match stands, for the player."""
    if info.get("cheat"):
        side = "you" if info["cheat"] == info["me"] else "them"
        return t(
            "friend_verdict_" + side, reason=t("reason_" + (info.get("reason") or "friend_commit"))
        )
    if info.get("over"):
        return t("friend_over" if info.get("owed") else "friend_over_sent")
    if info.get("expect") == "answer":
        return t("friend_wait_answer")
    if info.get("expect") == "show" and not info.get("mine"):
        return t("friend_wait_show")  # (Open, Three Open, Swap: before the first move)
    if info.get("expect") == "pick":
        return t("friend_your_pick" if info.get("mine") else "friend_wait_pick")
    if info.get("mine"):
        return t("friend_your_move")
    return t("friend_wait_move")


class FriendTransport(Transport):
    """A friend's match: this side's moves and picks go to the friend by code (by link, or
    over the live channel), the friend's come the same way (`Friend.to_table`). No CPU:
    no hint, nothing pondered; the friend's document is kept by `Friend.took` before a
    move shows, and the match ends with a verdict when a side is caught cheating."""

    hints = False

    def __init__(self, services, friend, info) -> None:
        Transport.__init__(self, services)
        self.friend = friend
        self.ident = info["id"]
        self.me = info["me"]
        #: What a rematch is invited with: (rules, card set, level range, hands picked).
        self.terms = (list(info["rules"]), info["set"], info["level_range"], info["picked"])

    def playing(self, info) -> dict:
        """The settings the match was dealt with, as the table keeps them."""
        return {
            "rules": list(info["rules"]),
            "level": "adept",
            "card_set": info["set"],
            "mode": "friend",
            "seed": 0,
            "level_range": info["level_range"],
            "friend": info["id"],
        }

    def humans(self, playing) -> list:
        return [self.me]

    @property
    def verdict(self):
        """A side caught cheating: (title, text) of the verdict, the match's only result."""
        info = self.friend.info or {}
        if not info.get("cheat") or info.get("id") != self.ident:
            return None
        side = "you" if info["cheat"] == self.me else "them"
        return (t("friend_void_" + side), friend_status(info))

    async def deal(self, match):
        return None  # (dealt by the friend's code)

    def send(self, match, player: str, card: int, cell: int):
        return client.friend_act(self.services.engine(), self.friend.doc, False, card, cell)

    def pick(self, index: int):
        return client.friend_act(self.services.engine(), self.friend.doc, False, -1, -1, index)

    async def arrived(self, reply) -> None:
        self.friend.took(reply)  # the document is kept before the move shows

    def moved(self, match) -> None:
        """(Kept by `arrived`.)"""

    def passed(self, reply=None) -> None:
        # (after the last pick the first mover plays on: nothing to send yet)
        if reply is None or not reply["friend"]["mine"]:
            self.friend.sent()  # by the channel, or by code

    def over(self, view) -> bool:
        return bool((self.friend.info or {}).get("over"))

    def mine(self, match, player: str) -> bool:
        info = self.friend.info or {}
        return bool(info.get("mine")) and info.get("expect") == "play"

    async def their_turn(self, match, player: str) -> None:
        """The friend plays (or shows, or answers): their code will bring it."""
        match.sel.end()
        match.to(WAITING)
        self.services.draw()

    async def hint(self, match) -> None:
        """(No CPU in a friend's match.)"""


__all__ = ["ACTIVE_KEY", "DOC_PREFIX", "Friend", "FriendTransport"]
