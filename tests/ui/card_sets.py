"""Card sets of a player's own for tests: a plain one and one whose texts look like HTML."""

from __future__ import annotations

import json
from typing import Any

# Texts that would make elements, end one, or break an attribute if read as HTML.
HOSTILE = [
    '<img src=x onerror="document.documentElement.dataset.hacked=1">',
    "</div><b>bold</b>",
    'Tom "Quote" O\'Neil',
    "Salt &amp; Pepper",
]
# The marker a hostile text leaves on <html> if the page ever ran it.
HACKED = "hacked"


def make_set(
    set_id: str = "mine",
    name: str = "Lantern Folk",
    count: int = 14,
    affinities: bool = True,
    hostile: bool = False,
) -> dict[str, Any]:
    """A valid set of `count` cards, levels 1-3 (so bands above 3 have none)."""
    affs = []
    if affinities:
        affs = [
            {"id": "sun", "name": HOSTILE[3] if hostile else "Sun Court", "emblem": "lantern"},
            {
                "id": "moon",
                "name": HOSTILE[0] if hostile else "Moon Court",
                "emblem": HOSTILE[1] if hostile else "",
                "color": "#4466aa",
            },
        ]
    cards = []
    for i in range(count):
        level = 1 + i * 3 // count
        cards.append(
            {
                "id": f"c{i}",
                "name": HOSTILE[i % len(HOSTILE)] if hostile else f"Keeper {i}",
                "title": HOSTILE[(i + 1) % len(HOSTILE)] if hostile else "of the lamps",
                "level": level,
                "top": 1 + (i * 7) % 9,
                "right": 1 + (i * 5 + 2) % 9,
                "bottom": 1 + (i * 3 + 4) % 9,
                "left": 1 + (i * 2 + 6) % 9,
                "affinity": ["sun", "moon", None][i % 3] if affinities else None,
            }
        )
    return {
        "id": set_id,
        "name": name,
        "description": "A test set",
        "affinity_kind": "banner" if affinities else None,
        "affinities": affs,
        "cards": cards,
    }


def hostile_set() -> dict[str, Any]:
    return make_set("hostile", "Set " + HOSTILE[0] + ' & "co"', hostile=True)


def text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1)
