"""The Ataxx Hard of commit 8a3aa6d (2026-12-01), kept unchanged as a sparring partner for
bench/ataxx_hard.py (bench-only: the game uses parlor.ai.ataxx). Its docstring follows.

Computer players for Ataxx: Easy (random), Medium (greedy), Hard (alpha-beta).

Hard searches the bitboards of `parlor.rules.ataxx` directly: negamax with principal-variation
search, iterative deepening inside a time budget, a transposition table keyed on the
(side to move, other side) bitboards, and move ordering (table move, killers, captures). The last
ply is "bulk" evaluated: instead of making every move of a frontier node, it adds the best
material gain available (2 × captures, +1 for a place) to the material balance, which is exact
for a material evaluation and makes every depth cost about as much as one depth less.

End rules inside the search: no pieces (loss), full board (count), no move (`solo`: loss;
`standard`: pass, or count if neither side can move). Repetition and the 80-jump rule are left
to the root, which only ever returns a move of `legal_moves()`.
"""

from __future__ import annotations

import random

from parlor.rules.ataxx import ADJACENT, FULL, RING2, AtaxxState, gen_moves, move_name, spread
from parlor.ai.search import Budget, SearchResult, iterative_deepening

MATE = 100_000
"""A won position is worth MATE - plies to the win."""
MATE_BOUND = MATE - 1000
INF = 10 * MATE
MAX_DEPTH = 32


def choose(state: AtaxxState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` ("medium" or "hard") for the side to move in `state` (not over)."""
    if state.legal_moves() == ["pass"]:
        return "pass"
    x, o = state.pieces
    own, opp = (x, o) if state.to_move == 0 else (o, x)
    if level == "medium":
        origin, target = greedy_move(own, opp, state.blocked, rng)
        return move_name(origin, target)
    result = search(own, opp, state.blocked, solo=state.variant == "solo", rng=rng,
                    budget=budget, max_depth=max_depth)
    return move_name(*decode(result.move))


# --- Medium -------------------------------------------------------------------------------

def greedy_move(own: int, opp: int, blocked: int, rng: random.Random) -> tuple[int, int]:
    """The move that leaves the best material balance (2 × captures, +1 for a place, so a place
    beats a jump with the same captures); ties broken at random by `rng`. The side must have a
    move."""
    empty = FULL & ~(own | opp | blocked)
    best, choices = -1, []
    for origin, target in gen_moves(own, empty):
        gain = 2 * (ADJACENT[target] & opp).bit_count() + (origin < 0)
        if gain > best:
            best, choices = gain, [(origin, target)]
        elif gain == best:
            choices.append((origin, target))
    return rng.choice(choices)


# --- Hard ---------------------------------------------------------------------------------

def encode(origin: int, target: int) -> int:
    """A move as a small int: target, plus (origin + 1) << 6 for a jump (0 stays a place)."""
    return target | (origin + 1) << 6


def decode(code: int) -> tuple[int, int]:
    return (code >> 6) - 1, code & 63


def search(own: int, opp: int, blocked: int, *, solo: bool, rng: random.Random,
           budget: Budget, max_depth: int | None = None) -> SearchResult:
    """Iterative-deepening alpha-beta for the side `own` (which must have a move).

    Returns a `SearchResult` whose `move` is an encoded move (see `encode`). Root ties are broken
    by `rng` (the root moves are shuffled before the stable ordering), so the result is a
    function of the position, the seed and the completed depth.
    """
    empty = FULL & ~(own | opp | blocked)
    root = [encode(f, t) for f, t in gen_moves(own, empty)]
    rng.shuffle(root)
    root.sort(key=lambda code: -_static_gain(own, opp, code))  # stable: ties stay shuffled
    fallback = encode(*greedy_move(own, opp, blocked, random.Random(rng.random())))
    if len(root) == 1:
        return SearchResult(move=root[0], value=None, depth=0, nodes=0, elapsed=budget.elapsed(),
                            timed_out=False)
    searcher = _Searcher(blocked, solo, budget)
    return iterative_deepening(
        lambda depth: searcher.root(own, opp, depth, root), budget, fallback=fallback,
        max_depth=MAX_DEPTH if max_depth is None else max_depth, decisive=MATE_BOUND,
    )


EXACT, LOWER, UPPER = 0, 1, 2


class _Searcher:
    """One search: its transposition table, killers and the negamax itself."""

    def __init__(self, blocked: int, solo: bool, budget: Budget):
        self.blocked = blocked
        self.solo = solo
        self.budget = budget
        self.tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.killers = [[0, 0] for _ in range(MAX_DEPTH + 64)]
        self.negamax = self._build()

    def root(self, own: int, opp: int, depth: int, moves: list[int]) -> tuple[int, int]:
        """Search every root move to `depth`; reorder `moves` best first; (value, best move)."""
        negamax = self.negamax
        alpha, beta = -INF, INF
        best_move, best = moves[0], -INF
        scores = {}
        for i, code in enumerate(moves):
            n_own, n_opp = _make(own, opp, code)
            if i == 0:
                value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, 1)
            else:
                value = -negamax(n_opp, n_own, depth - 1, -alpha - 1, -alpha, 1)
                if value > alpha:
                    value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, 1)
            scores[code] = value
            if value > best:
                best, best_move = value, code
                alpha = max(alpha, value)
        # Next iteration: best move first, then by this iteration's values (bounds for the
        # moves refuted by a null window); a stable sort, so ties depend on the seed only.
        moves.sort(key=lambda c: (c != best_move, -scores[c]))
        return best, best_move

    def _build(self):
        blocked, solo, tt = self.blocked, self.solo, self.tt
        killers = self.killers
        tick = self.budget.tick
        ADJ, R2 = ADJACENT, RING2

        def count_end(own: int, opp: int, ply: int) -> int:
            diff = own.bit_count() - opp.bit_count()
            return MATE - ply if diff > 0 else -(MATE - ply) if diff < 0 else 0

        def leaf(own: int, opp: int, ply: int) -> int:
            """Value of the best single move for `own` under the material evaluation."""
            tick()
            empty = FULL & ~(own | opp | blocked)
            places = spread(own) & empty
            reach = spread(spread(own)) & empty
            if not reach:
                if solo:
                    return -(MATE - ply)
                if not spread(spread(opp)) & empty:
                    return count_end(own, opp, ply)
                return -leaf(opp, own, ply + 1)
            n_opp = opp.bit_count()
            gain = 1 if places else 0
            cand = reach & spread(opp)
            while cand:
                low = cand & -cand
                cand ^= low
                t = low.bit_length() - 1
                caps = (ADJ[t] & opp).bit_count()
                g = 2 * caps + (1 if places & low else 0)
                if g > gain:
                    if caps == n_opp:
                        return MATE - ply - 1
                    gain = g
            diff = own.bit_count() - n_opp + gain
            if not empty & (empty - 1):  # one empty square: this move fills the board
                return MATE - ply - 1 if diff > 0 else -(MATE - ply - 1) if diff < 0 else 0
            return diff

        def negamax(own: int, opp: int, depth: int, alpha: int, beta: int, ply: int) -> int:
            if not own:
                return -(MATE - ply)
            if not opp:
                return MATE - ply
            if depth <= 1:
                return leaf(own, opp, ply) if FULL & ~(own | opp | blocked) else count_end(own, opp, ply)
            tick()
            empty = FULL & ~(own | opp | blocked)
            if not empty:
                return count_end(own, opp, ply)
            key = (own, opp)
            entry = tt.get(key)
            tt_move = 0
            if entry is not None:
                e_depth, e_flag, e_value, tt_move = entry
                if e_depth >= depth:
                    if e_value > MATE_BOUND:
                        e_value -= ply
                    elif e_value < -MATE_BOUND:
                        e_value += ply
                    if e_flag == EXACT:
                        return e_value
                    if e_flag == LOWER:
                        if e_value >= beta:
                            return e_value
                    elif e_value <= alpha:
                        return e_value
            places = spread(own) & empty
            if not (spread(spread(own)) & empty):
                if solo:
                    return -(MATE - ply)
                if not spread(spread(opp)) & empty:
                    return count_end(own, opp, ply)
                return -negamax(opp, own, depth, -beta, -alpha, ply + 1)

            # Ordering: table move, killers, then by material gain (places +1, jumps lose
            # a little for each own piece next to the square they leave).
            k0, k1 = killers[ply]
            scored = []
            mask = places
            while mask:
                low = mask & -mask
                mask ^= low
                t = low.bit_length() - 1
                scored.append((((ADJ[t] & opp).bit_count() << 3) + 4, t))
            mask = own
            while mask:
                low = mask & -mask
                mask ^= low
                s = low.bit_length() - 1
                targets = R2[s] & empty
                if not targets:
                    continue
                base = ((s + 1) << 6)
                penalty = (ADJ[s] & own).bit_count()
                while targets:
                    tlow = targets & -targets
                    targets ^= tlow
                    t = tlow.bit_length() - 1
                    scored.append((((ADJ[t] & opp).bit_count() << 3) - penalty, base | t))
            for i, (score, code) in enumerate(scored):
                if code == tt_move:
                    scored[i] = (1000, code)
                elif code == k0:
                    scored[i] = (500, code)
                elif code == k1:
                    scored[i] = (499, code)
            scored.sort(reverse=True)

            alpha0 = alpha
            best, best_move = -INF, 0
            first = True
            for _, code in scored:
                t = code & 63
                flips = ADJ[t] & opp
                n_own = own | (1 << t) | flips
                if code >> 6:
                    n_own ^= 1 << ((code >> 6) - 1)
                n_opp = opp ^ flips
                if first:
                    value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, ply + 1)
                    first = False
                else:
                    value = -negamax(n_opp, n_own, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, ply + 1)
                if value > best:
                    best, best_move = value, code
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if code != k0:
                                killers[ply][1] = k0
                                killers[ply][0] = code
                            break
            stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
            flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
            tt[key] = (depth, flag, stored, best_move)
            return best

        return negamax


def _static_gain(own: int, opp: int, code: int) -> int:
    """Ordering score of a move: 8 per capture, +4 for a place, -1 per own piece next to the
    square a jump leaves."""
    score = (ADJACENT[code & 63] & opp).bit_count() << 3
    if code >> 6:
        return score - (ADJACENT[(code >> 6) - 1] & own).bit_count()
    return score + 4


def _make(own: int, opp: int, code: int) -> tuple[int, int]:
    t = code & 63
    flips = ADJACENT[t] & opp
    n_own = own | (1 << t) | flips
    if code >> 6:
        n_own ^= 1 << ((code >> 6) - 1)
    return n_own, opp ^ flips
