"""The table and what sits on it: the match, its board, its turns' phases, its transports, the player's selection."""
