"""The command line: ``python -m triad <command> ...``.

Commands are dispatched lazily to the module that owns them; each module has
``main(argv: list[str]) -> int`` and receives the arguments starting with the
command name itself (``argv[0]`` is ``"resolve"``, ``"solve"``, ...):

* ``resolve``: `triad.cli` (one placement, JSON in and out)
* ``solve``, ``play``: `triad.cpu.cli`
* ``catch``: `triad.catch.cli`
* ``analyse``, ``puzzle``: `triad.study.cli`
* ``tournament``: `triad.tournament.cli`
"""

from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, str] = {
    "resolve": "triad.cli",
    "solve": "triad.cpu.cli",
    "play": "triad.cpu.cli",
    "catch": "triad.catch.cli",
    "analyse": "triad.study.cli",
    "puzzle": "triad.study.cli",
    "tournament": "triad.tournament.cli",
}

_USAGE = "usage: python -m triad {" + ",".join(COMMANDS) + "} [options]  (see <command> --help)"


def main(argv: list[str] | None = None) -> int:
    """Dispatch ``argv`` (default ``sys.argv[1:]``) to its command; return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        stream = sys.stdout if args else sys.stderr
        stream.write(_USAGE + "\n")
        return 0 if args else 2
    command = args[0]
    module_name = COMMANDS.get(command)
    if module_name is None:
        sys.stderr.write(f"error: unknown command {command!r}\n{_USAGE}\n")
        return 2
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        sys.stderr.write(f"error: command {command!r} is not available ({exc})\n")
        return 2
    status: int = module.main(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
