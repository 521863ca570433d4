"""Prints the CPU's answers on fixed positions; the runtimes test compares CPython and Pyodide.

python tests/cpu/cpu_digest.py
node bench/pyodide_runner.mjs tests/cpu/cpu_digest.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.cards import builtin_set  # noqa: E402
from triad.cpu import LEVELS, Brain  # noqa: E402
from triad.cpu.context import Context, View  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.observe import observe  # noqa: E402
from triad.rules import RuleSet  # noqa: E402


def main() -> None:
    cards = builtin_set()
    for names in (
        ["open"],
        ["open", "same", "plus", "combo", "banner"],
        ["power_wall"],
        [],
        ["open", "reverse", "fallen_ace", "ascension", "banner", "same", "combo"],
        ["open", "order", "descension", "swap"],
        ["open", "chaos", "plus"],
        ["open", "original", "same", "plus", "banner"],
    ):
        for seed in (1, 2):
            state = deal_match(MatchConfig(RuleSet.parse(names), cards), seed).start()
            rng = random.Random(seed)
            for _ in range(4):
                state, _ = state.apply(rng.choice(state.legal_moves()))
            ctx = Context(View.of(state))
            values = sorted(
                (ctx.move_of(c, state.to_move).text, v)
                for c, v in ctx.solver.move_values(ctx.position)
            )
            print(",".join(names) or "hidden", seed, "values", values)
            obs = observe(state, state.to_move)
            moves = [Brain(level, seed).choose(obs, None).text for level in LEVELS]
            print(",".join(names) or "hidden", seed, "moves", moves)


if __name__ == "__main__":
    main()
