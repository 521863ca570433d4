"""Playing a friend with no server: checked codes (`code`) and the honest-play protocol (`protocol`)."""
