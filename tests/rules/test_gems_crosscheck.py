"""Gems against an independent implementation, move by move.

`reference/gems_ref.py` was written clean-room, from ../shared/spec/gems.md, the seed and the
lead's decisions only, without reading py/ (plain sets and dicts, cells transcribed by hand,
connection by breadth-first search). Both must have the same geometry, list the same legal
moves and agree on the gems, the owned cells, whose turn, the scores and the winners after every
move of random games of every variant (the pie rule taken half the time it is offered), and
refuse the same bad moves.
"""

import random

import pytest
from reference import gems_ref as ref

from parlor.rules import IllegalMove, new_game
from parlor.rules import gems as G

VARIANTS = ["standard", "no-pie", "handicap-2", "handicap-3"]
PROBES = ["swap", "B2", "H8", "E5", "A1", "I9", "J5", "E0", " e 5 ", "Swap"]
"""Moves tried (and undone) at every position: both must accept or both refuse each."""


def test_same_geometry():
    assert tuple(ref.HOLES) == G.HOLES
    assert [tuple(sorted(cell)) for cell in ref.CELLS] == list(G.CELLS)


def agree(state, theirs):
    """The two implementations agree on this position; its legal moves."""
    legal = state.legal_moves()
    assert legal == ref.legal_moves(theirs)
    view = state.view(None)
    assert view["gems"] == ref.gems(theirs)
    ours_owned = [sorted(G.CELLS[c] for c in G.bits(state.owned[seat])) for seat in (0, 1)]
    assert ours_owned == [sorted(tuple(cell) for cell in cells) for cells in ref.owned(theirs)]
    result = ref.result(theirs)
    assert (state.is_over, state.winners, state.scores, state.to_move) == \
        (result["is_over"], result["winners"], result["scores"], result["to_move"])
    return legal


def probe(state, theirs):
    for move in PROBES:
        try:
            ours = state.play(move)
        except IllegalMove:
            with pytest.raises(ValueError):
                ref.play(theirs, move)
            continue
        agree(ours, ref.play(theirs, move))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_with_the_reference(variant, seed):
    rng = random.Random(f"{variant}-{seed}")
    state, theirs = new_game("gems", variant=variant), ref.new(variant)
    while legal := agree(state, theirs):
        if len(state.history) < 4 or rng.random() < 0.1:
            probe(state, theirs)
        move = "swap" if "swap" in legal and rng.random() < 0.5 else rng.choice(legal)
        spelling = rng.choice([move, move.lower(), f" {move} "])
        state, theirs = state.play(spelling), ref.play(theirs, spelling)
    assert state.is_over and len(state.winners) == 1
    with pytest.raises(ValueError):
        ref.play(theirs, "A1")
