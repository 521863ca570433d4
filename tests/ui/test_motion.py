"""Decorative motion rests: no looping animation outlasts five seconds.

WCAG 2.2.2 (Pause, Stop, Hide) asks that moving content that starts by itself stop
within five seconds unless the player can pause it; an endless decoration also keeps
a phone's processor busy while the player only thinks (about an eighth of a core for
the turn badge, its star and the chosen card's pointer). A decoration may repeat a few
times after each redraw, then rests. Only what shows work in progress may loop for as
long as that work lasts: the loading spinner and the star while the CPU thinks.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted((ROOT / "assets" / "css").glob("*.css"))
PROGRESS = {".spinner", ".turn-mark.thinking .turn-star"}
LIMIT = 5.0  # seconds


def rules(css: str) -> list[tuple[str, str]]:
    """Every innermost `selector { declarations }` of a sheet (media blocks opened)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [(m[1].strip(), m[2]) for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", css)]


def seconds(token: str) -> float:
    return float(token[:-2]) / 1000 if token.endswith("ms") else float(token[:-1])


def loops(declarations: str) -> tuple[float | None, str | None]:
    """The duration (seconds) and iteration count a rule sets, each None when unset."""
    duration = count = None
    for name, value in re.findall(
        r"(animation(?:-duration|-iteration-count)?)\s*:\s*([^;]+)", declarations
    ):
        value = value.replace("!important", "").strip()
        if name == "animation-duration":
            duration = seconds(value)
        elif name == "animation-iteration-count":
            count = value
        else:
            for token in value.split():
                if re.fullmatch(r"[\d.]+m?s", token) and duration is None:
                    duration = seconds(token)
                elif token == "infinite" or re.fullmatch(r"\d+(\.\d+)?", token):
                    count = token
    return duration, count


def looping() -> list[tuple[str, str, float | None, str]]:
    found = []
    for sheet in SHEETS:
        for selector, body in rules(sheet.read_text(encoding="utf-8")):
            duration, count = loops(body)
            if count is not None and count not in ("1", "0"):
                found.append((sheet.name, selector, duration, count))
    return found


def test_the_sheets_have_looping_animations_to_check():
    # (the parser reads the sheets: the decorations it must find are there)
    selectors = {selector for _, selector, _, _ in looping()}
    assert ".result-title" in selectors and ".spinner" in selectors


@pytest.mark.parametrize("sheet,selector,duration,count", looping())
def test_a_decoration_rests_within_five_seconds(sheet, selector, duration, count):
    if count == "infinite":
        assert selector in PROGRESS, (
            f"{sheet}: {selector} loops forever but shows no work in progress"
        )
        return
    assert duration is not None, f"{sheet}: {selector} repeats without a duration of its own"
    assert duration * float(count) <= LIMIT, (
        f"{sheet}: {selector} moves for {duration * float(count):.1f} s (at most {LIMIT} s)"
    )
