"""Boards: pure SVG views of a snapshot, one module per game (found by the game id)."""
