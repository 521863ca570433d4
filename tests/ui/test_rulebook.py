"""The rulebook and the rule menu cover every rule, with the engine's names and RULES.md's decisions."""

import re

from triad.rules import Rule
from triad.ui.look.text import EN
from triad.ui.menu import rulebook
from triad.ui.menu import rules as menu
from triad.ui.page import settings


def test_menu_rules_are_engine_rules_and_each_has_words() -> None:
    names = {r.value for r in Rule}
    for name in settings.RULES:
        assert name in names
        assert EN["rule_" + name] and EN["ruletip_" + name]
    html = menu.render_menu(
        settings.defaults(),
        {"rules": ["banner"], "level": "adept", "card_set": "houses", "mode": "cpu"},
    )
    assert re.findall(r'data-rule="(\w+)"', html) == settings.RULES
    assert "next match" in html


def test_every_rule_has_a_rulebook_section() -> None:
    html = rulebook.render_rulebook([])
    sections = set(re.findall(r'id="rb-(\w+)"', html))
    assert set(settings.RULES) <= sections
    assert {"draft", "level_range", "trades"} <= sections


def test_rulebook_states_the_decisions_of_the_rules() -> None:
    text = re.sub(r"<[^>]+>", "", rulebook.render_rulebook([]))
    for phrase in (
        "one in three",  # Banner odds, centre included
        "the centre included",
        "one in ten",  # Elemental odds
        "an A with +1 beats an A",  # no clamping
        "Same and Plus ignore them",
        "After five rematches a draw stands",
        "moved second in the drawn match moves first",
        "Turning Same Wall on turns Same on",
        "Turning Plus Wall on turns Plus on",
        "Without Same or Plus, Combo never fires",
        "sum of its four printed numbers",
        "Changes apply to the next match",
        "the player who will move second picking first",
        "one to three",
        "as many cards as the difference in score",
        "BREAK",
        "CRITICAL",
        "BONUS!!",
        "PERFECT TEATIME",
    ):
        assert phrase in text, phrase


def test_active_rules_are_marked_in_the_contents() -> None:
    html = rulebook.render_rulebook(["same", "combo"])
    on = re.findall(r'class="toc on" data-jump="rb-(\w+)"', html)
    assert on == ["same", "combo"]


def test_strong_marks_never_open_markup() -> None:
    assert rulebook.inline("a *b* <c> *d") == "a <strong>b</strong> &lt;c&gt; *d"


def test_the_original_section_draws_each_of_its_three_cases() -> None:
    html = rulebook.render_rulebook([])
    section = html[html.index('id="rb-original"') :]
    section = section[: section.index("</section>")]
    assert section.count('class="diagram"') == 3
    text = re.sub(r"<[^>]+>", "", section)
    for phrase in (
        "one group only",
        "lower or equal",
        "starts from every capture",
        "3 times in 10",
    ):
        assert phrase in text, phrase
    # the cards each diagram shows taken: 2 (Plus), 3 (Same) and 4 (the chain)
    assert section.count("flipped") == 2 + 3 + 4
