"""Gems computer players: legality, determinism, the budget, tactics and the pie rule.

No timing assertions: the budget is tested with injected fake clocks; real move times are
measured by bench/gems.py.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.ai import choose_move
from parlor.ai import gems as gems_ai
from parlor.ai.search import Budget
from parlor.rules import new_game
from parlor.rules import gems as G
from fake_clock import FakeClock

LEVELS = ("easy", "medium", "hard")
VARIANTS = ("standard", "no-pie", "handicap-2", "handicap-3")
HUGE = 3600.0
"""A budget a capped search never reaches: Hard is then fully reproducible."""


def hard(view, depth=2, seed=0):
    return choose_move(view, "hard", seed=seed, budget_s=HUGE, max_depth=depth)


def random_position(seed, variant="no-pie", max_plies=40):
    rng = random.Random(seed)
    state = new_game("gems", variant=variant)
    for _ in range(rng.randint(0, max_plies)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def play_all(moves, variant="no-pie"):
    state = new_game("gems", variant=variant)
    for move in moves:
        state = state.play(move)
    return state


def alternate(red, blue):
    moves = []
    for i, move in enumerate(red):
        moves.append(move)
        if i < len(blue):
            moves.append(blue[i])
    return moves


# --- every level returns a legal move ------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS))
def test_every_level_returns_a_legal_move(seed, variant):
    state = random_position(seed, variant, max_plies=rng_plies(seed))
    if state.is_over:
        return
    view = state.view(state.to_move)
    legal = state.legal_moves()
    assert choose_move(view, "easy", seed=seed) in legal
    assert choose_move(view, "medium", seed=seed) in legal
    assert hard(view, depth=1, seed=seed) in legal


def rng_plies(seed):
    """Mostly early positions (the opening, the swap, the handicap), some later ones."""
    return [0, 1, 2, 3, 5, 20, 40][seed % 7]


def test_full_games_between_levels_only_use_legal_moves():
    for variant, levels in (("standard", ("hard", "medium")), ("handicap-3", ("medium", "hard")),
                            ("no-pie", ("easy", "hard"))):
        state = new_game("gems", variant=variant)
        while not state.is_over:
            seat = state.to_move
            view = json.loads(json.dumps(state.view(seat)))
            move = (hard(view, depth=1, seed=len(state.history)) if levels[seat] == "hard"
                    else choose_move(view, levels[seat], seed=len(state.history)))
            assert move in state.legal_moves()
            state = state.play(move)
        assert len(state.winners) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_refuses_a_game_over_view(level):
    over = new_game("gems").forfeit(0, "resign")
    with pytest.raises(ValueError, match="game is over"):
        choose_move(over.view(1), level)


# --- determinism -------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move(level):
    for seed in range(5):
        state = random_position(100 + seed, max_plies=30)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        if level == "hard":
            moves = {hard(view, depth=2, seed=seed) for _ in range(2)}
        else:
            moves = {choose_move(view, level, seed=seed) for _ in range(3)}
        assert len(moves) == 1


def test_seeds_vary_easy():
    view = new_game("gems").view(0)
    assert len({choose_move(view, "easy", seed=s) for s in range(40)}) > 15


# --- tactics -----------------------------------------------------------------------------------

RED_CHAIN = ["D1", "E1", "D2", "D3", "E3", "D5", "E5", "E6", "D7", "D8", "E8", "D9"]
"""Red's gems down column E, all but the last: the bottom cell D9 E9 F9 still lacks one."""
BLUE_AWAY = ["I2", "I3", "I4", "I5", "I6", "I7", "I8", "H1", "H3", "H4", "H5"]


def test_distance_counts_the_gems_still_needed():
    state = new_game("gems")
    red = gems_ai.distance(0, state.gems, state.owned)
    assert red == gems_ai.distance(1, state.gems, state.owned) == 6   # along an edge: 2 + 2 + 2
    near = play_all(alternate(RED_CHAIN, BLUE_AWAY + ["A9"]))
    assert near.to_move == 0
    assert gems_ai.distance(0, near.gems, near.owned) == 1
    assert gems_ai.distance(1, near.gems, near.owned) > 1


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_winning_move(level):
    state = play_all(alternate(RED_CHAIN, BLUE_AWAY + ["A9"]))
    # D9 leaves both bottom cells next to it one gem short: four winning holes.
    assert state.to_move == 0 and [G.HOLES[h] for h in gems_ai.winning_holes(
        state.gems, state.owned, 0)] == ["B9", "C9", "E9", "F9"]
    for seed in range(3):
        move = choose_move(state.view(0), level, seed=seed, budget_s=HUGE, max_depth=1)
        assert state.play(move).winners == [0]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_a_win_in_one(level):
    # Blue holds B9 C9 (its cell) and F9, so E9 is Red's only winning hole; Blue must take it.
    state = play_all(alternate(RED_CHAIN, BLUE_AWAY[:-3] + ["B9", "C9", "F9"]))
    assert state.to_move == 1
    assert [G.HOLES[h] for h in gems_ai.winning_holes(state.gems, state.owned, 0)] == ["E9"]
    for seed in range(3):
        assert choose_move(state.view(1), level, seed=seed, budget_s=HUGE, max_depth=1) == "E9"


def test_winning_holes_agree_with_playing_every_hole():
    for seed in range(30):
        state = random_position(seed, max_plies=45)
        if state.is_over:
            continue
        for seat in (0, 1):
            brute = []
            for h in range(G.N_HOLES):
                if (state.gems[0] | state.gems[1]) >> h & 1:
                    continue
                g, o, won = gems_ai.after(state.gems, state.owned, seat, h)
                brute.append(h) if won else None
            assert gems_ai.winning_holes(state.gems, state.owned, seat) == brute


# --- the pie rule and the first gem ------------------------------------------------------------

@pytest.mark.parametrize("first", ["D3", "F3", "D7", "F7", "C2", "G8"])
def test_hard_swaps_a_strong_first_gem(first):
    # Holes of three inner cells: the first player won 3 in 4 Hard-vs-Hard games after them.
    view = new_game("gems").play(first).view(1)
    assert hard(view, seed=1) == "swap"


@pytest.mark.parametrize("first", ["A1", "I1", "A9", "I9", "E5"])
def test_hard_leaves_a_first_gem_in_a_single_cell(first):
    # The corners and the centre hole touch one cell each; after them the first player won
    # well under half of the Hard-vs-Hard games.
    view = new_game("gems").play(first).view(1)
    assert hard(view, seed=1) != "swap"


def test_hard_swaps_exactly_the_first_gems_rated_above_one_half():
    for hole in G.HOLES:
        state = new_game("gems").play(hole)
        move = gems_ai.hard_move(state, random.Random(0), Budget(None), 1)
        assert (move == "swap") == (gems_ai.FIRST_GEM[hole] > gems_ai.SWAP_ABOVE)


def test_hard_opens_with_a_gem_it_would_not_swap_itself():
    openings = {hard(new_game("gems").view(0), seed=s) for s in range(20)}
    assert openings <= set(gems_ai.OPENING_CHOICES) and len(openings) > 1
    for first in openings:
        assert gems_ai.FIRST_GEM[first] <= gems_ai.SWAP_ABOVE
        assert hard(new_game("gems").play(first).view(1), seed=2) != "swap"


def test_the_first_gem_table_is_symmetric_and_complete():
    table = gems_ai.FIRST_GEM
    assert set(table) == set(G.HOLES)
    flip_rows = lambda h: h[0] + str(10 - int(h[1]))  # noqa: E731
    flip_cols = lambda h: "ABCDEFGHI"[8 - "ABCDEFGHI".index(h[0])] + h[1]  # noqa: E731
    for hole, value in table.items():
        assert table[flip_rows(hole)] == value == table[flip_cols(hole)]
        assert 0.0 < value < 1.0


# --- the budget, with fake clocks --------------------------------------------------------------

def test_hard_stops_when_its_budget_is_spent():
    state = random_position(3, max_plies=6)
    clock = FakeClock(step=1 / 64)      # exact in binary: no rounding at the deadline
    budget = Budget(1.0, clock=clock)
    tree = gems_ai.Mcts(state.gems, state.owned, len(state.history), 1, random.Random(1))
    empties = [h for h in range(G.N_HOLES) if not (state.gems[0] | state.gems[1]) >> h & 1]
    move = tree.search(empties, budget, None)
    assert move in empties
    # The search reads the clock before every CHECK_EVERY simulations and stops at 0.75 of the
    # budget (its 48th read, 48/64 s after the start, after 47 rounds), or sooner once the most
    # simulated move can no longer be caught.
    assert 0 < tree.simulations <= 47 * gems_ai.CHECK_EVERY
    assert tree.simulations % gems_ai.CHECK_EVERY == 0
    assert clock.reads <= 1 + 48 and clock.now - budget.start <= 0.75


def test_max_depth_caps_the_simulations():
    state = random_position(4, max_plies=6)
    tree = gems_ai.Mcts(state.gems, state.owned, len(state.history), 1, random.Random(1))
    empties = [h for h in range(G.N_HOLES) if not (state.gems[0] | state.gems[1]) >> h & 1]
    tree.search(empties, Budget(None), 3)
    assert 0 < tree.simulations <= 3 * gems_ai.ITERATIONS_PER_DEPTH
    assert sum(tree.root.n) == tree.simulations


def test_the_search_stops_once_the_best_move_cannot_be_caught():
    root = gems_ai.Node(0, [1, 2, 3], 0)
    root.n[1], root.n[2], root.n[3] = 50, 20, 10
    assert gems_ai.Mcts.decided(root, 80, 29) and not gems_ai.Mcts.decided(root, 80, 30)
    # A move that wins at once ends the search; Hard answers with it.
    state = new_game("gems", variant="no-pie")
    for move in ["A2", "I5", "A4", "I6", "A6", "I3", "A8", "I7", "A1", "I8"]:
        state = state.play(move)
    assert [G.HOLES[h] for h in gems_ai.winning_holes(state.gems, state.owned, 0)] == ["A9", "B9"]
    tree = gems_ai.Mcts(state.gems, state.owned, len(state.history), 1, random.Random(1))
    empties = [h for h in range(G.N_HOLES) if not (state.gems[0] | state.gems[1]) >> h & 1]
    assert G.HOLES[tree.search(empties, Budget(None), 10)] in ("A9", "B9")
    assert tree.simulations < 1000


def test_hard_in_a_handicap_opening_plays_legal_gems():
    state = new_game("gems", variant="handicap-3")
    for _ in range(4):
        move = hard(state.view(state.to_move), depth=2, seed=len(state.history))
        assert move in state.legal_moves()
        state = state.play(move)
    assert [state.to_move, len(state.history)] == [0, 4]
