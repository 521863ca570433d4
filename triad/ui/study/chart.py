"""The analysis's value chart: one point per move, with its axes and a key.

Pure functions of the reviews (see `triad.ui.study.analysis`), so they are tested
without a page.  ``names`` maps "blue"/"red" to the names the player knows
("You"/"CPU" in a match against the CPU); Blue/Red when it is None.
"""

from triad.ui.look.html import esc
from triad.ui.look.text import t

MARK_CLASSES = ("best", "inaccuracy", "blunder")


def side_name(player: str, names=None) -> str:
    """The name of a side as the player knows it."""
    return (names or {}).get(player) or t(player)


def chart_svg(openings: list, reviews: list, total: int, selected, names=None) -> str:
    """The value chart: one point per move (Blue's side), coloured by its mark.

    ``openings`` are the opening values of each game analysed so far (a Sudden
    Death rematch starts a new line); ``total`` moves in all, so the chart
    keeps its width while the analysis fills it.
    """
    width, height, pad = 360, 96, 10
    span = max(total, 1)
    top = 4
    for v in [o for o in openings if o is not None] + [r["side_value"] for r in reviews]:
        top = max(top, abs(int(v)))
    mid = height / 2
    scale = (mid - pad) / top

    def x_of(i) -> float:
        return pad + (width - 2 * pad) * i / span

    def y_of(v) -> float:
        return mid - int(v) * scale

    parts = [
        '<svg class="an-chart" viewBox="0 0 '
        + str(width)
        + " "
        + str(height)
        + '" role="img" aria-label="'
        + esc(t("an_chart", blue=side_name("blue", names), red=side_name("red", names)))
        + '">',
        '<rect class="an-bg" x="0" y="0" width="'
        + str(width)
        + '" height="'
        + str(height)
        + '" rx="8"></rect>',
        '<line class="an-zero" x1="'
        + str(pad)
        + '" x2="'
        + str(width - pad)
        + '" y1="'
        + str(mid)
        + '" y2="'
        + str(mid)
        + '"></line>',
    ]
    for i in range(1, total + 1):
        parts.append(
            f'<line class="an-tick" x1="{x_of(i):.1f}" x2="{x_of(i):.1f}" y1="{mid - 3:.1f}" y2="{mid + 3:.1f}"></line>'
        )
    # one line per game: its opening value, then the value after each move
    lines = []
    current = None
    for i, r in enumerate(reviews):
        if current is None or r["game"] != current["game"]:
            opening = openings[r["game"]] if r["game"] < len(openings) else None
            current = {"game": r["game"], "points": []}
            if opening is not None:
                current["points"].append((x_of(i), y_of(opening)))
            lines.append(current)
        current["points"].append((x_of(i + 1), y_of(r["side_value"])))
    for line in lines:
        pts = line["points"]
        if len(pts) > 1:
            area = (
                f"M{pts[0][0]:.1f},{mid:.1f} "
                + " ".join(["L{:.1f},{:.1f}".format(*p) for p in pts])
                + f" L{pts[-1][0]:.1f},{mid:.1f} Z"
            )
            parts.append('<path class="an-area" d="' + area + '"></path>')
            parts.append(
                '<polyline class="an-line" points="'
                + " ".join(["{:.1f},{:.1f}".format(*p) for p in pts])
                + '"></polyline>'
            )
        if line["game"] > 0 and pts:
            parts.append(
                f'<line class="an-rematch" x1="{pts[0][0]:.1f}" x2="{pts[0][0]:.1f}" y1="4" y2="{height - 4}"></line>'
            )
    for i, r in enumerate(reviews):
        mark = r["mark"] if r["mark"] in MARK_CLASSES else "best"
        cls = "an-pt mark-" + mark + (" selected" if selected == i else "")
        label = t(
            "an_chip",
            n=i + 1,
            player=side_name(r["player"], names),
            mark=t("an_mark_" + mark),
        )
        parts.append(
            '<circle class="'
            + cls
            + '" data-ply="'
            + str(i)
            + '" cx="{:.1f}" cy="{:.1f}" r="{}"><title>'.format(
                x_of(i + 1), y_of(r["side_value"]), "6" if selected == i else "4.5"
            )
            + esc(label)
            + "</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def chart_html(openings: list, reviews: list, total: int, selected, names=None) -> str:
    """The chart with its axes named and a key to the move colours."""
    blue, red = side_name("blue", names), side_name("red", names)
    marks = "".join(
        [
            '<span class="an-key-item"><i class="an-dot mark-'
            + mark
            + '"></i>'
            + esc(t("an_key_" + mark))
            + "</span>"
            for mark in MARK_CLASSES
        ]
    )
    return (
        '<figure class="an-figure">'
        + '<div class="an-axis-y an-ahead-blue">'
        + esc(t("an_axis_ahead", player=blue))
        + "</div>"
        + chart_svg(openings, reviews, total, selected, names)
        + '<figcaption class="an-axis-x"><span class="an-axis-y an-ahead-red">'
        + esc(t("an_axis_below", player=red))
        + "</span><span>"
        + esc(t("an_axis_moves", total=total))
        + "</span></figcaption>"
        + '<div class="an-key">'
        + marks
        + "</div></figure>"
    )
