"""One tab per friend match: a friend's link opened in another tab of this browser.

When a tab opens on a friend's link, boot.js posts ``link:CODE`` on the
``triad.friend`` BroadcastChannel. The tab whose friend match the code
belongs to answers ``taken:CODE`` and opens the code at once, so the move
shows where the match is played; the new tab, told so, says the match is
open in another tab (boot.js's notice, with a button to close it) and leaves
the match alone: one match never has two live copies in one browser.

Runs on the main thread under MicroPython.
"""

from triad.ui.page import client


class FriendTabs:
    """This tab's side of the channel (`triad.ui.friend.link.Friend` owns it)."""

    def __init__(self, friend) -> None:
        self.friend = friend
        self.taken = ""  # this tab's link, taken by the tab that holds its match

    def event(self, kind: str, code: str) -> None:
        """What another tab posted (boot.js relays it): "link" or "taken"."""
        if kind == "link":
            self.friend.services.spawn(self.claim(code))
        elif kind == "taken":
            self.left(code)

    async def claim(self, code: str) -> None:
        """Another tab opened a friend's link: taken here when it is this tab's match."""
        friend = self.friend
        engine = friend.services.engine()
        if engine is None or not friend.info or self.taken:
            return
        try:
            found = await client.friend_id(engine, code)
        except client.WorkerError:  # (not a friend code: nothing of this tab's)
            return
        if found["id"] != friend.info["id"]:
            return
        channel = getattr(friend.display.js.window, "triadFriendChannel", None)
        if channel is not None:
            channel.postMessage("taken:" + code)
        await friend.open_any(code)

    def left(self, code: str) -> None:
        """This tab's link was taken by the tab that holds its match: nothing of that match
        is opened or kept on the table here."""
        self.taken = code
        self.friend.let_go(code)


__all__ = ["FriendTabs"]
