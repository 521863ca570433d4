"""Write tests/engine/perft.json: game-tree counts from fixed deals, computed by the reference.

The counts come from `tests/engine/reference.py` (the plain second
implementation of a placement) and a game-tree walk written here, not from
`triad.state`; `tests/engine/test_perft.py` recomputes them with the engine.

For each case: from the opening (or from a position a few plies in, for the
"tail" cases that search to the end), for each depth d:
``nodes`` (move sequences of length d), ``positions`` (distinct positions
after d plies), ``flips`` (cards flipped by the d-th ply, summed over all
sequences) and ``events`` (event kinds of the d-th ply, summed). ``divide``
gives, per first move, the nodes and flips at the last depth. Tail cases
also count the results at the leaves.

    python tools/make_perft.py          # write the file
    python tools/make_perft.py --check  # exit 1 if it differs
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.engine.reference import reference_resolve  # noqa: E402
from triad.capture import Board, Player  # noqa: E402
from triad.cards import Card, builtin_set  # noqa: E402
from triad.deal import chaos_draw  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.prng import Rng  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import Table  # noqa: E402

PATH = ROOT / "tests" / "engine" / "perft.json"
FLIP_KINDS = {"same", "plus", "basic", "battle", "combo"}

CASES = [
    {"name": "basic", "rules": [], "seed": 1, "depth": 3},
    {"name": "banner", "rules": ["banner"], "seed": 2, "depth": 3},
    {
        "name": "same-plus-combo",
        "rules": ["same", "plus", "combo", "battle"],
        "seed": 3,
        "depth": 3,
    },
    {
        "name": "walls-power",
        "rules": ["same_wall", "plus_wall", "combo", "power_wall", "banner"],
        "seed": 4,
        "depth": 3,
    },
    {
        "name": "broken-wall",
        "rules": ["same", "combo", "broken_wall", "battle"],
        "seed": 5,
        "depth": 3,
    },
    {"name": "tail-basic", "rules": ["banner"], "seed": 6, "depth": 5, "prefix": 4},
    {
        "name": "tail-everything",
        "rules": ["same_wall", "plus_wall", "combo", "battle", "power_wall", "banner"],
        "seed": 7,
        "depth": 6,
        "prefix": 3,
    },
    {
        "name": "reverse-fallen-ace",
        "rules": ["reverse", "fallen_ace", "same", "combo", "battle"],
        "seed": 8,
        "depth": 3,
    },
    {
        "name": "tail-ascension",
        "rules": ["ascension", "same", "plus", "combo", "banner"],
        "seed": 9,
        "depth": 5,
        "prefix": 4,
    },
    {
        "name": "tail-descension",
        "rules": ["descension", "plus", "fallen_ace", "reverse"],
        "seed": 10,
        "depth": 5,
        "prefix": 4,
    },
    {"name": "order", "rules": ["order", "same"], "seed": 11, "depth": 4},
    {"name": "chaos", "rules": ["chaos", "reverse", "banner"], "seed": 12, "depth": 4},
    {"name": "swap-roulette", "rules": ["swap", "roulette", "plus"], "seed": 13, "depth": 3},
]

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]
Position = tuple[Board, Hands, Player]


def opening(case: dict[str, object]) -> tuple[Table, Position, list[str]]:
    rules = RuleSet.parse(case["rules"])  # type: ignore[arg-type]
    match = deal_match(MatchConfig(rules, builtin_set()), case["seed"])  # type: ignore[arg-type]
    blue, red = match.hands
    if match.swap is not None:  # Swap: one card of each hand changes sides
        i, j = match.swap
        blue, red = (*blue[:i], red[j], *blue[i + 1 :]), (*red[:j], blue[i], *red[j + 1 :])
    position: Position = ((None,) * 9, (blue, red), match.first)
    prefix: list[str] = []
    rng = Rng(case["seed"])  # type: ignore[arg-type]
    for _ in range(int(case.get("prefix", 0))):  # type: ignore[call-overload]
        moves = legal(match.table, position)
        index, cell = moves[rng.below(len(moves))]
        prefix.append(f"{index}@{cell}")
        position, _ = play(match.table, position, index, cell)
    return match.table, position, prefix


def legal(table: Table, position: Position) -> list[tuple[int, int]]:
    board, hands, mover = position
    empty = [c for c in range(9) if board[c] is None]
    cards = list(range(len(hands[mover])))
    if table.rules.order:  # the first card of the hand only
        cards = cards[:1]
    elif table.rules.chaos and cards:  # the card drawn from the match's stream
        cards = [chaos_draw(table.seed, 9 - len(empty), len(cards))]
    return [(i, c) for i in cards for c in empty]


def play(table: Table, position: Position, index: int, cell: int) -> tuple[Position, list[str]]:
    board, hands, mover = position
    card = hands[mover][index]
    rules = {r.value for r in table.rules.rules}
    new_board, events = reference_resolve(
        board, cell, card, mover, rules, table.cells, table.restrictions
    )
    rest = hands[mover][:index] + hands[mover][index + 1 :]
    new_hands: Hands = (rest, hands[1]) if mover is Player.BLUE else (hands[0], rest)
    kinds: list[str] = []
    for event in events:
        kinds.append(event.kind.value)
        if event.kind.value in FLIP_KINDS:
            kinds.extend(["flip"] * len(event.cells))
    return (new_board, new_hands, mover.other), kinds


def outcome(position: Position) -> str:
    board, hands, _ = position
    blue = sum(1 for s in board if s is not None and s.owner is Player.BLUE) + len(hands[0])
    red = sum(1 for s in board if s is not None and s.owner is Player.RED) + len(hands[1])
    return "blue" if blue > red else "red" if red > blue else "draw"


def count(case: dict[str, object]) -> dict[str, object]:
    table, root, prefix = opening(case)
    depth = int(case["depth"])  # type: ignore[call-overload]
    nodes = [0] * depth
    flips = [0] * depth
    events: list[Counter[str]] = [Counter() for _ in range(depth)]
    seen: list[set[Position]] = [set() for _ in range(depth)]
    results: Counter[str] = Counter()
    divide: dict[str, list[int]] = {}

    def walk(position: Position, level: int, first: str) -> None:
        for index, cell in legal(table, position):
            child, kinds = play(table, position, index, cell)
            key = first or f"{index}@{cell}"
            nodes[level] += 1
            seen[level].add(child)
            tally = Counter(kinds)
            flips[level] += tally.pop("flip", 0)
            events[level].update(tally)
            if level + 1 == depth:
                divide.setdefault(key, [0, 0])
                divide[key][0] += 1
                divide[key][1] += Counter(kinds)["flip"]
                if all(s is not None for s in child[0]):
                    results[outcome(child)] += 1
            else:
                walk(child, level + 1, key)

    walk(root, 0, "")
    result: dict[str, object] = dict(case)
    result["prefix_moves"] = prefix
    result["nodes"] = nodes
    result["positions"] = [len(s) for s in seen]
    result["flips"] = flips
    result["events"] = [dict(sorted(c.items())) for c in events]
    result["divide"] = dict(sorted(divide.items()))
    if results:
        result["results"] = dict(sorted(results.items()))
    return result


def main(argv: list[str]) -> int:
    data = {
        "about": "Game-tree counts from fixed deals of the Houses set; see tools/make_perft.py.",
        "cases": [count(case) for case in CASES],
    }
    text = json.dumps(data, indent=1) + "\n"
    return 0 if write_or_check(PATH, text, "--check" in argv) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
