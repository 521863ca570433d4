"""The packed flip resolution agrees with the engine's on random positions, every rule."""

from __future__ import annotations

import random

import pytest

from tests.cpu.helpers import CAPTURE_RULES, random_game
from triad.cards import Card
from triad.cpu.context import Context, View
from triad.cpu.packed import OPPOSITE, POPCOUNT, Packed
from triad.state import GameState


@pytest.mark.parametrize("names", CAPTURE_RULES, ids=lambda n: "+".join(n) or "basic")
def test_packed_child_matches_engine_apply(names: list[str]) -> None:
    rng = random.Random("+".join(names))
    checked = 0
    for _ in range(80):
        state = random_game(rng, names, rng.randint(0, 8), small=rng.random() < 0.7)
        ctx = Context(View.of(state))
        for move in state.legal_moves():
            after, _ = state.apply(move)
            child = ctx.child_of(move, state.to_move)
            # compare boards cell by cell: card sides and owner
            w = ctx.packed.width
            for cell in range(9):
                code = child.position.key >> (w * cell) & ctx.packed.slot
                slot = after.board[cell]
                if slot is None:
                    assert code == 0
                    continue
                assert ctx.cards[code - 1] == slot.card, (state, move, cell)
                owned_by_mover = child.position.theirs >> cell & 1
                assert owned_by_mover == (slot.owner == state.to_move), (state, move, cell)
            assert POPCOUNT[child.position.mine | child.position.theirs] == after.placements
            checked += 1
    assert checked > (300 if "order" in names else 800)  # Order: one card to play


UNTYPED_RULES = [n for n in CAPTURE_RULES if "ascension" not in n and "descension" not in n]


def plain_candidates(pk: Packed, card: int, cell: int, key: int) -> int:
    """`Packed.candidates` worked out from the cards' printed sides, the slow plain way."""
    f = pk.flags
    beat = pk.basic(card, cell, key)
    if not (f.same or f.plus):
        return beat
    sides = pk.cards[card].sides
    same = 0
    same_cells = 0
    sums = []
    for d, q in enumerate(pk.neigh[cell]):
        if q < 0:
            if not f.broken_wall:
                same += f.same_wall and sides[d] == 10
                if f.plus_wall:
                    sums.append((sides[d] + 10, 0))
            continue
        code = key >> (pk.width * q) & pk.slot
        if code:
            other = pk.cards[code - 1].sides[OPPOSITE[d]]
            if f.same and sides[d] == other:
                same += 1
                same_cells |= 1 << q
            if f.plus:
                sums.append((sides[d] + other, 1 << q))
    special = same_cells if same >= 2 else 0
    totals = [total for total, _ in sums]
    for total, bit in sums:
        if totals.count(total) > 1:
            special |= bit
    if f.combo and special:
        return beat | special | special << 9 | (card + 1) << 18
    return beat | special


@pytest.mark.parametrize("names", UNTYPED_RULES, ids=lambda n: "+".join(n) or "basic")
def test_flip_caches_match_the_plain_computation(names: list[str]) -> None:
    # the caches work a miss out inline; each entry equals the plain computation
    # (`Packed.basic` reads the cards' comparison table, not a cache, here)
    rng = random.Random("caches " + "+".join(names))
    for _ in range(30):
        pk = Context(View.of(random_game(rng, names, 0, small=rng.random() < 0.7))).packed
        for _ in range(300):
            cell = rng.randrange(9)
            card, *others = rng.sample(range(len(pk.cards)), 5)
            key = (card + 1) << (pk.width * cell)
            for q, other in zip(pk.neigh[cell], others, strict=True):
                if q >= 0 and rng.random() < 0.85:
                    key |= (other + 1) << (pk.width * q)
            area = key & pk.area[cell]
            want = plain_candidates(pk, card, cell, key)
            assert pk.cache[cell][area] == want, (names, cell, key)
            assert pk.candidates(card, cell, key) == want, (names, cell, key)
            assert pk.basic_cache[cell][area] == pk.basic(card, cell, key), (names, cell, key)


@pytest.mark.parametrize(
    "names",
    [["ascension"], ["descension"], ["ascension", "reverse"], ["descension", "fallen_ace"]],
    ids=lambda n: "+".join(n),
)
def test_typed_flip_caches_match_the_plain_computation(names: list[str]) -> None:
    # under Ascension/Descension a miss is worked out inline from the counts in
    # the key; each entry equals `Packed._typed_beat` (values by `Packed.values`)
    rng = random.Random("typed caches " + "+".join(names))
    for _ in range(30):
        state = random_game(rng, names, 0, small=rng.random() < 0.7)
        hands = tuple(
            [Card.of(*c.sides, affinity=rng.choice(["fire", "fire", "ice", None])) for c in hand]
            for hand in state.hands
        )
        pk = Context(View.of(GameState.new(state.table, hands[0], hands[1]))).packed
        for _ in range(300):
            cell = rng.randrange(9)
            card, *others = rng.sample(range(len(pk.cards)), 5)
            down = [card]
            key = (card + 1) << (pk.width * cell)
            for q, other in zip(pk.neigh[cell], others, strict=True):
                if q >= 0 and rng.random() < 0.85:
                    key |= (other + 1) << (pk.width * q)
                    down.append(other)
            # each shared type's count: its cards shown here, and maybe more elsewhere
            for shift, mask in {k for k in pk.kin if k is not None}:
                kind = [i for i, k in enumerate(pk.kin) if k == (shift, mask)]
                shown = sum(i in down for i in kind)
                key |= rng.randint(shown, len(kind)) << shift
            area = key & pk.area[cell]
            want = pk._typed_beat(card, cell, key, card, 0x1FF)
            assert pk.basic_cache[cell][area] == want, (names, cell, key)
