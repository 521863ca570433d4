"""The stack of panels over the table (`triad.ui.page.panels`): how they stack, which one
draws and takes the keys, and what Escape closes, through the page."""

import asyncio

from tests.ui.helpers import make_app
from tests.ui.test_app import start, store_with
from triad.ui.page.panels import Album, Book, Draft, Legend, Menu, Panels, Pause, Title


def kinds(panels: Panels) -> list:
    return [p.name for p in panels.stack]


def test_one_panel_of_each_kind_shows_and_the_layers_order_them() -> None:
    panels = Panels()
    panels.open(Draft())
    panels.open(Book())
    assert kinds(panels) == ["draft", "info"] and panels.dialog() == "info"
    panels.open(Pause())  # Pause over the dialog...
    panels.open(Menu())  # ...and a dialog opened while paused over Pause, in place of the other
    assert kinds(panels) == ["draft", "pause", "rules"]
    panels.open(Title())
    panels.open(Legend())  # (the title stays on top of all)
    assert kinds(panels) == ["draft", "pause", "legend", "title"]
    assert panels.close("title") and not panels.close("title")
    assert panels.close("dialog") and kinds(panels) == ["draft", "pause"]
    assert panels.dialog() == "draft" and panels.closable()  # (Pause closes with Escape)
    panels.close("pause")
    assert not panels.closable()  # (the draft is picked, never closed)


def test_escape_and_the_overlay_follow_the_stack_dialog_by_dialog() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        await start(app)
        app.click("action", "info")
        app.click("action", "legend")  # one dialog at a time: the legend replaces the rulebook
        assert app.panel == "legend" and "legend" in screen.regions["r-overlay"]
        app.key("Escape")
        assert app.panel is None and not app.paused and screen.regions["r-overlay"] == ""
        app.key("Escape")  # nothing open: Pause
        app.click("action", "collection")
        assert 'class="dialog pause"' not in screen.regions["r-overlay"]
        app.click("action", "pause")  # the bar's Pause resumes, the collection stays
        assert not app.paused and app.panel == "collection"
        app.click("action", "pause")  # Pause over the collection, then Resume
        assert 'class="dialog pause"' in screen.regions["r-overlay"] and app.panel == "collection"
        app.click("do", "pause")
        assert not app.paused and app.panel == "collection"
        app.click("do", "backdrop")  # a click beside it closes it
        assert app.panel is None and app.accepting()

    asyncio.run(run())


def test_the_trade_is_settled_first_escape_pauses_over_it() -> None:
    async def run() -> None:
        app, screen, _ = make_app(store_with(level="novice"), seed=40)
        await start(app)
        app.open_panel(Album("trade"))
        app.key("Escape")  # (it does not close: Pause shows over it)
        assert app.paused and app.panel == "trade"
        assert 'class="dialog pause"' in screen.regions["r-overlay"]
        app.key("Escape")
        assert not app.paused and app.panel == "trade" and not app.accepting()
        app.click("do", "backdrop")
        assert app.panel == "trade"

    asyncio.run(run())
