"""Command line of Triangle Catch: ``python -m triad catch``.

``python -m triad catch --p1 BOT --p2 BOT --seed S [--turns N] [--json]``
plays one match on the map of seed ``S``: the map CodinGame shows for that
seed (any signed 64-bit value, as in a CodinGame replay's options), or with
``--generator classic`` the map of this game's own earlier generator. BOT is a built-in bot name
(``random``, ``greedy``, ``planner``) or a shell command run as a subprocess
speaking the protocol (``"python3 mybot.py"``) with the time limits
(``--first-limit-ms``, ``--limit-ms``). ``--p1`` plays player 0 and
``--p2`` player 1, as the referee and the replay number them. It prints the
result, the scores and how many actions of each player were skipped as
invalid (``--verbose`` lists them on stderr), or one JSON object with
``--json`` (``winner`` is 0, 1 or null), and writes the replay
(``catch-S.json`` unless ``--replay PATH`` or ``--no-replay``). Exit code 0
when the match was played, 2 on a usage error.
"""

import argparse
import json
import sys

from triad.catch.bots import BUILTIN_BOTS
from triad.catch.mapgen import GENERATORS, SEED_MAX, SEED_MIN, generate
from triad.catch.match import play_match
from triad.catch.players import (
    FIRST_TURN_LIMIT_MS,
    TURN_LIMIT_MS,
    BuiltinPlayer,
    SubprocessPlayer,
    make_player,
)
from triad.catch.referee import MAX_TURNS


def main(argv: list[str]) -> int:
    """Run ``catch`` with ``argv`` (``argv[0] == "catch"``); return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv[1:] if argv and argv[0] == "catch" else argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    if args.turns < 1:
        print("catch: --turns must be at least 1", file=sys.stderr)
        return 2
    if not SEED_MIN <= args.seed <= SEED_MAX:
        print(
            f"catch: --seed must be a signed 64-bit number, from {SEED_MIN} to {SEED_MAX}",
            file=sys.stderr,
        )
        return 2
    game_map = generate(args.seed, args.generator)
    players: list[BuiltinPlayer | SubprocessPlayer] = []
    try:
        for index, spec in enumerate((args.p1, args.p2)):
            players.append(
                make_player(spec, args.seed * 2 + index, args.first_limit_ms, args.limit_ms)
            )
        match = play_match((players[0], players[1]), game_map, args.turns)
    finally:
        for player in players:
            player.close()
    replay_path = None if args.no_replay else (args.replay or f"catch-{args.seed}.json")
    if replay_path is not None:
        with open(replay_path, "w", encoding="utf-8") as out:
            json.dump(match.to_json(), out, separators=(",", ":"))
    result = match.result
    scores = match.state.scores
    bots = [args.p1, args.p2]
    skipped = [0, 0]
    for entry in match.turns:
        for outcome in entry.get("outcomes", []):  # type: ignore[attr-defined]
            if not outcome["ok"]:
                skipped[outcome["player"]] += 1
                if args.verbose:
                    print(
                        f"turn {entry['turn']} player {outcome['player']}: "
                        f"{outcome['action']} skipped: {outcome['detail']}",
                        file=sys.stderr,
                    )
    if args.json:
        summary = {
            "seed": args.seed,
            "players": bots,
            "winner": result.winner,
            "winner_bot": None if result.winner is None else bots[result.winner],
            "reason": result.reason,
            "scores": scores,
            "turns": match.state.turn,
            "skipped": skipped,
            "replay": replay_path,
        }
        print(json.dumps(summary))
    else:
        labels = [f"player 0 ({args.p1})", f"player 1 ({args.p2})"]
        outcome = "draw" if result.winner is None else f"{labels[result.winner]} wins"
        print(f"seed {args.seed}: {labels[0]} vs {labels[1]}")
        print(f"{outcome}: {result.reason}")
        print(f"scores {scores[0]}-{scores[1]} after {match.state.turn} turns")
        print(f"actions skipped as invalid: {skipped[0]} and {skipped[1]}")
        if replay_path is not None:
            print(f"replay written to {replay_path}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m triad catch",
        description="Play one Triangle Catch match between two bots.",
    )
    bot_help = f"a built-in bot ({', '.join(BUILTIN_BOTS)}) or a shell command"
    parser.add_argument("--p1", required=True, help=f"player 0: {bot_help}")
    parser.add_argument("--p2", required=True, help=f"player 1: {bot_help}")
    parser.add_argument(
        "--seed", type=int, required=True, help="map seed: CodinGame's (a signed 64-bit number)"
    )
    parser.add_argument(
        "--generator",
        choices=GENERATORS,
        default=GENERATORS[0],
        help="map generator: CodinGame's (the default) or this game's classic one",
    )
    parser.add_argument("--turns", type=int, default=MAX_TURNS, help="turn limit (200)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--verbose", action="store_true", help="list every skipped action on stderr"
    )
    parser.add_argument("--replay", help="replay file to write (default catch-SEED.json)")
    parser.add_argument("--no-replay", action="store_true", help="do not write a replay")
    parser.add_argument(
        "--first-limit-ms",
        type=int,
        default=FIRST_TURN_LIMIT_MS,
        help="time limit of a program's first turn (1000)",
    )
    parser.add_argument(
        "--limit-ms", type=int, default=TURN_LIMIT_MS, help="time limit of later turns (50)"
    )
    return parser
