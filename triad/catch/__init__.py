"""Triangle Catch: the map game of seed 003 (rules in ``TRYANGLE.md``).

Modules, one concept each:

- ``geometry``: integer geometry of houses and paths (crossings, insides).
- ``mapgen``: the static layout of a map and the seeded map generator.
- ``referee``: the game state, actions, turn resolution, scoring and ends.
- ``protocol``: the CodinGame text protocol (inputs, parsing of commands).
- ``players``: bots as players: built-in ones in process, programs as subprocesses.
- ``match``: playing a whole match and its JSON replay.
- ``bots``: the built-in bots, written against the text protocol.
- ``cli``: ``python -m triad catch ...``.

Everything here is pure standard library and integer arithmetic, with the
project's seeded PRNG (``triad.prng``), so a seed gives the same map and the
same game under CPython and Pyodide.
"""
