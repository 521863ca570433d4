"""The Triangle Catch page's button glyphs: one hidden SVG sprite, `icon(name)` to use one.

Shares the card game's `icon()` reference scheme (``#i-NAME``) and some of
its glyphs; the rest are drawn here on the same 24x24 grid.
"""

from triad.ui.look.icons import SYMBOLS as CARD_SYMBOLS
from triad.ui.look.icons import icon

_STROKE = ' fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"'

SHARED = ("play", "pause", "close", "new", "rules", "cpu", "person")

OWN = {
    "home": '<path d="M12 3 2.5 11.2h2.8V21h5.2v-6h3v6h5.2v-9.8h2.8Z"/>',
    "step": '<path d="M5 4.5v15l10-7.5ZM16 4.5h3v15h-3z"/>',
    "last": '<path d="M2.5 5v14l7.5-7ZM10.5 5v14l7.5-7ZM18.5 5h3v14h-3z"/>',
    "dice": (
        '<path fill-rule="evenodd" d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0'
        " 0 1 2-2ZM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4ZM16 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7"
        " 0 1 0 0-3.4ZM12 10.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4ZM8 14.3a1.7 1.7 0 1 0 0 3.4"
        ' 1.7 1.7 0 1 0 0-3.4ZM16 14.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 1 0 0-3.4Z"/>'
    ),
    "help": (
        '<path d="M9 9.2a3 3 0 1 1 4.4 2.7c-.9.5-1.4 1.1-1.4 2.1v.6"'
        + _STROKE
        + ' stroke-width="2.4"/>'
        '<circle cx="12" cy="18.6" r="1.6"/>'
    ),
    "send": '<path d="M2.5 20.5 22 12 2.5 3.5 4.8 10.6 15 12 4.8 13.4Z"/>',
    "trash": (
        '<path d="M4 6.5h16M9.5 6.5V4h5v2.5M6.5 6.5 7.6 20.5h8.8l1.1-14M10.2 10v7M13.8 10v7"'
        + _STROKE
        + ' stroke-width="2"/>'
    ),
    "save": (
        '<path fill-rule="evenodd" d="M4 3h12.5L21 7.5V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4a1 1 0 0 1'
        ' 1-1ZM7 3v5.5h8.5V3ZM12 12.5a3 3 0 1 0 0 6 3 3 0 1 0 0-6Z"/>'
    ),
    "code": '<path d="M8.5 6 2.8 12l5.7 6M15.5 6l5.7 6-5.7 6"' + _STROKE + ' stroke-width="2.6"/>',
    "eye": (
        '<path fill-rule="evenodd" d="M1.5 12C4.5 6.8 8 4.8 12 4.8s7.5 2 10.5 7.2'
        "c-3 5.2-6.5 7.2-10.5 7.2S4.5 17.2 1.5 12Z"
        'M12 8.2a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 1 0 0-7.6Z"/>'
    ),
    "download": '<path d="M10.5 3h3v8.5h4L12 17.5 6.5 11.5h4ZM4 19h16v2.5H4Z"/>',
    "minus": '<path d="M5 10.6h14v2.8H5Z"/>',
    "triangle": '<path d="M12 3 22 20H2Z"/>',
}


def symbol(name: str) -> str:
    """The inner SVG of a glyph of this page."""
    return OWN.get(name) or CARD_SYMBOLS[name]


def sprite() -> str:
    """The hidden SVG holding this page's glyphs, placed once in the page."""
    names = sorted(list(SHARED) + list(OWN))
    parts = ['<svg class="sprite" aria-hidden="true" width="0" height="0"><defs>']
    for name in names:
        parts.append(
            '<symbol id="i-'
            + name
            + '" viewBox="0 0 24 24" fill="currentColor">'
            + symbol(name)
            + "</symbol>"
        )
    parts.append("</defs></svg>")
    return "".join(parts)


__all__ = ["icon", "sprite", "symbol"]
