"""A clean-room reference implementation of the Gems (ConHex) rules, for the cross-check test.

Written by a developer who did not read py/ (nor the gems rules module or its tests), only from
../shared/spec/gems.md, the seed (../shared/seeds/004_ed91146e3fb43ced.txt) and the lead's
decisions (notes/gems_decisions.md). Standard library only. The board is plain sets and dicts
keyed by hole names, the cells transcribed by hand from the spec's table; connection is a
breadth-first search over owned cells. Deliberately simple rather than fast.

API
---
new(variant="standard") -> state dict   variants: "standard" (pie rule), "no-pie",
                                         "handicap-2", "handicap-3"
legal_moves(s) -> sorted list[str]       empty holes ("E5") plus "swap" when the pie rule
                                         allows it; [] when the game is over
play(s, move) -> new state dict          ValueError if illegal; s is not changed.
                                         Input is read case-insensitively, spaces ignored.
result(s) -> {"is_over", "winners", "scores", "to_move"}
owned(s) -> [cells of seat 0, cells of seat 1]   each a sorted list of cells (sorted tuples)
gems(s) -> {hole: seat}                  every gem on the board
HOLES                                    the 69 hole names, row by row (A1 B1 ... I9)
CELLS                                    the 41 cells in the spec's order, each a sorted tuple
                                         of hole names
_self_check()                            asserts the spec's geometry figures (not run on import)

Seats: 0 moves first and joins top to bottom; 1 joins left to right (directions never change).

State dict (treat as opaque):
  variant   the variant name
  gems      {hole: seat}
  owner     {cell index: seat}   cells claimed so far (never change once given)
  turn      seat to move (None once over)
  extra     handicap placements seat 0 still makes after the current one (handicap variants)
  history   moves played, canonical spelling ("E5", "swap")
  winners   [] while the game runs, [seat] once it is over
"""

from __future__ import annotations

from collections import deque

COLUMNS = "ABCDEFGHI"
ROWS = "123456789"
NOT_HOLES = frozenset("B2 H2 C3 G3 D4 F4 D6 F6 C7 G7 B8 H8".split())
VARIANTS = ("standard", "no-pie", "handicap-2", "handicap-3")

HOLES = tuple(c + r for r in ROWS for c in COLUMNS if c + r not in NOT_HOLES)
_HOLE_SET = frozenset(HOLES)

# The spec's cell table, copied as written (group name, then cells separated by "|").
_CELL_TABLE = """
corner  A1 B1 A2 | H1 I1 I2 | H9 I9 I8 | A8 A9 B9
top     B1 C1 D1 | D1 E1 F1 | F1 G1 H1
right   I2 I3 I4 | I4 I5 I6 | I6 I7 I8
bottom  B9 C9 D9 | D9 E9 F9 | F9 G9 H9
left    A2 A3 A4 | A4 A5 A6 | A6 A7 A8
ring2   B1 C1 A2 C2 A3 B3 | C1 D1 E1 C2 D2 E2 | E1 F1 G1 E2 F2 G2 | G1 H1 G2 I2 H3 I3
ring2   H3 I3 H4 I4 H5 I5 | H5 I5 H6 I6 H7 I7 | H7 I7 G8 I8 G9 H9 | E8 F8 G8 E9 F9 G9
ring2   C8 D8 E8 C9 D9 E9 | A7 B7 A8 C8 B9 C9 | A5 B5 A6 B6 A7 B7 | A3 B3 A4 B4 A5 B5
ring3   C2 D2 B3 D3 B4 C4 | D2 E2 F2 D3 E3 F3 | F2 G2 F3 H3 G4 H4 | G4 H4 G5 H5 G6 H6
ring3   G6 H6 F7 H7 F8 G8 | D7 E7 F7 D8 E8 F8 | B6 C6 B7 D7 C8 D8 | B4 C4 B5 C5 B6 C6
ring4   D3 E3 C4 E4 C5 D5 | E3 F3 E4 G4 F5 G5 | F5 G5 E6 G6 E7 F7 | C5 D5 C6 E6 D7 E7
centre  E4 D5 E5 F5 E6
"""


def _parse_cells():
    cells, groups = [], {}
    for line in _CELL_TABLE.strip().splitlines():
        group, rest = line.split(None, 1)
        for part in rest.split("|"):
            holes = part.split()
            cell = tuple(sorted(holes))
            if len(set(holes)) != len(holes):
                raise AssertionError(f"repeated hole in cell {part!r}")
            groups.setdefault(group, []).append(len(cells))
            cells.append(cell)
    return tuple(cells), {g: tuple(v) for g, v in groups.items()}


CELLS, _GROUPS = _parse_cells()

# hole -> indices of the cells it belongs to
HOLE_CELLS = {h: tuple(i for i, c in enumerate(CELLS) if h in c) for h in HOLES}

# cell index -> set of adjacent cell indices (sharing at least one hole)
NEIGHBOURS = {
    i: frozenset(j for j, d in enumerate(CELLS) if j != i and set(c) & set(d))
    for i, c in enumerate(CELLS)
}

# corner cells in table order: top-left, top-right, bottom-right, bottom-left
_TL, _TR, _BR, _BL = _GROUPS["corner"]
EDGES = {
    "top": frozenset((_TL, _TR) + _GROUPS["top"]),
    "bottom": frozenset((_BR, _BL) + _GROUPS["bottom"]),
    "left": frozenset((_TL, _BL) + _GROUPS["left"]),
    "right": frozenset((_TR, _BR) + _GROUPS["right"]),
}
# the two edges each seat must join
GOALS = {0: (EDGES["top"], EDGES["bottom"]), 1: (EDGES["left"], EDGES["right"])}


def _needed(cell) -> int:
    """Gems needed to claim a cell: 2 of 3, 3 of 6, 3 of 5."""
    return {3: 2, 5: 3, 6: 3}[len(cell)]


# ---------------------------------------------------------------- state
def new(variant: str = "standard") -> dict:
    """The starting position of a variant."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {VARIANTS}")
    handicap = {"handicap-2": 2, "handicap-3": 3}.get(variant, 1)
    return {
        "variant": variant,
        "gems": {},
        "owner": {},
        "turn": 0,
        "extra": handicap - 1,
        "history": [],
        "winners": [],
    }


def _copy(s: dict) -> dict:
    return {
        "variant": s["variant"],
        "gems": dict(s["gems"]),
        "owner": dict(s["owner"]),
        "turn": s["turn"],
        "extra": s["extra"],
        "history": list(s["history"]),
        "winners": list(s["winners"]),
    }


def _swap_allowed(s: dict) -> bool:
    return s["variant"] == "standard" and len(s["history"]) == 1 and not s["winners"]


def legal_moves(s: dict) -> list[str]:
    """Every legal move, sorted by Python string order; [] when the game is over."""
    if s["winners"]:
        return []
    moves = [h for h in HOLES if h not in s["gems"]]
    if _swap_allowed(s):
        moves.append("swap")
    return sorted(moves)


def _normalise(move) -> str:
    if not isinstance(move, str):
        raise ValueError(f"not a move: {move!r}")
    text = "".join(move.split())
    if text.lower() == "swap":
        return "swap"
    return text.upper()


def _claim(s: dict, hole: str) -> None:
    """Give every unowned cell around `hole` to the gem's owner if they now hold enough."""
    seat = s["gems"][hole]
    for i in HOLE_CELLS[hole]:
        if i in s["owner"]:
            continue
        held = sum(1 for h in CELLS[i] if s["gems"].get(h) == seat)
        if held >= _needed(CELLS[i]):
            s["owner"][i] = seat


def connected(s: dict, seat: int) -> bool:
    """Whether `seat`'s owned cells hold a chain joining its two edges."""
    mine = {i for i, o in s["owner"].items() if o == seat}
    start, goal = GOALS[seat]
    frontier = deque(mine & start)
    seen = set(frontier)
    while frontier:
        i = frontier.popleft()
        if i in goal:
            return True
        for j in NEIGHBOURS[i]:
            if j in mine and j not in seen:
                seen.add(j)
                frontier.append(j)
    return False


def play(s: dict, move) -> dict:
    """The state after `move`; raises ValueError (leaving s unchanged) if it is illegal."""
    if s["winners"]:
        raise ValueError("the game is over")
    m = _normalise(move)
    if m == "swap":
        if not _swap_allowed(s):
            raise ValueError("swap is only legal on the second turn with the pie rule")
    elif m not in _HOLE_SET:
        raise ValueError(f"not a hole: {move!r}")
    elif m in s["gems"]:
        raise ValueError(f"hole {m} is already taken")

    t = _copy(s)
    mover = t["turn"]
    if m == "swap":
        hole = t["history"][0]
        t["gems"][hole] = mover
        # re-evaluate the cells the swapped gem touches (a lone gem claims none)
        for i in HOLE_CELLS[hole]:
            t["owner"].pop(i, None)
        _claim(t, hole)
    else:
        t["gems"][m] = mover
        _claim(t, m)
    t["history"].append(m)

    if connected(t, mover):
        t["winners"] = [mover]
        t["turn"] = None
        return t
    if t["extra"] > 0:           # handicap: seat 0 places again
        t["extra"] -= 1
    else:
        t["turn"] = 1 - mover
    return t


def result(s: dict) -> dict:
    """{"is_over", "winners", "scores" (cells owned per seat), "to_move"}."""
    scores = [0, 0]
    for o in s["owner"].values():
        scores[o] += 1
    over = bool(s["winners"])
    return {
        "is_over": over,
        "winners": list(s["winners"]),
        "scores": scores,
        "to_move": None if over else s["turn"],
    }


def owned(s: dict) -> list:
    """[sorted cells owned by seat 0, sorted cells owned by seat 1]."""
    out = [[], []]
    for i, o in s["owner"].items():
        out[o].append(CELLS[i])
    return [sorted(out[0]), sorted(out[1])]


def gems(s: dict) -> dict:
    """{hole: seat} for every gem on the board."""
    return dict(s["gems"])


# ---------------------------------------------------------------- geometry check
def _self_check() -> None:
    """Assert the spec's geometry figures."""
    assert len(HOLES) == 69, len(HOLES)
    assert len(_HOLE_SET) == 69
    in_cells = set().union(*map(set, CELLS))
    assert in_cells == _HOLE_SET, (sorted(in_cells - _HOLE_SET), sorted(_HOLE_SET - in_cells))
    assert len(CELLS) == 41, len(CELLS)
    assert len(set(CELLS)) == 41, "duplicate cell"

    touch = {h: len(HOLE_CELLS[h]) for h in HOLES}
    ones = sorted(h for h, n in touch.items() if n == 1)
    threes = [h for h, n in touch.items() if n == 3]
    assert ones == sorted("A1 I1 A9 I9 E5".split()), ones
    assert len(threes) == 64, len(threes)
    assert len(ones) + len(threes) == 69, {h: n for h, n in touch.items() if n not in (1, 3)}

    sizes = [len(c) for c in CELLS]
    assert sizes.count(3) == 16, sizes.count(3)
    assert sizes.count(6) == 24, sizes.count(6)
    assert sizes.count(5) == 1, sizes.count(5)

    pairs = {frozenset((i, j)) for i in NEIGHBOURS for j in NEIGHBOURS[i]}
    assert len(pairs) == 104, len(pairs)

    corners = set(_GROUPS["corner"])
    for name, edge in EDGES.items():
        assert len(edge) == 5, (name, len(edge))
        assert len(edge & corners) == 2, name
        assert all(len(CELLS[i]) == 3 for i in edge), name
    for c in corners:
        assert sum(1 for e in EDGES.values() if c in e) == 2, CELLS[c]
    # every 3-hole cell is on some edge, and each edge's cells lie on that border of the grid
    assert set().union(*EDGES.values()) == {i for i, c in enumerate(CELLS) if len(c) == 3}
    for name, col_or_row, value in (("top", 1, "1"), ("bottom", 1, "9"),
                                    ("left", 0, "A"), ("right", 0, "I")):
        for i in EDGES[name]:
            on_border = [h for h in CELLS[i] if h[col_or_row] == value]
            assert len(on_border) >= 2, (name, CELLS[i])
