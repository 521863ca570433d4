"""``java.util.Random``, bit for bit: the generator CodinGame's referee builds its maps with.

A 48-bit linear congruential generator (Knuth, TAOCP vol. 2, 3.2.1), as the
Java documentation specifies it:

- the seed (any signed 64-bit value; only its low 48 bits matter) is
  scrambled once: ``state = (seed ^ 0x5DEECE66D) mod 2**48``;
- each step: ``state = (state * 0x5DEECE66D + 0xB) mod 2**48``, and a draw of
  ``k`` bits is the top ``k`` bits of the new state, as a signed 32-bit int;
- ``next_int(n)``: for a power of two the top bits scaled, else 31 bits
  modulo ``n``, drawing again while the draw falls in the last, partial block
  of ``n`` (the test Java writes with an int overflow);
- ``next_double()``: 26 then 27 bits, ``(a << 27 | b) / 2**53``.

Pure integer arithmetic, so it gives the same numbers under CPython and Pyodide.
"""

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK48 = (1 << 48) - 1


class JavaRandom:
    """The sequence ``new java.util.Random(seed)`` gives."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = (seed ^ _MULTIPLIER) & _MASK48

    def next_bits(self, bits: int) -> int:
        """Java's ``next(bits)``: the top ``bits`` bits of the next state, as a signed int."""
        self._state = (self._state * _MULTIPLIER + _ADDEND) & _MASK48
        value = self._state >> (48 - bits)
        # Java casts to int: 32 bits drawn are read as a signed value.
        return value - (1 << 32) if bits == 32 and value >= 1 << 31 else value

    def next_int(self, bound: int) -> int:
        """An int in ``[0, bound)``, exactly as ``Random.nextInt(bound)``.

        :raises ValueError: if ``bound`` is not positive (Java throws too).
        """
        if bound <= 0:
            raise ValueError(f"bound must be positive: {bound}")
        state = self._state
        if bound & (bound - 1) == 0:
            state = (state * _MULTIPLIER + _ADDEND) & _MASK48
            self._state = state
            return (bound * (state >> 17)) >> 31
        while True:  # next_bits(31), inlined: the map generator draws 20,000 of these
            state = (state * _MULTIPLIER + _ADDEND) & _MASK48
            bits = state >> 17
            value = bits % bound
            # Java: bits - value + (bound - 1) < 0 in int arithmetic, i.e. it overflows 2**31 - 1.
            if bits - value + bound - 1 < 1 << 31:
                self._state = state
                return value

    def next_double(self) -> float:
        """A double in ``[0, 1)``, exactly as ``Random.nextDouble()``."""
        high = self.next_bits(26)
        low = self.next_bits(27)
        return ((high << 27) + low) * (1.0 / (1 << 53))
