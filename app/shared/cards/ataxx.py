"""Ataxx's card on the home screen and its help."""

from cards import mode

CARD = {
    "blurb": "Clone or jump on a 7×7 board; every enemy piece you land next to turns yours.",
    "score_label": "pieces",
    "setup": "presets",
    "modes": [
        mode("solo", "Solo", "You against the computer", ["human", "ai"]),
        mode("local", "Local", "Two people, one device", ["human", "human"], "standard"),
        mode("watch", "Watch", "Computer against computer", ["ai", "ai"], "standard"),
    ],
    "rules": [
        "Select your piece, then an empty target.",
        "Place: one square away, diagonals too; your piece stays.",
        "Jump: two squares away; your original square empties.",
        "Every opposing piece next to the target becomes yours. No chain reaction.",
        "Solo: a player who cannot move loses at once. Local: you pass instead.",
        "The game ends when the board is full, nobody can move, or a player has no pieces.",
        "Three repeated positions or 80 jumps without a capture end it by count.",
        "Most pieces wins. The turn clock (30 seconds, or as set on the home screen; Off: none): "
        "running out loses. Pause stops the clock.",
    ],
}
