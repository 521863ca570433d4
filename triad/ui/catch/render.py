"""The Triangle Catch page's HTML: frame, tabs, score bar, the three panels, dialogs.

Pure functions of plain data returning HTML text; every piece of text goes
through `esc`.  Buttons carry ``data-act`` (and ``data-arg``), form fields
``data-field``; `main` reads those.  The map itself is `board.render_map`.
"""

from triad.ui.catch.board import tri_key
from triad.ui.catch.icons import icon, sprite
from triad.ui.catch.store import LIMIT_NAMES, OPPONENTS
from triad.ui.catch.text import said, t
from triad.ui.look.html import attrs, esc

MAX_TURNS = 200
SPEEDS = ("0.5", "1", "2", "4", "8")


def bot_label(name: str) -> str:
    return t("bot_" + name)


def button(act: str, label: str, glyph: str = "", cls: str = "", arg=None, **extra) -> str:
    """A button that does `act` (with `arg`); `glyph` draws an icon before the label."""
    inner = (icon(glyph) if glyph else "") + ("<span>" + esc(label) + "</span>" if label else "")
    return "<button" + _button_attrs("cbtn", cls, act, arg, extra) + ">" + inner + "</button>"


def icon_button(act: str, label: str, glyph: str, cls: str = "", arg=None, **extra) -> str:
    """A round button showing only a glyph; `label` is its accessible name and tooltip."""
    extra["aria_label"] = label
    extra["title"] = label
    return (
        "<button" + _button_attrs("cround", cls, act, arg, extra) + ">" + icon(glyph) + "</button>"
    )


def chips(act: str, options: list, chosen: str, label) -> str:
    """A row of choice buttons (one pressed)."""
    out = []
    for value in options:
        out.append(
            "<button"
            + attrs(
                [
                    ("type", "button"),
                    ("class", "chip" + (" on" if value == chosen else "")),
                    ("data-act", act),
                    ("data-arg", value),
                    ("aria-pressed", "true" if value == chosen else "false"),
                ]
            )
            + ">"
            + esc(label(value))
            + "</button>"
        )
    return '<div class="chips">' + "".join(out) + "</div>"


def select(field: str, options: list, chosen: str, label, name: str) -> str:
    out = []
    for value in options:
        out.append(
            "<option"
            + attrs([("value", value), ("selected", value == chosen)])
            + ">"
            + esc(label(value))
            + "</option>"
        )
    return (
        "<select"
        + attrs([("data-field", field), ("id", "c-" + field), ("aria-label", name)])
        + ">"
        + "".join(out)
        + "</select>"
    )


def seed_field(field: str, seed: int) -> str:
    """A CodinGame seed: text, since a 64-bit number does not survive a number input."""
    return (
        '<div class="seed"><input'
        + attrs(
            [
                ("type", "text"),
                ("inputmode", "numeric"),
                ("pattern", "-?[0-9]+"),
                ("spellcheck", "false"),
                ("autocomplete", "off"),
                ("title", t("seed_hint")),
                ("id", "c-" + field),
                ("data-field", field),
                ("value", str(seed)),
                ("aria-label", t("seed_label")),
            ]
        )
        + ">"
        + icon_button("reseed", t("random_seed"), "dice", arg=field)
        + "</div>"
    )


# ------------------------------------------------------------------ frame


def frame() -> str:
    """The page skeleton: one element per region."""
    return (
        sprite()
        + '<div class="ct" id="ct">'
        + '<header class="ct-top">'
        + '<a class="cround home" href="./index.html"'
        + attrs([("aria-label", t("back")), ("title", t("back"))])
        + ">"
        + icon("home")
        + "</a>"
        + '<h1 class="ct-title">'
        + icon("triangle", "icon logo")
        + "<span>"
        + esc(t("title"))
        + "</span></h1>"
        + '<nav class="ct-tabs" id="c-tabs"></nav>'
        + icon_button("help", t("help"), "help", "help-btn")
        + "</header>"
        + '<section class="ct-board">'
        + '<div class="ct-score" id="c-score"></div>'
        + '<div class="ct-mapbox"><div class="ct-map" id="c-map"></div>'
        + '<div class="ct-banner" id="c-banner"></div></div>'
        + '<div class="ct-below" id="c-below"></div>'
        + "</section>"
        + '<aside class="ct-panel" id="c-panel"></aside>'
        + '<div class="ct-overlay" id="c-overlay"></div>'
        + '<div class="ct-notice" id="c-notice" role="status" aria-live="polite"></div>'
        + '<div class="sr" id="c-say" role="log" aria-live="polite" aria-label="'
        + esc(t("sr_log"))
        + '"></div>'
        + '<div class="ct-dock" id="c-dock"></div>'
        + "</div>"
    )


def tabs(mode: str) -> str:
    out = []
    for name, key, glyph in (
        ("play", "tab_play", "person"),
        ("watch", "tab_watch", "eye"),
        ("editor", "tab_editor", "code"),
    ):
        out.append(
            "<button"
            + attrs(
                [
                    ("type", "button"),
                    ("class", "tab" + (" on" if name == mode else "")),
                    ("data-act", "mode"),
                    ("data-arg", name),
                    ("aria-pressed", "true" if name == mode else "false"),
                ]
            )
            + ">"
            + icon(glyph)
            + "<span>"
            + esc(t(key))
            + "</span></button>"
        )
    return "".join(out)


def loading(progress: float, message: str, failed: bool = False) -> str:
    pct = int(max(4, min(100, progress * 100)))
    return (
        '<div class="ct-loading'
        + (" failed" if failed else "")
        + '"><div class="bar"><span style="width:'
        + str(pct)
        + '%"></span></div><p>'
        + esc(message)
        + "</p></div>"
    )


def placeholder(message: str) -> str:
    """Where the map goes before there is a match to show."""
    return (
        '<div class="ct-placeholder">'
        + icon("triangle", "icon big-mark")
        + "<p>"
        + esc(message)
        + "</p></div>"
    )


def owned_counts(state: dict) -> list:
    counts = [0, 0]
    for row in state.get("triangles") or []:
        if row[3] in (0, 1):
            counts[row[3]] += 1
    return counts


def scorebar(names: list, state: dict, max_turns: int = MAX_TURNS, seed=None) -> str:
    """Both players' names, marks, points and triangles, the turn counter and the map's seed."""
    if not state:
        return ""
    scores = state.get("scores") or [0, 0]
    owned = owned_counts(state)
    total = len(state.get("triangles") or [])
    sides = []
    for p in (0, 1):
        mark = (
            '<svg class="pmark" viewBox="-12 -12 24 24" aria-hidden="true">'
            + ('<circle r="9"/>' if p == 0 else '<path d="M0 -11L11 0L0 11L-11 0Z"/>')
            + "</svg>"
        )
        sides.append(
            '<div class="side p'
            + str(p)
            + '">'
            + mark
            + '<span class="pname">'
            + esc(names[p])
            + '</span><span class="pts">'
            + esc(t("points", score=scores[p]))
            + '</span><span class="tris"'
            + attrs([("title", t("tri_count", count=owned[p], total=total))])
            + ">"
            + icon("triangle")
            + esc(t("tri_short", count=owned[p], total=total))
            + "</span></div>"
        )
    return (
        sides[0]
        + '<div class="turn" data-turn="'
        + str(state.get("turn", 0))
        + '">'
        + esc(t("turn_of", turn=state.get("turn", 0), max=max_turns))
        + (
            ""
            if seed is None
            else '<span class="cgseed"'
            + attrs([("title", t("cg_seed_title"))])
            + ">"
            + esc(t("cg_seed", seed=seed))
            + "</span>"
        )
        + "</div>"
        + sides[1]
    )


def headline(result, names: list, human) -> str:
    winner = result.get("winner")
    if winner is None:
        return t("draw")
    if human is not None and winner == human:
        return t("win_you")
    return t("win_name", name=names[winner])


def banner(result, names: list, human=None) -> str:
    """The end of a match, over the map."""
    if not result:
        return ""
    winner = result.get("winner")
    cls = "draw" if winner is None else "p" + str(winner)
    return (
        '<div class="result '
        + cls
        + '" data-winner="'
        + ("draw" if winner is None else str(winner))
        + '"><strong>'
        + esc(headline(result, names, human))
        + "</strong><span>"
        + esc(said(result.get("reason")))
        + "</span></div>"
    )


def notice(text: str, kind: str = "info") -> str:
    if not text:
        return ""
    return (
        '<div class="note '
        + esc(kind)
        + '"><span>'
        + esc(text)
        + "</span>"
        + icon_button("dismiss", t("close"), "close", "small")
        + "</div>"
    )


# ------------------------------------------------------------------ panels


def panel(mode: str, ctx: dict) -> str:
    """The side panel's skeleton for a mode (regions filled separately)."""
    if mode == "play":
        return (
            '<section class="card" id="c-prompt" aria-live="polite"></section>'
            + '<section class="card orders" id="c-orders"></section>'
            + '<section class="card log" id="c-log"></section>'
            + '<details class="card setup" id="c-setup-box"'
            + (" open" if ctx.get("setup_open") else "")
            + "><summary>"
            + icon("new")
            + esc(t("new_game"))
            + '</summary><div id="c-setup"></div></details>'
        )
    if mode == "watch":
        return (
            '<section class="card setup" id="c-setup"></section>'
            + '<section class="card" id="c-timeline"></section>'
            + '<section class="card log" id="c-log"></section>'
        )
    return (
        '<section class="card files" id="c-files"></section>'
        + '<section class="card run" id="c-run"></section>'
        + '<section class="card code"><label class="lbl" for="c-code">'
        + esc(t("code"))
        + '</label><textarea id="c-code" class="codebox" spellcheck="false" autocapitalize="off"'
        + ' autocomplete="off" wrap="soft" data-field="code">'
        + esc(ctx.get("code", ""))
        + "</textarea></section>"
    )


def below(mode: str) -> str:
    """Under the map: the editor's console, or the marks and keys of the other modes."""
    if mode == "editor":
        return (
            '<section class="card console-card"><div class="console-head"><span class="lbl">'
            + esc(t("console"))
            + "</span>"
            + icon_button("console_clear", t("console_clear"), "trash", "small")
            + '</div><pre class="console" id="c-console" aria-live="polite"></pre></section>'
        )
    keys = t("keys_watch") if mode == "watch" else t("keys_play")
    return (
        '<p class="legend-line">'
        + _legend("span", "legend_short_", ' aria-hidden="true"')
        + '<span class="keys">'
        + esc(keys)
        + "</span></p>"
    )


def play_setup(bot: str, seed: int) -> str:
    return (
        '<div class="row"><span class="lbl">'
        + esc(t("opponent"))
        + "</span>"
        + chips("bot", list(OPPONENTS), bot, bot_label)
        + '</div><p class="desc">'
        + esc(t("botdesc_" + bot))
        + '</p><div class="row"><label class="lbl" for="c-seed">'
        + esc(t("seed"))
        + "</label>"
        + seed_field("seed", seed)
        + "</div>"
        + button("new_game", t("start_game", bot=bot_label(bot)), "new", "primary")
    )


def play_prompt(ctx: dict) -> str:
    """What to do next, with the controls of the current selection."""
    key, values = ctx["prompt"]
    out = '<p class="prompt">' + esc(t(key, **values)) + "</p>"
    if ctx.get("my_tris") and ctx.get("house", -1) < 0 and not ctx.get("tri"):
        # Thin triangles are hard to hit on the map: each one is a button here too.
        chips = []
        for corners in ctx["my_tris"]:
            chips.append(
                button(
                    "tri",
                    t("triangle_name", a=corners[0], b=corners[1], c=corners[2]),
                    "triangle",
                    "chip tri-chip",
                    arg=tri_key(corners),
                )
            )
        out += (
            '<div class="row"><span class="lbl">'
            + esc(t("your_triangles"))
            + '</span><div class="chips">'
            + "".join(chips)
            + "</div></div>"
        )
    if ctx.get("house", -1) >= 0:
        amount = ctx.get("amount", 1)
        out += (
            '<div class="row amount"><span class="lbl">'
            + esc(t("amount"))
            + "</span>"
            + icon_button("amount", t("less"), "minus", "small", arg=amount - 1)
            + '<output class="count">'
            + str(amount)
            + "</output>"
            + icon_button("amount", t("more"), "new", "small", arg=amount + 1)
            + button("amount", t("all"), "", "chip", arg=ctx.get("available", amount))
            + button("cancel", t("cancel"), "close", "ghost")
            + "</div>"
        )
    elif ctx.get("tri"):
        acts = []
        for kind in ("SPAWN", "ATTACK", "ADD_PATH", "REMOVE_PATH"):
            acts.append(
                "<button"
                + attrs(
                    [
                        ("type", "button"),
                        ("class", "act" + (" on" if ctx.get("action") == kind else "")),
                        ("data-act", "action"),
                        ("data-arg", kind),
                        ("aria-pressed", "true" if ctx.get("action") == kind else "false"),
                    ]
                )
                + "><strong>"
                + esc(t("act_" + kind))
                + "</strong><small>"
                + esc(t("cost_" + kind))
                + "</small></button>"
            )
        out += (
            '<div class="acts" data-selected="'
            + tri_key(ctx["tri"])
            + '">'
            + "".join(acts)
            + "</div>"
            + button("cancel", t("cancel"), "close", "ghost")
        )
    return out


def order_text(item: list) -> str:
    kind = item[0]
    if kind == "MOVE":
        return t("order_MOVE", a=item[1], b=item[2], amount=item[3])
    values = {"a": item[1], "b": item[2], "c": item[3]}
    if len(item) > 4:
        values["target"] = item[4]
    return t("order_" + kind, **values)


def play_orders(ctx: dict) -> str:
    items = ctx.get("items") or []
    checks = ctx.get("checks") or []
    rows = []
    for i, item in enumerate(items):
        check = checks[i] if i < len(checks) else None  # (a `triad.ui.catch.client.Verdict`)
        ok = check is None or check.applies
        detail = "" if check is None else check.words()
        tools = ""
        if item[0] == "MOVE":
            tools += icon_button("adjust", t("less"), "minus", "small", arg=str(i) + ":-1")
            tools += icon_button("adjust", t("more"), "new", "small", arg=str(i) + ":1")
        tools += icon_button("remove", t("remove"), "trash", "small", arg=i)
        rows.append(
            '<li class="order'
            + ("" if ok else " bad")
            + '" data-order="'
            + str(i)
            + '"><div class="what"><span>'
            + esc(order_text(item))
            + "</span><small>"
            + esc(detail)
            + '</small></div><div class="tools">'
            + tools
            + "</div></li>"
        )
    body = (
        '<ol class="order-list">' + "".join(rows) + "</ol>"
        if rows
        else '<p class="empty">' + esc(t("orders_none")) + "</p>"
    )
    return (
        '<div class="card-head"><h2>'
        + esc(t("orders"))
        + "</h2>"
        + (button("clear", t("clear"), "", "ghost small") if items else "")
        + "</div>"
        + body
        + '<code class="line" title="protocol">'
        + esc(ctx.get("line", "WAIT"))
        + "</code>"
        + end_button(ctx)
    )


def end_button(ctx: dict) -> str:
    """End turn (Wait a turn when there are no orders), off while the page is busy.

    Off by `aria-disabled`, not `disabled`: a disabled button loses the keyboard's
    focus, and a keyboard player would start again from the top after each turn."""
    items = ctx.get("items") or []
    return (
        "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", "cbtn primary end"),
                ("data-act", "end_turn"),
                ("aria-disabled", "true" if ctx.get("busy") or ctx.get("over") else None),
            ]
        )
        + ">"
        + icon("send")
        + "<span>"
        + esc(t("end_turn") if items else t("end_turn_wait"))
        + "</span></button>"
    )


def dock(prompt_ctx: dict, orders_ctx: dict) -> str:
    """The bar at the bottom of a phone's screen: what to do next and End turn."""
    count = len(orders_ctx.get("items") or [])
    return (
        '<div class="dock-main">'
        + play_prompt(prompt_ctx)
        + "</div>"
        + '<div class="dock-end">'
        + (
            '<span class="dock-count">' + esc(t("order_count", count=count)) + "</span>"
            if count
            else ""
        )
        + end_button(orders_ctx)
        + "</div>"
    )


def turn_log(entry, names: list) -> str:
    """What happened in a turn (an `Entry` of `triad.ui.catch.client`, or None): each
    player's applied and skipped actions, events, messages."""
    if entry is None:
        return ""
    out = ['<h2 id="c-log-title">' + esc(t("last_turn", turn=entry.turn)) + "</h2>"]
    if entry.forfeit:
        out.append('<p class="bad">' + esc(t("forfeit", reason=said(entry.forfeit))) + "</p>")
    outcomes = entry.outcomes
    if not outcomes and not entry.forfeit:
        out.append('<p class="empty">' + esc(t("nothing_happened")) + "</p>")
    rows = []
    for o in outcomes:
        rows.append(
            '<li class="p'
            + str(o.player)
            + ("" if o.applies else " skipped")
            + '"><code>'
            + esc(o.action)
            + "</code> <small>"
            + esc(o.words())
            + "</small></li>"
        )
    for event in entry.events:
        p = event.get("player", 0)
        if event.get("kind") == "capture":
            tri = event.get("triangle") or [0, 0, 0]
            text = t("captured", name=names[p], a=tri[0], b=tri[1], c=tri[2])
        else:
            text = t(
                "surrounded", count=event.get("killed", 0), name=names[p], house=event.get("house")
            )
        rows.append('<li class="event p' + str(p) + '">' + esc(text) + "</li>")
    messages = entry.messages
    for p in (0, 1):
        if p < len(messages) and messages[p]:
            rows.append(
                '<li class="msg p'
                + str(p)
                + '">'
                + esc(t("said", name=names[p], message=messages[p]))
                + "</li>"
            )
    if rows:
        # A long turn scrolls: the list takes the focus so the keyboard can scroll it.
        out.append(
            '<ul class="events" tabindex="0" aria-labelledby="c-log-title">'
            + "".join(rows)
            + "</ul>"
        )
    return "".join(out)


def watch_setup(bots: list, seed: int, busy: bool) -> str:
    return (
        '<div class="row two">'
        + '<label class="pick p0"><span class="lbl">'
        + esc(t("blue_bot"))
        + "</span>"
        + select("bot0", list(OPPONENTS), bots[0], bot_label, t("blue_bot"))
        + '</label><label class="pick p1"><span class="lbl">'
        + esc(t("red_bot"))
        + "</span>"
        + select("bot1", list(OPPONENTS), bots[1], bot_label, t("red_bot"))
        + '</label></div><div class="row"><label class="lbl" for="c-wseed">'
        + esc(t("seed"))
        + "</label>"
        + seed_field("wseed", seed)
        + "</div>"
        + "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", "cbtn primary"),
                ("data-act", "watch"),
                ("disabled", bool(busy)),
            ]
        )
        + ">"
        + icon("eye")
        + "<span>"
        + esc(t("watch"))
        + "</span></button>"
    )


def timeline(ctx: dict) -> str:
    total = ctx.get("total", 0)
    if ctx.get("total") is None:
        return '<p class="empty">' + esc(t("watch_first")) + "</p>"
    at = ctx.get("at", 0)
    playing = ctx.get("playing")
    label = t("start_position") if at == 0 else t("frame_of", turn=at, total=total)
    return (
        '<div class="tl-head"><span class="tl-turn" data-at="'
        + str(at)
        + '">'
        + esc(label)
        + "</span></div>"
        + "<input"
        + attrs(
            [
                ("type", "range"),
                ("class", "scrub"),
                ("id", "c-scrub"),
                ("data-field", "scrub"),
                ("min", "0"),
                ("max", str(total)),
                ("step", "1"),
                ("value", str(at)),
                ("aria-label", t("timeline")),
            ]
        )
        + ">"
        + '<div class="tl-buttons">'
        + icon_button("seek", t("first"), "last", "flip", arg=0, disabled=at == 0)
        + icon_button("step", t("prev"), "step", "flip", arg=-1, disabled=at == 0)
        + (
            icon_button("pause", t("pause"), "pause", "big")
            if playing
            else icon_button("play", t("play"), "play", "big", disabled=at >= total)
        )
        + icon_button("step", t("next"), "step", arg=1, disabled=at >= total)
        + icon_button("seek", t("last"), "last", arg=total, disabled=at >= total)
        + "</div>"
        + '<div class="row"><span class="lbl">'
        + esc(t("speed"))
        + "</span>"
        + chips("speed", list(SPEEDS), ctx.get("speed", "1"), lambda s: s + "×")
        + "</div>"
        + (
            button("replay", t("download"), "download", "ghost small")
            if ctx.get("can_download")
            else ""
        )
    )


def editor_files(doc: dict, name: str) -> str:
    options = []
    for bot in doc["bots"]:
        options.append(
            "<option"
            + attrs([("value", bot["name"]), ("selected", bot["name"] == doc["current"])])
            + ">"
            + esc(bot["name"])
            + "</option>"
        )
    return (
        '<p class="desc">'
        + esc(t("editor_intro"))
        + '</p><div class="row files-row"><label class="lbl" for="c-saved">'
        + esc(t("saved_bots"))
        + '</label><select id="c-saved" data-field="saved">'
        + "".join(options)
        + "</select>"
        + icon_button("new_bot", t("new_bot"), "new", "small")
        + icon_button("delete_bot", t("delete"), "trash", "small")
        + '</div><div class="row files-row"><label class="lbl" for="c-name">'
        + esc(t("bot_name"))
        + "</label><input"
        + attrs(
            [
                ("type", "text"),
                ("id", "c-name"),
                ("data-field", "name"),
                ("maxlength", "40"),
                ("value", name),
                ("autocomplete", "off"),
            ]
        )
        + ">"
        + button("save_bot", t("save"), "save", "small")
        + "</div>"
    )


def editor_run(ctx: dict) -> str:
    running = ctx.get("running")
    limit_labels = {
        "codingame": t("limits_codingame"),
        "relaxed": t("limits_relaxed"),
        "slow": t("limits_slow"),
        "debug": t("limits_debug"),
    }
    return (
        '<div class="row"><span class="lbl">'
        + esc(t("opponent"))
        + "</span>"
        + chips("opponent", list(OPPONENTS), ctx["opponent"], bot_label)
        + '</div><div class="row"><label class="lbl" for="c-eseed">'
        + esc(t("seed"))
        + "</label>"
        + seed_field("eseed", ctx["seed"])
        + '<label class="lbl" for="c-limits">'
        + esc(t("limits"))
        + "</label>"
        + select("limits", list(LIMIT_NAMES), ctx["limits"], lambda k: limit_labels[k], t("limits"))
        + '</div><div class="row buttons">'
        + (
            button("stop", t("stop"), "pause", "danger")
            if running
            else button("run", t("run"), "play", "primary")
        )
        + (
            button("replay_duel", t("replay_this"), "eye", "ghost")
            if ctx.get("finished") and not running
            else ""
        )
        + "</div>"
        + ('<p class="status">' + esc(ctx.get("status", "")) + "</p>" if ctx.get("status") else "")
    )


def console(lines: list) -> str:
    """The editor's console: `(kind, text)` lines, kind in info/out/err/bad/good."""
    if not lines:
        return '<span class="c-empty">' + esc(t("console_empty")) + "</span>"
    return "".join(
        ['<span class="c-' + esc(kind) + '">' + esc(text) + "</span>" for kind, text in lines]
    )


def help_dialog() -> str:
    items = [
        ("help_goal", ""),
        ("help_houses", ""),
        ("help_use", ""),
        ("help_order", ""),
        ("help_controls", ""),
        ("help_codingame", ""),
    ]
    body = "".join(["<p>" + esc(t(key)) + "</p>" for key, _ in items])
    legend = (
        "<h3>"
        + esc(t("legend"))
        + '</h3><ul class="legend">'
        + _legend("li", "legend_", "")
        + "</ul>"
    )
    return (
        '<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="c-help-title">'
        + '<div class="dialog-head"><h2 id="c-help-title">'
        + icon("triangle")
        + esc(t("help_title"))
        + "</h2>"
        + icon_button("close_help", t("close"), "close")
        + "</div>"
        + body
        + legend
        + "</div>"
    )


def _button_attrs(kind: str, cls: str, act: str, arg, extra: dict) -> str:
    """A button's attributes: its kind and classes, action and argument, then `extra` by name."""
    pairs = [
        ("type", "button"),
        ("class", (kind + " " + cls).strip()),
        ("data-act", act),
        ("data-arg", None if arg is None else str(arg)),
    ]
    for name in sorted(extra):
        pairs.append((name.replace("_", "-"), extra[name]))
    return attrs(pairs)


# The legend's marks: player 0's circle, player 1's diamond, a locked triangle.
_LEGEND = (
    ("p0", '<circle r="9"/>'),
    ("p1", '<path d="M0 -11L11 0L0 11L-11 0Z"/>'),
    ("lock", '<circle r="7"/><line x1="-9" y1="9" x2="9" y2="-9"/>'),
)


def _legend(tag: str, prefix: str, svg_attrs: str) -> str:
    """The legend's marks, each in a `tag` with its text (`prefix` + p0, p1, lock)."""
    out = []
    for key, shape in _LEGEND:
        cls = "lockmark" if key == "lock" else key
        out.append(
            "<"
            + tag
            + '><svg viewBox="-12 -12 24 24" class="pmark '
            + cls
            + '"'
            + svg_attrs
            + ">"
            + shape
            + "</svg>"
            + esc(t(prefix + key))
            + "</"
            + tag
            + ">"
        )
    return "".join(out)
