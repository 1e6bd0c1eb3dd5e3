"""Home-screen cards, one module per game (found by the game id): presentation only."""
