"""The player's own card set: kept in localStorage, read back at each visit.

A card set file is checked by the engine (`triad.cards.parse_card_set`, in
the worker) before it is kept.  It is stored under its own key as versioned
JSON, `{"version": 1, "set": {...}}`, at most `MAX_CHARS` characters.  At
the next visit `load` reads it back and checks its shape again here, on the
main thread (the deal is computed here before the engine is up); a stored
set that cannot be read is copied aside under `BROKEN_KEY` and dropped, and
the game goes on with a built-in set and a notice.

Its texts (set, card, title and affinity names) are the player's: the page
shows them as text only (`triad.ui.look.html.esc`).
"""

import json

KEY = "triad:card-set:custom"
BROKEN_KEY = KEY + ":broken"
VERSION = 1
# The settings' `card_set` that names this set.
CHOICE = "custom"
# Longest stored text (a set of 110 cards, like Houses, takes about 19,000).
MAX_CHARS = 100000
# Fewest cards a quick match can be dealt from (two hands of five).
MIN_CARDS = 10
BUILTIN_IDS = ["houses", "elements"]


def _text(data: dict, key: str, where: str, required: bool = True) -> None:
    value = data.get(key, None if required else "")
    if type(value) is not str or (required and not value.strip()):
        raise ValueError(where + ": field " + repr(key) + " must be a non-empty text")


def _number(data: dict, key: str, where: str) -> None:
    value = data.get(key)
    if type(value) is not int or not 1 <= value <= 10:
        raise ValueError(where + ": field " + repr(key) + " must be a whole number 1..10")


def check(data) -> dict:
    """Return `data` if it has the shape of a checked card set, for the deal and the page.

    The engine's check (`triad.cards`) is the full one; this one makes sure
    that what the main thread reads (texts, numbers, affinities) is there.

    :raises ValueError: anything missing or of the wrong kind.
    """
    if type(data) is not dict:
        raise ValueError("a card set is a JSON object")
    _text(data, "id", "card set")
    _text(data, "name", "card set")
    if data["id"] in BUILTIN_IDS:
        raise ValueError("card set id " + repr(data["id"]) + " is a built-in set's")
    affinities = data.get("affinities") or []
    if type(affinities) is not list:
        raise ValueError("card set: field 'affinities' must be a list")
    known = []
    for item in affinities:
        if type(item) is not dict:
            raise ValueError("card set: an affinity is not an object")
        _text(item, "id", "affinity")
        _text(item, "name", "affinity " + repr(item["id"]))
        for key in ("emblem", "color", "description"):
            _text(item, key, "affinity " + repr(item["id"]), False)
        known.append(item["id"])
    cards = data.get("cards")
    if type(cards) is not list or len(cards) < MIN_CARDS:
        raise ValueError("card set: field 'cards' must list at least " + str(MIN_CARDS) + " cards")
    for index in range(len(cards)):
        card = cards[index]
        where = "card #" + str(index)
        if type(card) is not dict:
            raise ValueError(where + " is not an object")
        _text(card, "id", where)
        _text(card, "name", where)
        _text(card, "title", where, False)
        for key in ("level", "top", "right", "bottom", "left"):
            _number(card, key, where)
        affinity = card.get("affinity")
        if affinity is not None and affinity not in known:
            raise ValueError(where + ": affinity " + repr(affinity) + " is not declared")
    return data


def dump(data: dict) -> str:
    """The stored text of a checked set."""
    return json.dumps({"version": VERSION, "set": data})


def parse(raw) -> dict:
    """The card set of a stored text.

    :raises ValueError: not JSON, another version, too long, or not a card set.
    """
    if len(raw) > MAX_CHARS:
        raise ValueError("the stored card set is too long")
    stored = json.loads(raw)
    if type(stored) is not dict or stored.get("version") != VERSION:
        raise ValueError("the stored card set has another version")
    return check(stored.get("set"))


def load(store) -> tuple:
    """The stored custom set: `(set or None, notice key or None)`.

    An unreadable one is copied to `BROKEN_KEY`, removed, and reported.
    """
    raw = store.get(KEY)
    if raw is None or raw == "":
        return None, None
    try:
        return parse(raw), None
    except Exception as e:  # corrupt or hand-edited: keep it aside, play a built-in set
        print("custom card set unreadable:", e)
        store.set(BROKEN_KEY, raw)
        store.remove(KEY)
        return None, "notice_custom_broken"


def save(store, data: dict) -> str:
    """Keep a checked set; returns "" or the text key of why it cannot be kept."""
    text = dump(data)
    if len(text) > MAX_CHARS:
        return "custom_too_big"
    store.set(KEY, text)
    return ""


def remove(store) -> None:
    store.remove(KEY)


def info(data) -> dict:
    """What the menu shows of a set: its name and number of cards."""
    if not data:
        return {}
    return {"id": data["id"], "name": data["name"], "cards": len(data["cards"])}
