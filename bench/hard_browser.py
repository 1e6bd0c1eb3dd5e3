#!/usr/bin/env python3
"""Hard's move time in the browser, for any game: the real page, its engine worker (Pyodide).

    python bench/hard_browser.py --game gems|chains|... [--positions 20] [--budget 1.0]
                                 [--modes 2x2,5:standard] [--site dist/site]
                                 (build first: scripts/build_site.py --out dist/site)

For every mode the game declares (`GAMES[game].tables()`: each (seats, variant) a table can be
started with; `--modes` picks some, as `variant` or `seats:variant`) `--positions` positions are
reached under CPython by seeded play: position i of a mode comes from its own game (table seed
SEED_BASE + i, every ply by Medium, or by Easy one ply in five, for variety), stopped at ply
(i + 0.5) / positions of that game's length (so openings, middle games and endings all count),
then moved on to the first ply where the seat to move has at least two legal moves (so Hard
really chooses). The page's engine gets each one through its `restore` export as a saved table,
`{"config": {"game", "variant", "seed", "seats": [Hard] * seats, "options": {}}, "state":
state.to_dict(), "paused": false}`, which app/engine/local_table.py replays from the config's
start; `think(budget)` is then timed from the page as in bench/ai_browser.py: performance.now()
around the awaited `window.parlorEngine("think", …)`, i.e. main thread -> worker -> choose_move
-> back; beside it the CPU time Chromium's processes used meanwhile (from /proc: a wall time
well above it is a wait for a core). The page's first think() (it imports parlor.ai.<game> and warms the wasm) is timed
apart on the first position. Afterwards (browser closed, so they do not compete for the CPU) the
same positions and seeds go through `choose_move` under CPython, for the ratio and the moves.

The budget is the page's for Hard (`ai_budget_s` in app/page/screens/table.py: 1.0 s). Target:
every browser move <= 1 s. The times are wall clock: under load they are pessimistic (the worker
waits for a core), so the load is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import _parlor  # noqa: E402,F401  (makes `parlor` importable)
from _page import call, engine_page, load  # noqa: E402

from parlor.ai import choose_move  # noqa: E402
from parlor.rules import GAMES, new_game  # noqa: E402

SEED_BASE = 8000  # the table seed of position i of a mode: SEED_BASE + i
EASY_SHARE = 0.2  # the share of plies Easy plays while the positions are reached


def reach(game: str, seats: int, variant: str, seed: int, fraction: float):
    """A position of a seeded game (see the module docstring), or None if the game ends first."""
    rng = random.Random(seed)
    state = new_game(game, seats=seats, variant=variant, seed=seed)
    states = [state]
    while not state.is_over:
        level = "easy" if rng.random() < EASY_SHARE else "medium"
        state = state.play(choose_move(state.view(state.to_move), level, seed=rng.randrange(10**9)))
        states.append(state)
    for state in states[int(fraction * (len(states) - 1)):]:
        if not state.is_over and len(state.legal_moves()) >= 2:
            return state
    return None


def positions(game: str, modes, count: int):
    """[(seats, variant, seed, state)]: `count` positions of every mode."""
    found = []
    for seats, variant in modes:
        for i in range(count):
            seed = SEED_BASE + i
            state = reach(game, seats, variant, seed, (i + 0.5) / count)
            while state is None:  # the game ended before a real choice: another game
                seed += 10_000
                state = reach(game, seats, variant, seed, (i + 0.5) / count)
            found.append((seats, variant, seed, state))
    return found


def saved(game: str, seats: int, variant: str, seed: int, state) -> str:
    return json.dumps({"config": {"game": game, "variant": variant, "seed": seed,
                                  "seats": [{"kind": "ai", "level": "hard"}] * seats, "options": {}},
                       "state": state.to_dict(), "paused": False})


def browser_cpu() -> float:
    """CPU seconds used so far by this process's descendants (Playwright's driver and Chromium,
    the engine worker's renderer included), read from /proc; 0.0 where there is none."""
    parents, used = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime + stime, in ticks
    children: dict = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0)
        todo += children.get(pid, [])
    return total / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.0


def browser_times(site: Path, game: str, budget: float, tables):
    """tables: [(seats, variant, seed, state)] -> (hello answer, first think s, rows
    [(seats, variant, seed, state, think s, move, the browser's CPU s during the think)])."""
    rows = []
    with engine_page(site) as (page, hello):
        seats, variant, seed, state = tables[0]
        call(page, "restore", saved(game, seats, variant, seed, state))
        first = call(page, "think", str(budget))[0]
        for seats, variant, seed, state in tables:
            what = f"{seats}:{variant} seed {seed}"
            answer = json.loads(call(page, "restore", saved(game, seats, variant, seed, state))[1])
            if not answer["ok"]:
                raise SystemExit(f"restore refused {what}: {answer['error']}")
            cpu = browser_cpu()
            secs, reply = call(page, "think", str(budget))
            cpu = browser_cpu() - cpu
            answer = json.loads(reply)
            if not answer["ok"]:
                raise SystemExit(f"think failed ({what}): {answer['error']}")
            if answer["ply"] != len(state.history):
                raise SystemExit(f"think answered for ply {answer['ply']}, not {len(state.history)}")
            rows.append((seats, variant, seed, state, secs, answer["move"], cpu))
            print(f"  browser {seats}:{variant:8} seed {seed} ply {answer['ply']:3}: {secs:.3f} s "
                  f"(browser CPU {cpu:.2f} s) {len(state.legal_moves()):4} legal  {answer['move']}",
                  flush=True)
    return hello, first, rows


def pick_modes(game: str, wanted: str | None):
    modes = GAMES[game].tables()
    if not wanted:
        return modes
    picked = []
    for item in wanted.split(","):
        seats, _, variant = item.strip().rpartition(":")
        match = [m for m in modes if m[1] == variant and (not seats or str(m[0]) == seats)]
        if not match:
            raise SystemExit(f"{game} has no mode {item!r}; it has "
                             + ", ".join(f"{s}:{v}" for s, v in modes))
        picked += [m for m in match if m not in picked]
    return picked


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--positions", type=int, default=20, help="positions per mode (default 20)")
    p.add_argument("--budget", type=float, default=1.0, help="Hard's budget in s (default 1.0, the page's)")
    p.add_argument("--modes", help="comma-separated `variant` or `seats:variant` (default: every mode)")
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} is not a built site: run scripts/build_site.py")

    modes = pick_modes(args.game, args.modes)
    started = time.perf_counter()
    tables = positions(args.game, modes, args.positions)
    title = GAMES[args.game].title
    print(f"{title} Hard in the browser, budget {args.budget} s, {args.positions} positions of each "
          f"of {len(modes)} modes (reached in {time.perf_counter() - started:.0f} s); before: {load()}",
          flush=True)
    hello, first, rows = browser_times(site, args.game, args.budget, tables)
    after_browser = load()
    print(f"\nbrowser (Pyodide {hello['python']} in the engine worker, parlor {hello['parlor']}), "
          "page-measured think() round trip:")
    print(f"  first think() of the page (imports parlor.ai.{args.game}, cold wasm): {first:.3f} s")
    all_b, all_c = [], []
    for seats, variant in modes:
        b_times, c_times, same = [], [], 0
        for s, v, seed, state, secs, move, _ in rows:
            if (s, v) != (seats, variant):
                continue
            b_times.append(secs)
            ply = len(state.history)
            started = time.perf_counter()
            ours = choose_move(state.view(state.to_move), "hard", seed=seed * 1009 + ply,
                               budget_s=args.budget)
            c_times.append(time.perf_counter() - started)
            same += ours == move
        all_b += b_times
        all_c += c_times
        over = sum(t > args.budget for t in b_times)
        print(f"  {seats}:{variant} ({len(b_times)} positions): browser median "
              f"{statistics.median(b_times):.3f} s, worst {max(b_times):.3f} s, over {args.budget} s: "
              f"{over}; CPython (same seeds, budget) median {statistics.median(c_times):.3f} s, worst "
              f"{max(c_times):.3f} s; same move {same}/{len(b_times)}", flush=True)
    ratio = statistics.median(b / c for b, c in zip(all_b, all_c) if c > 0)
    print(f"all {len(all_b)}: browser median {statistics.median(all_b):.3f} s, worst {max(all_b):.3f} s, "
          f"over {args.budget} s: {sum(t > args.budget for t in all_b)}; CPython median "
          f"{statistics.median(all_c):.3f} s, worst {max(all_c):.3f} s; median browser/CPython "
          f"ratio per position {ratio:.2f} (both sides stop on the budget where it binds)")
    over = [row for row in rows if row[4] > args.budget]
    print(f"the browser's CPU time during each think() (all its processes, /proc ticks of 10 ms): "
          f"median {statistics.median(row[-1] for row in rows):.2f} s, worst {max(row[-1] for row in rows):.2f} s"
          + "".join(f"; {row[0]}:{row[1]} seed {row[2]}: {row[4]:.3f} s wall, {row[-1]:.2f} s CPU"
                    for row in over))
    print(f"{load()} (after browser: {after_browser.split(' ', 1)[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
