"""The legend: what each symbol on the table means, one line each, and the rules in force.

Opened by the bar's "?" button or the H or ? key (and by a click on a rule's pill
above the board); it shows what the match on the table can show: the
territories of its Houses or elements, the arrows they give, Ascension's or
Descension's badge, and a line for each rule in force. A new player's first
match points at it once (`TIP_KEY`, remembered in the browser).

Runs on the main thread under MicroPython.
"""

from triad.ui.look.html import esc
from triad.ui.look.icons import affinity_icon, dialog_head, icon
from triad.ui.look.text import t

#: Where the page remembers that the first-match pointer to the legend was seen.
TIP_KEY = "triad.legend-tip"

#: Rules whose pill says how they change the reading of the table, not only their name.
READING = {"reverse": "mark_reverse", "fallen_ace": "mark_fallen_ace"}


def rule_marks(view: dict) -> list:
    """A pill for each rule in force (Roulette's drawn rule in place of Roulette)."""
    rules = view.get("rules") or []
    marks = []
    for rule in rules:
        if rule == "roulette" and view.get("roulette"):
            continue
        marks.append(t(READING[rule]) if rule in READING else t("rule_" + rule))
    if view.get("roulette"):
        marks.append(t("mark_roulette", rule=t("rule_" + view["roulette"])))
    return marks


def _line(art: str, text: str) -> str:
    return (
        '<li><span class="lg-art" aria-hidden="true">'
        + art
        + '</span><span class="lg-text">'
        + esc(text)
        + "</span></li>"
    )


def _card_mark(owner: str) -> str:
    return (
        '<span class="lg-chip own-'
        + owner
        + '"><span class="c-edge"></span><span class="c-mark"></span></span>'
    )


def render_legend(view, ctx: dict) -> str:
    """The legend dialog for the match `view` (None: the symbols every match shows)."""
    view = view or {}
    rules = view.get("rules") or []
    aff = ctx.get("aff") or {}
    hotseat = ctx.get("mode") == "hotseat"
    lines = [
        _line(
            _card_mark("blue") + _card_mark("red"),
            t("lg_owners_hotseat" if hotseat else "lg_owners"),
        ),
        _line('<b class="lg-vals">7 A</b>', t("lg_values")),
        _line('<b class="lg-level">5</b>', t("lg_level")),
    ]
    kinds = {}  # the affinities the table shows, on cards or spaces
    for entry in list(view.get("cells") or []):
        if entry:
            kinds[entry] = True
    if aff:
        first = next(iter(kinds or aff))
        lines.append(_line(affinity_icon(first, aff, "lg-aff"), t("lg_affinity")))
    if kinds and ("banner" in rules or "elemental" in rules):
        names = ", ".join(aff.get(kind, (None, kind))[1] for kind in kinds)
        tiles = "".join(affinity_icon(kind, aff, "lg-aff") for kind in kinds)
        key = "lg_territory_element" if "elemental" in rules else "lg_territory"
        lines.append(_line(tiles, t(key, names=names)))
        lines.append(
            _line(
                '<span class="lg-up">' + icon("up") + icon("up") + "</span>"
                '<span class="lg-down">' + icon("down") + icon("down") + "</span>",
                t("lg_arrows"),
            )
        )
    if "ascension" in rules or "descension" in rules:
        up = "ascension" in rules
        badge = '<span class="lg-typed ' + ("plus" if up else "minus") + '">'
        lines.append(
            _line(
                badge + ("+2" if up else "-2") + "</span>",
                t("lg_" + ("ascension" if up else "descension")),
            )
        )
    for rule in rules:
        lines.append(
            _line(
                '<span class="rule-mark">' + esc(t("rule_" + rule)) + "</span>",
                t("ruletip_" + rule),
            )
        )
    return (
        '<div class="dialog legend" role="dialog" aria-modal="true" aria-labelledby="lg-title"'
        " data-legend>"
        + dialog_head(t("lg_title"), "lg-title", "legend")
        + '<ul class="lg-list">'
        + "".join(lines)
        + "</ul>"
        + '<p class="lg-more">'
        + esc(t("lg_more"))
        + ' <button type="button" class="lg-book" data-action="info">'
        + esc(t("lg_more_open"))
        + "</button></p></div>"
    )


def render_tip() -> str:
    """The first match's pointer to the legend (dismissed for good once seen)."""
    return (
        '<div class="legend-tip" role="note" data-legend-tip>'
        + '<span class="lg-tip-text">'
        + esc(t("lg_tip"))
        + "</span>"
        + '<button type="button" data-action="legend">'
        + esc(t("lg_tip_open"))
        + "</button>"
        + '<button type="button" class="ghost" data-do="legend_tip">'
        + esc(t("lg_tip_close"))
        + "</button></div>"
    )
