"""What a screen reader hears: the names of cards and spaces, and the sentences of the
page's one live region (the deal, each move with its captures and the score, the
result; the whole table read on demand).

Pure functions of a match's view, in the page's language, like `triad.ui.look.render`;
`Speaker` keeps the last sentence and hands each one to the page's log region
(`#r-say`), where assistive technology reads it out. Runs under MicroPython.
"""

from triad.ui.look.anim import SIDES, touching
from triad.ui.look.cardtext import card_name
from triad.ui.look.icons import affinity_name
from triad.ui.look.text import t
from triad.ui.table.input import CONFIRM

CELL_KEYS = (
    "cell_tl",
    "cell_t",
    "cell_tr",
    "cell_l",
    "cell_c",
    "cell_r",
    "cell_bl",
    "cell_b",
    "cell_br",
)

#: The capture kinds of the engine's events (`triad.ui.look.anim`) and the word for each.
REASONS = {"same": "say_same", "plus": "say_plus", "combo": "say_combo"}

#: How many sentences the log region keeps (older ones leave it).
KEEP = 8


def cell_name(i: int) -> str:
    """A space by its row and column: "top left", "centre", "bottom right"."""
    return t(CELL_KEYS[i])


def values_text(card: dict) -> str:
    """The four values, each named by its side: "top 5, right 3, bottom 3, left A"."""
    return t("say_values", **{side: number(card[side]) for side in SIDES})


def affinity_rule(view: dict) -> str:
    """The text key of the rule whose spaces give +1/-1: Banner, or Elemental."""
    return "rule_banner" if "banner" in (view.get("rules") or []) else "rule_elemental"


def card_words(
    card: dict, aff: dict, owner: str = "", mod: int = 0, typed: int = 0, space_rule: str = ""
) -> str:
    """All a sighted player sees on a card: name, level, values, affinity, owner and
    any modifier (Ascension/Descension, a territory's +1/-1)."""
    words = t(
        "say_card",
        name=card_name(card) or "?",
        level=card.get("level", 1),
        values=values_text(card),
    )
    if card.get("affinity"):
        words += ", " + affinity_name(card["affinity"], aff)
    if owner in ("blue", "red"):
        words += ", " + t(owner)
    if typed:  # Ascension raises a card's values, Descension lowers them
        rule = t("rule_ascension" if typed > 0 else "rule_descension")
        words += ", " + rule + " " + ("+" if typed > 0 else "") + str(typed)
    if mod:  # a territory: +1 on the card's own affinity, -1 on another
        words += ", " + t(space_rule or "rule_elemental") + (" +1" if mod > 0 else " -1")
    return words


def cell_words(view: dict, i: int, aff: dict, sel=None, captures=None) -> str:
    """A space's name: where it is and what stands there (or that it is empty); with the
    human's selection `sel`, the card waiting on it for the confirming choice (and the
    `captures` it would make, once the engine has said)."""
    slot = view["board"][i]
    cell_aff = view["cells"][i] if view.get("cells") else None
    if slot is None:
        words = t("say_cell_empty", where=cell_name(i))
    else:
        card = slot["card"]
        mod = 0 if cell_aff is None else (1 if card.get("affinity") == cell_aff else -1)
        typed = ((view.get("typed") or {}).get("board") or [0] * 9)[i]
        words = t(
            "say_cell",
            where=cell_name(i),
            card=card_words(card, aff, slot["owner"], mod, typed, affinity_rule(view)),
        )
    if cell_aff:
        # (the space by its rule's word: a banner, or an element, never a third name)
        key = "space_banner" if affinity_rule(view) == "rule_banner" else "space_element"
        words += ". " + t(key, name=affinity_name(cell_aff, aff))
    waiting = waiting_card(view, sel) if sel is not None and sel.cell == i else None
    if waiting and slot is None and sel.phase == CONFIRM:
        name = card_name(waiting) or "?"
        if captures is None:
            words += ". " + t("say_cell_waiting", card=name)
        else:
            words += ". " + t("say_cell_waiting_captures", card=name, captures=would(captures))
    return words


def would(captures: int) -> str:
    """What a waiting card would capture: "would capture 2 cards", "would capture nothing"."""
    if not captures:
        return t("say_would_capture_none")
    return t("say_would_capture", count=captures)


def waiting_card(view: dict, sel):
    """The card of the hand chosen to be deployed on the chosen space (None if none)."""
    if sel is None or sel.card is None or sel.player not in view["hands"]:
        return None
    hand = view["hands"][sel.player]
    return hand[sel.card] if sel.card < len(hand) else None


def waiting_text(view: dict, sel, captures=None) -> str:
    """A card waits on the space chosen for it: which, where, what it would capture (when
    the engine has said), and how to deploy it."""
    card = waiting_card(view, sel)
    if not card or sel.cell is None:
        return ""
    name, where = card_name(card) or "?", cell_name(sel.cell)
    if captures is None:
        return t("say_waiting", card=name, where=where)
    return t("say_waiting_captures", card=name, where=where, captures=would(captures))


def move_text(
    before: dict, player: str, cell: int, card: dict, events: list, after: dict, ctx: dict
) -> str:
    """One placement: who played what where, each capture and why, the score, who is next."""
    cell_aff = before["cells"][cell] if before.get("cells") else None
    mod = 0 if cell_aff is None else (1 if card.get("affinity") == cell_aff else -1)
    parts = [
        t(
            "say_move",
            player=t(player),
            card=card_text(card),
            where=cell_name(cell),
        )
    ]
    shifted = any(ev.get("kind") == "shift" for ev in events)
    for ev in events:
        kind = ev.get("kind")
        cells = ev.get("cells") or []
        if kind == "shift":
            parts.append(t("say_shift"))
            continue
        if kind not in ("basic", "battle", "same", "plus", "combo") or not cells:
            continue
        names = []
        for c in cells:
            slot = after["board"][c] if c < len(after["board"]) else None
            name = card_name(slot["card"]) if slot else "?"
            taken = t("say_taken", card=name, where=cell_name(c))
            if kind in ("basic", "battle") and not shifted:
                taken = compared(before, cell, card, mod, c, taken)
            names.append(taken)
        reason = REASONS.get(kind)
        if reason is not None and ev.get("wall") and kind != "combo":
            reason += "_wall"
        if reason is None and mod > 0:
            reason = affinity_rule(before)  # (the rule by its one name: Banner or Elemental)
        taken = ", ".join(names)
        if reason is None:
            parts.append(t("say_captures", cards=taken))
        else:
            parts.append(t("say_captures_by", reason=t(reason), cards=taken))
    parts.append(score_text(after))
    if not after.get("over"):
        nxt = turn_words(after, ctx)
        if nxt:
            parts.append(nxt)
    return " ".join(parts)


def compared(before: dict, cell: int, card: dict, mod: int, other: int, words: str) -> str:
    """A plain capture's words with its two touching numbers as compared (each with its
    space's +1/-1): "Ann on the left (7 against 3)"; the words alone where the numbers are
    not plain to tell (a Power Wall shift moved the card, Ascension/Descension)."""
    side = touching(cell, other)
    if side is None:
        return words
    slot = before["board"][other]
    if slot is None or any((before.get("typed") or {}).get("board") or []):
        return words
    taken = slot["card"]
    cells = before.get("cells") or []
    aff = cells[other] if other < len(cells) else None
    them = 0 if aff is None else (1 if taken.get("affinity") == aff else -1)
    mine = number(card[SIDES[side]] + mod)
    theirs = number(taken[SIDES[(side + 2) % 4]] + them)
    return t("say_compared", taken=words, mine=mine, theirs=theirs)


def number(value: int) -> str:
    return "A" if value == 10 else str(value)


def card_text(card: dict) -> str:
    """A card in a sentence: its name and values ("Pim Cobble, 5 3 3 4")."""
    return t("say_card_short", name=card_name(card) or "?", values=values_text(card))


def score_text(view: dict) -> str:
    scores = view["scores"]
    return t("say_score", blue=scores["blue"], red=scores["red"])


def rival_name(ctx: dict) -> str:
    """The opponent's name in a match for cards ("" against the plain CPU)."""
    return (ctx.get("opponent") or {}).get("name") or ""


def hand_label(player: str, ctx: dict) -> str:
    """A hand's name: "Your hand", the CPU's (or the named opponent's), Blue's or Red's."""
    if ctx.get("mode", "cpu") != "cpu":
        return t("hand_label_" + player)
    if player in ctx.get("humans", ["blue"]):
        return t("hand_label_" + player + "_you")
    rival = rival_name(ctx)
    return t("hand_label_rival", name=rival) if rival else t("hand_label_" + player + "_cpu")


def turn_words(view: dict, ctx: dict) -> str:
    player = view.get("to_move")
    if player is None:
        return ""
    mode = ctx.get("mode", "cpu")
    if mode == "cpu":
        return t("your_turn") + "." if player in ctx.get("humans", ["blue"]) else ""
    if mode == "friend":  # (as the table says it: the player's turn, or the friend's)
        return t("your_turn" if player in ctx.get("humans", []) else "friend_turn") + "."
    return t(player + "_turn") + "."


def deal_text(view: dict, ctx: dict) -> str:
    """The start of a match: the rules in force and who begins."""
    rules = [t("rule_" + r) for r in view.get("rules") or []]
    if view.get("roulette"):
        rules.append(t("rule_" + view["roulette"]))
    text = t("say_deal", rules=", ".join(rules) if rules else t("say_no_rule"))
    humans = ctx.get("humans", ["blue"])
    if ctx.get("mode", "cpu") == "cpu" and len(humans) == 1:
        # the page names the sides You and CPU, the announcements Blue and Red: which is which
        cpu = "red" if humans[0] == "blue" else "blue"
        rival = rival_name(ctx)
        if rival:
            text += " " + t("say_sides_rival", you=t(humans[0]), name=rival, cpu=t(cpu))
        else:
            text += " " + t("say_sides", you=t(humans[0]), cpu=t(cpu))
    elif ctx.get("mode") == "friend" and len(humans) == 1:
        friend = "red" if humans[0] == "blue" else "blue"
        text += " " + t("say_sides_friend", you=t(humans[0]), friend=t(friend))
    nxt = turn_words(view, ctx)
    return text + (" " + nxt if nxt else "")


def rematch_text(view: dict, ctx: dict) -> str:
    """Sudden Death: the drawn match is dealt again from the cards each side holds."""
    text = t("teatime") + ". " + t("round", n=view.get("round") or 1) + "."
    nxt = turn_words(view, ctx)
    return text + (" " + nxt if nxt else "")


def result_text(view: dict, ctx: dict, title: str) -> str:
    """The end of a match: the result and the final score."""
    result = title.rstrip("!…. \u00a0")
    if ctx.get("verdict"):  # a friend caught cheating: the verdict alone, no score
        return ctx["verdict"][1]
    return t("say_result", result=result, blue=view["scores"]["blue"], red=view["scores"]["red"])


def table_text(view: dict, ctx: dict) -> str:
    """The whole table on demand: each space, then both hands, then the score."""
    aff = ctx["aff"]
    parts = [t("say_board") + " " + "; ".join([cell_words(view, i, aff) for i in range(9)]) + "."]
    humans = ctx.get("humans", ["blue"])
    for player in ("blue", "red"):
        hand = view["hands"][player]
        shown = []
        hidden = 0
        for card in hand:
            if card is not None and (player in humans or card.get("open")):
                shown.append(card_words(card, aff))
            else:
                hidden += 1
        if hidden:
            shown.append(t("say_hidden", count=hidden))
        words = "; ".join(shown) if shown else t("say_empty_hand")
        parts.append(hand_label(player, ctx) + t("colon") + words + ".")
    parts.append(score_text(view))
    nxt = "" if view.get("over") else turn_words(view, ctx)
    if nxt:
        parts.append(nxt)
    return " ".join(parts)


class Speaker:
    """The page's one live region: each sentence is added to a log that assistive
    technology reads out as it comes; the last one can be heard again."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.last = ""

    def say(self, text: str) -> None:
        if not text:
            return
        self.last = text
        self.screen.say("r-say", text, KEEP)

    def repeat(self) -> None:
        if self.last:
            self.screen.say("r-say", self.last, KEEP)
