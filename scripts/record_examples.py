"""Print the examples of docs/records.md: one record per game, from a seeded game played by the
Easy computer player (a seeded random legal move), and one notation text.

    .venv/bin/python scripts/record_examples.py > /tmp/examples.md

A game that ends within MAX_FINISHED moves is recorded finished; a longer one is recorded as
resigned by the seat to move after RESIGN_AFTER moves. The notation text is the first game's
record after TEXT_MOVES moves, still in progress. tests/rules/test_records.py replays every
example of docs/records.md, so they cannot rot.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("parlor") is None:
    spec = importlib.util.spec_from_file_location("parlor", ROOT / "py" / "__init__.py",
                                                  submodule_search_locations=[str(ROOT / "py")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["parlor"] = module
    spec.loader.exec_module(module)

from parlor.ai import choose_move  # noqa: E402
from parlor.records import make_record, to_json, to_text  # noqa: E402
from parlor.rules import GAMES, new_game  # noqa: E402

SEED = 2026
MAX_FINISHED = 100
RESIGN_AFTER = 30
TEXT_MOVES = 12


def seeded_game(game: str, stop: int | None = None):
    """The first table of `game`, played by Easy players from seed SEED: (seats, options, state)."""
    info = GAMES[game]
    seats, variant = info.tables()[0]
    options = {"first": 1} if info.first_option else {}
    state = new_game(game, seats=seats, variant=variant, seed=SEED, **options)
    while not state.is_over and (stop is None or len(state.history) < stop):
        state = state.play(choose_move(state.view(state.to_move), "easy", seed=SEED + len(state.history)))
    specs = [{"kind": "human", "name": "Ann"}] + [{"kind": "ai", "level": "easy"}] * (seats - 1)
    return specs, options, state


def main() -> None:
    for game, info in GAMES.items():
        specs, options, state = seeded_game(game)
        if len(state.history) > MAX_FINISHED:
            specs, options, state = seeded_game(game, RESIGN_AFTER)
            state = state.forfeit(state.to_move, "resign")
        record = make_record(state, seats=specs, options=options,
                             started="2026-12-02T10:00:00Z", ended="2026-12-02T10:25:00Z")
        print(f"### {info.title}\n\n```json\n{to_json(record)}```\n")
    first = next(iter(GAMES))
    specs, options, state = seeded_game(first, TEXT_MOVES)
    record = make_record(state, seats=specs, options=options, started="2026-12-02T11:00:00Z")
    print(f"### A notation text ({GAMES[first].title}, in progress)\n\n```text\n{to_text(record)}```")


if __name__ == "__main__":
    main()
