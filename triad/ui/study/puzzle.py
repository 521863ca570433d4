"""The daily puzzle on the table (see `triad.study.puzzle`).

The puzzle of a day (the player's local date by default) is made in the
worker, then shown as a replay whose first move is the player's
(`triad.ui.study.replay.Replay`): the player picks a card and a space as in a match;
a right answer plays the solution out and its whole line can be stepped
through; a hint names the card; earlier days are a click away; days solved and
the streak are kept in the collection save. A `Puzzle` is an occupant of the
table, with its own board and scope.

Runs on the main thread under MicroPython.
"""

from triad.ui.look.html import attrs, esc
from triad.ui.look.speech import CELL_KEYS
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.study.analysis import (
    EARLIER_DAYS,
    card_name,
    date_text,
    iso_date,
    score_text,
    shift_date,
    short_date,
    st,
)
from triad.ui.study.replay import Replay, render_replay_bar
from triad.ui.table.choosing import CHOOSING


def today(screen) -> str:
    """The player's local date, ``YYYY-MM-DD`` (the screen's, in tests)."""
    if hasattr(screen, "today"):
        return screen.today()
    import time

    y, m, d = time.localtime()[:3]
    return iso_date(y, m, d)


class Puzzle(Replay):
    """The puzzle of a day on the table: made, answered, then its line stepped through."""

    def __init__(self, seat, day: str, back: tuple, leave, open_day, progress=None) -> None:
        super().__init__(seat, [], None, back, leave)
        self.open_day = open_day  # (day, progress): the puzzle of another day takes the table
        self.puzzle: dict = {
            "date": day,
            "status": "making",
            "tries": 0,
            "data": None,
            "hint": False,
            "message": "",
            "credited": False,
        }
        #: {"solved", "streak", "best_streak"} from the save (the last puzzle's, until read).
        self.progress: dict | None = progress
        self.days_open = False

    def start(self) -> None:
        """The puzzle is on the table: it is made in the worker, in its scope."""
        seat = self.seat
        seat.set_data("puzzle", "making")
        seat.set_data("study", "puzzle")
        seat.draw()
        self.scope.spawn(self.load(self.puzzle, self.puzzle["date"]))

    def end(self) -> None:
        super().end()
        self.seat.set_data("puzzle", "")

    def status_note(self) -> str:
        """The line above the board once the puzzle is answered (its line is no turn to play)."""
        p = self.puzzle
        if p["status"] not in ("solved", "revealed"):
            return ""
        return st("pz_status_" + p["status"])

    async def load(self, p: dict, day: str) -> None:
        seat = self.seat
        # Opened before the engine is up (a first visit): it is made once the engine is.
        await seat.signal.until(lambda: seat.engine() is not None or seat.engine_failed())
        while True:
            try:
                asked = client.puzzle_steps(seat.engine(), date=day, budget_ms=250)
                reply = await seat.coll.answer(asked)
            except client.WorkerError as e:
                p["status"] = "failed"
                p["message"] = e.words
                seat.set_data("puzzle", "failed")
                seat.draw()
                return
            if reply.get("steps"):
                break
            p["tries"] = reply.get("tries", 0)
            seat.draw()
        p["data"] = reply["puzzle"]
        p["status"] = "solving"
        self.steps = reply["steps"]
        self.go(0)
        await self.load_progress()
        if day in ((self.progress or {}).get("solved") or []):
            p["credited"] = True
        self.begin_move(p)

    async def load_progress(self) -> None:
        seat = self.seat
        save = seat.coll.save
        if save is None:
            return
        try:
            asked = client.puzzle_progress(seat.engine(), save, today=seat.today())
            self.progress = (await seat.coll.answer(asked))["puzzles"]
        except client.WorkerError:  # (no progress shown)
            pass

    def begin_move(self, p: dict) -> None:
        """The player picks a card and a space of the puzzle `p`, as in a match."""
        seat = self.seat
        view = self.board.view
        empty = [i for i in range(9) if view["board"][i] is None]
        self.board.sel.begin("blue", len(view["hands"]["blue"]), empty)
        seat.set_data("puzzle", p["status"])
        seat.draw()

    def solving(self) -> bool:
        return self.puzzle["status"] == "solving" and self.index == 0

    def may_act(self) -> bool:
        """The player picks the puzzle's answer, as in a match."""
        return self.solving() and self.board.sel.active

    def human_move(self, move) -> None:
        """The player's answer: the solution plays out, another move is explained."""
        seat = self.seat
        p = self.puzzle
        if p is None or not self.solving():
            return  # (the puzzle is not there yet, or already answered)
        card, cell = move
        data = p["data"]
        self.board.sel.end()
        solution = data["solution"]
        if card == solution["card"] and cell == solution["cell"]:
            p["status"] = "solved"
            p["message"] = st("pz_solved", score=score_text(data["value"]))
            seat.set_data("puzzle", "solved")
            seat.say(p["message"])  # then the replay says the move
            seat.spawn(self.after_solved(p))
            self.forward()
            return
        value = None
        for entry in data["values"]:
            if entry["card"] == card and entry["cell"] == cell:
                value = entry["value"]
        hand = self.board.view["hands"]["blue"]
        p["message"] = st(
            "pz_wrong",
            card=card_name(hand[card] if card < len(hand) else None),
            cell=st(CELL_KEYS[cell]),
            after=score_text(value if value is not None else 0),
        )
        p["status"] = "solving"
        seat.say(p["message"])
        seat.sound("draw")
        self.begin_move(p)

    async def after_solved(self, p: dict) -> None:
        """Keep the solved day in the collection save (once; not after the solution was shown)."""
        seat = self.seat
        if p["credited"]:
            return
        p["credited"] = True
        coll = seat.coll
        if coll.save is None:
            p["message"] += " " + st("pz_no_save")
            seat.draw()
            return
        asked = client.puzzle_solved(seat.engine(), coll.save, today=seat.today(), date=p["date"])
        try:
            reply = await seat.coll.answer(asked)
        except client.WorkerError:  # (the day is not kept: the save stays as it was)
            reply = None
        if reply is not None and coll.write(reply["save"]):
            self.progress = reply["puzzles"]
            streak = self.progress["streak"]
            seat.say(st("pz_streak", count=streak, best=self.progress["best_streak"]))
        seat.draw()

    def hint(self) -> None:
        seat = self.seat
        p = self.puzzle
        if p is None or p["data"] is None:
            return
        p["hint"] = True
        seat.draw()

    def reveal(self) -> None:
        """Show the solution (the day is then not counted as solved)."""
        seat = self.seat
        p = self.puzzle
        if p is None or p["data"] is None or p["status"] != "solving":
            return
        data = p["data"]
        hand = self.board.view["hands"]["blue"]
        solution = data["solution"]
        p["credited"] = True
        p["status"] = "revealed"
        p["message"] = st(
            "pz_revealed",
            card=card_name(hand[solution["card"]]),
            cell=st(CELL_KEYS[solution["cell"]]),
            score=score_text(data["value"]),
        )
        self.board.sel.end()
        seat.set_data("puzzle", "revealed")
        self.forward()

    def toggle_days(self) -> None:
        seat = self.seat
        self.days_open = not self.days_open
        seat.draw()

    def key(self, action: str):
        """Keys while the puzzle waits for the answer: the selection's, as in a match; else
        the replay's."""
        if action in CHOOSING and self.solving() and self.board.sel.active:
            self.seat.chooser.key(self, action)
            return True
        return super().key(action)

    def line_html(self, p: dict) -> str:
        """The puzzle `p`'s whole solution in words, the move on the board highlighted."""
        data = p["data"]
        steps = self.steps
        items = []
        for i, entry in enumerate(data["line"]):
            step = steps[i + 1] if i + 1 < len(steps) else {}
            current = " current" if self.index == i + 1 else ""
            items.append(
                '<span class="pz-move pz-move-'
                + entry["player"]
                + current
                + '">'
                + str(i + 1)
                + ". "
                + esc(card_name(step.get("placed")))
                + ", "
                + esc(st(CELL_KEYS[entry["cell"]]))
                + "</span>"
            )
        return (
            '<p class="pz-line"><b>' + esc(st("pz_line_title")) + "</b> " + " ".join(items) + "</p>"
        )

    def days_html(self, p: dict) -> str:
        seat = self.seat
        now = seat.today()
        solved = (self.progress or {}).get("solved") or []
        out = []
        for back in range(EARLIER_DAYS + 1):
            day = shift_date(now, -back)
            label = st("pz_today") if back == 0 else short_date(day)
            done = day in solved
            cls = (
                "pick pz-day" + (" done" if done else "") + (" current" if p["date"] == day else "")
            )
            pairs = [("type", "button"), ("class", cls), ("data-puzzleday", day)]
            mark = (
                ' <span class="pz-done" title="' + esc(st("pz_solved_mark")) + '">✓</span>'
                if done
                else ""
            )
            out.append("<button" + attrs(pairs) + ">" + esc(label) + mark + "</button>")
        return '<div class="pz-days">' + "".join(out) + "</div>"

    def bar(self) -> str:
        """The puzzle's panel: the day, the goal, what happened, hint, solution, days."""
        p = self.puzzle
        if p is None:
            return ""
        data = p["data"]
        head = '<h2 class="pz-title">' + esc(st("pz_title", date=date_text(p["date"]))) + "</h2>"
        rows = []
        if data is None:
            if p["status"] == "failed":
                rows.append('<p class="pz-message">' + esc(p["message"]) + "</p>")
            else:
                rows.append(
                    '<p class="pz-making"><i class="spinner"></i>'
                    + esc(st("pz_making", n=p["tries"]))
                    + "</p>"
                )
        else:
            grade = st("pz_grade_" + str(data["grade"]))
            head += (
                '<span class="pz-number">'
                + esc(st("pz_number", n=data["number"], grade=grade))
                + "</span>"
            )
            rules = [rule for rule in data["position"]["rules"] if rule != "open"]

            names = ", ".join([t("rule_" + rule) for rule in rules]) if rules else st("pz_basic")
            rows.append(
                '<p><span class="pz-goal">'
                + esc(st("pz_goal_" + data["goal"]))
                + '</span> <span class="pz-rules">'
                + esc(st("pz_rules", rules=names))
                + "</span></p>"
            )
            if p["status"] == "solved":
                rows.append(self.solved_html(p))
            elif p["message"]:
                rows.append(
                    '<p class="pz-message pz-'
                    + p["status"]
                    + '" role="status">'
                    + esc(p["message"])
                    + "</p>"
                )
            if p["hint"] and p["status"] == "solving":
                hand = self.board.view["hands"]["blue"] if self.board.view else []
                card = hand[data["hint"]["card"]] if data["hint"]["card"] < len(hand) else None
                key = "pz_hint_text" if data["hint"]["flips"] else "pz_hint_quiet"
                rows.append(
                    '<p class="pz-hint">'
                    + esc(st(key, card=card_name(card), flips=data["hint"]["flips"]))
                    + "</p>"
                )
            if p["status"] in ("solved", "revealed"):
                rows.append(self.line_html(p))
        if self.progress is not None:
            head += (
                '<span class="pz-streak" data-streak="'
                + str(self.progress["streak"])
                + '">'
                + esc(
                    st(
                        "pz_streak",
                        count=self.progress["streak"],
                        best=self.progress["best_streak"],
                    )
                )
                + "</span>"
            )
        buttons = []
        solving = data is not None and p["status"] == "solving"
        buttons.append(self.button("pz_hint", "pz_hint", not solving or p["hint"]))
        buttons.append(self.button("pz_show", "pz_show", not solving))
        buttons.append(self.button("pz_days", "pz_days", False, self.days_open))
        buttons.append(self.button("pz_leave", "replay_exit", False))
        days = self.days_html(p) if self.days_open else ""
        bar = self.line_bar() if p["status"] in ("solved", "revealed") else ""
        return (
            '<div class="pz-panel" data-puzzle-date="'
            + esc(p["date"])
            + '"><div class="pz-head">'
            + head
            + "</div>"
            + "".join(rows)
            + '<div class="pz-buttons">'
            + "".join(buttons)
            + bar
            + "</div>"
            + days
            + "</div>"
        )

    def solved_html(self, p: dict) -> str:
        """The puzzle `p` solved: a heading, the score best play ends with, and the streak."""
        streak = ""
        if self.progress is not None and p["date"] in (self.progress.get("solved") or []):
            count = self.progress["streak"]
            streak = (
                '<span class="pz-banner-streak">'
                + esc(st("pz_streak", count=count, best=self.progress["best_streak"]))
                + "</span>"
            )
        note = p["message"][len(st("pz_solved", score=score_text(p["data"]["value"]))) :]
        return (
            '<div class="pz-banner"><strong class="pz-banner-title">'
            + esc(st("pz_solved_title"))
            + '</strong><span class="pz-banner-score">'
            + esc(st("pz_solved_score", score=score_text(p["data"]["value"])))
            + "</span>"
            + streak
            + ("<span>" + esc(note.strip()) + "</span>" if note.strip() else "")
            + "</div>"
        )

    def line_bar(self) -> str:
        """Back and forth along the solution's line (the replay's buttons)."""
        index = self.index
        return render_replay_bar(index, len(self.steps) - 1, self.steps[index], False)

    def button(self, label: str, do: str, disabled: bool, pressed=None) -> str:
        pairs = [("type", "button"), ("class", "pick"), ("data-do", do), ("disabled", disabled)]
        if pressed is not None:
            pairs.append(("aria-pressed", "true" if pressed else "false"))
        return "<button" + attrs(pairs) + ">" + esc(st(label)) + "</button>"

    # ------------------------------------------------------------- input

    #: The kinds of click it takes (`triad.ui.page.controls.KINDS`): its answer's card and space,
    #: a day of the puzzles, and the replay's.
    kinds = ("card", "cell", "puzzleday", "ply")

    def click(self, kind: str, value) -> bool:
        """A card or a space of the answer, a button of the puzzle's panel or a day of the
        puzzles; False when it is none of the puzzle's."""
        if kind == "puzzleday":
            self.open_day(value, self.progress)
        elif kind == "do" and value == "pz_hint":
            self.hint()
        elif kind == "do" and value == "pz_show":
            self.reveal()
        elif kind == "do" and value == "pz_days":
            self.toggle_days()
        elif not self.seat.chooser.click(self, kind, value):
            return super().click(kind, value)
        return True
