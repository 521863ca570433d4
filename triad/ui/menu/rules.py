"""The rule menu: rule toggles (`data-rule`), CPU level, card set, players, game and language.

Everything chosen here is saved at once and used by the next match; the menu
says so, and says when the rules chosen differ from the match being played.
The card set choice also loads the player's own set from a file
(`input[data-import="cardset"]`), shows it by its name (as text) and removes
it (`data-do="custom_remove"`).
"""

from triad.ui.look.html import attrs, error_html, esc, file_button
from triad.ui.look.icons import dialog_head, icon
from triad.ui.look.text import t
from triad.ui.page.settings import (
    BANDS,
    CARD_SETS,
    CUSTOM_SET,
    LANGUAGES,
    LEVELS,
    MODES,
    PLAYS,
    RULES,
)
from triad.ui.study.analysis import st


def _same(a: list, b: list) -> bool:
    return sorted(a) == sorted(b)


def rules_summary(rules: list) -> str:
    """Rule names as the player reads them, for "Now playing: ..."."""
    names = [t("rule_" + r) for r in RULES if r in rules]
    return ", ".join(names) if names else t("menu_no_rules")


def pick(attr: str, value: str, label: str, on: bool) -> str:
    """One choice among several: a toggle button that shows whether it is chosen."""
    return (
        "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", "pick" + (" on" if on else "")),
                (attr, value),
                ("aria-pressed", "true" if on else "false"),
            ]
        )
        + ">"
        + esc(label)
        + "</button>"
    )


def choice(attr: str, values: list, current: str, prefix: str) -> str:
    """A row of picks whose labels are the text keys `prefix + value`."""
    out = [pick(attr, v, t(prefix + v), v == current) for v in values]
    return '<div class="picks">' + "".join(out) + "</div>"


def band_choice(settings: dict) -> str:
    """The band of levels for Level range, shown while that rule is chosen."""
    if "level_range" not in settings["rules"]:
        return ""
    current = settings.get("band") or "random"
    out = []
    for band in BANDS:
        value = band or "random"
        label = t("band_random") if not band else t("band_levels", band=band)
        out.append(pick("data-band", value, label, value == current))
    return "<h3>" + esc(t("menu_band")) + '</h3><div class="picks">' + "".join(out) + "</div>"


def set_choice(settings: dict, custom: dict) -> str:
    """The card sets: the built-in ones, the player's own (by its name), load and remove.

    `custom`: `info` ({id, name, cards} of the kept set, or empty), `error`
    (why a file was refused) and `note` (what became of the set).
    """
    current = settings["card_set"]
    out = [pick("data-set", v, t("set_" + v), v == current) for v in CARD_SETS]
    info = custom.get("info") or {}
    if info:
        out.append(pick("data-set", CUSTOM_SET, info["name"], current == CUSTOM_SET))
    tools = [file_button("cardset", t("custom_load"))]
    if info:
        tools.append(
            '<button type="button" class="pick remove" data-do="custom_remove">'
            + esc(t("custom_remove"))
            + "</button>"
        )
    html = (
        '<div class="picks">'
        + "".join(out)
        + '</div><div class="set-tools">'
        + "".join(tools)
        + "</div>"
    )
    if info:
        html += (
            '<p class="menu-note" data-custom-info>'
            + esc(t("custom_about", name=info["name"], count=info["cards"]))
            + "</p>"
        )
    else:
        html += '<p class="menu-note">' + esc(t("custom_hint")) + "</p>"
    if custom.get("note"):
        html += (
            '<p class="menu-pending" role="status" data-custom-note>' + esc(custom["note"]) + "</p>"
        )
    if custom.get("error"):
        html += (
            '<div class="menu-error" role="alert" data-custom-error>'
            + error_html(custom["error"], True)
            + "</div>"
        )
    return html


def render_menu(settings: dict, playing: dict, error: str = "", custom=None) -> str:
    """The menu dialog for `settings`; `playing` is the match in play (its rules, level, set, mode).

    `custom` is the player's own card set as `set_choice` shows it.
    """
    chosen = settings["rules"]
    toggles = []
    for name in RULES:
        on = name in chosen
        pairs = [
            ("type", "button"),
            ("class", "rule" + (" on" if on else "")),
            ("data-rule", name),
            ("aria-pressed", "true" if on else "false"),
        ]
        toggles.append(
            "<button"
            + attrs(pairs)
            + '><span class="tick" aria-hidden="true"></span>'
            + '<span class="rname">'
            + esc(t("rule_" + name))
            + "</span>"
            + '<span class="rtip">'
            + esc(t("ruletip_" + name))
            + "</span></button>"
        )
    pending = not (
        _same(chosen, playing.get("rules", []))
        and settings["level"] == playing.get("level")
        and settings["card_set"] == playing.get("card_set")
        and settings["mode"] == playing.get("mode")
    )

    note = '<p class="menu-note">' + esc(t("menu_next")) + "</p>"
    if pending:
        note += '<p class="menu-pending" role="status">' + esc(t("menu_pending")) + "</p>"
    if error:
        note += (
            '<div class="menu-error" role="alert">'
            + error_html(t("menu_invalid", error=error))
            + "</div>"
        )
    return (
        '<div class="dialog menu" role="dialog" aria-modal="true" aria-labelledby="menu-title">'
        + dialog_head(t("menu_title"), "menu-title", "sliders")
        + note
        + '<p class="menu-current">'
        + esc(t("menu_current", rules=rules_summary(playing.get("rules", []))))
        + "</p>"
        + (
            '<p class="menu-code">' + esc(t("menu_code", code=playing["code"])) + "</p>"
            if playing.get("code")
            else ""
        )
        + (
            '<p class="menu-share" data-share>'
            + esc(t("menu_share", url=playing["share"]))
            + "</p>"
            if playing.get("share")
            else ""
        )
        + (
            '<p class="menu-share own" data-share-own>' + esc(t("menu_share_own")) + "</p>"
            if playing.get("own_set")
            else ""
        )
        + '<div class="rules-grid">'
        + "".join(toggles)
        + "</div>"
        + band_choice(settings)
        + "<h3>"
        + esc(t("menu_level"))
        + "</h3>"
        + choice("data-level", LEVELS, settings["level"], "level_")
        + "<h3>"
        + esc(t("menu_set"))
        + "</h3>"
        + set_choice(settings, custom or {})
        + "<h3>"
        + esc(t("menu_mode"))
        + "</h3>"
        + choice("data-mode", MODES, settings["mode"], "mode_")
        + "<h3>"
        + esc(t("menu_play"))
        + "</h3>"
        + choice("data-play", PLAYS, settings.get("play", "quick"), "play_")
        + "<h3>"
        + esc(t("menu_language"))
        + "</h3>"
        + choice(
            "data-lang", [c or "auto" for c in LANGUAGES], settings.get("lang") or "auto", "lang_"
        )
        + "<h3>"
        + esc(t("menu_other_game"))
        + "</h3>"
        + '<p class="menu-link"><a href="./catch.html" data-link="catch">'
        + esc(t("catch_link"))
        + "</a></p>"
        + '<div class="dialog-buttons"><button type="button" class="big" data-do="new">'
        + icon("new")
        + esc(t("menu_start"))
        + '</button><button type="button" data-do="friend">'
        + esc(t("title_friend"))
        + '</button><button type="button" data-do="puzzle">'
        + esc(st("pz_menu"))
        + "</button></div></div>"
    )
