"""What the next quick match is dealt with: the settings, the player's own card set, and
whether the engine can deal them; and the code that shares the match in play.

A quick match may deal from the player's own card set (`triad.ui.menu.customset`):
it is checked by the engine when loaded, kept in the store, and sent along
with every request that deals from it. The rule menu asks the engine whether
its choices can be dealt and says why not (`check_menu`), in a scope of the menu's
(`open_menu`), ended when it closes.

`Choices` is given the page's services (`triad.ui.page.services.Services`), the
page's settings (a dict the page keeps and saves) and a few callbacks, not the
page.
Runs on the main thread under MicroPython.
"""

from triad import ruleinfo
from triad.collection import dealcode
from triad.ui.look.text import t
from triad.ui.menu import customset
from triad.ui.page import client
from triad.ui.page import settings as prefs

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from triad.ui.page.scope import Scope

# The settings of a quick match that make its deal (what the engine's `DealRequest` takes).
DEAL_FIELDS = ("rules", "seed", "card_set", "level_range", "level", "mode")


class Choices:
    """The player's choices for the next quick match, and the player's own card set."""

    def __init__(
        self,
        services,
        settings,
        custom_set,
        save_settings,
        page_url,
        engine_error,
        scope,
    ) -> None:
        self.services = services  # the page's (`triad.ui.page.services.Services`)
        self.settings = (
            settings  # the page's settings (a dict it keeps), saved by `save_settings()`
        )
        self.save_settings = save_settings
        self.page_url = page_url  # () -> the page's address without its query ("": none)
        self.engine_error = engine_error  # () -> why the engine could not boot ("": it did)
        self.scope = scope  # the page's scope: the rule menu's is a child of it
        self.custom_set = custom_set  # the player's own set, as kept (None: none is)
        self.custom_error = ""  # why the last card set file was refused
        self.custom_note = ""  # what became of the player's own card set
        self.menu_error = ""  # why the menu's choices cannot be dealt ("" when they can)
        #: The scope of the rule menu opened last (ended when it closes), and of its check
        #: under way, a child of it.
        self.menu: Scope | None = None
        self.checking: Scope | None = None

    def clear(self) -> None:
        """A dialog opens: what the menu said of an earlier choice goes."""
        self.menu_error = ""
        self.custom_error = ""
        self.custom_note = ""

    def refused(self, words: str) -> None:
        """The engine refused to deal these choices: the menu says why, and a notice."""
        self.menu_error = words
        self.services.notice(t("menu_invalid", error=words))

    def toggle_rule(self, value: str) -> None:
        """A rule of the menu switched. A rule may bring its card set along (the player's
        own set stays chosen: the menu says if it cannot) or turn another off (Elemental
        and Banner): the menu says so."""
        settings = self.settings
        before, set_before = settings["rules"], settings["card_set"]
        rules = prefs.toggle(before, value)
        settings["rules"] = rules
        brings = ruleinfo.CARD_SET_OF.get(value)
        if brings and value in rules and set_before != prefs.CUSTOM_SET:
            settings["card_set"] = brings
        off = [t("rule_" + r) for r in before if r not in rules and r != value]
        said = []
        if off:
            said.append(t("menu_rule_off", rule=t("rule_" + value), off=", ".join(off)))
        if brings and settings["card_set"] != set_before:
            said.append(t("menu_rule_set", rule=t("rule_" + value), set=t("set_" + brings)))
        self.custom_note = " ".join(said)
        self.save_settings()

    # ---------------------------------------------------------------- deals

    def playing(self) -> dict:
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

    def deal_request(self, playing: dict) -> dict:
        """The engine's request for a deal with the settings `playing` (`DEAL_FIELDS`), with
        the player's own set itself when it deals from it."""
        request = {}
        for field in DEAL_FIELDS:
            if field in playing:
                request[field] = playing[field]
        if playing.get("card_set") == prefs.CUSTOM_SET:
            request["set"] = self.custom_set
        return request

    def custom_id(self) -> str:
        return self.custom_set["id"] if self.custom_set else ""

    def deal_code(self, playing) -> str:
        """The code of the match `playing` (seed, rules, card set, level band), to share it.

        Codes carry check characters, so a mistyped one is refused. A player's own set
        is named by its id: "" when a code cannot carry it.
        """
        set_id = playing["card_set"]
        if set_id == prefs.CUSTOM_SET:
            set_id = playing.get("custom_id", "")
        try:
            return dealcode.encode(
                playing["seed"], playing["rules"], set_id, playing.get("level_range")
            )
        except ValueError:  # an id a code cannot carry (capitals, spaces, too long)
            return ""

    def deals(self, stored: dict, shared: dict) -> bool:
        """Whether the match `stored` (`stored_match`) is the deal `shared` (of a code): the
        address of a shared deal loaded again plays that match on."""
        code = self.deal_code(stored["playing"])
        try:
            return bool(code) and read_deal_code(code, self.custom_id()) == shared
        except ValueError:
            return False

    def share_url(self, playing) -> str:
        """The address that deals the match `playing` again, for a friend (not with one's
        own set)."""
        page_url = self.page_url()
        if not page_url or playing["card_set"] == prefs.CUSTOM_SET:
            return ""
        code = self.deal_code(playing)
        return page_url + "?deal=" + code if code else ""

    # --------------------------------------------------- the player's set

    async def load_custom_set(self, text: str) -> None:
        """A card set file the player chose: checked by the engine, kept, and chosen.

        A file the engine refuses changes nothing; the menu says why.
        """
        services = self.services
        self.custom_error = ""
        if len(text) > customset.MAX_CHARS:
            self.custom_note = ""
            self.custom_error = t("custom_too_big")
            services.draw()
            return
        self.custom_note = t("custom_reading")
        services.draw()
        # the file is read once the engine is up
        await services.signal.until(lambda: services.engine() is not None or self.engine_error())
        engine = services.engine()
        if engine is None:
            self.custom_note = ""
            self.custom_error = t("engine_failed", error=self.engine_error())
            services.draw()
            return
        try:
            reply = await client.custom_set_check(engine, text)
        except client.WorkerError as e:
            self.custom_note = ""
            self.custom_error = t("custom_bad", error=e.words)
            services.draw()
            return
        self.custom_note = ""
        data = reply["set"]
        why = customset.save(services.store, data)
        if why:
            self.custom_error = t(why)
            services.draw()
            return
        self.custom_set = data
        self.settings["card_set"] = prefs.CUSTOM_SET
        self.custom_note = t("custom_loaded", name=data["name"], count=len(data["cards"]))
        self.save_settings()
        self.recheck_menu()

    def remove_custom_set(self) -> None:
        """Forget the player's own set; the default set is chosen again."""
        services = self.services
        customset.remove(services.store)
        self.custom_set = None
        self.custom_error = ""
        self.custom_note = t("custom_removed")
        if self.settings["card_set"] == prefs.CUSTOM_SET:
            self.settings["card_set"] = prefs.DEFAULTS["card_set"]
        self.save_settings()
        self.recheck_menu()

    # ----------------------------------------------------------- the menu

    def open_menu(self):
        """The rule menu opened: it checks its choices with the engine in a scope of its own,
        which the menu ends when it closes (`triad.ui.page.panels.Menu`); returns that scope."""
        self.menu = self.scope.child("rules")
        self.recheck_menu()
        return self.menu

    def recheck_menu(self) -> None:
        """Check the menu's choices with the engine, when both are there (an earlier check
        still under way is dropped: only the last choices count). Once the menu closed,
        its scope has ended: the check starts nothing."""
        if self.services.engine() is None or self.menu is None:
            return
        if self.checking is not None:
            self.checking.end()
        self.checking = self.menu.child("check")
        self.checking.spawn(self.check_menu())

    async def check_menu(self) -> None:
        """Ask the engine whether the menu's choices can be dealt; show why not in the menu
        (a task of the menu's scope: it does not outlive the menu)."""
        request = self.deal_request(self.playing())
        request.pop("level", None)
        request.pop("mode", None)
        try:
            await client.validate(self.services.engine(), **request)
            error = ""
        except client.WorkerError as e:
            error = e.words
        if error != self.menu_error:
            self.menu_error = error
            self.services.draw()

    def menu_custom(self) -> dict:
        """What the rule menu shows of the player's own set."""
        return {
            "info": customset.info(self.custom_set),
            "error": self.custom_error,
            "note": self.custom_note,
        }


def read_deal_code(code: str, custom_id: str = "") -> dict:
    """The shared deal of a checked code (`dealcode.encode`, what the page shares).

    A code may name the player's own set by its id (`custom_id`, when one is kept).
    A code the decoder refuses is refused here too: a shared code cut short or
    mistyped must never deal some other deal without a word.

    :raises DealCodeError: a code that does not read, or a deal this page does not play.
    """
    deal: dict = dealcode.decode(code)
    seed, rules, set_id, band = deal["seed"], deal["rules"], deal["set"], deal["level_range"]
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
