"""Golden playthroughs: a seeded random game per table, written out move by move.

Each file of tests/rules/golden/ is one table, named <game>_<seats>_<variant>_<seed>.txt. A rule
change shows up as a readable diff. To accept a deliberate change, run with
PARLOR_UPDATE_GOLDEN=1 and review the diff; to add a table, create its (empty) file and do the same.
"""

import os
import random
from pathlib import Path

import pytest

from parlor.rules import new_game

GOLDEN = Path(__file__).parent / "golden"
TABLES = sorted(tuple(int(part) if part.isdigit() else part for part in path.stem.split("_"))
                for path in GOLDEN.glob("*.txt"))


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
