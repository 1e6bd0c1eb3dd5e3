"""Ataxx computer players: legality, determinism, the time-budget mechanism and tactics.

No timing assertions: the budget is tested with injected fake clocks (deterministic); real move
times are measured by bench/ai_positions.py.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlor.ai as ai
from parlor.ai import ataxx as ataxx_ai
from parlor.ai import choose_move
from parlor.ai.search import CHECK_EVERY, HARD_FRACTION, Budget, Timeout, iterative_deepening
from parlor.rules import new_game
from parlor.rules.ataxx import LAYOUTS, board_fen, move_name, parse_move
from fake_clock import FakeClock

LEVELS = ("easy", "medium", "hard")
HUGE = 3600.0
"""A budget that a depth-capped search never reaches: Hard is then fully reproducible."""


def hard(view, depth=2, seed=0):
    return choose_move(view, "hard", seed=seed, budget_s=HUGE, max_depth=depth)


def random_position(seed, fen=None, variant="standard", max_plies=60):
    """A position reached by seeded random play (possibly over)."""
    rng = random.Random(seed)
    state = new_game("ataxx", fen=fen, variant=variant)
    for _ in range(rng.randint(0, max_plies)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


# --- every level returns a legal move ------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), layout=st.sampled_from(sorted(LAYOUTS)),
       variant=st.sampled_from(["standard", "solo"]))
def test_every_level_returns_a_legal_move(seed, layout, variant):
    state = random_position(seed, LAYOUTS[layout], variant)
    if state.is_over:
        return
    view = state.view(state.to_move)
    legal = state.legal_moves()
    assert choose_move(view, "easy", seed=seed) in legal
    assert choose_move(view, "medium", seed=seed) in legal
    assert hard(view, depth=2, seed=seed) in legal


@pytest.mark.parametrize("seed", range(4))
def test_hard_with_a_real_small_budget_returns_a_legal_move(seed):
    state = random_position(seed, max_plies=30)
    if not state.is_over:
        assert choose_move(state.view(state.to_move), "hard", seed=seed, budget_s=0.05) in state.legal_moves()


def test_full_games_between_levels_only_use_legal_moves():
    for variant, levels in (("standard", ("hard", "medium")), ("solo", ("medium", "easy"))):
        state = new_game("ataxx", variant=variant, fen=LAYOUTS["Four pillars"])
        while not state.is_over:
            seat = state.to_move
            move = (hard(state.view(seat), depth=1, seed=len(state.history)) if levels[seat] == "hard"
                    else choose_move(state.view(seat), levels[seat], seed=len(state.history)))
            assert move in state.legal_moves()
            state = state.play(move)


FORCED_PASS = "7/7/7/7/ooo4/ooo4/xoo4 x 0 1"
"""x (a1) is walled in by o; o can still move: in standard x must pass, in solo x has lost."""


@pytest.mark.parametrize("level", LEVELS)
def test_forced_pass(level):
    state = new_game("ataxx", fen=FORCED_PASS)
    assert state.legal_moves() == ["pass"]
    assert choose_move(state.view(0), level, seed=1) == "pass"


def test_forced_pass_position_is_over_in_solo():
    state = new_game("ataxx", fen=FORCED_PASS, variant="solo")
    with pytest.raises(ValueError, match="over"):
        choose_move(state.view(None), "hard")


# --- only a view, and refusals ---------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_works_on_a_json_round_tripped_view(level):
    state = random_position(7, max_plies=12)
    view = json.loads(json.dumps(state.view(state.to_move)))
    kwargs = {"budget_s": HUGE, "max_depth": 2} if level == "hard" else {}
    assert choose_move(view, level, seed=3, **kwargs) in state.legal_moves()


def test_spectator_view_is_enough():
    state = random_position(8, max_plies=10)
    assert choose_move(state.view(None), "medium", seed=1) in state.legal_moves()


@pytest.mark.parametrize("level", LEVELS)
def test_refuses_a_game_over_view(level):
    state = new_game("ataxx", fen="xxxxxxx/7/7/7/7/7/7 o 0 1")  # o has no pieces
    assert state.is_over
    with pytest.raises(ValueError, match="game is over"):
        choose_move(state.view(0), level)
    forfeited = new_game("ataxx").forfeit(0, "resign")
    with pytest.raises(ValueError, match="game is over"):
        choose_move(forfeited.view(1), level)


@pytest.mark.parametrize("level", ["", "Hard", "expert", None, 3])
def test_refuses_unknown_levels(level):
    with pytest.raises(ValueError, match="level"):
        choose_move(new_game("ataxx").view(0), level)


@pytest.mark.parametrize("kwargs", [{"budget_s": 0}, {"budget_s": -1}, {"budget_s": "1"},
                                    {"budget_s": True}, {"budget_s": float("nan")},
                                    {"budget_s": float("inf")},  # Hard would never answer
                                    {"max_depth": 0}, {"max_depth": 1.5}, {"seed": [1]}, {"seed": {}}])
def test_refuses_bad_budget_and_depth(kwargs):
    with pytest.raises(ValueError):
        choose_move(new_game("ataxx").view(0), "hard", **kwargs)


@pytest.mark.parametrize("view", [None, "x5o/7/7/7/7/7/o5x x 0 1", [], {"game": "chess"}, {}])
def test_refuses_what_is_not_a_view(view):
    with pytest.raises(ValueError):
        choose_move(view, "easy")


# --- determinism ---------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move(level):
    for seed in range(8):
        state = random_position(100 + seed, max_plies=30)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        if level == "hard":
            moves = {hard(view, depth=3, seed=seed) for _ in range(2)}
        else:
            moves = {choose_move(view, level, seed=seed) for _ in range(3)}
        assert len(moves) == 1


def test_seeds_vary_easy_and_break_medium_ties():
    view = new_game("ataxx").view(0)  # 16 legal moves; for Medium the 6 places tie
    assert len({choose_move(view, "easy", seed=s) for s in range(40)}) > 8
    medium = {choose_move(view, "medium", seed=s) for s in range(40)}
    assert len(medium) > 1 and medium <= {"a6", "b6", "b7", "f1", "f2", "g2"}  # a place, not a jump


def test_hard_result_does_not_depend_on_budget_once_depth_completes():
    state = random_position(11, max_plies=20)
    view = state.view(state.to_move)
    a = choose_move(view, "hard", seed=5, budget_s=HUGE, max_depth=3)
    b = choose_move(view, "hard", seed=5, budget_s=HUGE / 2, max_depth=3)
    assert a == b


# --- the budget mechanism, with fake clocks --------------------------------------------------

def test_budget_reads_the_clock_every_n_nodes_and_raises_after_the_deadline():
    clock = FakeClock()
    budget = Budget(1.0, clock=clock, check_every=4)
    assert clock.reads == 1  # the start
    for _ in range(3):
        budget.tick()
    assert clock.reads == 1
    budget.tick()
    assert clock.reads == 2
    clock.now += HARD_FRACTION * 1.0  # now past the hard deadline
    for _ in range(3):
        budget.tick()  # no clock read yet
    with pytest.raises(Timeout):
        budget.tick()
    assert budget.timed_out


def test_budget_refuses_nonsense():
    for seconds in (0, -1.0):
        with pytest.raises(ValueError):
            Budget(seconds)


def test_iterative_deepening_keeps_the_last_completed_depth_on_timeout():
    clock = FakeClock()
    budget = Budget(1.0, clock=clock)

    def search(depth):
        if depth == 3:
            clock.now += 10
            raise Timeout
        return depth * 10, f"move{depth}"

    result = iterative_deepening(search, budget, fallback="fallback", max_depth=8)
    assert (result.move, result.value, result.depth, result.timed_out) == ("move2", 20, 2, True)


def test_iterative_deepening_does_not_start_a_depth_that_cannot_finish():
    clock = FakeClock()
    budget = Budget(1.0, clock=clock)
    started = []

    def search(depth):
        started.append(depth)
        clock.now += 0.01 * 4 ** depth  # 0.04, 0.16, 0.64 s: growth 4
        return depth, depth

    result = iterative_deepening(search, budget, fallback=None, max_depth=8)
    # After depth 2 (0.2 s elapsed), depth 3 is predicted at 0.64 s: past the soft deadline.
    assert started == [1, 2] and result.depth == 2 and not result.timed_out


def test_iterative_deepening_falls_back_when_no_depth_completes():
    budget = Budget(1.0, clock=FakeClock())

    def search(depth):
        raise Timeout

    result = iterative_deepening(search, budget, fallback="greedy")
    assert (result.move, result.depth, result.value) == ("greedy", 0, None)


MIDGAME = "x5o/xx3oo/2xo3/3x3/2o1o2/oo3xx/o5x x 0 1"


@pytest.mark.parametrize("budget_s,step", [(0.05, 0.001), (1.0, 0.02), (0.2, 0.05), (0.5, 0.008)])
def test_hard_stops_at_the_first_clock_read_past_the_deadline(budget_s, step):
    """Whatever the clock does, Hard's search reads it every CHECK_EVERY nodes and stops at the
    first read past HARD_FRACTION of the budget, or earlier because the next depth would not
    get far enough, with a legal move either way."""
    ataxx_ai.clear_tables()
    state = new_game("ataxx", fen=MIDGAME)
    x, o = state.pieces
    clock = FakeClock(step)
    budget = Budget(budget_s, clock=clock)
    result = ataxx_ai.search(x, o, state.blocked, solo=False, rng=random.Random(1), budget=budget)
    assert ataxx_ai.move_name(*ataxx_ai.decode(result.move)) in state.legal_moves()
    assert result.elapsed <= HARD_FRACTION * budget_s + 2 * step  # one read past, plus elapsed()
    assert budget.nodes <= clock.reads * CHECK_EVERY


def test_a_depth_is_started_if_its_share_of_the_predicted_time_fits():
    assert ataxx_ai.START_SHARE == 0.3
    clock = FakeClock()
    budget = Budget(1.0, clock=clock)  # hard deadline at 0.9 s
    clock.now += 0.65
    # growth 4 (0.05 -> 0.2): the next depth is predicted at 0.8 s; 30% of it fits by 0.9 s
    assert ataxx_ai.worth_starting(budget, [0.05, 0.2])
    clock.now += 0.02
    assert not ataxx_ai.worth_starting(budget, [0.05, 0.2])
    # growth is clamped to 2..12: 0.01 -> 0.3 counts as 12 (3.6 s predicted, 30% is 1.08 s)
    clock.now = budget.start
    assert not ataxx_ai.worth_starting(budget, [0.01, 0.3])
    assert ataxx_ai.worth_starting(budget, [0.01, 0.2])  # 2.4 s predicted, 30% is 0.72 s
    assert ataxx_ai.worth_starting(Budget(None, clock=clock), [0.01, 1000.0])


@pytest.mark.parametrize("budget_s,step", [(0.5, 0.006), (1.0, 0.012), (0.3, 0.004)])
def test_hard_spends_its_budget(budget_s, step):
    """Hard does not stop deepening while half of the next depth would fit in the time left: it
    runs until the deadline, or stops when the next depth is predicted to go past it."""
    ataxx_ai.clear_tables()
    state = new_game("ataxx", fen=MIDGAME)
    x, o = state.pieces
    budget = Budget(budget_s, clock=FakeClock(step))
    result = ataxx_ai.search(x, o, state.blocked, solo=False, rng=random.Random(2), budget=budget)
    assert abs(result.value or 0) < ataxx_ai.MATE_BOUND  # an open position: no early proof
    assert result.depth >= 2
    if not result.timed_out:
        times = result.depth_times
        growth = min(max(times[-1] / times[-2], 2.0), 12.0)
        assert result.elapsed + ataxx_ai.START_SHARE * growth * times[-1] > HARD_FRACTION * budget_s - step


def test_choose_move_uses_the_budget_from_the_start_of_the_call(monkeypatch):
    clock = FakeClock(0.01)
    monkeypatch.setattr(ai, "Budget", functools.partial(Budget, clock=clock))
    state = random_position(21, max_plies=16)
    move = choose_move(state.view(state.to_move), "hard", seed=1, budget_s=0.3)
    assert move in state.legal_moves()
    assert clock.now - 100.0 <= 0.3 + 1e-9  # every read (and so all the search) within the budget


def test_a_timeout_at_depth_one_still_answers_with_a_legal_move():
    state = random_position(5, max_plies=10)
    x, o = state.pieces
    own, opp = (x, o) if state.to_move == 0 else (o, x)
    clock = FakeClock(1.0)  # the first check is already past the deadline
    budget = Budget(0.5, clock=clock, check_every=1)
    result = ataxx_ai.search(own, opp, state.blocked, solo=False, rng=random.Random(0), budget=budget)
    assert result.depth == 0 and result.timed_out
    assert ataxx_ai.move_name(*ataxx_ai.decode(result.move)) in state.legal_moves()


# --- tactics a user would notice -----------------------------------------------------------

def test_hard_and_medium_take_every_last_piece():
    # o's seven pieces all touch d4, and x on e5 can place there: game over, x wins.
    state = new_game("ataxx", fen="x6/7/2oox2/2o1o2/2ooo2/7/7 x 0 1")
    assert state.play("d4").winners == [0]
    for depth in (1, 3):
        assert hard(state.view(0), depth=depth) == "d4"
    assert choose_move(state.view(0), "medium", seed=1) == "d4"


BLUNDER = "5oo/6o/ooo4/7/7/xxx4/xxxo3 x 0 1"
"""x can jump to b4 and take a5, b5, c5 from a2, b2 or c2; from b2 it leaves a hole in the
middle of its block, and d1b2 takes five back."""


def test_hard_does_not_jump_out_of_its_block():
    state = new_game("ataxx", fen=BLUNDER)
    after = state.play("b2b4").play("d1b2")
    assert after.scores == [4, 9]  # the blunder: from 6-7 to 4-9
    for depth in (1, 2, 3, 4):
        for seed in range(3):
            assert hard(state.view(0), depth=depth, seed=seed) not in ("b2b4", "b2d4")
    assert "b2b4" in {choose_move(state.view(0), "medium", seed=s) for s in range(20)}  # Medium does


def test_hard_wins_solo_by_leaving_the_opponent_no_move():
    # o on a1 can only reach c3; filling c3 leaves o without a move, which loses in solo.
    state = new_game("ataxx", fen="7/7/7/7/xx5/xxx4/oxx4 x 0 1", variant="solo")
    assert state.play("c3").winners == [0]
    for depth in (1, 2, 3):
        assert hard(state.view(0), depth=depth) == "c3"


def test_hard_beats_medium_from_the_start():
    """A smoke test of strength (the real measure is bench/arena.py)."""
    points = 0.0
    for hard_seat in (0, 1):
        state = new_game("ataxx")
        while not state.is_over:
            seat, ply = state.to_move, len(state.history)
            view = state.view(seat)
            move = hard(view, depth=2, seed=ply) if seat == hard_seat else choose_move(view, "medium", seed=ply)
            state = state.play(move)
        points += 1.0 if state.winners == [hard_seat] else 0.5 if len(state.winners) == 2 else 0.0
    assert points == 2.0


# --- Hard inside a budget (fake clock: deterministic), and its shared tables -----------------

def budgeted_hard(monkeypatch, state, seed=0, budget_s=0.3, step=0.006):
    """Hard's move through choose_move with a budget measured by a fake clock."""
    monkeypatch.setattr(ai, "Budget", functools.partial(Budget, clock=FakeClock(step)))
    return choose_move(state.view(state.to_move), "hard", seed=seed, budget_s=budget_s)


@pytest.mark.parametrize("fen,variant,best", [
    ("x6/7/2oox2/2o1o2/2ooo2/7/7 x 0 1", "standard", {"d4"}),  # takes every last piece
    ("7/7/7/7/xx5/xxx4/oxx4 x 0 1", "solo", {"c3"}),  # leaves o no move: a solo win
])
def test_hard_in_a_budget_finds_the_win(monkeypatch, fen, variant, best):
    ataxx_ai.clear_tables()
    for seed in range(2):
        assert budgeted_hard(monkeypatch, new_game("ataxx", fen=fen, variant=variant), seed) in best


def test_hard_in_a_budget_does_not_jump_out_of_its_block(monkeypatch):
    ataxx_ai.clear_tables()
    state = new_game("ataxx", fen=BLUNDER)
    for seed in range(2):
        assert budgeted_hard(monkeypatch, state, seed) not in ("b2b4", "b2d4")


def test_the_table_survives_between_moves_and_makes_the_next_search_cheaper(monkeypatch):
    # Whole depths only: a depth begun and cut off by the clock would leave entries a ply
    # deeper, of the other parity, in place of the completed depths' (values unusable here).
    monkeypatch.setattr(ataxx_ai, "START_SHARE", 1.0)
    ataxx_ai.clear_tables()
    state = new_game("ataxx", fen=MIDGAME)
    x, o = state.pieces

    def run():
        budget = Budget(0.3, clock=FakeClock(0.005))
        return ataxx_ai.search(x, o, state.blocked, solo=False, rng=random.Random(3), budget=budget)

    cold = run()
    warm = run()  # the same position again (as after a transposition): the table answers
    assert cold.depth >= 3 and warm.depth >= cold.depth
    # the fake clock advances per read, i.e. per CHECK_EVERY nodes: time is work here
    assert sum(warm.depth_times[:cold.depth]) < sum(cold.depth_times) / 2
    assert ataxx_ai.move_name(*ataxx_ai.decode(warm.move)) in state.legal_moves()


def test_a_table_entry_of_the_other_parity_does_not_decide_a_value(monkeypatch):
    # The values alternate with the parity of the depth (the side to move at the frontier takes
    # its best gain), so an entry one ply deeper than asked, as the previous move's search
    # leaves them, answers another question. Full width (nothing pruned or reduced), the value
    # at the root does not depend on the order of the moves: only on the entries used.
    monkeypatch.setattr(ataxx_ai, "ENDGAME_EMPTY", 49)
    state = new_game("ataxx", fen=MIDGAME)
    x, o = state.pieces
    empty = ataxx_ai.FULL & ~(x | o)
    moves = [ataxx_ai.encode(f, t) for f, t in ataxx_ai.gen_moves(x, empty)]

    def root_value(depth, tt):
        searcher = ataxx_ai._Searcher(0, False, Budget(HUGE), tt, [0] * 4096)
        return searcher.root(x, o, depth, list(moves), -ataxx_ai.INF, ataxx_ai.INF)[0]

    fresh = root_value(4, {})
    deeper = {}
    assert root_value(5, deeper) != fresh  # the other parity: a different value
    assert root_value(4, deeper) == fresh


def test_the_shared_table_is_bounded_per_layout_and_left_alone_at_a_fixed_depth(monkeypatch):
    ataxx_ai.clear_tables()
    state = new_game("ataxx", fen=MIDGAME)
    x, o = state.pieces
    marker = 1 << 120  # a key no real position has

    def run(blocked=state.blocked, max_depth=None):
        budget = Budget(0.2 if max_depth is None else HUGE, clock=FakeClock(0.01))
        ataxx_ai.search(x, o, blocked, solo=False, rng=random.Random(0), budget=budget,
                        max_depth=max_depth)
        return ataxx_ai._SHARED["tt"]

    table = run()
    table[marker] = (1, 0, 0, 0)
    size = len(table)
    assert run(max_depth=2) is table and len(table) == size  # fresh tables at a fixed depth
    assert marker in run()  # the same layout, under the limit: kept
    assert marker not in run(blocked=1 << 21)  # another layout (a4, empty here, blocked): a new table
    monkeypatch.setattr(ataxx_ai, "TT_LIMIT", 40)
    table = run()
    assert len(table) > 40
    table[marker] = (1, 0, 0, 0)
    assert marker not in run()  # over the limit: emptied before the search


# --- the opening book ---------------------------------------------------------------------

def book_positions():
    """(variant, blocked, own, opp, move) of every position of the shipped book."""
    for section, positions in ataxx_ai.book().items():
        variant, blocked = section.split()
        for key, move in positions.items():
            own, opp = (int(k, 16) for k in key.split())
            yield variant, int(blocked, 16), own, opp, move


def test_the_book_covers_its_layouts_start_and_each_first_reply():
    """The open board's and each other booked layout's start, after every first move."""
    booked = [name for name in LAYOUTS
              if f"standard {new_game('ataxx', layout=name).blocked:x}" in ataxx_ai.book()]
    assert "Open" in booked
    for layout in booked:
        state = new_game("ataxx", layout=layout)
        assert ataxx_ai.book_move(state) in state.legal_moves()
        for move in state.legal_moves():
            after = state.play(move)
            assert ataxx_ai.book_move(after) in after.legal_moves(), (layout, move)


def test_every_book_move_is_legal_in_its_position():
    count = 0
    for variant, blocked, own, opp, move in book_positions():
        state = new_game("ataxx", variant=variant, fen=board_fen(own, opp, blocked) + " x 0 1")
        assert (own, opp) == ataxx_ai.canonical(own, opp, blocked)[:2]  # stored canonical
        assert move in state.legal_moves()
        count += 1
    assert count >= 70  # the open board's first two plies, up to symmetry


def test_the_book_is_found_under_every_symmetry_and_colour():
    """A position and its copies under the board's symmetries (and with the colours swapped: the
    key is the side to move's pieces first) get the same book move, carried over (or one that
    leads to the same position, up to a symmetry)."""
    state = new_game("ataxx").play("b6")  # o to move
    origin, target = parse_move(ataxx_ai.book_move(state))
    x, o = state.pieces
    for symmetry in ataxx_ai.SYMMETRIES:
        sx, so = ataxx_ai.transform(x, symmetry), ataxx_ai.transform(o, symmetry)
        swapped = new_game("ataxx", fen=board_fen(so, sx, 0) + " x 0 1")  # x to move, as o was
        expected = move_name(symmetry[origin] if origin >= 0 else -1, symmetry[target])
        got = swapped.play(ataxx_ai.book_move(swapped)).pieces
        assert ataxx_ai.canonical(*got, 0)[:2] == ataxx_ai.canonical(*swapped.play(expected).pieces, 0)[:2]


def test_hard_plays_the_book_move_in_a_book_position(monkeypatch):
    """Without a depth cap Hard answers from the book at once (no search); a depth-capped Hard
    searches (reproducible as before)."""
    state = new_game("ataxx").play("a6")
    monkeypatch.setattr(ataxx_ai, "search", None)  # a search would fail
    for seed in range(3):
        assert choose_move(state.view(1), "hard", seed=seed, budget_s=0.5) == ataxx_ai.book_move(state)
    monkeypatch.undo()
    assert hard(state.view(1), depth=2) in state.legal_moves()


def test_the_book_is_used_only_for_its_variant_and_layout():
    standard = new_game("ataxx")
    assert ataxx_ai.book_move(standard) is not None
    assert ataxx_ai.book_move(new_game("ataxx", variant="solo")) is None
    other = new_game("ataxx", fen="x5o/7/7/3-3/7/7/o5x x 0 1")  # a layout not in LAYOUTS
    assert ataxx_ai.book_move(other) is None
    assert ataxx_ai.book_move(new_game("ataxx", fen=MIDGAME)) is None


# --- Medium and Easy are what they were ------------------------------------------------------

GOLDEN = {0: ("e5c5", "e5f7"), 1: ("c6e6", "b4b6"), 2: ("a4", "a3"), 3: ("d3f3", "c4d2"),
          4: ("a4a2", "b5"), 6: ("d6b4", "f5f3"), 7: ("e4f6", "d4b3"), 8: ("d2", "b5c3"),
          9: ("d4b6", "e4g4"), 10: ("d5b6", "e6g4"), 11: ("a6", "f3g5"), 12: ("f5", "e6"),
          13: ("e1c2", "e2"), 14: ("b1", "a7c6"), 15: ("d5f4", "c4")}
"""Medium's and Easy's moves (seed = position number) as commit 8a3aa6d chose them, before
Hard was rewritten; position n: seeded random play of 0-50 plies on the (n mod 5)th layout
(n = 5 ends the game)."""


def test_medium_and_easy_play_as_before():
    for seed in range(16):
        rng = random.Random(seed)
        state = new_game("ataxx", fen=list(LAYOUTS.values())[seed % len(LAYOUTS)])
        for _ in range(rng.randint(0, 50)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            assert seed not in GOLDEN
            continue
        view = state.view(state.to_move)
        assert (choose_move(view, "medium", seed=seed), choose_move(view, "easy", seed=seed)) == GOLDEN[seed]
