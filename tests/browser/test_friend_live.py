"""Playing a friend live: two browser contexts connect by a WebRTC data channel over loopback.

Each side is its own browser context, as two players on two devices. The host
invites live, the guest opens the invitation's link, accepts and sends its
answer back as a code; then every move travels over the data channel and both
engines check it. No ICE server is given (STUN is off by default): the two
contexts of one Chromium connect by their host candidates, mDNS `.local`
names that resolve inside one browser, so the default launch flags do. The
contexts' watch (conftest) fails the test on any request to another host, and
every RTCPeerConnection the pages make is recorded to check it had no ICE
server. Against Firefox too, every side reduces motion: these tests are about the
channel (the page's animations in Firefox and WebKit: tests/browser/test_engines.py).
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.conftest import PlaywrightTimeout, wait_engine, wait_ready
from tests.browser.test_a11y import ARTIFACTS, axe_violations
from tests.browser.test_friend import (
    COLLECTION,
    WORDS,
    Player,
    hand_ids,
    pick_five,
)
from tests.ui.test_friend_picked_by_link import collection_save

pytestmark = pytest.mark.browser

# Every RTCPeerConnection's configuration, kept where the test can read it.
RECORD_RTC = """
(() => {
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  window.rtcConfigs = [];
  window.RTCPeerConnection = function (config) {
    window.rtcConfigs.push(JSON.stringify(config || {}));
    return new Real(config);
  };
  window.RTCPeerConnection.prototype = Real.prototype;
  window.RTCPeerConnection.generateCertificate = Real.generateCertificate.bind(Real);
})();
"""


class LivePlayer(Player):
    def __init__(self, new_context: Any, url: str, rules: list[str], **options: Any) -> None:
        super().__init__(new_context, url, rules, **options)
        self.rules = rules
        self.page.context.add_init_script(RECORD_RTC)

    def live(self) -> str:
        return self.data("live")

    def wait_live(self, *states: str) -> str:
        return self.wait_data("live", *states)

    def open_dialog(self) -> None:
        if not self.page.locator(".friend").is_visible():
            self.page.locator('[data-action="rules"]').click()
            self.page.locator('.menu [data-do="friend"]').click()

    def unfold(self) -> None:
        """The dialog's first screen: its other ways to play (live, picked hands) unfolded."""
        self.open_dialog()
        more = self.page.locator('[data-do="friend_more"]')
        if more.get_attribute("aria-expanded") != "true":
            more.click()

    def move(self) -> int:
        """Play a move by mouse or keyboard; the number of cards on the board after it."""
        page = self.page
        wait_ready(page)
        before = self.owners()
        self.place()
        self.wait_owners(before + 1)
        return before + 1

    def wait_owners(self, count: int) -> None:
        self.page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length == {count}"
        )

    def rtc_configs(self) -> list[dict[str, Any]]:
        return [json.loads(c) for c in self.page.evaluate("window.rtcConfigs || []")]


def wait_hand(side: LivePlayer, who: str, deck: list[str]) -> None:
    """Wait until `who`'s hand on `side`'s table is the five of `deck`."""
    want = sorted(set(deck))
    with contextlib.suppress(PlaywrightTimeout):  # (the assertion says what was there)
        side.page.wait_for_function(
            """([who, want]) => {
              const ids = [...document.querySelectorAll(`[data-hand="${who}"] .card[data-id]`)]
                .map((c) => c.dataset.id);
              return JSON.stringify([...new Set(ids)].sort()) === JSON.stringify(want);
            }""",
            arg=[who, want],
            timeout=20_000,
        )
    assert hand_ids(side, who) == want


def live_host(new_context: Any, url: str) -> LivePlayer:
    """A host in Chromium whose live invitation is shown."""
    host = LivePlayer(new_context, url, [])
    host.boot()
    wait_ready(host.page)
    host.unfold()
    host.page.locator('[data-do="friend_live"]').click()
    host.wait_live("offer")
    return host


def exchange(host: LivePlayer, guest: LivePlayer, fresh: bool) -> None:
    """The host's offer goes to the guest, the guest's answer back: both connect."""
    offer = host.link()
    assert "#friend=TL1." in offer
    assert host.page.locator(".friend-qr svg path").count() == 1  # its QR code, drawn
    if fresh:
        guest.boot(offer)
        accept = guest.page.locator('[data-do="friend_accept"]')
        accept.wait_for(state="visible")
        shown = guest.page.locator(".friend").inner_text()
        for rule in host.rules:
            assert WORDS["rule_" + rule] in shown, (rule, shown)
        accept.click()
    else:
        guest.open_dialog()
        guest.paste(offer)
    guest.wait_live("answer")
    answer = guest.link()
    assert "#friend=TL1." in answer and answer != offer
    host.paste(answer)
    host.wait_live("open")
    guest.wait_live("open")


def start_live(new_context: Any, url: str, rules: list[str]) -> tuple[LivePlayer, LivePlayer]:
    host, guest = LivePlayer(new_context, url, rules), LivePlayer(new_context, url, rules)
    host.rules = guest.rules = rules
    host.boot()
    wait_ready(host.page)
    host.unfold()
    stun = host.page.locator('[data-do="friend_live_stun"]')
    assert not stun.is_checked()  # off unless the player turns it on
    assert "stun:stun.l.google.com:19302" in host.page.locator(".friend-stun").inner_text()
    host.page.locator('[data-do="friend_live"]').click()
    host.wait_live("offer")
    exchange(host, guest, True)
    host.me, guest.me = "blue", "red"
    return host, guest


def play_live(host: LivePlayer, guest: LivePlayer, reload_at: int = -1) -> None:
    """Play until both sides see the match over; after move `reload_at` the guest reloads
    and the host offers a fresh connection."""
    moves = 0
    for _ in range(40):
        states = host.wait_state("mine", "wait", "over"), guest.wait_state("mine", "wait", "over")
        if states == ("over", "over"):
            return
        if "mine" not in states:  # the move is on its way
            host.page.wait_for_timeout(100)
            continue
        mover, other = (host, guest) if states[0] == "mine" else (guest, host)
        count = mover.move()
        other.wait_owners(count)  # the move went over the channel, checked there
        moves += 1
        if moves == reload_at:
            guest.page.reload()
            wait_engine(guest.page)
            guest.wait_owners(count)  # the match came back from storage
            host.wait_live("lost")
            assert host.page.locator("[data-friend-status]").is_visible()
            host.page.locator('[data-do="friend_live_again"]').click()
            host.wait_live("offer")
            exchange(host, guest, False)
    pytest.fail(f"the match did not end: {host.state()} / {guest.state()}")


def test_a_whole_match_live(new_context: Any, server: Any) -> None:
    # the channel carries a friend match's codes whatever its rules: their variety is played
    # between two pages by link (tests/ui/test_friend_by_link.py)
    host, guest = start_live(new_context, server.url, ["three_open", "random", "chaos"])
    play_live(host, guest, reload_at=3)
    for side in (host, guest):
        assert side.state() == "over" and side.owners() == 9
        configs = side.rtc_configs()
        assert configs and all(c.get("iceServers") == [] for c in configs), configs


def test_a_live_match_with_hands_picked_from_each_collection(new_context: Any, server: Any) -> None:
    # the live invitation, like the by-link one, may have each side pick its five from its
    # own collection (seeded in its storage), the host on a laptop, the guest on a phone;
    # under Open each sees the other's five; the match ends over the channel and neither
    # collection changes (by link, reloads too: tests/ui/test_friend_picked_by_link.py)
    saves = collection_save(77), collection_save(78, copies=2)
    laptop = {"viewport": {"width": 1280, "height": 720}}
    host = LivePlayer(new_context, server.url, ["open"], collection=saves[0], **laptop)
    phone = {"viewport": {"width": 390, "height": 844}}
    guest = LivePlayer(new_context, server.url, ["open"], collection=saves[1], **phone)
    host.rules = guest.rules = ["open"]
    host.boot()
    wait_ready(host.page)
    host.unfold()
    host.page.locator('[data-do="friend_live_picked"]').click()
    host_deck = pick_five(host, str(ARTIFACTS / "friend-picked-deck-1280.jpg"))
    host.wait_live("offer")
    offer = host.link()
    assert "#friend=TL1." in offer
    guest.boot(offer)
    accept = guest.page.locator('[data-do="friend_accept"]')
    accept.wait_for(state="visible")
    assert WORDS["friend_hands_picked"] in guest.page.locator(".friend").inner_text()
    guest.page.screenshot(path=str(ARTIFACTS / "friend-picked-invited-390.jpg"))
    assert not axe_violations(guest.page, "friend match, invited to pick")
    accept.click()
    guest_deck = pick_five(guest, str(ARTIFACTS / "friend-picked-deck-390.jpg"))
    guest.wait_live("answer")
    host.paste(guest.link())
    host.wait_live("open")
    guest.wait_live("open")
    host.me, guest.me = "blue", "red"
    # the channel opens before the host's deal comes over it: until then the guest's table
    # still holds what was there, so wait for the host's five (Open: face up) to be dealt
    wait_hand(guest, "blue", host_deck)
    assert hand_ids(guest, "red") == sorted(set(guest_deck))
    assert hand_ids(host, "blue") == sorted(set(host_deck))
    host.page.screenshot(path=str(ARTIFACTS / "friend-picked-table-1280.jpg"))
    play_live(host, guest)
    for side, save in zip((host, guest), saves, strict=True):
        assert side.owners() == 9
        assert side.page.evaluate(f"localStorage.getItem({COLLECTION!r})") == save
    assert host.rtc_configs() and all(c.get("iceServers") == [] for c in host.rtc_configs())


def test_no_connection_in_time_goes_on_by_link(new_context: Any, server: Any) -> None:
    host = live_host(new_context, server.url)
    guest = LivePlayer(new_context, server.url, [])
    guest.page.context.add_init_script("window.triadLiveWaitMs = 1500;")
    guest.boot(host.link())
    guest.page.locator('[data-do="friend_accept"]').click()
    guest.wait_live("answer")  # its answer never reaches the host...
    guest.wait_live("failed")  # ...so no connection opens, and the page says so
    error = guest.page.locator("[data-friend-error]").inner_text()
    assert "could not connect" in error and "public server" in error
    stun = guest.page.locator('.friend [data-do="friend_live_stun"]')  # offered again
    assert stun.is_visible() and not stun.is_checked()
    link = guest.link()  # the same match, by link
    assert "#friend=TF3." in link
    assert host.take(link) in ("mine", "wait")
    assert host.page.locator("[data-cell]").count() == 9


def test_a_guest_that_stops_waiting_invites_instead(new_context: Any, server: Any) -> None:
    """Firefox stops checking seconds after it answered when nothing comes back (the host
    is Firefox too, or behind a NAT): the guest's page then offers at once, with words
    saying so, and the host's page answers that offer."""
    host = live_host(new_context, server.url)
    guest = LivePlayer(new_context, server.url, [])
    guest.boot(host.link())
    guest.page.locator('[data-do="friend_accept"]').click()
    guest.wait_live("answer")
    answer = guest.link()
    guest.page.evaluate(  # what live.js tells when the browser's ICE gives up
        "window.dispatchEvent(new CustomEvent('triad-live', {detail: {kind: 'gaveup'}}))"
    )
    guest.wait_live("offer")
    assert "stopped waiting" in guest.page.locator("[data-friend-status]").inner_text()
    offer = guest.link()
    assert "#friend=TL1." in offer and offer != answer
    host.paste(offer)
    host.wait_live("answer")
    guest.paste(host.link())
    host.wait_live("open")
    guest.wait_live("open")
    host.me, guest.me = "blue", "red"
    play_live(host, guest)
    assert host.owners() == guest.owners() == 9


@pytest.mark.cold  # the engine is held by a route, which the service worker would bypass
def test_inviting_live_before_the_engine_is_up_waits_for_it(
    new_context: Any, server: Any, tmp_path: Any
) -> None:
    """A quick match is played before the engine is up: "Invite to play live" pressed then
    shows the engine loading, and makes the invitation by itself once it is up."""
    from tests.browser.test_a11y import axe_violations
    from tests.browser.test_page_session import HeldEngine, blue_first_code

    host = LivePlayer(new_context, server.url, [])
    engine = HeldEngine(host.page.context)
    # (a deal where the player moves first: the CPU's first move would wait for the engine)
    host.page.goto(server.url + "?deal=" + quote(blue_first_code([])))
    wait_ready(host.page)
    assert host.page.evaluate("window.triadEngine.state") == "loading"
    host.unfold()
    host.page.locator('[data-do="friend_live"]').focus()
    host.page.keyboard.press("Enter")  # (by keyboard)
    host.wait_live("engine")
    status = host.page.locator("[data-friend-status]")
    assert "still loading" in status.inner_text()
    assert host.page.locator(".friend .engine-loading").is_visible()
    assert not host.page.locator("[data-friend-error]").count()
    assert not axe_violations(host.page, "friend, the engine loading")
    host.page.screenshot(path=str(tmp_path / "live-engine.jpg"))
    host.page.set_viewport_size({"width": 390, "height": 844})
    host.page.screenshot(path=str(tmp_path / "live-engine-phone.jpg"))
    engine.release()
    wait_engine(host.page)  # (booting takes longer than a wait's default on a busy machine)
    host.wait_live("offer")
    assert "#friend=TL1." in host.link()


def test_the_stun_choice_is_kept(new_context: Any, server: Any) -> None:
    host = LivePlayer(new_context, server.url, [])
    host.boot()
    wait_ready(host.page)
    host.unfold()
    host.page.locator('[data-do="friend_live_stun"]').check()
    stored = host.page.evaluate("localStorage.getItem('triad.live')")
    assert json.loads(stored) == {"stun": True}
    host.page.reload()
    wait_engine(host.page)
    wait_ready(host.page)
    host.unfold()
    assert host.page.locator('[data-do="friend_live_stun"]').is_checked()


FIREFOX_BOOT_MS = 180_000  # Pyodide in Firefox on a busy machine
PLAY = '.title-screen [data-do="title_play"]'


class FirefoxSide:
    """One side in Firefox (tests/browser/engines.py), read and played as a LivePlayer."""

    def __init__(self, firefox: Any, url: str) -> None:
        """A Firefox page on the table, its engine up, recording its RTCPeerConnections."""
        self.me = ""
        self.page = page = firefox.new_page(1280, 800)
        page.goto(url)
        page.wait(f"document.querySelector('{PLAY}')", FIREFOX_BOOT_MS)
        page.click(PLAY)
        page.wait("document.documentElement.classList.contains('ready')", FIREFOX_BOOT_MS)
        page.wait("window.triadEngine.state === 'ready'", FIREFOX_BOOT_MS)  # it makes codes
        page.js(RECORD_RTC.strip().rstrip(";"))  # (an expression, as js() takes)

    def data(self, name: str) -> str:
        return str(self.page.js(f"document.documentElement.dataset.{name} || ''"))

    def state(self) -> str:
        return self.data("friend")

    def wait_state(self, state: str) -> str:
        self.page.wait(f"document.documentElement.dataset.friend === '{state}'", 60_000)
        return state

    def wait_live(self, state: str) -> None:
        self.page.wait(f"document.documentElement.dataset.live === '{state}'", 60_000)

    def link(self) -> str:
        self.page.wait("document.querySelector('#friend-link')", 60_000)
        return str(self.page.js("document.querySelector('#friend-link').value"))

    def paste(self, code: str) -> None:
        """The other side's code into the friend dialog (opened from the rule menu)."""
        if not self.page.js("!!document.querySelector('#friend-paste')"):
            self.page.click('[data-action="rules"]')
            self.page.click('.menu [data-do="friend"]')
            self.page.wait("document.querySelector('#friend-paste')", 30_000)
        self.page.fill("#friend-paste", code)
        self.page.click('[data-do="friend_open"]')

    def invite(self) -> str:
        self.page.click('[data-action="rules"]')
        self.page.click('.menu [data-do="friend"]')
        self.page.wait("document.querySelector('[data-do=\"friend_more\"]')", 30_000)
        self.page.click('[data-do="friend_more"]')
        self.page.wait("document.querySelector('[data-do=\"friend_live\"]')", 30_000)
        self.page.click('[data-do="friend_live"]')
        self.wait_live("offer")
        return self.link()

    def join(self, offer: str) -> str:
        """Open the host's invitation, accept it: the answer to send back."""
        self.paste(offer)
        self.page.wait("document.querySelector('[data-do=\"friend_accept\"]')", 60_000)
        self.page.click('[data-do="friend_accept"]')
        self.wait_live("answer")
        return self.link()

    def move(self) -> None:
        """A card placed as a player would: card, space, the space again, each click once
        the page shows the one before (Puppeteer's clicks, unlike Playwright's, wait for
        nothing: a space's second click sent at once was seen lost, under reduced motion)."""
        card = f'[data-hand="{self.me}"] [data-card].pickable'
        self.page.wait(
            "document.documentElement.classList.contains('ready')"
            f" && document.querySelector('{card}')",
            60_000,
        )
        self.page.click(card)
        self.page.wait(f"document.querySelector('[data-hand=\"{self.me}\"] .card.sel')", 60_000)
        cell = self.page.js("document.querySelector('[data-cell]:not([data-owner])').dataset.cell")
        self.page.click(f'[data-cell="{cell}"]')
        self.page.wait(f"document.querySelector('[data-cell=\"{cell}\"].chosen')", 60_000)
        self.page.click(f'[data-cell="{cell}"]')

    def wait_owners(self, count: int) -> None:
        owned = f"document.querySelectorAll('[data-cell][data-owner]').length == {count}"
        self.page.wait(owned, 60_000)

    def rtc_configs(self) -> list[dict[str, Any]]:
        return [json.loads(c) for c in self.page.js("window.rtcConfigs || []")]


def play_across(a: Any, b: Any, origin: str) -> None:
    """Play the match through, the two sides taking turns; then check that neither asked
    any ICE server, nor a Firefox page any other host."""
    for count in range(1, 10):
        # Whose turn: a side's state may follow the card's landing by a moment.
        deadline = time.monotonic() + 60
        while "mine" not in (a.state(), b.state()) and time.monotonic() < deadline:
            time.sleep(0.1)
        (a if a.state() == "mine" else b).move()
        a.wait_owners(count)  # the move went over the channel, checked there
        b.wait_owners(count)
    assert a.wait_state("over") == b.wait_state("over") == "over"
    for side in (a, b):
        configs = side.rtc_configs()
        assert configs and all(c.get("iceServers") == [] for c in configs), configs
        if isinstance(side, FirefoxSide):
            requests = side.page.requests()
            assert not [u for u in requests if not u.startswith((origin, "data:"))], requests
            # (Firefox itself logs each connection it gave up on, as the guest starts over)
            errors = [e for e in side.page.errors() if "WebRTC: ICE failed" not in e]
            assert not errors, errors


@pytest.mark.engines
def test_a_whole_match_live_with_firefox_inviting(new_context: Any, server: Any) -> None:
    """Firefox hosts and Chromium joins: Firefox makes the offer."""
    from tests.browser.engines import start

    firefox = start("firefox", reduced_motion=True)
    try:
        host = FirefoxSide(firefox, server.url)
        offer = host.invite()
        assert "#friend=TL1." in offer
        guest = LivePlayer(new_context, server.url, [])
        guest.boot(offer)
        guest.page.locator('[data-do="friend_accept"]').click()
        guest.wait_live("answer")
        host.paste(guest.link())
        host.wait_live("open")
        guest.wait_live("open")
        host.me, guest.me = "blue", "red"
        play_across(host, guest, server.origin)
    finally:
        firefox.quit()


#: How long the Firefox guest's answer waits before the host opens it: a person sending
#: it back by chat (Firefox's own grace period, `trickle_grace_period`, is five seconds).
LATE_ANSWER_S = 40


@pytest.mark.engines
def test_a_whole_match_live_with_firefox_joining(new_context: Any, server: Any) -> None:
    """Chromium hosts and Firefox joins, its answer opened well after Firefox made it."""
    from tests.browser.engines import start

    host = live_host(new_context, server.url)
    firefox = start("firefox", reduced_motion=True)
    try:
        guest = FirefoxSide(firefox, server.url)
        answer = guest.join(host.link())
        assert "#friend=TL1." in answer
        time.sleep(LATE_ANSWER_S)
        assert guest.data("live") == "answer"  # still waiting
        host.paste(answer)
        host.wait_live("open")
        guest.wait_live("open")
        host.me, guest.me = "blue", "red"
        play_across(host, guest, server.origin)
    finally:
        firefox.quit()


@pytest.mark.engines
def test_a_whole_match_live_between_two_firefox(server: Any) -> None:
    """Firefox hosts and Firefox joins: the host answers no check before it has the answer,
    so the guest's Firefox gives up every few seconds and its page starts over, keeping what
    its answer promised, until the host opens the answer well after it was made."""
    from tests.browser.engines import start

    # (each page a window in front)
    firefox, other = start("firefox", reduced_motion=True), start("firefox", reduced_motion=True)
    try:
        host = FirefoxSide(firefox, server.url)
        guest = FirefoxSide(other, server.url)
        answer = guest.join(host.invite())
        time.sleep(LATE_ANSWER_S)
        assert guest.data("live") == "answer"  # still waiting
        assert len(guest.rtc_configs()) > 3  # (it started over, as Firefox gave up)
        host.paste(answer)
        host.wait_live("open")
        guest.wait_live("open")
        host.me, guest.me = "blue", "red"
        play_across(host, guest, server.origin)
    finally:
        try:
            firefox.quit()
        finally:
            other.quit()
