"""Computer players for Runners: Easy (random), Medium (points, then position), Hard (beam search
over up to three turns).

Everything works on the masks of `parlor.rules.runners` (per-seat runner and territory ints,
`gen_moves`, `apply_move`): no State, no strings inside the search.

- Medium: every move is scored by the points it gains at once (a steal counts as a gain, and a
  little more, since the victim loses the point too), then by position: the best claim the seat
  could make with its next move (links ready: friendly runners two apart with an empty middle),
  the best claim the opponents could make next (denying their links), and how central the
  seat's runners stand.
- Hard: a search over the turns of the next seats, turns 1, 2, 3 by iterative deepening inside
  the budget: paranoid alpha-beta when there are two sides (two players, or 2v2, where the
  teammate maximises too and the value is the team score), max-n for three or four
  free-for-all seats (each seat picks what is best for itself). At each node only a shortlist
  (beam) of the most promising moves, by the same ordering as Medium's points, is searched. A
  leaf adds the best claim of the seat to move there (a one-turn frontier), and a seat that can
  reach its goal at a leaf is scored as having won.
"""

from __future__ import annotations

import random

from ..rules.hexgrid import bits
from ..rules.runners import (
    BOARD, CENTRE, GOAL, NAMES, ROUNDS, TEAMS, TWO_AWAY, RunnersState, friends_of,
    gen_moves, score_of,
)
from .search import Budget, SearchResult, iterative_deepening

MAX_TURNS = 3
"""Hard looks at most three turns ahead (the seed: "searches up to three turns ahead")."""
BEAM = {2: 12, 1: 10}
"""Paranoid (two sides): the moves searched at a node with 2 or 1 turns left to search (the
root searches all of its moves)."""
BEAM_MAXN = {2: 6, 1: 4}
"""Max-n (three or four sides, no alpha-beta): the same, narrower."""
WIN = 1_000_000
CENTRALITY = [4 - BOARD.distance(i, CENTRE) for i in range(BOARD.size)]
"""4 at E5 down to 0 on the rim."""


def choose(state: RunnersState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` for the seat to move in `state` (not over)."""
    legal = state.legal_moves()
    if legal == ["pass"]:
        return "pass"
    if level == "easy":
        return rng.choice(legal)
    game = Game(state)
    if level == "medium":
        origin, target = medium_move(game, state.runners, state.owners, state.to_move, rng)
        return f"{NAMES[origin]}-{NAMES[target]}"
    result = search(game, state.runners, state.owners, state.turns, rng, budget, max_depth)
    origin, target = result.move
    return f"{NAMES[origin]}-{NAMES[target]}"


class Game:
    """What a search needs to know about the table: seats, sides, goals, the last turn."""

    def __init__(self, state: RunnersState):
        self.seats = state.seats
        self.first = state.first
        self.variant = state.variant
        self.goal = GOAL[state.variant]
        self.end_turns = ROUNDS * state.seats
        self.friends = [friends_of(s, state.seats, state.variant) for s in range(state.seats)]
        self.side = [s % 2 if state.variant == "2v2" else s for s in range(state.seats)]
        self.sides = 2 if state.variant == "2v2" else state.seats
        self.members = [TEAMS[t] for t in range(2)] if state.variant == "2v2" else [
            (s,) for s in range(state.seats)]

    def seat_at(self, turns: int) -> int:
        return (self.first + turns) % self.seats

    def side_scores(self, owners: tuple) -> list[int]:
        scores = [score_of(m) for m in owners]
        if self.sides == self.seats:
            return scores
        return [sum(scores[s] for s in members) for members in self.members]


# --- the fast per-move arithmetic ------------------------------------------------------------

def move_gains(game: Game, runners: tuple, owners: tuple, seat: int):
    """Yield (origin, target, gained, stolen, changed) for every move of `seat`: the points the
    move claims (centre 2), how many of them are taken from opponents, and the changed mask."""
    occupied = 0
    for r in runners:
        occupied |= r
    friends = game.friends[seat]
    friendly = 0
    team_owned = 0
    for s in friends:
        friendly |= runners[s]
        team_owned |= owners[s]
    others_owned = 0
    for s, m in enumerate(owners):
        if s not in friends:
            others_owned |= m
    for origin, target, _ in gen_moves(runners[seat], occupied):
        occ = occupied ^ (1 << origin) ^ (1 << target)
        fr = friendly ^ (1 << origin) ^ (1 << target)
        changed = 0
        for between, beyond in TWO_AWAY[target]:
            if fr >> beyond & 1 and not occ >> between & 1:
                changed |= 1 << between
        changed &= ~team_owned
        if changed:
            gained = changed.bit_count() + (changed >> CENTRE & 1)
            stolen_mask = changed & others_owned
            stolen = stolen_mask.bit_count() + (stolen_mask >> CENTRE & 1)
        else:
            gained = stolen = 0
        yield origin, target, gained, stolen, changed


def best_gain(game: Game, runners: tuple, owners: tuple, seat: int) -> tuple[int, int]:
    """(points, stolen) of the seat's best immediate claim (by points, then steals)."""
    best = (0, 0)
    for _, _, gained, stolen, _ in move_gains(game, runners, owners, seat):
        if gained and (gained, stolen) > best:
            best = (gained, stolen)
    return best


def make(runners: tuple, owners: tuple, seat: int, origin: int, target: int, changed: int):
    new_runners = list(runners)
    new_runners[seat] ^= (1 << origin) | (1 << target)
    if not changed:
        return tuple(new_runners), owners
    keep = ~changed
    return tuple(new_runners), tuple((m | changed) if s == seat else (m & keep)
                                     for s, m in enumerate(owners))


def links(runners_of_side: int, occupied: int) -> int:
    """Pairs of the side's runners two apart in a line with no runner between (each counted
    from both ends)."""
    count = 0
    for cell in bits(runners_of_side):
        for between, beyond in TWO_AWAY[cell]:
            if runners_of_side >> beyond & 1 and not occupied >> between & 1:
                count += 1
    return count


def centrality(mask: int) -> int:
    return sum(CENTRALITY[c] for c in bits(mask))


# --- Medium ----------------------------------------------------------------------------------

def medium_move(game: Game, runners: tuple, owners: tuple, seat: int,
                rng: random.Random) -> tuple[int, int]:
    """Points first (a steal a little more), then position; ties broken by `rng`."""
    best, choices = None, []
    opponents = [s for s in range(game.seats) if s not in game.friends[seat]]
    for origin, target, gained, stolen, changed in move_gains(game, runners, owners, seat):
        after_r, after_o = make(runners, owners, seat, origin, target, changed)
        occupied = 0
        for r in after_r:
            occupied |= r
        mine = 0
        for s in game.friends[seat]:
            mine |= after_r[s]
        own_next = best_gain(game, after_r, after_o, seat)[0]
        their_next = max((sum(best_gain(game, after_r, after_o, s)) for s in opponents), default=0)
        key = (
            2 * gained + stolen,
            3 * own_next - 4 * their_next + 2 * links(mine, occupied) + centrality(after_r[seat]),
        )
        if best is None or key > best:
            best, choices = key, [(origin, target)]
        elif key == best:
            choices.append((origin, target))
    return rng.choice(choices)


# --- Hard ------------------------------------------------------------------------------------

def search(game: Game, runners: tuple, owners: tuple, turns: int, rng: random.Random,
           budget: Budget, max_depth: int | None = None) -> SearchResult:
    """Iterative deepening over 1..3 turns of the paranoid beam search for the seat to move
    (which must have a move). `move` of the result is (origin, target)."""
    seat = game.seat_at(turns)
    root = [(o, t, g, s, c) for o, t, g, s, c in move_gains(game, runners, owners, seat)]
    rng.shuffle(root)
    root.sort(key=lambda m: -(2 * m[2] + m[3]))  # stable: ties stay shuffled
    fallback = medium_move(game, runners, owners, seat, random.Random(rng.random()))
    if len(root) == 1:
        return SearchResult(move=root[0][:2], value=None, depth=0, nodes=0,
                            elapsed=budget.elapsed(), timed_out=False)
    searcher = (_Searcher if game.sides == 2 else _MaxN)(game, game.side[seat], budget)
    depth_cap = MAX_TURNS if max_depth is None else min(max_depth, MAX_TURNS)
    return iterative_deepening(
        lambda depth: searcher.root(runners, owners, turns, depth, root), budget,
        fallback=fallback, max_depth=depth_cap, decisive=WIN // 2,
    )


class _Searcher:
    def __init__(self, game: Game, me: int, budget: Budget):
        self.game = game
        self.me = me
        self.budget = budget

    def root(self, runners, owners, turns, depth, moves):
        seat = self.game.seat_at(turns)
        alpha, beta = -10 * WIN, 10 * WIN
        best, best_move = -10 * WIN, moves[0][:2]
        values = {}
        for origin, target, gained, stolen, changed in moves:
            r, o = make(runners, owners, seat, origin, target, changed)
            value = self.after(r, o, turns + 1, seat, depth - 1, alpha, beta)
            values[(origin, target)] = value
            if value > best:
                best, best_move = value, (origin, target)
                alpha = max(alpha, value)
        moves.sort(key=lambda m: (m[:2] != best_move, -values[m[:2]]))
        return best, best_move

    def after(self, runners, owners, turns, mover, depth, alpha, beta):
        """Value for `me` just after `mover` moved (turns counts that move)."""
        game = self.game
        self.budget.tick()
        scores = game.side_scores(owners)
        mover_side = game.side[mover]
        if scores[mover_side] >= game.goal:
            return WIN + scores[mover_side] if mover_side == self.me else -WIN - scores[mover_side]
        if turns >= game.end_turns:
            top = max(scores)
            if scores[self.me] == top:
                return WIN // max(1, scores.count(top)) + scores[self.me]
            return -WIN - top
        if depth == 0:
            return self.leaf(runners, owners, turns, scores)
        return self.node(runners, owners, turns, depth, alpha, beta)

    def node(self, runners, owners, turns, depth, alpha, beta):
        game = self.game
        seat = game.seat_at(turns)
        moves = sorted(move_gains(game, runners, owners, seat), key=lambda m: -(2 * m[2] + m[3]))
        if not moves:  # walled in: a pass
            return self.after(runners, owners, turns + 1, seat, depth - 1, alpha, beta)
        moves = moves[:BEAM[depth]]
        if game.side[seat] == self.me:
            best = -10 * WIN
            for origin, target, _, _, changed in moves:
                r, o = make(runners, owners, seat, origin, target, changed)
                value = self.after(r, o, turns + 1, seat, depth - 1, alpha, beta)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            return best
        best = 10 * WIN
        for origin, target, _, _, changed in moves:
            r, o = make(runners, owners, seat, origin, target, changed)
            value = self.after(r, o, turns + 1, seat, depth - 1, alpha, beta)
            if value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return best

    def leaf(self, runners, owners, turns, scores):
        """Score difference (own side against the best other side), the best claim of the seat
        to move now (in full) and of the next seat (in part), and centrality."""
        game = self.game
        me = self.me
        seat = game.seat_at(turns)
        side = game.side[seat]
        gained, stolen = best_gain(game, runners, owners, seat)
        if gained and scores[side] + gained >= game.goal:
            return WIN if side == me else -WIN
        nxt = game.seat_at(turns + 1)
        n_gained, n_stolen = best_gain(game, runners, owners, nxt)
        mine = scores[me]
        other = max(s for i, s in enumerate(scores) if i != me)
        value = 100 * (mine - other)
        threat = 80 * gained + 40 * stolen
        value += threat if side == me else -threat
        threat = 40 * n_gained + 20 * n_stolen
        value += threat if game.side[nxt] == me else -threat
        central = 0
        for s, mask in enumerate(runners):
            central += centrality(mask) if game.side[s] == me else -centrality(mask) / (game.sides - 1)
        return value + 2 * central


class _MaxN:
    """Max-n for three or four free-for-all seats: each seat picks the move best for itself; a
    seat's utility is its own value minus the mean of the others' (measured against Medium:
    better than minus the best other's, 43% against 33% of the four-player wins)."""

    def __init__(self, game: Game, me: int, budget: Budget):
        self.game = game
        self.me = me
        self.budget = budget

    def root(self, runners, owners, turns, depth, moves):
        seat = self.game.seat_at(turns)
        best, best_move = None, moves[0][:2]
        values = {}
        for origin, target, gained, stolen, changed in moves:
            r, o = make(runners, owners, seat, origin, target, changed)
            vec = self.after(r, o, turns + 1, seat, depth - 1)
            value = self.utility(vec, self.me)
            values[(origin, target)] = value
            if best is None or value > best:
                best, best_move = value, (origin, target)
        moves.sort(key=lambda m: (m[:2] != best_move, -values[m[:2]]))
        return best, best_move

    @staticmethod
    def utility(vec, side):
        return vec[side] - (sum(vec) - vec[side]) / (len(vec) - 1)

    def after(self, runners, owners, turns, mover, depth):
        game = self.game
        self.budget.tick()
        scores = game.side_scores(owners)
        if scores[mover] >= game.goal:
            return [WIN if i == mover else 0 for i in range(game.sides)]
        if turns >= game.end_turns:
            top = max(scores)
            n = scores.count(top)
            return [WIN // n if v == top else 0 for v in scores]
        if depth == 0:
            return self.leaf(runners, owners, turns, scores)
        seat = game.seat_at(turns)
        moves = sorted(move_gains(game, runners, owners, seat), key=lambda m: -(2 * m[2] + m[3]))
        if not moves:
            return self.after(runners, owners, turns + 1, seat, depth - 1)
        best, best_vec = None, None
        for origin, target, _, _, changed in moves[:BEAM_MAXN[depth]]:
            r, o = make(runners, owners, seat, origin, target, changed)
            vec = self.after(r, o, turns + 1, seat, depth - 1)
            value = self.utility(vec, seat)
            if best is None or value > best:
                best, best_vec = value, vec
        return best_vec

    def leaf(self, runners, owners, turns, scores):
        """Per side: 100 a point, plus its best claim now (in full for the seat to move, in
        part for the others), plus centrality."""
        game = self.game
        seat = game.seat_at(turns)
        vec = []
        for side in range(game.sides):
            gained, stolen = best_gain(game, runners, owners, side)
            if side == seat and gained and scores[side] + gained >= game.goal:
                return [WIN if i == side else 0 for i in range(game.sides)]
            weight = 80 if side == seat else 50 if side == game.seat_at(turns + 1) else 35
            vec.append(100 * scores[side] + weight * gained + (weight // 2) * stolen
                       + 2 * centrality(runners[side]))
        return vec
