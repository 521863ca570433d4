"""The services of the page that its parts work with, handed to each part instead of
the page itself: one `Services` for every part (the CPU coordinator, a match's
transport, the collection, the friend dialog...), and the page's `Dialogs` for a part
that opens its own.

Runs on the main thread under MicroPython.
"""


class Services:
    """What a part of the page may use, each given by the page:

    * the workers and the store: `engine()` the engine worker (None until it is up),
      the `store` (`get`/`set`/`remove` of strings, `triad.ui.page.settings.SafeStore`);
    * time: `now()` in milliseconds, `sleep(ms)`, the page's `signal`
      (`triad.ui.page.shell.Signal`: `wake()`, `await until(test)`), `unpaused()`
      (awaits Pause lifted and the title screen left), `held()` (the title screen, or
      a dialog opened from it, holds the match), `reduced()` (reduced motion);
    * tasks: `spawn(coro)` a task of the page's own scope, `seed()` a fresh random seed;
    * what the player sees: `draw()` the page drawn again, `notice(text)` a notice
      shown (and said), `download(filename, text)` a file given to the player;
    * for tests and benchmarks: `note((what, detail))` for the page's timeline of
      notable moments, `set_data(name, value)` for `<html data-*>`.
    """

    def __init__(
        self,
        *,
        engine,
        store,
        now,
        sleep,
        signal,
        unpaused,
        held,
        reduced,
        spawn,
        seed,
        draw,
        notice,
        download,
        note,
        set_data,
    ) -> None:
        self.engine = engine
        self.store = store
        self.now = now
        self.sleep = sleep
        self.signal = signal
        self.unpaused = unpaused
        self.held = held
        self.reduced = reduced
        self.spawn = spawn
        self.seed = seed
        self.draw = draw
        self.notice = notice
        self.download = download
        self.note = note
        self.set_data = set_data


class Dialogs:
    """The page's dialogs, for a part that opens its own: `open(panel)` shows a
    `triad.ui.page.panels.Panel` in place of the dialog shown, `close(redraw=False)`
    closes the dialog shown (the page drawn again at once when `redraw`), `shown()` is
    its name (None when there is none)."""

    def __init__(self, open, close, shown) -> None:
        self.open = open
        self.close = close
        self.shown = shown
