"""Triangle Catch's Watch mode: a match between two bots, played out on a timeline.

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import client, render, speech
from triad.ui.catch.modes import FRAME_MS, NOTHING, Run, live
from triad.ui.client import WorkerError


class Watched(Run):
    """A whole match being watched: its start, the frames fetched so far, its end."""

    def __init__(self, scope, reply: dict, players: list) -> None:
        Run.__init__(self, scope)
        view = reply["view"]
        self.players = players  # display names
        self.map = view["map"]
        self.result = reply.get("result")
        self.total = reply["turns"]
        self.frames = {0: (view["state"], None)}  # turn -> (state, entry), fetched so far


class Watch:
    """Two built-in bots play a whole match in the worker; a timeline walks through it."""

    empty = "watch_first"

    def __init__(self, page, seed: int) -> None:
        self.page = page
        self.bots = ["planner", "greedy"]  # blue's and red's, for the next match
        self.seed = seed
        self.speed = "1"
        self.match: Watched | None = None  # the match on the timeline
        self.asked: Run | None = None  # the match asked of the worker until it comes
        # The timeline playing (`Run`), until paused or at its end: Pause lets the frame on
        # its way land, then the playback (a task of the match's) stops, so this one is
        # read as state, after the frame's await too.
        self.playback: Run | None = None
        self.fetching: Run | None = None  # the frame being fetched (state, nothing runs in it)
        self.at = 0  # the turn on show
        self.want = 0  # the turn asked for (scrubbing asks faster than frames come)
        self.state: dict = {}  # the position on show (of the match on the timeline)
        self.entry: dict | None = None  # the turn's entry (None at the start position)

    @property
    def playing(self) -> bool:
        return live(self.playback)

    @property
    def loading(self) -> bool:
        return live(self.asked) or live(self.fetching)

    @property
    def total(self):
        return None if self.match is None else self.match.total

    @property
    def players(self):
        return None if self.match is None else self.match.players

    def ready(self) -> bool:
        return not self.playing and not self.loading

    def shown(self) -> tuple:
        match = self.match
        if match is None:
            return NOTHING
        return (match.map, self.state, match.players, self.entry, None)

    def leave(self) -> None:
        """Another tab is shown: the timeline stops where it is."""
        self.pause()

    def pause(self) -> None:
        if self.playback is not None:
            self.playback.end()

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        page = self.page
        if name == "watch":
            self.watch({"bots": list(self.bots), "seed": self.seed})
        elif name == "play" and self.match is not None:
            if self.at >= self.match.total or self.playing:
                return
            playback = self.playback = Run(page.scope)
            self.match.scope.spawn(self.play(self.match, playback))
        elif name == "pause":
            self.pause()
        elif name in ("step", "seek") and self.match is not None:
            self.pause()
            self.seek(self.at + int(arg) if name == "step" else int(arg))
        elif name == "speed" and arg in render.SPEEDS:
            self.speed = arg
        elif name == "replay":
            page.launch(page.download("watch"))

    def key(self, key: str) -> bool:
        if key == " ":
            self.page.act("pause" if self.playing else "play")
        elif key in ("ArrowLeft", "ArrowRight"):
            self.page.act("step", "-1" if key == "ArrowLeft" else "1")
        else:
            return False
        return True

    # ------------------------------------------------------------- flows

    def watch(self, request: dict, autoplay: bool = True) -> None:
        """Have the worker play (or take) a match, then show its start (and play it)."""
        page = self.page
        if page.engine is None:
            return
        self.pause()
        for session in (self.asked, self.fetching, self.match):
            if session is not None:
                session.end()  # a match asked for before, or watched, is dropped
        asked = Run(page.scope)
        self.asked = asked
        # It plays as soon as it comes, unless Pause is pressed before.
        playback = Run(page.scope)
        if not autoplay:
            playback.end()
        self.playback = playback
        page.launch(self.fetch(request, asked, playback), asked)

    async def fetch(self, request: dict, asked: Run, playback: Run) -> None:
        page = self.page
        page.draw()
        try:
            reply = await page.waiting(client.watch(page.engine, **request))
        except WorkerError as e:
            asked.end()
            playback.end()
            page.notify(e.words, "bad")
            page.draw()
            return
        asked.end()  # (this task ends with it: it awaits nothing more)
        names = [page.display_name(n) for n in reply["view"]["players"]]
        match = self.match = Watched(page.scope, reply, names)
        self.at = self.want = 0
        self.state, self.entry = match.frames[0]
        page.draw()
        if playback.live:
            page.launch(self.play(match, playback), match)

    def seek(self, turn: int) -> None:
        match = self.match
        if match is None:
            return
        self.want = max(0, min(match.total, turn))
        if not self.loading:
            self.page.launch(self.follow(match), match)

    async def follow(self, match: Watched) -> None:
        """Load frames until the shown one is the one asked for (scrubbing asks often); a
        task of `match`'s."""
        fetching = Run(self.page.scope)
        self.fetching = fetching
        try:
            while self.at != self.want:
                if not await self.show_frame(match, self.want):
                    break
        finally:
            fetching.end()
        if not self.playing and self.entry:
            # A step or a seek by the player: the turn on show is said.
            speech.tell(self.page, speech.turn_text(self.entry, self.state, match.players))
        self.page.draw()

    async def show_frame(self, match: Watched, turn: int) -> bool:
        frame = match.frames.get(turn)
        if frame is None:
            try:
                frame = await self.page.waiting(client.frame(self.page.engine, turn=turn))
            except WorkerError as e:
                self.page.notify(e.words, "bad")
                self.want = self.at
                self.pause()
                return False
            if len(match.frames) > 60:
                match.frames = {0: match.frames[0]}
            match.frames[turn] = frame
        self.at = turn
        self.state, self.entry = frame
        self.page.draw()
        return True

    async def play(self, match: Watched, playback: Run) -> None:
        """Play `match`'s timeline on, a turn a frame, while `playback` lasts (a task of the
        match's)."""
        page = self.page
        # A frame a turn, to the last: a step or a seek pauses the playback first.
        for _ in range(self.at, match.total):
            await page.signal.until(lambda: not self.loading or not playback.live)
            if not playback.live:  # (paused: state, see `playback`)
                break
            self.want = self.at + 1
            await self.follow(match)
            if not playback.live:
                break
            await self.page.sleep(int(FRAME_MS / float(self.speed)))
        playback.end()
        if self.want != self.at and not self.loading:
            await self.follow(match)
        elif self.at == match.total and self.entry:
            # Played to its end: the last turn and the result are said.
            speech.tell(self.page, speech.turn_text(self.entry, self.state, match.players))
        self.page.draw()

    # ----------------------------------------------------------- drawing

    def draw(self) -> None:
        page = self.page
        page.put("c-setup", render.watch_setup(self.bots, self.seed, self.loading))
        page.put(
            "c-timeline",
            render.timeline(
                {
                    "total": self.total,
                    "at": self.at,
                    "playing": self.playing,
                    "speed": self.speed,
                    "can_download": self.match is not None,
                }
            ),
        )
        page.put("c-log", render.turn_log(self.entry, self.players or ["", ""]))
        page.screen.set_data("at", str(self.at))
