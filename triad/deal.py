"""The deal of a match from a seed: hands or draft, first player, cell affinities, Power Wall.

Runs unchanged under MicroPython 1.27 (the page's main thread deals so the
human sees the hands at once) and under CPython/Pyodide (the engine,
`triad.match`): imports only `triad.prng` and `triad.ruleinfo`, plain annotations, no typing,
enum or dataclass imports. Both sides must get the very same deal from the
same inputs; tests run this module under MicroPython in Node to check.

Inputs describe the card set by position: ``levels[i]`` and ``powers[i]``
(printed side total) of card ``i`` in the set's file order, and the set's
affinity ids (`set_tables` extracts these from a card-set JSON object).
Hands, the draft and collection pools are lists of those positions.

Independent streams are forked from the seed per part of the deal, so
turning one rule on or off does not change the rest (the hands do not
depend on Banner, for example). In order, the decisions are:

1. first player: blue or red, even odds;
2. level range (``level_range`` rule, when none is given): a 3-level range
   ``lo..lo+2`` with ``lo`` uniform in 1..8;
3. cards: with ``draft``, 12 distinct cards from the set (level range
   applied); otherwise, with ``random``/``level_range`` or when no chosen
   hands are given, 5 cards per player: from that player's pool in
   collection mode (``pools``), else 10 distinct cards from the set, the
   first five to blue; otherwise the chosen ``hands`` as given;
4. cells (`board_setup`): with ``banner`` each cell independently gets an
   affinity with probability 1/3, with ``elemental`` 1/10 (3/10 with
   ``original``: FF8's own board set-up), the affinity uniform over the set's;
5. Power Wall (`board_setup`): each non-centre cell independently gets a
   restriction with probability 1/2: operator ``=``, ``<`` or ``>`` (even
   odds), a direction uniform among those pointing from the cell's edge to
   the opposite edge, and a value: for ``=`` the power of a card in play
   (so it can be met), for ``<`` 5..40, for ``>`` 4..39;
6. shown cards (`shown_setup`): with ``three_open``, 3 of each 5-card hand.

In a draft the player who moves second picks first; a draft is public, so
both drafted hands are fully visible. A Sudden Death rematch (round ``r`` >
0) keeps no deal: hands come from the drawn game, the second mover of the
drawn game moves first, and cells, restrictions and shown cards are drawn
again from the round's own streams.

A deal code (`deal_code`, `parse_deal_code`) packs set id, rules, seed and
level range into one short string that players can share.
"""

from triad.prng import Rng, seed_from_text
from triad.ruleinfo import CODE_ORDER, EXCLUSIONS, ROULETTE

#: Rule names in a fixed order (bit ``i`` of a deal code's rule mask is ``RULE_NAMES[i]``).
RULE_NAMES = CODE_ORDER

HAND_SIZE = 5
DRAFT_SIZE = 12
#: Sudden Death rematches before a draw stands.
MAX_REMATCHES = 5
BANNER_ODDS = (1, 3)
ELEMENTAL_ODDS = (1, 10)
#: Elemental under ``original``: FF8's board set-up gives a cell an element
#: when ``rand() % 100 < 30``.
ORIGINAL_ELEMENTAL_ODDS = (3, 10)
WALL_ODDS = (1, 2)
OPS = ["=", "<", ">"]
#: Power Wall directions allowed per cell: from the cell's edge to the opposite edge.
WALL_DIRECTIONS = [
    ["down", "right"],
    ["down"],
    ["down", "left"],
    ["right"],
    [],
    ["left"],
    ["up", "right"],
    ["up"],
    ["up", "left"],
]
PLAYERS = ["blue", "red"]

_FIRST = 1
_RANGE = 2
_CARDS = 3
_CELLS = 4
_WALLS = 5
_SHOWN = 6
_ROULETTE = 7
_SWAP = 8
_CHAOS = 9
_CODE_PREFIX = "T1"
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Deal:
    """The result of `deal`. Card references are positions in the set.

    ``first``: ``"blue"`` or ``"red"``. ``hands``: ``[blue, red]`` lists of 5
    positions (both empty when drafting). ``draft``: 12 positions to pick
    from (empty otherwise) and ``first_pick``. ``cells``: 9 affinity ids or
    None. ``restrictions``: ``(cell, op, value, direction)`` tuples by cell.
    ``shown``: ``[blue, red]`` hand indices the opponent sees (Three Open).
    ``level_range``: ``[lo, hi]`` or None. ``rules``: the rules the match
    plays, Roulette's drawn rule included; ``roulette``: that drawn rule
    (None without Roulette, or when every rule it could draw is excluded).
    ``swap``: ``[blue index, red index]`` of the cards Swap exchanges (the
    hands above are the cards each player brought, before the exchange;
    `swap_hands` applies it), or None.
    """

    def __init__(self, seed: int, rules: list[str]) -> None:
        self.seed = seed
        self.rules = rules
        self.roulette: str | None = None
        self.swap: list[int] | None = None
        self.first = "blue"
        self.hands: list[list[int]] = [[], []]
        self.draft: list[int] = []
        self.first_pick = "blue"
        self.cells: list[str | None] = [None] * 9
        self.restrictions: list[tuple[int, str, int, str]] = []
        self.shown: list[list[int]] = [[], []]
        self.level_range: list[int] | None = None

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the deal."""
        return {
            "seed": self.seed,
            "rules": list(self.rules),
            "first": self.first,
            "hands": {"blue": list(self.hands[0]), "red": list(self.hands[1])},
            "draft": list(self.draft),
            "first_pick": self.first_pick,
            "cells": list(self.cells),
            "restrictions": [
                {"cell": r[0], "op": r[1], "value": r[2], "direction": r[3]}
                for r in self.restrictions
            ],
            "shown": {"blue": list(self.shown[0]), "red": list(self.shown[1])},
            "level_range": None if self.level_range is None else list(self.level_range),
            "roulette": self.roulette,
            "swap": None if self.swap is None else list(self.swap),
        }


def check_rules(rules: list[str]) -> None:
    """Raise ValueError for an unknown rule name (combinations are `triad.rules`' job)."""
    for name in rules:
        if name not in RULE_NAMES:
            raise ValueError("unknown rule " + repr(name))


def deal(
    seed: int,
    rules: list[str],
    levels: list[int],
    powers: list[int],
    affinities: list[str],
    level_range: list[int] | None = None,
    pools: list[list[int]] | None = None,
    hands: list[list[int]] | None = None,
) -> Deal:
    """Deal a match (round 0) from ``seed``; see the module docstring for the steps.

    :raises ValueError: unknown rule, bad level range, too few cards to deal,
        affinity rule with a set that has no affinities, bad chosen hands.
    """
    check_rules(rules)
    if len(levels) != len(powers):
        raise ValueError("levels and powers must list the same cards")
    root = Rng(seed)
    drawn = roulette_draw(seed, rules)
    if drawn is not None:
        rules = list(rules)
        rules.append(drawn)
    result = Deal(seed, list(rules))
    result.roulette = drawn
    first = root.fork(_FIRST).below(2)
    result.first = PLAYERS[first]
    if "level_range" in rules:
        if level_range is None:
            low = root.fork(_RANGE).between(1, 8)
            level_range = [low, low + 2]
        _check_range(level_range)
        result.level_range = [level_range[0], level_range[1]]
    elif level_range is not None:
        raise ValueError("a level range is given but the level_range rule is off")
    card_rng = root.fork(_CARDS)
    in_play: list[int] = []
    if "draft" in rules:
        candidates = _filter(list(range(len(levels))), levels, result.level_range)
        if len(candidates) < DRAFT_SIZE:
            raise ValueError(
                "a draft needs "
                + str(DRAFT_SIZE)
                + " cards; only "
                + str(len(candidates))
                + " are available"
            )
        result.draft = [candidates[i] for i in card_rng.sample(len(candidates), DRAFT_SIZE)]
        result.first_pick = PLAYERS[1 - first]
        in_play = result.draft
    elif "random" in rules or "level_range" in rules or hands is None:
        if pools is not None:
            if len(pools) != 2:
                raise ValueError("pools must hold two lists: blue's and red's")
            for p in range(2):
                own = _filter(pools[p], levels, result.level_range)
                if len(own) < HAND_SIZE:
                    raise ValueError(
                        PLAYERS[p] + " has only " + str(len(own)) + " cards to deal from"
                    )
                result.hands[p] = [own[i] for i in card_rng.sample(len(own), HAND_SIZE)]
        else:
            candidates = _filter(list(range(len(levels))), levels, result.level_range)
            if len(candidates) < 2 * HAND_SIZE:
                raise ValueError(
                    "dealing two hands needs "
                    + str(2 * HAND_SIZE)
                    + " cards; only "
                    + str(len(candidates))
                    + " are available"
                )
            picks = [candidates[i] for i in card_rng.sample(len(candidates), 2 * HAND_SIZE)]
            result.hands = [picks[:HAND_SIZE], picks[HAND_SIZE:]]
        in_play = result.hands[0] + result.hands[1]
    else:
        if len(hands) != 2:
            raise ValueError("hands must hold two lists: blue's and red's")
        for p in range(2):
            if len(hands[p]) != HAND_SIZE:
                raise ValueError(PLAYERS[p] + " hand must hold " + str(HAND_SIZE) + " cards")
            for i in hands[p]:
                if not 0 <= i < len(levels):
                    raise ValueError(PLAYERS[p] + " hand: no card at position " + str(i))
        result.hands = [list(hands[0]), list(hands[1])]
        in_play = result.hands[0] + result.hands[1]
    cells, restrictions = board_setup(seed, rules, affinities, [powers[i] for i in in_play], 0)
    result.cells = cells
    result.restrictions = restrictions
    result.shown = shown_setup(seed, rules, 0)
    result.swap = swap_draw(seed, rules)
    return result


def roulette_choices(rules: list[str]) -> list[str]:
    """The rules Roulette may draw for a match with ``rules``: not already on, not excluded."""
    out: list[str] = []
    for name in ROULETTE:
        if name in rules:
            continue
        excluded = False
        for first, second, _ in EXCLUSIONS:
            if (name == first and second in rules) or (name == second and first in rules):
                excluded = True
        if not excluded:
            out.append(name)
    return out


def roulette_draw(seed: int, rules: list[str]) -> str | None:
    """The rule Roulette adds to a match (None without Roulette or with nothing left to draw)."""
    if "roulette" not in rules:
        return None
    choices = roulette_choices(rules)
    if not choices:
        return None
    return choices[Rng(seed).fork(_ROULETTE).below(len(choices))]


def swap_draw(seed: int, rules: list[str]) -> list[int] | None:
    """``[blue index, red index]``: the hand cards Swap exchanges (None without Swap)."""
    if "swap" not in rules:
        return None
    rng = Rng(seed).fork(_SWAP)
    blue = rng.below(HAND_SIZE)
    return [blue, rng.below(HAND_SIZE)]


def swap_hands(hands: list[list[int]], swap: list[int] | None) -> list[list[int]]:
    """The hands after Swap's exchange (works on any items: positions, cards, ids)."""
    blue, red = list(hands[0]), list(hands[1])
    if swap is not None:
        i, j = swap[0], swap[1]
        blue[i], red[j] = hands[1][j], hands[0][i]
    return [blue, red]


def chaos_stream(seed: int, round_: int) -> int:
    """The seed of Chaos' draws in round ``round_`` of a match (0, then Sudden Death rounds)."""
    return Rng(seed).fork(_CHAOS + 16 * round_).next64()


def chaos_draw(stream: int, turn: int, hand_size: int) -> int:
    """The hand index Chaos draws at ``turn`` (cards already on the board) from ``stream``."""
    return Rng(stream).fork(turn).below(hand_size)


def board_setup(
    seed: int, rules: list[str], affinities: list[str], powers_in_play: list[int], round_: int
) -> tuple[list[str | None], list[tuple[int, str, int, str]]]:
    """Cell affinities and Power Wall restrictions for round ``round_`` of a match.

    :raises ValueError: an affinity rule with no affinities to draw from.
    """
    root = Rng(seed)
    tag = 16 * round_
    cells: list[str | None] = [None] * 9
    odds: tuple[int, int] | None = None
    if "banner" in rules:
        odds = BANNER_ODDS
    elif "elemental" in rules:
        odds = ORIGINAL_ELEMENTAL_ODDS if "original" in rules else ELEMENTAL_ODDS
    if odds is not None:
        if not affinities:
            raise ValueError("the banner and elemental rules need a card set with affinities")
        rng = root.fork(_CELLS + tag)
        for cell in range(9):
            if rng.chance(odds[0], odds[1]):
                cells[cell] = affinities[rng.below(len(affinities))]
    restrictions: list[tuple[int, str, int, str]] = []
    if "power_wall" in rules:
        rng = root.fork(_WALLS + tag)
        for cell in range(9):
            if cell == 4 or not rng.chance(WALL_ODDS[0], WALL_ODDS[1]):
                continue
            op = OPS[rng.below(3)]
            choices = WALL_DIRECTIONS[cell]
            direction = choices[rng.below(len(choices))]
            if op == "=" and powers_in_play:
                value = powers_in_play[rng.below(len(powers_in_play))]
            elif op == "<":
                value = rng.between(5, 40)
            else:
                value = rng.between(4, 39)
            restrictions.append((cell, op, value, direction))
    return cells, restrictions


def shown_setup(seed: int, rules: list[str], round_: int) -> list[list[int]]:
    """Hand indices each player shows the opponent under Three Open (``[blue, red]``)."""
    if "three_open" not in rules or "draft" in rules:
        return [[], []]
    rng = Rng(seed).fork(_SHOWN + 16 * round_)
    return [sorted(rng.sample(HAND_SIZE, 3)), sorted(rng.sample(HAND_SIZE, 3))]


def rematch_first(first_of_drawn_game: str) -> str:
    """Who moves first in a Sudden Death rematch: the drawn game's second mover."""
    return "red" if first_of_drawn_game == "blue" else "blue"


def set_tables(data: dict[str, object]) -> tuple[list[int], list[int], list[str]]:
    """``(levels, powers, affinity ids)`` from a decoded card-set JSON object.

    Assumes a set that `triad.cards` validates; raises ValueError on a wrong shape.
    """
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise ValueError("card set has no 'cards' list")
    levels: list[int] = []
    powers: list[int] = []
    for card in cards:
        if not isinstance(card, dict):
            raise ValueError("card set: a card is not an object")
        values = [card.get(k) for k in ("level", "top", "right", "bottom", "left")]
        numbers: list[int] = []
        for v in values:
            if not isinstance(v, int):
                raise ValueError("card set: card " + repr(card.get("id")) + " has a bad number")
            numbers.append(v)
        levels.append(numbers[0])
        powers.append(numbers[1] + numbers[2] + numbers[3] + numbers[4])
    affinity_ids: list[str] = []
    raw = data.get("affinities")
    if isinstance(raw, list):
        for item in raw:
            if isinstance(item, dict):
                ident = item.get("id")
                if isinstance(ident, str):
                    affinity_ids.append(ident)
    return levels, powers, affinity_ids


def deal_code(
    seed: int, rules: list[str], set_id: str, level_range: list[int] | None = None
) -> str:
    """A shareable code for a deal, e.g. ``"T1-HOUSES-41-3RZ8K2"``.

    Parts: prefix, set id (upper case), rule mask and seed in base 36, and
    ``lo``/``hi`` digits of the level range when given (``"-13"``).
    """
    check_rules(rules)
    mask = 0
    for i in range(len(RULE_NAMES)):
        if RULE_NAMES[i] in rules:
            mask |= 1 << i
    parts = [_CODE_PREFIX, set_id.upper(), _base36(mask), _base36(seed)]
    if level_range is not None:
        _check_range(level_range)
        parts.append(_DIGITS[level_range[0]] + _DIGITS[level_range[1]])
    return "-".join(parts)


def parse_deal_code(code: str) -> tuple[int, list[str], str, list[int] | None]:
    """``(seed, rules, set_id, level_range)`` from `deal_code` output.

    Case and surrounding spaces are ignored; the set id comes back in lower case.

    :raises ValueError: not a deal code.
    """
    parts = code.strip().upper().split("-")
    if len(parts) not in (4, 5) or parts[0] != _CODE_PREFIX:
        raise ValueError("not a deal code: " + repr(code))
    set_id = parts[1].lower()
    if not set_id:
        raise ValueError("deal code has no card set: " + repr(code))
    mask = _from_base36(parts[2], code)
    seed = _from_base36(parts[3], code)
    if mask >> len(RULE_NAMES):
        raise ValueError("deal code has unknown rules: " + repr(code))
    rules = [RULE_NAMES[i] for i in range(len(RULE_NAMES)) if mask >> i & 1]
    level_range = None
    if len(parts) == 5:
        text = parts[4]
        if len(text) != 2 or text[0] not in _DIGITS or text[1] not in _DIGITS:
            raise ValueError("deal code has a bad level range: " + repr(code))
        level_range = [_DIGITS.index(text[0]), _DIGITS.index(text[1])]
        _check_range(level_range)
    return seed, rules, set_id, level_range


def seed_of(text: str) -> int:
    """A seed from what a player typed: digits are used as they are, other text is hashed."""
    text = text.strip()
    if text and text.isdigit():
        return int(text) & 0xFFFFFFFFFFFFFFFF
    return seed_from_text(text)


# -- private helpers ---------------------------------------------------------


def _check_range(level_range: list[int]) -> None:
    if len(level_range) != 2:
        raise ValueError("level range must be [lo, hi]")
    low, high = level_range[0], level_range[1]
    if not 1 <= low <= high <= 10 or high - low > 2:
        raise ValueError(
            "level range must be 1 to 3 levels wide within 1..10, got "
            + str(low)
            + ".."
            + str(high)
        )


def _filter(positions: list[int], levels: list[int], level_range: list[int] | None) -> list[int]:
    if level_range is None:
        return list(positions)
    low, high = level_range[0], level_range[1]
    return [i for i in positions if low <= levels[i] <= high]


def _base36(value: int) -> str:
    if value == 0:
        return "0"
    out = ""
    while value:
        value, digit = divmod(value, 36)
        out = _DIGITS[digit] + out
    return out


def _from_base36(text: str, code: str) -> int:
    if not text:
        raise ValueError("deal code has an empty part: " + repr(code))
    value = 0
    for ch in text:
        digit = _DIGITS.find(ch)
        if digit < 0:
            raise ValueError("deal code has a bad character " + repr(ch) + ": " + repr(code))
        value = value * 36 + digit
    return value
