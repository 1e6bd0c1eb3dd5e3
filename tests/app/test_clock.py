"""The turn clock counts down per turn, stops on pause and restarts in full on a new turn."""

from clock import TurnClock, shown


def test_counts_down_and_expires():
    clock = TurnClock(30_000)
    clock.start_turn((0, 0), now=1_000)
    assert clock.remaining(11_000) == 20_000 and not clock.expired(11_000)
    assert clock.expired(31_000) and clock.remaining(40_000) == 0


def test_pause_stops_and_resume_continues():
    clock = TurnClock(30_000)
    clock.start_turn((0, 0), now=0)
    clock.stop(10_000)
    assert clock.remaining(50_000) == 20_000 and not clock.running
    clock.resume(60_000)
    assert clock.remaining(65_000) == 15_000


def test_new_turn_is_full_and_reload_keeps_time_left():
    clock = TurnClock(30_000)
    clock.start_turn((0, 0), now=0)
    clock.start_turn((1, 1), now=25_000)
    assert clock.remaining(25_000) == 30_000
    clock.start_turn((1, 1), now=0, left_ms=12_345)
    assert clock.remaining(0) == 12_345
    clock.start_turn((1, 1), now=0, left_ms=99_999)
    assert clock.remaining(0) == 30_000


def test_shown_seconds_round_up():
    assert [shown(ms) for ms in (30_000, 29_001, 1, 0)] == [30, 30, 1, 0]


def test_a_hosts_reload_keeps_the_time_left_of_the_same_turn_only():
    from clock import left_after_reload, saved_turn
    kept = saved_turn(7, 1, 12_345.6)
    assert left_after_reload(kept, 7, 1, 30_000) == 12_345
    assert left_after_reload(kept, 8, 0, 30_000) is None  # a move came meanwhile: a full turn
    assert left_after_reload(kept, 7, 0, 30_000) is None
    assert left_after_reload(saved_turn(7, 1, 99_000), 7, 1, 30_000) == 30_000  # the clock got shorter
    assert left_after_reload(saved_turn(7, 1, -5), 7, 1, 30_000) == 0
    for bad in (None, "x", {}, {"ply": 7, "seat": 1}, {"ply": 7, "seat": 1, "left": "9"},
                {"ply": 7, "seat": 1, "left": True}, {"ply": 7, "seat": 1, "left": float("nan")}):
        assert left_after_reload(bad, 7, 1, 30_000) is None
