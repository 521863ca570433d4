"""What a screen reader hears, in English and French: names of cards and spaces, each move
with its captures and why, the score, the result, the whole table on demand."""

from collections.abc import Iterator

import pytest

from tests.ui.test_render import AFF, card, view
from triad.ui.look import speech
from triad.ui.look.text import set_language

CTX = {"aff": AFF, "humans": ["blue"], "mode": "cpu"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def placed(board: list, owners: dict) -> list:
    out = list(board)
    for cell, (owner, name) in owners.items():
        out[cell] = {"card": card(name), "owner": owner}
    return out


def test_a_card_says_all_a_sighted_player_sees() -> None:
    words = speech.card_words(card("Mira", 10, 3, 5, 7, 6), AFF, "red", 1, -1)
    assert words == (
        "Mira, level 6, top A, right 3, bottom 5, left 7, Lantern Guild, Red, Descension -1, "
        "Elemental +1"
    )
    before = view(cells=["lantern"] + [None] * 8)
    before["board"] = placed(before["board"], {0: ("blue", "Pim")})
    assert speech.cell_words(before, 0, AFF) == (
        "top left: Pim, level 6, top A, right 3, bottom 5, left 7, Lantern Guild, Blue, Banner +1. "
        "Banner: Lantern Guild"
    )
    assert speech.cell_words(before, 8, AFF) == "bottom right, empty"
    before["rules"] = ["elemental"]  # (the space by the rule's own word)
    assert speech.cell_words(before, 0, AFF).endswith(". Element: Lantern Guild")


def test_a_move_says_where_what_it_took_and_why_then_the_score() -> None:
    before = view()
    before["board"] = placed(before["board"], {0: ("blue", "Ann"), 2: ("blue", "Bo")})
    after = view(to_move="blue", scores={"blue": 3, "red": 7})
    after["board"] = placed(before["board"], {1: ("red", "Pim"), 0: ("red", "Ann")})
    after["board"][2] = {"card": card("Bo"), "owner": "red"}
    events = [
        {"kind": "place", "cells": [1]},
        {"kind": "same", "cells": [0], "wall": False},
        {"kind": "combo", "cells": [2]},
    ]
    text = speech.move_text(before, "red", 1, card("Pim", 5, 3, 3, 4), events, after, CTX)
    assert text == (
        "Red plays Pim (top 5, right 3, bottom 3, left 4), on the top. "
        "Same: captures Ann on the top left. "
        "Combo: captures Bo on the top right. Score: Blue 3, Red 7. Your turn."
    )
    set_language("fr")
    text = speech.move_text(before, "red", 1, card("Pim", 5, 3, 3, 4), events, after, CTX)
    assert text == (
        "Rouge joue Pim (haut 5, droite 3, bas 3, gauche 4), case haut. "
        "Identique\u00a0: prend Ann case haut à gauche. "
        "Combo\u00a0: prend Bo case haut à droite. Score\u00a0: Bleu 3, Rouge 7. À vous de jouer."
    )


def test_a_plain_capture_on_its_own_element_says_elemental() -> None:
    before = view(cells=[None, "lantern"] + [None] * 7, rules=["elemental"])
    before["board"] = placed(before["board"], {0: ("red", "Ann")})
    after = view(to_move="red", cells=before["cells"])
    after["board"] = placed(before["board"], {0: ("blue", "Ann"), 1: ("blue", "Pim")})
    events = [{"kind": "place", "cells": [1]}, {"kind": "basic", "cells": [0]}]
    text = speech.move_text(before, "blue", 1, card("Pim"), events, after, CTX)
    # which two numbers were compared: Pim's left 7, +1 on its own element, against Ann's 3
    assert "Elemental: captures Ann on the top left (8 against 3)." in text
    assert not text.endswith("Your turn.")


def test_the_deal_the_result_and_the_whole_table() -> None:
    start = view(rules=["open", "same"])
    assert speech.deal_text(start, CTX) == (
        "New match. Rules: Open, Same. You are Blue, the CPU Red. Your turn."
    )
    over = view(over=True, winner="blue", scores={"blue": 6, "red": 4})
    assert speech.result_text(over, CTX, "You win!") == ("You win. Final score: Blue 6, Red 4.")
    table = speech.table_text(start, CTX)
    assert table.startswith("Board: top left, empty; top, empty;")
    assert "Your hand: B0, level 6, top A, right 3, bottom 5, left 7, Lantern Guild;" in table
    assert "CPU's hand: 5 hidden cards." in table
    set_language("fr")
    assert speech.card_words(card("Mira", 10, 3, 5, 7, 6), AFF) == (
        "Mira, niveau 6, haut A, droite 3, bas 5, gauche 7, Lantern Guild"
    )
    assert speech.deal_text(start, CTX).startswith("Nouvelle partie. Règles\u00a0: ")
    table = speech.table_text(start, CTX)
    assert (
        "Votre main\u00a0: B0, niveau 6," in table
    )  # (a space that does not break before the colon, in French)
    assert "Main du CPU\u00a0: 5 cartes cachées." in table


def test_sudden_death_says_its_call_and_the_round() -> None:
    again = view(round=2)
    assert speech.rematch_text(again, CTX) == (
        "PERFECT TEATIME. Sudden Death, rematch 2. Your turn."
    )


def test_a_plain_capture_says_which_two_numbers_were_compared() -> None:
    before = view()
    before["board"] = placed(before["board"], {4: ("red", "Ann"), 2: ("red", "Bo")})
    after = view(to_move="red")
    after["board"] = placed(before["board"], {4: ("blue", "Ann"), 1: ("blue", "Pim")})
    events = [{"kind": "place", "cells": [1]}, {"kind": "basic", "cells": [4]}]
    text = speech.move_text(before, "blue", 1, card("Pim", 5, 3, 9, 4), events, after, CTX)
    assert "Captures Ann on the centre (9 against " in text, text
    set_language("fr")
    text = speech.move_text(before, "blue", 1, card("Pim", 5, 3, 9, 4), events, after, CTX)
    assert "Prend Ann case centre (9 contre " in text, text


def test_a_banner_capture_is_said_by_the_rules_one_name() -> None:
    before = view(cells=[None, "lantern"] + [None] * 7, rules=["banner"])
    before["board"] = placed(before["board"], {0: ("red", "Ann")})
    after = view(to_move="red", cells=before["cells"], rules=["banner"])
    after["board"] = placed(before["board"], {0: ("blue", "Ann"), 1: ("blue", "Pim")})
    events = [{"kind": "place", "cells": [1]}, {"kind": "basic", "cells": [0]}]
    text = speech.move_text(before, "blue", 1, card("Pim"), events, after, CTX)
    assert "Banner: captures Ann" in text and "Elemental" not in text, text
    assert "Banner +1" in speech.cell_words(after, 1, AFF)
