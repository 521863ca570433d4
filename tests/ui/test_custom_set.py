"""The player's own card set: its storage, the settings that name it, the worker, the page."""

import asyncio
import json
import re
from typing import Any

import pytest

from tests.ui.card_sets import HOSTILE, hostile_set, make_set, text
from tests.ui.helpers import LocalEngine, leave_yes, make_app, play_out, settle
from tests.ui.test_app import start
from triad.pageview import dealer
from triad.ui.menu import customset
from triad.ui.menu.choices import read_deal_code
from triad.ui.page import settings as prefs
from triad.ui.page.settings import MemoryStore, SafeStore
from triad.ui.table.match import same_deal
from triad.worker import engine as worker

pytestmark = pytest.mark.usefixtures("quick_cpu")  # (tests/ui/conftest.py)


def call(name: str, payload: Any) -> dict[str, Any]:
    raw = payload if isinstance(payload, str) else json.dumps(payload)
    reply = json.loads(getattr(worker, name)(raw))
    assert isinstance(reply, dict)
    return reply


def checked(data: dict[str, Any]) -> dict[str, Any]:
    reply = call("custom_set_check", text(data))
    assert reply["ok"], reply
    return reply["set"]


def store() -> SafeStore:
    return SafeStore(MemoryStore())


# ------------------------------------------------------------------ storage


def test_a_kept_set_reads_back_and_a_broken_one_is_set_aside() -> None:
    s = store()
    data = checked(make_set())
    assert customset.save(s, data) == ""
    assert json.loads(s.get(customset.KEY)) == {"version": 1, "set": data}
    assert customset.load(s) == (data, None)
    for raw in ("{not json", json.dumps({"version": 2, "set": data}), '{"version": 1, "set": 3}'):
        s.set(customset.KEY, raw)
        assert customset.load(s) == (None, "notice_custom_broken")
        assert s.get(customset.KEY) is None
        assert s.get(customset.BROKEN_KEY) == raw
    assert customset.load(s) == (None, None)


def test_a_stored_set_that_is_too_long_or_misshapen_is_refused() -> None:
    data = checked(make_set())
    with pytest.raises(ValueError):
        customset.parse(" " * (customset.MAX_CHARS + 1))
    bad_card = json.loads(json.dumps(data))
    bad_card["cards"][0]["top"] = 11
    bad_affinity = json.loads(json.dumps(data))
    bad_affinity["cards"][0]["affinity"] = "nowhere"
    for broken in (
        bad_card,
        bad_affinity,
        dict(data, cards=data["cards"][:9]),
        dict(data, id="houses"),
    ):
        with pytest.raises(ValueError):
            customset.check(broken)
    huge = dict(data, description="x" * customset.MAX_CHARS)
    assert customset.save(store(), huge) == "custom_too_big"


def test_settings_name_the_custom_set_only_while_it_is_kept() -> None:
    raw = json.dumps(dict(prefs.defaults(), card_set="custom", rules=["same"], level="master"))
    settings, notice = prefs.parse(raw, custom=True)
    assert settings["card_set"] == "custom" and notice is None
    settings, notice = prefs.parse(raw, custom=False)
    assert settings["card_set"] == "houses" and notice == "notice_custom_gone"
    assert settings["rules"] == ["same"] and settings["level"] == "master"
    with pytest.raises(ValueError):
        prefs.validate(json.loads(raw))
    assert prefs.validate(json.loads(raw), custom=True)["card_set"] == "custom"


# ------------------------------------------------------------------- worker


def test_the_worker_checks_a_file_and_never_raises() -> None:
    reply = call("custom_set_check", text(make_set()))
    assert (
        reply["ok"] and reply["info"]["name"] == "Lantern Folk" and len(reply["set"]["cards"]) == 14
    )
    assert call("custom_set_check", "\ufeff" + text(make_set()))["ok"]  # a byte order mark
    broken = make_set()
    broken["cards"][3]["left"] = 0
    cases = {
        "not json": "not valid JSON",
        "{oops": "not valid JSON",
        text(broken): "card 'c3': field 'left' must be 1..10",
        text(make_set(count=6)): "at least 10",
        text(make_set(set_id="houses")): "built-in set",
        text(dict(make_set(), name=7)): "field 'name' must be a string",
        "{" + " " * worker.MAX_SET_CHARS + "}": "too long",
    }
    for raw, reason in cases.items():
        reply = call("custom_set_check", raw)
        assert not reply["ok"] and reason in reply["error"], (raw[:30], reply)


def test_the_page_deals_what_the_engine_deals_from_a_custom_set() -> None:
    data = checked(make_set())
    for rules in ([], ["banner", "three_open"], ["random", "power_wall"], ["elemental", "open"]):
        for seed in (3, 2**31 + 9):
            request = {"rules": rules, "seed": seed, "card_set": "custom", "set": data}
            engine = call("new_match", request)["view"]
            page = dealer(request)
            assert page is not None and same_deal(page, engine)
            for key in ("hands", "cells", "restrictions", "to_move", "card_set"):
                assert page[key] == engine[key], key
            assert engine["card_set"]["id"] == "mine"


def test_rules_the_set_cannot_support_are_refused_clearly() -> None:
    plain = checked(make_set(affinities=False))
    rich = checked(make_set())

    def check(rules: list[str], data: dict[str, Any], band: Any = None) -> dict[str, Any]:
        request = {"rules": rules, "card_set": "custom", "set": data, "level_range": band}
        return call("validate", request)

    assert "needs a card set with affinities" in check(["elemental"], plain)["error"]
    assert "needs a card set with affinities" in check(["banner"], plain)["error"]
    assert check(["banner"], rich)["ok"]
    assert "levels 4-6" in check(["level_range"], rich, [4, 6])["error"]
    assert check(["level_range"], rich, [1, 3])["ok"]
    assert "choose one" in check(["level_range"], rich)["error"]
    assert check(["draft"], rich)["ok"]
    small = checked(make_set(count=11))
    assert "a draft needs 12 cards" in check(["draft"], small)["error"]
    assert "no card set" in call("validate", {"rules": [], "card_set": "custom"})["error"]


def test_a_draft_and_a_replay_with_a_custom_set() -> None:
    data = checked(make_set())
    reply = call("new_match", {"rules": ["draft"], "seed": 5, "card_set": "custom", "set": data})
    draft = reply["draft"]
    assert len(draft["pool"]) == 12 and draft["card_set"]["name"] == "Lantern Folk"
    while "draft" in reply:
        index = next(
            i for i in range(12) if i not in reply["draft"]["blue"] + reply["draft"]["red"]
        )
        reply = call("draft_pick", {"index": index})
    view = reply["view"]
    while not view["over"]:
        player = view["to_move"]
        cell = next(i for i in range(9) if view["board"][i] is None)
        view = call("play", {"player": player, "card": 0, "cell": cell})["view"]
    record = call("match_record", {})["record"]
    assert record["set"] == "mine"
    steps = call("replay_views", json.dumps(record))["steps"]
    assert len(steps) == 10 and steps[-1]["view"]["card_set"]["id"] == "mine"


# --------------------------------------------------------------------- page


def menu(screen: Any) -> str:
    return str(screen.regions.get("r-overlay", ""))


def test_loading_a_file_chooses_it_keeps_it_and_deals_from_it() -> None:
    async def run() -> None:
        s = store()
        app, screen, _ = make_app(s, use_dealer=True)
        await start(app)
        app.click("action", "rules")
        assert 'data-import="cardset"' in menu(screen) and "Load a card set" in menu(screen)
        await app.import_file("cardset", text(make_set()))
        await settle(app)
        assert app.settings["card_set"] == "custom"
        assert json.loads(s.get(prefs.KEY))["card_set"] == "custom"
        assert json.loads(s.get(customset.KEY))["set"]["id"] == "mine"
        html = menu(screen)
        assert 'data-set="custom"' in html and "Lantern Folk" in html and "data-custom-note" in html
        assert 'data-do="custom_remove"' in html
        app.click("do", "new")
        leave_yes(app)
        await settle(app)
        assert (
            app.match.view["card_set"]["id"] == "mine" and app.match.playing["card_set"] == "custom"
        )
        # The next visit finds it chosen, and deals it before the engine is up.
        again, _screen2, _ = make_app(s, use_dealer=True)
        again.start()
        assert again.settings["card_set"] == "custom"
        assert (
            again.match.view is not None and again.match.view["card_set"]["name"] == "Lantern Folk"
        )
        await again.engine_ready(LocalEngine())
        await settle(again)
        assert again.match.synced and again.match.view["card_set"]["id"] == "mine"

    asyncio.run(run())


def test_a_bad_file_changes_nothing_and_says_why() -> None:
    async def run() -> None:
        s = store()
        app, screen, _ = make_app(s)
        await start(app)
        await app.import_file("cardset", text(make_set()))
        app.click("set", "elements")
        app.click("action", "rules")
        before = (s.get(prefs.KEY), s.get(customset.KEY), dict(app.settings))
        broken = make_set(set_id="other", name="Other")
        broken["cards"][2]["level"] = 12
        await app.import_file("cardset", text(broken))
        await settle(app)
        html = menu(screen)
        assert "data-custom-error" in html and "card &#39;c2&#39;: field &#39;level&#39;" in html
        assert (s.get(prefs.KEY), s.get(customset.KEY), dict(app.settings)) == before
        assert (
            app.choices.custom_set is not None and app.choices.custom_set["name"] == "Lantern Folk"
        )
        await app.import_file("cardset", "x" * (customset.MAX_CHARS + 1))
        assert "too large" in menu(screen)

    asyncio.run(run())


def test_removing_the_set_brings_the_houses_back() -> None:
    async def run() -> None:
        s = store()
        app, screen, _ = make_app(s)
        await start(app)
        await app.import_file("cardset", text(make_set()))
        app.click("action", "rules")
        app.click("do", "custom_remove")
        await settle(app)
        assert app.settings["card_set"] == "houses" and app.choices.custom_set is None
        assert s.get(customset.KEY) is None
        assert 'data-set="custom"' not in menu(screen) and "data-custom-note" in menu(screen)

    asyncio.run(run())


def test_a_broken_stored_set_falls_back_with_a_notice() -> None:
    s = store()
    prefs.save(s, dict(prefs.defaults(), card_set="custom", rules=["same"]))
    s.set(customset.KEY, '{"version": 1, "set": {"id": "x"')
    app, screen, _ = make_app(s)
    app.start()
    assert app.settings["card_set"] == "houses" and app.settings["rules"] == ["same"]
    assert "could not be read" in screen.regions["r-notice"]
    assert s.get(customset.BROKEN_KEY) == '{"version": 1, "set": {"id": "x"'
    assert app.match.view is not None and app.match.view["card_set"]["id"] == "houses"


def test_the_menu_says_when_the_set_cannot_support_the_rules() -> None:
    async def run() -> None:
        app, screen, _ = make_app()
        await start(app)
        await app.import_file("cardset", text(make_set(affinities=False)))
        app.click("action", "rules")
        await settle(app)
        # Banner is on by default, and this set has no banners.
        assert app.settings["card_set"] == "custom"
        assert "needs a card set with affinities" in menu(screen)
        app.click("rule", "banner")
        await settle(app)
        assert "menu-error" not in menu(screen)
        app.click("rule", "banner")
        await settle(app)
        assert app.settings["card_set"] == "custom"
        assert "needs a card set with affinities" in menu(screen)
        app.click("rule", "banner")
        app.click("rule", "level_range")
        app.click("band", "7-9")
        await settle(app)
        assert "levels 7-9" in menu(screen)
        app.click("band", "1-3")
        await settle(app)
        assert "menu-error" not in menu(screen)

    asyncio.run(run())


def test_deal_codes_name_the_custom_set_and_the_share_line_says_so() -> None:
    async def run() -> None:
        app, screen, _ = make_app()
        await start(app)
        await app.import_file("cardset", text(make_set()))
        app.new_match()
        await settle(app)
        app.click("action", "rules")
        html = menu(screen)
        assert "data-share-own" in html and "data-share>" not in html
        code = app.choices.deal_code(app.match.playing)
        assert "-MINE-" in code
        assert read_deal_code(code, "mine")["card_set"] == "custom"
        with pytest.raises(ValueError, match="'mine', which is not on this page"):
            read_deal_code(code)

    asyncio.run(run())


def test_a_code_for_an_unknown_set_starts_normally_with_a_notice() -> None:
    from triad.collection import dealcode

    app, screen, _ = make_app()
    app.start(dealcode.encode(5, ["same"], "friends_set"))
    assert "asks for a card set this page does not have" in screen.regions["r-notice"]
    assert app.match.view is not None and app.match.playing["card_set"] == "houses"


def test_every_text_of_a_hostile_set_is_drawn_as_text() -> None:
    async def run() -> None:
        app, screen, _ = make_app(use_dealer=True)
        await start(app)
        app.settings["mode"] = "hotseat"
        await app.import_file("cardset", text(hostile_set()))
        app.click("action", "rules")
        await settle(app)
        seen = [menu(screen)]
        app.click("do", "new")
        leave_yes(app)
        await settle(app)
        while not app.match.view["over"]:
            player = app.match.view["to_move"]
            cell = next(i for i in range(9) if app.match.view["board"][i] is None)
            app.click("card", (player, "0"))
            app.click("cell", str(cell))
            seen.append("".join(screen.regions.values()))
            app.click("cell", str(cell))
            await settle(app)
        seen.append("".join(screen.regions.values()))
        app.settings["rules"] = ["draft"]
        app.new_match()
        await settle(app)
        seen.append(menu(screen))
        assert "draft" in seen[-1]
        page = "".join(seen)
        for raw in [*HOSTILE, '"co"', "<script"]:
            assert raw not in page
        assert "&lt;img src=x onerror=&quot;document" in page
        assert "&lt;/div&gt;&lt;b&gt;bold&lt;/b&gt;" in page
        assert "Salt &amp;amp; Pepper" in page
        assert "Tom &quot;Quote&quot; O&#39;Neil" in page
        # No tag in the page comes from the set: every "<" it holds is escaped.
        for tag in re.findall(r"<([a-zA-Z]+)", page):
            assert tag not in ("img", "script")
        assert "<b>" not in page

    asyncio.run(run())


class HeldValidate(LocalEngine):
    """The engine, holding back its answers to `validate` until `held` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.held = asyncio.Event()

    async def call(self, name: str, payload: str, more: str | None = None) -> str:
        if name == "validate":
            await self.held.wait()
        return await super().call(name, payload, more)


def test_closing_the_rule_menu_cancels_its_check_under_way() -> None:
    """The menu's check runs in a scope of the menu's: closing the menu cancels it, so its
    answer, coming late, is never shown (no flag read after the await)."""

    async def run() -> None:
        app, _screen, _ = make_app()
        app.start()
        engine = HeldValidate()
        await app.engine_ready(engine)
        await settle(app)
        app.click("action", "rules")
        app.click("rule", "banner")  # a check of these choices, then of the next ones
        await settle(app, 20)
        assert app.choices.checking is not None
        (check,) = app.choices.checking.running()  # (the last choices' only)
        app.click("action", "rules")  # the menu closes
        await settle(app, 20)
        assert app.panel is None and check.cancelled()
        app.settings["card_set"] = "custom"  # (no such set: a check would find an error)
        app.choices.recheck_menu()  # (a choice made once the menu closed checks nothing)
        engine.held.set()
        await settle(app)
        assert app.choices.menu_error == ""
        assert [name for name, _ in engine.calls].count("validate") == 0

    asyncio.run(run())


def test_a_broken_file_is_said_in_an_alert_with_its_reason_and_the_set_stays_in_use() -> None:
    """A file with a card out of range, then one that is not JSON: each refused aloud with
    its reason, nothing stored changes, and the next match deals from the set kept."""

    async def run() -> None:
        s = store()
        app, screen, _ = make_app(s, use_dealer=True)
        await start(app)
        app.click("action", "rules")
        await app.import_file("cardset", text(make_set()))
        await settle(app)
        before = (s.get(prefs.KEY), s.get(customset.KEY))
        broken = make_set(set_id="other", name="Other")
        broken["cards"][4]["right"] = 11
        await app.import_file("cardset", text(broken))
        await settle(app)
        alert = re.search(
            r'<div class="menu-error" role="alert" data-custom-error>(.*?)</div>',
            menu(screen),
            re.S,
        )
        assert alert is not None, menu(screen)
        assert "card &#39;c4&#39;: field &#39;right&#39; must be 1..10, got 11" in alert.group(1)
        await app.import_file("cardset", "these are not cards")
        await settle(app)
        assert "not valid JSON" in menu(screen) and 'role="alert" data-custom-error' in menu(screen)
        assert (s.get(prefs.KEY), s.get(customset.KEY)) == before
        assert re.search(
            r'data-set="custom"[^>]*aria-pressed="true"[^>]*>Lantern Folk<', menu(screen)
        )
        app.click("do", "new")
        leave_yes(app)
        await settle(app)
        names = [c["name"] for c in app.match.view["hands"]["blue"]]
        assert len(names) == 5 and all(n.startswith("Keeper") for n in names), names

    asyncio.run(run())


def test_a_draft_deals_its_pool_from_the_loaded_set_and_is_played_from_it() -> None:
    """A set loaded from the menu, then a new match under Draft: the pool's twelve come
    from the set, the player picks in turn, both hands and the table hold its cards."""

    async def run() -> None:
        s = store()
        app, screen, _ = make_app(s, use_dealer=True)
        app.settings["rules"] = ["draft", "open"]
        await start(app)
        await app.import_file("cardset", text(make_set()))
        app.click("action", "rules")
        await settle(app)
        app.click("do", "new")
        leave_yes(app)
        await settle(app)
        assert app.panel == "draft"
        pool = app.match.draft["pool"]
        assert len(pool) == 12 and all(c["name"].startswith("Keeper") for c in pool), pool
        assert pool[0]["name"] in screen.regions["r-overlay"]
        picks = 0
        while app.panel == "draft":
            draft = app.match.draft
            taken = set(draft["blue"]) | set(draft["red"])
            app.click("draft", str(next(i for i in range(12) if i not in taken)))
            await settle(app)
            picks += 1
        assert picks == 5
        for player in ("blue", "red"):
            names = [c["name"] for c in app.match.view["hands"][player]]
            assert len(names) >= 4 and all(n.startswith("Keeper") for n in names), names
        await play_out(app)
        assert app.match.view["over"]
        placed = [slot["card"]["name"] for slot in app.match.view["board"] if slot]
        assert len(placed) == 9 and all(n.startswith("Keeper") for n in placed), placed

    asyncio.run(run())
