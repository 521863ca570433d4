"""The grand tournament on the page: its dialog, its decks, and the player's matches.

`Tourney` belongs to the page (`App.tourney`). The tournament lives in the
collection's save (`triad.tournament.part`), so every change is a save the
engine worker returned, written through the collection (`Collection.write`,
one ``setItem``): the event begun, each pick and move of the player's match,
the match settled with the leaders' matches it leads to, a deck kept, a feat
announced. A reload in the middle of a match puts it back on the table where
it was (`under_way`, read by the collection when the save is loaded).

The dialog's buttons are ``data-do="tr_NAME"`` or ``"tr_NAME:VALUE"``
(`action`); its HTML is `triad.ui.collection.tourney_html`.

Runs on the main thread under MicroPython.
"""

import json

from triad.ui.collection.tourney_html import render_tourney, result_text
from triad.ui.look.text import language, t
from triad.ui.page import client
from triad.ui.page.panels import Owned


def under_way(save_text) -> bool:
    """Whether a stored save holds a tournament match begun (picks or moves made)."""
    try:
        data = json.loads(save_text or "null")
        event = data["tournament"]["event"]
        return bool(event and (event.get("games") or event.get("draft")))
    except (ValueError, KeyError, TypeError):
        return False


class Tourney:
    """The tournament dialog's state and the flows that change the save."""

    def __init__(
        self, services, coll, screen, say, aff, dialogs, open_replay, stop_match, take_table
    ) -> None:
        self.services = services  # the page's (`triad.ui.page.services.Services`)
        self.coll = coll  # the collection, whose save holds the tournament
        self.screen = screen  # the page's screen: the deck's name typed, focus, scrolling
        self.say = say  # a sentence for the live region (a screen reader reads it out)
        self.aff = aff  # () -> the affinity table of the houses, for the cards drawn
        self.dialogs = dialogs  # the page's dialogs (`triad.ui.page.services.Dialogs`)
        self.open_replay = open_replay  # (record JSON, mode): a coroutine, on the table
        self.stop_match = stop_match  # () the match on the table stops
        # (playing, reply, note): the player's match the worker prepared takes the table,
        # saved move by move by this `Tourney` (`Kept`)
        self.take_table = take_table
        self.view: dict | None = (
            None  # the worker's tournament view of the save (None: not read yet)
        )
        self.tab = "event"
        self.deck: list[str] = []  # the deck being built: card ids
        self.deck_name = ""
        self.use = ""  # the name of the deck chosen for the next event
        self.owned: list[dict] = []  # the cards of the collection with their copies and level
        self.error = ""
        self.message = ""
        self.result: dict | None = None  # what the player's last match did
        self.opponent = ""  # the leader of the match on the table
        self.confirm_quit = False
        self.events = 0  # events begun on this page (each gets its own id)
        self.dialog = Owned("tourney", self.render, self.action, "tr_")  # its panel

    # ----------------------------------------------------------- reading

    def resumable(self, save_text) -> bool:
        """Whether the save holds this page's tournament match to put back on the table."""
        return under_way(save_text)

    def lang(self) -> str:
        return language()

    def chosen_deck(self):
        """The saved deck chosen for the next event (the first one when none is)."""
        decks = (self.view or {}).get("decks", [])
        for deck in decks:
            if deck["name"] == self.use:
                return deck
        return decks[0] if decks else None

    def render(self) -> str:
        return render_tourney(self, self.aff())

    async def answer(self, asked) -> dict:
        """A worker's reply as the collection's (`Collection.answer`: its refusal raised,
        a deck refused over the limits said naming the card at fault, `client.words`)."""
        return await self.coll.answer(asked)

    async def refresh(self) -> None:
        """Read the tournament of the save (once the collection has it), and its cards."""
        coll, services = self.coll, self.services
        await services.signal.until(lambda: coll.ready or coll.status in ("failed", "newer"))
        if not coll.ready:
            self.error = t("tr_no_save")
            services.draw()
            return
        try:
            reply = await self.answer(client.tournament_view(services.engine(), coll.save))
            self.view = reply["view"]
        except client.WorkerError as e:
            self.error = e.words
        try:
            owned = await self.answer(
                client.collection_album(services.engine(), coll.save, owned="found")
            )
            self.owned = owned.get("cards", [])
        except client.WorkerError:
            self.owned = []
        services.draw()
        await self.announce()

    async def took(self, asked):
        """The reply of a call (`asked`) holding a new save: written (through the
        collection), its view kept; None when the worker refused (said at the dialog's top)
        or the save was not written (another tab wrote since)."""
        try:
            reply = await self.answer(asked)
        except client.WorkerError as e:
            self.error = e.words
            self.show_outcome()
            return None
        if not self.coll.write(reply["save"]):
            return None
        self.error = ""
        if "view" in reply:
            self.view = reply["view"]
        return reply

    async def announce(self) -> None:
        """Say each feat earned once (a notice and the live region), then mark them said."""
        ids = (self.view or {}).get("announce") or []
        if not ids:
            return
        for ident in ids:
            words = t("tr_feat_earned", name=t("feat_" + ident))
            self.services.notice(words)
            self.say(words)
        if await self.took(
            client.tournament_feats_seen(self.services.engine(), self.coll.save, ids)
        ):
            view = self.view or {}  # (as the reply left it)
            view["announce"] = []
            for feat in view.get("feats", []):
                if feat["id"] in ids:
                    feat["announced"] = True
        self.services.draw()

    # ----------------------------------------------------------- the dialog

    def open(self) -> None:
        """Open the dialog (from the title screen or a button) and read the save."""
        self.message = ""
        self.dialogs.open(self.dialog)
        self.services.spawn(self.refresh())

    def action(self, name: str) -> None:
        """A button of the dialog: ``tr_NAME`` or ``tr_NAME:VALUE``."""
        verb, _, value = name[3:].partition(":")
        self.message = ""
        if verb == "open":
            self.open()
            return
        if verb == "tab":
            self.tab = value
            self.error = ""
        elif verb == "add" and len(self.deck) < 5:
            self.deck.append(value)
        elif verb == "remove" and value.isdigit() and int(value) < len(self.deck):
            self.deck.pop(int(value))
        elif verb == "clear":
            self.deck = []
            self.error = ""
        elif verb == "use":
            self.use = value
        elif verb == "quit":
            self.confirm_quit = True
        elif verb == "quit_no":
            self.confirm_quit = False
        elif verb in FLOWS:
            self.services.spawn(getattr(self, FLOWS[verb])(value))
            return
        self.services.draw()

    async def save_deck(self, _value: str) -> None:
        name = self.screen.value("#tr-deck-name").strip() or self.deck_name
        self.deck_name = name
        engine = self.services.engine()
        if await self.took(
            client.tournament_save_deck(engine, self.coll.save, name, list(self.deck))
        ):
            self.message = t("tr_deck_saved", name=name)
            self.use = name
            self.deck = []
            self.deck_name = ""
            self.show_outcome()
            await self.announce()

    def show_outcome(self) -> None:
        """Draw, then bring the words of what just happened (at the dialog's top) into view:
        the player clicked far below them, in the deck builder."""
        self.services.draw()
        self.screen.scroll_to("tr-error" if self.error else "tr-message")

    async def delete_deck(self, name: str) -> None:
        await self.took(client.tournament_delete_deck(self.services.engine(), self.coll.save, name))
        self.services.draw()

    async def begin(self, kind: str) -> None:
        """Begin an event of `kind` with the chosen deck (an open tournament drafts)."""
        deck = self.chosen_deck()
        if kind != "open" and deck is None:
            self.error = t("tr_no_deck")
            self.tab = "decks"
            self.services.draw()
            return
        self.events += 1
        seed = self.services.seed()
        ident = "t-" + str(int(self.services.now())) + "-" + str(seed) + "-" + str(self.events)
        cards = None if kind == "open" else deck["cards"]
        engine = self.services.engine()
        if await self.took(
            client.tournament_begin(engine, self.coll.save, kind, seed, ident[:64], cards)
        ):
            self.result = None
            self.tab = "event"
        self.services.draw()
        self.screen.focus(NEXT)

    async def quit(self, _value: str) -> None:
        self.confirm_quit = False
        await self.took(client.tournament_abandon(self.services.engine(), self.coll.save))
        self.services.draw()

    async def replay(self, value: str) -> None:
        if not value.isdigit():
            return
        try:
            reply = await self.answer(
                client.tournament_record(self.services.engine(), self.coll.save, int(value))
            )
        except client.WorkerError as e:
            self.error = e.words
            self.services.draw()
            return
        self.dialogs.close()
        await self.open_replay(json.dumps(reply["record"]), "hotseat")

    # ----------------------------------------------------------- the player's match

    async def play(self, _value: str = "") -> None:
        """Deal the player's match (or pick it up where the save left it) onto the table."""
        self.stop_match()  # nothing of the match on the table reaches this one
        try:
            reply = await self.answer(
                client.tournament_start(self.services.engine(), self.coll.save)
            )
        except client.WorkerError as e:
            self.error = e.words
            self.dialogs.open(self.dialog)
            return
        match = reply["match"]
        record = match["record"]
        self.opponent = match["opponent"]
        self.result = None
        playing = {
            "rules": list(record["rules"]),
            "level": match["level"],
            "card_set": record["set"],
            "mode": "cpu",
            "seed": record["seed"],
            "ladder": match["opponent"],
            "tourney": True,
        }
        if self.dialogs.shown() is not None:
            self.dialogs.close()
        self.take_table(playing, reply, ("tourney", match["index"]))

    async def progress(self) -> None:
        """A pick or a move of the player's match was made: the save holds it now."""
        try:
            asked = client.tournament_progress(self.services.engine(), self.coll.save)
            reply = await self.answer(asked)
        except client.WorkerError as e:
            print("tournament match not saved:", e.words)
            return
        self.coll.write(reply["save"])

    async def settle(self) -> None:
        """The player's match is over: settle it, write the save, show the bracket."""
        reply = await self.took(client.tournament_end(self.services.engine(), self.coll.save))
        if reply is None:
            self.dialogs.open(self.dialog)
            return
        self.result = dict(reply["result"], opponent=self.opponent)
        self.tab = "event"
        await self.coll.refresh()  # prize cards are in the collection
        self.dialogs.open(self.dialog)
        self.say(result_text(self))
        await self.announce()
        # play goes on from the next match's button (or, the event over, a new one's)
        self.screen.focus(NEXT)


#: Where play goes on in the dialog: the next match, else the choice of a new event.
NEXT = "#r-overlay [data-tr-play], #r-overlay [data-tr-begin]:not([disabled])"

FLOWS = {
    "save": "save_deck",
    "delete": "delete_deck",
    "begin": "begin",
    "quit_yes": "quit",
    "replay": "replay",
    "play": "play",
}
