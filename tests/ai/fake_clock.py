"""A clock for the computer players' time budgets in tests (Budget(..., clock=FakeClock(step)))."""


class FakeClock:
    """A clock that advances `step` seconds each time it is read."""

    def __init__(self, step=0.0):
        self.now = 100.0
        self.step = step
        self.reads = 0

    def __call__(self):
        self.reads += 1
        self.now += self.step
        return self.now
