"""The page's HTML: frame, score bar, panels, orders, timeline, console; all text escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.ui.catch.helpers import recorded
from triad.ui.catch import render
from triad.ui.catch import store as saved
from triad.ui.catch.client import Entry, Verdict
from triad.ui.look.text import set_language


class Tags(HTMLParser):
    """Collects start tags with their attributes, and checks the HTML nests properly."""

    VOID = {"input", "br", "img", "meta", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def tags(html: str) -> Tags:
    parser = Tags()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    return parser


def acts(html: str) -> list[tuple[str | None, str | None]]:
    return [(a.get("data-act"), a.get("data-arg")) for _, a in tags(html).tags if "data-act" in a]


def test_the_frame_has_every_region_and_a_way_back() -> None:
    html = render.frame()
    ids = {a.get("id") for _, a in tags(html).tags}
    for region in ("c-tabs", "c-score", "c-map", "c-banner", "c-panel", "c-overlay", "c-notice"):
        assert region in ids
    assert 'href="./index.html"' in html
    assert [a for a in acts(render.tabs("watch"))] == [
        ("mode", "play"),
        ("mode", "watch"),
        ("mode", "editor"),
    ]
    assert 'aria-pressed="true" data-act="mode"' not in render.tabs("watch")
    assert re.search(r'class="tab on"[^>]*data-arg="watch"', render.tabs("watch"))


def test_the_score_bar_counts_points_and_triangles() -> None:
    state = recorded()["frame"]["state"]
    html = render.scorebar(["You", "Planner <3>"], state)
    text = "".join(tags(html).text)
    owned = [sum(1 for t in state["triangles"] if t[3] == p) for p in (0, 1)]
    total = len(state["triangles"])
    assert f"{state['scores'][0]} pts" in text and f"{state['scores'][1]} pts" in text
    assert f"{owned[0]} / {total}" in text and f"{owned[1]} / {total}" in text
    assert f"Turns played: {state['turn']} / 200" in text  # (the console names turn N+1)
    assert "Planner &lt;3&gt;" in html
    assert render.scorebar(["a", "b"], {}) == ""
    set_language("fr")
    try:
        text = "".join(tags(render.scorebar(["Vous", "Planner"], state)).text)
        assert f"Tours joués\u00a0: {state['turn']} / 200" in text
    finally:
        set_language("en")


def test_the_result_banner_names_the_winner() -> None:
    names = ["You", "Greedy"]
    assert "You win!" in render.banner({"winner": 0, "reason": "r"}, names, 0)
    assert "Greedy wins" in render.banner({"winner": 1, "reason": "r"}, names, 0)
    assert "Draw" in render.banner({"winner": None, "reason": "<r>"}, names, None)
    assert "&lt;r&gt;" in render.banner({"winner": None, "reason": "<r>"}, names, None)
    assert render.banner(None, names) == ""


def test_the_prompt_offers_the_selections_controls() -> None:
    move = render.play_prompt(
        {
            "prompt": ("prompt_move", {"house": 7, "amount": 2}),
            "house": 7,
            "amount": 2,
            "available": 5,
        }
    )
    assert "Move from house 7" in move
    assert acts(move) == [("amount", "1"), ("amount", "3"), ("amount", "5"), ("cancel", None)]
    tri = render.play_prompt(
        {"prompt": ("prompt_spawn", {"a": 1, "b": 2, "c": 3}), "tri": [3, 1, 2], "action": "SPAWN"}
    )
    assert acts(tri)[:4] == [
        ("action", "SPAWN"),
        ("action", "ATTACK"),
        ("action", "ADD_PATH"),
        ("action", "REMOVE_PATH"),
    ]
    assert 'data-selected="1-2-3"' in tri
    assert re.search(r'class="act on"[^>]*data-arg="SPAWN"', tri)


def test_the_orders_list_shows_each_order_its_check_and_its_tools() -> None:
    html = render.play_orders(
        {
            "items": [["MOVE", 1, 2, 3], ["ATTACK", 4, 5, 6, 9], ["REMOVE_PATH", 4, 5, 6, 8]],
            "checks": [
                Verdict({"ok": True, "detail": "moved 3 to house 2"}),
                Verdict({"ok": False, "detail": "no unit <stood>"}),
                Verdict({"ok": True, "detail": "removed path 4-8"}),
            ],
            "line": "MOVE 1 2 3;ATTACK 4 5 6 9;REMOVE_PATH 4 5 6 8",
        }
    )
    text = "".join(tags(html).text)
    assert "Move 3 from 1 to 2" in text and "Attack 9 from triangle 4 5 6" in text
    assert "Cut path 4–8 (triangle 4 5 6)" in text
    assert "no unit <stood>" in text and "&lt;stood&gt;" in html
    assert html.count('class="order bad"') == 1
    assert ("adjust", "0:-1") in acts(html) and ("remove", "2") in acts(html)
    assert ("adjust", "1:1") not in acts(html)
    assert "End turn" in text
    empty = render.play_orders({"items": [], "busy": True})
    assert "Wait a turn" in empty and re.search(r'data-act="end_turn" aria-disabled="true"', empty)


def test_the_turn_log_lists_both_players_events_and_messages() -> None:
    entry = Entry(recorded()["frame"]["entry"])
    html = render.turn_log(entry, ["Blue", "Red"])
    assert len(re.findall(r"<li class=\"p[01]", html)) >= len(entry.outcomes)
    forfeit = render.turn_log(Entry({"turn": 4, "forfeit": "Bot <x> timed out"}), ["a", "b"])
    assert "Forfeit: Bot &lt;x&gt; timed out" in forfeit
    said = render.turn_log(
        Entry({"turn": 1, "outcomes": [], "messages": ["", "hi <there>"], "events": []}),
        ["a", "b"],
    )
    assert "b says: “hi &lt;there&gt;”" in said
    assert render.turn_log(None, ["a", "b"]) == ""


def test_the_timeline_disables_what_cannot_be_done() -> None:
    start = render.timeline({"total": 30, "at": 0, "playing": False, "speed": "1"})
    disabled = {
        a.get("data-act") + ":" + (a.get("data-arg") or "")
        for _, a in tags(start).tags
        if "disabled" in a
    }
    assert disabled == {"seek:0", "step:-1"}
    end = render.timeline({"total": 30, "at": 30, "playing": False, "speed": "4"})
    disabled = {
        a.get("data-act") + ":" + (a.get("data-arg") or "")
        for _, a in tags(end).tags
        if "disabled" in a
    }
    assert disabled == {"play:", "step:1", "seek:30"}
    playing = render.timeline({"total": 30, "at": 12, "playing": True, "speed": "4"})
    assert ("pause", None) in acts(playing) and 'value="12"' in playing and 'max="30"' in playing
    assert re.search(r'class="chip on"[^>]*data-arg="4"', playing)
    assert "Pick two bots" in render.timeline({})


def test_the_editor_panels_escape_names_and_code() -> None:
    doc = saved.defaults()
    saved.put(doc, '<img src=x onerror="alert(1)">', "x = '</textarea>'")
    files = render.editor_files(doc, doc["current"])
    assert "<img" not in files and "&lt;img" in files
    panel = render.panel("editor", {"code": "x = '</textarea><b>'"})
    assert "&lt;/textarea&gt;&lt;b&gt;" in panel
    tags(panel)
    run = render.editor_run(
        {"opponent": "planner", "seed": 3, "limits": "slow", "running": True, "status": "<ok>"}
    )
    assert ("stop", None) in acts(run) and ("run", None) not in acts(run)
    assert "&lt;ok&gt;" in run and re.search(r'value="slow" selected', run)
    console = render.console([("err", "a < b\n"), ("bad", "Traceback")])
    assert console == '<span class="c-err">a &lt; b\n</span><span class="c-bad">Traceback</span>'
    assert "c-empty" in render.console([])


def test_the_help_dialog_explains_the_marks() -> None:
    html = render.help_dialog()
    tags(html)
    assert 'role="dialog"' in html and ("close_help", None) in acts(html)
    assert "circles" in html and "diamonds" in html
