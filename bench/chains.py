"""Hex Chains: rules speed, table build time and Hard's move time.

Prints figures (asserts nothing), with the machine's load beside them:

- speed: the median time of a uniformly random 6-colour game (6 seats, standard) from the first
  move to the end through the State API, listing every legal move (`legal_moves`) and playing one
  (`play`), and the same with the fast core (`gen_placements` + the AI's `Pos.play`); target for
  the State API <= 0.3 s under CPython. The tables are built before the games (a page builds
  them once, on its first Hex Chains table).
- tables: the time to build each play area's placement tables from nothing (first use), median
  of several fresh builds; target <= 0.5 s per area in Pyodide (`--pyodide` runs `speed()` of
  this file inside Pyodide under Node.js too, through bench/chains_pyodide.mjs).
- Hard's move time over 20 positions of every table (`positions`).

The computer players' strength is measured by bench/arena.py (e.g. `bench/arena.py chains hard
medium --variant 2x2 --clock cpu`; one Hard against three Mediums: `--seats 4`).

Hard's budget is CPython wall-clock time. Pyodide runs this code about 1.9x slower, so 0.45 s
here is about 0.85 s in the browser (the page's Hard has 1 s).

    nice -n 10 python bench/chains.py speed [--pyodide]
    nice -n 10 python bench/chains.py positions --budget 0.45 [--clock cpu]
"""

from __future__ import annotations

import argparse
import json
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


# --- Hard's budget clock ----------------------------------------------------------------------

def use_clock(clock: str) -> None:
    """Make Hard's budget count this process's CPU time ("cpu") instead of wall-clock time: on a
    machine shared with other work the wall clock gives Hard only the share of a core it gets."""
    if clock == "cpu":
        import functools

        import parlor.ai as ai
        from parlor.ai.search import Budget

        ai.Budget = functools.partial(Budget, clock=time.process_time)


def report_times(label, pairs, budget):
    if not pairs:
        return
    walls = sorted(w for w, _ in pairs)
    cpus = sorted(c for _, c in pairs)
    over = sum(w > budget for w in walls)
    print(f"  {label} move time (CPython, budget {budget} s): median {statistics.median(walls):.3f} s, "
          f"worst {walls[-1]:.3f} s wall; CPU median {statistics.median(cpus):.3f} s, worst {cpus[-1]:.3f} s; "
          f"{len(walls)} moves, {over} over the budget (wall)")


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
    p = sub.add_parser("positions")
    p.add_argument("--per-table", type=int, default=20)
    p.add_argument("--budget", type=float, default=0.45)
    p.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    {"speed": run_speed, "positions": run_positions}[args.what](args)


if __name__ == "__main__":
    main()
