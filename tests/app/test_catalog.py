"""The page's catalog agrees with the rules package."""

from catalog import GAMES, LEVELS

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
