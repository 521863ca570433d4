"""Match results and cards traded: the collection's statistics and the tournament's records.

One `Tally` serves both parts of the save (``save.stats`` and the tournament
part's ``records``), which cannot import each other: the save reads the
tournament part. JSON form: ``{"wins", "losses", "draws", "cards_won",
"cards_lost"}``, each a whole number 0..`MOST`; a missing key is 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from triad.cards import json_kind

__all__ = ["KEYS", "MOST", "Tally"]

#: The highest count kept: a count stops there.
MOST = 10**9
#: The JSON keys, in the order of `Tally`'s fields.
KEYS: tuple[str, ...] = ("wins", "losses", "draws", "cards_won", "cards_lost")


@dataclass(frozen=True)
class Tally:
    """Match results and cards traded, overall or against one opponent."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    cards_won: int = 0
    cards_lost: int = 0

    def add(self, outcome: str, won: int = 0, lost: int = 0) -> Tally:
        """After one more match (``outcome`` is win, loss or draw)."""
        return Tally(
            min(MOST, self.wins + (outcome == "win")),
            min(MOST, self.losses + (outcome == "loss")),
            min(MOST, self.draws + (outcome == "draw")),
            min(MOST, self.cards_won + won),
            min(MOST, self.cards_lost + lost),
        )

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.wins + other.wins,
            self.losses + other.losses,
            self.draws + other.draws,
            self.cards_won + other.cards_won,
            self.cards_lost + other.cards_lost,
        )

    def to_json(self) -> dict[str, int]:
        """``{"wins", "losses", "draws", "cards_won", "cards_lost"}``."""
        return {key: getattr(self, key) for key in KEYS}

    @classmethod
    def from_json(cls, data: object, where: str, error: type[ValueError] = ValueError) -> Tally:
        """Parse and check; ``error`` is the reading part's own error (the save's, the tournament's).

        :raises error: not an object of whole numbers 0..`MOST`; the message names the field.
        """
        if not isinstance(data, Mapping):
            raise error(f"{where}: must be an object, got {json_kind(data)}")
        values = [data.get(key, 0) for key in KEYS]
        for key, value in zip(KEYS, values, strict=True):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST:
                raise error(f"{where}.{key}: must be a whole number 0..{MOST}, got {value!r}")
        return cls(*values)
