"""The player's saved bots: one versioned JSON document under one localStorage key.

``{"version": 1, "current": name, "bots": [{"name", "code"}...], "opponent",
"limits"}``.  A missing key is a first visit (the example bot); a value that
is corrupt, of another version or of the wrong shape gives the defaults and a
notice, and the unreadable text is first copied under ``BROKEN_KEY`` so no
code is ever lost.  Writes go through `triad.ui.page.settings.SafeStore`, which
keeps them in memory for the visit where the browser refuses storage.
"""

import json

from triad.ui.catch.example import EXAMPLE_BOT, EXAMPLE_NAME

KEY = "triad:catch-bots"
BROKEN_KEY = "triad:catch-bots:broken"
VERSION = 1
MAX_BOTS = 50
MAX_NAME = 40
MAX_CODE = 200_000
OPPONENTS = ("random", "greedy", "planner")
LIMITS = {
    "codingame": (1000, 50),
    "relaxed": (4000, 200),
    "slow": (10000, 500),
    # To step through a bot's stderr, or in a browser too busy for any limit to be fair.
    "debug": (600_000, 600_000),
}
LIMIT_NAMES = ("codingame", "relaxed", "slow", "debug")


def defaults(example: str = EXAMPLE_NAME, example_code: str = EXAMPLE_BOT) -> dict:
    """A new document: the example bot alone, named `example`, its code `example_code` (both
    in the page's language)."""
    return {
        "version": VERSION,
        "current": example,
        "bots": [{"name": example, "code": example_code}],
        "opponent": "random",
        "limits": "codingame",
    }


def clean_name(name) -> str:
    """A bot's name as stored: trimmed, single-spaced, at most `MAX_NAME` characters."""
    words = str(name).split()
    return " ".join(words)[:MAX_NAME]


def validate(data, example: str = EXAMPLE_NAME, example_code: str = EXAMPLE_BOT) -> dict:
    """Return a clean document from parsed JSON.

    :raises ValueError: wrong version or shape.
    """
    if type(data) is not dict:
        raise ValueError("not an object")
    if data.get("version") != VERSION:
        raise ValueError("version " + repr(data.get("version")))
    bots = data.get("bots")
    if type(bots) is not list or len(bots) > MAX_BOTS:
        raise ValueError("bots are not a list")
    clean = []
    names = {}
    for bot in bots:
        if type(bot) is not dict:
            raise ValueError("a bot is not an object")
        name = bot.get("name")
        code = bot.get("code")
        if type(name) is not str or type(code) is not str or len(code) > MAX_CODE:
            raise ValueError("a bot has no name or code")
        name = clean_name(name)
        if not name or name in names:
            raise ValueError("bot names must be distinct and not empty")
        names[name] = True
        clean.append({"name": name, "code": code})
    doc = defaults(example, example_code)
    doc["bots"] = clean or doc["bots"]
    current = data.get("current")
    doc["current"] = current if current in names else doc["bots"][0]["name"]
    if data.get("opponent", "random") not in OPPONENTS:
        raise ValueError("opponent")
    doc["opponent"] = data.get("opponent", "random")
    if data.get("limits", "codingame") not in LIMITS:
        raise ValueError("limits")
    doc["limits"] = data.get("limits", "codingame")
    return doc


def parse(raw, example: str = EXAMPLE_NAME, example_code: str = EXAMPLE_BOT) -> tuple:
    """The document from a stored string: `(doc, notice key or None)`; the example bot,
    when it has to be put back, is named `example` and is `example_code`."""
    if raw is None:
        return defaults(example, example_code), None
    try:
        return validate(json.loads(raw), example, example_code), None
    except Exception:  # corrupt JSON, another version, a wrong shape: defaults, say so
        return defaults(example, example_code), "storage_reset"


def dump(doc: dict) -> str:
    return json.dumps(
        {
            "version": VERSION,
            "current": doc["current"],
            "bots": [{"name": b["name"], "code": b["code"]} for b in doc["bots"]],
            "opponent": doc["opponent"],
            "limits": doc["limits"],
        }
    )


def load(store, example: str = EXAMPLE_NAME, example_code: str = EXAMPLE_BOT) -> tuple:
    """Read the document; a corrupt one is kept under `BROKEN_KEY` before anything overwrites it.
    The example bot, when there is none saved, is named `example` and is `example_code` (in the
    page's language)."""
    raw = store.get(KEY)
    doc, notice = parse(raw, example, example_code)
    if notice and raw is not None:
        store.set(BROKEN_KEY, raw)
    return doc, notice


def save(store, doc: dict) -> None:
    store.set(KEY, dump(doc))


def find(doc: dict, name: str):
    for bot in doc["bots"]:
        if bot["name"] == name:
            return bot
    return None


def put(doc: dict, name: str, code: str) -> str:
    """Save `code` under `name` (replacing a bot of that name); return the name used.

    :raises ValueError: an empty name, code too long, or too many bots.
    """
    name = clean_name(name)
    if not name:
        raise ValueError("empty name")
    if len(code) > MAX_CODE:
        raise ValueError("code too long")
    bot = find(doc, name)
    if bot is None:
        if len(doc["bots"]) >= MAX_BOTS:
            raise ValueError("too many bots")
        doc["bots"].append({"name": name, "code": code})
    else:
        bot["code"] = code
    doc["current"] = name
    return name


def remove(
    doc: dict, name: str, example: str = EXAMPLE_NAME, example_code: str = EXAMPLE_BOT
) -> None:
    """Delete a bot; the example (named `example`, `example_code`) comes back when none is left."""
    doc["bots"] = [b for b in doc["bots"] if b["name"] != name]
    if not doc["bots"]:
        doc["bots"] = defaults(example, example_code)["bots"]
    if find(doc, doc["current"]) is None:
        doc["current"] = doc["bots"][0]["name"]
