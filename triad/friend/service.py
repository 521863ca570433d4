"""The engine worker's friend functions: a match with a friend kept by the page, played by code.

The worker keeps nothing of a friend match: the page keeps each one in its
storage as a document (JSON text, `Doc`), passes it with every call and
keeps the document it gets back, so a reload, a closed tab or another day
goes on from the last move written.

* `friend_new({"rules", "card_set", "level_range", "hand"})`: the host's
  invitation (``hand``: five card ids picked from the host's collection, for
  a match whose hands are picked; the page passes its collection's deck);
* `friend_id({"code"})` -> ``{"id"}``: the match a code belongs to (its
  storage key), or the code's error;
* `friend_open(DOC, {"code"})`: the other side's code taken in (``DOC`` is
  ``""`` for an invitation opened for the first time);
* `friend_act(DOC, {"accept", "hand", "pick", "card", "cell"})`: accept an
  invitation (with the guest's ``hand`` of five card ids when hands are
  picked), take card ``pick`` of Draft's twelve, or play;
* `friend_view(DOC)`: where a kept match stands;
* `friend_live_code(DOC, {"sdp", "offer"})` -> ``{"code"}``: the live code of
  this side's WebRTC offer or answer, with the match's log (`triad.friend.live`);
* `friend_live_read({"code"})` -> ``{"offer", "sdp", "log", "id"}``: what a
  live code carries: the description to hand to WebRTC, and the log as a
  by-link code, which the page then opens as any other.

Each answers a `FriendReply`: the new ``doc``, the ``code`` to send (the
whole log: a code brings everything, so a lost one costs nothing), what
the page shows of the match (``friend``), the ``view`` once dealt (or the
``draft`` while the players pick, as `triad.worker.engine`'s draft) and the
``events`` of the last move. The messages this side writes without a
choice (the host's start, the cards shown, the reveal at the end) are
written as soon as they are due.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from triad.api import Exports
from triad.capture import Player
from triad.cards import BUILTIN_SETS, CardSet, builtin_set
from triad.deal import HAND_SIZE
from triad.friend import live
from triad.friend import protocol as fp
from triad.friend.code import FriendError
from triad.friend.messages import Invite, Message, Play, Secrets
from triad.state import Move
from triad.worker.messages import CardView, DraftView, View
from triad.worker.views import card_json, draft_json, view_of

__all__ = [
    "EXPORTS",
    "FriendReply",
    "friend_act",
    "friend_id",
    "friend_live_code",
    "friend_live_read",
    "friend_new",
    "friend_open",
    "friend_view",
]

EXPORTS = Exports()
#: The version of the document the page keeps.
DOC_VERSION = 1


@dataclass(frozen=True, kw_only=True)
class NewRequest:
    """`friend_new`: the rules, the built-in card set and the level band of the match;
    ``hand``, the host's five cards (ids) when hands are picked from each collection."""

    rules: list[str]
    card_set: str = "houses"
    level_range: tuple[int, int] | None = None
    hand: list[str] | None = None


@dataclass(frozen=True, kw_only=True)
class CodeRequest:
    """`friend_id`, `friend_open`: a friend code (a whole link is read too)."""

    code: str


@dataclass(frozen=True, kw_only=True)
class ActRequest:
    """`friend_act`: accept the invitation (``accept``), take card ``pick`` of the draft,
    or play ``card`` on ``cell``; ``hand``, the guest's five cards (ids) when hands are picked."""

    accept: bool = False
    hand: list[str] | None = None
    pick: int = -1
    card: int = -1
    cell: int = -1


@dataclass(frozen=True, kw_only=True)
class LiveRequest:
    """`friend_live_code`: this side's WebRTC description, ICE gathering finished."""

    sdp: str
    offer: bool = True


class LiveCodeReply(TypedDict):
    """`friend_live_code`: the live code to send."""

    code: str


class LiveReadReply(TypedDict):
    """`friend_live_read`: an offer or answer's description, and the log as a by-link code."""

    offer: bool
    sdp: str
    log: str
    id: str


class IdReply(TypedDict):
    """`friend_id`: the id of the match a code belongs to."""

    id: str


class FriendReply(TypedDict):
    """A friend match as the page keeps and shows it."""

    doc: str
    code: str
    friend: dict[str, Any]
    view: View | None
    draft: DraftView | None
    events: list[dict[str, Any]]
    placed: CardView | None
    mover: str | None
    #: The view just before ``mover``'s move (``None`` with no mover): what a page that has
    #: not shown it yet plays the move out from, and says it.
    before: View | None


@EXPORTS.service
def friend_new(request: NewRequest) -> FriendReply:
    """The host's invitation to a new match."""
    card_set = _card_set(request.card_set)
    picked = request.hand is not None
    secrets = _with_hand(Secrets.new(), request.hand, card_set)
    invite = fp.invite(card_set.id, request.rules, request.level_range, secrets, picked)
    fp.replay([invite], card_set)  # the rules are checked with the set
    return _reply(_Doc(fp.HOST, secrets, [invite]), card_set)


@EXPORTS.service
def friend_id(request: CodeRequest) -> IdReply:
    """The id of the match a code belongs to (where the page keeps it)."""
    log = fp.log_from_code(request.code)
    first = log[0]
    if not isinstance(first, Invite):
        raise FriendError("a friend match begins with an invitation", "friend_order")
    return {"id": fp.match_id(first)}


@EXPORTS.service
def friend_open(doc_text: str, request: CodeRequest) -> FriendReply:
    """Take in the other side's code: checked whole, then the messages due written."""
    theirs = fp.log_from_code(request.code)
    if not doc_text:
        if len(theirs) != 1:
            raise FriendError(
                "this code belongs to a match this browser does not hold", "friend_unknown"
            )
        first = theirs[0]
        if not isinstance(first, Invite):
            raise FriendError("a friend match begins with an invitation", "friend_order")
        card_set = _card_set(first.set_id)
        fp.replay(theirs, card_set)
        return _reply(_Doc(fp.GUEST, Secrets.new(), list(theirs)), card_set)
    doc = _Doc.read(doc_text)
    card_set = _card_set(_invite(doc).set_id)
    progress = fp.receive(doc.log, theirs, doc.me, card_set)
    doc.log = list(progress.log)
    _write_due(doc, card_set)
    return _reply(doc, card_set, played_by=doc.me.other)


@EXPORTS.service
def friend_act(doc_text: str, request: ActRequest) -> FriendReply:
    """Accept the invitation, or play a card: the messages due after it are written too."""
    doc = _Doc.read(doc_text)
    card_set = _card_set(_invite(doc).set_id)
    progress = fp.replay(doc.log, card_set)
    if progress.author is not doc.me:
        raise FriendError("it is not your turn", "friend_turn")
    if request.accept:
        if progress.expect != "answer":
            raise FriendError("the invitation is already answered", "friend_order")
        if progress.invite.picked:
            doc.secrets = _with_hand(doc.secrets, request.hand, card_set)
        doc.log.append(fp.answer(doc.secrets, progress.invite.picked))
    elif request.pick >= 0:
        doc.log.append(fp.pick(progress, doc.me, request.pick))
    else:
        doc.log.append(fp.play(progress, doc.me, doc.secrets, Move(request.card, request.cell)))
        fp.replay(doc.log, card_set)
    _write_due(doc, card_set)
    return _reply(doc, card_set, played_by=doc.me)


@EXPORTS.service
def friend_view(doc_text: str) -> FriendReply:
    """Where a kept match stands (after a reload)."""
    doc = _Doc.read(doc_text)
    card_set = _card_set(_invite(doc).set_id)
    _write_due(doc, card_set)
    return _reply(doc, card_set)


@EXPORTS.service
def friend_live_code(doc_text: str, request: LiveRequest) -> LiveCodeReply:
    """The live code of this side's offer or answer, the match's log with it."""
    doc = _Doc.read(doc_text)
    return {"code": live.write(request.offer, request.sdp, doc.log)}


@EXPORTS.service
def friend_live_read(request: CodeRequest) -> LiveReadReply:
    """What a live code carries (its log is checked when the page opens it)."""
    found = live.read(request.code)
    first = found.log[0]
    if not isinstance(first, Invite):
        raise FriendError("a friend match begins with an invitation", "friend_order")
    return {
        "offer": found.offer,
        "sdp": found.sdp,
        "log": fp.log_to_code(found.log),
        "id": fp.match_id(first),
    }


# -- private helpers ---------------------------------------------------------


@dataclass
class _Doc:
    """A friend match as the page keeps it: this side, its secrets, the log."""

    me: Player
    secrets: Secrets
    log: list[Message]

    def text(self) -> str:
        return json.dumps(
            {
                "version": DOC_VERSION,
                "role": "host" if self.me is fp.HOST else "guest",
                "secrets": self.secrets.to_json(),
                "log": fp.log_to_code(self.log),
            },
            separators=(",", ":"),
        )

    @classmethod
    def read(cls, text: str) -> _Doc:
        try:
            data = json.loads(text)
        except ValueError:
            raise FriendError("the match kept here does not read", "friend_doc") from None
        if not isinstance(data, dict) or data.get("version") != DOC_VERSION:
            raise FriendError("the match kept here is of another version", "friend_doc")
        role = data.get("role")
        if role not in ("host", "guest"):
            raise FriendError("the match kept here has no side", "friend_doc")
        me = fp.HOST if role == "host" else fp.GUEST
        return cls(me, Secrets.from_json(data.get("secrets")), fp.log_from_code(data.get("log")))


def _write_due(doc: _Doc, card_set: CardSet) -> None:
    # the messages this side writes without a choice: start, shown cards, reveal
    while True:
        progress = fp.replay(doc.log, card_set)
        if progress.author is not doc.me:
            return
        if progress.expect == "start":
            doc.log.append(fp.start(progress, doc.secrets))
        elif progress.expect == "show":
            doc.log.append(fp.show(progress, doc.secrets))
        elif progress.expect == "reveal":
            doc.log.append(fp.reveal(doc.secrets))
        else:
            return


def _reply(doc: _Doc, card_set: CardSet, played_by: Player | None = None) -> FriendReply:
    progress = fp.replay(doc.log, card_set)
    invite = progress.invite
    view = None
    if progress.state is not None and progress.match is not None:
        state = fp.view(progress, doc.me, doc.secrets)
        view = view_of(state, progress.match, progress.round, card_set, None)
        if progress.cheat is not None:  # (a verdict ends the match, the board full or not)
            view["over"], view["to_move"] = True, None
    draft = None if progress.draft is None else draft_json(progress.draft, card_set)
    last = _last_play(progress)
    events: list[dict[str, Any]] = []
    placed = None
    mover = None
    before = None
    if last is not None and played_by is not None and last[0] is played_by:
        mover = str(last[0])
        placed = card_json(card_set.cards[last[1]])
        events = [e.to_json() for e in progress.events] if progress.events else []
        earlier = last[2]
        if earlier.state is not None and earlier.match is not None:
            state = fp.view(earlier, doc.me, doc.secrets)
            before = view_of(state, earlier.match, earlier.round, card_set, None)
    friend = {
        "id": progress.id,
        "role": "host" if doc.me is fp.HOST else "guest",
        "me": str(doc.me),
        "expect": progress.expect,
        "author": None if progress.author is None else str(progress.author),
        "mine": progress.author is doc.me,
        "over": progress.over,
        "cheat": None if progress.cheat is None else str(progress.cheat),
        "reason": progress.reason,
        "rules": list(invite.rules),
        "set": invite.set_id,
        "level_range": None if invite.level_range is None else list(invite.level_range),
        "picked": invite.picked,
        "round": progress.round,
        "plays": sum(1 for m in progress.log if isinstance(m, Play)),
        "owed": _wrote_last(progress, doc.me),
    }
    return {
        "doc": doc.text(),
        "code": fp.log_to_code(doc.log),
        "friend": friend,
        "view": view,
        "draft": draft,
        "events": events,
        "placed": placed,
        "mover": mover,
        "before": before,
    }


def _wrote_last(progress: fp.Progress, me: Player) -> bool:
    # whether this side wrote the log's last message (its friend lacks it until it is sent)
    log = list(progress.log)
    return len(log) > 1 and fp.replay(log[:-1], progress.card_set).author is me


def _last_play(progress: fp.Progress) -> tuple[Player, int, fp.Progress] | None:
    # who wrote the last Play of the log, its card (a reveal may follow it), and the match
    # just before it
    log = list(progress.log)
    for n in range(len(log) - 1, -1, -1):
        message = log[n]
        if isinstance(message, Play):
            earlier = fp.replay(log[:n], progress.card_set)
            assert earlier.author is not None
            return earlier.author, message.card_id, earlier
    return None


def _with_hand(secrets: Secrets, hand: list[str] | None, card_set: CardSet) -> Secrets:
    # a hand picked from the player's collection: five card ids of the match's set
    if hand is None:
        return secrets
    if len(hand) != HAND_SIZE:
        raise FriendError(f"a picked hand is five cards, not {len(hand)}", "friend_hand")
    positions = {card.id: i for i, card in enumerate(card_set.cards)}
    unknown = [ident for ident in hand if ident not in positions]
    if unknown:
        raise FriendError(f"cards not of the set {card_set.id!r}: {unknown}", "friend_hand")
    return replace(secrets, cards=tuple(positions[ident] for ident in hand))


def _invite(doc: _Doc) -> Invite:
    first = doc.log[0] if doc.log else None
    if not isinstance(first, Invite):
        raise FriendError("the match kept here has no invitation", "friend_doc")
    return first


def _card_set(set_id: str) -> CardSet:
    if set_id not in BUILTIN_SETS:
        raise FriendError(f"a friend match plays a built-in card set, not {set_id!r}", "friend_set")
    return builtin_set(set_id)
