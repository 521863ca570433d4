"""Triangle Catch on a French page: the referee's words too (a refusal, the turn log, how a
match ended, a bot's bad command), not only the page's own. (A French browser's page, seen:
tests/browser/test_catch_french.py; a bot run in a real worker: test_catch_page.py.)"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize

from tests.ui.catch.helpers import FakeScreen
from tests.ui.catch.test_app import Bots, Engine, ScriptedBot, instant, my_houses, run, settle
from triad.ui.catch.app import CatchApp
from triad.ui.catch.example import example_bot
from triad.ui.catch.text import said
from triad.ui.look import text
from triad.ui.page.settings import MemoryStore
from triad.worker import referee as worker

ENGLISH_WORDS = ("house", "turn starts", "moved", "spawned", "printed", "command", "reached")
PLAY_SEED = 199  # CodinGame seed: player 0 owns triangle 0-36-43 from the start
WATCH_SEED = 3


def words_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").replace("&#x27;", "'")


def test_the_french_page_says_the_referees_words_in_french() -> None:
    async def test() -> None:
        screen = FakeScreen()
        seeds = iter(range(1000, 2000))
        jumping = ScriptedBot(lambda turn: {"line": "JUMP 1 2"})
        app = CatchApp(
            screen, MemoryStore(), instant, lambda: next(seeds), False, "fr-FR", Bots(jumping)
        )
        try:
            app.start()
            await app.engine_ready(Engine())
            assert screen.lang == "fr"

            # Play: an order the referee refuses, then a turn's log.
            app.act("bot", "random")
            app.field("seed", str(PLAY_SEED))
            app.act("new_game")
            await settle(app)
            source = my_houses(app)[0]
            for _ in range(2):
                app.click_house(source)
                assert "(1 unité)." in words_of(screen.regions["c-prompt"])
                app.click_house(app.play.board.adj[source][0])
                await settle(app)
            refusal = words_of(screen.regions["c-notice"])
            expected = (
                f"Refusé\u00a0: aucune unité n'est restée sur la maison {source} tout le tour"
            )
            assert expected in refusal, refusal
            app.act("end_turn")
            await settle(app)
            log = words_of(screen.regions["c-log"])
            assert "1 unité va vers la maison" in log, log
            assert not any(word in log for word in ENGLISH_WORDS), log

            # Watch: the match's end, from the last position of the timeline.
            app.act("mode", "watch")
            app.field("bot0", "planner")
            app.field("bot1", "greedy")
            app.field("wseed", str(WATCH_SEED))
            app.act("watch")
            await settle(app)
            assert screen.data["over"] == "1" and app.watch.at == app.watch.total
            request = json.dumps({"bots": ["planner", "greedy"], "seed": WATCH_SEED})
            reason = json.loads(worker.watch(request))["result"]["reason"]
            banner = words_of(screen.regions["c-banner"])
            assert "Stratège gagne" in banner and said(reason) in banner, banner
            assert not any(word in banner for word in ENGLISH_WORDS), banner

            # The editor: a bot printing a command the referee does not know loses at once.
            app.act("mode", "editor")
            screen.values["c-code"] = 'print("JUMP 1 2")'
            app.field("limits", "debug")
            app.act("run")
            await settle(app)
            console = "".join(line for _, line in app.editor.console)
            assert (
                "Bleu a écrit une commande non reconnue 'JUMP 1 2'\u00a0: "
                "'JUMP' n'est pas une commande avec ces nombres" in console
            ), console
            assert "Bleu a écrit une" in words_of(screen.regions["c-banner"])
            assert screen.data["over"] == "1" and screen.data["turn"] == "0"
        finally:
            text.set_language("en")

    run(test)


def comments(code: str) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return [token.string for token in tokens if token.type == tokenize.COMMENT]


def test_the_french_example_bot_is_the_english_one_with_its_comments_in_french() -> None:
    english, french = example_bot("en"), example_bot("fr")
    assert ast.dump(ast.parse(french)) == ast.dump(ast.parse(english))
    said_en, said_fr = comments(english), comments(french)
    assert len(said_en) == len(said_fr) == 14
    for en, fr in zip(said_en, said_fr, strict=True):
        assert en != fr, f"left in English: {en}"
    assert "Pour déboguer, print(..., file=sys.stderr) : cela s'affiche dans la Console." in french
    assert example_bot("de") == english  # (a language the example has no comments in)


def test_a_french_page_starts_the_editor_on_the_french_example_and_brings_it_back() -> None:
    screen = FakeScreen()
    seeds = iter(range(1000, 2000))
    app = CatchApp(screen, MemoryStore(), instant, lambda: next(seeds), False, "fr-FR")
    app.start("editor")
    assert app.editor.code == example_bot("fr")
    app.act("new_bot")
    assert screen.values["c-code"] == example_bot("fr")
    app.act("delete_bot")  # (the new bot was never saved: the example is deleted)
    assert app.doc["bots"] == [{"name": "Bot d'exemple", "code": example_bot("fr")}]
