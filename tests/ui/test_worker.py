"""The engine worker's functions: same deal as the page, moves, Sudden Death, honest CPU."""

import json
import random
from typing import Any

import pytest

from triad.pageview import dealer
from triad.ui.table.match import same_deal
from triad.worker import engine as worker

RULE_SETS = [
    [],
    ["banner"],
    ["elemental"],
    ["banner", "same", "plus", "combo"],
    ["open", "power_wall", "battle"],
    ["three_open", "banner", "same_wall", "broken_wall"],
    ["random", "sudden_death", "plus_wall"],
    ["swap", "banner", "three_open"],
    ["roulette", "banner"],
    ["order", "ascension"],
    ["chaos", "reverse", "fallen_ace"],
]


def call(name: str, payload: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(getattr(worker, name)(json.dumps(payload)))
    assert isinstance(reply, dict)
    return reply


def start(rules: list[str], seed: int, card_set: str = "houses", level: str = "novice") -> dict:
    reply = call("new_match", {"rules": rules, "seed": seed, "card_set": card_set, "level": level})
    assert reply["ok"], reply
    return reply["view"]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_page_deals_what_the_engine_deals(rules: list[str]) -> None:
    card_set = "elements" if "elemental" in rules else "houses"
    for seed in (1, 77, 2**31 + 5):
        engine = start(rules, seed, card_set)
        page = dealer({"rules": rules, "seed": seed, "card_set": card_set})
        assert page is not None
        assert same_deal(page, engine)
        for key in ("hands", "cells", "restrictions", "to_move", "card_set", "board"):
            assert page[key] == engine[key], key
        for key in ("forced", "typed", "roulette", "swap"):
            assert page[key] == engine[key], key
        assert set(page["rules"]) <= set(engine["rules"])  # the engine adds implied rules


def test_the_ffxiv_marks_follow_the_game() -> None:
    view = start(["order", "ascension"], 9)
    assert view["forced"] == {"blue": 0, "red": 0}
    rng = random.Random(3)
    while not view["over"]:
        player = view["to_move"]
        typed = view["typed"]
        banners: dict[str, int] = {}
        for slot in view["board"]:
            if slot is not None:
                kind = slot["card"]["affinity"]
                banners[kind] = banners.get(kind, 0) + 1
        for cell, slot in enumerate(view["board"]):
            expected = 0 if slot is None else banners[slot["card"]["affinity"]]
            assert typed["board"][cell] == expected
        empty = [i for i in range(9) if view["board"][i] is None]
        view = call("play", {"player": player, "card": 0, "cell": rng.choice(empty)})["view"]
    view = start(["chaos"], 4)
    while not view["over"]:
        player = view["to_move"]
        drawn = view["forced"][player]
        assert drawn is not None and view["forced"][view["to_move"]] == drawn
        other = (drawn + 1) % len(view["hands"][player])
        empty = [i for i in range(9) if view["board"][i] is None]
        if other != drawn:
            refused = call("play", {"player": player, "card": other, "cell": empty[0]})
            assert not refused["ok"] and "drawn by Chaos" in refused["error"]
        view = call("play", {"player": player, "card": drawn, "cell": empty[0]})["view"]


def legal(view: dict) -> list[tuple[int, int]]:
    player = view["to_move"]
    empty = [i for i in range(9) if view["board"][i] is None]
    return [(c, e) for c in range(len(view["hands"][player])) for e in empty]


def test_play_returns_events_and_the_next_view() -> None:
    view = start(["banner", "same", "plus", "combo"], 5)
    rng = random.Random(5)
    for _ in range(9):
        card, cell = rng.choice(legal(view))
        player = view["to_move"]
        reply = call("play", {"player": player, "card": card, "cell": cell})
        assert reply["ok"], reply
        assert reply["events"][0] == {"kind": "place", "cells": [cell]}
        assert reply["placed"] == {
            k: v for k, v in view["hands"][player][card].items() if k != "open"
        }
        view = reply["view"]
        assert view["scores"]["blue"] + view["scores"]["red"] == 10
    assert view["over"] and view["to_move"] is None
    assert view["winner"] in ("blue", "red", "draw")


@pytest.mark.parametrize("rules", [[], ["same", "plus", "combo"], ["power_wall", "ascension"]])
def test_a_move_previewed_captures_what_it_then_captures(rules: list[str]) -> None:
    """`preview_move` says how many cards a move would capture, as `play` then captures
    them, and plays nothing itself."""
    view = start(rules, 21)
    rng = random.Random(21)
    seen = 0
    while not view["over"]:
        player = view["to_move"]
        ask = {"player": player, "match": view["match"]}
        counts = {}
        for card, cell in legal(view):
            reply = call("preview_move", dict(ask, card=card, cell=cell))
            assert reply["ok"], reply
            counts[(card, cell)] = reply["captures"]
        card, cell = max(counts, key=lambda move: (counts[move], rng.random()))
        reply = call("play", dict(ask, card=card, cell=cell))  # (the previews played nothing)
        assert reply["ok"], reply
        before, view = view, reply["view"]
        gained = view["scores"][player] - before["scores"][player]
        if not reply.get("rematch"):
            assert gained == counts[(card, cell)], (card, cell, reply["events"])
        seen += gained
    assert seen > 0
    other = call("preview_move", {"player": "blue", "card": 0, "cell": 0, "match": -1})
    assert not other["ok"] and other["code"] == "stale"


def test_bad_moves_are_refused_with_a_message() -> None:
    view = start([], 9)
    other = "red" if view["to_move"] == "blue" else "blue"
    assert not call("play", {"player": other, "card": 0, "cell": 0})["ok"]
    assert not call("play", {"player": view["to_move"], "card": 7, "cell": 0})["ok"]
    assert call("play", {"player": view["to_move"], "card": 0, "cell": 0})["ok"]
    taken = call("play", {"player": other, "card": 0, "cell": 0})
    assert not taken["ok"] and "taken" in taken["error"]
    assert json.loads(worker.play("not json"))["ok"] is False


def test_bad_rules_are_refused_with_a_message() -> None:
    reply = call("new_match", {"rules": ["open", "three_open"], "seed": 1, "card_set": "houses"})
    assert not reply["ok"] and "open" in reply["error"]
    assert not call("validate", {"rules": ["warp"]})["ok"]
    assert call("validate", {"rules": ["same_wall"]})["rules"] == ["same", "same_wall"]


def test_sudden_death_draw_starts_a_rematch_from_the_owned_cards() -> None:
    for seed in range(300):
        view = start(["sudden_death"], seed)
        rng = random.Random(seed)
        reply: dict[str, Any] = {}
        for _ in range(9):
            card, cell = rng.choice(legal(view))
            reply = call("play", {"player": view["to_move"], "card": card, "cell": cell})
            view = reply["view"]
        if reply.get("rematch"):
            drawn = reply["drawn"]
            assert drawn["over"] and drawn["winner"] == "draw"
            assert view["round"] == 1 and not view["over"]
            assert view["to_move"] != drawn["first"]
            owned = sorted(s["card"]["id"] for s in drawn["board"] if s and s["owner"] == "blue")
            owned += [c["id"] for c in drawn["hands"]["blue"]]
            assert sorted(c["id"] for c in view["hands"]["blue"]) == sorted(owned)
            return
    pytest.fail("no draw in 300 random games")


def test_cpu_moves_for_the_player_to_move_only() -> None:
    view = start(["open"], 11, level="novice")
    player = view["to_move"]
    reply = call("cpu_move", {"player": player, "budget_ms": 50})
    assert reply["ok"] and (reply["card"], reply["cell"]) in legal(view)
    other = "red" if player == "blue" else "blue"
    assert not call("cpu_move", {"player": other, "budget_ms": 50})["ok"]
    hint = call("cpu_move", {"player": player, "hint": True, "budget_ms": 50})
    assert hint["ok"] and (hint["card"], hint["cell"]) in legal(view)
    assert call("ponder", {"player": other, "budget_ms": 20})["ok"]


def test_the_cpu_never_reads_hidden_cards() -> None:
    # The worker hands the CPU an observation: swapping blue's hidden cards
    # for others leaves red's choice unchanged.
    view = start([], 21, level="adept")
    if view["to_move"] == "blue":
        call("play", {"player": "blue", "card": 0, "cell": 4})
    first = call("cpu_move", {"player": "red", "budget_ms": None})
    session = worker.STATE.in_play
    assert session is not None and session.state is not None
    state = session.state
    seen = {s.card.id for s in state.board if s} | {c.id for c in state.hands[0] + state.hands[1]}
    others = [c for c in session.card_set.cards if c.id not in seen]
    swapped_hand = tuple(others[: len(state.hands[0])])
    assert not set(swapped_hand) & set(state.hands[0])
    session.state = type(state)(
        state.table, state.board, (swapped_hand, state.hands[1]), state.to_move, state.shown
    )
    session.brain = type(session.brain)("adept", seed=21, pool=session.card_set.cards)
    again = call("cpu_move", {"player": "red", "budget_ms": None})
    assert (first["card"], first["cell"]) == (again["card"], again["cell"])


def test_a_ladder_match_resumes_after_its_last_move_and_into_its_rematch() -> None:
    from tests.collection.helpers import find_games, prepared_for, rich_save
    from triad.collection.save import dump_save
    from triad.collection.trade import progress, start

    save = rich_save()
    prepared = prepared_for(save, "gaffer-rootwise", seed=77)  # plays Sudden Death
    begun = start(save, prepared)
    games, _ = find_games(prepared.record(), lambda games, final: len(games) >= 2)
    # The reload came right after the drawn first game's last move: the rematch is dealt.
    drawn = dump_save(progress(begun, prepared.id, games[:1]))
    reply = json.loads(worker.collection_resume(drawn))
    assert reply["ok"], reply
    view = reply["view"]
    assert view["round"] == 1 and not view["over"]
    assert all(slot is None for slot in view["board"])
    # ... and right after the last move of all: the match is over, to settle at once.
    ended = dump_save(progress(begun, prepared.id, games))
    reply = json.loads(worker.collection_resume(ended))
    assert reply["ok"] and reply["view"]["over"]
    settled = json.loads(worker.collection_end(ended))
    assert settled["ok"], settled
    assert json.loads(settled["save"])["active"] is None
    # A move played after resuming is written into the save's active match.
    reply = json.loads(worker.collection_resume(drawn))
    move = reply["view"]["to_move"]
    hand = reply["view"]["hands"][move]
    assert hand
    played = json.loads(worker.play(json.dumps({"player": move, "card": 0, "cell": 4})))
    assert played["ok"], played
    saved = json.loads(worker.collection_progress(drawn))
    assert saved["ok"], saved
    record = json.loads(saved["save"])["active"]["record"]
    assert len(record["games"]) == 2 and record["games"][1] == ["0@4"]


def test_a_request_for_a_match_that_is_over_never_reaches_the_next() -> None:
    first = start([], seed=3)
    second = start([], seed=4)
    assert first["match"] != second["match"]
    player = second["to_move"]
    stale = call("play", {"player": player, "card": 0, "cell": 4, "match": first["match"]})
    assert not stale["ok"] and stale["code"] == "stale"
    assert not call("cpu_move", {"player": player, "match": first["match"]})["ok"]
    fresh = call("play", {"player": player, "card": 0, "cell": 4, "match": second["match"]})
    assert fresh["ok"] and fresh["view"]["match"] == second["match"]


def test_the_page_may_call_only_what_the_worker_exports() -> None:
    for name in ("new_match", "play", "cpu_move", "resume_match", "collection_load", "validate"):
        assert worker.exported(name), name
    for name in ("view_of", "json", "replace", "_begin", "InPlay", "STATE", "EXPORTS", "exported"):
        assert not worker.exported(name), name
    for name in worker.EXPORTS.names:
        assert callable(getattr(worker, name)), name


def test_every_refusal_is_one_envelope() -> None:
    for name, arg in (("play", "not json"), ("new_match", "{}"), ("collection_load", "{")):
        reply = json.loads(getattr(worker, name)(arg))
        assert reply["ok"] is False and reply["error"] and set(reply) >= {"code", "kind"}


@pytest.mark.parametrize("rules", [["draft"], ["sudden_death"], ["same", "plus", "open"]])
def test_a_quick_match_is_played_on_from_its_record(rules: list[str]) -> None:
    request = {"rules": rules, "seed": 31, "card_set": "houses", "level": "novice"}
    reply = call("new_match", request)
    while "draft" in reply:  # blue picks the first card left each time
        taken = reply["draft"]["blue"] + reply["draft"]["red"]
        left = next(i for i in range(len(reply["draft"]["pool"])) if i not in taken)
        reply = call("draft_pick", {"index": left})
    view = reply["view"]
    for _ in range(4):
        player = view["to_move"]
        cell = view["board"].index(None)
        view = call("play", {"player": player, "card": 0, "cell": cell})["view"]
    record = call("match_record", {})["record"]
    again = call("resume_match", {**request, "record": record})
    assert again["ok"], again
    for key in ("board", "hands", "to_move", "scores", "round"):
        assert again["view"][key] == view[key], key
    assert again["view"]["match"] != view["match"]  # a new token: old requests are refused
    assert not call("resume_match", {**request, "seed": 32, "record": record})["ok"]


def test_a_match_dealt_ahead_begins_as_dealt_with_its_opening_thought_through() -> None:
    rules = ["open", "same"]
    seed = next(s for s in range(1, 200) if start(rules, s)["to_move"] == "red")  # the CPU opens
    playing = start(["open"], 5, level="master")  # the match in play goes on meanwhile
    request = {"rules": rules, "seed": seed, "level": "master", "mode": "cpu"}
    assert call("deal_ahead", request)["ok"]
    player = playing["to_move"]
    move = call("cpu_move", {"match": playing["match"], "player": player, "budget_ms": 20})
    assert call("play", {"match": playing["match"], "player": player, **pick(move)})["ok"]
    slices = 0
    while not call("ponder_ahead", {"seed": seed, "budget_ms": 50})["done"]:
        slices += 1
        assert slices < 10_000
    fresh = call("new_match", {**request, "level": "novice"})["view"]  # (to compare the deal)
    assert call("deal_ahead", request)["ok"]
    while not call("ponder_ahead", {"seed": seed, "budget_ms": 50})["done"]:
        pass
    view = call("new_match", request)["view"]
    assert view["hands"] == fresh["hands"] and view["to_move"] == "red"
    assert view["match"] not in (fresh["match"], playing["match"])
    # dealt ahead no more: the next think is refused, as stale
    assert call("ponder_ahead", {"seed": seed, "budget_ms": 50})["code"] == "stale"
    session = worker.STATE.in_play
    assert session is not None
    nodes = session.brain._context.solver.nodes if session.brain._context else 0
    reply = call("cpu_move", {"match": view["match"], "player": "red", "budget_ms": 1})
    assert reply["exact"] and session.brain._context is not None
    assert session.brain._context.solver.nodes == nodes  # nothing left to search
    # a request that differs deals afresh
    assert call("deal_ahead", request)["ok"]
    other = call("new_match", {**request, "seed": seed + 1})["view"]
    assert call("ponder_ahead", {"seed": seed, "budget_ms": 50})["code"] == "stale"
    assert not call("deal_ahead", {**request, "rules": ["draft"]})["ok"]
    assert not call("deal_ahead", {**request, "mode": "hotseat"})["ok"]
    assert worker.STATE.in_play is not None and other["match"] == worker.STATE.in_play.token


def pick(move: dict) -> dict:
    return {"card": move["card"], "cell": move["cell"]}
