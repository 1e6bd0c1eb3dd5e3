"""Computer players for Sanctuary: Easy (random), Medium (one-action evaluation), Hard (expectimax
over the next cards drawn from the public remaining composition).

They are handed views: the state `choose_move` rebuilds with `from_view` has a sampled draw
order, which nothing here reads. Chance is taken from the composition of the draw pile (the deck
minus the discard pile and the drawn card, all public), never from the order.

- The evaluation of a team (`Weights`, in hundredths of a logit of winning): each pawn is worth
  what its place is worth — in Launch, on the track (by the steps it still needs to Finish), in
  Sanctuary S1-S4, in Finish (0) — plus a term when every unfinished pawn waits in Launch, minus
  the exposure of each track pawn: the chance that a rival hits it with its next card (a rival
  behind it at a distance some card moves exactly, a rival three ahead with Backstep, a rival's
  Launch when it stands on that rival's arrow, Gotcha!) times the steps it has travelled. That
  exposure weighs more for the teams that do not move next (their rivals draw first). A seat's
  utility is its team's value minus the mean of the others'; a won game is worth WIN.
- The weights were fitted (logistic regression of the winner on ~460 000 positions of 10 000
  two-team games between the previous Medium (linear worth, Launch 8) with 15% random moves),
  then the Launch worth tuned by play (docs/ai.md). The fitted worth of a track pawn is concave
  in its progress: steps near home count about ten times more than steps just out of Launch (a
  pawn far from home is likely to be captured before it gets there), S2 (three steps from Finish, which no single card moves) is
  worth little more than a pawn on the track, and leaving Launch is always worth a 1 or 2.
- Medium: the action with the best utility right after it, under `MEDIUM` — the same terms, but
  every step of progress counts the same (linear). Ties broken by the seed.
- Hard: Monte Carlo expectimax over the next cards. Its four best actions by their value right
  after them are each played out on the same 64 sequences of the next four cards, drawn from
  the remaining composition; in a playout every seat plays its best one-action move under
  `HARD` (max-n: each for its own utility). The action with the best mean utility at the end
  (a game won or lost inside a playout counting +-`WIN_LEAF`, on the evaluation's scale) wins;
  the budget cuts the playouts short if need be. A `draw` decision is answered at once: there
  is nothing to choose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules.sanctuary import (
    CARDS, DECK, FINISH, LAUNCH, S1, SIDES, TO_FINISH, TRACK, SanctuaryState, action_name,
    apply_action, arrow, crossing, gen_actions, has_won,
)
from .search import Budget, Timeout

WIN = 10_000.0
CANDIDATES = 4
"""Hard plays out its best four actions by their value right after them."""
PLAYOUTS = 64
"""Card sequences each candidate is played out on (the same for every candidate)."""
HORIZON = 4
"""Turns a playout looks past Hard's action: in a two-team game the rival's, Hard's own, the
rival's and Hard's again ("a turn or two deep")."""
WIN_LEAF = 500.0
"""What a game won inside a playout counts for in the mean (lost: -WIN_LEAF): just past the best
utility a position not yet won can score (~467: every pawn home but one in S4, every rival pawn
in Launch). WIN itself (100 logits) let a 1% chance of a win or loss within the horizon outweigh
a logit of position, and one such playout in 64 outweigh everything else."""


@dataclass(frozen=True)
class Weights:
    """Terms of a team's value, in hundredths of a logit (see the module docstring)."""

    launch: float
    """A pawn waiting in Launch."""
    sanctuary: tuple
    """A pawn in S1, S2, S3, S4 (4, 3, 2, 1 steps from Finish)."""
    track: float
    """A pawn on the track, plus `per_ten` per ten steps it still needs and `square` per
    (those steps / 10) squared."""
    per_ten: float
    square: float
    stranded: float
    """Every pawn not in Finish waits in Launch."""
    exposure_next: float
    """Per (chance of being hit x steps travelled / 10), for the team that moves next."""
    exposure_other: float
    """The same for the other teams (a rival draws before they move again)."""


HARD = Weights(launch=-120.0, sanctuary=(-16.98, -44.98, -18.43, -11.25), track=-19.1,
               per_ten=-17.67, square=1.3, stranded=2.19, exposure_next=-1.44,
               exposure_other=-7.42)
"""Fitted; Launch tuned by play (-81 fitted: too close to a launched pawn's worth, so 1s and 2s
moved pawns on instead of launching)."""
MEDIUM = Weights(launch=-160.0, sanctuary=HARD.sanctuary, track=HARD.track,
                 per_ten=HARD.per_ten, square=0.0, stranded=HARD.stranded,
                 exposure_next=HARD.exposure_next, exposure_other=HARD.exposure_other)
"""Progress counted linearly (every step the same)."""

P_CARD = 5 / 60
HIT = [0.0] * 13
"""HIT[d]: chance a rival d spaces behind lands exactly on the pawn with its next card."""
for _d in (1, 2, 4, 5, 6, 7, 8, 10, 12):
    HIT[_d] += P_CARD
for _d in range(1, 6):
    HIT[_d] += P_CARD / 2      # one half of a Six split
RUN = [[(crossing(s) - q) % TRACK for q in range(TRACK)] for s in range(4)]
"""RUN[side][q]: track steps a pawn of `side` on q can take before it turns in."""
TRAVELLED = [[(64 - TO_FINISH[s][q]) / 10 for q in range(TRACK)] for s in range(4)]
"""TRAVELLED[side][q]: the progress a track pawn on q would lose to a capture, / 10."""


def worth_table(w: Weights) -> list:
    """table[side][pos + 1]: the worth of a pawn of `side` on pos (LAUNCH = -1 is index 0)."""
    table = []
    for side in range(4):
        row = [0.0] * (FINISH + 2)
        row[0] = w.launch
        for pos in range(TRACK):
            x = TO_FINISH[side][pos] / 10
            row[pos + 1] = w.track + w.per_ten * x + w.square * x * x
        for i in range(4):
            row[S1 + i + 1] = w.sanctuary[i]
        row[FINISH + 1] = 0.0
        table.append(row)
    return table


WORTH = {"medium": worth_table(MEDIUM), "hard": worth_table(HARD)}
WEIGHTS = {"medium": MEDIUM, "hard": HARD}


def choose(state: SanctuaryState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` ("medium" or "hard") for the seat to move in `state` (not over)."""
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]                          # draw, pass, or a forced action
    game = Game(state, level)
    seat, card = state.to_move, state.card
    actions = gen_actions(state.pawns, seat, game.sides[seat], card)
    order = sorted(actions, key=action_name)
    rng.shuffle(order)                           # ties go to a seeded choice
    if level == "medium":
        return action_name(medium_action(game, state.pawns, seat, order))
    return action_name(playouts(game, state.pawns, seat, order, composition(state), rng, budget,
                                max_depth or HORIZON))


class Game:
    """The table and a level's weights; a cache of evaluations within one decision."""

    def __init__(self, state: SanctuaryState, level: str = "hard"):
        self.seats = state.seats
        self.sides = SIDES[state.seats]
        self.arrows = [arrow(s) for s in self.sides]
        self.weights = WEIGHTS[level]
        self.worth = [WORTH[level][s] for s in self.sides]
        self.cache: dict = {}

    def values(self, pawns: tuple, mover: int) -> tuple:
        """Per seat utility when `mover` draws next: its team's value minus the mean of the
        others' (WIN if won)."""
        key = (pawns, mover)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        seats = self.seats
        teams = [self.evaluate(pawns, t, t == mover) for t in range(seats)]
        total = sum(teams)
        out = tuple(v - (total - v) / (seats - 1) for v in teams)
        self.cache[key] = out
        return out

    def evaluate(self, pawns: tuple, team: int, moves_next: bool) -> float:
        mine = pawns[team]
        if has_won(mine):
            return WIN
        w = self.weights
        worth = self.worth[team]
        value = 0.0
        active = False
        for p in mine:
            value += worth[p + 1]
            if LAUNCH < p < FINISH:
                active = True
        if not active and LAUNCH in mine:
            value += w.stranded
        on_track = [p for p in mine if 0 <= p < TRACK]
        if not on_track:
            return value
        side = self.sides[team]
        travelled = TRAVELLED[side]
        exposure = 0.0
        for p in on_track:
            risk = 0.0
            for r, theirs in enumerate(pawns):
                if r == team:
                    continue
                run = RUN[self.sides[r]]
                waiting = False
                for q in theirs:
                    if q == LAUNCH:
                        waiting = True
                    elif q < TRACK:
                        d = (p - q) % TRACK
                        if d <= 12 and d <= run[q]:
                            risk += HIT[d]
                        elif d == TRACK - 3:
                            risk += P_CARD          # Backstep 3 from three ahead
                if waiting:
                    if p == self.arrows[r]:
                        risk += 2 * P_CARD          # a launch onto its arrow
                    risk += P_CARD / len(on_track)  # Gotcha!
            if risk:
                exposure += min(risk, 0.9) * travelled[p]
        return value + exposure * (w.exposure_next if moves_next else w.exposure_other)


def medium_action(game: Game, pawns: tuple, seat: int, actions: list) -> tuple:
    nxt = (seat + 1) % game.seats
    best, best_value = actions[0], None
    for action in actions:
        after, _ = apply_action(pawns, seat, action)
        value = game.values(after, nxt)[seat]
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def composition(state: SanctuaryState) -> tuple:
    """Counts per card kind of the next draw: the draw pile's composition (public), or the whole
    deck when the pile is empty (the next draw reshuffles)."""
    counts = [0] * len(CARDS)
    for c in (state.draw or DECK):
        counts[c] += 1
    return tuple(counts)


def playouts(game: Game, pawns: tuple, seat: int, actions: list, counts: tuple,
             rng: random.Random, budget: Budget, horizon: int) -> tuple:
    """Hard's action: the best `CANDIDATES` actions by their value right after them, each played
    out `PLAYOUTS` times for `horizon` turns (every seat playing its best one-action move under
    `HARD`) on card sequences drawn from the remaining composition, the same sequences for
    every candidate; the best mean of the seat's utility at the end (a win within the playout
    +WIN_LEAF, a loss -WIN_LEAF) wins. When the budget runs out, the playouts completed for
    every candidate decide (none: the first candidate)."""
    seats = game.seats
    nxt = (seat + 1) % seats
    ranked = []
    for action in actions:
        after, _ = apply_action(pawns, seat, action)
        if has_won(after[seat]):
            return action
        ranked.append((game.values(after, nxt)[seat], action, after))
    ranked.sort(key=lambda entry: -entry[0])         # stable: ties keep the seeded order
    ranked = ranked[:CANDIDATES]
    if len(ranked) == 1:
        return ranked[0][1]
    pool = [card for card, n in enumerate(counts) for _ in range(n)]
    totals = [0.0] * len(ranked)
    try:
        for _ in range(PLAYOUTS):
            cards = draws(pool, horizon, rng)
            ends = [playout(game, after, nxt, cards, seat, budget) for _, _, after in ranked]
            for i, value in enumerate(ends):
                totals[i] += value
    except Timeout:
        pass
    best = max(range(len(ranked)), key=lambda i: totals[i])
    return ranked[best][1]


def draws(pool: list, count: int, rng: random.Random) -> list:
    """`count` cards drawn in order from `pool` (the draw pile's composition), then from a
    reshuffled deck once the pile runs out."""
    if count <= len(pool):
        return rng.sample(pool, count)
    return rng.sample(pool, len(pool)) + rng.sample(DECK, count - len(pool))


def playout(game: Game, pawns: tuple, mover: int, cards: list, seat: int, budget: Budget) -> float:
    """`seat`'s utility after the seats from `mover` on play `cards`, one a turn, each its best
    one-action move (a pass when its card allows nothing); +-WIN_LEAF once a seat wins."""
    seats = game.seats
    for card in cards:
        budget.check()  # a turn is ~0.02–0.3 ms: even a 10 ms budget is kept to the margin
        nxt = (mover + 1) % seats
        best, best_value = None, None
        for action in gen_actions(pawns, mover, game.sides[mover], card):
            budget.tick()
            after, _ = apply_action(pawns, mover, action)
            value = game.values(after, nxt)
            if best_value is None or value[mover] > best_value[mover]:
                best, best_value = after, value
        if best is not None:
            if has_won(best[mover]):
                return WIN_LEAF if mover == seat else -WIN_LEAF
            pawns = best
        mover = nxt
    return game.values(pawns, mover)[seat]
