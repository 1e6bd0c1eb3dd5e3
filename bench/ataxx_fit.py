"""Fit the weights of Ataxx Hard's evaluation on positions of self-play games.

    python bench/ataxx_fit.py games --games 1500 --out /tmp/ataxx_positions.txt --workers 2
    python bench/ataxx_fit.py fit /tmp/ataxx_positions.txt

`games` plays Hard against Hard at fixed depths (each side's depth drawn from --depths, fresh
tables, so a game is a function of its seed) from random openings (4-8 random plies, a third on
the blocked layouts of `LAYOUTS`, standard variant) and writes every position where the side to
move has a choice, with the game's result for that side (1 win, 0.5 draw, 0 loss):
`x o blocked to_move result seed` (hex bitboards; the seed names the game) a line.

`fit` computes, for each position, the terms of `features` below (as Hard's frontier node sees
the position, from the side to move's view) and fits P(win) = 1 / (1 + exp(-w . f)) by logistic
regression (Newton's method, a small ridge penalty), for each stage of the game (`STAGES`, by
empty squares) on the positions of 80% of the games; it prints the log-loss and accuracy on the
other 20% for each set of terms of `SUBSETS` and for Hard's own weights, with the weights scaled
to 100 a piece (the evaluation's units). Plain Python (no numpy in the project).

The weights it finds were not adopted: at a fixed depth they play worse than Hard's (see
docs/notes/ai-experiments.md, "Ataxx: evaluation weights fitted on self-play").
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _parlor  # noqa: E402,F401  (makes `import parlor` work from a checkout)

from parlor.ai import ataxx as hard_ai  # noqa: E402
from parlor.ai.search import Budget  # noqa: E402
from parlor.rules import new_game  # noqa: E402
from parlor.rules.ataxx import FULL, LAYOUTS, spread  # noqa: E402

MAX_PLIES = 400


def play_game(args: tuple[int, tuple[int, ...]]) -> list[str]:
    """The positions of one self-play game (seed `seed`), labelled by its result."""
    seed, depths = args
    rng = random.Random(seed)
    names = list(LAYOUTS)
    layout = names[0] if seed % 3 != 2 else names[1 + (seed // 3) % (len(names) - 1)]
    state = new_game("ataxx", layout=layout)
    for _ in range(rng.randint(4, 8)):
        state = state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            return []
    depth = (rng.choice(depths), rng.choice(depths))
    seen = []
    plies = 0
    while not state.is_over and plies < MAX_PLIES:
        moves = state.legal_moves()
        if len(moves) > 1:
            x, o = state.pieces
            seen.append((x, o, state.blocked, state.to_move))
        move = moves[0] if len(moves) == 1 else hard_ai.choose(
            state, "hard", random.Random(rng.random()), Budget(3600.0), max_depth=depth[state.to_move])
        state = state.play(move)
        plies += 1
    if not state.is_over:
        return []
    winners = state.winners
    lines = []
    for x, o, blocked, to_move in seen:
        result = 0.5 if len(winners) != 1 else 1.0 if winners == [to_move] else 0.0
        lines.append(f"{x:x} {o:x} {blocked:x} {to_move} {result} {seed}")
    return lines


def games(args) -> None:
    depths = tuple(int(d) for d in args.depths.split(","))
    jobs = [(args.seed * 100_000 + i, depths) for i in range(args.games)]
    done = 0
    with open(args.out, "w") as out, multiprocessing.Pool(args.workers) as pool:
        for lines in pool.imap_unordered(play_game, jobs):
            out.write("".join(line + "\n" for line in lines))
            done += 1
            if done % 100 == 0:
                print(f"{done} games", file=sys.stderr, flush=True)


FEATURES = ("material", "safe", "reach", "places", "exposed_place", "exposed_jump", "parity")
"""The evaluation's terms (a frontier node of Hard computes the first two), each the side to move's
minus the other side's: material after the best single move, pieces no empty square touches,
empty squares the side reaches (place or jump), empty squares it can place on, its pieces next
to an empty square the other side can place on, and next to one the other side can only jump
to; parity is +1 if the number of empty squares is odd, -1 if even, with at most 12 of them."""


def features(own: int, opp: int, blocked: int) -> list[int] | None:
    """The terms of FEATURES for the side to move `own`, as a frontier node sees them; None if
    the side cannot move or the best move ends the game."""
    empty = FULL & ~(own | opp | blocked)
    near = spread(own)
    places = near & empty
    reach = spread(near) & empty
    o_near = spread(opp)
    o_places = o_near & empty
    o_reach = spread(o_near) & empty
    if not reach or not empty & (empty - 1) or not opp:
        return None
    caps, gain = hard_ai.best_gain(opp, places, reach)
    if caps == opp.bit_count():
        return None
    open_ = spread(empty)
    n_empty = empty.bit_count()
    return [own.bit_count() - opp.bit_count() + gain,
            (own & ~open_).bit_count() - (opp & ~open_).bit_count(),
            reach.bit_count() - o_reach.bit_count(),
            places.bit_count() - o_places.bit_count(),
            (own & spread(o_places)).bit_count() - (opp & spread(places)).bit_count(),
            (own & spread(o_reach & ~o_places)).bit_count()
            - (opp & spread(reach & ~places)).bit_count(),
            (1 if n_empty & 1 else -1) if n_empty <= 12 else 0]


STAGES = ((37, 49), (25, 36), (13, 24), (0, 12))
"""The game's stages by empty squares (inclusive ranges): a fit each."""


def load(path: str) -> list[tuple[list[int], float, int, int]]:
    """(features, result, game seed, empty squares) of each position of the file."""
    rows = []
    for line in Path(path).read_text().splitlines():
        x, o, blocked, to_move, result, seed = line.split()
        x, o, blocked = int(x, 16), int(o, 16), int(blocked, 16)
        own, opp = (x, o) if to_move == "0" else (o, x)
        f = features(own, opp, blocked)
        if f is not None:
            rows.append((f, float(result), int(seed), 49 - (x | o | blocked).bit_count()))
    return rows


def sigmoid(z: float) -> float:
    if z < -40:
        return 0.0
    if z > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def logistic(rows, n: int, ridge: float = 1.0, steps: int = 12) -> list[float]:
    """Weights w (no intercept: the features are antisymmetric in the two sides) maximising the
    penalised log-likelihood, by Newton's method."""
    w = [0.0] * n
    for _ in range(steps):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for f, y, _ in rows:
            p = sigmoid(sum(wi * fi for wi, fi in zip(w, f)))
            g = y - p
            h = p * (1 - p)
            for i in range(n):
                fi = f[i]
                if fi:
                    grad[i] += g * fi
                    hi = h * fi
                    row = hess[i]
                    for j in range(n):
                        row[j] += hi * f[j]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            k = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= k * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def score(rows, w) -> tuple[float, float]:
    """(mean log-loss, accuracy on the decided games) of weights `w`."""
    loss, right, decided = 0.0, 0, 0
    for f, y, _ in rows:
        p = min(max(sigmoid(sum(wi * fi for wi, fi in zip(w, f))), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if y != 0.5:
            decided += 1
            right += (p > 0.5) == (y == 1.0)
    return loss / len(rows), right / max(decided, 1)


SUBSETS = (("material",), ("material", "safe"), ("material", "safe", "places"),
           ("material", "safe", "reach"), ("material", "safe", "exposed_place", "exposed_jump"),
           FEATURES)
"""The sets of terms fitted and compared on the held-out games."""


def fit(args) -> None:
    rows = load(args.positions)
    print(f"{len(rows)} positions of {len({r[2] for r in rows})} games; held out: the games "
          "with seed % 5 == 0")
    for low, high in STAGES:
        stage = [r[:3] for r in rows if low <= r[3] <= high]
        train = [r for r in stage if r[2] % 5]
        test = [r for r in stage if not r[2] % 5]
        print(f"{low}-{high} empty squares: train {len(train)}, held out {len(test)}")
        w_material = None
        for terms in SUBSETS + (None,):
            tag = ""
            if terms is None:  # Hard's evaluation, its material weight taken from the fit
                terms, weights = ("material", "safe"), [w_material, w_material * hard_ai.SAFE / 100]
                tag = " (Hard's weights)"
            else:
                pick = [FEATURES.index(name) for name in terms]
                weights = logistic([([f[i] for i in pick], y, g) for f, y, g in train], len(pick),
                                   ridge=args.ridge)
                w_material = weights[0] if w_material is None else w_material
            pick = [FEATURES.index(name) for name in terms]
            loss, acc = score([([f[i] for i in pick], y, g) for f, y, g in test], weights)
            shown = ", ".join(f"{name} {round(100 * w / weights[0]):+d}"
                              for name, w in zip(terms, weights))
            print(f"  log-loss {loss:.4f}, accuracy {acc:.3f}: {shown}{tag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games")
    g.add_argument("--games", type=int, default=1500)
    g.add_argument("--depths", default="2,3", help="each side's fixed depth is drawn from these")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--workers", type=int, default=2)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("positions")
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    (games if args.command == "games" else fit)(args)


if __name__ == "__main__":
    main()
