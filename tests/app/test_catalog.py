"""The page's catalog agrees with the rules package."""

from catalog import GAMES, LEVELS

from parlor.ai import choose_move  # noqa: F401  (the levels below must exist there)
from parlor.rules import GAMES as RULES
from parlor.rules import new_game


def test_catalog_matches_the_rules():
    for entry in GAMES:
        info = RULES[entry["id"]]
        assert entry["title"] == info.title
        assert entry["layouts"] == list(info.layouts)
        assert len(entry["colours"]) == info.max_seats
        for mode in entry["modes"]:
            assert mode["variant"] in info.variants
            assert info.min_seats <= len(mode["seats"]) <= info.max_seats
        for layout in entry["layouts"]:
            assert new_game(entry["id"], layout=layout).legal_moves()


def test_levels_are_the_ai_levels():
    assert [level for level, _ in LEVELS] == ["easy", "medium", "hard"]
