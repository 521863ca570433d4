"""The rule menu: rule toggles (`data-rule`), CPU level, card set, players, game and language.

Everything chosen here is saved at once and used by the next match; the menu
says so, and says when the rules chosen differ from the match being played.
"""

from triad.ui.html import attrs, esc
from triad.ui.icons import icon
from triad.ui.settings import BANDS, CARD_SETS, LANGUAGES, LEVELS, MODES, PLAYS, RULES
from triad.ui.text import t


def _same(a: list, b: list) -> bool:
    return sorted(a) == sorted(b)


def rules_summary(rules: list) -> str:
    """Rule names as the player reads them, for "Now playing: ..."."""
    names = [t("rule_" + r) for r in RULES if r in rules]
    return ", ".join(names) if names else t("menu_no_rules")


def band_choice(settings: dict) -> str:
    """The band of levels for Level range, shown while that rule is chosen."""
    if "level_range" not in settings["rules"]:
        return ""
    current = settings.get("band") or "random"
    out = []
    for band in BANDS:
        value = band or "random"
        label = t("band_random") if not band else t("band_levels", band=band)
        on = value == current
        out.append(
            "<button"
            + attrs(
                [
                    ("type", "button"),
                    ("class", "pick" + (" on" if on else "")),
                    ("data-band", value),
                    ("aria-pressed", "true" if on else "false"),
                ]
            )
            + ">"
            + esc(label)
            + "</button>"
        )
    return "<h3>" + esc(t("menu_band")) + '</h3><div class="picks">' + "".join(out) + "</div>"


def render_menu(settings: dict, playing: dict, error: str = "") -> str:
    """The menu dialog for `settings`; `playing` is the match in play (its rules, level, set, mode)."""
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

    def choice(attr: str, values: list, current: str, prefix: str) -> str:
        out = []
        for v in values:
            on = v == current
            out.append(
                "<button"
                + attrs(
                    [
                        ("type", "button"),
                        ("class", "pick" + (" on" if on else "")),
                        (attr, v),
                        ("aria-pressed", "true" if on else "false"),
                    ]
                )
                + ">"
                + esc(t(prefix + v))
                + "</button>"
            )
        return '<div class="picks">' + "".join(out) + "</div>"

    note = '<p class="menu-note">' + esc(t("menu_next")) + "</p>"
    if pending:
        note += '<p class="menu-pending" role="status">' + esc(t("menu_pending")) + "</p>"
    if error:
        note += '<p class="menu-error" role="alert">' + esc(t("menu_invalid", error=error)) + "</p>"
    return (
        '<div class="dialog menu" role="dialog" aria-modal="true" aria-labelledby="menu-title">'
        + '<div class="dialog-head"><h2 id="menu-title">'
        + icon("rules")
        + esc(t("menu_title"))
        + '</h2><button type="button" class="close" data-do="close" aria-label="'
        + esc(t("btn_close"))
        + '">'
        + icon("close")
        + "</button></div>"
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
        + choice("data-set", CARD_SETS, settings["card_set"], "set_")
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
        + "</button></div></div>"
    )
