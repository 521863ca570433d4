"""The CPU's command line: ``python -m triad solve`` and ``python -m triad play``.

``solve`` reads a position on stdin, in the engine's scenario form (rules,
cells, board with owners, restrictions) plus ``"hands": {"blue": [CARD...],
"red": [CARD...]}`` (the cards still in hand) and ``"to_move"``, and prints
``{"value": V, "moves": [{"card": I, "cell": C, "value": V}, ...]}``: V is
the side to move's final score minus the other's under perfect play (cards
in hand count); I indexes the mover's hand. ``--value-only`` prints just
``{"value": V}``. Under Order the moves are those of the first card.

Under Chaos the position may say which card was drawn (``"drawn": I``);
without it (or with -1) the draw is still to come. Values are then
expectations over the draws still to come: V is a number with up to 6
decimals, ``"exact"`` gives it as a fraction (``"5/3"``) and
``"expectation": true`` says so; the moves are the drawn card's, or every
card's when the draw is still to come (the position's value is then the
average over the cards of each card's best move).

``play`` plays CPU against CPU on hands dealt from the default set (random
first player) and prints a results table, or with ``--json``
``{"games": N, "blue": {"level", "wins", "draws", "losses"}, "red": {...}}``.
A seed makes the run reproducible (the CPUs search without a time limit).

Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from triad.cards import CardSet, builtin_set
from triad.cpu.brain import LEVELS, Brain
from triad.cpu.chance import SCALE, to_fraction
from triad.cpu.context import Context, View
from triad.match import MatchConfig, deal_match
from triad.notation import state_from_json
from triad.observe import observe
from triad.rules import RuleSet
from triad.state import GameState, Move, Outcome

__all__ = ["game_outcomes", "main", "play_games", "solve_position"]

_SOLVE_KEYS = {
    "rules",
    "cells",
    "board",
    "restrictions",
    "hands",
    "to_move",
    "first",
    "drawn",
    "chaos_seed",
}


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, status 2, no usage dump
        raise _UsageError(message)


def solve_position(data: object, value_only: bool = False) -> dict[str, Any]:
    """Solve a decoded position; the JSON-ready answer.

    :raises ValueError: the position is malformed.
    """
    if not isinstance(data, dict):
        raise ValueError("position: must be a JSON object")
    unknown = sorted(set(data) - _SOLVE_KEYS)
    if unknown:
        raise ValueError(f"position: unknown field {unknown[0]!r}")
    state = state_from_json(data, "position")
    ctx = Context(View.of(state))
    if state.rules.chaos:
        return _solve_chaos(state, ctx, value_only)
    solver = ctx.solver
    if state.is_terminal:
        value = solver.terminal_value(ctx.position)
        return {"value": value} if value_only else {"value": value, "moves": []}
    if value_only:
        return {"value": solver.value(ctx.position)}
    by_move: dict[Move, int] = {}
    for child, v in solver.move_values(ctx.position):
        by_move[ctx.move_of(child, state.to_move)] = v
    hand = state.hands[state.to_move]
    moves = []
    for move in state.legal_moves():
        # identical cards share one search: look the value up by the card's twin
        twin = next(m for m in by_move if m.cell == move.cell and hand[m.card] == hand[move.card])
        moves.append({"card": move.card, "cell": move.cell, "value": by_move[twin]})
    moves.sort(key=lambda m: (-m["value"], m["card"], m["cell"]))
    return {"value": moves[0]["value"], "moves": moves}


def _solve_chaos(state: GameState, ctx: Context, value_only: bool) -> dict[str, Any]:
    # expectiminimax: values are expectations, written as numbers and fractions
    def number(value: Fraction) -> dict[str, Any]:
        return {"value": round(float(value), 6), "exact": str(value)}

    chance = ctx.chance
    mover = state.to_move
    if state.is_terminal:
        value = to_fraction(SCALE * ctx.solver.terminal_value(ctx.position))
        return {**number(value), "expectation": True, "moves": []}
    hand = state.hands[mover]
    indices = ctx.hand_indices(mover)
    cards = [state.drawn] if state.drawn >= 0 else list(range(len(hand)))
    moves = []
    best: list[Fraction] = []
    for i in cards:
        values = [to_fraction(v) for _, _, v in chance.cell_values(ctx.position, indices[i])]
        cells = [c for c in range(9) if state.board[c] is None]
        best.append(max(values))
        for cell, v in zip(cells, values, strict=True):
            moves.append({"card": i, "cell": cell, **number(v)})
    value = sum(best, Fraction(0)) / len(best)
    head = {**number(value), "expectation": True}
    if value_only:
        return head
    moves.sort(key=lambda m: (-Fraction(m["exact"]), m["card"], m["cell"]))
    return {**head, "moves": moves}


def play_game(
    state: GameState, brains: tuple[Brain, Brain], budget_ms: float | None = None
) -> GameState:
    """Play ``state`` to the end, each side's brain seeing only its observation."""
    while not state.is_terminal:
        player = state.to_move
        move = brains[player].choose(observe(state, player), budget_ms)
        state, _ = state.apply(move)
    return state


def play_games(
    blue: str,
    red: str,
    games: int,
    seed: int,
    rules: RuleSet,
    card_set: CardSet | None = None,
    budget_ms: float | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded matches of level ``blue`` against level ``red``.

    Sudden Death rematches are played out; a draft is picked by each side
    taking the strongest card left (highest printed total). Hidden cards are
    guessed from the set (from its level range under Level range).

    :raises ValueError: unknown level, or rules the card set cannot deal.
    """
    tally = {Outcome.BLUE: 0, Outcome.RED: 0, Outcome.DRAW: 0}
    for outcome in game_outcomes(blue, red, range(games), seed, rules, card_set, budget_ms):
        tally[outcome] += 1
    return {
        "games": games,
        "blue": {
            "level": blue,
            "wins": tally[Outcome.BLUE],
            "draws": tally[Outcome.DRAW],
            "losses": tally[Outcome.RED],
        },
        "red": {
            "level": red,
            "wins": tally[Outcome.RED],
            "draws": tally[Outcome.DRAW],
            "losses": tally[Outcome.BLUE],
        },
    }


def game_outcomes(
    blue: str,
    red: str,
    games: Iterable[int],
    seed: int,
    rules: RuleSet,
    card_set: CardSet | None = None,
    budget_ms: float | None = None,
) -> Iterator[Outcome]:
    """The outcome of each of the numbered ``games`` of a `play_games` run, one at a time.

    Each game depends only on its number and the seed, so a run can be split
    into ranges (played apart, in any order) that add up to the same table.

    :raises ValueError: unknown level, or rules the card set cannot deal.
    """
    for level in (blue, red):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {list(LEVELS)}")
    cards = builtin_set() if card_set is None else card_set
    config = MatchConfig(rules, cards)
    for game in games:
        match_seed = (seed * 1_000_003 + game) & 0xFFFFFFFF
        match = deal_match(config, match_seed)
        pool = cards.cards
        if match.level_range is not None:
            low, high = match.level_range
            pool = tuple(c for c in pool if low <= c.level <= high)
        brains = (Brain(blue, match_seed * 2 + 1, pool), Brain(red, match_seed * 2 + 2, pool))
        if match.drafting:
            draft = match.draft()
            while not draft.is_done:
                left = draft.available
                pick = max(left, key=lambda i: (draft.pool[i].power, -i))
                draft = draft.pick(pick)
            state = match.start(draft.hands)
        else:
            state = match.start()
        state = play_game(state, brains, budget_ms)
        round_ = 1
        while (again := match.rematch(state, round_)) is not None:
            state = play_game(again, brains, budget_ms)
            round_ += 1
        outcome = state.outcome
        assert outcome is not None
        yield outcome


def format_table(result: dict[str, Any], rules: RuleSet, seed: int) -> str:
    """The text table of a `play_games` result."""
    names = ",".join(rules.names) or "basic"
    lines = [
        f"{result['games']} games, rules {names}, seed {seed}",
        f"{'side':<6}{'level':<8}{'wins':>6}{'draws':>7}{'losses':>8}",
    ]
    for side in ("blue", "red"):
        r = result[side]
        lines.append(f"{side:<6}{r['level']:<8}{r['wins']:>6}{r['draws']:>7}{r['losses']:>8}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Run ``solve`` or ``play`` (``argv[0]``); return the exit status."""
    if not argv or argv[0] not in ("solve", "play"):
        return _fail("expected the subcommand 'solve' or 'play'")
    try:
        if argv[0] == "solve":
            return _solve(argv[1:])
        return _play(argv[1:])
    except _UsageError as exc:
        return _fail(str(exc))


def _solve(args: list[str]) -> int:
    parser = _Parser(prog="python -m triad solve", description="Exact values of a position.")
    parser.add_argument("--value-only", action="store_true", help="print only the value")
    options = parser.parse_args(args)
    try:
        data = json.loads(sys.stdin.read())
    except json.JSONDecodeError as exc:
        return _fail(f"input is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read stdin: {exc}")
    try:
        result = solve_position(data, options.value_only)
    except ValueError as exc:
        return _fail(str(exc))
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


def _play(args: list[str]) -> int:
    parser = _Parser(prog="python -m triad play", description="CPU against CPU.")
    parser.add_argument("--blue", default="master", help=f"level: {', '.join(LEVELS)}")
    parser.add_argument("--red", default="greedy", help="level of red")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="", help="comma-separated rule names")
    parser.add_argument("--json", action="store_true", help="print JSON")
    options = parser.parse_args(args)
    if options.games < 0:
        return _fail(f"--games must be at least 0, got {options.games}")
    try:
        rules = RuleSet.parse([r for r in options.rules.split(",") if r.strip()])
        result = play_games(options.blue, options.red, options.games, options.seed, rules)
    except ValueError as exc:
        return _fail(str(exc))
    if options.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        sys.stdout.write(format_table(result, rules, options.seed) + "\n")
    return 0


def _fail(message: str) -> int:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    return 2
