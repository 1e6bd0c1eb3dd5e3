"""What the page shows of each game: the facts its rules declare on its GameInfo (title, seats,
variants, layouts, colours, turn clock, online rules) merged with its card (cards/<game id>.py:
blurb, modes, help; presentation only). A game is listed once it has a card.

Where `parlor` imports (the build, the engine, tests) the facts come from `parlor.rules.GAMES`;
the page (MicroPython, no `parlor`) reads them from games.json, which scripts/build_site.py
writes from the same GameInfo.
"""

try:
    from parlor.rules import GAMES as _RULES

    INFOS = [info.to_dict() for info in _RULES.values()]
except ImportError:
    import json

    with open("games.json") as _file:
        INFOS = json.load(_file)


def _card(game_id):
    try:
        return __import__("cards." + game_id, None, None, ["CARD"]).CARD
    except ImportError:
        return None


def _entry(info, card):
    entry = dict(info)
    entry["setup"] = "seats"  # a control per seat, unless the card says "presets"
    entry.update(card)
    entry["colours_by_seats"] = info["colours"]
    entry["colours"] = info["colours"][str(info["max_seats"])]
    return entry


GAMES = [_entry(info, _card(info["id"])) for info in INFOS if _card(info["id"]) is not None]
"""Every game with a card, in the rules' registry order: a dict of its GameInfo's facts
(GameInfo.to_dict) and its card's entries; `colours` names the seats of the largest table."""

COLOUR_HEX = {
    "Red": "#d64541", "Blue": "#2f6fd6", "Yellow": "#d9a400", "Green": "#2e9d5b",
    "Orange": "#e07a1f", "Jade": "#1c9a72", "Violet": "#8a4fd6", "Purple": "#9b4dca",
}
"""Every seat colour a game names, for the page's CSS (--c0…--c5)."""

SEAT_MARKS = "●■▲◆★✚"
"""Each seat's mark, seat 0 first, shown with its colour (dots, territory): never colour alone."""

LEVELS = [("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]


def seat_colours(game, count):
    """The colour name of each seat at a table of `count` seats (GameInfo.colours_for)."""
    return game["colours_by_seats"][str(count)]


def mode(game, mode_id):
    """One of `game`'s modes by its id (KeyError if it has none of that id)."""
    for entry in game["modes"]:
        if entry["id"] == mode_id:
            return entry
    raise KeyError(mode_id)


def game(game_id):
    """The entry of `game_id` (KeyError if it has none)."""
    for entry in GAMES:
        if entry["id"] == game_id:
            return entry
    raise KeyError(game_id)
