"""The animation plan follows the engine's events to the engine's board, one flip at a time."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from triad.ui.look import anim
from triad.ui.page.settings import RULES
from triad.worker import engine as worker

# Every menu rule that changes how a placement resolves (not Elemental: another card set).
CAPTURE_RULES = [
    r
    for r in RULES
    if r not in ("open", "three_open", "elemental", "random", "draft", "level_range")
]


def owners(board: list) -> list:
    return [None if s is None else (s["card"]["id"], s["owner"]) for s in board]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.lists(st.sampled_from(CAPTURE_RULES), unique=True).filter(
        lambda rules: (
            not {"ascension", "descension"} <= set(rules) and not {"order", "chaos"} <= set(rules)
        )
    ),
    reduced=st.booleans(),
)
def test_plan_ends_on_the_engine_board(seed: int, rules: list, reduced: bool) -> None:
    view = json.loads(
        worker.new_match(json.dumps({"rules": rules, "seed": seed, "card_set": "houses"}))
    )["view"]
    rng = random.Random(seed)
    while not view["over"]:
        player = view["to_move"]
        empty = [i for i in range(9) if view["board"][i] is None]
        forced = view["forced"][player]  # Order, Chaos: the card to play is given
        card = rng.randrange(len(view["hands"][player])) if forced is None else forced
        cell = rng.choice(empty)
        reply = json.loads(worker.play(json.dumps({"player": player, "card": card, "cell": cell})))
        steps = anim.plan(view["board"], player, cell, reply["placed"], reply["events"], reduced)
        after = reply.get("drawn", reply["view"])["board"]
        assert owners(steps[-1]["board"]) == owners(after)
        assert steps[0]["do"] == "place"
        flips = [s for s in steps if s["do"] == "flip"]
        assert len(flips) == anim.flips(reply["events"])
        for step in flips:
            assert len(step["fx"]) == 1  # one card at a time
        kinds = [e["kind"] for e in reply["events"]]
        callouts = [s["callout"] for s in steps if s["do"] == "callout"]
        assert callouts.count("same") == kinds.count("same")
        assert callouts.count("plus") == kinds.count("plus")
        assert callouts.count("combo") == (1 if "combo" in kinds else 0)
        for s in steps:
            if reduced and s["do"] != "callout":
                assert s["ms"] == 0
        view = reply["view"]


def test_callout_comes_before_its_flips() -> None:
    card = {"id": "x", "top": 3, "right": 4, "bottom": 2, "left": 5}
    board = [None] * 9
    for cell in (1, 5, 0):
        board[cell] = {"card": {"id": f"r{cell}"}, "owner": "red"}
    events = [
        {"kind": "place", "cells": [4]},
        {"kind": "same", "cells": [1, 5]},
        {"kind": "combo", "cells": [0]},
    ]
    steps = anim.plan(board, "blue", 4, card, events)
    assert [s["do"] for s in steps] == ["place", "callout", "flip", "flip", "callout", "flip"]
    assert [s.get("callout") for s in steps if s["do"] == "callout"] == ["same", "combo"]
    assert [s["sound"] for s in steps] == ["place", "break", "flip", "flip", "bonus", "flip"]
    assert steps[-1]["board"][0]["owner"] == "blue"
    assert board[0]["owner"] == "red"  # the plan never changes what it was given


def test_shift_moves_the_line_along_its_direction() -> None:
    board = [{"card": {"id": str(i)}, "owner": "red"} if i in (0, 3) else None for i in range(9)]
    events = [
        {"kind": "place", "cells": [6]},
        {"kind": "shift", "cells": [6, 3, 0], "direction": "up"},
    ]
    steps = anim.plan(board, "blue", 6, {"id": "new"}, events)
    last = steps[-1]["board"]
    assert last[3]["card"]["id"] == "new" and last[0]["card"]["id"] == "3"
    assert last[6]["card"]["id"] == "0"
    assert set(steps[-1]["fx"].values()) == {"shift-up"}
