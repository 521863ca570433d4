"""Master's search split over the engine and the page's extra workers.

A big position of master's (open hands) is searched in parts: the engine
worker searches the first part of the moves, each extra worker another
(`triad.cpu.service.cpu_part`), and the parts' answers make one move
(`triad.parts`). Extra workers boot after the engine; a search begun while
some are still booting plans a part for each, and a worker that comes up in
time takes its part (`Searchers.joined`).

`Searchers` belongs to the CPU coordinator (`triad.ui.cpu.coordinator.Cpu`);
the page tells it when a worker boots, fails or comes up (`triad.ui.page.dom`). It
waits on the page's state through the page's `Signal` (`triad.ui.page.shell`),
never by polling.
"""

from triad import api
from triad.parts import best_part, best_trap, split_found, split_value
from triad.ui.page import client

CPU_BUDGET_MS = 900
PONDER_MS = 60  # short slices: a move confirmed meanwhile waits at most this long
PONDER_SLICES = 2000  # at most this many a turn (about two minutes)
PONDER_GAP_MS = 40  # between two slices, so a move confirmed meanwhile is taken at once
# Between the slices of a search in parts ahead: a call that comes meanwhile waits one
# slice at most anyway (a worker answers its calls in turn), so the workers keep busy.
PART_GAP_MS = 5
TRAP_MIN_MS = 60  # a split search counts its traps when at least this much budget is left
JOIN_MIN_MS = 30  # a part planned for a worker is searched with at least this much left


def engine_part(engine, match=None, seed=None):
    """How `Searchers.think` asks the engine for a slice of its part of master's coming
    move: in the match on the table (its token `match`) or the one dealt ahead (`seed`)."""

    def ask(part: int, parts: int, value):
        return client.think_part(
            engine, match=match, seed=seed, part=part, parts=parts, budget_ms=PONDER_MS, value=value
        )

    return ask


class Searchers:
    """The extra workers of master's search, and the searches split over them (`services`:
    `triad.ui.page.services.Services`; `free()`: whether the extra workers may search ahead now, no
    move being asked of them nor the page paused)."""

    def __init__(self, services, free) -> None:
        self.services = services
        self.free = free
        self.helpers: list = []  # extra workers that are up (`triad.ui.page.dom.Engine`)
        self.booting = 0  # extra workers started and not up yet (each may join a search)

    # ----------------------------------------------------------- the workers

    def started(self) -> None:
        """An extra worker was started: a move searched before it is up plans a part for it."""
        self.booting += 1

    def failed(self) -> None:
        """An extra worker started did not come up: master searches without it."""
        self.booting = max(self.booting - 1, 0)
        self.services.signal.wake()

    def ready(self, helper) -> None:
        """An extra worker is up: master's search is split with it from the next move (and
        a split search under way gives it a part not taken yet)."""
        self.booting = max(self.booting - 1, 0)
        self.helpers.append(helper)
        self.services.set_data("helpers", str(len(self.helpers)))
        self.services.signal.wake()

    # ------------------------------------------------------ at the CPU's turn

    async def reply(self, player: str, hint: bool, match, key: str, scope):
        """The engine's answer for `player` in the match `match` (its token; `key` names it
        to the extra workers); master's search of a big position split over the
        engine and the extra workers, those still booting included (waiting for them in a
        child of `scope`, the match's)."""
        services = self.services
        engine = services.engine()
        helpers = list(self.helpers)
        late = self.booting
        obs = None
        if helpers or late:
            try:
                plan = await client.cpu_split(engine, match=match, player=player, hint=hint)
                obs = plan.get("observation")
            except client.WorkerError:  # (the engine searches alone)
                obs = None
        if not obs:
            return await client.cpu_move(
                engine, match=match, player=player, hint=hint, budget_ms=CPU_BUDGET_MS
            )
        search = Split(self, obs, player, hint, match, key)
        started = services.now()
        searchers = [None]  # who searches each part: None is the engine
        searchers.extend(helpers)  # (no `[None, *helpers]`: MicroPython cannot read it)
        if late:
            replies = await search.joined(searchers, late, scope)
        else:
            replies = await search.round(searchers, CPU_BUDGET_MS, None)
        found = client.unwrap(best_part(replies))  # (the engine's part refused: raised)
        value = split_value(replies)
        if value is None or value > 0:
            return found  # not every part proven, or a win: no trap to set
        budget = CPU_BUDGET_MS
        if budget is not None:
            budget -= services.now() - started
            if budget < TRAP_MIN_MS:
                return found
        # every move left of the best value: the parts that have one count their traps
        return best_trap(await search.round(searchers, budget, value), found)

    # ----------------------------------------------------------- ahead of it

    async def think(self, obs, ask_engine, scope, wanted, engine_may, key: str):
        """Master's coming move (the CPU's view `obs`) searched ahead in parts: the engine
        the first (`ask_engine(part, parts, value)` posts it), each extra worker another,
        every one in short slices, as tasks of a child of `scope` (the match's: ended with
        it), while `wanted()`;
        the engine's only while `engine_may()` (it serves the match on the table first), a
        worker's only while `free()` (no CPU move asked: a move then waits one slice at
        most). Once every part is proven, the parts of the best value count their traps.
        At the CPU's turn each goes on from where it got (`reply`). `key` names the match
        to the extra workers (`triad.ui.cpu.coordinator.key`). Once every part is done,
        the move master will play then (`split_found`: what `reply` makes of the same
        answers) with its value; None when given up."""
        services = self.services
        signal = services.signal
        helpers = list(self.helpers)
        parts = len(helpers) + 1
        values: list[int | None] = [None] * parts
        ended: list[bool | None] = [None] * parts  # each part's run: True done, False given up
        #: each part's answer once proven, and once its traps counted
        proven: list[dict | None] = [None] * parts
        counted: list[dict | None] = [None] * parts

        def ask(part: int, value):
            if part == 0:
                return ask_engine(part, parts, value)
            return client.cpu_part(
                helpers[part - 1],
                observation=obs,
                part=part,
                parts=parts,
                budget_ms=PONDER_MS,
                value=value,
                quick=False,
                key=key,
            )

        def may(part: int) -> bool:
            return engine_may() if part == 0 else self.free()

        def stopped() -> bool:
            return not wanted() or False in ended

        async def run(part: int) -> bool:
            value = None
            for _ in range(PONDER_SLICES):
                await signal.until(lambda: stopped() or may(part))
                if stopped():
                    return False
                try:
                    reply = await ask(part, value)
                except client.WorkerError:
                    return False
                if reply.get("exact") and values[part] is None:
                    values[part] = int(reply["value"])
                    signal.wake()
                if reply.get("done"):
                    if value is not None:
                        counted[part] = reply
                        return True
                    proven[part] = reply
                    await signal.until(lambda: stopped() or None not in values)
                    if stopped():
                        return False
                    known = [v for v in values if v is not None]  # (all of them, now)
                    top = max(known)
                    if top > 0 or known[part] < top:
                        return True  # a win, or no move of the best value here: no trap
                    value = top  # every part proven: count the traps of this one
                    continue
                await services.sleep(PART_GAP_MS)
            return False

        async def part_run(part: int) -> None:
            ok = False
            try:
                ok = await run(part)
            finally:
                ended[part] = ok
                signal.wake()

        split = scope.child("split")
        for part in range(1, parts):
            split.spawn(part_run(part))
        await part_run(0)
        await signal.until(lambda: None not in ended or not wanted())
        if not wanted() or not all(ended):
            return None
        return split_found(proven, counted)


class Split:
    """One split search at the CPU's turn: `player`'s move (`hint`: the best move for a
    human) in the match `match` (named `key` to the extra workers), the CPU's view `obs`
    given to them."""

    def __init__(self, searchers, obs, player: str, hint: bool, match, key: str) -> None:
        self.searchers = searchers
        self.obs = obs
        self.player = player
        self.hint = hint
        self.match = match
        self.key = key

    def ask(self, searcher, part: int, parts: int, budget, value):
        """Post part `part` of `parts` to its searcher (None: the engine, else an extra
        worker); an awaitable of the reply's envelope, a refusal's too (the parts are
        weighed together, `triad.parts`)."""
        return client.settled(self.post(searcher, part, parts, budget, value))

    def post(self, searcher, part: int, parts: int, budget, value):
        if searcher is None:
            return client.cpu_move(
                self.searchers.services.engine(),
                match=self.match,
                player=self.player,
                hint=self.hint,
                budget_ms=budget,
                parts=parts,
                part=part,
                value=value,
            )
        return client.cpu_part(
            searcher,
            observation=self.obs,
            part=part,
            parts=parts,
            budget_ms=budget,
            value=value,
            key=self.key,
        )

    async def round(self, searchers, budget, value) -> list:
        """One round, part `i` by `searchers[i]` (`value`: the position's, to count the
        traps); the engine's parts one after the other, sharing the budget."""
        parts = len(searchers)
        mine = searchers.count(None)
        share = budget if budget is None or mine == 1 else budget / mine
        asks = {}
        for part, searcher in enumerate(searchers):  # the extra workers' first: they start now
            if searcher is not None:
                asks[part] = self.ask(searcher, part, parts, budget, value)
        for part, searcher in enumerate(searchers):
            if searcher is None:
                asks[part] = self.ask(searcher, part, parts, share, value)
        replies = []
        for part in range(parts):
            replies.append(await asks[part])
        return replies

    async def joined(self, searchers, late: int, scope) -> list:
        """The first round begun while `late` extra workers are booting (right after load):
        a part is planned for each. One that comes up while the engine searches its own
        part takes one, with what is left of the budget; the engine searches those left
        once its own is done (a worker that never comes up costs the move nothing but
        time). `searchers` is extended with who searched each part; the wait for the
        workers is a task of a child of `scope`."""
        services = self.searchers.services
        first = len(searchers)
        parts = first + late
        budget = CPU_BUDGET_MS
        started = services.now()
        untaken = list(range(first, parts))
        searchers.extend([None] * late)  # (the engine's, until a worker takes them)
        asks = {}

        def left():
            return None if budget is None else max(budget - (services.now() - started), 1)

        def ask(part: int, searcher):
            return self.ask(searcher, part, parts, left(), None)

        for part in range(1, first):
            asks[part] = ask(part, searchers[part])
        own = ask(0, None)

        def fresh() -> list:
            return [h for h in self.searchers.helpers if h not in searchers]

        async def join() -> None:
            # (ended, so cancelled, once the engine's part is done)
            while untaken:
                await services.signal.until(lambda: fresh() or not self.searchers.booting)
                found = fresh()
                if not found:
                    return  # (the worker failed to boot)
                if budget is not None and left() < JOIN_MIN_MS:
                    return  # (too late to search a part)
                part = untaken.pop(0)
                searchers[part] = found[0]
                asks[part] = ask(part, found[0])
                services.note(("joined", part))

        joining = scope.child("join")
        joining.spawn(join())
        try:
            replies = {0: await own}
        finally:
            joining.end()  # (the CPU's turn ended too: a new match, say)
        for part in untaken:  # no worker came up for these: the engine searches them too
            if budget is not None and left() < JOIN_MIN_MS:
                replies[part] = api.success(exact=False)  # (no time left: not searched)
            else:
                replies[part] = await ask(part, None)
        for part, reply in asks.items():
            replies[part] = await reply
        return [replies[part] for part in range(parts)]
