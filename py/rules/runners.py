"""Runners on the 61-hex board: the users' rules text for Runners, as docs/runners.md records it
(geometry, notation, state schema and the decisions where the text is silent).

Seats in turn order: Orange, Blue, Jade, Violet (as many as play). Each seat moves one of its
three runners a step (to an empty neighbour) or a leap (over one adjacent runner of any colour
to the empty hex straight beyond). After landing, every direction whose hex two steps away holds
a friendly runner (own; in 2v2 the teammate's too) and whose middle hex holds no runner claims
that middle: all at once, opponents' hexes switch to the mover, the team's own stay as they
are. A hex is worth 1, the centre E5 2. Free-for-all: 7 at the end of a move wins; 2v2: a team
total of 12. Otherwise the game ends after 20 full rounds, highest (team) score winning, ties
sharing. Notation: `A1-B2` (from-to) and `pass` (only when no runner of the mover can move).

The position is a tuple of per-seat runner masks and a tuple of per-seat territory masks (bit i
is cell i of `BOARD`). `gen_moves`/`apply_move` below are the fast core the AI searches with;
`RunnersState` wraps them in the State protocol.
"""

from __future__ import annotations

from typing import Any

from .core import GameInfo, IllegalMove, State, bits, check_move_string, join_words, shown
from .hexgrid import hex_board

BOARD = hex_board(4)
NAMES = BOARD.names
INDEX = BOARD.index
CELLS = BOARD.size
CENTRE = INDEX["E5"]
ADJACENT = BOARD.adjacent
"""ADJACENT[i]: the on-board neighbours of cell i (step targets)."""
TWO_AWAY = BOARD.two_away
"""TWO_AWAY[i]: ((between, beyond), ...): leaps from i, and the links of a runner landing on i."""

VARIANTS = ("ffa", "2v2")
COLOURS = ("Orange", "Blue", "Jade", "Violet")
TEAMS = ((0, 2), (1, 3))
TEAM_NAMES = ("Team A", "Team B")
ROUNDS = 20
GOAL = {"ffa": 7, "2v2": 12}
# Three runners a seat in a game; a hand-written position may give any number from 1 (with three
# each, no seat can ever be walled in: that takes at least ten other runners, see docs/runners.md).
STARTS = {
    2: (("A1", "A2", "A3"), ("I3", "I4", "I5")),
    3: (("A1", "A2", "A3"), ("E9", "F8", "G7"), ("G1", "H1", "I1")),
    4: (("A1", "A2", "B2"), ("C7", "D8", "D7"), ("I4", "I5", "H5"), ("G1", "F1", "F2")),
}


def friends_of(seat: int, variant: str) -> tuple[int, ...]:
    """The seats whose runners are friendly to `seat` (itself, plus its teammate in 2v2)."""
    return TEAMS[seat % 2] if variant == "2v2" else (seat,)


def score_of(territory: int) -> int:
    """Points of a territory mask: 1 a hex, 2 for the centre."""
    return territory.bit_count() + (territory >> CENTRE & 1)


def gen_moves(mine: int, occupied: int) -> list[tuple[int, int, bool]]:
    """Every (origin, target, is_leap) for the runners `mine` among `occupied`. No pass."""
    moves = []
    for origin in bits(mine):
        for target in ADJACENT[origin]:
            if not occupied >> target & 1:
                moves.append((origin, target, False))
        for between, beyond in TWO_AWAY[origin]:
            if occupied >> between & 1 and not occupied >> beyond & 1:
                moves.append((origin, beyond, True))
    return moves


def can_move(mine: int, occupied: int) -> bool:
    """True if one of the runners `mine` has a step or a leap."""
    for origin in bits(mine):
        for target in ADJACENT[origin]:
            if not occupied >> target & 1:
                return True
        for between, beyond in TWO_AWAY[origin]:
            if occupied >> between & 1 and not occupied >> beyond & 1:
                return True
    return False


def claims_of(target: int, friendly: int, occupied: int) -> int:
    """Mask of the middles claimed by a runner that has landed on `target`: friendly runner two
    away, no runner between. `friendly` and `occupied` are taken after the move."""
    claimed = 0
    for between, beyond in TWO_AWAY[target]:
        if friendly >> beyond & 1 and not occupied >> between & 1:
            claimed |= 1 << between
    return claimed


def apply_move(runners: tuple, owners: tuple, seat: int, friends: tuple, origin: int,
               target: int) -> tuple[tuple, tuple, int]:
    """(runners', owners', changed) after `seat` moves origin -> target; `changed` is the mask of
    hexes whose owner changed (new or stolen). Legality is not checked."""
    new_runners = list(runners)
    new_runners[seat] ^= (1 << origin) | (1 << target)
    occupied = friendly = 0
    for s, mask in enumerate(new_runners):
        occupied |= mask
        if s in friends:
            friendly |= mask
    claimed = claims_of(target, friendly, occupied)
    if not claimed:
        return tuple(new_runners), owners, 0
    team_owned = 0
    for s in friends:
        team_owned |= owners[s]
    changed = claimed & ~team_owned
    if not changed:
        return tuple(new_runners), owners, 0
    keep = ~changed
    new_owners = tuple((mask | changed) if s == seat else (mask & keep) for s, mask in enumerate(owners))
    return tuple(new_runners), new_owners, changed


def move_name(origin: int, target: int) -> str:
    return f"{NAMES[origin]}-{NAMES[target]}"


def parse_move(text: Any) -> tuple[int, int] | None:
    """(origin, target) from notation; None for a pass. Raises IllegalMove if `text` is not in
    Runners notation (legality is not checked here)."""
    move = check_move_string(text)
    if move == "pass":
        return None
    parts = move.split("-")
    if len(parts) == 2:
        try:
            return BOARD.parse(parts[0]), BOARD.parse(parts[1])
        except KeyError:
            pass
    raise IllegalMove(f"{shown(text)} is not a Runners move: write from-to with hexes A1-I5 "
                      "(A1-B2), or pass")


def _cells(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) > CELLS:
        raise ValueError(f"{what} is a list of hex names such as \"E5\"")
    cells = []
    for name in value:
        if not isinstance(name, str) or name.strip().upper() not in INDEX:
            raise ValueError(f"{what}: {shown(name)} is not a hex of the board (A1-I5)")
        cells.append(INDEX[name.strip().upper()])
    if len(set(cells)) != len(cells):
        raise ValueError(f"{what} names a hex twice")
    return cells


class RunnersState(State):
    """A Runners position with its history and result."""

    game = "runners"
    __slots__ = (
        "seats", "variant", "first", "start", "runners", "owners", "turns", "_last",
    )

    def __init__(self, seats: int, variant: str, first: int, start: dict | None, runners: tuple,
                 owners: tuple, turns: int, history: tuple, last: dict | None):
        self.seats = seats
        self.variant = variant
        self.first = first
        self.start = start
        self.runners = runners
        """Per seat: the mask of its runners."""
        self.owners = owners
        """Per seat: the mask of the hexes it owns."""
        self.turns = turns
        """Turns taken since the first turn of round 1 (moves and passes)."""
        self._last = last
        super().__init__(history)

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def begin(cls, seats: int, variant: str | None, first: Any = 0,
              start: dict | None = None) -> "RunnersState":
        variant = VARIANTS[0] if variant is None else variant
        if variant not in VARIANTS:
            raise ValueError(f"Runners variants are {', '.join(VARIANTS)}; not {shown(variant)}")
        if type(seats) is not int or seats not in STARTS:
            raise ValueError(f"Runners is for 2-4 seats, not {shown(seats)}")
        if variant == "2v2" and seats != 4:
            raise ValueError(f"2v2 is for exactly 4 seats, not {seats}")
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
            raise ValueError(f"first is the seat that takes the first turn, 0 to {seats - 1}; "
                             f"not {shown(first)}")
        if start is None:
            runners = tuple(BOARD.mask(INDEX[n] for n in cells) for cells in STARTS[seats])
            return cls(seats, variant, first, None, runners, (0,) * seats, 0, (), None)
        return cls._from_position(seats, variant, first, start)

    @classmethod
    def _from_position(cls, seats: int, variant: str, first: int, start: Any) -> "RunnersState":
        """A hand-written position: {"runners": [[cells] per seat], "owners": [[cells] per seat],
        "round": 1-20, "to_move": seat}."""
        if not isinstance(start, dict) or set(start) - {"runners", "owners", "round", "to_move"}:
            raise ValueError("a Runners start is {runners, owners, round, to_move}")
        placed = start.get("runners")
        if not isinstance(placed, list) or len(placed) != seats:
            raise ValueError(f"start.runners lists the runners of each of the {seats} seats")
        owned = start.get("owners", [[] for _ in range(seats)])
        if not isinstance(owned, list) or len(owned) != seats:
            raise ValueError(f"start.owners lists the hexes owned by each of the {seats} seats")
        runner_cells = [_cells(cells, f"start.runners[{s}]") for s, cells in enumerate(placed)]
        owner_cells = [_cells(cells, f"start.owners[{s}]") for s, cells in enumerate(owned)]
        for s, cells in enumerate(runner_cells):
            if not cells:
                raise ValueError(f"every seat has at least one runner; seat {s} has none")
        flat = [c for cells in runner_cells for c in cells]
        if len(set(flat)) != len(flat):
            raise ValueError("two runners on one hex")
        flat = [c for cells in owner_cells for c in cells]
        if len(set(flat)) != len(flat):
            raise ValueError("a hex has one owner at most")
        rnd, to_move = start.get("round", 1), start.get("to_move", first)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
            raise ValueError(f"start.round is the round being played, 1 to {ROUNDS}; not {shown(rnd)}")
        if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < seats:
            raise ValueError(f"start.to_move is a seat, 0 to {seats - 1}; not {shown(to_move)}")
        runners = tuple(BOARD.mask(cells) for cells in runner_cells)
        owners = tuple(BOARD.mask(cells) for cells in owner_cells)
        goal = GOAL[variant]
        groups = TEAMS if variant == "2v2" else tuple((s,) for s in range(seats))
        for group in groups:
            if sum(score_of(owners[s]) for s in group) >= goal:
                raise ValueError(f"a start where a side already has {goal} points is over before it begins")
        canonical = {
            "runners": [sorted((NAMES[c] for c in cells), key=INDEX.get) for cells in runner_cells],
            "owners": [sorted((NAMES[c] for c in cells), key=INDEX.get) for cells in owner_cells],
            "round": rnd,
            "to_move": to_move,
        }
        turns = (rnd - 1) * seats + (to_move - first) % seats
        return cls(seats, variant, first, canonical, runners, owners, turns, (), None)

    # --- the protocol ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._end_reason else (self.first + self.turns) % self.seats

    @property
    def scores(self) -> list[int]:
        return [score_of(mask) for mask in self.owners]

    @property
    def team_scores(self) -> list[int] | None:
        """[Team A, Team B] in 2v2 (Orange + Jade, Blue + Violet); None in free-for-all."""
        if self.variant != "2v2":
            return None
        scores = self.scores
        return [sum(scores[s] for s in team) for team in TEAMS]

    @property
    def round(self) -> int:
        """The round being played (1-20); 20 once the 20 rounds are over."""
        return min(self.turns // self.seats + 1, ROUNDS)

    def occupied(self) -> int:
        mask = 0
        for r in self.runners:
            mask |= r
        return mask

    def legal_moves(self) -> list[str]:
        if self._moves_cache is None:
            if self._end_reason:
                self._moves_cache = []
            else:
                moves = gen_moves(self.runners[self.to_move], self.occupied())
                self._moves_cache = sorted({move_name(f, t) for f, t, _ in moves}) or ["pass"]
        return list(self._moves_cache)

    def targets(self) -> dict[str, list[list[str]]]:
        """Board hints for tap-tap and drag: {origin: [[target, move, "step" | "leap"], ...]}
        for every runner of the mover that can move. Empty when over or when passing."""
        if self._end_reason:
            return {}
        hints: dict[str, list[list[str]]] = {}
        for f, t, leap in gen_moves(self.runners[self.to_move], self.occupied()):
            hints.setdefault(NAMES[f], []).append([NAMES[t], move_name(f, t), "leap" if leap else "step"])
        return {origin: sorted(moves) for origin, moves in sorted(hints.items())}

    def previews(self) -> dict[str, list[dict]]:
        """What each legal move of the seat to move would claim, before it is made: {move:
        [{"cell", "from"}, ...]} as its `last_move` "claims" would say ("from": the seat the hex
        is taken from, None for a new one). Empty when the game is over."""
        if self._end_reason:
            return {}
        seat = self.to_move
        friends = friends_of(seat, self.variant)
        out = {}
        for f, t, _ in gen_moves(self.runners[seat], self.occupied()):
            changed = apply_move(self.runners, self.owners, seat, friends, f, t)[2]
            out[move_name(f, t)] = [
                {"cell": NAMES[c], "from": next((s for s, m in enumerate(self.owners) if m >> c & 1), None)}
                for c in bits(changed)]
        return out

    def _play(self, move: str) -> "RunnersState":
        parsed = parse_move(move)
        seat = self.to_move
        mine, occupied = self.runners[seat], self.occupied()
        if parsed is None:
            if can_move(mine, occupied):
                raise IllegalMove("you may pass only when none of your runners can move")
            return self._after(self.runners, self.owners, "pass", {"seat": seat, "move": "pass",
                                                                  "kind": "pass", "claims": []})
        origin, target = parsed
        name = move_name(origin, target)
        if not mine >> origin & 1:
            raise IllegalMove(f"{name} is not legal: {NAMES[origin]} holds no runner of "
                              f"{COLOURS[seat]}'s")
        if origin == target:
            raise IllegalMove(f"{name} is not legal: a runner must move")
        if occupied >> target & 1:
            raise IllegalMove(f"{name} is not legal: {NAMES[target]} already holds a runner")
        if target in ADJACENT[origin]:
            kind = "step"
        else:
            pair = next((p for p in TWO_AWAY[origin] if p[1] == target), None)
            if pair is None:
                raise IllegalMove(f"{name} is not legal: a runner steps to a neighbouring hex or "
                                  "leaps over one neighbour in a straight line")
            if not occupied >> pair[0] & 1:
                raise IllegalMove(f"{name} is not legal: a leap goes over a runner, and "
                                  f"{NAMES[pair[0]]} is empty")
            kind = "leap"
        friends = friends_of(seat, self.variant)
        before = self.owners
        runners, owners, changed = apply_move(self.runners, before, seat, friends, origin, target)
        claims = []
        for cell in bits(changed):
            prev = next((s for s, mask in enumerate(before) if mask >> cell & 1), None)
            claims.append({"cell": NAMES[cell], "from": prev})
        return self._after(runners, owners, name, {"seat": seat, "move": name, "kind": kind,
                                                   "claims": claims})

    def _after(self, runners: tuple, owners: tuple, name: str, last: dict) -> "RunnersState":
        state = RunnersState(self.seats, self.variant, self.first, self.start, runners, owners,
                             self.turns + 1, self._history + (name,), last)
        state._judge(last["seat"])
        return state

    def _judge(self, mover: int) -> None:
        """End rules at the end of a move: the mover's side at its goal wins at once (only the
        mover's side can gain points, so only it can reach the goal); after 20 full rounds the
        highest score wins, ties sharing."""
        scores = self.scores
        goal = GOAL[self.variant]
        if self.variant == "2v2":
            team = TEAMS[mover % 2]
            if sum(scores[s] for s in team) >= goal:
                self._end(list(team), f"{TEAM_NAMES[mover % 2]} reached {goal} points")
                return
        elif scores[mover] >= goal:
            self._end([mover], f"{COLOURS[mover]} reached {goal} points")
            return
        if self.turns >= ROUNDS * self.seats:
            self._end(self._leaders(range(self.seats)), f"{ROUNDS} rounds played")

    def _leaders(self, seats) -> list[int]:
        """The seats with the highest score among `seats` (2v2: the teams with the highest total,
        both seats of each)."""
        scores = self.scores
        if self.variant == "2v2":
            totals = [sum(scores[s] for s in team) for team in TEAMS]
            teams = [t for t in range(2) if any(s in seats for s in TEAMS[t])]
            best = max(totals[t] for t in teams)
            return sorted(s for t in teams if totals[t] == best for s in TEAMS[t])
        seats = list(seats)
        best = max(scores[s] for s in seats)
        return [s for s in seats if scores[s] == best]

    def _describe(self, move: str, after: "RunnersState") -> str:
        """"Orange steps A3→B4", "Blue leaps E4→E6, claims E5 and steals D5 from Orange"."""
        who = self.mover_name()
        last = after._last
        if last["kind"] == "pass":
            return f"{who} passes"
        origin, target = move.split("-")
        text = f"{who} {last['kind']}s {origin}→{target}"
        claimed = [c["cell"] for c in last["claims"] if c["from"] is None]
        stolen: dict[int, list[str]] = {}
        for c in last["claims"]:
            if c["from"] is not None:
                stolen.setdefault(c["from"], []).append(c["cell"])
        names = self.seat_names()
        gains = [f"claims {join_words(claimed)}"] if claimed else []
        gains += [f"steals {join_words(cells)} from {names[seat]}" for seat, cells in stolen.items()]
        if not gains:
            return text
        if len(gains) == 1:
            return f"{text} and {gains[0]}"
        return f"{text}, {join_words(gains)}"

    def _places(self, move: str, after: "RunnersState") -> list[str]:
        """The runner's origin and target, then the hexes claimed or stolen."""
        if move == "pass":
            return []
        return move.split("-") + [c["cell"] for c in after._last["claims"]]

    def _forfeit(self, seat: int, reason: str) -> "RunnersState":
        """`seat` loses: in 2v2 the other team wins; in free-for-all the other seats with the
        highest score win (ties share)."""
        state = self._forfeited_copy(seat, reason)
        others = [s for s in range(self.seats) if s not in friends_of(seat, self.variant)]
        state._end(state._leaders(others), f"{COLOURS[seat]} forfeits ({reason})")
        return state

    # --- serialisation ---------------------------------------------------------------------
    def _start_dict(self) -> dict:
        return {
            "seats": self.seats,
            "variant": self.variant,
            "first": self.first,
            "start": None if self.start is None else {
                "runners": [list(c) for c in self.start["runners"]],
                "owners": [list(c) for c in self.start["owners"]],
                "round": self.start["round"],
                "to_move": self.start["to_move"],
            },
        }

    def cell_names(self, mask: int) -> list[str]:
        return [NAMES[c] for c in bits(mask)]

    def view(self, seat: int | None = None) -> dict:
        seat = self.check_view_seat(seat)
        cells = {}
        for i, name in enumerate(NAMES):
            runner = next((s for s, m in enumerate(self.runners) if m >> i & 1), None)
            owner = next((s for s, m in enumerate(self.owners) if m >> i & 1), None)
            cells[name] = {"runner": runner, "owner": owner}
        last = self._last
        return {
            **self.to_dict(),
            **self.view_common(seat),
            "legal_moves": self.legal_moves(),
            "targets": self.targets(),
            "previews": self.previews(),
            "team_scores": self.team_scores,
            "teams": [list(t) for t in TEAMS] if self.variant == "2v2" else None,
            "goal": GOAL[self.variant],
            "colours": list(COLOURS[:self.seats]),
            "round": self.round,
            "rounds": ROUNDS,
            "turns_taken": self.turns,
            "rows": [[NAMES[c] for c in row] for row in BOARD.rows],
            "centre": NAMES[CENTRE],
            "cells": cells,
            "runners": [self.cell_names(m) for m in self.runners],
            "owners": [self.cell_names(m) for m in self.owners],
            "last_move": None if last is None else {
                "seat": last["seat"], "move": last["move"], "kind": last["kind"],
                "claims": [dict(c) for c in last["claims"]],
            },
        }


def new(seats: int = 2, variant: str | None = None, seed: Any = None, first: Any = 0,
        start: dict | None = None) -> RunnersState:
    """A new Runners game for 2-4 seats (`variant` "ffa", or "2v2" for 4 seats); `first` is the
    seat that takes the first turn (a rematch rotates it); `start` a hand-written position (see
    docs/runners.md). `seed` is unused: Runners has no chance."""
    return RunnersState.begin(seats, variant, first, start)


def from_dict(data: dict) -> RunnersState:
    """Rebuild a state from `to_dict()` output by replaying its history from its start."""
    if not isinstance(data, dict) or data.get("game") != "runners":
        raise ValueError("not a Runners state dict")
    return RunnersState.begin(data.get("seats", 2), data.get("variant"), data.get("first", 0),
                              data.get("start")).replayed(data)


def from_view(view: dict, seed: Any = None) -> RunnersState:
    """Runners hides nothing: the view holds the whole state."""
    return from_dict(view)


INFO = GameInfo(
    id="runners", title="Runners", min_seats=2, max_seats=4, variants=VARIANTS,
    default_variant=VARIANTS[0], layouts=(), new=new, from_dict=from_dict, from_view=from_view,
    variant_seats=(("ffa", (2, 3, 4)), ("2v2", (4,))), first_option=True,
    colours=("Orange", "Blue", "Jade", "Violet"),
)
