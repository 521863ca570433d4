"""Two sides of a friend match played through codes, for the protocol's tests."""

from __future__ import annotations

import random
from dataclasses import replace

from triad.cards import CardSet, builtin_set
from triad.friend import protocol as fp
from triad.friend.messages import Message, Play, Reveal, Secrets
from triad.state import Move

HOUSES = builtin_set("houses")


class Side:
    """One browser: its role, its secrets and its copy of the log."""

    def __init__(
        self, me: fp.Player, seed: int, card_set: CardSet = HOUSES, hand: tuple[int, ...] = ()
    ) -> None:
        rng = random.Random(seed)
        self.me = me
        self.secrets = replace(Secrets.new(lambda n: rng.randbytes(n)), cards=hand)
        self.card_set = card_set
        self.log: list[Message] = []
        self.moves = random.Random(seed + 1)

    @property
    def progress(self) -> fp.Progress:
        return fp.replay(self.log, self.card_set)

    def invite(self, rules: list[str], band: tuple[int, int] | None = None) -> str:
        picked = bool(self.secrets.cards)
        self.log = [fp.invite(self.card_set.id, rules, band, self.secrets, picked)]
        return fp.log_to_code(self.log)

    def take(self, code: str) -> fp.Progress:
        progress = fp.receive(self.log, fp.log_from_code(code), self.me, self.card_set)
        self.log = list(progress.log)
        return progress

    def act(self) -> str:
        """Write every message that is this side's to write now (one move at most)."""
        played = False
        while True:
            progress = self.progress
            if progress.over or progress.author is not self.me:
                break
            kind = progress.expect
            if kind == "play":
                if played:
                    break
                state = fp.view(progress, self.me, self.secrets)
                move = self.moves.choice(state.legal_moves())
                self.log.append(self.forge(fp.play(progress, self.me, self.secrets, move)))
                played = True
            elif kind == "pick":  # (picks alternate: one at a time, then maybe the first move)
                draft = progress.draft
                assert draft is not None
                self.log.append(fp.pick(progress, self.me, self.moves.choice(draft.available)))
            elif kind == "answer":
                self.log.append(fp.answer(self.secrets, progress.invite.picked))
            elif kind == "start":
                self.log.append(fp.start(progress, self.secrets))
            elif kind == "show":
                self.log.append(fp.show(progress, self.secrets))
            else:
                self.log.append(self.reveal(fp.reveal(self.secrets)))
        return fp.log_to_code(self.log)

    def forge(self, message: Play) -> Play:
        """What this side sends for a move it means (an honest side sends it as it is)."""
        return message

    def reveal(self, message: Reveal) -> Reveal:
        """What this side reveals at the end (an honest side reveals it as it is)."""
        return message


class Cheat(Side):
    """A side that plays a strong card it was never dealt for its first move."""

    def forge(self, message: Play) -> Play:
        dealt = set(fp.own_hand(self.progress, self.me, self.secrets))
        if getattr(self, "cheated", False):
            return message
        self.cheated = True
        strong = [i for i, card in enumerate(HOUSES.cards) if i not in dealt and card.level >= 9]
        return Play(message.card, message.cell, strong[0])


def play_match(
    rules: list[str],
    seed: int,
    band: tuple[int, int] | None = None,
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
) -> tuple[Side, Side]:
    """A whole match between two sides exchanging codes; returns (host, guest).

    ``hands``: the host's and the guest's hands picked from their collections (set
    positions), for a match with picked hands.
    """
    host = Side(fp.HOST, seed, hand=hands[0])
    guest = Side(fp.GUEST, seed + 100, hand=hands[1])
    return exchange(host, guest, host.invite(rules, band))


def exchange(host: Side, guest: Side, code: str) -> tuple[Side, Side]:
    """Pass codes back and forth from the invitation ``code`` until the match is over."""
    current, other = guest, host
    for _ in range(100):
        current.take(code)
        code = current.act()
        if current.progress.over:
            if len(other.log) < len(current.log):
                other.take(code)
            return host, guest
        current, other = other, current
    raise AssertionError("the match did not end")


__all__ = ["HOUSES", "Cheat", "Move", "Side", "exchange", "play_match"]
