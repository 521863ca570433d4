"""The title screen: the game's name with art, and the ways in.

Play, Collection, Rules (the rulebook), Triangle Catch (the other game of
the folder), the language, sound effects and music.  Shown when the page
opens, unless a match is under way (a ladder match, a shared deal) or the
player already left it in this tab: a reload lands back at the table.
"""

from triad.ui.look.html import attrs, esc
from triad.ui.look.icons import UI_ART, art, icon
from triad.ui.look.text import t

# Portraits fanned out behind the name: a knight, a dragon and a seer.
FAN = ["mounted-knight", "spiked-dragon-head", "crystal-ball"]


def _button(do: str, label: str, symbol: str = "", cls: str = "") -> str:
    glyph = icon(symbol) if symbol else ""
    return (
        "<button"
        + attrs([("type", "button"), ("class", "tbtn " + cls), ("data-do", do)])
        + ">"
        + glyph
        + "<span>"
        + esc(label)
        + "</span></button>"
    )


def _toggle(action: str, on: bool, label: str, symbol_on: str, symbol_off: str) -> str:
    return (
        "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", "tbtn small"),
                ("data-action", action),
                ("aria-pressed", "true" if on else "false"),
            ]
        )
        + ">"
        + icon(symbol_on if on else symbol_off)
        + "<span>"
        + esc(label)
        + "</span></button>"
    )


def _bad_deal(code: str) -> str:
    """Why the deal code of the page's address cannot be played, and what to do."""
    if not code:
        return ""
    return (
        '<p class="title-alert" role="alert">'
        + icon("info")
        + "<span>"
        + esc(t("title_bad_deal", error=t("err_" + code)))
        + "</span></p>"
    )


def render_title(ctx: dict, lang: str) -> str:
    """The title screen as a dialog over the table."""
    fan = "".join(
        '<span class="tcard own-' + ("blue" if i != 1 else "red") + '">' + art(name) + "</span>"
        for i, name in enumerate(FAN)
    )
    langs = "".join(
        "<button"
        + attrs(
            [
                ("type", "button"),
                ("class", "tbtn small lang"),
                ("data-lang", code),
                ("aria-pressed", "true" if lang == code else "false"),
                ("lang", code),
            ]
        )
        + ">"
        + esc(name)
        + "</button>"
        for code, name in (("en", "English"), ("fr", "Français"))
    )
    sound = bool(ctx.get("sound", True))
    music = bool(ctx.get("music", False))
    return (
        '<div class="dialog title-screen" role="dialog" aria-modal="true"'
        ' aria-labelledby="title-name">'
        + '<div class="title-art" aria-hidden="true">'
        + fan
        + art(UI_ART["triad"], "title-knot")
        + "</div>"
        + '<h1 id="title-name">TRIAD</h1>'
        + '<p class="tagline">'
        + esc(t("title_tagline"))
        + "</p>"
        + _bad_deal(ctx.get("bad_deal", ""))
        + '<div class="title-menu">'
        + _button("title_play", t("title_play"), "play", "primary")
        + _button("title_friend", t("title_friend"), "turn")
        + _button("title_collection", t("title_collection"), "album")
        + _button("title_tourney", t("title_tourney"), "trophy")
        + _button("title_puzzle", t("pz_menu"), "rules")
        + _button("title_rules", t("title_rules"), "info")
        + '<a class="tbtn" href="catch.html">'
        + icon("catch")
        + "<span>"
        + esc(t("title_catch"))
        + "</span></a>"
        + "</div>"
        + '<div class="title-options">'
        + langs
        + _toggle(
            "sound",
            sound,
            t("title_sound_on" if sound else "title_sound_off"),
            "speaker",
            "speaker-off",
        )
        + _toggle(
            "music", music, t("title_music_on" if music else "title_music_off"), "sound", "mute"
        )
        + "</div>"
        + '<p class="title-credit">'
        + esc(t("title_credit"))
        + "</p>"
        + "</div>"
    )
