"""Hex Chains against an independent implementation, move by move.

`reference/chains_ref.py` was written clean-room, from ../shared/spec/chains.md, the seed and the
lead's decisions only, without reading py/: hexes as (q, r) tuples in sets, no bitboards. Both
must list the same legal moves and agree on the board, the phase, whose turn (seat and colour),
the scores and the winners after every move of random games on every table, the 5-player
obstacle phase included, and of the quick table with our ready-made layout. The spec's counts
are checked against the reference too. (A longer run before adoption: docs/chains.md.)
"""

import random

import pytest
from reference import chains_ref as ref

from parlor.rules import GAMES, new_game
from parlor.rules import chains as C

TABLES = GAMES["chains"].tables()


def reference_start(seats, variant):
    if variant == "quick":
        layout = [[tuple(map(int, cell.split(","))) for cell in entry.split(":")[1].split(";")]
                  for entry in C.QUICK_LAYOUT]
        return ref.new(seats, "quick", obstacles=layout)
    return ref.new(seats, variant)


def agree(state, theirs):
    """The two implementations agree on `state`; its legal moves."""
    view = state.view(None)
    ours = {"is_over": state.is_over, "winners": sorted(state.winners), "scores": state.scores,
            "to_move": state.to_move, "colour_to_move": state.colour_to_move,
            "phase": view["phase"]}
    result = ref.result(theirs)
    result["winners"] = sorted(result["winners"])
    assert ours == result, state.history
    board = {tuple(map(int, key.split(","))): colour for key, colour in view["board"].items()}
    assert board == ref.board(theirs), state.history
    legal = state.legal_moves()
    assert legal == ref.legal_moves(theirs), state.history
    return legal


@pytest.mark.parametrize("table", TABLES, ids=[f"{s}-{v}" for s, v in TABLES])
def test_random_games_agree_with_the_reference(table):
    seats, variant = table
    rng = random.Random(f"{seats}{variant}")
    state, theirs = new_game("chains", seats=seats, variant=variant), reference_start(seats, variant)
    while legal := agree(state, theirs):
        move = rng.choice(legal)
        state, theirs = state.play(move), ref.play(theirs, move)
    assert state.is_over and state.winners


def test_the_spec_counts_agree_with_the_reference():
    for area in C.AREAS:
        assert ref.placements_count(area) == len(C.tables(area).masks)
