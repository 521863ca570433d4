"""The few services of the page that its parts work with, handed to each part instead of
the page itself (the CPU coordinator has its own, `triad.ui.cpu.Services`).

Runs on the main thread under MicroPython.
"""


class Services:
    """What a part of the page may use, each given by the page: `engine()` the engine
    worker (None until it is up), the `store`, the page's `signal`
    (`triad.ui.page.shell.Signal`), `now()` in milliseconds, `seed()` a fresh random seed,
    `spawn(coro)` a task of the page's own scope, `draw()` the page drawn again,
    `notice(text)` a notice shown (and said), `note((what, detail))` for the page's
    timeline of notable moments, `download(filename, text)` a file given to the player."""

    def __init__(self, engine, store, signal, now, seed, spawn, draw, notice, note, download):
        self.engine = engine
        self.store = store
        self.signal = signal
        self.now = now
        self.seed = seed
        self.spawn = spawn
        self.draw = draw
        self.notice = notice
        self.note = note
        self.download = download


class Dialogs:
    """The page's dialogs, for a part that opens its own: `open(panel)` shows a
    `triad.ui.page.panels.Panel` in place of the dialog shown, `close()` closes the dialog
    shown, `shown()` is its name (None when there is none)."""

    def __init__(self, open, close, shown) -> None:
        self.open = open
        self.close = close
        self.shown = shown
