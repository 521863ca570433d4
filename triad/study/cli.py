"""``python -m triad analyse`` and ``python -m triad puzzle``.

``analyse`` reads a match record (the replay file the game exports,
``{"format": "triad-match", ...}``) on stdin and prints every move with its
exact value, the best value and a best move, and its mark (see
`triad.study.analysis`); ``--json`` prints the analysis as JSON instead,
``--side red`` takes red's side (values and chart from that side),
``--card-set FILE`` loads the card set a record names when it is not built
in.

``puzzle`` prints the daily puzzle of ``--date YYYY-MM-DD`` (today by
default): ``--json`` gives ``{"position": ..., "solution": {"card": I,
"cell": C}, ...}`` where ``position`` is what ``python -m triad solve``
reads and ``I`` indexes blue's hand as ``solve`` counts it.

Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from typing import Any

from triad.capture import Player
from triad.cards import CardSet, load_card_set
from triad.notation import card_code
from triad.study.analysis import CELL_NAMES, Analyser, MoveReview
from triad.study.puzzle import GRADES, Puzzle, daily, daily_json, day_number

__all__ = ["format_analysis", "format_puzzle", "main"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, status 2, no usage dump
        raise _UsageError(message)


def main(argv: list[str]) -> int:
    """Run ``analyse`` or ``puzzle`` (``argv[0]``); return the exit status."""
    if not argv or argv[0] not in ("analyse", "puzzle"):
        return _fail("expected the subcommand 'analyse' or 'puzzle'")
    try:
        if argv[0] == "analyse":
            return _analyse(argv[1:])
        return _puzzle(argv[1:])
    except _UsageError as exc:
        return _fail(str(exc))


def _analyse(args: list[str]) -> int:
    # imported here: the replay reader belongs to the collection package
    from triad.collection.replay import ReplayError, read_record, replay_record

    parser = _Parser(
        prog="python -m triad analyse",
        description="Analyse a match record (replay file on stdin) move by move.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--side", choices=("blue", "red"), default="blue", help="whose side")
    parser.add_argument("--card-set", metavar="FILE", help="a card set file the record needs")
    options = parser.parse_args(args)
    custom: dict[str, CardSet] = {}
    if options.card_set:
        try:
            card_set = load_card_set(options.card_set)
        except (OSError, ValueError) as exc:
            return _fail(f"card set {options.card_set}: {exc}")
        custom[card_set.id] = card_set
    try:
        text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read stdin: {exc}")
    try:
        record = read_record(text)
        played = replay_record(record, custom)
    except ReplayError as exc:
        return _fail(str(exc))
    analyser = Analyser(record, played, Player.parse(options.side))
    analyser.run()
    if options.json:
        sys.stdout.write(json.dumps(analyser.to_json()) + "\n")
    else:
        sys.stdout.write(format_analysis(analyser) + "\n")
    return 0


def _puzzle(args: list[str]) -> int:
    parser = _Parser(prog="python -m triad puzzle", description="The daily puzzle of a date.")
    parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    options = parser.parse_args(args)
    if options.date is None:
        day = datetime.date.today()
    else:
        try:
            day = datetime.date.fromisoformat(options.date)
        except ValueError:
            return _fail(f"--date must be a date like 2026-11-23, got {options.date!r}")
    if options.json:
        sys.stdout.write(json.dumps(daily_json(day)) + "\n")
    else:
        sys.stdout.write(format_puzzle(daily(day), day) + "\n")
    return 0


# -- text forms ----------------------------------------------------------------


def _score(value: int) -> str:
    """A value (final score difference of 10 cards) as the final score, e.g. ``6-4``."""
    return f"{(10 + value) // 2}-{(10 - value) // 2}"


def _move_text(review: MoveReview, best: bool) -> str:
    move = review.best_move if best else review.move
    card = review.best_card if best else review.card
    name = card.name or card_code(card)
    return f"{move.text} {name} ({card_code(card)}), {CELL_NAMES[move.cell]}"


def format_analysis(analyser: Analyser) -> str:
    """The text table of an analysis (every move; values as final scores)."""
    side = str(analyser.side)
    lines = [
        "Exact values with perfect play from each position: the mover's final score "
        "after the move played, and with the best move.",
    ]
    for game in range(len(analyser.played.states)):
        reviews = [r for r in analyser.reviews if r.game == game]
        if game > 0 and not reviews:
            break
        title = "Game" if game == 0 else f"Sudden Death rematch {game}"
        lines.append("")
        lines.append(f"{title}: opening value {_score(analyser.opening(game))} for {side}")
        for r in reviews:
            note = "" if r.judged == "exact" else f" (judged on what {r.player} could see)"
            lines.append(
                f"{r.ply:>2} {r.player!s:<4} {_move_text(r, False):<42} "
                f"kept {_score(r.value):>4}, best {_score(r.best):>4}: {r.mark}{note}"
            )
            if r.lost > 0:
                lines.append(f"{'':8}best move: {_move_text(r, True)}")
    hidden = sum(1 for r in analyser.reviews if r.judged == "hidden")
    if hidden:
        lines.append("")
        lines.append(
            f"{hidden} moves were made with some of the opponent's cards hidden: their marks "
            "compare them with the best move as the master CPU judges it from what the mover "
            "could see (sampled guesses of the hidden cards), not with the exact values."
        )
    counts = []
    for player in ("blue", "red"):
        marks = [r.mark for r in analyser.reviews if str(r.player) == player]
        counts.append(
            f"{player}: {marks.count('best')} best, {marks.count('inaccuracy')} inaccuracies, "
            f"{marks.count('blunder')} blunders"
        )
    lines.append("")
    lines.append("; ".join(counts))
    return "\n".join(lines)


def format_puzzle(puzzle: Puzzle, day: datetime.date) -> str:
    """The text of a daily puzzle: the position, the goal, then the solution and its line."""
    state = puzzle.state
    lines = [
        f"Daily puzzle {day.isoformat()} (#{day_number(day)}), {GRADES[puzzle.grade - 1]}: "
        f"blue to play and {puzzle.goal}.",
        f"Rules: {', '.join(state.rules.names)}",
    ]
    for row in range(3):
        cells = []
        for cell in range(row * 3, row * 3 + 3):
            slot = state.board[cell]
            if slot is None:
                affinity = state.table.cells[cell] if state.rules.affinity else None
                cells.append(f"({cell}{':' + affinity if affinity else ''})")
            else:
                owner = "b" if slot.owner is Player.BLUE else "r"
                cells.append(f"{owner}:{card_code(slot.card)}")
        lines.append("  " + " | ".join(f"{c:<16}" for c in cells))
    for player in (Player.BLUE, Player.RED):
        hand = ", ".join(
            f"{i} {c.name or '?'} ({card_code(c)})" for i, c in enumerate(state.hands[player])
        )
        lines.append(f"{player} hand: {hand}")
    solution = puzzle.solution
    card = state.hands[Player.BLUE][solution.card]
    lines.append(
        f"Solution: {solution.text}, {card.name or card_code(card)} on the "
        f"{CELL_NAMES[solution.cell]} ({_score(puzzle.value)} with best play)"
    )
    line = []
    current = state
    for move in puzzle.line:
        mover = current.to_move
        played = current.hands[mover][move.card]
        line.append(f"{mover} {played.name or card_code(played)} {CELL_NAMES[move.cell]}")
        current, _ = current.apply(move)
    lines.append("Line: " + "; ".join(line))
    return "\n".join(lines)


def _fail(message: str) -> int:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    return 2
