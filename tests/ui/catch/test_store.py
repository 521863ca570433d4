"""Saved bots: a versioned document; bad data gives the example back and keeps the text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triad.ui.catch import store as saved
from triad.ui.catch.example import EXAMPLE_BOT, EXAMPLE_NAME
from triad.ui.page.settings import MemoryStore, SafeStore


class Refusing:
    """A storage backend that refuses everything (storage denied mid-visit)."""

    def get(self, key: str) -> str:
        raise RuntimeError("denied")

    def set(self, key: str, value: str) -> None:
        raise RuntimeError("denied")


def test_a_first_visit_has_the_example_bot() -> None:
    doc, notice = saved.load(MemoryStore())
    assert notice is None
    assert doc["bots"] == [{"name": EXAMPLE_NAME, "code": EXAMPLE_BOT}]
    assert doc["current"] == EXAMPLE_NAME and doc["opponent"] == "random"
    assert doc["limits"] == "codingame"


def test_bots_are_saved_renamed_and_deleted() -> None:
    store = MemoryStore()
    doc, _ = saved.load(store)
    assert saved.put(doc, "  My   first bot ", "print('WAIT')") == "My first bot"
    saved.put(doc, "My first bot", "print('WAIT');")
    saved.put(doc, "Second", "x = 1")
    doc["opponent"] = "planner"
    saved.save(store, doc)
    again, notice = saved.load(store)
    assert notice is None
    assert [b["name"] for b in again["bots"]] == [EXAMPLE_NAME, "My first bot", "Second"]
    assert saved.find(again, "My first bot")["code"] == "print('WAIT');"
    assert again["current"] == "Second" and again["opponent"] == "planner"
    saved.remove(again, "Second")
    assert again["current"] == EXAMPLE_NAME
    for bot in list(again["bots"]):
        saved.remove(again, bot["name"])
    assert again["bots"] == saved.defaults()["bots"]  # never empty
    # the example comes back under the name the page gives it (its language's)
    saved.remove(again, EXAMPLE_NAME, "Bot d'exemple")
    assert [b["name"] for b in again["bots"]] == ["Bot d'exemple"]
    assert again["current"] == "Bot d'exemple"
    with pytest.raises(ValueError):
        saved.put(again, "   ", "x")
    with pytest.raises(ValueError):
        saved.put(again, "big", "x" * (saved.MAX_CODE + 1))


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "null",
        "[]",
        json.dumps({"version": 2, "bots": []}),
        json.dumps({"version": 1, "bots": "x"}),
        json.dumps({"version": 1, "bots": [{"name": "a"}]}),
        json.dumps(
            {"version": 1, "bots": [{"name": "a", "code": "1"}, {"name": "a", "code": "2"}]}
        ),
        json.dumps({"version": 1, "bots": [], "opponent": "god"}),
        json.dumps({"version": 1, "bots": [], "limits": "none"}),
    ],
)
def test_a_bad_document_gives_defaults_a_notice_and_keeps_the_text(raw: str) -> None:
    store = MemoryStore()
    store.set(saved.KEY, raw)
    doc, notice = saved.load(store)
    assert notice == "storage_reset"
    assert doc == saved.defaults()
    assert store.get(saved.BROKEN_KEY) == raw


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
        max_leaves=12,
    )
)
def test_no_stored_value_crashes_the_page(value: object) -> None:
    doc, _ = saved.parse(json.dumps(value))
    assert saved.validate(json.loads(saved.dump(doc))) == doc


def test_denied_storage_keeps_bots_for_the_visit() -> None:
    store = SafeStore(Refusing())
    doc, notice = saved.load(store)
    assert notice is None and store.denied
    saved.put(doc, "Mine", "print(1)")
    saved.save(store, doc)
    assert saved.load(store)[0]["current"] == "Mine"
