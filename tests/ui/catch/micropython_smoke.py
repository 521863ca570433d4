# Run by test_micropython.py under MicroPython (Node) and under CPython: both must print the same.
# Exercises the Triangle Catch page's main-thread modules on a recorded position: the map in both
# orientations, every panel, the orders machine by clicks, the saved-bots document, and the app's
# flows with a scripted referee.
import asyncio
import json
import sys

if "/lib" not in sys.path:
    sys.path.insert(0, "/lib")

from triad.ui.catch import board, render
from triad.ui.catch import store as saved
from triad.ui.catch.app import CatchApp
from triad.ui.catch.client import Entry, Verdict
from triad.ui.catch.orders import Board, Orders, line


def plain(value):
    """Dicts printed with sorted keys (MicroPython's dicts keep no insertion order)."""
    if isinstance(value, dict):
        return "{" + ", ".join([repr(k) + ": " + plain(value[k]) for k in sorted(value)]) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join([plain(v) for v in value]) + "]"
    return repr(value)


def show(title, html):
    print("== " + title + " " + str(len(html)))
    print(html)


for base in ("/lib", "."):
    try:
        with open(base + "/tests/ui/catch/fixture.json") as f:
            data = json.load(f)
        break
    except OSError:
        data = None
view = data["view"]
frame = data["frame"]
game_map = view["map"]
state = view["state"]

show("map", board.render_map(game_map, state, {"names": ["You", "<Planner>"]}))
show("map portrait", board.render_map(game_map, frame["state"], {"portrait": True}))
entry = Entry(frame["entry"])
marks = board.turn_marks(entry)
print(marks)
print(board.captured_triangles(entry))
show(
    "map marks",
    board.render_map(
        game_map,
        frame["state"],
        {"last": marks, "captured": board.captured_triangles(entry), "house": 3},
    ),
)

b = Board(state, view["linkable"])
o = Orders()
mine = [h for h in range(b.n) if b.mine[h] > 0]
print(mine)
print(plain(o.click_house(b, mine[0])))
print(plain(o.prompt(b)), o.targets(b))
target = b.adj[mine[0]][0]
result = o.click_house(b, target)
print(plain(result))
o.items.append(result["add"])
print(o.line(), line([]), o.available(b, mine[0]))
print(plain(o.click_triangle(b, [0, 1, 2])))
o.adjust(0, 2)
print(o.items)
o.remove(0)
print(o.items)

fb = Board(frame["state"], [], 0)
ours = fb.my_triangles()
print(ours)
if ours:
    o2 = Orders()
    print(plain(o2.click_triangle(fb, ours[0])))
    for action in ("SPAWN", "ATTACK", "ADD_PATH", "REMOVE_PATH"):
        o2.choose(fb, action)
        print(action, plain(o2.prompt(fb)), o2.targets(fb), o2.corner_choices(fb))
    print(plain(o2.marks(fb)))

show("scorebar", render.scorebar(["You", "Greedy & co"], frame["state"]))
show("banner", render.banner({"winner": 1, "reason": "player 1 owns <all>"}, ["You", "Greedy"], 0))
show("frame", render.frame())
show("tabs", render.tabs("watch"))
for mode in ("play", "watch", "editor"):
    show("panel " + mode, render.panel(mode, {"code": "print('<hi>')", "setup_open": True}))
show("setup", render.play_setup("planner", 42))
show(
    "prompt",
    render.play_prompt(
        {"prompt": ("prompt_move", {"house": 3, "amount": 2}), "house": 3, "amount": 2}
    ),
)
show(
    "prompt tri",
    render.play_prompt(
        {
            "prompt": ("prompt_action", {"a": 1, "b": 2, "c": 3}),
            "tri": [1, 2, 3],
            "action": "ATTACK",
        }
    ),
)
show(
    "orders",
    render.play_orders(
        {
            "items": [["MOVE", 1, 2, 3], ["ATTACK", 1, 2, 3, 9], ["ADD_PATH", 4, 5, 6, 7]],
            "checks": [
                Verdict({"ok": True, "detail": "moved 3 to house 2"}),
                Verdict({"ok": False, "detail": "no unit stood on house 1 the whole turn"}),
            ],
            "line": "MOVE 1 2 3;ATTACK 1 2 3 9",
        }
    ),
)
show("log", render.turn_log(entry, ["Blue <b>", "Red"]))
show("watch setup", render.watch_setup(["random", "planner"], 7, False))
show("timeline", render.timeline({"total": 40, "at": 12, "playing": True, "speed": "2"}))
show("timeline empty", render.timeline({}))
doc = saved.defaults()
saved.put(doc, "  My   <bot>  ", "print(1)")
show("files", render.editor_files(doc, "My <bot>"))
show(
    "run",
    render.editor_run(
        {"opponent": "greedy", "seed": 5, "limits": "relaxed", "running": False, "finished": True}
    ),
)
show("console", render.console([("info", "start\n"), ("err", "x < y\n"), ("bad", "Trace")]))
show("help", render.help_dialog())
print(saved.parse(saved.dump(doc))[0]["current"])
print(saved.parse("{not json")[1], saved.parse('{"version": 9}')[1])


class Screen:
    def __init__(self):
        self.regions = {}
        self.flags = {}
        self.data = {}
        self.values = {}
        self.said = []

    def mount(self, html):
        self.regions = {"app": html}

    def update(self, region, html):
        self.regions[region] = html

    def set_flag(self, name, on):
        self.flags[name] = bool(on)

    def say(self, region, text, keep):
        self.said.append(text)

    def set_data(self, name, value):
        self.data[name] = value

    def value(self, ident):
        return self.values.get(ident)

    def set_value(self, ident, text):
        self.values[ident] = text

    def scroll_bottom(self, ident):
        pass

    def download(self, name, text):
        pass

    def focus(self, selector):
        pass

    def now(self):
        return 0.0


class Store:
    def __init__(self):
        self.data = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value


async def sleep(ms):
    pass


seeds = [7]


def seed():
    seeds[0] += 1
    return seeds[0]


screen = Screen()
app = CatchApp(screen, Store(), sleep, seed)
app.start("play")
print(sorted(screen.regions), plain(screen.flags), plain(screen.data))
app.act("mode", "editor")
print(plain(screen.data), "c-files" in screen.regions, "c-run" in screen.regions)
app.act("mode", "watch")
app.act("help")
print("dialog" in screen.regions["c-overlay"], app.key("Escape"), screen.regions["c-overlay"])
app.field("wseed", "123")
app.field("bot1", "random")
print(app.watch.seed, app.watch.bots)


class Referee:
    """The referee worker (`triad.ui.page.dom.Engine.call`), answering a new match."""

    def __init__(self):
        self.calls = []

    async def call(self, name, payload, more=None):
        self.calls.append(name)
        return json.dumps({"ok": True, "view": view})


async def boot():
    app.engine_loading(0.5)
    print(plain(screen.flags), app.engine_progress)
    referee = Referee()
    await app.engine_ready(referee)
    print(referee.calls, plain(screen.flags), plain(screen.data))


pending = True  # (the runner gives MicroPython's event loop time while it is)


async def main():
    global pending
    await boot()  # the first match is dealt in a task of its own, awaited by the boot
    app.act("mode", "play")
    print(
        plain(screen.flags),
        plain(screen.data),
        app.play.game["players"],
        len(screen.regions["c-map"]),
    )
    await bot_outcomes()
    pending = False


class Runner:
    """The bot runner's transport, answering one outcome."""

    def __init__(self, status, value):
        self.outcome = (status, value)

    async def call(self, name, arg, timeout_ms):
        return self.outcome


async def bot_outcomes():
    """A bot's turn through Catch's client: its values, or its refusal raised by kind."""
    from triad.ui.catch import client

    turn = '{"ok": true, "line": "WAIT", "ms": 2.5, "stderr": ""}'
    print((await client.bot_turn(Runner("ok", turn), "", 50))["line"])
    for status, value in (
        ("timeout", None),
        ("ok", '{"ok": false, "error": "no-jspi"}'),
        ("error", "SyntaxError: oops"),
        ("ok", '{"ok": false, "error": "boom", "stderr": "Traceback"}'),
    ):
        try:
            await client.bot_start(Runner(status, value), "", 50)
        except client.WorkerError as e:
            print(type(e).__name__, e.error, e.reply.get("stderr"))


if sys.implementation.name == "micropython":
    running = [asyncio.create_task(main())]  # (the page's asyncio runs on JavaScript's loop)
else:
    asyncio.run(main())
