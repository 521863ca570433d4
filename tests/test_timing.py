"""The suite's own record (tests/timing.py): the full lane's parts make one record."""

from __future__ import annotations

from typing import Any

from tests.timing import longest_first, merge_parts


def part(run: str, wall: float, workers: int, tests: dict[str, float]) -> dict[str, Any]:
    return {
        "lane": "full",
        "date": "2026-11-28 08:00 UTC",
        "commit": "abc1234",
        "ci": False,
        "workers": workers,
        "wall_seconds": wall,
        "outcomes": {"passed": len(tests)},
        "tests": tests,
        "run": run,
    }


def test_the_parts_of_one_run_add_up_to_the_lanes_record() -> None:
    cpython = part("r1", 300.0, 2, {"tests/engine/test_a.py::test_x": 1.5})
    browser = part("r1", 900.0, 0, {"tests/browser/test_b.py::test_y": 20.0})
    merged = merge_parts(["cpython", "browser"], [cpython, browser])
    assert merged["wall_seconds"] == 1200.0 and merged["workers"] == 2
    assert merged["tests"] == {**cpython["tests"], **browser["tests"]}
    assert merged["outcomes"] == {"passed": 2}
    assert merged["parts"] == {
        "cpython": {"wall_seconds": 300.0, "workers": 2, "tests": 1},
        "browser": {"wall_seconds": 900.0, "workers": 0, "tests": 1},
    }
    assert merged["missing"] == []


def test_a_part_of_another_run_or_none_is_named_missing() -> None:
    old = part("r0", 300.0, 2, {"tests/engine/test_a.py::test_x": 1.5})
    browser = part("r1", 900.0, 0, {"tests/browser/test_b.py::test_y": 20.0})
    merged = merge_parts(["cpython", "browser"], [old, browser])
    assert merged["missing"] == ["cpython"] and merged["wall_seconds"] == 900.0
    assert list(merged["tests"]) == ["tests/browser/test_b.py::test_y"]
    merged = merge_parts(["cpython", "browser"], [{}, browser])
    assert merged["missing"] == ["cpython"]


def test_parts_that_ran_at_once_take_the_wall_time_from_first_start_to_last_end() -> None:
    cpython = part("r1", 300.0, 2, {"tests/engine/test_a.py::test_x": 1.5})
    browser = part("r1", 900.0, 2, {"tests/browser/test_b.py::test_y": 20.0})
    cpython["span"], browser["span"] = [1000.0, 1300.0], [1005.0, 1905.0]
    merged = merge_parts(["cpython", "browser"], [cpython, browser])
    assert merged["wall_seconds"] == 905.0
    assert merged["parts"]["cpython"]["wall_seconds"] == 300.0


def test_the_browser_tests_run_the_longest_first_a_new_one_as_its_files_longest() -> None:
    durations = {
        "tests/browser/a.py::x": 5.0,
        "tests/browser/a.py::y": 50.0,
        "tests/browser/b.py::z": 20.0,
    }
    ids = [
        "tests/browser/a.py::x",
        "tests/browser/b.py::z",
        "tests/browser/c.py::w",
        "tests/browser/a.py::new",
        "tests/browser/a.py::y",
    ]
    assert longest_first(ids, durations) == [
        "tests/browser/a.py::new",
        "tests/browser/a.py::y",
        "tests/browser/b.py::z",
        "tests/browser/c.py::w",
        "tests/browser/a.py::x",
    ]
