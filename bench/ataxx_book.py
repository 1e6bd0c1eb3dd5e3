"""Build Ataxx Hard's opening book (py/ai/ataxx_book.json) by deep fixed-depth searches.

    python bench/ataxx_book.py --depth 8 --plies 2 --workers 2

For each layout of `parlor.rules.ataxx.LAYOUTS` (standard variant): every position reachable in
at most --plies plies from the layout's start, then, up to ply --line-plies (default: none past
--plies), the positions the book itself leads to (the position after each book move: where both
sides follow the book). Positions are
kept once per symmetry class (`parlor.ai.ataxx.canonical`); each is searched by Hard's search to
--depth with fresh tables and a fixed seed, so the book is a function of the code and the
arguments. Prints how many positions each layout and ply gave and the time taken.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

from parlor.ai import ataxx as hard_ai  # noqa: E402
from parlor.ai.search import Budget  # noqa: E402
from parlor.rules import new_game  # noqa: E402
from parlor.rules.ataxx import (FULL, LAYOUTS, apply_move, gen_moves, move_name,  # noqa: E402
                                parse_move)

ROOT = Path(__file__).resolve().parent.parent
VARIANT = "standard"


def children(own: int, opp: int, blocked: int) -> list[tuple[int, int]]:
    """The positions after each move of `own`, the side to move first."""
    empty = FULL & ~(own | opp | blocked)
    result = []
    for origin, target in gen_moves(own, empty):
        n_own, n_opp, _ = apply_move(own, opp, origin, target)
        if n_opp and n_own:
            result.append((n_opp, n_own))
    return result


def best(job: tuple[int, int, int, int]) -> tuple[int, int, int, str, int, float]:
    """Hard's move in the (canonical) position `job` at fixed depth: (own, opp, blocked, move,
    value, CPU seconds)."""
    own, opp, blocked, depth = job
    started = time.process_time()
    result = hard_ai.search(own, opp, blocked, solo=VARIANT == "solo", rng=random.Random(0),
                            budget=Budget(3600.0), max_depth=depth)
    return own, opp, blocked, move_name(*hard_ai.decode(result.move)), result.value, \
        time.process_time() - started


def after(own: int, opp: int, move: str) -> tuple[int, int]:
    """The position after `move`, the side to move first."""
    origin, target = parse_move(move)
    n_own, n_opp, _ = apply_move(own, opp, origin, target)
    return n_opp, n_own


def write(books: dict, out: str, about: str) -> None:
    data = {"about": about, "books": {k: dict(sorted(v.items())) for k, v in sorted(books.items())}}
    Path(out).write_text(json.dumps(data, indent=0, separators=(",", ":")) + "\n")


def build(depth: int, plies: int, line_plies: int, workers: int, out: str, about: str) -> dict:
    """The book, written to `out` after each layout (a build stopped early leaves the layouts
    done)."""
    books: dict[str, dict[str, str]] = {}
    started = time.perf_counter()
    cpu = 0.0
    with multiprocessing.Pool(workers) as pool:
        for name in LAYOUTS:
            state = new_game("ataxx", layout=name, variant=VARIANT)
            blocked = state.blocked
            section = books.setdefault(f"{VARIANT} {blocked:x}", {})
            level = {hard_ai.canonical(*state.pieces, blocked)[:2]}
            counts = []
            for ply in range(line_plies + 1):
                jobs = [(own, opp, blocked, depth) for own, opp in sorted(level)
                        if f"{own:x} {opp:x}" not in section and children(own, opp, blocked)]
                for own, opp, _, move, _, seconds in pool.imap(best, jobs, chunksize=1):
                    section[f"{own:x} {opp:x}"] = move
                    cpu += seconds
                counts.append(len(jobs))
                print(f"  {name}: ply {ply}, {len(jobs)} positions searched; "
                      f"{time.perf_counter() - started:.0f} s, {cpu:.0f} s CPU", flush=True)
                if ply == line_plies:
                    break
                nxt = set()
                for own, opp in level:
                    if ply < plies:
                        targets = children(own, opp, blocked)
                    elif f"{own:x} {opp:x}" in section:  # past --plies: the book's own lines
                        targets = [after(own, opp, section[f"{own:x} {opp:x}"])]
                    else:
                        continue
                    nxt.update(hard_ai.canonical(*c, blocked)[:2] for c in targets)
                level = nxt
            print(f"{name}: {sum(counts)} positions ({', '.join(map(str, counts))} by ply)")
            write(books, out, about)
    print(f"{sum(len(s) for s in books.values())} positions, {time.perf_counter() - started:.0f} s, "
          f"{cpu:.0f} s CPU")
    return books


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=8, help="search depth of each book move")
    parser.add_argument("--plies", type=int, default=2, help="every position up to this many plies")
    parser.add_argument("--line-plies", type=int, default=0, help="the book's own lines up to this ply")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "py" / "ai" / hard_ai.BOOK_FILE))
    args = parser.parse_args()
    line_plies = max(args.line_plies, args.plies)
    about = (f"Ataxx Hard's opening book: bench/ataxx_book.py --depth {args.depth} --plies "
             f"{args.plies} --line-plies {line_plies}")
    build(args.depth, args.plies, line_plies, args.workers, args.out, about)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
