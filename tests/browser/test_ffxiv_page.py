"""The FFXIV rules through the real page: the words on hand cards at four sizes, and a
whole match under Roulette (each rule's mark, below the browser: tests/ui/test_rule_marks.py).

The page is driven by mouse like a player drives it; the tests wait on the
page's state, never on time. Hot-seat mode makes both hands the human's, so
the deal's marks (Swap) are seen before anyone moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, wait_ready
from tests.browser.test_page_play import finish_checks, open_page, over, wait_turn
from triad.cards import builtin_set
from triad.collection.dealcode import encode as deal_code
from triad.match import MatchConfig, deal_match
from triad.rules import RuleSet

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

# Desktop, a small laptop, a phone held upright and on its side.
SIZES = [(1280, 800), (960, 640), (390, 844), (844, 390)]

# True once the hand cards have kept their places for a few frames (a resize moves them).
SETTLED = """() => {
  const now = JSON.stringify([...document.querySelectorAll('[data-hand] .card')].map((c) => {
    const b = c.getBoundingClientRect();
    return [b.left, b.top, b.width, b.height];
  }));
  window.__handFrames = now === window.__handRects ? (window.__handFrames || 0) + 1 : 0;
  window.__handRects = now;
  return window.__handFrames >= 5;
}"""

# For each hand card: does a click on its middle land on it, and for its word (Next,
# Drawn, Swapped): does the word lie inside the card, whole, and does the card show there
# (the word takes no click, so the point finds the card under it, or whatever covers it).
HIT_TEST = """() => [...document.querySelectorAll('[data-hand] .card')].map((card) => {
  const at = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit === null ? null : hit.closest('[data-hand] .card');
  };
  const box = card.getBoundingClientRect();
  const out = {
    hand: card.closest('[data-hand]').dataset.hand, index: card.dataset.card,
    middle: at(box.left + box.width / 2, box.top + box.height / 2) === card,
  };
  const word = card.querySelector('.c-next');
  if (word) {
    const w = word.getBoundingClientRect();
    out.word = word.textContent;
    out.inside = w.left >= box.left && w.right <= box.right
      && w.top >= box.top && w.bottom <= box.bottom;
    out.whole = word.scrollWidth <= word.clientWidth;
    out.shown = [[w.left + 1, w.top + 1], [w.right - 1, w.top + 1], [w.left + 1, w.bottom - 1],
      [w.right - 1, w.bottom - 1], [w.left + w.width / 2, w.top + w.height / 2]]
      .every(([x, y]) => at(x, y) === card);
    out.clicks = getComputedStyle(word).pointerEvents !== 'none';
  }
  return out;
})"""


def labelled_deal(rule: str) -> int:
    """A seed whose deal puts the word of `rule` on a card in the middle of a hand."""
    config = MatchConfig(RuleSet.parse([rule]), builtin_set("houses"))
    for seed in range(1, 500):
        match = deal_match(config, seed)
        if rule == "swap" and match.swap is not None and min(match.swap) >= 1:
            return seed
        if rule == "chaos" and match.start().drawn >= 1:
            return seed
        if rule == "order":  # the first card of each hand is the next one
            return seed
    raise AssertionError(f"no deal shows the word of {rule} mid-hand")


@pytest.mark.parametrize(
    ("rule", "lang", "words"),
    [
        ("swap", "en", {"Swapped"}),
        ("order", "en", {"Next"}),
        ("chaos", "en", {"Drawn"}),
        ("swap", "fr", {"Échangée"}),
        ("order", "fr", {"Suivante"}),
    ],
)
def test_each_hand_card_takes_its_own_clicks_beside_the_rule_words(
    rule: str,
    lang: str,
    words: set[str],
    new_context: Callable[..., tuple[Any, Watch]],
    server: Server,
) -> None:
    """The words on hand cards stay on their own card and never cover a neighbour's middle."""
    code = deal_code(labelled_deal(rule), [rule], "houses")
    page = open_page(
        new_context, server, query="?deal=" + code, mode="hotseat", rules=[], lang=lang
    )
    wait_ready(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED, polling="raf")
        cards = page.evaluate(HIT_TEST)
        page.screenshot(path=str(SHOTS / f"ffxiv-words-{rule}-{lang}-{width}x{height}.jpg"))
        assert len(cards) == 10
        assert [c for c in cards if not c["middle"]] == [], (width, height)
        labelled = [c for c in cards if "word" in c]
        assert {c["word"] for c in labelled} == words
        assert any(c["index"] != "0" for c in labelled) or rule == "order"
        for card in labelled:
            assert card["inside"] and card["whole"] and card["shown"], (width, height, card)
            assert not card["clicks"]
    # What a player met: a word over the card before its own took that card's clicks.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(SETTLED, polling="raf")
    hand = page.locator("[data-hand]:has(.card.pickable)").first
    for index in hand.locator(".card.pickable").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)"
    ):
        hand.locator(f'.card[data-card="{index}"]').click()
        hand.locator(f'.card.sel[data-card="{index}"]').wait_for(state="attached")


def play_match(page: Any, seen: Callable[[Any], None]) -> None:
    """Play the whole match by mouse for whoever is to move, calling `seen` each turn."""
    while not wait_turn(page):
        seen(page)
        hand = page.locator("[data-hand]:has(.card.pickable)").first
        player = hand.get_attribute("data-hand")
        forced = hand.locator(".card.forced")
        if forced.count() == 0:
            hand.locator(".card.pickable").first.click()
        before = page.locator("[data-cell][data-owner]").count()
        cell = page.locator("[data-cell]:not([data-owner])").first
        index = int(cell.get_attribute("data-cell"))
        target = page.locator(f'[data-cell="{index}"]')
        target.click()
        target.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-cell][data-owner]').length > {before}"
            " || document.querySelector('[data-result]')"
        )
        assert player in ("blue", "red")
    finish_checks(page)


@pytest.mark.motion  # (its callout, played by the page's animations)
def test_a_match_under_roulette_shows_its_mark_and_callout(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    # Roulette through the real page: its callout played by the page's animations; every
    # FFXIV rule's mark, turn by turn, in a hot-seat match: tests/ui/test_rule_marks.py
    page = open_page(new_context, server, rules=["roulette"], mode="hotseat")
    wait_turn(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ffxiv-roulette-start.jpg"))
    marks: set[str] = set()

    def seen(page: Any) -> None:
        marks.update(page.locator(".rule-mark").all_inner_texts())

    play_match(page, seen)
    marks.update(page.locator(".rule-mark").all_inner_texts())
    page.screenshot(path=str(SHOTS / "ffxiv-roulette-end.jpg"))
    assert any(m.startswith("Roulette: ") for m in marks), marks
    callouts = page.evaluate("window.__callouts")
    assert any("callout-roulette" in c for c in callouts), callouts
    assert over(page)
