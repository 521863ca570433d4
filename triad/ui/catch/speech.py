"""What a screen reader hears of Triangle Catch: each turn's result, said in the page's
log region (`#c-say`) as it is resolved.

One sentence per turn: what each side did (its orders in words, and what the
referee made of each), the triangles captured and the units surrounded, the
score, and the result when the match is over. Pure functions of the referee's
turn entry, in the page's language. Runs under MicroPython and CPython.
"""

from triad.ui.catch.render import headline, order_text
from triad.ui.catch.text import said, t

#: How many sentences the log region keeps (older ones leave it).
KEEP = 6
REGION = "c-say"


def action_words(outcome) -> str:
    """One order as the referee resolved it (a `triad.ui.catch.client.Verdict`): "Spawn
    on 36 (triangle 36 0 43): spawned a unit on house 36", or why it was skipped."""
    action = outcome.action
    parts = action.split()
    what = action
    if parts and parts[0] != "WAIT":
        try:
            item = [parts[0]] + [int(p) for p in parts[1:]]
            what = order_text(item)
        except (ValueError, IndexError, KeyError):
            what = action
    detail = outcome.words()
    if not outcome.applies:
        return t("say_skipped", order=what, reason=detail)
    if parts and parts[0] == "WAIT":
        return detail or t("say_waits")
    return t("say_did", order=what, detail=detail) if detail else what


def turn_text(entry, state: dict, names: list, human=None) -> str:
    """A turn just resolved (an `Entry` of `triad.ui.catch.client`), as one sentence (see
    the module docstring)."""
    out = [t("last_turn", turn=entry.turn) + "."]
    if entry.forfeit:
        out.append(t("forfeit", reason=said(entry.forfeit)) + ".")
    for p in (0, 1):
        done = [action_words(o) for o in entry.outcomes if o.player == p]
        if not entry.forfeit:
            out.append(
                t("say_side", name=names[p], did=t("say_sep").join(done) or t("say_waits")) + "."
            )
    for event in entry.events:
        p = event.get("player", 0)
        if event.get("kind") == "capture":
            tri = event.get("triangle") or [0, 0, 0]
            out.append(t("captured", name=names[p], a=tri[0], b=tri[1], c=tri[2]) + ".")
        else:
            words = t(
                "surrounded", count=event.get("killed", 0), name=names[p], house=event.get("house")
            )
            out.append(words + ".")
    scores = state.get("scores") or [0, 0]
    out.append(t("say_score", p0=names[0], s0=scores[0], p1=names[1], s1=scores[1]))
    result = state.get("result")
    if result:
        title = headline(result, names, human).rstrip("!. \u00a0")
        out.append(t("say_did", order=title, detail=said(result.get("reason"))) + ".")
    return " ".join(out)


def start_text(state: dict, names: list) -> str:
    """A new match: who plays whom, and the score at the start."""
    scores = state.get("scores") or [0, 0]
    return (
        t("say_start", p0=names[0], p1=names[1])
        + " "
        + t("say_score", p0=names[0], s0=scores[0], p1=names[1], s1=scores[1])
    )


def tell(screen, text: str) -> None:
    """Add a sentence to the page's log region (`screen`: the page's)."""
    if text:
        screen.say(REGION, text, KEEP)
