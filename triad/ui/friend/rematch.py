"""Play again after a friend match: a rematch with the same friend, not a match against the CPU.

Once a friend match is over, Play again (the result's button, Enter on the
board, New game) makes a new invitation with the same rules and the same
kind of hands (dealt, or picked from each collection: the deck dialog opens
first, as when inviting). The inviting side is the host, as in any new
invitation: the protocol deals who moves first from the shared seed, so an
invitation cannot choose sides.

Live (the channel still open), the invitation goes over the channel at once
(`Friend.took` sends each new code) and the friend's page shows it with
Accept; its answer comes back the same way and the match starts on both
tables. By link, the friend dialog shows the new invitation's link to send.

When both players press Play again at about the same time, the two
invitations cross over the channel: on both pages the one with the smaller
id wins and the other is dropped (`drops`), so both end on the same match.

Runs on the main thread under MicroPython.
"""

from triad.ui.look.text import t


class Rematch:
    """The rematch of the friend match on the table. It works with the friend dialog
    (`friend`, `triad.ui.friend.link.Friend`: its match, its invitations and screens) and
    `say(words)` (the screen reader's live region)."""

    def __init__(self, friend, say) -> None:
        self.friend = friend
        self.say = say
        self.mine = ""  # the id of the rematch invited here, its answer awaited
        self.making = False  # this side's invitation is being made
        self.held: tuple | None = None  # (id, code) of the friend's, heard meanwhile

    def over(self):
        """The friend match on the table once it is over (else None)."""
        match = self.friend.on_table()
        view = match.view if match is not None else None
        return match if view and view.get("over") else None

    def start(self) -> bool:
        """Play again: the rematch, when a friend match that is over is on the table (False:
        none is, Play again keeps its meaning)."""
        friend = self.friend
        match = self.over()
        if match is None:
            return False
        info = friend.info or {}
        if self.status(info):  # (asked already: its dialog again, no second invitation)
            friend.open_panel("send")
        elif info.get("expect") == "answer" and info.get("mine"):  # the friend asked first
            friend.open_panel("invite")
        elif match.transport.terms[3]:  # (hands picked: five from the collection first)
            friend.hand.start("rematch")
        else:
            friend.services.spawn(self.invite())
        return True

    async def invite(self, hand=None) -> None:
        """The new invitation, with the rules of the match on the table (`hand`: this side's
        five, when hands are picked); live, it goes over the channel at once."""
        friend = self.friend
        if friend.transport is None:
            return
        if not friend.live.connected:  # (by link: a connection that dropped carries nothing)
            friend.live.end()
        self.making = True
        try:
            made = await friend.invite(False, hand, friend.transport.terms)
        finally:
            self.making = False
        held, self.held = self.held, None
        self.mine = (friend.info or {}).get("id", "") if made else ""
        if held is not None and (not self.mine or held[0] < self.mine):
            self.mine = ""  # (theirs wins: it shows, with Accept)
            await friend.open_code(held[1], True)
            return
        if made:
            friend.open_panel("send")
            self.say(self.status(friend.info))

    def drops(self, ident: str, code: str) -> bool:
        """Whether the friend's invitation `ident` (heard over the channel, `code`) is dropped:
        it crossed this side's, and the smaller id wins on both pages."""
        if self.making:  # (this side's is on its way: they are compared once it is made)
            self.held = (ident, code)
            return True
        if not self.awaited(self.friend.info):
            return False
        if self.mine < ident:
            return True
        self.mine = ""
        return False

    def awaited(self, info) -> bool:
        """Whether the friend match `info` is the rematch invited here, its answer awaited."""
        info = info or {}
        return bool(self.mine) and info.get("id") == self.mine and info.get("expect") == "answer"

    def status(self, info) -> str:
        """What the send screen says of the rematch invited here ("": it is no rematch)."""
        if not self.awaited(info):
            return ""
        return t("friend_rematch_live" if self.friend.live.connected else "friend_rematch_link")

    def heard(self) -> None:
        """The friend's invitation came over the channel: it is said."""
        self.say(t("friend_rematch_invited"))


__all__ = ["Rematch"]
