"""Write triad/data/art_names.txt: every icon name of the pinned game-icons.net set.

The engine checks a card's `art` against this list (it cannot read node_modules
in the browser); tests check that the list matches the npm package
`@iconify-json/game-icons` pinned in package-lock.json. Run from the repository
root after changing the pinned version:

    python tools/make_art_names.py          # writes the list
    python tools/make_art_names.py --check  # exits 1 if the list is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "node_modules" / "@iconify-json" / "game-icons" / "icons.json"
TARGET = ROOT / "triad" / "data" / "art_names.txt"


def names_text(icons_json: Path = ICONS) -> str:
    """The list's text: one icon name a line, sorted, aliases included."""
    data = json.loads(icons_json.read_text(encoding="utf-8"))
    names = set(data["icons"]) | set(data.get("aliases", {}))
    return "".join(name + "\n" for name in sorted(names))


def main(argv: list[str]) -> int:
    text = names_text()
    note = f"{text.count(chr(10))} names"
    return 0 if write_or_check(TARGET, text, "--check" in argv, note) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
