"""CPU levels: master plays only best moves, hidden cards stay hidden, levels are ordered."""

from __future__ import annotations

import json
import random
import time

import pytest

from tests.cpu.helpers import CARDS, dealt, exact_values
from triad.capture import Player
from triad.cards import builtin_set
from triad.cpu import LEVELS, Brain
from triad.cpu import brain as brain_module
from triad.cpu.cli import play_game
from triad.match import MatchConfig, deal_match
from triad.observe import observation_from_json, observe
from triad.rules import RuleSet
from triad.state import GameState

OPEN_RULES = [
    ["open"],
    ["open", "same", "plus", "combo"],
    ["open", "banner", "battle"],
    ["open", "same_wall", "plus_wall", "combo", "broken_wall"],
    ["open", "power_wall", "elemental"],
    ["open", "order", "same", "combo"],
    ["open", "reverse", "fallen_ace", "ascension", "banner", "plus"],
    ["open", "descension", "swap", "battle"],
]


@pytest.mark.parametrize("names", OPEN_RULES, ids=lambda n: "+".join(n))
def test_master_plays_only_moves_of_the_best_exact_value(names: list[str]) -> None:
    rules = RuleSet.parse(names)
    config = MatchConfig(rules, builtin_set("elements") if rules.elemental else CARDS)
    for seed in range(4):
        state = deal_match(config, 50 + seed).start()
        rng = random.Random(seed)
        for _ in range(rng.randint(2, 5)):
            state, _ = state.apply(rng.choice(state.legal_moves()))
        values = exact_values(state)
        best = max(values.values())
        for level_seed in range(3):
            brain = Brain("master", level_seed, config.card_set.cards)
            move = brain.choose(observe(state, state.to_move), None)
            assert values[(move.card, move.cell)] == best, (state, move)
        # the hint for the same side is a best move as well
        hint = Brain("novice", 0).hint(observe(state, state.to_move), None)
        assert values[(hint.card, hint.cell)] == best


def test_master_follows_the_exact_values_through_a_whole_game() -> None:
    state = dealt(["open", "same", "plus"], 7, 0)
    brains = (Brain("master", 1), Brain("master", 2))
    while not state.is_terminal:
        if state.placements >= 2:
            values = exact_values(state)
        move = brains[state.to_move].choose(observe(state, state.to_move), None)
        if state.placements >= 2:
            assert values[(move.card, move.cell)] == max(values.values())
        state, _ = state.apply(move)


def swap_hidden(state: GameState, player: Player, rng: random.Random) -> GameState:
    """``state`` with ``player``'s hidden hand cards replaced by other cards of the set."""
    shown = state.shown[player]
    in_play = {slot.card for slot in state.board if slot is not None}
    in_play.update(state.hands[0] + state.hands[1])
    spare = [c for c in CARDS.cards if c not in in_play]
    hand = tuple(
        card if shown >> i & 1 else spare.pop(rng.randrange(len(spare)))
        for i, card in enumerate(state.hands[player])
    )
    hands = (hand, state.hands[1]) if player is Player.BLUE else (state.hands[0], hand)
    return GameState(state.table, state.board, hands, state.to_move, state.shown)


@pytest.mark.parametrize("names", [[], ["three_open", "same", "combo"]], ids=["hidden", "three"])
def test_cpu_move_does_not_depend_on_the_humans_hidden_cards(names: list[str]) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = dealt(names, 200 + seed, rng.choice([2, 3, 4, 5]))
        cpu = state.to_move
        human = cpu.other
        if observe(state, cpu).hidden == 0:
            continue
        checked += 1
        other = swap_hidden(state, human, rng)
        assert other.hands[human] != state.hands[human]
        real_view = observe(state, cpu)
        swapped_view = observe(other, cpu)
        # what the CPU is handed holds no trace of the hidden cards
        assert json.dumps(real_view.to_json()) == json.dumps(swapped_view.to_json())
        for level in LEVELS:
            a = Brain(level, seed).choose(real_view, None)
            b = Brain(level, seed).choose(observation_from_json(swapped_view.to_json()), None)
            assert a == b, (level, state)
    assert checked >= 3


def test_hidden_play_is_reproducible_with_a_seed() -> None:
    state = dealt(["same"], 11, 0)

    def run() -> GameState:
        return play_game(state, (Brain("expert", 3), Brain("adept", 4)))

    assert run() == run()


def margin(strong: str, weak: str, names: list[str], deals: int, placed: int) -> int:
    """Total score margin of ``strong`` over ``weak``, each deal played from both sides."""
    total = 0
    for seed in range(deals):
        start = dealt(names, 300 + seed, placed)
        for side in (Player.BLUE, Player.RED):
            brains = [Brain(weak, seed), Brain(weak, seed)]
            brains[side] = Brain(strong, seed + 1)
            end = play_game(start, (brains[0], brains[1]))
            blue, red = end.score
            total += blue - red if side is Player.BLUE else red - blue
    return total


@pytest.mark.parametrize(
    ("strong", "weak", "placed"),
    [
        ("greedy", "random", 2),
        ("novice", "random", 2),
        ("adept", "greedy", 2),
        ("adept", "novice", 2),
        ("expert", "adept", 2),
        # expert plays exactly from six empty cells: start earlier to tell them apart
        ("master", "expert", 1),
    ],
)
def test_each_level_beats_the_ones_below_with_open(strong: str, weak: str, placed: int) -> None:
    assert margin(strong, weak, ["open"], deals=8, placed=placed) > 0


def test_master_beats_greedy() -> None:
    wins = losses = 0
    for seed in range(6):
        start = dealt(["open"], 400 + seed, 2)
        for side in (Player.BLUE, Player.RED):
            brains = [Brain("greedy", seed), Brain("greedy", seed)]
            brains[side] = Brain("master", seed)
            end = play_game(start, (brains[0], brains[1]))
            wins += end.winner is side
            losses += end.winner is side.other
    assert wins >= 6
    assert losses <= 1


def test_anytime_search_reports_progress_then_the_exact_answer() -> None:
    state = dealt(["open"], 21, 1)
    obs = observe(state, state.to_move)
    steps = list(Brain("master").search(obs, slice_ms=5))
    assert not steps[0].done
    assert steps[-1].done and steps[-1].exact
    values = exact_values(state)
    move = steps[-1].move
    assert values[(move.card, move.cell)] == max(values.values()) == steps[-1].value


def test_a_search_cut_short_offers_the_lookaheads_move_until_a_bound_is_proven() -> None:
    # Past its deadline, every slice gives up after 500 positions: the table holds the
    # move the root was searching, without a bound, which is no better than any other;
    # the search offers the lookahead's move meanwhile.
    state = dealt(["open"], 21, 0)
    obs = observe(state, state.to_move)
    brain = Brain("master")
    steps = brain.search(obs, slice_ms=1, deadline=time.perf_counter())
    # the cards each move holds, the lookahead after each move (each slice ends at
    # once), its answer; then the exact search, slice after slice
    kids = len(state.legal_moves())
    quick = [next(steps) for _ in range(kids + 1)][-1]
    for _ in range(10):
        step = next(steps)
        assert not step.exact
        assert (step.move, step.value) == (quick.move, quick.value)
    assert brain.splits(obs)  # (nothing bounds the position yet)


def test_pondering_keeps_the_table_for_the_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(brain_module, "TRAP_NODES", 0)  # the exact search alone, no traps after it
    state = dealt(["open"], 22, 2)
    cpu = state.to_move.other
    brain = Brain("master")
    brain.ponder(observe(state, cpu), budget_ms=60_000)  # the human's turn: solve it
    ctx = brain._context
    assert ctx is not None
    after, _ = state.apply(state.legal_moves()[0])
    before = ctx.solver.nodes
    brain.choose(observe(after, cpu), None)
    assert brain._context is ctx  # same table, reused
    assert ctx.solver.nodes - before < 2000


def test_a_short_budget_still_gives_a_legal_move() -> None:
    state = dealt(["open", "same", "plus", "combo"], 23, 0)
    move = Brain("master").choose(observe(state, state.to_move), budget_ms=1)
    assert move in state.legal_moves()


def test_bad_requests_are_refused() -> None:
    state = dealt([], 24, 0)
    with pytest.raises(ValueError, match="unknown level"):
        Brain("grandmaster")
    with pytest.raises(ValueError, match="turn"):
        Brain("master").choose(observe(state, state.to_move.other), None)


def test_master_plays_exactly_once_the_hidden_cards_are_deduced() -> None:
    # the pool is exactly the ten dealt cards: what the CPU cannot see must be the rest
    for seed in range(3):
        state = dealt(["same"], 60 + seed, 3)
        pool = state.hands[0] + state.hands[1]
        pool += tuple(slot.card for slot in state.board if slot is not None)
        obs = observe(state, state.to_move)
        assert obs.hidden > 0
        values = exact_values(state)
        move = Brain("master", seed, pool).choose(obs, None)
        assert values[(move.card, move.cell)] == max(values.values())


@pytest.mark.parametrize(
    "names",
    [
        ["chaos", "same"],
        ["order", "reverse", "three_open"],
        ["swap", "fallen_ace", "descension", "banner"],
        ["open", "chaos", "ascension", "plus", "combo"],
        ["roulette", "banner"],
    ],
    ids=lambda n: "+".join(n),
)
def test_every_level_plays_whole_games_under_the_ffxiv_rules(names: list[str]) -> None:
    config = MatchConfig(RuleSet.parse(names), CARDS)
    for seed, level in enumerate(LEVELS):
        state = deal_match(config, 70 + seed).start()
        brains = {p: Brain(level, seed) for p in Player}
        while not state.is_terminal:
            move = brains[state.to_move].choose(observe(state, state.to_move), 150)
            assert move in state.legal_moves(), (level, state, move)
            state, _ = state.apply(move)


def test_master_under_chaos_picks_the_best_expected_cell() -> None:
    from tests.cpu.helpers import brute_expectation

    config = MatchConfig(RuleSet.parse(["open", "chaos", "same", "plus"]), CARDS)
    for seed in range(3):
        state = deal_match(config, 90 + seed).start()
        rng = random.Random(seed)
        for _ in range(4):
            state, _ = state.apply(rng.choice(state.legal_moves()))
        values = {m: -brute_expectation(state.apply(m)[0]) for m in state.legal_moves()}
        assert {m.card for m in values} == {state.drawn}
        move = Brain("master", seed).choose(observe(state, state.to_move), None)
        assert values[move] == max(values.values())
        progress = list(Brain("master", seed).search(observe(state, state.to_move)))
        assert progress[-1].done and progress[-1].exact
        assert progress[-1].value == pytest.approx(float(max(values.values())))


@pytest.mark.slow  # (the full lane only: seconds of CPU)
def test_master_under_chaos_without_a_time_budget_stops_at_its_node_budget() -> None:
    # The empty board's drawn card: its exact expectation needs far more than
    # CHAOS_NODES positions, so master plays its lookahead's move, having searched
    # no more than its budget (a count: the same move on any machine).
    config = MatchConfig(RuleSet.parse(["open", "chaos"]), CARDS)
    state = deal_match(config, 3).start()
    brain = Brain("master", 3)
    move = brain.choose(observe(state, state.to_move), None)
    assert move.card == state.drawn and not brain.exact
    chance = brain._context.chance if brain._context else None
    assert chance is not None and chance.node_limit == 0
    assert brain_module.CHAOS_NODES <= chance.nodes < brain_module.CHAOS_NODES + 256
    again = Brain("master", 3).choose(observe(state, state.to_move), None)
    assert again == move
    # the page's search (a time budget, pondering) is not bounded by positions:
    # one card down, it goes on to the exact expectation, far past the budget
    after, _ = state.apply(move)
    view = observe(after, after.to_move)
    brain = Brain("master", 3)
    last = list(brain.search(view))[-1]
    assert last.done and last.exact
    assert brain._context is not None and brain._context.chance.nodes > brain_module.CHAOS_NODES
    # Seven empty cells: the exact search fits the budget
    rng = random.Random(3)
    for _ in range(2):
        state, _ = state.apply(rng.choice(state.legal_moves()))
    brain = Brain("master", 3)
    brain.choose(observe(state, state.to_move), None)
    assert brain.exact


@pytest.mark.parametrize("level", ["novice", "adept", "expert"])
def test_order_is_kept_when_both_hands_hold_the_same_cards(level: str) -> None:
    """Two Houses drawing from one card set may hold the same cards (a tournament's
    leaders do): the card one side plays must not take the other side's copy in the
    CPU's numbering, or its next card under Order comes out of the order dealt."""
    card_set = builtin_set("houses")
    blue = ["lisbet-crane", "idris-penn", "wren-ashby", "hesper-moss", "corin-vale"]
    red = ["wren-ashby", "hesper-moss", "anselm-rook", "corin-vale", "ysolde-quill"]
    hands = ([card_set.card(i) for i in blue], [card_set.card(i) for i in red])
    config = MatchConfig(RuleSet.parse(["open", "order", "same"]), card_set)
    for seed in range(12):
        state = deal_match(config, seed, hands=hands).start()
        brains = (Brain(level, 2 * seed + 1, card_set.cards), Brain("novice", 2 * seed + 2))
        while not state.is_terminal:
            move = brains[state.to_move].choose(observe(state, state.to_move), None)
            assert move.card == 0, (seed, state.to_move, move)
            state, _ = state.apply(move)
