"""The page's analysis of a match and its daily puzzle (see `triad.study`).

`Study` belongs to an `App` and uses its engine (the worker's
`analysis_*` and `puzzle_*` functions), its replay viewer and its screen.

* Analysis: whenever a replay is shown (the match just finished, a match of
  the history, a replay file), the worker analyses it move by move in short
  slices; a progress bar fills while it works and a small SVG chart under
  the board draws the exact value after each move from blue's side, each
  move marked best, inaccuracy or blunder.  Clicking a move shows the
  position before it, the card played and the best alternative on the
  board.
* Daily puzzle: the puzzle of the day (from the player's local date) in the
  replay viewer: the player picks a card and a space as in a match; a right
  answer plays the solution and its whole line can be stepped through; a
  hint names the card; earlier days are a click away; days solved and the
  streak are kept in the collection save.

Runs on the main thread under MicroPython: plain code, JSON to and from the
worker.
"""

from triad.ui import client
from triad.ui.chart import MARK_CLASSES, chart_html, side_name
from triad.ui.html import attrs, esc
from triad.ui.speech import CELL_KEYS
from triad.ui.text import t

#: Milliseconds of work per call to the worker (it answers other calls in between).
SLICE_MS = 120
#: Earlier days of puzzles offered.
EARLIER_DAYS = 7


def st(key: str, **values) -> str:
    """The text of `key` in the page's language (`triad.ui.text`)."""
    return t(key, **values)


def month_name(month: int) -> str:
    """The name of a month (1..12) in the page's language."""
    return t("month_" + str(month))


# ------------------------------------------------------------------ dates


def days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 of a date of the proleptic Gregorian calendar."""
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z: int) -> tuple:
    """(year, month, day) of a count of days since 1970-01-01."""
    z += 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return (y + (m <= 2), m, d)


def iso_date(y: int, m: int, d: int) -> str:
    """``YYYY-MM-DD``."""
    return f"{y:04d}-{m:02d}-{d:02d}"


def shift_date(iso: str, days: int) -> str:
    """The ``YYYY-MM-DD`` date ``days`` after ``iso`` (before, when negative)."""
    y, m, d = [int(part) for part in iso.split("-")]
    y2, m2, d2 = civil_from_days(days_from_civil(y, m, d) + days)
    return iso_date(y2, m2, d2)


def short_date(iso: str) -> str:
    """A date in few letters: "22 Nov"."""
    _y, m, d = [int(part) for part in iso.split("-")]
    return str(d) + " " + month_name(m)[:3]


def date_text(iso: str) -> str:
    """A date as the player reads it: "23 November 2026"."""
    y, m, d = [int(part) for part in iso.split("-")]
    return str(d) + " " + month_name(m) + " " + str(y)


# ------------------------------------------------------------------ drawing


def score_text(blue_value) -> str:
    """A value from Blue's side (final difference of 10 cards) as the final score."""
    v = int(blue_value)
    return st("an_score", blue=(10 + v) // 2, red=(10 - v) // 2)


def player_text(player: str, names=None) -> str:
    """A side's name: "You"/"CPU" after a match against the CPU (`names`), else Blue/Red."""
    return side_name(player, names)


def card_name(card) -> str:
    return str((card or {}).get("name") or "?")


def move_chips(reviews: list, total: int, selected, names=None) -> str:
    """A button per move (analysed ones marked), for keyboards and small screens."""
    out = []
    for i in range(total):
        if i < len(reviews):
            r = reviews[i]
            mark = r["mark"] if r["mark"] in MARK_CLASSES else "best"
            label = st(
                "an_chip",
                n=i + 1,
                player=player_text(r["player"], names),
                mark=st("an_mark_" + mark),
            )
            pairs = [
                ("type", "button"),
                (
                    "class",
                    "an-chip mark-"
                    + mark
                    + " side-"
                    + r["player"]
                    + (" selected" if selected == i else ""),
                ),
                ("data-ply", str(i)),
                ("title", label),
                ("aria-label", label),
                ("aria-pressed", "true" if selected == i else "false"),
            ]
            out.append("<button" + attrs(pairs) + ">" + str(i + 1) + "</button>")
        else:
            out.append('<span class="an-chip waiting" aria-hidden="true">' + str(i + 1) + "</span>")
    return '<div class="an-chips">' + "".join(out) + "</div>"


def review_text(review: dict, hand: list, names=None) -> str:
    """What the selected move did, in words (values as final scores, Blue first)."""
    player = review["player"]
    mark = review["mark"] if review["mark"] in MARK_CLASSES else "best"
    sign = 1 if player == "blue" else -1
    after = score_text(sign * review["value"])
    best = score_text(sign * review["best"])
    played = hand[review["move"]["card"]] if review["move"]["card"] < len(hand) else None
    best_card = (
        hand[review["best_move"]["card"]] if review["best_move"]["card"] < len(hand) else None
    )
    you = (names or {}).get(player) == t("you")  # "You played", "Vous avez joué"
    lines = [
        st(
            "an_played_you" if you else "an_played",
            player=player_text(player, names),
            card=card_name(played),
            cell=st(CELL_KEYS[review["move"]["cell"]]),
            mark=st("an_mark_" + mark),
        )
    ]
    if review["judged"] == "hidden":
        key = "an_hidden_you" if you else "an_hidden"
        lines.append(st(key, player=player_text(player, names), count=review["hidden"]))
        lines.append(st("an_hidden_kept", after=after, best=best))
    elif review["lost"] > 0:
        lines.append(st("an_lost", cards=review["lost"], after=after, best=best))
    else:
        lines.append(st("an_kept", after=after))
    if review["lost"] > 0:
        lines.append(
            st(
                "an_best_place",
                card=card_name(best_card),
                cell=st(CELL_KEYS[review["best_move"]["cell"]]),
            )
        )
    return " ".join(lines)


class Study:
    """The analysis shown with a replay, and the daily puzzle."""

    def __init__(self, app) -> None:
        self.app = app
        self.analysis: dict | None = None
        self.puzzle: dict | None = None
        self.progress: dict | None = None  # {"solved", "streak", "best_streak"} from the save
        self.days_open = False
        #: The analysis's or the puzzle's tasks, a child of the replay's scope: ended when
        #: another begins or the replay leaves, so only the last one's answers show.
        self.scope = None

    # ------------------------------------------------------------- engine

    async def answer(self, asked) -> dict:
        """A worker function's answer, errors in the page's language (as the collection's)."""
        return await self.app.coll.answer(asked)

    def today(self) -> str:
        screen = self.app.screen
        if hasattr(screen, "today"):
            return screen.today()
        import time

        y, m, d = time.localtime()[:3]
        return iso_date(y, m, d)

    # ------------------------------------------------------------- analysis

    def start_analysis(self, record: dict) -> None:
        """Analyse the replay just opened (its match record), move by move."""
        a = self.analysis = {
            "status": "running",
            "total": 0,
            "reviews": [],
            "openings": [],
            "selected": None,
            "error": "",
        }
        self.app.screen.set_data("analysis", "running")
        self.app.screen.set_data("study", "analysis")
        self.begin().spawn(self.run_analysis(a, record))

    def begin(self):
        """A scope for the analysis or the puzzle about to run; the one before stops."""
        if self.scope is not None:
            self.scope.end()
        self.scope = self.app.replay.scope.child("study")
        return self.scope

    def stop(self) -> None:
        """The replay is closed: whatever runs stops, nothing more shows."""
        if self.scope is not None:
            self.scope.end()
        self.analysis = None
        self.puzzle = None
        self.days_open = False
        self.app.screen.set_data("analysis", "")
        self.app.screen.set_data("puzzle", "")
        self.app.screen.set_data("study", "")

    async def run_analysis(self, a: dict, record: dict) -> None:
        try:
            reply = await self.answer(
                client.analysis_start(self.app.engine, record=record, side="blue")
            )
        except client.WorkerError as e:
            self.fail(a, e)
            return
        a["total"] = reply["total"]
        token = reply["analysis"]
        self.app.draw()
        while True:
            asked = client.analysis_step(self.app.engine, analysis=token, budget_ms=SLICE_MS)
            try:
                reply = await self.answer(asked)
            except client.WorkerError as e:
                self.fail(a, e)
                return
            review = reply.get("review")
            if review is not None:
                while len(a["openings"]) <= review["game"]:
                    a["openings"].append(None)
                a["openings"][review["game"]] = reply["opening"]
                a["reviews"].append(review)
                self.app.draw()
            if reply.get("complete"):
                a["status"] = "done"
                self.app.screen.set_data("analysis", "done")
                self.app.draw()
                return

    def fail(self, a: dict, error) -> None:
        """The analysis `a` stops on a refusal (`client.WorkerError`), saying why."""
        a["status"] = "failed"
        a["error"] = error.words
        self.app.screen.set_data("analysis", "failed")
        self.app.draw()

    def select(self, index: int) -> None:
        """Show move `index`: the position before it, the card played and the best one."""
        a = self.analysis
        r = self.app.replay.shown
        if a is None or r is None or not 0 <= index < len(a["reviews"]) or self.app.match.animating:
            return
        review = a["reviews"][index]
        before = self.step_before(review)
        if before is None:
            return
        a["selected"] = index
        r["index"] = before
        self.app.match.view = r["steps"][before]["view"]
        self.app.screen.set_data("replay", str(before))
        self.app.draw()

    def step_before(self, review: dict):
        """The replay step showing the position the reviewed move was played in."""
        steps = self.app.replay.shown["steps"]
        for i, step in enumerate(steps):
            if step["game"] == review["game"] and (
                i == 0 or step.get("rematch") or steps[i - 1]["game"] != step["game"]
            ):
                index = i + review["ply"] - 1
                return index if index < len(steps) else None
        return None

    def ghosts(self) -> dict:
        """Cards drawn faint on the board: the selected move's card and the best one."""
        a = self.analysis
        r = self.app.replay.shown
        view = self.app.match.view
        if a is None or r is None or a["selected"] is None or view is None:
            return {}
        review = a["reviews"][a["selected"]]
        if self.step_before(review) != r["index"]:
            return {}
        hand = view["hands"][review["player"]]
        out: dict = {}  # each space's faint card, and "hand": the best card tagged in the hand
        move, best = review["move"], review["best_move"]
        if move["card"] < len(hand):
            out[move["cell"]] = {
                "card": hand[move["card"]],
                "owner": review["player"],
                "kind": "played",
            }
        if review["lost"] > 0 and best["card"] < len(hand):
            if best["cell"] == move["cell"]:  # one space: the best card is tagged in the hand
                out["hand"] = (review["player"], best["card"])
            else:
                out[best["cell"]] = {
                    "card": hand[best["card"]],
                    "owner": review["player"],
                    "kind": "best",
                }
        return out

    def names(self):
        """The sides' names after a match against the CPU ("You", "CPU"); None: Blue, Red."""
        r = self.app.replay.shown
        if r is None or r.get("mode") != "cpu":
            return None
        return {"blue": t("you"), "red": t("cpu")}

    def status_note(self) -> str:
        """The line above the board once the puzzle is answered (its line is no turn to play)."""
        p = self.puzzle
        if p is None or p["status"] not in ("solved", "revealed"):
            return ""
        return st("pz_status_" + p["status"])

    def analysis_html(self) -> str:
        """The panel under the board: progress, chart, the moves and the selected one."""
        a = self.analysis
        if a is None:
            return ""
        total = a["total"]
        done = len(a["reviews"])
        head = '<span class="an-title">' + esc(st("an_title")) + "</span>"
        if a["status"] == "running":
            pct = 0 if not total else int(100 * done / total)
            head += (
                '<span class="an-progress" role="progressbar" aria-label="'
                + esc(st("an_button"))
                + '" aria-valuemin="0" aria-valuemax="'
                + str(total)
                + '" aria-valuenow="'
                + str(done)
                + '"><i style="width:'
                + str(pct)
                + '%"></i></span><span class="an-status">'
                + esc(st("an_working", n=min(done + 1, max(total, 1)), total=max(total, 1)))
                + "</span>"
            )
        elif a["status"] == "failed":
            head += '<span class="an-status">' + esc(st("an_failed", error=a["error"])) + "</span>"
        names = self.names()
        body = chart_html(a["openings"], a["reviews"], total, a["selected"], names) + move_chips(
            a["reviews"], total, a["selected"], names
        )
        text = st("an_pick")
        if a["selected"] is not None:
            review = a["reviews"][a["selected"]]
            before = self.step_before(review)
            steps = self.app.replay.shown["steps"] if self.app.replay.shown else []
            if before is not None and before < len(steps):
                hand = steps[before]["view"]["hands"][review["player"]]
                text = st("an_move", n=a["selected"] + 1) + " · " + review_text(review, hand, names)
        return (
            '<div class="an-panel" data-analysis-done="'
            + str(done)
            + '" data-analysis-total="'
            + str(total)
            + '"><div class="an-head">'
            + head
            + "</div>"
            + body
            + '<p class="an-text" aria-live="polite">'
            + esc(text)
            + "</p></div>"
        )

    # ------------------------------------------------------------- puzzle

    def open_puzzle(self, day=None) -> None:
        """Show the puzzle of `day` (today by default), made in the worker."""
        app = self.app
        day = day or self.today()
        back = app.replay.back()
        app.replay.take_table()
        self.analysis = None
        self.days_open = False
        p = self.puzzle = {
            "date": day,
            "status": "making",
            "tries": 0,
            "data": None,
            "hint": False,
            "message": "",
            "credited": False,
        }
        app.replay.show({"steps": [], "index": 0, "record": None, "back": back, "puzzle": True})
        app.screen.set_data("puzzle", "making")
        app.screen.set_data("study", "puzzle")
        app.draw()
        self.begin().spawn(self.load_puzzle(p, day))

    async def load_puzzle(self, p: dict, day: str) -> None:
        app = self.app
        # Opened before the engine is up (a first visit): it is made once the engine is.
        await app.signal.until(lambda: app.engine is not None or bool(app.engine_error))
        while True:
            try:
                asked = client.puzzle_steps(self.app.engine, date=day, budget_ms=250)
                reply = await self.answer(asked)
            except client.WorkerError as e:
                p["status"] = "failed"
                p["message"] = e.words
                self.app.screen.set_data("puzzle", "failed")
                self.app.draw()
                return
            if reply.get("steps"):
                break
            p["tries"] = reply.get("tries", 0)
            self.app.draw()
        p["data"] = reply["puzzle"]
        p["status"] = "solving"
        r = self.app.replay.shown
        r["steps"] = reply["steps"]
        r["index"] = 0
        self.app.match.view = r["steps"][0]["view"]
        self.app.screen.set_data("replay", "0")
        await self.load_progress()
        if day in ((self.progress or {}).get("solved") or []):
            p["credited"] = True
        self.begin_move(p)

    async def load_progress(self) -> None:
        save = self.app.coll.save
        if save is None:
            return
        try:
            asked = client.puzzle_progress(self.app.engine, save, today=self.today())
            self.progress = (await self.answer(asked))["puzzles"]
        except client.WorkerError:  # (no progress shown)
            pass

    def begin_move(self, p: dict) -> None:
        """The player picks a card and a space of the puzzle `p`, as in a match."""
        view = self.app.match.view
        empty = [i for i in range(9) if view["board"][i] is None]
        self.app.match.sel.begin("blue", len(view["hands"]["blue"]), empty)
        self.app.screen.set_data("puzzle", p["status"])
        self.app.draw()

    def solving(self) -> bool:
        p = self.puzzle
        r = self.app.replay.shown
        return p is not None and p["status"] == "solving" and r is not None and r["index"] == 0

    def puzzle_move(self, move) -> None:
        """The player's answer: the solution plays out, another move is explained."""
        p = self.puzzle
        if p is None or not self.solving():
            return  # (the puzzle is not there yet, or already answered)
        card, cell = move
        data = p["data"]
        self.app.match.sel.end()
        solution = data["solution"]
        if card == solution["card"] and cell == solution["cell"]:
            p["status"] = "solved"
            p["message"] = st("pz_solved", score=score_text(data["value"]))
            self.app.screen.set_data("puzzle", "solved")
            self.app.speech.say(p["message"])  # then the replay says the move
            self.app.spawn(self.after_solved(p))
            self.app.replay.forward()
            return
        value = None
        for entry in data["values"]:
            if entry["card"] == card and entry["cell"] == cell:
                value = entry["value"]
        hand = self.app.match.view["hands"]["blue"]
        p["message"] = st(
            "pz_wrong",
            card=card_name(hand[card] if card < len(hand) else None),
            cell=st(CELL_KEYS[cell]),
            after=score_text(value if value is not None else 0),
        )
        p["status"] = "solving"
        self.app.speech.say(p["message"])
        self.app.play_sound("draw")
        self.begin_move(p)

    async def after_solved(self, p: dict) -> None:
        """Keep the solved day in the collection save (once; not after the solution was shown)."""
        if p["credited"]:
            return
        p["credited"] = True
        coll = self.app.coll
        if coll.save is None:
            p["message"] += " " + st("pz_no_save")
            self.app.draw()
            return
        asked = client.puzzle_solved(self.app.engine, coll.save, today=self.today(), date=p["date"])
        try:
            reply = await self.answer(asked)
        except client.WorkerError:  # (the day is not kept: the save stays as it was)
            reply = None
        if reply is not None and coll.write(reply["save"]):
            self.progress = reply["puzzles"]
            streak = self.progress["streak"]
            self.app.speech.say(st("pz_streak", count=streak, best=self.progress["best_streak"]))
        self.app.draw()

    def hint(self) -> None:
        p = self.puzzle
        if p is None or p["data"] is None:
            return
        p["hint"] = True
        self.app.draw()

    def reveal(self) -> None:
        """Show the solution (the day is then not counted as solved)."""
        p = self.puzzle
        if p is None or p["data"] is None or p["status"] != "solving":
            return
        data = p["data"]
        hand = self.app.match.view["hands"]["blue"]
        solution = data["solution"]
        p["credited"] = True
        p["status"] = "revealed"
        p["message"] = st(
            "pz_revealed",
            card=card_name(hand[solution["card"]]),
            cell=st(CELL_KEYS[solution["cell"]]),
            score=score_text(data["value"]),
        )
        self.app.match.sel.end()
        self.app.screen.set_data("puzzle", "revealed")
        self.app.replay.forward()

    def toggle_days(self) -> None:
        self.days_open = not self.days_open
        self.app.draw()

    def puzzle_key(self, action: str) -> bool:
        """Keys while the puzzle waits for the answer: the selection's, as in a match."""
        if action not in ("up", "down", "left", "right", "select", "cancel") or not self.solving():
            return False
        sel = self.app.match.sel
        if not sel.active:
            return False
        self.app.keyboard = True
        move = sel.key(action)
        if move is not None:
            self.puzzle_move(move)
        else:
            self.app.draw()
        return True

    def line_html(self, p: dict) -> str:
        """The puzzle `p`'s whole solution in words, the move on the board highlighted."""
        data = p["data"]
        steps = self.app.replay.shown["steps"]
        items = []
        for i, entry in enumerate(data["line"]):
            step = steps[i + 1] if i + 1 < len(steps) else {}
            current = " current" if self.app.replay.shown["index"] == i + 1 else ""
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
        today = self.today()
        solved = (self.progress or {}).get("solved") or []
        out = []
        for back in range(EARLIER_DAYS + 1):
            day = shift_date(today, -back)
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

    def puzzle_html(self) -> str:
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
                hand = self.app.match.view["hands"]["blue"] if self.app.match.view else []
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
        from triad.ui.replay import render_replay_bar

        r = self.app.replay.shown
        index = r["index"]
        return render_replay_bar(index, len(r["steps"]) - 1, r["steps"][index], False)

    def button(self, label: str, do: str, disabled: bool, pressed=None) -> str:
        pairs = [("type", "button"), ("class", "pick"), ("data-do", do), ("disabled", disabled)]
        if pressed is not None:
            pairs.append(("aria-pressed", "true" if pressed else "false"))
        return "<button" + attrs(pairs) + ">" + esc(st(label)) + "</button>"

    # ------------------------------------------------------------- input

    def click(self, kind: str, value: str) -> None:
        if kind == "ply":
            self.select(int(value))
        elif kind == "puzzleday":
            self.open_puzzle(value)

    def action(self, name: str) -> bool:
        """A dialog button of the puzzle; False when it is not one."""
        if name == "puzzle":
            self.open_puzzle()
        elif name == "analyse":
            self.app.spawn(self.app.replay.open_match())
        elif name == "pz_hint":
            self.hint()
        elif name == "pz_show":
            self.reveal()
        elif name == "pz_days":
            self.toggle_days()
        else:
            return False
        return True
