"""Ataxx against an independent implementation (python-ataxx on PyPI), move by move."""

import random

import pytest

from parlor.rules import new_game
from parlor.rules.ataxx import LAYOUTS

ataxx = pytest.importorskip("ataxx")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_with_python_ataxx(seed):
    rng = random.Random(seed)
    fen = rng.choice(list(LAYOUTS.values()))
    ours, theirs = new_game("ataxx", fen=fen), ataxx.Board(fen)
    while not ours.is_over:
        expected = sorted(str(m) for m in theirs.legal_moves())
        assert ours.legal_moves() == (["pass"] if expected == ["0000"] else expected)
        move = rng.choice(ours.legal_moves())
        ours = ours.play(move)
        theirs.makemove(ataxx.Move.from_san("0000" if move == "pass" else move))
        assert ours.fen().split()[:2] == theirs.get_fen().split()[:2]
    assert len(ours.history) > 10
