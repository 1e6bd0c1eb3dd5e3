"""Ataxx Hard against sparring partners, and Hard's speed in nodes per second (CPython).

Players (for --a and --b):

    hard        parlor's Hard (parlor.ai.ataxx) inside --budget seconds, as the page calls it
    hard:D      parlor's Hard at fixed depth D (fresh tables, no time limit)
    old         the Hard of commit 8a3aa6d (bench/ataxx_old_hard.py) inside --budget seconds
    old:D       that old Hard at fixed depth D
    ref:D       the C stand-in for "a dedicated engine at fixed depth D" (bench/ataxx_ref.py:
                alpha-beta to D plies, material; `ref:D,SAFE` adds SAFE per unattackable piece)
    medium, easy

A match plays random 2-4 ply openings (2/3 on the open board, the rest on the blocked layouts;
the same openings as bench/ai_strength.py), each opening twice with colours swapped, standard
variant. It prints A's points with a 95% interval and the Elo difference, and for each budgeted
player its time per move (mean, median, worst, moves over the budget), completed depth and
nodes per second. `--endgame` runs Hard alone with 2-10 empty squares and counts the searches
that prove the result. `--nps` instead times Hard (or `--a old`) alone on fixed middle-game positions,
with `--pyodide` also inside Pyodide under Node.js (bench/ataxx_hard_pyodide.mjs: the built
wheel, local files only), where the budget is the same number of seconds.

Budgets are CPython wall-clock seconds; Pyodide runs the search about 2x slower, so 0.5 s here is
about 1 s in the page. Matches with a budget are load-sensitive: say the load beside figures.

    python bench/ataxx_hard.py --a hard --b old --games 40 --budget 0.5 [--clock cpu]
    python bench/ataxx_hard.py --a hard --b ref:7 --games 40 --budget 0.5 --clock cpu
    python bench/ataxx_hard.py --nps --budget 0.5 [--a old] [--pyodide --site dist/site]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

import ataxx_old_hard  # noqa: E402
import ataxx_ref  # noqa: E402
from parlor.ai import ataxx as hard_ai  # noqa: E402
from parlor.ai import choose_move  # noqa: E402
from parlor.ai.search import Budget  # noqa: E402
from parlor.rules import from_view, new_game  # noqa: E402
from parlor.rules.ataxx import FULL, LAYOUTS, START_FEN  # noqa: E402

MAX_PLIES = 400
HUGE = 3600.0
CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCK["wall"]
"""The clock of the budgets: wall time (as in the page) or this process's CPU time (--clock cpu,
for matches on a loaded machine: a search is not cut short while it waits for a core)."""


def openings(count: int, seed: int = 2024) -> list[tuple[str, list[str]]]:
    """`count` distinct (start FEN, opening moves), as bench/ai_strength.py makes them."""
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


# --- players ---------------------------------------------------------------------------------

def searched_move(module, state, seed: int, budget_s: float, max_depth: int | None):
    """A Hard move through `module.search`, as `choose` makes it: (move, nodes, depth)."""
    budget = Budget(budget_s, clock=clock)  # started before the view is rebuilt, as in choose_move
    state = from_view(state.view(state.to_move))
    if state.legal_moves() == ["pass"]:
        return "pass", 0, 0
    x, o = state.pieces
    own, opp = (x, o) if state.to_move == 0 else (o, x)
    result = module.search(own, opp, state.blocked, solo=state.variant == "solo",
                           rng=random.Random(seed), budget=budget, max_depth=max_depth)
    return module.move_name(*module.decode(result.move)), result.nodes, result.depth


def play_move(spec: str, state, seed: int, budget_s: float):
    """(move, nodes, depth) of player `spec` (nodes and depth None for non-searching players).

    `hard@NAME=VALUE,...` (e.g. `hard@SAFE=0:3`) sets constants of parlor.ai.ataxx for that
    player's moves only (an experiment; its searches then use fresh tables)."""
    spec, _, overrides = spec.partition("@")
    if overrides:
        values, _, depth = overrides.partition(":")
        saved = {}
        for item in values.split(","):
            name, _, value = item.partition("=")
            saved[name] = getattr(hard_ai, name)
            setattr(hard_ai, name, type(saved[name])(float(value)))
        try:
            hard_ai.clear_tables()
            return play_move(spec + (":" + depth if depth else ""), state, seed, budget_s)
        finally:
            for name, value in saved.items():
                setattr(hard_ai, name, value)
            hard_ai.clear_tables()
    name, _, arg = spec.partition(":")
    if name in ("easy", "medium"):
        return choose_move(state.view(state.to_move), name, seed=seed), None, None
    if name == "ref":
        return ataxx_ref.choose(state, *ataxx_ref.parse(arg)), None, None
    module = {"hard": hard_ai, "old": ataxx_old_hard}[name]
    if arg:
        return searched_move(module, state, seed, HUGE, int(arg))
    return searched_move(module, state, seed, budget_s, None)


def play_game(job):
    """One game; returns (job id, winners, plies, {seat: [(seconds, nodes, depth), ...]})."""
    game_id, fen, opening, specs, budget_s = job
    if "hard" in specs[0] or "hard" in specs[1]:
        hard_ai.clear_tables()  # a new game starts with empty tables, as a fresh page would
    state = new_game("ataxx", fen=fen, variant="standard")
    for move in opening:
        state = state.play(move)
    record = {0: [], 1: []}
    while not state.is_over and len(state.history) < MAX_PLIES:
        seat = state.to_move
        started = clock()
        move, nodes, depth = play_move(specs[seat], state, game_id * 1000 + len(state.history), budget_s)
        record[seat].append((clock() - started, nodes, depth))
        state = state.play(move)
    winners = state.winners if state.is_over else [0, 1]
    return game_id, winners, len(state.history), record


def load() -> str:
    return "load %.2f %.2f %.2f" % os.getloadavg()


def interval(scores: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(scores)
    sd = statistics.pstdev(scores) if len(scores) > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(len(scores))


def elo(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def describe_times(spec: str, moves: list[tuple[float, int | None, int | None]], budget_s: float) -> str:
    times = sorted(t for t, _, _ in moves)
    text = (f"  {spec:8} {len(times)} moves: time mean {statistics.fmean(times):.3f} s, median "
            f"{statistics.median(times):.3f} s, worst {times[-1]:.3f} s")
    if not spec.partition(":")[2] and spec.split(":")[0].split("@")[0] in ("hard", "old"):
        text += f" (budget {budget_s} s; over it: {sum(t > budget_s for t in times)})"
    nodes = [(t, n, d) for t, n, d in moves if n]
    if nodes:
        text += (f"; {sum(n for _, n, _ in nodes) / sum(t for t, _, _ in nodes):,.0f} nodes/s, "
                 f"mean depth {statistics.fmean(d for _, _, d in nodes):.2f}")
    return text


def match(a: str, b: str, games: int, budget_s: float, workers: int, minutes: float | None = None,
          progress: bool = False) -> None:
    pairs = openings((games + 1) // 2)
    jobs = []
    for i, (fen, moves) in enumerate(pairs):
        jobs.append((2 * i, fen, moves, (a, b), budget_s))
        jobs.append((2 * i + 1, fen, moves, (b, a), budget_s))
    jobs = jobs[:games]
    started = time.perf_counter()
    scores, plies = [], []
    moves = {a: [], b: []} if a != b else {a: []}
    with multiprocessing.Pool(workers) as pool:
        for game_id, winners, n, record in pool.imap_unordered(play_game, jobs):
            seat_a = game_id % 2
            scores.append(1.0 if winners == [seat_a] else 0.5 if len(winners) == 2 else 0.0)
            plies.append(n)
            moves[a].extend(record[seat_a])
            moves.setdefault(b, []).extend(record[1 - seat_a])
            if progress:
                print(f"  game {game_id} ({a} {'first' if seat_a == 0 else 'second'}): {scores[-1]} "
                      f"-> {sum(scores)}/{len(scores)}", flush=True)
            if minutes is not None and time.perf_counter() - started > 60 * minutes:
                print(f"  time limit: {len(scores)} of {len(jobs)} games finished, the rest dropped")
                pool.terminate()
                break
    mean, half = interval(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    print(f"{a} vs {b}: {len(scores)} games ({len(pairs)} openings x both colours): "
          f"+{wins} ={draws} -{len(scores) - wins - draws}, {a} scores {100 * mean:.1f}% "
          f"+- {100 * half:.1f} (95%), Elo {elo(mean):+.0f} "
          f"[{elo(max(mean - half, 0)):+.0f}, {elo(min(mean + half, 1)):+.0f}]; median game "
          f"{statistics.median(plies):.0f} plies, {time.perf_counter() - started:.0f} s; " + load())
    for spec, recorded in moves.items():
        if recorded:
            print(describe_times(spec, recorded, budget_s))


def measure_nps(spec: str = "hard", budget_s: float = 0.5, positions: int = 20, seed: int = 7) -> dict:
    """`spec` ("hard" or "old") alone on `positions` middle-game positions (random play 8-40
    plies after varied openings), empty tables each: nodes per second, time used and depth.
    The same code runs under CPython and inside Pyodide (bench/ataxx_hard_pyodide.mjs)."""
    rng = random.Random(seed)
    module = {"hard": hard_ai, "old": ataxx_old_hard}[spec]
    rows = []
    for fen, opening in openings(positions, seed):
        state = new_game("ataxx", fen=fen)
        for move in opening:
            state = state.play(move)
        for _ in range(rng.randint(8, 40)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over or state.legal_moves() == ["pass"]:
            continue
        hard_ai.clear_tables()
        started = clock()
        _, nodes, depth = searched_move(module, state, 1, budget_s, None)
        rows.append((clock() - started, nodes, depth))
    times = sorted(t for t, _, _ in rows)
    depths = [d for _, _, d in rows]
    return {"python": sys.version.split()[0], "platform": sys.platform, "spec": spec,
            "clock": "cpu" if clock is CLOCK["cpu"] else "wall",
            "budget_s": budget_s, "positions": len(rows),
            "nodes_per_s": sum(n for _, n, _ in rows) / sum(times),
            "time_mean": statistics.fmean(times), "time_worst": times[-1],
            "depth_mean": statistics.fmean(depths), "depth_min": min(depths), "depth_max": max(depths)}


def measure_endgame(budget_s: float = 0.5, per_count: int = 6, seed: int = 11) -> None:
    """Hard alone near the end: for 2-10 empty squares, `per_count` positions (random play from
    the openings until that many squares are empty, the side to move with a choice), empty
    tables each; prints how many searches proved the result (a won or lost value) and the depths
    reached."""
    rng = random.Random(seed)
    found: dict[int, list] = {}
    for fen, opening in openings(20 * per_count, seed):
        state = new_game("ataxx", fen=fen)
        for move in opening:
            state = state.play(move)
        target = rng.randint(2, 10)
        while not state.is_over and (FULL & ~(state.pieces[0] | state.pieces[1] | state.blocked)).bit_count() > target:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and len(state.legal_moves()) > 1 and len(found.setdefault(target, [])) < per_count:
            found[target].append(state)
    for count in sorted(found):
        proven, depths, times = 0, [], []
        for state in found[count]:
            hard_ai.clear_tables()
            x, o = state.pieces
            own, opp = (x, o) if state.to_move == 0 else (o, x)
            started = clock()
            result = hard_ai.search(own, opp, state.blocked, solo=False, rng=random.Random(1),
                                    budget=Budget(budget_s, clock=clock))
            times.append(clock() - started)
            proven += result.value is not None and abs(result.value) >= hard_ai.MATE_BOUND
            depths.append(result.depth)
        print(f"  {count} empty: {proven} of {len(depths)} proven; depths {depths}; time mean "
              f"{statistics.fmean(times):.3f} s")


def print_nps(r: dict) -> None:
    print(f"{r['spec']} alone, budget {r['budget_s']} s ({r.get('clock', 'wall')} clock), Python {r['python']} ({r['platform']}), "
          f"{r['positions']} positions: {r['nodes_per_s']:,.0f} nodes/s; time mean "
          f"{r['time_mean']:.3f} s, worst {r['time_worst']:.3f} s; depth mean {r['depth_mean']:.2f} "
          f"({r['depth_min']}-{r['depth_max']}); " + load())


def run_pyodide(spec: str, budget_s: float, positions: int, site: Path) -> dict:
    """measure_nps() inside Pyodide under Node.js (the JSON line the .mjs prints last)."""
    wheel = site / "wheels" / "parlor.whl"
    if not wheel.is_file():
        raise SystemExit(f"{wheel} not found: run scripts/build_site.py --out {site}")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        ["node", str(root / "bench" / "ataxx_hard_pyodide.mjs"), "--wheel", str(wheel),
         "--spec", spec, "--budget", str(budget_s), "--positions", str(positions)],
        cwd=root, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"ataxx_hard_pyodide.mjs failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="hard", help="first player (default hard)")
    parser.add_argument("--b", default="old", help="second player (default old)")
    parser.add_argument("--games", type=int, default=40, help="games (default 40)")
    parser.add_argument("--budget", type=float, default=0.5, help="CPython seconds per move (default 0.5)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--clock", choices=sorted(CLOCK), default="wall",
                        help="budgets and times in wall time (default) or process CPU time")
    parser.add_argument("--minutes", type=float, help="stop the match after this long (report the games finished)")
    parser.add_argument("--progress", action="store_true", help="print each game as it ends")
    parser.add_argument("--nps", action="store_true", help="time Hard alone instead of a match")
    parser.add_argument("--positions", type=int, default=20, help="positions for --nps (default 20)")
    parser.add_argument("--endgame", action="store_true",
                        help="Hard alone with 2-10 empty squares: how often it proves the result")
    parser.add_argument("--pyodide", action="store_true", help="with --nps: also inside Pyodide under Node.js")
    parser.add_argument("--site", default="dist/site", help="built site whose wheel Pyodide loads")
    args = parser.parse_args()
    global clock
    clock = CLOCK[args.clock]
    print(f"Ataxx Hard bench: budget {args.budget} s per move ({args.clock} clock, CPython "
          f"{sys.version.split()[0]}); {load()}")
    if args.endgame:
        measure_endgame(args.budget)
    elif args.nps:
        print_nps(measure_nps(args.a, args.budget, args.positions))
        if args.pyodide:
            print_nps(run_pyodide(args.a, args.budget, args.positions, Path(args.site).resolve()))
    else:
        match(args.a, args.b, args.games, args.budget, args.workers, args.minutes, args.progress)


if __name__ == "__main__":
    main()
