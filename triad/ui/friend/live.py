"""Playing a friend live: the two browsers connected by a WebRTC data channel, no server.

The host's page makes an offer and shows it as a live code (a link, the text,
a QR code); the guest's page opens it, shows the rules, and once accepted
shows its answer the same way; the host opens the answer and the channel
opens (`assets/js/live.js` holds the connection). Each live code carries the
match's log too (`triad.friend.live`), so the match is the by-link match of
`triad.ui.friend.link` and nothing else: once connected, each side sends its whole
friend code over the channel whenever its log grows, and the other side
opens it as it would a pasted code (the engine worker checks it whole).

By default WebRTC is given no ICE server, so nothing leaves the page's own
host and only the local network connects; the player may turn on the one
public STUN server the dialog names (the choice is kept as JSON under
``triad.live``). Where no connection opens in time, or it drops (a reload,
a closed tab), the dialog says so and offers a fresh exchange or the
by-link code of the same match.

Each exchange runs in a scope of its own (`triad.ui.page.scope`), a child of the
page's: a new exchange, a match by link or a new friend match ends it, and
with it whatever it still awaited (the engine, a code to make, a code heard
over the channel to open).

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.look.html import attrs, esc
from triad.ui.look.text import explain, t
from triad.ui.page import client

#: The player's choice of the public STUN server, ``{"stun": bool}``.
STUN_KEY = "triad.live"
#: How long the side that took the answer waits for the channel to open.
CONNECT_MS = 30_000
#: How long the guest waits, its answer sent, for the host to open it.
ANSWERED_MS = 300_000


class Live:
    """The live connection of the friend match shown, and the dialog's live screens.

    ``state``: "off"; "engine" (the engine to come up first); "making" (an offer or
    answer in the making); "offer" (sent, its answer awaited); "answer" (sent, the host
    to open it); "connecting";
    "open"; "lost" (it dropped); "failed" (no connection in time, or no WebRTC).
    """

    def __init__(self, friend, services, screen, scope, engine_error, loading, url) -> None:
        """`friend`: the friend dialog (its match's codes, its screens); `services`: the
        page's (`triad.ui.page.services.Services`); the `screen` (live.js and the QR code maker
        are on its window); the page's `scope`, whose children the exchanges run in;
        `engine_error()` (why the engine failed, "" while none), `loading()` (how far its
        loading has got, in words) and `url()` (the page's address)."""
        self.friend = friend
        self.services = services
        self.screen = screen
        self.parent = scope
        self.engine_error = engine_error
        self.loading = loading
        self.url = url
        self.state = "off"
        self.code = ""  # the live code to send now
        self.offered = ""  # an offer's description, answered once the invitation is accepted
        self.sent = ""  # the last friend code sent over the channel
        self.heard = ""  # the last one received
        self.stun = load_stun(services.store)
        self.drawn = ("", "")  # (a link, its QR code's SVG): drawn once, not at each redraw
        self.swapped = False  # the offer shown replaces an answer this browser gave up on
        self.scope = scope.child("live")  # the exchange under way and its channel

    @property
    def link(self) -> str:
        return self.url() + "#friend=" + self.code if self.code else ""

    def rtc(self):
        return getattr(self.screen.js.window, "triadLive", None)

    async def loaded(self) -> None:
        """live.js and the QR code maker are there (boot.js fetches them once the page is
        up, not before the title)."""
        load = getattr(self.screen.js.window, "triadLoadLive", None)
        if load is not None:
            await load()

    def to(self, state: str) -> None:
        self.state = state
        self.screen.set_data("live", state)  # (tests wait on it)

    def action(self, name: str) -> None:
        """A button of the live screens (`data-do="friend_live..."`)."""
        services = self.services
        if name == "friend_live":
            self.begin(self.invite())
        elif name == "friend_live_again":
            self.begin(self.offer())
        elif name == "friend_live_stun":
            self.stun = not self.stun
            services.store.set(STUN_KEY, json.dumps({"stun": self.stun}))
            services.draw()
        elif name == "friend_live_copy":
            services.spawn(self.friend.copy(self.link))
        elif name == "friend_live_share":
            services.spawn(self.screen.share(t("friend_share_title"), self.link))

    def begin(self, exchange) -> None:
        """A new exchange (the coroutine `exchange`): the one under way ends first."""
        self.end()
        self.scope.spawn(exchange)

    def end(self) -> None:
        """No live connection any more (another match begins): the exchange's tasks end."""
        self.renew()
        rtc = self.rtc()
        if rtc is not None:
            rtc.close()
        self.code = self.offered = ""
        self.to("off")

    def renew(self) -> None:
        """The tasks of the exchange under way end; the next ones start in a new scope."""
        self.scope.end()
        self.scope = self.parent.child("live")

    # -------------------------------------------------------------- the exchange

    async def invite(self, hand=None) -> None:
        """The host: a new match (the rule menu's rules), offered live; before the engine is
        up (a quick match is played meanwhile), the dialog shows it loading and goes on.
        `hand`: the host's five, when hands are picked from each collection."""
        services = self.services
        if services.engine() is None:
            self.to("engine")
            self.friend.show("", "live")
            await services.signal.until(
                lambda: services.engine() is not None or bool(self.engine_error())
            )
            if services.engine() is None:
                self.to("failed")
                self.friend.show(t("engine_failed", error=self.engine_error()), "live")
                return
        if await self.friend.invite(False, hand):
            await self.offer()

    async def offer(self, swapped: bool = False) -> None:
        """An offer for the match shown (a new one, or one to reconnect); `swapped`: in place
        of an answer this browser stopped waiting on."""
        await self.loaded()
        rtc = self.rtc()
        self.offered = ""
        self.swapped = swapped
        self.to("making")
        self.friend.open_panel("live")
        sdp = str(await rtc.offer(self.stun)) if rtc is not None and rtc.available else ""
        await self.made(sdp, True)

    async def answer(self) -> None:
        """The guest (or the side a reconnection is offered to): the answer to the offer."""
        await self.loaded()
        rtc, offered, self.offered = self.rtc(), self.offered, ""
        self.to("making")
        self.friend.open_panel("live")
        sdp = str(await rtc.answer(offered, self.stun)) if rtc is not None else ""
        if await self.made(sdp, False):
            rtc.wait(wait_ms(self.screen, ANSWERED_MS))

    async def made(self, sdp: str, offer: bool) -> bool:
        friend = self.friend
        if not sdp:
            self.to("failed")
            friend.show(t("live_no_webrtc"), "live")
            return False
        try:
            reply = await client.friend_live_code(self.services.engine(), friend.doc, sdp, offer)
        except client.WorkerError as e:
            self.to("failed")
            friend.fail(e)
            return False
        self.code = reply["code"]
        self.to("offer" if offer else "answer")
        friend.show("", "live")
        return True

    async def take(self, code: str) -> None:
        """The other side's live code (pasted, or the page's address)."""
        await self.loaded()
        friend = self.friend
        try:
            reply = await client.friend_live_read(self.services.engine(), code)
        except client.WorkerError as e:
            friend.fail(e)
            return
        if not await friend.open_code(reply["log"], True):
            return
        if reply["offer"]:  # (this side answers: an exchange begun here is given up)
            self.renew()
            self.offered = reply["sdp"]
            if friend.screen != "invite":  # (an invitation is answered once accepted)
                await self.answer()
            return
        rtc = self.rtc()
        if self.state == "offer" and rtc is not None:
            self.to("connecting")  # (the channel may open before `accept` returns)
            if await rtc.accept(reply["sdp"]):
                if self.state == "connecting":
                    friend.open_panel("live")
                    rtc.wait(wait_ms(self.screen, CONNECT_MS))
                return
            self.to("failed")
        friend.show(explain("", "live_stale"), "live")

    async def accepted(self) -> bool:
        """The invitation accepted: a live one is answered (False: it came by link)."""
        if not self.offered:
            return False
        await self.answer()
        return True

    # ------------------------------------------------------------ the channel

    def event(self, kind: str, text: str) -> None:
        """What `live.js` tells: "open", "message", "closed" or "timeout"."""
        services = self.services
        if kind == "open":
            self.to("open")
            self.sent = self.heard = ""
            self.code = ""
            self.send()
            self.friend.connected()
            services.notice(t("live_open"))
        elif kind == "message":
            self.scope.spawn(self.hear(text))
        elif kind == "closed" and self.state == "open":
            self.to("lost")
            services.notice("")  # ("Connected" no longer holds: the dialog says why)
            self.friend.open_panel("live")
        elif kind == "gaveup" and self.state == "answer":
            # This browser stopped waiting for the side that offered (Firefox does after
            # seconds): it offers instead, and the other side answers.
            self.scope.spawn(self.offer(True))
        elif kind in ("timeout", "gaveup") and self.state in ("offer", "answer", "connecting"):
            self.to("failed")
            self.friend.show(t("live_timeout"), "live")

    def send(self) -> None:
        """This side's friend code goes over the channel when it holds something new."""
        code = self.friend.code
        rtc = self.rtc()
        if self.state != "open" or not code or code in (self.sent, self.heard) or rtc is None:
            return
        if rtc.send(code):
            self.sent = code

    async def hear(self, code: str) -> None:
        if code in (self.heard, self.friend.code):
            return
        self.heard = code
        await self.friend.open_code(code, True)

    @property
    def connected(self) -> bool:
        return self.state == "open"

    @property
    def shown(self) -> bool:
        """Whether the dialog opens on the live screen (an exchange under way, or failed)."""
        return self.state not in ("off", "open")

    # ------------------------------------------------------------ drawing

    def render(self, box) -> str:
        """The live screen of the friend dialog; `box(link, do)` draws a link to send."""
        state = self.state
        if state in ("offer", "answer"):
            link = self.link
            if self.drawn[0] != link and self.rtc() is not None:
                self.drawn = (link, str(self.rtc().qr(link)))
            qr = self.drawn[1]
            body = (
                '<p class="friend-status" data-friend-status>'
                + esc(
                    t(
                        "live_send_swap"
                        if self.swapped and state == "offer"
                        else "live_send_" + state
                    )
                )
                + "</p>"
                + box(link, "friend_live")
                + (
                    '<figure class="friend-qr"><div role="img"'
                    + attrs([("aria-label", t("live_qr"))])
                    + ">"
                    + qr
                    + "</div><figcaption>"
                    + esc(t("live_qr"))
                    + "</figcaption></figure>"
                    if qr
                    else ""
                )
            )
            return body  # (the dialog's paste box takes the answer)
        if state == "engine":
            return loading_note(self.loading(), "friend_wait_engine")
        if state in ("making", "connecting", "open"):  # ("open": the deal on its way)
            return (
                '<p class="friend-status" data-friend-status role="status">'
                + esc(t("live_open_dealing" if state == "open" else "live_" + state))
                + "</p>"
            )
        # failed or lost: a fresh exchange (the public server offered again), or on by link
        friend = self.friend
        return (
            '<p class="friend-status" data-friend-status>'
            + esc(t("live_lost" if state == "lost" else "live_by_link"))
            + "</p>"
            + (self.render_stun() if state == "failed" else "")
            + '<div class="dialog-buttons"><button type="button" data-do="friend_live_again">'
            + esc(t("live_again"))
            + "</button></div>"
            + (box(friend.link(), "friend") if friend.code else "")
        )

    def render_choice(self) -> str:
        """The live part of the friend dialog's first screen: the button and the STUN box."""
        return (
            "<p>"
            + esc(t("live_about"))
            + "</p>"
            + self.render_stun()
            + '<div class="dialog-buttons"><button type="button" class="big"'
            ' data-do="friend_live">' + esc(t("live_invite")) + "</button></div>"
        )

    def render_stun(self) -> str:
        """The choice of the public (STUN) server, in plain words."""
        return (
            '<label class="friend-stun"><input type="checkbox" data-do="friend_live_stun"'
            + (" checked" if self.stun else "")
            + "> "
            + esc(t("live_stun", server=str(self.rtc().stun) if self.rtc() else ""))
            + "</label>"
        )


def loading_note(loading: str, words: str) -> str:
    """The dialog's words while the game loads (`words`: what happens once it is up;
    `loading`: how far the loading has got)."""
    return (
        '<p class="friend-status" data-friend-status role="status">'
        + esc(t(words))
        + '</p><p class="engine-loading"><i class="spinner"></i>'
        + esc(loading)
        + "</p>"
    )


def load_stun(store) -> bool:
    """Whether the player turned the public STUN server on (off unless it says so)."""
    try:
        return json.loads(store.get(STUN_KEY) or "{}").get("stun") is True
    except (ValueError, AttributeError):  # not what this page writes: off
        return False


def wait_ms(screen, default: int) -> int:
    """How long to wait for the channel (a test may shorten it: ``window.triadLiveWaitMs``)."""
    try:
        return int(screen.js.window.triadLiveWaitMs or default)
    except Exception:  # not set: the default
        return default


__all__ = ["STUN_KEY", "Live", "load_stun", "loading_note"]
