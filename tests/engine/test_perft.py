"""Perft: game-tree counts from fixed deals, computed with the engine, against perft.json.

perft.json was written by tools/make_perft.py from the plain reference
resolver, so this is also a cross-check of two implementations over every
position of the trees. On a mismatch the per-first-move breakdown says
where to look.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from triad.capture import EventKind
from triad.cards import builtin_set
from triad.match import MatchConfig, deal_match
from triad.rules import RuleSet
from triad.state import GameState, Move

DATA = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))
FLIPS = {EventKind.SAME, EventKind.PLUS, EventKind.BASIC, EventKind.BATTLE, EventKind.COMBO}


def perft(case: dict[str, Any]) -> dict[str, Any]:
    rules = RuleSet.parse(case["rules"])
    state = deal_match(MatchConfig(rules, builtin_set()), case["seed"]).start()
    for text in case["prefix_moves"]:
        state, _ = state.apply(Move.from_text(text))
    depth = case["depth"]
    nodes = [0] * depth
    flips = [0] * depth
    events: list[Counter[str]] = [Counter() for _ in range(depth)]
    seen: list[set[GameState]] = [set() for _ in range(depth)]
    divide: dict[str, list[int]] = {}
    results: Counter[str] = Counter()

    def walk(position: GameState, level: int, first: str) -> None:
        for move in position.legal_moves():
            child, happened = position.apply(move)
            key = first or move.text
            nodes[level] += 1
            seen[level].add(child)
            flipped = sum(len(e.cells) for e in happened if e.kind in FLIPS)
            flips[level] += flipped
            events[level].update(e.kind.value for e in happened)
            if level + 1 == depth:
                entry = divide.setdefault(key, [0, 0])
                entry[0] += 1
                entry[1] += flipped
                if child.outcome is not None:
                    results[child.outcome.value] += 1
            else:
                walk(child, level + 1, key)

    walk(state, 0, "")
    found = {
        "nodes": nodes,
        "positions": [len(s) for s in seen],
        "flips": flips,
        "events": [dict(sorted(c.items())) for c in events],
        "divide": dict(sorted(divide.items())),
    }
    if results:
        found["results"] = dict(sorted(results.items()))
    return found


@pytest.mark.parametrize("case", DATA["cases"], ids=[c["name"] for c in DATA["cases"]])
def test_perft(case: dict[str, Any]) -> None:
    found = perft(case)
    if found["divide"] != case["divide"]:
        wrong = {
            move: (found["divide"].get(move), expected)
            for move, expected in case["divide"].items()
            if found["divide"].get(move) != expected
        }
        pytest.fail(f"per first move (found, expected) [nodes, flips]: {wrong}")
    for key in ("nodes", "positions", "flips", "events", "results"):
        assert found.get(key) == case.get(key), key
