"""A match for cards: prepared from the save and the ladder, settled into a new save in one step.

The player is blue, the ladder opponent red. `prepare_match` picks both
hands (the player's chosen deck, or 5 dealt from the collection under
Random; the opponent's fixed deck, or 5 dealt from its pool) and gives the
engine's match record to play. When the match is over, `settle` replays
the record through the engine (`triad.notation.replay`), so the result is
computed from the moves, never taken on trust, and returns the complete
new save: the page writes it with one ``localStorage.setItem``. If the
page stops before that write, the old save is still the stored one and
nothing was won or lost; settling the same match again (a reload after the
write, before the page noticed) finds its id among the settled ones and
changes nothing.

Trades follow `triad.match.settle_trade` (RULES.md, seed 001):

* One: the winner takes one card of the loser's starting hand. When the
  player wins, the player chooses: `settle` without ``picks`` stores the
  match as ``pending`` in the save and answers with the cards to choose
  from; `choose` then settles it. When the CPU wins it takes the most
  valuable card: highest level, then highest side total (power), then the
  earlier card of the hand (`triad.match.best_cards`).
* Diff: as many cards as the score difference, chosen the same way (no
  choice to make when the difference takes the whole hand).
* Direct: each player keeps the cards they own at the end.
* All: the winner takes the loser's five cards.

Sudden Death is played out before trading: the trade is settled on the
last game, the one that decided the match (or the draw that stood after
5 rematches, which trades nothing except under Direct). The starting
cards that One, Diff and All take from are the five cards each player
brought to the match, the cards at stake from their collections, not the
mixed hands of a rematch; Direct compares those same brought cards with
what each player owns at the end of the last game.

While the match is played the save holds it as ``active`` (`start`,
then `progress` after every move): a reload resumes it (`resume`) with
the same hands and the moves already played, so a match for cards cannot
be left unfinished to escape a trade, and a crash loses none of it. No
other match for cards starts while one is active; settling it clears it
in the same new save.

After the trade, a collection left with fewer than 5 cards is topped up
with low-level cards (`triad.collection.starter.top_up`), and a card won
beyond `MAX_COPIES` copies is not kept; both are reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from triad.capture import Player
from triad.cards import Card, CardSet
from triad.collection.deck import check_deck, deal_hands, pool_of
from triad.collection.jsontext import coded
from triad.collection.ladder import Ladder, Opponent
from triad.collection.save import (
    APPLIED_LIMIT,
    HISTORY_LIMIT,
    MAX_COPIES,
    Active,
    Finished,
    HistoryEntry,
    Save,
    SaveError,
    check_id,
)
from triad.collection.starter import top_up
from triad.match import Match, MatchConfig, Transfer, best_cards, deal_match, settle_trade
from triad.notation import MatchRecord, NotationError, Replay, replay
from triad.rules import Rule, RuleSet, Trade
from triad.state import GameState, Move
from triad.tally import Tally

__all__ = [
    "PLAYER",
    "Prepared",
    "Settlement",
    "TradeError",
    "choose",
    "cpu_choice",
    "discard_active",
    "discard_pending",
    "prepare_match",
    "progress",
    "resume",
    "settle",
    "start",
]

#: The player's side in a match for cards.
PLAYER = Player.BLUE


class TradeError(ValueError):
    """A match that cannot be prepared or settled; the save is left as it was."""

    #: What the page explains in the player's language (the message is the detail).
    code = "match_bad"


@dataclass(frozen=True)
class Prepared:
    """A match for cards, ready to play: both hands and the engine's deal inputs.

    ``rules`` are the rules the engine deals and plays with (the opponent's,
    without Random, which the collection already dealt); ``table_rules`` are
    the opponent's rules as the player reads them.
    """

    id: str
    opponent: str
    seed: int
    set_id: str
    rules: RuleSet
    table_rules: RuleSet
    trade: Trade
    level: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    cpu_pool: tuple[str, ...]

    def record(self, games: Sequence[Sequence[Move]] = ()) -> MatchRecord:
        """The engine's match record of this match, with the moves of each game played."""
        return MatchRecord(
            self.set_id,
            self.seed,
            self.rules,
            self.trade,
            None,
            self.hands,
            (),
            tuple(tuple(game) for game in games),
        )

    def match(self, card_set: CardSet) -> Match:
        """The engine's `Match` (deal it, then ``match.start()`` and ``match.rematch``)."""
        config = MatchConfig(self.rules, card_set, self.trade)
        hands = (
            [card_set.card(i) for i in self.hands[0]],
            [card_set.card(i) for i in self.hands[1]],
        )
        return deal_match(config, self.seed, hands=hands)

    def finished(
        self, games: Sequence[Sequence[Move]], picks: Sequence[int] | None = None
    ) -> Finished:
        """The finished match to `settle`, from the moves of each game played."""
        return Finished(
            self.id, self.opponent, self.record(games), None if picks is None else tuple(picks)
        )

    def to_json(self) -> dict[str, Any]:
        """``{"id", "opponent", "seed", "set", "rules", "table_rules", "trade", "level",
        "hands": {"blue", "red"}, "cpu_pool", "record"}``."""
        return {
            "id": self.id,
            "opponent": self.opponent,
            "seed": self.seed,
            "set": self.set_id,
            "rules": self.rules.names,
            "table_rules": self.table_rules.names,
            "trade": self.trade.value,
            "level": self.level,
            "hands": {"blue": list(self.hands[0]), "red": list(self.hands[1])},
            "cpu_pool": list(self.cpu_pool),
            "record": self.record().to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> Prepared:
        """Read back `to_json` output (e.g. in the worker, to deal the match with `match`).

        :raises TradeError: a missing or malformed field.
        """
        if not isinstance(data, dict):
            raise TradeError("a prepared match must be a JSON object")
        try:
            record = MatchRecord.from_json(data.get("record"))
            match_id = check_id(data.get("id"), "match.id")
            opponent = check_id(data.get("opponent"), "match.opponent")
            table_rules = RuleSet.parse(data.get("table_rules", []))
        except ValueError as exc:
            raise TradeError(f"a prepared match is malformed: {exc}") from None
        level, pool = data.get("level"), data.get("cpu_pool", [])
        if record.hands is None or not isinstance(level, str) or not isinstance(pool, list):
            raise TradeError("a prepared match needs 'record' with hands, 'level' and 'cpu_pool'")
        return cls(
            match_id,
            opponent,
            record.seed,
            record.set_id,
            record.rules,
            table_rules,
            record.trade,
            level,
            record.hands,
            tuple(str(i) for i in pool),
        )


@dataclass(frozen=True)
class Settlement:
    """What `settle` did. ``save`` is the complete save to write (unchanged when ``already``).

    ``status``: ``applied`` (the trade is in ``save``), ``already`` (this
    match was settled before: nothing changed), ``choose`` (the player won
    One or Diff and must pick ``count`` of ``candidates``; ``save`` holds
    the match as pending). Card lists are card ids; ``taken`` and ``given``
    are the player's, ``kept_out`` the won cards beyond `MAX_COPIES`,
    ``topped_up`` the cards added so the collection holds 5.
    """

    save: Save
    status: str
    outcome: str | None = None
    score: tuple[int, int] = (0, 0)
    trade: str = "none"
    taken: tuple[str, ...] = ()
    given: tuple[str, ...] = ()
    kept_out: tuple[str, ...] = ()
    topped_up: tuple[str, ...] = ()
    unlocked: tuple[str, ...] = ()
    count: int = 0
    candidates: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The settlement without the save: ``status``, ``outcome``, ``score``
        ``{"player", "opponent"}``, ``trade``, ``taken``, ``given``, ``kept_out``,
        ``topped_up``, ``unlocked``, and ``choice`` ``{"count", "candidates"}`` or null."""
        return {
            "status": self.status,
            "outcome": self.outcome,
            "score": {"player": self.score[0], "opponent": self.score[1]},
            "trade": self.trade,
            "taken": list(self.taken),
            "given": list(self.given),
            "kept_out": list(self.kept_out),
            "topped_up": list(self.topped_up),
            "unlocked": list(self.unlocked),
            "choice": None
            if self.status != "choose"
            else {"count": self.count, "candidates": list(self.candidates)},
        }


def prepare_match(
    save: Save,
    ladder: Ladder,
    opponent_id: str,
    seed: int,
    match_id: str,
    deck: Sequence[str] | None = None,
) -> Prepared:
    """Both hands and the deal of a match against a ladder opponent.

    ``deck`` is the player's chosen 5 card ids; it must be None against an
    opponent who plays Random (the hand is then dealt from the collection).
    ``match_id`` must be new for every match (e.g. the time and the seed).

    :raises TradeError: an unknown or locked opponent, a pending choice, a
        deck that is missing, given under Random, or not owned, a bad id.
    """
    try:
        check_id(match_id, "match id")
    except SaveError as exc:
        raise TradeError(str(exc)) from None
    if save.pending is not None:
        raise coded(
            TradeError(
                f"match {save.pending.id!r} is waiting for the player to choose a card; "
                "settle it first"
            ),
            "match_pending",
        )
    if save.active is not None:
        raise coded(
            TradeError(
                f"the match {save.active.id!r} against {save.active.opponent!r} is still being "
                "played; finish it first"
            ),
            "match_active",
        )
    if ladder.set_id != save.set_id:
        raise TradeError(f"the ladder plays set {ladder.set_id!r}; the save holds {save.set_id!r}")
    opponent = _opponent(ladder, opponent_id)
    if opponent.id not in ladder.unlocked(save.beaten):
        raise coded(TradeError(f"opponent {opponent.name!r} is not unlocked yet"), "match_locked")
    card_set = save.card_set
    seed &= (1 << 64) - 1
    try:
        if opponent.deals_random:
            if deck is not None:
                raise TradeError(
                    f"{opponent.name} plays Random: the hand is dealt from the collection"
                )
            blue, red = deal_hands(card_set, seed, pool_of(save.cards, card_set), opponent.cards)
        else:
            if deck is None:
                raise TradeError("choose 5 cards from the collection for this match")
            blue = check_deck(save.cards, card_set, list(deck))
            red = (
                opponent.deck
                if opponent.deck
                else deal_hands(card_set, seed, opponent.pool, opponent.pool)[1]
            )
    except ValueError as exc:
        if isinstance(exc, TradeError):
            raise
        raise TradeError(str(exc)) from None
    return Prepared(
        match_id,
        opponent.id,
        seed,
        card_set.id,
        opponent.deal_rules,
        opponent.rules,
        opponent.trade,
        opponent.level,
        (blue, red),
        tuple(card_id for card_id in save.cards),
    )


def settle(save: Save, finished: Finished, ladder: Ladder) -> Settlement:
    """The complete new save after a finished match (see the module docstring).

    :raises TradeError: the match is unfinished or does not replay, does not
        fit its opponent, was played with cards the collection does not
        hold, another match awaits a choice, or the picks are wrong. The
        save is never changed by an error.
    """
    if finished.id in save.applied:
        if save.active is not None and save.active.id == finished.id:
            return Settlement(save.with_changes(active=None), "already")
        return Settlement(save, "already")
    if save.pending is not None and save.pending.id != finished.id:
        raise TradeError(
            f"match {save.pending.id!r} is waiting for the player to choose a card; settle it first"
        )
    card_set = save.card_set
    opponent = None if finished.opponent is None else _opponent(ladder, finished.opponent)
    record = finished.record
    _check_record(record, opponent, card_set)
    played = _replay(record, card_set)
    final = played.states[-1][-1]
    starting = played.match.starting_hands(played.states[0][0])
    _check_owned(save, starting[PLAYER], card_set)
    if opponent is not None:
        _check_opponent_hand(opponent, starting[PLAYER.other])
    trade = record.trade
    winner = final.winner
    score = final.score
    picks = finished.picks
    if winner is PLAYER and trade in (Trade.ONE, Trade.DIFF):
        count = (
            1 if trade is Trade.ONE else min(abs(score[0] - score[1]), len(starting[PLAYER.other]))
        )
        if count == len(starting[PLAYER.other]):
            picks = tuple(range(count))
        elif picks is None:
            pending = save.with_changes(
                pending=Finished(finished.id, finished.opponent, record), active=None
            )
            return Settlement(
                pending,
                "choose",
                _outcome(winner),
                (score[PLAYER], score[PLAYER.other]),
                trade.value,
                count=count,
                candidates=tuple(c.id for c in starting[PLAYER.other]),
            )
    elif picks is not None:
        raise TradeError("the player chooses cards only after winning a One or Diff match")
    try:
        swapped = played.match.swapped_cards(played.states[0][0])
        result = settle_trade(trade, starting, final, picks, swapped)
    except ValueError as exc:
        raise TradeError(str(exc)) from None
    return _apply(save, finished, opponent, ladder, final, result.transfers)


def choose(save: Save, picks: Sequence[int], ladder: Ladder) -> Settlement:
    """Settle the pending match with the player's picks (indices in the loser's starting hand).

    :raises TradeError: nothing is pending, or the picks are wrong.
    """
    pending = save.pending
    if pending is None:
        raise TradeError("no match is waiting for a card choice")
    return settle(
        save, Finished(pending.id, pending.opponent, pending.record, tuple(picks)), ladder
    )


def discard_pending(save: Save) -> Save:
    """The save without its pending match, which is then settled as nothing traded.

    For a pending match that can no longer be settled (its opponent left the
    ladder of a newer game); the match id is kept so it is never settled later.

    :raises TradeError: nothing is pending.
    """
    pending = save.pending
    if pending is None:
        raise TradeError("no match is waiting for a card choice")
    return save.with_changes(pending=None, applied=(*save.applied, pending.id)[-APPLIED_LIMIT:])


def start(save: Save, prepared: Prepared) -> Save:
    """The save with ``prepared`` as its active match (write it before the first move).

    :raises TradeError: another match is active, or one awaits a choice.
    """
    if save.pending is not None:
        raise TradeError(
            f"match {save.pending.id!r} is waiting for the player to choose a card; settle it first"
        )
    if save.active is not None and save.active.id != prepared.id:
        raise TradeError(f"the match {save.active.id!r} is still being played; finish it first")
    if prepared.id in save.applied:
        raise TradeError(f"match {prepared.id!r} was already settled")
    return save.with_changes(active=Active.from_json(prepared.to_json()))


def progress(save: Save, match_id: str, games: Sequence[Sequence[Move]]) -> Save:
    """The save with the active match's moves so far (written after every move).

    The moves are replayed first, so a save never holds a move the match refuses.

    :raises TradeError: no such active match, or the moves do not replay.
    """
    active = save.active
    if active is None or active.id != match_id:
        raise TradeError(f"match {match_id!r} is not the match being played")
    record = replace(active.record, games=tuple(tuple(game) for game in games if game))
    try:
        replay(record, save.card_set)
    except NotationError as exc:
        raise TradeError(f"the match does not replay: {exc}") from None
    return save.with_changes(active=Active(active.id, active.opponent, record, active.data))


def resume(save: Save) -> tuple[Prepared, Replay]:
    """The active match and its moves so far, replayed: where to pick it up again.

    :raises TradeError: nothing is active, or it cannot be read or replayed
        (e.g. a newer game's ladder left it unknown); `discard_active` then
        drops it.
    """
    active = save.active
    if active is None:
        raise TradeError("no match for cards is being played")
    prepared = Prepared.from_json(dict(active.data))
    try:
        played = replay(active.record, save.card_set)
    except NotationError as exc:
        raise TradeError(f"the match does not replay: {exc}") from None
    return prepared, played


def discard_active(save: Save) -> Save:
    """The save without its active match, for one that can no longer be resumed.

    Its id joins the settled ones, so it is never settled later.

    :raises TradeError: nothing is active.
    """
    active = save.active
    if active is None:
        raise TradeError("no match for cards is being played")
    return save.with_changes(active=None, applied=(*save.applied, active.id)[-APPLIED_LIMIT:])


def cpu_choice(cards: Sequence[Card], count: int) -> list[int]:
    """The cards the CPU takes when it wins One or Diff: the most valuable ones.

    Most valuable = highest level, then highest side total, then earlier in
    the hand (`triad.match.best_cards`).
    """
    return best_cards(cards, count)


# -- private helpers ---------------------------------------------------------


def _apply(
    save: Save,
    finished: Finished,
    opponent: Opponent | None,
    ladder: Ladder,
    final: GameState,
    transfers: Sequence[Transfer],
) -> Settlement:
    cards = dict(save.cards)
    taken: list[str] = []
    given: list[str] = []
    kept_out: list[str] = []
    for transfer in transfers:
        card_id = transfer.card.id
        if transfer.giver is PLAYER:
            if cards.get(card_id, 0) < 1:
                raise TradeError(f"the collection has no {card_id!r} left to give")
            cards[card_id] -= 1
            given.append(card_id)
        elif transfer.taker is PLAYER:
            taken.append(card_id)
            if cards.get(card_id, 0) >= MAX_COPIES:
                kept_out.append(card_id)
            else:
                cards[card_id] = cards.get(card_id, 0) + 1
    added = top_up(cards, save.card_set, finished.record.seed)
    for card_id in added:
        cards[card_id] = cards.get(card_id, 0) + 1
    winner = final.winner
    outcome = _outcome(winner)
    score = (final.score[PLAYER], final.score[PLAYER.other])
    beaten = save.beaten
    opponent_stats = dict(save.opponent_stats)
    if opponent is not None:
        if outcome == "win" and opponent.id not in beaten:
            beaten = (*beaten, opponent.id)
        before = opponent_stats.get(opponent.id, Tally())
        opponent_stats[opponent.id] = before.add(outcome, len(taken), len(given))
    unlocked_before = set(ladder.unlocked(save.beaten))
    unlocked = tuple(o for o in ladder.unlocked(beaten) if o not in unlocked_before)
    entry = HistoryEntry(
        finished.id,
        finished.opponent,
        outcome,
        score,
        finished.record.trade.value,
        tuple(taken),
        tuple(given),
        finished.record,
    )
    new = save.with_changes(
        cards=cards,
        beaten=beaten,
        stats=save.stats.add(outcome, len(taken), len(given)),
        opponent_stats=opponent_stats,
        applied=(*save.applied, finished.id)[-APPLIED_LIMIT:],
        history=(*save.history, entry)[-HISTORY_LIMIT:],
        pending=None,
        active=None,
    )
    return Settlement(
        new,
        "applied",
        outcome,
        score,
        finished.record.trade.value,
        tuple(taken),
        tuple(given),
        tuple(kept_out),
        tuple(added),
        unlocked,
    )


def _outcome(winner: Player | None) -> str:
    if winner is None:
        return "draw"
    return "win" if winner is PLAYER else "loss"


def _opponent(ladder: Ladder, opponent_id: str) -> Opponent:
    try:
        return ladder.opponent(opponent_id)
    except ValueError as exc:
        raise TradeError(str(exc)) from None


def _check_record(record: MatchRecord, opponent: Opponent | None, card_set: CardSet) -> None:
    if record.set_id != card_set.id:
        raise TradeError(f"the match was played with set {record.set_id!r}, not {card_set.id!r}")
    if record.hands is None or record.draft:
        raise TradeError("a match for cards is played with the hands brought from the collections")
    for rule in (Rule.RANDOM, Rule.DRAFT, Rule.LEVEL_RANGE):
        if rule in record.rules:
            raise TradeError(f"a match for cards is dealt without the {rule.value!r} rule")
    if opponent is not None and (
        record.rules != opponent.deal_rules or record.trade != opponent.trade
    ):
        raise TradeError(
            f"the match was not played with the rules of {opponent.name} "
            f"({opponent.deal_rules.names}, trade {opponent.trade.value!r})"
        )


def _replay(record: MatchRecord, card_set: CardSet) -> Replay:
    try:
        played = replay(record, card_set)
    except NotationError as exc:
        raise TradeError(f"the match does not replay: {exc}") from None
    if not played.states or not played.states[-1][-1].is_terminal:
        raise TradeError("the match is not finished")
    if played.match.rematch(played.states[-1][-1], len(played.states)) is not None:
        raise TradeError("the match is not finished: the draw is replayed (Sudden Death)")
    return played


def _check_owned(save: Save, hand: Sequence[Card], card_set: CardSet) -> None:
    for card_id, brought in Counter(c.id for c in hand).items():
        owned = save.copies(card_id)
        if brought > owned:
            name = card_set.card(card_id).name
            raise TradeError(
                f"the player brought {brought} of {name} ({card_id!r}) but the collection has {owned}"
            )


def _check_opponent_hand(opponent: Opponent, hand: Sequence[Card]) -> None:
    allowed = Counter(opponent.cards)
    for card_id, brought in Counter(c.id for c in hand).items():
        if brought > allowed[card_id]:
            raise TradeError(f"{opponent.name} does not play {card_id!r}")
