"""The page's catalog agrees with the rules package."""

from catalog import GAMES, LEVELS, game, seat_colours

from parlor.ai import choose_move  # noqa: F401  (the levels below must exist there)
from parlor.rules import GAMES as RULES
from parlor.rules import new_game


def test_catalog_matches_the_rules():
    for entry in GAMES:
        info = RULES[entry["id"]]
        assert entry["title"] == info.title
        assert entry.get("layouts", []) == list(info.layouts)
        assert len(entry["colours"]) == info.max_seats
        for mode in entry["modes"]:
            assert mode["variant"] in info.variants
            seats = mode["seats"] if isinstance(mode["seats"], int) else len(mode["seats"])
            assert info.min_seats <= seats <= info.max_seats
            new_game(entry["id"], seats=seats, variant=mode["variant"])
        assert entry["setup"] in ("presets", "seats")
        for layout in entry.get("layouts", []):
            assert new_game(entry["id"], layout=layout).legal_moves()


def test_levels_are_the_ai_levels():
    assert [level for level, _ in LEVELS] == ["easy", "medium", "hard"]


def test_seat_colours_are_the_tables_colours():
    for entry in GAMES:
        for mode in entry["modes"]:
            seats = mode["seats"] if isinstance(mode["seats"], int) else len(mode["seats"])
            view = new_game(entry["id"], seats=seats, variant=mode["variant"]).view(None)
            # A view names the seats' colours, or describes each colour (a dict with its name)
            # where a player may have several: then the first `seats` colours are one a seat.
            named = [c["name"] if isinstance(c, dict) else c
                     for c in view.get("colours", entry["colours"])][:seats]
            assert seat_colours(entry, seats) == named


def test_sanctuary_help_shows_the_track_and_the_deck():
    # sanctuary.md: the track size and the deck list "must be shown in the game's help".
    from parlor.rules.sanctuary import CARDS, DECK, TRACK
    text = " ".join(game("sanctuary")["rules"])
    assert f"{TRACK} spaces" in text and f"{len(DECK)} cards, five of each" in text
    deck_line = [line for line in game("sanctuary")["rules"] if "cards, five of each" in line][0]
    assert all(name in deck_line for name in CARDS) and all(DECK.count(k) == 5 for k in range(len(CARDS)))
