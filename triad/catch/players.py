"""Players of a match: built-in bots in process, or programs run as subprocesses.

Both speak the text protocol: ``respond(text, first)`` hands a player exactly
the lines its program would read on stdin for this turn (the initial block
included on the first turn) and returns the one line it printed.

A program is started with ``sh -c COMMAND`` in its own process group, with
``PYTHONUNBUFFERED=1`` so a Python bot written for CodinGame (plain
``input()`` and ``print()``) runs unchanged. It must answer within the time
limit, measured from the moment its input is written: 1000 ms on the first
turn and 50 ms after, as on CodinGame (both configurable). Its stderr goes to
ours unless a sink is given.
"""

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Protocol

from triad.catch.bots import BUILTIN_BOTS, make_bot

FIRST_TURN_LIMIT_MS = 1000
TURN_LIMIT_MS = 50


class BotError(Exception):
    """A player failed to answer: it timed out, crashed or closed its output."""


class BotTimeout(BotError):
    """A player did not answer within its time limit."""


class BotCrash(BotError):
    """A player's program exited or closed its pipes."""


class Player(Protocol):
    """Anything that answers protocol input with one line of commands."""

    name: str

    def respond(self, text: str, first: bool) -> str:
        """Return the output line for this turn's input ``text``.

        :raises BotError: if the player cannot answer.
        """
        ...

    def close(self) -> None:
        """Release whatever the player holds (processes, threads)."""
        ...


class BuiltinPlayer:
    """A built-in bot run in this process (no time limit is enforced on it)."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.name = name
        self._bot = make_bot(name, seed)
        self.last_ms = 0.0

    def respond(self, text: str, first: bool) -> str:
        start = time.perf_counter()
        try:
            return self._bot.turn(text)
        finally:
            self.last_ms = (time.perf_counter() - start) * 1000

    def close(self) -> None:
        return None


class SubprocessPlayer:
    """A program speaking the protocol on stdin/stdout, with time limits."""

    def __init__(
        self,
        command: str,
        name: str | None = None,
        first_limit_ms: int = FIRST_TURN_LIMIT_MS,
        limit_ms: int = TURN_LIMIT_MS,
        stderr_sink: Callable[[str], None] | None = None,
        cwd: str | None = None,
    ) -> None:
        self.name = name or command
        self.command = command
        self.first_limit_ms = first_limit_ms
        self.limit_ms = limit_ms
        self.last_ms = 0.0
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"
        self._proc = subprocess.Popen(
            command,
            shell=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None if stderr_sink is None else subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
            cwd=cwd,
            start_new_session=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        # Input is written by a thread so that a program that stops reading cannot block us.
        self._inputs: queue.Queue[str | None] = queue.Queue()
        self._threads = [
            threading.Thread(target=self._pump_stdout, daemon=True),
            threading.Thread(target=self._pump_stdin, daemon=True),
        ]
        if stderr_sink is not None:
            self._threads.append(
                threading.Thread(target=self._pump_stderr, args=(stderr_sink,), daemon=True)
            )
        for thread in self._threads:
            thread.start()

    def respond(self, text: str, first: bool) -> str:
        self._inputs.put(text)
        limit = self.first_limit_ms if first else self.limit_ms
        start = time.perf_counter()
        try:
            line = self._lines.get(timeout=limit / 1000)
        except queue.Empty:
            raise BotTimeout(f"{self.name} did not answer within {limit} ms") from None
        self.last_ms = (time.perf_counter() - start) * 1000
        if line is None:
            raise BotCrash(f"{self.name} stopped without answering ({self._exit_note()})")
        return line.rstrip("\r\n")

    def close(self) -> None:
        self._inputs.put(None)
        proc = self._proc
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=2)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        for thread in self._threads:
            thread.join(timeout=2)

    def _exit_note(self) -> str:
        code = self._proc.poll()
        if code is None:
            time.sleep(0.05)
            code = self._proc.poll()
        return "still running" if code is None else f"exit code {code}"

    def _pump_stdin(self) -> None:
        stdin = self._proc.stdin
        assert stdin is not None
        while True:
            text = self._inputs.get()
            if text is None:
                return
            try:
                stdin.write(text)
                stdin.flush()
            except (OSError, ValueError):
                return  # the program is gone: its stdout reaches EOF and respond reports it

    def _pump_stdout(self) -> None:
        stdout = self._proc.stdout
        assert stdout is not None
        try:
            for line in stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _pump_stderr(self, sink: Callable[[str], None]) -> None:
        stderr = self._proc.stderr
        assert stderr is not None
        try:
            for line in stderr:
                sink(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass


def make_player(
    spec: str,
    seed: int = 0,
    first_limit_ms: int = FIRST_TURN_LIMIT_MS,
    limit_ms: int = TURN_LIMIT_MS,
    stderr_sink: Callable[[str], None] | None = None,
) -> BuiltinPlayer | SubprocessPlayer:
    """Return the built-in bot named ``spec``, or else a subprocess running ``spec``."""
    if spec in BUILTIN_BOTS:
        return BuiltinPlayer(spec, seed)
    return SubprocessPlayer(spec, None, first_limit_ms, limit_ms, stderr_sink)
