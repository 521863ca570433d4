"""Every word the Triangle Catch page shows, by key, with named placeholders.

The words are data, like the card game's (`triad.ui.look.text`): one file per
language, ``triad/ui/lang/CODE/catch.json``, read when the language is first
used; English is the fallback for any key a language lacks.  The language is
the card game's (chosen in its settings, else the browser's).  Whole
sentences are single templates so another language can reorder them.
What the referee says (why an order is skipped, what it did, how a match
ended) comes from the worker as ``{"key", "values", "text"}``
(`triad.catch.words`): `said` writes it from the template ``ref_KEY``.
"""

from triad.ui.look import text as base

FILE = "catch.json"
EN = base.read_lang("en", FILE)
#: The text tables read so far, by language.
STRINGS = {"en": EN}


def t(key: str, **values) -> str:
    """The text for `key` in the page's language, filled with `values`."""
    code = base.language()
    if code not in STRINGS:
        STRINGS[code] = base.read_lang(code, FILE) if code in base.LANGUAGES else EN
    return base.lookup(STRINGS, EN, key, values)


#: Values of the referee's sentences that name a player (0 blue, 1 red).
PLAYER_VALUES = ("player", "other")


def said(words) -> str:
    """A sentence of the referee in the page's language.

    `words` is ``{"key", "values", "text"}`` as the worker sends it (a value
    may be such a sentence too); the template is ``ref_KEY``, and a player is
    named by colour.  Plain text (a reason the page itself gave) is shown as
    it is, and so is the English text of a sentence the page has no template
    for.
    """
    if type(words) is not dict:
        return "" if words is None else str(words)
    key = "ref_" + str(words.get("key"))
    if key not in EN:
        return str(words.get("text", ""))
    values = {}
    given = words.get("values") or {}
    for name in given:
        value = given[name]
        if type(value) is dict:
            value = said(value)
        elif name in PLAYER_VALUES:
            value = t("side_" + str(value))
        values[name] = value
    return t(key, **values)
