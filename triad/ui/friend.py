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
`FriendMatch` is a `triad.ui.table.Match` whose moves (and Draft's picks,
shown in the table's draft dialog) go to the friend by code instead of the
engine's match in play.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui import client
from triad.ui.html import attrs, error_html, esc
from triad.ui.icons import dialog_head, icon
from triad.ui.live import Live, loading_note
from triad.ui.panels import Owned
from triad.ui.session import ANIMATING, HUMAN, OVER
from triad.ui.table import Match
from triad.ui.tabs import FriendTabs
from triad.ui.text import t

#: The id of the friend match on the table, ``{"id"}`` (so that a reload goes on with it).
ACTIVE_KEY = "triad.friend"
#: A friend match's document, by id: ``triad.friend.ID``.
DOC_PREFIX = "triad.friend."
#: The phase of a friend match while the friend plays.
WAITING = "friend"
LOADING = ("idle", "loading")  # the collection's states before its cards are read


class Friend:
    """The friend dialog and the friend matches kept in the store."""

    def __init__(self, page) -> None:
        self.page = page
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
        self.live = Live(self)  # the live connection, when the match is played live
        self.hand = PickedHand(self)  # five cards picked from the collection, when asked
        self.tabs = FriendTabs(self)  # one tab per match: links opened in other tabs
        self.dialog = Owned("friend", self.render, self.action, "friend")  # its panel

    # ------------------------------------------------------------ the dialog

    def open_panel(self, screen: str = "") -> None:
        if screen:
            self.screen = screen
        elif self.screen == "invite" and not (self.info or {}).get("mine"):
            self.screen = "menu"
        if self.page.title:
            self.page.close_title(False)
        self.page.open_panel(self.dialog)

    def action(self, name: str) -> None:
        """A button of the friend dialog (`data-do="friend..."`)."""
        page = self.page
        if name == "friend":
            self.error = ""
            if self.live.shown:
                self.open_panel("live")
            else:
                self.open_panel("send" if self.on_table() else "menu")
        elif name == "friend_invite":
            page.spawn(self.invite())
        elif name in ("friend_invite_picked", "friend_live_picked", "friend_deck", "friend_back"):
            self.hand.action(name)
        elif name.startswith("friend_live"):
            self.live.action(name)
        elif name == "friend_open":
            page.spawn(self.open_any(page.screen.value("#friend-paste")))
        elif name == "friend_accept":
            page.spawn(self.accept())
        elif name == "friend_copy":
            page.spawn(self.copy(self.link()))
        elif name == "friend_share":
            page.spawn(page.screen.share(t("friend_share_title"), self.link()))
        elif name == "friend_more":
            self.more = not self.more
            page.draw()
        elif name == "friend_new":
            self.live.end()
            self.screen = "menu"
            page.draw()

    async def copy(self, link: str) -> None:
        """Copy `link` (the box showing it is selected too); its button then says so. Where
        the browser refuses, the box keeps the focus with the link selected, for the player
        to copy."""
        if not await self.page.screen.copy("#friend-link", link):
            return
        self.copied = link
        self.page.draw()
        self.page.screen.focus("#r-overlay [data-copied]")

    def box(self, link: str, do: str) -> str:
        """A link to send (`send_box`), its Copy button saying whether it was copied."""
        return send_box(link, do, link == self.copied)

    def link(self) -> str:
        return self.page.page_url + "#friend=" + self.code if self.code else ""

    def on_table(self):
        match = self.page.match
        return match if isinstance(match, FriendMatch) else None

    def fail(self, error, pasted: str = "") -> None:
        """Say why the worker refused (a `client.WorkerError`); `pasted`: a code given to the
        paste box (or by the address), whose message shows beside the box, the focus on it."""
        self.error = error.words
        self.pasted = (self.error, pasted)
        if self.page.panel != "friend":
            self.open_panel()
        else:
            self.page.draw()
        if pasted:
            self.page.screen.focus("#friend-paste")

    # -------------------------------------------------------------- its flows

    async def boot(self) -> None:
        """The engine is up: a code from the address is opened, or the friend match the
        table held before a reload comes back."""
        page = self.page
        code, self.waiting_code = self.waiting_code, ""
        if code:
            self.waiting = ""
            await self.open_any(code)
            return
        ident = "" if self.tabs.taken else active_id(page.store)  # (held by another tab)
        doc = page.store.get(DOC_PREFIX + ident) if ident else None
        if not doc:
            return
        try:
            reply = await client.friend_view(page.engine, doc)
        except client.WorkerError:  # (a match kept that cannot be read: the title shows)
            return
        if dealt(reply):
            self.took(reply)
            self.to_table(reply, False)

    def open_address(self, code: str) -> None:
        """A code from the page's address (a link opened)."""
        if self.page.engine is None:  # its own loading screen, not the title, until then
            self.waiting_code = code
            self.waiting = "friend_wait_link"
            self.open_panel("opening")
        else:
            self.page.spawn(self.open_any(code))

    async def loaded(self, words: str, ready=None) -> bool:
        """The engine is up (False: it failed), and `ready()` if given (the collection read,
        say); until then the dialog says `words` (its key) and how far the loading has got."""
        page = self.page
        ready = ready or (lambda: page.engine is not None)
        if not ready():
            self.error, self.waiting = "", words
            page.draw()
            await page.signal.until(lambda: ready() or bool(page.engine_error))
            if self.waiting != words:  # (something else began meanwhile)
                return False
            self.waiting = ""
            if page.engine is None:
                self.error = t("engine_failed", error=page.engine_error)
            page.draw()
        return page.engine is not None

    async def open_any(self, code) -> None:
        """A friend code (``TF``: by link) or a live code (``TL``: an offer or an answer)."""
        code = str(code or "").strip()
        if not await self.loaded("friend_wait_open"):
            return
        if code.split("friend=")[-1].lstrip().startswith("TL"):
            await self.live.take(code)
        else:
            await self.open_code(code)

    async def invite(self, show: bool = True, hand=None) -> bool:
        """The host's new match (the rule menu's rules); `show`: its link shows at once;
        `hand`: the host's five card ids, when hands are picked from each collection."""
        page = self.page
        if not await self.loaded("friend_wait_engine"):
            return False
        if show:  # (by link: a connection of another match carries nothing of this one; a
            self.live.end()  # live invitation has ended it as its exchange began)
        playing = page.choices.playing()
        try:
            reply = await client.friend_new(
                page.engine, playing["rules"], playing["card_set"], playing["level_range"], hand
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
        page = self.page
        code = str(code or "").strip()
        old = None
        try:
            found = await client.friend_id(page.engine, code)
        except client.WorkerError as e:
            self.fail(e, "" if live else code or " ")
            return False
        doc = page.store.get(DOC_PREFIX + found["id"]) or ""
        try:
            try:
                reply = await client.friend_open(page.engine, doc, code)
            except client.NothingNew as e:
                if not doc:
                    raise
                if live:
                    return True  # (the channel or the live code brought nothing new)
                old = e
                reply = await client.friend_view(page.engine, doc)  # a link taken already
        except client.WorkerError as e:
            self.fail(e, "" if live else code)
            return False
        self.error = ""
        self.took(reply)
        info = reply["friend"]
        if info["expect"] == "answer" and info["mine"]:
            self.open_panel("invite")
            return True
        shown = self.on_table()
        if dealt(reply) and (old is None or shown is None or shown.ident != info["id"]):
            self.to_table(reply, old is None)
        if old is not None:  # the match as it stands, and why nothing changed
            self.screen = "send"
            self.fail(old, code)
            return True
        if (info["mine"] and info["expect"] in ("play", "pick")) or (
            info["over"] and not info["owed"]  # (the result shows: nothing to send)
        ):
            if not live or page.panel == "friend":
                page.close_panel()
        elif not live:
            self.open_panel("send")
        return True

    async def accept(self, hand=None) -> None:
        page = self.page
        if hand is None and (self.info or {}).get("picked"):
            self.hand.start("accept")  # (five cards of the collection first)
            return
        try:
            reply = await client.friend_act(page.engine, self.doc, True, hand=hand)
        except client.WorkerError as e:
            self.fail(e)
            return
        self.took(reply)
        if not await self.live.accepted():
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
        store = self.page.store
        store.set(DOC_PREFIX + info["id"], self.doc)
        store.set(ACTIVE_KEY, json.dumps({"id": info["id"]}))
        state = "over" if info["over"] else "mine" if info["mine"] else "wait"
        self.page.screen.set_data("friend", state)  # (tests wait on these)
        self.page.screen.set_data("friend-check", self.code[-4:])
        self.live.send()

    def to_table(self, reply, animate: bool) -> None:
        """Show the friend match on the table (its last move played out when it is there)."""
        page = self.page
        match = self.on_table()
        if match is not None and match.ident == reply["friend"]["id"]:
            if reply["draft"] is not None or match.draft is not None:
                match.spawn(match.drafted(reply))
            else:
                match.spawn(match.their_move(reply, animate))
            return
        if page.title:
            page.close_title(False)
        page.new_table(None, False)
        match = FriendMatch(page, self, reply)
        page.match = match
        page.timeline.append(("match", page.match_counter))
        match.spawn(match.sync())

    # ------------------------------------------------------------- drawing

    def render(self) -> str:
        """The friend dialog."""
        from triad.ui.menu import rules_summary  # (loaded with the dialog)

        info: dict = self.info or {}
        body = more = ""
        paste = self.render_paste()
        if self.screen == "opening" and self.waiting:  # a link opened, the game loading
            body, paste = loading_note(self.page, self.waiting), ""
        elif self.screen == "invite" and info:
            picked = info.get("picked")
            body = (
                "<p>"
                + esc(t("friend_invited", rules=rules_summary(info["rules"])))
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
            rules = t("friend_rules", rules=rules_summary(self.page.settings["rules"]))
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
            error = loading_note(self.page, self.waiting)

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
        status = friend_status(info)
        # a new match, whether this one is over or not (this one is kept: its next link
        # brings it back)
        more = '<button type="button" data-do="friend_new">'
        more += esc(t("friend_another" if info.get("over") else "friend_new_match")) + "</button>"
        if not info.get("over") and not self.live.connected:
            more += '<button type="button" data-do="friend_live_again">' + esc(t("live_again"))
            more += "</button>"
        return (
            '<p class="friend-status" data-friend-status>'
            + esc(t("live_connected") if self.live.connected else status)
            + "</p>"
            + (self.box(self.link(), "friend") if info.get("owed") or not info.get("over") else "")
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
            + (loading_note(self.page, self.waiting) if self.waiting == "friend_wait_open" else "")
            + '<div class="dialog-buttons"><button type="button" data-do="friend_open">'
            + esc(t("friend_open"))
            + "</button></div>"
        )


class PickedHand:
    """A friend match whose hands are picked from each player's collection: the player
    picks its five in the collection's deck dialog (`triad.ui.album.render_deck`, as
    against the CPU), then the invitation or the answer goes with them. The collection
    itself never changes."""

    def __init__(self, friend) -> None:
        self.friend = friend

    def action(self, name: str) -> None:
        if name in ("friend_invite_picked", "friend_live_picked"):
            self.start("invite" if name == "friend_invite_picked" else "live")
        elif name == "friend_deck":
            self.friend.page.spawn(self.done())
        else:  # friend_back: the friend dialog as it was
            self.friend.page.coll.for_friend = ""
            self.friend.open_panel()

    def start(self, kind: str) -> None:
        """Open the deck dialog for `kind` ("invite", "live": an invitation by link or live;
        "accept"), or say why it cannot be."""
        friend = self.friend
        page = friend.page
        coll = page.coll
        rules = page.settings["rules"]
        if kind != "accept" and any(n in rules for n in ("random", "draft", "level_range")):
            friend.error = t("err_friend_picked_rules")
            friend.open_panel("menu")
            return
        if coll.status in ("idle", "loading"):  # its cards are not read yet: once they are
            friend.open_panel()
            page.spawn(self.when_read(kind, coll))
            return
        if sum(c["copies"] for c in coll.owned) < 5:
            friend.error = t("friend_no_collection")
            friend.open_panel()
            return
        friend.error = ""
        coll.open_deck(kind)

    async def when_read(self, kind: str, coll) -> None:
        """The deck dialog for `kind` once the collection `coll` is read (the dialog says
        the game loads meanwhile), unless something else began."""
        read = await self.friend.loaded("friend_wait_cards", lambda: coll.status not in LOADING)
        if read and coll.status not in LOADING and self.friend.page.panel == "friend":
            self.start(kind)

    async def done(self) -> None:
        """The deck dialog's button: the five go with the invitation or the answer (five
        dealt just before, once they have come: the five the dialog then shows)."""
        friend = self.friend
        coll = friend.page.coll
        deck = await coll.chosen_deck()
        if len(deck) != 5:
            coll.deck_error = t("deck_short", n=len(deck), more=5 - len(deck))
            friend.page.draw()
            return
        kind, coll.for_friend = coll.for_friend, ""
        if kind == "invite":
            friend.page.spawn(friend.invite(True, deck))
        elif kind == "live":
            friend.live.begin(friend.live.invite(deck))
        else:
            friend.open_panel("invite")
            friend.page.spawn(friend.accept(deck))

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


class FriendMatch(Match):
    """A friend match on the table: the player's moves go by code, the friend's come by code."""

    def __init__(self, page, friend, reply) -> None:
        info = reply["friend"]
        playing = {
            "rules": list(info["rules"]),
            "level": "adept",
            "card_set": info["set"],
            "mode": "friend",
            "seed": 0,
            "level_range": info["level_range"],
            "friend": info["id"],
        }
        Match.__init__(self, page, playing, reply["view"])
        self.friend = friend
        self.ident = info["id"]
        self.me = info["me"]
        self.synced = True
        self.draft = reply.get("draft")

    @property
    def humans(self) -> list:
        return [self.me]

    @property
    def verdict(self):
        """A side caught cheating: (title, text) of the verdict, the match's only result."""
        info = self.friend.info or {}
        if not info.get("cheat") or info.get("id") != self.ident:
            return None
        side = "you" if info["cheat"] == self.me else "them"
        return (t("friend_void_" + side), friend_status(info))

    async def sync(self) -> None:
        self.page.draw()
        await self.next_turn()

    async def next_turn(self) -> None:
        info = self.friend.info or {}
        if self.draft is not None:
            if self.page.panel in (None, "draft"):  # (the picks so far, whoever picks now)
                self.show_draft({"draft": self.draft})
            return
        if self.view is None:
            return
        if info.get("over"):
            self.finish()
            if info.get("cheat"):
                self.page.show_notice(friend_status(info))
            return
        if info.get("mine") and info.get("expect") == "play":
            self.begin_human()
            return
        self.sel.end()
        self.to(WAITING)
        self.page.draw()

    def pick_draft(self, value: str) -> None:
        """This side takes a card of the draft: the pick goes to the friend as a move does."""
        draft = self.draft
        if draft is None or draft["to_pick"] != self.me or self.page.engine is None:
            return
        self.draft = None  # no second pick while this one is on its way
        self.spawn(self.send_pick(draft, int(value)))

    async def send_pick(self, draft, index: int) -> None:
        page = self.page
        try:
            reply = await client.friend_act(page.engine, self.friend.doc, False, -1, -1, index)
        except client.WorkerError as e:
            self.draft = draft
            page.show_notice(e.words)
            return
        self.friend.took(reply)
        await self.drafted(reply)
        if not reply["friend"]["mine"]:  # (the last pick is the first mover's: it plays on)
            self.friend.sent()  # the pick goes to the friend by the channel, or by code

    async def drafted(self, reply) -> None:
        """A pick made, here or by the friend: the draft as it stands, or the match once
        both hold five cards."""
        page = self.page
        self.draft = reply["draft"]
        if self.draft is not None:
            if page.panel in (None, "draft"):
                self.show_draft(reply)
            return
        page.panels.close("draft")
        await self.land(reply)

    def request_hint(self) -> None:
        """No CPU in a friend match: F1 does nothing."""

    def moved(self) -> None:
        """The friend's document is kept by `Friend.took`, before the move shows."""

    def human_move(self, move) -> None:
        page = self.page
        card, cell = move
        player = self.view["to_move"]
        self.sel.end()
        asked = client.friend_act(page.engine, self.friend.doc, False, card, cell)
        self.show_placing(player, card, cell)
        self.spawn(self.send(player, card, cell, asked))

    async def send(self, player: str, card: int, cell: int, asked) -> None:
        page = self.page
        before = self.board.before
        try:
            reply = await asked
        except client.WorkerError as e:
            self.board.take_back(before)
            self.to(HUMAN)
            page.show_notice(e.words)
            page.draw()
            await self.next_turn()
            return
        self.friend.took(reply)
        await self.board.play(before, player, cell, reply["placed"], reply["events"])
        await self.land(reply)
        self.friend.sent()  # the move goes to the friend by the channel, or by code

    async def their_move(self, reply, animate: bool) -> None:
        """The friend's code brought their move: it is played out, then the turn goes on."""
        before = self.view
        mover = reply.get("mover")
        cell = last_cell(before, reply["view"]) if mover and before else None
        if animate and cell is not None and reply["placed"] is not None:
            self.to(ANIMATING)  # (their hand is hidden: the card placed is the one they drew)
            self.board.place(mover, 0, cell, reply["placed"])
            await self.board.play(before, mover, cell, reply["placed"], reply["events"])
        await self.land(reply)

    async def land(self, reply) -> None:
        self.board.show(reply["view"])
        self.to(OVER if (reply["friend"]["over"]) else HUMAN)
        self.page.draw()
        self.page.timeline.append(("friend", reply["friend"]["plays"]))
        await self.next_turn()


def last_cell(before, after):
    """The cell the last move filled (None when the board began again: Sudden Death)."""
    if after is None:
        return None
    filled = [i for i in range(9) if before["board"][i] is None and after["board"][i] is not None]
    return filled[0] if len(filled) == 1 else None


__all__ = ["ACTIVE_KEY", "DOC_PREFIX", "Friend", "FriendMatch"]
