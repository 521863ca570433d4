"""The player's settings (rules, CPU level, sound, music, card set, players, language) and where they live.

Settings are one JSON object under one localStorage key, with a version
number.  A value that is missing is a first visit; one that is corrupt, of
another version or of the wrong shape falls back to the defaults with a
notice, never a crash.  When the browser refuses storage (a cross-site iframe
with storage denied), `MemoryStore` keeps them for the visit.
"""

import json

from triad import ruleinfo

KEY = "triad.settings"
VERSION = 1

# Rule names as the engine spells them, in the order the menu lists them.
RULES = ruleinfo.MENU_ORDER
LEVELS = ["novice", "adept", "expert", "master"]
CARD_SETS = ["houses", "elements"]
# The player's own set (`triad.ui.menu.customset`), a choice only while one is kept.
CUSTOM_SET = "custom"
MODES = ["cpu", "hotseat"]
# "" follows the browser's language; the others are the text tables of `triad.ui.look.text`.
LANGUAGES = ["", "en", "fr"]
# What New game starts: a quick match, or a match for cards against the ladder.
PLAYS = ["quick", "collection"]
# Level range: a band of levels chosen for the deal ("" = drawn from the seed).
BANDS = ["", "1-3", "2-4", "3-5", "4-6", "5-7", "6-8", "7-9", "8-10"]

DEFAULTS: dict = {
    "version": VERSION,
    "rules": ["banner"],
    "level": "adept",
    "sound": True,
    "music": False,
    "card_set": "houses",
    "mode": "cpu",
    "lang": "",
    "play": "quick",
    "band": "",
}


def defaults() -> dict:
    return {
        "version": VERSION,
        "rules": list(DEFAULTS["rules"]),
        "level": DEFAULTS["level"],
        "sound": DEFAULTS["sound"],
        "music": DEFAULTS["music"],
        "card_set": DEFAULTS["card_set"],
        "mode": DEFAULTS["mode"],
        "lang": DEFAULTS["lang"],
        "play": DEFAULTS["play"],
        "band": DEFAULTS["band"],
    }


def toggle(rules: list, name: str) -> list:
    """The rule list with `name` switched, keeping implied rules and exclusions consistent."""
    return ruleinfo.toggle(rules, name)


def validate(data, custom: bool = False) -> dict:
    """Return clean settings from parsed JSON.

    `custom`: whether the player's own card set is kept (then `card_set` may name it).

    :raises ValueError: wrong version or shape.
    """
    if type(data) is not dict:
        raise ValueError("settings are not an object")
    if data.get("version") != VERSION:
        raise ValueError("settings version " + repr(data.get("version")))
    rules = data.get("rules")
    if type(rules) is not list:
        raise ValueError("rules are not a list")
    for r in rules:
        if r not in RULES:
            raise ValueError("unknown rule " + repr(r))
    clean = defaults()
    clean["rules"] = [r for r in RULES if r in rules]
    sets = list(CARD_SETS)
    if custom:
        sets.append(CUSTOM_SET)
    for name, allowed in (
        ("level", LEVELS),
        ("card_set", sets),
        ("mode", MODES),
        ("lang", LANGUAGES),
        ("play", PLAYS),
        ("band", BANDS),
    ):
        value = data.get(name, clean[name])
        if value not in allowed:
            raise ValueError(name + " " + repr(value))
        clean[name] = value
    for name in ("sound", "music"):
        value = data.get(name, DEFAULTS[name])
        if value is not True and value is not False:
            raise ValueError(name + " " + repr(value))
        clean[name] = value
    return clean


def band_levels(band: str):
    """The `[lo, hi]` levels of a band such as "4-6", or None for a band drawn at random."""
    if not band:
        return None
    lo, hi = band.split("-")
    return [int(lo), int(hi)]


def parse(raw, custom: bool = False) -> tuple:
    """Settings from a stored string: `(settings, notice_key or None)`.

    Settings that chose the player's own card set when none is kept (any
    more) keep everything else and play the default set.
    """
    if raw is None:
        return defaults(), None
    try:
        data = json.loads(raw)
        notice = None
        if type(data) is dict and data.get("card_set") == CUSTOM_SET and not custom:
            data = dict(data)
            data["card_set"] = DEFAULTS["card_set"]
            notice = "notice_custom_gone"
        return validate(data, custom), notice
    except Exception:  # corrupt JSON, wrong version or shape: start afresh, say so
        return defaults(), "notice_storage_reset"


def dump(settings: dict) -> str:
    return json.dumps(
        {
            "version": VERSION,
            "rules": list(settings["rules"]),
            "level": settings["level"],
            "sound": settings["sound"],
            "music": settings.get("music", False),
            "card_set": settings["card_set"],
            "mode": settings["mode"],
            "lang": settings.get("lang", ""),
            "play": settings.get("play", "quick"),
            "band": settings.get("band", ""),
        }
    )


class MemoryStore:
    """A key-value store for one visit, used where the browser refuses storage."""

    def __init__(self) -> None:
        self.data: dict = {}

    def get(self, key: str):
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        if key in self.data:
            del self.data[key]


class SafeStore:
    """Wraps a store that may throw: the first failure switches to memory for the visit."""

    def __init__(self, backend, denied: bool = False) -> None:
        self.backend = None if denied else backend
        self.memory = MemoryStore()
        self.denied = denied or backend is None
        self.announced = False  # whether the player was already told storage is off

    def get(self, key: str):
        if self.backend is not None:
            try:
                return self.backend.get(key)
            except Exception:  # storage refused or missing: keep going in memory
                self._fail()
        return self.memory.get(key)

    def set(self, key: str, value: str) -> None:
        self.memory.set(key, value)
        if self.backend is not None:
            try:
                self.backend.set(key, value)
            except Exception:  # quota, denied storage: the memory copy serves the visit
                self._fail()

    def remove(self, key: str) -> None:
        self.memory.remove(key)
        if self.backend is not None:
            try:
                self.backend.remove(key)
            except Exception:  # storage refused: the memory copy is gone, which serves the visit
                self._fail()

    def _fail(self) -> None:
        self.backend = None
        self.denied = True


def load(store, custom: bool = False) -> tuple:
    """Read settings from `store`: `(settings, notice_key or None)`."""
    raw = store.get(KEY)
    return parse(raw, custom)


def save(store, settings: dict) -> None:
    store.set(KEY, dump(settings))
