"""The editor's example bot is a real CodinGame program: run as a subprocess, it beats `random`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from triad.catch.mapgen import generate
from triad.catch.match import play_match
from triad.catch.players import BuiltinPlayer, SubprocessPlayer
from triad.ui.catch.example import EXAMPLE_BOT


@pytest.mark.parametrize(("seed", "side"), [(3, 0), (1194115026, 1)])
def test_the_example_bot_beats_the_random_bot(tmp_path: Path, seed: int, side: int) -> None:
    program = tmp_path / "bot.py"
    program.write_text(EXAMPLE_BOT)
    # Generous limits: this machine is shared; the limits themselves are tested elsewhere.
    example = SubprocessPlayer(f"{sys.executable} {program}", "example", 10_000, 2_000)
    opponent = BuiltinPlayer("random", seed)
    players = (example, opponent) if side == 0 else (opponent, example)
    try:
        match = play_match(players, generate(seed))
    finally:
        example.close()
    assert match.result.winner == side, match.result
    assert match.state.scores[side] > match.state.scores[1 - side]
