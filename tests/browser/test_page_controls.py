"""Every button, the rule menu seen in effect in the next match, settings kept and a corrupt value."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, leave_yes, wait_engine, wait_ready
from tests.browser.test_page_play import finish_checks, open_page, settings_script
from triad.pageview import dealer
from triad.ui.menu.choices import read_deal_code
from triad.ui.page.settings import RULES

pytestmark = pytest.mark.browser


def pressed(page: Any, selector: str) -> bool:
    return page.locator(selector).get_attribute("aria-pressed") == "true"


def test_every_button(new_context: Callable[..., tuple[Any, Watch]], server: Server) -> None:
    page = open_page(new_context, server)
    wait_engine(page)
    wait_ready(page)

    # Play / pause, and Escape.
    page.click('[data-action="pause"]')
    page.locator(".dialog.pause").wait_for()
    assert page.locator("html.paused").count() == 1 and page.locator("html.ready").count() == 0
    page.keyboard.press("Escape")
    wait_ready(page)
    assert page.locator(".dialog.pause").count() == 0

    # Info: the rulebook, which Escape closes.
    page.click('[data-action="info"]')
    book = page.locator(".dialog.book")
    book.wait_for()
    assert book.locator(".rb-sec").count() >= 15
    assert "BREAK" in book.inner_text() and "PERFECT TEATIME" in book.inner_text()
    page.click('[data-jump="rb-power_wall"]')
    page.keyboard.press("Escape")
    wait_ready(page)

    # Rules: the menu, closed by its button.
    page.click('[data-action="rules"]')
    page.locator(".dialog.menu").wait_for()
    assert page.locator("[data-rule]").count() == len(RULES)
    assert "next match" in page.locator(".dialog.menu").inner_text()
    page.click('.dialog.menu [data-do="close"]')
    wait_ready(page)

    # Sound: muted, and still muted after a reload.
    assert pressed(page, '[data-action="sound"]')
    page.click('[data-action="sound"]')
    assert not pressed(page, '[data-action="sound"]')

    # Rematch and New: a fresh deal each time (a card on the board is gone), once asked.
    for action in ("rematch", "new"):
        wait_ready(page)
        page.locator('[data-hand="blue"] [data-card]').first.click()
        cell = page.locator("[data-cell]:not([data-owner])").first
        index = cell.get_attribute("data-cell")
        page.click(f'[data-cell="{index}"]')
        page.click(f'[data-cell="{index}"]')
        page.locator(f'[data-cell="{index}"][data-owner]').wait_for(state="attached")
        wait_ready(page)
        page.click(f'[data-action="{action}"]')
        page.get_by_role("alertdialog", name="End this match?").wait_for()  # it asks first
        page.click('[data-do="leave_yes"]')
        page.wait_for_function(
            "() => document.querySelectorAll('[data-cell][data-owner]').length <= 1"
        )
        wait_ready(page)

    # Autoplay: the CPU plays one card for the human (as F1 does), each time it is clicked.
    while page.locator("[data-result]").count() == 0:
        placed = page.locator("[data-cell][data-owner]").count()
        page.click('[data-action="autoplay"]')
        assert page.locator('[data-action="autoplay"]').get_attribute("aria-pressed") is None
        page.wait_for_function(
            "(n) => document.querySelector('[data-result]') || (document.documentElement"
            ".classList.contains('ready') && document.querySelectorAll"
            "('[data-cell][data-owner]').length >= n + 2)",
            arg=placed,
            timeout=120_000,
        )
    finish_checks(page)

    page.reload()
    wait_ready(page)
    assert not pressed(page, '[data-action="sound"]')


def test_rule_changes_show_in_the_next_match_then_three_open_and_elemental(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    page = open_page(new_context, server, rules=["banner"])
    wait_engine(page)
    wait_ready(page)
    terr_before = page.locator(".cell.terr").count()

    page.click('[data-action="rules"]')
    for rule in ("banner", "power_wall", "open"):
        page.click(f'[data-rule="{rule}"]')
    assert page.locator('[data-rule="banner"]').get_attribute("aria-pressed") == "false"
    assert page.locator('[data-rule="open"]').get_attribute("aria-pressed") == "true"
    assert "start a new match" in page.locator(".menu-pending").inner_text()
    page.click('.dialog.menu [data-do="close"]')
    # The match being played keeps its rules.
    assert page.locator(".cell.terr").count() == terr_before
    assert page.locator(".pw").count() == 0
    red_cards = page.locator('[data-hand="red"] [data-card]').count()
    assert page.locator('[data-hand="red"] .back').count() == red_cards

    page.click('[data-action="new"]')
    leave_yes(page)  # (a card is down: the page asks first)
    wait_ready(page)
    page.click('[data-action="rules"]')
    code = re.search(r"T1-[0-9A-Z-]+", page.locator(".menu-code").inner_text())
    assert code is not None
    page.click('.dialog.menu [data-do="close"]')
    shared = read_deal_code(code.group(0))
    seed, rules, set_id = shared["seed"], shared["rules"], shared["card_set"]
    assert sorted(rules) == ["open", "power_wall"]
    expected = dealer({"seed": seed, "rules": rules, "card_set": set_id})
    assert expected is not None
    assert page.locator(".cell.terr").count() == 0
    assert page.locator(".pw").count() == len(expected["restrictions"])
    for r in expected["restrictions"]:
        sign = page.locator(f'[data-cell="{r["cell"]}"] .pw')
        assert sign.get_attribute("class") == "pw pw-" + r["direction"]
        assert sign.inner_text().strip() == f"{r['op']}{r['value']}"
    assert page.locator('[data-hand="red"] .back').count() == 0
    red_ids = [e.get_attribute("data-id") for e in page.locator('[data-hand="red"] .card').all()]
    dealt = [c["id"] for c in expected["hands"]["red"]]
    assert len(red_ids) >= 4 and [i for i in dealt if i in red_ids] == red_ids

    # The next menu, in the same page: Open and Power Wall off, Three Open and Elemental on.
    page.click('[data-action="rules"]')
    for rule in ("open", "power_wall"):
        page.click(f'[data-rule="{rule}"]')
    page.click('[data-rule="three_open"]')
    page.click('[data-rule="elemental"]')
    # Elemental comes with the Elements set.
    assert page.locator('[data-set="elements"]').get_attribute("aria-pressed") == "true"
    page.click('.dialog.menu [data-do="new"]')
    leave_yes(page)  # (a card may be down: the page asks first)
    wait_ready(page)
    assert page.locator(".dialog.menu").count() == 0
    # Three of red's five cards are shown (fewer if red has played one of them).
    assert page.locator('[data-hand="red"] .card:not(.back)').count() >= 2
    assert page.locator('[data-hand="red"] .back').count() <= 2
    page.click('[data-action="rules"]')
    code = re.search(r"T1-[0-9A-Z-]+", page.locator(".menu-code").inner_text())
    assert code is not None
    shared = read_deal_code(code.group(0))
    seed, rules, set_id = shared["seed"], shared["rules"], shared["card_set"]
    assert set_id == "elements" and sorted(rules) == ["elemental", "three_open"]
    expected = dealer({"seed": seed, "rules": rules, "card_set": set_id})
    assert expected is not None
    assert page.locator(".cell.terr").count() == sum(1 for c in expected["cells"] if c)


def test_a_bad_deal_code_is_said_on_the_title_and_play_does_what_it_says(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    # the page's address read for its code, the alert inside the title card (the codes
    # refused, each in player words, with the title and without, in English and French:
    # tests/ui/test_app.py, test_a_bad_deal_code_is_refused_... and ..._said_on_the_title)
    context, _ = new_context(title=True)
    context.add_init_script(settings_script(lang="en"))
    page = context.new_page()
    page.goto(server.url + "?deal=T1-HOUSES-1S-1PQ9M")
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "press Play for a new one" in alert.inner_text()
    assert page.locator(".notice").count() == 0  # said once, inside the title card
    card = page.locator(".title-screen").bounding_box()
    box = alert.bounding_box()
    assert card["y"] <= box["y"] and box["y"] + box["height"] <= card["y"] + card["height"]
    page.locator(".title-screen .primary").click()
    wait_ready(page)
    assert page.get_by_role("alert").count() == 0
    assert page.locator('[data-hand="blue"] [data-card]').count() == 5


def test_every_rule_has_a_pill_and_the_legend_explains_the_table(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """A new player's first match points at the legend once; the legend opens by its
    button, a rule's pill or H, names each symbol on the table, and closes with Escape.
    (The French pills and legend: tests/ui/test_text.py::test_in_french_every_rule_...)"""
    lang = "en"
    pills = ["Banner", "Same", "Ascension", "Reverse: lower wins"]
    line = "a card of that House gets +1"
    rules = ["ascension", "banner", "reverse", "same"]
    context, _ = new_context(tip=True, reduced_motion="reduce")  # a new player
    context.add_init_script(settings_script(rules=rules, lang=lang))
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    shown = page.locator("#r-status .rule-mark").all_inner_texts()
    for pill in pills:
        assert pill in shown, shown
    tip = page.get_by_role("note")
    assert tip.count() == 1
    page.get_by_role("group", name="Your hand").get_by_role("button").first.focus()
    page.keyboard.press("h")  # (a letter acts where the board or a hand has the focus)
    legend = page.get_by_role("dialog")
    legend.wait_for()
    text = legend.inner_text()
    houses = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('[data-cell] .terr-icon')]"
        ".map((e) => e.getAttribute('aria-label')))]"
    )
    # (each space gets a banner with odds 1/3: one deal in 38 shows none, and then the
    # legend has no line for them)
    assert (line in text) == bool(houses), (houses, text)
    assert all(house in text for house in houses)
    assert page.locator("[data-legend-tip]").count() == 0  # seen: the pointer goes
    page.keyboard.press("Escape")
    legend.wait_for(state="detached")
    page.locator("#r-status .rule-mark").first.click()
    page.locator("[data-legend]").wait_for()
    page.locator('[data-legend] [data-do="close"]').click()
    page.reload()
    wait_ready(page)
    assert page.locator("[data-legend-tip]").count() == 0  # never again
