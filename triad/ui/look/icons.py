"""Icons: the game's own button glyphs, and art from game-icons.net.

`sprite()` returns one hidden `<svg>` of `<symbol>`s placed once in the page;
`icon(name)` references a symbol with `<use>`.  Those glyphs are our own, drawn
on a 24x24 grid.

Card portraits, banners, element emblems, the card back and the title art are
icons of game-icons.net (CC BY 3.0, see the rulebook's credits), vendored by
build.py from the pinned npm package: what the built-in sets and `UI_ART` use
is a hidden sprite inline in the page (symbols `art-NAME`, `ART_SPRITE`), the
whole set a sprite file (`ART_ALL`) fetched only for a player's own card set.
`art(name)` draws one of them.
"""

from triad.ui.look.cardtext import say
from triad.ui.look.html import esc
from triad.ui.look.text import t

_STROKE = ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'

# name -> inner SVG of a 24x24 symbol
SYMBOLS = {
    # --- buttons and marks ---
    "play": '<path d="M7 4.5v15l12-7.5Z"/>',
    "pause": '<path d="M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z"/>',
    "sound": (
        '<path d="M9 17.2V4.6l11-2.4v12.6"' + _STROKE + ' stroke-width="2"/>'
        '<ellipse cx="6.3" cy="17.4" rx="3.3" ry="2.6"/><ellipse cx="17.3" cy="15" rx="3.3" ry="2.6"/>'
    ),
    "mute": (
        '<path d="M9 17.2V4.6l11-2.4v12.6"' + _STROKE + ' stroke-width="2" opacity=".45"/>'
        '<ellipse cx="6.3" cy="17.4" rx="3.3" ry="2.6" opacity=".45"/>'
        '<ellipse cx="17.3" cy="15" rx="3.3" ry="2.6" opacity=".45"/>'
        '<path d="M3 3l18 18"' + _STROKE + ' stroke-width="2.6"/>'
    ),
    "speaker": (
        '<path d="M3 9h4l5.5-4.5v15L7 15H3Z"/>'
        '<path d="M15.5 8.8a4.5 4.5 0 0 1 0 6.4M18.3 6a8.5 8.5 0 0 1 0 12"'
        + _STROKE
        + ' stroke-width="2"/>'
    ),
    "speaker-off": (
        '<path d="M3 9h4l5.5-4.5v15L7 15H3Z" opacity=".45"/>'
        '<path d="M15 9l6 6M21 9l-6 6"' + _STROKE + ' stroke-width="2.4"/>'
    ),
    "rematch": ('<path d="M3.5 5v14l8-7ZM12.5 5v14l8-7Z"/>'),
    "autoplay": (
        '<path d="M19.2 12.5A7.3 7.3 0 1 1 16.8 6.4"' + _STROKE + ' stroke-width="2.6"/>'
        '<path d="M14 2.6l6.6 1.6-2.3 6.3Z"/>'
    ),
    "info": (
        '<path d="M5 2.5h10l4.5 4.5v14.5H5Z"/>'
        '<path d="M8 10.5h8M8 14h8M8 17.5h5.5" fill="none" stroke="#7a5c3a" stroke-width="1.5"/>'
        '<path d="M15 2.5V7h4.5" fill="#e8d7b4"/>'
    ),
    "rules": (
        '<path d="M4 4.2C6.6 3 9.4 3 12 4.6 14.6 3 17.4 3 20 4.2V20c-2.6-1.2-5.4-1.2-8 .4'
        '-2.6-1.6-5.4-1.6-8-.4Z"/>'
        '<path d="M12 4.6v15.8" stroke="#fff" stroke-width="1.3" opacity=".75"/>'
    ),
    # The rule menu: the settings of the next match (the rulebook is the book).
    "sliders": (
        '<path d="M4 6.5h16M4 12h16M4 17.5h16"' + _STROKE + ' stroke-width="2"/>'
        '<circle cx="9" cy="6.5" r="2.6"/><circle cx="15.5" cy="12" r="2.6"/>'
        '<circle cx="8" cy="17.5" r="2.6"/>'
    ),
    "new": '<path d="M10.6 3h2.8v7.6H21v2.8h-7.6V21h-2.8v-7.6H3v-2.8h7.6Z"/>',
    "close": '<path d="M5 5l14 14M19 5 5 19"' + _STROKE + ' stroke-width="2.8"/>',
    "up": '<path d="M12 3.5 20 13h-5v7.5H9V13H4Z"/>',
    "legend": (
        '<circle cx="12" cy="12" r="9.3"' + _STROKE + ' stroke-width="2"/>'
        '<path d="M9.3 9.4a2.8 2.8 0 1 1 4 2.5c-.8.4-1.3 1-1.3 1.9v.7"'
        + _STROKE
        + ' stroke-width="2.2"/>'
        '<circle cx="12" cy="17.4" r="1.35"/>'
    ),
    "down": '<path d="M12 20.5 4 11h5V3.5h6V11h5Z"/>',
    "back": (
        '<path d="M12 2 22 12 12 22 2 12Z" opacity=".9"/>'
        '<path d="M12 6.5 17.5 12 12 17.5 6.5 12Z" fill="none" stroke="#fff" stroke-width="1.2"'
        ' opacity=".55"/>'
    ),
    "cursor": '<path d="M2 5.5 14 12 2 18.5l3.2-6.5Z"/>',
    "turn": (
        '<path d="M12 1.5 14.6 8.2 21.8 8.6 16.2 13.1 18.1 20 12 16.1 5.9 20 7.8 13.1 2.2 8.6'
        ' 9.4 8.2Z"/>'
    ),
    # Triangle Catch: a triangle of paths between three houses.
    "catch": (
        '<path d="M12 5 19.5 18H4.5Z"' + _STROKE + ' stroke-width="2"/>'
        '<circle cx="12" cy="5" r="2.6"/><circle cx="19.5" cy="18" r="2.6"/>'
        '<circle cx="4.5" cy="18" r="2.6"/>'
    ),
    "cpu": (
        '<rect x="6" y="6" width="12" height="12" rx="2"/>'
        '<path d="M9 3v3M12 3v3M15 3v3M9 18v3M12 18v3M15 18v3M3 9h3M3 12h3M3 15h3M18 9h3'
        'M18 12h3M18 15h3"' + _STROKE + ' stroke-width="1.6"/>'
    ),
    "person": '<circle cx="12" cy="7.5" r="4.3"/><path d="M3.5 21.5c.6-5 4-7.6 8.5-7.6s7.9 2.6 8.5 7.6Z"/>',
    "album": (
        '<rect x="3" y="5.5" width="10" height="14" rx="1.6" transform="rotate(-12 8 12.5)"'
        ' opacity=".55"/>'
        '<rect x="9" y="3.5" width="11" height="15.5" rx="1.8"/>'
        '<path d="M14.5 7.5l1.4 2.8 3 .4-2.2 2.1.5 3-2.7-1.4-2.7 1.4.5-3-2.2-2.1 3-.4Z"'
        ' fill="#1d2542" opacity=".8"/>'
    ),
    "trophy": (
        '<path d="M6.5 3h11v5.5a5.5 5.5 0 0 1-11 0Z"/>'
        '<path d="M6.5 5H3.8v1.4a4 4 0 0 0 3.7 4M17.5 5h2.7v1.4a4 4 0 0 1-3.7 4"'
        + _STROKE
        + ' stroke-width="1.8"/>'
        '<path d="M10.8 13.5h2.4v3.6h-2.4ZM7.5 17.5h9v3.5h-9Z"/>'
    ),
    "prev": '<path d="M17 4.5v15L5 12Z"/>',
    "save": '<path d="M12 3v11M7 9.5l5 5 5-5"'
    + _STROKE
    + ' stroke-width="2.4"/><path d="M4 19h16"'
    + _STROKE
    + ' stroke-width="2.4"/>',
}

ART_SPRITE = "#art-"
ART_ALL = "./assets/art/game-icons.svg#"

# The game-icons.net icons the page's own screens use; build.py puts them, with every
# built-in card's portrait, into the page's inline sprite (symbols `art-NAME`, see
# ART_SPRITE). Affinity glyph -> icon, then the rest.
UI_ART = {
    "lantern": "lantern-flame",
    "rose": "rose",
    "wave": "waves",
    "anvil": "anvil",
    "horse": "horse-head",
    "eye": "all-seeing-eye",
    "fire": "flame",
    "tree": "pine-tree",
    "ice": "snowflake-2",
    "thunder": "power-lightning",
    "earth": "stone-pile",
    "poison": "poison-bottle",
    "wind": "wind-slap",
    "water": "water-drop",
    "holy": "sun",
    "dark": "moon",
    "triad": "moebius-triangle",
}

_BUNDLED: list = []


def bundled() -> frozenset:
    """The icon names in the page's sprite: UI_ART and the built-in sets' portraits (read once)."""
    if not _BUNDLED:
        from triad.pageview import load_set

        names = set(UI_ART.values())
        for set_id in ("houses", "elements"):
            for card in load_set(set_id)["cards"]:
                if card.get("art"):
                    names.add(card["art"])
        _BUNDLED.append(frozenset(names))
    return _BUNDLED[0]


def art_href(name: str) -> str:
    """The address of icon `name`: the page's own sprite when it holds it, else the whole set."""
    return (ART_SPRITE if name in bundled() else ART_ALL) + name


def art(name: str, cls: str = "art", label: str = "") -> str:
    """An inline `<svg>` drawing game-icons.net icon `name` in the current colour."""
    aria = ' role="img" aria-label="' + esc(label) + '"' if label else ' aria-hidden="true"'
    return (
        '<svg class="'
        + cls
        + '"'
        + aria
        + ' viewBox="0 0 512 512"><use href="'
        + esc(art_href(name))
        + '"></use></svg>'
    )


# Symbols for affinities: a set's affinities are matched by their emblem or
# id first (an element called "fire" gets the flame), then given the glyphs in
# this order.
BANNER_GLYPHS = ["lantern", "rose", "wave", "anvil", "horse", "eye", "fire", "tree"]
ELEMENT_GLYPHS = ["fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy", "dark"]
_ALIASES = {
    "flame": "fire",
    "lightning": "thunder",
    "bolt": "thunder",
    "darkness": "dark",
    "shadow": "dark",
    "light": "holy",
    "snow": "ice",
    "stone": "earth",
    "air": "wind",
}
ELEMENT_COLOURS = {
    "fire": "#e0673a",
    "ice": "#7fd3ff",
    "thunder": "#f5d442",
    "earth": "#b08850",
    "poison": "#93c23c",
    "wind": "#8fe0c0",
    "water": "#3f8fe0",
    "holy": "#fff0a8",
    "dark": "#8a6fc0",
}


def affinity_table(kind, affinities: list) -> dict:
    """Map each affinity id of a card set to `(symbol or None, display name, colour)`.

    `affinities` is the set's list of `{"id", "name", "emblem"?, "color"?}`;
    `kind` is "banner" or "element".  Affinities beyond the glyphs (a
    player's own set) get None and are drawn as their initials.
    """
    glyphs = ELEMENT_GLYPHS if kind == "element" else BANNER_GLYPHS
    known = BANNER_GLYPHS + ELEMENT_GLYPHS
    used = {}
    table: dict[str, tuple[str | None, str, str]] = {}
    pending = []
    for entry in affinities:
        ident = str(entry.get("id", ""))
        name = say("affinities", ident, entry.get("name") or ident)
        colour = entry.get("color")
        symbol = None
        for key in (entry.get("emblem"), ident):
            if key:
                key = str(key).lower()
                key = _ALIASES.get(key, key)
                if key in known and key not in used:
                    symbol = key
                    break
        if symbol is None:
            pending.append((ident, name, colour))
            continue
        used[symbol] = True
        table[ident] = (symbol, name, _colour(colour, symbol))
    free = [g for g in glyphs if g not in used]
    for ident, name, colour in pending:
        symbol = free.pop(0) if free else None
        if symbol is not None:
            used[symbol] = True
        table[ident] = (symbol, name, _colour(colour, symbol))
    return table


def _colour(colour, symbol) -> str:
    text = str(colour or "")
    if len(text) in (4, 7) and text[0] == "#":
        ok = True
        for ch in text[1:]:
            if ch not in "0123456789abcdefABCDEF":
                ok = False
        if ok:
            return text
    return ELEMENT_COLOURS.get(symbol, "#c9b27a")


def sprite() -> str:
    """Return the hidden SVG holding every symbol, to place once in the page."""
    parts = ['<svg class="sprite" aria-hidden="true" width="0" height="0"><defs>']
    for name in sorted(SYMBOLS):
        parts.append(
            '<symbol id="i-'
            + name
            + '" viewBox="0 0 24 24" fill="currentColor">'
            + SYMBOLS[name]
            + "</symbol>"
        )
    parts.append("</defs></svg>")
    return "".join(parts)


def dialog_head(title: str, ident: str, symbol: str) -> str:
    """A dialog's head: its title `ident` (with the icon `symbol`) and its close button."""
    return (
        '<div class="dialog-head"><h2 id="'
        + ident
        + '">'
        + icon(symbol)
        + esc(title)
        + "</h2>"
        + close_button(t("btn_close"))
        + "</div>"
    )


def close_button(label: str) -> str:
    """A dialog's close button (its head's right end), named `label`."""
    return (
        '<button type="button" class="close" data-do="close" aria-label="'
        + esc(label)
        + '">'
        + icon("close")
        + "</button>"
    )


def icon(name: str, cls: str = "icon", label: str = "") -> str:
    """Return an inline `<svg>` using symbol `name`; `label` becomes its accessible name."""
    aria = ' role="img" aria-label="' + esc(label) + '"' if label else ' aria-hidden="true"'
    return '<svg class="' + cls + '"' + aria + '><use href="#i-' + name + '"></use></svg>'


def affinity_icon(affinity: str, table: dict, cls: str = "aff") -> str:
    """Return the icon of a card's or cell's affinity, or its initials when it has no glyph."""
    symbol, name, colour = table.get(affinity, (None, str(affinity), "#c9b27a"))
    style = ' style="--aff:' + colour + '"'
    if symbol is not None:
        return (
            '<svg class="'
            + cls
            + " aff-"
            + symbol
            + '"'
            + style
            + ' role="img" aria-label="'
            + esc(name)
            + '" viewBox="0 0 512 512"><use href="'
            + ART_SPRITE
            + UI_ART[symbol]
            + '"></use></svg>'
        )
    return (
        '<span class="'
        + cls
        + ' aff-text"'
        + style
        + ' role="img" aria-label="'
        + esc(name)
        + '">'
        + esc(str(name)[:2])
        + "</span>"
    )


def affinity_name(affinity: str, table: dict) -> str:
    """The display name of an affinity (its id when the set does not name it)."""
    return table.get(affinity, (None, str(affinity), ""))[1]
