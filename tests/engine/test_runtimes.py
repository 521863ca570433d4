"""The same results under CPython, MicroPython (page main thread) and Pyodide (engine worker).

Runs digests in Node with the vendored runtimes; skipped, with the reason,
when node or node_modules is missing.
"""

from __future__ import annotations

import pytest

from tests.runtimes import needs_micropython, needs_pyodide, same_output_in_node


@needs_micropython
def test_deal_is_the_same_under_micropython() -> None:
    expected = same_output_in_node("tests/engine/deal_digest.py", "micropython_runner.mjs")
    assert expected.count("\n") > 150


@pytest.mark.slow
@needs_pyodide
def test_engine_is_the_same_under_pyodide() -> None:
    expected = same_output_in_node("tests/engine/engine_digest.py", "pyodide_runner.mjs")
    assert expected.count("\n") == 11
