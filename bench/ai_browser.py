#!/usr/bin/env python3
"""Hard's move time in the browser: the real page, its engine worker (Pyodide + parlor).

    python bench/ai_browser.py [--budget 1.0] [--repeat 1] [--site dist/site]
                                                     (build first: scripts/build_site.py)

For each of the 20 positions of bench/ai_positions.py the page's engine gets a table whose
seats are both Hard (`new_table` with the position's FEN), then `think(budget)` is timed from
the page: performance.now() around the awaited `window.parlorEngine("think", …)` promise, i.e.
main thread -> worker -> choose_move -> back. Also timed: the round trip of a trivial call
(`hello`), which is the part of that wall time spent outside the search.

Afterwards (browser closed, so they do not compete for the CPU) the same positions with the same
seeds go through `choose_move` under CPython in this process, for the Pyodide/CPython ratio.
Target: every browser move ≤ 1 s at the default 1 s budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from _page import call, engine_page, load, timed_think  # noqa: E402
from ai_positions import POSITIONS, positions  # noqa: E402  (also makes `parlor` importable)

from parlor.ai import choose_move  # noqa: E402
from parlor.rules import new_game  # noqa: E402

SEED_BASE = 1000  # table seed for position i is SEED_BASE + i; think() seeds with seed*1009 + ply

def config(fen: str, seed: int) -> str:
    return json.dumps({"game": "ataxx", "variant": "standard", "seed": seed,
                       "seats": [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}],
                       "options": {"fen": fen}})


def browser_times(site: Path, budget: float, repeat: int):
    with engine_page(site) as (page, hello):
        overhead = [secs for secs, _ in (call(page, "hello") for _ in range(10)) if secs is not None]
        # The first think() also imports parlor.ai.ataxx (lazily) and warms the wasm: time it apart.
        start = json.dumps({"game": "ataxx", "variant": "standard", "seed": 0,
                            "seats": [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}]})
        call(page, "new_table", start)
        first = call(page, "think", str(budget))[0]
        rows = []
        for _ in range(repeat):
            for i, fen in enumerate(POSITIONS):
                secs, answer = timed_think(page, "new_table", config(fen, SEED_BASE + i), budget,
                                           f"position {i} ({fen})")
                rows.append((i, secs, answer["move"], answer["ply"]))
                print(f"  browser #{i:2d}: {secs:.3f} s  {answer['move']:5}  {fen}", flush=True)
    return hello, overhead, first, rows


def cpython_times(budget: float, rows):
    """The same positions and seeds through choose_move in this process: (times, same moves)."""
    views = list(positions())
    times, same = [], 0
    for i, _secs, move, ply in rows:
        fen, view = views[i]
        seed = (SEED_BASE + i) * 1009 + ply
        started = time.perf_counter()
        ours = choose_move(view, "hard", seed=seed, budget_s=budget)
        times.append(time.perf_counter() - started)
        same += ours == move
    return times, same


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=1.0, help="Hard's budget in s (default 1.0)")
    p.add_argument("--repeat", type=int, default=1, help="times each position is played (default 1)")
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} is not a built site: run scripts/build_site.py")

    print(f"Hard, budget {args.budget} s, {len(POSITIONS)} positions x {args.repeat}; before: {load()}")
    hello, overhead, first, rows = browser_times(site, args.budget, args.repeat)
    after_browser = load()
    legal = sum(new_game("ataxx", fen=POSITIONS[i]).legal_moves().count(move) == 1 for i, _, move, _ in rows)
    cp_times, same = cpython_times(args.budget, rows)
    after_cpython = load()

    b_times = [secs for _, secs, _, _ in rows]
    b_med, c_med = statistics.median(b_times), statistics.median(cp_times)
    over = sum(t > args.budget for t in b_times)
    print(f"\nbrowser (Pyodide {hello['python']} in the engine worker, parlor {hello['parlor']}), "
          "page-measured think() round trip:")
    print(f"  median {b_med:.3f} s, worst {max(b_times):.3f} s; over {args.budget} s: {over} of {len(b_times)}; "
          f"legal moves {legal}/{len(rows)}")
    print(f"  round trip of a trivial call (hello): median {1000 * statistics.median(overhead):.1f} ms, "
          f"worst {1000 * max(overhead):.1f} ms (the part of each figure outside the search)")
    if first is not None:
        print(f"  first think() of the page (start position; imports parlor.ai.ataxx, cold wasm): {first:.3f} s")
    print(f"CPython {sys.version.split()[0]}, choose_move in this process, same positions and seeds:")
    print(f"  median {c_med:.3f} s, worst {max(cp_times):.3f} s; same move as the browser: {same}/{len(rows)}")
    print(f"ratio browser/CPython: median {b_med / c_med:.2f}x, worst {max(b_times) / max(cp_times):.2f}x "
          "(Hard's time is budget-bound, so this understates the per-node slowdown; see bench/movegen.py --pyodide)")
    print(f"{load()} (after browser: {after_browser.split(' ', 1)[1]}, after CPython: {after_cpython.split(' ', 1)[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
