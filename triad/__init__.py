"""Triad: a Triple Triad card game engine, CPU opponent and browser page."""

__version__ = "0.1.0"
