"""What the game knows about its rules, written once for the engine and the page.

Runs unchanged under MicroPython (the page's main thread: the rule menu, the
local deal, deal codes) and under CPython/Pyodide (the engine, `triad.rules`):
plain data and plain annotations, no typing, enum or dataclass imports.

Adding a rule means a row in `RULES` (its name and its bit in a deal code),
its member in `triad.rules.Rule`, its text in each language file of
`triad/ui/lang/` (``rule_NAME``, ``rdesc_NAME`` and a rulebook section) and,
when it needs one, an implication, an exclusion or a card set below.
"""

#: Every rule: its name and its bit in a deal code's rule mask, in the order
#: the rule menu lists them. A new rule takes the next free bit, so codes
#: already shared keep their meaning.
RULES: list[tuple[str, int]] = [
    ("open", 10),
    ("three_open", 11),
    ("banner", 6),
    ("elemental", 5),
    ("same", 0),
    ("same_wall", 1),
    ("plus", 2),
    ("plus_wall", 3),
    ("combo", 4),
    ("battle", 7),
    ("broken_wall", 8),
    ("power_wall", 9),
    ("random", 12),
    ("draft", 13),
    ("level_range", 14),
    ("sudden_death", 15),
    ("original", 24),
    ("reverse", 16),
    ("fallen_ace", 17),
    ("ascension", 18),
    ("descension", 19),
    ("order", 20),
    ("chaos", 21),
    ("swap", 22),
    ("roulette", 23),
]

#: Rule names in the order the rule menu lists them.
MENU_ORDER: list[str] = [name for name, _ in RULES]

#: Rule names by their bit in a deal code (bit ``i`` is ``CODE_ORDER[i]``).
CODE_ORDER: list[str] = [name for name, _ in sorted(RULES, key=lambda row: row[1])]

#: Turning a rule on turns these on too (a wall pair means nothing without its rule).
IMPLIES: dict[str, list[str]] = {"same_wall": ["same"], "plus_wall": ["plus"]}

#: Pairs of rules that cannot be played together, and why.
EXCLUSIONS: list[tuple[str, str, str]] = [
    ("open", "three_open", "both set how much of a hand is visible"),
    ("random", "draft", "both set how hands are dealt"),
    ("elemental", "banner", "both place affinities on the board's cells"),
    ("ascension", "descension", "both change values by the cards of a type on the board"),
    ("order", "chaos", "both choose the card to play"),
]

#: What Roulette draws from at the deal, in draw order: never a rule the
#: match already has or one that it excludes (RULES.md, "FFXIV rules").
ROULETTE: list[str] = [
    "open",
    "three_open",
    "same",
    "plus",
    "combo",
    "reverse",
    "fallen_ace",
    "ascension",
    "descension",
    "order",
    "chaos",
    "swap",
    "sudden_death",
]

#: The built-in card set a rule brings along when the player turns it on in
#: the menu (the elements of Elemental are the Elements set's, Banner's
#: banners the Houses'); a player's own set stays chosen.
CARD_SET_OF: dict[str, str] = {"elemental": "elements", "banner": "houses"}


def excluded_by(name: str) -> list[str]:
    """The rules that cannot be played with rule `name`."""
    out = []
    for first, second, _ in EXCLUSIONS:
        if first == name:
            out.append(second)
        elif second == name:
            out.append(first)
    return out


def toggle(rules: list[str], name: str) -> list[str]:
    """The rule list with `name` switched, keeping implied rules and exclusions consistent.

    Turning a rule on turns on what it implies and off what it excludes;
    turning one off turns off whatever needs it. The list comes back in menu
    order (names this table does not know last, sorted).
    """
    chosen = list(rules)
    if name in chosen:
        chosen = [r for r in chosen if r != name]
        for cause in IMPLIES:
            if name in IMPLIES[cause] and cause in chosen:
                chosen = [r for r in chosen if r != cause]
    else:
        chosen.append(name)
        for extra in IMPLIES.get(name, []):
            if extra not in chosen:
                chosen.append(extra)
        for gone in excluded_by(name):
            chosen = [r for r in chosen if r != gone]
    return [r for r in MENU_ORDER if r in chosen] + sorted(
        [r for r in chosen if r not in MENU_ORDER]
    )
