"""The turn clock: each turn has a fixed length; running out loses; Pause stops it.

Pure Python for the page (MicroPython) and for tests (CPython). Times are milliseconds from
any monotonic source the caller passes in, so tests need no real time.
"""


class TurnClock:
    """Counts down one turn at a time."""

    def __init__(self, turn_ms):
        self.turn_ms = turn_ms
        self.turn = None  # (ply, seat) the clock is running for
        self.left_ms = turn_ms
        self.since = None  # when it last started running; None while stopped

    def start_turn(self, turn, now, left_ms=None):
        """Start `turn` ((ply, seat)) with a full clock, or `left_ms` (after a reload)."""
        self.turn = turn
        self.left_ms = self.turn_ms if left_ms is None else max(0, min(left_ms, self.turn_ms))
        self.since = now

    def stop(self, now):
        """Freeze the time left (pause, game over, engine busy restoring)."""
        self.left_ms = self.remaining(now)
        self.since = None

    def resume(self, now):
        if self.since is None and self.turn is not None:
            self.since = now

    @property
    def running(self):
        return self.since is not None

    def remaining(self, now):
        """Milliseconds left in this turn, never below zero."""
        if self.since is None:
            return self.left_ms
        return max(0, self.left_ms - (now - self.since))

    def expired(self, now):
        return self.turn is not None and self.remaining(now) <= 0


def shown(ms):
    """Seconds left as a person reads them: 30, 9, 0 (rounded up, so 0 means out)."""
    return (int(ms) + 999) // 1000


def saved_turn(ply, seat, left_ms):
    """What a page keeps of its running clock for a reload: the turn and the time it had left."""
    return {"ply": ply, "seat": seat, "left": int(left_ms)}


def left_after_reload(saved, ply, seat, turn_ms):
    """The time left of turn (`ply`, `seat`) kept by saved_turn before a reload, within
    0..turn_ms; None (a full turn) when it was kept for another turn or cannot be read."""
    if not isinstance(saved, dict) or saved.get("ply") != ply or saved.get("seat") != seat:
        return None
    left = saved.get("left")
    if isinstance(left, bool) or not isinstance(left, (int, float)) or left != left:
        return None
    return max(0, min(int(left), turn_ms))
