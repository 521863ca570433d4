"""Shared test settings: the repository root on sys.path (for build.py), the built bundle."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.timing import SuiteTimes  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"


def check_generated(tool: str) -> None:
    """Fail unless ``python tools/TOOL --check`` finds the files the tool writes up to date."""
    result = subprocess.run(
        [sys.executable, f"tools/{tool}", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built bundle (built once per run, unless build.py test has just built it)."""
    if not (os.environ.get("TRIAD_DIST_BUILT") and (build.DIST / "index.html").exists()):
        build.ensure_node_modules()
        build.bundle()
    return build.DIST


def pytest_configure(config: pytest.Config) -> None:
    """The time per folder, printed at the end (by the controller only, under xdist)."""
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(SuiteTimes(config), "triad-suite-times")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests last.

    Playwright's synchronous API keeps an event loop running on the main thread
    while its browser is open, so tests that start asyncio loops of their own run
    before it; the quick tests also report first.
    """
    browser_dir = ROOT / "tests" / "browser"

    def in_browser(item: pytest.Item) -> bool:
        return item.get_closest_marker("browser") is not None or browser_dir in item.path.parents

    items.sort(key=in_browser)
