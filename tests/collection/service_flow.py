"""A whole collection session through the worker's JSON functions, as the page drives it.

Run by test_service under CPython and, in the slow test, under Pyodide; prints a digest.
"""

from __future__ import annotations

import json
import random
from typing import Any

from triad.cards import builtin_set
from triad.collection import service

HOUSES = builtin_set("houses")


def call(name: str, *args: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(getattr(service, name)(*args))
    assert reply.pop("ok") is True, (name, reply)
    return reply


def play(match: dict[str, Any], seed: int) -> list[list[str]]:
    """Random legal moves until the match (Sudden Death included) is over."""
    from triad.match import MatchConfig, deal_match
    from triad.notation import MatchRecord

    record = MatchRecord.from_json(match["record"])
    hands = record.hands
    assert hands is not None
    game = deal_match(
        MatchConfig(record.rules, HOUSES, record.trade),
        record.seed,
        hands=([HOUSES.card(i) for i in hands[0]], [HOUSES.card(i) for i in hands[1]]),
    )
    rng = random.Random(seed)
    state = game.start()
    games: list[list[str]] = []
    while True:
        moves: list[str] = []
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            state, _ = state.apply(move)
            moves.append(move.text)
        games.append(moves)
        again = game.rematch(state, len(games))
        if again is None:
            return games
        state = again


def session(rounds: int = 12) -> list[str]:
    """Play the ladder in order with random moves; one digest line per match."""
    lines: list[str] = []
    save = call("collection_new", json.dumps({"seed": 2024}))["save"]
    for n in range(rounds):
        summary = call("collection_summary", save)["summary"]
        opponent = summary["unlocked"][-1]
        ladder = call("collection_ladder", save)["opponents"]
        entry = next(o for o in ladder if o["id"] == opponent)
        request: dict[str, Any] = {"opponent": opponent, "seed": 1000 + n, "match_id": f"m-{n}"}
        if not entry["deals_random"]:
            cards = call("collection_album", save, json.dumps({"owned": "found"}))["cards"]
            pool = [
                c["id"]
                for c in sorted(cards, key=lambda c: -c["level"])
                for _ in range(c["copies"])
            ]
            request["deck"] = call("collection_check_deck", save, json.dumps({"deck": pool[:5]}))[
                "deck"
            ]
        prepared = call("collection_prepare", save, json.dumps(request))
        match, save = prepared["match"], prepared["save"]
        games = play(match, n)
        for played in range(1, len(games) + 1):  # the page writes the moves as they are played
            progress = {"id": match["id"], "games": games[:played]}
            save = call("collection_progress", save, json.dumps(progress))["save"]
        assert call("collection_summary", save)["summary"]["active"]["id"] == match["id"]
        assert call("collection_resume", save)["games"] == games
        done = call("collection_finished", json.dumps(match), json.dumps({"games": games}))
        settled = call("collection_settle", save, json.dumps(done["finished"]))
        result = settled["result"]
        if result["status"] == "choose":
            picks = list(range(result["choice"]["count"]))
            settled = call("collection_choose", settled["save"], json.dumps({"picks": picks}))
            result = settled["result"]
        again = call("collection_settle", settled["save"], json.dumps(done["finished"]))
        assert again["result"]["status"] == "already" and again["save"] == settled["save"]
        save = settled["save"]
        lines.append(
            f"{opponent} {result['outcome']} {result['score']['player']}-{result['score']['opponent']}"
            f" +{','.join(result['taken'])} -{','.join(result['given'])} total={settled['summary']['total']}"
        )
    lines.append(json.dumps(call("collection_summary", save)["summary"]["stats"]["overall"]))
    return lines


if __name__ == "__main__":
    for line in session():
        print(line)
