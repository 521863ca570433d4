"""Strength tables: master against the lower levels, Open and hidden.

    python bench/bench_strength.py                 # every table (long: hours on a busy machine)
    python bench/bench_strength.py --part traps    # master with and without traps, Open
    python bench/bench_strength.py --part hidden   # master with hidden hands
    python bench/bench_strength.py --part weights  # what the hidden hands' weights change
    python bench/bench_strength.py --part check    # the README's `play` command
    python bench/bench_strength.py --part budget   # master's time a move, Open and hidden
    python bench/bench_strength.py --part chaos    # master against expert under Chaos
    options: --games N (games per row; default: the counts the tables were made with),
             --only before|now (traps and hidden: one column of the table),
             --only uniform|1|4|1000 (weights: one column)

Every row is a `python -m triad play` run (`triad.cpu.cli.play_games`) or, for
master-hidden against master-open, the same deals played here; every search
is unlimited in time, so each row prints the same on any machine, busy or not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from triad.capture import Player  # noqa: E402
from triad.cards import builtin_set  # noqa: E402
from triad.cpu import brain as brain_module  # noqa: E402
from triad.cpu import guess as guess_module  # noqa: E402
from triad.cpu.brain import Brain  # noqa: E402
from triad.cpu.cli import play_games  # noqa: E402
from triad.match import MatchConfig, deal_match  # noqa: E402
from triad.observe import Observation, observe  # noqa: E402
from triad.rules import RuleSet  # noqa: E402
from triad.state import GameState, Outcome  # noqa: E402

# the counts the tables were made with
TRAP_GAMES = 200
HIDDEN_GAMES = 60
#: master-hidden against master-open in the weights' table: deals a seat
WEIGHT_DEALS = 20
#: the weights' table: the modelled opponent's temperatures (1000: as good as none)
TEMPERATURES = ("1", "4", "1000")
BUDGET_DEALS = 10
CHAOS_GAMES = 100
OPEN = RuleSet.parse(["open"])
HIDDEN = RuleSet.parse([])


def row(label: str, blue: str, red: str, games: int, seed: int, rules: RuleSet) -> None:
    """One `play` table as a line: blue's wins, draws and losses."""
    t0 = time.perf_counter()
    r = play_games(blue, red, games, seed, rules)["blue"]
    took = time.perf_counter() - t0
    print(
        f"  {label:<28}{blue:<8}{red:<8}{r['wins']:>5}{r['draws']:>5}{r['losses']:>5}"
        f"   {games} games, seed {seed}, {took:.0f} s",
        flush=True,
    )


def header(title: str) -> None:
    print(title)
    print(f"  {'':<28}{'blue':<8}{'red':<8}{'W':>5}{'D':>5}{'L':>5}   (blue's results)")


def check(games: int, only: str) -> None:
    """`python -m triad play --blue master --red greedy --games 30 --seed 4242 --rules open`."""
    header("the README's play command")
    row("Open", "master", "greedy", games or 30, 4242, OPEN)


def chaos(games: int, only: str) -> None:
    """Master against expert under Chaos, Open and hidden (master's search of the
    drawn card's cells is bounded by `brain.CHAOS_NODES` searched positions)."""
    header(f"master against expert under Chaos ({brain_module.CHAOS_NODES:,} positions a move)")
    for label, names in (("Chaos, Open", ["chaos", "open"]), ("Chaos, hidden", ["chaos"])):
        row(label, "master", "expert", games or CHAOS_GAMES, 7, RuleSet.parse(names))


def traps(games: int, only: str) -> None:
    """Master against expert, adept and greedy, Open: without traps, then with them."""
    header("master among its best moves (Open): first of them, then the trap")
    saved = brain_module.TRAP_NODES
    for when, label, nodes in (
        ("before", "first best move (before)", 0),
        ("now", f"traps, {saved} nodes (now)", saved),
    ):
        if only and only != when:
            continue
        brain_module.TRAP_NODES = nodes
        for red in ("expert", "adept", "greedy"):
            row(label, "master", red, games or TRAP_GAMES, 7, OPEN)
    brain_module.TRAP_NODES = saved


def hidden(games: int, only: str) -> None:
    """Master with hidden hands against greedy and expert, and against master-open:
    with its level's few uniform guesses (before), then with weighted guesses (now)."""
    n = games or HIDDEN_GAMES
    header("hidden hands (no Open): master guesses the hidden cards")
    if only != "now":
        for red in ("greedy", "expert"):
            row("Open, same deals", "master", red, n, 7, OPEN)
    saved = brain_module.WISE_GUESSES
    for when, label, wise in (
        ("before", "uniform guesses (before)", False),
        ("now", "weighted (now)", True),
    ):
        if only and only != when:
            continue
        brain_module.WISE_GUESSES = wise
        for red in ("greedy", "expert"):
            row(f"hidden, {label}", "master", red, n, 7, HIDDEN)
        seeing_versus_blind(max(1, n // 6), 7, label)
    brain_module.WISE_GUESSES = saved


def weights(games: int, only: str) -> None:
    """What the guesses' weights change: master with hidden hands against greedy, expert
    and master-open, with 12 uniform guesses (before), then with as many guesses as its
    allowance pays for, weighted by a modelled opponent of each temperature (the higher,
    the flatter the weights; 1 is master's)."""
    n = games or HIDDEN_GAMES
    header("hidden hands: the guesses' number and weights")
    saved = brain_module.WISE_GUESSES, guess_module.SIGHT_TEMPERATURE
    for when in ("uniform", *TEMPERATURES):
        if only and only != when:
            continue
        brain_module.WISE_GUESSES = when != "uniform"
        if when == "uniform":
            label = "12 uniform guesses"
        else:
            guess_module.SIGHT_TEMPERATURE = float(when)
            label = f"weighted, temperature {when}"
        for red in ("greedy", "expert"):
            row(label, "master", red, n, 7, HIDDEN)
        seeing_versus_blind(max(1, games // 3) if games else WEIGHT_DEALS, 7, label)
    brain_module.WISE_GUESSES, guess_module.SIGHT_TEMPERATURE = saved


def seeing_versus_blind(games: int, seed: int, label: str) -> None:
    """The same deals, master-hidden against a master that sees every card, seats swapped.

    Master-open against master-open gives each deal's result under perfect
    play; the difference is what not seeing costs.
    """
    print(f"  master-hidden ({label}) against master-open, {games} deals a seat each, seed {seed}")
    perfect = [0, 0, 0]  # the guesser's W/D/L when it sees too (perfect play by both)
    blind = [0, 0, 0]  # its W/D/L when it guesses
    t0 = time.perf_counter()
    for game in range(games):
        for sees, result in deal_results(seed, game):
            (perfect if sees else blind)[result] += 1
    took = time.perf_counter() - t0
    print(
        f"    both see every card (perfect play)   W {perfect[0]:>3}  D {perfect[1]:>3}  L {perfect[2]:>3}"
    )
    print(
        f"    the guesser plays hidden             W {blind[0]:>3}  D {blind[1]:>3}  L {blind[2]:>3}"
        f"   ({2 * games} games each, {took:.0f} s)",
        flush=True,
    )


def deal_results(seed: int, game: int) -> list[tuple[bool, int]]:
    """Deal ``game`` of ``seed`` (as `play` deals it) played four times: the guesser
    on each seat, seeing and not seeing; (sees, 0 win / 1 draw / 2 loss) each."""
    match_seed = (seed * 1_000_003 + game) & 0xFFFFFFFF
    start = deal_match(MatchConfig(HIDDEN, builtin_set()), match_seed).start()
    out = []
    for guesser in (Player.BLUE, Player.RED):
        for sees in (True, False):
            brains = (Brain("master", match_seed * 2 + 1), Brain("master", match_seed * 2 + 2))
            state = start
            while not state.is_terminal:
                mover = state.to_move
                seen = observe(state, mover)
                if mover is not guesser or sees:
                    seen = seeing(state, mover)
                state, _ = state.apply(brains[mover].choose(seen, None))
            out.append((sees, outcome_for(state, guesser)))
    return out


def seeing(state: GameState, player: Player) -> Observation:
    """``player``'s observation with every opponent card shown."""
    return Observation(
        player,
        state.table,
        state.board,
        state.hands[player],
        state.hands[player.other],
        state.to_move,
    )


def outcome_for(state: GameState, player: Player) -> int:
    """0 win, 1 draw, 2 loss for ``player``."""
    if state.outcome is Outcome.DRAW:
        return 1
    won = Outcome.BLUE if player is Player.BLUE else Outcome.RED
    return 0 if state.outcome is won else 2


def budget(games: int, only: str) -> None:
    """Master's CPU time a move against expert (seconds, by empty cells), and of that the
    time spent choosing among its best moves (Open): what the page's 0.9 s must hold."""
    deals = games or BUDGET_DEALS
    traps_time: dict[int, list[float]] = {}
    real_run = brain_module._Traps.run

    def timed_run(traps: brain_module._Traps, deadline: float = 0.0) -> bool:
        t0 = time.process_time()
        try:
            return real_run(traps, deadline)
        finally:
            empty = (
                ~(traps.kids[0].position.mine | traps.kids[0].position.theirs) & 0x1FF
            ).bit_count()
            traps_time.setdefault(empty + 1, []).append(time.process_time() - t0)

    brain_module._Traps.run = timed_run  # type: ignore[method-assign]
    try:
        for rules, label in ((OPEN, "Open"), (HIDDEN, "hidden hands")):
            traps_time.clear()
            moves = move_times(rules, deals)
            print(f"master's CPU seconds a move against expert, {label}, {deals} deals (CPython)")
            print(f"  {'empty cells':<12}{'moves':>6}{'median':>8}{'max':>8}", end="")
            print(f"{'traps median':>14}{'max':>8}" if rules is OPEN else "")
            for empty in sorted(moves, reverse=True):
                ts = moves[empty]
                line = f"  {empty:<12}{len(ts):>6}{statistics.median(ts):>8.3f}{max(ts):>8.3f}"
                tt = traps_time.get(empty)
                if rules is OPEN and tt:
                    line += f"{statistics.median(tt):>14.3f}{max(tt):>8.3f}"
                print(line, flush=True)
    finally:
        brain_module._Traps.run = real_run  # type: ignore[method-assign]


def move_times(rules: RuleSet, deals: int) -> dict[int, list[float]]:
    """CPU seconds of each master move (by empty cells) over ``deals`` games against expert."""
    times: dict[int, list[float]] = {}
    for game in range(deals):
        state = deal_match(MatchConfig(rules, builtin_set()), 5000 + game).start()
        brains = (Brain("master", game), Brain("expert", game))
        while not state.is_terminal:
            mover = state.to_move
            t0 = time.process_time()
            move = brains[mover].choose(observe(state, mover), None)
            if mover is Player.BLUE:
                times.setdefault(state.board.count(None), []).append(time.process_time() - t0)
            state, _ = state.apply(move)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    names = ("check", "traps", "hidden", "weights", "budget", "chaos")
    parser.add_argument("--part", choices=names, action="append")
    parser.add_argument("--games", type=int, default=0, help="games per row (0: the default)")
    columns = ("before", "now", "uniform", *TEMPERATURES)
    parser.add_argument("--only", choices=columns, default="", help="one column")
    options = parser.parse_args()
    parts = options.part or ["check", "budget", "traps", "hidden", "weights", "chaos"]
    for part in parts:
        run = {
            "check": check,
            "traps": traps,
            "hidden": hidden,
            "weights": weights,
            "budget": budget,
            "chaos": chaos,
        }[part]
        run(options.games, options.only)


if __name__ == "__main__":
    main()
