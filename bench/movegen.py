"""Ataxx move generation speed: parlor's bitboard perft against python-ataxx, and playouts.

Prints, in one run (CPython): perft(4) from the start (155888 leaves) with
`parlor.rules.ataxx.perft` and with python-ataxx's `Board().perft(4)` (PyPI `ataxx`, pinned in
requirements-dev.txt), the median of several runs each and the speed ratio (target >= 10x); then
moves per second of random playouts through the public State API (`legal_moves` + `play`).

    python bench/movegen.py [--runs 5] [--depth 4]
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

from parlor.rules import new_game  # noqa: E402
from parlor.rules.ataxx import perft  # noqa: E402


def timed(fn, runs):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()
    print(f"CPython {sys.version.split()[0]}, perft({args.depth}) from the start, median of {args.runs} runs")
    state = new_game("ataxx")
    ours, t_ours = timed(lambda: perft(state, args.depth), args.runs)
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
    games, moves, seconds = playouts()
    print(f"State API random playouts: {moves / seconds:,.0f} moves/s "
          f"({games} games, {moves / games:.0f} moves each, legal_moves + play per move)")


if __name__ == "__main__":
    main()
