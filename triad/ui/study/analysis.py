"""The page's analysis of a match (see `triad.study`), and the words and dates it and the
daily puzzle (`triad.ui.study.puzzle`) show.

Whenever a replay is shown (the match just finished, a match of the history, a
replay file), its `Analysis` (a part of the `triad.ui.study.replay.Replay`, in a scope
of the replay's) asks the worker's `analysis_*` functions to analyse it move by
move in short slices; a progress bar fills while it works and a small SVG chart
under the board draws the exact value after each move from blue's side, each
move marked best, inaccuracy or blunder. Clicking a move shows the position
before it, the card played and the best alternative on the board.

Runs on the main thread under MicroPython: plain code, JSON to and from the
worker.
"""

from triad.ui.look.html import attrs, esc
from triad.ui.look.speech import CELL_KEYS
from triad.ui.look.text import t
from triad.ui.page import client
from triad.ui.study.chart import MARK_CLASSES, chart_html, side_name

#: Milliseconds of work per call to the worker (it answers other calls in between).
SLICE_MS = 120
#: Earlier days of puzzles offered.
EARLIER_DAYS = 7


def st(key: str, **values) -> str:
    """The text of `key` in the page's language (`triad.ui.look.text`)."""
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


class Analysis:
    """The analysis of a replay (a part of it: `triad.ui.study.replay.Replay`), asked of the
    engine in slices in a scope of the replay's, and what it shows: a chart, a chip per
    move, the move selected in words and faint on the board."""

    def __init__(self, scope, engine, answer, set_data, draw, steps: list, names) -> None:
        self.scope = scope  # (a child of the replay's: ended with it)
        self.engine = engine  # the engine worker (`engine()`)
        self.answer = answer  # a worker's answer, errors in the page's language
        self.set_data = set_data
        self.draw = draw
        self.steps = steps  # the replay's
        self.names = names  # the sides' names ("You", "CPU"), or None: Blue and Red
        self.state: dict = {
            "status": "running",
            "total": 0,
            "reviews": [],
            "openings": [],
            "selected": None,
            "error": "",
        }

    def start(self, record: dict) -> None:
        """Analyse the replay's match record, move by move."""
        self.set_data("analysis", "running")
        self.set_data("study", "analysis")
        self.scope.spawn(self.run(record))

    async def run(self, record: dict) -> None:
        a = self.state
        try:
            reply = await self.answer(
                client.analysis_start(self.engine(), record=record, side="blue")
            )
        except client.WorkerError as e:
            self.fail(e)
            return
        a["total"] = reply["total"]
        token = reply["analysis"]
        self.draw()
        while True:
            asked = client.analysis_step(self.engine(), analysis=token, budget_ms=SLICE_MS)
            try:
                reply = await self.answer(asked)
            except client.WorkerError as e:
                self.fail(e)
                return
            review = reply.get("review")
            if review is not None:
                while len(a["openings"]) <= review["game"]:
                    a["openings"].append(None)
                a["openings"][review["game"]] = reply["opening"]
                a["reviews"].append(review)
                self.draw()
            if reply.get("complete"):
                a["status"] = "done"
                self.set_data("analysis", "done")
                self.draw()
                return

    def fail(self, error) -> None:
        """The analysis stops on a refusal (`client.WorkerError`), saying why."""
        self.state["status"] = "failed"
        self.state["error"] = error.words
        self.set_data("analysis", "failed")
        self.draw()

    def select(self, index: int):
        """Move `index` selected: the replay's step showing the position before it (None:
        no such move analysed)."""
        a = self.state
        if not 0 <= index < len(a["reviews"]):
            return None
        before = self.step_before(a["reviews"][index])
        if before is not None:
            a["selected"] = index
        return before

    def step_before(self, review: dict):
        """The replay step showing the position the reviewed move was played in."""
        steps = self.steps
        for i, step in enumerate(steps):
            if step["game"] == review["game"] and (
                i == 0 or step.get("rematch") or steps[i - 1]["game"] != step["game"]
            ):
                index = i + review["ply"] - 1
                return index if index < len(steps) else None
        return None

    def ghosts(self, index: int, view) -> dict:
        """Cards drawn faint on the board at step `index` (`view`): the selected move's card
        and the best one."""
        a = self.state
        if a["selected"] is None or view is None:
            return {}
        review = a["reviews"][a["selected"]]
        if self.step_before(review) != index:
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

    def html(self) -> str:
        """The panel under the board: progress, chart, the moves and the selected one."""
        a = self.state
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
        names = self.names
        body = chart_html(a["openings"], a["reviews"], total, a["selected"], names) + move_chips(
            a["reviews"], total, a["selected"], names
        )
        text = st("an_pick")
        if a["selected"] is not None:
            review = a["reviews"][a["selected"]]
            before = self.step_before(review)
            steps = self.steps
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
