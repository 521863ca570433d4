"""The page's view of a game, as the engine worker makes it (`triad.worker.engine`).

The one shape the page draws (`triad.pageview.make_view`): the board, both
hands with what each shows, the cells, the scores, and what the page shows
of the FFXIV rules.
"""

from __future__ import annotations

from typing import Any, cast

from triad.capture import Player, type_counts
from triad.cards import Card, CardSet
from triad.match import DraftState, Match
from triad.notation import card_to_json
from triad.pageview import card_view, make_view, set_info
from triad.rules import Rule
from triad.state import GameState
from triad.worker.messages import CardView, DraftView, Slot, View


def set_json(card_set: CardSet) -> dict[str, Any]:
    info: dict[str, Any] = set_info(
        {
            "id": card_set.id,
            "name": card_set.name,
            "affinity_kind": card_set.affinity_kind,
            "affinities": [
                {"id": a.id, "name": a.name, "emblem": a.emblem, "color": a.color}
                for a in card_set.affinities
            ],
        }
    )
    return info


def card_json(card: Card) -> CardView:
    data = cast(CardView, card_view(card_to_json(card)))
    data["level"] = card.level
    return data


def draft_json(draft: DraftState, card_set: CardSet) -> DraftView:
    """A draft as the page draws it: the twelve cards, the picks so far, who picks."""
    return {
        "pool": [card_json(card) for card in draft.pool],
        "blue": list(draft.blue_picks),
        "red": list(draft.red_picks),
        "to_pick": str(draft.to_pick),
        "card_set": set_json(card_set),
    }


def view_of(
    state: GameState, match: Match, round_: int, card_set: CardSet, token: int | None
) -> View:
    """The page's view of a game: board, both hands (with what each shows), scores; `token`
    names the match in play (`triad.worker.engine`)."""
    open_all = Rule.OPEN in state.rules
    hands: dict[str, list[CardView]] = {}
    for player in (Player.BLUE, Player.RED):
        mask = state.shown[player]
        hand = []
        for i, card in enumerate(state.hands[player]):
            data = card_json(card)
            data["open"] = open_all or bool(mask >> i & 1)
            hand.append(data)
        hands[str(player)] = hand
    board: list[Slot | None] = []
    for slot in state.board:
        board.append(
            None if slot is None else {"card": card_json(slot.card), "owner": str(slot.owner)}
        )
    winner = None
    if state.is_terminal:
        winner = "draw" if state.winner is None else str(state.winner)
    view = cast(
        View,
        make_view(
            state.rules.names,
            list(state.table.cells) if state.rules.affinity else [None] * 9,
            [r.to_json() for r in state.table.restriction_list] if state.rules.power_wall else [],
            board,
            hands,
            None if winner is not None else str(state.to_move),
            str(state.table.first),
            winner,
            round_,
            set_json(card_set),
        ),
    )
    view["seed"] = match.seed
    view["match"] = token
    marks = ffxiv_view(state, match, round_)
    view["forced"] = marks["forced"]
    view["typed"] = marks["typed"]
    view["roulette"] = marks["roulette"]
    view["swap"] = marks["swap"]
    return view


def ffxiv_view(state: GameState, match: Match, round_: int) -> dict[str, Any]:
    """What the page shows of the FFXIV rules (RULES.md, "FFXIV rules").

    ``forced``: per player, the hand index that player must play next (Order:
    the first card, both players; Chaos: the drawn card of the player to
    move), or None. ``typed``: under Ascension/Descension the +N/-N each board
    cell's card shows and each hand card would fight with (0 elsewhere).
    ``roulette``: the rule Roulette drew, or None. ``swap``: the hand indices
    (blue, red) of the cards Swap exchanged at the deal (first game only).
    """
    rules = state.rules
    forced: dict[str, int | None] = {"blue": None, "red": None}
    if rules.order:
        for player in (Player.BLUE, Player.RED):
            forced[str(player)] = 0 if state.hands[player] else None
    elif rules.chaos and state.drawn >= 0:
        forced[str(state.to_move)] = state.drawn
    step = 1 if rules.ascension else -1 if rules.descension else 0
    counts = type_counts(state.board) if step else {}

    def shown(card: Card) -> int:
        return step * counts.get(card.affinity, 0) if card.affinity else 0

    typed = {
        "board": [0 if slot is None else shown(slot.card) for slot in state.board],
        "hands": {str(p): [shown(c) for c in state.hands[p]] for p in (Player.BLUE, Player.RED)},
    }
    swap = None
    if match.swap is not None and round_ == 0 and state.placements == 0:
        swap = list(match.swap)
    return {
        "forced": forced,
        "typed": typed,
        "roulette": None if match.roulette is None else match.roulette.value,
        "swap": swap,
    }
