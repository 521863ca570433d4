"""A second, deliberately plain implementation of one placement, written from RULES.md.

It works on (row, column) coordinates and dictionaries and shares no code
with `triad.capture` beyond the data types, so the differential test in
test_reference.py catches a slip in either one.
"""

from __future__ import annotations

from triad.capture import Board, Event, EventKind, Placed, Player, Restriction
from triad.cards import Card

Pos = tuple[int, int]

# side index: 0 top, 1 right, 2 bottom, 3 left
STEPS: dict[int, Pos] = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}
DIRECTION_STEP: dict[str, Pos] = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}


def pos_of(cell: int) -> Pos:
    return (cell // 3, cell % 3)


def cell_of(pos: Pos) -> int:
    return pos[0] * 3 + pos[1]


def reference_resolve(
    board: Board,
    cell: int,
    card: Card,
    player: Player,
    rules: set[str],
    cells: tuple[str | None, ...],
    restrictions: tuple[Restriction | None, ...],
) -> tuple[Board, list[Event]]:
    grid: dict[Pos, tuple[Card, Player]] = {}
    for index, slot in enumerate(board):
        if slot is not None:
            grid[pos_of(index)] = (slot.card, slot.owner)
    here = pos_of(cell)
    grid[here] = (card, player)
    events = [Event(EventKind.PLACE, (cell,))]
    wrap = "broken_wall" in rules
    affinity_on = "elemental" in rules or "banner" in rules
    same_on = "same" in rules or "same_wall" in rules
    plus_on = "plus" in rules or "plus_wall" in rules
    shifted = False
    original = "original" in rules

    restriction = restrictions[cell] if "power_wall" in rules else None
    if restriction is not None:
        power = card.top + card.right + card.bottom + card.left
        met = {
            "=": power == restriction.value,
            "<": power < restriction.value,
            ">": power > restriction.value,
        }[restriction.op]
        if met:
            dr, dc = DIRECTION_STEP[restriction.direction]
            line = [((here[0] + dr * k) % 3, (here[1] + dc * k) % 3) for k in range(3)]
            moved = {p: grid.pop(p) for p in line if p in grid}
            for p, content in moved.items():
                grid[((p[0] + dr) % 3, (p[1] + dc) % 3)] = content
            events.append(
                Event(
                    EventKind.SHIFT,
                    tuple(cell_of(p) for p in line),
                    direction=restriction.direction,
                )
            )
            here = ((here[0] + dr) % 3, (here[1] + dc) % 3)
            shifted = True

    # Ascension/Descension: cards of each type on the board before this placement.
    before: dict[str, int] = {}
    for slot in board:
        if slot is not None and slot.card.affinity is not None:
            before[slot.card.affinity] = before.get(slot.card.affinity, 0) + 1
    sign = 1 if "ascension" in rules else (-1 if "descension" in rules else 0)

    def side(c: Card, index: int) -> int:
        v = (c.top, c.right, c.bottom, c.left)[index]
        if sign and c.affinity is not None:
            v = max(1, min(10, v + sign * before.get(c.affinity, 0)))
        return v

    def value(c: Card, index: int, at: Pos) -> int:
        v = side(c, index)
        if affinity_on:
            territory = cells[cell_of(at)]
            if territory is not None:
                v += 1 if c.affinity == territory else -1
        return v

    def look(at: Pos, index: int) -> Pos | None:
        dr, dc = STEPS[index]
        r, c = at[0] + dr, at[1] + dc
        if wrap:
            return (r % 3, c % 3)
        if 0 <= r < 3 and 0 <= c < 3:
            return (r, c)
        return None

    def beats(attacker: Card, at: Pos, index: int, target: Pos) -> str | None:
        defender = grid[target][0]
        reverse = "reverse" in rules
        if "fallen_ace" in rules:
            a = side(attacker, index)
            d = side(defender, (index + 2) % 4)
            if (a, d) in ((1, 10), (10, 1)):
                return "basic"
        mine = value(attacker, index, at)
        theirs = value(defender, (index + 2) % 4, target)
        if reverse:
            mine, theirs = theirs, mine
        if mine > theirs:
            return "basic"
        if "battle" in rules and mine == theirs:
            total_a = attacker.top + attacker.right + attacker.bottom + attacker.left
            total_d = defender.top + defender.right + defender.bottom + defender.left
            if (total_a < total_d) if reverse else (total_a > total_d):
                return "battle"
        return None

    def flip(p: Pos) -> None:
        grid[p] = (grid[p][0], player)

    special: list[Pos] = []
    if not shifted and (same_on or plus_on):
        same_pairs: list[Pos | None] = []
        at_most: list[Pos | None] = []
        sums: list[tuple[int, Pos | None]] = []
        # original: the sides in FF8's order (up, down, left, right), for Plus's one group
        for index in (0, 2, 3, 1) if original else range(4):
            target = look(here, index)
            mine = side(card, index)
            if target is None:
                if "same_wall" in rules and mine == 10:
                    same_pairs.append(None)
                if "plus_wall" in rules:
                    sums.append((mine + 10, None))
                continue
            if target not in grid:
                continue
            theirs = side(grid[target][0], (index + 2) % 4)
            if mine == theirs:
                same_pairs.append(target)
            if mine >= theirs:
                at_most.append(target)
            sums.append((mine + theirs, target))
        if same_on and len(same_pairs) >= 2:
            taken = same_pairs
            if original:  # every neighbour whose touching value is at most ours
                taken = same_pairs + at_most
            won = sorted({cell_of(p) for p in taken if p is not None and grid[p][1] is not player})
            for c in won:
                flip(pos_of(c))
            special += [pos_of(c) for c in won]
            if won:
                events.append(
                    Event(EventKind.SAME, tuple(won), wall=any(p is None for p in same_pairs))
                )
        if plus_on:
            won_plus: list[int] = []
            walls = False
            if original:
                sums = [(s, t) for s, t in sums if s == _one_group(sums)]
            for total, target in sums:
                group = [t for s, t in sums if s == total]
                if len(group) < 2 or target is None or grid[target][1] is player:
                    continue
                won_plus.append(cell_of(target))
                walls = walls or None in group
            won_plus = sorted(set(won_plus))
            for c in won_plus:
                flip(pos_of(c))
            special += [pos_of(c) for c in won_plus]
            if won_plus:
                events.append(Event(EventKind.PLUS, tuple(won_plus), wall=walls))

    basic: list[int] = []
    battle: list[int] = []
    for index in range(4):
        target = look(here, index)
        if target is None or target not in grid or grid[target][1] is player:
            continue
        how = beats(card, here, index, target)
        if how == "basic":
            basic.append(cell_of(target))
        elif how == "battle":
            battle.append(cell_of(target))
    for c in basic + battle:
        flip(pos_of(c))
    if basic:
        events.append(Event(EventKind.BASIC, tuple(sorted(basic))))
    if battle:
        events.append(Event(EventKind.BATTLE, tuple(sorted(battle))))

    if "combo" in rules or original:
        wave = sorted(set(special), key=cell_of)
        if original and special:  # the chain starts from every capture
            wave = sorted(set(special) | {pos_of(c) for c in basic + battle}, key=cell_of)
        while wave:
            caught: set[Pos] = set()
            for source in wave:
                attacker = grid[source][0]
                for index in range(4):
                    target = look(source, index)
                    if target is None or target not in grid or grid[target][1] is player:
                        continue
                    if beats(attacker, source, index, target) is not None:
                        flip(target)
                        caught.add(target)
            wave = sorted(caught, key=cell_of)
            if wave:
                events.append(Event(EventKind.COMBO, tuple(cell_of(p) for p in wave)))

    result: list[Placed | None] = [None] * 9
    for p, (c, owner) in grid.items():
        result[cell_of(p)] = Placed(c, owner)
    return tuple(result), events


def _one_group(sums: list[tuple[int, Pos | None]]) -> int:
    """Original's Plus: of the sums shared by the most sides, the one whose last
    such side comes first in ``sums`` (listed up, down, left, right)."""
    most = max(sum(1 for s, _ in sums if s == total) for total, _ in sums)
    ends = {}
    for at, (total, _) in enumerate(sums):
        if sum(1 for s, _ in sums[: at + 1] if s == total) == most:
            ends.setdefault(total, at)
    return min(ends, key=lambda total: ends[total])
