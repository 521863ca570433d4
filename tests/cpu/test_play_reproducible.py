"""``python -m triad play`` prints the same table for the same seed, whatever the load.

The strength tables (bench_strength.py) are what these commands print, so no move in
``play`` may depend on the clock: a run on a busy machine, a run with another
hash seed and a run whose clock races ahead all give the first run's table.
"""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from triad.cpu.cli import play_games
from triad.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]
# hidden hands (sampled deals) and Open (exact search, traps); every level that searches;
# Chaos (master's expectation search bounded by positions searched)
RUNS = [
    ("master", "expert", 1, ["open"]),
    ("master", "expert", 1, []),
    ("master", "expert", 1, ["chaos", "open"]),
]
SEED = 11


def play_command(
    blue: str, red: str, games: int, rules: list[str], hash_seed: str, held: bool = False
) -> object:
    """What ``python -m triad play`` prints (its JSON), run in a process of its own; `held`:
    as on a busy machine (`held_now_and_then`)."""
    command = [sys.executable, "-m", "triad", "play", "--blue", blue, "--red", red]
    command += ["--games", str(games), "--seed", str(SEED), "--rules", ",".join(rules), "--json"]
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out)
        if held:
            held_now_and_then(process)
        assert process.wait() == 0
        out.seek(0)
        return json.loads(out.read())


@functools.cache
def quiet_table(blue: str, red: str, games: int, rules: tuple[str, ...]) -> object:
    return play_games(blue, red, games, SEED, RuleSet.parse(list(rules)))


def held_now_and_then(process: subprocess.Popen[bytes]) -> None:
    """Until `process` ends, stop it for 20 ms of every 30: what a busy machine does to a
    program, which waits its turn for a core while the clock runs on (here two thirds of
    the time; a busy loop on each of two cores beside it, a third), with no core kept busy."""
    try:
        while process.poll() is None:
            process.send_signal(signal.SIGSTOP)
            time.sleep(0.02)
            process.send_signal(signal.SIGCONT)
            time.sleep(0.01)
    finally:
        process.send_signal(signal.SIGCONT)


@pytest.mark.slow  # (the full lane only: seconds of CPU)
@pytest.mark.parametrize(("blue", "red", "games", "rules"), RUNS, ids=lambda r: str(r))
def test_play_gives_the_same_table_on_a_busy_machine(
    blue: str, red: str, games: int, rules: list[str]
) -> None:
    quiet = quiet_table(blue, red, games, tuple(rules))
    busy = play_command(blue, red, games, rules, "12345", held=True)
    assert busy == quiet


def test_play_does_not_look_at_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    blue, red, games, rules = RUNS[1]
    quiet = quiet_table(blue, red, games, tuple(rules))
    real = time.perf_counter
    ticks = [0.0]

    def racing() -> float:  # a second passes at every look
        ticks[0] += 1.0
        return real() + ticks[0]

    monkeypatch.setattr(time, "perf_counter", racing)
    assert play_games(blue, red, games, SEED, RuleSet.parse(rules)) == quiet


def readme_play_examples() -> list[tuple[list[str], tuple[int, int, int]]]:
    """Each `play` command the README quotes with the results it says it prints."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    pattern = re.compile(
        r"python3 -m triad play (?P<args>[^\n]+)\n\s*\nprints [^:]*: (?P<w>\d+) wins?, "
        r"(?P<d>\d+) draws? and\s+(?P<l>\d+) loss(?:es)?"
    )
    for m in pattern.finditer(text):
        found.append((m["args"].split(), (int(m["w"]), int(m["d"]), int(m["l"]))))
    return found


@pytest.mark.slow  # (the full lane only: seconds of CPU)
def test_the_readme_quotes_what_play_prints() -> None:
    examples = readme_play_examples()
    assert examples, "the README's play example was not found"
    for args, said in examples:
        options = dict(zip(args[::2], args[1::2], strict=True))
        rules = RuleSet.parse([r for r in options.get("--rules", "").split(",") if r])
        result = play_games(
            options["--blue"],
            options["--red"],
            int(options["--games"]),
            int(options["--seed"]),
            rules,
        )["blue"]
        assert (result["wins"], result["draws"], result["losses"]) == said, args
