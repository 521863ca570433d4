"""The Triangle Catch page: the map game of seed 003 in the same bundle as the card game.

Modules here run on the page's main thread under MicroPython (and under
CPython for tests), except `worker` and `botrunner`, which run in Pyodide
workers started by the page.
"""
