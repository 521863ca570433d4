"""Runs a player's Triangle Catch bot, a Python program written for CodinGame.

Each bot gets a Pyodide worker of its own (``triadStartWorker`` with this
module), started afresh for every match: the page ends it with
``terminate()`` when the bot overruns its time, so a bot that loops forever
never blocks the page or another match.

How a CodinGame program runs here.  Such a program is one loop, ``while
True: read this turn's lines; print one line of commands``, and it keeps its
variables from turn to turn.  It is executed once, as on CodinGame, inside
an asyncio task, with ``sys.stdin``, ``sys.stdout`` and ``sys.stderr``
replaced: ``input()`` (or ``sys.stdin.readline()``) takes the next line of
the current turn, and when the turn's lines run out it suspends the whole
program with ``pyodide.ffi.run_sync`` until the page sends the next turn.
``run_sync`` needs WebAssembly JavaScript Promise Integration (JSPI, in
current Chromium-based browsers and Firefox).  Without it (Safari) the
worker runs in blocking mode instead (``serve``): the page writes each call
to a sync-message channel and ``input()`` blocks in the worker on a
synchronous read of the next call, through ``SharedArrayBuffer`` and
``Atomics.wait`` when the page is cross-origin isolated, otherwise through a
synchronous request that the service worker holds until the page writes it
(boot.js, engine-worker.js).  Other ways were weighed and rejected: running
the program again from its start every turn loses its state, rewriting
``input()`` into ``await`` breaks on helper functions.

The page calls (JSON text out, never raising; the envelope of `triad.api`,
and only what `EXPORTS` lists):

* ``start(code)`` -> ``{"ok", "error"?}``: compiles the program (a syntax
  error is reported with its line) and starts it; it runs up to its first
  read;
* ``turn(text)`` -> ``{"ok", "line", "ms", "stderr", "error"?, "ended"?}``:
  hands the program one turn of protocol input and returns the first line it
  prints (``ms`` is the time it took, measured here), with what it wrote to
  stderr meanwhile.  ``ok`` is false when the program ended, raised (the
  traceback is in ``error``) or asked for more input than the turn holds
  without printing its commands (a CodinGame referee would wait for it until
  its time ran out).

An error of our own (not a traceback) comes with ``say``, the sentence as
``{"key", "values", "text"}`` (`triad.catch.words`) for the page to write
in its language.

In blocking mode the same calls and answers go through ``serve(read,
reply)``, which never returns.

The time limits are the page's business: it races each call against a timer
and stops this worker when the bot is late.  A program that prints several
lines in one turn has the extra lines read as its next turns' answers, as on
CodinGame.
"""

import asyncio
import json
import linecache
import sys
import time
import traceback
from collections.abc import Callable
from types import CodeType
from typing import NotRequired, TypedDict

from triad.api import Exports, ok, refused
from triad.catch.words import Said
from triad.wire import Done

FILENAME = "bot.py"
STDERR_LIMIT = 20_000  # characters of stderr kept per turn


class _Program:
    """One running bot program and the pipes between it and the page."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.lines: list[str] = []  # input lines not read yet
        self.outputs: list[str] = []  # printed lines not taken yet
        self.partial = ""  # printed text after the last newline
        self.stderr: list[str] = []
        self.stderr_size = 0
        self.read_count = 0  # lines read during the current turn
        self.waiter: asyncio.Future[None] | None = None  # the program waits for input
        self.answer: asyncio.Future[None] | None = None  # the page waits for a line
        self.ended = ""  # why the program stopped ("" while it runs)
        self.crash = ""  # its traceback, if it raised
        self.task: asyncio.Future[None] | None = None  # the program, running
        # Blocking mode: reads the page's next call, answers a call by its id.
        self.read: Callable[[], str] | None = None
        self.reply: Callable[[int, str], None] | None = None
        self.call: tuple[int, str] | None = None  # the call waiting for an answer
        self.began = 0.0  # when the current turn's input was given

    # --- the program's side ---

    def readline(self) -> str:
        if self.read is not None:
            return self._readline_blocking()
        while not self.lines:
            if self.ended:
                return ""
            self._wake_page()  # it asks for input it was not given: the page is told at once
            loop = asyncio.get_event_loop()
            self.waiter = loop.create_future()
            _run_sync(self.waiter)
        self.read_count += 1
        return self.lines.pop(0) + "\n"

    def write(self, text: str) -> int:
        self.partial += text
        while "\n" in self.partial:
            line, self.partial = self.partial.split("\n", 1)
            self.outputs.append(line)
        if self.outputs:
            self._wake_page()
        return len(text)

    def write_err(self, text: str) -> int:
        if self.stderr_size < STDERR_LIMIT:
            self.stderr.append(text[: STDERR_LIMIT - self.stderr_size])
            self.stderr_size += len(text)
            if self.stderr_size >= STDERR_LIMIT:
                self.stderr.append("\n[more output on stderr was cut]\n")
        return len(text)

    def _wake_page(self) -> None:
        if self.reply is not None:
            self._answer_blocking()
        elif self.answer is not None and not self.answer.done():
            self.answer.set_result(None)

    # --- blocking mode (no JSPI) ---

    def _readline_blocking(self) -> str:
        assert self.read is not None and self.reply is not None
        while not self.lines:
            if self.ended:
                return ""
            self._answer_blocking(starved=True)
            call = json.loads(str(self.read()))
            if call.get("name") != "turn":
                self.reply(call["id"], refused("the program is already running"))
                continue
            self.call = (call["id"], "turn")
            self.began = time.perf_counter()
            self.feed(str(call["args"][0]))
            self._answer_blocking()
        self.read_count += 1
        return self.lines.pop(0) + "\n"

    def _answer_blocking(self, starved: bool = False) -> None:
        """Answer the call waiting, if the program has given what it waits for."""
        if self.call is None or self.reply is None:
            return
        ident, name = self.call
        if name == "start":  # the program has run up to its first read, or ended
            if starved or self.ended:
                self.call = None
                self.reply(ident, ok())
            return
        if self.outputs or self.ended or starved:
            self.call = None
            self.reply(ident, _turn_reply(self, time.perf_counter() - self.began))

    # --- the page's side ---

    def feed(self, text: str) -> None:
        self.lines.extend(text.splitlines())
        self.read_count = 0
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def take_stderr(self) -> str:
        text = "".join(self.stderr)
        self.stderr = []
        self.stderr_size = 0
        return text


class _Pipe:
    """A text stream that calls ``write`` (stdout, stderr) or ``readline`` (stdin)."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(
        self,
        write: Callable[[str], int] | None = None,
        readline: Callable[[], str] | None = None,
    ) -> None:
        self._write = write
        self._readline = readline

    def write(self, text: str) -> int:
        return self._write(str(text)) if self._write else 0

    def readline(self, size: int = -1) -> str:
        return self._readline() if self._readline else ""

    def __iter__(self) -> "_Pipe":
        return self

    def __next__(self) -> str:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return self._write is not None

    def readable(self) -> bool:
        return self._readline is not None


_program: _Program | None = None


def _run_sync(awaitable: "asyncio.Future[None]") -> None:
    from pyodide.ffi import run_sync  # type: ignore[import-not-found]

    run_sync(awaitable)


def _can_run_sync() -> bool:
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:  # not in Pyodide (a test under CPython): no way to suspend
        return False
    return bool(can_run_sync())


def _traceback(exc: BaseException) -> str:
    """The traceback of an exception raised by the bot, from the bot's own frames."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != FILENAME:
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, tb))


async def _run(program: _Program, compiled: CodeType, started: "asyncio.Future[bool]") -> None:
    if not _can_run_sync():
        started.set_result(False)
        return
    started.set_result(True)
    _execute(program, compiled)


def _execute(program: _Program, compiled: CodeType) -> None:
    """Run the player's program with its pipes, to its end; the page is told how it ended."""
    namespace = {"__name__": "__main__", "__file__": FILENAME}
    sys.stdin = _Pipe(readline=program.readline)
    sys.stdout = _Pipe(write=program.write)
    sys.stderr = _Pipe(write=program.write_err)
    try:
        exec(compiled, namespace)  # the player's program, by design
        program.ended = Said("program_ended")
    except SystemExit as exc:
        program.ended = Said("program_exited", code=exc.code)
    except BaseException as exc:  # anything the bot raises is reported, never re-raised
        program.ended = f"the program raised {type(exc).__name__}"
        program.crash = _traceback(exc)
    program._wake_page()


def _compile(code: str) -> CodeType | str:
    """The program compiled, or the error to show its author."""
    try:
        compiled = compile(code, FILENAME, "exec")
    except SyntaxError as exc:
        if exc.lineno:
            return Said("syntax_error", line=exc.lineno, message=exc.msg)
        return Said("syntax_error_where", message=exc.msg)
    linecache.cache[FILENAME] = (len(code), None, code.splitlines(True), FILENAME)
    return compiled


#: What the page may call by name (``serve`` is the worker's own, in blocking mode).
EXPORTS = Exports()
exported = EXPORTS.exported


class TurnReply(TypedDict):
    """What ``turn`` answers: the program's line of commands, the time it took and what
    it wrote to stderr meanwhile (an error's envelope carries them too, with ``ended``
    when the program stopped)."""

    line: str
    ms: float
    stderr: str
    ended: NotRequired[bool]
    #: An error of our own as a sentence for the page (`triad.catch.words`), not a traceback.
    say: NotRequired[dict[str, object]]


@EXPORTS.answering(Done)
async def start(code: str) -> str:
    """Compile and start the bot's program (see the module docstring)."""
    global _program
    if _program is not None:
        return refused("a program is already running in this worker")
    code = str(code)
    compiled = _compile(code)
    if isinstance(compiled, str):
        return refused(compiled, **_words(compiled))
    _program = _Program(code)
    started: asyncio.Future[bool] = asyncio.get_event_loop().create_future()
    _program.task = asyncio.ensure_future(_run(_program, compiled, started))
    if not await started:
        _program = None
        return refused("no-jspi")
    return ok()


@EXPORTS.answering(TurnReply)
async def turn(text: str) -> str:
    """Give the program one turn of input; return its line of commands (see the module docstring)."""
    program = _program
    if program is None:
        return refused("no program was started", line="", ms=0, stderr="")
    began = time.perf_counter()
    program.feed(str(text))
    while not program.outputs and not program.ended and not _starved(program):
        program.answer = asyncio.get_event_loop().create_future()
        await program.answer
    return _turn_reply(program, time.perf_counter() - began)


def _turn_reply(program: _Program, seconds: float) -> str:
    """The answer to a turn: the program's line, or why there is none."""
    ms = round(seconds * 1000, 2)
    stderr = program.take_stderr()
    if program.outputs:
        return ok(line=program.outputs.pop(0), ms=ms, stderr=stderr)
    if program.ended:
        return refused(
            program.crash or program.ended,
            ended=True,
            line="",
            ms=ms,
            stderr=stderr,
            **_words(program.crash or program.ended),
        )
    starved = Said("program_starved", count=program.read_count)
    return refused(starved, line="", ms=ms, stderr=stderr, **_words(starved))


def _words(message: str) -> dict[str, object]:
    """``{"say": ...}``, the page's way to write ``message`` in its language (see
    `triad.catch.words`), when it is one of ours (not a traceback)."""
    return {"say": message.to_json()} if isinstance(message, Said) else {}


def _starved(program: _Program) -> bool:
    """Whether the program waits for input it will not get before answering."""
    return not program.lines and program.waiter is not None and not program.waiter.done()


def serve(read: Callable[[], str], reply: Callable[[int, str], None]) -> None:
    """Blocking mode: answer the page's calls read one by one with ``read()``; never returns.

    Each call is ``{"id", "name", "args"}`` as JSON text; ``start`` runs the
    program right here, and its ``input()`` reads the next calls (its turns).
    """
    global _program
    while True:
        call = json.loads(str(read()))
        ident, name, args = call["id"], call.get("name"), call.get("args") or [""]
        if name == "start" and _program is None:
            code = str(args[0])
            compiled = _compile(code)
            if isinstance(compiled, str):
                reply(ident, refused(compiled, **_words(compiled)))
                continue
            _program = _Program(code)
            _program.read, _program.reply = read, reply
            _program.call = (ident, "start")
            _execute(_program, compiled)
        elif name == "turn" and _program is not None:
            _program.feed(str(args[0]))
            reply(ident, _turn_reply(_program, 0.0))
        else:
            reply(ident, refused(f"{name} is not expected now"))
