"""The page's controller: turns, input, animation, CPU calls, settings and dialogs.

`App` is plain Python with its outside world passed in, so it runs the same
in the browser (MicroPython, see `main`) and in CPython tests:

* `screen`: `mount(html)`, `update(region, html)`, `set_flag(name, on)` for
  classes on `<html>` (`ready`, `paused`, `busy`...), `set_data(name, value)`,
  `scroll_to(id)`, `focus(selector)`, `now()` in milliseconds;
* `engine`: the worker's exported functions (`new_match`, `play`,
  `cpu_move`, `validate`), each taking and returning a JSON string, awaited;
  it arrives later through `engine_ready` (Pyodide boots in seconds);
* `store`: `get`/`set` of strings (`settings.SafeStore`);
* `sound`: `play(name)`;
* `sleep(ms)`: an awaitable pause; `seed()`: a fresh 32-bit seed;
* `dealer(request)`: the deal computed here before the engine is up (same
  seed, same deal as the engine), or None when it cannot.

A quick match may deal from the player's own card set (`customset`): it is
checked by the engine when loaded, kept in the store, and sent along with
every request that deals from it.

The match itself lives in the worker; this side keeps the view the worker
(or the local dealer) sent and the human's selection.
"""

import json

from triad import ruleinfo
from triad.collection import dealcode
from triad.deal import parse_deal_code
from triad.ui import anim, customset, render
from triad.ui import settings as prefs
from triad.ui.collect import Collection
from triad.ui.icons import affinity_table
from triad.ui.input import Selection
from triad.ui.session import (
    ANIMATING,
    DRAFT,
    HINT,
    HINT_ASKED,
    HUMAN,
    OVER,
    QUEUED,
    START,
    THINKING,
    Session,
)
from triad.ui.shell import Shell
from triad.ui.study import Study
from triad.ui.text import explain, language, t

KEYS = {
    "ArrowUp": "up",
    "ArrowDown": "down",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "z": "select",
    "Z": "select",
    "Enter": "select",
    "x": "cancel",
    "X": "cancel",
    "Backspace": "cancel",
    "F1": "hint",
    "F5": "new",
    "Escape": "pause",
}

# Dialog buttons (`data-do`) that run a flow of the collection (`Collection` methods).
COLLECTION_FLOWS = {
    "deck_deal": "deal_deck",
    "deck_play": "play",
    "trade_take": "confirm_picks",
    "trade_discard": "discard_pending",
    "resume": "resume",
    "active_discard": "discard_active",
    "export": "export",
    "reset_yes": "reset",
}

# Dialogs that Escape, their close button and a click beside them close.
CLOSABLE = ("info", "rules", "collection", "deck", "leave")

# The quick match being played, kept so that a reload or a crash loses nothing:
# {"version", "playing", "view", "record"} (the engine's record of its deal and moves).
MATCH_KEY = "triad.match"
MATCH_VERSION = 1
# The next quick match dealt ahead and master's opening of it, thought through while a
# result showed, kept so that a reload or the next visit begins that deal and plays that
# move at once: {"version", "build", "playing", "opening"} (`App.keep_opening`). Claimed
# (removed) when read, and removed when the match dealt ahead is begun or given up, so a
# deal is never played twice; tied to the page's build, so an update never plays an
# answer of an older engine.
AHEAD_KEY = "triad.ahead"
AHEAD_VERSION = 1

CPU_BUDGET_MS = 900
PONDER_MS = 60  # short slices: a move confirmed meanwhile waits at most this long
PONDER_GAP_MS = 40
PONDER_SLICES = 2000  # at most this many a turn (about two minutes)
# Between the slices of a search in parts ahead: a call that comes meanwhile waits one
# slice at most anyway (a worker answers its calls in turn), so the workers keep busy.
PART_GAP_MS = 5
TRAP_MIN_MS = 60  # a split search counts its traps when at least this much budget is left
JOIN_POLL_MS = 10  # how often a split search looks for an extra worker that came up meanwhile
JOIN_MIN_MS = 30  # a part planned for a worker is searched with at least this much left
MIN_THINK_MS = 350  # the CPU's card does not land the very instant the human's does
HINT_SHOW_MS = 450


class App(Shell):
    """One page's game: owns the view, the selection and the flow of turns.

    Its page shell (engine boot, readiness, region redraws, language) is
    `triad.ui.shell.Shell`, shared with Triangle Catch.
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
    ) -> None:
        Shell.__init__(self, screen, store, sleep, seed)
        self.sound = sound
        self.dealer = dealer
        self.reduced = reduced
        self.custom_set, custom_notice = customset.load(store)
        self.settings, notice = prefs.load(store, self.custom_set is not None)
        self.browser_lang = browser_lang
        self.page_url = page_url  # the page's address without its query, for shared deals
        self.build = build  # the page's build id (`<html data-build>`), for `AHEAD_KEY`
        self.apply_language()
        self.notices = []
        if custom_notice:
            self.notices.append(t(custom_notice))
        elif notice:
            self.notices.append(t(notice))
        if getattr(store, "denied", False) and not getattr(store, "announced", False):
            self.notices.append(t("notice_storage_denied"))
        self.view = None
        self.session = Session()  # the match on the table (`triad.ui.session`)
        self.sel = Selection()
        self.paused = False
        self.title = False  # the title screen is shown (main.py asks for it at the start)
        self.on_title_closed = None  # called when the player leaves the title screen
        self.panel = None
        self.pause_on_top = False  # paused after the panel opened: Escape resumes first
        self.book_at = ""  # the rulebook's section last jumped to
        self.callout = ""  # the big word on show (Roulette's call clears only itself)
        self.leave_again = False  # what New game / Rematch asked, while "leave" asks to confirm
        self.menu_error = ""
        self.menu_checks = 0  # menu checks asked of the engine (only the last one's answer counts)
        self.custom_error = ""  # why the last card set file was refused
        self.custom_note = ""  # what became of the player's own card set
        self.autoplay = False
        self.keyboard = False
        self.touch = False  # the last pointer was a finger: the page says "Tap"
        self.aff = {}
        self.aff_key = None
        self.answered = 0  # placements the engine has answered, shown on <html data-answered>
        self.pondering = None  # the session the CPU thinks ahead for, while its human chooses
        self.ahead = None  # the next quick match, dealt ahead while a result shows (`keep_ahead`)
        self.asking = 0  # CPU moves and hints asked of the engine and not answered yet
        self.helpers = []  # extra workers that search parts of master's moves (`cpu_reply`)
        self.booting = 0  # extra workers started and not up yet (each may join a search)
        self.boot_helpers = None  # starts them (main.py) once an Open match is or will be played
        self.warm = False  # the game's files come from the service worker's cache (main.py)
        self.timeline = []  # (what, detail) of notable moments, for tests and benchmarks
        self.coll = Collection(self)
        self.study = Study(self)
        self.draft = None  # the draft being picked: {"pool", "blue", "red", "to_pick", "card_set"}
        self.draft_cpu = []
        self.match_counter = 0
        self.replay = None  # {"steps", "index", "record", "back"} while a replay is shown
        self.cards = {}  # card id -> card, read from the card set files when first needed
        self.sound_music()

    # ----------------------------------------------------------------- start

    def start(self, deal_code: str = "") -> None:
        """Draw the table and the first deal (from the local dealer when it can).

        A deal code (from the page's address) fixes the first match's seed,
        rules and card set, so a friend can play the very same deal.
        """
        self.remount(render.render_frame())
        if self.warm:
            # A visit after the first: the files (and V8's compiled Pyodide) are at hand, so
            # the extra workers boot now, beside the engine, and come up early in the CPU's
            # first move after a reload; on a first visit they wait for the engine, whose
            # boot from the network they would slow.
            self.start_helpers(self.settings["rules"])
        shared = None
        if deal_code:
            try:
                shared = read_deal_code(deal_code, self.custom_id())
            except ValueError as e:
                error = explain(e, getattr(e, "code", ""))
                self.notices.append(t("notice_bad_deal", error=error))
        if shared is not None or self.coll.stored_active():
            self.title = False  # a match under way: the player lands back in it
        if shared is None and self.coll.stored_active():
            # A ladder match under way comes back once the engine is up, so no
            # quick match is dealt meanwhile.
            self.new_session(None)
            self.draw()
        else:
            resumed = None if shared else self.stored_match()
            kept = None if shared or resumed is not None else self.kept_opening()
            self.new_match(False, shared, resumed, kept)
        if self.notices:
            self.show_notice(" ".join(self.notices))
        if self.title:
            self.draw()
            self.screen.focus("#r-overlay .title-screen .primary")

    async def engine_up(self) -> None:
        """The worker answered: sync the match with it and carry on."""
        self.spawn(self.coll.boot())
        self.start_helpers(self.settings["rules"])
        await self.sync_engine(self.session)

    def start_helpers(self, rules) -> None:
        """Start the extra workers of master's search once an Open match is played or will
        be (the settings' rules), so that they are up by its first big search."""
        if self.boot_helpers is not None and "open" in rules:
            start, self.boot_helpers = self.boot_helpers, None
            start()  # master searches in parts from now on, once they are up

    def engine_failed(self, error: str) -> None:
        self.show_notice(t("engine_failed", error=str(error)))
        Shell.engine_failed(self, error)

    async def sync_engine(self, session) -> None:
        if session.playing is None or session.playing.get("ladder"):
            return  # no quick match on the table (a ladder match is resumed by the collection)
        request = self.with_set(session.playing)
        if session.resume is not None:
            # The quick match of the last visit: the engine plays its moves again.
            request["record"] = session.resume
            reply = json.loads(await self.engine.call("resume_match", json.dumps(request)))
            if not session.live:
                return
            if not reply.get("ok"):
                print("quick match not resumed:", reply.get("error"))
                self.store.remove(MATCH_KEY)
                self.new_match()
                return
        else:
            reply = json.loads(await self.engine.new_match(json.dumps(request)))
        if not session.live:
            return
        if not reply.get("ok"):
            self.menu_error = explain(reply.get("error"), reply.get("code"))
            self.show_notice(t("menu_invalid", error=self.menu_error))
            return
        if "draft" in reply:
            self.show_draft(reply)
            return
        view = reply["view"]
        if self.view is None or not same_deal(self.view, view):
            # No local deal (or a different one): the engine's is the truth.
            session.pending = None
            self.sel.end()
        self.set_view(view)
        session.synced = True
        self.start_helpers(view["rules"])
        self.timeline.append(("engine", 0))
        self.announce(session)
        pending = session.pending
        session.pending = None
        if pending == HINT_ASKED:
            await self.hint(session)  # F1 before the engine was up: the CPU was shown thinking
        elif pending is not None:
            card, cell = pending
            self.timeline.append(("confirm", self.clock_ms()))
            await self.submit(self.view["to_move"], card, cell, session)
        else:
            self.draw()
            await self.next_turn(session)

    # ---------------------------------------------------------------- matches

    def new_match(self, run: bool = True, shared=None, resumed=None, kept=None) -> None:
        """Start a match with the saved settings (rule changes apply from here).

        `shared` (seed, rules, card set of a shared deal) overrides them for this match;
        `resumed` is the quick match of the last visit (`stored_match`), played on; `kept`
        the match dealt ahead on an earlier visit with these settings (`kept_opening`),
        dealt again, master's opening of it at hand.
        """
        if self.replay is not None:  # a new match ends a replay or a puzzle
            self.replay = None
            self.study.stop()
            self.screen.set_data("replay", "")
        playing = self.settings_playing()
        ahead, self.ahead = self.ahead, None
        opening = None
        if ahead is not None and not shared and resumed is None and same_settings(ahead, playing):
            playing = ahead.playing  # dealt ahead with these settings: that deal, thought about
        elif kept is not None and not shared and resumed is None:
            playing = dict(kept["playing"])  # dealt ahead on an earlier visit: that deal
            opening = kept["opening"]  # (checked by the engine before it is played)
        else:
            playing["seed"] = self.seed()
        if ahead is not None:
            self.end_ahead(ahead)
        if shared:
            playing.pop("custom_id", None)
            playing.update(shared)
            self.fix_set(playing)
        if resumed is not None:
            playing = dict(resumed["playing"])
            self.fix_set(playing)
        else:
            self.store.remove(MATCH_KEY)  # the match of the last visit is given up
        session = self.new_session(playing)
        session.opening = opening
        if self.panel == "draft":
            self.panel = None
            self.draft = None
        view = None
        if resumed is not None:
            session.resume = resumed["record"]
            view = resumed["view"]
        elif self.dealer is not None:
            view = self.dealer(self.with_set(playing))
        self.view = None
        if view is not None:
            self.set_view(view)
        self.timeline.append(("match", self.match_counter))
        self.draw()
        self.announce(session)
        if self.view is not None and self.is_human(self.view["to_move"]) and not self.autoplay:
            self.begin_human()
        if run and self.engine is not None:
            self.spawn(self.sync_engine(session))

    def settings_playing(self) -> dict:
        """What a quick match is dealt with now (the settings; no seed yet)."""
        s = self.settings
        playing = {
            "rules": list(s["rules"]),
            "level": s["level"],
            "card_set": s["card_set"],
            "mode": s["mode"],
            "level_range": prefs.band_levels(s.get("band", ""))
            if "level_range" in s["rules"]
            else None,
        }
        self.fix_set(playing)
        return playing

    def fix_set(self, playing: dict) -> None:
        """A match dealt from the player's own set names it (the default set when it is gone)."""
        if playing["card_set"] == prefs.CUSTOM_SET:
            if self.custom_set is None:
                playing["card_set"] = prefs.DEFAULTS["card_set"]
            else:
                playing["custom_id"] = self.custom_set["id"]

    def keep_ahead(self) -> None:
        """Deal the next quick match ahead in the engine, so that its CPU thinks about its
        opening before New game (`think_ahead`): once the match on the table has nothing
        left to think about on a human's turn, or its result shows.

        Only a match against master with open hands dealt at random from the settings (no
        draft, not the collection's ladder); when the settings change, that deal is given up
        and another is dealt with the new ones. A deal is random either way: dealing it
        early changes nothing for the player.
        """
        ahead = self.ahead
        playing = self.settings_playing()
        s = self.settings
        wanted = (
            self.engine is not None
            and self.session.phase in (OVER, HUMAN)
            and self.replay is None
            and not self.title
            and s.get("play") != "collection"
            and s["mode"] == "cpu"
            and s["level"] == "master"
            and "open" in s["rules"]
            and "draft" not in s["rules"]
        )
        if ahead is not None and wanted and same_settings(ahead, playing):
            return
        if ahead is not None:
            self.end_ahead(ahead)
        if not wanted:
            return
        playing["seed"] = self.seed()
        self.ahead = Session(playing)
        self.spawn(self.think_ahead(self.ahead))

    async def think_ahead(self, ahead) -> None:
        """The engine deals the `ahead` match and its CPU thinks about the opening in short
        slices, until done or until that match is given up or begun (`<html data-ahead>`).

        Only while the engine has nothing to do for the match on the table (`engine_idle`:
        its result shows, its human chooses and the CPU has thought every answer through,
        or a move shows or lands): a move confirmed meanwhile waits one slice at most, as
        it does for pondering.
        """
        reply = json.loads(
            await self.engine.call("deal_ahead", json.dumps(self.with_set(ahead.playing)))
        )
        if not reply.get("ok") or not ahead.live:
            return
        self.screen.set_data("ahead", "thinking")
        obs = reply.get("observation")  # the CPU opens it: its search may be split
        seed = ahead.playing["seed"]
        done = False
        try:
            for _ in range(PONDER_SLICES):
                while ahead.live and not self.engine_idle() and not (obs and self.helpers):
                    await self.sleep(PONDER_GAP_MS)
                if not ahead.live:
                    return
                if obs and self.helpers:  # the extra workers take part from now on
                    found = await self.think_in_parts(
                        obs, {"seed": seed}, lambda: ahead.live, self.engine_idle
                    )
                    done = found is not None
                    if done:
                        await self.keep_opening(ahead, found)
                    return
                request = {"seed": seed, "budget_ms": PONDER_MS}
                reply = json.loads(await self.engine.call("ponder_ahead", json.dumps(request)))
                if not reply.get("ok"):
                    return
                if reply.get("done"):
                    done = True
                    await self.keep_opening(ahead, None)
                    return
                await self.sleep(PONDER_GAP_MS)
        finally:
            if self.ahead is ahead:  # (not once it was given up or begun)
                # whether the next match's opening was thought through (tests wait on it)
                self.screen.set_data("ahead", "done" if done else "stopped")

    async def keep_opening(self, ahead, found) -> None:
        """Keep the match dealt ahead and master's opening of it, thought through, in the
        store (`AHEAD_KEY`), so that a reload or the next visit begins that deal with that
        move at once: `found`, the move the search in parts found (`think_in_parts`), else
        the engine's own search's (`ponder_ahead`). The engine checks it and names its card
        (`ahead_opening`); nothing is kept when the human opens that match."""
        request = {"seed": ahead.playing["seed"]}
        if found is not None:
            request.update(card=found["card"], cell=found["cell"], value=int(found["value"]))
        reply = json.loads(await self.engine.call("ahead_opening", json.dumps(request)))
        if not reply.get("ok") or self.ahead is not ahead or not ahead.live:
            return
        opening = {
            "card": reply["card"],
            "cell": reply["cell"],
            "value": reply["value"],
            "card_id": reply["card_id"],
        }
        data = {
            "version": AHEAD_VERSION,
            "build": self.build,
            "playing": ahead.playing,
            "opening": opening,
        }
        self.store.set(AHEAD_KEY, json.dumps(data))

    def end_ahead(self, ahead) -> None:
        """`ahead`, the match dealt ahead, is begun or given up: its thinking stops (the
        engine keeps what it thought) and its kept opening (`AHEAD_KEY`) goes with it, so
        that deal is never dealt again."""
        ahead.end()
        self.store.remove(AHEAD_KEY)
        if self.ahead is ahead:
            self.ahead = None

    def kept_opening(self):
        """The match dealt ahead on an earlier visit and master's opening of it
        (`keep_opening`), when it was dealt with the settings of now by this very build;
        else None. Claimed: removed from the store as it is read, so that no deal is
        played twice (another tab, a crash after reading). An entry that is unreadable, of
        another version or another build is dropped with a line on the console."""
        raw = self.store.get(AHEAD_KEY)
        if raw is None:
            return None
        self.store.remove(AHEAD_KEY)
        try:
            data = json.loads(raw)
            if type(data) is not dict or data.get("version") != AHEAD_VERSION:
                print("kept opening dropped: not of this version")
                return None
            if data.get("build") != self.build:
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
            if not dealt_with(playing, self.settings_playing()):
                print("kept opening dropped: dealt with other settings")
                return None
        except Exception as e:  # unreadable: a new deal, as on a first visit
            print("kept opening unreadable:", e)
            return None
        return {"playing": playing, "opening": opening}

    def engine_idle(self) -> bool:
        """Whether the engine has nothing to do for the match on the table now: neither
        searches a move or a hint, nor ponders (a move shown thinking or landing waits on
        the page's pace, not the engine's)."""
        if self.title or self.paused or self.asking or self.pondering is not None:
            return False
        return self.session.phase in (OVER, HUMAN, THINKING, HINT, ANIMATING)

    def new_session(self, playing):
        """End the match on the table (whatever runs for it stops) and begin another."""
        self.session.end()
        if self.ahead is not None:  # whatever replaces the table gives up the match dealt ahead
            self.end_ahead(self.ahead)
        self.screen.set_data("ahead", "")
        self.session = Session(playing)
        self.match_counter += 1
        self.screen.set_data("cpu-think", "")  # (the figures of this match's CPU moves)
        self.screen.set_data("cpu-exact", "")
        self.screen.set_data("cpu-kept", "")
        self.sel.end()
        self.screen.update("r-callout", "")
        return self.session

    def stored_match(self):
        """The quick match of the last visit (`MATCH_KEY`), or None when there is none to play on."""
        try:
            data = json.loads(self.store.get(MATCH_KEY) or "null")
            if type(data) is not dict or data.get("version") != MATCH_VERSION:
                return None
            playing, view = data["playing"], data["view"]
            for key in ("rules", "level", "card_set", "mode", "seed"):
                playing[key]  # each must be there
            if playing["card_set"] == prefs.CUSTOM_SET and playing.get("custom_id") != (
                self.custom_id() or None
            ):
                return None  # dealt from a set of the player's that is gone
            if len(view["board"]) != 9 or view.get("over") or type(data["record"]) is not dict:
                return None
            for player in ("blue", "red"):
                len(view["hands"][player])
        except Exception as e:  # unreadable: a new deal, as on a first visit
            print("stored match unreadable:", e)
            return None
        return data

    def match_moved(self, session) -> None:
        """A move of the match on the table was played: a quick match is kept in the store."""
        if session.playing.get("ladder") or self.engine is None:
            return  # a ladder match is in the collection's save
        if session.phase == OVER:
            self.store.remove(MATCH_KEY)
        else:
            self.spawn(self.keep_match(session, self.view))

    async def keep_match(self, session, view) -> None:
        reply = json.loads(await self.engine.call("match_record", "{}"))
        if session.live and session.phase != OVER and reply.get("ok"):
            data = {
                "version": MATCH_VERSION,
                "playing": session.playing,
                "view": view,
                "record": reply["record"],
            }
            self.store.set(MATCH_KEY, json.dumps(data))

    def ladder_under_way(self) -> bool:
        """Whether a match for cards is on the table and not over."""
        playing = self.playing
        return bool(playing and playing.get("ladder") and self.view and not self.view.get("over"))

    @property
    def playing(self):
        """The settings of the match on the table, with its seed (None: none is)."""
        return self.session.playing

    def announce(self, session) -> None:
        """Roulette's drawn rule, called out once at the start of the match."""
        view = self.view
        if view is None or not view.get("roulette") or session.announced or self.title:
            return  # (under the title screen, it is called out once the title is left)
        session.announced = True
        self.timeline.append(("roulette", view["roulette"]))
        self.spawn(self.roulette_callout(view["roulette"], session))

    async def roulette_callout(self, rule: str, session) -> None:
        self.screen.update("r-callout", render.render_roulette(rule))
        await self.sleep(400 if self.reduced else 1600)
        if session.live and not self.callout:
            self.screen.update("r-callout", "")

    def rematch(self) -> None:
        self.start_new(True)

    def start_new(self, again: bool = False, confirmed: bool = False) -> None:
        """New game / Rematch: a quick match, or in collection mode the ladder (or the deck).

        Leaving a match for cards under way asks first (it stays in the save,
        to finish from the Collection).
        """
        leaves = again or self.settings.get("play") != "collection"
        if leaves and not confirmed and self.ladder_under_way():
            self.leave_again = again
            self.open_panel("leave")
            return
        if self.settings.get("play") != "collection":
            self.new_match()
            return
        opponent = self.coll.opponent
        if again and opponent is not None and self.coll.ready:
            self.coll.challenge(opponent["id"])
        else:
            self.coll.tab = "ladder"
            self.open_panel("collection")

    def stop_match(self) -> None:
        """Stop the match in play (its pending turns and moves are dropped)."""
        self.new_session(self.playing)

    def begin_prepared(self, view: dict, match: dict, opponent: dict) -> None:
        """Play a ladder match the worker has prepared and dealt (the player is blue)."""
        session = self.new_session(
            {
                "rules": list(view["rules"]),
                "level": match["level"],
                "card_set": match["set"],
                "mode": "cpu",
                "seed": match["seed"],
                "ladder": opponent["id"],
            }
        )
        self.store.remove(MATCH_KEY)
        self.set_view(view)
        session.synced = True
        self.start_helpers(view["rules"])
        self.timeline.append(("match", self.match_counter))
        self.draw()
        self.spawn(self.next_turn(session))

    def show_draft(self, reply: dict) -> None:
        """The draft is on: twelve cards to pick from, in turn."""
        self.draft = reply["draft"]
        self.draft_cpu = reply.get("cpu_picks") or []
        self.panel = "draft"
        self.session.to(DRAFT)
        info = self.draft.get("card_set") or {}
        self.aff = affinity_table(info.get("kind"), info.get("affinities") or [])
        self.aff_key = None
        self.draw()

    def pick_draft(self, value: str) -> None:
        draft = self.draft
        if draft is None or self.engine is None or not self.is_human(draft["to_pick"]):
            return
        self.spawn(self.send_draft_pick(int(value), self.session))

    async def send_draft_pick(self, index: int, session) -> None:
        self.draft = None  # no second pick while this one is on its way
        reply = json.loads(await self.engine.call("draft_pick", json.dumps({"index": index})))
        if not session.live:
            return
        if not reply.get("ok"):
            self.show_notice(reply.get("error", ""))
            return
        if "draft" in reply:
            self.show_draft(reply)
            return
        self.panel = None
        self.set_view(reply["view"])
        session.synced = True
        self.draw()
        await self.next_turn(session)

    def card_by_id(self, ident: str):
        """A card of the built-in sets by id (names for the trade and the result screen)."""
        if not self.cards:
            from triad.ui.local import card_view, load_set

            for set_id in prefs.CARD_SETS:
                try:
                    for card in load_set(set_id)["cards"]:
                        self.cards[card["id"]] = card_view(card)
                except Exception as e:  # a set that cannot be read: its ids show as they are
                    print("card set unavailable:", e)
        return self.cards.get(ident)

    def deal_code(self) -> str:
        """The code of the match in play (seed, rules, card set, level band), to share it.

        Codes carry check characters, so a mistyped one is refused.  A
        player's own set is named by its id: "" when a code cannot carry it.
        """
        p = self.playing
        set_id = p["card_set"]
        if set_id == prefs.CUSTOM_SET:
            set_id = p.get("custom_id", "")
        try:
            return dealcode.encode(p["seed"], p["rules"], set_id, p.get("level_range"))
        except ValueError:  # an id a code cannot carry (capitals, spaces, too long)
            return ""

    def share_url(self) -> str:
        """The address that deals the match in play again, for a friend (not with one's own set)."""
        if not self.page_url or self.playing["card_set"] == prefs.CUSTOM_SET:
            return ""
        code = self.deal_code()
        return self.page_url + "?deal=" + code if code else ""

    # ------------------------------------------------------- the player's set

    def custom_id(self) -> str:
        return self.custom_set["id"] if self.custom_set else ""

    def with_set(self, request: dict) -> dict:
        """A copy of a deal request, with the player's own set itself when it deals from it."""
        request = dict(request)
        if request.get("card_set") == prefs.CUSTOM_SET:
            request["set"] = self.custom_set
        return request

    async def load_custom_set(self, text: str) -> None:
        """A card set file the player chose: checked by the engine, kept, and chosen.

        A file the engine refuses changes nothing; the menu says why.
        """
        self.custom_error = ""
        if len(text) > customset.MAX_CHARS:
            self.custom_note = ""
            self.custom_error = t("custom_too_big")
            self.draw()
            return
        self.custom_note = t("custom_reading")
        self.draw()
        while self.engine is None and not self.engine_error:
            await self.sleep(100)  # the file is read once the engine is up
        if self.engine is None:
            self.custom_note = ""
            self.custom_error = t("engine_failed", error=self.engine_error)
            self.draw()
            return
        reply = json.loads(await self.engine.call("custom_set_check", text))
        self.custom_note = ""
        if not reply.get("ok"):
            error = explain(reply.get("error"), reply.get("code"))
            self.custom_error = t("custom_bad", error=error)
            self.draw()
            return
        data = reply["set"]
        why = customset.save(self.store, data)
        if why:
            self.custom_error = t(why)
            self.draw()
            return
        self.custom_set = data
        self.settings["card_set"] = prefs.CUSTOM_SET
        self.custom_note = t("custom_loaded", name=data["name"], count=len(data["cards"]))
        self.save_settings()
        await self.check_menu()

    def remove_custom_set(self) -> None:
        """Forget the player's own set; the default set is chosen again."""
        customset.remove(self.store)
        self.custom_set = None
        self.custom_error = ""
        self.custom_note = t("custom_removed")
        if self.settings["card_set"] == prefs.CUSTOM_SET:
            self.settings["card_set"] = prefs.DEFAULTS["card_set"]
        self.save_settings()
        self.recheck_menu()

    def recheck_menu(self) -> None:
        """Check the menu's choices with the engine, when both are there."""
        if self.engine is not None and self.panel == "rules":
            self.spawn(self.check_menu())

    async def check_menu(self) -> None:
        """Ask the engine whether the menu's choices can be dealt; show why not in the menu."""
        if self.engine is None or self.panel != "rules":
            return
        self.menu_checks += 1
        mine = self.menu_checks
        s = self.settings
        request = {
            "rules": list(s["rules"]),
            "card_set": s["card_set"],
            "level_range": prefs.band_levels(s.get("band", ""))
            if "level_range" in s["rules"]
            else None,
        }
        reply = json.loads(await self.engine.validate(json.dumps(self.with_set(request))))
        if mine != self.menu_checks or self.panel != "rules":
            return
        error = "" if reply.get("ok") else explain(reply.get("error"), reply.get("code"))
        if error != self.menu_error:
            self.menu_error = error
            self.draw()

    def apply_language(self) -> str:
        """Use the chosen language (or the browser's); the page's `lang` follows."""
        return self.use_language(self.settings.get("lang"), self.browser_lang)

    def change_language(self, code: str) -> None:
        self.settings["lang"] = "" if code == "auto" else code
        prefs.save(self.store, self.settings)
        self.apply_language()
        if self.view is not None:
            self.set_view(self.view)  # banner names in the new language
        # The frame holds text too (the keys line): draw everything again.
        self.remount(render.render_frame())
        self.draw()

    def move_request(self, **values) -> str:
        """A move or CPU request for the match in play, naming it by the engine's token:
        the engine refuses one that reaches it after another match began."""
        token = (self.view or {}).get("match")
        if token is not None:
            values["match"] = token
        return json.dumps(values)

    def set_view(self, view: dict) -> None:
        self.view = view
        info = view.get("card_set") or {}
        key = (info.get("id"), len(info.get("affinities") or []), language())
        if key != self.aff_key:
            self.aff = affinity_table(info.get("kind"), info.get("affinities") or [])
            self.aff_key = key

    @property
    def humans(self) -> list:
        if self.playing and self.playing["mode"] == "hotseat":
            return ["blue", "red"]
        return ["blue"]

    def is_human(self, player) -> bool:
        return player in self.humans

    # ------------------------------------------------------------------ turns

    async def next_turn(self, session) -> None:
        """Decide who acts now: wait for a human, or ask the CPU."""
        if not session.live or self.view is None:
            return
        view = self.view
        if view.get("over"):
            if session.playing.get("ladder") and self.coll.match is not None:
                self.draw()
                await self.coll.settle()  # the save is written before the result shows
                if not session.live:
                    return
            self.finish()
            return
        player = view["to_move"]
        if self.is_human(player) and not self.autoplay:
            self.begin_human()
            return
        if self.engine is None or not session.synced:
            self.draw()  # the engine is still loading; it will call back
            return
        if self.title and self.thinks_ahead(session):
            # The title screen holds the match: the CPU plays once it is left, and master
            # thinks its opening through meanwhile (it shows nothing of it).
            self.spawn(self.ponder(session))
        while self.title:
            await self.sleep(50)
        if not session.live:
            return
        await self.cpu_turn(player, session)

    def begin_human(self) -> None:
        session = self.session
        view = self.view
        player = view["to_move"]
        empty = [i for i in range(9) if view["board"][i] is None]
        sel = self.sel
        forced = (view.get("forced") or {}).get(player)  # Order, Chaos: the card to play
        same_turn = (
            sel.active
            and sel.player == player
            and sel.hand_size == len(view["hands"][player])
            and sel.empty == empty
            and sel.forced == forced
        )
        if not same_turn:
            # A choice begun on the same position (the engine confirming the local
            # deal meanwhile) is kept, not started over.
            sel.begin(player, len(view["hands"][player]), empty, forced)
        session.to(HUMAN if session.synced else START)
        self.draw()
        if (
            session.playing["mode"] == "cpu"
            and "open" in view["rules"]
            and session.synced
            and self.pondering is not session
        ):
            self.spawn(self.ponder(session))

    def thinks_ahead(self, session) -> bool:
        """Whether master may think about its own first move before its turn begins."""
        return (
            session.playing is not None
            and session.playing["mode"] == "cpu"
            and session.playing["level"] == "master"
            and "open" in self.view["rules"]
            and session.synced
            and self.pondering is not session
            and session.opening is None  # (thought through on an earlier visit)
        )

    async def ponder(self, session) -> None:
        """With open hands the CPU thinks ahead while the human chooses a card, and beneath
        the title screen, which holds the match (master's own first move when it opens).

        In short slices, so a move confirmed meanwhile waits at most one; until
        the engine has nothing more to think about, or the human's turn is over
        (or `PONDER_SLICES` have run).
        """
        self.pondering = session
        self.screen.set_data("ponder", "thinking")
        done = False
        split = self.title  # master's opening may yet be split over the extra workers
        try:
            for _ in range(PONDER_SLICES):
                if not session.live or self.paused:
                    return
                if not self.title and (session.phase != HUMAN or self.sel.phase != "hand"):
                    return
                if split and self.title and self.helpers:  # the extra workers help
                    split = False
                    obs = await self.split_ahead(session)
                    if obs:
                        found = await self.think_in_parts(
                            obs,
                            {"match": self.view.get("match")},
                            lambda: session.live and self.title,
                            lambda: not self.paused,
                        )
                        done = found is not None and session.live
                        return
                request = self.move_request(player="red", budget_ms=PONDER_MS)
                reply = json.loads(await self.engine.ponder(request))
                if not reply.get("ok"):
                    return
                if reply.get("done"):
                    done = session.live
                    return
                await self.sleep(PONDER_GAP_MS)
        finally:
            if self.pondering is session:  # (not a later match's pondering)
                self.pondering = None
                # whether the CPU thought its answer to every move through (tests wait on it)
                self.screen.set_data("ponder", "done" if done else "stopped")
                if done and session.live:
                    self.keep_ahead()  # nothing left to think about here: the next match

    async def split_ahead(self, session):
        """The CPU's view of its coming move for the extra workers, when its search may be
        split (`cpu_split` before the turn), else None."""
        request = self.move_request(player="red", ahead=True)
        reply = json.loads(await self.engine.call("cpu_split", request))
        if not reply.get("ok") or not session.live:
            return None
        return reply.get("observation")

    async def think_in_parts(self, obs, engine_request: dict, live, engine_may):
        """Master's coming move (the CPU's view `obs`) searched ahead in parts: the engine
        the first (`think_part`, with `engine_request`'s match), each extra worker another
        (`cpu_part`), every one in short slices while `live()`, the engine's only while
        `engine_may()` (it serves the match on the table first), a worker's only while no
        CPU move is asked (a move then waits one slice at most). Once every part is proven,
        the parts of the best value count their traps. At the CPU's turn each goes on from
        where it got (`cpu_reply`). Once every part is done, the move master will play
        then (`split_found`: what `cpu_reply` makes of the same answers) with its value;
        None when given up."""
        helpers = list(self.helpers)
        parts = len(helpers) + 1
        values = [None] * parts
        ended = [None] * parts  # each part's run: True done, False given up
        proven = [None] * parts  # each part's answer once proven, and once its traps counted
        counted = [None] * parts
        key = self.match_key(engine_request.get("seed"))

        def ask(part: int, value):
            if part == 0:
                request = dict(engine_request)
                request.update(part=0, parts=parts, budget_ms=PONDER_MS, value=value)
                return self.engine.call("think_part", json.dumps(request))
            request = {
                "observation": obs,
                "part": part,
                "parts": parts,
                "budget_ms": PONDER_MS,
                "value": value,
                "quick": False,
                "key": key,
            }
            return helpers[part - 1].call("cpu_part", json.dumps(request))

        def may(part: int) -> bool:
            return engine_may() if part == 0 else not self.asking and not self.paused

        async def run(part: int) -> bool:
            value = None
            for _ in range(PONDER_SLICES):
                while live() and False not in ended and not may(part):
                    await self.sleep(PONDER_GAP_MS)
                if not live() or False in ended:
                    return False
                reply = json.loads(await ask(part, value))
                if not reply.get("ok"):
                    return False
                if reply.get("exact") and values[part] is None:
                    values[part] = int(reply["value"])
                if reply.get("done"):
                    if value is not None:
                        counted[part] = reply
                        return True
                    proven[part] = reply
                    while live() and False not in ended and None in values:
                        await self.sleep(PONDER_GAP_MS)
                    if not live() or False in ended:
                        return False
                    top = max(values)
                    if top > 0 or values[part] < top:
                        return True  # a win, or no move of the best value here: no trap
                    value = top  # every part proven: count the traps of this one
                    continue
                await self.sleep(PART_GAP_MS)
            return False

        async def part_run(part: int) -> None:
            ok = False
            try:
                ok = await run(part)
            finally:
                ended[part] = ok

        for part in range(1, parts):
            self.spawn(part_run(part))
        await part_run(0)
        while None in ended and live():
            await self.sleep(PONDER_GAP_MS)
        if not live() or not all(ended):
            return None
        return split_found(proven, counted)

    def match_key(self, seed=None) -> str:
        """What names a match to the extra workers (each keeps its brain by it): its seed."""
        if seed is None:
            seed = (self.session.playing or {}).get("seed")
        return "" if seed is None else str(seed)

    async def cpu_turn(self, player: str, session) -> None:
        # Autoplay plays the human's cards at the best level (a hint).
        reply = await self.ask_cpu(player, self.is_human(player), MIN_THINK_MS, session)
        if reply is None:
            return
        if not reply.get("ok"):
            self.show_notice(reply.get("error", "CPU error"))
            self.draw()
            return
        await self.submit(player, reply["card"], reply["cell"], session)

    async def hint(self, session) -> None:
        """F1: the CPU chooses the human's move, shows it, and deploys it.

        From the moment F1 is pressed the session is no longer the human's
        (thinking, then the hint shown): no key or click can send a move of
        its own meanwhile.
        """
        player = self.view["to_move"]
        self.sel.end()
        reply = await self.ask_cpu(player, True, 0, session)
        if reply is None:
            return
        if not reply.get("ok"):
            self.show_notice(reply.get("error", "CPU error"))
            self.begin_human()
            return
        session.to(HINT)
        self.sel.begin(player, len(self.view["hands"][player]), [])
        self.sel.choose(reply["card"], reply["cell"])
        self.draw()
        await self.sleep(HINT_SHOW_MS if not self.reduced else 60)
        await self.wait_unpaused()
        if not session.live:
            return  # another match began while the hint was shown: its move is not this one's
        self.sel.end()
        await self.submit(player, reply["card"], reply["cell"], session)

    async def ask_cpu(self, player: str, hint: bool, at_least_ms: float, session):
        """The CPU's reply for `player` (shown thinking meanwhile); None if the match ended."""
        session.to(THINKING)
        self.draw()
        started = self.clock_ms()
        self.asking += 1
        try:
            reply = await self.cpu_reply(player, hint)
        finally:
            self.asking -= 1
        spent = self.clock_ms() - started
        if not hint and reply.get("ok"):
            # how long the CPU's own move took and whether it was exact (benchmarks, tests)
            self.screen.set_data("cpu-think", str(int(spent)))
            self.screen.set_data("cpu-exact", "yes" if reply.get("exact") else "no")
        if spent < at_least_ms:
            await self.sleep(at_least_ms - spent)
        await self.wait_unpaused()
        if not session.live:
            return None
        return reply

    def helper_booting(self) -> None:
        """An extra worker was started: a CPU move searched before it is up plans a part
        for it (`split_joined`)."""
        self.booting += 1

    def helper_failed(self) -> None:
        """An extra worker started did not come up: master searches without it."""
        self.booting = max(self.booting - 1, 0)

    def helper_ready(self, engine) -> None:
        """An extra worker is up: master's search is split with it from the next move (and
        a split search under way gives it a part not taken yet)."""
        self.booting = max(self.booting - 1, 0)
        self.helpers.append(engine)
        self.screen.set_data("helpers", str(len(self.helpers)))

    async def cpu_reply(self, player: str, hint: bool) -> dict:
        """The engine's answer for `player`; master's search of a big position is split
        over the engine and the extra workers (each searches a part of the moves), those
        still booting included (`split_joined`). Master's opening of a match dealt ahead
        on an earlier visit is the one thought through then (`kept_opening`), once the
        engine has checked it against this deal (`cpu_opening`)."""
        opening = self.session.opening
        if opening is not None and not hint:
            self.session.opening = None  # (played once at most)
            request = dict(opening)
            request["player"] = player
            reply = json.loads(await self.engine.call("cpu_opening", self.move_request(**request)))
            if reply.get("ok"):
                self.screen.set_data("cpu-kept", "yes")  # (tests and benchmarks)
                return {"ok": True, "card": reply["card"], "cell": reply["cell"], "exact": True}
            print("kept opening not played:", reply.get("error"))
        helpers = list(self.helpers)
        late = self.booting
        obs = None
        if helpers or late:
            plan = json.loads(
                await self.engine.call("cpu_split", self.move_request(player=player, hint=hint))
            )
            obs = plan.get("observation") if plan.get("ok") else None
        if not obs:
            return json.loads(
                await self.engine.cpu_move(
                    self.move_request(player=player, hint=hint, budget_ms=CPU_BUDGET_MS)
                )
            )
        started = self.clock_ms()
        searchers = [None]  # who searches each part: None is the engine
        searchers.extend(helpers)  # (no `[None, *helpers]`: MicroPython cannot read it)
        if late:
            replies = await self.split_joined(searchers, late, obs, player, hint)
        else:
            replies = await self.split_round(searchers, obs, player, hint, CPU_BUDGET_MS, None)
        found = best_part(replies)
        value = split_value(replies)
        if value is None or value > 0:
            return found  # not every part proven, or a win: no trap to set
        budget = CPU_BUDGET_MS
        if budget is not None:
            budget -= self.clock_ms() - started
            if budget < TRAP_MIN_MS:
                return found
        # every move left of the best value: the parts that have one count their traps
        return best_trap(await self.split_round(searchers, obs, player, hint, budget, value), found)

    def ask_part(
        self, searcher, part: int, parts: int, obs, player: str, hint: bool, budget, value
    ):
        """Post part `part` of `parts` of a split search to its searcher (None: the engine,
        else an extra worker); an awaitable of the reply (JSON text)."""
        if searcher is None:
            return self.engine.cpu_move(
                self.move_request(
                    player=player, hint=hint, budget_ms=budget, parts=parts, part=part, value=value
                )
            )
        request = {
            "observation": obs,
            "part": part,
            "parts": parts,
            "budget_ms": budget,
            "value": value,
            "key": self.match_key(),
        }
        return searcher.call("cpu_part", json.dumps(request))

    async def split_round(self, searchers, obs, player: str, hint: bool, budget, value) -> list:
        """One round of a split search, part `i` by `searchers[i]` (`value`: the position's,
        to count the traps); the engine's parts one after the other, sharing the budget."""
        parts = len(searchers)
        mine = searchers.count(None)
        share = budget if budget is None or mine == 1 else budget / mine
        asks = {}
        for part, searcher in enumerate(searchers):  # the extra workers' first: they start now
            if searcher is not None:
                asks[part] = self.ask_part(searcher, part, parts, obs, player, hint, budget, value)
        for part, searcher in enumerate(searchers):
            if searcher is None:
                asks[part] = self.ask_part(searcher, part, parts, obs, player, hint, share, value)
        replies = []
        for part in range(parts):
            replies.append(json.loads(await asks[part]))
        return replies

    async def split_joined(self, searchers, late: int, obs, player: str, hint: bool) -> list:
        """The first round of a split search begun while `late` extra workers are booting
        (right after load): a part is planned for each. One that comes up while the engine
        searches its own part takes one, with what is left of the budget; the engine
        searches those left once its own is done (a worker that never comes up costs the
        move nothing but time). `searchers` is extended with who searched each part."""
        first = len(searchers)
        parts = first + late
        budget = CPU_BUDGET_MS
        started = self.clock_ms()
        untaken = list(range(first, parts))
        searchers.extend([None] * late)  # (the engine's, until a worker takes them)
        asks = {}

        def left():
            return None if budget is None else max(budget - (self.clock_ms() - started), 1)

        def ask(part: int, searcher):
            return self.ask_part(searcher, part, parts, obs, player, hint, left(), None)

        for part in range(1, first):
            asks[part] = ask(part, searchers[part])
        own = ask(0, None)
        joining = [True]

        async def join() -> None:
            while joining[0] and untaken:
                fresh = [h for h in self.helpers if h not in searchers]
                if fresh and budget is not None and left() < JOIN_MIN_MS:
                    return  # (too late to search a part)
                if fresh:
                    part = untaken.pop(0)
                    searchers[part] = fresh[0]
                    asks[part] = ask(part, fresh[0])
                    self.timeline.append(("joined", part))
                    continue
                if not self.booting:
                    return  # (it failed to boot)
                await self.sleep(JOIN_POLL_MS)

        self.spawn(join())
        replies = {0: json.loads(await own)}
        joining[0] = False
        for part in untaken:  # no worker came up for these: the engine searches them too
            if budget is not None and left() < JOIN_MIN_MS:
                replies[part] = {"ok": True, "exact": False}  # (no time left: not searched)
            else:
                replies[part] = json.loads(await ask(part, None))
        for part, reply in asks.items():
            replies[part] = json.loads(await reply)
        return [replies[part] for part in range(parts)]

    def human_move(self, move) -> None:
        if self.replay is not None and self.replay.get("puzzle"):
            self.study.puzzle_move(move)
            return
        session = self.session
        card, cell = move
        player = self.view["to_move"]
        self.sel.end()
        if self.engine is None or not session.synced:
            # Queue the move until the worker is up; show it waiting on its cell.
            session.pending = (card, cell)
            session.to(QUEUED)
            self.sel.choose(card, cell)
            self.draw()
            return
        self.timeline.append(("confirm", self.clock_ms()))
        # Ask the engine first: it works while the card is being drawn here.
        reply = self.engine.play(self.move_request(player=player, card=card, cell=cell))
        self.show_placing(player, card, cell)
        self.spawn(self.submit(player, card, cell, session, reply))

    def show_placing(self, player: str, card: int, cell: int) -> None:
        """Put the card on its cell at once; the engine's answer brings the flips."""
        session = self.session
        before = self.view
        placed = before["hands"][player][card]
        mid = dict(before)
        hands = dict(before["hands"])
        hands[player] = [c for i, c in enumerate(before["hands"][player]) if i != card]
        mid["hands"] = hands
        mid["to_move"] = None
        board = anim.copy_board(before["board"])
        board[cell] = {"card": placed, "owner": player}
        session.before = before
        self.view = mid
        session.board_override = board
        session.fx = {cell: "place"}
        session.to(ANIMATING)
        self.sel.end()
        self.play_sound("place")
        self.draw()
        self.timeline.append(("placed", self.clock_ms()))

    async def submit(self, player: str, card: int, cell: int, session, asked=None) -> None:
        """Play a move in the engine (`asked`: already sent), animate its events, then go on."""
        if asked is None:
            asked = self.engine.play(self.move_request(player=player, card=card, cell=cell))
        if session.before is None:
            self.show_placing(player, card, cell)
        before = session.before
        reply = json.loads(await asked)
        if not session.live:
            return
        session.before = None
        if reply.get("code") == "stale":
            return  # meant for a match that is over: nothing of it may show
        if not reply.get("ok"):
            self.view = before
            session.board_override = None
            session.fx = {}
            session.to(HUMAN)
            self.show_notice(reply.get("error", ""))
            self.draw()
            await self.next_turn(session)
            return
        if session.playing.get("ladder") and self.coll.match is not None:
            await self.coll.progress()  # the move is in the save before it shows
            if not session.live:
                return
        placed = placed_card(reply, before["hands"][player][card])
        if not await self.play_events(before, player, cell, placed, reply["events"], session):
            return
        final = reply["view"]
        if reply.get("rematch"):
            # Sudden Death: show the drawn board, PERFECT TEATIME, then the new deal.
            self.set_view(reply["drawn"])
            self.draw()
            await self.teatime(reply["drawn"])
            if not session.live:
                return
        self.set_view(final)
        session.to(OVER if final.get("over") else HUMAN)
        self.draw()
        self.timeline.append(("moved", player))
        self.match_moved(session)
        await self.next_turn(session)

    async def teatime(self, drawn: dict) -> None:
        step = anim.teatime_step(drawn["board"], self.reduced)
        self.show_callout("teatime")
        self.play_sound(step["sound"])
        await self.sleep(step["ms"])
        self.hide_callout()

    async def play_events(self, before, player, cell, placed, events, session) -> bool:
        """Animate a placement's events in order; False if the match ended meanwhile."""
        steps = anim.plan(before["board"], player, cell, placed, events, self.reduced)
        first = True
        for step in steps:
            await self.wait_unpaused()
            if not session.live:
                return False
            session.board_override = step["board"]
            session.fx = step["fx"]
            if step.get("callout"):
                self.show_callout(step["callout"])
            if not first:  # the landing sounded when the card was put down
                self.play_sound(step["sound"])
            self.draw()
            if first:
                self.timeline.append(("answered", self.clock_ms()))
                self.answered += 1
                self.screen.set_data("answered", str(self.answered))
                first = False
            if step["ms"]:
                await self.sleep(step["ms"])
            if step.get("callout"):
                self.hide_callout()
        session.board_override = None
        session.fx = {}
        # The last step's pause is an await like any other: a match that ended during it
        # (New game, a replay) must not have its final view drawn over the next one's.
        return session.live

    def finish(self) -> None:
        """The match is over: the result screen (drawn by `overlay_html`) and its sound."""
        self.sel.end()
        self.session.to(OVER)
        winner = self.view.get("winner")
        if winner in (None, "draw"):
            self.play_sound("draw")
        elif self.playing["mode"] == "hotseat" or self.is_human(winner):
            self.play_sound("win")
        else:
            self.play_sound("lose")
        self.draw()
        self.screen.focus("#r-overlay .result button")
        self.timeline.append(("over", winner))
        self.keep_ahead()

    # ------------------------------------------------------------------ input

    def key(self, key: str) -> bool:
        """A key went down; returns True when the page should not act on it itself."""
        action = KEYS.get(key)
        if action is None:
            return False
        if self.title:
            if action in ("pause", "select"):
                self.close_title()
            return True
        if action == "pause":
            # Escape closes the topmost thing: a dialog opened over Pause first.
            if self.panel in CLOSABLE and not (self.paused and self.pause_on_top):
                self.close_panel()
            else:
                self.toggle_pause()
            return True
        if self.replay is not None:
            return self.replay_key(action)
        if action == "new":
            self.start_new()
            return True
        if self.paused:
            return True
        if self.panel is not None:
            return action == "hint"  # Enter and Backspace keep their meaning in dialogs
        if self.view is not None and self.view.get("over"):
            if action == "select" and not self.session.animating:
                self.rematch()
            return True
        if action == "hint":
            self.request_hint()
            return True
        if not self.human_may_act():
            return True
        self.keyboard = True
        move = self.sel.key(action)
        if move is not None:
            self.human_move(move)
        else:
            self.draw()
        return True

    def request_hint(self) -> None:
        """F1: the CPU plays the human's move; before the engine is up, once it is."""
        session = self.session
        view = self.view
        if view is None or view.get("over") or not self.human_may_act():
            return
        # From this moment the turn is the CPU's (for the human): a key or a click
        # that comes before the hint's task has begun finds no turn to play.
        session.to(THINKING)
        self.sel.end()
        self.draw()
        if self.engine is None or not session.synced:
            session.pending = HINT_ASKED  # queued like a move until the engine is up
            return
        self.spawn(self.hint(session))

    def click(self, kind: str, value: str) -> None:
        """A click (or tap) on an element with one of the page's data attributes."""
        self.click_one(kind, value)
        if kind in ("rule", "band", "set"):
            self.recheck_menu()

    def click_one(self, kind: str, value: str) -> None:
        if kind == "action":
            self.action(value)
        elif kind == "do":
            self.dialog_action(value)
        elif kind == "rule":
            rules = prefs.toggle(self.settings["rules"], value)
            self.settings["rules"] = rules
            # A rule may bring its card set along (the player's own set stays
            # chosen: the menu says if it cannot).
            brings = ruleinfo.CARD_SET_OF.get(value)
            if brings and value in rules and self.settings["card_set"] != prefs.CUSTOM_SET:
                self.settings["card_set"] = brings
            self.save_settings()
        elif kind == "lang":
            self.change_language(value)
        elif kind == "band":
            self.settings["band"] = "" if value == "random" else value
            self.save_settings()
        elif kind in ("level", "set", "mode", "play"):
            field = {"level": "level", "set": "card_set", "mode": "mode", "play": "play"}[kind]
            self.settings[field] = value
            self.save_settings()
        elif kind == "jump":
            self.book_at = value[3:] if value.startswith("rb-") else value
            self.draw()  # its chip lights up
            self.screen.scroll_to(value)
        elif kind == "card":
            self.click_card(value)
        elif kind == "cell":
            self.click_cell(value)
        elif kind == "draft":
            self.pick_draft(value)
        elif kind == "tab":
            self.coll.tab = value
            self.coll.confirm_reset = False
            self.draw()
        elif kind in ("flevel", "fbanner", "fowned"):
            self.spawn(self.coll.set_filter(kind[1:], value))
        elif kind == "challenge":
            self.coll.challenge(value)
        elif kind == "deckadd":
            self.coll.add_to_deck(value)
        elif kind == "deckdel":
            self.coll.remove_from_deck(int(value))
        elif kind == "pick":
            self.coll.toggle_pick(int(value))
        elif kind in ("ply", "puzzleday"):
            self.study.click(kind, value)
        elif kind == "replay":
            matches = self.coll.history
            index = int(value)
            if 0 <= index < len(matches):
                self.spawn(self.open_replay(json.dumps(matches[index]["record"])))

    def click_card(self, value) -> None:
        player, index = value
        if not self.accepting():
            return
        if self.sel.player != player:
            return
        self.keyboard = False
        self.sel.click_card(int(index))
        self.play_sound("select")
        self.draw()

    def click_cell(self, value) -> None:
        if not self.accepting():
            return
        self.keyboard = False
        move = self.sel.click_cell(int(value))
        if move is not None:
            self.human_move(move)
        else:
            self.draw()

    def pointer(self, kind: str) -> None:
        """A pointer went down: "touch", "mouse" or "pen"."""
        touch = kind == "touch"
        if touch != self.touch:
            self.touch = touch
            self.draw()

    def accepting(self) -> bool:
        return not self.paused and not self.title and self.panel is None and self.human_may_act()

    def human_may_act(self) -> bool:
        """A human chooses now: not while the CPU thinks, a hint shows or a move plays out."""
        return self.sel.active and self.session.phase in (START, HUMAN)

    def action(self, name: str) -> None:
        if self.title and name not in ("sound", "music"):
            return  # (beneath the title the bars are hidden; its own buttons lead on)
        if name == "pause":
            self.toggle_pause()
        elif name == "sound":
            self.settings["sound"] = not self.settings["sound"]
            self.save_settings()
            self.play_sound("select")
        elif name == "music":
            self.settings["music"] = not self.settings.get("music", False)
            self.save_settings()
            self.sound_music()
        elif name == "rematch":
            self.rematch()
        elif name == "new":
            self.start_new()
        elif name == "autoplay":
            self.autoplay = not self.autoplay
            self.draw()
            session = self.session
            if (
                self.autoplay
                and self.human_may_act()
                and self.engine is not None
                and session.synced
            ):
                self.sel.end()
                self.spawn(self.next_turn(session))
            elif not self.autoplay and self.view and not session.busy:
                self.spawn(self.next_turn(session))
        elif name in ("info", "rules", "collection"):
            if self.panel == name:
                self.close_panel()
            else:
                self.open_panel(name)

    def dialog_action(self, name: str) -> None:
        coll = self.coll
        if name.startswith("title_") or (self.title and name == "backdrop"):
            self.title_action(name)
        elif self.study.action(name):
            pass
        elif name == "close" or (name == "backdrop" and self.panel in CLOSABLE):
            self.close_panel()
        elif name == "pause":
            self.toggle_pause()
        elif name in ("rematch", "new"):
            self.close_panel(False)
            self.start_new(name == "rematch")
        elif name == "leave_yes":
            self.close_panel(False)
            self.start_new(self.leave_again, True)
        elif name == "collection":
            coll.tab = "ladder"
            self.open_panel("collection")
        elif name in COLLECTION_FLOWS:
            self.spawn(getattr(coll, COLLECTION_FLOWS[name])())
        elif name == "deck_clear":
            coll.deck = []
            self.draw()
        elif name == "reset":
            coll.confirm_reset = True
            self.draw()
        elif name == "reset_no":
            coll.confirm_reset = False
            self.draw()
        elif name == "replay":
            self.spawn(self.replay_match())
        elif name.startswith("replay_"):
            self.replay_key(name[7:])
        elif name == "result":
            self.session.result_dismissed = True
            self.draw()
        elif name == "rules":
            self.open_panel("rules")
        elif name == "custom_remove":
            self.remove_custom_set()

    def title_action(self, name: str) -> None:
        """A button of the title screen: Play, Collection, Rules or the daily puzzle (a click
        beside does nothing)."""
        if not self.title or name == "backdrop":
            return
        self.close_title(name == "title_play")
        if name == "title_collection":
            self.coll.tab = "ladder"
            self.open_panel("collection")
        elif name == "title_rules":
            self.open_panel("info")
        elif name == "title_puzzle":
            self.study.open_puzzle()

    def close_title(self, redraw: bool = True) -> None:
        """The player leaves the title screen: the match held beneath it starts."""
        self.title = False
        if self.on_title_closed is not None:
            self.on_title_closed()
        session = self.session
        self.announce(session)
        if session.phase == HUMAN and self.view is not None and not self.view.get("over"):
            self.begin_human()  # the CPU may think ahead (open hands) from now on
        if redraw:
            self.draw()

    def sound_music(self) -> None:
        """Start or stop the background music as the settings say (after a gesture only)."""
        set_music = getattr(self.sound, "set_music", None)
        if set_music is not None:
            set_music(bool(self.settings.get("music", False)))

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.pause_on_top = self.paused
        self.draw()

    def open_panel(self, name: str) -> None:
        self.panel = name
        self.book_at = ""
        self.pause_on_top = False  # a dialog opened while paused shows over Pause
        self.menu_error = ""
        self.custom_error = ""
        self.custom_note = ""
        self.draw()
        self.screen.focus("#r-overlay .dialog button")  # keyboard users land in the dialog
        if name == "rules":
            self.recheck_menu()

    def close_panel(self, redraw: bool = True) -> None:
        self.panel = None
        self.pause_on_top = self.paused
        self.coll.confirm_reset = False
        self.coll.message = ""
        if redraw:
            self.draw()

    def save_settings(self) -> None:
        prefs.save(self.store, self.settings)
        self.draw()
        if self.ahead is not None:
            self.keep_ahead()  # dealt with other settings: given up (and dealt again)

    # ----------------------------------------------------------------- output

    def ctx(self) -> dict:
        return {
            "sel": self.sel,
            "humans": ["blue", "red"] if self.replay is not None else self.humans,
            "mode": "hotseat"
            if self.replay is not None
            else (self.playing["mode"] if self.playing else "cpu"),
            "aff": self.aff,
            "thinking": self.session.thinking,
            "engine_progress": self.engine_progress,
            "engine_bytes": self.engine_bytes,
            "engine_loading": self.view is not None
            and self.replay is None
            and (self.engine is None or not self.session.synced)
            and not self.engine_error,
            "paused": self.paused,
            "title": self.title,
            "panel": self.panel,
            "sound": self.settings["sound"],
            "music": self.settings.get("music", False),
            "autoplay": self.autoplay,
            "keyboard": self.keyboard,
            "touch": self.touch,
            "ladder": bool(self.playing and self.playing.get("ladder")),
            "replay": self.replay is not None,
            "ghosts": self.study.ghosts(),
        }

    def draw(self) -> None:
        """Bring every region up to date (only changed regions are written)."""
        ctx = self.ctx()
        view = self.view
        session = self.session
        if view is not None:
            if session.board_override is not None:
                # The Houses' sizes follow the cards as they flip.
                view = dict(view)
                view["board"] = session.board_override
                view["scores"] = scores_of(view)
            parts = render.regions(view, ctx, session.fx)
        else:
            parts = {
                "r-bar-top": render.render_bar_top(ctx),
                "r-bar-right": render.render_bar_right(ctx),
                "r-bar-bottom": render.render_bar_bottom(ctx),
                "r-status": ""
                if self.draft is not None
                else '<span class="engine-loading"><i class="spinner"></i>'
                + render.loading_text(self.engine_progress, self.engine_bytes)
                + "</span>",
            }
        parts["r-overlay"] = self.overlay_html(view, ctx)
        parts["r-replay"] = self.replay_bar()
        for region in parts:
            self.put(region, parts[region])
        if self.shown.get("collection") != self.coll.status:
            # <html data-collection="ready"> once the save is read (tests wait on it)
            self.shown["collection"] = self.coll.status
            self.screen.set_data("collection", self.coll.status)
        self.screen.set_flag("paused", self.paused)
        self.show_ready(self.is_ready(), session.thinking or session.animating)

    def overlay_html(self, view, ctx) -> str:
        if self.title:
            from triad.ui.title import render_title

            return render_title(ctx, language())
        if self.paused and (self.pause_on_top or self.panel in (None, "draft")):
            return render.render_pause()
        if self.panel == "draft" and self.draft is not None:
            return render.render_draft(self.draft, self.draft_cpu, ctx)
        if self.panel in ("collection", "deck", "trade"):
            from triad.ui import album

            aff = self.houses_aff()
            if self.panel == "deck":
                return album.render_deck(self.coll, aff)
            if self.panel == "trade":
                return album.render_trade(self.coll, aff)
            return album.render_collection(self.coll, aff)
        if self.panel == "leave":
            from triad.ui.album import render_leave

            return render_leave(self.coll)
        if self.panel == "info":
            from triad.ui.rulebook import render_rulebook  # loaded when first opened

            return render_rulebook(self.playing["rules"] if self.playing else [], self.book_at)
        if self.panel == "rules":
            from triad.ui.menu import render_menu

            playing = dict(self.playing or {})
            if self.playing and not self.playing.get("ladder"):
                playing["code"] = self.deal_code()
                playing["share"] = self.share_url()
                playing["own_set"] = self.playing["card_set"] == prefs.CUSTOM_SET
            custom = {
                "info": customset.info(self.custom_set),
                "error": self.custom_error,
                "note": self.custom_note,
            }
            return render_menu(self.settings, playing, self.menu_error, custom)
        over = view is not None and view.get("over") and not self.session.animating
        if over and not self.session.result_dismissed and self.replay is None:
            if ctx["ladder"]:
                from triad.ui.album import trade_lines

                ctx = dict(ctx)
                ctx["result_lines"] = trade_lines(self.coll)
            return render.render_result(view, ctx)
        return ""

    def houses_aff(self) -> dict:
        """The banners of the collection's card set (Houses), for its cards and filters."""
        info = (self.view or {}).get("card_set") or {}
        if info.get("id") == "houses" and self.aff:
            return self.aff
        from triad.ui.local import load_set, set_info

        data = set_info(load_set("houses"))
        return affinity_table(data["kind"], data["affinities"])

    # ---------------------------------------------------------------- replays

    async def replay_match(self) -> None:
        """Replay the match on the table (the one just finished)."""
        if self.engine is None:
            return
        reply = json.loads(await self.engine.call("match_record", "{}"))
        if reply.get("ok"):
            await self.open_replay(json.dumps(reply["record"]))
        else:
            self.show_notice(t("replay_bad", error=explain(reply.get("error"), reply.get("code"))))

    async def open_replay(self, text: str) -> None:
        """Show a replay (a record or a replay file) move by move."""
        if self.engine is None:
            return
        reply = json.loads(await self.engine.call("replay_views", text))
        if not reply.get("ok"):
            self.show_notice(t("replay_bad", error=explain(reply.get("error"), reply.get("code"))))
            return
        back = self.replay["back"] if self.replay is not None else (self.view, self.playing)
        self.begin_study_view()
        self.replay = {"steps": reply["steps"], "index": 0, "record": reply["record"], "back": back}
        self.set_view(reply["steps"][0]["view"])
        self.screen.set_data("replay", "0")
        self.study.start_analysis(reply["record"])
        self.draw()

    def begin_study_view(self) -> None:
        """A replay or a puzzle takes the table: whatever was running stops here."""
        self.new_session(self.playing)
        self.panel = None
        self.study.stop()

    def replay_key(self, action: str) -> bool:
        if self.replay.get("puzzle") and self.study.puzzle_key(action):
            return True
        if action in ("right", "next", "select"):
            self.spawn(self.replay_step(1))
        elif action in ("left", "back", "cancel"):
            self.spawn(self.replay_step(-1))
        elif action in ("pause", "exit"):
            self.close_replay()
        elif action == "export":
            self.spawn(self.export_replay())
        return True

    async def replay_step(self, delta: int) -> None:
        r = self.replay
        session = self.session
        if r is None or session.animating:
            return
        index = r["index"] + delta
        if index < 0 or index >= len(r["steps"]):
            return
        step = r["steps"][index]
        if delta > 0 and step["player"] is not None:
            before = self.view
            self.show_placing(step["player"], step["card"], step["cell"])
            if not await self.play_events(
                before, step["player"], step["cell"], step["placed"], step["events"], session
            ):
                return
        elif delta > 0 and step["rematch"]:
            await self.teatime(self.view)
        if not session.live or self.replay is not r:
            return
        r["index"] = index  # the bar moves on once the move has played out
        self.set_view(step["view"])
        session.to(START)
        self.screen.set_data("replay", str(index))
        self.draw()

    async def export_replay(self) -> None:
        r = self.replay
        if r is None or r.get("record") is None:
            return
        reply = json.loads(await self.engine.call("replay_export", json.dumps(r["record"])))
        if reply.get("ok"):
            self.screen.download("triad-replay.json", reply["text"])
        else:
            self.show_notice(t("replay_bad", error=explain(reply.get("error"), reply.get("code"))))

    def close_replay(self) -> None:
        r = self.replay
        if r is None:
            return
        self.replay = None
        self.study.stop()
        self.screen.set_data("replay", "")
        view, playing = r["back"]
        if view is not None and view.get("over"):
            self.new_session(playing).to(OVER)
            self.set_view(view)
            self.draw()
            self.keep_ahead()
        else:
            self.new_match()

    def replay_bar(self) -> str:
        r = self.replay
        if r is None:
            return ""
        if r.get("puzzle"):
            return self.study.puzzle_html()
        steps = r["steps"]
        bar = render.render_replay_bar(r["index"], len(steps) - 1, steps[r["index"]])
        return self.study.analysis_html() + bar

    async def import_file(self, kind: str, text: str) -> None:
        """A file the player chose: a save to import or a replay to watch."""
        if kind == "cardset":
            await self.load_custom_set(text)
        elif kind == "save":
            await self.coll.import_text(text)
        elif kind == "replay":
            await self.open_replay(text)

    def is_ready(self) -> bool:
        return self.replay is None and self.accepting()

    def show_callout(self, kind: str) -> None:
        self.callout = kind
        self.screen.update("r-callout", render.render_callout(kind))
        self.timeline.append(("callout", kind))

    def hide_callout(self) -> None:
        self.callout = ""
        self.screen.update("r-callout", "")

    def show_notice(self, text: str) -> None:
        self.screen.update("r-notice", render.render_notice(text))
        self.timeline.append(("notice", text))

    def play_sound(self, name) -> None:
        if name and self.settings["sound"]:
            self.sound.play(name)

    # ------------------------------------------------------------ plumbing

    async def wait_unpaused(self) -> None:
        while self.paused or self.title:
            await self.sleep(50)

    def clock_ms(self) -> float:
        return self.screen.now()


def scores_of(view: dict) -> dict:
    """Each House's size: its cards on the board plus its cards in hand."""
    scores = {}
    for player in ("blue", "red"):
        owned = 0
        for slot in view["board"]:
            if slot is not None and slot["owner"] == player:
                owned += 1
        scores[player] = owned + len(view["hands"][player])
    return scores


def placed_card(reply: dict, fallback):
    """The card the engine placed (a hidden card is only known once it lands)."""
    card = reply.get("placed")
    return card if card else fallback


def same_settings(ahead, playing: dict) -> bool:
    """Whether the match dealt ahead (`App.keep_ahead`) was dealt with the settings `playing`."""
    return ahead.live and dealt_with(ahead.playing, playing)


def dealt_with(dealt: dict, playing: dict) -> bool:
    """Whether the match `dealt` (settings and seed) was dealt with the settings `playing`."""
    settings = dict(dealt)
    settings.pop("seed", None)
    return settings == playing


def same_deal(a: dict, b: dict) -> bool:
    """Whether two views hold the same deal: hands, first player and cells."""
    if a.get("to_move") != b.get("to_move") or a.get("cells") != b.get("cells"):
        return False
    for player in ("blue", "red"):
        ha = [c.get("id") if c else None for c in a["hands"][player]]
        hb = [c.get("id") if c else None for c in b["hands"][player]]
        if ha != hb:
            return False
    return True


def best_part(replies: list) -> dict:
    """The answer of a search split in parts (the engine's part first, then each worker's):
    the move of the best part's value, exact when every part finished in time.

    Otherwise the best of the parts that did finish, and the engine's own answer (its
    lookahead) when none did; ties go to the earlier part.
    """
    own = replies[0]
    if not own.get("ok"):
        return own
    done = [r for r in replies if r.get("ok") and r.get("exact")]
    best = max(done or [own], key=lambda r: r["value"])
    return {
        "ok": True,
        "card": best["card"],
        "cell": best["cell"],
        "exact": len(done) == len(replies),
    }


def split_value(replies: list):
    """The value of a position searched in parts once every part is proven (the best
    part's), else None."""
    if not replies or not all(r.get("ok") and r.get("exact") for r in replies):
        return None
    return int(max(r["value"] for r in replies))


def split_found(proven: list, counted: list):
    """The move a split search ends on, from each part's answer once proven (`proven`)
    and, for the parts of the best value when it is not a win, once its traps counted
    (`counted`, None elsewhere), as `App.cpu_reply` makes it of the same answers at the
    CPU's turn: `best_part`, then `best_trap`; with the position's value. None unless
    every part is proven."""
    found = best_part(proven) if proven and None not in proven else None
    value = split_value(proven) if found is not None else None
    if value is None:
        return None
    if value <= 0:
        replies = []
        for part in range(len(proven)):
            replies.append(counted[part] if counted[part] is not None else proven[part])
        found = best_trap(replies, found)
    found["value"] = value
    return found


def best_trap(replies: list, found: dict) -> dict:
    """Master's move among its best after a split search (`found`, exact) once the parts
    of the best value counted their traps: the trap the opponent is least likely to
    answer well, then the one with the fewest replies that keep the value, the earlier
    part on a tie (`_Traps` ranks them so over all moves). `found` when none is counted."""
    traps = [r for r in replies if r.get("ok") and r.get("trap")]
    if not traps:
        return found
    low = min(r["trap"][0] for r in traps)
    near = [r for r in traps if r["trap"][0] <= low + 1e-9]
    fewest = min(r["trap"][1] for r in near)
    pick = next(r for r in near if r["trap"][1] == fewest)
    return {"ok": True, "card": pick["card"], "cell": pick["cell"], "exact": True}


def read_deal_code(code: str, custom_id: str = "") -> dict:
    """The shared deal of a code: a checked code, or the engine's own code without checks.

    A code may name the player's own set by its id (`custom_id`, when one is kept).

    :raises ValueError: neither kind of code, or a deal this page does not play.
    """
    try:
        deal = dealcode.decode(code)
        seed, rules, set_id, band = deal["seed"], deal["rules"], deal["set"], deal["level_range"]
    except ValueError as checked:
        try:
            seed, rules, set_id, band = parse_deal_code(code)
        except ValueError:
            raise checked from None
    if custom_id and set_id == custom_id.lower():
        set_id = prefs.CUSTOM_SET
    elif set_id not in prefs.CARD_SETS:
        raise dealcode.DealCodeError(
            "it deals from the card set "
            + repr(set_id)
            + ", which is not on this page (a player's own set must be loaded from its file first)",
            "code_set",
        )
    for rule in rules:
        if rule not in prefs.RULES:
            raise dealcode.DealCodeError(
                "rule " + repr(rule) + " is not played on this page", "code_rule"
            )
    return {
        "seed": seed,
        "rules": list(rules),
        "card_set": set_id,
        "level_range": None if band is None else list(band),
    }
