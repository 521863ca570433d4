"""The CPU's side of the page: its moves and hints, pondering, the match dealt ahead, and
master's extra workers.

One coordinator (`coordinator.Cpu`, the page's `cpu`) owns all of it and serves the
engine's work in one explicit order: the move (or hint) the match on the table asks
for first, then pondering for that match, then the match dealt ahead (`ahead.Ahead`).
Master's big searches are split over the engine and the extra workers
(`split.Searchers`). The match asks the coordinator for a CPU move and shows it; the
coordinator's parts get the page's services (`triad.ui.page.services.Services`), never
the page.

Runs on the main thread under MicroPython.
"""
