"""Where a match's moves go and come from, and what else a move does: its transport.

A match on the table (`triad.ui.table.match.Match`) keeps what it shows and its turn
flow; what differs between matches is where the other side's moves come from
and what a move does besides. That is its transport:

* `Transport`: a match against the CPU (or hotseat): the human's moves go to
  the engine's match, the CPU's come from the CPU coordinator
  (`triad.ui.cpu.coordinator.Cpu`), F1 shows the CPU's hint, and a quick match
  is kept in the store after each move (`MATCH_KEY`);
* `Kept`: a match for cards, the ladder's or the tournament's: the CPU plays
  it as above, and its keeper (the collection, or the tournament) writes each
  pick and move into the save before it shows, and settles it once over;
* `triad.ui.friend.link.FriendTransport`: a friend's match, whose moves go to the
  friend and come back by code, by link or over the live channel.

The page asks the match's transport what kind of match is on the table
(`saved`: a match for cards), never its settings. A transport gets the page's
services (`triad.ui.page.services.Services`) and, against the CPU, the CPU
coordinator and the player's choices, not the page.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.page import client
from triad.ui.table.match import MATCH_KEY, MATCH_VERSION
from triad.ui.table.session import HINT, OVER, THINKING

MIN_THINK_MS = 350  # the CPU's card does not land the very instant the human's does
HINT_SHOW_MS = 450


class Transport:
    """A match against the CPU, or hotseat: moves go to the engine, the CPU answers."""

    #: The match is kept in the collection's save (a match for cards).
    saved = False
    #: F1 shows the CPU's hint.
    hints = True

    def __init__(self, services, cpu=None, choices=None, new_match=None) -> None:
        """`services`: the page's (`triad.ui.page.services.Services`); against the CPU,
        `cpu` the CPU coordinator (`triad.ui.cpu.coordinator.Cpu`), `choices` the player's
        (what a quick match is dealt with, `triad.ui.menu.choices.Choices`) and
        `new_match()` (a quick match takes the table); a friend's match has none of them."""
        self.services = services
        self.cpu = cpu
        self.choices = choices
        self.new_match = new_match

    def humans(self, playing) -> list:
        if playing and playing["mode"] == "hotseat":
            return ["blue", "red"]
        return ["blue"]

    @property
    def verdict(self) -> tuple | None:
        """(title, text) of a verdict that replaces the board's result (a friend caught
        cheating; none in a match of another kind)."""
        return None

    # ------------------------------------------------------------ the engine

    async def deal(self, match):
        """The engine is up: it deals `match` (or plays the last visit's quick match on);
        its reply, or None when there is nothing to deal (refused: said)."""
        services = self.services
        if match.playing is None:
            return None  # no match on the table
        request = self.choices.deal_request(match.playing)
        if match.resume is not None:
            # The quick match of the last visit: the engine plays its moves again.
            try:
                return await client.resume_match(services.engine(), record=match.resume, **request)
            except client.WorkerError as e:
                print("quick match not resumed:", e.error)
                services.store.remove(MATCH_KEY)
                self.new_match()
                return None
        try:
            return await client.new_match(services.engine(), **request)
        except client.WorkerError as e:
            self.choices.refused(e.words)
            return None

    def send(self, match, player: str, card: int, cell: int):
        """The human's move sent (the reply awaited later, while the card is drawn)."""
        return client.play(
            self.services.engine(), match=match.token(), player=player, card=card, cell=cell
        )

    def pick(self, index: int):
        """The human's pick of the draft sent."""
        return client.draft_pick(self.services.engine(), index=index)

    async def arrived(self, reply) -> None:
        """A pick or a move was answered, before it shows."""

    def moved(self, match) -> None:
        """A move was played and shown: a quick match is kept in the store (`MATCH_KEY`)."""
        services = self.services
        if services.engine() is None:
            return
        if match.phase == OVER:
            services.store.remove(MATCH_KEY)
        else:
            match.spawn(self.keep(match, match.view))

    async def keep(self, match, view) -> None:
        try:
            reply = await client.match_record(self.services.engine())
        except client.WorkerError:  # (nothing to keep: the match goes on unkept)
            return
        if match.phase != OVER:
            data = {
                "version": MATCH_VERSION,
                "playing": match.playing,
                "view": view,
                "record": reply["record"],
            }
            self.services.store.set(MATCH_KEY, json.dumps(data))

    def passed(self, reply=None) -> None:
        """This side's move (`reply` None) or pick is played: the other side is told."""

    # ------------------------------------------------------------ the turns

    def over(self, view) -> bool:
        return bool(view.get("over"))

    async def settle(self) -> None:
        """The match is over, before its result shows."""

    def mine(self, match, player: str) -> bool:
        """Whether `player`'s turn is a human's here."""
        return match.is_human(player)

    async def their_turn(self, match, player: str) -> None:
        """The CPU plays `player`'s turn (once the engine is up and the title left)."""
        services = self.services
        if services.engine() is None or not match.synced:
            services.draw()  # the engine is still loading; it will call back
            return
        if services.held():
            # The title screen holds the match: the CPU plays once it is left, and master
            # thinks its opening through meanwhile (it shows nothing of it).
            self.cpu.ponder_opening(match)
        await services.signal.until(lambda: not services.held())
        try:
            reply = await self.ask_cpu(match, player, False, MIN_THINK_MS)
        except client.WorkerError as e:
            services.notice(e.words or "CPU error")
            services.draw()
            return
        await match.submit(player, reply["card"], reply["cell"])

    async def hint(self, match) -> None:
        """F1: the CPU chooses the human's move, shows it, and deploys it.

        From the moment F1 is pressed the match is no longer the human's
        (thinking, then the hint shown): no key or click can send a move of
        its own meanwhile.
        """
        services = self.services
        player = match.view["to_move"]
        sel = match.sel
        sel.end()
        try:
            reply = await self.ask_cpu(match, player, True, 0)
        except client.WorkerError as e:
            services.notice(e.words or "CPU error")
            match.begin_human()
            return
        match.to(HINT)
        sel.begin(player, len(match.view["hands"][player]), [])
        sel.choose(reply["card"], reply["cell"])
        services.draw()
        await services.sleep(HINT_SHOW_MS if not services.reduced() else 60)
        await services.unpaused()
        sel.end()
        await match.submit(player, reply["card"], reply["cell"])

    async def ask_cpu(self, match, player: str, hint: bool, at_least_ms: float):
        """The CPU's reply for `player` (`Cpu.move`; shown thinking meanwhile, for at least
        `at_least_ms`); its refusal raised as late as a reply would have come
        (`client.WorkerError`)."""
        services = self.services
        match.to(THINKING)
        services.draw()
        started = services.now()
        reply = refusal = None
        try:
            reply = await self.cpu.move(match, player, hint)
        except client.WorkerError as e:
            refusal = e
        spent = services.now() - started
        if spent < at_least_ms:
            await services.sleep(at_least_ms - spent)
        await services.unpaused()
        if refusal is not None:
            raise refusal
        return reply


class Kept(Transport):
    """A match for cards (the ladder's or the tournament's) against the CPU: its `keeper`
    (`triad.ui.collection.collect.Collection` or `triad.ui.collection.tourney.Tourney`) writes each pick and move
    into the save before it shows (`progress`), and settles the match once over
    (`settle`), once."""

    saved = True

    def __init__(self, services, cpu, choices, new_match, keeper) -> None:
        Transport.__init__(self, services, cpu, choices, new_match)
        self.keeper = keeper
        self.settled = False

    async def deal(self, match):
        return None  # (the keeper dealt it, or resumes it from the save)

    async def arrived(self, reply) -> None:
        if not self.settled:
            await self.keeper.progress()  # the pick or move is in the save before it shows

    def moved(self, match) -> None:
        """(The save holds it already.)"""

    async def settle(self) -> None:
        if not self.settled:
            self.settled = True  # settled once: the table's later turns do not again
            self.services.draw()
            await self.keeper.settle()  # the save is written before the result shows


__all__ = ["HINT_SHOW_MS", "MIN_THINK_MS", "Kept", "Transport"]
