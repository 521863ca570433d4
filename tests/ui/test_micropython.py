"""The main-thread modules run under MicroPython (the page's runtime) exactly as under CPython."""

from pathlib import Path

from tests.conftest import ROOT
from tests.ui.micropython_check import assert_same_under_micropython

SCRIPT = ROOT / "tests" / "ui" / "micropython_smoke.py"
MAIN_THREAD = [
    *sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "triad" / "ui").rglob("*.py")
        if p.name != "main.py" and "catch" not in p.parts and "__pycache__" not in p.parts
    ),
    "triad/collection/__init__.py",
    "triad/collection/dealcode.py",
]


def test_main_thread_code_gives_the_same_html_under_micropython(tmp_path: Path) -> None:
    assert_same_under_micropython(tmp_path, SCRIPT, [], MAIN_THREAD, min_lines=100)


def test_the_page_s_modules_as_built_give_the_same_html(tmp_path: Path, dist: Path) -> None:
    """The same under MicroPython from the card game's files as the build ships them: its
    modules compiled to MicroPython's bytecode (build.py, mpy-cross), read as boot.js
    writes them (tests/test_build.py checks that each one ships so)."""
    bundle = dist / "page.json.gz"
    assert_same_under_micropython(tmp_path, SCRIPT, [], MAIN_THREAD, min_lines=100, bundle=bundle)
