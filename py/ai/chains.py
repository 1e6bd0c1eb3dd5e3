"""Computer players for Hex Chains: Easy (random), Medium (greedy), Hard (every placement
valued by a static evaluation, the best few followed a few colour-turns ahead, max-n style,
inside the time budget).

Everything works on the masks of `parlor.rules.chains` (`gen_placements`, `link_points`,
`place`): no State.play and no strings inside the search. A seat with several colours (2x2,
2x3) plays them as one side: its colours' values add up, its opponents' subtract.

- Medium: among the placements of the largest piece that fits, the one that leaves its own
  colours the most open link points and the other colours the fewest (ties by the seed).
- Hard: depth 1 values every placement by the static evaluation of the position after it. The
  best `ROOT_WIDTH` are then followed further, one colour-turn per iteration while the budget
  lasts (up to one full round and Hard's next turn): in each line the colour to move plays the
  best, for its own seat by the same evaluation, of its `REPLY_WIDTH` most promising placements
  by a cheap score (a max-n search with a shortlist of one reply per node), and the root
  placement whose line ends best is played. The evaluation, per colour: the hexes placed, a
  bonus per placed piece of its size squared (large pieces are the ones left over at the end),
  and its territory — the free hexes it reaches before any other colour, spreading from every
  colour's open link points at once, a step at a time in turn order through the hexes each could
  cover; the seat's colours minus the others (more than two sides: minus half the strongest
  other seat and half the others' mean). If depth 1 does not complete in time, Medium's move.
- The 5-player obstacle phase: Easy picks and places at random; Medium and Hard pick the
  largest piece left and place an obstacle where it presses hardest on the other colours'
  starting hexes and not on their own.
"""

from __future__ import annotations

import math
import random

from ..rules.chains import (
    PIECE_INDEX, PIECE_SIZE, PICK, PLAY, STARTS, ChainsState, bits, distance,
    gen_placements, has_placement, link_points, place, qr, spread, tables,
)
from .search import Budget, Timeout

ROOT_WIDTH = 20
"""Placements Hard follows beyond depth 1 (the best by the static evaluation)."""
REPLY_WIDTH = 6
"""In a line, the colour to move picks the best for itself, by the static evaluation, of its
REPLY_WIDTH best placements by the cheap score (`order`)."""
STOP_FRACTION = 0.75
"""Hard's search is cut at this fraction of its budget (not the shared 90% deadline), as Gems'
and Runners' are: the rest is room for the page's round trip and for a worker that waits for a
core on a busy machine (in the browser at load ~10, the 90% cut let 2 of 140 moves pass 1 s)."""
TERRITORY_STEPS = 5
W_PLACED, W_BIG, W_TERRITORY = 1.0, 0.3, 0.5
"""The evaluation's weights: per hex placed; per placed piece, times its size squared; per hex
of territory."""
SQUARES = [PIECE_SIZE[p] ** 2 for p in range(len(PIECE_SIZE))]
LAST_SEARCH: dict = {}
"""What Hard's last search did: {"depth": deepest completed depth (colour-turns looked at, 0:
none, Medium's move), "root": placements valued at depth 1, "nodes"} (for tests and benches)."""


def big_bonus(used: int) -> int:
    """The sum of the squared sizes of the pieces in `used` (a bit per piece index)."""
    total, p = 0, 0
    while used:
        if used & 1:
            total += SQUARES[p]
        used >>= 1
        p += 1
    return total


# --- positions --------------------------------------------------------------------------------

class Pos:
    """A position for the search: the masks of `ChainsState` and the colour to move."""

    __slots__ = ("t", "occ", "own", "halo", "edges", "used", "out", "turn", "starts", "owner", "n")

    @classmethod
    def of(cls, state: ChainsState) -> "Pos":
        p = cls()
        p.t = state.tables
        p.occ, p.own, p.halo, p.edges = state.occ, state.own, state.halo, state.edges
        p.used, p.out, p.turn = state.used, state.out, state.turn
        p.starts, p.owner, p.n = state.setup.starts, state.setup.owner, state.setup.colours
        return p

    def moves(self, colour: int | None = None) -> list[int]:
        c = self.turn if colour is None else colour
        return gen_placements(self.t, self.occ, self.own[c], self.halo[c], self.edges,
                              self.used[c], self.starts[c])

    def free(self, c: int) -> int:
        return self.t.mask & ~(self.occ | self.halo[c])

    def points(self, c: int) -> int:
        """Colour c's open link points (its starting hex before its first piece)."""
        free = self.free(c)
        if self.own[c]:
            return link_points(self.own[c], self.edges) & free
        return free & 1 << self.starts[c]

    def play(self, pid: int) -> "Pos":
        """The position after the colour to move places `pid`; the turn passes on as in the
        rules (a colour without a placement is out)."""
        c = self.turn
        mask = self.t.masks[pid]
        q = Pos()
        q.t, q.starts, q.owner, q.n = self.t, self.starts, self.owner, self.n
        occ, own, halo, edges = place(self.occ, self.own[c], self.halo[c], self.edges, mask)
        q.occ, q.edges = occ, edges
        q.own = self.own[:c] + (own,) + self.own[c + 1:]
        q.halo = self.halo[:c] + (halo,) + self.halo[c + 1:]
        q.used = self.used[:c] + (self.used[c] | 1 << self.t.piece[pid],) + self.used[c + 1:]
        q.out = self.out
        q.turn = None
        for step in range(1, self.n + 1):
            x = (c + step) % self.n
            if q.out >> x & 1:
                continue
            if has_placement(q.t, occ, q.own[x], q.halo[x], edges, q.used[x], q.starts[x]):
                q.turn = x
                break
            q.out |= 1 << x
        return q


# --- the players ------------------------------------------------------------------------------

def choose(state: ChainsState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` ("medium" or "hard") for the seat to move in `state` (not over)."""
    if state.phase != PLAY:
        return obstacle_move(state, rng)
    pos = Pos.of(state)
    pids = pos.moves()
    name = f"c{pos.turn}:"
    if len(pids) == 1:
        return name + pos.t.name(pids[0])
    if level == "medium":
        return name + pos.t.name(medium_pid(pos, pids, rng))
    return name + pos.t.name(hard_pid(pos, pids, rng, budget, max_depth))


def sides(pos: Pos) -> tuple[list[int], list[int]]:
    """(own colours, other colours) of the seat whose colour is to move, those still in."""
    seat = pos.owner[pos.turn]
    own = [c for c in range(pos.n) if pos.owner[c] == seat]
    return own, [c for c in range(pos.n) if pos.owner[c] != seat]


def link_counts(pos: Pos, occ: int, own: tuple, halo: tuple, edges: tuple, colours) -> int:
    """Open link points of `colours` (those not out) on the given masks."""
    area = pos.t.mask
    total = 0
    for c in colours:
        if pos.out >> c & 1:
            continue
        free = area & ~(occ | halo[c])
        if own[c]:
            total += (link_points(own[c], edges) & free).bit_count()
        else:
            total += free >> pos.starts[c] & 1
    return total


def quick_scores(pos: Pos, pids: list[int]) -> list[tuple[float, int]]:
    """(score, pid) for each placement of the colour to move: 10 per hex, + the open link points
    its side has after it, - those the other colours have after it."""
    c = pos.turn
    mine, others = sides(pos)
    masks, t = pos.t.masks, pos.t
    out = []
    for pid in pids:
        mask = masks[pid]
        occ, own_c, halo_c, edges = place(pos.occ, pos.own[c], pos.halo[c], pos.edges, mask)
        own = pos.own[:c] + (own_c,) + pos.own[c + 1:]
        halo = pos.halo[:c] + (halo_c,) + pos.halo[c + 1:]
        score = (10 * PIECE_SIZE[t.piece[pid]] + link_counts(pos, occ, own, halo, edges, mine)
                 - link_counts(pos, occ, own, halo, edges, others))
        out.append((score, pid))
    return out


def medium_pid(pos: Pos, pids: list[int], rng: random.Random) -> int:
    """Medium: the largest piece that fits, placed to leave its side the most open link points
    and the other colours the fewest; ties by `rng`."""
    piece = pos.t.piece
    largest = max(PIECE_SIZE[piece[pid]] for pid in pids)
    big = sorted(pid for pid in pids if PIECE_SIZE[piece[pid]] == largest)
    scored = quick_scores(pos, big)
    best = max(s for s, _ in scored)
    return rng.choice([pid for s, pid in scored if s == best])


# --- Hard -------------------------------------------------------------------------------------

def territory(pos: Pos) -> list[int]:
    """Per colour, the free hexes it reaches before any other colour, spreading from its open
    link points one step at a time through the hexes it could cover (TERRITORY_STEPS steps).
    Within a step the colours spread in turn order from the colour to move, so a hex two
    colours reach at the same step is the one's that moves first."""
    n = pos.n
    free = [pos.free(c) for c in range(n)]
    first = pos.turn if pos.turn is not None else 0
    order_ = [(first + k) % n for k in range(n)]
    frontier = [0] * n
    taken = 0
    for c in order_:
        if not pos.out >> c & 1:
            frontier[c] = pos.points(c) & ~taken
            taken |= frontier[c]
    reached = list(frontier)
    for _ in range(TERRITORY_STEPS):
        grew = 0
        for c in order_:
            f = frontier[c]
            if f:
                f = spread(f) & free[c] & ~taken
                frontier[c] = f
                taken |= f
                reached[c] |= f
                grew |= f
        if not grew:
            break
    return [r.bit_count() for r in reached]


def evaluate(pos: Pos, seat: int) -> float:
    """The static value of `pos` for `seat`: per colour W_PLACED x hexes placed + W_BIG x the
    squared sizes of its placed pieces + W_TERRITORY x its territory; the seat's colours minus
    the others (in a game of more than two sides, minus half the strongest other seat's total
    and half the others' mean)."""
    terr = territory(pos)
    per_seat: dict[int, float] = {}
    for c in range(pos.n):
        value = (W_PLACED * pos.own[c].bit_count() + W_BIG * big_bonus(pos.used[c])
                 + W_TERRITORY * terr[c])
        s = pos.owner[c]
        per_seat[s] = per_seat.get(s, 0.0) + value
    mine = per_seat.pop(seat)
    others = list(per_seat.values())
    if len(others) == 1:
        return mine - others[0]
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def order(pos: Pos, pids: list[int], width: int) -> list[int]:
    """The `width` most promising placements of the colour to move, by a cheap score: 4 per hex,
    + the new link points the piece itself opens, + 2 per other colour's link point it covers."""
    t, edges, free = pos.t, pos.edges, pos.free(pos.turn)
    mine, others = sides(pos)
    theirs = 0
    for c in others:
        if not pos.out >> c & 1:
            theirs |= pos.points(c)
    masks, piece = t.masks, t.piece
    scored = []
    for pid in pids:
        m = masks[pid]
        scored.append((4 * PIECE_SIZE[piece[pid]] + (link_points(m, edges) & free & ~spread(m)).bit_count()
                       + 2 * (m & theirs).bit_count(), pid))
    scored.sort(reverse=True)
    return [pid for _, pid in scored[:width]]


def hard_pid(pos: Pos, pids: list[int], rng: random.Random, budget: Budget,
             max_depth: int | None = None) -> int:
    """Hard's placement (see the module docstring). `max_depth` caps the colour-turns looked at
    (1: the static evaluation only); by default one full round and Hard's next turn."""
    best = medium_pid(pos, pids, random.Random(rng.random()))
    seat = pos.owner[pos.turn]
    limit = pos.n + 1 if max_depth is None else max_depth
    LAST_SEARCH.clear()
    LAST_SEARCH.update(depth=0, root=len(pids))
    if budget.seconds is not None:  # tick() and check() raise Timeout from here on
        budget.deadline = min(budget.deadline, budget.start + STOP_FRACTION * budget.seconds)
    root = sorted(pids)
    rng.shuffle(root)
    try:
        values, lines = {}, {}
        for pid in root:          # depth 1: every placement, by the static evaluation
            budget.tick()
            lines[pid] = after = pos.play(pid)
            values[pid] = evaluate(after, seat)
        root.sort(key=lambda p: -values[p])   # stable: ties stay in the seed's order
        best = root[0]
        LAST_SEARCH["depth"] = 1
        root = root[:ROOT_WIDTH]
        last = 0.0
        for depth in range(2, limit + 1):
            if len(root) < 2 or not budget.can_finish(1.2 * last):
                break
            started = budget.clock()
            for pid in root:      # each line one colour-turn further
                lines[pid] = line = _reply(lines[pid], budget)
                values[pid] = evaluate(line, seat)
            root.sort(key=lambda p: -values[p])
            best = root[0]
            LAST_SEARCH["depth"] = depth
            last = budget.clock() - started
    except Timeout:
        pass
    LAST_SEARCH["nodes"] = budget.nodes
    return best


def _reply(pos: Pos, budget: Budget) -> Pos:
    """The position after the colour to move in `pos` plays the best, for its own seat by the
    static evaluation, of its REPLY_WIDTH most promising placements (one step of a max-n line);
    `pos` itself when the game is over."""
    if pos.turn is None:
        return pos
    budget.check()  # listing and ordering the replies is no node: read the clock before it
    seat = pos.owner[pos.turn]
    best, best_value = pos, -math.inf
    for pid in order(pos, pos.moves(), REPLY_WIDTH):
        budget.tick()
        after = pos.play(pid)
        value = evaluate(after, seat)
        if value > best_value:
            best, best_value = after, value
    return best


# --- the 5-player obstacle phase ---------------------------------------------------------------

def obstacle_move(state: ChainsState, rng: random.Random) -> str:
    """Medium's and Hard's pick or obstacle placement (see the module docstring)."""
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_move
    if state.phase == PICK:
        largest = max(PIECE_SIZE[PIECE_INDEX[m[5:]]] for m in legal)
        return rng.choice([m for m in legal if PIECE_SIZE[PIECE_INDEX[m[5:]]] == largest])
    t = tables("whole")
    best, choices = -math.inf, []
    for pid in state._obstacle_moves(seat):
        value = 0
        for h in bits(t.masks[pid]):
            cell = qr(h)
            for colour, start in enumerate(STARTS[5]):
                press = max(0, 9 - distance(start, cell))
                value += -4 * press if colour == seat else press
        if value > best:
            best, choices = value, [pid]
        elif value == best:
            choices.append(pid)
    return "ob:" + t.name(rng.choice(sorted(choices)))


__all__ = ["choose", "Pos", "medium_pid", "hard_pid", "evaluate", "territory"]
