"""Triangle Catch's Watch mode: a match between two bots, played out on a timeline.

A mode of the page (`triad.ui.catch.modes`). Runs under MicroPython and CPython.
"""

from triad.ui.catch import client, render, speech
from triad.ui.catch import store as saved
from triad.ui.catch.modes import FRAME_MS, NOTHING, Run
from triad.ui.page.client import WorkerError

#: How many positions a watched match keeps fetched (the start position always).
KEEP_FRAMES = 60


class Watched(Run):
    """A match on the timeline, from the moment it is asked of the worker to its end: its
    positions (fetched as they are shown), the one on show, and its playback. The tasks
    that fetch it, fetch its positions and play it all run in its scope, so ending it
    (another match watched) stops every one.

    It gets the modes' services (`triad.ui.catch.modes.Services`) and `speed()`, the
    timeline's speed (1 is a turn per `FRAME_MS`)."""

    def __init__(self, services, speed, autoplay: bool) -> None:
        Run.__init__(self, services.scope)
        self.services = services
        self.speed = speed
        self.come = False  # the worker has answered (`arrived`)
        self.players: list = []  # display names
        self.map: dict = {}
        self.result = None
        self.total = 0  # its turns
        self.frames: dict = {}  # turn -> (state, entry), fetched so far
        self.at = 0  # the turn on show
        self.want = 0  # the turn asked for (scrubbing asks faster than frames come)
        self.state: dict = {}  # the position on show
        self.entry: client.Entry | None = None  # the turn's (None at the start position)
        self.following = False  # a flow fetches positions up to `want`
        self.telling = False  # the turn reached is said (a step or a seek of the player's)
        # The timeline playing (a run of its own), until paused or at its end; it plays as
        # soon as the match comes, unless Pause is pressed before.
        self.playback = Run(self.scope)
        if not autoplay:
            self.playback.end()

    @property
    def playing(self) -> bool:
        return self.playback.live

    def arrived(self, reply, players: list) -> None:
        """The worker played (or took) the match (`watch`'s reply): its start is shown and,
        unless paused meanwhile, it plays."""
        view = reply["view"]
        self.come = True
        self.players = players
        self.map = view["map"]
        self.result = reply["result"]
        self.total = reply["turns"]
        self.frames = {0: (view["state"], None)}
        self.state, self.entry = self.frames[0]
        self.playback.scope.spawn(self.play())  # (nothing, if it was paused)

    def pause(self) -> None:
        """The timeline stops (the position on its way still lands)."""
        self.playback.end()

    def play_on(self) -> None:
        """Play pressed: the timeline plays from the position on show."""
        if self.come and self.at < self.total and not self.playing:
            self.playback = Run(self.scope)
            self.playback.scope.spawn(self.play())

    def seek(self, turn: int, telling: bool = True) -> None:
        """Show the position after `turn` (said, if `telling`, once it is shown)."""
        self.want = max(0, min(self.total, turn))
        self.telling = telling
        if not self.following:
            self.following = True
            self.services.launch(self.follow(), self)

    # ------------------------------------------------------------- flows

    async def follow(self) -> None:
        """Fetch positions until the one shown is the one asked for (scrubbing asks
        often)."""
        services = self.services
        try:
            while self.at != self.want:
                turn = self.want
                try:
                    self.state, self.entry = await self.frame(turn)
                except WorkerError as e:
                    services.notify(e.words, "bad")
                    self.want = self.at
                    self.pause()
                    break
                self.at = turn
                services.draw()
        finally:
            self.following = False
        if self.telling and self.entry:
            # A step or a seek by the player: the turn on show is said.
            speech.tell(services.screen, speech.turn_text(self.entry, self.state, self.players))

    async def frame(self, turn: int) -> tuple:
        """The position after `turn` and its `Entry`, fetched once."""
        frame = self.frames.get(turn)
        if frame is None:
            services = self.services
            frame = await services.waiting(client.frame(services.engine(), turn=turn))
            if len(self.frames) > KEEP_FRAMES:
                self.frames = {0: self.frames[0]}
            self.frames[turn] = frame
        return frame

    async def play(self) -> None:
        """Play the timeline on, a turn a frame, to its end (a task of the playback's:
        Pause, a step or a seek ends it)."""
        services = self.services
        for turn in range(self.at + 1, self.total + 1):
            self.seek(turn, False)
            await services.signal.until(lambda: not self.following)
            await services.sleep(int(FRAME_MS / float(self.speed())))
        if self.entry:
            # Played to its end: the last turn and the result are said.
            speech.tell(services.screen, speech.turn_text(self.entry, self.state, self.players))
        self.pause()
        services.draw()


class Watch:
    """Two built-in bots play a whole match in the worker; a timeline walks through it.

    Besides the modes' services it gets `seed()`, the map of the next match (the page
    keeps it), `display_name(name)`, how the page names a player, and `download(slot)`,
    the page's flow saving a replay."""

    empty = "watch_first"

    def __init__(self, services, seed, display_name, download) -> None:
        self.services = services
        self.next_seed = seed
        self.display_name = display_name
        self.download = download
        self.bots = ["planner", "greedy"]  # blue's and red's, for the next match
        self.speed = "1"
        self.match: Watched | None = None  # the match on the timeline
        self.asked: Watched | None = None  # the match asked of the worker until it comes

    @property
    def seed(self) -> int:
        return self.next_seed()

    # What the timeline shows, as the page and its tests read it.
    @property
    def playing(self) -> bool:
        """Whether the timeline plays (or is to, as soon as the match asked for comes)."""
        return any(w is not None and w.playing for w in (self.asked, self.match))

    @property
    def loading(self) -> bool:
        return self.asked is not None or (self.match is not None and self.match.following)

    @property
    def at(self) -> int:
        return 0 if self.match is None else self.match.at

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
        return (match.map, match.state, match.players, match.entry, None)

    def leave(self) -> None:
        """Another tab is shown: the timeline stops where it is."""
        self.pause()

    def pause(self) -> None:
        for watched in (self.asked, self.match):
            if watched is not None:
                watched.pause()

    # ------------------------------------------------------------- input

    def act(self, name: str, arg: str) -> None:
        match = self.match
        if name == "watch":
            self.watch({"bots": list(self.bots), "seed": self.seed})
        elif name == "play" and match is not None:
            match.play_on()
        elif name == "pause":
            self.pause()
        elif name in ("step", "seek") and match is not None:
            match.pause()
            match.seek(match.at + int(arg) if name == "step" else int(arg))
        elif name == "speed" and arg in render.SPEEDS:
            self.speed = arg
        elif name == "replay":
            self.services.launch(self.download("watch"))

    def field(self, name: str, value: str) -> bool:
        if name == "scrub":
            self.act("seek", value)
        elif value in saved.OPPONENTS:  # the bots, "bot0" and "bot1"
            self.bots[int(name[-1])] = value
        return True

    def key(self, key: str) -> bool:
        if key == " ":
            self.act("pause" if self.playing else "play", "")
        elif key in ("ArrowLeft", "ArrowRight"):
            self.act("step", "-1" if key == "ArrowLeft" else "1")
        else:
            return False
        return True

    # ------------------------------------------------------------- flows

    def watch(self, request: dict, autoplay: bool = True) -> None:
        """Have the worker play (or take) a match, then show its start (and play it)."""
        services = self.services
        if services.engine() is None:
            return
        for watched in (self.asked, self.match):
            if watched is not None:
                watched.end()  # a match asked for before, or watched, is dropped
        asked = self.asked = Watched(services, lambda: self.speed, autoplay)
        services.launch(self.fetch(request, asked), asked)

    async def fetch(self, request: dict, asked: Watched) -> None:
        services = self.services
        services.draw()
        try:
            reply = await services.waiting(client.watch(services.engine(), **request))
        except WorkerError as e:
            self.asked = None
            asked.end()
            services.notify(e.words, "bad")
            services.draw()
            return
        self.asked = None
        self.match = asked
        asked.arrived(reply, [self.display_name(n) for n in reply["view"]["players"]])
        services.draw()

    # ----------------------------------------------------------- drawing

    def draw(self) -> None:
        put = self.services.put
        match = self.match
        put("c-setup", render.watch_setup(self.bots, self.seed, self.loading))
        put(
            "c-timeline",
            render.timeline(
                {
                    "total": self.total,
                    "at": self.at,
                    "playing": self.playing,
                    "speed": self.speed,
                    "can_download": match is not None,
                }
            ),
        )
        entry = None if match is None else match.entry
        put("c-log", render.turn_log(entry, self.players or ["", ""]))
        self.services.screen.set_data("at", str(self.at))
