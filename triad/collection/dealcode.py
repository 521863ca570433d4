"""Deal codes: a short, URL-safe text that reproduces a deal, with check characters.

A code is the engine's deal code (`triad.deal.deal_code`: prefix, card set
id, rule mask and seed in base 36, and the level range's two digits when
one is chosen) followed by two check characters::

    T1-HOUSES-41-3RZ8K2-7Q
    T1-HOUSES-4000-1B-35-K0      (level range 3..5)

The rules carry the deal mode: ``draft`` (12 cards laid out, picked in
turn), ``random`` (hands dealt at random), ``level_range`` (hands, or the
draft's cards, from a band 1-3 levels wide: the band written in the code,
or drawn from the seed when the code has none), or none of these (the
default deal). Decoding gives back exactly what `triad.deal.deal` and
`triad.match.deal_match` need, so the same code deals the same hands,
cells, restrictions and first player everywhere.

Check characters: the first is a Luhn mod 36 digit over the letters and
digits of the code (it catches every single mistyped character and most
swaps of two neighbours), the second a hash of the whole code, dashes
included (it catches a moved dash and most other damage). Letters may be
typed in either case; spaces around the code are ignored.

This module runs under MicroPython 1.27 as well as CPython: it imports only
`triad.deal`, `triad.prng` and `triad.ruleinfo`, uses plain annotations and builds messages
without f-strings, like `triad.deal`.
"""

from triad.deal import check_rules, deal_code, parse_deal_code
from triad.prng import seed_from_text
from triad.ruleinfo import EXCLUSIONS

#: The deal modes a code can carry, by the rule that selects them.
DEAL_MODES = ["default", "random", "draft", "level_range"]
#: Longest card set id a code may carry (the code stays short).
MAX_SET_ID = 24
#: Longest code text accepted (the longest real code is about 50 characters).
MAX_CODE = 80

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SET_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_SEED_LIMIT = 1 << 64


class DealCodeError(ValueError):
    """A deal code that cannot be read or written; the message says what is wrong."""

    #: What the page explains in the player's language (the message is the detail).
    code = "code_bad"

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        if code:  # a more precise reason than a code that does not read
            self.code = code


def deal_mode(rules: list[str]) -> str:
    """The deal mode the rules select: ``draft``, ``random``, ``level_range`` or ``default``."""
    if "draft" in rules:
        return "draft"
    if "random" in rules:
        return "random"
    if "level_range" in rules:
        return "level_range"
    return "default"


def encode(
    seed: int, rules: list[str], set_id: str = "houses", level_range: list[int] | None = None
) -> str:
    """The deal code for a seed, rule names, card set id and optional level band.

    :raises DealCodeError: a negative or too large seed, an unknown rule or a
        combination that cannot be played, a set id that is not lower-case
        letters, digits and ``_`` (1 to 24 of them), or a bad level band.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_LIMIT:
        raise DealCodeError("a deal code's seed must be a whole number 0..2**64-1")
    _check_set_id(set_id, "")
    _check_rules(rules, "")
    if level_range is not None and "level_range" not in rules:
        raise DealCodeError("a level band is given but the level_range rule is off")
    try:
        body = deal_code(seed, rules, set_id, level_range)
    except ValueError as exc:
        raise DealCodeError(str(exc)) from None
    return body + "-" + _check_chars(body)


def decode(code: str) -> dict[str, object]:
    """Read a deal code: ``{"seed", "rules", "set", "mode", "level_range"}``.

    ``rules`` lists rule names in `triad.deal.RULE_NAMES` order, ``set`` is
    the card set id in lower case, ``level_range`` is ``[lo, hi]`` or None.

    :raises DealCodeError: not a string, too long, check characters that do
        not match (a typo), or parts that do not read as a deal.
    """
    if not isinstance(code, str):
        raise DealCodeError("a deal code must be text")
    text = code.strip().upper()
    shown = repr(code.strip()) if len(code) <= MAX_CODE else "(too long)"
    if not text:
        raise DealCodeError("the deal code is empty")
    if len(text) > MAX_CODE:
        raise DealCodeError(
            "the deal code is too long ("
            + str(len(text))
            + " characters, at most "
            + str(MAX_CODE)
            + ")"
        )
    for ch in text:
        if ch not in "-_" and ch not in _ALPHABET:
            raise DealCodeError(
                "deal code "
                + shown
                + " has a character that is not a letter, digit, '-' or '_': "
                + repr(ch)
            )
    cut = text.rfind("-")
    if cut < 0:
        raise DealCodeError("deal code " + shown + " has no parts (they are separated by '-')")
    body, check = text[:cut], text[cut + 1 :]
    if len(check) != 2:
        raise DealCodeError("deal code " + shown + " must end with 2 check characters after a '-'")
    if check != _check_chars(body):
        raise DealCodeError(
            "deal code " + shown + " is damaged: its check characters do not match (a typo?)",
            "code_check",
        )
    try:
        seed, rules, set_id, level_range = parse_deal_code(body)
    except ValueError as exc:
        raise DealCodeError(str(exc)) from None
    _check_set_id(set_id, shown)
    _check_rules(rules, shown)
    if seed >= _SEED_LIMIT:
        raise DealCodeError("deal code " + shown + " has a seed larger than 64 bits")
    return {
        "seed": seed,
        "rules": rules,
        "set": set_id,
        "mode": deal_mode(rules),
        "level_range": level_range,
    }


# -- private helpers ---------------------------------------------------------


def _check_chars(body: str) -> str:
    return _luhn36(body) + _ALPHABET[seed_from_text("triad deal code " + body) % 36]


def _luhn36(body: str) -> str:
    # Luhn mod N: double every other code point from the right, fold into the base.
    total = 0
    factor = 2
    for i in range(len(body) - 1, -1, -1):
        point = _ALPHABET.find(body[i])
        if point < 0:
            continue
        addend = factor * point
        factor = 3 - factor
        total += addend // 36 + addend % 36
    return _ALPHABET[(36 - total % 36) % 36]


def _check_set_id(set_id: str, shown: str) -> None:
    where = "deal code " + shown + ": " if shown else ""
    if not isinstance(set_id, str) or not 1 <= len(set_id) <= MAX_SET_ID:
        raise DealCodeError(
            where + "a card set id must be 1 to " + str(MAX_SET_ID) + " characters long"
        )
    for ch in set_id:
        if ch not in _SET_CHARS:
            raise DealCodeError(
                where
                + "card set id "
                + repr(set_id)
                + " may only hold lower-case letters, digits and '_'"
            )


def _check_rules(rules: list[str], shown: str) -> None:
    where = "deal code " + shown + ": " if shown else ""
    try:
        check_rules(rules)
    except ValueError as exc:
        raise DealCodeError(where + str(exc)) from None
    for first, second, _ in EXCLUSIONS:
        if first in rules and second in rules:
            raise DealCodeError(
                where + "rules " + repr(first) + " and " + repr(second) + " cannot be combined"
            )
