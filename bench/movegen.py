"""Ataxx move generation speed: parlor's bitboard perft against python-ataxx, and playouts.

Prints, in one run (CPython): perft(4) from the start (155888 leaves) with
`parlor.rules.ataxx.perft` and with python-ataxx's `Board().perft(4)` (PyPI `ataxx`, pinned in
requirements-dev.txt), the median of several runs each (after one untimed warm-up) and the speed
ratio (target >= 10x); then moves per second of random playouts through the public State API
(`legal_moves` + `play`).

With --pyodide, the same `measure()` of this file also runs inside Pyodide under Node.js
(bench/movegen_pyodide.mjs: node_modules/pyodide, the built wheel, local files only) and the
Pyodide/CPython ratios are printed.

    python bench/movegen.py [--runs 7] [--depth 4] [--pyodide [--site dist/site]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401

from parlor.rules import new_game  # noqa: E402
from parlor.rules.ataxx import perft  # noqa: E402


ROOT = Path(__file__).resolve().parent.parent


def timed(fn, runs):
    """(result, median seconds) of `runs` timed calls after one untimed warm-up call."""
    fn()
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return result, statistics.median(times)


def playouts(seconds: float = 2.0, seed: int = 1) -> tuple[int, int, float]:
    """Random games through State.legal_moves/play for about `seconds`: (games, moves, time)."""
    rng = random.Random(seed)
    games = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_game("ataxx")
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
        games += 1
    return games, moves, time.perf_counter() - started


def measure(runs: int = 7, depth: int = 4, seconds: float = 2.0) -> dict:
    """parlor's perft(depth) from the start (median of `runs`) and State API playout speed.

    The same code runs under CPython and inside Pyodide (bench/movegen_pyodide.mjs)."""
    state = new_game("ataxx")
    leaves, t_perft = timed(lambda: perft(state, depth), runs)
    playouts(0.2)  # warm-up
    games, moves, elapsed = playouts(seconds)
    return {"python": sys.version.split()[0], "platform": sys.platform, "depth": depth, "runs": runs,
            "leaves": leaves, "perft_s": t_perft, "playout_games": games, "playout_moves": moves,
            "playout_moves_per_s": moves / elapsed}


def run_pyodide(runs: int, depth: int, site: Path) -> dict:
    """measure() inside Pyodide under Node.js: the JSON line bench/movegen_pyodide.mjs prints."""
    wheel = site / "wheels" / "parlor.whl"
    if not wheel.is_file():
        raise SystemExit(f"{wheel} not found: run scripts/build_site.py")
    out = subprocess.run(
        ["node", str(ROOT / "bench" / "movegen_pyodide.mjs"), "--wheel", str(wheel),
         "--runs", str(runs), "--depth", str(depth)],
        cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"movegen_pyodide.mjs failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--pyodide", action="store_true", help="also run measure() in Pyodide under Node.js")
    parser.add_argument("--site", default=str(ROOT / "dist" / "site"), help="built site whose wheel Pyodide loads")
    args = parser.parse_args()
    load = "load %.2f %.2f %.2f" % os.getloadavg()
    print(f"CPython {sys.version.split()[0]}, perft({args.depth}) from the start, median of {args.runs} runs "
          f"after a warm-up ({load})")
    cp = measure(args.runs, args.depth)
    ours, t_ours = cp["leaves"], cp["perft_s"]
    print(f"  parlor       : {ours} leaves in {1000 * t_ours:8.1f} ms ({ours / t_ours / 1e6:.2f} M leaves/s)")
    try:
        import ataxx
    except ImportError:
        print("  python-ataxx : not installed (pip install ataxx==2.2.0)")
    else:
        theirs, t_theirs = timed(lambda: ataxx.Board().perft(args.depth), args.runs)
        print(f"  python-ataxx : {theirs} leaves in {1000 * t_theirs:8.1f} ms "
              f"({getattr(ataxx, '__version__', '?')})")
        print(f"  ratio        : parlor is {t_theirs / t_ours:.1f}x faster"
              + ("" if ours == theirs else "  (LEAF COUNTS DIFFER)"))
    games, moves = cp["playout_games"], cp["playout_moves"]
    print(f"State API random playouts: {cp['playout_moves_per_s']:,.0f} moves/s "
          f"({games} games, {moves / games:.0f} moves each, legal_moves + play per move)")
    if args.pyodide:
        py = run_pyodide(args.runs, args.depth, Path(args.site).resolve())
        print(f"\nPyodide (Python {py['python']}, {py['platform']}, Node.js {node_version()}), same measure():")
        print(f"  perft({args.depth}) : {py['leaves']} leaves in {1000 * py['perft_s']:8.1f} ms   "
              f"vs CPython {1000 * t_ours:.1f} ms -> Pyodide/CPython time ratio {py['perft_s'] / t_ours:.2f}x"
              + ("" if py["leaves"] == ours else "  (LEAF COUNTS DIFFER)"))
        print(f"  playouts  : {py['playout_moves_per_s']:,.0f} moves/s   vs CPython "
              f"{cp['playout_moves_per_s']:,.0f} -> CPython/Pyodide speed ratio "
              f"{cp['playout_moves_per_s'] / py['playout_moves_per_s']:.2f}x")
        print("load %.2f %.2f %.2f at the end" % os.getloadavg())


def node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
