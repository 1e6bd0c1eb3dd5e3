"""Home-screen cards, one module per game (cards/<game id>.py, found by the game id): `CARD`,
the card and its help. Presentation only: a game's facts (title, seats, variants, colours) are
on its GameInfo (py/rules/<game id>.py); the catalog merges the two."""


def mode(mode_id, title, hint, seats=2, variant=None):
    """One of a card's modes: its id and title (the radio button), its hint, its seats (a count,
    or the seat kinds of a preset) and the rules' variant it plays (default: the mode's id)."""
    return {"id": mode_id, "title": title, "hint": hint, "seats": seats,
            "variant": mode_id if variant is None else variant}
