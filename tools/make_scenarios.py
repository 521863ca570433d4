"""Write the golden scenario files tests/scenarios/NAME.json and NAME.expected.json.

Each scenario below is written by hand from RULES.md and the seeds: the
board, the move, and the expected events and owners worked out on paper. The
script builds the CLI input and expected output from that, checks the
engine agrees (so a wrong hand expectation is caught here, not silently
copied), and writes both files. `tests/engine/test_scenarios.py` then runs
every pair through `python -m triad resolve`.

Cards are written ``TRBL`` (top, right, bottom, left; ``A`` = 10) with an
optional ``:affinity``; board entries are ``"r:TRBL"`` or ``"b:TRBL"``.

    python tools/make_scenarios.py          # (re)write the files
    python tools/make_scenarios.py --check  # exit 1 if any file differs
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from triad.cli import resolve_scenario  # noqa: E402

OUT = ROOT / "tests" / "scenarios"


@dataclass
class Scenario:
    name: str
    description: str
    rules: list[str]
    board: list[str | None]
    move: tuple[str, str, int]
    events: list[tuple[str, list[int]]]
    owners: str
    cells: list[str | None] | None = None
    restrictions: list[dict[str, object]] = field(default_factory=list)
    # Cards after the move when a Power Wall shift moved them (codes, or None).
    layout: list[str | None] | None = None


def card(code: str) -> dict[str, object]:
    sides, _, affinity = code.partition(":")
    values = [10 if ch == "A" else int(ch) for ch in sides]
    return {
        "top": values[0],
        "right": values[1],
        "bottom": values[2],
        "left": values[3],
        "affinity": affinity or None,
    }


OWNER = {"b": "blue", "r": "red"}


def scenario_input(s: Scenario) -> dict[str, object]:
    board: list[object] = []
    for entry in s.board:
        if entry is None:
            board.append(None)
        else:
            owner, _, code = entry.partition(":")
            board.append({"card": card(code), "owner": OWNER[owner]})
    data: dict[str, object] = {"description": s.description, "rules": s.rules}
    if s.cells is not None:
        data["cells"] = s.cells
    data["board"] = board
    if s.restrictions:
        data["restrictions"] = s.restrictions
    player, code, cell = s.move
    data["move"] = {"player": OWNER[player], "card": card(code), "cell": cell}
    return data


def expected_output(s: Scenario) -> dict[str, object]:
    if s.layout is None:
        codes = [None if e is None else e.partition(":")[2] for e in s.board]
        codes[s.move[2]] = s.move[1]
    else:
        codes = list(s.layout)
    board: list[object] = []
    for cell, code in enumerate(codes):
        owner = s.owners[cell]
        if code is None:
            assert owner == ".", f"{s.name}: cell {cell} is empty but has owner {owner!r}"
            board.append(None)
        else:
            assert owner in OWNER, f"{s.name}: cell {cell} holds a card but owner is {owner!r}"
            board.append({"card": card(code), "owner": OWNER[owner]})
    return {"board": board, "events": [{"kind": k, "cells": c} for k, c in s.events]}


SEED002_BOARD: list[str | None] = [
    None, "r:9999", "r:1121", None, None, "r:3131", "r:1111", None, "r:4114",
]  # fmt: skip

SCENARIOS = [
    # -- basic -------------------------------------------------------------
    Scenario(
        "basic_capture",
        "Seed 004 'Normal': red's left 7 beats blue's right 4.",
        [],
        [None, None, None, "b:5455", None, None, None, None, None],
        ("r", "3337", 4),
        [("place", [4]), ("basic", [3])],
        "...rr....",
    ),
    Scenario(
        "basic_equal_no_capture",
        "An equal comparison captures nothing without Battle.",
        [],
        [None, None, None, "b:5455", None, None, None, None, None],
        ("r", "3334", 4),
        [("place", [4])],
        "...br....",
    ),
    Scenario(
        "basic_several_neighbours",
        "Attacks in four directions: two flips, an own card and a stronger card untouched.",
        [],
        [None, "b:1111", None, "b:5455", None, "r:2222", None, "b:9999", None],
        ("r", "9357", 4),
        [("place", [4]), ("basic", [1, 3])],
        ".r.rrr.b.",
    ),
    # -- Same ----------------------------------------------------------------
    Scenario(
        "same_seed000",
        "Seed 000 Same: 3 meets the enemy's 3 above, 5 meets an own 5 to the left; BREAK flips the enemy.",
        ["same"],
        [None, "r:7737", None, "b:2522", None, None, None, None, None],
        ("b", "3115", 4),
        [("place", [4]), ("same", [1])],
        ".b.bb....",
    ),
    Scenario(
        "same_rule_off",
        "The seed 000 Same board without the Same rule: equal values capture nothing.",
        [],
        [None, "r:7737", None, "b:2522", None, None, None, None, None],
        ("b", "3115", 4),
        [("place", [4])],
        ".r.bb....",
    ),
    Scenario(
        "same_single_pair",
        "One equal pair is not enough for Same.",
        ["same"],
        [None, "r:7737", None, None, None, None, None, None, None],
        ("b", "3115", 4),
        [("place", [4])],
        ".r..b....",
    ),
    Scenario(
        "same_two_enemies_seed004",
        "Seed 004 'Identique': two A sides meet two enemy A sides; both flip.",
        ["same"],
        [None, "r:11A1", None, "r:1A11", None, None, None, None, None],
        ("b", "A11A", 4),
        [("place", [4]), ("same", [1, 3])],
        ".b.bb....",
    ),
    Scenario(
        "same_two_enemies",
        "Same in a corner without Same Wall: two enemy A sides make the two pairs.",
        ["same"],
        [None, None, None, None, None, "r:11A1", None, "r:1A11", None],
        ("b", "A11A", 8),
        [("place", [8]), ("same", [5, 7])],
        ".....b.bb",
    ),
    Scenario(
        "same_wall_seed004",
        "Seed 004 'Même Mur': 7AA1 in the top-right corner, its 1 meets the enemy's 1 and its A the wall.",
        ["same_wall"],
        [None, "r:5155", None, None, None, None, None, None, None],
        ("b", "7AA1", 2),
        [("place", [2]), ("same", [1])],
        ".bb......",
    ),
    Scenario(
        "same_wall_off",
        "The same board with plain Same: the wall does not count, one pair, nothing flips.",
        ["same"],
        [None, "r:5155", None, None, None, None, None, None, None],
        ("b", "7AA1", 2),
        [("place", [2])],
        ".rb......",
    ),
    Scenario(
        "same_wall_broken_wall",
        "Same Wall with Broken Wall: there are no walls (the corner touches empty cells), nothing flips.",
        ["same_wall", "broken_wall"],
        [None, "r:5155", None, None, None, None, None, None, None],
        ("b", "7AA1", 2),
        [("place", [2])],
        ".rb......",
    ),
    Scenario(
        "same_walls_only",
        "Two A sides against two walls form two pairs but capture nothing; basic still plays.",
        ["same_wall"],
        [None, "r:1112", None, None, None, None, None, None, None],
        ("b", "A31A", 0),
        [("place", [0]), ("basic", [1])],
        "bb.......",
    ),
    # -- Plus ----------------------------------------------------------------
    Scenario(
        "plus_seed000",
        "Seed 000 Plus: 2+5 above and 3+4 to the left both make 7; CRITICAL flips both.",
        ["plus"],
        [None, "r:7757", None, "r:2422", None, None, None, None, None],
        ("b", "2113", 4),
        [("place", [4]), ("plus", [1, 3])],
        ".b.bb....",
    ),
    Scenario(
        "plus_own_card_helps",
        "An own card makes one of the equal sums; only the enemy card flips.",
        ["plus"],
        [None, "r:7757", None, "b:2422", None, None, None, None, None],
        ("b", "2113", 4),
        [("place", [4]), ("plus", [1])],
        ".b.bb....",
    ),
    Scenario(
        "plus_seed004_combo",
        "Seed 004 Plus: 7+9 and A+6 make 16; the centre card flipped by Plus then beats the 4 to its left.",
        ["plus", "combo"],
        [None, None, "r:3336", "r:1411", "r:9559", None, None, None, None],
        ("b", "6A76", 1),
        [("place", [1]), ("plus", [2, 4]), ("combo", [3])],
        ".bbbb....",
    ),
    Scenario(
        "plus_seed004_no_combo",
        "The same Plus without Combo: the card to the left stays red.",
        ["plus"],
        [None, None, "r:3336", "r:1411", "r:9559", None, None, None, None],
        ("b", "6A76", 1),
        [("place", [1]), ("plus", [2, 4])],
        ".bbrb....",
    ),
    Scenario(
        "plus_wall_seed004",
        "Seed 004 'Mur additionnel': the 2 against the wall makes 12, the A against the enemy's 2 makes 12.",
        ["plus_wall"],
        [None, None, None, None, "r:2555", None, None, None, None],
        ("b", "23A3", 1),
        [("place", [1]), ("plus", [4])],
        ".b..b....",
    ),
    Scenario(
        "plus_wall_off",
        "The same board with plain Plus: the wall does not count; the A simply wins a basic capture.",
        ["plus"],
        [None, None, None, None, "r:2555", None, None, None, None],
        ("b", "23A3", 1),
        [("place", [1]), ("basic", [4])],
        ".b..b....",
    ),
    Scenario(
        "plus_wall_top_six",
        "Seed 004 Plus Wall: the top 6 against the wall makes 16, the other 6 against the enemy's A makes 16.",
        ["plus_wall"],
        [None, None, None, None, "r:A111", None, None, None, None],
        ("b", "6161", 1),
        [("place", [1]), ("plus", [4])],
        ".b..b....",
    ),
    Scenario(
        "same_and_plus_union",
        "Same flips the two 5-5 pairs; all four sums are 10, so Plus flips the other two.",
        ["same", "plus"],
        [None, "r:1151", None, "r:1711", None, "r:1115", None, "r:8111", None],
        ("b", "5523", 4),
        [("place", [4]), ("same", [1, 5]), ("plus", [3, 7])],
        ".b.bbb.b.",
    ),
    # -- Combo ---------------------------------------------------------------
    Scenario(
        "combo_seed002",
        "Seed 002's Combo board: Same flips both sides, the right card flips the one above it, "
        "which flips the top-right card; the top-centre 9999 is too strong.",
        ["same", "combo"],
        SEED002_BOARD,
        ("b", "9491", 7),
        [("place", [7]), ("same", [6, 8]), ("combo", [5]), ("combo", [2])],
        ".rb..bbbb",
    ),
    Scenario(
        "combo_seed002_no_combo",
        "Seed 002's board with Same only: the Same flips, nothing more.",
        ["same"],
        SEED002_BOARD,
        ("b", "9491", 7),
        [("place", [7]), ("same", [6, 8])],
        ".rr..rbbb",
    ),
    Scenario(
        "combo_chain_waves",
        "Same flips two cards, then two combo waves of two cards each; the centre resists.",
        ["same", "combo"],
        [None, "r:1994", "r:1182", "r:6191", "r:9155", "r:2111", "r:3811", "r:1113", None],
        ("b", "1461", 0),
        [("place", [0]), ("same", [1, 3]), ("combo", [2, 6]), ("combo", [5, 7])],
        "bbbbrbbb.",
    ),
    Scenario(
        "combo_without_same_or_plus",
        "Combo alone never fires: a basic capture starts no chain.",
        ["combo"],
        [None, "r:1994", "r:1182", None, None, None, None, None, None],
        ("b", "1A11", 0),
        [("place", [0]), ("basic", [1])],
        "bbr......",
    ),
    # -- Elemental / Banner --------------------------------------------------
    Scenario(
        "elemental_match_bonus",
        "A fire card on a fire cell: its left 4 counts 5 and beats the 4.",
        ["elemental"],
        [None, None, None, "r:1411", None, None, None, None, None],
        ("b", "1114:fire", 4),
        [("place", [4]), ("basic", [3])],
        "...bb....",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "elemental_no_affinity_malus",
        "A card without an element on a fire cell: its 5 counts 4 and ties the 4.",
        ["elemental"],
        [None, None, None, "r:1411", None, None, None, None, None],
        ("b", "1115", 4),
        [("place", [4])],
        "...rb....",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "elemental_defender_malus",
        "The defender sits on an ice cell without being ice: its 5 counts 4 and loses to a plain 5.",
        ["elemental"],
        [None, None, None, "r:1511:water", None, None, None, None, None],
        ("b", "1115", 4),
        [("place", [4]), ("basic", [3])],
        "...bb....",
        cells=[None, None, None, "ice", None, None, None, None, None],
    ),
    Scenario(
        "elemental_no_clamp",
        "No clamping: an A with +1 counts 11 and beats an A.",
        ["elemental"],
        [None, None, None, "r:1A11", None, None, None, None, None],
        ("b", "111A:holy", 4),
        [("place", [4]), ("basic", [3])],
        "...bb....",
        cells=[None, None, None, None, "holy", None, None, None, None],
    ),
    Scenario(
        "banner_territory",
        "Banner works like Elemental: a lantern card on a lantern territory gets +1.",
        ["banner"],
        [None, None, None, "r:1411:thorn", None, None, None, None, None],
        ("b", "1114:lantern", 4),
        [("place", [4]), ("basic", [3])],
        "...bb....",
        cells=[None, None, None, None, "lantern", None, None, None, None],
    ),
    Scenario(
        "cells_without_affinity_rule",
        "Cell affinities count only with Elemental or Banner on: the 4 ties the 4.",
        [],
        [None, None, None, "r:1411", None, None, None, None, None],
        ("b", "1114:fire", 4),
        [("place", [4])],
        "...rb....",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "elemental_same_printed",
        "Same ignores modifiers: on a foreign ice cell the printed 3 and 5 still make BREAK.",
        ["same", "elemental"],
        [None, "r:7737", None, "b:2522", None, None, None, None, None],
        ("b", "3115", 4),
        [("place", [4]), ("same", [1])],
        ".b.bb....",
        cells=[None, None, None, None, "ice", None, None, None, None],
    ),
    Scenario(
        "elemental_plus_printed",
        "Plus ignores modifiers: a fire card on a fire cell still sums its printed 2 and 3.",
        ["plus", "elemental"],
        [None, "r:7757", None, "r:2422", None, None, None, None, None],
        ("b", "2113:fire", 4),
        [("place", [4]), ("plus", [1, 3])],
        ".b.bb....",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "elemental_combo_modifiers",
        "Combo comparisons use modifiers: the thunder card on a thunder cell defends with 3+1 and holds.",
        ["same", "combo", "elemental"],
        [None, "r:9999", "r:1121", None, None, "r:3131:thunder", "r:1111", None, "r:4114"],
        ("b", "9491", 7),
        [("place", [7]), ("same", [6, 8])],
        ".rr..rbbb",
        cells=[None, None, None, None, None, "thunder", None, None, None],
    ),
    # -- Battle --------------------------------------------------------------
    Scenario(
        "battle_seed004",
        "Seed 004 'Bataille': 5 against 5, Garet's total 29 beats Shuyin's 24.",
        ["battle"],
        [None, "r:6855", None, None, None, None, None, None, None],
        ("b", "A54A", 0),
        [("place", [0]), ("battle", [1])],
        "bb.......",
    ),
    Scenario(
        "battle_weaker_attacker",
        "Battle never flips the placed card: a weaker attacker tying a stronger defender does nothing.",
        ["battle"],
        [None, "r:6855", None, None, None, None, None, None, None],
        ("b", "1511", 0),
        [("place", [0])],
        "br.......",
    ),
    Scenario(
        "battle_with_modifiers",
        "Equality is tested with modifiers: 5-1 on a foreign cell ties the 4, and total 29 beats 23.",
        ["battle", "elemental"],
        [None, "r:6854", None, None, None, None, None, None, None],
        ("b", "A54A", 0),
        [("place", [0]), ("battle", [1])],
        "bb.......",
        cells=["fire", None, None, None, None, None, None, None, None],
    ),
    Scenario(
        "battle_and_basic",
        "Basic and Battle flips on one placement are reported separately, basic first.",
        ["battle"],
        [None, "r:6855", None, "r:1111", None, None, None, None, None],
        ("b", "A54A", 0),
        [("place", [0]), ("basic", [3]), ("battle", [1])],
        "bb.b.....",
    ),
    Scenario(
        "battle_in_combo",
        "Seed 002's board with a 4 under the 4: in the Combo the tie goes to the stronger card (total 10 > 9).",
        ["same", "combo", "battle"],
        [None, "r:9999", "r:1121", None, None, "r:3141", "r:1111", None, "r:4114"],
        ("b", "9491", 7),
        [("place", [7]), ("same", [6, 8]), ("combo", [5]), ("combo", [2])],
        ".rb..bbbb",
    ),
    # -- Broken Wall ---------------------------------------------------------
    Scenario(
        "broken_wall_row",
        "Seed 004 'Mur cassé': the top-right card's 6 wraps to the top-left card's 2.",
        ["broken_wall"],
        ["r:2552", None, None, None, None, None, None, None, None],
        ("b", "1611", 2),
        [("place", [2]), ("basic", [0])],
        "b.b......",
    ),
    Scenario(
        "broken_wall_column",
        "Seed 004 'Mur cassé': the bottom-left card's 3 wraps to the top-left card's 2.",
        ["broken_wall"],
        ["b:2552", None, "b:1611", None, None, None, None, None, None],
        ("r", "1131", 6),
        [("place", [6]), ("basic", [0])],
        "r.b...r..",
    ),
    Scenario(
        "broken_wall_off",
        "Without Broken Wall the corners do not touch.",
        [],
        ["r:2552", None, None, None, None, None, None, None, None],
        ("b", "1611", 2),
        [("place", [2])],
        "r.b......",
    ),
    Scenario(
        "broken_wall_same",
        "Same across the wrapped edges: top meets the bottom row, left meets the right column.",
        ["same", "broken_wall"],
        [None, None, "r:1711", None, None, None, "r:1141", None, None],
        ("b", "4117", 0),
        [("place", [0]), ("same", [2, 6])],
        "b.b...b..",
    ),
    # -- Power Wall ----------------------------------------------------------
    Scenario(
        "power_wall_equal_down",
        "Seed 004 '=20': Hope (power 20) on the top-right cell pushes the column down; "
        "then Hope flips Panique below it.",
        ["power_wall"],
        [None, None, None, None, None, "r:1111", None, None, None],
        ("b", "5555", 2),
        [("place", [2]), ("shift", [2, 5, 8]), ("basic", [8])],
        ".....b..b",
        restrictions=[{"cell": 2, "op": "=", "value": 20, "direction": "down"}],
        layout=[None, None, None, None, None, "5555", None, None, "1111"],
    ),
    Scenario(
        "power_wall_greater_right",
        "Seed 004 '+2': Nina (25) on the left-middle cell pushes the row right; Hope wraps round "
        "to the left and Nina flips it.",
        ["power_wall"],
        [None, None, None, None, None, "r:5555", None, None, None],
        ("b", "7666", 3),
        [("place", [3]), ("shift", [3, 4, 5]), ("basic", [3])],
        "...bb....",
        restrictions=[{"cell": 3, "op": ">", "value": 2, "direction": "right"}],
        layout=[None, None, None, "5555", "7666", None, None, None, None],
    ),
    Scenario(
        "power_wall_less_up",
        "Seed 004 '-26': Flore (16) on the bottom-left cell pushes the column up; Hope wraps to the "
        "bottom; Flore flips Bahamut above but not Grenat to its right.",
        ["power_wall"],
        ["b:5555", None, None, "r:AA2A", "r:9999", None, None, None, None],
        ("b", "4444", 6),
        [("place", [6]), ("shift", [6, 3, 0]), ("basic", [0])],
        "b..br.b..",
        restrictions=[{"cell": 6, "op": "<", "value": 26, "direction": "up"}],
        layout=["AA2A", None, None, "4444", "9999", None, "5555", None, None],
    ),
    Scenario(
        "power_wall_reach",
        "Seed 004 '+20': Lloyd (21) on the bottom-middle cell moves up to the centre and flips "
        "the card to its right that no cell could reach before.",
        ["power_wall"],
        [None, None, None, None, None, "r:9993", None, None, None],
        ("b", "5655", 7),
        [("place", [7]), ("shift", [7, 4, 1]), ("basic", [5])],
        "....bb...",
        restrictions=[{"cell": 7, "op": ">", "value": 20, "direction": "up"}],
        layout=[None, None, None, None, "5655", "9993", None, None, None],
    ),
    Scenario(
        "power_wall_not_met",
        "A restriction that the card does not meet moves nothing; Same then plays as usual.",
        ["power_wall", "same"],
        [None, None, None, "r:1151", None, None, None, "r:1115", None],
        ("b", "5555", 6),
        [("place", [6]), ("same", [3, 7])],
        "...b..bb.",
        restrictions=[{"cell": 6, "op": "<", "value": 10, "direction": "up"}],
    ),
    Scenario(
        "power_wall_shift_basic_only",
        "After a shift the placed card attacks by the basic rule only: the two 5-5 pairs at its new "
        "cell make no Same.",
        ["power_wall", "same"],
        [None, "r:5151", None, None, None, "r:5115", None, None, None],
        ("b", "5551", 7),
        [("place", [7]), ("shift", [7, 4, 1])],
        "....br.r.",
        restrictions=[{"cell": 7, "op": "=", "value": 16, "direction": "up"}],
        layout=[None, None, None, None, "5551", "5115", None, "5151", None],
    ),
    Scenario(
        "power_wall_modifiers_follow_cells",
        "Cells keep their affinities when cards move: Nina lands on a fire cell, 6-1 ties Hope's 5.",
        ["power_wall", "elemental"],
        [None, None, None, None, None, "r:5555", None, None, None],
        ("b", "7666", 3),
        [("place", [3]), ("shift", [3, 4, 5])],
        "...rb....",
        cells=[None, None, None, None, "fire", None, None, None, None],
        restrictions=[{"cell": 3, "op": ">", "value": 2, "direction": "right"}],
        layout=[None, None, None, "5555", "7666", None, None, None, None],
    ),
    Scenario(
        "restrictions_without_power_wall",
        "Restrictions count only with Power Wall on: Hope stays put and has nobody to attack.",
        [],
        [None, None, None, None, None, "r:1111", None, None, None],
        ("b", "5555", 2),
        [("place", [2]), ("basic", [5])],
        "..b..b...",
        restrictions=[{"cell": 2, "op": "=", "value": 20, "direction": "down"}],
    ),
    # -- FFXIV rules ---------------------------------------------------------
    Scenario(
        "reverse_basic",
        "Reverse: the lower value captures (3 under 4); an equal 5 or a higher 3 over 2 does not.",
        ["reverse"],
        [None, "r:1141", None, None, None, "r:1115", None, "r:2111", None],
        ("b", "3535", 4),
        [("place", [4]), ("basic", [1])],
        ".b..br.r.",
    ),
    Scenario(
        "reverse_battle",
        "Reverse with Battle: an equal comparison goes to the smaller printed total (20 < 35).",
        ["reverse", "battle"],
        [None, "r:1151", None, None, None, "r:AAA5", None, None, None],
        ("b", "5555", 4),
        [("place", [4]), ("battle", [5])],
        ".r..bb...",
    ),
    Scenario(
        "reverse_combo",
        "Reverse inside a Combo chain: the Same captures attack with the lower value winning "
        "(1 under 9, 5 under 9); 2 against 1 and 3 against 1 take nothing.",
        ["reverse", "same", "combo"],
        ["r:1911", "r:1251", "r:1111", None, None, "r:3555", None, None, "r:9111"],
        ("b", "5555", 4),
        [("place", [4]), ("same", [1, 5]), ("combo", [0, 8])],
        "bbr.bb..b",
    ),
    Scenario(
        "fallen_ace_basic",
        "Fallen Ace: the placed 1 captures the A above and its A still captures the 1 on its "
        "right (between a 1 and an A the attacker captures); 5 beats 4 as usual and 1 loses "
        "to 9.",
        ["fallen_ace"],
        [None, "r:11A1", None, "r:1411", None, "r:1111", None, "r:9111", None],
        ("b", "1A15", 4),
        [("place", [4]), ("basic", [1, 3, 5])],
        ".b.bbb.r.",
    ),
    Scenario(
        "fallen_ace_reverse",
        "Fallen Ace with Reverse: the A captures the 1 and the 1 still captures the A (between "
        "a 1 and an A the attacker captures); 1 under 9 captures, 5 over 4 does not.",
        ["fallen_ace", "reverse"],
        [None, "r:11A1", None, "r:1411", None, "r:1111", None, "r:9111", None],
        ("b", "1A15", 4),
        [("place", [4]), ("basic", [1, 5, 7])],
        ".b.rbb.b.",
    ),
    Scenario(
        "fallen_ace_ace_takes_one",
        "Fallen Ace as FFXIV plays it: the placed A still captures the 1 it touches.",
        ["fallen_ace"],
        [None, "r:5551", None, None, None, None, None, None, None],
        ("b", "5A55", 0),
        [("place", [0]), ("basic", [1])],
        "bb.......",
    ),
    Scenario(
        "fallen_ace_reverse_one_takes_ace",
        "Fallen Ace with Reverse as FFXIV plays it: the placed 1 still captures the A it touches.",
        ["fallen_ace", "reverse"],
        [None, "r:555A", None, None, None, None, None, None, None],
        ("b", "5155", 0),
        [("place", [0]), ("basic", [1])],
        "bb.......",
    ),
    Scenario(
        "fallen_ace_combo_both_ways",
        "Fallen Ace in a Combo chain: the Same captures attack; a 1 takes an A and an A takes a 1.",
        ["fallen_ace", "same", "combo"],
        ["r:1A11", "r:1151", "r:1111", None, None, "r:A115", None, None, "r:1111"],
        ("b", "5555", 4),
        [("place", [4]), ("same", [1, 5]), ("combo", [0, 2])],
        "bbb.bb..r",
    ),
    Scenario(
        "fallen_ace_combo",
        "Fallen Ace inside a Combo chain: the Same captures' 1s take the As next to them.",
        ["fallen_ace", "same", "combo"],
        ["r:1A11", "r:1151", "r:1111", None, None, "r:1115", None, None, "r:A111"],
        ("b", "5555", 4),
        [("place", [4]), ("same", [1, 5]), ("combo", [0, 8])],
        "bbr.bb..b",
    ),
    Scenario(
        "fallen_ace_before_cell_modifiers",
        "Fallen Ace compares the values before the cell's +1/-1: a 1 (2 on its fire cell) takes "
        "an A (11 on its water cell); the As (11) take the 1s beside them.",
        ["fallen_ace", "elemental"],
        [None, "r:11A1:water", None, "r:1111", None, "r:1151", None, "r:4111", None],
        ("b", "1A5A:fire", 4),
        [("place", [4]), ("basic", [1, 3, 5, 7])],
        ".b.bbb.b.",
        cells=[None, "water", None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "ascension_same",
        "Ascension: two fire cards on the board give fire cards +2, so the placed 3 and 4 become "
        "5 and 6 and make a Same with the fire 3 (now 5) and the plain 6.",
        ["ascension", "same"],
        ["b:1111:fire", "r:1131:fire", None, None, None, "r:1116", None, None, None],
        ("b", "3451:fire", 4),
        [("place", [4]), ("same", [1, 5])],
        "bb..bb...",
    ),
    Scenario(
        "ascension_plus_clamps_at_A",
        "Ascension clamps at A: the water 9 and 8 (+2) are both A, so 9 over 8 and 8 against A "
        "both sum to 20 and make a Plus (17 and 18 printed, 21 and 20 without clamping).",
        ["ascension", "plus"],
        [None, "r:1181:water", None, None, None, "r:111A", None, None, "b:1111:water"],
        ("b", "9811:water", 4),
        [("place", [4]), ("plus", [1, 5])],
        ".b..bb..b",
    ),
    Scenario(
        "descension_clamps_at_1",
        "Descension clamps at 1: three earth cards make the placed 3 a 1 (not 0), and Fallen "
        "Ace lets that 1 take an A; its A, now 7, no longer beats an 8.",
        ["descension", "fallen_ace"],
        [
            None,
            "r:11A1",
            None,
            None,
            None,
            "r:1118",
            "b:5555:earth",
            "b:5555:earth",
            "b:5555:earth",
        ],
        ("b", "3A83:earth", 4),
        [("place", [4]), ("basic", [1])],
        ".b..brbbb",
    ),
    Scenario(
        "ascension_elemental_on_top",
        "Ascension with Elemental: the fire 4 is 5 (one fire card on the board); Same sees 5 and "
        "pairs it with two 5s; the fire cell's +1 makes 6 for basic captures, enough for a 4 "
        "but not for a 6.",
        ["ascension", "elemental", "same"],
        ["b:1111:fire", "r:1141", None, "r:1511", None, "r:1116", None, "r:5111", None],
        ("b", "4444:fire", 4),
        [("place", [4]), ("same", [3, 7]), ("basic", [1])],
        "bb.bbr.b.",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "original_plus_one_group_first",
        "Original (FF8's own code): Plus takes one group only. Up, down, left, right make "
        "sums 10, 12, 10, 12: both reach two pairs, 10 first, so only the cards above and "
        "to the left are taken (the seeds' reading takes all four).",
        ["original", "plus"],
        [None, "r:1151", None, "r:1711", None, "r:1118", None, "r:6111", None],
        ("b", "5463", 4),
        [("place", [4]), ("plus", [1, 3])],
        ".b.bbr.r.",
    ),
    Scenario(
        "original_plus_one_group_second",
        "Original: up, down, left, right make sums 10, 12, 12, 10; 12 reaches two pairs "
        "first, so only the cards below and to the left are taken.",
        ["original", "plus"],
        [None, "r:1151", None, "r:1911", None, "r:1116", None, "r:6111", None],
        ("b", "5463", 4),
        [("place", [4]), ("plus", [3, 7])],
        ".r.bbr.b.",
    ),
    Scenario(
        "original_same_takes_at_most",
        "Original: once Same fires (5 = 5 above and to the left) it takes every opponent "
        "neighbour whose touching value is at most 5: the 3 on the right too, as a Same "
        "capture; the 9 below stays.",
        ["original", "same"],
        [None, "r:1151", None, "r:1511", None, "r:1113", None, "r:9111", None],
        ("b", "5555", 4),
        [("place", [4]), ("same", [1, 3, 5])],
        ".b.bbb.r.",
    ),
    Scenario(
        "original_same_ignores_elemental",
        "Original: Same compares printed values, so the ice 5 on a fire cell (4 in an "
        "ordinary attack, which would not take the 4) takes the 4 on its right once Same "
        "fires.",
        ["original", "same", "elemental"],
        [None, "r:1151", None, "r:1511", None, "r:1114", None, None, None],
        ("b", "5555:ice", 4),
        [("place", [4]), ("same", [1, 3, 5])],
        ".b.bbb...",
        cells=[None, None, None, None, "fire", None, None, None, None],
    ),
    Scenario(
        "original_chain_from_every_capture",
        "Original: Plus takes the 8 above and the 6 on the left (sums 12), the 9 takes the 2 "
        "on the right by the ordinary rule, and the chain starts from all three: the captured "
        "A takes the 5 above it. No Combo switch is needed.",
        ["original", "plus"],
        [None, "r:1181", "r:1151", "r:1611", None, "r:A112", None, None, None],
        ("b", "4956", 4),
        [("place", [4]), ("plus", [1, 3]), ("basic", [5]), ("combo", [2])],
        ".bbbbb...",
    ),
]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    status = 0
    names = set()
    for s in SCENARIOS:
        assert s.name not in names, f"duplicate scenario {s.name}"
        names.add(s.name)
        data = scenario_input(s)
        expected = expected_output(s)
        actual = resolve_scenario(json.loads(json.dumps(data)))
        if actual != expected:
            print(f"{s.name}: the engine disagrees with the hand-worked expectation")
            print("  expected:", json.dumps(expected["events"]), s.owners)
            print("  engine:  ", json.dumps(actual["events"]))
            status = 1
            continue
        for path, content in (
            (OUT / f"{s.name}.json", data),
            (OUT / f"{s.name}.expected.json", expected),
        ):
            text = json.dumps(content, indent=1) + "\n"
            if check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    print(f"{path} is out of date")
                    status = 1
            else:
                path.write_text(text, encoding="utf-8")
    if not check and status == 0:
        print(f"wrote {len(SCENARIOS)} scenarios to {OUT}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
