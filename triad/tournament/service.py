"""What the page and the command line do with the tournament part of a save.

Each function takes the whole `Save` and returns a new one (or a view), so
the page writes one complete save after every change: after a match is
settled, the matches between leaders it led to are in the same write.

The player is blue in every match they play. A match of theirs is dealt by
`current_match`; its moves so far are kept with `progress` after each move
(a reload resumes it exactly); `settle` takes the finished match's record,
replays it with the engine, checks it is the match that was dealt, and
counts it: the bracket or table, records, streak, feats, and once the event
is over its champion and prizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from triad.capture import Board, EventKind, Player
from triad.collection.deck import DeckError, check_deck
from triad.collection.save import MAX_COPIES, Save, SaveError, check_id
from triad.match import MatchConfig, deal_match
from triad.notation import MatchRecord, Replay
from triad.rules import Rule
from triad.state import Move
from triad.tally import Tally
from triad.tournament.events import (
    EventError,
    advance,
    expected_record,
    host_of,
    new_event,
    outcome_of,
    place_of,
    player_events,
    prize_cards,
    replayed,
    round_count,
    standings,
)
from triad.tournament.feats import earn
from triad.tournament.feats import progress as feat_progress
from triad.tournament.limits import MAX_DECKS, DeckLimitError, NamedDeck, check_limits, check_name
from triad.tournament.part import PAST_LIMIT, PLAYER, Event, Pairing, Part, Past
from triad.tournament.roster import Roster, default_roster

__all__ = [
    "Settled",
    "TournamentError",
    "abandon",
    "check_player_deck",
    "current_match",
    "delete_deck",
    "feats_seen",
    "progress",
    "save_deck",
    "settle",
    "start",
    "view",
]


#: Picks of a draft (both hands).
DRAFT_PICKS = 10


class TournamentError(ValueError):
    """A tournament request that cannot be done; the save is left as it was.

    ``code`` names the reason for the page's words; ``card`` the card at fault, if any.
    """

    def __init__(self, message: str, code: str = "tournament_bad", card: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.card = card
        #: What the page says in the player's language: the reason and the card at fault.
        self.words = {"key": code, "card": card}


@dataclass(frozen=True)
class Settled:
    """What `settle` did: the new save and the player's result."""

    save: Save
    outcome: str
    score: tuple[int, int]
    advanced: bool
    feats: tuple[str, ...]
    champion: str | None
    prizes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"outcome", "score": [you, them], "advanced", "feats", "champion", "prizes"}``."""
        return {
            "outcome": self.outcome,
            "score": list(self.score),
            "advanced": self.advanced,
            "feats": list(self.feats),
            "champion": self.champion,
            "prizes": list(self.prizes),
        }


def check_player_deck(save: Save, cards: Sequence[str]) -> tuple[str, ...]:
    """A deck the player may bring: owned, and within the star limits.

    :raises TournamentError: the reason, with the card at fault.
    """
    try:
        deck = check_limits(list(cards), save.card_set)
        check_deck(save.cards, save.card_set, list(deck))
    except DeckLimitError as exc:
        raise TournamentError(str(exc), exc.code, exc.card) from None
    except DeckError as exc:
        missing = next((c for c in cards if save.copies(c) < list(cards).count(c)), "")
        raise TournamentError(str(exc), "deck_owned", missing) from None
    return deck


def start(
    save: Save,
    kind: str,
    seed: int,
    event_id: str,
    deck: Sequence[str] | None = None,
    roster: Roster | None = None,
) -> Save:
    """The save with a new event of ``kind`` begun (round one's leader matches played).

    ``deck`` is the player's 5 cards (not needed for an open tournament, which drafts).

    :raises TournamentError: an event is under way, a bad kind, or a deck refused.
    """
    roster = roster or default_roster()
    try:
        check_id(event_id, "event id")
    except SaveError as exc:
        raise TournamentError(str(exc)) from None
    part = save.tournament
    if part.event is not None and not part.event.over:
        raise TournamentError(
            "a tournament is under way; finish it or give it up first", "tournament_busy"
        )
    cards: tuple[str, ...] = ()
    if kind != "open":
        if deck is None:
            raise TournamentError("choose a deck for this tournament", "deck_count")
        cards = check_player_deck(save, deck)
    played = dict(part.played)
    played[kind] = played.get(kind, 0) + 1
    try:
        event = new_event(kind, roster, seed, event_id, played[kind], cards)
    except EventError as exc:
        raise TournamentError(str(exc)) from None
    new = replace(part, event=event, played=played)
    return save.with_changes(tournament=new, tournament_damaged=None)


def current_match(save: Save, roster: Roster | None = None) -> dict[str, Any]:
    """The player's match to play: ``{"index", "round", "opponent", "level", "record"}``,
    ``record`` holding the moves played so far (resume from it).

    :raises TournamentError: no match of the player's is waiting.
    """
    roster = roster or default_roster()
    event = _event(save)
    index = event.current
    if index is None:
        raise TournamentError("the player has no match to play in this tournament", "no_match")
    pairing = event.matches[index]
    leader = host_of(pairing, roster)
    record = replace(expected_record(event, index, roster), games=event.games, draft=event.draft)
    return {
        "index": index,
        "round": pairing.round,
        "opponent": leader.id,
        "level": leader.level,
        "record": record.to_json(),
    }


def progress(
    save: Save,
    games: Sequence[Sequence[Move]],
    draft: Sequence[int] = (),
    roster: Roster | None = None,
) -> Save:
    """The save with the draft picks and moves of the player's match so far (written after
    every pick and move).

    :raises TournamentError: no match is waiting, or the moves do not replay.
    """
    roster = roster or default_roster()
    event = _event(save)
    index = _current(event)
    kept = tuple(tuple(game) for game in games if game)
    picks = tuple(draft)
    record = replace(expected_record(event, index, roster), games=kept, draft=picks)
    drafting = Rule.DRAFT in record.rules
    if drafting and len(picks) < DRAFT_PICKS and not kept:
        _check_picks(save, record)
    else:
        try:
            replayed(record, save.card_set)
        except EventError as exc:
            raise TournamentError(str(exc)) from None
    new = replace(save.tournament, event=replace(event, games=kept, draft=picks))
    return save.with_changes(tournament=new)


def settle(save: Save, record: MatchRecord, roster: Roster | None = None) -> Settled:
    """The save after the player's finished match ``record`` (see the module docstring).

    :raises TournamentError: no match is waiting, the record is not that match's deal,
        it does not replay or is unfinished.
    """
    roster = roster or default_roster()
    event = _event(save)
    index = _current(event)
    expected = expected_record(event, index, roster)
    if replace(record, draft=(), games=()) != expected:
        raise TournamentError("this record is not the tournament match that was dealt")
    try:
        played = replayed(record, save.card_set)
    except EventError as exc:
        raise TournamentError(str(exc)) from None
    final = played.states[-1][-1] if played.states else None
    if final is None or not final.is_terminal or played.match.rematch(final, len(record.games)):
        raise TournamentError("the match is not finished")
    pairing = event.matches[index]
    winner, score = outcome_of(event, pairing, final)
    outcome = {Player.BLUE: "win", Player.RED: "loss", None: "draw"}[final.winner]
    matches = list(event.matches)
    matches[index] = replace(pairing, record=record, winner=winner, score=score)
    event = replace(event, matches=tuple(matches), games=(), draft=())
    part = _count_match(save.tournament, pairing, outcome, final.board, played, roster)
    event = advance(event, roster)
    part = replace(part, event=event)
    cards = dict(save.cards)
    prizes: tuple[str, ...] = ()
    if event.over:
        part, prizes = _finish(part, event, roster)
        for card_id in prizes:
            cards[card_id] = min(MAX_COPIES, cards.get(card_id, 0) + 1)
        part = replace(part, event=replace(event, prizes=prizes))
    owned = sum(1 for n in cards.values() if n > 0)
    part, feats = earn(part, owned, len(save.card_set.cards), len(roster.leaders))
    new_save = save.with_changes(tournament=part, cards=cards)
    return Settled(new_save, outcome, score, winner == PLAYER, feats, event.champion, prizes)


def abandon(save: Save) -> Save:
    """The save with the event under way given up (its matches played stay counted).

    :raises TournamentError: no event is under way.
    """
    event = _event(save)
    if event.over:
        raise TournamentError("the tournament is already over", "no_event")
    return save.with_changes(tournament=replace(save.tournament, event=None))


def save_deck(save: Save, name: str, cards: Sequence[str], roster: Roster | None = None) -> Save:
    """The save with a named deck kept (replacing one of the same name).

    :raises TournamentError: a bad name, a deck refused, or already `MAX_DECKS` decks.
    """
    roster = roster or default_roster()
    try:
        text = check_name(name)
    except DeckLimitError as exc:
        raise TournamentError(str(exc), exc.code) from None
    deck = check_player_deck(save, cards)
    decks = [d for d in save.tournament.decks if d.name != text]
    if len(decks) >= MAX_DECKS:
        raise TournamentError(f"at most {MAX_DECKS} decks are kept; delete one first", "deck_full")
    decks.append(NamedDeck(text, deck))
    part = replace(save.tournament, decks=tuple(decks))
    owned = sum(1 for n in save.cards.values() if n > 0)
    part, _ = earn(part, owned, len(save.card_set.cards), len(roster.leaders))
    return save.with_changes(tournament=part)


def delete_deck(save: Save, name: str) -> Save:
    """The save without the named deck. :raises TournamentError: no such deck."""
    decks = tuple(d for d in save.tournament.decks if d.name != name)
    if len(decks) == len(save.tournament.decks):
        raise TournamentError(f"no deck named {name!r}", "deck_name")
    return save.with_changes(tournament=replace(save.tournament, decks=decks))


def feats_seen(save: Save, ids: Sequence[str]) -> Save:
    """The save with these earned feats marked announced (each is announced once)."""
    part = save.tournament
    seen = tuple(i for i in ids if i in part.earned and i not in part.announced)
    return save.with_changes(tournament=replace(part, announced=part.announced + seen))


def view(save: Save, roster: Roster | None = None) -> dict[str, Any]:
    """Everything the page draws: the roster, the event (matches, standings, current match),
    decks, records, feats and the feats to announce, and any damage found in the save."""
    roster = roster or default_roster()
    part = save.tournament
    event = part.event
    owned = sum(1 for n in save.cards.values() if n > 0)
    feats = feat_progress(part, owned, len(save.card_set.cards), len(roster.leaders))
    return {
        "roster": [leader.to_json() for leader in roster.leaders],
        "event": None if event is None else _event_view(event),
        "decks": [deck.to_json() for deck in part.decks],
        "records": {k: v.to_json() for k, v in part.records.items()},
        "totals": part.totals.to_json(),
        "streak": {"current": part.streak, "best": part.best_streak},
        "feats": feats,
        "announce": [f["id"] for f in feats if f["earned"] and not f["announced"]],
        "past": [p.to_json() for p in part.past],
        "damage": save.tournament_damage,
    }


# -- private helpers ---------------------------------------------------------


def _check_picks(save: Save, record: MatchRecord) -> None:
    """Draft picks so far (fewer than ten) that the deal's draft allows."""
    config = MatchConfig(record.rules, save.card_set)
    try:
        draft = deal_match(config, record.seed).draft()
        for pick in record.draft:
            draft = draft.pick(pick)
    except ValueError as exc:
        raise TournamentError(f"the draft does not replay: {exc}") from None


def _event(save: Save) -> Event:
    event = save.tournament.event
    if event is None:
        raise TournamentError("no tournament is under way", "no_event")
    return event


def _current(event: Event) -> int:
    index = event.current
    if index is None:
        raise TournamentError("the player has no match to play in this tournament", "no_match")
    return index


def _event_view(event: Event) -> dict[str, Any]:
    data = event.to_json()
    for match, pairing in zip(data["matches"], event.matches, strict=True):
        match["played"] = pairing.played
        match["games"] = 0 if pairing.record is None else len(pairing.record.games)
        del match["record"]
    data["rounds"] = round_count(event)
    data["current"] = event.current
    data["standings"] = [
        {
            "entrant": s.entrant,
            "played": s.played,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "points": s.points,
            "difference": s.difference,
        }
        for s in standings(event)
    ]
    data["place"] = place_of(event) if event.over else None
    return data


def _count_match(
    part: Part, pairing: Pairing, outcome: str, board: Board, played: Replay, roster: Roster
) -> Part:
    leader = roster.leader(pairing.b)
    records = dict(part.records)
    records[leader.id] = records.get(leader.id, Tally()).add(outcome)
    won = outcome == "win"
    streak = part.streak + 1 if won else 0
    part = replace(part, records=records, streak=streak, best_streak=max(part.best_streak, streak))
    kinds = player_events(played, Player.BLUE)
    perfect = won and all(s is not None and s.owner is Player.BLUE for s in board)
    return part.bump(
        matches=1,
        wins=int(won),
        draws=int(outcome == "draw"),
        losses=int(outcome == "loss"),
        perfect=int(perfect),
        same_win=int(won and EventKind.SAME in kinds),
        plus_win=int(won and EventKind.PLUS in kinds),
        combo_win=int(won and EventKind.COMBO in kinds),
        sudden_win=int(won and len(played.states) > 1),
        master_beaten=int(won and leader.level == "master"),
    )


def _finish(part: Part, event: Event, roster: Roster) -> tuple[Part, tuple[str, ...]]:
    place = place_of(event)
    prizes = prize_cards(event, roster).get(PLAYER, ())
    mine = [m for m in event.matches if m.has_player]
    flawless = (
        place == 1
        and event.kind != "season"
        and all(
            m.winner == PLAYER and m.record is not None and len(m.record.games) == 1 for m in mine
        )
    )
    part = part.bump(
        **{f"{event.kind}_won": int(place == 1)},
        finals=int(event.kind != "season" and place <= 2),
        flawless=int(flawless),
        prize_cards=len(prizes),
    )
    past = (*part.past, Past(event.kind, event.id, event.number, str(event.champion), place))
    return replace(part, past=past[-PAST_LIMIT:]), prizes
