"""The example bot of the editor: a complete CodinGame program that beats the random bot.

It is the text the editor starts from (and comes back to when every saved
bot is deleted), so it is written to be read and changed: it parses the
whole protocol and plays a simple plan.
"""

EXAMPLE_NAME = "Example bot"

EXAMPLE_BOT = r'''# A Triangle Catch bot, as on CodinGame: read the map once, then each turn read
# the state and print one line of commands separated by ";".
# Debug with print(..., file=sys.stderr): it shows in the page's Console.
import sys
from collections import deque

house_count = int(input())
for _ in range(house_count):
    input()  # "houseId x y": this bot does not use the positions

target = None  # the triangle we are going for, kept from turn to turn

while True:
    my_score, their_score = map(int, input().split())
    mine = [0] * house_count
    theirs = [0] * house_count
    for _ in range(house_count):
        house, me, them = map(int, input().split())
        mine[house], theirs[house] = me, them
    neighbours = [[] for _ in range(house_count)]
    for _ in range(int(input())):
        a, b = map(int, input().split())
        neighbours[a].append(b)
        neighbours[b].append(a)
    triangles = [tuple(map(int, input().split())) for _ in range(int(input()))]
    for _ in range(int(input())):
        input()  # "house1 house2": paths that could be added (not used here)

    steps = {}  # steps from a house to every house it reaches, found once per turn
    nearest = {}  # the houses a house reaches, nearest first, sorted once per turn

    def distances(start):
        if start not in steps:
            dist = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in neighbours[here]:
                    if nxt not in dist:
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
            steps[start] = dist
        return steps[start]

    def by_distance(corner):
        if corner not in nearest:
            nearest[corner] = sorted((d, h) for h, d in distances(corner).items() if d > 0)
        return nearest[corner]

    commands = []
    ours = [t[:3] for t in triangles if t[3] == 0]
    # Keep one unit on each corner of our triangles: they score every turn.
    keep = {h for corners in ours for h in corners}
    free = [mine[h] - (1 if h in keep else 0) for h in range(house_count)]

    # Using a triangle gives it up, so spawn only while we have few units.
    units = sum(mine)
    for a, b, c in ours:
        if units < 8:
            commands.append(f"SPAWN {a} {b} {c}")
            units += 1

    def plan(corners):
        """Moves that outnumber the opponent on every corner, and their cost in steps."""
        spare = free[:]
        for corner in corners:  # the corners we hold must stay held
            spare[corner] = min(spare[corner], mine[corner] - theirs[corner] - 1)
        moves, cost = [], 0
        for corner in corners:
            need = theirs[corner] + 1 - mine[corner]
            if need <= 0:
                continue
            for d, h in by_distance(corner):
                if spare[h] <= 0:
                    continue
                take = min(need, spare[h])
                spare[h] -= take
                need -= take
                cost += d * take
                moves.append((h, corner, take))
                if need == 0:
                    break
            if need > 0:
                return None
        return cost, moves

    # Go for the cheapest triangle we may capture, and stick to it (each plan made once:
    # a turn has 50 ms).
    open_triangles = [t[:3] for t in triangles if t[3] != 0 and t[4]]
    chosen = plan(target) if target in open_triangles else None
    if chosen is None:
        target = None
        for t in open_triangles:
            option = plan(t)
            if option is not None and (chosen is None or (option[0], t) < (chosen[0], target)):
                target, chosen = t, option
    if chosen is not None:
        for h, corner, take in chosen[1]:
            commands.append(f"MOVE {h} {corner} {take}")

    print(";".join(commands) or "WAIT")
'''
