"""The CPU opponent: exact solver, difficulty levels, hidden-hand play, hints.

Entry points: `Brain` (one per match; `choose`, `ponder`, `hint`, `search`)
and `choose_move` (one-shot). The command line is `triad.cpu.cli`
(``python -m triad solve`` and ``python -m triad play``).
"""

from triad.cpu.brain import LEVEL_SPECS, LEVELS, Brain, LevelSpec, Progress, choose_move

__all__ = ["LEVELS", "LEVEL_SPECS", "Brain", "LevelSpec", "Progress", "choose_move"]
