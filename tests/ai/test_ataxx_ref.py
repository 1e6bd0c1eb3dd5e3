"""bench/ataxx_ref.c, the C stand-in for a dedicated Ataxx engine, against parlor's rules: perft
on the start of every layout and on positions of random games (passes and ends included), and
its moves in random games always legal; at depth 1 material only, a move of the most material.
Skipped without gcc."""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
from pathlib import Path

import pytest

from parlor.rules import new_game
from parlor.rules.ataxx import ADJACENT, LAYOUTS, parse_move, perft

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_ataxx_ref", ROOT / "bench" / "ataxx_ref.py")
engine = sys.modules["bench_ataxx_ref"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(engine)


def random_positions(seed: int, count: int):
    """`count` positions of random games on random layouts, from the start to near the end."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_game("ataxx", fen=rng.choice(list(LAYOUTS.values())))
        stop = rng.randint(0, 120)
        while not state.is_over and len(state.history) < stop:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("fen", LAYOUTS.values())
def test_perft_of_every_layout_matches_the_rules(fen):
    state = new_game("ataxx", fen=fen)
    for depth in (1, 2, 3):
        assert engine.perft(fen, depth) == perft(state, depth), (fen, depth)


def test_perft_of_random_positions_matches_the_rules():
    for state in random_positions(5, 60):
        for depth in (1, 2, 3):
            assert engine.perft(state.fen(), depth) == perft(state, depth), (state.fen(), depth)


def test_the_engines_moves_are_legal_and_depth_1_takes_the_most_material():
    for state in random_positions(9, 40):
        legal = state.legal_moves()
        for depth, safe in ((1, 0), (3, 50), (4, 0)):
            assert engine.choose(state, depth, safe) in legal, (state.fen(), depth)
        if legal == ["pass"]:
            continue
        x, o = state.pieces
        opp = o if state.to_move == 0 else x

        def gain(move):
            origin, target = parse_move(move)
            return 2 * (ADJACENT[target] & opp).bit_count() + (origin < 0)

        assert gain(engine.choose(state, 1, 0)) == max(map(gain, legal)), state.fen()


def test_a_whole_game_against_medium_is_played_out():
    from parlor.ai import choose_move

    state = new_game("ataxx")
    while not state.is_over and len(state.history) < 300:
        if state.to_move == 0:
            move = engine.choose(state, 2)
        else:
            move = choose_move(state.view(1), "medium", seed=len(state.history))
        state = state.play(move)
    assert state.is_over
