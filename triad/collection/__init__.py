"""Collection mode: the player's save, trades, starter cards, the ladder, decks, deal codes, replays.

Modules, one concept each (import the one you need; this package module
imports nothing, so `triad.collection.dealcode` also loads under MicroPython):

* `triad.collection.save`: the versioned save document, migration, validation,
  export/import, reset.
* `triad.collection.starter`: a new player's starter cards.
* `triad.collection.ladder`: the ladder of CPU opponents (``triad/data/ladder.json``).
* `triad.collection.deck`: choosing or dealing 5 cards from the collection.
* `triad.collection.trade`: preparing a ladder match and settling its trade
  into a new save in one step.
* `triad.collection.dealcode`: short shareable deal codes with check characters.
* `triad.collection.replay`: match records as JSON files, stepped through for a viewer.
* `triad.collection.service`: the same as JSON-string functions for the engine worker.
"""
