"""The page's analysis panel and daily puzzle, driven through `App` with the worker in process."""

from __future__ import annotations

import asyncio
import datetime
import json
import re

from tests.study.helpers import random_record
from tests.ui.helpers import LocalEngine, attr_values, leave_yes, make_app, play_out, settle
from tests.ui.test_split import until
from triad.study.puzzle import daily_json
from triad.ui.collection.collect import KEY
from triad.ui.look.text import set_language
from triad.ui.study import analysis as study
from triad.ui.study import chart

DAY = "2026-11-23"  # a Monday: the easy puzzle, quick to make


def test_dates_walk_the_calendar() -> None:
    for iso in ("1970-01-01", "2024-02-29", "2026-12-31", "2000-03-01"):
        y, m, d = (int(p) for p in iso.split("-"))
        assert study.civil_from_days(study.days_from_civil(y, m, d)) == (y, m, d)
        day = datetime.date(y, m, d)
        for shift in (-400, -1, 0, 1, 365):
            assert (
                study.shift_date(iso, shift) == (day + datetime.timedelta(days=shift)).isoformat()
            )
    assert study.date_text("2026-11-23") == "23 November 2026"
    set_language("fr")
    try:
        assert study.date_text("2026-02-01") == "1 février 2026"
    finally:
        set_language("en")


def review(game: int, ply: int, player: str, side_value: int, mark: str) -> dict:
    return {"game": game, "ply": ply, "player": player, "side_value": side_value, "mark": mark}


def test_the_chart_draws_a_point_per_move_and_a_line_per_game() -> None:
    reviews = [
        review(0, 1, "blue", 0, "best"),
        review(0, 2, "red", 2, "inaccuracy"),
        review(0, 3, "blue", -4, "blunder"),
        review(1, 1, "red", 0, "best"),
    ]
    svg = chart.chart_svg([0, 2], reviews, 12, 2)
    assert attr_values(svg, "data-ply") == ["0", "1", "2", "3"]
    assert re.findall(r'class="an-pt mark-(\w+)', svg) == ["best", "inaccuracy", "blunder", "best"]
    assert svg.count("selected") == 1 and svg.count("an-rematch") == 1
    assert svg.count("an-tick") == 12 and svg.count("<polyline") == 2
    chips = study.move_chips(reviews, 12, None)
    assert chips.count("<button") == 4 and chips.count("waiting") == 8
    assert 'aria-label="Move 3, Blue: blunder"' in chips


def test_replay_is_analysed_move_by_move_and_a_move_shows_the_best_one() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=3)
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        record, _ = random_record(["open", "plus"], 13)
        await app.table.open_replay(json.dumps(record.to_json()))
        assert screen.data["analysis"] == "running" and screen.data["study"] == "analysis"
        for _ in range(100):
            await settle(app)
            if screen.data["analysis"] == "done":
                break
        assert screen.data["analysis"] == "done"
        panel = screen.regions["r-replay"]
        assert 'data-analysis-done="9"' in panel and panel.count("an-chip mark-") == 9
        reviews = app.table.occupant.analysis.state["reviews"]
        assert [r["ply"] for r in reviews] == list(range(1, 10))
        lost = next(i for i, r in enumerate(reviews) if r["lost"] > 0)
        app.click("ply", str(lost))
        r = reviews[lost]
        assert app.table.occupant.index == r["ply"] - 1
        board = screen.regions["r-board"]
        assert "ghost-played" in board and "ghost-best" in board
        text = screen.regions["r-replay"]
        assert f"Move {lost + 1} · " in text and "Best: " in text
        # A best move for the very space the card went to: that space keeps the card played,
        # and the best card carries its tag in the hand.
        hand = app.table.occupant.board.view["hands"][r["player"]]
        other = next(i for i in range(len(hand)) if i != r["move"]["card"])
        r["best_move"] = {"card": other, "cell": r["move"]["cell"]}
        app.click("ply", str(lost))
        board = screen.regions["r-board"]
        assert "ghost-played" in board and "ghost-best" not in board
        page = "".join(screen.regions.values())
        assert page.count('class="c-next ghost-tag-best">Best<') == 1
        # leaving the replay drops the panel and the marks
        app.click("do", "replay_exit")
        await settle(app)
        assert screen.data["analysis"] == "" and "an-panel" not in screen.regions["r-replay"]

    asyncio.run(run())


def test_the_daily_puzzle_is_solved_by_choosing_card_and_space() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=4)
        screen.today = lambda: DAY  # type: ignore[attr-defined]
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        assert screen.data.get("collection") == "ready"
        app.click("do", "puzzle")
        for _ in range(50):
            await settle(app)
            if screen.data["puzzle"] == "solving":
                break
        assert screen.data["puzzle"] == "solving" and screen.data["study"] == "puzzle"
        data = daily_json(datetime.date.fromisoformat(DAY))
        panel = screen.regions["r-replay"]
        assert "Puzzle of 23 November 2026" in panel and "Blue to play and" in panel
        solution = data["solution"]
        wrong = next(v for v in data["values"] if v["value"] < data["value"])
        # a wrong answer is explained and the puzzle waits again
        app.click("card", ("blue", str(wrong["card"])))
        app.click("cell", str(wrong["cell"]))
        app.click("cell", str(wrong["cell"]))
        await settle(app)
        assert screen.data["puzzle"] == "solving" and "Not this one" in screen.regions["r-replay"]
        assert app.table.occupant.board.view["board"][wrong["cell"]] is None
        app.click("do", "pz_hint")
        assert "pz-hint" in screen.regions["r-replay"]
        app.click("card", ("blue", str(solution["card"])))
        app.click("cell", str(solution["cell"]))
        app.click("cell", str(solution["cell"]))
        for _ in range(20):
            await settle(app)
        assert screen.data["puzzle"] == "solved"
        assert app.table.occupant.board.view["board"][solution["cell"]]["owner"] == "blue"
        panel = screen.regions["r-replay"]
        assert "Solved!" in panel and 'data-streak="1"' in panel and "pz-line" in panel
        saved = json.loads(app.store.get(KEY))
        assert saved["puzzles"]["solved"] == [DAY]
        # earlier days: yesterday's puzzle opens from the list
        app.click("do", "pz_days")
        yesterday = study.shift_date(DAY, -1)
        assert f'data-puzzleday="{yesterday}"' in screen.regions["r-replay"]
        app.click("puzzleday", yesterday)
        for _ in range(50):
            await settle(app)
            if screen.data["puzzle"] == "solving":
                break
        assert 'data-puzzle-date="' + yesterday + '"' in screen.regions["r-replay"]
        app.click("do", "pz_show")
        for _ in range(20):
            await settle(app)
        assert screen.data["puzzle"] == "revealed"
        assert json.loads(app.store.get(KEY))["puzzles"]["solved"] == [DAY]  # not counted
        app.click("do", "replay_exit")
        await settle(app)
        assert app.match is not None and screen.data["puzzle"] == ""

    asyncio.run(run())


def test_a_new_match_ends_the_puzzle() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=6)
        screen.today = lambda: DAY  # type: ignore[attr-defined]
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        app.click("do", "puzzle")
        for _ in range(50):
            await settle(app)
            if screen.data["puzzle"] == "solving":
                break
        app.click("action", "new")
        leave_yes(app)
        await settle(app)
        assert app.table.occupant is app.match and screen.data["study"] == ""
        assert "pz-panel" not in screen.regions.get("r-replay", "")
        assert app.match.view is not None and not app.match.view.get("puzzle")

    asyncio.run(run())


def test_the_chart_names_its_axes_and_its_colours_in_the_players_names() -> None:
    reviews = [review(0, 1, "blue", 0, "best"), review(0, 2, "red", 2, "blunder")]
    names = {"blue": "You", "red": "CPU"}
    html = chart.chart_html([0], reviews, 9, None, names)
    assert "▲ Ahead: You" in html and "▼ Ahead: CPU" in html and "Move number (1 to 9)" in html
    assert html.count('class="an-dot mark-') == 3 and "Blunder (gives up two cards" in html
    assert "Move 2, CPU: blunder" in html and "Blue" not in html and "Red" not in html
    chips = study.move_chips(reviews, 9, None, names)
    assert 'aria-label="Move 1, You: best"' in chips
    assert "Move 1, Blue: best" in study.move_chips(reviews, 9, None)


def test_a_collection_match_replayed_from_the_history_names_you_and_the_cpu() -> None:
    async def run() -> None:
        app, screen, _ = make_app(seed=3)
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        record, _ = random_record(["open"], 5)
        app.coll.history = [{"record": record.to_json()}]
        app.click("action", "collection")
        app.click("tab", "history")
        app.click("replay", "0")
        for _ in range(100):
            await settle(app)
            if screen.data.get("analysis") == "done":
                break
        assert app.table.occupant.mode == "cpu"
        panel = screen.regions["r-replay"]
        assert "Move 1, You: " in panel and ", CPU: " in panel and ", Blue: " not in panel

    asyncio.run(run())


def test_leaving_a_replay_or_the_puzzle_for_the_result_says_no_engine_loading() -> None:
    """Back on the result after the replay (or the puzzle opened from it), the engine is up:
    "Engine loading…" is not shown again (it stayed there for good)."""

    async def run() -> None:
        app, screen, _ = make_app(seed=3)
        screen.today = lambda: DAY  # type: ignore[attr-defined]
        app.start()
        await app.engine_ready(LocalEngine())
        await settle(app)
        await play_out(app)
        for opened in ("replay", "puzzle"):
            assert "data-result" in screen.regions["r-overlay"]
            assert "Engine loading" not in screen.regions["r-status"]
            app.click("do", opened)
            # (left as soon as it shows: the replay's analysis, a search of every move, and
            # the puzzle's making are not this test's; leaving ends them)
            await until(app, lambda: app.match is None and bool(screen.data.get("study")))
            app.click("do", "replay_exit")  # leave it: back to the result
            await settle(app)
            assert app.match is not None and app.match.view["over"]
            assert "Engine loading" not in screen.regions["r-status"], opened

    asyncio.run(run())
