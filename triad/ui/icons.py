"""Inline SVG icons drawn for this game: banners, elements and button glyphs.

`sprite()` returns one hidden `<svg>` of `<symbol>`s placed once in the page;
`icon(name)` references a symbol with `<use>`.  Every shape here is our own,
drawn on a 24x24 grid.
"""

from triad.ui.html import esc

_STROKE = ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'

# name -> inner SVG of a 24x24 symbol
SYMBOLS = {
    # --- banner emblems (Houses card set) ---
    "lantern": (
        '<path d="M9 5.2a3 3 0 0 1 6 0"' + _STROKE + ' stroke-width="1.6"/>'
        '<path d="M6.8 5.8h10.4l-1.6 2.4H8.4Z"/>'
        '<path fill-rule="evenodd" d="M7.8 8.7h8.4v9.6H7.8ZM9.8 10.6v5.9h4.4v-5.9Z"/>'
        '<path d="M12 11.3c1 1.3 1.5 2.1 1.5 3a1.5 1.5 0 0 1-3 0c0-.9.5-1.7 1.5-3Z"/>'
        '<path d="M6.3 18.8h11.4l-1.6 2.7H7.9Z"/>'
    ),
    "rose": (
        '<path d="M12 13.2c-3.4 0-5.7-2.3-5.7-5.2S8.6 2.5 12 2.5 17.7 5 17.7 8 15.4 13.2 12 13.2Z'
        "M12 5.6c-1.5 0-2.5.9-2.5 2.2s1 2.2 2.4 2.2 2.3-.9 2.3-2-.9-1.7-1.9-1.7M12 13.2v8.3"
        'M12 18.6l2.3-1.3"' + _STROKE + ' stroke-width="1.7"/>'
        '<path d="M12 17.4c-2.6-.1-4.2-1.4-4.8-3.2 2.6-.2 4.2 1 4.8 3.2Z"/>'
    ),
    "wave": (
        '<path d="M1.8 8.6c2.6-3.1 5.1-3.1 7.7 0s5.1 3.1 7.7 0c1.7-2 3.3-2.1 5-1'
        'M1.8 15.4c2.6-3.1 5.1-3.1 7.7 0s5.1 3.1 7.7 0c1.7-2 3.3-2.1 5-1"'
        + _STROKE
        + ' stroke-width="2.4"/>'
    ),
    "anvil": (
        '<path d="M2.2 6.2h14.9c.6 1.7 2.3 2.6 4.7 2.6v1.9c-2.9.2-4.7 1.4-5.5 3.3H8.6'
        'C7.9 11.8 6.1 10.4 2.2 10Z"/>'
        '<path d="M8.3 14.8h8.1l1.1 2.4h1.6v2.6H5.1v-2.6h1.6Z"/>'
    ),
    "horse": (
        '<path fill-rule="evenodd" d="M6.8 21.6c-.2-3.9.9-6.7 3.1-8.8-1.6.4-3.2.2-4.5-.7L4 10.6'
        " 8.8 5 9.5 2.3l1.8 2.1c3.7.4 6.9 3 7.9 7.4.6 2.7.5 6.4 0 9.8Z"
        'M11.6 7.2a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 1 0 0-2.2Z"/>'
    ),
    "eye": (
        '<path fill-rule="evenodd" d="M1.5 12C4.5 6.8 8 4.8 12 4.8s7.5 2 10.5 7.2'
        "c-3 5.2-6.5 7.2-10.5 7.2S4.5 17.2 1.5 12Z"
        "M12 7.8a4.2 4.2 0 1 0 0 8.4 4.2 4.2 0 1 0 0-8.4Z"
        'M12 10.2a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 1 0 0-3.6Z"/>'
    ),
    "tree": (
        '<path d="M12 1.8c3.7 0 6.6 2.8 6.6 6.2 0 2.4-1.4 4.4-3.4 5.4H13v3.1l3-1.8.9 1.4'
        "-3.9 2.4v3.9h-2.1v-5.6l-3.5-2.2.9-1.4 2.6 1.6v-1.4H8.8C6.8 12.4 5.4 10.4 5.4 8"
        ' 5.4 4.6 8.3 1.8 12 1.8Z"/>'
    ),
    # --- elements (Elements card set) ---
    "fire": (
        '<path d="M12 1.5c1 4.2 6.8 6.6 6.8 13a6.8 6.8 0 0 1-13.6 0c0-4 3-5.4 3.2-8.6'
        ' 1.9 1.8 2.3 3.6 2.2 5.4 2.4-2.1 2.1-6 1.4-9.8Z"/>'
    ),
    "ice": (
        '<path d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9.5 3.5 12 6l2.5-2.5M9.5 20.5 12 18l2.5 2.5'
        "M3.6 10.4 7 9.6 6.1 6.2M17.9 17.8 17 14.4l3.4-.8M3.6 13.6 7 14.4l-.9 3.4M17.9 6.2 17 9.6"
        'l3.4.8"' + _STROKE + ' stroke-width="1.7"/>'
    ),
    "thunder": '<path d="M13.5 1.5 4.5 13.5h6.3L9 22.5l10.5-13h-6.4Z"/>',
    "earth": (
        '<path d="M1.5 20.5 8.5 7.5l4 7 3-4.5 7 10.5Z"/>'
        '<path d="M8.5 7.5 10.4 11 8.5 10.1 6.8 11Z" fill="#fff" opacity=".55"/>'
    ),
    "poison": (
        '<path d="M10 2.5c3 4.6 6.2 7.6 6.2 11.3a6.2 6.2 0 0 1-12.4 0C3.8 10.1 7 7.1 10 2.5Z"/>'
        '<circle cx="18.6" cy="6" r="2.3"/><circle cx="20" cy="11.2" r="1.4"/>'
    ),
    "wind": (
        '<path d="M2.5 8.5h11.3a3 3 0 1 0-3-3M2.5 12.5h16a3 3 0 1 1-3 3M2.5 16.5h7"'
        + _STROKE
        + ' stroke-width="2"/>'
    ),
    "water": '<path d="M12 1.8c4.2 6 7.2 9.4 7.2 13.2a7.2 7.2 0 0 1-14.4 0C4.8 11.2 7.8 7.8 12 1.8Z"/>',
    "holy": (
        '<path d="M12 1 13.7 7.8 19.8 4.2 16.2 10.3 23 12 16.2 13.7 19.8 19.8 13.7 16.2 12 23'
        ' 10.3 16.2 4.2 19.8 7.8 13.7 1 12 7.8 10.3 4.2 4.2 10.3 7.8Z"/>'
    ),
    "dark": '<path d="M14.5 2.2a9.8 9.8 0 1 0 7.3 13.6A7.6 7.6 0 1 1 14.5 2.2Z"/>',
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
    "new": '<path d="M10.6 3h2.8v7.6H21v2.8h-7.6V21h-2.8v-7.6H3v-2.8h7.6Z"/>',
    "close": '<path d="M5 5l14 14M19 5 5 19"' + _STROKE + ' stroke-width="2.8"/>',
    "up": '<path d="M12 3.5 20 13h-5v7.5H9V13H4Z"/>',
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
    "prev": '<path d="M17 4.5v15L5 12Z"/>',
    "save": '<path d="M12 3v11M7 9.5l5 5 5-5"'
    + _STROKE
    + ' stroke-width="2.4"/><path d="M4 19h16"'
    + _STROKE
    + ' stroke-width="2.4"/>',
}

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
    table = {}
    pending = []
    for entry in affinities:
        ident = str(entry.get("id", ""))
        name = str(entry.get("name") or ident)
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
            + '"><use href="#i-'
            + symbol
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
