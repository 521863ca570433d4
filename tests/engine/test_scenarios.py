"""Golden scenarios: each tests/scenarios/NAME.json resolves to NAME.expected.json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import check_generated
from triad.cli import resolve_scenario
from triad.rules import Rule

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"
NAMES = sorted(
    p.name[: -len(".json")] for p in SCENARIOS.glob("*.json") if ".expected" not in p.name
)


def load(name: str) -> tuple[dict[str, object], dict[str, object]]:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    expected = json.loads((SCENARIOS / f"{name}.expected.json").read_text(encoding="utf-8"))
    return data, expected


def test_there_are_scenarios() -> None:
    assert len(NAMES) >= 40


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name: str) -> None:
    data, expected = load(name)
    assert resolve_scenario(data) == expected


@pytest.mark.parametrize(
    "name", ["combo_seed002", "power_wall_less_up", "elemental_combo_modifiers"]
)
def test_scenario_through_the_command_line(name: str) -> None:
    data, expected = load(name)
    result = subprocess.run(
        [sys.executable, "-m", "triad", "resolve"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected
    assert result.stderr == ""


def test_every_capture_rule_and_event_kind_is_covered() -> None:
    rules: set[str] = set()
    kinds: set[str] = set()
    for name in NAMES:
        data, expected = load(name)
        rules.update(data["rules"])  # type: ignore[arg-type]
        kinds.update(e["kind"] for e in expected["events"])  # type: ignore[attr-defined]
    capture_rules = {
        r.value
        for r in (
            Rule.SAME, Rule.SAME_WALL, Rule.PLUS, Rule.PLUS_WALL, Rule.COMBO, Rule.ELEMENTAL,
            Rule.BANNER, Rule.BATTLE, Rule.BROKEN_WALL, Rule.POWER_WALL, Rule.REVERSE,
            Rule.FALLEN_ACE, Rule.ASCENSION, Rule.DESCENSION, Rule.ORIGINAL,
        )
    }  # fmt: skip
    assert capture_rules <= rules
    assert kinds == {"place", "shift", "same", "plus", "basic", "battle", "combo"}


def test_golden_files_match_their_hand_worked_source() -> None:
    check_generated("make_scenarios.py")
