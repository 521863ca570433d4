"""Move-ordering room: positions an exact solve searches with today's order and with an oracle's.

    python bench/bench_order.py                     # basic, Same+Plus+Combo, Power Wall, symmetry
    python bench/bench_order.py --rules same plus combo --deals 10
    python bench/bench_order.py --symmetry 20000    # symmetric deals only, no solving
    python bench/bench_order.py --stable --rules reverse  # what stable cards save

For each seeded deal the empty board is solved once as the CPU solves it;
then again, for each N from 9 down to 5, with the moves of positions with N
or more empty cells tried in the order of that first finished search (its
table's best move first, the rest as usual): an oracle no real ordering can
beat by much at those depths. The ratios say how many positions a better
order near the top could save at most; the values must (and do) agree.
Counts positions (interior nodes and leaves), not time, so any machine prints
the same figures.

``--stable`` counts what the solver's bound from stable cards saves instead:
each seeded deal's empty board solved with it and without it (the values
must agree), and the positions each searched.

``--symmetry N`` asks what the board's symmetries could save instead. A
rotation or mirror of the board turns every card's sides with it, so it maps
a position onto a position of the same match (of the same value, and one
table entry for both) only when it maps each card in play onto a card of the
same hand. It counts, over N seeded deals, the deals where some rotation or
mirror does, and the cards of the set that each one leaves unchanged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.cards import builtin_set  # noqa: E402
from triad.cpu.context import Context, View  # noqa: E402
from triad.cpu.solver import Solver  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.rules import RuleSet  # noqa: E402

RULES = [["open"], ["open", "same", "plus", "combo"], ["open", "power_wall"]]
DEPTHS = (9, 8, 7, 6, 5)


def deals_of(names: list[str], deals: int) -> list[tuple[int, Context]]:
    """Prints a header; the first ``deals`` seeded deals under ``names`` (none that drew Chaos)."""
    cards = builtin_set()
    rules = RuleSet.parse(names)
    seeds = [
        s for s in range(1, 10 * deals) if not deal_match(MatchConfig(rules, cards), s).rules.chaos
    ]
    print(f"{' '.join(names)}: positions of the empty board's exact value, {deals} seeded deals")
    return [
        (seed, Context(View.of(deal_match(MatchConfig(rules, cards), seed).start())))
        for seed in seeds[:deals]
    ]


def room(names: list[str], deals: int) -> None:
    """Prints today's positions and the oracle's, deal by deal, then medians and totals."""
    deal = deals_of(names, deals)
    print(f"  {'deal':>4}{'value':>6}{'today':>9}" + "".join(f"{f'from {n}':>9}" for n in DEPTHS))
    today: list[int] = []
    oracle: dict[int, list[int]] = {n: [] for n in DEPTHS}
    for seed, ctx in deal:
        value = ctx.solver.value(ctx.position)
        today.append(ctx.solver.nodes + ctx.solver.leaves)
        row = f"  {seed:>4}{value:>6}{today[-1]:>9}"
        for n in DEPTHS:
            solver = Solver(ctx.packed, ctx.solver.total, ctx.solver.table, n)
            if solver.value(ctx.position) != value:
                raise AssertionError(f"deal {seed}: the oracle's order changed the value")
            oracle[n].append(solver.nodes + solver.leaves)
            row += f"{oracle[n][-1] / today[-1]:>9.2f}"
        print(row, flush=True)
    print(
        f"  {'median':>10}{int(statistics.median(today)):>9}"
        + "".join(
            f"{statistics.median(oracle[n]) / statistics.median(today):>9.2f}" for n in DEPTHS
        )
    )
    print(
        f"  {'total':>10}{sum(today):>9}"
        + "".join(f"{sum(oracle[n]) / sum(today):>9.2f}" for n in DEPTHS)
    )


def stable(names: list[str], deals: int) -> None:
    """Prints positions with and without the bound from stable cards, deal by deal, and totals."""
    deal = deals_of(names, deals)
    print(f"  {'deal':>4}{'value':>6}{'without':>10}{'with':>10}{'ratio':>7}")
    totals = [0, 0]
    for seed, ctx in deal:
        counts = []
        values = set()
        for bound in (False, True):
            solver = Solver(ctx.packed, ctx.solver.total, stable=bound)
            values.add(solver.value(ctx.position))
            counts.append(solver.nodes + solver.leaves)
        if len(values) != 1:
            raise AssertionError(f"deal {seed}: the bound changed the value")
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        print(
            f"  {seed:>4}{values.pop():>6}{counts[0]:>10}{counts[1]:>10}{counts[1] / counts[0]:>7.2f}"
        )
    print(f"  {'total':>10}{totals[0]:>10}{totals[1]:>10}{totals[1] / totals[0]:>7.2f}")


Sides = tuple[int, int, int, int]
#: the board's rotations and mirrors, as what each does to a card's (top, right, bottom, left)
SYMMETRIES: dict[str, Callable[[Sides], Sides]] = {
    "quarter turn": lambda s: (s[3], s[0], s[1], s[2]),
    "half turn": lambda s: (s[2], s[3], s[0], s[1]),
    "three-quarter turn": lambda s: (s[1], s[2], s[3], s[0]),
    "left-right mirror": lambda s: (s[0], s[3], s[2], s[1]),
    "top-bottom mirror": lambda s: (s[2], s[1], s[0], s[3]),
    "diagonal mirror": lambda s: (s[3], s[2], s[1], s[0]),
    "other diagonal mirror": lambda s: (s[1], s[0], s[3], s[2]),
}


def symmetry(deals: int) -> None:
    """Prints, per symmetry, the set's cards it leaves unchanged and the deals it maps onto themselves."""
    # (with the identity they must be the square's eight symmetries: distinct, closed)
    sample: Sides = (1, 2, 3, 4)
    images = {sample, *(turn(sample) for turn in SYMMETRIES.values())}
    if len(images) != 8 or any(
        turn(s) not in images for turn in SYMMETRIES.values() for s in images
    ):
        raise AssertionError("the board's symmetries are not the square's eight")
    cards = builtin_set()
    rules = RuleSet.parse(["open"])
    hands = [
        [
            Counter(card.sides for card in hand)
            for hand in deal_match(MatchConfig(rules, cards), s).start().hands
        ]
        for s in range(1, deals + 1)
    ]
    print(f"board symmetries: {len(cards)} cards in the set, {deals} seeded deals")
    print(f"  {'symmetry':<24}{'cards unchanged':>16}{'deals onto themselves':>23}")
    for name, turn in SYMMETRIES.items():
        unchanged = sum(turn(card.sides) == card.sides for card in cards)
        closed = sum(
            all(Counter(turn(s) for s in hand.elements()) == hand for hand in deal)
            for deal in hands
        )
        print(f"  {name:<24}{unchanged:>16}{closed:>23}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--rules", nargs="+", help="one rule set (default: three)")
    parser.add_argument("--symmetry", type=int, metavar="N", help="count symmetric deals of N")
    parser.add_argument("--stable", action="store_true", help="what stable cards save")
    options = parser.parse_args()
    if options.stable:
        for names in [["open", *options.rules]] if options.rules else [["open"]]:
            stable(names, options.deals)
        return
    if options.symmetry:
        symmetry(options.symmetry)
        return
    print("(ratios: positions with the oracle's order from N empty cells on / today's)")
    for names in [["open", *options.rules]] if options.rules else RULES:
        room(names, options.deals)
    if not options.rules:
        symmetry(20000)


if __name__ == "__main__":
    main()
