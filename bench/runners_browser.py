#!/usr/bin/env python3
"""Runners Hard's move time in the browser: the real page, its engine worker (Pyodide + parlor).

    python bench/runners_browser.py [--budget 1.0] [--positions 20] [--site dist/site]
                                                     (build first: scripts/build_site.py)

For 2 and for 4 players, `--positions` positions are reached from the standard start by seeded
Medium play (see `positions`), written as a hand-made `start` (docs/runners.md), and the page's
engine gets a table `{"game": "runners", "variant": "ffa", "seed": S, "seats": [Hard, ...],
"options": {"start": ...}}`. `think(budget)` is then timed from the page as in
bench/ai_browser.py: performance.now() around the awaited `window.parlorEngine("think", …)`,
i.e. main thread -> worker -> choose_move -> back. Afterwards (browser closed) the same
positions and seeds go through `choose_move` under CPython, for the ratio. Target: every
browser move <= 1 s at the default 1 s budget. Build the site from a clean checkout if the
working tree has unfinished page changes (e.g. into a private --out dir).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import _parlor  # noqa: E402,F401  (makes `parlor` importable)
from _page import call, engine_page, load, timed_think  # noqa: E402

from parlor.ai import choose_move  # noqa: E402
from parlor.rules import new_game  # noqa: E402

SEED_BASE = 5000  # table seed of position i with n players: SEED_BASE + 100 n + i


def positions(seats: int, count: int):
    """[(table seed, start dict)]: position i is reached by 1 + i * span // count plies of
    seeded Medium play (a random ply every fourth), span 12 plies for 2 players and 24 for 4
    (their games last about 17 and 31 plies); a game already over is replayed with another seed."""
    span = 12 if seats == 2 else 24
    found = []
    for i in range(count):
        seed = SEED_BASE + 100 * seats + i
        while True:
            rng = random.Random(seed)
            state = new_game("runners", seats=seats)
            for ply in range(1 + i * span // count):
                if state.is_over:
                    break
                if ply % 4 == 0:
                    move = rng.choice(state.legal_moves())
                else:
                    move = choose_move(state.view(state.to_move), "medium", seed=rng.randrange(10**6))
                state = state.play(move)
            if not state.is_over:
                break
            seed += 10_000
        view = state.view(state.to_move)
        start = {"runners": view["runners"], "owners": view["owners"], "round": view["round"],
                 "to_move": view["to_move"]}
        found.append((seed, start))
    return found


def config(seats: int, seed: int, start: dict) -> str:
    return json.dumps({"game": "runners", "variant": "ffa", "seed": seed,
                       "seats": [{"kind": "ai", "level": "hard"}] * seats,
                       "options": {"start": start}})


def browser_times(site: Path, budget: float, tables):
    rows = []
    with engine_page(site) as (page, hello):
        # The first think() also imports parlor.ai.runners and warms the wasm: time it apart.
        call(page, "new_table", json.dumps({"game": "runners", "variant": "ffa", "seed": 0,
                                            "seats": [{"kind": "ai", "level": "hard"}] * 2}))
        first = call(page, "think", str(budget))[0]
        for seats, seed, start in tables:
            secs, answer = timed_think(page, "new_table", config(seats, seed, start), budget,
                                       f"{seats} players, seed {seed}")
            rows.append((seats, seed, start, secs, answer["move"], answer["ply"]))
            print(f"  browser {seats}p seed {seed}: {secs:.3f} s  {answer['move']:7} "
                  f"round {start['round']}", flush=True)
    return hello, first, rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=1.0, help="Hard's budget in s (default 1.0)")
    p.add_argument("--positions", type=int, default=20, help="positions per player count (default 20)")
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} is not a built site: run scripts/build_site.py")

    tables = [(seats, seed, start) for seats in (2, 4) for seed, start in positions(seats, args.positions)]
    print(f"Runners Hard, budget {args.budget} s, {len(tables)} positions; before: {load()}")
    hello, first, rows = browser_times(site, args.budget, tables)
    after_browser = load()
    print(f"\nbrowser (Pyodide {hello['python']} in the engine worker, parlor {hello['parlor']}), "
          "page-measured think() round trip:")
    print(f"  first think() of the page (imports parlor.ai.runners, cold wasm): {first:.3f} s")
    for seats in (2, 4):
        b_times, c_times, same = [], [], 0
        for n, seed, start, secs, move, ply in rows:
            if n != seats:
                continue
            b_times.append(secs)
            view = new_game("runners", seats=n, start=start).view(None)
            started = time.perf_counter()
            ours = choose_move(view, "hard", seed=seed * 1009 + ply, budget_s=args.budget)
            c_times.append(time.perf_counter() - started)
            same += ours == move
        over = sum(t > args.budget for t in b_times)
        print(f"{seats} players, {len(b_times)} positions: browser median {statistics.median(b_times):.3f} s, "
              f"worst {max(b_times):.3f} s, over {args.budget} s: {over}; CPython (same seeds) median "
              f"{statistics.median(c_times):.3f} s, worst {max(c_times):.3f} s, same move {same}/{len(b_times)}")
    print(f"{load()} (after browser: {after_browser.split(' ', 1)[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
