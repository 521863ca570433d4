"""The page's view of a game, and the deal drawn on the main thread before the engine has
booted.

Both sides import this module: the page (MicroPython) draws the first deal with it, and
the engine worker (Pyodide, `triad.worker.views`) makes every view after it, so the one
shape the page draws is written once, outside the page's own code. It keeps to what
MicroPython runs: plain annotations, `typing` only where it exists.

Uses `triad.deal` (the same code the engine uses), so the same seed and rules
give the same hands, first player, territories and Power Wall signs as the
engine's match; the page shows them at once and the engine confirms them.
A request for the player's own set (`card_set` "custom") carries the set
itself under `set`, as the engine gets it.
"""

import json

import triad
from triad import deal as dealing

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:  # MicroPython: no typing module, and annotations are never evaluated
    pass

_SETS: dict[str, dict[str, Any]] = {}


def data_path(set_id: str) -> str:
    base = getattr(triad, "__file__", "triad/__init__.py")
    cut = base.rfind("/")
    folder = base[:cut] if cut >= 0 else "triad"
    return folder + "/data/" + set_id + ".json"


def load_set(set_id: str) -> dict[str, Any]:
    """The decoded JSON of a built-in card set (read once)."""
    data = _SETS.get(set_id)
    if data is None:
        with open(data_path(set_id)) as f:
            loaded: dict[str, Any] = json.load(f)
        _SETS[set_id] = data = loaded
    return data


def card_view(card: dict[str, Any]) -> dict[str, Any]:
    """A card as the page draws it (the same fields as the engine's JSON)."""
    return {
        "id": card.get("id"),
        "name": card.get("name"),
        "title": card.get("title", ""),
        "level": card.get("level", 1),
        "top": card["top"],
        "right": card["right"],
        "bottom": card["bottom"],
        "left": card["left"],
        "affinity": card.get("affinity"),
        "art": card.get("art") or "",
    }


def set_info(data: dict[str, Any]) -> dict[str, Any]:
    """What the page needs of a card set besides its cards: id, kind and affinities."""
    return {
        "id": data.get("id"),
        "name": data.get("name"),
        "kind": data.get("affinity_kind"),
        "affinities": [
            {
                "id": a.get("id"),
                "name": a.get("name"),
                "emblem": a.get("emblem") or None,
                "color": a.get("color") or None,
            }
            for a in (data.get("affinities") or [])
        ],
    }


def deal_view(request: dict[str, Any], data: dict[str, Any]) -> dict[str, Any] | None:
    """The view of a new match for `request` (`seed`, `rules`), or None for a draft.

    :raises ValueError: rules the deal cannot use.
    """
    rules = list(request["rules"])
    if "draft" in rules:
        return None  # hands come from the draft, which the engine runs
    levels, powers, affinities = dealing.set_tables(data)
    band = request.get("level_range")
    d = dealing.deal(request["seed"], rules, levels, powers, affinities, band)
    rules = list(d.rules)  # Roulette's drawn rule included
    cards = data["cards"]
    dealt = dealing.swap_hands(d.hands, d.swap)  # Swap: one card of each hand changes sides
    hands = {}
    for p in range(2):
        player = dealing.PLAYERS[p]
        shown = d.shown[p]
        hand = []
        for i in range(len(dealt[p])):
            card = card_view(cards[dealt[p][i]])
            card["open"] = "open" in rules or i in shown or (d.swap is not None and i == d.swap[p])
            hand.append(card)
        hands[player] = hand
    restrictions = [
        {"cell": r[0], "op": r[1], "value": r[2], "direction": r[3]} for r in d.restrictions
    ]
    view = make_view(
        rules,
        list(d.cells),
        restrictions,
        [None] * 9,
        hands,
        d.first,
        d.first,
        None,
        0,
        set_info(data),
    )
    # the FFXIV rules' marks, as the engine worker gives them (`worker.ffxiv_view`)
    forced: dict[str, int | None] = {"blue": None, "red": None}
    if "order" in rules:
        forced = {"blue": 0, "red": 0}
    elif "chaos" in rules:
        forced[d.first] = dealing.chaos_draw(dealing.chaos_stream(d.seed, 0), 0, dealing.HAND_SIZE)
    view["forced"] = forced
    view["typed"] = {"board": [0] * 9, "hands": {"blue": [0] * 5, "red": [0] * 5}}
    view["roulette"] = d.roulette
    view["swap"] = d.swap
    return view


def make_view(
    rules: list[str],
    cells: list[Any],
    restrictions: list[dict[str, Any]],
    board: list[Any],
    hands: dict[str, list[Any]],
    to_move: str | None,
    first: str,
    winner: str | None,
    round_: int,
    card_set: dict[str, Any],
) -> dict[str, Any]:
    """The page's view of a game, the one shape the page draws (`deal_view` makes the
    first one here, the engine worker every one after).

    `board`: nine cells, None or ``{"card", "owner"}``; `hands`: each player's
    cards, each with ``open`` (whether its owner's opponent sees it);
    `to_move`: None once over; `winner`: None while the game is on, else
    "blue", "red" or "draw".
    """
    return {
        "rules": rules,
        "cells": cells,
        "restrictions": restrictions,
        "board": board,
        "hands": hands,
        "to_move": to_move,
        "first": first,
        "scores": scores_of(board, hands),
        "over": winner is not None,
        "winner": winner,
        "round": round_,
        "card_set": card_set,
    }


def scores_of(board: list[Any], hands: dict[str, list[Any]]) -> dict[str, int]:
    """Each House's size: its cards on the board plus its cards in hand (`GameState.score`,
    read off a view's board and hands, as it shows while cards flip)."""
    scores = {}
    for player in ("blue", "red"):
        owned = 0
        for slot in board:
            if slot is not None and slot["owner"] == player:
                owned += 1
        scores[player] = owned + len(hands[player])
    return scores


def request_set(request: dict[str, Any]) -> dict[str, Any]:
    """The card set a match request deals from: a built-in one, or the player's own (`set`)."""
    if request["card_set"] == "custom":
        own: dict[str, Any] = request["set"]
        return own
    return load_set(request["card_set"])


def dealer(request: dict[str, Any]) -> dict[str, Any] | None:
    """`App`'s dealer: the local view, or None when it cannot be drawn here."""
    try:
        return deal_view(request, request_set(request))
    except Exception as e:  # a missing set or a rule the deal refuses: the engine will say
        print("local deal unavailable:", e)
        return None
