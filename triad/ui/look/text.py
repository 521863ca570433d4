"""Every word the page shows, by key, with named placeholders.

The words are data: one file per language, ``triad/ui/lang/CODE/text.json``
(the rulebook's beside it, `triad.ui.menu.rulebook`), read when a language is
first used; English is the fallback for any key a language lacks.

Whole sentences are kept as single templates (`"{blue} to {red}"`, never
pieces glued together) so another language can reorder them.  A sentence
whose words follow a number is a dict of plural forms: `"_n"` names the
number's placeholder, `"one"` and `"other"` are the sentences (`plural`
says which one a language uses for a number: English says "1 card" and
"0 cards", French "1 carte" and "0 carte").
"""

import json

import triad

LANG = "en"
#: The languages the page speaks (a folder of `triad/ui/lang/` each).
LANGUAGES = ["en", "fr"]


def lang_path(code: str, name: str) -> str:
    """The path of a language's data file `name` ("text.json", "rulebook.json")."""
    base = getattr(triad, "__file__", "triad/__init__.py")
    cut = base.rfind("/")
    folder = base[:cut] if cut >= 0 else "triad"
    return folder + "/ui/lang/" + code + "/" + name


def read_lang(code: str, name: str):
    """The decoded data file `name` of language `code`."""
    with open(lang_path(code, name), encoding="utf-8") as f:
        return json.load(f)


EN = read_lang("en", "text.json")
#: The text tables read so far, by language (`table` reads the others when first used).
STRINGS = {"en": EN}


def table(code: str) -> dict:
    """The text table of language `code` (English for a language the page does not speak)."""
    found = STRINGS.get(code)
    if found is None:
        found = read_lang(code, "text.json") if code in LANGUAGES else EN
        STRINGS[code] = found
    return found


def set_language(code: str) -> str:
    """Use language `code` ("fr", "fr-CA" -> "fr") when there is a table for it; return the one in use."""
    global LANG
    short = str(code or "").lower().split("-")[0]
    LANG = short if short in LANGUAGES else "en"
    table(LANG)
    return LANG


def language() -> str:
    """The language in use ("en", "fr")."""
    return LANG


def plural(lang: str, n) -> str:
    """The plural form a language uses for the number `n`: "one" or "other"."""
    try:
        n = int(n)
    except (TypeError, ValueError):
        return "other"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def lookup(strings: dict, english: dict, key: str, values: dict) -> str:
    """The text for `key` in the current language's table of `strings` (else `english`),
    its plural form chosen, filled with `values`."""
    chosen = strings.get(LANG, english)
    text = chosen.get(key)
    if text is None:
        text = english.get(key, key)
    if type(text) is dict:
        text = text[plural(LANG, values.get(text["_n"]))]
    if values:
        return text.format(**values)
    return text


def t(key: str, **values) -> str:
    """Return the text for `key` in the current language, filled with `values`."""
    return lookup(STRINGS, EN, key, values)


# An engine's own words, kept with a player's sentence for a "details" toggle:
# DETAIL_START + words + DETAIL_END inside a text (`split_detail` takes them out).
DETAIL_START = "\x1e"
DETAIL_END = "\x1f"


def explain(error, code="") -> str:
    """An engine error in plain words in the page's language, the engine's detail attached.

    The engine's messages are English (`error`); with the `code` it gives them
    (`save_bad`, `json`, `match_active`...) the page says what went wrong and
    what to do in its own words, and keeps the engine's message as the detail
    that `html.error_html` shows behind a "details" toggle.
    """
    error = str(error or "")
    if not code or ("err_" + str(code)) not in EN:
        return error
    plain = t("err_" + str(code), detail=error)
    if not error or error in plain:
        return plain
    return plain + DETAIL_START + error + DETAIL_END


def split_detail(text: str) -> tuple:
    """`(text without its detail, the detail or "")` of a text `explain` built."""
    text = str(text or "")
    start = text.find(DETAIL_START)
    end = text.find(DETAIL_END, start + 1)
    if start < 0 or end < 0:
        return text, ""
    return text[:start] + text[end + 1 :], text[start + 1 : end]
