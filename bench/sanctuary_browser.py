#!/usr/bin/env python3
"""Sanctuary Hard's move time in the browser: the real page, its engine worker (Pyodide + parlor).

    python bench/sanctuary_browser.py [--budget 1.0] [--positions 20] [--wide 5] [--draws 5]
                                      [--site dist/site]   (build first: scripts/build_site.py)

`--positions` mid-game positions are reached from the start (2 seats, deck seed S) by seeded
Medium play under CPython (see `positions`); each is one where the seat to move has drawn and
must choose (phase "act", more than one legal move), so Hard really searches. Sanctuary's
new_game takes no start position, so the page's engine gets each one through its `restore`
export: a saved table `{"config": {"game": "sanctuary", "variant": "standard", "seed": S,
"seats": [Hard, Hard]}, "state": state.to_dict(), "paused": false}`, which app/engine/local_table.py replays
from the config's start. `think(budget)` is then timed from the page as in bench/ai_browser.py:
performance.now() around the awaited `window.parlorEngine("think", …)`, i.e. main thread ->
worker -> choose_move -> back. `--wide` more act positions need at least 9 legal moves (a
Six with its splits: rare, about 5% of Medium's act decisions, but the widest searches).
`--draws` positions one step earlier (phase "draw", the only move is `draw`) are timed apart:
that is the round trip with no search. Afterwards (browser closed) the same positions and seeds
go through `choose_move` under CPython, for the ratio. Target: every browser move <= 1 s at the
default 1 s budget. Build the site from a clean checkout if the working tree has unfinished
page changes (e.g. into a private --out dir).
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

SEED_BASE = 7000  # deck and table seed of position i: SEED_BASE + i
FIRST_PLY, LAST_PLY = 60, 340  # Medium-vs-Medium games last about 400 plies (half of them draws)


def positions(count: int, min_legal: int = 2, seed_base: int = SEED_BASE):
    """[(seed, act state, draw state)]: position i is the first decision with a real choice (phase
    "act", at least `min_legal` legal moves) at or after ply FIRST_PLY + i * (LAST_PLY -
    FIRST_PLY) // count of a game between two seeded Mediums (deck seed seed_base + i); the draw
    state is the turn start just before it. A game over before that is replayed with another seed."""
    found = []
    for i in range(count):
        target = FIRST_PLY + i * (LAST_PLY - FIRST_PLY) // count
        seed = seed_base + i
        while True:
            rng = random.Random(seed)
            state = new_game("sanctuary", seats=2, seed=seed)
            drawn = None
            while not state.is_over:
                if state.phase == "draw":
                    drawn = state
                elif len(state.history) >= target and len(state.legal_moves()) >= min_legal:
                    break
                move = choose_move(state.view(state.to_move), "medium", seed=rng.randrange(10**6))
                state = state.play(move)
            if not state.is_over:
                break
            seed += 10_000
        found.append((seed, state, drawn))
    return found


def saved(seed: int, state) -> str:
    return json.dumps({"config": {"game": "sanctuary", "variant": "standard", "seed": seed,
                                  "seats": [{"kind": "ai", "level": "hard"}] * 2, "options": {}},
                       "state": state.to_dict(), "paused": False})


def browser_times(site: Path, budget: float, tables):
    """tables: [(kind, seed, state)] -> rows [(kind, seed, state, secs, move, ply)]."""
    rows = []
    with engine_page(site) as (page, hello):
        # The first think() also imports parlor.ai.sanctuary and warms the wasm: time it apart
        # (on the first act position, not counted below).
        kind, seed, state = next(t for t in tables if t[0] == "act")
        call(page, "restore", saved(seed, state))
        first = call(page, "think", str(budget))[0]
        for kind, seed, state in tables:
            secs, answer = timed_think(page, "restore", saved(seed, state), budget, f"seed {seed}")
            if answer["ply"] != len(state.history):
                raise SystemExit(f"think answered for ply {answer['ply']}, not {len(state.history)}")
            rows.append((kind, seed, state, secs, answer["move"], answer["ply"]))
            print(f"  browser {kind:4} seed {seed} ply {answer['ply']:3}: {secs:.3f} s  "
                  f"{len(state.legal_moves()):2} legal  {answer['move']}", flush=True)
    return hello, first, rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=1.0, help="Hard's budget in s (default 1.0)")
    p.add_argument("--positions", type=int, default=20, help="act positions (default 20)")
    p.add_argument("--wide", type=int, default=5,
                   help="extra act positions with >= 9 legal moves (Six splits; default 5)")
    p.add_argument("--draws", type=int, default=5, help="draw decisions timed apart (default 5)")
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} is not a built site: run scripts/build_site.py")

    found = positions(args.positions)
    tables = [("act", seed, act) for seed, act, _ in found]
    wide = positions(args.wide, min_legal=9, seed_base=SEED_BASE + 500)
    tables += [("wide", seed, act) for seed, act, _ in wide]
    tables += [("draw", seed, drawn) for seed, _, drawn in found[:args.draws]]
    print(f"Sanctuary Hard, budget {args.budget} s, {args.positions} act positions (plies "
          f"{min(len(a.history) for _, a, _ in found)}-{max(len(a.history) for _, a, _ in found)}) "
          f"+ {args.wide} wide (>= 9 legal) + {args.draws} draws; before: {load()}")
    hello, first, rows = browser_times(site, args.budget, tables)
    after_browser = load()
    print(f"\nbrowser (Pyodide {hello['python']} in the engine worker, parlor {hello['parlor']}), "
          "page-measured think() round trip:")
    print(f"  first think() of the page (imports parlor.ai.sanctuary, cold wasm): {first:.3f} s")
    for kind in ("act", "wide", "draw"):
        b_times, c_times, same = [], [], 0
        for k, seed, state, secs, move, ply in rows:
            if k != kind:
                continue
            b_times.append(secs)
            view = state.view(state.to_move)
            started = time.perf_counter()
            ours = choose_move(view, "hard", seed=seed * 1009 + ply, budget_s=args.budget)
            c_times.append(time.perf_counter() - started)
            same += ours == move
        if not b_times:
            continue
        over = sum(t > args.budget for t in b_times)
        print(f"{kind} ({len(b_times)} positions): browser median {statistics.median(b_times):.3f} s, "
              f"worst {max(b_times):.3f} s, over {args.budget} s: {over}; CPython (same seeds) median "
              f"{statistics.median(c_times):.3f} s, worst {max(c_times):.3f} s, same move {same}/{len(b_times)}")
    print(f"{load()} (after browser: {after_browser.split(' ', 1)[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
