"""Triangle Catch page: time to draw the map and the page's regions, CPython and MicroPython.

    python bench/bench_catch_page.py            # CPython here, then MicroPython in Node
    python bench/bench_catch_page.py --here     # only the running interpreter

The page redraws the map (one SVG string) after every turn and every click;
this measures `board.render_map` on a recorded position (flat and turned
upright, with orders and last turn's marks) and a whole `CatchApp.draw` of
the play mode with a fake screen. Under MicroPython (the page's main thread)
the figures are what a click costs before the browser paints. Prints figures
only; never fails on time.
"""

import sys

if "/lib" not in sys.path:
    sys.path.insert(0, "/lib")

import json
import time

ROUNDS = 30


def clock_ms() -> float:
    if hasattr(time, "ticks_us"):
        return time.ticks_us() / 1000  # MicroPython
    return time.perf_counter() * 1000


def load_fixture() -> dict:
    for base in ("/lib", "."):
        try:
            with open(base + "/tests/ui/catch/fixture.json") as f:
                return json.load(f)
        except OSError:
            pass
    raise OSError("tests/ui/catch/fixture.json not found")


def measure(label: str, run) -> None:
    run()
    start = clock_ms()
    for _ in range(ROUNDS):
        run()
    took = (clock_ms() - start) / ROUNDS
    print("  " + label + " " * max(1, 34 - len(label)) + str(round(took, 2)) + " ms")


def main() -> None:
    from triad.ui.catch import board
    from triad.ui.catch.app import CatchApp
    from triad.ui.catch.play import PlayMatch

    data = load_fixture()
    game_map = data["view"]["map"]
    frame = data["frame"]
    state = frame["state"]
    marks = {
        "last": board.turn_marks(frame["entry"]),
        "captured": board.captured_triangles(frame["entry"]),
        "names": ["You", "Planner"],
    }
    size = len(board.render_map(game_map, state, marks))
    print("map SVG: " + str(size) + " characters, " + str(len(game_map["houses"])) + " houses")
    measure("render_map, flat", lambda: board.render_map(game_map, state, marks))
    upright = dict(marks)
    upright["portrait"] = True
    measure("render_map, upright", lambda: board.render_map(game_map, state, upright))

    class Screen:
        def mount(self, html):
            pass

        def update(self, region, html):
            pass

        def set_flag(self, name, on):
            pass

        def set_data(self, name, value):
            pass

        def value(self, ident):
            return None

        def scroll_bottom(self, ident):
            pass

    class Store:
        def get(self, key):
            return None

        def set(self, key, value):
            pass

    async def sleep(ms):
        pass

    app = CatchApp(Screen(), Store(), sleep, lambda: 1)
    app.start("play")
    app.engine = object()
    view = {"map": game_map, "state": state, "linkable": data["view"]["linkable"]}
    app.play.match = PlayMatch(view, ["You", "Planner"])
    app.play.match.last = frame["entry"]

    def refresh() -> None:
        app.shown = {}  # every region written, as after a turn
        app.draw()

    measure("CatchApp.draw, every region", refresh)


def run_micropython() -> None:
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    node = shutil.which("node")
    if node is None:
        print("== MicroPython: skipped (no node)")
        return
    # (No starred unpacking in this file: MicroPython compiles all of it.)
    paths = (root / "triad" / "ui").rglob("*.py")
    files = [
        str(p.relative_to(root))
        for p in paths
        if p.name != "main.py" and "__pycache__" not in p.parts
    ]
    files.append("tests/ui/catch/fixture.json")
    print("== MicroPython (Node)", flush=True)
    command = [node, str(root / "bench" / "micropython_runner.mjs"), __file__]
    command.extend(files)
    subprocess.run(command, cwd=root, check=False)


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main()
    else:
        from pathlib import Path

        root = Path(__file__).resolve().parent.parent
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        print("== CPython " + sys.version.split()[0])
        main()
        if "--here" not in sys.argv:
            run_micropython()
