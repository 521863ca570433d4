"""The tournament engine: roster, limits, pairing, Sudden Death, events played through."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tests.tournament.helpers import DECK, HOUSES, play_my_match, reload, rich_save
from triad.collection.save import SAVE_VERSION, dump_save, load_save, read_save
from triad.notation import replay
from triad.tournament import service
from triad.tournament.events import (
    BRACKET,
    new_event,
    outcome_of,
    place_of,
    standings,
)
from triad.tournament.feats import FEATS
from triad.tournament.limits import DeckLimitError, check_limits, stars
from triad.tournament.part import PLAYER, Part
from triad.tournament.roster import STYLES, RosterError, default_roster, parse_roster

ROSTER = default_roster()
ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "collection" / "saves"


# -- roster and limits --------------------------------------------------------


def test_the_roster_has_twelve_leaders_with_decks_within_the_limits() -> None:
    assert len(ROSTER.leaders) >= 12
    styles = {leader.style for leader in ROSTER.leaders}
    assert {"original", "walls", "drafts"} <= styles
    for leader in ROSTER.leaders:
        check_limits(leader.deck, HOUSES)
        assert leader.title["fr"] and leader.blurb["fr"]
        assert STYLES[leader.style] in (*leader.rules.names, "")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("title", {"en": "Lord"}, "roster leader 'aldric-thorne'.title.fr: must be non-empty text"),
        ("blurb", "Walls", "roster leader 'aldric-thorne'.blurb: must be an object"),
        ("name", " ", "roster leader 'aldric-thorne'.name: must be non-empty text"),
    ],
)
def test_a_roster_text_at_fault_is_named(key: str, value: object, message: str) -> None:
    data = json.loads((ROOT / "triad" / "data" / "roster.json").read_text())
    data["leaders"][0][key] = value
    with pytest.raises(RosterError) as caught:
        parse_roster(data)
    assert str(caught.value) == message


def test_stars_follow_the_level() -> None:
    assert [stars(level) for level in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_a_second_five_star_card_is_named() -> None:
    deck = ["sable-ardent", "aldric-thorne", "helka-vorn", "garrick-rhee", "rowan-hale"]
    with pytest.raises(DeckLimitError) as caught:
        check_limits(deck, HOUSES)
    assert caught.value.code == "deck_five" and caught.value.card == "aldric-thorne"


def test_a_third_four_star_card_is_named() -> None:
    deck = ["ulric-hawe", "isolde-varr", "elske-brand", "garrick-rhee", "rowan-hale"]
    with pytest.raises(DeckLimitError) as caught:
        check_limits(deck, HOUSES)
    assert caught.value.code == "deck_four" and caught.value.card == "elske-brand"


# -- pairing ------------------------------------------------------------------


def test_the_knockout_is_seeded_with_the_player_first() -> None:
    event = new_event("knockout", ROSTER, 11, "t-1", 1, DECK)
    assert event.entrants[0] == PLAYER and len(event.entrants) == 8
    strengths = [ROSTER.leader(e).strength for e in event.entrants[1:]]
    assert strengths == sorted(strengths, reverse=True)
    pairs = [(m.a, m.b) for m in event.matches if m.round == 1]
    expected = [
        (event.entrants[BRACKET[i] - 1], event.entrants[BRACKET[i + 1] - 1]) for i in range(0, 8, 2)
    ]
    assert pairs == expected
    # round one's matches between leaders are played when the round begins
    assert all(m.played for m in event.matches if not m.has_player)
    assert event.current == 0


def test_a_season_meets_every_other_house_once() -> None:
    event = new_event("season", ROSTER, 4, "s-1", 1, DECK)
    met = {frozenset((m.a, m.b)) for m in event.matches}
    assert len(met) == len(event.matches) == 15
    for number in range(1, 6):
        seats = [e for m in event.matches if m.round == number for e in (m.a, m.b)]
        assert sorted(seats) == sorted(event.entrants)


def test_a_draw_goes_to_sudden_death_and_a_standing_draw_to_the_higher_seed() -> None:
    found = None
    for seed in range(40):
        event = new_event("knockout", ROSTER, seed, "t", 1, (), player=False)
        for m in event.matches:
            assert m.winner in (m.a, m.b)
            if m.record is not None and len(m.record.games) > 1:
                found = (event, m)
        if found:
            break
    assert found, "no match went to Sudden Death in 40 knockouts"
    event, match = found
    assert match.record is not None
    played = replay(match.record, HOUSES)
    first_game_end = played.states[0][-1]
    assert first_game_end.winner is None  # the first game was a draw
    # the same draw in a season stands; in a knockout it sends the higher seed through
    assert outcome_of(replace(event, kind="season"), match, first_game_end)[0] is None
    higher = min((match.a, match.b), key=event.entrants.index)
    assert outcome_of(event, match, first_game_end)[0] == higher


def test_the_command_line_prints_the_same_tournament_on_any_machine() -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-m", "triad", "tournament", "--seed", "9"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert "Final:" in outputs[0] and "Champion: " in outputs[0]
    champion = outputs[0].split("Champion: ")[1].split(" (")[0]
    assert champion in {leader.name for leader in ROSTER.leaders}


# -- events played through the service ----------------------------------------


def test_a_whole_knockout_to_its_champion_with_reloads() -> None:
    save = service.start(rich_save(), "knockout", 21, "k-1", DECK)
    save = reload(save)
    rounds = 0
    while not save.tournament.event.over:  # type: ignore[union-attr]
        before = save.tournament.event
        assert before is not None
        settled = play_my_match(save, "expert", reload_at=4)
        save = reload(settled.save)
        rounds += 1
        event = save.tournament.event
        assert event is not None
        played_mine = [m for m in event.matches if m.has_player and m.played]
        assert len(played_mine) == rounds
        assert settled.advanced == (played_mine[-1].winner == PLAYER)
    event = save.tournament.event
    assert event is not None and event.champion is not None
    assert len([m for m in event.matches if m.round == 3]) == 1
    part = save.tournament
    assert part.count("matches") == rounds
    assert part.past[-1].place == place_of(event)
    if event.champion == PLAYER:
        assert len(event.prizes) == 2
        assert part.count("knockout_won") == 1 and "knockout-champion" in part.earned
    assert "first-match" in part.earned


def test_the_same_match_resumes_exactly_after_a_reload() -> None:
    save = service.start(rich_save(), "knockout", 5, "k-2", DECK)
    straight = play_my_match(save, "adept")
    reloaded = play_my_match(save, "adept", reload_at=3)
    assert dump_save(straight.save) == dump_save(reloaded.save)


def test_an_open_tournament_drafts_every_hand() -> None:
    save = service.start(rich_save(), "open", 8, "o-1")
    event = save.tournament.event
    assert event is not None and event.deck == ()
    for m in event.matches:
        if m.played:
            assert m.record is not None and m.record.hands is None and len(m.record.draft) == 10
    current = service.current_match(save)
    assert "draft" in current["record"]["rules"] and current["record"]["hands"] is None
    settled = play_my_match(save, "adept")
    mine = [m for m in settled.save.tournament.event.matches if m.has_player]  # type: ignore[union-attr]
    assert mine[0].played and mine[0].record is not None and len(mine[0].record.draft) == 10


def test_a_season_counts_points_and_crowns_a_champion_then_a_new_season() -> None:
    save = service.start(rich_save(), "season", 3, "s-1", DECK)
    for number in range(5):
        save = play_my_match(save, "adept", reload_at=2 + number).save
        event = save.tournament.event
        assert event is not None
        table = standings(event)
        played = [m for m in event.matches if m.played]
        points = sum(s.points for s in table)
        draws = sum(1 for m in played if m.winner is None)
        assert points == 3 * (len(played) - draws) + 2 * draws
        assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)
    event = save.tournament.event
    assert event is not None and event.over and event.champion == table[0].entrant
    save = service.start(save, "season", 4, "s-2", DECK)
    assert save.tournament.event is not None and save.tournament.event.number == 2


def test_feats_earned_through_play_are_announced_once() -> None:
    save = service.start(rich_save(), "knockout", 2, "k-3", DECK)
    assert service.view(save)["announce"] == []
    save = play_my_match(save, "adept").save
    view = service.view(save)
    assert "first-match" in view["announce"]
    save = service.feats_seen(reload(save), view["announce"])
    assert service.view(save)["announce"] == []
    assert "first-match" in reload(save).tournament.announced
    assert len(FEATS) >= 20


def test_a_saved_deck_plays_in_a_tournament_match() -> None:
    save = service.save_deck(rich_save(), "Walls", DECK)
    assert "first-deck" in save.tournament.earned
    deck = list(save.tournament.decks[0].cards)
    save = service.start(save, "knockout", 1, "k-4", deck)
    record = service.current_match(save)["record"]
    assert record["hands"]["blue"] == deck


def test_the_deck_builder_refuses_a_deck_over_the_limits_and_a_sixth_deck() -> None:
    save = rich_save()
    bad = ["sable-ardent", "aldric-thorne", "helka-vorn", "garrick-rhee", "rowan-hale"]
    with pytest.raises(service.TournamentError) as caught:
        service.save_deck(save, "Two crowns", bad)
    assert caught.value.code == "deck_five" and caught.value.card == "aldric-thorne"
    for i in range(5):
        save = service.save_deck(save, f"Deck {i}", DECK)
    with pytest.raises(service.TournamentError) as full:
        service.save_deck(save, "Sixth", DECK)
    assert full.value.code == "deck_full"
    poor = save.with_changes(cards={c: 1 for c in DECK[:4]})
    with pytest.raises(service.TournamentError) as owned:
        service.start(poor, "knockout", 1, "k-5", DECK)
    assert owned.value.code == "deck_owned" and owned.value.card == DECK[4]


def test_a_match_that_is_not_the_one_dealt_is_refused() -> None:
    save = service.start(rich_save(), "knockout", 1, "k-6", DECK)
    record = service.current_match(save)["record"]
    record["seed"] += 1
    from triad.notation import MatchRecord

    with pytest.raises(service.TournamentError):
        service.settle(save, MatchRecord.from_json(record))


# -- the save ---------------------------------------------------------------


@pytest.mark.parametrize("version", range(1, SAVE_VERSION))
def test_todays_saves_migrate_with_an_empty_tournament(version: int) -> None:
    text = (SAVES / f"v{version}.json").read_text()
    save, read_version = read_save(text)
    assert read_version == version
    assert save.tournament == Part()
    assert save.cards == {k: v for k, v in json.loads(text)["cards"].items() if v}
    assert json.loads(dump_save(save))["tournament"]["event"] is None


def test_a_damaged_tournament_is_reported_and_the_rest_kept() -> None:
    save = service.start(rich_save(), "knockout", 1, "k-7", DECK)
    data = json.loads(dump_save(save))
    data["tournament"]["event"]["matches"][1]["a"] = "nobody"
    damaged = load_save(data)
    assert damaged.tournament == Part()
    assert damaged.cards == save.cards and damaged.stats == save.stats
    message = damaged.tournament_damage
    assert message is not None and "save.tournament.event.matches[1].a" in message
    assert service.view(damaged)["damage"] == message
    # kept aside in the save (and its export) until a new tournament is begun
    again = load_save(dump_save(damaged))
    assert again.tournament_damage == message
    fresh = service.start(again, "knockout", 2, "k-8", DECK)
    assert fresh.tournament_damage is None


@pytest.mark.parametrize(
    ("record", "field"),
    [({"wins": -1}, ".wins"), ({"cards_lost": True}, ".cards_lost"), ([], ": must be an object")],
)
def test_a_damaged_record_sets_aside_only_the_tournament(record: object, field: str) -> None:
    leader = ROSTER.leaders[0].id
    save = service.start(rich_save(), "knockout", 1, "k-7", DECK)
    data = json.loads(dump_save(save))
    data["tournament"]["records"] = {leader: record}
    damaged = load_save(data)
    assert damaged.tournament == Part()
    assert damaged.cards == save.cards and damaged.stats == save.stats
    message = damaged.tournament_damage
    assert message is not None and f"save.tournament.records[{leader!r}]{field}" in message
