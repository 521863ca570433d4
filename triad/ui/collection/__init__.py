"""Collection mode: the save, the ladder, the album, decks, trades, and the grand tournament."""
