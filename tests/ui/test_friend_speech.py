"""A friend match, by link or live, said to a screen reader as a match against the CPU is:
the deal with who is which side, then every move of both sides once, with its captures,
the score and whose turn it is (the live channel brings the same codes as links do)."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest

from tests.friend.helpers import Side
from tests.ui.helpers import settle
from tests.ui.test_friend_page import opened, page, play_out
from triad.friend import protocol as fp
from triad.friend import service
from triad.friend.messages import Secrets, new_secret
from triad.ui.look.text import set_language

PLAYS = {"en": " plays ", "fr": " joue "}
TURNS = {
    "en": ("Your turn.", "Your friend's turn."),
    "fr": ("À vous de jouer.", "Au tour de votre ami."),
}
SIDES = {
    "en": "You are Red, your friend Blue.",
    "fr": "Vous êtes Rouge, votre ami Bleu.",
}


async def said_in_a_match(lang: str) -> list[str]:
    """A whole match, the page the guest (Red) against a host program: what it said."""
    host = Side(fp.HOST, 5)
    app, screen = await page()
    app.settings["lang"] = lang
    app.apply_language()
    await opened(app, host.invite(["same"]))
    start = len(screen.said)  # (the quick match before it is no part of it)
    await app.friend.accept()
    await settle(app)
    host.take(app.friend.code)
    await opened(app, host.act())  # (the host's first move may come with its start)
    await play_out(app, host)
    return screen.said[start:]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_move_of_a_friend_match_is_said_once(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # both sides' moves each said once, in turn, whichever side moves first
    rng = random.Random(3)
    fresh = classmethod(lambda cls: cls(new_secret(rng.randbytes), new_secret(rng.randbytes)))
    monkeypatch.setattr(service, "Secrets", type("Seeded", (Secrets,), {"new": fresh}))
    red, blue = ("Red", "Blue") if lang == "en" else ("Rouge", "Bleu")
    mine, theirs = TURNS[lang]
    first = set()
    try:
        for _ in range(8):
            said = asyncio.run(said_in_a_match(lang))
            assert sum(SIDES[lang] in s for s in said) == 1, said  # (the deal, once)
            spoken = [s for s in said if PLAYS[lang] in s]
            assert len(spoken) == 9, spoken  # (no move said twice, none left out)
            sides = [s.split(PLAYS[lang])[0] for s in spoken]
            assert all(a != b for a, b in itertools.pairwise(sides)), sides  # in turn
            for words, side in zip(spoken[:-1], sides[:-1], strict=True):
                assert words.endswith(theirs if side == red else mine), words
            first.add(sides[0])
            if first == {red, blue}:
                break
        assert first == {red, blue}, "both sides moved first in some match"
    finally:
        set_language("en")
