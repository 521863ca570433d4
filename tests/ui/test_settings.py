"""Settings: versioned JSON in one key, defaults with a notice on bad values, memory fallback."""

import json

import pytest

from triad.ui.page import settings
from triad.ui.page.settings import KEY, MemoryStore, SafeStore


def test_round_trip() -> None:
    store = MemoryStore()
    mine = settings.defaults()
    mine.update(rules=["open", "same", "combo"], level="master", sound=False, mode="hotseat")
    settings.save(store, mine)
    assert json.loads(store.get(KEY))["version"] == settings.VERSION
    assert settings.load(store) == (mine, None)


def test_first_visit_is_defaults_without_notice() -> None:
    loaded, notice = settings.load(MemoryStore())
    assert loaded["rules"] == ["banner"] and notice is None


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[]",
        "42",
        '{"version": 0, "rules": []}',
        '{"version": 99, "rules": []}',
        '{"version": 1, "rules": "same"}',
        '{"version": 1, "rules": ["teleport"]}',
        '{"version": 1, "rules": [], "level": "godlike"}',
        '{"version": 1, "rules": [], "sound": "loud"}',
        '{"version": 1, "rules": [], "card_set": "../../etc"}',
        '{"version": 1, "rules": [], "mode": "online"}',
    ],
)
def test_corrupt_or_old_values_fall_back_with_a_notice(raw: str) -> None:
    store = MemoryStore()
    store.set(KEY, raw)
    loaded, notice = settings.load(store)
    assert loaded == settings.defaults()
    assert notice == "notice_storage_reset"


def test_toggle_keeps_implications_and_exclusions() -> None:
    rules = settings.toggle([], "same_wall")
    assert rules == ["same", "same_wall"]
    assert settings.toggle(rules, "same") == []  # Same Wall cannot stay without Same
    assert settings.toggle(["banner"], "elemental") == ["elemental"]
    assert settings.toggle(["open"], "three_open") == ["three_open"]
    assert settings.toggle(["plus"], "plus_wall") == ["plus", "plus_wall"]
    assert settings.toggle(["plus", "plus_wall"], "plus_wall") == ["plus"]


class Refusing:
    """A storage that throws, as localStorage does where the browser denies it."""

    def get(self, key: str) -> str:
        raise RuntimeError("SecurityError")

    def set(self, key: str, value: str) -> None:
        raise RuntimeError("SecurityError")


def test_refused_storage_keeps_settings_for_the_visit() -> None:
    store = SafeStore(Refusing())
    assert settings.load(store) == (settings.defaults(), None)
    assert store.denied
    mine = settings.defaults()
    mine["sound"] = False
    settings.save(store, mine)
    assert settings.load(store)[0]["sound"] is False


def test_denied_from_the_start_never_touches_the_backend() -> None:
    store = SafeStore(Refusing(), denied=True)
    settings.save(store, settings.defaults())
    assert settings.load(store)[0] == settings.defaults()
