"""Lab for issue 44: ways of finding which opening moves are best, by positions searched.

    python bench/opening_proofs.py              # games A, B, C and one deal of each rule set
    python bench/opening_proofs.py --deals 2 --only game   # more deals, or only some rows

Not a bench (`build.py bench` runs ``bench_*.py`` only): each way runs on a
fresh solver, searches the empty board's value first, then classifies every
opening move as best or not, and must find the same best moves as the plain
way (the script stops otherwise). Columns are positions searched (interior
and leaves, the same on any machine) after the value, over the value's own:

* ``plain``: one null-window probe per move at the value, the table shared
  (what `bench_opening`'s ``best set`` times);
* ``partner``: proving a move best, every reply is first answered by the
  next move of the list that uses another cell and card (the position after
  move, reply, partner is also the one after partner, reply, move, so the
  partner's own proof may find it in the table), unless the table already
  answers that reply;
* ``answer``: each reply is first answered by the move that answered the
  same reply (card and cell) in the last proof of a best move;
* ``proven``: each reply is first answered by a move already shown best;
* ``pairs``: the moves are paired in turn (each with the next one left that
  uses another cell and card), and each reply in one's proof is first answered
  by the other, both ways, so the second proof finds the first one's positions
  (move, reply, partner is also partner, reply, move) in the table;
* ``alone``: the mean positions one best move's proof takes with a fresh
  solver, against ``shared``: the mean in ``plain`` (a proof reuses little
  of the others').

With ``--traps``, each row also runs master's trap ranking (`triad.cpu.brain`:
which moves are best, then its trap count among them) to the end, without
its `TRAP_NODES` limit: the positions it takes over the value's (what a
tie-broken exact first move costs today) and the chance its pick leaves the
modelled opponent to keep the value.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from bench_opening import positions  # noqa: E402

from triad.cpu.context import Context, View  # noqa: E402
from triad.cpu.solver import INF, Child, Entry, Position, Solver  # noqa: E402
from triad.state import GameState  # noqa: E402


class LabSolver(Solver):
    """A solver that keeps the value it found, for the ways that order by it."""

    value_found = 0


Orders = Callable[[LabSolver, list[Child], int, list[Child]], dict[int, Entry]]


def searched(solver: Solver) -> int:
    return solver.nodes + solver.leaves


def first_answer(solver: Solver, reply: Child, card: int, cell: int) -> Entry | None:
    """A table entry whose move, at ``reply``'s position, is ``card`` on ``cell``."""
    for g in solver.children(reply.position):
        if g.card == card and g.cell == cell:
            p = g.position
            return (-INF, INF, (0, p.key, p.mine, p.theirs, card, cell))
    return None


def answered(solver: Solver, reply: Child, value: int) -> bool:
    """Whether the table already shows a move of ``reply``'s position worth ``value``."""
    for g in solver.children(reply.position):
        e = solver.table.get(solver.table_key(g.position))
        if e is not None and -e[1] >= value:
            return True
    return False


def plain(solver: LabSolver, kids: list[Child], i: int, best: list[Child]) -> dict[int, Entry]:
    return {}


def partner(solver: LabSolver, kids: list[Child], i: int, best: list[Child]) -> dict[int, Entry]:
    c = kids[i]
    other = next((d for d in kids[i + 1 :] if d.cell != c.cell and d.card != c.card), None)
    value = solver.value_found
    out: dict[int, Entry] = {}
    if other is None:
        return out
    for r in solver.children(c.position):
        if r.cell != other.cell and not answered(solver, r, value):
            e = first_answer(solver, r, other.card, other.cell)
            if e is not None:
                out[solver.table_key(r.position)] = e
    return out


def proven(solver: LabSolver, kids: list[Child], i: int, best: list[Child]) -> dict[int, Entry]:
    out: dict[int, Entry] = {}
    for r in solver.children(kids[i].position):
        for b in best:
            e = first_answer(solver, r, b.card, b.cell)
            if e is not None:
                out[solver.table_key(r.position)] = e
                break
    return out


class Pairs:
    """``pairs``: each move's replies answered first by its partner's move, both ways."""

    def __init__(self) -> None:
        self.partner: dict[int, int] = {}

    def __call__(
        self, solver: LabSolver, kids: list[Child], i: int, best: list[Child]
    ) -> dict[int, Entry]:
        if i not in self.partner:
            c = kids[i]
            for j in range(i + 1, len(kids)):
                d = kids[j]
                if j not in self.partner and d.cell != c.cell and d.card != c.card:
                    self.partner[i], self.partner[j] = j, i
                    break
        out: dict[int, Entry] = {}
        mate = self.partner.get(i)
        if mate is None:
            return out
        other = kids[mate]
        for r in solver.children(kids[i].position):
            if r.cell != other.cell:
                e = first_answer(solver, r, other.card, other.cell)
                if e is not None:
                    out[solver.table_key(r.position)] = e
        return out


class Answer:
    """``answer``: the move that answered each reply in the last proof of a best move."""

    def __init__(self) -> None:
        self.moves: dict[tuple[int, int], tuple[int, int]] = {}
        self.last: Child | None = None

    def __call__(
        self, solver: LabSolver, kids: list[Child], i: int, best: list[Child]
    ) -> dict[int, Entry]:
        if best and best[-1] is not self.last:
            self.last = best[-1]
            for r in solver.children(self.last.position):
                e = solver.table.get(solver.table_key(r.position))
                if e is not None and e[2] is not None:
                    self.moves[(r.card, r.cell)] = (e[2][4], e[2][5])
        out: dict[int, Entry] = {}
        for r in solver.children(kids[i].position):
            want = self.moves.get((r.card, r.cell))
            e = None if want is None else first_answer(solver, r, *want)
            if e is not None:
                out[solver.table_key(r.position)] = e
        return out


def classify(state: GameState, orders: Orders) -> tuple[list[tuple[int, int]], int, int, int]:
    """(best moves, positions of the value, positions after it, positions of best proofs)."""
    ctx = Context(View.of(state))
    oracle: dict[int, Entry] = {}
    solver = LabSolver(ctx.packed, ctx.solver.total, oracle=oracle, near=7)
    pos: Position = ctx.position
    value = solver.value_found = solver.value(pos)
    alone = searched(solver)
    kids = solver.children(pos)
    best: list[Child] = []
    proofs = 0
    for i, c in enumerate(kids):
        oracle.clear()
        oracle.update(orders(solver, kids, i, best))
        before = searched(solver)
        if -solver.probe(c.position, -value, -value + 1) >= value:
            best.append(c)
            proofs += searched(solver) - before
    return [(c.card, c.cell) for c in best], alone, searched(solver) - alone, proofs


def proof_alone(state: GameState, moves: list[tuple[int, int]], value: int) -> int:
    """Mean positions a fresh solver takes to show each of ``moves`` best."""
    total = 0
    for card, cell in moves:
        ctx = Context(View.of(state))
        solver = ctx.solver
        c = next(k for k in solver.children(ctx.position) if (k.card, k.cell) == (card, cell))
        solver.probe(c.position, -value, -value + 1)
        total += searched(solver)
    return total // max(len(moves), 1)


def trap_counts(state: GameState) -> tuple[float | None, int, int]:
    """Master's trap ranking of the opening with no node limit, after the value:
    (the chance its pick leaves the opponent to keep the value, positions, value's)."""
    import random

    from triad.cpu import brain

    ctx = Context(View.of(state))
    solver = ctx.solver
    value = solver.value(ctx.position)
    alone = searched(solver)
    limit = brain.TRAP_NODES
    brain.TRAP_NODES = 1 << 40
    try:
        traps = brain._Traps(solver, ctx.position, value, random.Random(0))
        traps.run()
    finally:
        brain.TRAP_NODES = limit
    score = traps.score()
    return (score[0] if score else None), searched(solver) - alone, alone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--only", default="", help="rows whose label contains this")
    parser.add_argument("--alone", type=int, default=4, help="best moves proven alone, per row")
    parser.add_argument("--traps", action="store_true", help="count every best move's traps")
    options = parser.parse_args()
    ways: list[tuple[str, Orders]] = [
        ("plain", plain),
        ("partner", partner),
        ("answer", Answer()),
        ("proven", proven),
        ("pairs", Pairs()),
    ]
    print("positions searched after the value, over the value's own (lower is better)")
    print(
        f"  {'position':<20}{'value':>8}{'best':>6}"
        + "".join(f"{w:>9}" for w, _ in ways)
        + f"{'shared':>8}{'alone':>8}"
    )
    for label, state in positions(options.deals):
        if options.only not in label:
            continue
        row = ""
        ref: list[tuple[int, int]] | None = None
        shared = alone = 0
        for name, orders in ways:
            if isinstance(orders, Answer | Pairs):
                orders = type(orders)()
            best, alone, after, proofs = classify(state, orders)
            if ref is None:
                ref = best
                shared = proofs // max(len(best), 1)
            elif best != ref:
                raise SystemExit(f"{label}: {name} found other best moves")
            row += f"{after / alone:>9.2f}"
        assert ref is not None
        ctx = Context(View.of(state))
        value = ctx.solver.value(ctx.position)
        fresh = proof_alone(state, ref[: options.alone], value)
        print(
            f"  {label:<20}{alone:>8}{len(ref):>6}{row}{shared:>8}{fresh:>8}",
            flush=True,
        )
        if options.traps:
            kept, count, value_nodes = trap_counts(state)
            print(
                f"    master's trap ranking, no node limit: {count / value_nodes:.1f} times"
                " the value's positions, "
                + ("one best move" if kept is None else f"its pick's chance kept {kept:.3f}"),
                flush=True,
            )


if __name__ == "__main__":
    main()
