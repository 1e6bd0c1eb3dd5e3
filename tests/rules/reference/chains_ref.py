"""A clean-room reference implementation of the Hex Chains rules (`chains`, a Gemblo clone),
for the cross-check test.

Written by a developer who did not read py/ (nor any test importing it), only from
../shared/spec/chains.md, the seed (../shared/seeds/003_66eebb7b30f21365.txt) and the lead's
decisions (../notes/chains_decisions.md). Standard library only. Hexes are (q, r) tuples kept in
plain sets and dicts -- no bitboards -- so that the method differs from the rules module's too.

Geometry: axial (q, r), cube x = q, y = r, z = -q - r, m = max(|x-y|, |y-z|, |z-x|); the board
is m <= 21. Neighbours (q+-1, r), (q, r+-1), (q+1, r-1), (q-1, r+1). Link offsets (1,1) (-1,2)
(-2,1) (-1,-1) (1,-2) (2,-1); a link is blocked when both hexes next to both of its ends belong
to one piece of another colour (an obstacle is one piece of colour 5).

API
---
new(seats, variant="standard", obstacles=None, strict_obstacles=True) -> state dict
    variant "standard" (3-6 seats; 5 seats start with the pick phase of the obstacle phase unless
    `obstacles` is given), "quick" (5 seats, `obstacles` required), "2x2", "2x3" (2 seats).
    `obstacles`: a list of pieces, each a list of (q, r) hexes, placed as colour 5 before play;
    then seat 0 moves first. Each must be one of colour 5's 15 obstacle pieces (no piece twice),
    on empty hexes; with strict_obstacles (the default) each must also obey the obstacle rules
    (one hex on ring m = 20, the rest at m <= 19, no 5-player starting hex, <= 3 per arc).
legal_moves(s) -> sorted list[str]   ([] when the game is over)
    play phase "c<colour>:q,r;q,r;..." (hexes sorted by (q, r)); pick phase "pick:<piece id>";
    obstacle phase "ob:q,r;...".
play(s, move) -> new state dict      (ValueError if illegal; s is not changed). Input is read
    case-insensitively, spaces ignored, hexes in any order.
result(s) -> {"is_over", "winners", "scores", "to_move", "colour_to_move", "phase"}
    phase "pick" | "obstacles" | "play" | "over"; colour_to_move is None outside the play phase
    (in the obstacle phase the seat moves colour 5's pieces, but no colour is "to move").
board(s) -> {(q, r): colour index} of every covered hex (obstacles are colour 5)
placements_count(area) -> int        distinct single-piece placements inside "whole" | "red" |
    "blue" (orientations covering the same hexes counted once)
_self_check()                        asserts the spec's figures (not run on import)

State dict (treat as opaque): table data (variant, seats, ncol, area, starts, owner), cells
{hex: (colour, piece id)}, used [set of piece ids per colour 0..5], out (colours that can no
longer place), turn (colour to move in the play phase), phase, pool / picks / obs_left / ob_seat
/ last_ob_seat (the 5-player obstacle phase), history (canonical moves).

Readings where the spec and the decisions are silent (documented, not guessed silently):
- a seat that has no legal obstacle placement on its obstacle turn loses that turn for good
  (its unplaced picks are put away); the phase ends when no seat can place; the last seat that
  did place moves first. (The decisions assume all 15 get placed and seat 4 starts; random
  obstacle phases do get stuck now and then -- about 1 in 300 -- e.g. a 4c or 4d whose only
  arc with room has no free ring-20 hex with room inside it.)
- arcs: ring m = 20 ordered by the angle of each hex's centre; the five 5-player starting hexes
  cut it into five arcs; an obstacle belongs to the arc holding its one ring-20 hex.
"""

from __future__ import annotations

import math
from bisect import bisect_right

# ---------------------------------------------------------------- geometry
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
LINKS = ((1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1))
BOARD_M = 21


def m_of(h) -> int:
    """The spec's m of hex (q, r): max(|x - y|, |y - z|, |z - x|) in cube coordinates."""
    x, y = h
    z = -x - y
    return max(abs(x - y), abs(y - z), abs(z - x))


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _neighbours(h):
    return [_add(h, d) for d in NEIGHBOURS]


# For each link offset d: the two hexes adjacent to both (0, 0) and d (as offsets from (0, 0)).
LINK_SIDES = {}
for _d in LINKS:
    _common = set(_neighbours((0, 0))) & set(_neighbours(_d))
    assert len(_common) == 2, (_d, _common)
    LINK_SIDES[_d] = tuple(sorted(_common))


def _in_area(area: str, h) -> bool:
    q, r = h
    m = m_of(h)
    if area == "whole":
        return m <= BOARD_M
    if area == "red":
        return m <= 15
    if area == "blue":
        return m <= BOARD_M and abs(q + 2 * r) <= 15 and abs(q) <= 9
    raise ValueError(f"unknown area {area!r}")


AREAS = ("whole", "red", "blue")
AREA_HEXES = {
    area: frozenset((q, r) for q in range(-30, 31) for r in range(-30, 31)
                    if _in_area(area, (q, r)))
    for area in AREAS
}

# ---------------------------------------------------------------- pieces
PIECE_SHAPES = {
    "1": [(0, 0)],
    "2": [(0, 0), (0, 1)],
    "3a": [(0, 0), (0, 1), (0, 2)],
    "3b": [(0, 0), (0, 1), (1, 1)],
    "3c": [(0, 0), (0, 1), (1, 0)],
    "4a": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "4b": [(0, 0), (0, 1), (1, 1), (1, 2)],
    "4c": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "4d": [(0, 1), (1, 1), (1, 2), (2, 0)],
    "4e": [(0, 0), (0, 1), (1, 1), (2, 0)],
    "5a": [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    "5b": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
    "5c": [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    "5d": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)],
    "5e": [(0, 1), (1, 1), (1, 2), (1, 3), (2, 0)],
    "5f": [(0, 0), (0, 1), (1, 1), (1, 2), (2, 0)],
    "5g": [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)],
    "5h": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
}
PIECE_IDS = tuple(PIECE_SHAPES)
PIECE_SIZE = {pid: len(cells) for pid, cells in PIECE_SHAPES.items()}
OBSTACLE_PIECES = tuple(pid for pid in PIECE_IDS if pid not in ("1", "2", "3a"))


def _rotate(h):
    """60 degrees: cube (x, y, z) -> (-z, -x, -y)."""
    q, r = h
    return (q + r, -q)


def _reflect(h):
    """Swap cube x and y (a mirror line through the centre)."""
    q, r = h
    return (r, q)


def _normalise(cells):
    """Translate a set of hexes so that its smallest (q, r) hex is (0, 0); a frozenset."""
    cells = list(cells)
    base = min(cells)
    return frozenset((q - base[0], r - base[1]) for q, r in cells)


def orientations(pid: str):
    """The distinct orientations (normalised frozensets) of piece pid, over 6 rotations x 2."""
    found = set()
    cells = list(PIECE_SHAPES[pid])
    for flip in (False, True):
        cur = [_reflect(h) for h in cells] if flip else list(cells)
        for _ in range(6):
            found.add(_normalise(cur))
            cur = [_rotate(h) for h in cur]
    return found


ORIENTATIONS = {pid: orientations(pid) for pid in PIECE_IDS}
SHAPE_TO_PIECE = {}
for _pid in PIECE_IDS:
    for _o in ORIENTATIONS[_pid]:
        SHAPE_TO_PIECE[_o] = _pid  # (the self-check asserts no shape is claimed twice)


def piece_of(cells):
    """The piece id whose shape the hexes form, or None."""
    if not cells:
        return None
    return SHAPE_TO_PIECE.get(_normalise(cells))


def _hex_text(cells) -> str:
    return ";".join(f"{q},{r}" for q, r in sorted(cells))


# Placements per area, built on first use: a list of (piece id, frozenset of hexes, hex text),
# and an index {hex: {piece id: [(hexes, text) of that piece's placements covering hex]}}.
_PLACEMENTS: dict = {}
_BY_HEX: dict = {}


def _build(area: str):
    if area in _PLACEMENTS:
        return
    hexes = AREA_HEXES[area]
    seen = set()
    out = []
    for pid in PIECE_IDS:
        for ori in ORIENTATIONS[pid]:
            for a in hexes:
                placed = frozenset(_add(a, c) for c in ori)
                if placed <= hexes and placed not in seen:
                    seen.add(placed)
                    out.append((pid, placed, _hex_text(placed)))
    by_hex = {h: {pid: [] for pid in PIECE_IDS} for h in hexes}
    for pid, placed, text in out:
        for h in placed:
            by_hex[h][pid].append((placed, text))
    _PLACEMENTS[area] = out
    _BY_HEX[area] = by_hex


def placements_count(area: str) -> int:
    """Distinct placements of single pieces with every hex inside the area."""
    if area not in AREAS:
        raise ValueError(f"unknown area {area!r}")
    _build(area)
    return len(_PLACEMENTS[area])


# ---------------------------------------------------------------- tables
STARTS_6 = [(7, 7), (-7, 14), (-14, 7), (-7, -7), (7, -14), (14, -7)]
STARTS_3 = [(5, 5), (-10, 5), (5, -10)]
STARTS_4 = [(9, 3), (-9, 12), (-9, -3), (9, -12)]
STARTS_5 = [(4, -12), (13, -6), (-10, 0), (4, 8), (-9, 11)]
OBSTACLE_COLOUR = 5

TABLES = {
    ("standard", 3): ("red", STARTS_3, [0, 1, 2]),
    ("standard", 4): ("blue", STARTS_4, [0, 1, 2, 3]),
    ("standard", 5): ("whole", STARTS_5, [0, 1, 2, 3, 4]),
    ("standard", 6): ("whole", STARTS_6, [0, 1, 2, 3, 4, 5]),
    ("quick", 5): ("whole", STARTS_5, [0, 1, 2, 3, 4]),
    ("2x2", 2): ("blue", STARTS_4, [0, 1, 0, 1]),
    ("2x3", 2): ("whole", STARTS_6, [0, 1, 0, 1, 0, 1]),
}

# Ring m = 20 and its five arcs (5-player obstacles).
RING20 = sorted((h for h in AREA_HEXES["whole"] if m_of(h) == 20))


def _angle(h) -> float:
    q, r = h
    return math.atan2(1.5 * r, math.sqrt(3) * (q + r / 2))


_START5_ANGLES = sorted(_angle(h) for h in STARTS_5)


def arc_of(h) -> int:
    """Arc index 0..4 of a ring-20 hex that is not a 5-player starting hex."""
    return bisect_right(_START5_ANGLES, _angle(h)) % 5


# ---------------------------------------------------------------- state helpers
def _copy(s: dict) -> dict:
    n = dict(s)
    n["cells"] = dict(s["cells"])
    n["used"] = [set(u) for u in s["used"]]
    n["out"] = set(s["out"])
    n["pool"] = list(s["pool"])
    n["picks"] = [list(p) for p in s["picks"]]
    n["obs_left"] = [list(p) for p in s["obs_left"]]
    n["arc_counts"] = list(s["arc_counts"])
    n["history"] = list(s["history"])
    return n


def _link_blocked(cells, own_hex, d, colour) -> bool:
    a, b = (_add(own_hex, side) for side in LINK_SIDES[d])
    pa, pb = cells.get(a), cells.get(b)
    return pa is not None and pa == pb and pa[0] != colour


def _placement_moves(s: dict, colour: int):
    """Yield the hex text of every legal placement of `colour` (maybe with repeats)."""
    area = s["area"]
    _build(area)
    by_hex = _BY_HEX[area]
    hexes = AREA_HEXES[area]
    cells = s["cells"]
    used = s["used"][colour]
    if len(used) == len(PIECE_IDS):
        return
    own = [h for h, (c, _) in cells.items() if c == colour]
    touching = set()
    for h in own:
        touching.update(_neighbours(h))
    if not own:
        start = s["starts"][colour]
        targets = [start] if start not in cells else []
    else:
        targets = set()
        for h in own:
            for d in LINKS:
                t = _add(h, d)
                if (t in hexes and t not in cells and t not in touching
                        and not _link_blocked(cells, h, d, colour)):
                    targets.add(t)
    bad = set(cells) | touching
    unused = [pid for pid in PIECE_IDS if pid not in used]
    for t in targets:
        for pid in unused:
            for placed, text in by_hex[t][pid]:
                if placed.isdisjoint(bad):
                    yield text


def _has_placement(s: dict, colour: int) -> bool:
    for _ in _placement_moves(s, colour):
        return True
    return False


def _obstacle_shape_ok(placed) -> bool:
    """The board-independent obstacle rules: on the board, exactly one hex on ring m = 20, the
    others at m <= 19, no 5-player starting hex."""
    if not placed <= AREA_HEXES["whole"]:
        return False
    ring = [h for h in placed if m_of(h) == 20]
    if len(ring) != 1 or any(m_of(h) > 20 for h in placed):
        return False
    return not any(h in STARTS_5 for h in placed)


def _ring_hex(placed):
    return next(h for h in placed if m_of(h) == 20)


def _obstacle_ok(s: dict, placed, strict: bool = True) -> bool:
    """May `placed` (a frozenset of hexes) go on the board as an obstacle now?"""
    if not placed <= AREA_HEXES["whole"] or not placed.isdisjoint(s["cells"]):
        return False
    if not strict:
        return True
    return _obstacle_shape_ok(placed) and s["arc_counts"][arc_of(_ring_hex(placed))] < 3


_OBSTACLE_PLACEMENTS: list = []  # (piece id, hexes, text, arc), built on first use


def _obstacle_placements():
    if not _OBSTACLE_PLACEMENTS:
        _build("whole")
        for pid, placed, text in _PLACEMENTS["whole"]:
            if pid in OBSTACLE_PIECES and _obstacle_shape_ok(placed):
                _OBSTACLE_PLACEMENTS.append((pid, placed, text, arc_of(_ring_hex(placed))))
    return _OBSTACLE_PLACEMENTS


def _obstacle_moves(s: dict, seat: int):
    """Yield the hex text of every legal obstacle placement for `seat`."""
    mine = set(s["obs_left"][seat])
    if not mine:
        return
    cells, arcs = s["cells"], s["arc_counts"]
    for pid, placed, text, arc in _obstacle_placements():
        if pid in mine and arcs[arc] < 3 and placed.isdisjoint(cells):
            yield text


def _put_obstacle(s: dict, placed, pid: str, strict: bool = True):
    for h in placed:
        s["cells"][h] = (OBSTACLE_COLOUR, pid)
    s["used"][OBSTACLE_COLOUR].add(pid)
    if strict:
        s["arc_counts"][arc_of(_ring_hex(placed))] += 1


def _next_colour(s: dict, first: int):
    """Set s["turn"] to the first colour from `first` on (cyclically) that can place, marking
    those that cannot as out; end the game when none can."""
    n = s["ncol"]
    for k in range(n):
        c = (first + k) % n
        if c in s["out"]:
            continue
        if _has_placement(s, c):
            s["turn"] = c
            s["phase"] = "play"
            return
        s["out"].add(c)
    s["turn"] = None
    s["phase"] = "over"


def _next_obstacle_seat(s: dict, first: int):
    """Give the obstacle turn to the first seat from `first` on that has an unplaced pick and a
    legal placement for it; when none has, start the play phase."""
    for k in range(5):
        seat = (first + k) % 5
        for _ in _obstacle_moves(s, seat):
            s["ob_seat"] = seat
            return
    s["ob_seat"] = None
    for left in s["obs_left"]:
        left.clear()  # put away whatever could not be placed
    first_colour = s["last_ob_seat"] if s["last_ob_seat"] is not None else 0
    _next_colour(s, first_colour)


# ---------------------------------------------------------------- public API
def new(seats: int, variant: str = "standard", obstacles=None, strict_obstacles: bool = True):
    """A new game; see the module docstring."""
    key = (variant, seats)
    if key not in TABLES:
        raise ValueError(f"no table {variant!r} with {seats!r} seats")
    area, starts, owner = TABLES[key]
    s = {
        "variant": variant, "seats": seats, "ncol": len(owner), "area": area,
        "starts": list(starts), "owner": list(owner),
        "cells": {}, "used": [set() for _ in range(6)], "out": set(), "turn": None,
        "phase": "play", "pool": [], "picks": [[] for _ in range(seats)],
        "obs_left": [[] for _ in range(seats)], "ob_seat": None, "last_ob_seat": None,
        "arc_counts": [0] * 5, "history": [],
    }
    five = len(owner) == 5
    if obstacles is not None and not five:
        raise ValueError("obstacles belong to the 5-player tables only")
    if variant == "quick" and obstacles is None:
        raise ValueError("the quick table needs its obstacle layout")
    if five and obstacles is not None:
        for piece in obstacles:
            try:
                placed = frozenset((int(q), int(r)) for q, r in piece)
            except (TypeError, ValueError):
                raise ValueError(f"bad obstacle {piece!r}") from None
            if len(placed) != len(piece):
                raise ValueError(f"obstacle {piece!r} repeats a hex")
            pid = piece_of(placed)
            if pid not in OBSTACLE_PIECES:
                raise ValueError(f"obstacle {piece!r} is not one of the 15 obstacle pieces")
            if pid in s["used"][OBSTACLE_COLOUR]:
                raise ValueError(f"obstacle piece {pid} used twice")
            if not _obstacle_ok(s, placed, strict_obstacles):
                raise ValueError(f"obstacle {piece!r} breaks the obstacle rules")
            _put_obstacle(s, placed, pid, strict_obstacles)
        _next_colour(s, 0)
    elif five:
        s["phase"] = "pick"
        s["pool"] = list(OBSTACLE_PIECES)
    else:
        _next_colour(s, 0)
    return s


def legal_moves(s: dict) -> list[str]:
    """Every legal move, canonical spelling, sorted; [] when the game is over."""
    phase = s["phase"]
    if phase == "pick":
        return sorted("pick:" + pid for pid in s["pool"])
    if phase == "obstacles":
        return sorted({"ob:" + t for t in _obstacle_moves(s, s["ob_seat"])})
    if phase == "play":
        c = s["turn"]
        return sorted({f"c{c}:" + t for t in _placement_moves(s, c)})
    return []


def _parse_hexes(text: str):
    out = []
    for part in text.split(";"):
        qs, sep, rs = part.partition(",")
        if not sep:
            raise ValueError(f"bad hex {part!r}")
        try:
            out.append((int(qs), int(rs)))
        except ValueError:
            raise ValueError(f"bad hex {part!r}") from None
    return out


def _canonical(s: dict, move) -> str:
    if not isinstance(move, str) or len(move) > 64:
        raise ValueError(f"not a move: {move!r}")
    m = move.strip().lower().replace(" ", "")
    if m.startswith("pick:"):
        return m
    head, sep, rest = m.partition(":")
    if not sep:
        raise ValueError(f"bad move {move!r}")
    return head + ":" + _hex_text(_parse_hexes(rest))


def play(s: dict, move) -> dict:
    """The state after `move`; ValueError if it is not legal (s is not changed)."""
    if s["phase"] == "over":
        raise ValueError("the game is over")
    m = _canonical(s, move)
    if m not in set(legal_moves(s)):
        raise ValueError(f"illegal move {move!r}")
    n = _copy(s)
    n["history"].append(m)
    phase = s["phase"]
    if phase == "pick":
        pid = m[len("pick:"):]
        seat = len(OBSTACLE_PIECES) - len(n["pool"])  # picks made so far
        seat %= 5
        n["pool"].remove(pid)
        n["picks"][seat].append(pid)
        n["obs_left"][seat].append(pid)
        if not n["pool"]:
            n["phase"] = "obstacles"
            _next_obstacle_seat(n, 0)
        return n
    placed = frozenset(_parse_hexes(m.partition(":")[2]))
    pid = piece_of(placed)
    if phase == "obstacles":
        seat = n["ob_seat"]
        _put_obstacle(n, placed, pid)
        n["obs_left"][seat].remove(pid)
        n["last_ob_seat"] = seat
        _next_obstacle_seat(n, (seat + 1) % 5)
        return n
    c = n["turn"]
    for h in placed:
        n["cells"][h] = (c, pid)
    n["used"][c].add(pid)
    _next_colour(n, (c + 1) % n["ncol"])
    return n


def _scores(s: dict) -> list[int]:
    scores = [0] * s["seats"]
    for colour, _ in s["cells"].values():
        if colour < s["ncol"]:
            scores[s["owner"][colour]] += 1
    return scores


def result(s: dict) -> dict:
    """is_over, winners (seats with the most hexagons placed, when over), scores, to_move,
    colour_to_move, phase."""
    phase = s["phase"]
    scores = _scores(s)
    over = phase == "over"
    if over:
        best = max(scores)
        winners = [i for i, v in enumerate(scores) if v == best]
        to_move = colour = None
    elif phase == "pick":
        winners, colour = [], None
        to_move = (len(OBSTACLE_PIECES) - len(s["pool"])) % 5
    elif phase == "obstacles":
        winners, colour, to_move = [], None, s["ob_seat"]
    else:
        winners, colour = [], s["turn"]
        to_move = s["owner"][colour]
    return {"is_over": over, "winners": winners, "scores": scores, "to_move": to_move,
            "colour_to_move": colour, "phase": phase}


def board(s: dict) -> dict:
    """{(q, r): colour index} of every covered hex (obstacles are colour 5)."""
    return {h: c for h, (c, _) in s["cells"].items()}


# ---------------------------------------------------------------- self-check
def _self_check():
    """Assert the spec's figures; raises AssertionError with the figure found."""
    whole, red, blue = (AREA_HEXES[a] for a in AREAS)
    n = len(whole)
    assert n == 463, n
    rim = [(q, r) for q in range(-30, 31) for r in range(-30, 31) if m_of((q, r)) == 22]
    assert len(rim) == 42, len(rim)
    assert len(red) == 241, len(red)
    assert len(blue) == 295, len(blue)
    assert red <= whole and blue <= whole
    # pieces: 18 per colour, 72 hexes, 1/1/3/5/8 by size, pairwise distinct up to symmetry
    assert len(PIECE_IDS) == 18
    assert sum(PIECE_SIZE.values()) == 72, sum(PIECE_SIZE.values())
    by_size = [sum(1 for v in PIECE_SIZE.values() if v == k) for k in range(1, 6)]
    assert by_size == [1, 1, 3, 5, 8], by_size
    for i, a in enumerate(PIECE_IDS):
        for b in PIECE_IDS[i + 1:]:
            assert not (ORIENTATIONS[a] & ORIENTATIONS[b]), (a, b)
        # every piece is one connected group of hexes
        cells = set(PIECE_SHAPES[a])
        seen, todo = set(), [min(cells)]
        while todo:
            h = todo.pop()
            if h not in seen:
                seen.add(h)
                todo.extend(x for x in _neighbours(h) if x in cells)
        assert seen == cells, a
    assert len(OBSTACLE_PIECES) == 15
    counts = {a: placements_count(a) for a in AREAS}
    assert counts == {"whole": 35319, "red": 16983, "blue": 21115}, counts
    # starting hexes: inside their areas; 5-player ones on ring 20
    for h in STARTS_6:
        assert h in whole and m_of(h) == 21, h
    for h in STARTS_3:
        assert h in red, h
    for h in STARTS_4:
        assert h in blue, h
    for h in STARTS_5:
        assert m_of(h) == 20, h
    # link geometry: two steps apart, the sides are the two common neighbours
    for d, sides in LINK_SIDES.items():
        assert (abs(d[0]) + abs(d[1]) + abs(d[0] + d[1])) // 2 == 2, d
        assert len(sides) == 2
    # first colour's legal first moves
    firsts = {
        "6 colours": len(legal_moves(new(6))),
        "red lines (3p)": len(legal_moves(new(3))),
        "blue lines (4 colours)": len(legal_moves(new(4))),
        "2x3": len(legal_moves(new(2, "2x3"))),
        "2x2": len(legal_moves(new(2, "2x2"))),
    }
    want = {"6 colours": 56, "red lines (3p)": 56, "blue lines (4 colours)": 44,
            "2x3": 56, "2x2": 44}
    assert firsts == want, firsts
    # every colour of every table has a first move covering its start
    for key in TABLES:
        if key[1] == 5:
            continue
        s = new(key[1], key[0])
        assert result(s)["colour_to_move"] == 0
        for mv in legal_moves(s):
            assert ",".join(map(str, s["starts"][0])) in mv.split(":")[1].split(";")
    return {"hexes": (n, len(red), len(blue)), "placements": counts, "first moves": firsts}
