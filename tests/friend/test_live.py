"""Live codes: a WebRTC offer or answer kept to what differs, written whole again, checked."""

from __future__ import annotations

import json
from typing import Any

import pytest

from triad.friend import live
from triad.friend.code import FriendError, decode, encode
from triad.friend.service import EXPORTS

# An offer and its answer as Chromium wrote them (no ICE server: mDNS host candidates).
OFFER = """v=0
o=- 5818286160425306554 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1131103479 1 udp 2113937151 aeb7f186-bc11-41bc-9241-aa91c2f2ce11.local 57428 typ host generation 0 network-cost 999
a=candidate:2282587415 1 udp 2113942271 070e9c1c-4aea-403f-9507-c4e7c048815f.local 44290 typ host generation 0 network-cost 999
a=candidate:842163049 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0
a=candidate:3 1 tcp 1518280447 192.168.1.4 9 typ host tcptype active
a=ice-ufrag:vuDp
a=ice-pwd:C5C2UN8mQWwDKgV90Kx5coY6
a=ice-options:trickle
a=fingerprint:sha-256 67:AD:37:31:4B:04:2E:3E:4B:21:FE:EF:9A:9E:CF:FA:61:92:FF:8E:CF:A1:1D:EF:99:9B:FE:7F:59:21:0B:A5
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
ANSWER = OFFER.replace("a=setup:actpass", "a=setup:active").replace("vuDp", "zjQE")


def call(name: str, *args: object) -> dict[str, Any]:
    texts = [a if isinstance(a, str) else json.dumps(a) for a in args]
    reply: dict[str, Any] = json.loads(EXPORTS.functions[name](*texts))
    return reply


def lines(sdp: str, start: str) -> list[str]:
    return [line for line in sdp.splitlines() if line.startswith(start)]


def test_a_description_keeps_what_connects() -> None:
    data = live.compact(OFFER)
    assert data[:2] == ["vuDp", "C5C2UN8mQWwDKgV90Kx5coY6"]
    assert len(data[2]) == 43 and data[3] == "x" and data[4] == "0"  # type: ignore[arg-type]
    assert [c[0] for c in data[5]] == ["h", "h", "s"]  # type: ignore[union-attr]  # no TCP
    sdp = live.expand(data, offer=True)
    for start in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid"):
        assert lines(sdp, start) == lines(OFFER, start)
    candidates = lines(sdp, "a=candidate")
    assert "aeb7f186-bc11-41bc-9241-aa91c2f2ce11.local 57428 typ host" in candidates[0]
    assert "203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0" in candidates[2]
    assert live.compact(sdp) == data  # written whole, it reads the same again


def test_a_live_code_carries_the_match() -> None:
    host = call("friend_new", {"rules": ["three_open", "random"]})
    offer = call("friend_live_code", host["doc"], {"sdp": OFFER, "offer": True})
    assert offer["ok"] and offer["code"].startswith("TL1.")
    assert len(offer["code"]) < 450, len(offer["code"])
    read = call("friend_live_read", {"code": "https://x.test/#friend=" + offer["code"]})
    assert read["offer"] and read["id"] == host["friend"]["id"]
    assert read["log"] == host["code"]  # the by-link code of the same log
    assert lines(read["sdp"], "a=fingerprint") == lines(OFFER, "a=fingerprint")
    guest = call(
        "friend_act", call("friend_open", "", {"code": read["log"]})["doc"], {"accept": True}
    )
    answer = call("friend_live_code", guest["doc"], {"sdp": ANSWER, "offer": False})
    read = call("friend_live_read", {"code": answer["code"]})
    assert not read["offer"] and lines(read["sdp"], "a=setup") == ["a=setup:active"]
    assert read["log"] == guest["code"]


def test_a_bad_live_code_is_refused_with_its_reason() -> None:
    host = call("friend_new", {"rules": []})
    code = call("friend_live_code", host["doc"], {"sdp": OFFER})["code"]
    assert call("friend_live_read", {"code": "TL2" + code[3:]})["code"] == "friend_version_newer"
    middle = len(code) // 2
    damaged = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    assert call("friend_live_read", {"code": damaged})["code"] == "friend_damaged"
    assert call("friend_live_read", {"code": host["code"]})["code"] == "friend_bad"
    no_address = "\n".join(x for x in OFFER.splitlines() if "candidate" not in x)
    reply = call("friend_live_code", host["doc"], {"sdp": no_address})
    assert reply["code"] == "friend_live_sdp"


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__(0, "a b"),  # a space would add a line of its own
        lambda d: d.__setitem__(1, "x\r\na=evil:1" + "x" * 22),
        lambda d: d.__setitem__(2, "short"),
        lambda d: d.__setitem__(3, "a"),  # an offer's role is actpass
        lambda d: d.__setitem__(4, "0\r\nx"),
        lambda d: d.__setitem__(5, []),
        lambda d: d[5].append(["h", "1.2.3.4 5 typ host\r\na=x", 9]),
        lambda d: d[5].append(["h", "300.1.1.1", 9]),
        lambda d: d[5].append(["h", "1.2.3.4", 70000]),
        lambda d: d[5].append(["q", "1.2.3.4", 9]),
        lambda d: d[5].append(["h", "mshort", 9]),
    ],
)
def test_a_forged_description_does_not_reach_webrtc(change: Any) -> None:
    data = json.loads(json.dumps(live.compact(OFFER)))
    change(data)
    body = {"o": 1, "d": data, "l": decode(call("friend_new", {"rules": []})["code"])}
    with pytest.raises(FriendError):
        live.read(encode(body, live.PREFIX))
