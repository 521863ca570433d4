"""The engine's own standard library: a module it lacks comes from the whole library."""

from __future__ import annotations

import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from triad.worker.stdlib import WholeLibrary


@pytest.fixture
def whole(tmp_path: Path) -> Iterator[tuple[WholeLibrary, list[int]]]:
    """A finder over a whole library of two entries, `stdwhole_mod` and the package
    `stdwhole_pkg` (its `sub` only in the whole one; its `__init__` on sys.path already)."""
    own = tmp_path / "own"
    (own / "stdwhole_pkg").mkdir(parents=True)
    (own / "stdwhole_pkg" / "__init__.py").write_text("")
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as zf:
        zf.writestr("stdwhole_mod.py", "VALUE = 1\n")
        zf.writestr("stdwhole_pkg/__init__.py", "")
        zf.writestr("stdwhole_pkg/sub.py", "VALUE = 2\n")
    fetches: list[int] = []

    def fetch() -> bytes:
        fetches.append(1)
        return data.getvalue()

    finder = WholeLibrary(
        frozenset({"stdwhole_mod", "stdwhole_pkg"}), fetch, str(tmp_path / "whole.zip")
    )
    saved = (list(sys.path), list(sys.meta_path))
    sys.path.insert(0, str(own))
    sys.meta_path.append(finder)
    try:
        yield finder, fetches
    finally:
        sys.path[:], sys.meta_path[:] = saved
        for name in [n for n in sys.modules if n.startswith("stdwhole_")]:
            del sys.modules[name]


def test_a_module_the_own_library_lacks_is_fetched_once(
    whole: tuple[WholeLibrary, list[int]],
) -> None:
    _, fetches = whole
    import stdwhole_mod  # type: ignore[import-not-found]
    import stdwhole_pkg.sub  # type: ignore[import-not-found]

    assert (stdwhole_mod.VALUE, stdwhole_pkg.sub.VALUE) == (1, 2)
    assert fetches == [1]


def test_a_module_neither_library_holds_is_not_found_without_a_fetch(
    whole: tuple[WholeLibrary, list[int]],
) -> None:
    _, fetches = whole
    with pytest.raises(ImportError):
        import stdwhole_missing  # type: ignore[import-not-found]  # noqa: F401
    assert fetches == []
