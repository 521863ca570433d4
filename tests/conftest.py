"""Shared test settings: the repository root on sys.path (for build.py), the built bundle."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built bundle (built once per run, unless build.py test has just built it)."""
    if not (os.environ.get("TRIAD_DIST_BUILT") and (build.DIST / "index.html").exists()):
        build.ensure_node_modules()
        build.bundle()
    return build.DIST
