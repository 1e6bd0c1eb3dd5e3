"""Computer players for Sanctuary: Easy (random), Medium (one-action evaluation), Hard (expectimax
over the next cards drawn from the public remaining composition).

They are handed views: the state `choose_move` rebuilds with `from_view` has a sampled draw
order, which nothing here reads. Chance is taken from the composition of the draw pile (the deck
minus the discard pile and the drawn card, all public), never from the order.

- The evaluation of a team: each pawn out of Launch is worth OUT plus the steps it has travelled
  (1 per step, so a capture costs the victim its whole progress); Sanctuary and Finish add SAFE;
  every track pawn loses its worth times the chance that a rival hits it before the team moves
  again (a rival behind it at a distance some card moves exactly, a rival three ahead with
  Backstep, a rival's Launch when it stands on that rival's arrow, Gotcha!). A seat's utility is
  its team's evaluation minus the mean of the others'.
- Medium: the action with the best utility right after it (progress, safety, captures and
  Sanctuary entry all show in that one number); ties broken by the seed.
- Hard: for each action, the expected value over the next seat's card (each kind weighted by
  its count in the remaining composition), that seat choosing its best action, and so on for
  `depth` turns (1 or 2, by iterative deepening inside the budget; max-n: each seat maximises its
  own utility). A `draw` decision is answered at once: there is nothing to choose.
"""

from __future__ import annotations

import random

from ..rules.sanctuary import (
    CARDS, DECK, FINISH, LAUNCH, S1, SIDES, TO_FINISH, TRACK, SanctuaryState, action_name,
    apply_action, arrow, crossing, gen_actions, has_won,
)
from .search import Budget, iterative_deepening

OUT = 8.0
"""Worth of being out of Launch (launch cards are scarce: 10 of 60)."""
SAFE = 10.0
"""Extra worth of a pawn in Sanctuary or Finish."""
FINISHED = 5.0
WIN = 10_000.0
MAX_DEPTH = 2
"""Hard looks at most two turns past its own action ("a turn or two deep")."""
P_CARD = 5 / 60
HIT = [0.0] * 13
"""HIT[d]: chance a rival d spaces behind lands exactly on the pawn with its next card."""
for _d in (1, 2, 4, 5, 6, 7, 8, 10, 12):
    HIT[_d] += P_CARD
for _d in range(1, 6):
    HIT[_d] += P_CARD / 2      # one half of a Six split
WORTH = [[0.0] * (FINISH + 2) for _ in range(4)]
"""WORTH[side][pos + 1]: the worth of a pawn of `side` on pos (LAUNCH = -1 is index 0)."""
for _side in range(4):
    for _pos in range(FINISH + 1):
        w = OUT + 65 - TO_FINISH[_side][_pos]
        if _pos >= S1:
            w += SAFE + (FINISHED if _pos == FINISH else 0.0)
        WORTH[_side][_pos + 1] = w
RUN = [[(crossing(s) - q) % TRACK for q in range(TRACK)] for s in range(4)]
"""RUN[side][q]: track steps a pawn of `side` on q can take before it turns in."""


def choose(state: SanctuaryState, level: str, rng: random.Random, budget: Budget,
           max_depth: int | None = None) -> str:
    """The move of `level` for the seat to move in `state` (not over)."""
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]                          # draw, pass, or a forced action
    if level == "easy":
        return rng.choice(legal)
    game = Game(state)
    seat, card = state.to_move, state.card
    actions = gen_actions(state.pawns, seat, game.sides[seat], card)
    order = sorted(actions, key=action_name)
    rng.shuffle(order)                           # ties go to a seeded choice
    if level == "medium":
        return action_name(medium_action(game, state.pawns, seat, order))
    counts = composition(state)
    result = search(game, state.pawns, seat, order, counts, budget, max_depth or MAX_DEPTH)
    return action_name(result.move)


class Game:
    """The table: seats, sides, arrows; a cache of evaluations within one decision."""

    def __init__(self, state: SanctuaryState):
        self.seats = state.seats
        self.sides = SIDES[state.seats]
        self.arrows = [arrow(s) for s in self.sides]
        self.cache: dict = {}

    def values(self, pawns: tuple) -> tuple:
        """Per seat utility: its team's evaluation minus the mean of the others' (WIN if won)."""
        cached = self.cache.get(pawns)
        if cached is not None:
            return cached
        seats = self.seats
        teams = [self.evaluate(pawns, t) for t in range(seats)]
        total = sum(teams)
        out = tuple(v - (total - v) / (seats - 1) for v in teams)
        self.cache[pawns] = out
        return out

    def evaluate(self, pawns: tuple, team: int) -> float:
        mine = pawns[team]
        if has_won(mine):
            return WIN
        worth = WORTH[self.sides[team]]
        value = 0.0
        on_track = [p for p in mine if 0 <= p < TRACK]
        for p in mine:
            value += worth[p + 1]
        if not on_track:
            return value
        for p in on_track:
            risk = 0.0
            for r, theirs in enumerate(pawns):
                if r == team:
                    continue
                rside = self.sides[r]
                run = RUN[rside]
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
                value -= min(risk, 0.9) * worth[p + 1]
        return value


def medium_action(game: Game, pawns: tuple, seat: int, actions: list) -> tuple:
    best, best_value = actions[0], None
    for action in actions:
        after, _ = apply_action(pawns, seat, action)
        value = game.values(after)[seat]
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


def search(game: Game, pawns: tuple, seat: int, actions: list, counts: tuple, budget: Budget,
           max_depth: int):
    seats = game.seats

    def chance(position: tuple, mover: int, counts: tuple, depth: int) -> tuple:
        """Expected utilities when `mover` draws from `counts` and plays its best action."""
        total = sum(counts)
        if not total:
            counts, total = composition_full(), len(DECK)
        acc = [0.0] * seats
        side = game.sides[mover]
        for card, n in enumerate(counts):
            if not n:
                continue
            budget.tick()
            best = None
            for action in gen_actions(position, mover, side, card):
                budget.tick()
                after, _ = apply_action(position, mover, action)
                if depth <= 1 or has_won(after[mover]):
                    value = game.values(after)
                else:
                    left = list(counts)
                    left[card] -= 1
                    value = chance(after, (mover + 1) % seats, tuple(left), depth - 1)
                if best is None or value[mover] > best[mover]:
                    best = value
            if best is None:                           # pass
                if depth <= 1:
                    best = game.values(position)
                else:
                    left = list(counts)
                    left[card] -= 1
                    best = chance(position, (mover + 1) % seats, tuple(left), depth - 1)
            w = n / total
            for s in range(seats):
                acc[s] += w * best[s]
        return tuple(acc)

    def root(depth: int):
        best, best_value = None, None
        for action in actions:
            budget.tick()
            after, _ = apply_action(pawns, seat, action)
            if has_won(after[seat]):
                return WIN, action
            value = chance(after, (seat + 1) % seats, counts, depth)[seat]
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best_value, best

    fallback = medium_action(game, pawns, seat, actions)
    return iterative_deepening(root, budget, fallback=fallback, max_depth=max_depth,
                               decisive=WIN)


def composition_full() -> tuple:
    counts = [0] * len(CARDS)
    for c in DECK:
        counts[c] += 1
    return tuple(counts)

