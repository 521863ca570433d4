"""The CPU player: difficulty levels, hidden-hand play and an anytime search.

A `Brain` plays one side (or hints for the human) from an `Observation`
only. It is meant to live for a whole match: with both hands known it keeps
its solver's transposition table from turn to turn, so each answer builds on
the previous ones and on the thinking done while the human chose (`ponder`).

Levels (fixed, documented behaviour):

* ``random``: a uniformly random legal move.
* ``greedy``: the move that flips the most cards now; ties at random.
* ``novice``, ``adept``, ``expert``: values every move, then picks at
  random with probability proportional to ``exp((value - best) / T)``
  (values count cards twice: +2 is one more card). Lower levels look less
  far (``depth`` plies, counting cards at the horizon) until few enough
  cells are empty for exact values (``exact_from``), and use a higher
  temperature ``T``; see `LEVEL_SPECS`.
* ``master``: only moves of the best exact value whenever both hands are
  known (Open, or once every hidden card is deduced); otherwise the best
  average over sampled hands. Among its best moves, when it is not already
  winning, master sets a trap: it plays the one a fallible opponent (one who
  judges its replies by a short lookahead, see `_Traps`) is least likely to
  answer with a reply that keeps the value (every other reply gives cards
  away), as far as `TRAP_NODES` searched positions allow (a count, not a time,
  so a seeded game plays the same on any machine), and not on the empty board
  (`TRAP_EMPTY`).

Under Order only the cell is chosen (the solver offers the first card only).
Under Chaos the drawn card is played; master values its cells by their exact
expectation over the later draws (`triad.cpu.chance`) when the search fits
the budget (pondering on the opponent's drawn card fills the table meanwhile;
without a time budget, `CHAOS_NODES` searched positions),
and every level otherwise looks ahead as if later cards were chosen (a fair
estimate, not a proof).

Hidden cards (no Open, Three Open) are sampled from the pool the hand was
dealt from, less every card the viewer can see (board, own hand, shown
cards); each sampled deal is valued like an open one and the values are
averaged (determinization). The samples come from the brain's seeded
generator, never from the real hidden cards, which the brain does not get.
Master draws its samples by how likely the opponent's moves so far make them
(`triad.cpu.guess`), takes as many as a node allowance pays for, and values
every possible hand instead once there are few enough (`Brain._guesses`).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from triad.capture import Player
from triad.cards import Card, builtin_set
from triad.cpu.chance import SCALE
from triad.cpu.context import Context, View
from triad.cpu.guess import Sightings
from triad.cpu.solver import INF, Child, Position, Solver, Timeout
from triad.observe import Observation
from triad.parts import EPS as _EPS
from triad.parts import best_traps
from triad.state import Move

LEVELS: tuple[str, ...] = ("random", "greedy", "novice", "adept", "expert", "master")


@dataclass(frozen=True)
class LevelSpec:
    """How a level values and picks moves.

    ``exact_from``: exact values when at most this many cells are empty;
    ``depth``: plies looked ahead otherwise; ``temperature``: of the random
    pick over values (0 picks among the best only); ``samples``: sampled
    deals per move when cards are hidden.
    """

    exact_from: int
    depth: int
    temperature: float
    samples: int


LEVEL_SPECS: dict[str, LevelSpec] = {
    "novice": LevelSpec(exact_from=2, depth=2, temperature=2.0, samples=2),
    "adept": LevelSpec(exact_from=4, depth=2, temperature=0.6, samples=4),
    "expert": LevelSpec(exact_from=6, depth=3, temperature=0.4, samples=8),
    "master": LevelSpec(exact_from=9, depth=3, temperature=0.0, samples=12),
}

#: With hidden cards, master values each sampled deal exactly from this many empty cells.
HIDDEN_EXACT_FROM = 6
#: With hidden cards, master's guesses (see `Brain._guesses`): at least its level's
#: ``samples``, then as many as `HIDDEN_NODES` searched positions pay for (a count, not a time: a seeded game plays the same on
#: any machine; setting up a guess's search counts as `CONTEXT_NODES`), at most
#: `HIDDEN_SAMPLES` drawn, or every possible hand when there are `HIDDEN_ENUMERATE`
#: or fewer.
HIDDEN_NODES = 60_000
CONTEXT_NODES = 2_000
HIDDEN_SAMPLES = 40
SIGHT_DRAWS = 8
HIDDEN_ENUMERATE = 2_000
#: False: master takes its level's few uniform guesses, as the lower levels do.
WISE_GUESSES = True
#: Plies of the lookahead that gives the anytime search its first answer.
QUICK_DEPTH = 3
#: Under Chaos, every cell's exact expectation is looked for from this many empty
#: cells (about 0.4 s for 7 under Pyodide; master's own move needs only the best
#: cell's, which it looks for at any stage within its budget).
CHAOS_EXACT_FROM = 7
#: Under Chaos without a time budget (the command line's `play`), master's exact
#: search for the drawn card's best cell stops after this many searched positions
#: (a count, not a time: a seeded game plays the same on any machine) and plays
#: its three-ply lookahead's move; from 7 empty cells on it finishes well within.
CHAOS_NODES = 100_000
#: Slices of the search master begins for its own coming move before its turn (`Brain.ponder`).
AHEAD_SLICE_MS = 30
#: Master's exact search is split over workers (`Brain.search_part`) from this many empty cells.
SPLIT_FROM = 7
#: Positions master may search to choose among its best moves (see `_Traps`).
TRAP_NODES = 60_000
#: Master sets traps with at most this many empty cells. On the empty board, showing
#: which of the 45 moves are best takes a proof of 30-50k positions for each (20 to 39
#: of them are best on the benchmark deals) and counting one best move's traps 100-150k
#: more (`bench/bench_opening.py`), so the count never reached a pick within
#: `TRAP_NODES` there (none on 35 seeded deals of five rule sets): it only spent time,
#: and master played the exact search's move as it does without it.
TRAP_EMPTY = 8
#: Master's model of a fallible opponent (see `_Traps`): plies it looks ahead and
#: how widely it strays from the reply that looks best to it (values count cards twice).
TRAP_LOOK = 2
TRAP_TEMPERATURE = 1.0


@dataclass(frozen=True)
class Progress:
    """A snapshot of an anytime search: the best move so far and how sure it is.

    ``value`` is the mover's final score minus the other's for ``move`` (an
    average over samples with hidden cards); ``exact`` says it is proven.
    """

    move: Move
    value: float
    exact: bool
    done: bool


@dataclass(frozen=True)
class PartFound:
    """Where the search of one part of a position's moves stands (`Brain.search_part`).

    ``move`` and ``value``: the part's best move and its value (``exact`` once
    proven). Once the position's value is known (the best of every part's) and
    is not a win, ``trap``: the best trap among the part's moves of that value,
    as (the chance a fallible opponent keeps the value, the replies that keep
    it), None when the part has no move of that value (or none is counted yet).
    ``done``: nothing more to search in this part for what was asked.
    """

    move: Move
    value: float
    exact: bool
    done: bool
    trap: tuple[float, int] | None = None


class Brain:
    """A CPU player of one level, kept for a whole match.

    ``pool``: the cards a hidden hand can hold (the set or collection it was
    dealt from); the whole Houses set by default.

    :raises ValueError: unknown level.
    """

    def __init__(self, level: str = "master", seed: int = 0, pool: Sequence[Card] | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {list(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.pool: tuple[Card, ...] = tuple(builtin_set().cards if pool is None else pool)
        self._context: Context | None = None
        self._sightings = {Player.BLUE: Sightings(), Player.RED: Sightings()}
        #: What `ponder` thinks about: a position, the opponent's moves there, how many done.
        self._plan: tuple[Context, Position, list[Child], list[int]] | None = None
        #: The search of the viewer's own coming move begun by `ponder` before its turn (the
        #: position it is for, the search, its last step): `choose` goes on with it.
        self._ahead: tuple[tuple[object, ...], Iterator[Progress], list[Progress]] | None = None
        #: Whether the last move `choose` or `hint` answered is of the best exact value
        #: (its search finished in time, or only one move was legal).
        self.exact = False
        #: The position searched in parts (`search_part`), each part's value and move once
        #: proven, and each part's trap count under way: later calls go on from there.
        self._part_at: tuple[object, ...] | None = None
        self._parts: dict[tuple[int, int], tuple[int, Child]] = {}
        self._part_traps: dict[tuple[int, int, int], _Traps] = {}

    # ---- public API -------------------------------------------------------

    def choose(self, obs: Observation, budget_ms: float | None = 900) -> Move:
        """The move to play for ``obs.viewer``, who must be to move.

        Within ``budget_ms`` (None: no limit, fully reproducible) the search
        answers from what it has when time is up.

        :raises ValueError: the viewer is not to move, or the game is over.
        """
        _check_turn(obs)
        self.exact = False
        if self.level == "random":
            return self.rng.choice(_legal(obs))
        if self.level == "greedy":
            return self._greedy(obs)
        sightings = self._sightings[obs.viewer]
        sightings.read(obs)
        legal = _legal(obs)
        if self.level == "master" and len(legal) == 1:
            move = legal[0]
            self.exact = True
        elif self.level == "master" and self._known(obs) is not None:
            found = self._exact(obs, budget_ms)
            move, self.exact = found.move, found.exact
        else:
            values = self._values(obs, LEVEL_SPECS[self.level], _deadline(budget_ms))
            move = self._pick(values, LEVEL_SPECS[self.level].temperature)
        sightings.played(obs, move)
        return move

    def hint(self, obs: Observation, budget_ms: float | None = 900) -> Move:
        """The master move for ``obs.viewer`` (F1, Autoplay), whatever this brain's level.

        :raises ValueError: the viewer is not to move, or the game is over.
        """
        _check_turn(obs)
        sightings = self._sightings[obs.viewer]
        sightings.read(obs)
        self.exact = False
        if self._known(obs) is not None:
            found = self._exact(obs, budget_ms)
            move, self.exact = found.move, found.exact
        else:
            values = self._values(obs, LEVEL_SPECS["master"], _deadline(budget_ms))
            move = self._pick(values, 0.0)
        sightings.played(obs, move)
        return move

    def knows(self, obs: Observation) -> bool:
        """True when ``obs.viewer`` sees or can deduce every card in play (from this pool)."""
        return self._known(obs) is not None

    def values(self, obs: Observation, budget_ms: float | None = None) -> dict[Move, float]:
        """Each legal move's value for ``obs.viewer`` as master judges it from ``obs`` alone.

        Exact when both hands are known; otherwise averaged over the brain's
        sampled guesses of the hidden cards (see the module docstring).
        Reproducible for a given seed when ``budget_ms`` is None.
        """
        return self._values(obs, LEVEL_SPECS["master"], _deadline(budget_ms), sighted=False)

    def ponder(self, obs: Observation, budget_ms: float = 200) -> bool:
        """Think about ``obs`` for up to ``budget_ms`` (whoever is to move), to answer faster later.

        Only useful when both hands are known: the solver's table keeps what is
        learnt. The position is solved first; when the opponent of the viewer is
        to move, then the viewer's answer to each of its moves, likeliest first
        (`reply_chances`), so the viewer's next turn finds its answer in the
        table. Under Chaos it searches the cells of the card drawn for the mover.
        When the viewer itself is to move (a master whose turn has not begun yet:
        the page shows a title or a deal first), it runs the very search `choose`
        will make, trap included, and `choose` goes on from where it got.
        Call it again to go on where it stopped; True once there is nothing more
        to think about here.
        """
        view = self._known(obs)
        chaos = obs.table.rules.chaos
        if view is None or _finished(obs) or (chaos and obs.drawn < 0):
            return True
        deadline = time.perf_counter() + budget_ms / 1000
        ctx = self._sync(view)
        if obs.to_move is obs.viewer and self.level == "master":
            return self._think_ahead(obs, ctx, deadline)
        solver = ctx.solver
        try:
            if chaos:  # the mover's cells for the card drawn: what follows is in the table
                index = ctx.hand_indices(obs.to_move)[obs.drawn]
                ctx.chance.best_cell(ctx.position, index, deadline)
                return True
            solver.best(ctx.position, deadline)
            if obs.to_move is obs.viewer:
                return True
            plan = self._plan
            if plan is None or plan[0] is not ctx or plan[1] != ctx.position:
                replies = [c for _, c in reply_chances(solver, ctx.position)]
                plan = self._plan = (ctx, ctx.position, replies, [0])
            _, _, replies, done = plan
            while done[0] < len(replies):
                after = replies[done[0]].position
                if after.mine | after.theirs != 0x1FF and after.hand:
                    solver.best(after, deadline)
                done[0] += 1
        except Timeout:
            return False
        return True

    def pondered(self, obs: Observation) -> Progress | None:
        """The search of ``obs.viewer``'s own coming move that `ponder` finished before its
        turn, trap included: its last step, the very move `choose` will play there (None
        when `ponder` has not thought that move through). Asks nothing of the search."""
        ahead = self._ahead
        view = self._known(obs)
        if ahead is None or view is None or ahead[0] != _ahead_key(obs, self._sync(view)):
            return None
        last = ahead[2][0]
        return last if last.done else None

    def search(
        self, obs: Observation, slice_ms: float = 40, deadline: float = 0.0, nodes: int = 0
    ) -> Iterator[Progress]:
        """Anytime search for ``obs.viewer`` (both hands known): yields after each slice.

        The first `Progress` comes from a short lookahead; later ones from the
        exact search as it completes; the last one has ``done`` set. Stop
        iterating whenever the time is up and play the last move yielded. No
        slice runs past ``deadline`` (a ``time.perf_counter`` value; 0: none).
        Under Chaos, ``nodes`` (0: none) bounds the searched positions: past
        them the lookahead's move comes as the last `Progress`.

        :raises ValueError: cards are hidden, or the viewer is not to move.
        """
        view = self._known(obs)
        if view is None:
            raise ValueError("the exact search needs both hands known")
        _check_turn(obs)
        ctx = self._sync(view)
        if obs.table.rules.chaos and obs.drawn >= 0:
            yield from self._chaos_search(ctx, obs, slice_ms, deadline, nodes)
            return
        solver = ctx.solver
        pos = ctx.position
        me = obs.viewer
        kids = solver.children(pos)
        # the cards each move holds at once, then a short lookahead, a slice at a time
        top, first = _top([(c, -solver.terminal_value(c.position)) for c in kids])
        yield Progress(ctx.move_of(first, me), top, False, False)
        quick: list[tuple[Child, int]] = []
        end = _slice_end(slice_ms, deadline)
        for c in kids:
            quick.append((c, -solver.limited(c.position, QUICK_DEPTH - 1)))
            if time.perf_counter() > end and len(quick) < len(kids):
                top, first = _top(quick)
                yield Progress(ctx.move_of(first, me), top, False, False)
                end = _slice_end(slice_ms, deadline)
        top, first = _top(quick)
        yield Progress(ctx.move_of(first, me), top, False, False)
        while True:
            try:
                value, best = solver.best(pos, _slice_end(slice_ms, deadline))
            except Timeout:
                lo, hi, mv = solver.bounds(pos)
                # (a move the table holds without a bound is only the one being searched)
                known = lo > -INF or hi < INF
                guess = next((c for c in kids if known and c.card * 9 + c.cell == mv), None)
                if guess is not None:
                    yield Progress(ctx.move_of(guess, me), lo if lo > -INF else top, False, False)
                else:
                    yield Progress(ctx.move_of(first, me), top, False, False)
                continue
            break
        if value > 0 or not _sets_traps(obs):  # winning already: mistakes change nothing
            yield Progress(ctx.move_of(best, me), value, True, True)
            return
        # Every move left is as good as the best: set the trap a fallible opponent
        # is likeliest to fall into.
        traps = _Traps(solver, pos, value, self.rng)
        while True:
            try:
                done = traps.run(_slice_end(slice_ms, deadline))
            except Timeout:
                done = False
            pick = traps.pick() or best
            yield Progress(ctx.move_of(pick, me), value, True, done)
            if done:
                return

    def splits(self, obs: Observation, hint: bool = False) -> bool:
        """Whether `search_part` over several workers is worth it for this move of
        ``obs.viewer``: master's exact search (or a hint) with both hands known, at least
        `SPLIT_FROM` empty cells, neither Order nor Chaos (a card forced: few moves), and
        either nothing of the position in the table yet (once this brain has thought about
        it whole, pondering say, it answers faster alone than workers starting from
        nothing) or its search in parts begun already (thought about ahead in parts)."""
        if not self.splittable(obs, hint):
            return False
        view = self._known(obs)
        assert view is not None
        ctx = self._sync(view)
        if self._part_at == _ahead_key(obs, ctx):
            return True
        return ctx.solver.bounds(ctx.position)[:2] == (-INF, INF)

    def splittable(self, obs: Observation, hint: bool = False) -> bool:
        """Whether this move of ``obs.viewer`` may be searched in parts at all (`splits`
        but for the table): before the turn, workers that would otherwise sit idle may
        take part even where this brain has begun the search whole."""
        rules = obs.table.rules
        if (self.level != "master" and not hint) or rules.order or rules.chaos:
            return False
        if sum(1 for s in obs.board if s is None) < SPLIT_FROM or obs.to_move is not obs.viewer:
            return False
        return self._known(obs) is not None

    def search_part(
        self,
        obs: Observation,
        part: int,
        parts: int,
        budget_ms: float | None = 900,
        value: int | None = None,
        quick: bool = True,
    ) -> PartFound:
        """Master's exact search of part ``part`` of ``parts`` of the moves of ``obs``
        (both hands known), for up to ``budget_ms``: the part's best move and its value.

        Each worker searches one part (`split_moves`: the same parts whatever the
        worker's card numbering); the best value over the parts is the position's,
        and a move of that value is master's move, as `choose` would find it. Part 0
        first looks every move a few plies ahead (``quick``), the answer when time
        runs out.

        Given ``value``, the position's value (every part proven) when it is not a
        win, the part then counts its traps: `_Traps` over the part's moves of that
        value, so that the best trap over the parts (the lowest chance that the
        opponent keeps the value, then the fewest replies that keep it) is master's
        choice among its best moves, as `choose` makes it over all of them.

        A search cut short by the budget goes on from where it got at the next call
        for the same position (the table keeps what was learnt, the trap count its
        place): a worker may search its part in slices while it has nothing else to do.

        :raises ValueError: cards are hidden, or the viewer is not to move.
        """
        view = self._known(obs)
        if view is None:
            raise ValueError("the exact search needs both hands known")
        _check_turn(obs)
        if not 0 <= part < parts:
            raise ValueError(f"part {part} of {parts}: no such part")
        deadline = _deadline(budget_ms)
        ctx = self._sync(view)
        at = _ahead_key(obs, ctx)
        if self._part_at != at:  # another position: what was searched in parts is of no use
            self._part_at = at
            self._parts.clear()
            self._part_traps.clear()
        solver = ctx.solver
        kids = solver.children(ctx.position)
        mine = split_moves(ctx, kids, part, parts)
        me = obs.viewer
        if not mine:  # fewer moves than parts: nothing here
            return PartFound(ctx.move_of(kids[0], me), -INF, True, True)
        solved = self._parts.get((part, parts))
        if solved is None:
            if part == 0 and quick:
                scored = [(c, -solver.limited(c.position, QUICK_DEPTH - 1)) for c in kids]
            else:
                scored = [(c, -solver.terminal_value(c.position)) for c in mine]
            top, first = _top(scored)
            try:
                solved = solver.best_of(ctx.position, mine, deadline)
            except Timeout:
                return PartFound(ctx.move_of(first, me), top, False, False)
            self._parts[(part, parts)] = solved
        found, best = solved
        if value is None or value > 0 or found < value or not _sets_traps(obs):
            return PartFound(ctx.move_of(best, me), found, True, True)
        traps = self._part_traps.get((part, parts, value))
        if traps is None:
            traps = _Traps(solver, ctx.position, value, self.rng, mine)
            self._part_traps[(part, parts, value)] = traps
        try:
            done = traps.run(deadline)
        except Timeout:
            done = False
        pick = traps.pick()
        if pick is None:
            return PartFound(ctx.move_of(best, me), found, True, done)
        return PartFound(ctx.move_of(pick, me), found, True, done, traps.score())

    # ---- internals --------------------------------------------------------

    def _chaos_search(
        self, ctx: Context, obs: Observation, slice_ms: float, deadline: float, nodes: int
    ) -> Iterator[Progress]:
        # The drawn card's cells: a quick lookahead first, then exact expectations.
        solver = ctx.solver
        kids = ctx.forced_children(obs.viewer, obs.drawn)
        quick = [(m, -solver.limited(c.position, QUICK_DEPTH - 1)) for m, c in kids]
        top = max(v for _, v in quick)
        first = next(m for m, v in quick if v == top)
        yield Progress(first, top, False, False)
        index = ctx.hand_indices(obs.viewer)[obs.drawn]
        chance = ctx.chance
        # a budget of searched positions (`choose` without a time budget: `CHAOS_NODES`)
        limit = chance.nodes + nodes if nodes else 0
        while True:
            end = time.perf_counter() + slice_ms / 1000
            chance.node_limit = limit
            try:
                cell, _, value = chance.best_cell(
                    ctx.position, index, min(end, deadline) if deadline else end
                )
            except Timeout:
                if limit and chance.nodes >= limit:
                    yield Progress(first, top, False, True)
                    return
                yield Progress(first, top, False, False)
                continue
            finally:
                chance.node_limit = 0
            yield Progress(Move(obs.drawn, cell), value / SCALE, True, True)
            return

    def _think_ahead(self, obs: Observation, ctx: Context, deadline: float) -> bool:
        """`ponder` for the viewer's own move: the search `choose` makes, in slices, until
        ``deadline``; True once it is done."""
        key = _ahead_key(obs, ctx)
        ahead = self._ahead
        if ahead is None or ahead[0] != key:
            steps = self.search(obs, AHEAD_SLICE_MS)
            ahead = self._ahead = (key, steps, [next(steps)])
        _, steps, last = ahead
        while not last[0].done and time.perf_counter() < deadline:
            last[0] = next(steps)
        return last[0].done

    def _exact(self, obs: Observation, budget_ms: float | None) -> Progress:
        deadline = _deadline(budget_ms)
        ahead, self._ahead = self._ahead, None
        view = self._known(obs)
        if ahead is not None and view is not None and ahead[0] == _ahead_key(obs, self._sync(view)):
            # `ponder` began this very search before the turn: go on with it
            _, steps, began = ahead
            last = began[0]
            while not last.done and not (deadline and time.perf_counter() > deadline):
                last = next(steps)
            return last
        # one slice as long as the budget: a blocking call needs no pauses.
        # (no time budget: under Chaos, a budget of searched positions instead)
        nodes = CHAOS_NODES if budget_ms is None else 0
        steps = self.search(obs, 1e9 if budget_ms is None else budget_ms, deadline, nodes)
        last = next(steps)
        for last in steps:
            if last.done or (deadline and time.perf_counter() > deadline):
                break
        return last

    def _sync(self, view: View) -> Context:
        ctx = self._context
        if ctx is None or not ctx.sync(view):
            ctx = Context(view)
            self._context = ctx
        return ctx

    def _greedy(self, obs: Observation) -> Move:
        state = obs.with_guess([_PLACEHOLDER] * obs.hidden)
        scored = []
        for move in state.legal_moves():
            after, _ = state.apply(move)
            scored.append((after.owned(obs.viewer), move))
        top = max(s for s, _ in scored)
        return self.rng.choice([m for s, m in scored if s == top])

    def _values(
        self, obs: Observation, spec: LevelSpec, deadline: float, sighted: bool = True
    ) -> dict[Move, float]:
        """Each move's value for ``obs.viewer``: exact, looked ahead, or averaged over samples
        (weighted by the opponent's moves seen in this match when ``sighted``)."""
        empty = sum(1 for s in obs.board if s is None)
        view = self._known(obs)
        if view is not None:
            return self._view_values(self._sync(view), obs.viewer, spec, empty, 0.0)
        exact_from = min(spec.exact_from, HIDDEN_EXACT_FROM)
        hidden_spec = LevelSpec(exact_from, spec.depth, spec.temperature, spec.samples)
        # master weighs its guesses by the opponent's moves so far and spends a node
        # allowance on them; the other levels take their few guesses as they come
        wise = spec is LEVEL_SPECS["master"] and WISE_GUESSES
        sightings = self._sightings[obs.viewer] if sighted else Sightings()
        guesses = self._guesses(obs, spec.samples, wise, sightings)
        totals: dict[Move, float] = {}
        weight = 0.0
        spent = 0
        for count, (guess, w) in enumerate(guesses, 1):
            started = time.perf_counter()
            ctx = Context(_view(obs, guess))
            values = self._view_values(ctx, obs.viewer, hidden_spec, empty, deadline)
            for move, v in values.items():
                totals[move] = totals.get(move, 0.0) + w * v
            weight += w
            spent += ctx.solver.nodes + ctx.solver.leaves + CONTEXT_NODES
            if wise and count >= spec.samples and spent >= HIDDEN_NODES:
                break
            # stop when the next guess would likely end past the deadline
            now = time.perf_counter()
            if deadline and now + (now - started) > deadline:
                break
        return {m: v / weight for m, v in totals.items()} if weight > 0 else totals

    def _view_values(
        self, ctx: Context, me: Player, spec: LevelSpec, empty: int, deadline: float
    ) -> dict[Move, float]:
        solver = ctx.solver
        pos = ctx.position
        out: dict[Move, float] = {}
        forced = ctx.drawn if ctx.table.rules.chaos else -1
        if forced >= 0:
            # Chaos: the drawn card's cells, exactly when few cells are left
            if empty <= min(spec.exact_from, CHAOS_EXACT_FROM):
                index = ctx.hand_indices(me)[forced]
                try:
                    for cell, _, v in ctx.chance.cell_values(pos, index, deadline):
                        out[Move(forced, cell)] = v / SCALE
                    return out
                except Timeout:
                    out.clear()
            for move, child in ctx.forced_children(me, forced):
                out[move] = -solver.limited(child.position, spec.depth - 1)
            return out
        if empty <= spec.exact_from:
            try:
                for child, v in solver.move_values(pos, deadline):
                    out[ctx.move_of(child, me)] = v
                return out
            except Timeout:
                out.clear()
        for child in solver.children(pos):
            out[ctx.move_of(child, me)] = -solver.limited(child.position, spec.depth - 1)
        return out

    def _unseen(self, obs: Observation) -> list[Card]:
        """The pool less every card in sight: what a hidden card can be."""
        left = list(self.pool)
        for card in obs.visible_cards:
            if card in left:
                left.remove(card)
        return left

    def _known(self, obs: Observation) -> View | None:
        """Both hands, when the viewer sees or can deduce every card; else None."""
        if obs.hidden == 0:
            return _view(obs, ())
        left = self._unseen(obs)
        if len(left) == obs.hidden:
            return _view(obs, left)
        return None

    def _guesses(
        self, obs: Observation, count: int, wise: bool, sightings: Sightings
    ) -> list[tuple[list[Card], float]]:
        """Guesses of the hidden opponent cards (the pool less every card in sight), each
        with its weight, in the order to value them.

        ``wise`` (master): when there are at most `HIDDEN_ENUMERATE` possible hands,
        every one of them in a random order, weighted by how likely the opponent's
        moves so far make it (the caller values as many as its allowance pays for:
        all of them when they are few enough, and then the values are exact);
        otherwise `HIDDEN_SAMPLES` hands drawn by that likelihood from `SIGHT_DRAWS`
        times as many uniform draws. Otherwise ``count`` uniform draws.
        """
        left = self._unseen(obs)
        need = obs.hidden
        if len(left) < need:
            source = left or list(self.pool) or [_PLACEHOLDER]
            return [([self.rng.choice(source) for _ in range(need)], 1.0) for _ in range(count)]
        if not wise:
            return [(self.rng.sample(left, need), 1.0) for _ in range(count)]
        if math.comb(len(left), need) <= HIDDEN_ENUMERATE:
            hands = [list(h) for h in itertools.combinations(left, need)]
            self.rng.shuffle(hands)
            return [(h, sightings.weight(h)) for h in hands]
        drawn = [self.rng.sample(left, need) for _ in range(HIDDEN_SAMPLES * SIGHT_DRAWS)]
        if not sightings.seen:
            return [(h, 1.0) for h in drawn[:HIDDEN_SAMPLES]]
        weights = [sightings.weight(h) for h in drawn]
        if not sum(weights) > 0:
            weights = [1.0] * len(drawn)
        return [(h, 1.0) for h in self.rng.choices(drawn, weights, k=HIDDEN_SAMPLES)]

    def _pick(self, values: dict[Move, float], temperature: float) -> Move:
        moves = sorted(values)
        top = max(values.values())
        if temperature <= 0:
            best = [m for m in moves if values[m] >= top - 1e-9]
            return best[0] if len(best) == 1 else self.rng.choice(best)
        weights = [math.exp((values[m] - top) / temperature) for m in moves]
        return self.rng.choices(moves, weights)[0]


class _Traps:
    """Master's choice among its moves of the best exact value ``value``.

    A fallible opponent is modelled as one who picks each reply with
    probability proportional to ``exp(gain / TRAP_TEMPERATURE)``, ``gain``
    being what the reply is worth to it by a `TRAP_LOOK`-ply lookahead
    (counting cards at the horizon, as people and the lower levels judge).
    Each best move is scored by the chance that such an opponent keeps the
    value (one null-window probe per reply; every other reply gives cards
    away), heaviest replies first, and master plays the lowest chance, then
    the fewest replies keeping the value. A move is dropped as soon as its
    chance exceeds the best found so far. Stops after `TRAP_NODES` searched
    positions. A deadline may interrupt `run` (`Timeout`): the next call goes
    on where it stopped.
    """

    def __init__(
        self,
        solver: Solver,
        pos: Position,
        value: int,
        rng: random.Random,
        kids: list[Child] | None = None,
    ) -> None:
        self.solver = solver
        self.value = value
        #: Given ``kids`` (a part of the moves, `Brain.search_part`), even a lone move of
        #: the value is counted: the other parts' counts are compared with it.
        self.part = kids is not None
        self.kids = solver.children(pos) if kids is None else kids
        self.salt = rng.random()  # one draw, whatever happens: ties are broken by it
        self.start = solver.nodes + solver.leaves
        self.next_kid = 0
        self.candidates: list[Child] = []
        self.current = 0
        self.replies: list[tuple[float, Child]] = []
        self.next_reply = 0
        self.kept = 0.0  # the chance, so far, that the opponent keeps the value
        self.keepers = 0
        self.scores: list[tuple[float, int, Child]] = []
        self.over = False  # done or out of nodes: a later `run` counts nothing more

    def run(self, deadline: float = 0.0) -> bool:
        """Count on until done or out of nodes (True), or until ``deadline``.

        :raises Timeout: when ``deadline`` passes.
        """
        if not self.over:
            self.over = self._count(deadline)
        return self.over

    def _count(self, deadline: float) -> bool:
        solver = self.solver
        v = self.value
        while self.next_kid < len(self.kids):  # which moves reach the value
            c = self.kids[self.next_kid]
            if -solver.probe(c.position, -v - 1, -v + 1, deadline) >= v:
                self.candidates.append(c)
            self.next_kid += 1
            if self._spent():
                return True
        if len(self.candidates) < (1 if self.part else 2):
            return True
        while self.current < len(self.candidates):
            c = self.candidates[self.current]
            if not self.replies and self.next_reply == 0:
                self.replies = reply_chances(solver, c.position)
            bound = min((k for k, _, _ in self.scores), default=INF)
            while self.next_reply < len(self.replies) and self.kept <= bound + _EPS:
                # the reply keeps the value when the mover gets no more than it after it
                chance, reply = self.replies[self.next_reply]
                if solver.probe(reply.position, v, v + 1, deadline) <= v:
                    self.kept += chance
                    self.keepers += 1
                self.next_reply += 1
                if self._spent():
                    return True
            if self.kept <= bound + _EPS:
                self.scores.append((self.kept, self.keepers, c))
            self.current += 1
            self.replies = []
            self.next_reply = 0
            self.kept = 0.0
            self.keepers = 0
        return True

    def pick(self) -> Child | None:
        """The best trap counted so far (None before any move is fully counted)."""
        tied = best_traps(self.scores)
        if not tied:
            return None
        return tied[int(self.salt * len(tied))]

    def score(self) -> tuple[float, int] | None:
        """The best trap's (chance kept, replies keeping the value), as `pick` ranks them."""
        fewest = best_traps([(k, n, n) for k, n, _ in self.scores])
        return (min(k for k, _, _ in self.scores), fewest[0]) if fewest else None

    def _spent(self) -> bool:
        return self.solver.nodes + self.solver.leaves - self.start >= TRAP_NODES


def split_moves(ctx: Context, kids: list[Child], part: int, parts: int) -> list[Child]:
    """Part ``part`` of ``parts`` of the moves ``kids`` of ``ctx``'s position.

    The moves are told apart by their cell and card (sides and affinity), never by
    the solver's numbering of the cards, so every worker makes the same parts; in
    that order they are dealt to the parts in turn (each part gets some cards of
    every cell). A part may be empty when there are fewer moves than parts.
    """

    def key(c: Child) -> tuple[int, tuple[int, int, int, int], str]:
        card = ctx.cards[c.card]
        return c.cell, card.sides, card.affinity or ""

    keys = sorted({key(c) for c in kids})
    chosen = {k for i, k in enumerate(keys) if i % parts == part}
    return [c for c in kids if key(c) in chosen]


def reply_chances(solver: Solver, pos: Position) -> list[tuple[float, Child]]:
    """The replies of ``pos`` with the chance that master's model of a fallible opponent
    plays each (see `_Traps`), likeliest first."""
    replies = solver.children(pos)
    if TRAP_LOOK <= 1:
        gains = [-solver.terminal_value(r.position) for r in replies]
    else:
        gains = [-solver.limited(r.position, TRAP_LOOK - 1) for r in replies]
    top = max(gains)
    weights = [math.exp((g - top) / TRAP_TEMPERATURE) for g in gains]
    total = sum(weights)
    order = sorted(range(len(replies)), key=lambda i: -weights[i])
    return [(weights[i] / total, replies[i]) for i in order]


def choose_move(obs: Observation, level: str, budget_ms: float | None = 900, seed: int = 0) -> Move:
    """One-shot: the move a fresh `Brain` of ``level`` plays in ``obs``.

    :raises ValueError: unknown level, or the viewer is not to move.
    """
    return Brain(level, seed).choose(obs, budget_ms)


_PLACEHOLDER = Card.of(1, 1, 1, 1)


def _top(scored: list[tuple[Child, int]]) -> tuple[int, Child]:
    """The best value among ``scored`` moves and the first move that has it."""
    top = max(v for _, v in scored)
    return top, next(c for c, v in scored if v == top)


def _slice_end(slice_ms: float, deadline: float) -> float:
    """When a slice of ``slice_ms`` begun now ends, never past ``deadline`` (0: none)."""
    end = time.perf_counter() + slice_ms / 1000
    return min(end, deadline) if deadline else end


def _deadline(budget_ms: float | None) -> float:
    return 0.0 if budget_ms is None else time.perf_counter() + budget_ms / 1000


def _ahead_key(obs: Observation, ctx: Context) -> tuple[object, ...]:
    """What a search begun ahead of a turn is for: the viewer, the position, the card drawn."""
    return (obs.viewer, id(ctx), ctx.position, ctx.drawn)


def _sets_traps(obs: Observation) -> bool:
    """Whether master counts traps among its best moves here (`TRAP_NODES`, `TRAP_EMPTY`)."""
    return TRAP_NODES > 0 and sum(1 for s in obs.board if s is None) <= TRAP_EMPTY


def _finished(obs: Observation) -> bool:
    return None not in obs.board


def _check_turn(obs: Observation) -> None:
    if _finished(obs):
        raise ValueError("the game is over: there is no move to choose")
    if obs.to_move != obs.viewer:
        raise ValueError(f"it is {obs.to_move}'s turn, not {obs.viewer}'s")


def _forced(obs: Observation) -> int | None:
    """The hand index the viewer must play (Order: the first, Chaos: the drawn one)."""
    rules = obs.table.rules
    if rules.chaos and obs.drawn >= 0:
        return obs.drawn
    if rules.order and obs.own_hand:
        return 0
    return None


def _legal(obs: Observation) -> list[Move]:
    empty = [c for c, s in enumerate(obs.board) if s is None]
    forced = _forced(obs)
    cards = range(len(obs.own_hand)) if forced is None else (forced,)
    return [Move(i, c) for i in cards for c in empty]


def _view(obs: Observation, guess: Sequence[Card]) -> View:
    cards = iter(guess)
    opponent = tuple(c if c is not None else next(cards) for c in obs.opponent_hand)
    if obs.viewer is Player.BLUE:
        return View(obs.table, obs.board, (obs.own_hand, opponent), obs.to_move, obs.drawn)
    return View(obs.table, obs.board, (opponent, obs.own_hand), obs.to_move, obs.drawn)
