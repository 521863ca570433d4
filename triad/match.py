"""A match: the deal, the draft, first player, Sudden Death rematches and the trade.

`deal_match` turns a `MatchConfig` (rules, card set, trade rule, level range)
and a seed into a `Match` through `triad.deal`, the very code the page's main
thread runs under MicroPython, so both compute the same hands, cells,
restrictions and first player from one seed.

Typical use::

    match = deal_match(MatchConfig(RuleSet.parse(["banner", "same"]), builtin_set()), seed)
    if match.drafting:
        draft = match.draft()
        while not draft.is_done:
            draft = draft.pick(choice)
        state = match.start(draft.hands)
    else:
        state = match.start()
    ... play until state.is_terminal ...
    again = match.rematch(state, round_=1)     # Sudden Death, None when not replayed
    result = settle_trade(match.trade, match.starting_hands(state), state)

Rule toggles belong to the config of the next match: a `Match` never
changes its rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from triad import deal as dealing
from triad.capture import Player, Restriction
from triad.cards import Card, CardSet
from triad.rules import Rule, RuleError, RuleSet, Trade
from triad.state import HAND_SIZE, GameState, Outcome, Table

__all__ = [
    "DRAFT_SIZE",
    "MAX_REMATCHES",
    "DraftState",
    "Match",
    "MatchConfig",
    "TradeResult",
    "Transfer",
    "best_cards",
    "deal_match",
    "settle_trade",
]

MAX_REMATCHES = dealing.MAX_REMATCHES
DRAFT_SIZE = dealing.DRAFT_SIZE
_ALL_SHOWN = (1 << HAND_SIZE) - 1


@dataclass(frozen=True)
class MatchConfig:
    """What a new match is played with. Validated on construction.

    ``level_range`` is ``(lo, hi)``, 1 to 3 levels wide, and only allowed with
    the ``level_range`` rule (without one the deal draws a range).

    :raises RuleError: an affinity rule with a set that has no affinities, a
        level range without its rule, or a bad range.
    """

    rules: RuleSet
    card_set: CardSet
    trade: Trade = Trade.NONE
    level_range: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.rules.affinity and not self.card_set.affinities:
            rule = Rule.BANNER if self.rules.banner else Rule.ELEMENTAL
            raise RuleError(
                f"rule {rule.value!r} needs a card set with affinities; "
                f"{self.card_set.name!r} has none"
            )
        if self.level_range is not None:
            if Rule.LEVEL_RANGE not in self.rules:
                raise RuleError("a level range is given but the 'level_range' rule is off")
            low, high = self.level_range
            if not 1 <= low <= high <= 10 or high - low > 2:
                raise RuleError(
                    f"level range must be 1 to 3 levels wide within 1..10, got {low}..{high}"
                )


@dataclass(frozen=True)
class Match:
    """A dealt match. Cards are the set's `Card` objects.

    ``hands`` is empty when drafting (see `draft`), and are the cards each
    player brought: under Swap `start` exchanges the cards ``swap`` names
    (blue's index, red's index). ``shown`` are the Three Open bit masks;
    ``roulette`` is the rule Roulette drew (the table's rules include it).
    """

    config: MatchConfig
    seed: int
    first: Player
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    draft_pool: tuple[Card, ...]
    first_pick: Player
    table: Table
    shown: tuple[int, int]
    level_range: tuple[int, int] | None
    swap: tuple[int, int] | None = None
    roulette: Rule | None = None

    @property
    def rules(self) -> RuleSet:
        """The rules this match plays: the config's, with Roulette's drawn rule."""
        return self.table.rules

    @property
    def trade(self) -> Trade:
        """The trade rule of this match."""
        return self.config.trade

    @property
    def drafting(self) -> bool:
        """True when hands come from a draft (`draft`, then `start(draft.hands)`)."""
        return bool(self.draft_pool)

    def draft(self) -> DraftState:
        """The draft before the first pick.

        :raises ValueError: the match is not drafted.
        """
        if not self.draft_pool:
            raise ValueError("this match has no draft")
        return DraftState(self.draft_pool, (), (), self.first_pick)

    def start(self, hands: tuple[Sequence[Card], Sequence[Card]] | None = None) -> GameState:
        """The opening position of the first game.

        ``hands`` (blue, red) is required after a draft and ignored otherwise.

        :raises ValueError: a drafted match without two 5-card hands.
        """
        if self.drafting:
            if hands is None:
                raise ValueError("a drafted match starts with the drafted hands")
            blue, red = tuple(hands[0]), tuple(hands[1])
        else:
            blue, red = self.hands
        shown = self.shown
        if self.swap is not None:
            blue, red = _exchange((blue, red), self.swap)
            # each player knows both exchanged cards
            shown = (shown[0] | 1 << self.swap[0], shown[1] | 1 << self.swap[1])
        return GameState.new(self.table, blue, red, shown)

    def rematch(self, final: GameState, round_: int) -> GameState | None:
        """The Sudden Death rematch number ``round_`` (1..5) after the drawn ``final``.

        Each player's hand is the five cards they owned when it ended (board
        cells in order, then hand); the drawn game's second mover moves
        first; cells, restrictions and shown cards are drawn for the round.
        Returns None when there is no rematch: Sudden Death is off, the game
        is not a draw, or ``round_`` is past `MAX_REMATCHES` (the draw stands).

        :raises ValueError: ``final`` is not finished or ``round_`` < 1.
        """
        if not final.is_terminal:
            raise ValueError("a rematch needs a finished game")
        if round_ < 1:
            raise ValueError(f"rematch rounds count from 1, got {round_}")
        rules = self.rules
        if Rule.SUDDEN_DEATH not in rules or final.outcome is not Outcome.DRAW:
            return None
        if round_ > MAX_REMATCHES:
            return None
        blue = final.cards_owned_at_end(Player.BLUE)
        red = final.cards_owned_at_end(Player.RED)
        names = rules.names
        cells, restrictions = dealing.board_setup(
            self.seed,
            names,
            list(self.config.card_set.affinity_ids),
            [c.power for c in blue + red],
            round_,
        )
        first = Player.parse(dealing.rematch_first(str(final.table.first)))
        table = Table.make(
            rules,
            cells,
            [Restriction.make(*r) for r in restrictions],
            first,
            dealing.chaos_stream(self.seed, round_),
        )
        shown = _shown(rules, dealing.shown_setup(self.seed, names, round_), self.drafting)
        return GameState.new(table, blue, red, shown)

    def starting_hands(self, first_game: GameState) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The hands each player brought to the match (what trades take from).

        Under Swap these are the hands before the exchange: each card goes
        back to its owner before any trade.
        """
        if not self.drafting:
            return self.hands
        if self.swap is None:
            return first_game.hands
        return _exchange(first_game.hands, self.swap)  # the exchange undoes itself

    def swapped_cards(self, first_game: GameState) -> tuple[Card, Card] | None:
        """Under Swap, (the card blue gave, the card red gave); None without Swap."""
        if self.swap is None:
            return None
        blue, red = self.starting_hands(first_game)
        return blue[self.swap[0]], red[self.swap[1]]


def deal_match(
    config: MatchConfig,
    seed: int,
    pools: tuple[Sequence[Card], Sequence[Card]] | None = None,
    hands: tuple[Sequence[Card], Sequence[Card]] | None = None,
) -> Match:
    """Deal a match from ``seed`` (see `triad.deal` for every random step).

    ``pools`` are the players' collections (cards of the set) for Random in
    collection mode; ``hands`` are hands the players chose, used when neither
    Random, Draft nor Level range deals them.

    :raises ValueError: too few cards to deal, or cards not in the set.
    """
    card_set = config.card_set
    cards = list(card_set.cards)
    position = {card.id: i for i, card in enumerate(cards)}
    levels = [c.level for c in cards]
    powers = [c.power for c in cards]

    def positions(group: Sequence[Card], what: str) -> list[int]:
        result: list[int] = []
        for card in group:
            index = position.get(card.id)
            if index is None or cards[index] != card:
                raise ValueError(f"{what}: card {card.id!r} is not in set {card_set.id!r}")
            result.append(index)
        return result

    names = config.rules.names
    result = dealing.deal(
        seed,
        names,
        levels,
        powers,
        list(card_set.affinity_ids),
        None if config.level_range is None else list(config.level_range),
        None if pools is None else [positions(pools[0], "pool"), positions(pools[1], "pool")],
        None if hands is None else [positions(hands[0], "hand"), positions(hands[1], "hand")],
    )
    first = Player.parse(result.first)
    rules = config.rules
    roulette = None if result.roulette is None else Rule(result.roulette)
    if roulette is not None:
        rules = rules.with_rules(roulette)
    table = Table.make(
        rules,
        result.cells,
        [Restriction.make(*r) for r in result.restrictions],
        first,
        dealing.chaos_stream(seed, 0),
    )
    level_range = result.level_range
    drafting = bool(result.draft)
    return Match(
        config=config,
        seed=seed,
        first=first,
        hands=(
            tuple(cards[i] for i in result.hands[0]),
            tuple(cards[i] for i in result.hands[1]),
        ),
        draft_pool=tuple(cards[i] for i in result.draft),
        first_pick=Player.parse(result.first_pick),
        table=table,
        shown=_shown(rules, result.shown, drafting),
        level_range=None if level_range is None else (level_range[0], level_range[1]),
        swap=None if result.swap is None else (result.swap[0], result.swap[1]),
        roulette=roulette,
    )


@dataclass(frozen=True)
class DraftState:
    """A draft in progress: 12 cards laid out, players pick alternately until each holds 5.

    ``picks[p]`` are indices into ``pool`` in pick order.
    """

    pool: tuple[Card, ...]
    blue_picks: tuple[int, ...]
    red_picks: tuple[int, ...]
    to_pick: Player

    @property
    def is_done(self) -> bool:
        """True when both players hold 5 cards."""
        return len(self.blue_picks) == HAND_SIZE and len(self.red_picks) == HAND_SIZE

    @property
    def available(self) -> list[int]:
        """Pool indices still on the table."""
        taken = set(self.blue_picks) | set(self.red_picks)
        return [i for i in range(len(self.pool)) if i not in taken]

    def pick(self, index: int) -> DraftState:
        """``to_pick`` takes card ``index`` of the pool.

        :raises ValueError: the draft is over or the card is not available.
        """
        if self.is_done:
            raise ValueError("the draft is over")
        if index not in self.available:
            raise ValueError(f"card {index!r} is not available in the draft")
        if self.to_pick is Player.BLUE:
            blue, red = (*self.blue_picks, index), self.red_picks
        else:
            blue, red = self.blue_picks, (*self.red_picks, index)
        return DraftState(self.pool, blue, red, self.to_pick.other)

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards picked so far (blue, red)."""
        return (
            tuple(self.pool[i] for i in self.blue_picks),
            tuple(self.pool[i] for i in self.red_picks),
        )


@dataclass(frozen=True)
class Transfer:
    """One card changing hands after a match."""

    card: Card
    giver: Player
    taker: Player


@dataclass(frozen=True)
class TradeResult:
    """The outcome of the trade rule: ``transfers`` to apply to the collections.

    ``choices`` is how many cards the winner chose (One, Diff) from
    ``candidates`` (the loser's starting hand); 0 for the other rules.
    """

    trade: Trade
    winner: Player | None
    transfers: tuple[Transfer, ...]
    choices: int
    candidates: tuple[Card, ...]


def best_cards(cards: Sequence[Card], count: int) -> list[int]:
    """Indices of the ``count`` strongest cards (level, then power; earlier first on ties)."""
    order = sorted(range(len(cards)), key=lambda i: (-cards[i].level, -cards[i].power, i))
    return sorted(order[:count])


def settle_trade(
    trade: Trade,
    starting: tuple[Sequence[Card], Sequence[Card]],
    final: GameState,
    picks: Sequence[int] | None = None,
    swapped: tuple[Card, Card] | None = None,
) -> TradeResult:
    """Who takes which cards after the deciding game ``final``.

    ``starting`` are the hands each player brought to the match. One: the
    winner takes one card of the loser's starting hand; Diff: as many as the
    score difference (at most 5); All: all five; for One and Diff ``picks``
    are the indices chosen in the loser's starting hand (the strongest by
    `best_cards` when None). Direct: each player keeps the cards they own at
    the end, so the cards that changed owner move, whatever the result.
    A draw (after Sudden Death, or without it) moves nothing except under Direct.
    ``swapped`` (Swap: the card blue gave, the card red gave) go back to
    their owners first, so Direct never moves them.

    :raises ValueError: ``final`` unfinished, or ``picks`` of the wrong length
        or out of range.
    """
    if not final.is_terminal:
        raise ValueError("trades settle a finished game")
    winner = final.winner
    if trade is Trade.DIRECT:
        transfers: list[Transfer] = []
        owned = [Counter(final.cards_owned_at_end(p)) for p in (Player.BLUE, Player.RED)]
        if swapped is not None:
            # each exchanged card goes back to its owner before the trade; with
            # duplicates, the other side holds it only if it holds more copies
            # than it brought
            ends = [Counter(o) for o in owned]
            for giver in (Player.BLUE, Player.RED):
                card = swapped[giver]
                other = giver.other
                if ends[other][card] > Counter(starting[other])[card]:
                    owned[other][card] -= 1
                    owned[giver][card] += 1
        for giver in (Player.BLUE, Player.RED):
            taker = giver.other
            brought = Counter(starting[giver])
            kept = owned[giver]
            for card in starting[giver]:
                if brought[card] > kept[card]:
                    brought[card] -= 1
                    transfers.append(Transfer(card, giver, taker))
        return TradeResult(trade, winner, tuple(transfers), 0, ())
    if trade is Trade.NONE or winner is None:
        return TradeResult(trade, winner, (), 0, ())
    loser = winner.other
    candidates = tuple(starting[loser])
    if trade is Trade.ALL:
        count = len(candidates)
    elif trade is Trade.ONE:
        count = 1
    else:
        blue, red = final.score
        count = min(abs(blue - red), len(candidates))
    if trade is Trade.ALL:
        chosen = list(range(len(candidates)))
    elif picks is None:
        chosen = best_cards(candidates, count)
    else:
        chosen = list(picks)
        if len(chosen) != count or len(set(chosen)) != count:
            raise ValueError(f"{trade.value}: pick exactly {count} different cards, got {chosen}")
        for i in chosen:
            if not 0 <= i < len(candidates):
                raise ValueError(f"{trade.value}: no card {i!r} in the loser's hand")
    transfers = [Transfer(candidates[i], loser, winner) for i in sorted(chosen)]
    choices = 0 if trade is Trade.ALL else count
    return TradeResult(trade, winner, tuple(transfers), choices, candidates)


def _exchange(
    hands: tuple[tuple[Card, ...], tuple[Card, ...]], swap: tuple[int, int]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    # the same exchange as `triad.deal.swap_hands`, on cards
    blue, red = list(hands[0]), list(hands[1])
    blue[swap[0]], red[swap[1]] = hands[1][swap[1]], hands[0][swap[0]]
    return tuple(blue), tuple(red)


def _shown(rules: RuleSet, shown: list[list[int]], drafted: bool) -> tuple[int, int]:
    if drafted or Rule.OPEN in rules:
        return (_ALL_SHOWN, _ALL_SHOWN)
    masks = [0, 0]
    for player in (0, 1):
        for i in shown[player]:
            masks[player] |= 1 << i
    return (masks[0], masks[1])
