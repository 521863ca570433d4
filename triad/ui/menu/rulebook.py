"""The rulebook the Info button opens: every rule of the game in plain words, with diagrams.

It says what ../shared/RULES.md says.  Text is data: a list of sections per
language in ``triad/ui/lang/CODE/rulebook.json``, each with its id (the
rule's name for a rule's section), title and blocks (a paragraph, a list
of items, or ``@name`` for a diagram); `*word*` marks strong words.
Diagrams are small boards drawn with the same colours and owner marks as
the real cards.
"""

from triad.ui.look.html import esc
from triad.ui.look.icons import close_button, icon
from triad.ui.look.text import LANGUAGES, language, read_lang, t


def inline(text: str) -> str:
    """Escape `text`, then turn `*word*` pairs into <strong>word</strong>."""
    parts = esc(text).split("*")
    out = []
    for i in range(len(parts)):
        if i % 2 == 1 and i < len(parts) - 1:
            out.append("<strong>" + parts[i] + "</strong>")
        elif i % 2 == 1:
            out.append("*" + parts[i])
        else:
            out.append(parts[i])
    return "".join(out)


def _v(value) -> str:
    return "A" if value == 10 else str(value)


def mini(vals, owner: str, hl=(), cls: str = "", mark: str = "", badge: str = "") -> str:
    """A small diagram card: values on its four edges (top, right, bottom, left).

    `hl` lists the sides to highlight (0 top .. 3 left); `mark` is a territory
    arrow ("up"/"down") or "new" for the card being placed; `badge` an
    Ascension/Descension modifier such as "+1".
    """
    names = ("t", "r", "b", "l")
    out = ['<span class="mini own-' + owner + (" " + cls if cls else "") + '">']
    for i in range(4):
        out.append(
            '<b class="m-' + names[i] + (" hl" if i in hl else "") + '">' + _v(vals[i]) + "</b>"
        )
    if mark == "up" or mark == "down":
        out.append('<i class="m-mod ' + mark + '">' + icon(mark) + "</i>")
    if mark == "new":
        out.append('<i class="m-new" aria-hidden="true"></i>')
    if badge:
        out.append('<i class="m-typed">' + esc(badge) + "</i>")
    out.append('<i class="m-mark" aria-hidden="true"></i></span>')
    return "".join(out)


def grid(cols: int, cells: list, cls: str = "") -> str:
    """A diagram board of `cols` columns; each entry is mini-card HTML, "" (empty) or None (hidden)."""
    out = [
        '<span class="dgrid' + (" " + cls if cls else "") + '" style="--cols:' + str(cols) + '">'
    ]
    for c in cells:
        if c is None:
            out.append('<span class="dcell none"></span>')
        elif c.startswith("<"):
            out.append('<span class="dcell">' + c + "</span>")
        else:
            out.append('<span class="dcell blank">' + esc(c) + "</span>")
    out.append("</span>")
    return "".join(out)


def before_after(before: str, after: str, word: str = "") -> str:
    middle = '<span class="d-arrow" aria-hidden="true">→</span>'
    if word:
        middle = '<span class="d-word">' + esc(word) + "</span>" + middle
    return '<div class="diagram">' + before + middle + after + "</div>"


def _diagrams() -> dict:
    d = {}
    # Basic: the placed blue card's left 7 beats the red card's right 4.
    d["basic"] = before_after(
        grid(2, [mini((3, 4, 2, 6), "red", (1,)), mini((5, 2, 6, 7), "blue", (3,), "", "new")]),
        grid(2, [mini((3, 4, 2, 6), "blue", (1,), "flipped"), mini((5, 2, 6, 7), "blue")]),
    )
    # Same (seed 000): up 3 = red's down 3, left 5 = own right 5.
    d["same"] = before_after(
        grid(
            3,
            [
                None,
                mini((6, 2, 3, 4), "red", (2,)),
                None,
                mini((2, 5, 3, 1), "blue", (1,)),
                mini((3, 4, 2, 5), "blue", (0, 3), "", "new"),
                "",
            ],
        ),
        grid(
            3,
            [
                None,
                mini((6, 2, 3, 4), "blue", (2,), "flipped"),
                None,
                mini((2, 5, 3, 1), "blue"),
                mini((3, 4, 2, 5), "blue"),
                "",
            ],
        ),
        t("break"),
    )
    # Same Wall: an A against the top edge, and bottom 4 = red's top 4.
    d["same_wall"] = before_after(
        grid(
            3,
            [
                "",
                mini((10, 3, 4, 2), "blue", (0, 2), "", "new"),
                "",
                "",
                mini((4, 6, 5, 6), "red", (0,)),
                "",
            ],
            "walled",
        ),
        grid(
            3,
            [
                "",
                mini((10, 3, 4, 2), "blue"),
                "",
                "",
                mini((4, 6, 5, 6), "blue", (0,), "flipped"),
                "",
            ],
            "walled",
        ),
        t("break"),
    )
    # Plus (seed 000): 2 + 5 = 7 and 3 + 4 = 7.
    d["plus"] = before_after(
        grid(
            3,
            [
                None,
                mini((6, 6, 5, 3), "red", (2,)),
                None,
                mini((3, 4, 3, 2), "red", (1,)),
                mini((2, 4, 6, 3), "blue", (0, 3), "", "new"),
                "",
            ],
        ),
        grid(
            3,
            [
                None,
                mini((6, 6, 5, 3), "blue", (2,), "flipped"),
                None,
                mini((3, 4, 3, 2), "blue", (1,), "flipped"),
                mini((2, 4, 6, 3), "blue"),
                "",
            ],
        ),
        t("critical"),
    )
    # Plus Wall: top 2 + wall 10 = 12 and bottom 5 + red's top 7 = 12.
    d["plus_wall"] = before_after(
        grid(
            3,
            [
                "",
                mini((2, 3, 5, 4), "blue", (0, 2), "", "new"),
                "",
                "",
                mini((7, 2, 3, 3), "red", (0,)),
                "",
            ],
            "walled",
        ),
        grid(
            3,
            [
                "",
                mini((2, 3, 5, 4), "blue"),
                "",
                "",
                mini((7, 2, 3, 3), "blue", (0,), "flipped"),
                "",
            ],
            "walled",
        ),
        t("critical"),
    )
    # Combo: Same captures the top and right cards (3 = 3, 4 = 4); the top one,
    # now blue, beats its red neighbour with 7 against 2.
    d["combo"] = before_after(
        grid(
            3,
            [
                mini((4, 2, 3, 2), "red", (1,)),
                mini((6, 5, 3, 7), "red", (2, 3)),
                "",
                "",
                mini((3, 4, 2, 5), "blue", (0, 1), "", "new"),
                mini((2, 1, 4, 4), "red", (3,)),
                "",
                "",
                "",
            ],
        ),
        grid(
            3,
            [
                mini((4, 2, 3, 2), "blue", (1,), "flipped"),
                mini((6, 5, 3, 7), "blue", (3,), "flipped"),
                "",
                "",
                mini((3, 4, 2, 5), "blue"),
                mini((2, 1, 4, 4), "blue", (), "flipped"),
                "",
                "",
                "",
            ],
        ),
        t("bonus"),
    )
    # Affinity: +1 on its own banner, -1 on another.
    d["affinity"] = (
        '<div class="diagram">'
        + grid(1, [mini((5, 3, 4, 6), "blue", (), "terr-match", "up")])
        + '<span class="d-word small">+1</span>'
        + grid(1, [mini((5, 3, 4, 6), "blue", (), "terr-other", "down")])
        + '<span class="d-word small">−1</span></div>'
    )
    # Battle: 5 against 5; the placed card's total 24 beats 14.
    d["battle"] = before_after(
        grid(2, [mini((3, 5, 2, 4), "red", (1,)), mini((7, 6, 6, 5), "blue", (3,), "", "new")]),
        grid(2, [mini((3, 5, 2, 4), "blue", (1,), "flipped"), mini((7, 6, 6, 5), "blue")]),
    )
    # Broken Wall: the left column touches the right column.
    d["broken_wall"] = before_after(
        grid(3, [mini((5, 3, 3, 2), "blue", (3,), "", "new"), "", mini((2, 1, 4, 4), "red", (1,))]),
        grid(3, [mini((5, 3, 3, 2), "blue"), "", mini((2, 1, 4, 4), "blue", (1,), "flipped")]),
    )
    _ffxiv_diagrams(d)
    _original_diagrams(d)
    return d


#: The rules a capture diagram is drawn under, where they are more than the rule it is
#: named after: a chain (Combo) is started by Same or Plus; FF8 original's three cases
#: show its Plus, its Same and its chain (which Plus starts).
DIAGRAM_RULES = {
    "combo": ("combo", "same", "plus"),
    "original_plus": ("original", "plus"),
    "original_same": ("original", "same", "elemental"),
    "original_chain": ("original", "plus"),
}


def _original_diagrams(d: dict) -> None:
    # FF8 original, Plus: up, down, left, right make 10, 12, 10, 12; 10 reaches two
    # pairs first, so only the cards above and on the left are taken.
    d["original_plus"] = _around_centre(
        (5, 4, 6, 3),
        {1: (1, 1, 5, 1), 3: (1, 7, 1, 1), 5: (1, 1, 1, 8), 7: (6, 1, 1, 1)},
        (1, 3),
        t("critical"),
    )
    # Same fires (5 = 5 above and on the left) and takes the card on the right too: its
    # printed 4 is lower, though its Elemental space makes it a 5 that nothing else beats.
    d["original_same"] = _around_centre(
        (5, 5, 5, 5),
        {1: (1, 1, 5, 1), 3: (1, 5, 1, 1), 5: (1, 1, 1, 4), 7: (9, 1, 1, 1)},
        (1, 3, 5),
        t("break"),
        {5: "up"},
    )
    # Plus takes above and on the left, 9 beats 2 on the right, and the chain starts
    # from all three: the captured A takes the card above it.
    d["original_chain"] = _around_centre(
        (4, 9, 5, 6),
        {1: (1, 1, 8, 1), 2: (1, 1, 5, 1), 3: (1, 6, 1, 1), 5: (10, 1, 1, 2)},
        (1, 2, 3, 5),
        t("bonus"),
    )


#: The side of a card next to the centre that touches it, by its cell.
_TOUCHING = {1: 2, 3: 1, 5: 3, 7: 0}


def _around_centre(placed, cards: dict, taken, word: str, elemental: dict | None = None) -> str:
    """Blue deploys `placed` on the centre among red `cards` (values by cell); the
    cards on the cells of `taken` turn blue. `elemental` marks the cards that stand on
    an Elemental space, "up" on their own element and "down" on another."""
    elemental = elemental or {}
    before = []
    after = []
    for cell in range(9):
        if cell == 4:
            before.append(mini(placed, "blue", (0, 1, 2, 3), "", "new"))
            after.append(mini(placed, "blue"))
        elif cell in cards:
            hl = (_TOUCHING[cell],) if cell in _TOUCHING else ()
            mark = elemental.get(cell, "")
            terr = {"up": "terr-match", "down": "terr-other"}.get(mark, "")
            before.append(mini(cards[cell], "red", hl, terr, mark))
            if cell in taken:
                after.append(mini(cards[cell], "blue", hl, (terr + " flipped").strip(), mark))
            else:
                after.append(mini(cards[cell], "red", hl, terr, mark))
        else:
            before.append("")
            after.append("")
    return before_after(grid(3, before), grid(3, after), word)


def _ffxiv_diagrams(d: dict) -> None:
    # Reverse: the placed 2 is lower than red's 5, so it captures.
    d["reverse"] = before_after(
        grid(2, [mini((3, 5, 2, 4), "red", (1,)), mini((7, 6, 6, 2), "blue", (3,), "", "new")]),
        grid(2, [mini((3, 5, 2, 4), "blue", (1,), "flipped"), mini((7, 6, 6, 2), "blue")]),
    )
    # Fallen Ace: the placed card's 1 takes red's A, and its A takes red's 1.
    d["fallen_ace"] = before_after(
        grid(
            3,
            [
                mini((3, 10, 2, 4), "red", (1,)),
                mini((6, 10, 6, 1), "blue", (1, 3), "", "new"),
                mini((2, 5, 3, 1), "red", (3,)),
            ],
        ),
        grid(
            3,
            [
                mini((3, 10, 2, 4), "blue", (1,), "flipped"),
                mini((6, 10, 6, 1), "blue"),
                mini((2, 5, 3, 1), "blue", (3,), "flipped"),
            ],
        ),
    )
    # Ascension: one card of the type is down, so the placed 4 fights as 5 against red's 4.
    d["ascension"] = before_after(
        grid(
            2,
            [
                mini((3, 4, 2, 6), "red", (1,)),
                mini((5, 2, 6, 4), "blue", (3,), "", "new", "+1"),
                "",
                mini((2, 2, 2, 2), "blue", (), "", "", "+1"),
            ],
        ),
        grid(
            2,
            [
                mini((3, 4, 2, 6), "blue", (1,), "flipped"),
                mini((5, 2, 6, 4), "blue", (), "", "", "+2"),
                "",
                mini((2, 2, 2, 2), "blue", (), "", "", "+2"),
            ],
        ),
    )
    # Descension: two red cards of one type are down: red's 5 counts as 3 against the placed 4.
    d["descension"] = before_after(
        grid(
            2,
            [
                mini((3, 5, 2, 6), "red", (1,), "", "", "-2"),
                mini((5, 2, 6, 4), "blue", (3,), "", "new"),
                mini((6, 6, 6, 6), "red", (), "", "", "-2"),
                "",
            ],
        ),
        grid(
            2,
            [
                mini((3, 5, 2, 6), "blue", (1,), "flipped", "", "-2"),
                mini((5, 2, 6, 4), "blue"),
                mini((6, 6, 6, 6), "red", (), "", "", "-2"),
                "",
            ],
        ),
    )
    # Order: only the first card of the hand can be played; Chaos: only the drawn one.
    d["order"] = _hand_to_play(0)
    d["chaos"] = _hand_to_play(2)
    # Swap: one card of each hand changes sides.
    d["swap"] = before_after(
        grid(
            2, [mini((5, 3, 2, 4), "blue", (0, 1, 2, 3)), mini((2, 7, 4, 6), "red", (0, 1, 2, 3))]
        ),
        grid(2, [mini((2, 7, 4, 6), "blue"), mini((5, 3, 2, 4), "red")]),
    )
    # Roulette: one rule drawn among those the match does not have, then announced.
    drawn = "reverse"
    chips = []
    for name in ("same", "plus", drawn, "order", "swap"):
        lit = " on" if name == drawn else ""
        chips.append('<span class="d-rule' + lit + '">' + esc(t("rule_" + name)) + "</span>")
    d["roulette"] = before_after(
        '<span class="d-rules">' + "".join(chips) + "</span>",
        '<span class="rule-mark">' + esc(t("mark_roulette", rule=t("rule_" + drawn))) + "</span>",
    )


def _hand_to_play(index: int) -> str:
    """A five-card hand where only the card at ``index`` can be played (Order, Chaos)."""
    hand = [(5, 3, 2, 4), (2, 6, 6, 1), (7, 2, 3, 3), (4, 4, 5, 5), (1, 8, 2, 6)]
    cards = [
        mini(v, "blue", (), "" if i == index else "dim", "new" if i == index else "")
        for i, v in enumerate(hand)
    ]
    return '<div class="diagram">' + grid(5, cards) + "</div>"


def _section(ident: str, title: str, body: list, diagrams: dict) -> str:
    out = ['<section class="rb-sec" id="rb-' + ident + '"><h3>' + esc(title) + "</h3>"]
    for block in body:
        if type(block) is list:
            out.append("<ul>" + "".join(["<li>" + inline(x) + "</li>" for x in block]) + "</ul>")
        elif block.startswith("@"):
            out.append(diagrams.get(block[1:], ""))
        else:
            out.append("<p>" + inline(block) + "</p>")
    out.append("</section>")
    return "".join(out)


#: The rulebooks read so far, by language: ``{"title", "sections": [{"id", "title", "body"}]}``.
_BOOKS: dict[str, dict] = {}


def book(code: str) -> dict:
    """The rulebook of language `code` (its data file is read the first time it is opened)."""
    found = _BOOKS.get(code)
    if found is None:
        found = read_lang(code if code in LANGUAGES else "en", "rulebook.json")
        _BOOKS[code] = found
    return found


#: The last rulebook drawn and what it was drawn for: the page draws the open
#: dialog again whenever anything else changes, and this is its biggest part.
_LAST: list = [None, ""]


def render_rulebook(active_rules: list, current: str = "") -> str:
    """The rulebook dialog; chips of rules in play now are marked, the chip of the
    section last jumped to (`current`, its id) is the one highlighted."""
    key = (language(), tuple(active_rules), current)
    if _LAST[0] != key:
        _LAST[0] = key
        _LAST[1] = _render_rulebook(active_rules, current)
    return _LAST[1]


def _render_rulebook(active_rules: list, current: str) -> str:
    rulebook = book(language())
    diagrams = _diagrams()
    toc = []
    body = []
    for section in rulebook["sections"]:
        ident, title, blocks = section["id"], section["title"], section["body"]
        on = ident in active_rules
        toc.append(
            '<button type="button" class="toc'
            + (" on" if on else "")
            + '" data-jump="rb-'
            + ident
            + '"'
            + (' aria-current="true"' if ident == current else "")
            + (' title="' + esc(t("rule_in_play")) + '"' if on else "")
            + ">"
            + esc(title)
            + "</button>"
        )
        body.append(_section(ident, title, blocks, diagrams))
    return (
        '<div class="dialog book" role="dialog" aria-modal="true" aria-labelledby="rb-title">'
        + '<div class="dialog-head"><h2 id="rb-title">'
        + esc(rulebook["title"])
        + "</h2>"
        + close_button(t("btn_close"))
        + "</div>"
        + '<nav class="rb-toc">'
        + "".join(toc)
        + "</nav>"
        + '<div class="rb-body" tabindex="0">'
        + "".join(body)
        + "</div></div>"
    )
