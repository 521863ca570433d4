"""The example bot of the editor: a complete CodinGame program that beats the random bot.

It is the text the editor starts from (and comes back to when every saved
bot is deleted), so it is written to be read and changed: it parses the
whole protocol and plays a simple plan.
"""

import re

EXAMPLE_NAME = "Example bot"

EXAMPLE_BOT = r"""# A Triangle Catch bot, as on CodinGame: read the map once, then each turn read
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
        # Moves that outnumber the opponent on every corner, and their cost in steps.
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
"""

#: The example's comments in the languages of the page (its code is the same in each).
COMMENTS = {
    "fr": {
        "A Triangle Catch bot, as on CodinGame: read the map once, then each turn read": (
            "Un bot de Triangle Catch, comme sur CodinGame : lire la carte une fois, puis"
        ),
        'the state and print one line of commands separated by ";".': (
            "à chaque tour lire l'état et écrire une ligne d'ordres séparés par \";\"."
        ),
        "Debug with print(..., file=sys.stderr): it shows in the page's Console.": (
            "Pour déboguer, print(..., file=sys.stderr) : cela s'affiche dans la Console."
        ),
        '"houseId x y": this bot does not use the positions': (
            '"houseId x y" : ce bot n\'utilise pas les positions'
        ),
        "the triangle we are going for, kept from turn to turn": (
            "le triangle visé, gardé d'un tour à l'autre"
        ),
        '"house1 house2": paths that could be added (not used here)': (
            '"house1 house2" : chemins qui pourraient être ajoutés (pas utilisés ici)'
        ),
        "steps from a house to every house it reaches, found once per turn": (
            "pas d'une maison à chacune de celles qu'elle atteint, une fois par tour"
        ),
        "the houses a house reaches, nearest first, sorted once per turn": (
            "les maisons qu'elle atteint, la plus proche d'abord, triées une fois par tour"
        ),
        "Keep one unit on each corner of our triangles: they score every turn.": (
            "Garder une unité sur chaque coin de nos triangles : ils marquent à chaque tour."
        ),
        "Using a triangle gives it up, so spawn only while we have few units.": (
            "Utiliser un triangle le fait perdre : ne s'en servir qu'avec peu d'unités."
        ),
        "Moves that outnumber the opponent on every corner, and their cost in steps.": (
            "Les déplacements qui surpassent l'adversaire sur chaque coin, et leur coût en pas."
        ),
        "the corners we hold must stay held": "les coins que nous tenons doivent le rester",
        "Go for the cheapest triangle we may capture, and stick to it (each plan made once:": (
            "Viser le triangle le moins cher que nous puissions prendre, et s'y tenir (chaque"
        ),
        "a turn has 50 ms).": "plan fait une seule fois : un tour dure 50 ms).",
    },
}

# A comment of the example (in it, a "#" only ever opens one): what precedes it, its text.
COMMENT = re.compile(r"^(.*?# )(.*)$")


def example_bot(language: str = "en") -> str:
    """The example bot with its comments in `language` (English where it has none)."""
    words = COMMENTS.get(language)
    if not words:
        return EXAMPLE_BOT
    lines = []
    for line in EXAMPLE_BOT.split("\n"):
        found = COMMENT.match(line)
        if found and found.group(2) in words:
            line = found.group(1) + words[found.group(2)]
        lines.append(line)
    return "\n".join(lines)
