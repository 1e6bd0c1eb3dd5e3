"""Sanctuary against an independent implementation, move by move.

`reference/sanctuary_ref.py` was written clean-room, from ../shared/spec/sanctuary.md, the seed
and docs/sanctuary.md (schema and notation) only, without reading py/. Both must list the same
legal moves and reach the same state (pawns, card, draw and discard piles, reshuffles, whose
turn, winners) after every move of random games and of random hand-made positions.
"""

import random

import pytest
from reference import sanctuary_ref as ref

from parlor.rules import from_dict, new_game
from parlor.rules.sanctuary import CARDS

SPACES = ["L"] + [f"T{i}" for i in range(60)] + ["S1", "S2", "S3", "S4", "F"]
COMPARED = ("pawns", "card", "draw", "discard", "shuffles", "to_move", "history")


POSITIONS = 600  # random positions compared (fewer inside Pyodide: tests/pyodide/fewer_examples.py)

def agree(state):
    """The two implementations agree on `state`'s legal moves and on where each one leads."""
    d = state.to_dict()
    legal = state.legal_moves()
    assert legal == ref.legal_moves(d), d
    assert sorted(state.winners) == sorted(ref.winners(d))
    return legal


def agree_after(state, move):
    ours, theirs = state.play(move), ref.play(state.to_dict(), move)
    assert {k: ours.to_dict()[k] for k in COMPARED} == {k: theirs[k] for k in COMPARED}, move
    return ours


@pytest.mark.parametrize("seed", range(9))
def test_random_games_agree_with_the_reference(seed):
    rng = random.Random(seed)
    state = new_game("sanctuary", seats=2 + seed % 3, seed=seed)
    reshuffles = 0
    while not state.is_over:
        move = rng.choice(agree(state))
        state = agree_after(state, move)
        reshuffles += bool(state.to_dict()["last_move"].get("reshuffled"))
    agree(state)
    assert reshuffles >= 1 and state.winners  # the games went through a reshuffle to the end


def random_position(rng):
    """A legal hand-made position: random pawns (no two own pawns on one space outside Launch
    and Finish, one pawn a track space), a random drawn card, a random split of the rest of the
    deck between the draw and discard piles."""
    seats = rng.choice([2, 3, 4])
    start = new_game("sanctuary", seats=seats, seed=rng.randrange(10**6)).to_dict()
    taken, pawns = set(), []
    for seat in range(seats):
        mine = []
        for _ in range(4):
            while True:
                space = rng.choice(SPACES if rng.random() < 0.8 else ["L", "F", "S1", "S2", "S3", "S4"])
                key = space if space.startswith("T") else (seat, space)
                if space in ("L", "F") or key not in taken:
                    taken.add(key)
                    break
            mine.append(space)
        pawns.append(mine)
    if any(mine == ["F"] * 4 for mine in pawns):
        return None
    card = rng.choice(CARDS)
    rest = start["draw"]
    rest.remove(card)
    cut = rng.randrange(len(rest))
    start.update(pawns=pawns, card=card, to_move=rng.randrange(seats), draw=rest[cut:],
                 discard=rest[:cut])
    return from_dict(start)


def test_every_move_of_random_positions_agrees_with_the_reference():
    rng = random.Random(7)
    compared = 0
    while compared < POSITIONS:
        state = random_position(rng)
        if state is None:
            continue
        for move in agree(state):
            agree_after(state, move)
        compared += 1
