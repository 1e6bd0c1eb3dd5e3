"""Runners against an independent implementation, move by move.

`reference/runners_ref.py` was written clean-room, from ../shared/spec/runners.md, the seed and
docs/runners.md (geometry, schema and notation) only, without reading py/. Both must list the
same legal moves and agree on the runners, the owned hexes, the scores, the round, whose turn
and the winners after every move of random games on every table and from random hand-written
starts; a start one refuses the other refuses too.
"""

import random

import pytest
from reference import runners_ref as ref

from parlor.rules import GAMES, from_dict, new_game

TABLES = GAMES["runners"].tables()


POSITIONS = 400  # random positions compared (fewer inside Pyodide: tests/pyodide/fewer_examples.py)

def agree(state):
    """The two implementations agree on `state`; its legal moves."""
    d = state.to_dict()
    view = state.view(None)
    ours = {"runners": [sorted(x) for x in view["runners"]], "owners": [sorted(x) for x in view["owners"]],
            "to_move": state.to_move, "round": view["round"], "scores": state.scores,
            "team_scores": view["team_scores"], "is_over": state.is_over,
            "winners": sorted(state.winners)}
    theirs = ref.summary(d)
    theirs["winners"] = sorted(theirs["winners"])
    assert ours == theirs, d
    legal = state.legal_moves()
    assert legal == ref.legal_moves(d), d
    return legal


@pytest.mark.parametrize("table", TABLES, ids=[f"{s}-{v}" for s, v in TABLES])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_agree_with_the_reference(table, seed):
    rng = random.Random(seed)
    seats, variant = table
    state = from_dict(dict(new_game("runners", seats=seats, variant=variant).to_dict(),
                           first=seed % seats))
    while legal := agree(state):
        state = state.play(rng.choice(legal))
    assert state.is_over and state.winners


def test_random_starts_agree_with_the_reference():
    rng = random.Random(4)
    compared = 0
    while compared < POSITIONS:
        seats, variant = rng.choice(TABLES)
        free = list(ref.CELLS)
        rng.shuffle(free)
        runners = [[free.pop() for _ in range(rng.choice([1, 2, 3, 3, 3]))] for _ in range(seats)]
        owners = [[] for _ in range(seats)]
        for cell in free[:rng.randrange(40)]:
            owners[rng.randrange(seats)].append(cell)
        d = {"game": "runners", "seats": seats, "variant": variant, "first": rng.randrange(seats),
             "start": {"runners": runners, "owners": owners, "round": rng.randint(1, 20),
                       "to_move": rng.randrange(seats)}, "history": [], "forfeit": None}
        try:
            state = from_dict(d)
        except ValueError:
            with pytest.raises(ValueError):
                ref.legal_moves(d)
            continue
        for _ in range(rng.randint(1, 30)):
            legal = agree(state)
            if not legal:
                break
            state = state.play(rng.choice(legal))
        compared += 1
