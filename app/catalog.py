"""What the home screen shows before the engine is up: titles, blurbs, modes, layouts.

Presentation only (no rules). tests/app/test_catalog.py checks it against parlor.rules so the
two cannot drift apart.
"""

GAMES = [
    {
        "id": "ataxx",
        "title": "Ataxx",
        "blurb": "Clone or jump on a 7×7 board; every enemy piece you land next to turns yours.",
        "colours": ["Red", "Blue"],
        "score_label": "pieces",
        "setup": "presets",
        "modes": [
            {"id": "solo", "title": "Solo", "hint": "You against the computer",
             "variant": "solo", "seats": ["human", "ai"]},
            {"id": "local", "title": "Local", "hint": "Two people, one device",
             "variant": "standard", "seats": ["human", "human"]},
            {"id": "watch", "title": "Watch", "hint": "Computer against computer",
             "variant": "standard", "seats": ["ai", "ai"]},
        ],
        "layouts": ["Open", "Centre cross", "Four pillars", "Corridors", "Diamond"],
        "rules": [
            "Select your piece, then an empty target.",
            "Place: one square away, diagonals too; your piece stays.",
            "Jump: two squares away; your original square empties.",
            "Every opposing piece next to the target becomes yours. No chain reaction.",
            "Solo: a player who cannot move loses at once. Local: you pass instead.",
            "The game ends when the board is full, nobody can move, or a player has no pieces.",
            "Three repeated positions or 80 jumps without a capture end it by count.",
            "Most pieces wins. Each turn lasts 30 seconds; timeout loses. Pause stops the clock.",
        ],
    },
]

LEVELS = [("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]


def game(game_id):
    for entry in GAMES:
        if entry["id"] == game_id:
            return entry
    raise KeyError(game_id)
