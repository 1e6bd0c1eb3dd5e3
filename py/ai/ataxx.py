"""Computer players for Ataxx: Easy (random), Medium (greedy), Hard (alpha-beta).

Hard searches the bitboards of `parlor.rules.ataxx` directly: negamax with principal-variation
search, iterative deepening that spends the budget (an unfinished depth still counts once the
previous best root move is searched), aspiration windows, late-move reductions and pruning,
move ordering (table move, killers, captures, history), and a transposition table that survives
between moves (module-level, bounded, per layout). The last ply is "bulk" evaluated: instead of
making every move of a frontier node, it adds the best material gain available (2 x captures,
+1 for a place) to the balance, plus a bonus for pieces that no empty square touches. In the
first plies of a named layout a budgeted Hard plays from an opening book (deep searches made
offline, shipped as `ataxx_book.json` beside this module). docs/ai.md describes the design and
its measured strength.

End rules inside the search: no pieces (loss), full board (count), no move (`solo`: loss;
`standard`: pass, or count if neither side can move). Repetition and the 80-jump rule are left
to the root, which only ever returns a move of `legal_moves()`.
"""

from __future__ import annotations

import gc
import json
import random
from importlib import resources

from ..rules.ataxx import (ADJACENT, FULL, NOT_FILE_A, NOT_FILE_G, RING2, SIZE, AtaxxState,
                           gen_moves, move_name, parse_move, spread)
from .search import Budget, SearchResult, Timeout

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
    if max_depth is None:
        move = book_move(state)
        if move is not None:
            return move
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


# --- Hard: the opening book --------------------------------------------------------------

BOOK_FILE = "ataxx_book.json"
"""The opening book (in this package; bench/ataxx_book.py builds it): {"books": {"VARIANT
BLOCKED": {"OWN OTHER": move}}}, bitboards in hex, each position in its canonical form (see
`canonical`), the side to move's pieces first."""


def _square_map(f) -> tuple[int, ...]:
    return tuple(f(sq % SIZE, sq // SIZE) for sq in range(SIZE * SIZE))


_LAST = SIZE - 1
SYMMETRIES = (
    _square_map(lambda x, y: y * SIZE + x),
    _square_map(lambda x, y: x * SIZE + _LAST - y),
    _square_map(lambda x, y: (_LAST - y) * SIZE + _LAST - x),
    _square_map(lambda x, y: (_LAST - x) * SIZE + y),
    _square_map(lambda x, y: y * SIZE + _LAST - x),
    _square_map(lambda x, y: (_LAST - y) * SIZE + x),
    _square_map(lambda x, y: x * SIZE + y),
    _square_map(lambda x, y: (_LAST - x) * SIZE + _LAST - y),
)
"""The 8 symmetries of the square board (square -> square), the identity first: the rules do
not change under any of them."""


def transform(mask: int, symmetry: tuple[int, ...]) -> int:
    result = 0
    while mask:
        low = mask & -mask
        mask ^= low
        result |= 1 << symmetry[low.bit_length() - 1]
    return result


def canonical(own: int, opp: int, blocked: int) -> tuple[int, int, tuple[int, ...]]:
    """(own, opp) under the symmetry that keeps `blocked` in place and gives the smallest pair,
    and that symmetry: the book's key, the same for every symmetric copy of the position."""
    return min((transform(own, s), transform(opp, s), s) for s in SYMMETRIES
               if transform(blocked, s) == blocked)


_BOOK: dict = {}


def book() -> dict:
    """The opening book's positions, {"VARIANT BLOCKED": {"OWN OTHER": move}}, read once."""
    if not _BOOK:
        text = resources.files(__package__).joinpath(BOOK_FILE).read_text()
        _BOOK.update(json.loads(text)["books"])
    return _BOOK


def book_move(state: AtaxxState) -> str | None:
    """The book's move for the side to move in `state` (its variant and blocked squares), or
    None if the book does not hold the position (or its move is not legal there)."""
    x, o = state.pieces
    own, opp = (x, o) if state.to_move == 0 else (o, x)
    section = book().get(f"{state.variant} {state.blocked:x}")
    if section is None:
        return None
    c_own, c_opp, symmetry = canonical(own, opp, state.blocked)
    move = section.get(f"{c_own:x} {c_opp:x}")
    if move is None:
        return None
    origin, target = parse_move(move)
    back = {to: sq for sq, to in enumerate(symmetry)}
    name = move_name(back[origin] if origin >= 0 else -1, back[target])
    return name if name in state.legal_moves() else None


# --- Hard: the search ---------------------------------------------------------------------

def encode(origin: int, target: int) -> int:
    """A move as a small int: target, plus (origin + 1) << 6 for a jump (0 stays a place)."""
    return target | (origin + 1) << 6


def decode(code: int) -> tuple[int, int]:
    return (code >> 6) - 1, code & 63


PIECE = 100
"""Evaluation units per piece."""
SAFE = 50
"""Bonus per piece that no empty square touches (nothing can take it until a neighbour empties)."""
ASPIRATION = 60
"""Half-width of the root's aspiration window from depth 3 on (evaluation units)."""
START_SHARE = 0.3
"""A new depth starts if this share of its predicted time fits before the hard deadline: an
unfinished depth still counts once its first (the previous best) root move is searched
(docs/ai.md, "Time")."""
FUTILITY = 100
"""At depth 2, a move whose material afterwards plus this margin cannot reach alpha is not
searched (nor are the later ones, which gain no more)."""
ENDGAME_EMPTY = 4
"""With this many empty squares or fewer, no move is pruned or reduced."""
TT_LIMIT = 100_000
"""The shared transposition table is emptied before a search once it holds more entries."""
HISTORY_CAP = 1023

EXACT, LOWER, UPPER = 0, 1, 2

_SHARED: dict = {"layout": None, "tt": {}, "history": [0] * 4096}
"""What survives between moves: one transposition table and history table for the latest
(blocked squares, variant), keyed by position only (the side to move's and the other side's
bitboards), so it is shared by both seats and by every game on that layout. Bounded by
TT_LIMIT."""


def _tables(blocked: int, solo: bool, fresh: bool) -> tuple[dict, list[int]]:
    """The transposition and history tables for a search: fresh ones for a depth-capped
    (reproducible) search, otherwise the shared ones, history halved at each new move."""
    if fresh:
        return {}, [0] * 4096
    layout = (blocked, solo)
    if _SHARED["layout"] != layout or len(_SHARED["tt"]) > TT_LIMIT:
        # Emptied, not replaced: the searches' closures are reference cycles, so a replaced
        # table would live on until a collection of the whole heap (then tens of ms to free).
        _SHARED["tt"].clear()
        _SHARED.update(layout=layout, history=[0] * 4096)
    else:
        history = _SHARED["history"]
        history[:] = [h >> 1 for h in history]
    return _SHARED["tt"], _SHARED["history"]


def clear_tables() -> None:
    """Forget what earlier searches learned (the shared transposition and history tables)."""
    _SHARED["tt"].clear()
    _SHARED.update(layout=None, history=[0] * 4096)


def search(own: int, opp: int, blocked: int, *, solo: bool, rng: random.Random,
           budget: Budget, max_depth: int | None = None) -> SearchResult:
    """Iterative-deepening alpha-beta for the side `own` (which must have a move).

    Returns a `SearchResult` whose `move` is an encoded move (see `encode`). Root ties are broken
    by `rng` (the root moves are shuffled before the stable ordering). With `max_depth` the
    search uses fresh tables, so its result is a function of the position, the seed and the
    completed depth; without it the tables of earlier searches are reused (stronger, not
    reproducible) and the search runs until the budget says stop.
    """
    empty = FULL & ~(own | opp | blocked)
    root = [encode(f, t) for f, t in gen_moves(own, empty)]
    rng.shuffle(root)
    root.sort(key=lambda code: -_static_gain(own, opp, code))  # stable: ties stay shuffled
    fallback = encode(*greedy_move(own, opp, blocked, random.Random(rng.random())))
    if len(root) == 1:
        return SearchResult(move=root[0], value=None, depth=0, nodes=0, elapsed=budget.elapsed(),
                            timed_out=False)
    tt, history = _tables(blocked, solo, fresh=max_depth is not None)
    searcher = _Searcher(blocked, solo, budget, tt, history)
    limit = MAX_DEPTH if max_depth is None else min(max_depth, MAX_DEPTH)
    move, value, done, times, timed_out = fallback, None, 0, [], False
    values = []
    clock = budget.clock
    # No cyclic garbage collection while the clock runs: a collection of the whole heap took up
    # to 90 ms of CPU between two clock reads (a move over its budget); it runs after the move.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for depth in range(1, limit + 1):
            if times and not worth_starting(budget, times):
                break
            started = clock()
            try:
                alpha, beta = -INF, INF
                if depth >= 3 and len(values) >= 2 and abs(values[-2]) < MATE_BOUND:
                    # Centred on the value two depths back: the values alternate with the parity
                    # of the depth (the side to move at the frontier takes its best gain).
                    alpha, beta = values[-2] - ASPIRATION, values[-2] + ASPIRATION
                # Aspiration: a window around the last value, opened on the side it fails.
                while True:
                    result = searcher.root(own, opp, depth, root, alpha, beta)
                    if result[0] <= alpha > -INF:
                        alpha = -INF
                    elif result[0] >= beta < INF:
                        beta = INF
                    else:
                        break
            except Timeout:
                timed_out = True
                if searcher.partial is not None:  # a better move found before the clock ran out
                    move = searcher.partial
                break
            value, move = result
            values.append(value)
            done = depth
            times.append(clock() - started)
            if abs(value) >= MATE_BOUND:
                break
    finally:
        if collecting:
            gc.enable()
    return SearchResult(move=move, value=value if done else None, depth=done, nodes=budget.nodes,
                        elapsed=budget.elapsed(), timed_out=timed_out, depth_times=times)


def best_gain(opp: int, places: int, reach: int) -> tuple[int, int]:
    """(captures, gain) of the best single move into `reach` (the empty squares the mover can
    reach; `places` those it can place on): gain = 2 x captures + 1 for a place, the material
    it wins. Computed on bitboards, without making the moves: how many enemy pieces touch each
    square, bit-sliced (r3 r2 r1 r0 = 8 4 2 1) as the sum of the enemy rows (left + centre +
    right) above and below and the two neighbours in the square's own row; then the most
    captures on a reachable square, found bit by bit from the top; a place there adds one."""
    west = (opp << 1) & NOT_FILE_A
    east = (opp >> 1) & NOT_FILE_G
    row = west | east | opp
    cand = reach & (row | (row << 7) | (row >> 7))
    if not cand:
        return 0, 1 if places else 0
    p0 = west ^ east
    p1 = west & east
    t0 = p0 ^ opp
    t1 = p1 | (p0 & opp)
    u0 = t0 >> 7
    u1 = t1 >> 7
    d0 = t0 << 7
    d1 = t1 << 7
    s0 = u0 ^ d0
    c = u0 & d0
    x = u1 ^ d1
    s1 = x ^ c
    s2 = (u1 & d1) | (x & c)
    r0 = s0 ^ p0
    c = s0 & p0
    x = s1 ^ p1
    r1 = x ^ c
    c = (s1 & p1) | (x & c)
    r2 = s2 ^ c
    r3 = s2 & c
    caps = 0
    x = cand & r3
    if x:
        cand = x
        caps = 8
    x = cand & r2
    if x:
        cand = x
        caps += 4
    x = cand & r1
    if x:
        cand = x
        caps += 2
    x = cand & r0
    if x:
        cand = x
        caps += 1
    return caps, caps + caps + (1 if cand & places else 0)


def capture_planes(opp: int) -> tuple[int, int, int, int]:
    """How many of the pieces `opp` touch each square, bit-sliced: (r3, r2, r1, r0), the bits
    8 4 2 1 of the count. `best_gain` computes the same sum inline: it runs at every frontier
    node, where a call would cost more than the sum (CPython)."""
    west = (opp << 1) & NOT_FILE_A
    east = (opp >> 1) & NOT_FILE_G
    p0 = west ^ east
    p1 = west & east
    t0 = p0 ^ opp
    t1 = p1 | (p0 & opp)
    u0 = t0 >> 7
    u1 = t1 >> 7
    d0 = t0 << 7
    d1 = t1 << 7
    s0 = u0 ^ d0
    c = u0 & d0
    x = u1 ^ d1
    s1 = x ^ c
    s2 = (u1 & d1) | (x & c)
    r0 = s0 ^ p0
    c = s0 & p0
    x = s1 ^ p1
    r1 = x ^ c
    c = (s1 & p1) | (x & c)
    return s2 & c, s2 ^ c, r1, r0


def worth_starting(budget: Budget, times: list[float]) -> bool:
    """Whether a depth after those that took `times` is worth starting: START_SHARE of its
    predicted time (the last depth's time x the last growth factor, clamped to 2-12; 6 after a
    single depth) fits before the budget's hard deadline."""
    if budget.seconds is None:
        return True
    growth = times[-1] / times[-2] if len(times) > 1 and times[-2] > 0 else 6.0
    growth = min(max(growth, 2.0), 12.0)
    return budget.clock() + START_SHARE * growth * times[-1] <= budget.deadline


class _Searcher:
    """One search: its tables, killers and the negamax itself."""

    def __init__(self, blocked: int, solo: bool, budget: Budget, tt: dict, history: list[int]):
        self.blocked = blocked
        self.solo = solo
        self.budget = budget
        self.tt = tt
        self.history = history
        self.killers = [[0, 0] for _ in range(MAX_DEPTH + 64)]
        self.partial: int | None = None
        self.negamax = self._build()

    def root(self, own: int, opp: int, depth: int, moves: list[int], alpha: int,
             beta: int) -> tuple[int, int]:
        """Search the root moves to `depth` in the window (alpha, beta); reorder `moves` best
        first; return (value, best move). While it runs, `partial` is the best move proven
        better than `alpha` so far (None until one is)."""
        negamax = self.negamax
        alpha0 = alpha
        best_move, best = moves[0], -INF
        self.partial = None
        scores = dict.fromkeys(moves, -INF)
        for i, code in enumerate(moves):
            n_own, n_opp = _make(own, opp, code)
            if i == 0:
                value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, 1)
            else:
                value = -negamax(n_opp, n_own, depth - 1, -alpha - 1, -alpha, 1)
                if alpha < value < beta:
                    value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, 1)
            scores[code] = value
            if value > best:
                best, best_move = value, code
                if value > alpha:
                    alpha = value
                    self.partial = code
                    if value >= beta:
                        break
        # Next iteration: best move first, then by this iteration's values (bounds for the
        # moves refuted by a null window); a stable sort, so ties depend on the seed only.
        moves.sort(key=lambda c: (c != best_move, -scores[c]))
        if best <= alpha0:
            self.partial = None
        return best, best_move

    def _build(self):
        blocked, solo, tt, history = self.blocked, self.solo, self.tt, self.history
        killers = self.killers
        tick = self.budget.tick
        tt_get = tt.get
        ADJ, R2 = ADJACENT, RING2
        NOT_A, NOT_G = NOT_FILE_A, NOT_FILE_G
        CAP = HISTORY_CAP

        def count_end(own: int, opp: int, ply: int) -> int:
            diff = own.bit_count() - opp.bit_count()
            return MATE - ply if diff > 0 else -(MATE - ply) if diff < 0 else 0

        def leaf(own: int, opp: int, ply: int) -> int:
            """The evaluation after the best single move for `own` (material after it, plus
            SAFE per own piece no empty square touches, minus the other side's)."""
            tick()
            empty = FULL & ~(own | opp | blocked)
            row = own | ((own << 1) & NOT_A) | ((own >> 1) & NOT_G)
            near = (row | (row << 7) | (row >> 7)) & FULL
            places = near & empty
            row = near | ((near << 1) & NOT_A) | ((near >> 1) & NOT_G)
            reach = (row | (row << 7) | (row >> 7)) & empty
            if not reach:
                if solo:
                    return -(MATE - ply)
                if not spread(spread(opp)) & empty:
                    return count_end(own, opp, ply)
                return -leaf(opp, own, ply + 1)
            n_opp = opp.bit_count()
            caps, gain = best_gain(opp, places, reach)
            if caps == n_opp:
                return MATE - ply - 1
            diff = own.bit_count() - n_opp + gain
            if places and not empty & (empty - 1):  # one empty square, placed into: board full
                return MATE - ply - 1 if diff > 0 else -(MATE - ply - 1) if diff < 0 else 0
            row = empty | ((empty << 1) & NOT_A) | ((empty >> 1) & NOT_G)
            open_ = row | (row << 7) | (row >> 7)
            return diff * PIECE + SAFE * ((own & ~open_).bit_count() - (opp & ~open_).bit_count())

        def negamax(own: int, opp: int, depth: int, alpha: int, beta: int, ply: int) -> int:
            if not own:
                return -(MATE - ply)
            if not opp:
                return MATE - ply
            empty = FULL & ~(own | opp | blocked)
            if not empty:
                return count_end(own, opp, ply)
            if depth <= 1:
                return leaf(own, opp, ply)
            tick()
            key = own << 49 | opp
            entry = tt_get(key)
            tt_move = 0
            if entry is not None:
                e_depth, e_flag, e_value, tt_move = entry
                # Only an entry of the same parity: the values alternate with it (the side to
                # move at the frontier takes its best gain), so one a ply deeper answers another
                # question. The previous move's search leaves entries of both.
                if e_depth >= depth and not (e_depth - depth) & 1:
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
            row = own | ((own << 1) & NOT_A) | ((own >> 1) & NOT_G)
            near = (row | (row << 7) | (row >> 7)) & FULL
            places = near & empty
            if not places:
                movable = 0
                mask = own
                while mask:
                    low = mask & -mask
                    mask ^= low
                    if R2[low.bit_length() - 1] & empty:
                        movable = 1
                        break
                if not movable:
                    if solo:
                        return -(MATE - ply)
                    if not spread(spread(opp)) & empty:
                        return count_end(own, opp, ply)
                    return -negamax(opp, own, depth, -beta, -alpha, ply + 1)

            # Late moves are pruned or reduced only in the middle game: with few empty squares
            # the search is exact (full width) so that it can prove the end.
            late = beta - alpha == 1 and empty.bit_count() > ENDGAME_EMPTY
            material = own.bit_count() - opp.bit_count()
            if depth == 2 and late:
                # Futility for the whole node: the best material gain of any move, plus a
                # margin, cannot reach alpha (the reply's gain only lowers it): a fail-low.
                row = near | ((near << 1) & NOT_A) | ((near >> 1) & NOT_G)
                reach = (row | (row << 7) | (row >> 7)) & empty
                caps, gain = best_gain(opp, places, reach)
                bound = (material + gain) * PIECE + FUTILITY
                if bound <= alpha and caps < opp.bit_count():  # (taking all of them wins)
                    return bound

            alpha0 = alpha
            best, best_move = -INF, 0
            n = 0
            if tt_move:
                # The table's move first, before the others are generated: it often cuts off.
                t = tt_move & 63
                flips = ADJ[t] & opp
                n_own = own | (1 << t) | flips
                jump = tt_move >> 6
                if jump:
                    n_own ^= 1 << (jump - 1)
                n_opp = opp ^ flips
                if depth > 2:
                    value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, ply + 1)
                elif not n_opp:
                    value = MATE - ply - 1
                elif not jump and empty == 1 << t:
                    value = -count_end(n_opp, n_own, ply + 1)
                else:
                    value = -leaf(n_opp, n_own, ply + 1)
                if value >= beta:
                    tt[key] = (depth, LOWER, value + ply if value > MATE_BOUND
                               else value - ply if value < -MATE_BOUND else value, tt_move)
                    return value
                best, best_move, n = value, tt_move, 1
                if value > alpha:
                    alpha = value

            k0, k1 = killers[ply]
            if depth == 2 and late:
                # The children are frontier nodes: the moves are made group by group in order
                # of material gain (places taking c pieces, then jumps taking c, c from the most
                # down; the killers first), each group only when it is reached, and the first
                # group that futility cuts ends the node (its bound is the fail-low value).
                r3, r2, r1, r0 = capture_planes(opp)
                n_opp = opp.bit_count()
                top = 2 * caps + 1
                for g in range(top + 1, -1, -1):  # g: the group's material gain
                    if g > top:
                        codes = []
                        for code in (k0, k1):
                            t = code & 63
                            jump = code >> 6
                            if code and code != tt_move and empty >> t & 1 and (
                                    own >> (jump - 1) & 1 and R2[jump - 1] >> t & 1 if jump
                                    else places >> t & 1):
                                flips = ADJ[t] & opp
                                bound = (material + 2 * flips.bit_count() + (not jump)) * PIECE + FUTILITY
                                if bound > alpha or flips == opp:
                                    codes.append(code)
                                elif bound > best:
                                    best = bound
                    else:
                        c = g >> 1
                        cand = (reach & (r3 if c & 8 else ~r3) & (r2 if c & 4 else ~r2)
                                & (r1 if c & 2 else ~r1) & (r0 if c & 1 else ~r0))
                        keys = []
                        if g & 1:  # places taking c
                            mask = cand & places
                            while mask:
                                low = mask & -mask
                                mask ^= low
                                t = low.bit_length() - 1
                                if t != tt_move and t != k0 and t != k1:
                                    keys.append(history[t] << 12 | t)
                        elif not g and places and n:
                            # Late-move pruning: the jumps that take nothing are not made
                            # when there is a place; the futility bound is what they return.
                            bound = material * PIECE + FUTILITY
                            if alpha >= bound > best:
                                best = bound
                            break
                        else:  # jumps taking c
                            mask = cand
                            while mask:
                                low = mask & -mask
                                mask ^= low
                                t = low.bit_length() - 1
                                origins = R2[t] & own
                                while origins:
                                    olow = origins & -origins
                                    origins ^= olow
                                    s = olow.bit_length() - 1
                                    code = (s + 1) << 6 | t
                                    if code != tt_move and code != k0 and code != k1:
                                        keys.append(((16 - (ADJ[s] & own).bit_count()) << 10
                                                     | history[code]) << 12 | code)
                        if not keys:
                            continue
                        bound = (material + g) * PIECE + FUTILITY
                        if bound <= alpha and c < n_opp:  # futility: the later groups gain less
                            if bound > best:
                                best = bound
                            break
                        keys.sort(reverse=True)
                        codes = [k & 4095 for k in keys]
                    for code in codes:
                        t = code & 63
                        flips = ADJ[t] & opp
                        n_own = own | (1 << t) | flips
                        jump = code >> 6
                        if jump:
                            n_own ^= 1 << (jump - 1)
                        if flips == opp:
                            value = MATE - ply - 1
                        elif not jump and empty == 1 << t:
                            value = -count_end(opp ^ flips, n_own, ply + 1)
                        else:
                            value = -leaf(opp ^ flips, n_own, ply + 1)
                        n += 1
                        if value > best:
                            best, best_move = value, code
                            if value > alpha:
                                alpha = value
                                if alpha >= beta:
                                    if code != k0:
                                        killers[ply][1] = k0
                                        killers[ply][0] = code
                                    h = history[code] + 4
                                    history[code] = h if h < CAP else CAP
                                    tt[key] = (2, LOWER, value + ply if value > MATE_BOUND
                                               else value - ply if value < -MATE_BOUND else value,
                                               code)
                                    return value
                stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
                tt[key] = (2, UPPER if best <= alpha0 else EXACT, stored, best_move)
                return best

            # Ordering keys: (static score << 10 | history) << 12 | move. Static score: the
            # two killers, then 16 per capture, +8 for a place, -1 per own piece next to the
            # square a jump empties (a hole the other side may jump into).
            keys = []
            mask = places
            while mask:
                low = mask & -mask
                mask ^= low
                t = low.bit_length() - 1
                keys.append(((((ADJ[t] & opp).bit_count() << 4) + 24) << 22) | (history[t] << 12) | t)
            mask = own
            while mask:
                low = mask & -mask
                mask ^= low
                s = low.bit_length() - 1
                targets = R2[s] & empty
                if not targets:
                    continue
                base = (s + 1) << 6
                penalty = 16 - (ADJ[s] & own).bit_count()
                while targets:
                    tlow = targets & -targets
                    targets ^= tlow
                    t = tlow.bit_length() - 1
                    code = base | t
                    keys.append(((((ADJ[t] & opp).bit_count() << 4) + penalty) << 22)
                                | (history[code] << 12) | code)
            if tt_move or k0:
                for i, k in enumerate(keys):
                    code = k & 4095
                    if code == tt_move and tt_move:
                        keys[i] = -1  # searched already: sorted last, dropped
                    elif code == k0:
                        keys[i] = (2 << 30) | code
                    elif code == k1:
                        keys[i] = (1 << 30) | code
            keys.sort(reverse=True)
            if keys and keys[-1] == -1:
                keys.pop()

            quiet_cut = late and places
            for k in keys:
                if quiet_cut and n and k < (17 << 22):
                    # Late-move pruning: the jumps that take nothing (static score 16 or less,
                    # sorted last) are not made when a place is possible.
                    break
                code = k & 4095
                t = code & 63
                flips = ADJ[t] & opp
                n_own = own | (1 << t) | flips
                jump = code >> 6
                if jump:
                    n_own ^= 1 << (jump - 1)
                n_opp = opp ^ flips
                if depth == 2:  # the children are frontier nodes: no window, no re-search
                    if not n_opp:
                        value = MATE - ply - 1
                    elif not jump and empty == 1 << t:
                        value = -count_end(n_opp, n_own, ply + 1)
                    else:
                        value = -leaf(n_opp, n_own, ply + 1)
                elif n == 0:
                    value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, ply + 1)
                else:
                    # Late moves are reduced by two plies (never one): the reduced subtree's
                    # frontier has the same side to move as its siblings', so their values
                    # compare (the side to move there takes its best gain: several pieces).
                    reduce = 2 if late and depth >= 4 and n >= 3 and k < (1 << 30) else 0
                    value = -negamax(n_opp, n_own, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1)
                    if reduce and value > alpha:
                        value = -negamax(n_opp, n_own, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -negamax(n_opp, n_own, depth - 1, -beta, -alpha, ply + 1)
                n += 1
                if value > best:
                    best, best_move = value, code
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if code != k0:
                                killers[ply][1] = k0
                                killers[ply][0] = code
                            h = history[code] + depth * depth
                            history[code] = h if h < CAP else CAP
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
