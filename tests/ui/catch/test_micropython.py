"""The Triangle Catch page's main-thread modules run under MicroPython exactly as under CPython."""

from pathlib import Path

from tests.conftest import ROOT
from tests.ui.micropython_check import assert_same_under_micropython

SCRIPT = ROOT / "tests" / "ui" / "catch" / "micropython_smoke.py"
MAIN_THREAD = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "triad" / "ui").rglob("*.py")
    if p.name != "main.py" and "__pycache__" not in p.parts  # (main.py needs a browser)
)


def test_catch_page_code_gives_the_same_output_under_micropython(tmp_path: Path) -> None:
    assert_same_under_micropython(
        tmp_path, SCRIPT, ["tests/ui/catch/fixture.json"], MAIN_THREAD, min_lines=60
    )
