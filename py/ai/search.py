"""A small search core shared by the games' computer players.

Pyodide has no threads, so a search cannot be interrupted from outside: it must watch the clock
itself. `Budget` does that. The search calls `budget.tick()` once per node; every `check_every`
nodes the budget reads its clock and raises `Timeout` once the hard deadline has passed.
`iterative_deepening` runs a depth-limited search at depth 1, 2, 3, ..., keeps the result of the
last depth that completed, and does not start a depth that is unlikely to finish in time.

The clock is injectable (`Budget(..., clock=fake)`), so the mechanism is tested without timing
assertions; the real worst case is measured in `bench/ai_positions.py`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

HARD_FRACTION = 0.9
"""The search aborts once this fraction of the budget has elapsed (room to unwind and answer)."""
SOFT_FRACTION = 0.6
"""A new depth starts only if it is predicted to finish by this fraction of the budget."""
CHECK_EVERY = 128
"""Nodes between two clock reads."""


class Timeout(Exception):
    """Raised inside a search when its budget's hard deadline has passed."""


class Budget:
    """A time budget of `seconds`, measured from construction with `clock`.

    `seconds=None` means no limit (the search then needs a depth limit). `tick()` counts a node
    and, every `check_every` nodes, raises `Timeout` if `hard_fraction * seconds` have elapsed.
    """

    __slots__ = ("seconds", "clock", "start", "deadline", "soft_deadline", "check_every",
                 "nodes", "_next_check", "timed_out")

    def __init__(self, seconds: float | None, *, clock: Callable[[], float] = time.perf_counter,
                 check_every: int = CHECK_EVERY, hard_fraction: float = HARD_FRACTION,
                 soft_fraction: float = SOFT_FRACTION):
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a time budget is a positive number of seconds, not {seconds!r}")
        self.seconds = seconds
        self.clock = clock
        self.start = clock()
        inf = float("inf")
        self.deadline = inf if seconds is None else self.start + hard_fraction * seconds
        self.soft_deadline = inf if seconds is None else self.start + soft_fraction * seconds
        self.check_every = check_every
        self.nodes = 0
        self._next_check = check_every
        self.timed_out = False

    def tick(self) -> None:
        """Count one node; every `check_every` nodes, check the clock."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self.check_every
            self.check()

    def check(self) -> None:
        """Raise `Timeout` if the hard deadline has passed."""
        if self.clock() >= self.deadline:
            self.timed_out = True
            raise Timeout

    def elapsed(self) -> float:
        return self.clock() - self.start

    def can_finish(self, estimate: float) -> bool:
        """Whether work predicted to take `estimate` seconds, started now, ends before the
        soft deadline."""
        return self.clock() + estimate <= self.soft_deadline


@dataclass
class SearchResult:
    """The outcome of an iterative-deepening search."""

    move: Any
    value: float | None
    depth: int
    """Deepest completed depth (0: none completed, `move` is the fallback)."""
    nodes: int
    elapsed: float
    timed_out: bool
    depth_times: list[float] = field(default_factory=list)


def iterative_deepening(search: Callable[[int], tuple[float, Any]], budget: Budget, *,
                        fallback: Any, max_depth: int = 64, decisive: float | None = None,
                        min_growth: float = 2.0, default_growth: float = 8.0) -> SearchResult:
    """Run `search(depth)` for depth = 1, 2, ... up to `max_depth` inside `budget`.

    `search(depth)` returns (value, move) or raises `Timeout`. The result is that of the deepest
    depth that completed; if none did, `fallback` (a move the caller computed cheaply). A depth
    is started only if its predicted time (the last depth's time times the last growth factor,
    at least `min_growth`) fits before the budget's soft deadline, so little time is wasted on a
    depth that would be thrown away. Once `abs(value) >= decisive` (a forced win or loss was
    found) deeper search stops.
    """
    move, value, depth_done = fallback, None, 0
    times: list[float] = []
    timed_out = False
    for depth in range(1, max_depth + 1):
        if times:
            growth = default_growth if len(times) < 2 else max(min_growth, times[-1] / max(times[-2], 1e-6))
            if not budget.can_finish(times[-1] * growth):
                break
        started = budget.clock()
        try:
            value, move = search(depth)
        except Timeout:
            timed_out = True
            break
        depth_done = depth
        times.append(budget.clock() - started)
        if decisive is not None and abs(value) >= decisive:
            break
    return SearchResult(move=move, value=value if depth_done else None, depth=depth_done,
                        nodes=budget.nodes, elapsed=budget.elapsed(), timed_out=timed_out,
                        depth_times=times)
