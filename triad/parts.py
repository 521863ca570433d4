"""Master's search split in parts: how the parts' answers make one move.

Master's search of a big position is split over workers, each searching a
part of the moves (`triad.cpu.brain.Brain.search_part`, answered as
`triad.cpu.service.part_reply`); the page joins their answers. Among the
moves of the best value when it is not a win, master prefers the trap a
fallible opponent is least likely to answer well, then the one with the
fewest replies that keep the value (`best_traps`): the brain ranks a part's
moves so, and the page ranks the parts' best traps the same way.

Imported by the workers (CPython/Pyodide) and by the page's main thread
(MicroPython): no typing import outside the ``try`` below.
"""

try:
    from typing import Any, TypeVar

    Item = TypeVar("Item")
except ImportError:  # MicroPython (the page): annotations are never read
    pass

from triad.api import success

__all__ = ["EPS", "best_part", "best_trap", "best_traps", "split_found", "split_value"]

#: Chances of keeping the value closer than this are the same chance.
EPS = 1e-9


def best_traps(scored: "list[tuple[float, int, Item]]") -> "list[Item]":
    """The items of the best traps among ``(chance kept, replies keeping the value, item)``,
    in their order: the lowest chance (within `EPS`), then the fewest such replies."""
    if not scored:
        return []
    low = min(kept for kept, _, _ in scored)
    near = [(keepers, item) for kept, keepers, item in scored if kept <= low + EPS]
    fewest = min(keepers for keepers, _ in near)
    return [item for keepers, item in near if keepers == fewest]


def best_part(replies: "list[dict[str, Any]]") -> "dict[str, Any]":
    """The answer of a search split in parts (the engine's part first, then each worker's):
    the move of the best part's value, exact when every part finished in time.

    Otherwise the best of the parts that did finish, and the engine's own answer (its
    lookahead) when none did; ties go to the earlier part.
    """
    own = replies[0]
    if not own.get("ok"):
        return own
    done = [r for r in replies if r.get("ok") and r.get("exact")]
    best = max(done or [own], key=lambda r: r["value"])
    return success(card=best["card"], cell=best["cell"], exact=len(done) == len(replies))


def split_value(replies: "list[dict[str, Any]]") -> "int | None":
    """The value of a position searched in parts once every part is proven (the best
    part's), else None."""
    if not replies or not all(r.get("ok") and r.get("exact") for r in replies):
        return None
    return int(max(r["value"] for r in replies))


def best_trap(replies: "list[dict[str, Any]]", found: "dict[str, Any]") -> "dict[str, Any]":
    """Master's move among its best after a split search (`found`, exact) once the parts
    of the best value counted their traps (`best_traps`, the earlier part on a tie);
    `found` when none is counted."""
    scored = [(r["trap"][0], r["trap"][1], r) for r in replies if r.get("ok") and r.get("trap")]
    traps = best_traps(scored)
    if not traps:
        return found
    pick = traps[0]
    return success(card=pick["card"], cell=pick["cell"], exact=True)


def split_found(
    proven: "list[dict[str, Any] | None]", counted: "list[dict[str, Any] | None]"
) -> "dict[str, Any] | None":
    """The move a split search ends on, from each part's answer once proven (`proven`)
    and, for the parts of the best value when it is not a win, once its traps counted
    (`counted`, None elsewhere), as the CPU's turn makes it of the same answers:
    `best_part`, then `best_trap`; with the position's value. None unless every part
    is proven."""
    if not proven or None in proven:
        return None
    answers = [reply for reply in proven if reply is not None]
    found = best_part(answers)
    value = split_value(answers)
    if value is None:
        return None
    if value <= 0:
        replies = []
        for part, reply in enumerate(answers):
            more = counted[part]
            replies.append(more if more is not None else reply)
        found = best_trap(replies, found)
    found["value"] = value
    return found
