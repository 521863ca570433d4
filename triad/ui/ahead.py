"""The next quick match, dealt ahead while a result shows, and master's opening of it.

Against master with open hands, once the match on the table has nothing left
to think about (its result shows, or its human chooses and the CPU has
thought every answer through), the engine deals the next quick match and
its CPU thinks about the opening, so New game begins at once with a move
thought through. That match and its opening are kept in the store
(`AHEAD_KEY`), so a reload or the next visit begins the same deal with the
same first move; a deal is random either way, so dealing it early changes
nothing for the player. `Ahead` belongs to the page (`triad.ui.app.App`).
"""

import json

from triad.ui import client
from triad.ui import split as parts
from triad.ui.session import HUMAN, OVER
from triad.ui.table import Match

# The next quick match dealt ahead and master's opening of it, thought through while a
# result showed: {"version", "build", "playing", "opening"} (`Ahead.keep_opening`).
# Claimed (removed) when read, and removed when the match dealt ahead is begun or given
# up, so a deal is never played twice; tied to the page's build, so an update never
# plays an answer of an older engine.
AHEAD_KEY = "triad.ahead"
AHEAD_VERSION = 1


class Ahead:
    """The match dealt ahead (`match`, a `triad.ui.table.Match` that only deals, or None) and its kept opening."""

    def __init__(self, page) -> None:
        self.page = page
        self.match = None

    def wanted(self) -> bool:
        """Whether the page deals ahead now: only a match against master with open hands
        dealt at random from the settings (no draft, not the collection's ladder), while
        the match on the table waits on its human or shows its result."""
        page = self.page
        s = page.settings
        return (
            page.engine is not None
            and page.match.phase in (OVER, HUMAN)
            and page.replay.shown is None
            and not page.held()
            and s.get("play") != "collection"
            and s["mode"] == "cpu"
            and s["level"] == "master"
            and "open" in s["rules"]
            and "draft" not in s["rules"]
        )

    def keep(self) -> None:
        """Deal the next quick match ahead, so that its CPU thinks about its opening before
        New game (`think`); when the settings change, that deal is given up and another
        is dealt with the new ones."""
        page = self.page
        playing = page.choices.playing()
        wanted = self.wanted()
        if self.match is not None and wanted and self.dealt_for(playing):
            return
        self.end()
        if not wanted:
            return
        playing["seed"] = page.seed()
        self.match = Match(page, playing)
        self.match.spawn(self.think(self.match))

    def dealt_for(self, playing: dict) -> bool:
        """Whether the match dealt ahead is there and was dealt with the settings `playing`."""
        return self.match is not None and dealt_with(self.match.playing, playing)

    def end(self) -> None:
        """The match dealt ahead is begun or given up: its thinking stops (the engine keeps
        what it thought) and its kept opening (`AHEAD_KEY`) goes with it, so that deal is
        never dealt again."""
        match, self.match = self.match, None
        if match is not None:
            match.end()
            self.page.store.remove(AHEAD_KEY)
            self.page.signal.wake()

    async def think(self, ahead) -> None:
        """The engine deals the `ahead` match and its CPU thinks about the opening in short
        slices, until done or until that match is given up or begun (a task of its own,
        cancelled then; `<html data-ahead>`).

        Only while the engine has nothing to do for the match on the table
        (`App.engine_idle`): a move confirmed meanwhile waits one slice at most, as it
        does for pondering.
        """
        page = self.page
        seed = ahead.playing["seed"]
        try:
            reply = await client.deal_ahead(page.engine, **page.choices.deal_request(ahead.playing))
        except client.WorkerError:  # (nothing dealt ahead: New game deals its own)
            return
        page.screen.set_data("ahead", "thinking")
        obs = reply.get("observation")  # the CPU opens it: its search may be split
        searchers = page.searchers
        done = False
        try:
            for _ in range(parts.PONDER_SLICES):
                await page.signal.until(lambda: page.engine_idle() or (obs and searchers.helpers))
                if obs and searchers.helpers:  # the extra workers take part from now on
                    found = await searchers.think(
                        obs,
                        parts.engine_part(page.engine, seed=seed),
                        ahead.scope,
                        lambda: True,
                        page.engine_idle,
                        seed,
                    )
                    done = found is not None
                    if done:
                        await self.keep_opening(ahead, found)
                    return
                try:
                    reply = await client.ponder_ahead(
                        page.engine, seed=seed, budget_ms=parts.PONDER_MS
                    )
                except client.WorkerError:
                    return
                if reply.get("done"):
                    done = True
                    await self.keep_opening(ahead, None)
                    return
                await page.sleep(parts.PONDER_GAP_MS)
        finally:
            if self.match is ahead:  # (not once it was given up or begun)
                # whether the next match's opening was thought through (tests wait on it)
                page.screen.set_data("ahead", "done" if done else "stopped")

    async def keep_opening(self, ahead, found) -> None:
        """Keep the match dealt ahead and master's opening of it in the store (`AHEAD_KEY`):
        `found`, the move the search in parts found (`Searchers.think`), else the engine's
        own search's (`ponder_ahead`). The engine checks it and names its card
        (`ahead_opening`); nothing is kept when the human opens that match."""
        page = self.page
        seed = ahead.playing["seed"]
        try:
            if found is None:
                reply = await client.ahead_opening(page.engine, seed=seed)
            else:
                reply = await client.ahead_opening(
                    page.engine,
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
            "build": page.build,
            "playing": ahead.playing,
            "opening": opening,
        }
        page.store.set(AHEAD_KEY, json.dumps(data))

    def claim(self):
        """The match dealt ahead on an earlier visit and master's opening of it
        (`keep_opening`), when it was dealt with the settings of now by this very build;
        else None. Claimed: removed from the store as it is read, so that no deal is
        played twice (another tab, a crash after reading). An entry that is unreadable, of
        another version or another build is dropped with a line on the console."""
        page = self.page
        raw = page.store.get(AHEAD_KEY)
        if raw is None:
            return None
        page.store.remove(AHEAD_KEY)
        try:
            data = json.loads(raw)
            if type(data) is not dict or data.get("version") != AHEAD_VERSION:
                print("kept opening dropped: not of this version")
                return None
            if data.get("build") != page.build:
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
            if not dealt_with(playing, page.choices.playing()):
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
