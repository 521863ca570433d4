"""The card game's page: the title, the table, the bars, the dialogs, and who does what.

`App` is plain Python with its outside world passed in, so it runs the same
in the browser (MicroPython, see `main`) and in CPython tests:

* `screen`: `mount(html)`, `update(region, html)`, `set_flag(name, on)` for
  classes on `<html>` (`ready`, `paused`, `busy`...), `set_data(name, value)`,
  `scroll_to(id)`, `focus(selector)`, `now()` in milliseconds;
* `engine`: the engine worker (`triad.ui.page.dom.Engine`), called through
  `triad.ui.page.client`; it arrives later through `engine_ready` (Pyodide boots
  in seconds);
* `store`: `get`/`set` of strings (`settings.SafeStore`);
* `sound`: `play(name)`;
* `sleep(ms)`: an awaitable pause; `seed()`: a fresh 32-bit seed;
* `dealer(request)`: the deal computed here before the engine is up (same
  seed, same deal as the engine), or None when it cannot;
* `helpers(searchers, spawn)`: starts master's extra workers (`triad.ui.page.dom`),
  once an Open match is or will be played, or None.

The page keeps what is on it: the panels shown over the table (`panels`, a
stack: the title screen, Pause, each dialog, the draft; `triad.ui.page.panels`),
notices, the language, the settings. What it shows is each time one of
these, each an object of its own:

* the table and what occupies it (`table`, `triad.ui.table.tabletop.Table`): a match
  (`triad.ui.table.match.Match`: its deal, its turns and every task it starts), or a
  replay or the daily puzzle that took it; each takes its own keys and clicks and
  draws its own regions. `match` is the match on the table, None while a replay or
  the puzzle is;
* the CPU's moves, hints and pondering, the match dealt ahead and master's
  extra workers (`cpu`, `triad.ui.cpu.coordinator.Cpu`);
* the collection (`coll`), the player's choices and own card set
  (`choices`), and the player's input (`controls`, and `chooser` for a card and a
  space chosen on the table).
"""

from triad.ui.collection.collect import Around, Collection, stored_active
from triad.ui.collection.tourney import Tourney
from triad.ui.cpu.coordinator import Cpu
from triad.ui.friend.link import Around as FriendAround
from triad.ui.friend.link import Friend
from triad.ui.look import anim, render
from triad.ui.look.icons import affinity_table
from triad.ui.look.speech import Speaker
from triad.ui.look.text import language, t
from triad.ui.menu import customset
from triad.ui.menu.choices import Choices, read_deal_code
from triad.ui.page import settings as prefs
from triad.ui.page.controls import Controls
from triad.ui.page.panels import Album, Draft, Leave, Panels, Title
from triad.ui.page.services import Dialogs, Services
from triad.ui.page.shell import Shell
from triad.ui.study.puzzle import today
from triad.ui.study.replay import Seat
from triad.ui.table.board import Stage
from triad.ui.table.choosing import Chooser
from triad.ui.table.foresee import Foresee
from triad.ui.table.match import MATCH_KEY, Match, stored_match
from triad.ui.table.match import Around as MatchAround
from triad.ui.table.session import HUMAN, OVER
from triad.ui.table.tabletop import Around as TableAround
from triad.ui.table.tabletop import Table
from triad.ui.table.transport import Kept, Transport

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from triad.ui.page.backnav import BackNav

__all__ = ["MATCH_KEY", "App"]


class App(Shell):
    """One page's game: the table, what is shown over it, and who acts.

    Its page shell (engine boot, readiness, region redraws, language) is
    `triad.ui.page.shell.Shell`, shared with Triangle Catch.
    """

    def __init__(
        self,
        screen,
        store,
        sound,
        sleep,
        seed,
        dealer=None,
        reduced=False,
        browser_lang="en",
        page_url="",
        build="",
        helpers=None,
    ) -> None:
        Shell.__init__(self, screen, store, sleep, seed)
        self.sound = sound
        self.dealer = dealer
        self.reduced = reduced
        custom_set, custom_notice = customset.load(store)
        self.settings, notice = prefs.load(store, custom_set is not None)
        self.browser_lang = browser_lang
        self.page_url = page_url  # the page's address without its query, for shared deals
        # What the page's parts may use (each late-bound: a test may give the page its own).
        self.services = Services(
            engine=lambda: self.engine,
            store=store,
            now=lambda: self.screen.now(),
            sleep=lambda ms: self.sleep(ms),  # (the page's, as it is then: tests replace it)
            signal=self.signal,
            unpaused=lambda: self.wait_unpaused(),
            held=lambda: self.held(),
            reduced=lambda: self.reduced,
            spawn=lambda coro: self.spawn(coro),
            seed=lambda: self.seed(),
            draw=lambda: self.draw(),
            notice=lambda text: self.show_notice(text),
            download=lambda name, text: self.screen.download(name, text),
            note=lambda what: self.timeline.append(what),
            set_data=screen.set_data,
        )
        #: The page's dialogs, for the parts that open their own.
        self.dialogs = Dialogs(
            lambda panel: self.open_panel(panel),
            lambda redraw=False: self.close_panel(redraw),
            lambda: self.panel,
        )
        self.choices = Choices(  # what a quick match is dealt with, the player's own set
            self.services,
            self.settings,
            custom_set,
            save_settings=lambda: self.save_settings(),
            page_url=lambda: self.page_url,
            engine_error=lambda: self.engine_error,
            scope=self.scope,
        )
        self.build = build  # the page's build id (`<html data-build>`), for `AHEAD_KEY`
        self.apply_language()
        self.notices = []
        if custom_notice:
            self.notices.append(t(custom_notice))
        elif notice:
            self.notices.append(t(notice))
        if getattr(store, "denied", False) and not getattr(store, "announced", False):
            self.notices.append(t("notice_storage_denied"))
        self.timeline: list[
            tuple
        ] = []  # (what, detail) of notable moments, for tests and benchmarks
        self.cpu = Cpu(  # the CPU's moves, pondering, the match dealt ahead, extra workers
            self.services,
            self.scope,
            lambda: self.paused,
            lambda: self.match,
            self.waits,
            self.choices,
            lambda: self.build,
            helpers,
        )
        #: What the board on the table plays out on (`triad.ui.table.board`).
        self.stage = Stage(
            lambda: self.draw(),
            lambda name: self.play_sound(name),
            lambda ms: self.sleep(ms),  # (the page's, as it is then: tests replace it)
            lambda: self.wait_unpaused(),
            lambda kind: self.show_callout(kind) if kind else self.hide_callout(),
            lambda: self.reduced,
            lambda what: self.timeline.append((what, self.clock_ms())),
        )
        self.panels = Panels()  # what shows over the table: the title, Pause, a dialog...
        self.foresee: Foresee  # (made below, once the table is: the chooser's says it)
        # how the human chooses a card and a space on the table, by keys or clicks
        self.chooser = Chooser(
            lambda: self.draw(),
            screen.focus,
            lambda view, sel: self.foresee.waiting(view, sel),
            lambda name: self.play_sound(name),
            lambda: bool(self.panels.stack),
        )
        # the table, and the match on it (`triad.ui.table.match`): against the CPU until dealt
        self.table = Table(
            Match(match_around(self), cpu_transport(self)), self.services, table_around(self)
        )
        self.on_title_closed: Callable[[], None] | None = (
            None  # called when the player leaves the title screen
        )
        self.bad_deal = ""  # why the address's deal code was refused (said on the title)
        # a panel opened from the title, or the friend dialog of the link the page opened on,
        # holds the match beneath it as the title did
        self.title_panel = False
        self.callout = ""  # the big word on show (Roulette's call clears only itself)
        self.back_nav: BackNav | None = (
            None  # the browser's Back closes a dialog (`backnav.BackNav`, main.py)
        )
        self.aff: tuple[dict, tuple | None] = (
            {},
            None,
        )  # the affinity table drawn, and what it was made for
        self.warm = False  # the game's files come from the service worker's cache (main.py)
        self.speech = Speaker(screen)  # the live region a screen reader reads out
        self.foresee = Foresee(  # what a card waiting on a space would capture, said
            lambda: self.engine, self.speech.say, self.table.spawn, self.draw
        )
        # (the tournament is made below; the collection's callbacks read it when called)
        self.tourney: Tourney
        self.coll: Collection
        self.coll = Collection(  # collection mode: the save, the ladder, decks, trades
            self.services,
            self.dialogs,
            Around(
                self.table.free,
                lambda: self.match is not None and self.match.transport.saved,  # (for cards)
                lambda: self.stop_match(),
                lambda playing, reply: self.begin_kept(playing, reply, self.coll),
                lambda: self.new_match(),
                lambda save: self.tourney.resumable(save),
                lambda: self.tourney.play(),
            ),
        )
        # the friend dialog and the friend matches kept
        self.friend = Friend(self.services, screen, self.scope, self.dialogs, friend_around(self))
        self.tourney = Tourney(  # the grand tournament: its dialog, decks and matches
            self.services,
            self.coll,
            screen,
            lambda words: self.speech.say(words),
            lambda: self.houses_aff(),
            self.dialogs,
            lambda record, mode: self.table.open_replay(record, mode),
            lambda: self.stop_match(),
            lambda playing, reply, note: self.begin_kept(playing, reply, self.tourney, note),
        )
        self.controls = Controls(self)
        self.match_counter = 0
        self.sound_music()

    # ----------------------------------------------------------------- start

    def start(self, deal_code: str = "", held: bool = False, title: bool = False) -> None:
        """Draw the table and the first deal (from the local dealer when it can).

        A deal code (from the page's address) fixes the first match's seed,
        rules and card set, so a friend can play the very same deal. `held`: the page
        opened on a friend's link, whose dialog holds the match dealt beneath it (no CPU
        move, no turn said) until it closes or a friend match takes the table. `title`:
        the title screen shows first (unless a match is under way), holding the match.
        """
        if title:
            self.panels.open(Title())
        self.remount(render.render_frame())
        if self.warm:
            # A visit after the first: the files (and V8's compiled Pyodide) are at hand, so
            # the extra workers boot now, beside the engine, and come up early in the CPU's
            # first move after a reload; on a first visit they wait for the engine, whose
            # boot from the network they would slow.
            self.cpu.start_helpers(self.choices.playing())
        shared = None
        if deal_code:
            try:
                shared = read_deal_code(deal_code, self.choices.custom_id())
            except ValueError as e:
                # Said in the player's words only: the decoder's detail helps nobody here.
                self.bad_deal = getattr(e, "code", "") or "code_bad"
        if shared is not None or stored_active(self.store):
            self.panels.close("title")  # a match under way: the player lands back in it
        if self.bad_deal and not self.title:
            self.notices.append(t("notice_bad_deal", error=t("err_" + self.bad_deal)))
        if shared is None and stored_active(self.store):
            # A ladder match under way comes back once the engine is up, so no
            # quick match is dealt meanwhile.
            self.new_table(None)
            self.draw()
        else:
            resumed = stored_match(self.store, self.choices.custom_id())
            if shared and resumed is not None and not self.choices.deals(resumed, shared):
                resumed = None  # another deal's link: that deal is dealt
            if resumed is not None:
                shared = None  # (the shared deal under way: played on, as any quick match)
            self.new_match(False, shared, resumed, True)
        self.title_panel = held  # (after the deal: a new table lets go of what was held)
        if self.notices:
            self.show_notice(" ".join(self.notices))
        if self.title:
            self.draw()
            self.screen.focus(Title.focus)

    async def engine_up(self) -> None:
        """The worker answered: the match on the table is dealt there, and carries on."""
        self.spawn(self.coll.boot())
        self.spawn(self.friend.boot())
        self.cpu.start_helpers(self.choices.playing())
        match = self.match
        if match is not None:  # (not while a replay or the puzzle is on the table)
            match.spawn(match.sync())

    def engine_failed(self, error: str) -> None:
        self.show_notice(t("engine_failed", error=str(error)))
        Shell.engine_failed(self, error)

    # ---------------------------------------------------------------- matches

    @property
    def match(self):
        """The match on the table (`triad.ui.table.match.Match`), or None while a replay or the
        puzzle is on it."""
        return self.table.match

    def new_match(self, run: bool = True, shared=None, resumed=None, first=False) -> None:
        """Start a match with the saved settings (rule changes apply from here).

        `shared` (seed, rules, card set of a shared deal) overrides them for this match;
        `resumed` is the quick match of the last visit (`stored_match`), played on; else
        the match dealt ahead with these settings is dealt (on the page's `first` deal,
        the one dealt ahead on an earlier visit, master's opening of it at hand:
        `Cpu.next_deal`).
        """
        choices = self.choices
        playing = choices.playing()
        if shared or resumed is not None:
            playing["seed"] = self.seed()
        else:
            playing = self.cpu.next_deal(playing, first)
        if shared:
            playing.pop("custom_id", None)
            playing.update(shared)
            choices.fix_set(playing)
        if resumed is not None:
            playing = dict(resumed["playing"])
            choices.fix_set(playing)
        else:
            self.store.remove(MATCH_KEY)  # the match of the last visit is given up
        self.panels.close("draft")
        match = self.new_table(playing, keep_view=False)
        view = None
        if resumed is not None:
            match.resume = resumed["record"]
            view = resumed["view"]
        elif self.dealer is not None:
            view = self.dealer(choices.deal_request(playing))
        match.board.show(view)
        self.timeline.append(("match", self.match_counter))
        self.draw()
        match.announce()
        if view is not None and match.is_human(view["to_move"]):
            match.begin_human()
        if run and self.engine is not None:
            match.spawn(match.sync())

    def new_table(self, playing, keep_view: bool = True, transport=None):
        """A new match takes the table, with the settings `playing` (None: none yet) and its
        `transport` (the CPU unless given); it shows the view of the match that was there
        until it has its own, unless not `keep_view`."""
        ended = self.match
        view = ended.view if keep_view and ended is not None else None
        transport = transport or cpu_transport(self)
        match = Match(match_around(self), transport, playing, view)
        self.seat(match)
        return match

    def seat(self, occupant) -> None:
        """`occupant` (a match, a replay, the puzzle) takes the table: the one there ends and
        every task it started stops; the match dealt ahead is given up."""
        self.table.replace(occupant)
        self.title_panel = False  # (the match a panel held beneath the title has ended)
        self.cpu.new_table(self.match)
        self.signal.wake()  # (what waited on the match that ended stops)
        self.match_counter += 1
        self.screen.update("r-callout", "")

    def start_new(self, again: bool = False, confirmed: bool = False) -> None:
        """New game / Rematch: a quick match, or in collection mode the ladder (or the deck);
        after a friend match, a rematch with the same friend (`triad.ui.friend.rematch`).

        Leaving a match under way asks first (a match for cards stays in the save, to finish
        from the Collection; the moves of any other are lost).
        """
        leaves = again or self.settings.get("play") != "collection"
        match = self.match
        ladder = (match.playing or {}).get("ladder") if match is not None else None
        if leaves and not confirmed and match is not None and match.under_way():
            rival = self.coll.opponent or {}
            name = (rival.get("name") or ladder) if ladder else None
            self.open_panel(Leave(name, again))
            return
        if self.friend.rematch.start():  # a friend match over: the same friend again
            return
        if again and ladder and self.coll.ready:
            self.coll.challenge(ladder)  # Play again after a match for cards: that opponent
            return
        if self.settings.get("play") != "collection":
            self.new_match()
            # (the result's button that asked for it is gone)
            self.chooser.focus_play(self.table.occupant)
            return
        opponent = self.coll.opponent
        if again and opponent is not None and self.coll.ready:
            self.coll.challenge(opponent["id"])
        else:
            self.open_panel(Album("collection", "ladder"))

    def stop_match(self) -> None:
        """Stop the match in play (its pending turns and moves are dropped)."""
        match = self.match
        if match is None:  # (a replay or the puzzle: it leaves the table)
            self.new_table(None)
        else:
            self.new_table(match.playing, True, match.transport)

    def begin_kept(self, playing: dict, reply: dict, keeper, note=None) -> None:
        """Play a match the worker prepared for the save, which `keeper` saves move by move
        (the collection's ladder match, the tournament's): its deal, or the draft it begins
        with (the player is blue)."""
        table = self.new_table(playing, True, cpu_transport(self, keeper))
        self.store.remove(MATCH_KEY)
        if "draft" in reply:
            table.dealt(None)
            self.timeline.append(note)
            table.show_draft(reply)
            return
        table.dealt(reply["view"])
        self.cpu.start_helpers(playing)
        self.timeline.append(note or ("match", self.match_counter))
        self.draw()
        table.announce()  # (a screen reader hears the deal, and who is who, here too)
        table.spawn(table.next_turn())

    # ------------------------------------------------------------------ input

    def key(self, key: str, on_table: bool = True) -> bool:
        """A key went down (`on_table`: the board or a hand has the focus); returns True
        when the page should not act on it itself."""
        return self.controls.key(key, on_table)

    def click(self, kind: str, value) -> None:
        """A click (or tap) on an element with one of the page's data attributes."""
        self.controls.click(kind, value)

    def accepting(self) -> bool:
        """Whether a human may choose a card and a space now: in a match, or the puzzle's
        answer (the page waits for the player's move)."""
        return not self.panels.stack and self.table.occupant.may_act()

    async def import_file(self, kind: str, text: str) -> None:
        """A file the player chose: a card set, a save to import or a replay to watch."""
        if kind == "cardset":
            await self.choices.load_custom_set(text)
        elif kind == "save":
            await self.coll.import_text(text)
        elif kind == "replay":
            await self.table.open_replay(text)

    # -------------------------------------------------------- what is shown

    def waits(self) -> bool:
        """Whether the match on the table waits on its human or shows its result, seen
        (no replay over it, nothing holds it), and New game would deal a quick match: a
        match may be dealt ahead (`Cpu.deal_ahead`)."""
        match = self.match
        return (
            match is not None
            and match.phase in (OVER, HUMAN)
            and not self.held()
            and self.settings.get("play") != "collection"
        )

    @property
    def title(self) -> bool:
        """Whether the title screen is shown."""
        return self.panels.find("title") is not None

    @property
    def paused(self) -> bool:
        return self.panels.find("pause") is not None

    @property
    def panel(self):
        """The name of the dialog shown ("rules", "collection", "draft"...), or None."""
        return self.panels.dialog()

    def held(self) -> bool:
        """Whether the match beneath waits to start: under the title screen, or a panel
        (Collection, Rules) opened from it, so that no CPU move plays behind the panel."""
        return self.title or self.title_panel

    def close_title(self, redraw: bool = True, panel: bool = False) -> None:
        """The player leaves the title screen: the match held beneath it starts (once the
        panel the player went to, if `panel`, closes)."""
        self.panels.close("title")
        self.title_panel = panel
        if self.on_title_closed is not None:
            self.on_title_closed()
        self.release_match(redraw)

    def release_match(self, redraw: bool = True) -> None:
        """The match held beneath the title starts, unless a panel still holds it."""
        self.signal.wake()
        if self.held():
            if redraw:
                self.draw()
            return
        match = self.match
        if match is not None:  # (a replay or the puzzle on the table: no turn to begin)
            match.announce()
            if match.phase == HUMAN and match.view is not None and not match.view.get("over"):
                match.begin_human()  # the CPU may think ahead (open hands) from now on
        if redraw:
            self.draw()

    def open_panel(self, panel) -> None:
        """Show the dialog `panel` (a `triad.ui.page.panels.Panel`) in place of the one shown."""
        self.panels.open(panel)
        self.choices.clear()
        panel.opened(self)
        self.draw()
        self.screen.focus(panel.focus)  # keyboard users land in the dialog

    def close_panel(self, redraw: bool = True) -> None:
        """Close the dialog shown (Pause, if it is paused, shows again)."""
        self.panels.close("dialog")
        match = self.match
        if match is None or match.draft is None:
            self.panels.close("draft")
        elif self.panels.find("draft") is None:
            self.panels.open(Draft())  # a draft being picked comes back from under it
        self.coll.dialog_closed()
        if self.title_panel:
            self.title_panel = False
            self.release_match(redraw)
        elif redraw:
            self.draw()

    def show_callout(self, kind: str) -> None:
        self.callout = kind
        self.screen.update("r-callout", anim.render_callout(kind))
        self.timeline.append(("callout", kind))

    def hide_callout(self) -> None:
        self.callout = ""
        self.screen.update("r-callout", "")

    def show_notice(self, text: str) -> None:
        self.screen.update("r-notice", render.render_notice(text))
        self.timeline.append(("notice", text))

    # -------------------------------------------------------------- settings

    def save_settings(self) -> None:
        prefs.save(self.store, self.settings)
        self.draw()
        self.cpu.deal_ahead(True)  # one dealt with other settings: given up (and dealt again)

    def apply_language(self) -> str:
        """Use the chosen language (or the browser's); the page's `lang` follows."""
        return self.use_language(self.settings.get("lang"), self.browser_lang)

    def change_language(self, code: str) -> None:
        self.settings["lang"] = "" if code == "auto" else code
        prefs.save(self.store, self.settings)
        self.apply_language()
        # The frame holds text too (the keys line): draw everything again.
        self.remount(render.render_frame())
        self.draw()
        self.screen.focus('[data-lang="' + code + '"]')  # the page was drawn anew: focus stays

    def sound_music(self) -> None:
        """Start or stop the background music as the settings say (after a gesture only)."""
        set_music = getattr(self.sound, "set_music", None)
        if set_music is not None:
            set_music(bool(self.settings.get("music", False)))

    def play_sound(self, name) -> None:
        if name and self.settings["sound"]:
            self.sound.play(name)

    # ---------------------------------------------------------------- output

    def affinities(self, info) -> dict:
        """The affinity table (banners or elements, names in the page's language) of the
        card set `info` of a view or a draft, made once for each set and language."""
        info = info or {}
        key = (info.get("id"), len(info.get("affinities") or []), language())
        table, made_for = self.aff
        if key != made_for:
            table = affinity_table(info.get("kind"), info.get("affinities") or [])
            self.aff = (table, key)
        return table

    def ctx(self) -> dict:
        """What the page draws with: the page's own state, and what the occupant of the
        table says of itself (`shows`: a match, a replay or the puzzle)."""
        on_table = self.table.occupant
        board = on_table.board
        chooser = self.chooser
        match = self.match
        ladder = (match.playing or {}).get("ladder") if match is not None else None
        ctx = on_table.shows()
        ctx.update(
            {
                "sel": board.sel,
                "aff": self.affinities(ctx["card_set"]),
                "engine_progress": self.engine_progress,
                "engine_bytes": self.engine_bytes,
                "paused": self.paused,
                "title": self.held(),  # (the match beneath waits: no turn to say)
                "bad_deal": self.bad_deal,
                "panel": self.panel,
                "sound": self.settings["sound"],
                "music": self.settings.get("music", False),
                "keyboard": chooser.keyboard,
                "touch": self.controls.touch,
                "ladder": bool(ladder),
                "opponent": self.coll.opponent_by_id(ladder) if ladder else None,  # (name, stake)
                "foresee": self.foresee.captures(board.view, board.sel),
                "legend_tip": bool(board.view)
                and not (self.controls.tipped or self.panels.stack or ctx["replay"]),
            }
        )
        return ctx

    def draw(self) -> None:
        """Bring every region up to date (only changed regions are written): the occupant of
        the table draws its own, the panels the overlay over it."""
        ctx = self.ctx()
        on_table = self.table.occupant
        parts = on_table.regions(ctx)
        parts["r-overlay"] = self.panels.render(self, on_table.board.drawn()[0], ctx)
        for region in parts:
            self.put(region, parts[region])
        if self.shown.get("collection") != self.coll.status:
            # <html data-collection="ready"> once the save is read (tests wait on it)
            self.shown["collection"] = self.coll.status
            self.screen.set_data("collection", self.coll.status)
        self.screen.set_flag("paused", self.paused)
        if self.back_nav is not None:
            self.back_nav.shown(self.panels.closable())
        self.show_ready(self.accepting(), ctx["busy"])
        self.signal.wake()

    def houses_aff(self) -> dict:
        """The banners of the collection's card set (Houses), for its cards and filters."""
        info = (self.table.occupant.board.view or {}).get("card_set") or {}
        if info.get("id") == "houses":
            return self.affinities(info)
        from triad.pageview import load_set, set_info

        data = set_info(load_set("houses"))
        return affinity_table(data["kind"], data["affinities"])

    # ------------------------------------------------------------ plumbing

    async def wait_unpaused(self) -> None:
        await self.signal.until(lambda: not self.paused and not self.held())

    def clock_ms(self) -> float:
        return self.screen.now()


def cpu_transport(app, keeper=None) -> Transport:
    """A match's transport against the CPU (`triad.ui.table.transport`): a quick match's, or
    with a `keeper` a match for cards (`Kept`)."""
    if keeper is not None:
        return Kept(app.services, app.cpu, app.choices, app.new_match, keeper)
    return Transport(app.services, app.cpu, app.choices, app.new_match)


def match_around(app) -> MatchAround:
    """What a match asks of the page around it (`triad.ui.table.match.Around`)."""
    return MatchAround(
        app.services,
        app.scope,
        app.stage,
        app.cpu,
        app.chooser,
        app.dialogs,
        lambda: app.panels.close("draft"),
        lambda words: app.speech.say(words),  # (the page's first match comes before it)
        lambda: app.ctx(),
        lambda name: app.play_sound(name),
        app.screen.focus,
        lambda rule: roulette_callout(app, rule),
        lambda: app.engine_error,
        lambda: app.start_new(True),
    )


async def roulette_callout(app, rule: str) -> None:
    """Roulette's drawn rule called out, for a moment (a callout shown meanwhile stays)."""
    app.screen.update("r-callout", render.render_roulette(rule))
    await app.sleep(400 if app.reduced else 1600)
    if not app.callout:
        app.screen.update("r-callout", "")


def table_around(app) -> TableAround:
    """What the table asks of the page around it (`triad.ui.table.tabletop.Around`)."""
    return TableAround(
        lambda name: occupant_seat(app, name),
        lambda occupant: app.seat(occupant),
        lambda: app.close_panel(False),
        lambda playing: app.new_table(playing),
        lambda: app.new_match(),
        lambda: app.cpu.deal_ahead(),
        lambda: today(app.screen),
    )


def occupant_seat(app, name: str) -> Seat:
    """What a replay or the puzzle about to take the table works with
    (`triad.ui.study.replay.Seat`), its scope a new child of the page's named `name`."""
    screen = app.screen
    return Seat(
        app.scope.child(name),
        app.stage,
        lambda: app.engine,
        lambda: bool(app.engine_error),
        app.signal,
        lambda: app.draw(),
        lambda: app.ctx(),
        screen.set_data,
        app.speech.say,
        lambda sound: app.play_sound(sound),
        lambda text: app.show_notice(text),
        screen.download,
        lambda coro: app.spawn(coro),
        lambda: today(screen),
        app.coll,
        app.chooser,
    )


def friend_around(app) -> FriendAround:
    """What the friend dialog asks of the page around it (`triad.ui.friend.link.Around`)."""
    return FriendAround(
        lambda: app.match,
        lambda playing, transport: app.new_table(playing, False, transport),
        lambda: app.new_match(),
        lambda: app.title,
        lambda: app.close_title(False),
        lambda: app.engine_error,
        lambda: render.loading_text(app.engine_progress, app.engine_bytes),
        lambda: app.settings["rules"],
        lambda: app.choices.playing(),
        lambda: app.page_url,
        app.coll,
        lambda words: app.speech.say(words),
        lambda: app.chooser.focus_play(app.table.occupant),
    )
