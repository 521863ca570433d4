"""The player's tournament matches in the engine worker: dealt, kept and settled here.

* `tournament_start(SAVE)` -> ``{"match", "view"}`` or ``{"match", "draft",
  "cpu_picks"}`` deals the player's match of the event under way, or picks it
  up where the save left it (its draft picks and moves);
* `tournament_progress(SAVE)` -> ``{"save"}``, after each pick and move;
* `tournament_end(SAVE)` -> ``{"save", "result", "view"}`` settles it (the
  leaders' matches it leads to are played there).

The match is the engine's match in play (`triad.worker.engine.InPlay`), so
`play`, `cpu_move` and `draft_pick` act on it as on any other; its
``prepared`` marks it ``{"tournament": true, ...}``. `triad.worker.engine`
exports `EXPORTS` with its own.
"""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType
from typing import TYPE_CHECKING

from triad.api import Exports
from triad.capture import Player
from triad.cards import builtin_set
from triad.collection.replay import read_record, replay_record
from triad.collection.save import dump_save, load_save
from triad.collection.service import ProgressReply
from triad.cpu import Brain
from triad.match import MatchConfig, deal_match
from triad.rules import Rule
from triad.tournament import service as tournament_service
from triad.worker.messages import TournamentEndReply, TournamentStartReply

if TYPE_CHECKING:
    from triad.worker.engine import InPlay

__all__ = ["EXPORTS", "tournament_end", "tournament_progress", "tournament_start"]

#: The functions the engine worker exports besides its own.
EXPORTS = Exports()


def _engine() -> ModuleType:
    """The engine worker's module (imported here when called: it imports this one)."""
    from triad.worker import engine

    return engine


@EXPORTS.service
def tournament_start(save_text: str) -> TournamentStartReply:
    """Deal the player's match of the event under way, or pick it up where the save left
    it: the draft (its picks so far) or the position its moves reached. The player is blue."""
    engine = _engine()
    save = load_save(save_text)
    current = tournament_service.current_match(save)
    record = read_record(current["record"])
    card_set = builtin_set(record.set_id)
    brain = Brain(current["level"], seed=record.seed, pool=card_set.cards)
    header = replace(record, games=())
    prepared = {"tournament": True, **{k: v for k, v in current.items() if k != "record"}}
    if Rule.DRAFT in record.rules and not record.games:
        match = deal_match(MatchConfig(record.rules, card_set), record.seed)
        session: InPlay = engine.InPlay(
            match, card_set, brain, header, level=current["level"], cpu=Player.RED
        )
        session.draft = match.draft()
        for index in record.draft:
            session.draft = session.draft.pick(index)
            session.order.append(index)
        session.prepared = prepared
        engine.STATE.ahead, engine.STATE.in_play = None, session
        reply: TournamentStartReply = {"match": current}
        reply.update(engine._draft_reply(session))
        return reply
    played = replay_record(record)
    state, round_, games = engine._played_on(played, record)
    engine._begin(played.match, state, card_set, brain, header, round_, games).prepared = prepared
    return {"match": current, "view": engine._view_of(state, played.match, round_, card_set)}


def _tournament_session() -> InPlay:
    engine = _engine()
    session: InPlay = engine._current("tournament match")
    if session.prepared is None or not session.prepared.get("tournament"):
        raise engine.NoMatchError("no tournament match is being played")
    return session


@EXPORTS.service
def tournament_progress(save_text: str) -> ProgressReply:
    """The save with the draft picks and moves of the tournament match in play so far."""
    session = _tournament_session()
    games = [g for g in session.games if g]
    picks = session.order if session.draft is not None else session.record.draft
    save = tournament_service.progress(load_save(save_text), games, picks)
    return {"save": dump_save(save)}


@EXPORTS.service
def tournament_end(save_text: str) -> TournamentEndReply:
    """Settle the tournament match just played: the new save, the result and the view."""
    session = _tournament_session()
    if session.state is None or not session.state.is_terminal:
        raise ValueError("the match is not over yet")
    record = replace(session.record, games=tuple(tuple(g) for g in session.games if g))
    settled = tournament_service.settle(load_save(save_text), record)
    return {
        "save": dump_save(settled.save),
        "result": settled.to_json(),
        "view": tournament_service.view(settled.save),
    }
