# Run by test_micropython.py under MicroPython (Node) and under CPython: both must print the same.
# Exercises every main-thread module: the local deal, rendering of all regions and dialogs,
# the input machine through App's key handling, settings, the animation plan.
import sys

if "/lib" not in sys.path:
    sys.path.insert(0, "/lib")

from triad.ui import anim, menu, render, rulebook, settings
from triad.ui.app import App
from triad.ui.icons import affinity_table
from triad.ui.input import Selection
from triad.ui.local import dealer


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
print(app.pending, app.sel.phase, sorted(screen.flags.items()))
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
        dict(app.view, over=True, winner="red", scores={"blue": 3, "red": 7}), app.ctx()
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
