"""Print deal codes and what they decode to; run under CPython and MicroPython and compared.

Only plain Python here: it must run on MicroPython 1.27 too.
"""

from triad.collection.dealcode import DealCodeError, decode, encode

CASES = [
    (0, [], "houses", None),
    (42, ["banner", "same"], "houses", None),
    (2**64 - 1, ["draft", "level_range", "power_wall"], "elements", [3, 5]),
    (123456789, ["random", "three_open", "sudden_death"], "houses", None),
    (7, ["level_range", "open"], "my_set_2", [8, 10]),
    (99, ["level_range"], "houses", None),
]
BAD = [
    "",
    "T1",
    "T1-HOUSES-1T-16",
    "T1-HOUSES-1T-16-WK",
    "t1-houses-1t-16-wj",
    "T1-HOUSES-1T-16-W!",
    "T2-HOUSES-1T-16-WJ",
    "T1--1T-16-WJ",
    "X" * 100,
]


def show(deal: dict[str, object]) -> str:
    return " ".join(repr(deal[k]) for k in ("seed", "rules", "set", "mode", "level_range"))


for seed, rules, set_id, band in CASES:
    code = encode(seed, rules, set_id, band)
    deal = decode(code)
    print(code, show(deal))
    assert decode(code.lower()) == deal
for text in BAD:
    try:
        print("ok", show(decode(text)))
    except DealCodeError as exc:
        print("error", exc)
for args in (
    (-1, [], "houses", None),
    (1, ["same", "joker"], "houses", None),
    (1, ["open", "three_open"], "houses", None),
    (1, [], "Houses-2", None),
    (1, ["level_range"], "houses", [2, 9]),
    (1, [], "houses", [2, 3]),
):
    try:
        print("ok", encode(args[0], args[1], args[2], args[3]))
    except DealCodeError as exc:
        print("error", exc)
