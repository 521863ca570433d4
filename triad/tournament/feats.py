"""Feats: what the player has done over time, each with its progress towards a target.

A feat measures one number (`measure`): a count the tournament keeps in its
part of the save (matches won, wins by Same...), the leaders beaten at
least once, the best winning streak, the different cards owned, the decks
saved. It is earned once the number reaches its target, and stays earned;
the page announces each earned feat once (`Part.announced`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from triad.tournament.part import Part

__all__ = ["FEATS", "Feat", "earn", "measure", "progress"]


@dataclass(frozen=True)
class Feat:
    """A feat: its id, the number it measures and the target that earns it."""

    id: str
    measures: str
    target: int


#: Every feat, in the order the collection shows them. ``measures`` names a count of the
#: part, or one of ``leaders`` (leaders beaten), ``streak`` (best streak), ``cards``
#: (different cards owned), ``all_cards`` (the same, against the whole set), ``decks``,
#: ``every_leader``, ``kinds_won`` (kinds of event won).
FEATS: tuple[Feat, ...] = (
    Feat("first-match", "matches", 1),
    Feat("first-win", "wins", 1),
    Feat("ten-wins", "wins", 10),
    Feat("hundred-wins", "wins", 100),
    Feat("perfect", "perfect", 1),
    Feat("by-same", "same_win", 1),
    Feat("by-plus", "plus_win", 1),
    Feat("by-combo", "combo_win", 1),
    Feat("sudden-death", "sudden_win", 1),
    Feat("streak-3", "streak", 3),
    Feat("streak-10", "streak", 10),
    Feat("beat-master", "master_beaten", 1),
    Feat("six-leaders", "leaders", 6),
    Feat("every-leader", "every_leader", 1),
    Feat("finalist", "finals", 1),
    Feat("knockout-champion", "knockout_won", 1),
    Feat("open-champion", "open_won", 1),
    Feat("flawless", "flawless", 1),
    Feat("season-champion", "season_won", 1),
    Feat("three-seasons", "season_won", 3),
    Feat("grand-slam", "kinds_won", 3),
    Feat("first-deck", "decks", 1),
    Feat("five-decks", "decks", 5),
    Feat("half-the-cards", "cards", 55),
    Feat("every-card", "all_cards", 1),
)


def measure(feat: Feat, part: Part, owned: int, set_size: int, leaders: int) -> int:
    """The number ``feat`` measures now. ``owned`` is the different cards owned, of a set of
    ``set_size``; ``leaders`` the roster's size."""
    beaten = sum(1 for record in part.records.values() if record.wins > 0)
    special = {
        "leaders": beaten,
        "every_leader": int(beaten >= leaders),
        "streak": part.best_streak,
        "cards": owned,
        "all_cards": int(owned >= set_size),
        "decks": len(part.decks),
        "kinds_won": sum(1 for k in ("knockout", "open", "season") if part.count(f"{k}_won")),
    }
    return special.get(feat.measures, part.count(feat.measures))


def progress(part: Part, owned: int, set_size: int, leaders: int) -> list[dict[str, object]]:
    """Every feat: ``{"id", "value", "target", "earned", "announced"}`` (value capped at target)."""
    return [
        {
            "id": feat.id,
            "value": min(feat.target, measure(feat, part, owned, set_size, leaders)),
            "target": feat.target,
            "earned": feat.id in part.earned,
            "announced": feat.id in part.announced,
        }
        for feat in FEATS
    ]


def earn(part: Part, owned: int, set_size: int, leaders: int) -> tuple[Part, tuple[str, ...]]:
    """The part with every feat reached now marked earned, and the ids newly earned."""
    new = tuple(
        feat.id
        for feat in FEATS
        if feat.id not in part.earned
        and measure(feat, part, owned, set_size, leaders) >= feat.target
    )
    if not new:
        return part, ()
    return replace(part, earned=part.earned + new), new
