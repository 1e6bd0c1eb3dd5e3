"""Hex Chains: rules speed, table build time, computer-player strength and Hard's move time.

Prints figures (asserts nothing), with the machine's load beside them:

- speed: the median time of a uniformly random 6-colour game (6 seats, standard) from the first
  move to the end through the State API, listing every legal move (`legal_moves`) and playing one
  (`play`), and the same with the fast core (`gen_placements` + the AI's `Pos.play`); target for
  the State API <= 0.3 s under CPython. The tables are built before the games (a page builds
  them once, on its first Hex Chains table).
- tables: the time to build each play area's placement tables from nothing (first use), median
  of several fresh builds; target <= 0.5 s per area in Pyodide (`--pyodide` runs `speed()` of
  this file inside Pyodide under Node.js too, through bench/chains_pyodide.mjs).
- strength (through `parlor.ai.choose_move` on views, as the page calls it): Medium vs Easy in
  2x2 (target >= 90% of the points), Hard vs Medium in 2x2 (>= 80%), one Hard vs three Medium in
  4-player games (Hard wins >= 45%; chance is 25%). Each game starts with two random placements
  (an opening shared by the games of one rotation), seats rotated so every level plays every
  seat; a shared win counts 1/(number of winners). 95% Wilson intervals.
- Hard's move time: median and worst, wall clock and CPU, over the strength games, and over 20
  positions of every table (`--positions`).

Hard's budget is CPython wall-clock time. Pyodide runs this code about 1.9x slower, so 0.45 s
here is about 0.85 s in the browser (the page's Hard has 1 s).

    nice -n 10 python bench/chains.py speed [--pyodide]
    nice -n 10 python bench/chains.py strength --games 100 --budget 0.45 --workers 2 [--clock cpu]
                                               [--match four] [--seed 100000]
    nice -n 10 python bench/chains.py positions --budget 0.45 [--clock cpu]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402

_parlor.ensure_parlor()

from parlor.rules import chains, new_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def load() -> str:
    try:
        return "load %.2f %.2f %.2f" % os.getloadavg()
    except (AttributeError, OSError):
        return "load ?"


# --- speed ------------------------------------------------------------------------------------

def timed(fn) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def fresh_tables(area: str) -> tuple[float, float]:
    """(wall, CPU) seconds to build `area`'s tables from nothing (the orientations too)."""
    chains._TABLES.clear()
    chains._SHAPES = None
    return timed(lambda: chains.tables(area))


def random_game_state_api(seed: int) -> int:
    rng = random.Random(seed)
    state = new_game("chains", seats=6)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return len(state.history)


def random_game_core(seed: int) -> None:
    from parlor.ai.chains import Pos

    rng = random.Random(seed)
    pos = Pos.of(new_game("chains", seats=6))
    while pos.turn is not None:
        pos = pos.play(rng.choice(sorted(pos.moves())))


def median_pair(pairs) -> list[float]:
    return [statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)]


def speed(games: int = 15, builds: int = 5) -> dict:
    """Table build times per area and random-game times, (wall, CPU) seconds; runs under
    CPython and in Pyodide."""
    build = {area: median_pair([fresh_tables(area) for _ in range(builds)]) for area in chains.AREAS}
    for area in chains.AREAS:
        chains.tables(area)
    random_game_state_api(10**6)  # warm-up: the notation cache of the tables
    runs = [timed(lambda: random_game_state_api(seed)) for seed in range(games)]
    core = [timed(lambda: random_game_core(seed)) for seed in range(games)]
    moves = statistics.median(random_game_state_api(seed) for seed in range(3))
    return {"python": sys.version.split()[0], "platform": sys.platform, "build_s": build,
            "game_s": median_pair(runs), "game_max_s": max(w for w, _ in runs), "moves": moves,
            "core_game_s": median_pair(core), "games": games, "builds": builds}


def run_speed(args) -> None:
    print(f"Hex Chains speed, CPython {sys.version.split()[0]} ({load()})")
    report_speed(speed(args.games, args.builds))
    if args.pyodide:
        out = subprocess.run(["node", str(ROOT / "bench" / "chains_pyodide.mjs"),
                              "--games", str(args.games), "--builds", str(args.builds)],
                             cwd=ROOT, capture_output=True, text=True, check=False)
        if out.returncode:
            raise SystemExit(f"chains_pyodide.mjs failed ({out.returncode}):\n{out.stderr[-2000:]}")
        py = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"\nPyodide (Python {py['python']}, {py['platform']}) under Node.js ({load()})")
        report_speed(py)


def report_speed(r: dict) -> None:
    builds = ", ".join(f"{area} {1000 * w:.0f} ms ({1000 * c:.0f} ms CPU)" for area, (w, c) in r["build_s"].items())
    print(f"  tables built from nothing (median of {r['builds']}, wall): {builds}")
    (w, c), (cw, cc) = r["game_s"], r["core_game_s"]
    print(f"  random 6-colour game, State API (legal_moves + play every move): median {w:.3f} s "
          f"wall ({c:.3f} s CPU), worst {r['game_max_s']:.3f} s wall; ~{r['moves']:.0f} placements "
          f"a game ({r['games']} games)")
    print(f"  the same with the fast core (gen_placements + Pos.play): median {cw:.3f} s wall ({cc:.3f} s CPU)")


# --- strength ---------------------------------------------------------------------------------

def use_clock(clock: str) -> None:
    """Make Hard's budget count this process's CPU time ("cpu") instead of wall-clock time: on a
    machine shared with other work the wall clock gives Hard only the share of a core it gets."""
    if clock == "cpu":
        import functools

        import parlor.ai as ai
        from parlor.ai.search import Budget

        ai.Budget = functools.partial(Budget, clock=time.process_time)


def play_game(job):
    """One game; returns (job id, the focus seat, winners, scores, focus's move times)."""
    from parlor.ai import choose_move

    job_id, seats, variant, levels, focus, opening_seed, budget, clock = job
    use_clock(clock)
    state = new_game("chains", seats=seats, variant=variant)
    rng = random.Random(opening_seed)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    times = []
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        wall, cpu = time.perf_counter(), time.process_time()
        move = choose_move(view, levels[seat], seed=job_id * 1000 + len(state.history), budget_s=budget)
        if seat == focus:
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        state = state.play(move)
    return job_id, focus, state.winners, state.scores, times


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion `points / n`."""
    if not n:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(label, games, seats, variant, focus_level, other_level, budget, workers, seed0, clock):
    from multiprocessing import Pool

    jobs = []
    for i in range(games):
        focus = i % seats
        levels = [other_level] * seats
        levels[focus] = focus_level
        jobs.append((seed0 + i, seats, variant, levels, focus, seed0 + i // seats, budget, clock))
    started = time.perf_counter()
    with Pool(workers) as pool:
        results = list(pool.imap_unordered(play_game, jobs))
    points = sum((focus in winners) / len(winners) for _, focus, winners, _, _ in results)
    outright = sum(winners == [focus] for _, focus, winners, _, _ in results)
    margin = statistics.mean(scores[focus] - max(s for k, s in enumerate(scores) if k != focus)
                             for _, focus, _, scores, _ in results)
    low, high = wilson(points, len(results))
    print(f"{label}: {len(results)} games, {focus_level} {100 * points / len(results):.1f}% "
          f"(95% interval {100 * low:.1f}-{100 * high:.1f}), {outright} won outright, mean margin "
          f"{margin:+.1f} hexes over the best other seat; {time.perf_counter() - started:.0f} s ({load()})")
    return [t for r in results for t in r[4]]


def report_times(label, pairs, budget):
    if not pairs:
        return
    walls = sorted(w for w, _ in pairs)
    cpus = sorted(c for _, c in pairs)
    over = sum(w > budget for w in walls)
    print(f"  {label} move time (CPython, budget {budget} s): median {statistics.median(walls):.3f} s, "
          f"worst {walls[-1]:.3f} s wall; CPU median {statistics.median(cpus):.3f} s, worst {cpus[-1]:.3f} s; "
          f"{len(walls)} moves, {over} over the budget (wall)")


def run_strength(args) -> None:
    print(f"Hex Chains strength; Hard budget {args.budget} s per move under CPython "
          f"(~{1.9 * args.budget:.2f} s in Pyodide), counted in {args.clock} time; "
          f"{args.workers} workers, seed offset {args.seed} ({load()})")
    if args.match in ("all", "medium-easy"):
        t = match("Medium vs Easy, 2x2", args.games, 2, "2x2", "medium", "easy", args.budget,
                  args.workers, 10_000 + args.seed, args.clock)
        report_times("Medium", t, args.budget)
    if args.match in ("all", "hard-medium"):
        t = match("Hard vs Medium, 2x2", args.games, 2, "2x2", "hard", "medium", args.budget,
                  args.workers, 20_000 + args.seed, args.clock)
        report_times("Hard (2x2)", t, args.budget)
    if args.match in ("all", "four"):
        t = match("One Hard vs three Medium, 4 players (wins; chance 25%)", args.games, 4,
                  "standard", "hard", "medium", args.budget, args.workers, 30_000 + args.seed, args.clock)
        report_times("Hard (4 players)", t, args.budget)


# --- Hard's move time over positions of every table -------------------------------------------

def positions(per_table: int = 20, seed: int = 5):
    """`per_table` positions of every table: each from its own random game, at a ply drawn
    uniformly from that game's (so openings, middle games and endings all count)."""
    from parlor.rules import GAMES

    rng = random.Random(seed)
    out = []
    for seats, variant in GAMES["chains"].tables():
        for _ in range(per_table):
            states = [new_game("chains", seats=seats, variant=variant)]
            while not states[-1].is_over:
                states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
            out.append(((seats, variant), states[rng.randrange(len(states) - 1)]))
    return out


def run_positions(args) -> None:
    import parlor.ai

    use_clock(args.clock)
    print(f"Hard's move time over {args.per_table} positions of every table, budget {args.budget} s "
          f"in {args.clock} time (CPython; {load()})")
    by_table: dict = {}
    for table, state in positions(args.per_table):
        wall, cpu = time.perf_counter(), time.process_time()
        parlor.ai.choose_move(state.view(state.to_move), "hard", seed=1, budget_s=args.budget)
        by_table.setdefault(table, []).append((time.perf_counter() - wall, time.process_time() - cpu))
    for (seats, variant), pairs in by_table.items():
        report_times(f"{seats} seats {variant}", pairs, args.budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("speed")
    p.add_argument("--games", type=int, default=15)
    p.add_argument("--builds", type=int, default=5)
    p.add_argument("--pyodide", action="store_true", help="also run speed() inside Pyodide")
    p = sub.add_parser("strength")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--budget", type=float, default=0.45)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--match", choices=["all", "medium-easy", "hard-medium", "four"], default="all")
    p.add_argument("--seed", type=int, default=0,
                   help="added to every game's seeds (default 0; e.g. 100000 for fresh games)")
    p.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                   help="what Hard's budget counts: wall-clock time (as in the page) or this "
                        "process's CPU time (a fair budget on a machine busy with other work)")
    p = sub.add_parser("positions")
    p.add_argument("--per-table", type=int, default=20)
    p.add_argument("--budget", type=float, default=0.45)
    p.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    {"speed": run_speed, "strength": run_strength, "positions": run_positions}[args.what](args)


if __name__ == "__main__":
    main()
