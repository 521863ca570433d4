"""Studying matches: replays, the analysis and its chart, the daily puzzle."""
