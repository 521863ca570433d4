"""The built-in Triangle Catch bots, weakest first.

Every bot lives in ``standard.py``, a single self-contained file that speaks
the text protocol: paste it into CodinGame (setting ``DEFAULT_BOT``), or run
``python triad/catch/bots/standard.py NAME`` as a subprocess. In process, a
bot's ``turn(text)`` takes exactly the lines the program would read for a
turn and returns the line it would print.

- ``random``: moves units to random neighbours and spawns at random.
- ``greedy``: spawns from every triangle while small, keeps one unit per
  house and sends the rest to the nearest house it does not own.
- ``planner``: picks triangles to take by cost, balances spawning against
  holding triangles for points, defends threatened houses, attacks
  opponent stacks and cuts the opponent's triangles with REMOVE_PATH.
"""

from triad.catch.bots.standard import BOTS, Bot

BUILTIN_BOTS: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a fresh built-in bot.

    :raises ValueError: if ``name`` is not a built-in bot.
    """
    if name not in BOTS:
        raise ValueError(f"unknown built-in bot {name!r}; choose from {', '.join(BOTS)}")
    return BOTS[name](seed)
