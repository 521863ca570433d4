"""Friend matches with hands picked from each player's collection: committed, then checked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.friend.helpers import HOUSES, Side, exchange, play_match
from triad.friend import protocol as fp
from triad.friend.code import FriendError
from triad.friend.messages import (
    Invite,
    Play,
    Reveal,
    Secrets,
    commit,
    commit_hand,
    message_from_json,
    message_to_json,
)

HOST_HAND = (0, 1, 2, 3, 4)
GUEST_HAND = (10, 10, 11, 12, 10)  # three copies of one card


@pytest.mark.parametrize(
    "rules", [[], ["open"], ["three_open", "swap"], ["chaos", "sudden_death"], ["order"]]
)
def test_a_whole_picked_match_plays_each_sides_own_hand(rules: list[str]) -> None:
    host, guest = play_match(rules, 5, hands=(HOST_HAND, GUEST_HAND))
    progress = host.progress
    assert host.log == guest.log and progress.invite.picked
    assert progress.over and progress.cheat is None
    assert sorted(progress.claims[fp.HOST].values()) == sorted(HOST_HAND)
    assert sorted(progress.claims[fp.GUEST].values()) == sorted(GUEST_HAND)
    reveals = [m for m in progress.log if isinstance(m, Reveal)]
    assert sorted(r.cards for r in reveals) == sorted([HOST_HAND, GUEST_HAND])


def test_the_picked_hand_is_in_place_from_the_start() -> None:
    host, guest = Side(fp.HOST, 1, hand=HOST_HAND), Side(fp.GUEST, 2, hand=GUEST_HAND)
    guest.take(host.invite(["open"]))
    host.take(guest.act())
    guest.take(host.act())
    state = fp.view(guest.progress, fp.GUEST, guest.secrets)
    assert [HOUSES.cards.index(c) for c in state.hands[fp.GUEST]] == list(GUEST_HAND)
    # under Open the guest's page sees the host's picked hand too
    assert [HOUSES.cards.index(c) for c in state.hands[fp.HOST]] == list(HOST_HAND)


def test_a_dealt_invitation_keeps_its_form_and_a_picked_one_says_so() -> None:
    mine = replace(Secrets.new(), cards=HOST_HAND)
    plain = fp.invite("houses", ["open"], None, mine)
    picked = fp.invite("houses", ["open"], None, mine, picked=True)
    # flags: 1, hands picked; 2, the early reveal (version 3 on): older forms read as they were
    old, old_picked = replace(plain, early=False), replace(picked, early=False)
    assert len(message_to_json(old)) == 7 and message_to_json(old_picked)[-1] == 1
    assert message_to_json(plain)[-1] == 2 and message_to_json(picked)[-1] == 3
    for message in (plain, picked, old, old_picked):
        assert message_from_json(message_to_json(message)) == message
    assert picked.hand == commit_hand(mine.hand, HOST_HAND) != commit("hand", mine.hand)
    assert fp.match_id(plain) == fp.match_id(replace(picked, picked=False, hand=plain.hand))


@pytest.mark.parametrize(
    ("rules", "band"), [(["random"], None), (["draft"], None), (["level_range"], (2, 5))]
)
def test_random_level_range_and_draft_need_dealt_hands(
    rules: list[str], band: tuple[int, int] | None
) -> None:
    mine = replace(Secrets.new(), cards=HOST_HAND)
    with pytest.raises(FriendError) as caught:
        fp.invite("houses", rules, band, mine, picked=True)
    assert caught.value.code == "friend_picked_rules"
    forged = Invite(
        "houses", tuple(rules), band, mine.commitment(), commit("public", "x" * 22), True
    )
    with pytest.raises(FriendError) as caught:
        fp.replay([forged], HOUSES)
    assert caught.value.code == "friend_picked_rules"


def test_no_picked_hand_no_invitation_nor_answer() -> None:
    with pytest.raises(FriendError) as caught:
        fp.invite("houses", [], None, Secrets.new(), picked=True)
    assert caught.value.code == "friend_hand"
    with pytest.raises(FriendError) as caught:
        fp.answer(Secrets.new(), picked=True)
    assert caught.value.code == "friend_hand"


class LyingReveal(Side):
    """Reveals another hand than the one it committed to."""

    def reveal(self, message: Reveal) -> Reveal:
        return Reveal(message.secret, (20, 21, 22, 23, 24))


class StrongCard(Side):
    """Plays, on its first move, a card that is not in the hand it committed to."""

    def forge(self, message: Play) -> Play:
        if getattr(self, "cheated", False):
            return message
        self.cheated = True
        return Play(message.card, message.cell, 99)


class ExtraCopy(Side):
    """Plays a fourth copy of a card its committed hand holds three of."""

    def forge(self, message: Play) -> Play:
        return Play(message.card, message.cell, 10)


@pytest.mark.parametrize(
    ("host_kind", "guest_kind", "rules", "cheat", "reason"),
    [
        # a reveal that does not match its commitment names the side
        (Side, LyingReveal, [], fp.GUEST, "friend_commit"),
        # a card played that is not in the committed hand is caught at the reveal
        (StrongCard, Side, ["chaos"], fp.HOST, "friend_mismatch"),
        # copies are counted slot by slot: three copies may come from three slots, not
        # a fourth from a slot that holds another card
        (Side, ExtraCopy, [], fp.GUEST, "friend_mismatch"),
    ],
    ids=["false-reveal", "card-not-committed", "extra-copy"],
)
def test_a_false_picked_hand_ends_the_match_with_a_verdict(
    host_kind: type[Side], guest_kind: type[Side], rules: list[str], cheat: fp.Player, reason: str
) -> None:
    host = host_kind(fp.HOST, 3, hand=HOST_HAND)
    guest = guest_kind(fp.GUEST, 4, hand=GUEST_HAND)
    exchange(host, guest, host.invite(rules))
    for side in (host, guest):
        progress = side.progress
        assert progress.over and progress.cheat is cheat and progress.reason == reason


def test_an_honest_hand_with_copies_plays_through() -> None:
    _, guest = play_match([], 3, hands=(HOST_HAND, GUEST_HAND))
    assert guest.progress.over and guest.progress.cheat is None


def test_a_card_not_of_the_set_is_refused_at_once() -> None:
    host = Side(fp.HOST, 3, hand=HOST_HAND)
    guest = Side(fp.GUEST, 4, hand=GUEST_HAND)
    guest.take(host.invite([]))
    host.take(guest.act())
    guest.take(host.act())
    progress = guest.progress
    if progress.author is fp.GUEST:
        guest.log.append(Play(0, 0, len(HOUSES.cards)))
        with pytest.raises(FriendError) as caught:
            host.take(fp.log_to_code(guest.log))
    else:
        host.log.append(Play(0, 0, len(HOUSES.cards)))
        with pytest.raises(FriendError) as caught:
            guest.take(fp.log_to_code(host.log))
    assert caught.value.code == "friend_forged"


def test_a_picked_log_round_trips_through_a_code() -> None:
    host, _ = play_match(["open"], 6, hands=(HOST_HAND, GUEST_HAND))
    assert fp.log_from_code(fp.log_to_code(host.log)) == host.log
    assert Secrets.from_json(host.secrets.to_json()) == host.secrets
