"""Pure render functions: from the page's view of a match to HTML strings.

Nothing here touches the DOM; the page puts each region's string into its
element (see `regions`).  A match view is the JSON the engine worker sends
(see `triad.worker.engine`): `board`, `hands`, `cells`, `restrictions`,
`to_move`, `scores`, `over`, `winner`.
"""

from triad.ui.look import speech
from triad.ui.look.cardtext import card_name, card_title
from triad.ui.look.html import attrs, classes, error_html, esc, hidden
from triad.ui.look.icons import UI_ART, affinity_icon, art, icon, sprite
from triad.ui.look.legend import render_tip, rule_marks
from triad.ui.look.text import language, t
from triad.ui.table import input as sel_phases

PLAYERS = ("blue", "red")
EDGE = '<span class="c-edge" aria-hidden="true"></span>'  # the owner's edge: solid or dashed


def other(player: str) -> str:
    return "red" if player == "blue" else "blue"


def side_text(value) -> str:
    """A printed side value: 1..9, and A for 10."""
    return "A" if value == 10 else str(value)


def tier(level) -> str:
    """Border tier by level: silver 1-4, gold 5-7, ornate 8-10."""
    if level <= 4:
        return "silver"
    if level <= 7:
        return "gold"
    return "ornate"


def initials(name: str) -> str:
    """Up to two capital letters for a card's emblem."""
    words = [w for w in str(name).replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:1].upper()
    return (words[0][:1] + words[-1][:1]).upper()


def text_width(text: str) -> float:
    """The width of `text` in ems of the card-name font, a little over the widest common one."""
    total = 0.0
    for ch in text:
        total += _glyph_width(ch)
    return total


def name_fit(name: str) -> tuple:
    """How a card's name is set: `(lines, width)`, 1 to 3 lines, `width` the widest in tenths of an em.

    One line while the name stays large enough on it, else the name is split
    at spaces (or anywhere, for one long word) into the fewest lines that keep
    it readable.  The style sheet sizes the font from `width`, so the name
    always fits the card's width and never needs an ellipsis.
    """
    widths = [text_width(w) for w in str(name).split()]
    space = _glyph_width(" ")
    lines = 1
    widest = _widest_line(widths, space, 1)
    while lines < len(_READABLE) and _NAME_ROOM / (widest + _BADGE) < _READABLE[lines - 1]:
        lines += 1
        widest = _widest_line(widths, space, lines)
    return lines, int(widest * 10 + 0.999)


def modifier(card: dict, cell_affinity) -> int:
    """+1 when a card stands on its own affinity, -1 on another one, 0 off territories."""
    if cell_affinity is None:
        return 0
    return 1 if card.get("affinity") == cell_affinity else -1


def choosing(ctx: dict, player=None) -> "sel_phases.Selection | None":
    """The card and space being chosen in `ctx` (by `player`, when named), or None."""
    sel = ctx.get("sel")
    if sel is None or not sel.active or (player is not None and sel.player != player):
        return None
    return sel


#: Card faces drawn so far: the page draws both hands and the board again at
#: every change, mostly with the very same cards (a face is about 2 ms under
#: MicroPython, the main thread's whole budget in a few).
_FACES: dict[tuple, str] = {}
_AFFS: dict[int, dict] = {}


def render_card(
    card: dict, owner: str, aff: dict, cls: str = "", mod: int = 0, extra=None, typed: int = 0
) -> str:
    """One face-up card: owner colour and mark, tier border, values, affinity, name.

    `mod` (+1/-1) draws the territory arrows; `extra` is a list of further
    `(attribute, value)` pairs such as `("data-card", 2)`; `typed` is the
    Ascension/Descension modifier (+N/-N), shown as a badge.
    """
    key = (
        card.get("id"),
        card.get("name"),
        card.get("title"),
        card.get("level", 1),
        card["top"],
        card["right"],
        card["bottom"],
        card["left"],
        card.get("affinity"),
        owner,
        id(aff),
        cls,
        mod,
        tuple(extra) if extra else None,
        typed,
        language(),
    )
    face = _FACES.get(key)
    if face is None:
        if len(_FACES) > 600:
            _FACES.clear()
            _AFFS.clear()
        _AFFS[id(aff)] = aff  # held, so that no other table takes its id while faces use it
        face = _card_face(card, owner, aff, cls, mod, extra, typed)
        _FACES[key] = face
    return face


def _card_face(card: dict, owner: str, aff: dict, cls: str, mod: int, extra, typed: int) -> str:
    level = card.get("level", 1)
    name = card_name(card)
    vals = ['<div class="c-vals">']
    for side in ("top", "left", "right", "bottom"):
        vals.append('<b class="v-' + side[0] + '">' + side_text(card[side]) + "</b>")
    parts = [EDGE, "".join(vals) + "</div>"]
    affinity = card.get("affinity")
    if affinity:
        parts.append(affinity_icon(affinity, aff, "c-aff"))
    if mod:
        arrow = "up" if mod > 0 else "down"
        parts.append(
            '<span class="c-mod '
            + arrow
            + '" role="img" aria-label="'
            + esc(t("territory_up" if mod > 0 else "territory_down"))
            + '">'
            + icon(arrow)
            + icon(arrow)
            + "</span>"
        )
    if typed:
        label = ("+" if typed > 0 else "") + str(typed)
        parts.append(
            '<span class="c-typed '
            + ("plus" if typed > 0 else "minus")
            + '" role="img" aria-label="'
            + esc(t("typed_badge", n=label))
            + '">'
            + esc(label)
            + "</span>"
        )
    if card.get("art"):
        parts.append(art(card["art"], "c-art"))
    else:
        parts.append('<span class="c-emblem" aria-hidden="true">' + esc(initials(name)) + "</span>")
    lines, width = name_fit(name)
    parts.append(
        '<span class="c-name" style="--nw:'
        + str(width)
        + '"><span class="c-mark" aria-hidden="true"></span><i class="c-lv">'
        + esc(level)
        + '</i><span class="c-words">'
        + esc(name)
        + "</span></span>"
    )
    title = card_title(card)
    fit = "nm-" + str(lines) if lines > 1 else ""
    label = speech.card_words(card, aff, owner, mod, typed)
    button = ("role", "button") in (extra or [])
    pairs = [
        ("class", classes(["card", "own-" + owner, "tier-" + tier(level), fit, cls])),
        ("data-id", card.get("id")),
        ("title", t("card_title", name=name, title=title) if title else name or None),
    ]
    parts = [hidden(part) for part in parts]  # what shows is hidden, the words are read
    if button:  # named by its text
        parts.append('<span class="sr">' + esc(label) + "</span>")
    else:
        pairs += [("role", "img"), ("aria-label", label)]
    if extra:
        pairs = pairs + extra
    return "<div" + attrs(pairs) + ">" + "".join(parts) + "</div>"


def render_back(owner: str, cls: str = "", extra=None) -> str:
    """A face-down card (its owner still marked, for the colour-blind too)."""
    pairs = [
        ("class", classes(["card", "back", "own-" + owner, cls])),
        ("role", "img"),
        ("aria-label", t("say_card_hidden", owner=t(owner))),
    ]
    if extra:
        pairs = pairs + extra
    return (
        "<div"
        + attrs(pairs)
        + ">"
        + '<span class="c-back" aria-hidden="true">'
        + art(UI_ART["triad"], "c-back-art")
        + "</span>"
        + '<span class="c-mark" aria-hidden="true"></span>'
        + EDGE
        + "</div>"
    )


def hand_visible(view: dict, player: str, index: int, card, humans: list) -> bool:
    """Whether a hand card is drawn face up: a human's own cards, or the opponent's when open."""
    if card is None:
        return False
    if player in humans:
        return True
    return bool(card.get("open"))


def render_hand(view: dict, player: str, ctx: dict) -> str:
    """A player's hand as a `data-hand` container of `data-card` cards."""
    hand = view["hands"][player]
    sel = choosing(ctx, player)
    humans = ctx.get("humans", ["blue"])
    out = []
    count = len(hand)
    forced = (view.get("forced") or {}).get(player)  # Order, Chaos: the card to play
    swap = view.get("swap")
    typed = ((view.get("typed") or {}).get("hands") or {}).get(player) or []
    order = "order" in (view.get("rules") or [])
    best = (ctx.get("ghosts") or {}).get("hand")
    for i in range(count):
        card = hand[i]
        state = []
        if sel is not None:
            if sel.card == i:
                state.append("sel")
            if sel.phase == sel_phases.HAND and sel.hand_cursor == i:
                state.append("cursor")
        if forced is not None:
            state.append("forced" if i == forced else "locked")
        if swap is not None and i == swap[0 if player == "blue" else 1]:
            state.append("swapped")
        if sel is not None and (forced is None or i == forced):
            state.append("pickable")
        extra: list[tuple[str, str | None]] = [
            ("data-card", str(i)),
            ("style", "--i:" + str(i) + ";--n:" + str(count)),
        ]
        if player in humans and card is not None:
            # the human's cards are buttons, to be chosen when it is their turn
            extra.append(("role", "button"))
            pick = "pickable" in state
            extra.append(("tabindex", "0" if pick else "-1"))
            extra.append(("aria-disabled", None if pick else "true"))
            extra.append(("aria-pressed", "true" if "sel" in state else "false"))
        if hand_visible(view, player, i, card, humans):
            face = render_card(
                card,
                player,
                ctx["aff"],
                " ".join(state),
                0,
                extra,
                typed[i] if i < len(typed) else 0,
            )
        else:
            face = render_back(player, " ".join(state), extra)
        # a word on the card: the next one (Order), the drawn one (Chaos), the exchanged one,
        # the analysis's best move when it was for the space the card played went to
        word, tag = "", "c-next"
        if "swapped" in state:
            word = t("swapped_card")
        elif forced == i:
            word = t("next_card" if order else "drawn_card")
        elif best == (player, i):
            word, tag = t("an_best_tag"), "c-next ghost-tag-best"
        if word:
            face = face[: face.rfind("</div>")] + f'<span class="{tag}">{esc(word)}</span></div>'

        out.append(face)
    return (
        '<div class="hand hand-'
        + player
        + '" data-hand="'
        + player
        + '" role="group" aria-label="'
        + esc(speech.hand_label(player, ctx))
        + '">'
        + "".join(out)
        + "</div>"
    )


def player_name(player: str, ctx: dict) -> str:
    """You, the CPU (a match for cards: the opponent's name), or the side's colour."""
    if ctx.get("mode", "cpu") == "cpu":
        rival = speech.rival_name(ctx) or t("cpu")
        return t("you") if player in ctx.get("humans", ["blue"]) else rival
    if ctx.get("mode") == "friend":  # whose it is first, the colour second
        return t("friend_you" if player in ctx["humans"] else "friend_them", colour=t(player))
    return t(player)


def render_side(view: dict, player: str, ctx: dict) -> str:
    """One side of the table: turn marker, name, hand and the House's size."""
    turn = view.get("to_move") == player and not view.get("over") and not ctx.get("status_note")
    thinking = turn and ctx.get("thinking")
    mark = ""
    if turn:
        mark = (
            '<div class="turn-mark'
            + (" thinking" if thinking else "")
            + '">'
            + icon("turn", "turn-star")
            + "<span>"
            + esc(turn_text(player, ctx))
            + "</span></div>"
        )
    score = view["scores"][player]
    name = player_name(player, ctx)
    rival = ctx.get("opponent") if player not in ctx.get("humans", ["blue"]) else None
    stake = t("opp_trade", trade=t("trade_" + str(rival.get("trade")))) if rival else ""
    sel = choosing(ctx, player)
    # A card of this hand is chosen: on a phone the badge would cover it (CSS hides it).
    picking = turn and sel is not None and sel.card is not None
    return (
        '<div class="side-in'
        + (" on-turn" if turn else "")
        + (" picking" if picking else "")
        + '">'
        + '<div class="turn-slot">'
        + mark
        + "</div>"
        + render_hand(view, player, ctx)
        + '<div class="house"><span class="who">'
        + esc(name)
        + ('</span><span class="stake" data-stake>' + esc(stake) if stake else "")
        + "</span>"
        + '<span class="score" data-score="'
        + player
        + '" aria-label="'
        + esc(t("score_label", name=name, count=score))
        + '">'
        + esc(score)
        + "</span></div>"
        + "</div>"
    )


def turn_text(player: str, ctx: dict) -> str:
    if ctx.get("replay"):  # nobody's turn is awaited in a replay: who plays next
        return t("replay_to_play", name=player_name(player, ctx))
    mode = ctx.get("mode", "cpu")
    if mode in ("cpu", "friend"):
        if player in ctx.get("humans", ["blue"]):
            return t("your_turn")
        rival = speech.rival_name(ctx) if mode == "cpu" else ""
        if rival:  # a match for cards: the opponent by name
            return t("rival_turn", name=rival)
        return t("cpu_turn" if mode == "cpu" else "friend_turn")
    return t(player + "_turn")


def render_restriction(r: dict) -> str:
    """A Power Wall sign: the condition and an arrow along the line it moves."""
    sign = str(r.get("op"))
    op = {"<": "&lt;", ">": "&gt;", "=": "="}.get(sign, esc(sign))
    direction = r.get("direction", "down")
    label = t(
        "restriction",
        op=r.get("op"),
        value=r.get("value"),
        direction=t("dir_" + direction)
        if direction in ("up", "down", "left", "right")
        else direction,
    )
    return (
        '<span class="pw pw-'
        + esc(direction)
        + '" role="img" aria-label="'
        + esc(label)
        + '">'
        + '<b class="pw-cond">'
        + op
        + esc(r.get("value"))
        + "</b>"
        + icon("up", "pw-arrow")
        + "</span>"
    )


def render_cell(view: dict, i: int, ctx: dict, fx: dict) -> str:
    slot = view["board"][i]
    cell_aff = view["cells"][i] if view.get("cells") else None
    sel = choosing(ctx)
    if sel is not None and sel.phase not in (sel_phases.CELL, sel_phases.CONFIRM):
        sel = None  # (a card is still being chosen: no space is open yet)
    aff = ctx["aff"]
    state = ["cell"]
    inner = []
    if cell_aff:
        state.append("terr")
        inner.append(
            '<span class="terr-mark">' + affinity_icon(cell_aff, aff, "terr-icon") + "</span>"
        )
    restriction = None
    for r in view.get("restrictions") or []:
        if r.get("cell") == i:
            restriction = r
    if restriction:
        state.append("walled")
        inner.append(render_restriction(restriction))
    pairs: list[tuple[str, str | None]] = [("data-cell", str(i))]
    ghost = (ctx.get("ghosts") or {}).get(i)
    if slot is None:
        state.append("empty")
        if ghost is not None:
            state.append("ghost-" + ghost["kind"])
            inner.append(render_card(ghost["card"], ghost["owner"], aff, "preview ghost"))
            tag = t(
                "an_" + ghost["kind"] + "_tag"
            )  # "Played" / "Best", told apart by more than colour
            inner.append(
                '<span class="ghost-tag ghost-tag-' + ghost["kind"] + '">' + esc(tag) + "</span>"
            )
        if sel is not None:
            state.append("open")
            if sel.phase == sel_phases.CONFIRM and sel.cell == i:
                state.append("chosen")
                hand = view["hands"][sel.player]
                if sel.card is not None and sel.card < len(hand) and hand[sel.card]:
                    card = hand[sel.card]
                    inner.append(
                        render_card(card, sel.player, aff, "preview", modifier(card, cell_aff))
                    )
    else:
        owner = slot["owner"]
        card = slot["card"]
        pairs.append(("data-owner", owner))
        typed = ((view.get("typed") or {}).get("board") or [0] * 9)[i]
        inner.append(
            render_card(card, owner, aff, fx.get(i, ""), modifier(card, cell_aff), None, typed)
        )
    if sel is not None and sel.cell_cursor == i:
        state.append("cursor")
        inner.append(icon("cursor", "cell-cursor"))
    pairs.append(("class", " ".join(state)))
    # A cell of the board's grid, named by its words (what shows is hidden): chosen while a
    # card is; the arrows move the focus from cell to cell (`Controls.key`).
    pick = sel is not None and slot is None
    pairs += [("role", "gridcell"), ("tabindex", "0" if pick else "-1")]
    pairs.append(("aria-disabled", None if pick else "true"))
    label = speech.cell_words(view, i, aff, sel, ctx.get("foresee"))
    inner = [hidden(part) for part in inner] + ['<span class="sr">' + esc(label) + "</span>"]
    return "<div" + attrs(pairs) + ">" + "".join(inner) + "</div>"


def render_board(view: dict, ctx: dict, fx=None) -> str:
    """The 3x3 battlefield; `fx` maps cells to an animation class (place, flip)."""
    fx = fx or {}
    cells = [render_cell(view, i, ctx, fx) for i in range(9)]
    rows = [
        '<div class="b-row" role="row">' + "".join(cells[r : r + 3]) + "</div>" for r in (0, 3, 6)
    ]
    cls = "board"
    if "broken_wall" in (view.get("rules") or []):
        cls += " broken"
    return (
        '<div class="'
        + cls
        + '" role="grid" aria-label="'
        + esc(t("say_board_label"))
        + '">'
        + "".join(rows)
        + "</div>"
    )


def status_text(view: dict, ctx: dict) -> str:
    """The short line above the board: whose turn, or what to do next."""
    if ctx.get("status_note"):  # e.g. the puzzle solved: its line is not a turn to play
        return ctx["status_note"]
    if view.get("over"):
        return result_title(view, ctx)
    player = view.get("to_move")
    if player is None:
        return ""
    sel = choosing(ctx, player)
    if ctx.get("queued"):  # confirmed before the engine was up: it waits for it
        return t("move_queued")
    if ctx.get("thinking"):
        # (the opponent by name on its turn; F1's hint is the CPU thinking for the human)
        rival = "" if player in ctx.get("humans", ["blue"]) else speech.rival_name(ctx)
        return t("rival_thinking", name=rival) if rival else t("thinking")
    if sel is not None:
        if sel.phase == sel_phases.HAND:
            return t("choose_card")
        if sel.phase == sel_phases.CELL:
            return t("choose_cell")
        if ctx.get("keyboard"):
            return t("confirm_cell_key")
        return t("confirm_cell_touch" if ctx.get("touch") else "confirm_cell")
    return turn_text(player, ctx)


def render_status(view: dict, ctx: dict) -> str:
    """The line above the board. Beneath the title screen the match is held and not yet
    shown: no turn, no rule marks (Roulette's draw is called out once the title is left),
    only the engine loading."""
    if ctx.get("title"):
        parts = ['<span class="status-text"></span>']
    else:
        parts = ['<span class="status-text">' + esc(status_text(view, ctx)) + "</span>"]
        for mark in rule_marks(view):  # each opens the legend
            parts.append(
                '<button type="button" class="rule-mark" data-action="legend">'
                + esc(mark)
                + "</button>"
            )
        if view.get("round"):
            parts.append('<span class="round">' + esc(t("round", n=view["round"])) + "</span>")
    if ctx.get("engine_loading"):
        parts.append(loading_html(ctx))
    return "".join(parts)


def loading_html(ctx: dict) -> str:
    """The engine's loading as the status line shows it, with its spinner."""
    words = loading_text(ctx.get("engine_progress", 0), ctx.get("engine_bytes"))
    return '<span class="engine-loading"><i class="spinner"></i>' + esc(words) + "</span>"


def megabytes(n: int) -> str:
    """Bytes as megabytes with one decimal, in the page's language (3.1 / 3,1)."""
    text = "%.1f" % (n / 1e6)
    return text.replace(".", ",") if language() == "fr" else text


def loading_text(progress, got=None) -> str:
    """The engine loading text, with how far it has got once the worker says so: the bytes of
    its download come of their total while it downloads, then the share."""
    loaded, total = got or (0, 0)
    if total and loaded < total:
        return t("engine_loading_mb", got=megabytes(loaded), total=megabytes(total))
    if progress and 0 < progress < 1:
        return t("engine_loading_pct", pct=int(progress * 100))
    return t("engine_loading")


def button(action: str, symbol: str, label: str, pressed=None, cls: str = "") -> str:
    pairs = [
        ("type", "button"),
        ("class", classes(["btn", "btn-" + action, cls])),
        ("data-action", action),
        ("title", label),
        ("aria-label", label),
    ]
    if pressed is not None:
        pairs.append(("aria-pressed", "true" if pressed else "false"))
    return "<button" + attrs(pairs) + ">" + icon(symbol) + "</button>"


def render_bar_top(ctx: dict) -> str:
    paused = ctx.get("paused")
    return (
        '<div class="bar-group">'
        + button(
            "pause",
            "play" if paused else "pause",
            t("btn_resume" if paused else "btn_pause"),
            bool(paused),
        )
        + button("new", "new", t("btn_new"))
        + (button("friend", "person", t("btn_friend")) if ctx.get("mode") == "friend" else "")
        + "</div>"
    )


def render_bar_right(ctx: dict) -> str:
    return (
        '<div class="bar-group">'
        + button("info", "rules", t("btn_info"), None, "open" if ctx.get("panel") == "info" else "")
        + button(
            "rules", "sliders", t("btn_rules"), None, "open" if ctx.get("panel") == "rules" else ""
        )
        + button(
            "collection",
            "album",
            t("btn_collection"),
            None,
            "open" if ctx.get("panel") in ("collection", "deck") else "",
        )
        + button(
            "legend",
            "legend",
            t("btn_legend"),
            None,
            "open" if ctx.get("panel") == "legend" else "",
        )
        + "</div>"
    )


def render_bar_bottom(ctx: dict) -> str:
    """The bottom bar's buttons; in a new player's first match, the tip beside them (in the
    bar, where the keys' help is: it lies over no card, space or line of play)."""
    sound = ctx.get("sound", True)
    music = ctx.get("music", False)
    return (
        (render_tip() if ctx.get("legend_tip") else "")
        + '<div class="bar-group">'
        + button(
            "music",
            "sound" if music else "mute",
            t("btn_music_on" if music else "btn_music_off"),
            bool(music),
        )
        + button(
            "sound",
            "speaker" if sound else "speaker-off",
            t("btn_sound_on" if sound else "btn_sound_off"),
            bool(sound),
        )
        + (
            ""
            if friend_match(ctx)
            else button("rematch", "rematch", t("btn_rematch"))
            + button("autoplay", "autoplay", t("btn_autoplay"))
        )
        + "</div>"
    )


def friend_match(ctx: dict) -> bool:
    """A friend's match on the table: no CPU plays for the player (F1), and Rematch would
    only leave it for a match against the CPU."""
    return ctx.get("mode") == "friend" and not ctx.get("replay")


def render_keys(ctx: dict) -> str:
    """The keys' help of the bottom bar (only the keys that work in the match shown)."""
    return esc(t("keys_help_friend" if friend_match(ctx) else "keys_help"))


def result_title(view: dict, ctx: dict) -> str:
    if ctx.get("verdict"):  # a friend caught cheating: the verdict, not the board's winner
        return ctx["verdict"][0]
    winner = view.get("winner")
    if winner == "draw" or winner is None:
        return t("draw")
    if ctx.get("mode", "cpu") in ("cpu", "friend"):
        lose = "lose" if ctx.get("mode", "cpu") == "cpu" else "friend_wins"
        return t("win") if winner in ctx.get("humans", ["blue"]) else t(lose)
    return t(winner + "_wins")


def render_result(view: dict, ctx: dict) -> str:
    """The result screen (`data-result` holds its text)."""
    title = result_title(view, ctx)
    scores = view["scores"]
    # Red's score first, as the table shows the sides (red on the left), each named.
    score = t(
        "final_score",
        red_name=player_name("red", ctx),
        red=scores["red"],
        blue_name=player_name("blue", ctx),
        blue=scores["blue"],
    )

    def side(player: str) -> str:
        number = '<span class="f-n">' + esc(scores[player]) + "</span>"
        who = '<span class="f-who">' + esc(player_name(player, ctx)) + "</span>"
        return (
            '<span class="f-side f-' + player + '" aria-hidden="true">' + number + who + "</span>"
        )

    winner = view.get("winner") or "draw"
    final = '<p class="final">' + side("red") + '<span class="f-sep" aria-hidden="true">–</span>'
    final += side("blue") + '<span class="sr">' + esc(score) + "</span></p>"
    if ctx.get("verdict"):
        winner, final = "draw", '<p class="final-verdict">' + esc(ctx["verdict"][1]) + "</p>"
    note = ""
    if winner == "draw" and view.get("round"):
        note = '<p class="note">' + esc(t("draw_stands", n=view["round"])) + "</p>"
    lines = ctx.get("result_lines") or []
    if lines:
        note += (
            '<ul class="trade-lines" data-trade-result>'
            + "".join(["<li>" + esc(line) + "</li>" for line in lines])
            + "</ul>"
        )
    again = ""
    if ctx.get("ladder"):
        again = (
            '<button type="button" data-do="collection">'
            + esc(t("btn_next_opponent"))
            + "</button>"
        )
    else:
        again = '<button type="button" data-do="rules">' + esc(t("btn_change_rules")) + "</button>"
    return (
        '<div class="dialog result result-'
        + esc(winner)
        + '" role="dialog" aria-modal="false" aria-labelledby="result-title" data-result>'
        + '<h2 class="result-title" id="result-title">'
        + esc(title)
        + "</h2>"
        + final
        + note
        + '<div class="dialog-buttons">'
        + '<button type="button" class="big" data-do="rematch">'
        + esc(t("btn_play_again"))
        + "</button>"
        + again
        + '<button type="button" data-do="replay">'
        + esc(t("btn_replay"))
        + "</button>"
        + '<button type="button" data-do="analyse">'
        + esc(t("an_button"))
        + "</button>"
        + '<button type="button" data-do="result">'
        + esc(t("btn_see_board"))
        + "</button>"
        + "</div></div>"
    )


def render_roulette(rule: str) -> str:
    """The start-of-match callout of Roulette: the rule it drew for this match."""
    return (
        '<div class="callout callout-roulette" aria-hidden="true"><span>'
        + esc(t("mark_roulette", rule=t("rule_" + rule)))
        + "</span></div>"
    )


def render_notice(text: str) -> str:
    """A passing notice; an error's detail is shown open (a notice fades, nobody clicks it)."""
    if not text:
        return ""
    return '<div class="notice" role="status">' + error_html(text, True) + "</div>"


def render_frame() -> str:
    """The page skeleton with an empty element for each region."""
    return (
        sprite()
        + '<div class="table" id="table">'
        + '<header class="bar bar-top"><div id="r-bar-top"></div>'
        + '<div class="status" id="r-status"></div>'  # (the log is the one live region)
        + '<div id="r-bar-right"></div></header>'
        + '<section class="side side-red" id="r-side-red"></section>'
        + '<section class="field"><div class="board-wrap" id="r-board"></div></section>'
        + '<section class="side side-blue" id="r-side-blue"></section>'
        + '<footer class="bar bar-bottom"><div class="keys" id="r-keys"></div>'
        + '<div id="r-bar-bottom"></div></footer>'
        + '<div class="layer callout-layer" id="r-callout"></div>'
        + '<div class="layer overlay-layer" id="r-overlay"></div>'
        + '<div class="replay-layer" id="r-replay"></div>'
        + '<div class="notice-layer" id="r-notice"></div>'
        + '<div class="sr" id="r-say" role="log" aria-live="assertive" aria-label="'
        + esc(t("say_log"))
        + '"></div>'
        + "</div>"
    )


def regions(view: dict, ctx: dict, fx=None) -> dict:
    """Every region of the table that follows the match: region id -> HTML."""
    return {
        "r-side-red": render_side(view, "red", ctx),
        "r-side-blue": render_side(view, "blue", ctx),
        "r-board": render_board(view, ctx, fx),
        "r-status": render_status(view, ctx),
        "r-bar-top": render_bar_top(ctx),
        "r-bar-right": render_bar_right(ctx),
        "r-bar-bottom": render_bar_bottom(ctx),
        "r-keys": render_keys(ctx),
    }


def render_draft(draft: dict, cpu_picks: list, ctx: dict) -> str:
    """The draft: twelve cards laid out; the player to pick clicks one (`data-draft`)."""
    player = draft["to_pick"]
    humans = ctx.get("humans", ["blue"])
    mine = player in humans and not draft.get("waiting")  # (no pick while one is on its way)
    owner = {}
    for p in PLAYERS:
        for i in draft[p]:
            owner[i] = p
    cards = []
    pool = draft["pool"]
    for i in range(len(pool)):
        taken = owner.get(i)
        if taken is not None:
            cls = "picked" + (" cpu-pick" if i in cpu_picks else "")
            inner = render_card(pool[i], taken, ctx["aff"], cls)
            cards.append('<li class="slot" data-drafted="' + taken + '">' + inner + "</li>")
        else:
            inner = render_card(pool[i], "neutral", ctx["aff"], "")  # nobody's card yet
            cards.append(
                '<li class="slot"><button type="button" class="draft-pick" data-draft="'
                + str(i)
                + '"'
                + ("" if mine else " disabled")
                + ">"
                + inner
                + "</button></li>"
            )
    counts = t("draft_counts", blue=len(draft["blue"]), red=len(draft["red"]))
    return (
        '<div class="dialog coll draft" role="dialog" aria-modal="true" aria-labelledby="draft-title">'
        + '<div class="dialog-head"><h2 id="draft-title">'
        + esc(t("draft_title"))
        + "</h2></div>"
        + '<p class="coll-note" data-draft-turn="'
        + player
        + '">'
        + "<span>"
        + esc(turn_text(player, ctx))
        + '</span> <span class="draft-counts">'
        + esc(counts)
        + "</span></p>"
        + '<ul class="album draft-pool">'
        + "".join(cards)
        + "</ul></div>"
    )


# -- private helpers ---------------------------------------------------------

# Card names are set to fit the card: these follow the style sheet's `.c-name`
# (room across the card in % of its width, the level badge and gap in ems)
# and the least font size, in % of the card's width, at which 1, 2 or 3
# lines still read well.
_NAME_ROOM = 88.0
_BADGE = 1.6
_READABLE = (8.0, 6.5, 0.0)
# Advance widths in ems of a wide bold sans-serif, by character class.
_NARROW = "ijlI.,'!|:;"
_THIN = "frt-()/"
_SLIM = "csz"
_WIDE = "DGHNOQU"
_WIDEST = "mwMW"
_WIDEST_GLYPH = 1.12


def _glyph_width(ch: str) -> float:
    if ch == " ":
        return 0.36
    if ch in _NARROW:
        return 0.4
    if ch in _THIN:
        return 0.5
    if ch in _SLIM:
        return 0.62
    if ch in _WIDE:
        return 0.87
    if ch in _WIDEST:
        return _WIDEST_GLYPH
    if ord(ch) >= 0x1100:
        return 1.02  # CJK, Hangul and most symbols are set a full em wide
    return 0.76


def _widest_line(widths: list, space: float, lines: int) -> float:
    """The widest line when words of `widths` are split into at most `lines` lines.

    Several words are split at spaces (every split is tried); a single word is
    broken anywhere, as the style sheet lets the browser do, each line then
    about an even share plus the glyph that did not fit.
    """
    count = len(widths)
    if count == 0:
        return 0.0
    whole = sum(widths) + space * (count - 1)
    if lines == 1:
        return whole
    if count == 1:
        return whole / lines + _WIDEST_GLYPH
    best = whole
    for cut in range(1, count):
        head = sum(widths[:cut]) + space * (cut - 1)
        best = min(best, max(head, _widest_line(widths[cut:], space, lines - 1)))
    return best
