"""The built-in sets' card names, titles and banners in the page's language.

The card sets are written in English (`triad/data/`); `triad/ui/lang/CODE/cards.json`
gives another language's words by id, each with the English it translates:
`{"affinities": {id: [english, words]}, "names": {...}, "titles": {...}}`.  A
word is used only while the English still matches, so a player's own set that
reuses an id with words of its own keeps them, and a renamed card shows its new
English name rather than a stale translation.
"""

from triad.ui.look import text

_TABLES: dict[str, dict] = {}


def _table(code: str) -> dict:
    if code == "en" or code not in text.LANGUAGES:
        return {}
    found = _TABLES.get(code)
    if found is None:
        try:
            found = text.read_lang(code, "cards.json")
        except OSError:  # a language without card words: English names
            found = {}
        _TABLES[code] = found
    return found


def say(kind: str, ident, english) -> str:
    """The word of `kind` ("affinities", "names", "titles") for `ident` in the page's language."""
    english = str(english or "")
    entry = _table(text.language()).get(kind, {}).get(str(ident or ""))
    if entry and entry[0] == english:
        return entry[1]
    return english


def card_name(card: dict) -> str:
    return say("names", card.get("id"), card.get("name"))


def card_title(card: dict) -> str:
    return say("titles", card.get("id"), card.get("title"))
