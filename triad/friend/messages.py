"""The messages of a friend match, their compact JSON forms, secrets and commitments.

A friend match is a log of messages, each written by one side: the host
(who invites, and plays Blue) or the guest (Red). Who writes a message is
never in the message: `triad.friend.protocol` knows whose turn it is.

=======  ======  =========================================================
kind     by      carries
=======  ======  =========================================================
Invite   host    card set, rules, level band; commitments to the host's
                 hand secret (or picked hand) and public seed; whether
                 hands are picked from each player's collection
Answer   guest   commitment to the guest's hand secret; the guest's public
                 seed, revealed
Start    host    the host's public seed, revealed; the host's cards the
                 rules show at the start (Open, Three Open, Swap)
Show     guest   the guest's cards the rules show at the start
Pick     picker  under Draft, a card of the twelve laid out (its index
                 there), taken by the player to pick; every pick is public
Play     mover   a card (index in the mover's hand), a cell, and the card
                 itself (its position in the card set), which it reveals
Reveal   either  a hand secret, revealed once its side has no choice left
                 (with the five cards' positions, for a picked hand)
=======  ======  =========================================================

Secrets are 16 random bytes in URL-safe base64; a commitment is the first
16 bytes of the SHA-256 of a tagged secret (for a hand picked from a
collection, of the secret as a salt and the five cards' positions). JSON forms are short lists
(``["P", 2, 4, 37]``) so that a whole match fits a link.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass

from triad.deal import RULE_NAMES
from triad.friend.code import FriendError

__all__ = [
    "SECRET_BYTES",
    "Answer",
    "Invite",
    "Message",
    "Pick",
    "Play",
    "Reveal",
    "Secrets",
    "Show",
    "Start",
    "commit",
    "commit_hand",
    "message_from_json",
    "message_to_json",
    "new_secret",
]

#: Bytes of randomness in a secret (a hand secret, a public seed).
SECRET_BYTES = 16
_SECRET_TEXT = 22  # base64 characters of 16 bytes, without padding

#: Slot and card: (hand slot 0..4 as dealt, position of the card in the set).
Shown = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Invite:
    """The host's invitation: what is played, and the host's two commitments."""

    set_id: str
    rules: tuple[str, ...]
    level_range: tuple[int, int] | None
    hand: str
    public: str
    picked: bool = False
    #: The second player reveals its hand with its last choice (the first player's last
    #: move is forced), so that no message follows the last move (version 3 on).
    early: bool = False


@dataclass(frozen=True)
class Answer:
    """The guest's answer: a commitment to its hand secret, and its public seed."""

    hand: str
    public: str


@dataclass(frozen=True)
class Start:
    """The host reveals its public seed and the cards it shows from the start."""

    public: str
    shows: Shown


@dataclass(frozen=True)
class Show:
    """The guest's cards shown from the start."""

    shows: Shown


@dataclass(frozen=True)
class Pick:
    """Under Draft, the player to pick takes card ``index`` of the twelve laid out."""

    index: int


@dataclass(frozen=True)
class Play:
    """Card ``card`` of the mover's hand on ``cell``; ``card_id`` is its position in the set."""

    card: int
    cell: int
    card_id: int


@dataclass(frozen=True)
class Reveal:
    """A hand secret, revealed at the end of the game; ``cards``, a picked hand's positions."""

    secret: str
    cards: tuple[int, ...] = ()


Message = Invite | Answer | Start | Show | Pick | Play | Reveal


@dataclass(frozen=True)
class Secrets:
    """One side's secrets: its hand secret and its public seed (both base64 text).

    ``cards`` is a hand picked from the player's collection (the five cards'
    positions in the set), empty for a dealt hand.
    """

    hand: str
    public: str
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The JSON form kept in the browser's storage."""
        data: dict[str, object] = {"hand": self.hand, "public": self.public}
        if self.cards:
            data["cards"] = list(self.cards)
        return data

    def commitment(self) -> str:
        """The commitment to this side's hand: its secret, or its picked hand."""
        return commit_hand(self.hand, self.cards) if self.cards else commit("hand", self.hand)

    @classmethod
    def from_json(cls, data: object) -> Secrets:
        """Read `to_json` output.

        :raises FriendError: not two secrets.
        """
        if not isinstance(data, dict):
            raise FriendError("secrets must be an object")
        cards = _hand(data.get("cards", []), allow_empty=True)
        return cls(_secret(data.get("hand")), _secret(data.get("public")), cards)

    @classmethod
    def new(cls, source: Callable[[int], bytes] = os.urandom) -> Secrets:
        """Two fresh secrets from ``source`` (the system's randomness by default)."""
        return cls(new_secret(source), new_secret(source))


def new_secret(source: Callable[[int], bytes] = os.urandom) -> str:
    """A fresh secret: `SECRET_BYTES` random bytes in URL-safe base64."""
    return _b64(source(SECRET_BYTES))


def commit(kind: str, secret: str) -> str:
    """The commitment to ``secret`` (``kind`` is ``"hand"`` or ``"public"``)."""
    # (tagged "1" for good: a match begun in version 1 goes on in later ones)
    digest = hashlib.sha256(f"triad-friend/1/{kind}/{secret}".encode()).digest()
    return _b64(digest[:SECRET_BYTES])


def commit_hand(salt: str, cards: tuple[int, ...]) -> str:
    """The commitment to a hand picked from a collection: its salt and its cards' positions."""
    text = ",".join(str(n) for n in cards)
    digest = hashlib.sha256(f"triad-friend/1/picked/{salt}/{text}".encode()).digest()
    return _b64(digest[:SECRET_BYTES])


def message_to_json(message: Message) -> list[object]:
    """The compact JSON form of a message."""
    if isinstance(message, Invite):
        mask = sum(1 << i for i, name in enumerate(RULE_NAMES) if name in message.rules)
        low, high = message.level_range or (0, 0)
        head = ["I", message.set_id, mask, low, high, message.hand, message.public]
        flags = int(message.picked) | int(message.early) << 1
        return [*head, flags] if flags else head  # (an older invitation keeps its form)
    if isinstance(message, Answer):
        return ["A", message.hand, message.public]
    if isinstance(message, Start):
        return ["S", message.public, _shows_to_json(message.shows)]
    if isinstance(message, Show):
        return ["W", _shows_to_json(message.shows)]
    if isinstance(message, Pick):
        return ["K", message.index]
    if isinstance(message, Play):
        return ["P", message.card, message.cell, message.card_id]
    if message.cards:
        return ["R", message.secret, list(message.cards)]
    return ["R", message.secret]


def message_from_json(data: object) -> Message:
    """Read `message_to_json` output.

    :raises FriendError: anything that is not a well-formed message.
    """
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise FriendError(f"a message must be a list starting with its kind, got {data!r:.60}")
    kind, args = data[0], data[1:]
    arity = {"I": 6, "A": 2, "S": 2, "W": 1, "K": 1, "P": 3, "R": 1}.get(kind)
    flags = 0
    if kind == "I" and len(args) == 7 and args[6] in (1, 2, 3):
        flags, args = int(args[6]), args[:6]  # (1: hands picked; 2: the early reveal)
        picked = bool(flags & 1)
    elif kind == "R" and len(args) == 2:
        return Reveal(_secret(args[0]), _hand(args[1]))
    else:
        picked = False
    if arity is None or len(args) != arity:
        raise FriendError(f"not a message: {data!r:.60}")
    if kind == "I":
        set_id, mask, low, high = (
            args[0],
            _int(args[1], 1 << len(RULE_NAMES)),
            _int(args[2]),
            _int(args[3]),
        )
        if not isinstance(set_id, str) or not 0 < len(set_id) <= 40:
            raise FriendError(f"an invitation names no card set: {set_id!r:.60}")
        rules = tuple(name for i, name in enumerate(RULE_NAMES) if mask >> i & 1)
        band = None if low == high == 0 else (low, high)
        secrets = _secret(args[4]), _secret(args[5])
        return Invite(set_id, rules, band, *secrets, picked, bool(flags & 2))
    if kind == "A":
        return Answer(_secret(args[0]), _secret(args[1]))
    if kind == "S":
        return Start(_secret(args[0]), _shows_from_json(args[1]))
    if kind == "W":
        return Show(_shows_from_json(args[0]))
    if kind == "K":
        return Pick(_int(args[0]))
    if kind == "P":
        return Play(_int(args[0]), _int(args[1], 1 << len(RULE_NAMES)), _int(args[2]))
    return Reveal(_secret(args[0]))


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _secret(value: object) -> str:
    if not isinstance(value, str) or len(value) != _SECRET_TEXT:
        raise FriendError(
            f"a secret or commitment must be {_SECRET_TEXT} characters: {value!r:.40}"
        )
    try:
        raw = base64.urlsafe_b64decode(value + "==")
    except (binascii.Error, ValueError):
        raise FriendError(f"a secret or commitment does not read: {value!r}") from None
    if _b64(raw) != value:
        raise FriendError(f"a secret or commitment does not read: {value!r}")
    return value


def _int(value: object, limit: int = 1 << 16) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise FriendError(f"expected a small whole number, got {value!r:.40}")
    return value


def _hand(data: object, allow_empty: bool = False) -> tuple[int, ...]:
    if allow_empty and data == []:
        return ()
    if not isinstance(data, list) or len(data) != 5:
        raise FriendError(f"a picked hand must be five cards, got {data!r:.60}")
    return tuple(_int(n) for n in data)


def _shows_to_json(shows: Shown) -> list[int]:
    return [n for pair in shows for n in pair]


def _shows_from_json(data: object) -> Shown:
    if not isinstance(data, list) or len(data) % 2 or len(data) > 20:
        raise FriendError(f"shown cards must be pairs of numbers, got {data!r:.60}")
    numbers = [_int(n) for n in data]
    return tuple((numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2))
