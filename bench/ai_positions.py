"""Twenty fixed, varied mid-game Ataxx positions, and Hard's move time over them (CPython).

`POSITIONS` (standard Ataxx FENs: open board and blocked-square layouts, 5-27 moves in, either
side to move, 23-107 legal moves) and `positions()` (their views, as the AI receives them) are
meant for reuse, e.g. by the in-browser benchmark of Hard's move time under Pyodide.

Running this file prints, for Hard at a budget (default 1 s), the median and worst wall-clock
time of `choose_move` over the 20 positions, the depth reached, and the largest gap between two
clock reads inside the search (an upper bound on how far past its deadline the search can run,
unless the process is kept off the CPU: CPU time is printed beside wall time to tell).

    python bench/ai_positions.py [--budget 1.0] [--repeat 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401

from parlor.ai import ataxx as ataxx_ai  # noqa: E402
from parlor.ai import choose_move  # noqa: E402
from parlor.ai.search import HARD_FRACTION, Budget  # noqa: E402
from parlor.rules import new_game  # noqa: E402

POSITIONS = [
    "x5o/3oo2/3o3/7/x6/7/5xx x 0 5",
    "6o/x1x4/1xxxo2/2xxo2/7/7/o4xx o 0 7",
    "xx3xx/ooo2xx/oo5/7/6x/5x1/1o5 x 0 9",
    "5x1/xooxxxo/1oo-xxo/2---2/3-2x/7/o6 o 0 11",
    "xx2xxx/x2ooo1/xx2o2/7/7/7/oo5 x 0 13",
    "x3xxx/xx2x2/3ooox/3xxx1/4xx1/4x2/3ooo1 o 0 15",
    "7/2x1oox/1o2oox/o3o1o/1o2oox/o3oox/o4xx x 0 17",
    "x4xx/xox1xxx/oo-o-xx/ooxooxx/oo-o-2/1xx4/7 o 0 19",
    "x6/2o3o/1xoo3/2ooo2/o1xxx2/1xxxooo/1xxxxoo x 0 21",
    "1o1o2o/o2o3/1xx4/1oxxxo1/ooxxx2/1xooox1/1xo4 o 0 23",
    "7/3ooo1/3ooox/3xoxx/1xoxooo/xooxxxo/xooox2 x 0 25",
    "5o1/1-oox-1/1oooxo1/1xxoxxx/1xxooxx/1-xxo-x/1xooo1x o 0 27",
    "xoo4/5o1/5o1/7/7/3x3/2x1xxx x 0 6",
    "xxxx3/x1xx1x1/7/1xo4/1xoo3/xxo4/xx4x o 0 10",
    "xx4o/oo5/oo1o3/oox1x2/x2o3/2o4/6x x 0 14",
    "xx2oox/x2-1xx/2-1-oo/1-1x1-o/2-o-xx/2o-xxx/6x o 0 18",
    "oooxx1o/oooxx2/oooxx2/ooox3/xxx3o/5oo/o3o1o x 0 22",
    "6o/7/1o5/1ooxx2/oo1xx2/7/o6 o 0 8",
    "xx5/1x5/4x2/7/2oo3/oooooo1/ooxoo2 x 0 12",
    "x5o/xx4o/x2-3/1x---2/1xx-3/xxxoox1/x1xoo2 o 0 16",
]


def positions(variant: str = "standard"):
    """Yield (fen, view) for each position: the view of the side to move."""
    for fen in POSITIONS:
        state = new_game("ataxx", fen=fen, variant=variant)
        yield fen, state.view(state.to_move)


class GapClock:
    """perf_counter that remembers the largest interval between two consecutive reads."""

    def __init__(self):
        self.last = None
        self.max_gap = 0.0

    def __call__(self) -> float:
        now = time.perf_counter()
        if self.last is not None:
            self.max_gap = max(self.max_gap, now - self.last)
        self.last = now
        return now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=1.0, help="Hard's budget in s (default 1.0)")
    parser.add_argument("--repeat", type=int, default=1, help="times each position is played (default 1)")
    args = parser.parse_args()
    times, cpu, depths, gaps, overrun = [], [], [], [], []
    for _ in range(args.repeat):
        for i, (fen, view) in enumerate(positions()):
            ataxx_ai.clear_tables()  # each position as the first move of a game: a cold table
            started, cpu_started = time.perf_counter(), time.process_time()
            choose_move(view, "hard", seed=i, budget_s=args.budget)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            # The same search with an instrumented clock: depth reached, largest gap between
            # clock reads, and how far past the hard deadline it stopped.
            state = new_game("ataxx", fen=fen)
            x, o = state.pieces
            own, opp = (x, o) if state.to_move == 0 else (o, x)
            clock = GapClock()
            ataxx_ai.clear_tables()
            budget = Budget(args.budget, clock=clock)
            result = ataxx_ai.search(own, opp, state.blocked, solo=False, rng=random.Random(i), budget=budget)
            depths.append(result.depth)
            gaps.append(clock.max_gap)
            if result.timed_out:
                overrun.append(result.elapsed - HARD_FRACTION * args.budget)
    print(f"Hard over {len(POSITIONS)} positions x {args.repeat}, budget {args.budget} s (CPython "
          f"{sys.version.split()[0]}; Pyodide is ~1.9x slower per node, but the budget is wall-clock):")
    print(f"  choose_move time: median {statistics.median(times):.3f} s, worst {max(times):.3f} s "
          f"(CPU time: median {statistics.median(cpu):.3f} s, worst {max(cpu):.3f} s; wall > CPU "
          "means the process was waiting for a core)")
    print(f"  depth completed: median {statistics.median(depths)}, min {min(depths)}, max {max(depths)}")
    print(f"  largest gap between clock reads: {1000 * max(gaps):.1f} ms "
          f"(median per search {1000 * statistics.median(gaps):.1f} ms)")
    if overrun:
        print(f"  searches aborted by the deadline: {len(overrun)}; past the hard deadline "
              f"({HARD_FRACTION:.0%} of budget) by at most {1000 * max(overrun):.1f} ms")
    else:
        print("  no search was aborted by the deadline (each stopped at a completed depth)")


if __name__ == "__main__":
    main()
