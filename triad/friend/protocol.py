"""Honest play between two browsers: commit, reveal, and the engine replaying every move.

Both sides keep the same public log of messages (`triad.friend.messages`)
and each replays all of it through the engine (`replay`), so a move the
rules do not allow, a message out of turn, a card that differs from one
seen before or a hand that does not match its commitment is caught by the
side that receives it, whatever the other side's page does.

The order of commitments and reveals, so that neither side picks chance:

1. Invite (host): commitments to the host's hand secret ``h`` and public
   seed ``p``.
2. Answer (guest): a commitment to the guest's hand secret ``g``, and the
   guest's public seed ``q`` in the clear.
3. Start (host): ``p`` revealed, checked against its commitment.

The shared seed is SHA-256 of ``p`` and ``q``: the host fixed ``p`` before
it saw ``q``, the guest chose ``q`` seeing only a hash of ``p``. It deals
everything both sides share (`triad.match.deal_match`): the first player,
cells, Power Wall, Three Open's and Swap's cards, Roulette, the level band,
Chaos' draws and Sudden Death's rounds. Each hand is dealt from that
player's own secret and the *other's* public seed (`dealt_hand`): the host's
from ``h`` and ``q``, the guest's from ``g`` and ``p``, each secret committed
before the seed it is mixed with was known, so nobody can search for a
good hand. A card becomes known when it is played (the Play message names
it) or shown at the start (Open, Three Open, Swap). Each side reveals its
hand secret once it has no choice left: the second player with its last
choice (the first player's last move, one card on one space, is forced),
the first with the last move (an invitation of version 2 or before, without
``Invite.early``, has both reveal after the last move). Each side checks the
commitment and every card claimed before against the hand the secret
deals. A mismatch ends the match with a verdict (`Progress.cheat`). A Sudden Death round begins
once both hands are revealed, so every card in it is known.

Under Draft no hand is dealt: the shared seed lays out twelve cards, and
after the start the players take them in turn (`Pick`, the second player
first, as `triad.match.DraftState` says), each pick public and checked by
both engines (a pick out of turn, of a card already taken or not on the
table is refused). Every card is known from then on, so nothing is revealed
at the end.

With hands picked (``Invite.picked``), each player picks its five from
its own collection before it commits (the host before inviting, the guest
before answering), and its commitment covers a salt (its hand secret) and
the five cards' positions (`commit_hand`). Nothing else changes until the
end: cards become known as they are played or shown, and the reveal
carries the salt and the five cards, checked against the commitment and
against every card claimed from each slot. A collection may hold copies,
so a picked hand may claim the same card from several slots; the reveal
then counts them, slot by slot. Nobody sees the other's collection: only
that the cards are of the match's set is checked. Random, Level range and
Draft make the hands themselves, so they need dealt hands.

Friend matches trade no cards: nothing here touches a collection.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from triad.capture import Event, Player
from triad.cards import Card, CardSet
from triad.deal import HAND_SIZE, RULE_NAMES
from triad.friend.code import FriendError, decode, encode
from triad.friend.messages import (
    Answer,
    Invite,
    Message,
    Pick,
    Play,
    Reveal,
    Secrets,
    Show,
    Start,
    commit,
    commit_hand,
    message_from_json,
    message_to_json,
)
from triad.match import DraftState, Match, MatchConfig, deal_match
from triad.prng import Rng
from triad.rules import Rule, RuleError, RuleSet
from triad.state import GameState, IllegalMoveError, InvalidMoveError, Move

__all__ = [
    "GUEST",
    "HIDDEN",
    "HOST",
    "Progress",
    "answer",
    "dealt_hand",
    "invite",
    "log_from_code",
    "log_to_code",
    "match_id",
    "own_hand",
    "pick",
    "play",
    "receive",
    "replay",
    "reveal",
    "show",
    "start",
    "view",
]

HOST = Player.BLUE
GUEST = Player.RED
#: The stand-in for a card not yet known; it is never played (the real card replaces it).
HIDDEN = Card("", "?", "", 1, 1, 1, 1, 1)

Slot = tuple[Player, int]  # (who dealt the card, its slot 0..4 in that hand)


@dataclass(frozen=True)
class Progress:
    """A replayed log: where the match stands and what comes next.

    ``state`` is the game on the table, with `HIDDEN` for every card not
    known yet (`view` puts one side's own cards in). ``expect`` is the kind
    of message due next (``answer``, ``start``, ``show``, ``pick``,
    ``play``, ``reveal``; ``""`` once over) and ``author`` the side that
    writes it. ``draft`` is Draft's table while the players pick (``state``
    is None until both hold five cards).
    ``claims[p]`` maps each of p's dealt slots known so far to its card's
    position in the set. ``cheat`` is the side whose reveal did not match
    (the match is over), with ``reason``.
    """

    log: tuple[Message, ...]
    invite: Invite
    card_set: CardSet
    match: Match | None
    state: GameState | None
    round: int
    expect: str
    author: Player | None
    claims: tuple[dict[int, int], dict[int, int]]
    slots: tuple[tuple[Slot, ...], tuple[Slot, ...]]
    revealed: tuple[str, str]
    events: tuple[Event, ...] = ()
    draft: DraftState | None = None
    cheat: Player | None = None
    reason: str = ""

    @property
    def over(self) -> bool:
        """True once nothing more is due: a result, or a verdict."""
        return not self.expect

    @property
    def public(self) -> bool:
        """True when every card in play is known to both sides (a draft, a Sudden Death round)."""
        return self.round > 0 or (self.match is not None and self.match.drafting)

    @property
    def id(self) -> str:
        """The match's id (`match_id`)."""
        return match_id(self.invite)

    def required_shows(self, owner: Player) -> list[int]:
        """The slots of ``owner``'s hand the rules show from the start."""
        return _required(self.state, self.slots, owner) if self.state else []


def match_id(invite: Invite) -> str:
    """A short id of a match, from its invitation (its storage key)."""
    text = "|".join(str(x) for x in message_to_json(invite))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def log_to_code(log: Sequence[Message]) -> str:
    """The friend code of a log."""
    return encode([message_to_json(m) for m in log])


def log_from_code(code: object) -> list[Message]:
    """The log a friend code carries (read, not yet replayed).

    :raises FriendError: a code that does not read (see `triad.friend.code.decode`).
    """
    data = decode(code)
    if not isinstance(data, list) or not data or len(data) > 200:
        raise FriendError("a friend code must carry a list of messages")
    return [message_from_json(item) for item in data]


def invite(
    set_id: str,
    rules: Sequence[str],
    level_range: tuple[int, int] | None,
    mine: Secrets,
    picked: bool = False,
) -> Invite:
    """The host's invitation (checked as `replay` would); ``picked``: hands are picked from
    each player's collection (``mine.cards`` is the host's).

    :raises FriendError: rules that cannot be played together or with a friend;
        ``friend_picked_rules`` (Random, Level range or Draft with picked hands);
        ``friend_hand`` (no picked hand of five cards).
    """
    unknown = [name for name in rules if name not in RULE_NAMES]
    if unknown:
        raise FriendError(f"unknown rules {unknown!r}", "friend_rules")
    message = Invite(
        set_id,
        tuple(n for n in RULE_NAMES if n in rules),
        level_range,
        _hand_commitment(mine, picked),
        commit("public", mine.public),
        picked,
        early=True,
    )
    _config(message, None)
    return message


def answer(mine: Secrets, picked: bool = False) -> Answer:
    """The guest's answer to an invitation (``picked``: to one with hands picked, when
    ``mine.cards`` is the guest's hand).

    :raises FriendError: ``friend_hand`` (no picked hand of five cards).
    """
    return Answer(_hand_commitment(mine, picked), mine.public)


def start(progress: Progress, mine: Secrets) -> Start:
    """The host's start: its public seed and the cards the rules show (after `answer`)."""
    shared = _shared_seed(mine.public, _answer(progress).public)
    partial = _deal(progress.invite, progress.card_set, shared)
    if partial.drafting:
        return Start(mine.public, ())  # (hands are picked, in the open)
    hand = own_hand(replace(progress, match=partial), HOST, mine)
    slots = _initial_slots(partial)
    state = partial.start()
    return Start(mine.public, tuple((s, hand[s]) for s in _required(state, slots, HOST)))


def show(progress: Progress, mine: Secrets) -> Show:
    """The guest's cards the rules show from the start (after `start`)."""
    hand = own_hand(progress, GUEST, mine)
    return Show(tuple((s, hand[s]) for s in progress.required_shows(GUEST)))


def play(progress: Progress, me: Player, mine: Secrets, move: Move) -> Play:
    """The Play message for ``move`` by ``me`` (the card named from ``me``'s own hand).

    :raises FriendError: not ``me``'s turn to play (``friend_turn``).
    """
    if progress.expect != "play" or progress.author is not me or progress.state is None:
        raise FriendError("it is not your turn to play", "friend_turn")
    state = view(progress, me, mine)
    hand = state.hands[me]
    if not 0 <= move.card < len(hand):
        raise FriendError(f"no card {move.card} in your hand", "friend_illegal")
    return Play(move.card, move.cell, _position(progress.card_set, hand[move.card]))


def pick(progress: Progress, me: Player, index: int) -> Pick:
    """``me`` takes card ``index`` of the draft's twelve (checked as `replay` would).

    :raises FriendError: ``friend_turn`` (not ``me``'s pick), ``friend_illegal``
        (a card already taken or not on the table).
    """
    if progress.expect != "pick" or progress.author is not me:
        raise FriendError("it is not your turn to pick", "friend_turn")
    message = Pick(index)
    _picked(progress, message)
    return message


def reveal(mine: Secrets) -> Reveal:
    """The end-of-game reveal of one's hand secret (and a picked hand's cards)."""
    return Reveal(mine.hand, mine.cards)


def dealt_hand(secret: str, other_public: str, candidates: Sequence[int]) -> list[int]:
    """The five set positions a hand secret deals, mixed with the other side's public seed."""
    digest = hashlib.sha256(f"triad-friend/deal/{secret}/{other_public}".encode()).digest()
    picks = Rng(int.from_bytes(digest[:8], "big")).sample(len(candidates), HAND_SIZE)
    return [candidates[i] for i in picks]


def own_hand(progress: Progress, me: Player, mine: Secrets) -> list[int]:
    """The set positions of ``me``'s dealt hand, by slot (once the shared seed is known)."""
    if progress.match is None:
        raise FriendError("the hands are dealt once the host has started the match")
    if progress.invite.picked:
        if len(mine.cards) != HAND_SIZE:
            raise FriendError("this match plays a hand picked from a collection", "friend_hand")
        return list(mine.cards)
    other = _answer(progress).public if me is HOST else _start(progress).public
    return dealt_hand(mine.hand, other, _candidates(progress.match))


def view(progress: Progress, me: Player, mine: Secrets) -> GameState:
    """The game on the table with ``me``'s own cards in place of `HIDDEN`.

    :raises FriendError: the match has not started.
    """
    state = progress.state
    if state is None:
        raise FriendError("the match has not started yet")
    if progress.public:
        return state  # every card of a draft or a Sudden Death round is known
    cards = progress.card_set.cards
    hand = own_hand(progress, me, mine)
    hands = [list(state.hands[0]), list(state.hands[1])]
    for holder in (Player.BLUE, Player.RED):
        for i, (owner, slot) in enumerate(progress.slots[holder]):
            if owner is me:
                hands[holder][i] = cards[hand[slot]]
    return replace(state, hands=(tuple(hands[0]), tuple(hands[1])))


def receive(
    mine: Sequence[Message], theirs: Sequence[Message], me: Player, card_set: CardSet
) -> Progress:
    """Take the other side's log: it must go on from ``mine`` with their messages only.

    :raises FriendError: ``friend_other_match`` (another invitation),
        ``friend_rewritten`` (it changes a message already in ``mine``),
        ``friend_old`` (nothing new), ``friend_turn`` (it writes a message
        that is ``me``'s to write), or any error of `replay`.
    """
    if mine and theirs and theirs[0] != mine[0]:
        raise FriendError("this code belongs to another match", "friend_other_match")
    for ours, their in zip(mine, theirs, strict=False):
        if ours != their:
            raise FriendError("this code changes a move already played", "friend_rewritten")
    if len(theirs) <= len(mine):
        raise FriendError("this code brings nothing new: it is older than this match", "friend_old")
    progress = replay(theirs[: len(mine)], card_set) if mine else None
    for n in range(len(mine), len(theirs)):
        if progress is not None and progress.author is me:
            raise FriendError("this code plays a move that is yours to play", "friend_turn")
        progress = replay(theirs[: n + 1], card_set)
    assert progress is not None
    return progress


def replay(log: Sequence[Message], card_set: CardSet) -> Progress:
    """Replay a whole log through the engine.

    :raises FriendError: ``friend_set`` (another card set), ``friend_rules``
        (rules a friend match cannot play), ``friend_order`` (a message out
        of place), ``friend_illegal`` (a move the rules do not allow),
        ``friend_forged`` (a card that differs from one known, or a revealed
        seed that does not match its commitment).
    """
    if not log or not isinstance(log[0], Invite):
        raise FriendError("a friend match begins with an invitation", "friend_order")
    first = log[0]
    _config(first, card_set)
    progress = Progress(
        log=(first,),
        invite=first,
        card_set=card_set,
        match=None,
        state=None,
        round=0,
        expect="answer",
        author=GUEST,
        claims=({}, {}),
        slots=((), ()),
        revealed=("", ""),
    )
    for message in log[1:]:
        progress = _step(progress, message)
    return progress


# -- private helpers ---------------------------------------------------------


def _step(progress: Progress, message: Message) -> Progress:
    expect = progress.expect
    kinds = {
        "answer": Answer,
        "start": Start,
        "show": Show,
        "pick": Pick,
        "play": Play,
        "reveal": Reveal,
    }
    wanted = kinds.get(expect)
    if wanted is None or not isinstance(message, wanted):
        due = expect or "nothing (the match is over)"
        raise FriendError(
            f"a {type(message).__name__} message came where {due} was due", "friend_order"
        )
    log = (*progress.log, message)
    if isinstance(message, Answer):
        return replace(progress, log=log, expect="start", author=HOST)
    if isinstance(message, Start):
        return _started(replace(progress, log=log), message)
    if isinstance(message, Show):
        return _shown(replace(progress, log=log), GUEST, message.shows)
    if isinstance(message, Pick):
        return _picked(replace(progress, log=log), message)
    if isinstance(message, Play):
        return _played(replace(progress, log=log), message)
    assert isinstance(message, Reveal)
    return _revealed(replace(progress, log=log), message)


def _started(progress: Progress, message: Start) -> Progress:
    if commit("public", message.public) != progress.invite.public:
        raise FriendError("the host's seed does not match its commitment", "friend_forged")
    shared = _shared_seed(message.public, _answer(progress).public)
    match = _deal(progress.invite, progress.card_set, shared)
    if match.drafting:
        if message.shows:
            raise FriendError("a drafted match shows no card at the start", "friend_forged")
        draft = match.draft()
        return replace(progress, match=match, draft=draft, expect="pick", author=draft.to_pick)
    slots = _initial_slots(match)
    progress = replace(progress, match=match, state=match.start(), slots=slots)
    progress = _shown(progress, HOST, message.shows)
    if progress.expect == "show" and not progress.required_shows(GUEST):
        return _to_play(progress)
    return progress


def _shown(progress: Progress, owner: Player, shows: Sequence[tuple[int, int]]) -> Progress:
    wanted = progress.required_shows(owner)
    if sorted(slot for slot, _ in shows) != wanted:
        raise FriendError(
            f"{_side(owner)} must show the cards of slots {wanted}, showed {[s for s, _ in shows]}",
            "friend_forged",
        )
    for slot, card_id in shows:
        progress = _claim(progress, owner, slot, card_id)
    progress = replace(progress, state=_with_claims(progress))
    if owner is HOST:
        return replace(progress, expect="show", author=GUEST)
    return _to_play(progress)


def _picked(progress: Progress, message: Pick) -> Progress:
    draft, match = progress.draft, progress.match
    assert draft is not None and match is not None
    picker = _side(draft.to_pick)
    if not 0 <= message.index < len(draft.pool):
        raise FriendError(
            f"{picker} picked card {message.index}: not on the table", "friend_illegal"
        )
    if message.index not in draft.available:
        raise FriendError(f"{picker} picked card {message.index}: already taken", "friend_illegal")
    draft = draft.pick(message.index)
    if not draft.is_done:
        return replace(progress, draft=draft, author=draft.to_pick)
    state = match.start(draft.hands)
    return replace(progress, draft=None, state=state, expect="play", author=state.to_move)


def _to_play(progress: Progress) -> Progress:
    state = progress.state
    assert state is not None
    return replace(progress, expect="play", author=state.to_move)


def _played(progress: Progress, message: Play) -> Progress:
    state = progress.state
    assert state is not None
    mover = state.to_move
    hand = state.hands[mover]
    if not 0 <= message.card < len(hand):
        raise FriendError(f"{_side(mover)} holds no card {message.card}", "friend_illegal")
    cards = progress.card_set.cards
    if not 0 <= message.card_id < len(cards):
        raise FriendError(f"no card {message.card_id} in the card set", "friend_forged")
    if progress.public:
        if cards[message.card_id] != hand[message.card]:
            raise FriendError("the card played is not the card in that hand", "friend_forged")
    else:
        owner, slot = progress.slots[mover][message.card]
        progress = _claim(progress, owner, slot, message.card_id)
        state = _with_claims(progress)
    try:
        after, events = state.apply(Move(message.card, message.cell))
    except (InvalidMoveError, IllegalMoveError) as exc:
        raise FriendError(f"{_side(mover)} cannot play that: {exc}", "friend_illegal") from None
    slots = progress.slots
    if not progress.public:
        moved = list(slots[mover])
        del moved[message.card]
        slots = (tuple(moved), slots[1]) if mover is Player.BLUE else (slots[0], tuple(moved))
    progress = replace(progress, state=after, slots=slots, events=events)
    if not after.is_terminal:
        if progress.invite.early and not progress.public and _last_choice(after):
            return replace(progress, expect="reveal", author=mover)  # (its last choice made)
        return replace(progress, expect="play", author=after.to_move)
    if progress.public:
        return _next_round(progress)  # (nothing hidden to reveal)
    return replace(progress, expect="reveal", author=mover)


def _revealed(progress: Progress, message: Reveal) -> Progress:
    owner, match = progress.author, progress.match
    assert owner is not None and match is not None
    revealed = list(progress.revealed)
    revealed[owner] = message.secret
    progress = replace(progress, revealed=(revealed[0], revealed[1]))
    commitment = progress.invite.hand if owner is HOST else _answer(progress).hand
    if progress.invite.picked:
        dealt = list(message.cards)
        if len(dealt) != HAND_SIZE or commit_hand(message.secret, message.cards) != commitment:
            return _verdict(progress, owner, "friend_commit")
        if any(card_id not in _candidates(match) for card_id in dealt):
            return _verdict(progress, owner, "friend_mismatch")
    else:
        if message.cards or commit("hand", message.secret) != commitment:
            return _verdict(progress, owner, "friend_commit")
        other = _answer(progress).public if owner is HOST else _start(progress).public
        dealt = dealt_hand(message.secret, other, _candidates(match))
    for slot, card_id in progress.claims[owner].items():
        if dealt[slot] != card_id:
            return _verdict(progress, owner, "friend_mismatch")
    for slot, card_id in enumerate(dealt):
        progress = _claim(progress, owner, slot, card_id)
    state = progress.state
    if state is not None and not state.is_terminal:  # (the early reveal: the forced move)
        return replace(progress, expect="play", author=state.to_move)
    if not all(progress.revealed):
        return replace(progress, expect="reveal", author=owner.other)
    return _next_round(replace(progress, state=_with_claims(progress)))


def _last_choice(state: GameState) -> bool:
    # whether the move just played was its player's last choice: the other's last move,
    # one card on the one space left, is forced
    return sum(1 for cell in state.board if cell is None) == 1


def _next_round(progress: Progress) -> Progress:
    state, match = progress.state, progress.match
    assert state is not None and match is not None
    again = match.rematch(state, progress.round + 1)
    if again is None:
        return replace(progress, expect="", author=None)
    return replace(
        progress, state=again, round=progress.round + 1, expect="play", author=again.to_move
    )


def _verdict(progress: Progress, cheat: Player, reason: str) -> Progress:
    return replace(progress, expect="", author=None, cheat=cheat, reason=reason)


def _claim(progress: Progress, owner: Player, slot: int, card_id: int) -> Progress:
    match = progress.match
    assert match is not None
    if not 0 <= slot < HAND_SIZE:
        raise FriendError(f"{_side(owner)} has no card slot {slot}", "friend_forged")
    if card_id not in _candidates(match):
        raise FriendError(f"card {card_id} cannot be in a hand of this match", "friend_forged")
    known = progress.claims[owner]
    if known.get(slot, card_id) != card_id:
        raise FriendError(f"{_side(owner)} played a card other than the one shown", "friend_forged")
    copies = progress.invite.picked  # (counted slot by slot at the reveal)
    if not copies and card_id in known.values() and known.get(slot) != card_id:
        raise FriendError(f"{_side(owner)} has already played or shown that card", "friend_forged")
    claims = [dict(progress.claims[0]), dict(progress.claims[1])]
    claims[owner][slot] = card_id
    return replace(progress, claims=(claims[0], claims[1]))


def _with_claims(progress: Progress) -> GameState:
    state = progress.state
    assert state is not None
    cards = progress.card_set.cards
    hands = []
    for holder in (Player.BLUE, Player.RED):
        hand = list(state.hands[holder])
        for i, (owner, slot) in enumerate(progress.slots[holder]):
            card_id = progress.claims[owner].get(slot)
            if card_id is not None:
                hand[i] = cards[card_id]
        hands.append(tuple(hand))
    return replace(state, hands=(hands[0], hands[1]))


def _required(
    state: GameState | None, slots: tuple[tuple[Slot, ...], tuple[Slot, ...]], owner: Player
) -> list[int]:
    if state is None:
        return []
    wanted: set[int] = set()
    open_ = Rule.OPEN in state.rules
    for holder in (Player.BLUE, Player.RED):
        for i, (who, slot) in enumerate(slots[holder]):
            if who is owner and (open_ or state.shown[holder] >> i & 1):
                wanted.add(slot)
    return sorted(wanted)


def _initial_slots(match: Match) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
    blue = [(Player.BLUE, i) for i in range(HAND_SIZE)]
    red = [(Player.RED, i) for i in range(HAND_SIZE)]
    if match.swap is not None:  # as `triad.deal.swap_hands` exchanges the cards
        i, j = match.swap
        blue[i], red[j] = red[j], blue[i]
    return tuple(blue), tuple(red)


def _config(message: Invite, card_set: CardSet | None) -> MatchConfig | None:
    try:
        rules = RuleSet.parse(message.rules)
    except RuleError as exc:
        raise FriendError(f"these rules cannot be played: {exc}", "friend_rules") from None
    if message.picked:
        dealt_only = [n for n in (Rule.RANDOM, Rule.DRAFT) if n in rules]
        if dealt_only or message.level_range is not None:
            raise FriendError(
                "Random, Level range and Draft need dealt hands", "friend_picked_rules"
            )
    if card_set is None:
        return None
    if card_set.id != message.set_id:
        raise FriendError(f"this match plays the card set {message.set_id!r}", "friend_set")
    try:
        return MatchConfig(rules, card_set, level_range=message.level_range)
    except RuleError as exc:
        raise FriendError(f"these rules cannot be played: {exc}", "friend_rules") from None


def _hand_commitment(mine: Secrets, picked: bool) -> str:
    if not picked:
        return commit("hand", mine.hand)
    if len(mine.cards) != HAND_SIZE:
        raise FriendError("pick five cards from your collection first", "friend_hand")
    return commit_hand(mine.hand, mine.cards)


def _deal(message: Invite, card_set: CardSet, seed: int) -> Match:
    config = _config(message, card_set)
    assert config is not None
    try:
        match = deal_match(config, seed)
    except ValueError as exc:
        raise FriendError(f"this match cannot be dealt: {exc}", "friend_rules") from None
    return replace(match, hands=((HIDDEN,) * HAND_SIZE, (HIDDEN,) * HAND_SIZE))


def _candidates(match: Match) -> list[int]:
    band = match.level_range
    cards = match.config.card_set.cards
    return [i for i, c in enumerate(cards) if band is None or band[0] <= c.level <= band[1]]


def _shared_seed(host_public: str, guest_public: str) -> int:
    digest = hashlib.sha256(f"triad-friend/shared/{host_public}/{guest_public}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _answer(progress: Progress) -> Answer:
    message = progress.log[1] if len(progress.log) > 1 else None
    if not isinstance(message, Answer):
        raise FriendError("the guest has not answered yet", "friend_order")
    return message


def _start(progress: Progress) -> Start:
    message = progress.log[2] if len(progress.log) > 2 else None
    if not isinstance(message, Start):
        raise FriendError("the host has not started the match yet", "friend_order")
    return message


def _position(card_set: CardSet, card: Card) -> int:
    for i, other in enumerate(card_set.cards):
        if other == card:
            return i
    raise FriendError(f"card {card.id!r} is not in the card set")


def _side(player: Player) -> str:
    return "the host (Blue)" if player is HOST else "the guest (Red)"
