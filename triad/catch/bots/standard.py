"""Built-in Triangle Catch bots in one self-contained file (standard library only).

It runs unchanged on CodinGame (set ``DEFAULT_BOT``) or as a subprocess:
``python standard.py [random|greedy|planner] [seed]``. Each turn the bot
reads the protocol lines, builds a ``World`` and prints one line of commands.
In process, ``Bot.turn(text)`` does the same from a string.

Strengths, weakest first (checked by a seeded round robin in the tests):

- ``random``: each unit that can move goes to a random neighbour half the
  time; each owned triangle spawns on a random corner half the time.
- ``greedy``: spawns from every triangle it owns while it has fewer than
  six units; picks the capturable triangle nearest to its units and keeps
  walking one unit to each corner it lacks until it has it, then the next.
- ``planner``: each turn, sorts every capturable triangle by the unit-steps
  it needs (the opponent's units on a corner must be outnumbered; the
  opponent's triangles count double, last turn's targets are preferred)
  and sends its nearest free units to as many as it can at once, keeping
  enough units on the corners it already holds; reinforces a corner of
  each triangle the opponent could take next turn; attacks a stack of at
  least four opponent units next to one of its triangles (five on one of
  the triangle's own corners, where it pays a unit too); removes a path when that breaks two of the
  opponent's triangles and none of its own; empties the houses of the
  triangles it has used so that it may capture them again; and spawns from
  every triangle it owns while it has fewer units than half the houses,
  until turn 180.

Their ordering (planner beats greedy beats random) was measured over seeds
0-9, both sides: 20 of 20 games in each pairing.
"""

import random
import sys
from collections.abc import Callable

DEFAULT_BOT = "planner"
ATTACK_MIN_GAIN = 4  # opponent units an attack must kill (one more on the triangle's corners)
SPAWN_UNTIL_TURN = 180

Tri = tuple[int, int, int, int, int, int]  # a, b, c, owner (-1/0 me/1), me_can, opp_can
Corners = tuple[int, int, int]


class World:
    """Everything a bot knows at the start of a turn, from the protocol."""

    def __init__(self, coords: list[tuple[int, int]]) -> None:
        self.coords = coords
        self.n = len(coords)
        self.turn = 0
        self.my_score = 0
        self.opp_score = 0
        self.mine = [0] * self.n
        self.theirs = [0] * self.n
        self.paths: list[tuple[int, int]] = []
        self.adj: list[list[int]] = [[] for _ in range(self.n)]
        self.tris: list[Tri] = []
        self.linkable: list[tuple[int, int]] = []
        self._dist: list[list[int]] | None = None
        self._dist_key: tuple[tuple[int, int], ...] = ()

    def read_turn(self, readline: Callable[[], str]) -> None:
        """Read one turn's lines (after the initial block)."""
        self.turn += 1
        self.my_score, self.opp_score = (int(v) for v in readline().split())
        for _ in range(self.n):
            h, m, t = (int(v) for v in readline().split())
            self.mine[h] = m
            self.theirs[h] = t
        self.paths = [_pair(readline()) for _ in range(int(readline()))]
        self.adj = [[] for _ in range(self.n)]
        for a, b in self.paths:
            self.adj[a].append(b)
            self.adj[b].append(a)
        for row in self.adj:
            row.sort()
        self.tris = []
        for _ in range(int(readline())):
            a, b, c, owner, me_can, opp_can = (int(v) for v in readline().split())
            self.tris.append((a, b, c, owner, me_can, opp_can))
        self.linkable = [_pair(readline()) for _ in range(int(readline()))]

    def owners(self, mine: list[int] | None = None, theirs: list[int] | None = None) -> list[int]:
        """House owners (0 me, 1 opponent, -1 nobody): majority, then all-neighbours rule."""
        m = self.mine if mine is None else mine
        t = self.theirs if theirs is None else theirs
        own = [0 if m[h] > t[h] else 1 if t[h] > m[h] else -1 for h in range(self.n)]
        changed = True
        while changed:
            changed = False
            for h in range(self.n):
                row = self.adj[h]
                if own[h] != -1 or not row:
                    continue
                first = own[row[0]]
                if first != -1 and all(own[k] == first for k in row):
                    own[h] = first
                    changed = True
        return own

    def dist(self) -> list[list[int]]:
        """All-pairs path distances in steps (``n`` when unreachable)."""
        key = tuple(self.paths)
        if self._dist is None or key != self._dist_key:
            self._dist = [self._bfs(s) for s in range(self.n)]
            self._dist_key = key
        return self._dist

    def _bfs(self, source: int) -> list[int]:
        dist = [self.n] * self.n
        dist[source] = 0
        frontier = [source]
        while frontier:
            nxt = []
            for h in frontier:
                for k in self.adj[h]:
                    if dist[k] == self.n:
                        dist[k] = dist[h] + 1
                        nxt.append(k)
            frontier = nxt
        return dist


def _pair(line: str) -> tuple[int, int]:
    a, b = (int(v) for v in line.split())
    return a, b


class Bot:
    """Base bot: parses protocol text, asks ``play`` for commands."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.world: World | None = None

    def turn(self, text: str) -> str:
        """Answer one turn given exactly the lines a program would read for it."""
        lines = iter(text.splitlines())
        return self.read_and_play(lambda: next(lines))

    def read_and_play(self, readline: Callable[[], str]) -> str:
        """Read a turn (and the initial block on the first one) and return the commands."""
        if self.world is None:
            count = int(readline())
            coords = []
            for _ in range(count):
                _, x, y = (int(v) for v in readline().split())
                coords.append((x, y))
            self.world = World(coords)
        self.world.read_turn(readline)
        commands = self.play(self.world)
        return ";".join(commands) if commands else "WAIT"

    def play(self, world: World) -> list[str]:
        """Return this turn's commands."""
        raise NotImplementedError


class RandomBot(Bot):
    """Random moves and random spawns."""

    def play(self, world: World) -> list[str]:
        rng = self.rng
        commands = []
        for a, b, c, owner, _, _ in world.tris:
            if owner == 0 and rng.random() < 0.5:
                corners = [a, b, c]
                rng.shuffle(corners)
                commands.append("SPAWN {} {} {}".format(*corners))
        for h in range(world.n):
            if world.mine[h] and world.adj[h] and rng.random() < 0.5:
                target = rng.choice(world.adj[h])
                amount = rng.randint(1, world.mine[h])
                commands.append(f"MOVE {h} {target} {amount}")
        return commands


class GreedyBot(Bot):
    """One target triangle at a time; spawns while it has fewer than six units."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.target: tuple[int, int, int] | None = None

    def play(self, world: World) -> list[str]:
        own = world.owners()
        commands = []
        units = sum(world.mine)
        for a, b, c, owner, _, _ in world.tris:
            if owner == 0 and units < 6:
                commands.append(f"SPAWN {a} {b} {c}")
                units += 1
        options = {(a, b, c): (owner, me_can) for a, b, c, owner, me_can, _ in world.tris}
        kept = options.get(self.target) if self.target is not None else None
        if kept is None or kept[0] == 0 or not kept[1]:
            self.target = None
            best = None
            for corners, (owner, me_can) in options.items():
                if owner != 0 and me_can:
                    plan = self._steps(world, own, corners)
                    if plan is not None and (best is None or plan[0] < best[0]):
                        best = (plan[0], corners)
            if best is not None:
                self.target = best[1]
        if self.target is not None:
            plan = self._steps(world, own, self.target)
            if plan is not None:
                commands.extend(f"MOVE {src} {h} 1" for src, h in plan[1])
        return commands

    @staticmethod
    def _steps(
        world: World, own: list[int], corners: tuple[int, int, int]
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """Nearest unit for each corner it does not own: (total distance, moves)."""
        dist = world.dist()
        spare = [world.mine[h] - (1 if h in corners else 0) for h in range(world.n)]
        steps: list[tuple[int, int]] = []
        cost = 0
        for h in corners:
            if own[h] == 0:
                continue
            sources = [s for s in range(world.n) if spare[s] > 0 and 0 < dist[s][h] < world.n]
            if not sources:
                return None
            src = min(sources, key=lambda s: (dist[s][h], s))
            spare[src] -= 1
            cost += dist[src][h]
            steps.append((src, h))
        return cost, steps


class PlannerBot(Bot):
    """Plans captures by cost, defends, attacks stacks, reclaims used triangles, spawns."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.targets: list[Corners] = []

    def play(self, world: World) -> list[str]:
        plan = _Plan(world, self.targets)
        plan.uses()
        plan.defend()
        plan.capture()
        plan.reclaim()
        plan.spawn(self._unit_target(world))
        self.targets = plan.targets
        return plan.commands()

    @staticmethod
    def _unit_target(world: World) -> int:
        """How many units are worth spawning for at this point of the game."""
        return world.n // 2 if world.turn <= SPAWN_UNTIL_TURN else 0


class _Plan:
    """One turn of the planner: units kept, moves, triangle uses."""

    def __init__(self, world: World, previous: list[Corners]) -> None:
        self.w = world
        self.own = world.owners()
        self.dist = world.dist()
        self.free = world.mine[:]  # units on each house not yet given an order
        self.previous = set(previous)
        self.targets: list[Corners] = []
        self.moves: list[tuple[int, int, int]] = []
        self.uses_: list[str] = []
        self.used: set[Corners] = set()
        self.arriving = [0] * world.n

    def commands(self) -> list[str]:
        attacks = [u for u in self.uses_ if u.startswith("ATTACK")]
        others = [u for u in self.uses_ if not u.startswith("ATTACK")]
        merged: dict[tuple[int, int], int] = {}
        for src, dst, amount in self.moves:
            merged[(src, dst)] = merged.get((src, dst), 0) + amount
        moves = [f"MOVE {s} {d} {a}" for (s, d), a in sorted(merged.items())]
        return attacks + moves + others

    def mine_tris(self) -> list[Corners]:
        return [(a, b, c) for a, b, c, owner, _, _ in self.w.tris if owner == 0]

    def uses(self) -> None:
        """Attacks on stacks next to a triangle, and path removals that cut more of theirs."""
        w = self.w
        for corners in self.mine_tris():
            if any(self.free[h] < 1 for h in corners):
                continue
            best, best_gain = -1, ATTACK_MIN_GAIN - 1
            for h in corners:
                for k in w.adj[h]:
                    gain = w.theirs[k] - (1 if k in corners else 0)
                    if gain > best_gain:
                        best, best_gain = k, gain
            if best >= 0:
                self._use("ATTACK", corners, best)
                continue
            cut = self._best_cut(corners)
            if cut >= 0:
                self._use("REMOVE_PATH", corners, cut)

    def _best_cut(self, corners: Corners) -> int:
        """A path from the first corner whose removal breaks 2+ of their triangles, none of mine."""
        w = self.w
        a = corners[0]
        for k in w.adj[a]:
            if k in corners:
                continue
            lost = [t[3] for t in w.tris if a in t[:3] and k in t[:3]]
            if lost.count(1) >= 2 and 0 not in lost:
                return k
        return -1

    def _use(self, kind: str, corners: Corners, target: int) -> None:
        a, b, c = corners
        self.uses_.append(f"{kind} {a} {b} {c} {target}")
        self.used.add(corners)
        for h in corners:
            self.free[h] -= 1

    def defend(self) -> None:
        """Keep one corner of each threatened triangle out of the opponent's hands."""
        w = self.w
        for corners in self.mine_tris():
            reach = [w.theirs[h] + sum(w.theirs[k] for k in w.adj[h]) for h in corners]
            have = [w.mine[h] + self.arriving[h] for h in corners]
            if not all(reach[i] > have[i] for i in range(3)):
                continue
            for short, h in sorted((reach[i] - have[i], h) for i, h in enumerate(corners)):
                helpers = [k for k in w.adj[h] if self.free[k] > 0 and k not in corners]
                if sum(self.free[k] for k in helpers) < short:
                    continue
                self.free[h] = 0
                for k in helpers:
                    take = min(short, self.free[k])
                    self._move(k, h, take)
                    short -= take
                    if short <= 0:
                        break
                break

    def _need(self, h: int) -> tuple[int, int]:
        """Units to keep on ``h`` and units still missing there to own it at the end of the turn."""
        w = self.w
        have = w.mine[h] + self.arriving[h]
        if self.own[h] == 0 and w.mine[h] <= w.theirs[h]:
            return 0, 0  # owned through its neighbours
        want = w.theirs[h] + 1
        return min(w.mine[h], want), max(0, want - have)

    def capture(self) -> None:
        """Send free units to the missing corners of the cheapest capturable triangles."""
        w = self.w
        candidates = []
        for a, b, c, owner, me_can, _ in w.tris:
            if owner == 0 or not me_can:
                continue
            cost = 0
            for h in (a, b, c):
                _, missing = self._need(h)
                if missing:
                    near = min(
                        (self.dist[s][h] for s in range(w.n) if self.free[s] > 0 and s != h),
                        default=w.n,
                    )
                    cost += missing * near
            bonus = (2 if owner == 1 else 1) * 2 + (3 if (a, b, c) in self.previous else 0)
            candidates.append((cost - bonus, (a, b, c)))
        candidates.sort()
        for _, corners in candidates:
            spare = self.free[:]
            needs = []
            for h in corners:
                keep, missing = self._need(h)
                if spare[h] < keep:
                    break
                spare[h] -= keep
                needs.append((h, missing))
            else:
                plan = self._sources(needs, spare)
                if plan is None:
                    continue
                self.free = spare
                for src, dst, amount in plan:
                    self._move(src, dst, amount, taken=True)
                self.targets.append(corners)

    def _sources(
        self, needs: list[tuple[int, int]], spare: list[int]
    ) -> list[tuple[int, int, int]] | None:
        """Nearest spare units for each missing corner (``spare`` is updated), or None."""
        w = self.w
        plan = []
        for h, missing in needs:
            while missing > 0:
                sources = [s for s in range(w.n) if spare[s] > 0 and s != h]
                if not sources:
                    return None
                src = min(sources, key=lambda s: (self.dist[s][h], s))
                if self.dist[src][h] >= w.n:
                    return None
                take = min(missing, spare[src])
                plan.append((src, h, take))
                spare[src] -= take
                missing -= take
        return plan

    def reclaim(self) -> None:
        """Empty the houses of used triangles so that they can be captured again."""
        w = self.w
        blocked = [(a, b, c) for a, b, c, owner, me_can, _ in w.tris if owner == -1 and not me_can]
        avoid = {h for t in blocked for h in t}
        for corners in blocked:
            if any(w.mine[h] != self.free[h] for h in corners):
                continue  # some units there have orders already
            if any(w.theirs[h] for h in corners):
                continue
            exits = {}
            for h in corners:
                if not self.free[h]:
                    continue
                outs = [k for k in w.adj[h] if k not in corners]
                if not outs:
                    break
                exits[h] = min(outs, key=lambda k: (k in avoid, self.own[k] != 0, k))
            else:
                for h, k in exits.items():
                    self._move(h, k, self.free[h])

    def _move(self, src: int, dst: int, amount: int, taken: bool = False) -> None:
        """Order ``amount`` units from ``src`` toward ``dst`` (``taken``: already off ``free``)."""
        if amount <= 0:
            return
        if not taken:
            self.free[src] -= amount
        self.moves.append((src, dst, amount))
        if dst in self.w.adj[src]:
            self.arriving[dst] += amount

    def spawn(self, target: int) -> None:
        """Spawn from unused triangles while below the unit target."""
        w = self.w
        units = sum(w.mine)
        for corners in self.mine_tris():
            if units >= target or corners in self.used:
                continue
            corner = max(corners, key=lambda h: (w.theirs[h] - w.mine[h] - self.arriving[h], -h))
            others = [x for x in corners if x != corner]
            self.uses_.append(f"SPAWN {corner} {others[0]} {others[1]}")
            self.used.add(corners)
            units += 1


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
}


def main(argv: list[str]) -> None:
    """Play on stdin/stdout until the input ends."""
    name = argv[0] if argv else DEFAULT_BOT
    seed = int(argv[1]) if len(argv) > 1 else 0
    bot = BOTS[name](seed)
    while True:
        try:
            line = bot.read_and_play(input)
        except EOFError:
            return
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
