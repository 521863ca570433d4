"""Collection mode on the page: the save, the ladder, the album, decks, trades and save files.

`Collection` is given the page's services (`triad.ui.page.services.Services`:
the engine, whose `collection_*` functions it calls, see
`triad.collection.service`; the store, the clock...) and what it asks of the
page around it (`Around`: the table, the tournament's match), and the page's
dialogs (`triad.ui.page.services.Dialogs`), not the page.  The save is one localStorage string under `KEY`; it is
written with ONE `store.set` per change, always a `save` the worker
returned with `ok`, and always before the page shows what changed, so a
reload at any moment neither loses nor duplicates a card: a trade either
is in the stored save or is not.

A ladder match is in the save from its deal to its settlement (the save's
``active`` match, written when it starts and after every move): the next
load puts it back on the table where it was, whichever game the menu has
chosen, so a match for cards can neither be lost by a crash nor escaped
by a reload.

Runs on the main thread under MicroPython: plain code, JSON strings to
and from the worker.
"""

import json

from triad import api
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.page import settings as prefs
from triad.ui.page.panels import Album

KEY = "triad:collection"
BROKEN_KEY = "triad:collection:broken"
TABS = ["ladder", "album", "history", "feats", "save"]


_CARDS: dict[
    str, dict
] = {}  # card id -> card of the built-in sets, read from their files when first needed


def card_by_id(ident: str):
    """A card of the built-in sets by id (names for the trade and the result screen)."""
    if not _CARDS:
        from triad.pageview import card_view, load_set

        for set_id in prefs.CARD_SETS:
            try:
                for card in load_set(set_id)["cards"]:
                    _CARDS[card["id"]] = card_view(card)
            except Exception as e:  # a set that cannot be read: its ids show as they are
                print("card set unavailable:", e)
    return _CARDS.get(ident)


def stored_active(store) -> bool:
    """Whether the stored save holds a ladder or tournament match under way (read before
    the engine is up, to resume it instead of dealing a quick match)."""
    try:
        data = json.loads(store.get(KEY) or "null")
    except ValueError:
        return False
    if type(data) is dict and type(data.get("active")) is dict:
        return True
    from triad.ui.collection.tourney import under_way  # (a tournament match begun is resumed too)

    return under_way(store.get(KEY))


def ladder_playing(view: dict, match: dict, opponent: dict) -> dict:
    """The settings of the ladder match `match` the worker prepared against `opponent`."""
    return {
        "rules": list(view["rules"]),
        "level": match["level"],
        "card_set": match["set"],
        "mode": "cpu",
        "seed": match["seed"],
        "ladder": opponent["id"],
    }


class Around:
    """What the collection asks of the page around it, each a callable the page gives.

    The table: `table_free()` (no match, replay or puzzle is on it), `ladder_on_table()`
    (a ladder match is), `stop_match()` (the match on it stops: none of its moves reach
    the next), `begin(playing, reply)` (a ladder match the worker prepared takes it:
    `ladder_playing`), `deal_quick()` (a quick match takes it). The tournament's match:
    `tourney_resumable(save)`, `tourney_play()` (a coroutine: it takes the table).
    """

    def __init__(
        self,
        table_free,
        ladder_on_table,
        stop_match,
        begin,
        deal_quick,
        tourney_resumable,
        tourney_play,
    ) -> None:
        self.table_free = table_free
        self.ladder_on_table = ladder_on_table
        self.stop_match = stop_match
        self.begin = begin
        self.deal_quick = deal_quick
        self.tourney_resumable = tourney_resumable
        self.tourney_play = tourney_play


class Collection:
    """The player's collection as the page knows it, and the flows that change it."""

    def __init__(self, services, dialogs, around: Around) -> None:
        self.services = services
        self.dialogs = dialogs  # the page's (`triad.ui.page.services.Dialogs`)
        self.around = around
        self.status = "idle"  # idle, loading, ready, newer, broken, failed
        self.error = ""
        self.save: str | None = None  # the stored save text (the last one written or read)
        self.summary: dict | None = None
        self.tab = "ladder"
        self.opponents: list[dict] = []
        self.parts: list[dict] = []
        self.album: dict | None = None
        self.filters: dict[str, int | str | None] = {"level": None, "banner": None, "owned": "all"}
        self.history: list[dict] = []
        self.owned: list[dict] = []  # the player's cards with their copies, for the deck choice
        self.opponent: dict | None = None  # the opponent chosen for the next match
        self.deck: list[str] = []
        self.deck_error = ""
        self.for_friend = ""  # "invite", "rematch", "accept": the deck is for a friend match
        self.dealing = 0  # deals of a deck asked of the engine and not yet answered
        self.starting = False  # a match for cards is being prepared by the engine
        self.prepared = 0  # matches for cards prepared on this page (each gets its own id)
        self.match: dict | None = None  # the prepared ladder match in play
        self.result: dict | None = None  # what the last settled match did
        #: {"count", "candidates", "opponent", "error"} while a pick is due
        self.choice: dict | None = None
        self.picks: list[int] = []
        self.message = ""

    # ------------------------------------------------------------ the save

    async def answer(self, asked) -> dict:
        """A worker function's reply (`triad.ui.page.client`, its refusal raised); before the
        engine is up, refused as the loading screen says it."""
        if self.services.engine() is None:
            raise client.WorkerError(api.failure(t("engine_loading"), "engine_loading"))
        return await asked

    async def read(self, asked):
        """A worker function's reply, or None when it refused (a panel then shows nothing)."""
        try:
            return await self.answer(asked)
        except client.WorkerError:
            return None

    def write(self, save: str, replace: bool = False) -> bool:
        """Store a save the worker returned: one `setItem`, nothing else.

        The new save was made from `self.save`; if the stored one is no longer
        that (the game is open in another tab, which wrote since), nothing is
        written, this page takes the stored save instead, and False says so.
        `replace` (an import, a reset) writes over whatever is stored.
        """
        store = self.services.store
        stored = store.get(KEY)
        if not replace and self.save is not None and stored is not None and stored != self.save:
            self.elsewhere()
            return False
        kept = not getattr(store, "denied", False)
        store.set(KEY, save)
        self.save = save
        if kept and getattr(store, "denied", False):
            # The browser refused this write (storage full or switched off): the game goes
            # on in memory, and the player is told to keep a copy while there is time.
            store.announced = True
            self.services.notice(t("coll_not_saved"))
        return True

    def stored_changed(self) -> None:
        """Another tab wrote the stored save (the browser's `storage` event)."""
        if self.save is not None and self.services.store.get(KEY) != self.save:
            self.elsewhere()

    def elsewhere(self) -> None:
        """The stored save changed in another tab: a ladder match here stops (the other tab
        holds the true one), and the stored save is read again."""
        if self.around.ladder_on_table():
            self.match = None
            self.around.deal_quick()  # a quick match takes the table; the ladder offers to resume
        if self.dialogs.shown() in ("deck", "trade"):
            self.dialogs.close()
        self.choice = None
        self.services.notice(t("coll_elsewhere"))
        self.save = None
        self.services.spawn(self.boot())

    async def boot(self) -> None:
        """Read the stored save (or start one), migrate it, and reopen a pending trade."""
        self.status = "loading"
        raw = self.services.store.get(KEY)
        try:
            if raw is None:
                asked = client.collection_new(self.services.engine(), seed=self.services.seed())
            else:
                asked = client.collection_load(self.services.engine(), raw)
            reply = await self.answer(asked)
        except client.WorkerError as e:
            self.error = e.words
            if isinstance(e, client.Newer):
                self.status = "newer"
            elif raw is not None:
                # Keep the unreadable text aside before anything may replace it.
                self.services.store.set(BROKEN_KEY, raw)
                self.status = "broken"
            else:
                self.status = "failed"
            self.table_empty()
            self.services.draw()
            return
        if reply["save"] != raw:
            self.write(reply["save"])
            if raw is not None and reply.get("migrated_from") is not None:
                self.message = t("coll_migrated")
        else:
            self.save = raw
        await self.took(reply)

    async def took(self, reply: dict) -> None:
        """A save is in place: refresh what the panels show (ready once they are read: a
        flow waiting on it finds the cards owned there); a pending pick reopens."""
        self.error = ""
        self.summary = reply.get("summary")
        await self.refresh()
        self.status = "ready"
        pending = (self.summary or {}).get("pending")
        active = self.active
        if pending and self.dialogs.shown() != "trade":
            self.choice = pending
            self.picks = []
            self.dialogs.open(Album("trade", ""))
        elif active and not active.get("error") and self.table_free():
            # The page kept the table free for it (`App.start`): it comes back at once.
            # (A shared deal opened meanwhile stays; the ladder offers to resume.)
            await self.resume()
        elif self.table_free() and self.around.tourney_resumable(self.save):
            await self.around.tourney_play()  # a tournament match comes back the same way
        else:
            if active and active.get("error") and self.table_free():
                self.tab = "ladder"
                self.dialogs.open(Album("collection", ""))  # say why the match cannot go on
            self.table_empty()
            self.services.draw()

    async def refresh(self) -> None:
        save = self.save
        ladder = await self.read(client.collection_ladder(self.services.engine(), save)) or {}
        self.opponents = ladder.get("opponents", [])
        self.parts = ladder.get("parts", [])
        await self.load_album()
        history = await self.read(client.collection_history(self.services.engine(), save)) or {}
        self.history = history.get("matches", [])
        owned = await self.read(
            client.collection_album(self.services.engine(), save, owned="found")
        )
        self.owned = (owned or {}).get("cards", [])

    async def load_album(self) -> None:
        f = self.filters
        asked = client.collection_album(
            self.services.engine(),
            self.save,
            level=f["level"],
            banner=f["banner"],
            owned=f["owned"],
        )
        self.album = await self.read(asked)

    @property
    def ready(self) -> bool:
        return self.status == "ready" and self.save is not None

    # ------------------------------------------------------------ choices

    def show_tab(self, tab: str) -> None:
        """The collection's dialog shows `tab` (and opens at it next time)."""
        if tab in TABS:
            self.tab = tab

    def dialog_closed(self) -> None:
        """A dialog was closed: what the last flow said in the collection's goes with it."""
        self.message = ""

    def opponent_by_id(self, ident: str):
        for o in self.opponents:
            if o["id"] == ident:
                return o
        return None

    def copies(self, ident: str) -> int:
        for c in self.owned:
            if c["id"] == ident:
                return c["copies"]
        return 0

    def card(self, ident: str):
        """A card of the set by id (from the album's full list, or the deck's)."""
        for c in self.owned:
            if c["id"] == ident:
                return c
        return card_by_id(ident)

    def challenge(self, ident: str) -> None:
        opponent = self.opponent_by_id(ident)
        if opponent is None or not opponent.get("unlocked"):
            return
        self.opponent = opponent
        self.open_deck("")

    def open_deck(self, for_friend: str) -> None:
        """The deck dialog, for the opponent chosen or for a friend match (`for_friend`:
        "invite", "rematch" or "accept"), the deck kept as far as it still fits the collection."""
        kept: list[str] = []
        for c in self.deck:
            if kept.count(c) < self.copies(c):
                kept.append(c)
        self.deck = kept[:5]
        self.deck_error = ""
        self.for_friend = for_friend
        self.dialogs.open(Album("deck", ""))

    def add_to_deck(self, ident: str) -> None:
        if len(self.deck) < 5 and self.deck.count(ident) < self.copies(ident):
            self.deck.append(ident)
            self.deck_error = ""
        self.services.draw()

    def clear_deck(self) -> None:
        self.deck = []
        self.services.draw()

    def remove_from_deck(self, index: int) -> None:
        if 0 <= index < len(self.deck):
            self.deck = [c for i, c in enumerate(self.deck) if i != index]
        self.services.draw()

    def deal_deck(self):
        """Deal five cards at random; counted as pending from the click on, so that a
        Play clicked before the engine answers plays these five (`play` waits for them)."""
        self.dealing += 1
        self.services.draw()  # (the deck says it is being dealt)
        return self.dealt_deck()

    async def dealt_deck(self) -> None:
        try:
            asked = client.collection_deal_deck(
                self.services.engine(), self.save, seed=self.services.seed()
            )
            reply = await self.answer(asked)
            self.deck = list(reply["deck"])
            self.deck_error = ""
        except client.WorkerError as e:
            self.deck_error = e.words
        finally:
            self.dealing -= 1
            self.services.signal.wake()
        self.services.draw()

    async def chosen_deck(self, five: bool = False):
        """The deck as chosen, once a deal asked for just before has come (a button
        pressed right after Deal plays the five the dialog then shows); `five`: None
        unless it holds five (the dialog says how many more)."""
        await self.services.signal.until(lambda: not self.dealing)
        if five and len(self.deck) != 5:
            self.deck_error = t("deck_short", n=len(self.deck), more=5 - len(self.deck))
            self.services.draw()
            return None
        return list(self.deck)

    async def play(self) -> None:
        """Prepare the match against the chosen opponent and hand it to the app."""
        chosen = await self.chosen_deck()
        opponent = self.opponent
        if opponent is None or not self.ready or self.starting:
            return
        deck = None if opponent.get("deals_random") else chosen
        if deck is not None and len(deck) != 5:
            # (the button looks off until five are chosen; a click says why)
            self.deck_error = t("deck_short", n=len(deck), more=5 - len(deck))
            self.services.draw()
            return
        seed = self.services.seed()
        self.prepared += 1
        match_id = "m-" + str(int(self.services.now())) + "-" + str(seed) + "-" + str(self.prepared)
        # The worker's match is about to be replaced: the one on the table stops now, so
        # none of its moves can reach the new match.
        self.around.stop_match()
        self.starting = True  # Play clicked twice starts one match
        try:
            reply = await self.answer(
                client.collection_start(
                    self.services.engine(),
                    self.save,
                    seed=seed,
                    opponent=opponent["id"],
                    match_id=match_id[:64],
                    deck=deck,
                )
            )
        except client.WorkerError as e:
            self.deck_error = e.words
            self.services.draw()
            return
        finally:
            self.starting = False
        if not self.write(reply["save"]):  # the match is in the save before its first move
            return
        self.summary = reply["summary"]
        self.match = reply["match"]
        self.result = None
        self.dialogs.close()
        self.around.begin(ladder_playing(reply["view"], self.match, opponent), reply)

    def table_free(self) -> bool:
        """Whether the table was kept free for the save's match: no match, replay or puzzle."""
        return self.around.table_free()

    def table_empty(self) -> None:
        """Nothing was resumed after all: deal a quick match so the table is not left bare."""
        if self.table_free():
            self.around.deal_quick()

    @property
    def active(self):
        """The save's ladder match being played (`{"id", "opponent", "moves", "error"}`), or None."""
        return (self.summary or {}).get("active")

    def playing_active(self) -> bool:
        """Whether the save's active match is the one on the table."""
        active = self.active
        return bool(
            active
            and self.match is not None
            and self.match.get("id") == active.get("id")
            and self.around.ladder_on_table()
        )

    async def resume(self) -> None:
        """Put the save's active match back on the table where it was."""
        active = self.active
        if not active or not self.ready or active.get("error"):
            return
        self.around.stop_match()  # nothing of the match on the table reaches the resumed one
        try:
            reply = await self.answer(client.collection_resume(self.services.engine(), self.save))
        except client.WorkerError as e:
            self.summary = dict(self.summary or {}, active=dict(active, error=e.words))
            self.tab = "ladder"
            self.dialogs.open(Album("collection", ""))
            self.table_empty()
            return
        self.match = reply["match"]
        opponent = self.opponent_by_id(self.match["opponent"]) or {"id": self.match["opponent"]}
        self.opponent = opponent
        self.result = None
        if self.dialogs.shown() in ("collection", "deck"):
            self.dialogs.close()
        self.services.note(("resumed", active.get("moves", 0)))
        self.around.begin(ladder_playing(reply["view"], self.match, opponent), reply)

    async def progress(self) -> None:
        """A move of the ladder match was played: the save holds it now."""
        try:
            reply = await self.answer(client.collection_progress(self.services.engine(), self.save))
        except client.WorkerError as e:
            print("ladder match not saved:", e.words)
            return
        written = self.write(reply["save"])  # another tab's change stops the match here
        active = self.active
        if written and active is not None:  # "under way (N moves played)" counts it
            active["moves"] = active.get("moves", 0) + 1

    async def discard_active(self) -> None:
        """Give up an active match that cannot be resumed (nothing is traded)."""
        reply = await self.read(client.collection_discard_active(self.services.engine(), self.save))
        if reply is not None and self.write(reply["save"]):
            await self.took(reply)

    # ------------------------------------------------------------ trades

    async def settle(self) -> None:
        """The ladder match is over: settle it, write the new save, then show the result."""
        try:
            reply = await self.answer(client.collection_end(self.services.engine(), self.save))
        except client.WorkerError as e:
            self.match = None
            self.result = {"status": "error", "error": e.words}
            return
        self.match = None
        if not self.write(reply["save"]):
            self.result = {"status": "error", "error": t("coll_elsewhere")}
            return
        self.result = reply["result"]
        self.summary = reply.get("summary")
        choice = self.result.get("choice")
        if self.result.get("status") == "choose" and choice:
            self.choice = {
                "count": choice["count"],
                "candidates": choice["candidates"],
                "opponent": (self.opponent or {}).get("id"),
                "error": None,
            }
            self.picks = []
            self.dialogs.open(Album("trade", ""))
        await self.refresh()

    def toggle_pick(self, index: int) -> None:
        choice = self.choice
        if choice is None:
            return
        if index in self.picks:
            self.picks = [p for p in self.picks if p != index]
        elif len(self.picks) < choice["count"]:
            self.picks.append(index)
        elif choice["count"] == 1:
            self.picks = [index]
        self.services.draw()

    async def confirm_picks(self) -> None:
        choice = self.choice
        if choice is None or len(self.picks) != choice["count"]:
            return
        try:
            reply = await self.answer(
                client.collection_choose(self.services.engine(), self.save, picks=self.picks)
            )
        except client.WorkerError as e:
            failed = dict(choice)
            failed["error"] = e.words
            self.choice = failed
            self.services.draw()
            return
        if not self.write(reply["save"]):
            return
        self.result = reply["result"]
        self.summary = reply.get("summary")
        self.choice = None
        self.picks = []
        self.dialogs.close()
        await self.refresh()
        self.services.draw()

    async def discard_pending(self) -> None:
        reply = await self.read(
            client.collection_discard_pending(self.services.engine(), self.save)
        )
        if reply is not None and self.write(reply["save"]):
            self.choice = None
            self.dialogs.close()
            await self.took(reply)

    # ------------------------------------------------------------ files

    async def export(self) -> None:
        try:
            reply = await self.answer(client.collection_export(self.services.engine(), self.save))
            self.services.download(reply["filename"], reply["text"])
            self.message = t("save_exported", name=reply["filename"])
        except client.WorkerError as e:
            self.message = e.words
        self.services.draw()

    async def import_text(self, text: str) -> None:
        """An imported file replaces the save only when the worker accepts it."""
        try:
            reply = await self.answer(client.collection_import(self.services.engine(), text))
        except client.WorkerError as e:
            self.message = t("save_import_bad", error=e.words)
            self.services.draw()
            return
        self.write(reply["save"], replace=True)
        self.choice = None
        self.message = t("save_imported", found=reply["summary"]["found"])
        await self.took(reply)

    async def reset(self) -> None:
        try:
            reply = await self.answer(
                client.collection_reset(self.services.engine(), seed=self.services.seed())
            )
        except client.WorkerError as e:
            self.message = e.words
            self.services.draw()
            return
        self.write(reply["save"], replace=True)
        self.deck = []
        self.choice = None
        self.message = t("save_reset_done")
        await self.took(reply)

    # ------------------------------------------------------------ filters

    async def set_filter(self, name: str, value: str) -> None:
        if name == "level":
            self.filters["level"] = None if value == "all" else int(value)
        elif name == "banner":
            self.filters["banner"] = None if value == "all" else value
        else:
            self.filters["owned"] = value
        await self.load_album()
        self.services.draw()
