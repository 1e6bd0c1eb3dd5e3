"""Strength of Parlor's Ataxx computer players: Hard vs Medium and Medium vs Easy.

Each match plays a set of varied openings (random 2-4 ply openings from a fixed seed, on the open
board and on the named blocked-square layouts), every opening twice with colours swapped, in the
standard variant. Points: win 1, draw 0.5. Prints figures; asserts nothing.

Hard's budget here is CPython wall-clock time. Pyodide runs this search about 1.9x slower, so a
CPython budget of B seconds is roughly a browser budget of 1.9 x B (0.5 s here ~ 1 s in the page).

    python bench/ai_strength.py                 # 100 games per match, Hard at 0.15 s, 2 workers
    python bench/ai_strength.py --games 200 --budget 0.5 --workers 2
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
from parlor.rules.ataxx import LAYOUTS, START_FEN  # noqa: E402

MAX_PLIES = 500


def openings(count: int, seed: int = 2024) -> list[tuple[str, list[str]]]:
    """`count` distinct (start FEN, opening moves): about 2/3 on the open board, the rest spread
    over the blocked-square layouts; 2-4 random plies each, none already decided."""
    rng = random.Random(seed)
    layouts = [fen for name, fen in LAYOUTS.items() if fen != START_FEN]
    result, seen = [], set()
    while len(result) < count:
        i = len(result)
        fen = START_FEN if i % 3 != 2 else layouts[(i // 3) % len(layouts)]
        state = new_game("ataxx", fen=fen)
        moves = []
        for _ in range(rng.randint(2, 4)):
            move = rng.choice(state.legal_moves())
            moves.append(move)
            state = state.play(move)
        key = state.fen()
        if state.is_over or key in seen:
            continue
        seen.add(key)
        result.append((fen, moves))
    return result


def play_game(job):
    """Play one game; returns (job id, points for `first`, plies, hard move times)."""
    game_id, fen, opening, levels, budget = job  # levels: level of seat 0, level of seat 1
    state = new_game("ataxx", fen=fen, variant="standard")
    for move in opening:
        state = state.play(move)
    times = []
    while not state.is_over and len(state.history) < MAX_PLIES:
        seat = state.to_move
        seed = game_id * 1000 + len(state.history)
        started = time.perf_counter()
        move = choose_move(state.view(seat), levels[seat], seed=seed, budget_s=budget)
        if levels[seat] == "hard":
            times.append(time.perf_counter() - started)
        state = state.play(move)
    winners = state.winners if state.is_over else [0, 1]
    return game_id, winners, len(state.history), times


def match(strong: str, weak: str, games: int, budget: float, workers: int) -> None:
    pairs = openings((games + 1) // 2)
    jobs = []
    for i, (fen, moves) in enumerate(pairs):
        jobs.append((2 * i, fen, moves, (strong, weak), budget))
        jobs.append((2 * i + 1, fen, moves, (weak, strong), budget))
    jobs = jobs[:games]
    started = time.perf_counter()
    wins = draws = losses = 0
    plies, times = [], []
    with multiprocessing.Pool(workers) as pool:
        for game_id, winners, n, t in pool.imap_unordered(play_game, jobs):
            strong_seat = game_id % 2
            if winners == [strong_seat]:
                wins += 1
            elif len(winners) == 2:
                draws += 1
            else:
                losses += 1
            plies.append(n)
            times.extend(t)
    points = wins + 0.5 * draws
    print(f"{strong} vs {weak}: {len(jobs)} games ({len(pairs)} openings x both colours), "
          f"+{wins} ={draws} -{losses}, points {100 * points / len(jobs):.1f}% "
          f"(median game {statistics.median(plies):.0f} plies, {time.perf_counter() - started:.0f} s)")
    if times:
        times.sort()
        print(f"  hard move time (CPython, budget {budget} s): median {statistics.median(times):.3f} s, "
              f"p99 {times[int(0.99 * (len(times) - 1))]:.3f} s, worst {times[-1]:.3f} s over {len(times)} moves")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--budget", type=float, default=0.15, help="Hard's CPython budget per move in s (default 0.15)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--match", choices=["all", "hard-medium", "medium-easy"], default="all")
    args = parser.parse_args()
    print(f"Ataxx strength, standard variant; Hard budget {args.budget} s per move under CPython "
          f"(~{1.9 * args.budget:.2f} s in Pyodide); {args.workers} workers")
    if args.match in ("all", "hard-medium"):
        match("hard", "medium", args.games, args.budget, args.workers)
    if args.match in ("all", "medium-easy"):
        match("medium", "easy", args.games, args.budget, args.workers)


if __name__ == "__main__":
    main()
