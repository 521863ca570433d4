"""The friend protocol: whole matches through codes, and every kind of cheating caught."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.friend.helpers import HOUSES, Cheat, Side, exchange, play_match
from triad.friend import protocol as fp
from triad.friend.code import VERSION, FriendError, decode, encode
from triad.friend.messages import (
    Pick,
    Play,
    Reveal,
    Secrets,
    Start,
    message_from_json,
    message_to_json,
)
from triad.match import MatchConfig, deal_match
from triad.rules import RuleSet
from triad.state import GameState, Move

RULE_SETS = [
    [],
    ["open"],
    ["three_open", "swap"],
    ["random", "chaos"],
    ["order", "sudden_death"],
    ["roulette", "power_wall", "banner"],
    ["level_range", "same", "plus", "combo"],
    ["swap", "open", "chaos", "elemental"],
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "+".join(r) or "plain")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_match_both_sides_agree(rules: list[str], seed: int) -> None:
    host, guest = play_match(rules, seed)
    assert host.log == guest.log
    progress = host.progress
    assert progress.over and progress.cheat is None
    assert progress.state is not None and progress.state.is_terminal
    assert sum(progress.state.score) == 10
    if progress.round == 0:
        assert progress.state == _full_knowledge_replay(progress)


def test_sudden_death_rounds_are_played_with_every_card_known() -> None:
    host, _ = play_match(["sudden_death", "chaos"], 4)  # a seed whose games are drawn
    progress = host.progress
    assert progress.round >= 1 and progress.over
    assert fp.HIDDEN not in progress.state.hands[0] + progress.state.hands[1]  # type: ignore[union-attr]


def test_a_whole_match_fits_a_short_code() -> None:
    host, _ = play_match(["three_open", "chaos"], 5)
    assert len(fp.log_to_code(host.log)) < 450


def test_hidden_cards_stay_hidden_until_played() -> None:
    host, guest = Side(fp.HOST, 7), Side(fp.GUEST, 8)
    guest.take(host.invite(["three_open"]))
    host.take(guest.act())
    guest.take(host.act())
    progress = guest.progress
    assert progress.expect in {"show", "play"}
    # the guest knows exactly the three cards of the host's that Three Open shows
    assert sorted(progress.claims[fp.HOST]) == progress.required_shows(fp.HOST)
    assert len(progress.claims[fp.HOST]) == 3
    state = progress.state
    assert state is not None
    assert sum(card is fp.HIDDEN for card in state.hands[fp.HOST]) == 2


def test_shared_chance_needs_both_seeds() -> None:
    # the same host with two guests: another guest seed deals another table
    tables = set()
    for guest_seed in range(20, 26):
        host, guest = Side(fp.HOST, 9), Side(fp.GUEST, guest_seed)
        guest.take(host.invite(["chaos", "power_wall", "banner"]))
        host.take(guest.act())
        guest.take(host.act())
        match = guest.progress.match
        assert match is not None
        tables.add((match.first, match.table))
    assert len(tables) > 3


def test_a_hand_depends_on_the_other_sides_seed() -> None:
    secret = Secrets.new(lambda n: bytes(n)).hand
    candidates = list(range(len(HOUSES)))
    one = fp.dealt_hand(secret, "A" * 22, candidates)
    two = fp.dealt_hand(secret, "B" * 22, candidates)
    assert one != two and len(set(one)) == 5


# -- codes -------------------------------------------------------------------


def test_code_round_trip_and_link() -> None:
    doc = [["A", 1, 2], {"x": "é"}]
    code = encode(doc)
    assert code.startswith(f"TF{VERSION}.")
    assert decode(code) == doc
    assert decode(f"https://example.itch.io/triad#friend={code}") == doc
    assert decode(code[:30] + "\n  " + code[30:]) == doc


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "friend_empty"),
        ("   ", "friend_empty"),
        ("hello", "friend_bad"),
        ("T1-HOUSES-41-3RZ8K2-7Q", "friend_bad"),
        ("TF9.abc.defg", "friend_version_newer"),
        ("TF2x.abc.defg", "friend_version"),
        ("TF0.abc.defg", "friend_version"),
    ],
)
def test_bad_codes_are_named(text: str, reason: str) -> None:
    with pytest.raises(FriendError) as caught:
        decode(text)
    assert caught.value.code == reason


@given(st.data())
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
def test_a_damaged_code_is_caught(data: st.DataObject) -> None:
    code = _CODE
    i = data.draw(st.integers(4, len(code) - 1))
    ch = data.draw(
        st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    )
    damaged = code[:i] + ch + code[i + 1 :]
    cut = code[: data.draw(st.integers(5, len(code) - 1))]
    for text in (damaged, cut):
        if text == code:
            continue
        with pytest.raises(FriendError) as caught:
            fp.log_from_code(text)
        assert caught.value.code in {"friend_damaged", "friend_bad"}


_CODE = fp.log_to_code(play_match(["three_open", "chaos"], 6)[0].log)


# -- cheating and mistakes ---------------------------------------------------


def _setup(rules: list[str], seed: int = 11) -> tuple[Side, Side]:
    host, guest = Side(fp.HOST, seed), Side(fp.GUEST, seed + 1)
    guest.take(host.invite(rules))
    host.take(guest.act())
    guest.take(host.act())
    if guest.progress.expect == "show":
        guest.log.append(fp.show(guest.progress, guest.secrets))
        host.take(fp.log_to_code(guest.log))
    return host, guest


def _mover(host: Side, guest: Side) -> tuple[Side, Side]:
    author = host.progress.author
    return (host, guest) if author is fp.HOST else (guest, host)


def test_a_replayed_code_changes_nothing() -> None:
    host, guest = _setup([])
    mover, other = _mover(host, guest)
    code = mover.act()
    other.take(code)
    with pytest.raises(FriendError) as caught:
        other.take(code)
    assert caught.value.code == "friend_old"


def test_a_code_of_another_match() -> None:
    _, guest = _setup([])
    stranger, _ = _setup([], seed=40)
    with pytest.raises(FriendError) as caught:
        guest.take(fp.log_to_code(stranger.log))
    assert caught.value.code == "friend_other_match"


def test_a_code_that_rewrites_a_move_already_played() -> None:
    host, guest = _setup([])
    mover, other = _mover(host, guest)
    other.take(mover.act())
    reply = other.act()
    log = fp.log_from_code(reply)
    played = next(i for i, m in enumerate(log) if isinstance(m, Play))
    first = log[played]
    assert isinstance(first, Play)
    log[played] = replace(first, cell=(first.cell + 1) % 9)
    with pytest.raises(FriendError) as caught:
        mover.take(fp.log_to_code(log))
    assert caught.value.code == "friend_rewritten"


def test_a_move_written_for_the_other_side_is_refused() -> None:
    host, guest = _setup([])
    mover, other = _mover(host, guest)
    # the mover plays, then forges the other side's reply too
    mover.act()
    progress = mover.progress
    state = fp.view(progress, other.me, other.secrets)  # (the forger guesses; any card will do)
    forged = fp.play(progress, other.me, other.secrets, state.legal_moves()[0])
    with pytest.raises(FriendError) as caught:
        other.take(fp.log_to_code([*mover.log, forged]))
    assert caught.value.code == "friend_turn"


def test_an_illegal_move_is_refused() -> None:
    host, guest = _setup([])
    mover, other = _mover(host, guest)
    other.take(mover.act())
    reply = fp.log_from_code(other.act())
    last = reply[-1]
    first_cell = next(m.cell for m in reply if isinstance(m, Play))
    assert isinstance(last, Play)
    reply[-1] = replace(last, cell=first_cell)  # a taken cell
    with pytest.raises(FriendError) as caught:
        mover.take(fp.log_to_code(reply))
    assert caught.value.code == "friend_illegal"


def test_chaos_forces_the_drawn_card() -> None:
    host, guest = _setup(["chaos"])
    mover, other = _mover(host, guest)
    progress = mover.progress
    state = fp.view(progress, mover.me, mover.secrets)
    forced = state.forced
    assert forced is not None
    wrong = (forced + 1) % len(state.hands[mover.me])
    cards = HOUSES.cards
    forged = Play(wrong, 0, cards.index(state.hands[mover.me][wrong]))
    with pytest.raises(FriendError) as caught:
        other.take(fp.log_to_code([*mover.log, forged]))
    assert caught.value.code == "friend_illegal"


def test_a_card_other_than_the_one_shown_is_refused() -> None:
    host, guest = _setup(["open"])
    mover, other = _mover(host, guest)
    state = fp.view(mover.progress, mover.me, mover.secrets)
    shown = state.hands[mover.me][0]
    impostor = next(
        i for i, c in enumerate(HOUSES.cards) if c != shown and c not in state.hands[mover.me]
    )
    with pytest.raises(FriendError) as caught:
        other.take(fp.log_to_code([*mover.log, Play(0, 4, impostor)]))
    assert caught.value.code == "friend_forged"


def test_a_hand_that_does_not_match_its_commitment() -> None:
    # the host plays a card it was never dealt: caught when it reveals at the end
    host, guest = Cheat(fp.HOST, 21), Side(fp.GUEST, 22)
    exchange(host, guest, host.invite([]))
    for side in (host, guest):
        progress = side.progress
        assert progress.over and progress.cheat is fp.HOST and progress.reason == "friend_mismatch"


def test_a_reveal_that_does_not_match_its_commitment() -> None:
    host, _ = play_match([], 12)
    log = list(host.log)
    reveal_at = next(i for i, m in enumerate(log) if isinstance(m, Reveal))
    author = fp.replay(log[:reveal_at], HOUSES).author
    log[reveal_at] = Reveal(Secrets.new(lambda n: b"\x01" * n).hand)
    progress = fp.replay(log[: reveal_at + 1], HOUSES)
    assert progress.over and progress.cheat is author and progress.reason == "friend_commit"


def test_a_start_whose_seed_does_not_match_its_commitment() -> None:
    host, guest = Side(fp.HOST, 31), Side(fp.GUEST, 32)
    guest.take(host.invite([]))
    host.take(guest.act())
    host.act()
    start = host.log[2]
    assert isinstance(start, Start)
    host.log[2] = replace(start, public=Secrets.new(lambda n: b"\x02" * n).public)
    with pytest.raises(FriendError) as caught:
        guest.take(fp.log_to_code(host.log))
    assert caught.value.code == "friend_forged"


def test_unknown_rules_are_refused() -> None:
    for rules in (["nonsense"], ["open", "three_open"], ["draft", "random"]):
        with pytest.raises(FriendError) as caught:
            fp.invite("houses", rules, None, Secrets.new())
        assert caught.value.code == "friend_rules"


@given(st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_tampered_log_is_refused_or_plays_on(data: st.DataObject) -> None:
    # nothing a code carries can crash a side: a tampered log is refused with
    # a FriendError, or it is a log the engine accepts move for move
    original = data.draw(st.sampled_from([_LOG, _DRAFT_LOG]))  # hidden hands, or a draft
    items = [message_to_json(m) for m in original]
    i = data.draw(st.integers(0, len(items) - 1))
    item = list(items[i])
    j = data.draw(st.integers(0, len(item) - 1))
    item[j] = data.draw(
        st.one_of(
            st.integers(-2, 200),
            st.text(max_size=24),
            st.none(),
            st.booleans(),
            st.lists(st.integers(-1, 120), max_size=8),
        )
    )
    items[i] = item
    if data.draw(st.booleans()):
        del items[data.draw(st.integers(0, len(items) - 1))]
    code = encode(json.loads(json.dumps(items)))
    try:
        log = fp.log_from_code(code)
        progress = fp.receive(original[:2], log, fp.GUEST, HOUSES)
    except FriendError:
        return
    assert progress.state is None or sum(progress.state.score) == 10


_LOG = play_match(["three_open", "swap", "chaos"], 13)[0].log
_DRAFT_LOG = play_match(["draft", "three_open"], 14)[0].log


def test_message_forms_round_trip() -> None:
    for message in _LOG + _DRAFT_LOG:
        assert message_from_json(message_to_json(message)) == message


def _full_knowledge_replay(progress: fp.Progress) -> GameState:
    # the same match dealt with both hands known from the start, moves replayed
    config = MatchConfig(
        RuleSet.parse(progress.invite.rules), HOUSES, level_range=progress.invite.level_range
    )
    match = progress.match
    assert match is not None
    hands = tuple(tuple(HOUSES.cards[progress.claims[p][s]] for s in range(5)) for p in (0, 1))
    dealt = replace(deal_match(config, match.seed), hands=(hands[0], hands[1]))
    state = dealt.start()
    for message in progress.log:
        if isinstance(message, Play):
            state, _ = state.apply(Move(message.card, message.cell))
    return state


# -- Draft -------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules", [["draft"], ["draft", "open", "swap"], ["draft", "chaos", "sudden_death"]]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_drafted_match_is_picked_in_the_open_then_played(rules: list[str], seed: int) -> None:
    host, guest = play_match(rules, seed)
    assert host.log == guest.log
    progress = host.progress
    assert progress.over and progress.cheat is None
    picks = [m for m in host.log if isinstance(m, Pick)]
    assert len(picks) == 10
    assert not any(isinstance(m, Reveal) for m in host.log)  # nothing was hidden
    assert progress.state is not None and sum(progress.state.score) == 10
    assert fp.HIDDEN not in progress.state.hands[0] + progress.state.hands[1]


def test_the_draft_lays_out_the_shared_chances_twelve_and_the_second_player_picks_first() -> None:
    _, guest, progress = _drafting(21)
    draft = progress.draft
    assert draft is not None and len(draft.pool) == 12
    assert progress.expect == "pick" and progress.author is draft.to_pick
    match = progress.match
    assert match is not None and draft.to_pick is match.first.other
    assert guest.progress.draft == draft  # both sides see the same twelve


def test_draft_picks_out_of_turn_taken_or_forged_are_refused() -> None:
    host, guest, progress = _drafting(22)
    picker, other = (host, guest) if progress.author is fp.HOST else (guest, host)
    with pytest.raises(FriendError) as caught:
        fp.pick(progress, other.me, 0)
    assert caught.value.code == "friend_turn"
    first = fp.pick(progress, picker.me, 3)
    # a code in which the picker also writes the other side's pick
    forged = [*picker.log, first, Pick(4)]
    with pytest.raises(FriendError) as caught:
        other.take(fp.log_to_code(forged))
    assert caught.value.code == "friend_turn"
    picker.log.append(first)
    assert other.take(fp.log_to_code(picker.log)).author is other.me
    # the other side cannot take the card just taken, nor one not on the table
    for index in (3, 12, 40):
        with pytest.raises(FriendError) as caught:
            picker.take(fp.log_to_code([*other.log, Pick(index)]))
        assert caught.value.code == "friend_illegal", index
        with pytest.raises(FriendError):
            fp.pick(other.progress, other.me, index)
    # a pick made before the start is out of place
    with pytest.raises(FriendError) as caught:
        fp.replay([*picker.log[:2], Pick(0)], HOUSES)
    assert caught.value.code == "friend_order"


def test_a_drafted_start_that_shows_cards_is_refused() -> None:
    host, _, _ = _drafting(23)
    start = host.log[2]
    assert isinstance(start, Start)
    log = [*host.log[:2], replace(start, shows=((0, 1),))]
    with pytest.raises(FriendError) as caught:
        fp.replay(log, HOUSES)
    assert caught.value.code == "friend_forged"


def test_a_drafted_card_played_must_be_the_card_picked() -> None:
    host, _ = play_match(["draft"], 24)
    first = next(i for i, m in enumerate(host.log) if isinstance(m, Play))
    play = host.log[first]
    assert isinstance(play, Play)
    log = [*host.log[:first], replace(play, card_id=(play.card_id + 1) % len(HOUSES.cards))]
    with pytest.raises(FriendError) as caught:
        fp.replay(log, HOUSES)
    assert caught.value.code == "friend_forged"


def test_a_version_1_code_still_opens() -> None:
    # a code written before Draft (version 1, no picks) reads as it did
    host, _ = play_match(["open"], 25)
    items = [message_to_json(m) for m in host.log[:4]]
    raw = json.dumps(items, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")
    head = f"TF1.{body}"
    check = base64.urlsafe_b64encode(hashlib.sha256(head.encode()).digest()[:3]).decode()
    assert fp.log_from_code(f"{head}.{check}") == host.log[:4]
    assert fp.log_to_code(host.log[:4]).startswith(f"TF{VERSION}.")


def _drafting(seed: int) -> tuple[Side, Side, fp.Progress]:
    host, guest = Side(fp.HOST, seed), Side(fp.GUEST, seed + 100)
    guest.take(host.invite(["draft"]))
    host.take(guest.act())
    code = host.act()
    progress = guest.take(code)
    return host, guest, progress


def transfers(host: Side, guest: Side, code: str) -> int:
    """Pass codes from the invitation ``code`` until a side has nothing new to send: how many
    codes travelled, the invitation too."""
    sent, current = 1, guest
    for _ in range(40):
        current.take(code)
        taken = len(current.log)
        code = current.act()
        if len(current.log) == taken:
            return sent
        sent += 1
        current = host if current is guest else guest
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", range(8))
def test_the_second_player_reveals_with_its_last_choice(seed: int) -> None:
    # the first player's last move is forced (one card, one space): the second player
    # reveals its hand with its last choice, the first with its last move, and no code
    # follows the last move
    host, guest = Side(fp.HOST, seed), Side(fp.GUEST, seed + 100)
    count = transfers(host, guest, host.invite(["same"]))
    assert host.progress.over and guest.progress.over and host.log == guest.log
    assert host.progress.cheat is None
    kinds = [type(m).__name__ for m in host.log]
    plays = [n for n, kind in enumerate(kinds) if kind == "Play"]
    assert kinds[plays[7] + 1] == "Reveal" and kinds[plays[8] + 1 :] == ["Reveal"]
    first = fp.replay(host.log[: plays[0]], HOUSES).author
    # invitation, answer, the host's start (with its first move when it moves first), the
    # moves: 11 codes when the host moves first, 12 when the guest does
    assert count == (11 if first is fp.HOST else 12), (count, first)


def test_a_match_begun_before_the_early_reveal_ends_as_it_began() -> None:
    # a version 2 invitation has no early reveal: both sides reveal after the last move
    host, guest = Side(fp.HOST, 3), Side(fp.GUEST, 103)
    host.log = [replace(fp.invite("houses", ["same"], None, host.secrets), early=False)]
    exchange(host, guest, fp.log_to_code(host.log))
    assert host.progress.over and guest.progress.over and host.progress.cheat is None
    kinds = [type(m).__name__ for m in host.log]
    assert kinds[-3:] == ["Play", "Reveal", "Reveal"]
