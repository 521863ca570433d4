"""The CPU's side of the page: its moves and hints, pondering, the match dealt ahead, and
master's extra workers.

One coordinator (`coordinator.Cpu`, the page's `cpu`) owns all of it and serves the
engine's work in one explicit order: the move (or hint) the match on the table asks
for first, then pondering for that match, then the match dealt ahead (`ahead.Ahead`).
Master's big searches are split over the engine and the extra workers
(`split.Searchers`). The match asks the coordinator for a CPU move and shows it; the
coordinator's parts get the few services they use (`Services`), never the page.

Runs on the main thread under MicroPython.
"""


class Services:
    """What the CPU's parts work with, each given by the page: `engine()` the engine worker
    (None until it is up), the page's `signal` (`triad.ui.page.shell.Signal`), `clock()` in
    milliseconds, `sleep(ms)`, `set_data(name, value)` for `<html data-*>` (tests and
    benchmarks wait on them), the `store`, and `note((what, detail))` for the page's
    timeline of notable moments."""

    def __init__(self, engine, signal, clock, sleep, set_data, store, note) -> None:
        self.engine = engine
        self.signal = signal
        self.clock = clock
        self.sleep = sleep
        self.set_data = set_data
        self.store = store
        self.note = note
