"""Whole matches: replays, program bots over the protocol, forfeits, the command line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from triad.catch.bots import make_bot
from triad.catch.cli import main
from triad.catch.mapgen import generate
from triad.catch.match import Match, play_match, recompute
from triad.catch.players import BuiltinPlayer, SubprocessPlayer
from triad.catch.protocol import CommandError, turn_input

ROOT = Path(__file__).resolve().parents[2]
# A time limit no program here reaches unless it hangs: where a test is not about the time
# limit, it waits on what the program does (answers, exits), not on a loaded machine's speed.
PATIENT_MS = 60_000

# A bot as one would write it for CodinGame: plain input() and print().
SCRIPT_BOT = """
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "play"
count = int(input())
for _ in range(count):
    input()
turn = 0
while True:
    turn += 1
    input()
    mine = []
    for _ in range(count):
        house, my_units, opponent_units = map(int, input().split())
        if my_units:
            mine.append(house)
    neighbours = {}
    for _ in range(int(input())):
        a, b = map(int, input().split())
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for _ in range(int(input())):
        input()
    for _ in range(int(input())):
        input()
    print(f"turn {turn}: units on {mine}", file=sys.stderr)
    if turn == 2 and mode == "bad":
        print("MOVE 1 2 3;FLY 1 2")
    elif turn == 2 and mode == "slow":
        time.sleep(1.5)
        print("WAIT")
    elif turn == 2 and mode == "crash":
        sys.exit(3)
    elif mine and neighbours.get(mine[0]):
        print(f"MOVE {mine[0]} {neighbours[mine[0]][0]} 1;MSG turn {turn}")
    else:
        print("WAIT")
"""


@pytest.fixture
def script_bot(tmp_path: Path) -> str:
    path = tmp_path / "bot.py"
    path.write_text(SCRIPT_BOT)
    return f"{sys.executable} {path}"


def test_a_replay_recomputes_to_the_recorded_states() -> None:
    game_map = generate(21)
    players = (BuiltinPlayer("planner", 1), BuiltinPlayer("greedy", 2))
    record = play_match(players, game_map, max_turns=40)
    replay = json.loads(json.dumps(record.to_json()))
    assert replay["result"]["turns"] == len(replay["turns"]) <= 40
    states = recompute(replay)
    assert [s.to_json() for s in states[1:]] == [t["state"] for t in replay["turns"]]
    assert states[0].to_json() == replay["initial"]
    assert replay["result"]["scores"] == states[-1].scores
    old = {**replay, "version": 1}  # recorded by the referee before it followed CodinGame's
    with pytest.raises(ValueError, match="known version"):
        recompute(old)


def test_a_page_drives_a_match_turn_by_turn() -> None:
    match = Match.from_seed(6, ("you", "planner"))
    bot = make_bot("planner", 6)
    assert match.view()["state"] == match.initial
    start = [h for h, units in enumerate(match.state.units[0]) if units]
    step = match.state.adjacency()[start[0]][0]
    line = f"SPAWN 0 1 2;MOVE {start[0]} {step} 1;WAIT;MSG hello"
    checked = match.check(0, line)
    assert [c["action"] for c in checked] == ["SPAWN 0 1 2", f"MOVE {start[0]} {step} 1", "WAIT"]
    assert [c["ok"] for c in checked] == [False, True, True]
    assert match.state.turn == 0 and match.turns == []  # checking changes nothing
    with pytest.raises(CommandError, match="JUMP"):
        match.check(0, "JUMP 1")
    entry = match.play(line, bot.turn(match.input_for(1)))
    assert entry["turn"] == 1
    assert entry["messages"] == ["hello", ""]
    assert match.state.units[0][step] >= 1
    replay = json.loads(json.dumps(match.to_json()))
    assert replay["result"] is None
    assert [s.to_json() for s in recompute(replay)[1:]] == [entry["state"]]


def test_an_unrecognised_command_loses_the_match() -> None:
    match = Match.from_seed(6, ("you", "bot"))
    entry = match.play("MOVE 1 2 1;JUMP 3", "WAIT")
    assert match.over and match.result.winner == 1
    assert "you printed an unrecognised command 'JUMP 3'" in str(entry["forfeit"])
    with pytest.raises(ValueError, match="over"):
        match.play("WAIT", "WAIT")


def test_a_program_bot_plays_over_the_protocol(script_bot: str) -> None:
    errors: list[str] = []
    program = SubprocessPlayer(
        script_bot, "script", PATIENT_MS, PATIENT_MS, stderr_sink=errors.append
    )
    try:
        record = play_match((program, BuiltinPlayer("greedy")), generate(4), max_turns=6)
    finally:
        program.close()
    replay = record.to_json()
    turns = replay["turns"]
    assert isinstance(turns, list) and len(turns) == 6
    assert all("forfeit" not in t for t in turns)
    assert turns[0]["commands"][0].startswith("MOVE ")
    assert turns[0]["messages"][0] == "turn 1"
    assert turns[0]["outcomes"][0]["ok"]
    assert [s.to_json() for s in recompute(replay)[1:]] == [t["state"] for t in turns]
    assert errors[0] == f"turn 1: units on {_start(4, 0)}"
    assert len(errors) == 6


def _start(seed: int, player: int) -> list[int]:
    units = generate(seed).units[player]
    return [h for h in range(len(units)) if units[h]]


@pytest.mark.parametrize(
    ("mode", "limit_ms", "reason"),
    [
        ("bad", PATIENT_MS, "'FLY 1 2'"),
        ("slow", 300, "did not answer within 300 ms"),  # it sleeps 1.5 s
        ("crash", PATIENT_MS, "stopped without answering"),  # its output closes at once
    ],
)
def test_a_failing_program_loses(script_bot: str, mode: str, limit_ms: int, reason: str) -> None:
    program = SubprocessPlayer(
        f"{script_bot} {mode}", "script", PATIENT_MS, limit_ms, stderr_sink=print
    )
    try:
        record = play_match((BuiltinPlayer("random"), program), generate(4), max_turns=10)
    finally:
        program.close()
    assert record.result.winner == 0
    assert reason in record.result.reason
    last = record.to_json()["turns"][-1]
    assert last["turn"] == 2
    assert reason in last["forfeit"]


def test_a_program_that_never_reads_its_input_cannot_stall_the_match(tmp_path: Path) -> None:
    path = tmp_path / "deaf.py"
    path.write_text("import time\nfor _ in range(150):\n    print('WAIT')\ntime.sleep(60)\n")
    program = SubprocessPlayer(f"{sys.executable} {path}", "deaf", PATIENT_MS, PATIENT_MS)
    try:
        match = play_match((program, BuiltinPlayer("random")), generate(4), max_turns=120)
    finally:
        program.close()
    assert all("forfeit" not in turn for turn in match.turns)
    written = sum(len(turn_input(state, 0)) for state in recompute(match.to_json())[:-1])
    assert written > 2**16  # more than a pipe holds: the writes would have blocked


def test_a_timeout_and_a_bad_command_in_one_turn_is_a_draw(script_bot: str) -> None:
    slow = SubprocessPlayer(f"{script_bot} slow", "slow", PATIENT_MS, 300, stderr_sink=print)
    bad = SubprocessPlayer(f"{script_bot} bad", "bad", PATIENT_MS, PATIENT_MS, stderr_sink=print)
    try:
        match = play_match((bad, slow), generate(4), max_turns=10)
    finally:
        slow.close()
        bad.close()
    assert match.result.winner is None
    assert "'FLY 1 2'" in match.result.reason
    assert "slow did not answer" in match.result.reason


def test_both_players_failing_in_one_turn_is_a_draw(script_bot: str) -> None:
    programs = [
        SubprocessPlayer(
            f"{script_bot} bad", f"script{i}", PATIENT_MS, PATIENT_MS, stderr_sink=print
        )
        for i in (0, 1)
    ]
    try:
        record = play_match((programs[0], programs[1]), generate(4), max_turns=10)
    finally:
        for program in programs:
            program.close()
    assert record.result.winner is None
    assert "script0" in record.result.reason and "script1" in record.result.reason


def test_cli_plays_a_match_and_writes_a_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay_path = tmp_path / "replay.json"
    argv = ["catch", "--p1", "greedy", "--p2", "random", "--seed", "3", "--turns", "15"]
    assert main([*argv, "--json", "--replay", str(replay_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == ["greedy", "random"]
    assert summary["turns"] <= 15
    replay = json.loads(replay_path.read_text())
    assert replay["result"]["scores"] == summary["scores"]
    assert summary["winner"] in (0, 1, None)
    skipped = [0, 0]
    for turn in replay["turns"]:
        for outcome in turn["outcomes"]:
            skipped[outcome["player"]] += not outcome["ok"]
    assert summary["skipped"] == skipped
    assert main([*argv, "--no-replay", "--verbose"]) == 0
    captured = capsys.readouterr()
    assert "seed 3: player 0 (greedy) vs player 1 (random)" in captured.out
    assert f"actions skipped as invalid: {skipped[0]} and {skipped[1]}" in captured.out
    assert captured.err.count("skipped:") == sum(skipped)


def test_cli_usage_errors() -> None:
    assert main(["catch", "--p1", "greedy"]) == 2
    assert main(["catch", "--p1", "a", "--p2", "b", "--seed", "1", "--turns", "0"]) == 2
    assert main(["catch", "--p1", "a", "--p2", "b", "--seed", str(2**63)]) == 2
    assert main(["catch", "--p1", "a", "--p2", "b", "--seed", "1", "--generator", "x"]) == 2


@pytest.mark.parametrize(
    ("seed", "generator"),
    [("-9223372036854775808", "codingame"), ("9223372036854775807", "codingame"), ("5", "classic")],
)
def test_cli_takes_any_signed_64_bit_seed_and_a_generator(
    tmp_path: Path, seed: str, generator: str
) -> None:
    replay_path = tmp_path / "replay.json"
    argv = ["catch", "--p1", "random", "--p2", "random", "--seed", seed, "--turns", "2"]
    assert main([*argv, "--generator", generator, "--replay", str(replay_path), "--json"]) == 0
    replay = json.loads(replay_path.read_text())
    assert replay["map"] == generate(int(seed), generator).to_json()


def test_python_m_triad_catch_runs_the_bot_file_as_a_program(tmp_path: Path) -> None:
    bot = f"{sys.executable} {ROOT / 'triad' / 'catch' / 'bots' / 'standard.py'} greedy"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "triad", "catch", "--p1", bot, "--p2", "planner"),
            *("--seed", "9", "--turns", "8", "--json", "--no-replay"),
            *("--first-limit-ms", str(PATIENT_MS), "--limit-ms", str(PATIENT_MS)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["turns"] == 8 or "80%" in summary["reason"]
    assert "did not answer" not in summary["reason"]
