"""What occupies the table takes its own keys and clicks and draws its own regions.

The page asks the table's occupant (`triad.ui.table.tabletop.Table.occupant`: the
match, a replay, the puzzle) without knowing which it is: a key goes to the top
panel, then to the occupant, then to the page; a click likewise; the occupant
draws the table's regions and its bar. While a replay or the puzzle is on the
table there is no match beside it (`app.match` is None).
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.ui.helpers import LocalEngine, make_app, open_puzzle, play_out, settle
from triad.ui.look.text import t
from triad.ui.page.scope import Scope
from triad.ui.page.services import Dialogs, Services
from triad.ui.table.board import Board, Stage
from triad.ui.table.choosing import CURSOR
from triad.ui.table.match import Around as MatchAround
from triad.ui.table.match import Match
from triad.ui.table.tabletop import Around, Table

DAY = "2026-11-23"  # a Monday: the easy puzzle, quick to make


class Sign:
    """An occupant of the table the page has never heard of: a sign on the table, which
    notes the keys and clicks it is given and takes only its own."""

    kinds = ("ply",)

    def __init__(self, board: Board) -> None:
        self.board = board
        self.scope = Scope("sign")
        self.keys: list[str] = []
        self.clicks: list[tuple[str, Any]] = []

    def end(self) -> None:
        self.scope.end()

    def may_act(self) -> bool:
        return False

    def key(self, action: str) -> bool | None:
        self.keys.append(action)
        return True if action == "right" else None

    def click(self, kind: str, value: Any) -> bool:
        self.clicks.append((kind, value))
        return kind == "ply"

    def shows(self) -> dict[str, Any]:
        return {
            "humans": ["blue", "red"],
            "mode": "hotseat",
            "card_set": None,
            "status_note": "",
            "ghosts": {},
            "replay": True,
            "verdict": None,
            "thinking": False,
            "busy": False,
            "queued": False,
            "engine_loading": False,
        }

    def regions(self, ctx: dict[str, Any]) -> dict[str, str]:
        return {"r-board": "<p>a sign</p>", "r-replay": "<p>its bar</p>"}


async def page() -> Any:
    app, screen, _ = make_app(seed=21)
    app.start()
    await app.engine_ready(LocalEngine())
    await settle(app)
    return app, screen


def test_any_occupant_takes_its_keys_and_clicks_and_draws_its_regions() -> None:
    async def run() -> None:
        app, screen = await page()
        match = app.match
        sign = Sign(Board(app.stage))
        app.seat(sign)
        assert app.table.occupant is sign and app.match is None and match.scope.ended
        app.draw()
        assert screen.regions["r-board"] == "<p>a sign</p>"
        assert screen.regions["r-replay"] == "<p>its bar</p>"
        assert app.key("ArrowRight") and sign.keys == ["right"]
        app.click("ply", "3")
        assert sign.clicks == [("ply", "3")]
        app.click("action", "pause")  # not the sign's: the page's own
        assert sign.clicks[-1] == ("action", "pause") and app.paused
        assert app.key("ArrowRight") and sign.keys == ["right"]  # (not beneath Pause)
        app.key("Escape")  # Pause's own
        assert not app.paused and sign.keys == ["right"]
        app.key("Escape")  # the sign leaves it to the page: Pause
        assert sign.keys == ["right", "pause"] and app.paused

    asyncio.run(run())


def test_a_replay_is_alone_on_the_table_and_nothing_steps_it_beneath_pause() -> None:
    async def run() -> None:
        app, screen = await page()
        await play_out(app)
        ended = app.match
        app.click("do", "replay")
        await settle(app)
        replay = app.table.occupant
        assert app.match is None and ended.scope.ended  # no ended match kept beside it
        assert "replay-bar" in screen.regions["r-replay"]
        app.key("Escape")  # Pause over the replay (its bar's Close leaves it)
        assert app.paused and app.table.occupant is replay
        app.key("ArrowRight")
        await settle(app)
        assert replay.index == 0 and screen.data["replay"] == "0"
        app.key("Escape")
        app.key("ArrowRight")
        await settle(app)
        assert replay.index == 1 and screen.data["replay"] == "1"
        app.click("do", "replay_exit")  # back to the result of the match replayed
        assert app.match is not None and app.match.view["over"] and replay.scope.ended
        assert screen.regions["r-replay"] == "" and "data-result" in screen.regions["r-overlay"]

    asyncio.run(run())


def test_the_puzzle_s_answer_is_chosen_by_keys_as_a_move_is() -> None:
    """The keys choose the puzzle's answer as they choose a match's move: the focus
    follows the cursor (a screen reader names it) and the card waiting is said."""

    async def run() -> None:
        app, screen = await page()
        puzzle = await open_puzzle(app, screen, DAY)
        assert puzzle.may_act() and app.match is None
        app.key("ArrowRight")
        assert app.chooser.keyboard and screen.focused[-1] == CURSOR
        said = len(screen.said)
        app.key("Enter")  # the card
        app.key("Enter")  # a space: the card waits there
        await settle(app)
        assert puzzle.board.sel.phase == "confirm" and screen.focused[-1] == CURSOR
        assert len(screen.said) > said

    asyncio.run(run())


def test_the_table_works_with_what_the_page_gives_it_not_the_page() -> None:
    """The table gets the page's services and a few callbacks (`tabletop.Around`): a
    replay or the puzzle taking it, and leaving it for the result it was opened over, go
    through them alone."""
    done: list[Any] = []

    class Left:  # the match a new table gets, as far as leaving a replay reads it
        def __init__(self) -> None:
            self.board = Board(Stage(*[None] * 7))

        def to(self, phase: str) -> None:
            done.append(("to", phase))

    unused = ("engine", "store", "now", "sleep", "signal", "unpaused", "held", "reduced")
    unused += ("spawn", "seed", "notice", "download", "note", "set_data")
    services = Services(draw=lambda: done.append("draw"), **dict.fromkeys(unused))
    left = Left()
    around = Around(
        lambda name: done.append(("seat", name)),
        lambda occupant: done.append(("sit", occupant)),
        lambda: done.append("close"),
        lambda playing: done.append(("new_table", playing)) or left,
        lambda: done.append("new_match"),
        lambda: done.append("deal_ahead"),
        lambda: DAY,
    )
    table = Table(None, services, around)

    class Shown:
        def start(self) -> None:
            done.append("start")

    shown = Shown()
    table.take(shown)
    assert done == [("sit", shown), "close", "start"]
    done.clear()
    over = {"over": True, "board": [None] * 9}
    table.leave((over, {"mode": "cpu"}))
    assert done == [("new_table", {"mode": "cpu"}), ("to", "over"), "draw", "deal_ahead"]
    assert left.board.view is over
    done.clear()
    table.leave((None, None))  # (opened over no match over: a new one)
    assert done == ["new_match"]


def test_a_match_works_with_what_the_page_gives_it_not_the_page() -> None:
    """A match gets the page's services and a few callbacks (`match.Around`): its draft
    shows through the page's dialogs, a move made before the engine is up is queued,
    drawn and said through them."""
    done: list[Any] = []
    unused = ("store", "now", "sleep", "signal", "unpaused", "held", "reduced", "spawn")
    unused += ("seed", "notice", "download", "note", "set_data")
    services = Services(
        engine=lambda: None, draw=lambda: done.append("draw"), **dict.fromkeys(unused)
    )
    dialogs = Dialogs(lambda panel: done.append(("open", panel.name)), None, lambda: None)
    page_scope = Scope()
    around = MatchAround(
        services,
        page_scope,
        Stage(*[None] * 7),
        None,
        None,
        dialogs,
        None,
        lambda words: done.append(("say", words)),
        *[None] * 6,
    )
    view = {"to_move": "blue", "board": [None] * 9, "hands": {"blue": [{}] * 5, "red": []}}
    match = Match(around, None, {"mode": "cpu"}, view)
    assert match.scope.parent is page_scope
    match.show_draft({"draft": {"to_pick": "blue"}})
    assert done == [("open", "draft")] and match.phase == "draft"
    done.clear()
    match.human_move((0, 4))  # (the engine is not up: the move waits for it)
    assert match.pending == (0, 4) and match.phase == "queued"
    assert done == ["draw", ("say", t("move_queued"))]
