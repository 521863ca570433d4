"""Scopes: the one lifecycle of the page's asynchronous work.

Every task of the page starts in a `Scope`, and scopes nest as what they
serve does: the page owns the root (`triad.ui.page.shell.Shell.scope`), the match
on the table, a replay, the puzzle or an analysis a child of it, pondering or
the split search a child of the match. Ending a scope (`end`) cancels its
tasks and its children's, so nothing of what left the page reaches what came
after, and no task reads a flag after an await to find out whether it still
matters: a task that no longer matters does not run on.

A spawn into an ended scope starts nothing (the coroutine is closed).

MicroPython cannot cancel the task that runs ("can't cancel self"): when a
scope is ended from one of its own tasks, a tiny task of the root cancels that
one as soon as it has yielded, so under both runtimes it is cancelled at its
next await (CPython does the same with a task cancelling itself).

Plain Python: runs under MicroPython in the page and under CPython in tests.
"""

import asyncio

#: The tasks cancelling a task that ended its own scope, kept until they have run.
_cancelling: list = []


def _running():
    """The task that runs now, or None (called outside any task)."""
    try:
        return asyncio.current_task()
    except RuntimeError:  # (CPython: no event loop runs)
        return None


async def _cancel(task) -> None:
    """Cancel `task`, which ended its own scope and has yielded since."""
    try:
        if not task.done():
            task.cancel()
    finally:
        _cancelling[:] = [t for t in _cancelling if not t.done()]


def _cancel_soon(task) -> None:
    _cancelling.append(asyncio.create_task(_cancel(task)))


class Scope:
    """Tasks that live and end together, and the scopes nested in them."""

    def __init__(self, name: str = "page", parent=None) -> None:
        self.name = name  # (what it serves: read in tests and when debugging)
        self.tasks: list = []
        self.children: list[Scope] = []
        self.parent = parent
        self.ended = parent is not None and parent.ended  # (nested in an ended one: ended)

    def spawn(self, coro):
        """Run `coro` as a task of this scope (kept, so none is collected half-way); the
        task, or None when the scope has ended (the coroutine is closed unstarted)."""
        if self.ended:
            coro.close()
            return None
        self.tasks = [task for task in self.tasks if not task.done()]
        task = asyncio.create_task(coro)
        self.tasks.append(task)
        return task

    def child(self, name: str = ""):
        """A scope nested in this one: ended with it, or on its own before."""
        scope = Scope(name or self.name, self)
        if not self.ended:
            self.children = [c for c in self.children if not c.ended]
            self.children.append(scope)
        return scope

    def end(self) -> None:
        """Cancel every task of this scope and of its children; the scope takes no more.
        The task that calls it, if it is one of them, is cancelled at its next await."""
        if self.ended:
            return
        self.ended = True
        if self.parent is not None:
            self.parent.forget(self)
        for child in self.children:
            child.end()
        me = _running()
        for task in self.tasks:
            if task.done():
                continue
            if task is me:
                _cancel_soon(task)
            else:
                task.cancel()

    def forget(self, child) -> None:
        """`child` has ended: it is no longer kept here."""
        self.children = [c for c in self.children if c is not child]

    def running(self) -> list:
        """The tasks of this scope and its children not yet done (tests count them; an
        ended scope keeps its tasks and children for that)."""
        found = [task for task in self.tasks if not task.done()]
        for child in self.children:
            found.extend(child.running())
        return found
