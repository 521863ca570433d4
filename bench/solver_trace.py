"""Prints what the solver does on seeded positions: values, moves, node counts, table digests.

    python bench/solver_trace.py [--deals N] [--root DIR] > trace.txt

Two checkouts whose solvers search the same positions in the same order print
the same lines (``--root`` runs another checkout's engine with this script), so
`diff` of two traces shows whether a change to the solver kept its search:
for every rule set, the empty board and positions with one to four cards down
are solved (value, then best move), their moves valued one by one, looked at a
few plies deep, and the master's choice is taken; each line carries the
interior-node and leaf counts and a digest of the transposition table.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Mapping
from pathlib import Path

RULES = [
    ["open"],
    ["open", "same", "plus", "combo"],
    ["open", "same", "same_wall", "plus", "plus_wall", "combo", "battle"],
    ["open", "elemental", "same", "combo"],
    ["open", "broken_wall", "plus", "combo"],
    ["open", "power_wall"],
    ["open", "power_wall", "same", "plus", "combo"],
    ["open", "reverse"],
    ["open", "fallen_ace"],
    ["open", "ascension"],
    ["open", "descension", "same", "combo"],
    ["open", "order"],
    ["open", "swap"],
    ["open", "roulette"],
    ["open", "reverse", "fallen_ace", "ascension", "banner", "same", "plus", "combo"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="seeded deals per rule set")
    parser.add_argument("--root", help="the checkout whose engine runs (default: this one)")
    parser.add_argument("--empty", action="store_true", help="solve the empty board too (slow)")
    options = parser.parse_args()
    root = Path(options.root or Path(__file__).resolve().parent.parent).resolve()
    sys.path.insert(0, str(root))

    from triad.cards import builtin_set
    from triad.cpu import Brain
    from triad.cpu.context import Context, View
    from triad.match import MatchConfig, deal_match
    from triad.observe import observe
    from triad.rules import RuleSet

    cards = builtin_set()
    for names in RULES:
        label = "+".join(names[1:]) or "open"
        rules = RuleSet.parse(names)
        seeds = (
            s for s in range(1, 100) if not deal_match(MatchConfig(rules, cards), s).rules.chaos
        )
        for seed in [next(seeds) for _ in range(options.deals)]:
            for placed in range(0 if options.empty else 1, 5):
                state = deal_match(MatchConfig(RuleSet.parse(names), cards), seed).start()
                rng = random.Random(seed * 10 + placed)
                for _ in range(placed):
                    state, _ = state.apply(rng.choice(state.legal_moves()))
                ctx = Context(View.of(state))
                solver = ctx.solver
                pos = ctx.position
                head = f"{label} deal {seed} placed {placed}"
                v = solver.value(pos)
                print(head, "value", v, solver.nodes, solver.leaves, _digest(solver.table))
                v, child = solver.best(pos)
                print(head, "best", v, child.card, child.cell, solver.nodes, solver.leaves)
                kids = solver.children(pos)
                outcomes = [solver.outcome(c.position) for c in kids[::3]]
                print(head, "outcomes", outcomes, solver.nodes, solver.leaves)
                if placed >= 2:
                    fresh = Context(View.of(state)).solver
                    values = [v for _, v in fresh.move_values(pos)]
                    print(head, "moves", values, fresh.nodes, fresh.leaves, _digest(fresh.table))
                    half = kids[: len(kids) // 2] or kids
                    v, c = fresh.best_of(pos, half)
                    print(head, "best_of", v, c.card, c.cell, fresh.nodes, fresh.leaves)
                looked = Context(View.of(state)).solver
                deep = [looked.limited(c.position, 3) for c in kids]
                print(head, "limited", deep, looked.nodes, looked.leaves)
                if placed in (1, 3):
                    obs = observe(state, state.to_move)
                    moves = [Brain(level, seed).choose(obs, None).text for level in ("master",)]
                    print(head, "master", moves)


def _digest(table: Mapping[int, object]) -> str:
    """A short digest of a transposition table's keys and entries, in insertion order."""
    return hashlib.sha1(repr(list(table.items())).encode()).hexdigest()[:12]


if __name__ == "__main__":
    main()
