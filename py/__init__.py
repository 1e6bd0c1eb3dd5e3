"""Parlor: rules and computer players for its board games, pure Python."""

__version__ = "0.1.0"
