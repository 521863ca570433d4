"""Knockouts, open tournaments and seasons: who meets whom, the matches the engine plays,
results, standings and prizes. Every step is a pure function of the event and the roster.

**Knockout** (``knockout``): eight Houses, the player and seven leaders drawn
from the roster. The player, who hosts the tournament, is seed 1; the leaders
take seeds 2 to 8 by CPU level, strongest first (ties drawn). Round one pairs
seeds 1-8, 4-5, 2-7, 3-6 in that bracket order; each next round pairs the
winners of neighbouring matches; the third round is the final. A match is
played with the rules of its host, the leader of the two (the higher seed
when two leaders meet), with Sudden Death: a draw is replayed, and a draw
that stands after every rematch sends the higher seed through.

**Open** (``open``): the same bracket, and every match adds Draft: both
Houses draft their hands from the same cards laid out for that match.

**Season** (``season``): the player and five leaders drawn from the roster,
each meeting every other once over five rounds (the circle method), without
Sudden Death. A win is worth 3 points, a draw 1, a loss 0. The standings
order by points, then cards difference (the deciding game's score), then
wins, then seed. The first is the champion; the next season is a new draw.

**Matches the engine plays**: when a round begins, its matches between two
leaders are played at once, seeded (each match's seed comes from the event's
seed and the match's place), each leader at its level capped at `SIM_CAP`
so a round takes a moment, and kept as match records (replays).

**Prizes**: the champion takes 2 cards and the finalist (second of a season)
1, drawn from the decks of the event's leaders; the cards the player takes go
into the collection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from triad.capture import EventKind, Player
from triad.cards import Card, CardSet
from triad.cpu.brain import Brain
from triad.cpu.draft import draft_pick
from triad.match import Match, MatchConfig, deal_match
from triad.notation import MatchRecord, NotationError, Replay, replay
from triad.observe import observe
from triad.prng import MASK64, Rng, mix64
from triad.rules import Rule, RuleSet
from triad.state import GameState, Move
from triad.tournament.part import PLAYER, Event, Pairing
from triad.tournament.roster import LEVELS, Leader, Roster

__all__ = [
    "BRACKET",
    "KNOCKOUT_SIZE",
    "SEASON_SIZE",
    "SIM_CAP",
    "EventError",
    "Standing",
    "advance",
    "expected_record",
    "host_of",
    "match_rules",
    "match_seed",
    "new_event",
    "outcome_of",
    "place_of",
    "play_cpu_match",
    "player_events",
    "prize_cards",
    "replayed",
    "round_count",
    "standings",
]

#: Entrants of a knockout or an open tournament.
KNOCKOUT_SIZE = 8
#: Entrants of a season.
SEASON_SIZE = 6
#: Round one's order of seeds (1-based): 1-8, 4-5, 2-7, 3-6.
BRACKET: tuple[int, ...] = (1, 8, 4, 5, 2, 7, 3, 6)
#: The strongest level the engine plays a match between leaders at.
SIM_CAP = "adept"


class EventError(ValueError):
    """An event that cannot go on as asked; the message says why."""


@dataclass(frozen=True)
class Standing:
    """One line of a season's table."""

    entrant: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    cards_for: int = 0
    cards_against: int = 0

    @property
    def difference(self) -> int:
        """Cards for less cards against."""
        return self.cards_for - self.cards_against


def round_count(event: Event) -> int:
    """How many rounds the event has."""
    if event.kind == "season":
        return len(event.entrants) - 1
    size, rounds = len(event.entrants), 0
    while size > 1:
        size //= 2
        rounds += 1
    return rounds


def match_seed(event_seed: int, index: int) -> int:
    """The seed of an event's match number ``index``."""
    return mix64(event_seed * 1_000_003 + index + 1) & 0xFFFFFFFF


def host_of(pairing: Pairing, roster: Roster) -> Leader:
    """The leader whose rules the match plays: the player's opponent, else ``a``."""
    return roster.leader(pairing.b if pairing.a == PLAYER else pairing.a)


def match_rules(kind: str, host: Leader) -> RuleSet:
    """The rules of a match of ``kind`` hosted by ``host``."""
    rules = host.rules
    if kind == "season":
        return rules.without(Rule.SUDDEN_DEATH)
    if kind == "open":
        rules = rules.with_rules(Rule.DRAFT)
    return rules.with_rules(Rule.SUDDEN_DEATH)


def expected_record(event: Event, index: int, roster: Roster) -> MatchRecord:
    """The record, without moves, of the event's match ``index`` (its deal)."""
    pairing = event.matches[index]
    rules = match_rules(event.kind, host_of(pairing, roster))
    hands: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    if Rule.DRAFT not in rules:
        hands = (_deck(event, pairing.a, roster), _deck(event, pairing.b, roster))
    return MatchRecord(roster.set_id, match_seed(event.seed, index), rules, hands=hands)


def new_event(
    kind: str,
    roster: Roster,
    seed: int,
    event_id: str,
    number: int,
    deck: Sequence[str],
    player: bool = True,
) -> Event:
    """A new event: entrants drawn and seeded, round one's matches (all of a season's) drawn,
    and the matches between leaders of round one played.

    Without ``player`` every seat is a leader's and the whole event is played at once
    (the command line's tournament).

    :raises EventError: an unknown kind, or a roster too small.
    """
    if kind not in ("knockout", "open", "season"):
        raise EventError(f"no event of kind {kind!r}")
    size = SEASON_SIZE if kind == "season" else KNOCKOUT_SIZE
    seats = size - 1 if player else size
    if len(roster.leaders) < seats:
        raise EventError(f"the roster has {len(roster.leaders)} leaders; {seats} are needed")
    seed &= MASK64
    order = Rng(seed).permutation(len(roster.leaders))
    drawn = [roster.leaders[i] for i in order[:seats]]
    # the leaders' seeds: strongest first, the draw breaking ties
    ranked = sorted(drawn, key=lambda leader: -leader.strength)
    entrants = ((PLAYER,) if player else ()) + tuple(leader.id for leader in ranked)
    if kind == "season":
        matches = _round_robin(entrants)
    else:
        matches = tuple(
            Pairing(1, entrants[BRACKET[i] - 1], entrants[BRACKET[i + 1] - 1])
            for i in range(0, KNOCKOUT_SIZE, 2)
        )
    event = Event(
        kind, event_id, seed, number, entrants, tuple(deck) if kind != "open" else (), matches
    )
    return advance(event, roster)


def advance(event: Event, roster: Roster) -> Event:
    """The event with every match between leaders up to the player's next match played,
    next rounds drawn, and its champion once every match is played."""
    while not event.over:
        current = event.current
        limit = event.matches[current].round if current is not None else 99
        todo = [
            i
            for i, m in enumerate(event.matches)
            if not m.played and not m.has_player and m.round <= limit
        ]
        if todo:
            matches = list(event.matches)
            for index in todo:
                matches[index] = play_cpu_match(event, index, roster)
            event = replace(event, matches=tuple(matches))
            continue
        if current is not None:
            return event
        if any(not m.played for m in event.matches):
            return event
        nxt = _next_round(event)
        if nxt:
            event = replace(event, matches=event.matches + nxt)
            continue
        event = replace(event, champion=_champion(event))
    return event


def play_cpu_match(event: Event, index: int, roster: Roster) -> Pairing:
    """Match ``index`` between two leaders, played by the engine: its record and result."""
    pairing = event.matches[index]
    header = expected_record(event, index, roster)
    card_set = roster.card_set
    match = _deal(header, card_set)
    levels = (_sim_level(roster.leader(pairing.a)), _sim_level(roster.leader(pairing.b)))
    picks: list[int] = []
    if match.drafting:
        draft = match.draft()
        while not draft.is_done:
            level = levels[0] if draft.to_pick is Player.BLUE else levels[1]
            pick = draft_pick(draft, match.table, level, header.seed)
            picks.append(pick)
            draft = draft.pick(pick)
        state = match.start(draft.hands)
    else:
        state = match.start()
    brains = (
        Brain(levels[0], header.seed * 2 + 1, card_set.cards),
        Brain(levels[1], header.seed * 2 + 2, card_set.cards),
    )
    games: list[tuple[Move, ...]] = []
    while True:
        moves: list[Move] = []
        while not state.is_terminal:
            player = state.to_move
            move = brains[player].choose(observe(state, player), None)
            state, _ = state.apply(move)
            moves.append(move)
        games.append(tuple(moves))
        again = match.rematch(state, len(games))
        if again is None:
            break
        state = again
    record = replace(header, draft=tuple(picks), games=tuple(games))
    winner, score = outcome_of(event, pairing, state)
    return replace(pairing, record=record, winner=winner, score=score)


def outcome_of(
    event: Event, pairing: Pairing, final: GameState
) -> tuple[str | None, tuple[int, int]]:
    """The winner (None for a season's draw) and score of a match whose last game is ``final``.

    In a knockout a draw that stands sends the higher seed through.
    """
    score = final.score
    winner = final.winner
    if winner is Player.BLUE:
        return pairing.a, score
    if winner is Player.RED:
        return pairing.b, score
    if event.kind == "season":
        return None, score
    seeds = event.entrants
    return (pairing.a if seeds.index(pairing.a) < seeds.index(pairing.b) else pairing.b), score


def standings(event: Event) -> list[Standing]:
    """The table of the event's played matches, best first (see the module docstring)."""
    lines = {e: Standing(e) for e in event.entrants}
    for m in event.matches:
        if not m.played:
            continue
        for me, mine, theirs in ((m.a, m.score[0], m.score[1]), (m.b, m.score[1], m.score[0])):
            s = lines[me]
            won, drawn = m.winner == me, m.winner is None
            lines[me] = Standing(
                me,
                s.played + 1,
                s.wins + won,
                s.draws + drawn,
                s.losses + (not won and not drawn),
                s.points + (3 if won else 1 if drawn else 0),
                s.cards_for + mine,
                s.cards_against + theirs,
            )
    seeds = event.entrants
    return sorted(
        lines.values(),
        key=lambda s: (-s.points, -s.difference, -s.wins, seeds.index(s.entrant)),
    )


def place_of(event: Event, entrant: str = PLAYER) -> int:
    """Where ``entrant`` finished (1 the champion); for a knockout, the round it fell in
    gives 2 (final), 3 (semi-final), 5 (first round)."""
    if event.kind == "season":
        return [s.entrant for s in standings(event)].index(entrant) + 1
    if event.champion == entrant:
        return 1
    lost = [
        m.round for m in event.matches if entrant in (m.a, m.b) and m.played and m.winner != entrant
    ]
    if not lost:
        return 1
    return {3: 2, 2: 3}.get(lost[0], 5)


def prize_cards(event: Event, roster: Roster) -> dict[str, tuple[str, ...]]:
    """The prize cards of the finished event, by entrant: 2 for the champion, 1 for the
    finalist (the second of a season), drawn from the decks of the event's leaders."""
    pool: list[str] = []
    for entrant in event.entrants:
        if entrant != PLAYER:
            pool.extend(c for c in roster.leader(entrant).deck if c not in pool)
    order = [pool[i] for i in Rng(mix64(event.seed ^ 0x5EED)).permutation(len(pool))]
    if event.kind == "season":
        table = standings(event)
        first, second = table[0].entrant, table[1].entrant
    else:
        final = event.matches[-1]
        first = str(final.winner)
        second = final.b if final.winner == final.a else final.a
    return {first: tuple(order[:2]), second: tuple(order[2:3])}


def replayed(record: MatchRecord, card_set: CardSet) -> Replay:
    """The record played back by the engine.

    :raises EventError: it does not replay.
    """
    try:
        return replay(record, card_set)
    except NotationError as exc:
        raise EventError(f"the match does not replay: {exc}") from None


def player_events(played: Replay, side: Player) -> set[EventKind]:
    """The kinds of capture ``side``'s moves made in any game of a replayed match."""
    kinds: set[EventKind] = set()
    for states, events in zip(played.states, played.events, strict=True):
        for ply, happened in enumerate(events):
            if states[ply].to_move is side:
                kinds.update(e.kind for e in happened)
    return kinds


# -- private helpers ---------------------------------------------------------


def _deck(event: Event, entrant: str, roster: Roster) -> tuple[str, ...]:
    return event.deck if entrant == PLAYER else roster.leader(entrant).deck


def _deal(record: MatchRecord, card_set: CardSet) -> Match:
    config = MatchConfig(record.rules, card_set, record.trade)
    hands: tuple[list[Card], list[Card]] | None = None
    if record.hands is not None:
        hands = (
            [card_set.card(i) for i in record.hands[0]],
            [card_set.card(i) for i in record.hands[1]],
        )
    return deal_match(config, record.seed, hands=hands)


def _sim_level(leader: Leader) -> str:
    return LEVELS[min(leader.strength, LEVELS.index(SIM_CAP))]


def _round_robin(entrants: tuple[str, ...]) -> tuple[Pairing, ...]:
    """Every entrant meets every other once: the circle method, the player always ``a``."""
    ring = list(entrants)
    size = len(ring)
    pairs: list[Pairing] = []
    for number in range(1, size):
        for i in range(size // 2):
            x, y = ring[i], ring[size - 1 - i]
            if y == PLAYER or (x != PLAYER and entrants.index(y) < entrants.index(x)):
                x, y = y, x
            pairs.append(Pairing(number, x, y))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(pairs)


def _next_round(event: Event) -> tuple[Pairing, ...]:
    if event.kind == "season":
        return ()
    last = max(m.round for m in event.matches)
    winners = [str(m.winner) for m in event.matches if m.round == last]
    if len(winners) < 2:
        return ()
    seeds = event.entrants
    out: list[Pairing] = []
    for i in range(0, len(winners), 2):
        x, y = winners[i], winners[i + 1]
        if seeds.index(y) < seeds.index(x):
            x, y = y, x
        out.append(Pairing(last + 1, x, y))
    return tuple(out)


def _champion(event: Event) -> str:
    if event.kind == "season":
        return standings(event)[0].entrant
    return str(event.matches[-1].winner)
