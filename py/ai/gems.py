"""Computer players for Gems (ConHex): Easy (random), Medium (greedy), Hard (Monte Carlo tree
search with RAVE, after the connection-game program MoHex).

- Easy: a uniformly random legal move (the swap included when it is offered).
- Medium: one move ahead, greedy. Every legal move (and `swap`) is scored by the position it
  leaves: 3 × (the other seat's connection distance − the mover's) + the cells the move claims.
  A seat's connection distance (`distance`) is about the fewest gems it still needs along its
  best chain of cells, partial majorities counted. A winning move is always taken; ties are
  broken by the seed.
- Hard: Monte Carlo tree search with RAVE (all-moves-as-first values blended into each move's
  own, no exploration term, as in MoHex), within its time budget. A simulation goes down the
  tree, adds one node and plays out to a full board with `reply_playout`: random gems, except
  that a race — a cell one gem short for both seats, as after an intrusion into a Hex bridge —
  is answered at once. On a full board exactly one seat is joined and it is the seat that
  joined first, so a playout needs no win check until its end. Before searching Hard takes a
  winning move, and if the opponent has a win in one it searches only the moves that stop every
  such win (MoHex's "must play"). The pie rule and the first gem come from `FIRST_GEM`: the
  share of Hard-vs-Hard games the first player won after a first gem on each hole
  (`bench/gems.py first-gems`); Hard swaps a first gem rated above one half and opens, when it
  starts a `standard` game, with a gem rated close to one half but not above.

Everything works on the bitmasks of `parlor.rules.gems`; the players are handed views and
rebuild the state with `from_view` (Gems hides nothing).
"""

from __future__ import annotations

import heapq
import math
import random

from ..rules.gems import (
    ALL_HOLES, CELL_HOLES, EDGES, HOLE_CELLS, HOLES, INDEX, N_CELLS, N_HOLES, NEED, OPENING,
    SWAP, GemsState, claims, connected, seat_for_ply,
)
from .search import Budget

FAR = 1000
"""The distance of a seat that can no longer connect."""

# --- the first gem and the pie rule ------------------------------------------------------------

_FIRST_GEM_CLASSES = {
    "A1": 0.375, "A2": 0.500, "A3": 0.542, "A4": 0.312, "A5": 0.708, "B1": 0.521, "B3": 0.729,
    "B4": 0.667, "B5": 0.625, "C1": 0.521, "C2": 0.688, "C4": 0.646, "C5": 0.688, "D1": 0.604,
    "D2": 0.583, "D3": 0.771, "D5": 0.542, "E1": 0.688, "E2": 0.729, "E3": 0.646, "E4": 0.521,
    "E5": 0.375,
}
"""Red's share of 48 Hard-vs-Hard games (200 simulations a move, no swap) after its first gem,
for one hole of each class the top-bottom and left-right flips map onto each other
(`bench/gems.py first-gems --games 48 --depth 2`; 95% intervals about ±0.14)."""


def _twins(hole: str) -> set[str]:
    """`hole` and its images under the top-bottom and left-right flips."""
    flip_row = hole[0] + str(10 - int(hole[1]))
    flip_col = "ABCDEFGHI"[8 - "ABCDEFGHI".index(hole[0])] + hole[1]
    both = "ABCDEFGHI"[8 - "ABCDEFGHI".index(hole[0])] + flip_row[1]
    return {hole, flip_row, flip_col, both}


FIRST_GEM: dict[str, float] = {twin: value for hole, value in _FIRST_GEM_CLASSES.items()
                               for twin in _twins(hole)}
"""FIRST_GEM[hole]: Red's chance after a first gem on `hole`, Blue to move."""
SWAP_ABOVE = 0.5
"""Hard swaps a first gem after which the first player won more than half of these games."""
OPENING_MARGIN = 0.05


def _opening_choices(table: dict[str, float]) -> tuple[str, ...]:
    """The first gems Hard plays in the standard game: those rated close to even but not above
    (within OPENING_MARGIN below SWAP_ABOVE), so that the opponent gains little by swapping or
    by not swapping; if none is that close, the closest below."""
    below = {hole: value for hole, value in table.items() if value <= SWAP_ABOVE}
    if not below:
        return ()
    top = max(below.values())
    floor = min(SWAP_ABOVE - OPENING_MARGIN, top)
    return tuple(sorted(hole for hole, value in below.items() if value >= floor))


OPENING_CHOICES = _opening_choices(FIRST_GEM)
STRONGEST: tuple[str, ...] = tuple(sorted(
    hole for hole, value in FIRST_GEM.items() if value >= max(FIRST_GEM.values()) - 0.02))
"""Hard's first gems when there is no pie rule (`no-pie`): the best rated."""


# --- connection distance (Medium, and Hard's ordering) -----------------------------------------

SHARED: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, CELL_HOLES[c] & CELL_HOLES[d]) for d in range(N_CELLS)
          if d != c and CELL_HOLES[c] & CELL_HOLES[d])
    for c in range(N_CELLS))
"""SHARED[c]: (neighbour, the holes both cells have) for each cell sharing a hole with c."""


def cell_costs(own: int, opp: int, owned_own: int, owned_opp: int) -> list[int]:
    """Per cell, the gems `own` still needs to claim it: 0 if owned, FAR if the other seat owns
    it or too few holes are left for a majority."""
    empty = ALL_HOLES & ~(own | opp)
    costs = []
    for c in range(N_CELLS):
        if owned_own >> c & 1:
            costs.append(0)
        elif owned_opp >> c & 1:
            costs.append(FAR)
        else:
            holes = CELL_HOLES[c]
            need = NEED[c] - (holes & own).bit_count()
            costs.append(need if (holes & empty).bit_count() >= need else FAR)
    return costs


def distance(seat: int, gems: tuple[int, int], owned: tuple[int, int]) -> int:
    """The connection distance of `seat`: about the fewest gems it still needs along a chain of
    cells joining its edges, FAR if it cannot connect. A cell costs the gems it lacks for a
    majority (partial majorities counted; owned 0; the other seat's cells are walls); stepping
    from one cell to the next costs that, less the free holes the two share (a gem there counts
    for both), never below 0 and never more than the cell stepped from needed."""
    own, opp = gems[seat], gems[1 - seat]
    costs = cell_costs(own, opp, owned[seat], owned[1 - seat])
    empty = ALL_HOLES & ~(own | opp)
    first, second = EDGES[seat]
    dist = [FAR] * N_CELLS
    heap = []
    for c in range(N_CELLS):
        if first >> c & 1 and costs[c] < FAR:
            dist[c] = costs[c]
            heap.append((costs[c], c))
    heapq.heapify(heap)
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist[c]:
            continue
        if second >> c & 1:
            return d
        here = costs[c]
        for e, shared in SHARED[c]:
            step = costs[e]
            if step >= FAR:
                continue
            if here and step:
                step -= min((shared & empty).bit_count(), here, step)
            nd = d + step
            if nd < dist[e]:
                dist[e] = nd
                heapq.heappush(heap, (nd, e))
    return FAR


# --- positions ---------------------------------------------------------------------------------

def after(gems: tuple[int, int], owned: tuple[int, int], seat: int, hole: int):
    """(gems, owned, won) after `seat` places a gem on `hole`."""
    g = list(gems)
    g[seat] |= 1 << hole
    new = claims(hole, g[seat], owned[0] | owned[1])
    if not new:
        return (g[0], g[1]), owned, False
    o = list(owned)
    o[seat] |= new
    return (g[0], g[1]), (o[0], o[1]), connected(o[seat], seat)


def winning_holes(gems: tuple[int, int], owned: tuple[int, int], seat: int) -> list[int]:
    """The empty holes where a gem of `seat` wins at once."""
    empty = ALL_HOLES & ~(gems[0] | gems[1])
    wins = []
    own, taken = gems[seat], owned[0] | owned[1]
    # Only a gem that claims a cell can connect: look at the holes of open cells that lack one.
    candidates = 0
    for c in range(N_CELLS):
        if not taken >> c & 1 and (CELL_HOLES[c] & own).bit_count() == NEED[c] - 1:
            candidates |= CELL_HOLES[c] & empty
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        h = low.bit_length() - 1
        new = claims(h, own | low, taken)
        if new and connected(owned[seat] | new, seat):
            wins.append(h)
    return wins


# --- the levels --------------------------------------------------------------------------------

def choose(state: GemsState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` ("medium" or "hard") for the seat to move in `state` (not over)."""
    if level == "medium":
        return medium_move(state, rng)
    return hard_move(state, rng, budget, max_depth)


def medium_move(state: GemsState, rng: random.Random) -> str:
    """Greedy: the move leaving the best 3 × (their distance − mine) + cells claimed."""
    seat = state.to_move
    gems, owned = state.gems, state.owned
    best, choices = None, []
    for move in state.legal_moves():
        if move == SWAP:
            g, o = (0, gems[0]), (0, 0)
            score = 3 * (distance(0, g, o) - distance(1, g, o))
        else:
            hole = INDEX[move]
            g, o, won = after(gems, owned, seat, hole)
            if won:
                return move
            claimed = o[seat].bit_count() - owned[seat].bit_count()
            score = 3 * (distance(1 - seat, g, o) - distance(seat, g, o)) + claimed
        if best is None or score > best:
            best, choices = score, [move]
        elif score == best:
            choices.append(move)
    return rng.choice(choices)


def hard_move(state: GemsState, rng: random.Random, budget: Budget,
              max_depth: int | None = None) -> str:
    """Hard's move: the opening table for the first gem and the swap, then a win in one, the
    moves that stop every win in one of the opponent, and MCTS among them."""
    seat = state.to_move
    ply = len(state.history)
    opening = OPENING[state.variant]
    if state.can_swap():
        first = state.history[0]
        if FIRST_GEM[first] > SWAP_ABOVE:
            return SWAP
    if ply == 0 and opening == 1:
        return rng.choice(OPENING_CHOICES if state.variant == "standard" else STRONGEST)
    gems, owned = state.gems, state.owned
    wins = winning_holes(gems, owned, seat)
    if wins:
        return HOLES[rng.choice(wins)]
    candidates = [h for h in range(N_HOLES) if not (gems[0] | gems[1]) >> h & 1]
    if seat_for_ply(ply + 1, opening) != seat:
        threats = winning_holes(gems, owned, 1 - seat)
        if threats:
            stops = [h for h in candidates if _stops(gems, owned, seat, h, threats)]
            if len(stops) == 1:
                return HOLES[stops[0]]
            if stops:
                candidates = stops
    if len(candidates) == 1:
        return HOLES[candidates[0]]
    tree = Mcts(gems, owned, ply, opening, rng)
    return HOLES[tree.search(candidates, budget, max_depth)]


def _stops(gems, owned, seat: int, hole: int, threats: list[int]) -> bool:
    """True if `seat`'s gem on `hole` leaves the other seat no win among `threats`."""
    g, o, _ = after(gems, owned, seat, hole)
    other = 1 - seat
    for t in threats:
        if t == hole:
            continue
        _, o2, won = after(g, o, other, t)
        if won:
            return False
    return True


# --- Monte Carlo tree search with RAVE ---------------------------------------------------------

RAVE_BIAS = 0.002
"""b² of β = AN / (N + AN + 4 b² N AN): how long the all-moves-as-first value weighs."""
FIRST_PLAY = 1.1
"""The value of a move never tried and never seen in a playout (tried before any other)."""
ITERATIONS_PER_DEPTH = 100
"""`max_depth` caps Hard at this many simulations per unit (reproducible tests)."""
SEARCH_FRACTION = 0.75
"""Hard stops simulating once this fraction of its budget has passed."""
CHECK_EVERY = 8
"""Simulations between two clock reads."""


_HOLE_TABLE = tuple(tuple((1 << c, CELL_HOLES[c], NEED[c]) for c in HOLE_CELLS[h])
                    for h in range(N_HOLES))
"""Per hole: (cell bit, the cell's holes, gems that claim it) for each cell it belongs to."""


def reply_playout(gems0: int, gems1: int, owned0: int, owned1: int, mover: int,
                  rng: random.Random, empties: list[int]) -> tuple[int, int, int]:
    """A playout to a full board in a random order, except that a seat answers a race at once:
    after a gem leaves an open cell one gem short for both seats (as a bridge intrusion does in
    Hex), the next seat takes that cell's free hole. (winner, seat 0's gems, seat 1's gems)."""
    keys = memoryview(rng.getrandbits(N_HOLES * 16).to_bytes(N_HOLES * 2, "little")).cast("H")
    order = sorted(empties, key=keys.__getitem__)
    table = _HOLE_TABLE
    # `mine`/`own` belong to the seat about to move, `theirs`/`their` to the other; they trade
    # places after every gem.
    if mover:
        mine, theirs, own, their = gems1, gems0, owned1, owned0
    else:
        mine, theirs, own, their = gems0, gems1, owned0, owned1
    taken = owned0 | owned1
    filled = gems0 | gems1
    reply = 0
    i = 0
    for _ in order:
        if reply:
            h = (reply & -reply).bit_length() - 1
        else:
            h = order[i]
            while filled >> h & 1:
                i += 1
                h = order[i]
            i += 1
        bit = 1 << h
        filled |= bit
        mine |= bit
        reply = 0
        for cbit, holes, need in table[h]:
            if taken & cbit:
                continue
            k = (holes & mine).bit_count()
            if k >= need:
                taken |= cbit
                own |= cbit
            elif k == need - 1 and (holes & theirs).bit_count() == need - 1:
                reply |= holes & ~filled
        mine, theirs, own, their = theirs, mine, their, own
    if (len(order) & 1) ^ mover:        # after the last swap of places, `mine` is seat 1's
        mine, theirs, own, their = theirs, mine, their, own
    return (0 if connected(own, 0) else 1), mine, theirs


PLAYOUT = reply_playout
"""The playout Hard uses. `reply_playout` won 44 of 60 games (73%) against the same search with
the uniform `parlor.rules.gems.playout` at the same time per move (0.3 s)."""


class Node:
    """A position in the tree: per hole, the visits and wins of the move there, its
    all-moves-as-first visits and wins, and the blend of both the selection follows (no
    exploration term, as in MoHex: RAVE keeps every move's value fresh)."""

    __slots__ = ("seat", "moves", "n", "w", "an", "aw", "value", "kids", "win", "own")

    def __init__(self, seat: int, moves: list[int], own: int):
        self.seat = seat
        self.moves = moves
        self.n = [0] * N_HOLES
        self.w = [0] * N_HOLES
        self.an = [0] * N_HOLES
        self.aw = [0] * N_HOLES
        self.value = [FIRST_PLAY] * N_HOLES
        self.kids: dict[int, Node] = {}
        self.win: int | None = None
        """A move that wins the game at once for the seat to move, once one was met."""
        self.own = own
        """The hole mask of the gems the seat to move has here."""


class Mcts:
    """One search from a position (`ply` decisions made, seat 0 opening with `opening` gems)."""

    def __init__(self, gems: tuple[int, int], owned: tuple[int, int], ply: int, opening: int,
                 rng: random.Random, playout=None):
        self.gems, self.owned, self.ply, self.opening, self.rng = gems, owned, ply, opening, rng
        self.playout = PLAYOUT if playout is None else playout
        self.simulations = 0

    def search(self, candidates: list[int], budget: Budget, max_depth: int | None) -> int:
        """Simulate until the budget (or `max_depth` × ITERATIONS_PER_DEPTH simulations) runs
        out; the most simulated root move."""
        seat = seat_for_ply(self.ply, self.opening)
        moves = list(candidates)
        self.rng.shuffle(moves)                 # ties go to a random move, not the lowest hole
        root = self.root = Node(seat, moves, self.gems[seat])
        limit = math.inf if max_depth is None else max_depth * ITERATIONS_PER_DEPTH
        stop_at = (math.inf if budget.seconds is None
                   else budget.start + SEARCH_FRACTION * budget.seconds)
        clock = budget.clock
        started = clock()
        n = root.n
        done = 0
        while done < limit:
            if done % CHECK_EVERY == 0:
                now = clock()
                if now >= stop_at:
                    break
                if done and self.decided(root, done, limit - done if now == started
                                         else min(limit - done, (stop_at - now) * done / (now - started))):
                    break
            self.simulate(root)
            done += 1
        self.simulations = done
        if root.win is not None:
            return root.win
        n, w = root.n, root.w
        return max(root.moves, key=lambda h: (n[h], w[h]))

    @staticmethod
    def decided(root: Node, done: int, remaining: float) -> bool:
        """True if no other root move can catch up with the most simulated one in the
        `remaining` simulations (or the root has a move that wins at once)."""
        if root.win is not None:
            return True
        n = root.n
        first = second = 0
        for h in root.moves:
            v = n[h]
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > remaining

    def simulate(self, root: Node) -> None:
        """One simulation: down the tree, one new node, a random playout, the statistics up."""
        rng = self.rng
        gems, owned = list(self.gems), list(self.owned)
        ply, opening = self.ply, self.opening
        node = root
        path = []
        winner = -1
        while True:
            h = node.win
            if h is None:
                value = node.value
                h = max(node.moves, key=value.__getitem__)
            seat = node.seat
            path.append((node, h))
            g = gems[seat] | 1 << h
            gems[seat] = g
            ply += 1
            new = claims(h, g, owned[0] | owned[1])
            if new:
                owned[seat] |= new
                if connected(owned[seat], seat):
                    node.win = h
                    winner = seat
                    break
            kid = node.kids.get(h)
            if kid is None:
                nxt = seat_for_ply(ply, opening)
                taken = gems[0] | gems[1]
                moves = [m for m in node.moves if not taken >> m & 1]
                if len(moves) < len(node.moves) - 1 or node is root:
                    moves = [m for m in range(N_HOLES) if not taken >> m & 1]
                node = node.kids[h] = Node(nxt, moves, gems[nxt])
                break
            node = kid
        if winner < 0:
            empties = node.moves
            extra = opening - ply
            mover = node.seat
            if extra > 0:                                # seat 0's handicap gems still to come
                empties = list(empties)
                rng.shuffle(empties)
                for m in empties[:extra]:
                    gems[0] |= 1 << m
                empties = empties[extra:]
                mover = 1
            winner, full0, full1 = self.playout(gems[0], gems[1], owned[0], owned[1], mover,
                                                rng, empties)
            full = (full0, full1)
        else:
            full = (gems[0], gems[1])
        bias = 4 * RAVE_BIAS
        for node, h in path:
            seat = node.seat
            win = 1 if winner == seat else 0
            n, w, an, aw, value = node.n, node.w, node.an, node.aw, node.value
            n[h] += 1
            w[h] += win
            seen = full[seat] & ~node.own
            while seen:
                low = seen & -seen
                seen ^= low
                m = low.bit_length() - 1
                anm = an[m] = an[m] + 1
                awm = aw[m] = aw[m] + win
                nm = n[m]
                if nm:
                    beta = anm / (nm + anm + bias * nm * anm)
                    value[m] = (1 - beta) * w[m] / nm + beta * awm / anm
                else:
                    value[m] = awm / anm
