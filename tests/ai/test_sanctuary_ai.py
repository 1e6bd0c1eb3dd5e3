"""Sanctuary computer players: legality from random positions, determinism, the budget mechanism
(fake clocks, no timing assertions), views only, and tactics a user would notice."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.ai import choose_move
from parlor.ai import sanctuary as sanctuary_ai
from parlor.ai.search import HARD_FRACTION, Budget
from parlor.rules import from_dict, from_view, new_game
from parlor.rules.sanctuary import CARDS, DECK
from fake_clock import FakeClock

LEVELS = ("easy", "medium", "hard")
HUGE = 3600.0
L4 = ["L", "L", "L", "L"]


def random_position(seed, seats=2, max_plies=400):
    rng = random.Random(seed)
    state = new_game("sanctuary", seats=seats, seed=seed)
    for _ in range(rng.randint(0, max_plies)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def position(pawns, card, to_move=0, seed=1, discard=()):
    return from_dict({"game": "sanctuary", "seats": len(pawns), "pawns": pawns, "card": card,
                      "to_move": to_move, "seed": seed, "discard": list(discard)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]))
def test_every_level_returns_a_legal_move(seed, seats):
    state = random_position(seed, seats)
    if state.is_over:
        return
    if state.phase == "draw" and seed % 2:
        state = state.play("draw")
    view = json.loads(json.dumps(state.view(state.to_move)))
    legal = state.legal_moves()
    for level in LEVELS:
        kwargs = {"budget_s": HUGE, "max_depth": 1} if level == "hard" else {}
        assert choose_move(view, level, seed=seed, **kwargs) in legal


@pytest.mark.parametrize("level", LEVELS)
def test_a_draw_decision_is_answered_with_draw(level):
    state = random_position(5, 3, max_plies=100)
    if state.phase != "draw":
        state = state.play(state.legal_moves()[0])
    assert state.legal_moves() == ["draw"]
    clock = FakeClock()
    budget = Budget(1.0, clock=clock)
    assert sanctuary_ai.choose(from_view(state.view(state.to_move), 1), level, random.Random(1),
                               budget) == "draw"
    assert budget.nodes == 0                     # nothing searched


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_passes_when_nothing_is_legal(level):
    view = position([L4, ["T30", "L", "L", "L"]], "7").view(0)
    assert choose_move(view, level, seed=1) == "pass"


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_move(level):
    for seed in range(6):
        state = random_position(seed, 2 + seed % 3)
        if state.is_over:
            continue
        if state.phase == "draw":
            state = state.play("draw")
        view = state.view(state.to_move)
        kwargs = {"budget_s": HUGE, "max_depth": 2} if level == "hard" else {}
        assert choose_move(view, level, seed=seed, **kwargs) == choose_move(view, level, seed=seed, **kwargs)


def test_the_ai_sees_only_the_view_the_deck_order_makes_no_difference():
    state = random_position(11, 2, max_plies=150)
    if state.phase == "draw":
        state = state.play("draw")
    data = state.to_dict()
    twin = from_dict(dict(data, draw=list(reversed(data["draw"])), seed=12345))
    for level in LEVELS:
        kwargs = {"budget_s": HUGE, "max_depth": 2} if level == "hard" else {}
        assert (choose_move(state.view(state.to_move), level, seed=3, **kwargs)
                == choose_move(twin.view(twin.to_move), level, seed=3, **kwargs))


def test_hard_stops_at_its_hard_deadline_on_a_fake_clock():
    state = position([["T10", "T20", "T30", "S1"], ["T12", "T25", "T40", "L"]], "Six")
    clock = FakeClock(step=0.001)                # every clock read advances 1 ms
    budget = Budget(0.5, clock=clock, check_every=4)
    move = sanctuary_ai.choose(from_view(state.view(0), 1), "hard", random.Random(1), budget)
    assert move in state.legal_moves()
    assert clock.now - budget.start <= HARD_FRACTION * 0.5 + 0.01


class NodeClock:
    """A clock that advances 20 µs for every node the budget has counted."""

    budget = None

    def __call__(self):
        return self.budget.nodes * 20e-6 if self.budget else 0.0


def test_hard_reads_the_clock_every_playout_turn_so_a_small_budget_holds():
    # 10 ms = 500 nodes here: a clock read every 128 nodes would stop at 512, past the budget.
    state = position([["T10", "T20", "T30", "S1"], ["T12", "T25", "T40", "L"]], "Six")
    clock = NodeClock()
    budget = clock.budget = Budget(0.01, clock=clock)
    move = sanctuary_ai.choose(from_view(state.view(0), 1), "hard", random.Random(1), budget)
    assert move in state.legal_moves() and budget.timed_out
    assert HARD_FRACTION * 0.01 <= clock() - budget.start <= 0.01


def test_hard_with_no_time_falls_back_to_a_legal_move():
    state = position([["T10", "T20", "T30", "S1"], ["T12", "T25", "T40", "L"]], "Six")
    clock = FakeClock(step=10.0)                 # the first check is already too late
    budget = Budget(0.5, clock=clock, check_every=1)
    move = sanctuary_ai.choose(from_view(state.view(0), 1), "hard", random.Random(1), budget)
    assert move in state.legal_moves()


def test_hard_with_a_real_small_budget_returns_a_legal_move():
    state = position([["T10", "T20", "T30", "S1"], ["T12", "T25", "T40", "L"], ["T50", "L", "L", "L"]], "Six")
    assert choose_move(state.view(0), "hard", seed=1, budget_s=0.05) in state.legal_moves()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_the_capture_of_a_pawn_near_home(level):
    # the rival's pawn on T28 is four steps from its crossing (T32); T20 can hit it with 8
    state = position([["T20", "T40", "L", "L"], ["T28", "L", "L", "L"]], "8")
    assert choose_move(state.view(0), level, seed=1, budget_s=HUGE, max_depth=2) == "T20>T28"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_enters_sanctuary_instead_of_a_useless_move(level):
    # T58 can reach S1 with 5 and be safe from the rival right behind it; T10 would only step on
    state = position([["T58", "T10", "L", "L"], ["T55", "T50", "L", "L"]], "5")
    assert choose_move(state.view(0), level, seed=1, budget_s=HUGE, max_depth=2) == "T58>S1"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_brings_a_pawn_home_rather_than_stepping_a_safe_pawn_on(level):
    state = position([["S3", "S1", "F", "T30"], ["T20", "T22", "L", "L"]], "2")
    assert set(state.legal_moves()) >= {"S3>F", "T30>T32"}
    assert choose_move(state.view(0), level, seed=1, budget_s=HUGE, max_depth=2) == "S3>F"


def test_hard_launches_with_a_one_when_all_pawns_wait():
    state = position([L4, ["T40", "T50", "L", "L"]], "1")
    assert choose_move(state.view(0), "hard", seed=2, budget_s=HUGE, max_depth=2) == "L>T4"


def test_hard_uses_backstep_for_the_shortcut_from_its_arrow():
    state = position([["T4", "L", "L", "L"], ["T40", "L", "L", "L"]], "Backstep 3")
    assert choose_move(state.view(0), "hard", seed=2, budget_s=HUGE, max_depth=2) == "T4>T1"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_launches_with_a_one_rather_than_stepping_a_pawn_on(level):
    # leaving Launch needs a 1, a 2 or Gotcha! (15 cards of 60): a 1 is worth more as a launch
    state = position([["T20", "L", "L", "L"], ["T50", "L", "L", "L"]], "1")
    assert set(state.legal_moves()) == {"L>T4", "T20>T21"}
    assert choose_move(state.view(0), level, seed=1, budget_s=HUGE, max_depth=2) == "L>T4"


@pytest.mark.parametrize("depth", [1, 2])
def test_hard_advances_the_pawn_near_home_rather_than_the_one_just_out(depth):
    # five steps are worth more to a pawn 17 from Finish than to one just launched (Hard's
    # fitted worth of progress is concave; Medium counts every step the same)
    state = position([["T4", "T50", "L", "L"], L4], "5")
    assert set(state.legal_moves()) == {"T4>T9", "T50>T55"}
    assert choose_move(state.view(0), "hard", seed=1, budget_s=HUGE, max_depth=depth) == "T50>T55"


def test_hard_and_medium_value_the_same_terms_but_medium_counts_steps_linearly():
    assert sanctuary_ai.MEDIUM.square == 0 and sanctuary_ai.HARD.square > 0
    for table in sanctuary_ai.WORTH.values():
        row = table[0]                                  # side 0
        # leaving Launch is worth it, and every step forward on the track too
        assert row[4 + 1] > row[0]
        assert all(row[q + 1] < row[q + 2] for q in range(4, 59)) and row[59 + 1] < row[0 + 1]


def test_hard_counts_the_cards_left_to_draw():
    # T45>T50 stops three behind the rival's T53. With every Backstep 3 in the (public) discard
    # pile nothing can hit it there and Hard takes the progress; with only Backstep 3s left to
    # draw, the rival's next card takes T53 back onto it, so Hard moves the other pawn.
    pawns = [["T45", "T20", "L", "L"], ["T53", "L", "L", "L"]]
    others = [CARDS[c] for c in DECK if CARDS[c] != "Backstep 3"]
    others.remove("5")                                   # the drawn card
    no_backsteps = position(pawns, "5", discard=["Backstep 3"] * 5)
    only_backsteps = position(pawns, "5", discard=others)
    assert len(only_backsteps.draw) == 5
    assert choose_move(no_backsteps.view(0), "hard", seed=1, budget_s=HUGE) == "T45>T50"
    assert choose_move(only_backsteps.view(0), "hard", seed=1, budget_s=HUGE) == "T20>T25"


def test_hard_does_not_give_up_its_last_pawns_safety_for_a_sliver_of_the_race():
    # Yellow's last pawn is far from home; Switcheroo can put it on T14, T22 or T26 (Red's
    # pawns). T26 is 11 steps from Finish but four ahead of Red's T22, with five 4s among the 20
    # cards left; T22 is 15 steps from Finish, out of reach of Red's T14 (no 8 left). When a
    # playout that ends the game counted as a whole game's worth (10 000), the few playouts in
    # which someone finished within four turns decided the mean, and Hard took T26 on 18 of 20
    # seeds; on the evaluation's scale (WIN_LEAF) it takes the safe T22 on most.
    left = {"1": 1, "2": 1, "Backstep 3": 1, "4": 5, "5": 2, "Six": 1, "7": 3, "10": 1, "12": 2,
            "Switcheroo": 2, "Gotcha!": 1}
    spent = [CARDS[c] for c in DECK]
    for card, count in [*left.items(), ("Switcheroo", 1)]:
        for _ in range(count):
            spent.remove(card)
    state = position([["L", "T14", "T22", "T26"], ["T53", "F", "F", "F"]], "Switcheroo",
                     to_move=1, discard=spent)
    assert sum(state.view(1)["remaining"].values()) == 20 and state.view(1)["remaining"]["4"] == 5
    picks = [choose_move(state.view(1), "hard", seed=seed, budget_s=HUGE) for seed in range(10)]
    assert picks.count("T53<>T22") >= 7, picks


def test_playouts_draw_the_pile_then_a_reshuffled_deck():
    rng = random.Random(4)
    pile = [2, 2, 7]
    assert sorted(sanctuary_ai.draws(pile, 3, rng)) == pile
    drawn = sanctuary_ai.draws(pile, 8, rng)
    assert sorted(drawn[:3]) == pile and len(drawn) == 8 and all(c in DECK for c in drawn[3:])
    assert pile == [2, 2, 7]                             # the pile itself is left as it was
