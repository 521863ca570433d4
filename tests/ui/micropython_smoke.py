# Run by test_micropython.py under MicroPython (Node) and under CPython: both must print the same.
# Exercises every main-thread module: the local deal, rendering of all regions and dialogs,
# the input machine through App's key handling, settings, the animation plan.
import sys

if "/lib" not in sys.path:
    sys.path.insert(0, "/lib")

from triad.pageview import dealer
from triad.ui.look import anim, render
from triad.ui.look.icons import affinity_table
from triad.ui.menu import rulebook
from triad.ui.menu import rules as menu
from triad.ui.page import settings
from triad.ui.page.app import App
from triad.ui.table.input import Selection


class Screen:
    def __init__(self):
        self.regions = {}
        self.flags = {}

    def mount(self, html):
        self.regions["app"] = html

    def update(self, region, html):
        self.regions[region] = html

    def set_flag(self, name, on):
        self.flags[name] = bool(on)

    def say(self, region, text, keep):
        self.regions[region] = self.regions.get(region, "") + "<p>" + text + "</p>"

    def scroll_to(self, ident):
        pass

    def set_data(self, name, value):
        pass

    def focus(self, selector):
        pass

    def now(self):
        return 0.0


class Sound:
    def play(self, name):
        pass


async def sleep(ms):
    pass


def show(title, html):
    print("== " + title + " " + str(len(html)))
    print(html)


for rules, set_id in (
    (["banner", "three_open", "power_wall"], "houses"),
    (["elemental", "open", "same", "combo"], "elements"),
    (["broken_wall", "sudden_death"], "houses"),
):
    for seed in (1, 987654321):
        view = dealer({"rules": rules, "seed": seed, "card_set": set_id})
        info = view["card_set"]
        ctx = {
            "sel": Selection(),
            "humans": ["blue"],
            "aff": affinity_table(info["kind"], info["affinities"]),
            "mode": "cpu",
        }
        parts = render.regions(view, ctx)
        for key in sorted(parts):
            show(set_id + " " + str(seed) + " " + key, parts[key])

store = settings.SafeStore(settings.MemoryStore())
store.set(
    settings.KEY,
    '{"version": 1, "rules": ["same", "plus"], "level": "expert", "sound": false, '
    '"card_set": "houses", "mode": "hotseat"}',
)
screen = Screen()
seeds = [5, 6, 7]
app = App(screen, store, Sound(), sleep, lambda: seeds.pop(0), dealer, True)
app.start()
for key in ("ArrowDown", "z", "ArrowRight", "ArrowUp", "Enter"):
    app.key(key)
    for region in ("r-board", "r-side-blue", "r-side-red", "r-status"):
        show(key + " " + region, screen.regions[region])
print(app.match.pending, app.match.sel.phase, sorted(screen.flags.items()))
app.click("action", "rules")
show("menu", screen.regions["r-overlay"])
app.click("rule", "plus_wall")
saved = settings.parse(store.get(settings.KEY))[0]
print(app.settings["rules"], sorted(saved.items()))
app.click("action", "info")
show("rulebook", screen.regions["r-overlay"])
show(
    "result",
    render.render_result(
        dict(app.match.view, over=True, winner="red", scores={"blue": 3, "red": 7}), app.ctx()
    ),
)
show("menu-error", menu.render_menu(settings.defaults(), {"rules": []}, "bad <rules>"))
show("rulebook-plain", rulebook.render_rulebook([]))
events = [
    {"kind": "place", "cells": [4]},
    {"kind": "plus", "cells": [1]},
    {"kind": "combo", "cells": [0]},
]
board = [None] * 9
board[1] = {"card": {"id": "a"}, "owner": "red"}
board[0] = {"card": {"id": "b"}, "owner": "red"}
for step in anim.plan(board, "blue", 4, {"id": "c"}, events):
    print(
        step["do"],
        step.get("callout"),
        step["ms"],
        step["sound"],
        [None if s is None else s["owner"] for s in step["board"]],
    )
broken, notice = settings.parse("{broken")
print(sorted(broken.items()), notice)

# Collection mode: the panels, the deck, the trade and the replay bar from a known state.
from triad.ui.collection import album  # noqa: E402
from triad.ui.look.text import set_language  # noqa: E402
from triad.ui.menu.choices import read_deal_code  # noqa: E402
from triad.ui.page.leave import render_leave  # noqa: E402
from triad.ui.page.overlays import render_board_seen, render_pause  # noqa: E402
from triad.ui.study.replay import render_replay_bar  # noqa: E402

coll = app.coll
coll.status = "ready"
coll.save = "{}"
coll.summary = {"found": 2, "size": 110, "total": 3, "pending": None}
coll.opponents = [
    {
        "id": "a",
        "name": "Ann <b>",
        "house": "tide",
        "title": {"en": "Ferry", "fr": "Passeur"},
        "place": {"en": "Dock", "fr": "Quai"},
        "blurb": {"en": "Hi", "fr": "Salut"},
        "level": "random",
        "rules": ["open"],
        "trade": "one",
        "unlocked": True,
        "beaten": False,
        "deals_random": False,
        "stats": {"wins": 1, "losses": 0, "draws": 2},
    },
    {
        "id": "b",
        "name": "Bo",
        "house": "ember",
        "level": "master",
        "rules": [],
        "trade": "all",
        "unlocked": False,
        "beaten": False,
        "deals_random": True,
        "stats": None,
    },
]
card = {
    "id": "c1",
    "name": "Kit",
    "level": 2,
    "top": 1,
    "right": 10,
    "bottom": 3,
    "left": 4,
    "affinity": "tide",
    "copies": 2,
}
coll.owned = [card]
coll.album = {"cards": [card, dict(card, id="c2", copies=0)], "found": 1, "size": 2}
coll.history = [{"opponent": "a", "outcome": "win", "score": [6, 4], "given": ["c2"]}]
coll.deck = ["c1"]
coll.opponent = coll.opponents[0]
coll.choice = {"count": 1, "candidates": ["c1", "zz"], "opponent": "a", "error": None}
coll.picks = [0]
coll.result = {
    "status": "applied",
    "outcome": "loss",
    "taken": [],
    "given": ["c1", "c1"],
    "kept_out": [],
    "topped_up": ["c1"],
    "unlocked": ["b"],
}
aff = app.houses_aff()
for lang in ("en", "fr"):
    set_language(lang)
    for tab in ("ladder", "album", "history", "save"):
        coll.tab = tab
        show(lang + " coll " + tab, album.render_collection(coll, aff, tab == "save"))
    show(lang + " deck", album.render_deck(coll, aff))
    show(lang + " trade", album.render_trade(coll, aff))
    for line in album.trade_lines(coll):
        print(line)
    show(lang + " replay", render_replay_bar(3, 9, {"rematch": True, "view": {}}))
    show(lang + " leave", render_leave(None) + render_leave("Ann"))
    show(lang + " board seen", render_board_seen() + render_pause())
set_language("en")
print(sorted(read_deal_code("T1-HOUSES-1S-1O7FXHR-HR").items()))
try:
    read_deal_code("T1-HOUSES-1S-1O7FXHR-HA")
except ValueError as e:
    print("refused", e)
draft_view = {
    "pool": [card, dict(card, id="c2"), dict(card, id="c3")],
    "blue": [1],
    "red": [0],
    "to_pick": "blue",
}
show("draft", render.render_draft(draft_view, [0], app.ctx()))

# The player's own card set: kept, dealt here, drawn as text, and refused when broken.
from triad.ui.menu import customset  # noqa: E402

own_cards = []
for i in range(12):
    own_cards.append(
        {
            "id": "o" + str(i),
            "name": ["<img src=x onerror=alert(1)>", "</div>", "A \"q\" 'b'", "S &amp; P"][i % 4],
            "title": "t" + str(i),
            "level": 1 + i % 3,
            "top": 1 + i % 9,
            "right": 2 + i % 7,
            "bottom": 3,
            "left": 9 - i % 8,
            "affinity": ["sun", None][i % 2],
        }
    )
own = {
    "id": "own",
    "name": "Own <b>set</b> & co",
    "affinity_kind": "banner",
    "affinities": [{"id": "sun", "name": "Sun <i>", "emblem": "", "color": "#123456"}],
    "cards": own_cards,
}
store = settings.SafeStore(settings.MemoryStore())
print(customset.save(store, customset.check(own)))
settings.save(store, dict(settings.defaults(), card_set="custom", mode="hotseat"))
screen = Screen()
seeds = [11, 12]
app = App(screen, store, Sound(), sleep, lambda: seeds.pop(0), dealer, True)
app.start()
print(
    app.settings["card_set"],
    app.match.view["card_set"]["name"],
    app.choices.deal_code(app.match.playing),
)
for region in ("r-board", "r-side-blue", "r-side-red"):
    show("own " + region, screen.regions[region])
app.click("action", "rules")
show("own menu", screen.regions["r-overlay"])
print(sorted(read_deal_code(app.choices.deal_code(app.match.playing), "own").items()))
store.set(customset.KEY, '{"version": 1, "set": {"id": "own"}}')
app = App(Screen(), store, Sound(), sleep, lambda: 3, dealer, True)
print(
    app.choices.custom_set, app.settings["card_set"], app.notices, store.get(customset.BROKEN_KEY)
)
# The browser's Back while a dialog shows (`BackNav`), its history a list.
from triad.ui.page.backnav import BackNav  # noqa: E402

entries = ["game"]
nav = BackNav(lambda: entries.append("dialog"), lambda: entries.pop(), lambda: print("closed"))
app.back_nav = nav
app.click("action", "rules")
print(entries, app.panel)
nav.popped()
app.click("do", "close")
print(entries, app.panel, nav.pushed, nav.ours)
# A worker's reply through the client: its values, or its refusal raised with its kind and
# its words (an exception class of the page's own, with fields).
import json  # noqa: E402

from triad import api  # noqa: E402
from triad.ui.page import client  # noqa: E402


class Answering:
    def __init__(self, reply):
        self.reply = reply

    def call(self, name, payload, more=None):
        return self.answer()

    async def answer(self):
        return self.reply


def finish(awaitable):
    try:
        awaitable.send(None)
    except StopIteration as e:
        return e.args[0] if e.args else None
    raise AssertionError("a reply that waits")


print(finish(client.match_record(Answering('{"ok": true, "record": 7}')))["record"])
for failed in (
    api.failure("line 1: not JSON", "json"),
    api.failure("match 3 is over", "stale"),
    api.failure("nothing new", "friend_old"),
    api.failure("from a newer version", "save_newer", "newer"),
    "<html>",
):
    asked = client.friend_open(
        Answering(failed if type(failed) is str else json.dumps(failed)), "", "TF"
    )
    try:
        finish(asked)
    except client.Stale as e:
        print("stale", e.code, e.words)
    except client.WorkerError as e:  # (a JSON error's words are each runtime's own)
        said = e.words if e.code else bool(e.words)
        print(type(e).__name__, e.code, isinstance(e, client.WorkerError), said, e.reply["ok"])
try:
    finish(client.play(None, 0, 4))
except client.WorkerError as e:
    print(e.code, e.error, e.words)
print(client.unwrap(finish(client.settled(client.cpu_move(Answering('{"ok": true}'))))))
