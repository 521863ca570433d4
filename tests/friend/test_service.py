"""The worker's friend functions: two documents played by codes, as two pages would."""

from __future__ import annotations

import base64
import hashlib
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triad.cards import builtin_set
from triad.friend.code import decode, encode
from triad.friend.service import EXPORTS


def call(name: str, *args: object) -> dict[str, Any]:
    texts = [a if isinstance(a, str) else json.dumps(a) for a in args]
    reply: dict[str, Any] = json.loads(EXPORTS.functions[name](*texts))
    return reply


def test_a_whole_match_by_code() -> None:
    rng = random.Random(5)
    host = call("friend_new", {"rules": ["three_open", "chaos"]})
    assert host["ok"] and host["friend"]["expect"] == "answer" and host["view"] is None
    assert call("friend_id", {"code": host["code"]})["id"] == host["friend"]["id"]
    guest = call("friend_open", "", {"code": host["code"]})
    assert guest["friend"]["role"] == "guest" and guest["friend"]["mine"]
    assert guest["friend"]["rules"] == ["three_open", "chaos"]
    guest = call("friend_act", guest["doc"], {"accept": True})
    host = call("friend_open", host["doc"], {"code": guest["code"]})
    sides = {"host": host, "guest": guest}
    sender = "host"
    for _ in range(40):
        receiver = "guest" if sender == "host" else "host"
        reply = call("friend_open", sides[receiver]["doc"], {"code": sides[sender]["code"]})
        assert reply["ok"], reply
        sides[receiver] = reply
        friend = reply["friend"]
        if friend["over"]:
            break
        # its own cards face up; of the other's, only what the rules show
        them = "blue" if friend["me"] == "red" else "red"
        assert all(card["name"] != "?" for card in reply["view"]["hands"][friend["me"]])
        assert all(card["open"] for card in reply["view"]["hands"][them] if card["name"] != "?")
        if friend["mine"]:
            view = reply["view"]
            me = friend["me"]
            hand = view["hands"][me]
            forced = view["forced"][me]
            card = forced if forced is not None else rng.randrange(len(hand))
            cell = rng.choice([i for i in range(9) if view["board"][i] is None])
            reply = call("friend_act", reply["doc"], {"card": card, "cell": cell})
            assert reply["ok"], reply
            assert reply["mover"] == me and reply["placed"] is not None
            sides[receiver] = reply
            if reply["friend"]["over"]:
                break
        sender = receiver
    last = max(sides, key=lambda s: len(sides[s]["code"]))
    other = "guest" if last == "host" else "host"
    if not sides[other]["friend"]["over"]:  # the last code goes back, so both can check
        sides[other] = call("friend_open", sides[other]["doc"], {"code": sides[last]["code"]})
    final = [call("friend_view", sides[s]["doc"]) for s in ("host", "guest")]
    assert all(f["friend"]["over"] and f["friend"]["cheat"] is None for f in final)


def test_errors_are_named_for_the_page() -> None:
    host = call("friend_new", {"rules": []})
    assert call("friend_open", "", {"code": "TF1.abc.defg"})["code"] == "friend_damaged"
    assert call("friend_open", "", {"code": "TF7.abc.defg"})["code"] == "friend_version_newer"
    assert call("friend_open", "", {"code": "TFx.abc.defg"})["code"] == "friend_version"
    assert call("friend_new", {"rules": ["draft", "random"]})["code"] == "friend_rules"
    assert call("friend_open", host["doc"], {"code": host["code"]})["code"] == "friend_old"
    guest = call("friend_open", "", {"code": host["code"]})
    assert call("friend_act", guest["doc"], {"card": 0, "cell": 0})["code"] in {
        "friend_turn",
        "friend_order",
    }
    assert call("friend_view", "{}")["code"] == "friend_doc"


def as_version_1(code: str) -> str:
    """The same log written as a version 1 code (as pages wrote before Draft)."""
    head = "TF1." + code.split(".")[1]
    digest = hashlib.sha256(head.encode()).digest()[:3]
    return f"{head}.{base64.urlsafe_b64encode(digest).decode()}"


def test_a_match_kept_or_sent_before_version_2_goes_on() -> None:
    host = call("friend_new", {"rules": ["three_open"]})
    guest = call("friend_open", "", {"code": as_version_1(host["code"])})
    assert guest["ok"], guest
    guest = call("friend_act", guest["doc"], {"accept": True})
    # the host's match as a page of version 1 kept it: its log a version 1 code
    kept = json.loads(host["doc"])
    kept["log"] = as_version_1(kept["log"])
    host = call("friend_open", json.dumps(kept), {"code": as_version_1(guest["code"])})
    assert host["ok"], host
    assert host["friend"]["expect"] in ("show", "play") and host["view"] is not None
    assert host["code"].startswith("TF3.")
    assert call("friend_view", json.dumps(kept))["ok"]


def test_a_drafted_match_by_code() -> None:
    rng = random.Random(6)
    host = call("friend_new", {"rules": ["draft", "open"]})
    guest = call(
        "friend_act", call("friend_open", "", {"code": host["code"]})["doc"], {"accept": True}
    )
    host = call("friend_open", host["doc"], {"code": guest["code"]})
    assert host["view"] is None and host["draft"] is not None and len(host["draft"]["pool"]) == 12

    def act(reply: dict[str, Any]) -> dict[str, Any]:
        # this side's picks, then at most one move
        friend = reply["friend"]
        while friend["mine"] and friend["expect"] == "pick":
            draft = reply["draft"]
            assert draft["to_pick"] == friend["me"]
            taken = set(draft["blue"]) | set(draft["red"])
            index = rng.choice([i for i in range(12) if i not in taken])
            reply = call("friend_act", reply["doc"], {"pick": index})
            assert reply["ok"], reply
            friend = reply["friend"]
        if friend["mine"] and friend["expect"] == "play":
            view = reply["view"]
            hand = view["hands"][friend["me"]]
            cell = rng.choice([i for i in range(9) if view["board"][i] is None])
            move = {"card": rng.randrange(len(hand)), "cell": cell}
            reply = call("friend_act", reply["doc"], move)
            assert reply["ok"], reply
        return reply

    sides = {"host": act(host), "guest": guest}
    sender = "host"
    for _ in range(60):
        receiver = "guest" if sender == "host" else "host"
        reply = call("friend_open", sides[receiver]["doc"], {"code": sides[sender]["code"]})
        assert reply["ok"], reply
        sides[receiver] = reply = act(reply)
        if reply["friend"]["over"]:
            break
        sender = receiver
    assert sides[receiver]["friend"]["over"] and sides[receiver]["friend"]["cheat"] is None
    assert sides[receiver]["draft"] is None


_HOST = call("friend_new", {"rules": ["three_open", "swap"]})
_GUEST = call(
    "friend_act", call("friend_open", "", {"code": _HOST["code"]})["doc"], {"accept": True}
)


@given(st.data())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_anything_a_code_carries_is_answered_never_raised(data: st.DataObject) -> None:
    # a code re-encoded with valid check characters around any damage to its messages
    items = decode(_GUEST["code"])
    assert isinstance(items, list)
    i = data.draw(st.integers(0, len(items) - 1))
    item = list(items[i])
    j = data.draw(st.integers(0, len(item) - 1))
    item[j] = data.draw(
        st.one_of(st.integers(-5, 1 << 40), st.text(max_size=30), st.none(), st.floats())
    )
    items[i] = item
    code = encode(items)
    for doc in ("", _HOST["doc"]):
        reply = call("friend_open", doc, {"code": code})
        assert reply["ok"] or reply["code"].startswith("friend_"), reply


def test_a_match_with_hands_picked_from_each_collection() -> None:
    ids = [card.id for card in builtin_set("houses").cards]
    mine, theirs = ids[:5], [ids[7], ids[7], ids[8], ids[9], ids[10]]  # (copies are fine)
    refused = call("friend_new", {"rules": ["random"], "hand": mine})
    assert not refused["ok"] and refused["code"] == "friend_picked_rules"
    short = call("friend_new", {"rules": ["open"], "hand": mine[:4]})
    assert not short["ok"] and short["code"] == "friend_hand"
    host = call("friend_new", {"rules": ["open"], "hand": mine})
    assert host["ok"] and host["friend"]["picked"]
    guest = call("friend_open", "", {"code": host["code"]})
    assert guest["friend"]["picked"]
    refused = call("friend_act", guest["doc"], {"accept": True, "hand": ["nope"] * 5})
    assert not refused["ok"] and refused["code"] == "friend_hand"
    guest = call("friend_act", guest["doc"], {"accept": True, "hand": theirs})
    host = call("friend_open", host["doc"], {"code": guest["code"]})
    guest = call("friend_open", guest["doc"], {"code": host["code"]})
    view = guest["view"]
    assert [card["id"] for card in view["hands"]["red"]] == theirs
    assert [card["id"] for card in view["hands"]["blue"]] == mine  # (Open shows the host's)
