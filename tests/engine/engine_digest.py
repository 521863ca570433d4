"""Print a digest of many random games; run under CPython and Pyodide and compared.

Covers dealing, every capture rule, events, scores, observations and notation.
"""

from __future__ import annotations

import hashlib
import json

from triad.capture import Player
from triad.cards import builtin_set
from triad.match import MatchConfig, deal_match
from triad.notation import state_to_json, state_to_text
from triad.observe import observe
from triad.prng import Rng
from triad.rules import RuleSet

RULE_SETS = [
    [],
    ["banner"],
    ["same", "plus", "combo", "banner"],
    ["same_wall", "plus_wall", "combo", "battle", "power_wall"],
    ["elemental", "same", "combo", "broken_wall", "battle"],
    ["draft", "level_range", "power_wall", "three_open", "plus", "combo"],
    ["sudden_death", "same", "plus", "combo", "open", "random"],
    ["reverse", "fallen_ace", "same", "combo", "battle", "chaos"],
    ["ascension", "plus", "combo", "banner", "order", "swap"],
    ["descension", "elemental", "same", "fallen_ace", "roulette", "draft"],
    ["original", "elemental", "same", "plus", "same_wall"],
]


def main() -> None:
    for names in RULE_SETS:
        rules = RuleSet.parse(names)
        card_set = builtin_set("elements" if rules.elemental else "houses")
        digest = hashlib.sha256()
        scores = []
        for seed in range(25):
            match = deal_match(MatchConfig(rules, card_set), seed)
            rng = Rng(seed + 1000)
            if match.drafting:
                draft = match.draft()
                while not draft.is_done:
                    draft = draft.pick(draft.available[rng.below(len(draft.available))])
                state = match.start(draft.hands)
            else:
                state = match.start()
            while not state.is_terminal:
                legal = state.legal_moves()
                state, events = state.apply(legal[rng.below(len(legal))])
                digest.update(json.dumps([e.to_json() for e in events]).encode())
                digest.update(json.dumps(observe(state, Player.RED).to_json()).encode())
            digest.update(state_to_text(state, card_set).encode())
            digest.update(json.dumps(state_to_json(state), sort_keys=True).encode())
            scores.append(state.score[0])
        print(" ".join(names) or "-", scores, digest.hexdigest())


main()
