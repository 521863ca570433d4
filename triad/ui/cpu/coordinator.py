"""The CPU coordinator: every piece of the CPU's work on the page, in one order.

The engine worker answers its calls one at a time, so what the page asks of
it is served in this order (`Cpu.may`):

1. ``TABLE``: the move or hint the match on the table asks for (`move`);
2. ``PONDER``: pondering for that match, while its human chooses a card with
   open hands, or beneath the title for master's own opening (`ponder`);
3. ``AHEAD``: the next quick match, dealt ahead and its opening thought
   about (`triad.ui.cpu.ahead`), once the match on the table has nothing
   more for the engine.

Pondering and the deal ahead ask in short slices, and each slice asks
whether it may go on, so a move asked meanwhile waits one slice at most.
Pondering runs in a scope nested in its match's (ended with the match), the
match dealt ahead in one of the coordinator's own.

Runs on the main thread under MicroPython.
"""

from triad import api
from triad.ui.cpu import split as parts
from triad.ui.cpu.ahead import Ahead
from triad.ui.cpu.split import Searchers
from triad.ui.page import client
from triad.ui.table.session import ANIMATING, HINT, HUMAN, OVER, THINKING

# What asks the engine, first to last.
TABLE = 0
PONDER = 1
AHEAD = 2


def key(match) -> str:
    """What names `match` to the extra workers (each keeps its brain by it): its seed."""
    seed = (match.playing or {}).get("seed")
    return "" if seed is None else str(seed)


class Cpu:
    """The CPU's moves and hints, its pondering, the match dealt ahead, and master's extra
    workers (`searchers`), for the page.

    `services`: the page's (`triad.ui.page.services.Services`: among them `held()`,
    whether the title, or a panel opened from it, holds the match on the table, and
    `seed()`); `scope`: the page's, where the coordinator's own work runs; `paused()`:
    whether Pause holds the page; `table()`: the match on the table (None: a
    replay or the puzzle is on it); `waits()`: whether
    the table waits on its human or shows its result and New game would deal a quick
    match (a match may be dealt ahead then); `choices`: the player's choices
    (`triad.ui.menu.choices.Choices`); `build()`: the page's build id;
    `helpers(searchers, spawn)`: starts the extra workers, or None.
    """

    def __init__(self, services, scope, paused, table, waits, choices, build, helpers=None) -> None:
        self.services = services
        self.scope = scope.child("cpu")
        self.paused = paused
        self.table = table
        self.waits = waits
        self.choices = choices
        self.searchers = Searchers(services, lambda: self.may(PONDER))
        self.ahead = Ahead(
            services, choices, build, self.searchers, lambda: self.may(AHEAD), self.scope
        )
        self.asking = 0  # the table's CPU moves and hints asked of the engine, not answered
        self.pondering = None  # the match the CPU thinks ahead for
        # Master's opening of a match dealt ahead on an earlier visit: chosen by `next_deal`
        # for the match put on the table next, then (match, opening) once it is there.
        self.claimed = None
        self.kept: tuple | None = None
        self.answered = 0  # placements the engine has answered, on <html data-answered>
        self.helpers = helpers  # starts the extra workers, once (`start_helpers`)

    # ------------------------------------------------------------- the order

    def may(self, work: int) -> bool:
        """Whether `work` (`PONDER`, `AHEAD`) may ask the engine now: nothing before it wants
        the engine, and Pause (the title, for the deal ahead) does not hold it. (The
        table's move, `TABLE`, never waits: it is asked at once.) A move or hint of the
        table that shows thinking or lands waits on the page's pace, not the engine's."""
        if self.paused() or self.asking:
            return False
        if work == PONDER:
            return True
        if self.services.held() or self.pondering is not None:
            return False
        match = self.table()  # (None: a replay or the puzzle is on the table)
        return match is not None and match.phase in (OVER, HUMAN, THINKING, HINT, ANIMATING)

    # ------------------------------------------------------ the table's move

    async def move(self, match, player: str, hint: bool):
        """The CPU's move for `player` in `match` (`hint`: the human's best move), asked
        before anything else (`TABLE`); a refusal raised (`client.WorkerError`). For its own
        moves, how long it took and whether it was exact go on `<html data-cpu-think>` and
        `data-cpu-exact` (benchmarks, tests)."""
        services = self.services
        started = services.now()
        if hint:
            self.hint_helpers(match)
        self.asking += 1
        try:
            reply = await self.reply(match, player, hint)
        finally:
            self.asking -= 1
            services.signal.wake()
        if not hint:
            services.set_data("cpu-think", str(int(services.now() - started)))
            services.set_data("cpu-exact", "yes" if reply.get("exact") else "no")
        return reply

    async def reply(self, match, player: str, hint: bool):
        """The engine's answer for `player` (`Searchers.reply`: split over the extra workers
        where it pays). Master's opening of a match dealt ahead on an earlier visit is the
        one thought through then (`next_deal`), once the engine has checked it against this
        deal (`cpu_opening`)."""
        engine = self.services.engine()
        opening = self.opening(match)
        if opening is not None and not hint:
            self.kept = None  # (played once at most)
            try:
                reply = await client.cpu_opening(
                    engine,
                    match=match.token(),
                    player=player,
                    card=opening["card"],
                    cell=opening["cell"],
                    value=opening["value"],
                    card_id=opening["card_id"],
                )
            except client.WorkerError as e:
                print("kept opening not played:", e.error)
            else:
                self.services.set_data("cpu-kept", "yes")  # (tests and benchmarks)
                return api.success(card=reply["card"], cell=reply["cell"], exact=True)
        return await self.searchers.reply(player, hint, match.token(), key(match), match.scope)

    def landed(self) -> None:
        """The engine's answer to a placement shows on the board: counted on
        `<html data-answered>` (benchmarks time it)."""
        self.answered += 1
        self.services.set_data("answered", str(self.answered))

    # ------------------------------------------------------------- pondering

    def ponder(self, match) -> None:
        """With open hands the CPU thinks ahead for `match` against the CPU while its human
        chooses a card (`PONDER`): a task of a scope nested in the match's, ended with it."""
        if (
            match.playing["mode"] == "cpu"
            and "open" in match.view["rules"]
            and match.synced
            and self.pondering is not match
        ):
            match.scope.child("ponder").spawn(self.think(match))

    def ponder_opening(self, match) -> None:
        """Beneath the title, which holds `match`, master thinks its own first move through
        (it shows nothing of it), unless it was thought through on an earlier visit."""
        if match.playing["level"] == "master" and self.opening(match) is None:
            self.ponder(match)

    async def think(self, match) -> None:
        """Pondering for `match`, in short slices, so a move confirmed meanwhile waits at
        most one; until the engine has nothing more to think about, or the human's turn is
        over (or `PONDER_SLICES` have run). Master's opening beneath the title may be split
        over the extra workers."""
        services = self.services
        self.pondering = match
        services.set_data("ponder", "thinking")
        done = False
        split = self.services.held()  # master's opening may yet be split over the extra workers
        engine = services.engine()
        try:
            for _ in range(parts.PONDER_SLICES):
                if not self.may(PONDER):
                    return
                if not self.services.held() and (match.phase != HUMAN or match.sel.phase != "hand"):
                    return
                if (
                    split and self.services.held() and self.searchers.helpers
                ):  # the extra workers help
                    split = False
                    obs = await self.split_ahead(match)
                    if obs:
                        found = await self.searchers.think(
                            obs,
                            parts.engine_part(engine, match=match.token()),
                            match.scope,
                            self.services.held,
                            lambda: self.may(PONDER),
                            key(match),
                        )
                        done = found is not None
                        return
                try:
                    reply = await client.ponder(
                        engine, match=match.token(), player="red", budget_ms=parts.PONDER_MS
                    )
                except client.WorkerError:
                    return
                if reply.get("done"):
                    done = True
                    return
                await services.sleep(parts.PONDER_GAP_MS)
        finally:
            if self.pondering is match:  # (not a later match's pondering)
                self.pondering = None
                services.signal.wake()
                # whether the CPU thought its answer to every move through (tests wait on it)
                services.set_data("ponder", "done" if done else "stopped")
                if done:
                    self.deal_ahead()  # nothing left to think about here: the next match

    async def split_ahead(self, match):
        """The CPU's view of its coming move in `match` for the extra workers, when its
        search may be split (`cpu_split` before the turn), else None."""
        try:
            reply = await client.cpu_split(
                self.services.engine(), match=match.token(), player="red", ahead=True
            )
        except client.WorkerError:  # (the engine thinks alone)
            return None
        return reply.get("observation")

    # ----------------------------------------------------- the deal ahead

    def deal_ahead(self, again: bool = False) -> None:
        """Deal the next quick match ahead, so that its CPU thinks about its opening before
        New game: only against master with open hands dealt at random from the settings
        (no draft, not the collection's ladder), while the table `waits()`. One dealt with
        other settings is given up, and another dealt with these (`again`: only when one
        was dealt: the settings changed)."""
        ahead = self.ahead
        if again and ahead.match is None:
            return
        playing = self.choices.playing()
        wanted = (
            self.services.engine() is not None
            and self.waits()
            and playing["mode"] == "cpu"
            and playing["level"] == "master"
            and "open" in playing["rules"]
            and "draft" not in playing["rules"]
        )
        if wanted and ahead.dealt_for(playing) is not None:
            return
        ahead.end()
        if wanted:
            playing["seed"] = self.services.seed()
            ahead.deal(playing)

    def next_deal(self, playing: dict, first: bool) -> dict:
        """The settings and seed of the next quick match, dealt with `playing`: the match
        dealt ahead with them, or (on the page's `first` deal) the one dealt ahead on an
        earlier visit (`Ahead.claim`), master's opening of it at hand for the match put on
        the table next (`new_table`); else a new deal. The match dealt ahead is begun, or
        given up."""
        kept = self.ahead.claim() if first else None
        self.claimed = None
        dealt = self.ahead.dealt_for(playing)
        if dealt is not None:
            playing = dealt.playing  # dealt ahead with these settings: that deal
        elif kept is not None:
            playing = dict(kept["playing"])  # dealt ahead on an earlier visit: that deal
            self.claimed = kept["opening"]  # (checked by the engine before it is played)
        else:
            playing["seed"] = self.services.seed()
        self.ahead.end()
        return playing

    def opening(self, match):
        """Master's opening of `match` thought through on an earlier visit, or None."""
        if self.kept is None or self.kept[0] is not match:
            return None
        return self.kept[1]

    def new_table(self, match) -> None:
        """`match` replaces the match on the table: the match dealt ahead is given up, the
        CPU's figures are cleared (`<html data-cpu-think>`...), and master's opening chosen
        by `next_deal` just before, if any, is this match's."""
        self.ahead.end()
        self.kept = None if self.claimed is None else (match, self.claimed)
        self.claimed = None
        for name in ("ahead", "cpu-think", "cpu-exact", "cpu-kept"):
            self.services.set_data(name, "")

    # -------------------------------------------------------- extra workers

    def start_helpers(self, playing: dict, rules=None) -> None:
        """Start the extra workers of master's search once an Open match against master is
        played or will be (`playing`: the settings' choices or the match's; `rules`, the
        engine's for the match, in place of its own), so that they are up by its first
        big search. At the other levels the CPU searches alone, and only a hint is split:
        they start at the first hint asked with open hands (`hint_helpers`), so that a
        player who asks none never pays for them (each is a Pyodide heap and a boot)."""
        if playing.get("mode", "cpu") == "cpu" and playing.get("level") == "master":
            self.open_helpers(playing["rules"] if rules is None else rules)

    def hint_helpers(self, match) -> None:
        """A hint is asked in `match`: with open hands it is searched in parts (this one
        with the extra workers that come up in time, the next ones with them all)."""
        if match.view is not None:
            self.open_helpers(match.view["rules"])

    def open_helpers(self, rules) -> None:
        """Start the extra workers, once, for a match with these rules if they include Open
        (without it nothing is searched in parts)."""
        if self.helpers is not None and "open" in rules:
            start, self.helpers = self.helpers, None
            start(self.searchers, self.scope.spawn)  # master searches in parts once they are up
