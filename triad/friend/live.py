"""Live codes: a WebRTC offer or answer and the match's log, as one short checked code.

Playing live, the two pages connect by a WebRTC data channel with no
server: the host's page makes an offer, the guest's an answer, and each
goes to the other side as a code (in a link, as text or as a QR code).
A session description (SDP) is about 0.75 KB of text, most of it the
same for every data channel; a live code keeps only what differs
(`compact`): the ICE user fragment and password, the DTLS fingerprint,
the DTLS role, and the candidates (address, port, kind). The other side
writes the whole description back from those (`expand`).

Each live code also carries the match's whole log as a by-link code
would (`triad.friend.protocol`), so the answer brings the guest's Answer
message and a connection that fails leaves both sides a by-link code for
the same match. A live code is ``TL1.BODY.CHECK`` (`triad.friend.code`):
versioned and checked like a friend code, and read just as strictly:
nothing in it reaches the browser's WebRTC but what `expand` writes from
validated parts.
"""

from __future__ import annotations

import base64
import binascii
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from triad.friend.code import FriendError, decode, encode
from triad.friend.messages import Message, message_from_json, message_to_json

__all__ = ["PREFIX", "LiveCode", "compact", "expand", "read", "write"]

#: The kind of code a live offer or answer is written as.
PREFIX = "TL"
#: Most candidates a description keeps (a host has a few interfaces; STUN adds one each).
MAX_CANDIDATES = 8

# The DTLS roles, as the offer (actpass) and an answer (active or passive) name them.
_SETUPS = {"actpass": "x", "active": "a", "passive": "p"}
# The candidate kinds kept, with the type preference their priority is written from.
_KINDS = {"host": ("h", 126), "srflx": ("s", 100), "prflx": ("p", 110), "relay": ("r", 0)}
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
_MID = re.compile(r"[A-Za-z0-9_-]{1,16}")
_IPV4 = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})")
_IPV6 = re.compile(r"[0-9A-Fa-f:.]{2,45}")
_MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")


@dataclass(frozen=True)
class LiveCode:
    """What a live code carries: an offer or an answer, its description, the match's log."""

    offer: bool
    sdp: str
    log: list[Message]


def write(offer: bool, sdp: str, log: Sequence[Message]) -> str:
    """The live code of a complete description (ICE gathering finished) and the log.

    :raises FriendError: ``friend_live_sdp``, a description with nothing to connect by.
    """
    body = {"o": 1 if offer else 0, "d": compact(sdp), "l": [message_to_json(m) for m in log]}
    return encode(body, PREFIX)


def read(text: object) -> LiveCode:
    """The offer or answer a live code carries, its description written whole again.

    :raises FriendError: the code's errors (`triad.friend.code.decode`), and
        ``friend_bad`` for a body that is not a live code's.
    """
    data = decode(text, PREFIX)
    if not isinstance(data, dict) or data.get("o") not in (0, 1):
        raise FriendError("a live code carries an offer or an answer")
    log = data.get("l")
    if not isinstance(log, list) or not log or len(log) > 200:
        raise FriendError("a live code carries the match's messages")
    offer = data["o"] == 1
    return LiveCode(offer, expand(data.get("d"), offer), [message_from_json(m) for m in log])


def compact(sdp: str) -> list[object]:
    """The parts of a data channel's description that differ from one to the next:
    ``[ufrag, password, fingerprint, setup, mid, candidates]``, each candidate
    ``[kind, address, port]`` (an mDNS name's UUID packed in 22 characters).

    :raises FriendError: ``friend_live_sdp`` when a part is missing.
    """
    lines = [line.strip() for line in sdp.splitlines()]
    values: dict[str, str] = {}
    candidates: list[list[object]] = []
    for line in lines:
        name, _, value = line.partition(":")
        if name == "a=candidate":
            candidate = _candidate(value)
            if candidate is not None and len(candidates) < MAX_CANDIDATES:
                candidates.append(candidate)
        elif name in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid"):
            values.setdefault(name[2:], value)
    missing = [n for n in ("ice-ufrag", "ice-pwd", "fingerprint", "setup") if n not in values]
    if missing:
        raise FriendError(f"the description has no {', '.join(missing)}", "friend_live_sdp")
    hash_name, _, digest = values["fingerprint"].partition(" ")
    if hash_name.lower() != "sha-256":
        raise FriendError(f"the fingerprint is not SHA-256: {hash_name!r}", "friend_live_sdp")
    try:
        raw = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise FriendError(f"the fingerprint does not read: {digest!r}", "friend_live_sdp") from None
    if not candidates:
        raise FriendError("the description has no address to connect to", "friend_live_sdp")
    setup = _SETUPS.get(values["setup"])
    if setup is None:
        raise FriendError(f"unknown DTLS role {values['setup']!r}", "friend_live_sdp")
    fingerprint = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    return [
        values["ice-ufrag"],
        values["ice-pwd"],
        fingerprint,
        setup,
        values.get("mid", "0"),
        candidates,
    ]


def expand(data: object, offer: bool) -> str:
    """The description `compact` kept, written whole again (every part checked first).

    :raises FriendError: ``friend_bad`` for a part that is not what `compact` writes.
    """
    if not isinstance(data, list) or len(data) != 6:
        raise FriendError("a live code's description is six parts")
    ufrag, pwd, fingerprint, setup, mid, candidates = data
    for name, value, low in (("user fragment", ufrag, 4), ("password", pwd, 22)):
        if not isinstance(value, str) or not low <= len(value) <= 256:
            raise FriendError(f"the ICE {name} does not read")
        if not _ICE_CHARS.fullmatch(value):
            raise FriendError(f"the ICE {name} does not read")
    raw = _unpack64(fingerprint, 32, "fingerprint")
    roles = {letter: name for name, letter in _SETUPS.items()}
    if setup not in roles or (setup == "x") != offer:
        raise FriendError("the DTLS role does not fit an offer or an answer")
    if not isinstance(mid, str) or not _MID.fullmatch(mid):
        raise FriendError("the media id does not read")
    if not isinstance(candidates, list) or not 1 <= len(candidates) <= MAX_CANDIDATES:
        raise FriendError("a live code carries one to eight addresses")
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {mid}",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    lines += [_candidate_line(n, c) for n, c in enumerate(candidates)]
    lines += [
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in raw),
        f"a=setup:{roles[setup]}",
        f"a=mid:{mid}",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


# -- private helpers ---------------------------------------------------------


def _candidate(value: str) -> list[object] | None:
    # "FOUNDATION COMPONENT TRANSPORT PRIORITY ADDRESS PORT typ KIND ...": UDP, RTP only
    parts = value.split()
    if len(parts) < 8 or parts[1] != "1" or parts[2].lower() != "udp" or parts[6] != "typ":
        return None
    kind = _KINDS.get(parts[7])
    if kind is None or not parts[5].isdigit():
        return None
    address = parts[4]
    mdns = _MDNS.fullmatch(address)
    if mdns:
        packed = uuid.UUID(mdns.group(1)).bytes
        address = "m" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return [kind[0], address, int(parts[5])]


def _candidate_line(n: int, candidate: object) -> str:
    if not isinstance(candidate, list) or len(candidate) != 3:
        raise FriendError("a live code's address does not read")
    letter, address, port = candidate
    kinds = {short: (name, pref) for name, (short, pref) in _KINDS.items()}
    if letter not in kinds or type(port) is not int or not 1 <= port <= 65535:
        raise FriendError("a live code's address does not read")
    if not isinstance(address, str):
        raise FriendError("a live code's address does not read")
    if address.startswith("m"):
        address = str(uuid.UUID(bytes=_unpack64(address[1:], 16, "address"))) + ".local"
    elif not _address(address):
        raise FriendError(f"a live code's address does not read: {address[:48]!r}")
    name, pref = kinds[letter]
    priority = (pref << 24) + ((65535 - n) << 8) + 255
    line = f"a=candidate:{n + 1} 1 udp {priority} {address} {port} typ {name}"
    if name != "host":
        line += " raddr 0.0.0.0 rport 0"
    return line


def _address(text: str) -> bool:
    four = _IPV4.fullmatch(text)
    if four:
        return all(int(part) <= 255 for part in four.groups())
    return ":" in text and _IPV6.fullmatch(text) is not None


def _unpack64(text: object, size: int, what: str) -> bytes:
    if not isinstance(text, str) or len(text) > 64:
        raise FriendError(f"a live code's {what} does not read")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise FriendError(f"a live code's {what} does not read") from None
    if len(raw) != size:
        raise FriendError(f"a live code's {what} does not read")
    return raw
