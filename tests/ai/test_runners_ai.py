"""Runners computer players: legality, determinism, the budget mechanism (fake clocks, no timing
assertions) and tactics a user would notice."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlor.ai as ai
from parlor.ai import choose_move
from parlor.ai import runners as runners_ai
from parlor.ai.search import HARD_FRACTION, Budget
from parlor.rules import GAMES, new_game
from fake_clock import FakeClock

LEVELS = ("easy", "medium", "hard")
HUGE = 3600.0
TABLES = GAMES["runners"].tables()


def hard(view, depth=3, seed=0):
    return choose_move(view, "hard", seed=seed, budget_s=HUGE, max_depth=depth)


def random_position(seed, seats=2, variant="ffa", max_plies=60):
    rng = random.Random(seed)
    state = new_game("runners", seats=seats, variant=variant, first=rng.randrange(seats))
    for _ in range(rng.randint(0, max_plies)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def position(runners, owners=None, seats=None, variant="ffa", to_move=0, rnd=1):
    seats = seats or len(runners)
    return new_game("runners", seats=seats, variant=variant, start={
        "runners": runners, "owners": owners or [[] for _ in range(seats)], "round": rnd,
        "to_move": to_move})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@pytest.mark.parametrize("seats,variant", TABLES)
def test_hard_with_a_real_small_budget_returns_a_legal_move(seats, variant):
    state = random_position(3, seats, variant, max_plies=20)
    if not state.is_over:
        assert choose_move(state.view(None), "hard", seed=1, budget_s=0.05) in state.legal_moves()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_passes_when_walled_in(level):
    walls = ["A3", "A4", "B2", "B3", "C1", "C2", "C3", "C4", "D1", "D3"]
    state = position([["A1", "A2", "B1"], walls])
    assert choose_move(state.view(0), level, seed=1) == "pass"


@pytest.mark.parametrize("level", LEVELS)
def test_refuses_a_finished_game(level):
    with pytest.raises(ValueError, match="over"):
        choose_move(new_game("runners", seats=3).forfeit(1, "resign").view(0), level)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move(level):
    for seed in range(6):
        state = random_position(50 + seed, seats=2 + seed % 3, max_plies=30)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        if level == "hard":
            moves = {hard(view, seed=seed) for _ in range(2)}
        else:
            moves = {choose_move(view, level, seed=seed) for _ in range(3)}
        assert len(moves) == 1


def test_easy_varies_with_the_seed():
    view = new_game("runners", seats=4).view(0)
    assert len({choose_move(view, "easy", seed=s) for s in range(40)} ) > 4


# --- the budget, with fake clocks -----------------------------------------------------------

@pytest.mark.parametrize("seats,variant", TABLES)
@pytest.mark.parametrize("budget_s,step", [(0.05, 0.001), (0.2, 0.02), (1.0, 0.0005)])
def test_hard_stops_at_the_first_clock_read_past_the_deadline(seats, variant, budget_s, step):
    state = random_position(9, seats, variant, max_plies=12)
    game = runners_ai.Game(state)
    clock = FakeClock(step)
    budget = Budget(budget_s, clock=clock)
    result = runners_ai.search(game, state.runners, state.owners, state.turns, random.Random(1), budget)
    origin, target = result.move
    assert f"{runners_ai.NAMES[origin]}-{runners_ai.NAMES[target]}" in state.legal_moves()
    assert result.elapsed <= HARD_FRACTION * budget_s + 2 * step
    assert 0 <= result.depth <= runners_ai.MAX_TURNS


def test_a_timeout_in_the_first_turn_falls_back_to_medium():
    state = random_position(4, 4, "ffa", max_plies=8)
    game = runners_ai.Game(state)
    budget = Budget(0.5, clock=FakeClock(1.0), check_every=1)
    result = runners_ai.search(game, state.runners, state.owners, state.turns, random.Random(0), budget)
    assert result.depth == 0 and result.timed_out
    origin, target = result.move
    assert f"{runners_ai.NAMES[origin]}-{runners_ai.NAMES[target]}" in state.legal_moves()


def test_choose_move_uses_the_budget_from_the_start_of_the_call(monkeypatch):
    clock = FakeClock(0.01)
    monkeypatch.setattr(ai, "Budget", functools.partial(Budget, clock=clock))
    state = random_position(21, 4, "2v2", max_plies=16)
    move = choose_move(state.view(state.to_move), "hard", seed=1, budget_s=0.3)
    assert move in state.legal_moves()
    assert clock.now - 100.0 <= 0.3


@pytest.mark.parametrize("seats", [2, 4])
def test_hard_never_looks_more_than_three_turns_ahead(seats):
    # Two players: three turns (own, reply, own); four: three of Hard's own turns (rounds).
    state = random_position(2, seats, "ffa", max_plies=6)
    game = runners_ai.Game(state)
    result = runners_ai.search(game, state.runners, state.owners, state.turns, random.Random(0),
                               Budget(HUGE))
    assert result.depth == 3


def tied_reply_position():
    """A four-player position, Hard to move, and a move of Hard's after which the next seat
    has two or three best moves tied by Medium's key (Medium picks one at random)."""
    for seed in range(200):
        state = random_position(seed, 4, "ffa", max_plies=12)
        if state.is_over:
            continue
        game = runners_ai.Game(state)
        me = state.to_move
        for move in runners_ai.move_gains(game, state.runners, state.owners, me):
            r, o = runners_ai.make(state.runners, state.owners, me, move[0], move[1], move[4])
            if 2 <= len(runners_ai.medium_best(game, r, o, game.seat_at(state.turns + 1))) <= 3:
                return state, game, me, r, o
    raise AssertionError("no position with tied replies")


def test_the_replies_to_a_root_move_follow_each_tie_of_medium():
    state, game, me, r, o = tied_reply_position()
    rounds = runners_ai._Rounds(game, me, Budget(HUGE))
    lines = rounds.reply_lines(r, o, state.turns + 1)
    assert sum(share for share, *_ in lines) == pytest.approx(1.0)
    assert 2 <= len(lines) <= runners_ai.TIE_LINES
    nxt = game.seat_at(state.turns + 1)
    tied = runners_ai.medium_best(game, r, o, nxt)
    after = {runners_ai.make(r, o, nxt, m[0], m[1], m[4])[0][nxt] for m in tied}
    assert {line[1][nxt] for line in lines} == after  # every tied reply is followed
    for share, runners, owners, turns, value in lines:
        assert value is not None or game.seat_at(turns) == me  # each line ends at Hard's turn


def test_with_one_line_the_replies_are_the_first_of_the_ties(monkeypatch):
    state, game, me, r, o = tied_reply_position()
    monkeypatch.setattr(runners_ai, "TIE_LINES", 1)
    rounds = runners_ai._Rounds(game, me, Budget(HUGE))
    assert rounds.reply_lines(r, o, state.turns + 1) == [(1.0, *rounds.reply(r, o, state.turns + 1))]


@pytest.mark.parametrize("budget_s,step", [(0.05, 0.001), (0.5, 0.002)])
def test_hard_following_the_ties_stops_at_the_first_clock_read_past_the_deadline(budget_s, step):
    state, game, me, r, o = tied_reply_position()
    clock = FakeClock(step)
    budget = Budget(budget_s, clock=clock)
    result = runners_ai.search(game, state.runners, state.owners, state.turns, random.Random(1), budget)
    origin, target = result.move
    assert f"{runners_ai.NAMES[origin]}-{runners_ai.NAMES[target]}" in state.legal_moves()
    # the rounds stop at 75% of the budget: a check reads the clock twice, `elapsed` once more
    assert result.elapsed <= runners_ai.ROUNDS_FRACTION * budget_s + 3 * step


# --- tactics ----------------------------------------------------------------------------------

SIX = ["A2", "A3", "A4", "B3", "B4", "B5"]


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("seats", [2, 4])
def test_takes_the_winning_claim(level, seats):
    others = [["I1", "H1", "G1"], ["C7", "D8", "E9"], ["I5", "H6", "G7"]][:seats - 1]
    state = position([["D1", "E4", "I3"], *others], owners=[SIX] + [[] for _ in others])
    assert state.play("D1-E2").winners == [0]
    kwargs = {"budget_s": HUGE, "max_depth": 3} if level == "hard" else {}
    for seed in range(3):  # D1-E2 (claims E3) and E4-D3 (claims D2) both win
        move = choose_move(state.view(0), level, seed=seed, **kwargs)
        assert state.play(move).winners == [0], move


def test_hard_takes_the_steal():
    # D1-E2 claims E3 from Blue (a two-point swing); no other move claims anything (D2 blocks
    # the D1-D3 link).
    state = position([["D1", "E4", "A5"], ["I1", "I5", "D2"]], owners=[[], ["E3", "G4", "G5"]])
    gains = [m for m in state.legal_moves() if state.play(m).scores[0]]
    assert gains == ["D1-E2"]
    for seed in range(3):
        assert hard(state.view(0), seed=seed) == "D1-E2"
        assert choose_move(state.view(0), "medium", seed=seed) == "D1-E2"


def test_hard_blocks_the_next_seats_winning_claim_in_four_player_ffa():
    # Blue (next to move, 6 points) has one winning move: the leap E1-C1 over Orange's D1, which
    # links C1 with E3 over D2. Orange has no claim; it must not leave that leap open.
    blue_owned = ["G2", "G3", "H2", "H3", "I2", "I3"]
    runners = [["H6", "D1", "A2"], ["E3", "E1"], ["I5"], ["C7"]]
    owners = [[], blue_owned, [], []]
    blue_first = position(runners, owners, to_move=1, rnd=5)
    assert [m for m in blue_first.legal_moves() if blue_first.play(m).winners == [1]] == ["E1-C1"]
    state = position(runners, owners, to_move=0, rnd=5)
    for seed in range(3):
        after = state.play(hard(state.view(0), seed=seed))
        assert not [m for m in after.legal_moves() if after.play(m).winners == [1]]


def test_teammates_value_the_team_score():
    # 2v2: Orange can claim E3 with Jade's runner on E4 (team 11 -> 12, a team win).
    orange = ["A2", "A3", "A4", "B3", "B4", "B5"]
    jade = ["G2", "G3", "H2", "H3", "I2"]
    state = position([["D1", "A5", "A1"], ["I1", "I5", "C7"], ["E4", "G6", "H6"], ["F1", "D8", "B1"]],
                     owners=[orange, [], jade, []], seats=4, variant="2v2")
    for move in (hard(state.view(0)), choose_move(state.view(0), "medium", seed=0)):
        assert state.play(move).winners == [0, 2], move


def test_hard_beats_medium_in_a_two_player_smoke_match():
    """A smoke test of strength (the real measure is bench/arena.py)."""
    points = 0.0
    for hard_seat in (0, 1):
        state = new_game("runners", seats=2)
        while not state.is_over:
            seat, ply = state.to_move, len(state.history)
            view = state.view(seat)
            move = hard(view, depth=3, seed=ply) if seat == hard_seat else choose_move(view, "medium", seed=ply)
            state = state.play(move)
        points += (hard_seat in state.winners) / len(state.winners)
    assert points >= 1.0
