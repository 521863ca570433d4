"""The referee's sentences: English text for the replay, a key and values for the page."""

from __future__ import annotations

import copy
import json
import pickle

from tests.ui.test_text import PLACEHOLDER, forms
from triad.catch.match import Match
from triad.catch.protocol import CommandError, parse_orders
from triad.catch.words import ENGLISH, Said, plain
from triad.ui.look import text

PAGE_FILE = "catch.json"


def test_a_sentence_is_its_english_text_and_keeps_its_key_and_values() -> None:
    inner = Said("no_unit_stayed", house=4)
    said = Said("at_start", reason=inner)
    assert said == "no unit stood on house 4 the whole turn when the turn starts"
    assert json.dumps(said) == json.dumps(str(said))  # a replay holds the English text
    assert said.to_json() == {
        "key": "at_start",
        "values": {"reason": {"key": "no_unit_stayed", "values": {"house": 4}, "text": inner}},
        "text": str(said),
    }
    assert plain([{"detail": said}, 3]) == [{"detail": said.to_json()}, 3]
    for twin in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert twin == said and twin.to_json() == said.to_json()


def test_a_replay_keeps_plain_english_text() -> None:
    match = Match.from_seed(5)
    match.play("MOVE 0 0 1", "WAIT")
    replay = json.loads(json.dumps(match.to_json()))
    outcome = replay["turns"][0]["outcomes"][0]
    assert outcome["detail"] == "a move needs two different houses when the turn starts"


def test_an_unrecognised_command_says_why_in_a_sentence() -> None:
    try:
        parse_orders("JUMP 1 2")
    except CommandError as exc:
        assert exc.said.key == "unrecognised" and exc.said.values["why"].key == "not_command"
        assert (
            str(exc)
            == "unrecognised command 'JUMP 1 2': 'JUMP' is not a command with these numbers"
        )
    else:
        raise AssertionError("JUMP was accepted")


def test_every_page_language_says_every_sentence_with_the_referees_values() -> None:
    for code in text.LANGUAGES:
        table = text.read_lang(code, PAGE_FILE)
        for key, english in ENGLISH.items():
            template = table.get("ref_" + key)
            assert template is not None, (code, key)
            given = set(PLACEHOLDER.findall(english))
            if key == "printed":
                given.add("player")  # named by colour on the page, by name in the English
            for sentence in forms(template):
                assert set(PLACEHOLDER.findall(sentence)) <= given, (code, key, sentence)
