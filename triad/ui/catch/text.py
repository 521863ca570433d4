"""Every word the Triangle Catch page shows, by key, with named placeholders.

The words are data, like the card game's (`triad.ui.text`): one file per
language, ``triad/ui/lang/CODE/catch.json``, read when the language is first
used; English is the fallback for any key a language lacks.  The language is
the card game's (chosen in its settings, else the browser's).  Whole
sentences are single templates so another language can reorder them.
Messages that come from the referee (why an order is refused, how a match
ended) are the engine's English text and are shown as they are.
"""

from triad.ui import text as base

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
