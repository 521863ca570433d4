"""Files the tools write: write one, or with --check say whether it is up to date.

Each tool (``python tools/make_*.py [--check]``) computes a file's text; this
writes it, or, when checking, compares it with what is on disk and names the
file and the command that rewrites it when they differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_or_check(path: Path, text: str, check: bool, note: str = "") -> bool:
    """Write ``text`` to ``path`` (printing ``note`` after its name), or compare when ``check``.

    Returns False when checking finds the file missing or different (and says so).
    """
    if check:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            tool = Path(sys.argv[0]).resolve()
            command = f"python {tool.relative_to(ROOT) if tool.is_relative_to(ROOT) else tool}"
            print(f"{path} is out of date; run {command}")
            return False
        return True
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}" + (f" ({note})" if note else ""))
    return True
