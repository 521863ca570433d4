"""A stand-in for the browser's `js` module that records the Web Audio calls made to it.

`WebAudio(Recorder())` plays as in the page; `ops` then lists every call as
JSON-able rows, which the sound benchmark replays in Chromium:
``["create", id, kind, args]``, ``["set", id, property, value]``,
``["param", id, param, method, args]`` (method ``"="`` sets its value) and
``["call", id, method, args]`` (nodes in args by id; the output is ``"dest"``).
"""

from __future__ import annotations

from typing import Any


class Recorder:
    """Stands in for the browser's `js` module: an AudioContext that logs each call."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []
        self.AudioContext = self
        self.contexts: list[_Context] = []

    def new(self) -> _Context:
        """`AudioContext.new()`: a context whose calls go to `ops`."""
        self.contexts.append(_Context(self.ops))
        return self.contexts[-1]

    def nodes(self, kind: str) -> list[str]:
        """The ids of the nodes of `kind` (``"Oscillator"``, ``"Gain"``...) created so far."""
        return [op[1] for op in self.ops if op[0] == "create" and op[2] == kind]

    def calls(self, node: str, param: str = "") -> list[list[Any]]:
        """`[method, args]` of each call to `node` (or to its `param`), in order."""
        if param:
            return [op[3:] for op in self.ops if op[0] == "param" and op[1:3] == [node, param]]
        return [op[2:] for op in self.ops if op[0] == "call" and op[1] == node]


class _Param:
    def __init__(self, ops: list[list[Any]], node: str, name: str) -> None:
        object.__setattr__(self, "_ops", ops)
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_name", name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "value":
            raise AttributeError(name)
        self._ops.append(["param", self._node, self._name, "=", [value]])

    def __getattr__(self, method: str) -> Any:
        def call(*args: Any) -> None:
            self._ops.append(["param", self._node, self._name, method, list(args)])

        return call


class _Node:
    def __init__(self, ops: list[list[Any]], node_id: str) -> None:
        object.__setattr__(self, "_ops", ops)
        object.__setattr__(self, "_id", node_id)

    def __setattr__(self, name: str, value: Any) -> None:
        self._ops.append(["set", self._id, name, value])

    def __getattr__(self, name: str) -> Any:
        if name in ("connect", "disconnect", "start", "stop"):

            def call(*args: Any) -> None:
                refs = [a._id if isinstance(a, _Node) else a for a in args]
                self._ops.append(["call", self._id, name, refs])

            return call
        return _Param(self._ops, self._id, name)


class _Context:
    currentTime = 0.0
    state = "running"
    sampleRate = 48000

    def __init__(self, ops: list[list[Any]]) -> None:
        self._ops = ops
        self.destination = _Node(ops, "dest")

    def resume(self) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("create"):
            raise AttributeError(name)

        def create(*args: Any) -> _Node:
            node_id = "n" + str(len(self._ops))
            self._ops.append(["create", node_id, name[len("create") :], list(args)])
            return _Node(self._ops, node_id)

        return create
