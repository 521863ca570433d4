"""Triangle Catch: the map game of seed 003 (rules in ``TRYANGLE.md``).

Modules, one concept each:

- ``geometry``: integer geometry of houses and paths (crossings, insides).
- ``javarandom``: ``java.util.Random``, bit for bit.
- ``mapgen``: the static layout of a map and the seeded map generators
  (CodinGame's, seed for seed, and this game's classic one).
- ``referee``: the game state, actions, turn resolution, scoring and ends,
  as CodinGame's referee plays them.
- ``protocol``: the CodinGame text protocol (inputs, parsing of commands).
- ``players``: bots as players: built-in ones in process, programs as subprocesses.
- ``match``: playing a whole match and its JSON replay.
- ``bots``: the built-in bots, written against the text protocol.
- ``cli``: ``python -m triad catch ...``.

Everything here is pure standard library and integer arithmetic (the map
generator's angle test excepted, done in doubles as Java does it), with
seeded generators (``javarandom``, ``triad.prng``), so a seed gives the same
map and the same game under CPython and Pyodide.
"""
