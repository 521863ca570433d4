"""``python -m triad tournament``: a tournament of eight House leaders, CPU against CPU.

Prints the bracket round by round (each match's Houses, score and winner,
and how many Sudden Death rematches it took) and the champion; ``--json``
prints the event as the save keeps it, match records included. The same
seed prints the same tournament on any machine: every match is seeded and
the CPU's searches are bounded by counts of positions, never by time.
``--kind open`` drafts every hand; ``--kind season`` plays six leaders'
season and prints the table.
"""

from __future__ import annotations

import argparse
import json
import sys

from triad.tournament.events import new_event, round_count, standings
from triad.tournament.part import Event
from triad.tournament.roster import Roster, default_roster

__all__ = ["format_event", "main"]

_ROUND_NAMES = {1: "Final", 2: "Semi-finals", 3: "Quarter-finals"}


def format_event(event: Event, roster: Roster) -> str:
    """The text of a finished event: the bracket or table, and the champion."""

    def name(entrant: str) -> str:
        leader = roster.leader(entrant)
        return f"{leader.name} ({leader.house})"

    kind = {"knockout": "Knockout", "open": "Open tournament", "season": "Season"}[event.kind]
    lines = [f"{kind} of {len(event.entrants)}, seed {event.seed}"]
    lines.append("Seeds: " + ", ".join(f"{i + 1}. {name(e)}" for i, e in enumerate(event.entrants)))
    rounds = round_count(event)
    for number in range(1, rounds + 1):
        title = (
            f"Round {number}"
            if event.kind == "season"
            else _ROUND_NAMES.get(rounds - number + 1, f"Round {number}")
        )
        lines.append(f"{title}:")
        for m in event.matches:
            if m.round != number:
                continue
            extra = ""
            if m.record is not None and len(m.record.games) > 1:
                extra = f", {len(m.record.games) - 1} Sudden Death rematch(es)"
            result = "draw" if m.winner is None else f"{roster.leader(m.winner).name} wins"
            lines.append(f"  {name(m.a)} {m.score[0]}-{m.score[1]} {name(m.b)}: {result}{extra}")
    if event.kind == "season":
        lines.append("Standings:")
        for place, s in enumerate(standings(event), 1):
            lines.append(
                f"  {place}. {name(s.entrant)}: {s.points} points "
                f"({s.wins}-{s.draws}-{s.losses}, {s.difference:+d})"
            )
    lines.append(f"Champion: {name(str(event.champion))}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run ``tournament`` (``argv[0]``); return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m triad tournament",
        description="A tournament of House leaders, CPU against CPU.",
    )
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    parser.add_argument("--kind", choices=("knockout", "open", "season"), default="knockout")
    parser.add_argument("--json", action="store_true", help="print the event as JSON")
    args = argv[1:] if argv and argv[0] == "tournament" else argv
    options = parser.parse_args(args)
    if options.seed < 0:
        sys.stderr.write(f"error: --seed must be 0 or more, got {options.seed}\n")
        return 2
    roster = default_roster()
    event = new_event(
        options.kind, roster, options.seed, f"cli-{options.seed}", 1, (), player=False
    )
    if options.json:
        sys.stdout.write(json.dumps(event.to_json()) + "\n")
    else:
        sys.stdout.write(format_event(event, roster) + "\n")
    return 0
