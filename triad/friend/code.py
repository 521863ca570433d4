"""Friend codes: a match log as short, versioned, checked text for a link or a chat.

A code is ``TF<version>.<body>.<check>``: the body is the log's compact
JSON, deflated and written in URL-safe base64 (no padding); the check is
four base64 characters of the SHA-256 of everything before it. So a code
fits a link's fragment (``#friend=CODE``) as it is, and::

    encode(doc) -> "TF3.q1YqSS0u...Xy.k3Zb"
    decode("TF3.q1YqSS0u...Xy.k3Zb") == doc

Reading a code checks, in order: it is text of a sane length, it names
a version this page reads (a code from another version says which it
is; version 2 added Draft's picks to version 1, so a version 1 code,
from a link or a match kept before, reads as it is), its check
characters match (a damaged code, e.g. cut short by a chat), and its body
inflates (at most `MAX_JSON` bytes) to JSON. What the JSON means is
`triad.friend.protocol`'s job. Every failure is a `FriendError` whose
``code`` names what the page explains to the player.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib

__all__ = [
    "MAX_CODE",
    "MAX_JSON",
    "PREFIX",
    "READS",
    "VERSION",
    "FriendError",
    "decode",
    "encode",
]

#: The kind of code a match's log is written as (a live connection's are ``TL``).
PREFIX = "TF"
#: The version each kind of code is written in (``TF``: a match's log, ``TL``: a live code).
VERSIONS = {PREFIX: 3, "TL": 1}
#: The version of a match's log codes (2: Draft's picks added to version 1; 3: the second
#: player's reveal with its last choice, flagged in the invitation).
VERSION = VERSIONS[PREFIX]
#: The versions each kind of code is read in: all the ones written so far, older ones
#: as they are (a version 1 log is a version 2 log with no picks in it, a version 2 log a
#: version 3 log whose invitation has no early reveal, played on as it began).
READS = {PREFIX: (1, 2, 3), "TL": (1,)}
#: Longest code text read (a whole match with Sudden Death is well under it).
MAX_CODE = 4000
#: Largest JSON a code may inflate to.
MAX_JSON = 20000

_CHECK = 4


class FriendError(ValueError):
    """A friend code or move that is refused; ``code`` is what the page explains.

    The message is the detail, in English, for tests and bug reports.
    """

    def __init__(self, message: str, code: str = "friend_bad") -> None:
        super().__init__(message)
        self.code = code


def encode(doc: object, prefix: str = PREFIX) -> str:
    """The code of a JSON-ready value (the log's JSON form; `prefix` names the kind of code:
    ``TF`` a match's log, ``TL`` a live connection's offer or answer)."""
    raw = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    body = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    head = f"{prefix}{VERSIONS[prefix]}.{body}"
    return f"{head}.{_check(head)}"


def decode(text: object, prefix: str = PREFIX) -> object:
    """The JSON value a code of the kind `prefix` carries.

    Spaces and line breaks inside the code are ignored (chats wrap long
    text), and so is a whole link around it (``...#friend=CODE``).

    :raises FriendError: ``friend_empty``, ``friend_version`` (another
        version's code), ``friend_damaged`` (check characters do not match)
        or ``friend_bad`` (not a friend code at all).
    """
    if not isinstance(text, str):
        raise FriendError("a friend code must be text")
    code = "".join(text.split())
    cut = code.rfind("friend=")
    if cut >= 0:
        code = code[cut + len("friend=") :]
    if not code:
        raise FriendError("the friend code is empty", "friend_empty")
    if len(code) > MAX_CODE:
        raise FriendError(f"the friend code is too long ({len(code)} > {MAX_CODE})")
    parts = code.split(".")
    head = parts[0]
    if not head.startswith(prefix) or len(parts) != 3:
        raise FriendError(f"not a friend code: {code[:20]!r}")
    version = head[len(prefix) :]
    readable = READS[prefix]
    if version not in [str(n) for n in readable]:
        newer = version.isdigit() and len(version) < 5 and int(version) > readable[-1]
        raise FriendError(
            f"the friend code is of version {version!r}; this page reads versions {readable}",
            "friend_version_newer" if newer else "friend_version",
        )
    if len(parts[2]) != _CHECK or parts[2] != _check(f"{head}.{parts[1]}"):
        raise FriendError(
            "the friend code is damaged: its check characters do not match", "friend_damaged"
        )
    try:
        packed = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail:
            raise FriendError(f"the friend code holds more than {MAX_JSON} bytes")
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, FriendError):
            raise
        raise FriendError(f"the friend code does not read: {exc}") from None


def _check(head: str) -> str:
    digest = hashlib.sha256(head.encode("ascii", "replace")).digest()
    return base64.urlsafe_b64encode(digest[:3]).decode("ascii")
