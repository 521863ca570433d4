"""The next quick match, dealt ahead while a result shows, and master's opening of it.

Against master with open hands, once the match on the table has nothing left
to think about (its result shows, or its human chooses and the CPU has
thought every answer through), the engine deals the next quick match and
its CPU thinks about the opening, so New game begins at once with a move
thought through. That match and its opening are kept in the store
(`AHEAD_KEY`), so a reload or the next visit begins the same deal with the
same first move; a deal is random either way, so dealing it early changes
nothing for the player. `Ahead` belongs to the CPU coordinator
(`triad.ui.cpu.coordinator.Cpu`), which says when a match is dealt ahead.
"""

import json

from triad.ui.cpu import split as parts
from triad.ui.page import client

# The next quick match dealt ahead and master's opening of it, thought through while a
# result showed: {"version", "build", "playing", "opening"} (`Ahead.keep_opening`).
# Claimed (removed) when read, and removed when the match dealt ahead is begun or given
# up, so a deal is never played twice; tied to the page's build, so an update never
# plays an answer of an older engine.
AHEAD_KEY = "triad.ahead"
AHEAD_VERSION = 1


class Dealt:
    """A match dealt ahead: its settings and seed (`playing`), and the scope its thinking
    runs in, ended when it is begun or given up."""

    def __init__(self, playing: dict, scope) -> None:
        self.playing = playing
        self.scope = scope


class Ahead:
    """The match dealt ahead (`match`, a `Dealt`, or None) and its kept opening; what it is
    dealt with and when is the coordinator's (`triad.ui.cpu.coordinator.Cpu.deal_ahead`).

    `services`: `triad.ui.page.services.Services`; `choices`: the player's choices
    (`triad.ui.menu.choices.Choices`: the settings a quick match is dealt with, and its
    request); `build()`: the page's build id; `searchers`: the extra workers; `idle()`:
    whether the engine may think for it now (`Cpu.may`); `scope`: where each match
    dealt ahead runs its thinking.
    """

    def __init__(self, services, choices, build, searchers, idle, scope) -> None:
        self.services = services
        self.choices = choices
        self.build = build
        self.searchers = searchers
        self.idle = idle
        self.scope = scope
        self.match: Dealt | None = None

    def deal(self, playing: dict) -> None:
        """Deal a match ahead with the settings and seed `playing`, and think about it."""
        self.end()
        match = self.match = Dealt(playing, self.scope.child("ahead"))
        match.scope.spawn(self.think(match))

    def dealt_for(self, playing: dict) -> Dealt | None:
        """The match dealt ahead, if there and dealt with the settings `playing`."""
        match = self.match
        return match if match is not None and dealt_with(match.playing, playing) else None

    def end(self) -> None:
        """The match dealt ahead is begun or given up: its thinking stops (the engine keeps
        what it thought) and its kept opening (`AHEAD_KEY`) goes with it, so that deal is
        never dealt again."""
        match, self.match = self.match, None
        if match is not None:
            match.scope.end()
            self.services.store.remove(AHEAD_KEY)
            self.services.signal.wake()

    async def think(self, ahead) -> None:
        """The engine deals the `ahead` match and its CPU thinks about the opening in short
        slices, until done or until that match is given up or begun (a task of its own,
        cancelled then; `<html data-ahead>`).

        Only while the engine has nothing to do for the match on the table before it
        (`idle`, the coordinator's order): a move confirmed meanwhile waits one slice at
        most, as it does for pondering.
        """
        services = self.services
        seed = ahead.playing["seed"]
        try:
            reply = await client.deal_ahead(
                services.engine(), **self.choices.deal_request(ahead.playing)
            )
        except client.WorkerError:  # (nothing dealt ahead: New game deals its own)
            return
        services.set_data("ahead", "thinking")
        obs = reply.get("observation")  # the CPU opens it: its search may be split
        searchers = self.searchers
        done = False
        try:
            for _ in range(parts.PONDER_SLICES):
                await services.signal.until(lambda: self.idle() or (obs and searchers.helpers))
                if obs and searchers.helpers:  # the extra workers take part from now on
                    found = await searchers.think(
                        obs,
                        parts.engine_part(services.engine(), seed=seed),
                        ahead.scope,
                        lambda: True,
                        self.idle,
                        str(seed),
                    )
                    done = found is not None
                    if done:
                        await self.keep_opening(ahead, found)
                    return
                try:
                    pondered = await client.ponder_ahead(
                        services.engine(), seed=seed, budget_ms=parts.PONDER_MS
                    )
                except client.WorkerError:
                    return
                if pondered.get("done"):
                    done = True
                    await self.keep_opening(ahead, None)
                    return
                await services.sleep(parts.PONDER_GAP_MS)
        finally:
            if self.match is ahead:  # (not once it was given up or begun)
                # whether the next match's opening was thought through (tests wait on it)
                services.set_data("ahead", "done" if done else "stopped")

    async def keep_opening(self, ahead, found) -> None:
        """Keep the match dealt ahead and master's opening of it in the store (`AHEAD_KEY`):
        `found`, the move the search in parts found (`Searchers.think`), else the engine's
        own search's (`ponder_ahead`). The engine checks it and names its card
        (`ahead_opening`); nothing is kept when the human opens that match."""
        engine = self.services.engine()
        seed = ahead.playing["seed"]
        try:
            if found is None:
                reply = await client.ahead_opening(engine, seed=seed)
            else:
                reply = await client.ahead_opening(
                    engine,
                    seed=seed,
                    card=found["card"],
                    cell=found["cell"],
                    value=int(found["value"]),
                )
        except client.WorkerError:  # (an opening the engine does not take: none is kept)
            return
        opening = {
            "card": reply["card"],
            "cell": reply["cell"],
            "value": reply["value"],
            "card_id": reply["card_id"],
        }
        data = {
            "version": AHEAD_VERSION,
            "build": self.build(),
            "playing": ahead.playing,
            "opening": opening,
        }
        self.services.store.set(AHEAD_KEY, json.dumps(data))

    def claim(self):
        """The match dealt ahead on an earlier visit and master's opening of it
        (`keep_opening`), when it was dealt with the settings of now by this very build;
        else None. Claimed: removed from the store as it is read, so that no deal is
        played twice (another tab, a crash after reading). An entry that is unreadable, of
        another version or another build is dropped with a line on the console."""
        store = self.services.store
        raw = store.get(AHEAD_KEY)
        if raw is None:
            return None
        store.remove(AHEAD_KEY)
        try:
            data = json.loads(raw)
            if type(data) is not dict or data.get("version") != AHEAD_VERSION:
                print("kept opening dropped: not of this version")
                return None
            if data.get("build") != self.build():
                print("kept opening dropped: thought through by another build")
                return None
            playing, opening = data["playing"], data["opening"]
            if type(playing) is not dict or type(playing.get("seed")) is not int:
                raise ValueError("no seed")
            for key in ("card", "cell", "value"):
                if type(opening[key]) is not int:
                    raise ValueError("no " + key)
            if type(opening["card_id"]) is not str:
                raise ValueError("no card")
            if not dealt_with(playing, self.choices.playing()):
                print("kept opening dropped: dealt with other settings")
                return None
        except Exception as e:  # unreadable: a new deal, as on a first visit
            print("kept opening unreadable:", e)
            return None
        return {"playing": playing, "opening": opening}


def dealt_with(dealt: dict, playing: dict) -> bool:
    """Whether the match `dealt` (settings and seed) was dealt with the settings `playing`."""
    settings = dict(dealt)
    settings.pop("seed", None)
    return settings == playing
