"""The workers' Python: what runs under Pyodide off the page's main thread.

* `engine`: the card game's engine worker (the rules engine, the CPU, the
  collection and the studies), called by the page through `triad.ui.page.client`;
* `referee`: Triangle Catch's referee worker, called through
  `triad.ui.catch.client`;
* `botrunner`: the worker running a player's Triangle Catch bot.

The page's own code (MicroPython, the main thread) is `triad.ui`; the
extra workers of master's search run `triad.cpu.service`.
"""
