"""The grand tournament: the Houses' leaders, knockouts, open tournaments, seasons, decks
within star limits, records and feats (pure standard library, runs in the engine worker).

* `roster`: the House leaders (``triad/data/roster.json``).
* `limits`: card levels as stars and the deck limits; the player's named decks.
* `part`: the tournament part of the save (its JSON form and its checks).
* `events`: knockouts, open tournaments and seasons: pairings, matches the
  engine plays, results, standings, prizes.
* `feats`: records and the feats with their progress.
* `service`: what the page and the command line do with a save.
* `cli`: ``python -m triad tournament --seed N``.
"""
