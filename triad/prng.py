"""A small seeded random number generator that gives the same numbers everywhere.

SplitMix64 with explicit 64-bit masking, so CPython, Pyodide and MicroPython
(all with arbitrary-size ints) produce identical streams from one seed. The
deal (`triad.deal`) is computed on the page's main thread under MicroPython
and again in the engine under Pyodide or CPython: both must agree exactly.

This module imports nothing and uses only plain annotations, so it runs on
MicroPython 1.27 as well as CPython 3.11+.

Integers in ``[0, n)`` use rejection sampling (no modulo bias); shuffles are
Fisher-Yates over index lists (`permutation`, `sample`), which keeps the
typing simple without generics.
"""

MASK64 = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def mix64(value: int) -> int:
    """The SplitMix64 finaliser: a well-mixed 64-bit hash of a 64-bit value."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31)


def seed_from_text(text: str) -> int:
    """A 64-bit seed from any text (FNV-1a over its UTF-8 bytes, then mixed)."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return mix64(h)


class Rng:
    """SplitMix64 generator. ``Rng(seed).next64()`` is the same on every Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit unsigned value."""
        self.state = (self.state + _GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)``; ``n`` must be at least 1.

        :raises ValueError: ``n`` < 1.
        """
        if n < 1:
            raise ValueError("below() needs n >= 1, got " + str(n))
        limit = ((MASK64 + 1) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def between(self, low: int, high: int) -> int:
        """A uniform int in ``[low, high]`` (both included)."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability ``numerator / denominator``."""
        return self.below(denominator) < numerator

    def permutation(self, n: int) -> list[int]:
        """A uniformly shuffled ``[0, 1, ..., n - 1]`` (Fisher-Yates)."""
        items = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, n: int, k: int) -> list[int]:
        """``k`` distinct indices from ``range(n)``, in draw order.

        :raises ValueError: ``k`` > ``n``.
        """
        if k > n:
            raise ValueError("cannot draw " + str(k) + " of " + str(n))
        items = list(range(n))
        for i in range(k):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def fork(self, tag: int) -> "Rng":
        """An independent generator derived from this one's seed state and ``tag``.

        Does not advance this generator.
        """
        return Rng(mix64(self.state ^ mix64(tag + _GOLDEN)))
