"""Strength of Parlor's Runners computer players, and Hard's move time (CPython).

- Hard vs Medium, two players: each opening (two random plies after the start) is played four
  times: Hard as Orange and as Blue, Orange and Blue taking the first turn. Points: a win 1, a
  shared win 1/(number of winners). Target: Hard >= 75% of the points.
- One Hard seat against three Medium seats, four-player free-for-all: Hard's seat and the first
  seat rotate over all 16 combinations. Target: Hard wins at least twice its fair share (>= 50%
  of the wins, counting a shared win as a fraction).
- Hard team vs Medium team in 2v2 (information only; no target): Hard's team and the first seat
  rotate. A shared (tied) game is half a point.
- Hard's move time (wall clock, CPython): median and worst, for 2 and 4 players; also the worst
  CPU time (a loaded machine can stretch the wall time of a search that stopped on time).

Hard's budget is CPython wall-clock time. Pyodide runs pure-Python search about 1.9x slower, so
a CPython budget of B seconds is roughly a browser budget of 1.9 x B (0.5 s here ~ 1 s in the
page). Prints figures; asserts nothing.

    python bench/runners_strength.py                          # 100 + 100 games, 0.5 s, 2 workers
    python bench/runners_strength.py --games 200 --games4 120 --budget 0.5 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

from parlor.ai import choose_move  # noqa: E402
from parlor.rules import new_game  # noqa: E402


def play_game(job):
    """Play one game; returns (game id, hard seat, winners, plies, hard move times)."""
    game_id, seats, variant, first, levels, opening_seed, budget = job
    state = new_game("runners", seats=seats, variant=variant, first=first)
    rng = random.Random(opening_seed)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    times = []
    while not state.is_over:
        seat = state.to_move
        seed = game_id * 1000 + len(state.history)
        started, cpu = time.perf_counter(), time.process_time()
        move = choose_move(state.view(seat), levels[seat], seed=seed, budget_s=budget)
        if levels[seat] == "hard":
            times.append((time.perf_counter() - started, time.process_time() - cpu))
        state = state.play(move)
    return game_id, levels.index("hard"), state.winners, len(state.history), times


def run(jobs, workers):
    with multiprocessing.Pool(workers) as pool:
        return list(pool.imap_unordered(play_game, jobs))


def report_times(label, pairs, budget):
    """Wall-clock times, and the worst CPU time of the worker process: on a loaded machine a
    move's wall time can exceed the budget while its search stopped on time."""
    times = sorted(wall for wall, _ in pairs)
    over = [(wall, cpu) for wall, cpu in pairs if wall > budget]
    print(f"  Hard move time, {label} (CPython, budget {budget} s): median {statistics.median(times):.3f} s, "
          f"p99 {times[int(0.99 * (len(times) - 1))]:.3f} s, worst {times[-1]:.3f} s over {len(times)} moves; "
          f"worst CPU time {max(cpu for _, cpu in pairs):.3f} s; over budget (wall): {len(over)}"
          + (f", their CPU time at most {max(cpu for _, cpu in over):.3f} s" if over else ""))


def two_player(games, budget, workers):
    jobs = []
    for i in range(games):
        hard_seat, first = i % 2, (i // 2) % 2
        levels = ["hard", "medium"] if hard_seat == 0 else ["medium", "hard"]
        jobs.append((i, 2, "ffa", first, levels, 7000 + i // 4, budget))
    started = time.perf_counter()
    results = run(jobs, workers)
    points = sum((hard in winners) / len(winners) for _, hard, winners, _, _ in results)
    wins = sum(winners == [hard] for _, hard, winners, _, _ in results)
    shared = sum(len(winners) > 1 and hard in winners for _, hard, winners, _, _ in results)
    second = [r for r in results if (r[0] // 2) % 2 != r[1]]
    second_points = sum((hard in winners) / len(winners) for _, hard, winners, _, _ in second)
    print(f"Hard vs Medium, 2 players: {len(results)} games ({games // 4} openings x seats x first), "
          f"+{wins} shared {shared} -{len(results) - wins - shared}, Hard's points "
          f"{100 * points / len(results):.1f}% (moving second: {100 * second_points / max(1, len(second)):.1f}%); "
          f"median game {statistics.median(r[3] for r in results):.0f} plies, {time.perf_counter() - started:.0f} s")
    report_times("2 players", [t for r in results for t in r[4]], budget)


def four_player(games, budget, workers):
    jobs = []
    for i in range(games):
        hard_seat, first = i % 4, (i // 4) % 4
        levels = ["medium"] * 4
        levels[hard_seat] = "hard"
        jobs.append((i, 4, "ffa", first, levels, 9000 + i // 16, budget))
    started = time.perf_counter()
    results = run(jobs, workers)
    share = sum((hard in winners) / len(winners) for _, hard, winners, _, _ in results)
    outright = sum(winners == [hard] for _, hard, winners, _, _ in results)
    print(f"One Hard vs three Medium, 4 players: {len(results)} games, Hard's wins {outright} outright, "
          f"win share {100 * share / len(results):.1f}% (fair share 25%, target >= 50%); "
          f"median game {statistics.median(r[3] for r in results):.0f} plies, {time.perf_counter() - started:.0f} s")
    report_times("4 players", [t for r in results for t in r[4]], budget)


def team_game(games, budget, workers):
    jobs = []
    for i in range(games):
        hard_team, first = i % 2, (i // 2) % 4
        levels = ["hard" if s % 2 == hard_team else "medium" for s in range(4)]
        jobs.append((i, 4, "2v2", first, levels, 11000 + i // 8, budget))
    started = time.perf_counter()
    results = run(jobs, workers)
    points = sum((hard in winners) * 2 / len(winners) for _, hard, winners, _, _ in results)
    print(f"Hard team vs Medium team, 2v2: {len(results)} games, Hard team's points "
          f"{100 * points / len(results):.1f}%; median game {statistics.median(r[3] for r in results):.0f} plies, "
          f"{time.perf_counter() - started:.0f} s")
    report_times("2v2", [t for r in results for t in r[4]], budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="two-player games (default 100)")
    parser.add_argument("--games4", type=int, default=96, help="four-player games (default 96)")
    parser.add_argument("--games2v2", type=int, default=32, help="2v2 games, Hard team vs Medium team (default 32)")
    parser.add_argument("--budget", type=float, default=0.5, help="Hard's CPython budget per move in s (default 0.5)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--match", choices=["all", "2p", "4p", "2v2"], default="all")
    args = parser.parse_args()
    print(f"Runners strength; Hard budget {args.budget} s per move under CPython "
          f"(~{1.9 * args.budget:.2f} s in Pyodide); {args.workers} workers")
    if args.match in ("all", "2p"):
        two_player(args.games, args.budget, args.workers)
    if args.match in ("all", "4p"):
        four_player(args.games4, args.budget, args.workers)
    if args.match in ("all", "2v2"):
        team_game(args.games2v2, args.budget, args.workers)


if __name__ == "__main__":
    main()
