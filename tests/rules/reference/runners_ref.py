"""A clean-room reference implementation of the rules of Runners, for the cross-check test.

Written by a developer who did not read py/, only from ../shared/spec/runners.md (the rules
decisions), the Runners seed (../shared/seeds/000_a849b9eff0511ae4.txt), docs/runners.md
(geometry, names, the to_dict schema, notation) and docs/rules-contract.md. Standard library only.

  legal_moves(d) -> list[str]   sorted, duplicate-free; ["pass"] when forced; [] when over
  play(d, move)  -> dict        new state dict, canonical move appended (ValueError if illegal)
  summary(d)     -> dict        runners, owners, to_move, round, scores, team_scores,
                                is_over, winners
"""

from __future__ import annotations

import copy
import re

# --------------------------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------------------------

GAME = "runners"
ROUNDS = 20
GOAL_FFA = 7
GOAL_TEAM = 12
CENTRE = "E5"
ROW_LETTERS = "ABCDEFGHI"
RADIUS = 4

COLOURS = ["Orange", "Blue", "Jade", "Violet"]
TEAMS = [[0, 2], [1, 3]]  # 2v2: Team A = Orange + Jade, Team B = Blue + Violet

STARTS = {
    2: [["A1", "A2", "A3"], ["I3", "I4", "I5"]],
    3: [["A1", "A2", "A3"], ["E9", "F8", "G7"], ["G1", "H1", "I1"]],
    4: [["A1", "A2", "B2"], ["C7", "D8", "D7"], ["I4", "I5", "H5"], ["G1", "F1", "F2"]],
}

# --------------------------------------------------------------------------------------------
# Geometry: axial coordinates exactly as spec/runners.md describes.
# row index r = 0..8, r' = r - 4, q from max(-4, -4 - r') to min(4, 4 - r'),
# cell number = q - qmin + 1.
# --------------------------------------------------------------------------------------------

CELLS: list[str] = []            # reading order
COORD: dict[str, tuple[int, int]] = {}
NAME_AT: dict[tuple[int, int], str] = {}
for _r in range(2 * RADIUS + 1):
    _rp = _r - RADIUS
    _qmin = max(-RADIUS, -RADIUS - _rp)
    _qmax = min(RADIUS, RADIUS - _rp)
    for _q in range(_qmin, _qmax + 1):
        _name = f"{ROW_LETTERS[_r]}{_q - _qmin + 1}"
        CELLS.append(_name)
        COORD[_name] = (_q, _rp)
        NAME_AT[(_q, _rp)] = _name
CELL_SET = frozenset(CELLS)
CELL_INDEX = {n: i for i, n in enumerate(CELLS)}

# neighbours: (q±1, r'), (q, r'±1), (q+1, r'−1), (q−1, r'+1)
DIRECTIONS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def step(cell: str, d: tuple[int, int], k: int = 1) -> str | None:
    q, r = COORD[cell]
    return NAME_AT.get((q + k * d[0], r + k * d[1]))


# per cell, per direction: (neighbour, hex two steps away); None off the board
RAYS: dict[str, list[tuple[str | None, str | None]]] = {
    c: [(step(c, d), step(c, d, 2)) for d in DIRECTIONS] for c in CELLS}


def value(cell: str) -> int:
    return 2 if cell == CENTRE else 1


_NAME_RE = re.compile(r"^([A-I])([1-9])$")
_MOVE_RE = re.compile(r"^([A-I][1-9])-([A-I][1-9])$")


def parse_cell(s) -> str:
    if not isinstance(s, str):
        raise ValueError(f"hex name must be a string, got {s!r}")
    n = s.strip().upper()
    if n not in CELL_SET:
        raise ValueError(f"no such hex: {s!r}")
    return n


# --------------------------------------------------------------------------------------------
# Internal position
# --------------------------------------------------------------------------------------------

class _Pos:
    __slots__ = ("seats", "team", "first", "runner", "owner", "turns", "over", "winners",
                 "forfeited")

    def __init__(self, seats: int, team: bool, first: int):
        self.seats = seats
        self.team = team
        self.first = first
        self.runner: dict[str, int] = {}   # hex -> seat
        self.owner: dict[str, int] = {}    # hex -> seat
        self.turns = 0                     # turns taken, counted from `first`
        self.over = False
        self.winners: list[int] = []
        self.forfeited = False

    # ---- derived
    @property
    def to_move(self):
        if self.over:
            return None
        return (self.first + self.turns) % self.seats

    def scores(self) -> list[int]:
        s = [0] * self.seats
        for cell, seat in self.owner.items():
            s[seat] += value(cell)
        return s

    def team_of(self, seat: int) -> list[int]:
        if not self.team:
            return [seat]
        return TEAMS[0] if seat in TEAMS[0] else TEAMS[1]

    def team_scores(self):
        if not self.team:
            return None
        s = self.scores()
        return [sum(s[x] for x in TEAMS[0]), sum(s[x] for x in TEAMS[1])]

    def friendly(self, a: int, b: int) -> bool:
        return b in self.team_of(a)

    def round(self) -> int:
        return min(ROUNDS, self.turns // self.seats + 1)

    # ---- moves
    def runner_moves(self, seat: int) -> list[str]:
        out = []
        for cell, s in self.runner.items():
            if s != seat:
                continue
            for n1, n2 in RAYS[cell]:
                if n1 is None:
                    continue
                if n1 not in self.runner:
                    out.append(f"{cell}-{n1}")           # step
                else:
                    # leap over the runner on n1 to n2
                    if n2 is not None and n2 not in self.runner:
                        out.append(f"{cell}-{n2}")
        return sorted(set(out))

    def legal(self) -> list[str]:
        if self.over:
            return []
        mv = self.runner_moves(self.to_move)
        return mv if mv else ["pass"]

    def apply(self, move: str) -> None:
        """Apply an already-canonical legal move."""
        mover = self.to_move
        if move != "pass":
            a, b = move.split("-")
            del self.runner[a]
            self.runner[b] = mover
            # claims: for each direction from the landed runner
            claims = []
            for mid, far in RAYS[b]:
                if mid is None or far is None:
                    continue
                if far in self.runner and self.friendly(mover, self.runner[far]) \
                        and mid not in self.runner:
                    claims.append(mid)
            for c in claims:
                cur = self.owner.get(c)
                if cur is not None and self.friendly(mover, cur):
                    continue  # own or teammate's: unchanged
                self.owner[c] = mover
        self.turns += 1
        # end of the move: goal
        sc = self.scores()
        if self.team:
            ts = self.team_scores()
            teams = range(2)  # the spec: "a team whose combined score is at least 12"
            reached = [t for t in teams if ts[t] >= GOAL_TEAM]
            if reached:
                self.over = True
                self.winners = sorted(x for t in reached for x in TEAMS[t])
                return
        else:
            if sc[mover] >= GOAL_FFA:
                self.over = True
                self.winners = [mover]
                return
        # round limit
        if self.turns >= ROUNDS * self.seats:
            self.over = True
            if self.team:
                ts = self.team_scores()
                best = max(ts)
                self.winners = sorted(x for t in range(2) if ts[t] == best for x in TEAMS[t])
            else:
                best = max(sc)
                self.winners = [i for i in range(self.seats) if sc[i] == best]

    def forfeit(self, seat: int) -> None:
        if self.over:
            raise ValueError("the game is already over; cannot forfeit")
        self.over = True
        self.forfeited = True
        if self.team:
            self.winners = sorted(TEAMS[1] if seat in TEAMS[0] else TEAMS[0])
        else:
            sc = self.scores()
            others = [i for i in range(self.seats) if i != seat]
            best = max(sc[i] for i in others)
            self.winners = [i for i in others if sc[i] == best]


# --------------------------------------------------------------------------------------------
# Parsing the state dict
# --------------------------------------------------------------------------------------------

def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def canonical_move(move) -> str:
    if not isinstance(move, str):
        raise ValueError(f"a move must be a string, got {type(move).__name__}")
    if len(move) > 64:
        raise ValueError("move string too long")
    m = move.strip().upper()
    if m == "PASS":
        return "pass"
    if not _MOVE_RE.match(m):
        raise ValueError(f"not a move: {move!r}")
    a, b = m.split("-")
    if a not in CELL_SET or b not in CELL_SET:
        raise ValueError(f"no such hex in {move!r}")
    return m


def _setup(d: dict) -> _Pos:
    if not isinstance(d, dict):
        raise ValueError("state must be a dict")
    if d.get("game", GAME) != GAME:
        raise ValueError("not a runners state")
    seats = d.get("seats")
    if not _is_int(seats) or seats not in (2, 3, 4):
        raise ValueError(f"bad seat count {seats!r}")
    variant = d.get("variant", "ffa")
    if variant is None:
        variant = "ffa"
    if variant not in ("ffa", "2v2"):
        raise ValueError(f"bad variant {variant!r}")
    team = variant == "2v2"
    if team and seats != 4:
        raise ValueError("2v2 needs 4 seats")
    first = d.get("first", 0)
    if first is None:
        first = 0
    if not _is_int(first) or not 0 <= first < seats:
        raise ValueError(f"bad first seat {first!r}")
    p = _Pos(seats, team, first)
    start = d.get("start")
    if start is None:
        for seat, cells in enumerate(STARTS[seats]):
            for c in cells:
                p.runner[c] = seat
        p.turns = 0
    else:
        if not isinstance(start, dict):
            raise ValueError("start must be null or a dict")
        runners = start.get("runners")
        if not isinstance(runners, list) or len(runners) != seats:
            raise ValueError("start.runners must be a list per seat")
        for seat, cells in enumerate(runners):
            if not isinstance(cells, list) or len(cells) < 1:
                raise ValueError("every seat needs at least one runner")
            for c in cells:
                c = parse_cell(c)
                if c in p.runner:
                    raise ValueError(f"two runners on {c}")
                p.runner[c] = seat
        owners = start.get("owners")
        if owners is not None:
            if not isinstance(owners, list) or len(owners) != seats:
                raise ValueError("start.owners must be a list per seat")
            for seat, cells in enumerate(owners):
                if not isinstance(cells, list):
                    raise ValueError("start.owners entries must be lists")
                for c in cells:
                    c = parse_cell(c)
                    if c in p.owner:
                        raise ValueError(f"two owners for {c}")
                    p.owner[c] = seat
        rnd = start.get("round", 1)
        if not _is_int(rnd) or not 1 <= rnd <= ROUNDS:
            raise ValueError(f"bad round {rnd!r}")
        tm = start.get("to_move", first)
        if tm is None:
            tm = first
        if not _is_int(tm) or not 0 <= tm < seats:
            raise ValueError(f"bad to_move {tm!r}")
        p.turns = (rnd - 1) * seats + (tm - first) % seats
        # docs/runners.md: a hand-written start in which a side already has its goal is refused
        if team:
            if max(p.team_scores()) >= GOAL_TEAM:
                raise ValueError("start already has a team at its goal")
        elif max(p.scores()) >= GOAL_FFA:
            raise ValueError("start already has a player at the goal")
    history = d.get("history", [])
    if history is None:
        history = []
    if not isinstance(history, list):
        raise ValueError("history must be a list")
    for i, mv in enumerate(history):
        m = canonical_move(mv)
        if m not in p.legal():
            raise ValueError(f"history[{i}] = {mv!r} is illegal")
        p.apply(m)
    ff = d.get("forfeit")
    if ff is not None:
        if not isinstance(ff, dict) or not _is_int(ff.get("seat")) \
                or not 0 <= ff["seat"] < seats:
            raise ValueError("bad forfeit")
        p.forfeit(ff["seat"])
    return p


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------

def legal_moves(d: dict) -> list[str]:
    return _setup(d).legal()


def play(d: dict, move: str) -> dict:
    p = _setup(d)
    if p.over:
        raise ValueError("the game is over")
    m = canonical_move(move)
    if m not in p.legal():
        if m == "pass":
            raise ValueError("pass is allowed only when no runner can move")
        raise ValueError(f"illegal move {move!r}")
    nd = copy.deepcopy(d)
    nd["history"] = list(nd.get("history") or []) + [m]
    return nd


def summary(d: dict) -> dict:
    p = _setup(d)
    runners = [sorted(c for c, s in p.runner.items() if s == seat) for seat in range(p.seats)]
    owners = [sorted(c for c, s in p.owner.items() if s == seat) for seat in range(p.seats)]
    return {
        "runners": runners,
        "owners": owners,
        "to_move": p.to_move,
        "round": p.round(),
        "scores": p.scores(),
        "team_scores": p.team_scores(),
        "is_over": p.over,
        "winners": list(p.winners) if p.over else [],
    }
