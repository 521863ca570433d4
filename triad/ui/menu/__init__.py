"""The rule menu and what the next match is dealt with, the rulebook, the title screen, the player's own card set."""
