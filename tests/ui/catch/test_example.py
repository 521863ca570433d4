"""The editor's example bot is a real CodinGame program: run as a subprocess, it beats `random`."""

from __future__ import annotations

import pytest

from tests.ui.catch.helpers import editor_match


@pytest.mark.parametrize(("seed", "side"), [(3, 0), (1194115026, 1)])
def test_the_example_bot_beats_the_random_bot(seed: int, side: int) -> None:
    match = editor_match(seed, side)
    assert match.result.winner == side, match.result
    assert match.state.scores[side] > match.state.scores[1 - side]
