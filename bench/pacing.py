"""A static server that paces what it sends like a slow network, and counts every byte.

Not a benchmark itself: bench_network.py and the browser tests use it. All the
responses share one link of `mbps` megabits per second (sent in small slices, first
come first served, so parallel downloads split the bandwidth as on a real line), and
each response waits `latency_ms` before its first byte (a round trip). Every byte
written is counted on the server's side, whoever asked: the page, its workers and the
service worker alike; `log` keeps one entry per response.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import build

SLICE = 16 * 1024


@dataclass
class Sent:
    """One response: when it was asked for, its path, status and bytes (headers included),
    when its first byte and its last went out (time.time())."""

    start: float
    path: str
    status: int = 0
    bytes: int = 0
    first: float = 0.0
    end: float = 0.0


@dataclass
class Link:
    """The shared line: bandwidth handed out slice by slice, and the count of bytes sent."""

    mbps: float = 0.0  # 0: unpaced
    latency_ms: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    free_at: float = 0.0
    total: int = 0
    timeline: list[tuple[float, int]] = field(default_factory=list)
    log: list[Sent] = field(default_factory=list)

    def send(self, out: BinaryIO, data: bytes, entry: Sent) -> None:
        view = memoryview(data)
        for start in range(0, len(view), SLICE):
            piece = view[start : start + SLICE]
            if self.mbps > 0:
                with self.lock:
                    now = time.monotonic()
                    begin = max(now, self.free_at)
                    self.free_at = begin + len(piece) * 8 / (self.mbps * 1e6)
                    done = self.free_at
                delay = done - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            out.write(piece)
            if not entry.first:
                entry.first = time.time()
            with self.lock:
                self.total += len(piece)
                entry.bytes += len(piece)
                self.timeline.append((time.time(), self.total))

    def sent_by(self, moment: float) -> int:
        """Bytes sent up to `moment` (time.time())."""
        with self.lock:
            sent = 0
            for when, total in self.timeline:
                if when > moment:
                    break
                sent = total
            return sent

    def reset(self) -> None:
        with self.lock:
            self.total = 0
            self.free_at = 0.0
            self.timeline.clear()
            self.log.clear()


class _Paced:
    """The handler's output: each write goes through the link."""

    def __init__(self, raw: BinaryIO, link: Link, entry: Sent) -> None:
        self.raw = raw
        self.link = link
        self.entry = entry

    def write(self, data: bytes) -> int:
        self.link.send(self.raw, bytes(data), self.entry)
        return len(data)

    def flush(self) -> None:
        self.raw.flush()


class _Handler(build._Handler):
    protocol_version = "HTTP/1.1"  # keep-alive, as browsers and hosts use
    link: Link

    def handle_one_request(self) -> None:
        raw = self.wfile
        entry = Sent(time.time(), "")
        self.wfile = _Paced(raw, self.link, entry)  # type: ignore[assignment]
        try:
            super().handle_one_request()
        finally:
            self.wfile = raw
            if entry.path:
                entry.end = time.time()
                with self.link.lock:
                    self.link.log.append(entry)

    def parse_request(self) -> bool:
        # The request has come (a kept-alive connection waits for it in handle_one_request).
        self.wfile.entry.start = time.time()  # type: ignore[attr-defined]
        return super().parse_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        entry = self.wfile.entry  # type: ignore[attr-defined]
        entry.path = self.path.split("?")[0]
        entry.status = code
        if self.link.latency_ms:
            time.sleep(self.link.latency_ms / 1000)
        super().send_response(code, message)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection midway (a page closed) is no error here."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class PacedServer:
    """`directory` served on 127.0.0.1 through one paced, counted link."""

    def __init__(self, directory: Path, mbps: float = 0.0, latency_ms: float = 0.0) -> None:
        self.link = Link(mbps, latency_ms)
        handler = type("Handler", (_Handler,), {"link": self.link})
        factory: Any = functools.partial(handler, directory=str(directory))
        self.httpd = _Server(("127.0.0.1", 0), factory)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.origin = self.url.rstrip("/")
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.running = True

    def full_downloads(self) -> dict[str, int]:
        """How many times each path was sent whole (status 200)."""
        counts: dict[str, int] = {}
        with self.link.lock:
            for entry in self.link.log:
                if entry.status == 200:
                    counts[entry.path] = counts.get(entry.path, 0) + 1
        return counts

    def stop(self) -> None:
        if self.running:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.running = False
