"""Playing a friend: by link, live over a data channel, one tab per friend match."""
