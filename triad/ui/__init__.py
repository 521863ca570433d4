"""The browser page: pure render, input and animation code plus thin DOM glue.

Modules here run on the page's main thread under MicroPython and, for tests,
under CPython; only `dom`, `main` and `sound_player` touch the browser, and
`worker` runs in the Pyodide worker beside the engine.
"""
