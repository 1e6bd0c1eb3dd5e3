"""Golden playthroughs: a seeded random game per table, written out move by move.

A rule change shows up as a readable diff of tests/rules/golden/. To accept a deliberate change,
run with PARLOR_UPDATE_GOLDEN=1 and review the diff.
"""

import os
import random
from pathlib import Path

import pytest

from parlor.rules import new_game

GOLDEN = Path(__file__).parent / "golden"
TABLES = [("ataxx", 2, "standard", 1), ("ataxx", 2, "solo", 2),
          ("runners", 2, "ffa", 1), ("runners", 3, "ffa", 2), ("runners", 4, "ffa", 3),
          ("runners", 4, "2v2", 4),
          ("sanctuary", 2, "standard", 1), ("sanctuary", 3, "standard", 2),
          ("sanctuary", 4, "standard", 3),
          ("gems", 2, "standard", 139),  # seed 139: the random second move is the swap
          ("gems", 2, "no-pie", 1), ("gems", 2, "handicap-2", 2), ("gems", 2, "handicap-3", 3)]


def playthrough(game, seats, variant, seed):
    rng = random.Random(seed)
    state = new_game(game, seats=seats, variant=variant, seed=seed)
    lines = [f"# {game} seats={seats} variant={variant} seed={seed}"]
    while not state.is_over:
        legal = state.legal_moves()
        move = rng.choice(legal)
        state = state.play(move)
        lines.append(f"{len(state.history):3} {move:6} legal={len(legal):3} scores={state.scores}")
    lines.append(f"over: winners={state.winners} scores={state.scores} reason={state.end_reason}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game,seats,variant,seed", TABLES)
def test_golden_playthrough(game, seats, variant, seed):
    path = GOLDEN / f"{game}_{seats}_{variant}_{seed}.txt"
    text = playthrough(game, seats, variant, seed)
    if os.environ.get("PARLOR_UPDATE_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()
