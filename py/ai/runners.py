"""Computer players for Runners: Easy (random), Medium (points, then position), Hard (beam search
over up to three turns).

Everything works on the masks of `parlor.rules.runners` (per-seat runner and territory ints,
`gen_moves`, `apply_move`): no State, no strings inside the search.

- Medium: every move is scored by the points it gains at once (a steal counts as a gain, and a
  little more, since the victim loses the point too), then by position: the best claim the seat
  could make with its next move (links ready: friendly runners two apart with an empty middle),
  the best claim the opponents could make next (denying their links), and how central the
  seat's runners stand.
- Hard, two sides (two players, or 2v2, where the teammate maximises too and the value is the
  team score): paranoid alpha-beta over the next 1, 2, 3 turns by iterative deepening inside
  the budget, over a shortlist (beam) of the most promising moves at each node by Medium's
  points ordering. A leaf adds the best claim of the seat to move there (a one-turn frontier),
  and a seat that can reach its goal at a leaf is scored as having won.
- Hard, three or four free-for-all seats: up to three of its OWN turns (rounds) by iterative
  deepening, each own move followed by the other seats' replies as Medium would play them (the
  opponent model: points first, then position; after a root move each of a seat's tied best
  moves is a line of its own, weighted by its chance, as Medium picks one at random; deeper,
  the first of them). Every root move is
  searched one round deep; deeper rounds re-search the best root moves of the round before and,
  at Hard's later turns, Medium's best few moves. The leaf is at Hard's turn: its lead over the
  others, its best claim now, the next seat's best claim, centrality.
"""

from __future__ import annotations

import random

from ..rules.core import bits
from ..rules.runners import (
    ADJACENT, BOARD, CENTRE, GOAL, NAMES, ROUNDS, TEAMS, TWO_AWAY, RunnersState, friends_of,
    claims_of, gen_moves, score_of,
)
from .search import Budget, SearchResult, Timeout, iterative_deepening

MAX_TURNS = 3
"""Hard looks at most three turns ahead (the seed: "searches up to three turns ahead")."""
BEAM = {2: 12, 1: 10}
"""Paranoid (two sides): the moves searched at a node with 2 or 1 turns left to search (the
root searches all of its moves)."""
ROUNDS_ROOT = {2: 8, 3: 5}
"""Free-for-all with 3-4 seats: the root moves searched at 2 and 3 own turns (the best of the
iteration before; one own turn searches them all)."""
ROUNDS_BEAM = 4
"""Free-for-all with 3-4 seats: Hard's later turns search Medium's best 4 moves."""
TIE_LINES = 3
"""Free-for-all with 3-4 seats: the replies to a root move follow up to 3 lines, one for each
way the others may break ties between their best moves (Medium picks one at random)."""
LEAD_MAX = 0.5
"""Free-for-all leaf: the lead is measured against this blend of the best other score and the
mean of the others."""
ROUNDS_FRACTION = 0.75
"""Free-for-all rounds stop at this fraction of the budget (before the shared 90% deadline):
the search uses most of its budget, so this leaves room for the page's round trip and a busy
machine."""
WIN = 1_000_000
REACH = [sum(1 << beyond for _, beyond in TWO_AWAY[i]) for i in range(BOARD.size)]
"""REACH[i]: the hexes two away from i in a line (a runner landing on i links with these)."""
CENTRALITY = [4 - BOARD.distance(i, CENTRE) for i in range(BOARD.size)]
"""4 at E5 down to 0 on the rim."""


def choose(state: RunnersState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` ("medium" or "hard") for the seat to move in `state` (not over)."""
    if state.legal_moves() == ["pass"]:
        return "pass"
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
        self.friends = [friends_of(s, state.variant) for s in range(state.seats)]
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

def masks(game: Game, runners: tuple, owners: tuple, seat: int) -> tuple[int, int, int, int]:
    """(friendly, occupied, team_owned, others_owned) for `seat`: its team's runners, every
    runner, its team's hexes and the other seats' hexes."""
    occupied = 0
    for r in runners:
        occupied |= r
    friends = game.friends[seat]
    friendly = team_owned = others_owned = 0
    for s, m in enumerate(owners):
        if s in friends:
            friendly |= runners[s]
            team_owned |= m
        else:
            others_owned |= m
    return friendly, occupied, team_owned, others_owned


def move_gains(game: Game, runners: tuple, owners: tuple, seat: int):
    """Yield (origin, target, gained, stolen, changed) for every move of `seat`, in the order
    of `gen_moves`: the points the move claims (centre 2), how many of them are taken from
    opponents, and the changed mask."""
    friendly, occupied, team_owned, others_owned = masks(game, runners, owners, seat)
    for origin, target, _ in gen_moves(runners[seat], occupied):
        moved = (1 << origin) ^ (1 << target)
        fr = friendly ^ moved
        changed = claims_of(target, fr, occupied ^ moved) & ~team_owned if fr & REACH[target] else 0
        if changed:
            yield origin, target, score_of(changed), score_of(changed & others_owned), changed
        else:
            yield origin, target, 0, 0, 0


def best_gain(game: Game, runners: tuple, owners: tuple, seat: int) -> tuple[int, int]:
    """(points, stolen) of the seat's best immediate claim (by points, then steals)."""
    return best_claim(runners[seat], *masks(game, runners, owners, seat))


def best_claim(mine: int, friendly: int, occupied: int, team_owned: int,
               others_owned: int) -> tuple[int, int]:
    """`best_gain` on masks: the runners `mine` among `friendly` and `occupied` runners."""
    best = (0, 0)
    while mine:
        low = mine & -mine
        mine ^= low
        origin = low.bit_length() - 1
        occ0 = occupied ^ low
        fr0 = friendly ^ low
        targets = [t for t in ADJACENT[origin] if not occupied >> t & 1]
        for between, beyond in TWO_AWAY[origin]:
            if occupied >> between & 1 and not occupied >> beyond & 1:
                targets.append(beyond)
        for target in targets:
            if not fr0 & REACH[target]:
                continue
            occ = occ0 | (1 << target)
            changed = 0
            for between, beyond in TWO_AWAY[target]:  # claims_of and score_of, inlined: hot
                if fr0 >> beyond & 1 and not occ >> between & 1:
                    changed |= 1 << between
            changed &= ~team_owned
            if changed:
                stolen = changed & others_owned
                found = (changed.bit_count() + (changed >> CENTRE & 1),
                         stolen.bit_count() + (stolen >> CENTRE & 1))
                if found > best:
                    best = found
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

def medium_position(game: Game, runners: tuple, owners: tuple, seat: int, move,
                    opponents) -> int:
    """Medium's second key for `move` (a `move_gains` tuple): position after it."""
    origin, target, _, _, changed = move
    after_r, after_o = make(runners, owners, seat, origin, target, changed)
    occupied = 0
    for r in after_r:
        occupied |= r
    friends = game.friends[seat]
    mine = team_owned = 0
    for s in friends:
        mine |= after_r[s]
        team_owned |= after_o[s]
    everyone_owned = 0
    for m in after_o:
        everyone_owned |= m
    own_next = best_claim(after_r[seat], mine, occupied, team_owned, everyone_owned & ~team_owned)[0]
    their_next = 0
    for s in opponents:
        fr = own = 0
        for f in game.friends[s]:
            fr |= after_r[f]
            own |= after_o[f]
        their_next = max(their_next, sum(best_claim(after_r[s], fr, occupied, own, everyone_owned & ~own)))
    return 3 * own_next - 4 * their_next + 2 * links(mine, occupied) + centrality(after_r[seat])


def medium_best(game: Game, runners: tuple, owners: tuple, seat: int) -> list:
    """The moves (`move_gains` tuples, in generation order) Medium rates best for `seat`:
    points first (a steal a little more), then position, which is computed only for the moves
    tied on points."""
    moves = list(move_gains(game, runners, owners, seat))
    if not moves:
        return []
    top = max(2 * m[2] + m[3] for m in moves)
    tied = [m for m in moves if 2 * m[2] + m[3] == top]
    if len(tied) == 1:
        return tied
    opponents = [s for s in range(game.seats) if s not in game.friends[seat]]
    keys = [medium_position(game, runners, owners, seat, m, opponents) for m in tied]
    best = max(keys)
    return [m for m, k in zip(tied, keys) if k == best]


def medium_ranked(game: Game, runners: tuple, owners: tuple, seat: int) -> list:
    """Every move of `seat` (`move_gains` tuples), best first by Medium's full key."""
    opponents = [s for s in range(game.seats) if s not in game.friends[seat]]
    keyed = [((2 * m[2] + m[3], medium_position(game, runners, owners, seat, m, opponents)), i, m)
             for i, m in enumerate(move_gains(game, runners, owners, seat))]
    keyed.sort(key=lambda k: (-k[0][0], -k[0][1], k[1]))
    return [m for _, _, m in keyed]


def medium_move(game: Game, runners: tuple, owners: tuple, seat: int,
                rng: random.Random) -> tuple[int, int]:
    """Points first (a steal a little more), then position; ties broken by `rng`."""
    return rng.choice([m[:2] for m in medium_best(game, runners, owners, seat)])


# --- Hard ------------------------------------------------------------------------------------

def search(game: Game, runners: tuple, owners: tuple, turns: int, rng: random.Random,
           budget: Budget, max_depth: int | None = None) -> SearchResult:
    """Iterative deepening for the seat to move (which must have a move): over 1..3 turns of
    the paranoid beam search with two sides, over 1..3 of its own turns (rounds) in a
    three- or four-seat free-for-all. `move` of the result is (origin, target)."""
    seat = game.seat_at(turns)
    root = [(o, t, g, s, c) for o, t, g, s, c in move_gains(game, runners, owners, seat)]
    rng.shuffle(root)
    root.sort(key=lambda m: -(2 * m[2] + m[3]))  # stable: ties stay shuffled
    fallback = medium_move(game, runners, owners, seat, random.Random(rng.random()))
    if len(root) == 1:
        return SearchResult(move=root[0][:2], value=None, depth=0, nodes=0,
                            elapsed=budget.elapsed(), timed_out=False)
    searcher = (_Searcher if game.sides == 2 else _Rounds)(game, game.side[seat], budget)
    depth_cap = MAX_TURNS if max_depth is None else min(max_depth, MAX_TURNS)
    # Free-for-all rounds: start the next round if the last one's time would still fit. An
    # unfinished round is not wasted (see `partial` below), so no growth factor is assumed.
    growth = {"default_growth": 1.0, "min_growth": 1.0} if game.sides > 2 else {}
    result = iterative_deepening(
        lambda depth: searcher.root(runners, owners, turns, depth, root), budget,
        fallback=fallback, max_depth=depth_cap, decisive=WIN // 2, **growth,
    )
    partial = getattr(searcher, "partial", None)
    if result.timed_out and result.depth and partial and partial[0] == result.depth + 1:
        # The interrupted round had searched the previous best move and found a better one.
        result.move = partial[1]
    return result


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


class _Rounds:
    """Free-for-all with three or four seats: a search over Hard's own next turns (rounds) in
    which every other seat answers with the move Medium would choose for it (points first, then
    position; after a root move every tied best move is followed, with its chance, up to
    `TIE_LINES` lines; deeper, ties to the first in generation order). Depth d looks d of Hard's
    own turns ahead, each followed by the others' replies; Hard's later turns search only a
    shortlist (Medium's full ordering), and deeper iterations re-search only the best root moves
    of the iteration before."""

    def __init__(self, game: Game, me: int, budget: Budget):
        self.game = game
        self.me = me
        self.budget = budget
        self.replies = {}  # position after Hard's move -> reply(): kept across iterations
        self.lines = {}  # position after a root move -> reply_lines(): kept across iterations
        self.ranked = {}  # position at Hard's turn -> medium_ranked(): kept across iterations
        self.partial = None  # (round, move) that beat the previous best in an unfinished round
        self.deadline = (float("inf") if budget.seconds is None
                         else budget.start + ROUNDS_FRACTION * budget.seconds)

    def check(self):
        """Read the clock (a modelled reply or an ordering costs a few hundred nodes)."""
        self.budget.check()
        if self.budget.clock() >= self.deadline:
            self.budget.timed_out = True
            raise Timeout

    def root(self, runners, owners, turns, depth, moves):
        game = self.game
        seat = self.me
        width = ROUNDS_ROOT[depth] if depth in ROUNDS_ROOT else len(moves)
        best, best_move = None, moves[0][:2]
        values = {}
        for move in moves[:width]:
            origin, target, _, _, changed = move
            key = (origin, target)
            r, o = make(runners, owners, seat, origin, target, changed)
            value = 0.0
            for share, *line in self.reply_lines(r, o, turns + 1):
                value += share * self.own_turn(*line, depth - 1)
            values[key] = value
            if best is None or value > best:
                best, best_move = value, key
                if len(values) > 1:  # an interrupted round may still answer this (see search)
                    self.partial = (depth, key)
        moves[:width] = sorted(moves[:width], key=lambda m: (m[:2] != best_move, -values[m[:2]]))
        return best, best_move

    def reply(self, runners, owners, turns):
        """After Hard's move (turns counts it): Hard's win, then the others' modelled replies
        up to Hard's next turn. (runners, owners, turns, value if the game ended else None)."""
        key = (runners, owners, turns)
        found = self.replies.get(key)
        if found is None:
            found = self.replies[key] = self._reply(runners, owners, turns)
        return found

    def reply_lines(self, runners, owners, turns):
        """`reply` after a root move, as Medium really plays it: a seat whose best moves tie
        picks one at random, so every tied move is a line of its own, with its probability
        (up to `TIE_LINES` lines; past that a tie takes its first move, as in `reply`).
        [(probability, runners, owners, turns, value if the game ended else None), ...]."""
        key = (runners, owners, turns)
        found = self.lines.get(key)
        if found is None:
            found = self.lines[key] = self._reply_lines(runners, owners, turns)
        return found

    def _reply_lines(self, runners, owners, turns):
        game = self.game
        self.budget.tick()
        scores = game.side_scores(owners)
        if scores[self.me] >= game.goal:
            return [(1.0, runners, owners, turns, WIN + scores[self.me])]
        lines = []
        todo = [(1.0, runners, owners, turns)]
        while todo:
            share, runners, owners, turns = todo.pop()
            if turns >= game.end_turns:
                lines.append((share, runners, owners, turns, self.final(game.side_scores(owners))))
                continue
            seat = game.seat_at(turns)
            if seat == self.me:
                lines.append((share, runners, owners, turns, None))
                continue
            self.check()
            best = medium_best(game, runners, owners, seat)
            if not best:
                todo.append((share, runners, owners, turns + 1))
                continue
            if len(lines) + len(todo) + len(best) > TIE_LINES:
                best = best[:1]
            share /= len(best)
            for origin, target, _, _, changed in best:
                r, o = make(runners, owners, seat, origin, target, changed)
                score = score_of(o[seat])  # free-for-all: a seat is a side
                if score >= game.goal:
                    lines.append((share, r, o, turns + 1, -WIN - score))
                else:
                    todo.append((share, r, o, turns + 1))
        return lines

    def _reply(self, runners, owners, turns):
        game = self.game
        self.budget.tick()
        scores = game.side_scores(owners)
        if scores[self.me] >= game.goal:
            return runners, owners, turns, WIN + scores[self.me]
        while True:
            if turns >= game.end_turns:
                return runners, owners, turns, self.final(scores)
            seat = game.seat_at(turns)
            if seat == self.me:
                return runners, owners, turns, None
            self.check()
            best = medium_best(game, runners, owners, seat)
            if best:
                origin, target, _, _, changed = best[0]
                runners, owners = make(runners, owners, seat, origin, target, changed)
                scores = game.side_scores(owners)
                if scores[seat] >= game.goal:
                    return runners, owners, turns + 1, -WIN - scores[seat]
            turns += 1

    def final(self, scores):
        top = max(scores)
        if scores[self.me] == top:
            return WIN // scores.count(top) + scores[self.me]
        return -WIN - top

    def own_turn(self, runners, owners, turns, value, depth):
        """Value at Hard's turn with `depth` more own turns to search."""
        if value is not None:
            return value
        if depth == 0:
            return self.leaf(runners, owners, turns)
        game = self.game
        self.check()
        moves = self.ranked.get((runners, owners, turns))
        if moves is None:
            moves = self.ranked[(runners, owners, turns)] = medium_ranked(game, runners, owners, self.me)
        if not moves:
            return self.own_turn(*self.reply(runners, owners, turns + 1), depth - 1)
        best = None
        for origin, target, _, _, changed in moves[:ROUNDS_BEAM]:
            r, o = make(runners, owners, self.me, origin, target, changed)
            value = self.own_turn(*self.reply(r, o, turns + 1), depth - 1)
            if best is None or value > best:
                best = value
        return best

    def leaf(self, runners, owners, turns):
        """At Hard's turn: 100 a point against the others (LEAD_MAX of the best other's, the
        rest of their mean), Hard's best claim now (in full: nobody moves before it), the best
        claim of the seat after it (in part), centrality."""
        game = self.game
        me = self.me
        scores = game.side_scores(owners)
        gained, stolen = best_gain(game, runners, owners, me)
        if gained and scores[me] + gained >= game.goal:
            return WIN // 2 + scores[me]
        others = [s for i, s in enumerate(scores) if i != me]
        lead = scores[me] - LEAD_MAX * max(others) - (1 - LEAD_MAX) * sum(others) / len(others)
        nxt = game.seat_at(turns + 1)
        n_gained, n_stolen = best_gain(game, runners, owners, nxt)
        return (100 * lead + 80 * gained + 40 * stolen - 30 * n_gained - 15 * n_stolen
                + 2 * centrality(runners[me]))
