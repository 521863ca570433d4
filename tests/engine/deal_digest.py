"""Print a canonical digest of many deals; run under CPython and MicroPython and compared.

Only plain Python here: it must run on MicroPython 1.27 too.
"""

import json

from triad.deal import (
    board_setup,
    chaos_draw,
    chaos_stream,
    deal,
    deal_code,
    parse_deal_code,
    set_tables,
    shown_setup,
    swap_hands,
)
from triad.prng import Rng, seed_from_text

RULE_SETS = [
    [],
    ["banner"],
    ["elemental", "power_wall"],
    ["random", "three_open", "banner"],
    ["draft", "level_range", "power_wall", "elemental"],
    ["level_range", "open", "sudden_death", "power_wall"],
    ["same", "plus", "combo", "banner", "power_wall", "three_open"],
    ["roulette", "swap", "banner"],
    ["roulette", "chaos", "ascension", "draft"],
]
SEEDS = [0, 1, 2, 42, 2**32 + 5, 2**64 - 1, 12345678901234567890, seed_from_text("triad")]


def canon(d):
    return [
        d.first,
        d.hands,
        d.draft,
        d.first_pick,
        d.cells,
        [list(r) for r in d.restrictions],
        d.shown,
        d.level_range,
        d.rules,
        d.roulette,
        d.swap,
        swap_hands(d.hands, d.swap),
        [chaos_draw(chaos_stream(d.seed, r), t, 5 - t // 2) for r in (0, 1) for t in range(9)],
    ]


def load_set(name):
    for folder in ("triad/data/", "/lib/triad/data/"):
        try:
            with open(folder + name + ".json") as f:
                return json.load(f)
        except OSError:
            pass
    raise OSError("card set " + name + " not found")


def real_sets():
    for name, rules in (("houses", ["banner", "three_open"]), ("elements", ["elemental", "draft"])):
        levels, powers, affinities = set_tables(load_set(name))
        print(name, len(levels), sum(powers), repr(affinities))
        walls = list(rules)
        walls.append("power_wall")
        for seed in (0, 7, 2**63):
            print(repr(canon(deal(seed, walls, levels, powers, affinities))))
        d = deal(5, ["level_range", "banner"], levels, powers, affinities)
        print(repr(canon(d)))


def main():
    levels = [1 + i // 11 for i in range(110)]
    powers = [10 + 2 * levels[i] + (i * 7) % 4 for i in range(110)]
    affinities = ["a", "b", "c", "d", "e", "f", "g", "h"]
    rng = Rng(99)
    print(repr([rng.next64() for _ in range(5)]))
    print(repr([rng.below(n) for n in (1, 2, 3, 7, 10, 1000, 2**40 + 3)]))
    print(repr(rng.permutation(12)), repr(rng.sample(110, 10)), repr(rng.fork(3).next64()))
    for seed in SEEDS:
        for rules in RULE_SETS:
            d = deal(seed, rules, levels, powers, affinities)
            print(repr(canon(d)))
            code = deal_code(seed, rules, "houses", d.level_range)
            print(code, repr(parse_deal_code(code)))
        d = deal(seed, ["level_range"], levels, powers, affinities, level_range=[4, 5])
        print(repr(canon(d)))
        pools = [list(range(0, 40)), list(range(60, 110, 2))]
        d = deal(seed, ["random", "banner"], levels, powers, affinities, pools=pools)
        print(repr(canon(d)))
        d = deal(
            seed, ["banner"], levels, powers, affinities, hands=[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
        )
        print(repr(canon(d)))
        for round_ in (1, 2, 5):
            print(
                repr(board_setup(seed, ["banner", "power_wall"], affinities, [20, 21, 22], round_)),
                repr(shown_setup(seed, ["three_open"], round_)),
            )
    real_sets()


main()
