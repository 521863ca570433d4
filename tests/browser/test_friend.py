"""Playing a friend by link: two browser contexts pass links and codes to play whole matches.

Each side is its own browser context (its own storage), as two players on two
devices. The host invites from the friend dialog; the guest opens the link;
then each move's link or code goes to the other side, pasted into the dialog
or opened as the page's address. The contexts' watch (conftest) fails the test
on any request to another host.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import wait_engine, wait_ready
from tests.browser.test_a11y import ARTIFACTS, axe_violations
from tests.ui.test_friend_picked_by_link import collection_save
from triad.ui.page import settings as prefs

pytestmark = pytest.mark.browser

LANG = Path(__file__).parents[2] / "triad/ui/lang"
WORDS = json.loads((LANG / "en/text.json").read_text("utf-8"))
FR_WORDS = json.loads((LANG / "fr/text.json").read_text("utf-8"))


COLLECTION = "triad:collection"


def settings_script(rules: list[str]) -> str:
    settings = prefs.defaults()
    settings["rules"] = rules
    value = prefs.dump(settings)
    return f"try {{ localStorage.setItem({prefs.KEY!r}, {value!r}); }} catch (e) {{}}"


class Player:
    """One side: a page in a context of its own."""

    def __init__(
        self, new_context: Any, url: str, rules: list[str], collection: str = "", **options: Any
    ) -> None:
        context, self.watch = new_context(**options)
        context.add_init_script(settings_script(rules))
        if collection:  # (a collection save of this player's own, before the page reads it)
            context.add_init_script(
                f"try {{ if (!sessionStorage.getItem('seeded')) {{"
                f" sessionStorage.setItem('seeded', 1);"
                f" localStorage.setItem({COLLECTION!r}, {collection!r}); }} }} catch (e) {{}}"
            )
        self.page = context.new_page()
        self.url = url
        self.me = ""
        self.keys = False  # plays by keyboard alone

    def boot(self, address: str = "") -> None:
        self.page.goto(address or self.url)
        wait_engine(self.page)

    def link(self) -> str:
        box = self.page.locator("#friend-link")
        box.wait_for(state="visible")
        return str(box.input_value())

    def state(self) -> str:
        return self.data("friend")

    def wait_state(self, *states: str) -> str:
        return self.wait_data("friend", *states)

    def data(self, name: str) -> str:
        """A data-* attribute of <html> the page sets (`friend`, `live`)."""
        return str(self.page.evaluate(f"document.documentElement.dataset.{name} || ''"))

    def wait_data(self, name: str, *values: str) -> str:
        try:
            self.page.wait_for_function(
                f"() => {json.dumps(list(values))}.includes(document.documentElement.dataset.{name})"
            )
        except PlaywrightTimeout:  # (what the page showed instead, said)
            status = self.page.locator("[data-friend-status]")
            words = status.first.inner_text() if status.count() else ""
            raise AssertionError(
                f"{self.me or 'a side'}: {name} is {self.data(name)!r}, not one of {values};"
                f" friend {self.state()!r}, live {self.data('live')!r}; it says {words!r}"
            ) from None
        return self.data(name)

    def check(self) -> str:
        return str(self.page.evaluate("document.documentElement.dataset.friendCheck || ''"))

    def take(self, code: str, by_address: bool = False) -> str:
        """Open the other side's link or code; the state once it is taken."""
        check = self.check()
        if by_address:
            self.page.goto(code)
        else:
            self.paste(code)
        self.page.wait_for_function(
            "old => document.documentElement.dataset.friendCheck !== old", arg=check
        )
        return self.state()

    def paste(self, code: str) -> None:
        page = self.page
        if not page.locator("#friend-paste").is_visible():
            page.locator('[data-action="rules"]').click()
            page.locator('.menu [data-do="friend"]').click()
        page.locator("#friend-paste").fill(code)
        page.locator('[data-do="friend_open"]').click()

    def play(self) -> str:
        """Play a move as a player would (card, then cell, then the cell again); the link."""
        page = self.page
        wait_ready(page)
        old = page.locator("#friend-link").input_value() if self.link_shown() else ""
        self.place()
        page.wait_for_function(
            "old => { const b = document.querySelector('#friend-link');"
            " return b && b.value && b.value !== old; }",
            arg=old,
        )
        return self.link()

    def place(self) -> None:
        """A card on the board by mouse, or by keyboard: the card at the cursor, the space
        at the cursor, confirmed."""
        page = self.page
        if self.keys:
            # letter keys act while the board or a hand has the focus (WCAG 2.1.4)
            if not page.evaluate("!!document.activeElement?.closest('#r-board, [data-hand]')"):
                page.locator(f'[data-hand="{self.me}"] [data-card]').first.focus()
            for key in ("z", "ArrowRight", "Enter", "z"):
                page.keyboard.press(key)
        else:
            page.locator(f'[data-hand="{self.me}"] [data-card].pickable').first.click()
            cell = page.locator("[data-cell]:not([data-owner])").first
            index = cell.get_attribute("data-cell")
            page.locator(f'[data-cell="{index}"]').click()
            page.locator(f'[data-cell="{index}"]').click()

    def pick(self) -> str:
        """Take a card of the draft (the first on the table; by keyboard, the one focused);
        the state once the pick is made."""
        page = self.page
        button = page.locator("#r-overlay .draft-pick:not([disabled])").first
        button.wait_for(state="visible")
        check = self.check()
        if self.keys:
            page.wait_for_function(
                "() => document.activeElement?.matches('.draft-pick:not([disabled])')"
            )
            page.keyboard.press("Enter")
        else:
            button.click()
        page.wait_for_function(
            "old => document.documentElement.dataset.friendCheck !== old", arg=check
        )
        return self.state()

    def link_shown(self) -> bool:
        return bool(self.page.locator("#friend-link").count())

    def owners(self) -> int:
        return int(self.page.locator("[data-cell][data-owner]").count())


def start(
    new_context: Any, url: str, rules: list[str], **options: Any
) -> tuple[Player, Player, str]:
    host = Player(new_context, url, rules, **options)
    guest = Player(new_context, url, rules, **options)
    host.boot()
    if "draft" in rules:  # the table opens on a draft against the CPU, left for the friend
        host.page.locator("#r-overlay .draft-pick").first.wait_for(state="visible")
    else:
        wait_ready(host.page)
    host.page.locator('[data-action="rules"]').click()
    host.page.locator('.menu [data-do="friend"]').click()
    host.page.locator('[data-do="friend_invite"]').click()
    invite = host.link()
    assert "#friend=TF3." in invite
    guest.boot(invite)
    accept = guest.page.locator('[data-do="friend_accept"]')
    accept.wait_for(state="visible")
    shown = guest.page.locator(".friend").inner_text()
    words = WORDS if options.get("locale", "en") == "en" else FR_WORDS
    for rule in rules:  # the guest sees the rules it is invited to
        assert words["rule_" + rule] in shown, (rule, shown)
    accept.click()
    guest.wait_state("wait")
    host.take(guest.link())
    host.me, guest.me = "blue", "red"
    return host, guest, host.link() if host.state() == "wait" else ""


def play_through(host: Player, guest: Player, code: str, reload_at: int = -1) -> None:
    """Pass links until both sides see the match over; `reload_at`: the move after which
    each side reloads its page once."""
    players = [host, guest]
    mover = host if host.state() == "mine" else guest
    if code:  # the host's start went first: the guest opens it
        mover = guest
        if guest.take(code) == "wait":  # (it shows its cards first: Open, Swap)
            assert host.take(guest.link()) == "mine"
            mover = host
    moves = 0
    while True:
        link = mover.play()
        moves += 1
        other = players[1] if mover is players[0] else players[0]
        if moves == reload_at:
            reload(players)
        # odd moves: a link opened in the same tab (its fragment changes); even: pasted
        state = other.take(link, by_address=bool(moves % 2))
        if state == "over":
            if other.check() != mover.check():  # (no reveal when every card was known)
                assert mover.take(other.link()) == "over"  # the reveal goes back to be checked
            return
        assert state == "mine"
        mover = other


def reload(players: list[Player]) -> None:
    """Each side reloads its page: the match comes back as it stood."""
    for side in players:
        before, state = side.owners(), side.state()
        side.page.reload()
        wait_engine(side.page)
        side.page.locator(f'html[data-friend="{state}"]').wait_for(state="attached")
        side.page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length == {before}"
        )


def draft_through(
    host: Player, guest: Player, code: str, reload_at: int = -1, audit: bool = False
) -> None:
    """Pick the draft's ten cards in turn, passing links, until the first mover plays;
    `audit`: axe checks the draft dialog of the side to pick and of the side waiting."""
    if code:  # the host's start went first: the guest picks first
        assert guest.take(code, by_address=True) == "mine"
    picker, other = (host, guest) if host.state() == "mine" else (guest, host)
    for picks in range(1, 11):
        if audit and picks == 5:
            picker.page.locator("#r-overlay .draft-pick:not([disabled])").first.wait_for()
            picker.page.screenshot(path=str(ARTIFACTS / "friend-draft-to-pick.jpg"))
            found = axe_violations(picker.page, "friend draft, to pick")
        state = picker.pick()
        if picks == 10:  # the last pick is the first mover's, who plays on
            assert state == "mine"
            return
        assert state == "wait"
        link = picker.link()
        if audit and picks == 5:  # (the dialog closed over the draft shows the draft again)
            found += axe_violations(picker.page, "friend draft, the pick to send")
            picker.page.locator('.dialog.friend [data-do="close"]').first.click()
            picker.page.locator(".dialog.draft").wait_for()
            picker.page.screenshot(path=str(ARTIFACTS / "friend-draft-waiting.jpg"))
            found += axe_violations(picker.page, "friend draft, waiting")
            assert not found, found
        if picks == reload_at:  # the draft comes back as it stood, on both sides
            reload([host, guest])
            for side, count in ((picker, picks), (other, picks - 1)):
                taken = side.page.locator("#r-overlay [data-drafted]")
                taken.first.wait_for(state="attached")
                assert taken.count() == count
        assert other.take(link, by_address=bool(picks % 2)) == "mine"
        picker, other = other, picker


def test_a_drafted_match_by_link(new_context: Any, server: Any) -> None:
    # the twelve cards come from the shared chance; each pick is a move sent by link; in
    # French, on a phone, the host by mouse and the guest by keyboard, with axe auditing
    # the draft dialog (the draft's logic between two pages, English and by clicks:
    # tests/ui/test_friend_by_link.py)
    size = {"viewport": {"width": 390, "height": 844}}
    host, guest, code = start(new_context, server.url, ["draft"], locale="fr", **size)
    guest.keys = True
    draft_through(host, guest, code, reload_at=3, audit=True)
    first = host if host.state() == "mine" else guest
    first.page.locator(f'[data-hand="{first.me}"] [data-card]').first.wait_for(state="attached")
    assert first.page.locator("[data-hand] .card.back").count() == 0  # every card known
    play_through(host, guest, "", reload_at=4)
    for side in (host, guest):
        assert side.state() == "over"
        assert side.owners() == 9


def test_a_whole_match_by_link(new_context: Any, server: Any) -> None:
    # one whole match through the real page, both pages reloaded mid-match (the rule sets'
    # variety, between two pages: tests/ui/test_friend_by_link.py)
    rules = ["three_open", "random", "chaos"]
    host, guest, code = start(new_context, server.url, rules)
    play_through(host, guest, code, reload_at=3)
    for side in (host, guest):
        assert side.state() == "over"
        assert side.owners() == 9
    play_again(guest)


def play_again(side: Player) -> None:
    """The result's Play again after a friend match: not a match against the CPU, but the
    rematch's link to send (tests/ui/test_friend_rematch.py plays rematches through)."""
    page = side.page
    if page.locator(".dialog.friend").count():
        page.keyboard.press("Escape")
    page.locator('.result [data-do="rematch"]').click()
    page.locator(".dialog.friend [data-friend-link]").wait_for()
    status = page.locator(".dialog.friend [data-friend-status]").inner_text()
    assert status.startswith("Rematch"), status
    assert side.state() == "wait"  # (the new invitation, its answer awaited)
    page.screenshot(path=str(ARTIFACTS / "friend-rematch-link.jpg"))
    assert not axe_violations(page, "friend match, the rematch's link")


def pick_five(side: Player, shot: str = "") -> list[str]:
    """In the collection's deck dialog opened for a friend match: five dealt at random from
    the collection, then sent; the five card ids."""
    page = side.page
    page.locator('.dialog.deck [data-do="friend_deck"]').wait_for()
    page.locator('[data-do="deck_deal"]').click()
    page.locator('[data-deck="5"]:not([aria-busy])').wait_for(state="attached")
    deck = [c.get_attribute("data-id") or "" for c in page.locator(".deck-chosen .card").all()]
    if shot:
        page.screenshot(path=shot)
    assert not axe_violations(page, "friend match, the deck dialog")
    page.locator('[data-do="friend_deck"]').click()
    return deck


def hand_ids(side: Player, who: str) -> list[str]:
    cards = side.page.locator(f'[data-hand="{who}"] [data-card] .card, [data-hand="{who}"] .card')
    return sorted({c.get_attribute("data-id") or "" for c in cards.all()} - {""})


def test_picked_hands_need_dealt_rules_off(new_context: Any, server: Any) -> None:
    host = Player(new_context, server.url, ["random"], collection=collection_save(77))
    host.boot()
    wait_ready(host.page)
    host.page.locator('[data-action="rules"]').click()
    host.page.locator('.menu [data-do="friend"]').click()
    host.page.locator('[data-do="friend_more"]').click()
    host.page.locator('[data-do="friend_invite_picked"]').click()
    error = host.page.locator("[data-friend-error]")
    error.wait_for(state="visible")
    assert "need dealt hands" in error.inner_text()
    assert host.page.locator(".dialog.deck").count() == 0


def test_a_link_opened_in_a_second_tab_goes_to_the_first(new_context: Any, server: Any) -> None:
    # the guest opens the host's link in a new tab of the same browser, while the match is
    # on the table of its first tab: the first tab shows the move at once, the new one says
    # so and leaves the match alone
    host, guest, code = start(new_context, server.url, ["same"])
    link = code or host.play()
    check = guest.check()
    tab = guest.page.context.new_page()
    tab.goto(link)
    notice = tab.locator("#boot-notice")
    notice.wait_for(state="visible")
    assert "open in another tab" in notice.inner_text()
    guest.page.wait_for_function(
        "old => document.documentElement.dataset.friendCheck !== old", arg=check
    )
    assert guest.state() == "mine"
    wait_engine(tab)
    assert tab.evaluate("document.documentElement.dataset.friend || ''") == ""
    assert not tab.locator(".dialog.friend").count()
    tab.screenshot(path=str(ARTIFACTS / "friend-second-tab.jpg"))
