"""Ataxx against independent implementations, move by move: python-ataxx (PyPI) for the moves
and the board; `reference/ataxx_ref.py`, written clean-room from the spec, the seed and
docs/ataxx.md (never py/), for every end rule of both variants as well (python-ataxx counts
and ends differently: docs/rules-contract.md)."""

import random

import pytest
from reference import ataxx_ref as ref

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


def agree(ours, theirs):
    """Same FEN (jump counter and move number too), legal moves, end and winners."""
    assert ours.fen() == ref.fen(theirs)
    assert ours.legal_moves() == ref.legal_moves(theirs), ours.fen()
    result = ref.result(theirs)
    assert (ours.is_over, sorted(ours.winners)) == (result["is_over"], sorted(result["winners"])), ours.fen()
    return result["reason"] if result["is_over"] else None


def run_length(cells):
    """One FEN rank from its seven characters ('.' empty)."""
    out, empty = "", 0
    for c in cells:
        if c == ".":
            empty += 1
            continue
        out += (str(empty) if empty else "") + c
        empty = 0
    return out + (str(empty) if empty else "")


@pytest.mark.parametrize("variant", ["solo", "standard"])
def test_random_games_and_every_end_rule_agree_with_the_reference(variant):
    """Games on the named layouts, then sparse random boards (mostly blocked, few pieces, some
    with a jump counter near 80) played with jumps preferred, so that every way a game ends
    is reached: by count on a full board, no pieces, no move (solo), neither can move
    (standard), threefold repetition, 80 jumps without a capture."""
    rng = random.Random(variant)
    ends = set()
    for fen in LAYOUTS.values():
        ours, theirs = new_game("ataxx", variant=variant, fen=fen), ref.new(fen, variant)
        while not agree(ours, theirs):
            move = rng.choice(ours.legal_moves())
            ours, theirs = ours.play(move), ref.play(theirs, move)
        ends.add(agree(ours, theirs))
    for game in range(300):
        blank = ("xo.-......", "xo..------", "xo.-------")[game % 3]
        cells = [rng.choice(blank) for _ in range(49)]
        fen = " ".join(["/".join(run_length(cells[r * 7:r * 7 + 7]) for r in range(7)),
                        rng.choice("xo"), str(rng.choice([0, 0, 75, 79])), str(rng.randint(1, 30))])
        ours, theirs = new_game("ataxx", variant=variant, fen=fen), ref.new(fen, variant)
        for _ in range(120):
            end = agree(ours, theirs)
            if end:
                ends.add(end)
                break
            legal = ours.legal_moves()
            jumps = [m for m in legal if len(m) == 4]
            move = rng.choice(jumps if jumps and rng.random() < 0.7 else legal)
            ours, theirs = ours.play(move), ref.play(theirs, move)
    reachable = {"solo": {"no-move-solo"}, "standard": {"neither-can-move"}}[variant]
    assert ends >= {"full", "no-pieces", "repetition", "jumps80"} | reachable, ends
