"""The Triangle Catch worker's functions: matches by slot, checks, turns, watching, replays."""

from __future__ import annotations

import json
from typing import Any

import pytest

from triad.catch.bots import make_bot
from triad.catch.match import Match, recompute
from triad.catch.words import plain
from triad.worker import referee as worker


def call(name: str, payload: Any) -> dict[str, Any]:
    text = json.dumps(payload) if not isinstance(payload, str) else payload
    reply = json.loads(getattr(worker, name)(text))
    assert isinstance(reply, dict)
    return reply


def start(slot: str = "play", seed: int = 21, bot: str = "greedy") -> dict[str, Any]:
    reply = call("new_game", {"slot": slot, "seed": seed, "bot": bot})
    assert reply["ok"], reply
    return reply["view"]


def my_houses(state: dict[str, Any]) -> list[int]:
    return [h for h, u in enumerate(state["units"][0]) if u]


def test_a_new_game_is_the_map_of_its_seed() -> None:
    view = start(seed=21)
    reference = Match.from_seed(21)
    assert view["map"] == reference.game_map.to_json()
    assert view["state"] == reference.state.to_json()
    assert view["players"] == ["You", "greedy"]
    assert view["input"] == reference.input_for(0)
    assert all(len(pair) == 2 for pair in view["linkable"])


def test_check_refuses_with_the_referees_reason() -> None:
    view = start()
    a, b, c = my_houses(view["state"])
    reply = call("check", {"slot": "play", "line": f"MOVE {a} {b} 1;MOVE {a} {c} 1"})
    assert reply["ok"]
    first, second = reply["checks"]
    assert first["ok"] and first["action"] == f"MOVE {a} {b} 1"
    assert not second["ok"] and second["detail"] == {
        "key": "no_unit_stayed",
        "values": {"house": a},
        "text": f"no unit stood on house {a} the whole turn",
    }
    bad = call("check", {"slot": "play", "line": "JUMP 1 2"})
    assert not bad["ok"] and "unrecognised command 'JUMP 1 2'" in bad["error"]
    # the refusal as a sentence, for the page to say in its own language
    assert bad["words"]["key"] == "unrecognised"
    assert bad["words"]["values"]["why"]["key"] == "not_command"


def test_play_answers_with_the_built_in_bot_and_keeps_the_record() -> None:
    seed = 8
    view = start(seed=seed, bot="planner")
    reference = Match.from_seed(seed)
    bot = make_bot("planner", seed)
    a, b, _ = my_houses(view["state"])
    for line in (f"MOVE {a} {b} 1", "WAIT", "WAIT"):
        reply = call("play", {"slot": "play", "line": line})
        assert reply["ok"], reply
        entry = reference.play(line, bot.turn(reference.input_for(1)))
        assert reply["turn"] == plain({k: v for k, v in entry.items() if k != "state"})
        assert reply["state"] == entry["state"]
        assert reply["input"] == ""  # only the editor's bot reads the protocol text
        assert not reply["over"] and reply["result"] is None
    replay = call("replay", {"slot": "play"})
    assert replay["ok"] and replay["filename"] == "triangle-catch-8-you-planner.json"
    states = recompute(replay["replay"])
    assert states[-1].to_json() == reference.state.to_json()


def test_the_duel_slot_hands_out_the_protocol_text_and_forfeits() -> None:
    view = start(slot="duel", seed=4, bot="random")
    reference = Match.from_seed(4)
    bot = make_bot("random", 4)
    count = reference.game_map.layout.house_count
    assert view["input"] == reference.input_for(0) and view["input"].startswith(f"{count}\n")
    reply = call("play", {"slot": "duel", "line": "WAIT"})
    reference.play("WAIT", bot.turn(reference.input_for(1)))
    assert reply["input"] == reference.input_for(0)
    lost = call("forfeit", {"slot": "duel", "reason": "Your bot did not answer", "line": ""})
    assert lost["ok"] and lost["over"]
    assert lost["result"]["winner"] == 1 and lost["result"]["reason"] == "Your bot did not answer"
    assert lost["turn"]["forfeit"] == "Your bot did not answer"
    again = call("play", {"slot": "duel", "line": "WAIT"})
    assert not again["ok"] and again["error"] == "the match is over"


def test_an_unrecognised_command_loses_the_match() -> None:
    start(slot="duel", seed=4)
    reply = call("play", {"slot": "duel", "line": "MOVE 1 2"})
    assert reply["ok"] and reply["over"]
    assert reply["result"]["winner"] == 1
    forfeit = reply["turn"]["forfeit"]
    assert "unrecognised command 'MOVE 1 2'" in forfeit["text"]
    assert forfeit["key"] == "printed" and forfeit["values"]["error"]["key"] == "unrecognised"


def test_watch_plays_a_whole_match_and_frames_walk_it() -> None:
    reply = call("watch", {"bots": ["planner", "random"], "seed": 3})
    assert reply["ok"]
    total = reply["turns"]
    assert total > 0 and reply["result"]["winner"] in (0, 1, None)
    assert reply["view"]["players"] == ["planner", "random"]
    first = call("frame", {"turn": 0})
    assert first["entry"] is None and first["state"] == reply["view"]["state"]
    last = call("frame", {"turn": total})
    assert last["state"]["result"] is not None and last["entry"]["turn"] == total
    assert not call("frame", {"turn": total + 1})["ok"]
    # A finished match of a slot can be watched again.
    start(slot="duel", seed=5)
    call("forfeit", {"slot": "duel", "reason": "stopped"})
    again = call("watch", {"slot": "duel"})
    assert again["ok"] and again["turns"] == 1


@pytest.mark.parametrize(
    ("name", "payload", "error"),
    [
        ("new_game", "not json", "the request is not valid JSON"),
        ("new_game", "[1]", "must be a JSON object"),
        ("new_game", {"slot": "x", "seed": 1, "bot": "random"}, "'slot' must be one of"),
        ("new_game", {"slot": "play", "seed": 2**63, "bot": "random"}, "the seed must be"),
        (
            "new_game",
            {"slot": "play", "seed": "7", "bot": "random"},
            "'seed' must be a whole number",
        ),
        ("new_game", {"slot": "play", "seed": 1, "bot": "wizard"}, "unknown built-in bot"),
        ("check", {"slot": "play", "line": 5}, "'line' must be text"),
        ("watch", {"bots": ["random"], "seed": 1}, "'bots' must be a list of 2 texts"),
        ("frame", {"turn": "1"}, "'turn' must be a whole number"),
    ],
)
def test_bad_requests_are_answered_never_raised(name: str, payload: Any, error: str) -> None:
    start()
    call("watch", {"bots": ["random", "random"], "seed": 1})
    reply = call(name, payload)
    assert not reply["ok"] and error in reply["error"]
