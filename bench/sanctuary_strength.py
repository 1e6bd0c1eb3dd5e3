"""Strength of Parlor's Sanctuary computer players, and Hard's move time (CPython).

- Hard vs Medium and Medium vs Easy, two teams (sides 0 and 2): game i uses deck seed i, and
  the stronger level plays seat 0 in even games and seat 1 in odd ones, so every deal is played
  from both seats. Targets: Hard >= 60% of the wins against Medium, Medium >= 70% against Easy.
  Luck weighs heavily (the cards), so the 95% confidence interval (Wilson) is printed too.
- Hard's move time (CPython, from the call of `choose_move` with the view to its answer) over
  its non-trivial decisions (not `draw`, not a forced action): median, p99, worst and how many
  exceeded the budget, as wall-clock time and as the process's CPU time (a wall-clock time far
  above the CPU time is time spent waiting for a core on a loaded machine).
- The load average before and after each match (other work on the machine slows the wall
  clock).

Hard's budget is CPython wall-clock time. Pyodide runs pure-Python search about 1.9x slower, so
a CPython budget of B seconds is roughly a browser budget of 1.9 x B (0.5 s here ~ 1 s in the
page). Prints figures; asserts nothing.

    python bench/sanctuary_strength.py                        # 200 + 200 games, 0.5 s, 2 workers
    python bench/sanctuary_strength.py --games 400 --budget 0.25 --workers 2 --match hard
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

from parlor.ai import choose_move  # noqa: E402
from parlor.rules import new_game  # noqa: E402


def play_game(job):
    """Play one game; returns (game id, strong seat, winners, plies, hard move times)."""
    game_id, levels, budget = job
    state = new_game("sanctuary", seats=2, seed=10_000 + game_id)
    times = []
    while not state.is_over:
        seat = state.to_move
        legal = state.legal_moves()
        seed = game_id * 10_000 + len(state.history)
        view = state.view(seat)
        started = time.perf_counter()           # the AI's time: from choose_move's call
        cpu_started = time.process_time()
        move = choose_move(view, levels[seat], seed=seed, budget_s=budget)
        if levels[seat] == "hard" and len(legal) > 1:
            times.append((time.perf_counter() - started, time.process_time() - cpu_started))
        state = state.play(move)
    return game_id, state.winners, len(state.history), times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(strong: str, weak: str, games: int, budget: float, workers: int, target: float) -> None:
    jobs = []
    for i in range(games):
        levels = [strong, weak] if i % 2 == 0 else [weak, strong]
        jobs.append((i, levels, budget))
    started = time.perf_counter()
    load_before = os.getloadavg()
    with multiprocessing.Pool(workers) as pool:
        results = list(pool.imap_unordered(play_game, jobs))
    wins = sum((i % 2) in winners for i, winners, _, _ in results)
    first = sum(0 in winners for _, winners, _, _ in results)
    low, high = wilson(wins, len(results))
    print(f"{strong.title()} vs {weak.title()}: {len(results)} games, {strong.title()} wins {wins} "
          f"= {100 * wins / len(results):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%; target >= "
          f"{100 * target:.0f}%); seat 0 won {100 * first / len(results):.1f}%; median game "
          f"{statistics.median(r[2] for r in results):.0f} plies; {time.perf_counter() - started:.0f} s")
    load_after = os.getloadavg()
    print(f"  load average (1, 5, 15 min) before {', '.join(f'{x:.2f}' for x in load_before)}; "
          f"after {', '.join(f'{x:.2f}' for x in load_after)}")
    for k, what in ((0, "wall clock"), (1, "CPU time")):
        times = sorted(t[k] for r in results for t in r[3])
        if times:
            over = sum(t > budget for t in times)
            print(f"  Hard move {what} (CPython, budget {budget} s): median {statistics.median(times) * 1000:.1f} ms, "
                  f"p99 {times[int(0.99 * (len(times) - 1))] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms "
                  f"over {len(times)} decisions; {over} over the budget")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--budget", type=float, default=0.5, help="Hard's CPython budget per move in s (default 0.5)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--match", choices=["all", "hard", "medium"], default="all")
    args = parser.parse_args()
    print(f"Sanctuary strength; Hard budget {args.budget} s per move under CPython "
          f"(~{1.9 * args.budget:.2f} s in Pyodide); {args.workers} workers")
    if args.match in ("all", "hard"):
        match("hard", "medium", args.games, args.budget, args.workers, 0.60)
    if args.match in ("all", "medium"):
        match("medium", "easy", args.games, args.budget, args.workers, 0.70)


if __name__ == "__main__":
    main()
