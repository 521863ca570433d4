"""The tournament's screens as HTML: the event (bracket or standings), the leaders, the
deck builder, and the records and feats. Pure functions of the `Tourney` object's data
(`triad.ui.collection.tourney`) and of the worker's tournament view (`triad.tournament.service.view`).

Every screen is lists and tables a screen reader reads in order: the bracket is a list
per round, the standings and records are tables with headers, the feats a list.

Runs on the main thread under MicroPython.
"""

from triad.ui.look.html import attrs, error_html, esc
from triad.ui.look.icons import affinity_name, art, dialog_head
from triad.ui.look.text import t
from triad.ui.menu.rules import rules_summary

TABS = ["event", "roster", "decks", "records"]
PLAYER = "you"


def stars(level: int) -> int:
    """A card's stars (the engine's `triad.tournament.limits.stars`): levels 1-2 one star,
    3-4 two, ... 9-10 five."""
    return (max(1, min(10, int(level))) + 1) // 2


def leader_of(view, ident: str) -> dict:
    for leader in (view or {}).get("roster", []):
        if leader["id"] == ident:
            return leader
    return {"id": ident, "name": ident}


def entrant_name(view, ident: str) -> str:
    return t("you") if ident == PLAYER else leader_of(view, ident).get("name", ident)


def button(do: str, label: str, cls: str = "", extra=None) -> str:
    pairs = [("type", "button"), ("data-do", do)]
    if cls:
        pairs.append(("class", cls))
    return "<button" + attrs(pairs + (extra or [])) + ">" + esc(label) + "</button>"


def render_tourney(tour, aff: dict) -> str:
    """The tournament dialog."""
    out = [
        '<div class="dialog coll tourney" role="dialog" aria-modal="true"'
        ' aria-labelledby="tr-title">',
        dialog_head(t("tr_title"), "tr-title", "album"),
    ]
    if tour.message:
        out.append(
            '<p class="coll-message" id="tr-message" role="status">' + esc(tour.message) + "</p>"
        )
    if tour.error:
        out.append(
            '<div class="menu-error" id="tr-error" role="alert">'
            + error_html(tour.error)
            + "</div>"
        )
    view = tour.view
    if view is None:
        out.append('<p class="coll-loading"><i class="spinner"></i>' + esc(t("tr_loading")))
        out.append("</p></div>")
        return "".join(out)
    if view.get("damage"):
        out.append('<p class="menu-error">' + esc(t("tr_damage", error=view["damage"])) + "</p>")
    tabs = []
    for tab in TABS:
        on = tour.tab == tab
        pairs = [("type", "button"), ("class", "tab on" if on else "tab")]
        pairs += [("data-do", "tr_tab:" + tab), ("role", "tab")]
        pairs += [("aria-selected", "true" if on else "false")]
        tabs.append("<button" + attrs(pairs) + ">" + esc(t("tr_tab_" + tab)) + "</button>")
    out.append('<div class="tabs" role="tablist">' + "".join(tabs) + "</div>")
    body = {
        "roster": render_roster,
        "decks": render_decks,
        "records": render_records,
    }.get(tour.tab, render_event)
    out.append('<div class="tr-body" data-tr-tab="' + esc(tour.tab) + '">')
    out.append(body(tour, aff))
    out.append("</div></div>")
    return "".join(out)


# -- the event ------------------------------------------------------------------


def render_event(tour, aff: dict) -> str:
    view = tour.view
    event = view.get("event")
    out = []
    if tour.result:
        out.append('<p class="tr-result" data-tr-result>' + esc(result_text(tour)) + "</p>")
    if event is None or event.get("champion"):
        if event is not None:
            out.append(render_bracket(view, event))
        out.append(render_choose(tour))
        return "".join(out)
    out.append(render_bracket(view, event))
    current = event.get("current")
    if current is not None:
        match = event["matches"][current]
        name = entrant_name(view, match["b"])
        out.append(
            '<p class="tr-actions">'
            + button("tr_play", t("tr_play", name=name), "big primary", [("data-tr-play", "")])
            + "</p>"
        )
    if tour.confirm_quit:
        out.append(
            '<div class="tr-confirm" role="group" aria-label="'
            + esc(t("tr_quit"))
            + '"><p>'
            + esc(t("tr_quit_ask"))
            + "</p>"
            + button("tr_quit_yes", t("tr_quit_yes"))
            + button("tr_quit_no", t("tr_quit_no"))
            + "</div>"
        )
    else:
        out.append('<p class="tr-quit">' + button("tr_quit", t("tr_quit")) + "</p>")
    return "".join(out)


def result_text(tour) -> str:
    result = tour.result
    event = (tour.view or {}).get("event") or {}
    name = entrant_name(tour.view, result.get("opponent", ""))
    sa, sb = result["score"]
    text = t("tr_result_" + result["outcome"], sa=sa, sb=sb, name=name)
    if event.get("kind") != "season" and not result.get("advanced"):
        text += " " + t("tr_result_out")
    return text


def kind_title(event: dict) -> str:
    return t("tr_event_title", kind=t("tr_kind_" + event["kind"]), number=event.get("number", 1))


def round_title(event: dict, number: int) -> str:
    if event["kind"] == "season":
        return t("tr_round", n=number)
    left = event.get("rounds", 3) - number
    return t(["tr_round_final", "tr_round_semi", "tr_round_quarter"][left]) if left < 3 else ""


def render_bracket(view, event: dict) -> str:
    """The event's rounds, each a list of its matches; a season's standings after them."""
    out = ['<section class="tr-event" data-tr-kind="' + esc(event["kind"]) + '">']
    out.append("<h3>" + esc(kind_title(event)) + "</h3>")
    champion = event.get("champion")
    if champion:
        text = (
            t("tr_you_champion")
            if champion == PLAYER
            else t("tr_champion", name=entrant_name(view, champion))
        )
        out.append('<p class="tr-champion" data-tr-champion="' + esc(champion) + '">')
        out.append(esc(text) + "</p>")
        if event.get("place"):
            out.append("<p>" + esc(t("tr_place", n=event["place"])) + "</p>")
        if event.get("prizes"):
            names = ", ".join([card_label(c) for c in event["prizes"]])
            out.append('<p class="tr-prizes">' + esc(t("tr_prizes", cards=names)) + "</p>")
    last = max([m["round"] for m in event["matches"]] or [0])
    for number in range(1, last + 1):
        out.append('<div class="tr-round"><h4>' + esc(round_title(event, number)) + "</h4><ol>")
        for index, m in enumerate(event["matches"]):
            if m["round"] == number:
                out.append(match_item(view, event, index, m))
        out.append("</ol></div>")
    if event["kind"] == "season":
        out.append(render_standings(view, event))
    out.append("</section>")
    return "".join(out)


def match_item(view, event: dict, index: int, m: dict) -> str:
    a, b = entrant_name(view, m["a"]), entrant_name(view, m["b"])
    mine = PLAYER in (m["a"], m["b"])
    cls = (
        "tr-match"
        + (" mine" if mine else "")
        + (" current" if event.get("current") == index else "")
    )
    if not m["played"]:
        text = t("tr_match_next", a=a, b=b)
        return '<li class="' + cls + '" data-tr-match="' + str(index) + '">' + esc(text) + "</li>"
    line = t("tr_match_line", a=a, b=b, sa=m["score"][0], sb=m["score"][1])
    winner = m.get("winner")
    if winner is None:
        verdict = t("tr_match_draw")
    elif winner == PLAYER:
        verdict = t("tr_match_you_through")
    else:
        verdict = t("tr_match_wins", name=entrant_name(view, winner))
    if m.get("games", 1) > 1:
        verdict += " " + t("tr_match_sudden")
    return (
        '<li class="'
        + cls
        + ' played" data-tr-match="'
        + str(index)
        + '"><span>'
        + esc(line)
        + "</span>"
        + esc(t("colon"))
        + "<span>"
        + esc(verdict)
        + "</span> "
        + button(
            "tr_replay:" + str(index),
            t("tr_replay"),
            "small",
            [("aria-label", t("tr_replay") + t("colon") + line)],
        )
        + "</li>"
    )


def scroller(label: str) -> str:
    """The opening of a table's box, which scrolls sideways on a narrow screen (a keyboard
    scrolls it too: it takes the focus)."""
    return '<div class="tr-scroll" role="region" tabindex="0" aria-label="' + esc(label) + '">'


def render_standings(view, event: dict) -> str:
    heads = ["tr_col_house", "tr_col_played", "tr_col_wins", "tr_col_draws"]
    heads += ["tr_col_losses", "tr_col_points", "tr_col_diff"]
    out = [scroller(t("tr_standings"))]
    out.append('<table class="tr-table" data-tr-standings><caption>' + esc(t("tr_standings")))
    out.append('</caption><thead><tr><th scope="col">#</th>')
    out.append("".join(['<th scope="col">' + esc(t(h)) + "</th>" for h in heads]))
    out.append("</tr></thead><tbody>")
    for place, s in enumerate(event.get("standings", [])):
        me = s["entrant"] == PLAYER
        out.append("<tr" + (' class="mine"' if me else "") + ">")
        out.append("<td>" + str(place + 1) + '</td><th scope="row">')
        out.append(esc(entrant_name(view, s["entrant"])) + "</th>")
        for key in ("played", "wins", "draws", "losses", "points"):
            out.append("<td>" + str(s[key]) + "</td>")
        diff = s["difference"]
        out.append("<td>" + ("+" if diff > 0 else "") + str(diff) + "</td></tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def render_choose(tour) -> str:
    """Beginning an event: its kinds, and the deck to bring."""
    view = tour.view
    decks = view.get("decks", [])
    out = ['<div class="tr-choose"><p>' + esc(t("tr_none")) + "</p>"]
    chosen = tour.chosen_deck()
    if decks:
        out.append('<ul class="tr-decks" role="list">')
        for deck in decks:
            on = chosen is not None and deck["name"] == chosen["name"]
            out.append(
                "<li>"
                + button(
                    "tr_use:" + deck["name"],
                    t("tr_use_deck", name=deck["name"]),
                    "pick on" if on else "pick",
                    [("aria-pressed", "true" if on else "false")],
                )
                + "</li>"
            )
        out.append("</ul>")
    else:
        out.append('<p class="coll-note">' + esc(t("tr_no_deck")) + "</p>")
    out.append('<ul class="tr-kinds" role="list">')
    for kind in ("knockout", "open", "season"):
        label = t("tr_begin", kind=t("tr_kind_" + kind))
        off = kind != "open" and chosen is None
        extra = [("data-tr-begin", kind)] + ([("disabled", "")] if off else [])
        out.append(
            "<li>"
            + button("tr_begin:" + kind, label, "big", extra)
            + '<p class="coll-note">'
            + esc(t("tr_about_" + kind))
            + "</p></li>"
        )
    out.append("</ul></div>")
    return "".join(out)


# -- the leaders -------------------------------------------------------------------


def render_roster(tour, aff: dict) -> str:
    out = ['<ul class="tr-roster" role="list">']
    for leader in tour.view.get("roster", []):
        record = tour.view.get("records", {}).get(leader["id"])
        house = affinity_name(leader["house"], aff)
        title = leader["title"].get(tour.lang(), leader["title"].get("en", ""))
        blurb = leader["blurb"].get(tour.lang(), leader["blurb"].get("en", ""))
        deck = ", ".join([card_label(c) for c in leader["deck"]])
        out.append(
            '<li class="tr-leader" data-leader="'
            + esc(leader["id"])
            + '">'
            + art(leader["portrait"], "tr-portrait")
            + "<h3>"
            + esc(leader["name"])
            + "</h3><p>"
            + esc(title + " · " + house)
            + "</p><p>"
            + esc(blurb)
            + "</p><ul><li>"
            + esc(t("tr_level", level=t("level_" + leader["level"])))
            + "</li><li>"
            + esc(t("tr_style", style=t("style_" + leader["style"])))
            + "</li><li>"
            + esc(t("tr_likes", rules=rules_summary(leader["rules"])))
            + "</li><li>"
            + esc(t("tr_leader_deck", cards=deck))
            + "</li>"
            + ("" if not record else "<li>" + esc(record_text(record)) + "</li>")
            + "</ul></li>"
        )
    out.append("</ul>")
    return "".join(out)


def record_text(record: dict) -> str:
    return t("tr_totals", w=record["wins"], d=record["draws"], l=record["losses"])


# -- the deck builder --------------------------------------------------------------


def card_label(ident: str) -> str:
    from triad.ui.collection.collect import card_by_id

    card = card_by_id(ident)
    if card is None:
        return ident
    count = stars(card.get("level", 1))
    return (
        card.get("name", ident) + " (" + t("tr_star" if count == 1 else "tr_stars", n=count) + ")"
    )


def render_decks(tour, aff: dict) -> str:
    out = ['<p class="coll-note">' + esc(t("tr_deck_rule")) + "</p>"]
    decks = tour.view.get("decks", [])
    out.append('<h3 id="tr-decks-title">' + esc(t("tr_decks_saved")) + "</h3>")
    if not decks:
        out.append("<p>" + esc(t("tr_no_decks")) + "</p>")
    else:
        out.append('<ul class="tr-saved" aria-labelledby="tr-decks-title">')
        for deck in decks:
            cards = ", ".join([card_label(c) for c in deck["cards"]])
            out.append(
                '<li data-tr-deck="'
                + esc(deck["name"])
                + '"><strong>'
                + esc(deck["name"])
                + "</strong>: "
                + esc(cards)
                + " "
                + button(
                    "tr_delete:" + deck["name"], t("tr_deck_delete", name=deck["name"]), "small"
                )
                + "</li>"
            )
        out.append("</ul>")
    out.append(
        '<h3 id="tr-build-title">' + esc(t("tr_deck_chosen", count=len(tour.deck))) + "</h3>"
    )
    out.append('<ol class="tr-chosen" aria-labelledby="tr-build-title" data-tr-chosen="')
    out.append(str(len(tour.deck)) + '">')
    for i, ident in enumerate(tour.deck):
        label = card_label(ident)
        out.append(
            "<li>"
            + button(
                "tr_remove:" + str(i), label, "small", [("aria-label", t("tr_remove", name=label))]
            )
            + "</li>"
        )
    out.append("</ol>")
    out.append(
        '<p class="tr-name"><label for="tr-deck-name">'
        + esc(t("tr_deck_name"))
        + '</label> <input id="tr-deck-name" type="text" maxlength="24" value="'
        + esc(tour.deck_name)
        + '"> '
        + button("tr_save", t("tr_deck_save"), "primary", [("data-tr-save", "")])
        + " "
        + button("tr_clear", t("tr_deck_clear"))
        + "</p>"
    )
    out.append('<ul class="tr-owned" role="list">')
    for card in tour.owned:
        left = card["copies"] - tour.deck.count(card["id"])
        label = card_label(card["id"])
        house = affinity_name(card.get("affinity"), aff)
        extra = [
            ("data-tr-add", card["id"]),
            ("aria-label", t("tr_add", name=label + ", " + house)),
        ]
        if left <= 0 or len(tour.deck) >= 5:
            extra.append(("disabled", ""))
        out.append(
            "<li>" + button("tr_add:" + card["id"], label + " · " + house, "small", extra) + "</li>"
        )
    out.append("</ul>")
    return "".join(out)


# -- records and feats -------------------------------------------------------------


def render_records(tour, aff: dict) -> str:
    view = tour.view
    totals, streak = view["totals"], view["streak"]
    out = ["<p data-tr-totals>" + esc(record_text(totals)) + "</p>"]
    out.append("<p>" + esc(t("tr_streak", now=streak["current"], best=streak["best"])) + "</p>")
    heads = ["tr_col_leader", "tr_col_wins", "tr_col_draws", "tr_col_losses"]
    heads += ["tr_col_cards_won", "tr_col_cards_lost"]
    out.append(scroller(t("tr_records")))
    out.append('<table class="tr-table" data-tr-records><caption>' + esc(t("tr_records")))
    out.append("</caption><thead><tr>")
    out.append("".join(['<th scope="col">' + esc(t(h)) + "</th>" for h in heads]))
    out.append("</tr></thead><tbody>")
    for ident, record in sorted(view.get("records", {}).items()):
        out.append('<tr><th scope="row">' + esc(entrant_name(view, ident)) + "</th>")
        for key in ("wins", "draws", "losses", "cards_won", "cards_lost"):
            out.append("<td>" + str(record[key]) + "</td>")
        out.append("</tr>")
    out.append("</tbody></table></div>")
    out.append(render_feats(view))
    return "".join(out)


def render_feats(view) -> str:
    out = ['<h3 id="tr-feats-title">' + esc(t("tr_feats")) + "</h3>"]
    out.append('<ul class="tr-feats" aria-labelledby="tr-feats-title">')
    for feat in view.get("feats", []):
        done = feat["earned"]
        state = (
            t("tr_feat_done")
            if done
            else t("tr_feat_progress", value=feat["value"], target=feat["target"])
        )
        out.append(
            '<li class="'
            + ("earned" if done else "open")
            + '" data-feat="'
            + esc(feat["id"])
            + '"><strong>'
            + esc(t("feat_" + feat["id"]))
            + "</strong> "
            + esc(t("featd_" + feat["id"]))
            + ' <span class="tr-progress">'
            + esc(state)
            + "</span></li>"
        )
    out.append("</ul>")
    return "".join(out)
