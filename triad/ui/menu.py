"""The rule menu: rule toggles (`data-rule`), CPU level, card set and players.

Everything chosen here is saved at once and used by the next match; the menu
says so, and says when the rules chosen differ from the match being played.
"""

from triad.ui.html import attrs, esc
from triad.ui.icons import icon
from triad.ui.settings import CARD_SETS, LEVELS, MODES, RULES
from triad.ui.text import t


def _same(a: list, b: list) -> bool:
    return sorted(a) == sorted(b)


def rules_summary(rules: list) -> str:
    """Rule names as the player reads them, for "Now playing: ..."."""
    names = [t("rule_" + r) for r in RULES if r in rules]
    return ", ".join(names) if names else t("menu_no_rules")


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
        + '<div class="rules-grid">'
        + "".join(toggles)
        + "</div>"
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
        + '<div class="dialog-buttons"><button type="button" class="big" data-do="new">'
        + icon("new")
        + esc(t("menu_start"))
        + "</button></div></div>"
    )
