"""Shared test settings: the repository root on sys.path (for build.py), the built bundle."""

import fcntl
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.timing import SuiteTimes, longest_first, read_durations  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"

# Speed is measured by bench/, never by a test's time: no Hypothesis deadline (the full
# lane's CPython part runs niced beside the browser tests, where an example may wait its turn).
settings.register_profile("triad", deadline=None)
settings.load_profile("triad")


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
    """The built bundle (built once per run, unless build.py test has just built it; under
    pytest-xdist, by the first worker that needs it, the others waiting for it)."""
    if os.environ.get("TRIAD_DIST_BUILT") and (build.DIST / "index.html").exists():
        return build.DIST
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    build.BUILD.mkdir(exist_ok=True)
    stamp = build.BUILD / "dist-built-for-run"
    with open(build.BUILD / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released as the file closes)
        if not run or not stamp.exists() or stamp.read_text() != run:
            build.ensure_node_modules()
            build.bundle()
            stamp.write_text(run)
    return build.DIST


@pytest.fixture(autouse=True)
def cpu_seconds(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test reports the CPU seconds it spent, its fixtures' and its waited-for child
    processes' (Node, a bot) included (tests/timing.py prints and keeps them). The browser
    tests count their browsers' processes too (tests/browser/conftest.py's own fixture)."""

    def spent() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    start = spent()
    yield
    request.node.user_properties.append(("cpu_seconds", round(spent() - start, 2)))


def pytest_configure(config: pytest.Config) -> None:
    """The time per folder, printed at the end (by the controller only, under xdist)."""
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(SuiteTimes(config), "triad-suite-times")


def in_browser(item: pytest.Item) -> bool:
    """Whether a test drives a browser (the full lane's second part)."""
    browser_dir = ROOT / "tests" / "browser"
    return item.get_closest_marker("browser") is not None or browser_dir in item.path.parents


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the part of the full lane that build.py runs (TRIAD_LANE_PART: `cpython`, its
    tests on pytest-xdist's workers, then `browser`); run the browser tests last.

    Playwright's synchronous API keeps an event loop running on the main thread
    while its browser is open, so tests that start asyncio loops of their own run
    before it; the quick tests also report first. Under pytest-xdist the browser tests
    run the longest first (their seconds in tests/browser/durations.json), handed out one
    at a time (build.py's BROWSER_DIST), so that the workers end together instead of one
    running a long test alone at the end; the CPython tests marked slow run first, for the
    same reason (build.py's CPYTHON_DIST).
    """
    part = os.environ.get("TRIAD_LANE_PART", "")
    if part in ("cpython", "browser"):
        wanted = part == "browser"
        config.hook.pytest_deselected(items=[i for i in items if in_browser(i) != wanted])
        items[:] = [i for i in items if in_browser(i) == wanted]
    items.sort(key=in_browser)
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the slow CPython tests first (see below)
        items.sort(key=lambda i: (in_browser(i), i.get_closest_marker("slow") is None))
    browser = [item for item in items if in_browser(item)]
    if browser and os.environ.get("PYTEST_XDIST_WORKER"):
        order = longest_first([item.nodeid for item in browser], read_durations())
        place = {nodeid: n for n, nodeid in enumerate(order)}
        items[len(items) - len(browser) :] = sorted(browser, key=lambda i: place[i.nodeid])
