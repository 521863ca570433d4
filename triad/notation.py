"""Text and JSON forms of cards, boards, moves, states and match records; all round-trip.

JSON forms (dicts ready for `json.dumps`):

* card: ``{"top": 9, "right": 4, "bottom": 9, "left": 1, "affinity": null}``
  plus ``name``, ``id``, ``title``, ``level`` and ``art`` when they are set (a card
  from a set has them all); `card_from_json` fills what is missing with
  ``""`` and level 1.
* board: 9 entries, ``null`` or ``{"card": CARD, "owner": "blue"|"red"}``.
* restriction: ``{"cell": 0, "op": "<", "value": 20, "direction": "down"}``.
* state: ``{"rules": [...], "cells": [...], "restrictions": [...],
  "first": "blue", "board": [...], "hands": {"blue": [CARD...], "red": [...]},
  "to_move": "red", "shown": {"blue": [0, 2], "red": []}}``; with Chaos also
  ``"drawn"`` (the hand index drawn for the player to move, or -1 when the
  draw is still to come) and ``"chaos_seed"`` (the stream of later draws).
* move: ``{"card": 2, "cell": 4}``; text ``"2@4"``.
* match record (`MatchRecord`): seed, rules, set id, draft picks and every
  move; `replay` rebuilds each position and event from it.

Text forms: `card_code` (``"94A1"``, ``"94A1:fire"``) and `state_to_text`, a
one-line code of a state (``triad:1`` prefix) that reads back exactly with
`state_from_text` when the cards are given by set id or carry no id.

Parsing validates every field and raises `NotationError` (a `ValueError`)
naming the field; `triad.cli` turns that into one line on stderr.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from triad.capture import Affinities, Board, Event, Placed, Player, Restriction, Restrictions
from triad.cards import Card, CardSet, json_kind
from triad.match import Match, MatchConfig, deal_match
from triad.rules import RuleError, RuleSet, Trade
from triad.state import GameState, Move, Table

__all__ = [
    "MatchRecord",
    "NotationError",
    "Replay",
    "board_from_json",
    "board_to_json",
    "card_code",
    "card_from_code",
    "card_from_json",
    "card_to_json",
    "cells_from_json",
    "move_from_json",
    "move_to_json",
    "player_from_json",
    "replay",
    "restrictions_from_json",
    "restrictions_to_json",
    "rules_from_json",
    "state_from_json",
    "state_from_text",
    "state_to_json",
    "state_to_text",
]


class NotationError(ValueError):
    """Input that does not have the expected shape; the message names the field."""


# -- cards -------------------------------------------------------------------

_SIDES = ("top", "right", "bottom", "left")


def card_to_json(card: Card) -> dict[str, Any]:
    """A card's JSON form (see the module docstring)."""
    data: dict[str, Any] = {
        "top": card.top,
        "right": card.right,
        "bottom": card.bottom,
        "left": card.left,
        "affinity": card.affinity,
    }
    if card.name:
        data["name"] = card.name
    if card.id:
        data["id"] = card.id
    if card.title:
        data["title"] = card.title
    if card.level != 1:
        data["level"] = card.level
    if card.art:
        data["art"] = card.art
    return data


def card_from_json(data: object, where: str = "card") -> Card:
    """Parse a card's JSON form.

    :raises NotationError: missing sides, values outside 1..10, wrong types.
    """
    obj = _object(data, where)
    sides = [_int(obj, key, where, 1, 10) for key in _SIDES]
    affinity = obj.get("affinity")
    if affinity is not None and not isinstance(affinity, str):
        raise NotationError(f"{where}: 'affinity' must be a string or null, got {affinity!r}")
    name = _str(obj, "name", where)
    card_id = _str(obj, "id", where)
    title = _str(obj, "title", where)
    level = _int(obj, "level", where, 1, 10) if "level" in obj else 1
    art = _str(obj, "art", where)
    return Card(card_id, name, title, level, sides[0], sides[1], sides[2], sides[3], affinity, art)


def card_code(card: Card) -> str:
    """Short text: sides as printed plus ``:affinity`` if any, e.g. ``"94A1:fire"``."""
    return card.code if card.affinity is None else f"{card.code}:{card.affinity}"


def card_from_code(text: str) -> Card:
    """Parse `card_code` output into an anonymous card.

    :raises NotationError: not four side characters (``1``-``9`` or ``A``).
    """
    code, _, affinity = text.partition(":")
    if len(code) != 4 or any(ch not in "123456789A" for ch in code):
        raise NotationError(f"card code must be four sides 1-9 or A, got {text!r}")
    top, right, bottom, left = (10 if ch == "A" else int(ch) for ch in code)
    return Card.of(top, right, bottom, left, affinity or None)


# -- boards, cells, restrictions, rules ---------------------------------------


def player_from_json(value: object, where: str) -> Player:
    """``"blue"`` or ``"red"``.

    :raises NotationError: anything else.
    """
    if value == "blue":
        return Player.BLUE
    if value == "red":
        return Player.RED
    raise NotationError(f"{where}: owner must be 'blue' or 'red', got {value!r}")


def board_to_json(board: Board) -> list[dict[str, Any] | None]:
    """Nine entries: null or ``{"card": CARD, "owner": ...}``."""
    return [
        None if slot is None else {"card": card_to_json(slot.card), "owner": str(slot.owner)}
        for slot in board
    ]


def board_from_json(data: object, where: str = "board") -> Board:
    """Parse a board's JSON form.

    :raises NotationError: not a list of 9, or a bad entry.
    """
    items = _list(data, where, 9)
    board: list[Placed | None] = []
    for cell, item in enumerate(items):
        if item is None:
            board.append(None)
            continue
        entry_where = f"{where}[{cell}]"
        obj = _object(item, entry_where)
        if "card" not in obj:
            raise NotationError(f"{entry_where}: missing 'card'")
        if "owner" not in obj:
            raise NotationError(f"{entry_where}: missing 'owner'")
        card = card_from_json(obj["card"], f"{entry_where}.card")
        board.append(Placed(card, player_from_json(obj["owner"], entry_where)))
    return tuple(board)


def cells_from_json(data: object, where: str = "cells") -> Affinities:
    """Nine cell affinities, each a string or null.

    :raises NotationError: not a list of 9 strings/nulls.
    """
    items = _list(data, where, 9)
    for cell, item in enumerate(items):
        if item is not None and (not isinstance(item, str) or not item):
            raise NotationError(f"{where}[{cell}]: must be an affinity name or null, got {item!r}")
    return tuple(items)


def restrictions_to_json(restrictions: Restrictions) -> list[dict[str, object]]:
    """The restrictions as a list, by cell."""
    return [r.to_json() for r in restrictions if r is not None]


def restrictions_from_json(data: object, where: str = "restrictions") -> Restrictions:
    """Parse a list of restrictions into the nine-slot tuple.

    :raises NotationError: a bad entry or two restrictions on one cell.
    """
    if not isinstance(data, list):
        raise NotationError(f"{where}: must be a list, got {json_kind(data)}")
    slots: list[Restriction | None] = [None] * 9
    for index, item in enumerate(data):
        item_where = f"{where}[{index}]"
        obj = _object(item, item_where)
        for key in ("cell", "op", "value", "direction"):
            if key not in obj:
                raise NotationError(f"{item_where}: missing {key!r}")
        try:
            restriction = Restriction.make(obj["cell"], obj["op"], obj["value"], obj["direction"])
        except ValueError as exc:
            raise NotationError(f"{item_where}: {exc}") from None
        if slots[restriction.cell] is not None:
            raise NotationError(f"{item_where}: cell {restriction.cell} already has a restriction")
        slots[restriction.cell] = restriction
    return tuple(slots)


def rules_from_json(data: object, where: str = "rules") -> RuleSet:
    """A validated `RuleSet` from a list of rule names.

    :raises NotationError: not a list of strings, an unknown rule, a bad combination.
    """
    if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
        raise NotationError(f"{where}: must be a list of rule names")
    try:
        return RuleSet.parse(data)
    except RuleError as exc:
        raise NotationError(f"{where}: {exc}") from None


# -- moves and states --------------------------------------------------------


def move_to_json(move: Move) -> dict[str, int]:
    """``{"card": i, "cell": c}``."""
    return {"card": move.card, "cell": move.cell}


def move_from_json(data: object, where: str = "move") -> Move:
    """Parse ``{"card": i, "cell": c}`` or the text ``"i@c"``.

    :raises NotationError: bad shape or values out of range.
    """
    if isinstance(data, str):
        try:
            return Move.from_text(data)
        except ValueError as exc:
            raise NotationError(f"{where}: {exc}") from None
    obj = _object(data, where)
    return Move(_int(obj, "card", where, 0, 4), _int(obj, "cell", where, 0, 8))


def state_to_json(state: GameState) -> dict[str, Any]:
    """A state's JSON form; `state_from_json` reads it back equal."""
    table = state.table
    data: dict[str, Any] = {
        "rules": table.rules.names,
        "cells": list(table.cells),
        "restrictions": restrictions_to_json(table.restrictions),
        "first": str(table.first),
        "board": board_to_json(state.board),
        "hands": {
            str(p): [card_to_json(c) for c in state.hands[p]] for p in (Player.BLUE, Player.RED)
        },
        "to_move": str(state.to_move),
        "shown": {str(p): _bits(state.shown[p]) for p in (Player.BLUE, Player.RED)},
    }
    if table.rules.chaos:
        data["drawn"] = state.drawn
        data["chaos_seed"] = table.seed
    return data


def state_from_json(data: object, where: str = "state") -> GameState:
    """Parse a state's JSON form (``cells``, ``restrictions``, ``first``, ``shown`` optional).

    :raises NotationError: bad shape, or more cards in play than a game allows.
    """
    obj = _object(data, where)
    for key in ("rules", "board", "hands", "to_move"):
        if key not in obj:
            raise NotationError(f"{where}: missing {key!r}")
    rules = rules_from_json(obj["rules"], f"{where}.rules")
    cells = cells_from_json(obj["cells"], f"{where}.cells") if "cells" in obj else (None,) * 9
    restrictions = (
        restrictions_from_json(obj["restrictions"], f"{where}.restrictions")
        if "restrictions" in obj
        else (None,) * 9
    )
    first = player_from_json(obj.get("first", "blue"), f"{where}.first")
    board = board_from_json(obj["board"], f"{where}.board")
    hands_obj = _object(obj["hands"], f"{where}.hands")
    hands: list[tuple[Card, ...]] = []
    for player in (Player.BLUE, Player.RED):
        key = str(player)
        if key not in hands_obj:
            raise NotationError(f"{where}.hands: missing {key!r}")
        raw = hands_obj[key]
        if not isinstance(raw, list) or len(raw) > 5:
            raise NotationError(f"{where}.hands.{key}: must be a list of at most 5 cards")
        hands.append(
            tuple(card_from_json(c, f"{where}.hands.{key}[{i}]") for i, c in enumerate(raw))
        )
    to_move = player_from_json(obj["to_move"], f"{where}.to_move")
    shown = [0, 0]
    if "shown" in obj:
        shown_obj = _object(obj["shown"], f"{where}.shown")
        for player in (Player.BLUE, Player.RED):
            indices = shown_obj.get(str(player), [])
            if not isinstance(indices, list):
                raise NotationError(f"{where}.shown.{player}: must be a list of hand indices")
            for i in indices:
                if isinstance(i, bool) or not isinstance(i, int):
                    raise NotationError(f"{where}.shown.{player}: {i!r} is not a hand index")
                if not 0 <= i < len(hands[player]):
                    raise NotationError(f"{where}.shown.{player}: no hand card {i}")
                shown[player] |= 1 << i
    empty = board.count(None)
    mover, other = len(hands[to_move]), len(hands[1 - to_move])
    if mover < (empty + 1) // 2 or other < empty // 2:
        raise NotationError(
            f"{where}: {empty} empty cells need {(empty + 1) // 2} cards for {to_move} and "
            f"{empty // 2} for {Player(1 - to_move)}; hands hold {mover} and {other}"
        )
    seed = 0
    drawn = -1
    if rules.chaos:
        if "chaos_seed" in obj:
            seed = _int(obj, "chaos_seed", where, 0, (1 << 64) - 1)
        if "drawn" in obj:
            drawn = _int(obj, "drawn", where, -1, max(-1, len(hands[to_move]) - 1))
    else:
        for key in ("drawn", "chaos_seed"):
            if key in obj:
                raise NotationError(f"{where}: {key!r} needs the 'chaos' rule")
    table = Table(rules, cells, restrictions, first, seed)
    hands_pair = (hands[0], hands[1])
    return GameState(table, board, hands_pair, to_move, (shown[0], shown[1]), drawn)


# -- one-line text code of a state -------------------------------------------

_TEXT_PREFIX = "triad:1"


def state_to_text(state: GameState, card_set: CardSet | None = None) -> str:
    """One line: ``triad:1 <rules> <cells> <restrictions> <first> <board> <blue> <red> <to_move>``.

    Cards are written by id (``#id``) when ``card_set`` holds that exact card,
    else by `card_code`. Empty parts are ``-``. A hand card the opponent sees
    has ``+`` in front; the card Chaos drew has ``!``; with Chaos a tenth part
    ``~<seed>`` gives the stream of later draws. `state_from_text` with the
    same set reads it back equal, provided every card is in the set or has no
    id, name, title and level 1.
    """

    def card_text(card: Card) -> str:
        if card_set is not None and card.id in card_set and card_set.card(card.id) == card:
            return f"#{card.id}"
        return card_code(card)

    def hand_text(player: Player) -> str:
        hand = state.hands[player]
        if not hand:
            return "-"
        mask = state.shown[player]
        drawn = state.drawn if player is state.to_move else -1
        return ",".join(
            ("!" if i == drawn else "") + ("+" if mask >> i & 1 else "") + card_text(c)
            for i, c in enumerate(hand)
        )

    table = state.table
    rules = ",".join(table.rules.names) or "-"
    cells = ",".join(a or "." for a in table.cells)
    restrictions = (
        ",".join(f"{r.cell}{r.op}{r.value}{r.direction[0]}" for r in table.restriction_list) or "-"
    )
    board = ",".join(
        "." if s is None else ("b" if s.owner is Player.BLUE else "r") + card_text(s.card)
        for s in state.board
    )
    parts = [
        _TEXT_PREFIX,
        rules,
        cells,
        restrictions,
        str(table.first),
        board,
        hand_text(Player.BLUE),
        hand_text(Player.RED),
        str(state.to_move),
    ]
    if table.rules.chaos:
        parts.append(f"~{table.seed}")
    return " ".join(parts)


def state_from_text(text: str, card_set: CardSet | None = None) -> GameState:
    """Parse `state_to_text` output.

    :raises NotationError: a malformed code or an unknown card id.
    """
    parts = text.split()
    seed = 0
    if len(parts) == 10 and parts[9][:1] == "~" and parts[9][1:].isdigit():
        seed = int(parts[9][1:])
        parts = parts[:9]
    if len(parts) != 9 or parts[0] != _TEXT_PREFIX:
        raise NotationError(f"state code must have 9 parts starting with {_TEXT_PREFIX!r}")
    _, rules_t, cells_t, restr_t, first_t, board_t, blue_t, red_t, to_move_t = parts

    def card_of(item: str) -> Card:
        if item.startswith("#"):
            if card_set is None or item[1:] not in card_set:
                raise NotationError(f"state code: unknown card id {item[1:]!r}")
            return card_set.card(item[1:])
        return card_from_code(item)

    rules = rules_from_json([] if rules_t == "-" else rules_t.split(","))
    cells = tuple(None if a == "." else a for a in cells_t.split(","))
    if len(cells) != 9:
        raise NotationError("state code: cells must have 9 entries")
    restrictions: list[dict[str, object]] = []
    if restr_t != "-":
        directions = {"u": "up", "d": "down", "l": "left", "r": "right"}
        for item in restr_t.split(","):
            if len(item) < 4 or item[1] not in "=<>" or item[-1] not in directions:
                raise NotationError(f"state code: bad restriction {item!r}")
            if not item[0].isdigit() or not item[2:-1].isdigit():
                raise NotationError(f"state code: bad restriction {item!r}")
            restrictions.append(
                {
                    "cell": int(item[0]),
                    "op": item[1],
                    "value": int(item[2:-1]),
                    "direction": directions[item[-1]],
                }
            )
    board_items = board_t.split(",")
    if len(board_items) != 9:
        raise NotationError("state code: board must have 9 entries")
    board: list[Placed | None] = []
    for item in board_items:
        if item == ".":
            board.append(None)
        elif item[:1] in ("b", "r"):
            owner = Player.BLUE if item[0] == "b" else Player.RED
            board.append(Placed(card_of(item[1:]), owner))
        else:
            raise NotationError(f"state code: bad board entry {item!r}")
    hands: list[tuple[Card, ...]] = []
    shown = [0, 0]
    to_move = player_from_json(to_move_t, "state code to_move")
    drawn = -1
    for player, hand_t in ((Player.BLUE, blue_t), (Player.RED, red_t)):
        cards: list[Card] = []
        if hand_t != "-":
            for i, item in enumerate(hand_t.split(",")):
                if item.startswith("!"):
                    if player is not to_move or not rules.chaos:
                        raise NotationError(f"state code: {item!r}: only Chaos draws a card")
                    drawn = i
                    item = item[1:]
                if item.startswith("+"):
                    shown[player] |= 1 << i
                    item = item[1:]
                cards.append(card_of(item))
        hands.append(tuple(cards))
    table = Table(
        rules,
        cells,
        restrictions_from_json(restrictions),
        player_from_json(first_t, "state code first"),
        seed if rules.chaos else 0,
    )
    return GameState(
        table, tuple(board), (hands[0], hands[1]), to_move, (shown[0], shown[1]), drawn
    )


# -- private helpers ---------------------------------------------------------


def _bits(mask: int) -> list[int]:
    return [i for i in range(5) if mask >> i & 1]


def _object(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise NotationError(f"{where}: must be an object, got {json_kind(data)}")
    return data


def _list(data: object, where: str, length: int) -> Sequence[Any]:
    if not isinstance(data, list):
        raise NotationError(f"{where}: must be a list of {length}, got {json_kind(data)}")
    if len(data) != length:
        raise NotationError(f"{where}: must have {length} entries, got {len(data)}")
    return data


def _int(obj: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    if key not in obj:
        raise NotationError(f"{where}: missing {key!r}")
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{where}: {key!r} must be an integer, got {json_kind(value)}")
    if not low <= value <= high:
        raise NotationError(f"{where}: {key!r} must be {low}..{high}, got {value}")
    return value


def _str(obj: Mapping[str, Any], key: str, where: str) -> str:
    value = obj.get(key, "")
    if not isinstance(value, str):
        raise NotationError(f"{where}: {key!r} must be a string, got {json_kind(value)}")
    return value


# -- match records -----------------------------------------------------------

_RECORD_FORMAT = "triad-match"


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to replay a match: the deal inputs, draft picks and moves.

    JSON form::

        {"format": "triad-match", "version": 1, "set": "houses", "seed": 42,
         "rules": ["banner", "same"], "trade": "one", "level_range": null,
         "hands": null, "draft": [3, 7, ...], "games": [["2@4", "0@0", ...], ...]}

    ``hands`` (``{"blue": [ids], "red": [ids]}``) are chosen hands, when the
    deal did not deal them; ``draft`` are pool indices in pick order;
    ``games`` holds the moves of the first game and of each Sudden Death
    rematch.
    """

    set_id: str
    seed: int
    rules: RuleSet
    trade: Trade = Trade.NONE
    level_range: tuple[int, int] | None = None
    hands: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    draft: tuple[int, ...] = ()
    games: tuple[tuple[Move, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form above."""
        return {
            "format": _RECORD_FORMAT,
            "version": 1,
            "set": self.set_id,
            "seed": self.seed,
            "rules": self.rules.names,
            "trade": self.trade.value,
            "level_range": None if self.level_range is None else list(self.level_range),
            "hands": None
            if self.hands is None
            else {"blue": list(self.hands[0]), "red": list(self.hands[1])},
            "draft": list(self.draft),
            "games": [[m.text for m in game] for game in self.games],
        }

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        """Parse the JSON form.

        :raises NotationError: bad shape or values.
        """
        obj = _object(data, "record")
        if obj.get("format") != _RECORD_FORMAT or obj.get("version") != 1:
            raise NotationError(f"record: not a {_RECORD_FORMAT!r} version 1 record")
        set_id = obj.get("set")
        if not isinstance(set_id, str) or not set_id:
            raise NotationError("record: 'set' must be a card set id")
        seed = obj.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise NotationError("record: 'seed' must be a non-negative integer")
        rules = rules_from_json(obj.get("rules"), "record.rules")
        try:
            trade = Trade.parse(str(obj.get("trade", "none")))
        except RuleError as exc:
            raise NotationError(f"record.trade: {exc}") from None
        raw_range = obj.get("level_range")
        level_range: tuple[int, int] | None = None
        if raw_range is not None:
            if (
                not isinstance(raw_range, list)
                or len(raw_range) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw_range)
            ):
                raise NotationError("record.level_range: must be [lo, hi] or null")
            level_range = (raw_range[0], raw_range[1])
        raw_hands = obj.get("hands")
        hands: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        if raw_hands is not None:
            hands_obj = _object(raw_hands, "record.hands")
            parsed: list[tuple[str, ...]] = []
            for key in ("blue", "red"):
                ids = hands_obj.get(key)
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise NotationError(f"record.hands.{key}: must be a list of card ids")
                parsed.append(tuple(ids))
            hands = (parsed[0], parsed[1])
        raw_draft = obj.get("draft", [])
        if not isinstance(raw_draft, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in raw_draft
        ):
            raise NotationError("record.draft: must be a list of pool indices")
        raw_games = obj.get("games", [])
        if not isinstance(raw_games, list):
            raise NotationError("record.games: must be a list of move lists")
        games: list[tuple[Move, ...]] = []
        for g, game in enumerate(raw_games):
            if not isinstance(game, list):
                raise NotationError(f"record.games[{g}]: must be a list of moves")
            games.append(
                tuple(move_from_json(m, f"record.games[{g}][{i}]") for i, m in enumerate(game))
            )
        return cls(set_id, seed, rules, trade, level_range, hands, tuple(raw_draft), tuple(games))


@dataclass(frozen=True)
class Replay:
    """A replayed match: the `Match`, and per game the states and each ply's events.

    ``states[g][0]`` is game ``g``'s opening position and ``states[g][i]`` the
    position after ``i`` plies; ``events[g][i]`` are the events of ply ``i``.
    """

    match: Match
    states: tuple[tuple[GameState, ...], ...]
    events: tuple[tuple[tuple[Event, ...], ...], ...]


def replay(record: MatchRecord, card_set: CardSet) -> Replay:
    """Replay a record with its card set.

    :raises NotationError: the set does not match, or a pick, move or
        rematch is not possible in the replayed match.
    """
    if record.set_id != card_set.id:
        raise NotationError(f"record is for card set {record.set_id!r}, not {card_set.id!r}")
    try:
        config = MatchConfig(record.rules, card_set, record.trade, record.level_range)
        hands = None
        if record.hands is not None:
            hands = (
                [card_set.card(i) for i in record.hands[0]],
                [card_set.card(i) for i in record.hands[1]],
            )
        match = deal_match(config, record.seed, hands=hands)
        if match.drafting:
            draft = match.draft()
            for index in record.draft:
                draft = draft.pick(index)
            state = match.start(draft.hands)
        else:
            state = match.start()
        all_states: list[tuple[GameState, ...]] = []
        all_events: list[tuple[tuple[Event, ...], ...]] = []
        for number, moves in enumerate(record.games):
            if number > 0:
                again = match.rematch(all_states[-1][-1], number)
                if again is None:
                    raise NotationError(f"record: game {number} is not a Sudden Death rematch")
                state = again
            states = [state]
            events: list[tuple[Event, ...]] = []
            for move in moves:
                state, happened = state.apply(move)
                states.append(state)
                events.append(happened)
            all_states.append(tuple(states))
            all_events.append(tuple(events))
    except NotationError:
        raise
    except (ValueError, KeyError) as exc:
        raise NotationError(f"record: {exc}") from None
    return Replay(match, tuple(all_states), tuple(all_events))
