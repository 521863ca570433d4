"""Playing a friend live: two browser contexts connect by a WebRTC data channel over loopback.

Each side is its own browser context, as two players on two devices. The host
invites live, the guest opens the invitation's link, accepts and sends its
answer back as a code; then every move travels over the data channel and both
engines check it. No ICE server is given (STUN is off by default): the two
contexts of one Chromium connect by their host candidates, mDNS `.local`
names that resolve inside one browser, so the default launch flags do. The
contexts' watch (conftest) fails the test on any request to another host, and
every RTCPeerConnection the pages make is recorded to check it had no ICE
server.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import wait_engine, wait_ready
from tests.browser.test_friend import WORDS, Player

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
        guest.page.locator("#friend-paste").fill(offer)
        guest.page.locator('[data-do="friend_open"]').click()
    guest.wait_live("answer")
    answer = guest.link()
    assert "#friend=TL1." in answer and answer != offer
    host.page.locator("#friend-paste").fill(answer)
    host.page.locator('[data-do="friend_open"]').click()
    host.wait_live("open")
    guest.wait_live("open")


def start_live(new_context: Any, url: str, rules: list[str]) -> tuple[LivePlayer, LivePlayer]:
    host, guest = LivePlayer(new_context, url, rules), LivePlayer(new_context, url, rules)
    host.rules = guest.rules = rules
    host.boot()
    wait_ready(host.page)
    host.open_dialog()
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


@pytest.mark.parametrize(
    "rules",
    [["three_open", "random", "chaos"], ["same", "plus", "order"]],
    ids=["hidden-random-chaos", "same-plus-order"],
)
def test_a_whole_match_live(new_context: Any, server: Any, rules: list[str]) -> None:
    host, guest = start_live(new_context, server.url, rules)
    guest.keys = "order" in rules
    play_live(host, guest, reload_at=3 if "chaos" in rules else -1)
    for side in (host, guest):
        assert side.state() == "over" and side.owners() == 9
        configs = side.rtc_configs()
        assert configs and all(c.get("iceServers") == [] for c in configs), configs


def test_no_connection_in_time_goes_on_by_link(new_context: Any, server: Any) -> None:
    host = LivePlayer(new_context, server.url, [])
    guest = LivePlayer(new_context, server.url, [])
    guest.page.context.add_init_script("window.triadLiveWaitMs = 1500;")
    host.boot()
    wait_ready(host.page)
    host.open_dialog()
    host.page.locator('[data-do="friend_live"]').click()
    host.wait_live("offer")
    guest.boot(host.link())
    guest.page.locator('[data-do="friend_accept"]').click()
    guest.wait_live("answer")  # its answer never reaches the host...
    guest.wait_live("failed")  # ...so no connection opens, and the page says so
    error = guest.page.locator("[data-friend-error]").inner_text()
    assert "could not connect" in error and "STUN" in error
    link = guest.link()  # the same match, by link
    assert "#friend=TF1." in link
    assert host.take(link) in ("mine", "wait")
    assert host.page.locator("[data-cell]").count() == 9


def test_the_stun_choice_is_kept(new_context: Any, server: Any) -> None:
    host = LivePlayer(new_context, server.url, [])
    host.boot()
    wait_ready(host.page)
    host.open_dialog()
    host.page.locator('[data-do="friend_live_stun"]').check()
    stored = host.page.evaluate("localStorage.getItem('triad.live')")
    assert json.loads(stored) == {"stun": True}
    host.page.reload()
    wait_engine(host.page)
    wait_ready(host.page)
    host.open_dialog()
    assert host.page.locator('[data-do="friend_live_stun"]').is_checked()


FIREFOX_BOOT_MS = 180_000  # Pyodide in Firefox on a busy machine
PLAY = '.title-screen [data-do="title_play"]'


def firefox_move(page: Any) -> None:
    """Firefox's player places a card as a player would: card, space, the space again."""
    card = '[data-hand="blue"] [data-card].pickable'
    page.wait(
        f"document.documentElement.classList.contains('ready') && document.querySelector('{card}')",
        60_000,
    )
    page.click(card)
    cell = page.js("document.querySelector('[data-cell]:not([data-owner])').dataset.cell")
    page.click(f'[data-cell="{cell}"]')
    page.click(f'[data-cell="{cell}"]')


@pytest.mark.engines
def test_a_whole_match_live_with_firefox_inviting(new_context: Any, server: Any) -> None:
    """Firefox hosts and Chromium joins: Firefox makes the offer, as docs/FRIEND.md advises
    (Firefox gives up on an offer it answered if the answer is not opened within seconds)."""
    from tests.browser.engines import start

    firefox = start("firefox")
    try:
        host = firefox.new_page(1280, 800)
        host.goto(server.url)
        host.wait(f"document.querySelector('{PLAY}')", FIREFOX_BOOT_MS)
        host.click(PLAY)
        host.wait("document.documentElement.classList.contains('ready')", FIREFOX_BOOT_MS)
        host.wait("window.triadEngine.state === 'ready'", FIREFOX_BOOT_MS)  # it makes codes
        host.js(RECORD_RTC.strip().rstrip(";"))  # (an expression, as js() takes)
        host.click('[data-action="rules"]')
        host.click('.menu [data-do="friend"]')
        host.wait("document.querySelector('[data-do=\"friend_live\"]')", 30_000)
        host.click('[data-do="friend_live"]')
        host.wait("document.documentElement.dataset.live === 'offer'", 60_000)
        offer = str(host.js("document.querySelector('#friend-link').value"))
        assert "#friend=TL1." in offer
        guest = LivePlayer(new_context, server.url, [])
        guest.me = "red"
        guest.boot(offer)
        guest.page.locator('[data-do="friend_accept"]').click()
        guest.wait_live("answer")
        host.fill("#friend-paste", guest.link())
        host.click('[data-do="friend_open"]')
        host.wait("document.documentElement.dataset.live === 'open'", 60_000)
        guest.wait_live("open")
        mine = "document.documentElement.dataset.friend === 'mine'"
        for count in range(1, 10):
            # Whose turn: a side's state may follow the card's landing by a moment.
            for _ in range(600):
                if guest.state() == "mine" or host.js(mine):
                    break
                guest.page.wait_for_timeout(100)
            if guest.state() == "mine":
                guest.move()
            else:
                firefox_move(host)
            owned = f"document.querySelectorAll('[data-cell][data-owner]').length == {count}"
            host.wait(owned, 60_000)  # the move went over the channel, checked there
            guest.wait_owners(count)
        host.wait("document.documentElement.dataset.friend === 'over'", 60_000)
        assert guest.wait_state("over") == "over"
        configs = [json.loads(c) for c in host.js("window.rtcConfigs || []")]
        assert configs and all(c.get("iceServers") == [] for c in configs), configs
        assert guest.rtc_configs() and all(c.get("iceServers") == [] for c in guest.rtc_configs())
        outside = [u for u in host.requests() if not u.startswith((server.origin, "data:"))]
        assert not outside, outside
        assert not host.errors(), host.errors()
    finally:
        firefox.quit()
