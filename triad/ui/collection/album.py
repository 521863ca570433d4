"""Pure render functions of collection mode: the collection panel, the deck, the trade.

The collection panel has four tabs: the ladder of opponents, the album of
every card (found or missing, with copies), the matches played for cards
(each replayable) and the save (export, import, reset).  Every text from a
save or a card set goes through `esc`: a name is shown as text, never as
HTML.
"""

from triad.ui.collection.collect import TABS
from triad.ui.look.cardtext import card_name
from triad.ui.look.html import attrs, classes, error_html, esc, file_button
from triad.ui.look.icons import affinity_name, dialog_head, icon
from triad.ui.look.render import render_card
from triad.ui.look.text import explain, language, t
from triad.ui.menu.rules import rules_summary

LEVEL_FILTERS = ["all", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
OWNED_FILTERS = ["all", "found", "missing"]


def localised(value) -> str:
    """A `{"en", "fr"}` text of the ladder in the page's language."""
    if type(value) is dict:
        return value.get(language()) or value.get("en") or ""
    return str(value or "")


def pick_button(attr: str, value: str, label: str, on: bool, cls: str = "pick") -> str:
    return (
        "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", cls + (" on" if on else "")),
                (attr, value),
                ("aria-pressed", "true" if on else "false"),
            ]
        )
        + ">"
        + esc(label)
        + "</button>"
    )


def summary_line(summary) -> str:
    if not summary:
        return ""
    return (
        '<p class="coll-summary" data-summary="'
        + esc(summary.get("total", 0))
        + '">'
        + esc(
            t(
                "coll_summary",
                found=summary.get("found", 0),
                size=summary.get("size", 0),
                total=summary.get("total", 0),
            )
        )
        + "</p>"
    )


def render_collection(coll, aff: dict, confirm: bool = False, tourney=None) -> str:
    """The collection dialog for the `Collection` `coll` (`confirm`: its save tab asks
    whether to reset the save; its feats tab shows the `Tourney`'s records)."""
    out = [
        '<div class="dialog coll" role="dialog" aria-modal="true" aria-labelledby="coll-title">',
        dialog_head(t("coll_title"), "coll-title", "album"),
    ]
    if coll.message:
        out.append('<div class="coll-message" role="status">' + error_html(coll.message) + "</div>")
    if coll.status == "newer":
        out.append('<p class="menu-error" role="alert">' + esc(t("coll_newer")) + "</p></div>")
        return "".join(out)
    if coll.status == "broken":
        out.append(
            '<div class="menu-error" role="alert">'
            + error_html(t("coll_broken", error=coll.error))
            + "</div>"
        )
        out.append(render_save_tab(coll, confirm))
        out.append("</div>")
        return "".join(out)
    if coll.status == "failed":
        out.append(
            '<div class="menu-error" role="alert">'
            + error_html(t("coll_unavailable", error=coll.error))
            + "</div></div>"
        )
        return "".join(out)
    if not coll.ready:
        out.append(
            '<p class="coll-loading"><i class="spinner"></i>'
            + esc(t("coll_loading"))
            + "</p></div>"
        )
        return "".join(out)
    out.append(summary_line(coll.summary))
    out.append(
        '<p class="coll-tourney"><button type="button" data-do="tr_open">'
        + esc(t("title_tourney"))
        + "</button></p>"
    )
    tabs = []
    for tab in TABS:
        on = coll.tab == tab
        pairs = [("type", "button"), ("class", "tab on" if on else "tab"), ("data-tab", tab)]
        pairs += [("role", "tab"), ("aria-selected", "true" if on else "false")]
        tabs.append("<button" + attrs(pairs) + ">" + esc(t("tab_" + tab)) + "</button>")
    out.append('<div class="tabs" role="tablist">' + "".join(tabs) + "</div>")
    if coll.tab == "album":
        out.append(render_album(coll, aff))
    elif coll.tab == "history":
        out.append(render_history(coll))
    elif coll.tab == "save":
        out.append(render_save_tab(coll, confirm))
    elif coll.tab == "feats":  # the tournament's records and feats (`triad.ui.collection.tourney`)
        from triad.ui.collection.tourney_html import render_records

        shown = tourney is not None and tourney.view
        out.append(render_records(tourney, aff) if shown else esc(t("tr_loading")))
    else:
        out.append(render_ladder(coll, aff))
    out.append("</div>")
    return "".join(out)


def opponent_state(o: dict) -> str:
    if o.get("beaten"):
        return "beaten"
    if o.get("unlocked"):
        return "open"
    return "locked"


def render_active(coll) -> str:
    """The ladder match under way: resume it (or give it up when it cannot go on)."""
    active = coll.active
    if not active:
        return ""
    o = coll.opponent_by_id(active.get("opponent")) or {}
    name = o.get("name") or active.get("opponent") or ""
    if active.get("error"):
        return (
            '<div class="coll-active" data-active="broken"><div class="menu-error" role="alert">'
            + error_html(
                t("active_error", name=name, error=explain(active["error"], active.get("code")))
            )
            + '</div><button type="button" class="big" data-do="active_discard">'
            + esc(t("active_discard"))
            + "</button></div>"
        )
    here = coll.playing_active()
    return (
        '<div class="coll-active" data-active="'
        + ("here" if here else "saved")
        + '"><p class="coll-note">'
        + esc(t("active_note", name=name, n=active.get("moves", 0)))
        + '</p><button type="button" class="big" data-do="'
        + ("close" if here else "resume")
        + '">'
        + esc(t("active_back" if here else "active_resume"))
        + "</button></div>"
    )


def render_ladder(coll, aff: dict) -> str:
    rows = []
    busy = bool(coll.active)
    parts = getattr(coll, "parts", None) or []
    part = 0
    for o in coll.opponents:
        if o.get("part", 1) != part:
            # a heading for each part of the ladder: its title and blurb
            part = o.get("part", 1)
            if len(parts) >= part and len(parts) > 1:
                info = parts[part - 1]
                rows.append(
                    '<li class="opp-part" data-part="'
                    + str(part)
                    + '"><h3>'
                    + esc(localised(info.get("title")))
                    + "</h3><p>"
                    + esc(localised(info.get("blurb")))
                    + "</p></li>"
                )
        state = opponent_state(o)
        stats = o.get("stats") or {}
        lines = [
            t("opp_house", house=affinity_name(o.get("house"), aff)),
            t("opp_level", level=t("level_" + str(o.get("level")))),
            t("opp_rules", rules=rules_summary(o.get("rules") or [])),
            t("opp_trade", trade=t("trade_" + str(o.get("trade")))),
        ]
        if stats:
            lines.append(
                t(
                    "opp_record",
                    wins=stats.get("wins", 0),
                    losses=stats.get("losses", 0),
                    draws=stats.get("draws", 0),
                )
            )
        button = ""
        if state != "locked":
            button = (
                '<button type="button" class="challenge" data-challenge="'
                + esc(o["id"])
                + '"'
                + (' disabled title="' + esc(t("active_blocks")) + '"' if busy else "")
                + ">"
                + esc(t("btn_challenge"))
                + "</button>"
            )
        rows.append(
            '<li class="opp opp-'
            + state
            + '" data-opponent="'
            + esc(o["id"])
            + '" data-state="'
            + state
            + '">'
            + '<div class="opp-head"><b class="opp-name">'
            + esc(o.get("name"))
            + '</b><span class="opp-title">'
            + esc(localised(o.get("title")))
            + " · "
            + esc(localised(o.get("place")))
            + '</span><span class="opp-badge">'
            + esc(t("opp_" + state))
            + "</span></div>"
            + '<p class="opp-blurb">'
            + esc(localised(o.get("blurb")))
            + "</p>"
            + '<p class="opp-facts">'
            + "".join(["<span>" + esc(x) + "</span>" for x in lines])
            + "</p>"
            + button
            + "</li>"
        )
    return render_active(coll) + '<ol class="ladder">' + "".join(rows) + "</ol>"


def lost_to(coll) -> dict:
    """The cards the player gave away in the matches kept (`coll.history`): card id -> the
    name of whom it went to last ("" when nobody is named)."""
    lost = {}
    for entry in coll.history:  # oldest first: the last loss of a card is kept
        o = coll.opponent_by_id(entry.get("opponent") or "") or {}
        for ident in entry.get("given") or []:
            lost[ident] = o.get("name") or entry.get("opponent") or ""
    return lost


def missing_word(lost_to_name) -> str:
    """What the album says of a card the player has none of: lost (to whom), or not found."""
    if lost_to_name is None:
        return t("album_missing")
    return t("album_lost", name=lost_to_name) if lost_to_name else t("album_lost_plain")


def render_album(coll, aff: dict) -> str:
    album = coll.album or {"cards": []}
    f = coll.filters
    level = "all" if f["level"] is None else str(f["level"])
    banner = "all" if f["banner"] is None else f["banner"]
    levels = "".join(
        [
            pick_button("data-flevel", v, t("album_all") if v == "all" else v, v == level)
            for v in LEVEL_FILTERS
        ]
    )
    banners = [pick_button("data-fbanner", "all", t("album_all"), banner == "all")]
    for ident in sorted(aff):
        banners.append(
            pick_button("data-fbanner", ident, affinity_name(ident, aff), banner == ident)
        )
    owned = "".join(
        [pick_button("data-fowned", v, t("owned_" + v), f["owned"] == v) for v in OWNED_FILTERS]
    )
    cards = []
    lost = lost_to(coll)
    for c in album.get("cards", []):
        copies = c.get("copies", 0)
        if copies:
            face = render_card(c, "blue", aff, "album-card")
            badge = '<span class="copies">' + esc(t("album_copies", n=copies)) + "</span>"
        else:
            face = render_card(c, "blue", aff, "album-card missing")
            badge = '<span class="copies none">' + esc(missing_word(lost.get(c["id"]))) + "</span>"
        cards.append(
            "<li"
            + attrs(
                [
                    ("class", classes(["slot", "" if copies else "gone"])),
                    ("data-album", c["id"]),
                    ("data-copies", str(copies)),
                ]
            )
            + ">"
            + face
            + badge
            + "</li>"
        )
    body = '<ul class="album">' + "".join(cards) + "</ul>"
    if not cards:
        body = '<p class="coll-empty">' + esc(t("album_empty")) + "</p>"
    return (
        '<div class="filters"><span class="flabel">'
        + esc(t("album_filter_level"))
        + '</span><div class="picks">'
        + levels
        + '</div><span class="flabel">'
        + esc(t("album_filter_banner"))
        + '</span><div class="picks">'
        + "".join(banners)
        + '</div><span class="flabel">'
        + esc(t("album_filter_owned"))
        + '</span><div class="picks">'
        + owned
        + "</div></div>"
        + '<p class="coll-count">'
        + esc(t("album_count", shown=len(album.get("cards", []))))
        + "</p>"
        + body
    )


def render_history(coll) -> str:
    rows = []
    matches = coll.history
    for i in range(len(matches) - 1, -1, -1):
        m = matches[i]
        o = coll.opponent_by_id(m.get("opponent")) or {}
        score = m.get("score") or ["?", "?"]  # [player, opponent]
        line = t(
            "history_line",
            opponent=o.get("name") or m.get("opponent"),
            outcome=t("outcome_" + str(m.get("outcome"))),
            player=score[0],
            opponent_score=score[1],
        )
        rows.append(
            '<li class="hist"><span>'
            + esc(line)
            + '</span><button type="button" data-replay="'
            + str(i)
            + '">'
            + icon("play")
            + esc(t("btn_replay"))
            + "</button></li>"
        )
    body = '<ol class="history">' + "".join(rows) + "</ol>"
    if not rows:
        body = '<p class="coll-empty">' + esc(t("history_empty")) + "</p>"
    return body + file_button("replay", t("replay_import"))


def render_save_tab(coll, confirm: bool) -> str:
    out = ['<p class="coll-note">' + esc(t("save_note")) + "</p>", '<div class="save-buttons">']
    if coll.ready:
        out.append('<button type="button" data-do="export">' + esc(t("save_export")) + "</button>")
    out.append(file_button("save", t("save_import")))
    if coll.status in ("ready", "broken"):
        out.append(
            '<button type="button" class="danger" data-do="reset">'
            + esc(t("save_reset"))
            + "</button>"
        )
    out.append("</div>")
    if confirm:
        out.append(
            '<div class="confirm" role="alertdialog"><p>'
            + esc(t("save_reset_confirm"))
            + '</p><div class="dialog-buttons"><button type="button" class="danger" data-do="reset_yes">'
            + esc(t("save_reset_yes"))
            + '</button><button type="button" class="big" data-do="reset_no">'
            + esc(t("save_reset_no"))
            + "</button></div></div>"
        )
    return "".join(out)


def render_deck(coll, aff: dict) -> str:
    """Choosing five cards against the chosen opponent (or being told they are dealt), or
    for a friend match (``coll.for_friend``: its hands are picked from each collection)."""
    friend = coll.for_friend
    o = {} if friend else coll.opponent or {}
    name = o.get("name") or ""
    title = t("deck_friend_title") if friend else t("deck_title", name=name)
    out = [
        '<div class="dialog coll deck" role="dialog" aria-modal="true" aria-labelledby="deck-title">',
        dialog_head(title, "deck-title", "album"),
    ]
    trade = str(o.get("trade"))
    facts = [
        t("opp_rules", rules=rules_summary(o.get("rules") or [])),
        t("opp_trade", trade=t("trade_" + trade)),
    ]
    if trade in ("one", "diff", "direct", "all"):
        facts.append(t("tradetip_" + trade))
    if friend:
        facts = [t("friend_collection")]
    out.append(
        '<p class="opp-facts">' + "".join(["<span>" + esc(x) + "</span>" for x in facts]) + "</p>"
    )
    ready = True
    if o.get("deals_random"):
        out.append('<p class="coll-note">' + esc(t("deck_random", name=name)) + "</p>")
    else:
        chosen = []
        for i in range(5):
            if i < len(coll.deck):
                card = coll.card(coll.deck[i])
                face = render_card(card, "blue", aff, "deck-card") if card else esc(coll.deck[i])
                chosen.append(
                    '<li class="slot"><button type="button" class="deck-slot" data-deckdel="'
                    + str(i)
                    + '">'
                    + face
                    + "</button></li>"
                )
            else:
                chosen.append('<li class="slot empty"></li>')
        out.append('<p class="coll-note">' + esc(t("deck_pick", count=len(coll.deck))) + "</p>")
        out.append(
            '<ul class="deck-chosen" data-deck="'
            + str(len(coll.deck))
            + ('" aria-busy="true">' if coll.dealing else '">')
            + "".join(chosen)
            + "</ul>"
        )
        cards = []
        for c in coll.owned:
            left = c["copies"] - coll.deck.count(c["id"])
            cards.append(
                "<li"
                + attrs([("class", classes(["slot", "" if left > 0 else "used"]))])
                + '><button type="button" class="deck-pick" data-deckadd="'
                + esc(c["id"])
                + '"'
                + (" disabled" if left <= 0 or len(coll.deck) >= 5 else "")
                + ">"
                + render_card(c, "blue", aff, "album-card")
                + '</button><span class="copies">'
                + esc(t("album_copies", n=left))
                + "</span></li>"
            )
        # (focusable: a phone scrolls it, and every card may be taken already)
        out.append('<ul class="album owned" tabindex="0">' + "".join(cards) + "</ul>")
        ready = len(coll.deck) == 5
    if coll.deck_error:
        out.append(
            '<div class="menu-error" role="alert">'
            + error_html(t("deck_invalid", error=coll.deck_error))
            + "</div>"
        )
    back = ("friend_back", t("deck_friend_back")) if friend else ("collection", t("deck_back"))
    buttons = ['<button type="button" data-do="' + back[0] + '">' + esc(back[1]) + "</button>"]
    if not o.get("deals_random"):
        buttons.append(
            '<button type="button" data-do="deck_deal">' + esc(t("deck_deal")) + "</button>"
        )
        buttons.append(
            '<button type="button" data-do="deck_clear">' + esc(t("deck_clear")) + "</button>"
        )
    buttons.append(
        '<button type="button" data-do="'
        + ("friend_deck" if friend else "deck_play")
        + '"'
        # Not `disabled`: a click on it says what is missing (`Collection.play`).
        + (' class="big"' if ready else ' class="big off" aria-disabled="true"')
        + ">"
        + icon("play")
        + esc(t("deck_friend_" + friend if friend else "deck_play"))
        + "</button>"
    )
    out.append('<div class="dialog-buttons">' + "".join(buttons) + "</div></div>")
    return "".join(out)


def render_trade(coll, aff: dict) -> str:
    """The player won a One or Diff match: choose the cards to take."""
    choice = coll.choice or {}
    o = coll.opponent_by_id(choice.get("opponent")) or {}
    name = o.get("name") or choice.get("opponent") or ""
    out = [
        '<div class="dialog coll trade" role="dialog" aria-modal="true" aria-labelledby="trade-title" data-trade>',
        '<div class="dialog-head"><h2 id="trade-title">'
        + icon("album")
        + esc(t("trade_choose_title"))
        + "</h2></div>",
    ]
    if choice.get("error"):
        out.append(
            '<div class="menu-error" role="alert">'
            + error_html(
                t("trade_pending_error", error=explain(choice["error"], choice.get("code")))
            )
            + '</div><div class="dialog-buttons"><button type="button" class="big" data-do="trade_discard">'
            + esc(t("trade_discard"))
            + "</button></div></div>"
        )
        return "".join(out)
    count = choice.get("count", 1)
    out.append('<p class="coll-note">' + esc(t("trade_choose", count=count, name=name)) + "</p>")
    cards = []
    candidates = choice.get("candidates") or []
    for i in range(len(candidates)):
        card = coll.card(candidates[i])
        on = i in coll.picks
        face = render_card(card, "red", aff, "album-card") if card else esc(candidates[i])
        have = coll.copies(candidates[i])  # what the player already owns of it
        owned = (
            '<span class="copies" data-owned="' + str(have) + '">' + esc(t("trade_owned", n=have))
            if have
            else '<span class="copies new" data-owned="0">' + esc(t("trade_new"))
        ) + "</span>"
        cards.append(
            '<li class="slot"><button type="button"'
            + attrs(
                [
                    ("class", classes(["trade-pick", "on" if on else ""])),
                    ("data-pick", str(i)),
                    ("aria-pressed", "true" if on else "false"),
                ]
            )
            + ">"
            + face
            + "</button>"
            + owned
            + "</li>"
        )
    out.append('<ul class="album candidates">' + "".join(cards) + "</ul>")
    out.append(
        '<p class="coll-count">'
        + esc(t("trade_chosen", count=len(coll.picks), needed=count))
        + "</p>"
    )
    out.append(
        '<div class="dialog-buttons"><button type="button" class="big" data-do="trade_take"'
        + ("" if len(coll.picks) == count else " disabled")
        + ">"
        + esc(t("trade_take"))
        + "</button></div></div>"
    )
    return "".join(out)


def trade_lines(coll) -> list:
    """What the last settled match did to the collection, as sentences for the result screen."""
    r = coll.result
    if not r:
        return [t("settling")] if coll.match is not None else []
    if r.get("status") == "error":
        return [t("coll_unavailable", error=r.get("error", ""))]
    if r.get("status") == "already":
        return [t("res_already")]
    if r.get("status") == "choose":
        return [t("trade_choose", count=(r.get("choice") or {}).get("count", 1), name="")]

    def names(ids: list) -> str:
        out = []
        for ident in ids:
            card = coll.card(ident)
            out.append(card_name(card) if card else ident)
        return ", ".join(out)

    lines = []
    if r.get("taken"):
        lines.append(t("res_taken", cards=names(r["taken"])))
    if r.get("given"):
        lines.append(t("res_given", cards=names(r["given"])))
    if not r.get("taken") and not r.get("given"):
        lines.append(t("res_draw_trade") if r.get("outcome") == "draw" else t("res_nothing"))
    if r.get("kept_out"):
        lines.append(t("res_kept_out", n=len(r["kept_out"])))
    if r.get("topped_up"):
        lines.append(t("res_topped_up", n=len(r["topped_up"])))
    if r.get("unlocked"):
        opp = []
        for ident in r["unlocked"]:
            o = coll.opponent_by_id(ident)
            opp.append(o["name"] if o else ident)
        lines.append(t("res_unlocked", names=", ".join(opp)))
    lines.append(t("res_saved"))
    return lines
