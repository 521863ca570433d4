"""The rest of Python's standard library, fetched the first time a worker imports from it.

A worker that starts Python from nothing (a first visit) boots with the engine's own
standard library: the files its imports read, under a third of the whole (build.py, from
tools/pyodide_stdlib.mjs). `install` puts a finder last on `sys.meta_path`: an import
of a standard module that library lacks fetches the whole library (python_stdlib.zip,
through the service worker's cache when it holds it) with one synchronous request, which
a worker may make, mounts it behind the first and imports from it. Nothing is lost but
the wait.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class WholeLibrary:
    """A meta path finder for the standard modules the engine's own library lacks.

    `names` are the whole library's top-level modules and packages; `fetch` returns its
    bytes, which are written to `mount`.
    """

    def __init__(self, names: frozenset[str], fetch: Callable[[], bytes], mount: str) -> None:
        self.names = names
        self.fetch = fetch
        self.mount = mount
        self.mounted = False

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of `name` from the whole library, None if it holds no such module.

        :raises OSError: if the whole library cannot be fetched.
        """
        if name.partition(".")[0] not in self.names:
            return None
        if not self.mounted:
            print(
                f"{name}: not in the engine's standard library, fetching it whole", file=sys.stderr
            )
            with open(self.mount, "wb") as out:
                out.write(self.fetch())
            sys.path.append(self.mount)
            self.mounted = True
        parent, _, _ = name.rpartition(".")
        if not parent:
            return importlib.machinery.PathFinder.find_spec(name, [self.mount])
        # A package of the engine's library looks for its modules in its folder of the
        # whole library too.
        folders = getattr(sys.modules.get(parent), "__path__", None)
        if folders is None:
            return None
        folder = self.mount + "/" + parent.replace(".", "/")
        if folder not in folders:
            folders.append(folder)
        return importlib.machinery.PathFinder.find_spec(name, folders)


def install(url: str, names: Sequence[str]) -> None:
    """Import the standard modules the engine's library lacks from the whole one at `url`,
    whose top-level modules and packages are `names` (a C module neither library holds,
    which a module may try to import, is still not found at once)."""

    def fetch() -> bytes:
        from js import XMLHttpRequest  # (Pyodide only)

        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise OSError(f"the standard library {url!r}: HTTP {request.status}")
        return bytes(request.response.to_py())

    sys.meta_path.append(WholeLibrary(frozenset(names), fetch, "/lib/python_stdlib_whole.zip"))
