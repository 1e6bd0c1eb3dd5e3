"""Hex Chains computer players: legal moves at every level and table (the obstacle phase too),
determinism, the budget mechanism (fake clocks, no timing assertions), a seat with several
colours playing them as one side, and what each level prefers."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlor.ai as ai
from parlor.ai import chains as chains_ai
from parlor.ai import choose_move
from parlor.ai.search import Budget
from parlor.rules import GAMES, new_game
from parlor.rules import chains as C
from fake_clock import FakeClock

LEVELS = ("easy", "medium", "hard")
HUGE = 3600.0
TABLES = GAMES["chains"].tables()


def hard(view, depth=2, seed=0):
    return choose_move(view, "hard", seed=seed, budget_s=HUGE, max_depth=depth)


def random_position(seed, seats=2, variant="2x2", plies=None):
    rng = random.Random(seed)
    state = new_game("chains", seats=seats, variant=variant)
    for _ in range(rng.randint(0, 60) if plies is None else plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_every_level_returns_a_legal_move(seed, table):
    seats, variant = table
    state = random_position(seed, seats, variant)
    if state.is_over:
        return
    view = json.loads(json.dumps(state.view(state.to_move)))
    legal = state.legal_moves()
    for level in LEVELS:
        kwargs = {"budget_s": HUGE, "max_depth": 2} if level == "hard" else {}
        assert choose_move(view, level, seed=seed, **kwargs) in legal


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_obstacle_phase(level):
    state = new_game("chains", seats=5)
    while state.phase != "play":
        move = choose_move(state.view(state.to_move), level, seed=len(state.history))
        assert move in state.legal_moves()
        state = state.play(move)
    assert len(state.history) == 30 and state.to_move == 4


def test_medium_and_hard_pick_the_largest_piece_and_press_on_the_others():
    state = new_game("chains", seats=5)
    for level in ("medium", "hard"):
        assert choose_move(state.view(0), level, seed=3).startswith("pick:5")
    while state.phase == "pick":
        state = state.play(state.legal_moves()[0])
    t = C.tables("whole")
    move = choose_move(state.view(0), "medium", seed=1)
    mask = C.parse_hexes(move[3:], move)
    press = C.obstacle_pressure(mask)[9]
    assert press[0] == 0 and max(press) > 0           # nowhere near its own starting hex
    assert t.lookup(mask) is not None


@pytest.mark.parametrize("level", LEVELS)
def test_refuses_a_finished_game(level):
    with pytest.raises(ValueError, match="over"):
        choose_move(new_game("chains", seats=3).forfeit(1, "resign").view(0), level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_move(level):
    for seed in range(3):
        state = random_position(70 + seed, *TABLES[seed * 2], plies=14)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        if level == "hard":
            moves = {hard(view, seed=seed) for _ in range(2)}
        else:
            moves = {choose_move(view, level, seed=seed) for _ in range(3)}
        assert len(moves) == 1


def test_easy_varies_with_the_seed():
    view = new_game("chains", seats=6).view(0)
    assert len({choose_move(view, "easy", seed=s) for s in range(30)}) > 10


@pytest.mark.parametrize("level", LEVELS)
def test_a_seat_with_several_colours_plays_the_one_to_move(level):
    state = new_game("chains", seats=2, variant="2x2")
    for move in ("c0:9,3", "c1:-9,12"):
        state = state.play(move)
    assert state.colour_to_move == 2 and state.to_move == 0
    kwargs = {"budget_s": HUGE, "max_depth": 2} if level == "hard" else {}
    assert choose_move(state.view(0), level, seed=1, **kwargs).startswith("c2:")


def test_the_evaluation_counts_a_seats_colours_together():
    state = random_position(5, 2, "2x3", plies=18)
    pos = chains_ai.Pos.of(state)
    assert chains_ai.evaluate(pos, 0) == pytest.approx(-chains_ai.evaluate(pos, 1))
    mover = state.to_move
    before = chains_ai.evaluate(pos, mover)
    best = max(pos.moves(), key=lambda pid: chains_ai.evaluate(pos.play(pid), mover))
    assert chains_ai.evaluate(pos.play(best), mover) > before


def test_medium_plays_the_largest_piece():
    state = random_position(11, 4, "standard", plies=6)
    move = choose_move(state.view(state.to_move), "medium", seed=2)
    sizes = {len(m.split(":")[1].split(";")) for m in state.legal_moves()}
    assert len(move.split(":")[1].split(";")) == max(sizes)


def test_territory_goes_to_the_colour_that_reaches_first():
    state = new_game("chains", seats=2, variant="2x2")
    pos = chains_ai.Pos.of(state)
    terr = chains_ai.territory(pos)
    assert len(terr) == 4 and min(terr) > 0 and terr[0] >= terr[2]
    assert sum(terr) <= len(pos.t.hexes)


# --- the budget, with fake clocks -----------------------------------------------------------

@pytest.mark.parametrize("seats,variant", [(2, "2x2"), (4, "standard"), (6, "standard")])
@pytest.mark.parametrize("budget_s,step", [(0.05, 0.001), (0.3, 0.004), (0.5, 0.0005)])
def test_hard_stops_at_the_first_clock_read_past_the_deadline(seats, variant, budget_s, step):
    state = random_position(9, seats, variant, plies=10)
    pos = chains_ai.Pos.of(state)
    clock = FakeClock(step)
    budget = Budget(budget_s, clock=clock, check_every=1)
    pid = chains_ai.hard_pid(pos, pos.moves(), random.Random(1), budget)
    assert f"c{pos.turn}:{pos.t.name(pid)}" in state.legal_moves()
    # The clock is read at every node, and the search returns at the first read past its
    # deadline (STOP_FRACTION of the budget): never more than one step beyond it.
    assert clock.now - 100.0 <= chains_ai.STOP_FRACTION * budget_s + 2 * step


def test_the_clock_is_read_at_least_every_check_every_nodes_by_a_generous_bound():
    state = random_position(12, 2, "2x2", plies=12)
    pos = chains_ai.Pos.of(state)
    budget = Budget(HUGE, check_every=8)
    reads = []
    budget.clock = lambda: reads.append(1) or 0.0
    chains_ai.hard_pid(pos, pos.moves(), random.Random(0), budget, max_depth=3)
    # Every evaluated position is a node that ticks: at least nodes / 8 - 1 clock reads.
    assert budget.nodes >= chains_ai.LAST_SEARCH["depth"] == 3
    assert len(reads) >= budget.nodes // 8 - 1


def test_the_clock_is_read_before_every_reply_whatever_check_every_says():
    # Listing and ordering a reply's placements counts no node, so the search reads the clock
    # before each one: with ticks that never read it, two iterations of ROOT_WIDTH lines still
    # read it at least once per line and iteration.
    state = random_position(12, 2, "2x2", plies=12)
    pos = chains_ai.Pos.of(state)
    budget = Budget(HUGE, check_every=10**9)
    reads = []
    budget.clock = lambda: reads.append(1) or 0.0
    chains_ai.hard_pid(pos, pos.moves(), random.Random(0), budget, max_depth=3)
    assert chains_ai.LAST_SEARCH["depth"] == 3
    assert len(reads) >= 2 * min(chains_ai.ROOT_WIDTH, len(pos.moves()))


def test_a_timeout_before_depth_one_completes_falls_back_to_medium():
    state = random_position(4, 4, "standard", plies=8)
    pos = chains_ai.Pos.of(state)
    budget = Budget(0.5, clock=FakeClock(1.0), check_every=1)
    pid = chains_ai.hard_pid(pos, pos.moves(), random.Random(0), budget)
    assert chains_ai.LAST_SEARCH["depth"] == 0 and budget.timed_out
    medium = chains_ai.medium_pid(pos, pos.moves(), random.Random(random.Random(0).random()))
    assert pid == medium


def test_choose_move_uses_the_budget_from_the_start_of_the_call(monkeypatch):
    clock = FakeClock(0.002)
    monkeypatch.setattr(ai, "Budget", functools.partial(Budget, clock=clock, check_every=1))
    state = random_position(21, 2, "2x3", plies=16)
    move = choose_move(state.view(state.to_move), "hard", seed=1, budget_s=0.3)
    assert move in state.legal_moves()
    assert clock.now - 100.0 <= 0.3


def test_max_depth_caps_the_search():
    state = random_position(2, 2, "2x2", plies=6)
    for depth in (1, 2, 3):
        hard(state.view(state.to_move), depth=depth)
        assert chains_ai.LAST_SEARCH["depth"] == depth
