"""Gems (ConHex) figures: playout speed, Hard's move time and its first-gem table.

Prints figures (with the machine's load average); asserts nothing. The computer players'
strength is measured by bench/arena.py (`bench/arena.py gems hard medium`).

    python bench/gems.py playouts               # random playout to a full board, per playout
    python bench/gems.py times --budget 0.45    # Hard's move time over 20 positions
    python bench/gems.py first-gems --games 40 --depth 2   # the table FIRST_GEM of parlor.ai.gems
    python bench/gems.py all                    # playouts and times

Hard's budget is CPython wall-clock time. Pyodide runs this code about 1.9x slower, so a CPython
budget of 0.45-0.5 s corresponds to the browser's 1 s (`budget_s` 1.0 there). Hard stops
simulating at 75% of its budget.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

from parlor.ai import choose_move  # noqa: E402
from parlor.ai import gems as gems_ai  # noqa: E402
from parlor.ai.search import Budget  # noqa: E402
from parlor.rules import gems as G  # noqa: E402
from parlor.rules import new_game  # noqa: E402


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# --- playouts ----------------------------------------------------------------------------------

def bench_playouts(count: int) -> None:
    print(f"# random playouts to a full board and the winner (CPython; {load()})")
    rng = random.Random(1)
    positions = {"empty board": new_game("gems", variant="no-pie")}
    state = new_game("gems", variant="no-pie")
    while len(state.history) < 20:
        state = state.play(rng.choice(state.legal_moves()))
    positions["after 20 random gems"] = state
    for name, state in positions.items():
        empties = [h for h in range(G.N_HOLES) if not (state.gems[0] | state.gems[1]) >> h & 1]
        for label, fn in (("playout (uniform, rules)", G.playout),
                          ("reply_playout (races answered, Hard)", gems_ai.reply_playout)):
            best = math.inf
            for _ in range(3):
                start = time.perf_counter()
                for _ in range(count):
                    fn(*state.gems, *state.owned, state.to_move, rng, empties)
                best = min(best, (time.perf_counter() - start) / count)
            print(f"{name:22} {label:38} {best * 1e6:7.1f} µs per playout (best of 3 x {count})")
    print(f"# {load()}")


# --- Hard's move time ----------------------------------------------------------------------------

def bench_times(budget: float, positions: int) -> None:
    print(f"# Hard's move time, budget {budget} s (CPython), {positions} positions; {load()}")
    rng = random.Random(5)
    picked = []
    while len(picked) < positions:
        state = new_game("gems", variant=rng.choice(["standard", "no-pie", "handicap-2"]))
        stop = rng.choice([0, 1, 2, 4, 8, 12, 16, 24, 32])
        while not state.is_over and len(state.history) < stop:
            level = "medium" if rng.random() < 0.7 else "easy"
            state = state.play(choose_move(state.view(state.to_move), level, seed=rng.random()))
        if not state.is_over:
            picked.append(state)
    times, cpu = [], []
    for i, state in enumerate(picked):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        choose_move(state.view(state.to_move), "hard", seed=i, budget_s=budget)
        times.append(time.perf_counter() - wall0)
        cpu.append(time.process_time() - cpu0)
    print("moves:", " ".join(f"{t:.3f}" for t in times))
    print(f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s wall "
          f"(worst CPU {max(cpu):.3f} s); the search stops at 75% of the budget "
          f"({0.75 * budget:.3f} s) or once its move is decided, then finishes its round of "
          f"{gems_ai.CHECK_EVERY} simulations; worst past that point "
          f"{max(times) - 0.75 * budget:+.3f} s")
    print(f"# {load()}")


# --- the first-gem table -------------------------------------------------------------------------

def first_gem_game(job: tuple) -> bool:
    """One Hard-vs-Hard game after Red's first gem on `hole` (no swap); True if Red won."""
    hole, index, depth = job
    rng = random.Random(f"{hole}-{index}")
    state = new_game("gems", variant="no-pie").play(hole)
    while not state.is_over:
        state = state.play(gems_ai.hard_move(state, rng, Budget(None), depth))
    return state.winners == [0]


def bench_first_gems(games: int, depth: int, workers: int) -> None:
    print(f"# FIRST_GEM: Red's share of Hard-vs-Hard games ({depth * gems_ai.ITERATIONS_PER_DEPTH}"
          f" simulations a move) after its first gem, {games} games per class of holes the "
          f"top-bottom and left-right flips map onto each other; {load()}")
    classes: dict[str, list[str]] = {}
    for hole in G.HOLES:
        classes.setdefault(min(gems_ai._twins(hole)), sorted(gems_ai._twins(hole)))
    keys = sorted(classes)
    jobs = [(key, i, depth) for i in range(games) for key in keys]
    wins = {key: 0 for key in keys}
    played = {key: 0 for key in keys}

    def table() -> None:
        for key in sorted(keys, key=lambda k: -wins[k] / max(played[k], 1)):
            low, high = wilson(wins[key], played[key])
            print(f"{' '.join(classes[key]):12} {wins[key]:3}/{played[key]} = "
                  f"{wins[key] / max(played[key], 1):.3f} (95% CI {low:.2f}-{high:.2f})")
        print("_FIRST_GEM_CLASSES = {" + ", ".join(
            f'"{k}": {wins[k] / max(played[k], 1):.3f}' for k in keys) + "}")
        print(f"# {sum(played.values())} games; {load()}", flush=True)

    with multiprocessing.Pool(workers) as pool:   # every class gets its i-th game in turn
        for done, ((key, _, _), won) in enumerate(
                zip(jobs, pool.imap(first_gem_game, jobs, chunksize=1)), 1):
            wins[key] += won
            played[key] += 1
            if done % (4 * len(keys)) == 0 and done < len(jobs):
                table()
    table()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["playouts", "times", "first-gems", "all"])
    parser.add_argument("--games", type=int, default=100, help="first-gems: games per class")
    parser.add_argument("--budget", type=float, default=0.45)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--count", type=int, default=2000, help="playouts per timing")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=2,
                        help="first-gems: Hard's simulations a move, in hundreds")
    args = parser.parse_args()
    if args.what in ("playouts", "all"):
        bench_playouts(args.count)
    if args.what in ("times", "all"):
        bench_times(args.budget, args.positions)
    if args.what == "first-gems":
        bench_first_gems(args.games, args.depth, args.workers)


if __name__ == "__main__":
    main()
