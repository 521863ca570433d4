"""The CPU answers the same under CPython and under Pyodide (the page's worker)."""

from __future__ import annotations

import pytest

from tests.runtimes import needs_pyodide, same_output_in_node


@pytest.mark.slow
@needs_pyodide
def test_cpu_is_the_same_under_pyodide() -> None:
    expected = same_output_in_node("tests/cpu/cpu_digest.py", "pyodide_runner.mjs")
    assert expected.count("\n") == 32
