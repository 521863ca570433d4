"""Seeing the game as the solver sees it: move-by-move analysis and daily puzzles.

* `triad.study.analysis`: the exact value of every position of a match
  record, each move marked best, inaccuracy or blunder.
* `triad.study.puzzle`: positions with exactly one best move, graded, and
  the daily puzzle picked from the date alone.
* `triad.study.cli`: ``python -m triad analyse`` and ``python -m triad puzzle``.
* `triad.study.service`: JSON-string entry points for the page's worker.
"""
