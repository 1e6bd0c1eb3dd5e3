"""Hex Chains, the polyhex placement game for 2 to 6 players (a Gemblo clone, after
the users' rules text for Hex Chains; the lead's decisions, the notation and the schemas in
docs/chains.md).

Six colours (Red, Orange, Yellow, Green, Blue, Purple, index 0-5) of 18 pieces of 1 to 5 hexes
each; colours place in index order, each piece covering only empty hexes of the table's play
area, the first on the colour's starting hex, every later one never sharing an edge with its
own colour and linked to it: a hex of the new piece two steps from one of its own, not in a
line, the link not blocked by ONE piece of another colour covering both hexes between them. A
colour that cannot place is out for good; the game ends when none can; a seat scores the hexes
its colours placed. Five players first pick and place the sixth colour's pieces as obstacles.

The board is the hexagon m <= 21 (m = max(|q - r|, |q + 2r|, |2q + r|), axial (q, r)) on a
padded grid: hex (q, r) is bit `(q + 16) + (r + 14) * ROW` with ROW = 33 columns, so a shift
by a direction's offset moves every hex of a mask one step at once, and no shift of up to four
columns wraps one hex of the board onto another. A position is a few Python ints: the occupied
hexes, each colour's hexes, each colour's "halo" (its hexes and their neighbours, where it may
not place), and three masks of the edges inside pieces (the edges that block links).

The tables of every placement of every piece orientation in a play area (`tables(area)`) are
built on first use and cached, never at import. `gen_placements`, `has_placement`,
`link_points` and `place` are the fast core the computer players search with; `ChainsState`
wraps them in the State protocol.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .core import GameInfo, IllegalMove, State, bits, check_int, shown

COLOURS = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
VARIANTS = ("standard", "quick", "2x2", "2x3")
OBSTACLE_COLOUR = 5
"""In the 5-player game the sixth colour (Purple) is the obstacles."""

PIECES: dict[str, tuple[tuple[int, int], ...]] = {
    "1": ((0, 0),),
    "2": ((0, 0), (0, 1)),
    "3a": ((0, 0), (0, 1), (0, 2)),
    "3b": ((0, 0), (0, 1), (1, 1)),
    "3c": ((0, 0), (0, 1), (1, 0)),
    "4a": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "4b": ((0, 0), (0, 1), (1, 1), (1, 2)),
    "4c": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "4d": ((0, 1), (1, 1), (1, 2), (2, 0)),
    "4e": ((0, 0), (0, 1), (1, 1), (2, 0)),
    "5a": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "5b": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
    "5c": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    "5d": ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3)),
    "5e": ((0, 1), (1, 1), (1, 2), (1, 3), (2, 0)),
    "5f": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 0)),
    "5g": ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0)),
    "5h": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
}
"""The 18 pieces of a colour by id (the spec's listing order), in axial (q, r)."""
PIECE_IDS = tuple(PIECES)
PIECE_NAMES = {
    "1": "single", "2": "pair", "3a": "straight three", "3b": "bent three", "3c": "triangle",
    "4a": "long four", "4b": "zigzag four", "4c": "diamond", "4d": "propeller", "4e": "arch",
    "5a": "wide V", "5b": "Z", "5c": "staircase", "5d": "crank", "5e": "long propeller",
    "5f": "bent propeller", "5g": "sharp V", "5h": "long five",
}
"""Each piece's name in words, as the page's move log gives it (docs/chains.md, "The page")."""
PIECE_INDEX = {pid: i for i, pid in enumerate(PIECE_IDS)}
PIECE_SIZE = tuple(len(PIECES[p]) for p in PIECE_IDS)
ALL_PIECES = (1 << len(PIECE_IDS)) - 1
HEXES_PER_COLOUR = sum(PIECE_SIZE)  # 72
PUT_AWAY = ("1", "2", "3a")
"""The obstacle colour's pieces put away in the 5-player game; its 15 others are picked."""
OBSTACLE_PIECES = tuple(p for p in PIECE_IDS if p not in PUT_AWAY)
OBSTACLES_PER_ARC = 3

# --- the grid --------------------------------------------------------------------------------
RADIUS = 21
ROW = 33
"""Bits per row of the padded grid: 29 columns of hexes (q = -14..14) and two spare on each
side, so a shift of up to four columns never wraps one hex of the board onto another."""
COL0, ROW0 = 16, 14


def idx(q: int, r: int) -> int:
    """The bit of hex (q, r) on the padded grid."""
    return (q + COL0) + (r + ROW0) * ROW


def qr(i: int) -> tuple[int, int]:
    """The axial (q, r) of bit `i`."""
    return i % ROW - COL0, i // ROW - ROW0


def ring(q: int, r: int) -> int:
    """m = max(|q - r|, |q + 2r|, |2q + r|): 21 on the rim, 20 the second ring, 0 the centre."""
    return max(abs(q - r), abs(q + 2 * r), abs(2 * q + r))


def shift(mask: int, offset: int) -> int:
    """Every bit of `mask` moved by `offset` (negative: down)."""
    return mask << offset if offset >= 0 else mask >> -offset


NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
AXES = ((1, 0), (0, 1), (-1, 1))
"""The three edge directions: edge mask k holds hex a when a and a + AXES[k] are one piece."""
LINKS = (((1, 1), (1, 0), (0, 1)), ((-1, 2), (0, 1), (-1, 1)), ((-2, 1), (-1, 1), (-1, 0)),
         ((-1, -1), (-1, 0), (0, -1)), ((1, -2), (0, -1), (1, -1)), ((2, -1), (1, -1), (1, 0)))
"""The six link offsets with the two hexes between (adjacent to both ends)."""


def _link_table() -> tuple[tuple[int, int, int], ...]:
    """(offset of the far end, edge axis, offset of the between hex `a` whose bit the edge mask
    holds) per link direction."""
    out = []
    for (dq, dr), b1, b2 in LINKS:
        diff = (b2[0] - b1[0], b2[1] - b1[1])
        for k, axis in enumerate(AXES):
            if diff == axis:
                a = b1
                break
            if diff == (-axis[0], -axis[1]):
                a = b2
                break
        out.append((dq + dr * ROW, k, a[0] + a[1] * ROW))
    return tuple(out)


LINK_TABLE = _link_table()


def spread(mask: int) -> int:
    """`mask` and every hex next to it."""
    return (mask | mask << 1 | mask >> 1 | mask << ROW | mask >> ROW
            | mask << (ROW - 1) | mask >> (ROW - 1))


def edges_of(mask: int) -> tuple[int, int, int]:
    """The three edge masks of one piece's hexes: hexes a with a + AXES[k] in the piece too."""
    return mask & mask >> 1, mask & mask >> ROW, mask & mask >> (ROW - 1)


def link_points(own: int, edges: tuple[int, int, int]) -> int:
    """Hexes two steps from `own` (not in a line) whose link is not blocked by the edge masks
    `edges` (not yet filtered for emptiness, own-edge contact or the play area)."""
    e0, e1, e2 = edges
    # LINK_TABLE unrolled: per direction, the far end's offset, and the edge mask shifted so
    # that bit h says "the edge between h's two between-hexes lies inside one piece". The
    # tests check this against LINK_TABLE and against a hex-by-hex reading of the rule.
    r = ROW
    return (((own & ~(e2 >> 1)) << (r + 1))
            | ((own & ~(e0 >> (r - 1))) << (2 * r - 1))
            | ((own & ~(e1 << 1)) << (r - 2))
            | ((own & ~(e2 << r)) >> (r + 1))
            | ((own & ~(e0 << r)) >> (2 * r - 1))
            | ((own & ~(e1 << (r - 1))) >> (r - 2)))


def link_points_slow(own: int, edges: tuple[int, int, int]) -> int:
    """`link_points` computed from LINK_TABLE in a loop (the definition the fast one unrolls)."""
    out = 0
    for far, axis, a in LINK_TABLE:
        out |= shift(own & ~shift(edges[axis], -a), far)
    return out


# --- play areas, starting hexes, tables ------------------------------------------------------
AREAS = ("whole", "red", "blue")
AREA_TEXT = {
    "whole": "the whole board (m <= 21, 463 hexes)",
    "red": "the hexes inside the red lines (m <= 15, 241 hexes)",
    "blue": "the hexes inside the blue lines (|q + 2r| <= 15 and |q| <= 9, 295 hexes)",
}


def in_area(area: str, q: int, r: int) -> bool:
    """Whether hex (q, r) is inside play area `area`."""
    m = ring(q, r)
    if area == "whole":
        return m <= 21
    if area == "red":
        return m <= 15
    return m <= 21 and abs(q + 2 * r) <= 15 and abs(q) <= 9


STARTS = {
    6: ((7, 7), (-7, 14), (-14, 7), (-7, -7), (7, -14), (14, -7)),
    3: ((5, 5), (-10, 5), (5, -10)),
    4: ((9, 3), (-9, 12), (-9, -3), (9, -12)),
    5: ((4, -12), (13, -6), (-10, 0), (4, 8), (-9, 11)),
}
"""Starting hexes by the number of colours in play; colour i starts on the i-th."""


class Setup:
    """What a (seats, variant) table is: its play area, colours, starting hexes, owners."""

    __slots__ = ("seats", "variant", "area", "colours", "starts", "owner", "obstacles")

    def __init__(self, seats: int, variant: str):
        self.seats, self.variant = seats, variant
        if variant in ("2x2", "2x3"):
            self.colours = 4 if variant == "2x2" else 6
            self.owner = tuple(c % 2 for c in range(self.colours))
        else:
            self.colours = seats
            self.owner = tuple(range(seats))
        self.area = {3: "red", 4: "blue", 5: "whole", 6: "whole"}[self.colours]
        self.starts = tuple(idx(q, r) for q, r in STARTS[self.colours])
        self.obstacles = {"standard": "phase", "quick": "quick"}[variant] if self.colours == 5 else None


def table_setup(seats: Any, variant: Any) -> Setup:
    """The Setup of a table; ValueError naming what is allowed if there is none."""
    if variant is None:
        variant = "2x2" if seats == 2 else "standard"
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"Hex Chains variants are {', '.join(VARIANTS)}; not {shown(variant)}")
    allowed = dict(VARIANT_SEATS)[variant]
    if isinstance(seats, bool) or not isinstance(seats, int) or seats not in allowed:
        counts = ", ".join(map(str, allowed))
        raise ValueError(f"Hex Chains {variant} is for {counts} seats, not {shown(seats)}")
    return Setup(seats, variant)


VARIANT_SEATS = (("standard", (3, 4, 5, 6)), ("quick", (5,)), ("2x2", (2,)), ("2x3", (2,)))


class Shapes:
    """The 92 fixed orientations of the 18 pieces, built on first use (`shapes()`).

    Orientation k is `piece[k]` with cells at bit offsets `offsets[k]` (ascending, the first 0:
    an orientation is placed by its lowest bit, its "anchor"); `base[k]` is its mask at bit 0.
    `of_piece[p]` lists piece p's orientations; `by_base` maps a base mask to its orientation.
    The offsets of all orientations are numbered (`distinct`), and `slots[k]` gives the numbers
    of orientation k's offsets, so move generation shifts a mask once per distinct offset.
    """

    __slots__ = ("piece", "offsets", "base", "of_piece", "by_base", "distinct", "slots")

    def __init__(self):
        self.piece, self.offsets, self.base = [], [], []
        for p, name in enumerate(PIECE_IDS):
            seen = set()
            cells = list(PIECES[name])
            for flip in range(2):
                shape = cells if flip == 0 else [(r, q) for q, r in cells]
                for _ in range(6):
                    bits_ = sorted(idx(q, r) for q, r in shape)
                    key = tuple(o - bits_[0] for o in bits_)
                    if key not in seen:
                        seen.add(key)
                        self.piece.append(p)
                        self.offsets.append(key)
                        self.base.append(sum(1 << o for o in key))
                    shape = [(-r, q + r) for q, r in shape]
        self.of_piece = [[k for k, p in enumerate(self.piece) if p == piece]
                         for piece in range(len(PIECE_IDS))]
        self.by_base = {b: k for k, b in enumerate(self.base)}
        self.distinct = sorted({o for key in self.offsets for o in key})
        number = {o: i for i, o in enumerate(self.distinct)}
        self.slots = [tuple(number[o] for o in key) for key in self.offsets]


_SHAPES: Shapes | None = None


def shapes() -> Shapes:
    """The piece orientations (built once)."""
    global _SHAPES
    if _SHAPES is None:
        _SHAPES = Shapes()
    return _SHAPES


ANCHOR_BITS = 10
"""A placement's key in `Tables.pid_at` is orientation << ANCHOR_BITS | anchor bit."""


class Tables:
    """Every placement of every piece orientation inside one play area, built on first use.

    - `mask`: the area's hexes; `hexes`: their bits in order.
    - `anchors[k]`: the anchor bits at which orientation k fits inside the area.
    - `masks[pid]`, `piece[pid]`, `shape[pid]`: placement `pid`'s hexes, piece index and
      orientation; `pid_at[k << ANCHOR_BITS | anchor]` is the pid of orientation k placed there.
    - `lookup(mask)`: the placement covering exactly those hexes, or None.
    """

    __slots__ = ("area", "mask", "hexes", "anchors", "masks", "piece", "shape", "pid_at",
                 "_names", "_cells", "_obstacle")

    def __init__(self, area: str):
        sh = shapes()
        self.area = area
        self.hexes = sorted(idx(q, r) for r in range(-14, 15) for q in range(-14, 15)
                            if in_area(area, q, r))
        self.mask = sum(1 << h for h in self.hexes)
        self.anchors = []
        masks, piece, shape = [], [], []
        pid_at: list = [None] * (len(sh.base) << ANCHOR_BITS)
        for k, offsets in enumerate(sh.offsets):
            fits = self.mask
            for o in offsets[1:]:
                fits &= self.mask >> o
            self.anchors.append(fits)
            base, p = sh.base[k], sh.piece[k]
            key = k << ANCHOR_BITS
            for a in bits(fits):
                pid_at[key | a] = len(masks)
                masks.append(base << a)
                piece.append(p)
                shape.append(k)
        self.masks, self.piece, self.shape, self.pid_at = masks, piece, shape, pid_at
        self._names: list[str | None] = [None] * len(masks)
        self._cells: list[tuple | None] = [None] * len(masks)
        self._obstacle: list | None = None

    def lookup(self, mask: int) -> int | None:
        """The placement covering exactly `mask` inside this area, or None."""
        if mask <= 0:
            return None
        low = mask & -mask
        anchor = low.bit_length() - 1
        k = shapes().by_base.get(mask >> anchor)
        return None if k is None else self.pid_at[k << ANCHOR_BITS | anchor]

    def name(self, pid: int) -> str:
        """The hexes of placement `pid` in notation, sorted by (q, r): `6,7;7,7;7,8`."""
        text = self._names[pid]
        if text is None:
            text = self._names[pid] = hexes_text(self.masks[pid])
        return text

    def cells(self, pid: int) -> list[list[int]]:
        """The hexes of placement `pid` as [[q, r], ...], sorted by (q, r) (a new list)."""
        cells = self._cells[pid]
        if cells is None:
            cells = self._cells[pid] = tuple(_QR[i] for i in sorted_bits(self.masks[pid]))
        return [list(cell) for cell in cells]

    def obstacle_candidates(self) -> list:
        """Per piece index: [(pid, arc), ...] of the placements an obstacle may take on an empty
        board (one hex on ring 20, the rest on rings <= 19, no 5-player starting hex)."""
        if self._obstacle is None:
            ring20, inner = ring_mask(20), ring_mask(19, 0)
            starts = 0
            for q, r in STARTS[5]:
                starts |= 1 << idx(q, r)
            arc_of = arc_index()
            out: list = [[] for _ in PIECE_IDS]
            for pid, m in enumerate(self.masks):
                on_ring = m & ring20
                if m & starts or on_ring & (on_ring - 1) or not on_ring or m & ~(on_ring | inner):
                    continue
                out[self.piece[pid]].append((pid, arc_of[on_ring.bit_length() - 1]))
            self._obstacle = out
        return self._obstacle


_TABLES: dict[str, Tables] = {}


def tables(area: str) -> Tables:
    """The placement tables of a play area ("whole", "red", "blue"), built once and cached."""
    t = _TABLES.get(area)
    if t is None:
        if area not in AREAS:
            raise ValueError(f"play areas are {', '.join(AREAS)}; not {shown(area)}")
        t = _TABLES[area] = Tables(area)
    return t


_RINGS: dict[tuple[int, int], int] = {}


def ring_mask(high: int, low: int | None = None) -> int:
    """The hexes with low <= m <= high (low defaults to high: one ring); cached."""
    low = high if low is None else low
    out = _RINGS.get((low, high))
    if out is None:
        out = 0
        for r in range(-14, 15):
            for q in range(-14, 15):
                if low <= ring(q, r) <= high:
                    out |= 1 << idx(q, r)
        _RINGS[(low, high)] = out
    return out


GRID = ROW * 30
_QR = [qr(i) for i in range(GRID)]
_KEY = [f"{q},{r}" for q, r in _QR]
_BY_QR = [(i % ROW) * 64 + i // ROW for i in range(GRID)]
"""Per bit: its (q, r), its notation `q,r`, and a number that sorts bits by (q, r)."""


def sorted_bits(mask: int) -> list[int]:
    """The bits of `mask` sorted by (q, r) (the notation's order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    out.sort(key=_BY_QR.__getitem__)
    return out


def hexes_text(mask: int) -> str:
    """A set of hexes in notation: `q,r` sorted by (q, r), joined by `;`."""
    return ";".join([_KEY[i] for i in sorted_bits(mask)])


def hex_list(mask: int) -> list[list[int]]:
    """A set of hexes as [[q, r], ...] sorted by (q, r) (for views)."""
    return [list(_QR[i]) for i in sorted_bits(mask)]


# --- the 5-player ring and its arcs ------------------------------------------------------------
_ARCS: list | None = None


def _angle(q: int, r: int) -> float:
    """The angle of a hex centre (pointy-top hexes, y down), in degrees from 0 to 360."""
    return math.degrees(math.atan2(1.5 * r, math.sqrt(3) * (q + r / 2))) % 360


def arcs() -> list[tuple[tuple[int, int], list[int]]]:
    """The five arcs of ring 20 between neighbouring 5-player starting hexes, in angular order
    (clockwise on the screen) from Red's starting hex: [((colour at the start of the arc,
    colour at its end), [hex bits along the arc]), ...]."""
    global _ARCS
    if _ARCS is None:
        starts = {idx(q, r): c for c, (q, r) in enumerate(STARTS[5])}
        red = _angle(*STARTS[5][0])
        ring20 = sorted(bits(ring_mask(20)), key=lambda i: (_angle(*qr(i)) - red) % 360)
        out, current, begin = [], [], None
        for h in ring20 + [ring20[0]]:
            if h in starts:
                if begin is not None:
                    out.append(((begin, starts[h]), current))
                begin, current = starts[h], []
            else:
                current.append(h)
        _ARCS = out
    return _ARCS


def obstacle_fault(mask: int) -> str:
    """Why a piece covering `mask` may not be an obstacle (or "" if the ring rules allow it)."""
    for c, (q, r) in enumerate(STARTS[5]):
        if mask >> idx(q, r) & 1:
            return f"an obstacle may not cover a starting hex ({COLOURS[c]}'s, {q},{r})"
    rings = [ring(*qr(h)) for h in bits(mask)]
    if max(rings) > 20:
        return ("an obstacle may not cover the outermost ring (m = 21); it covers exactly one "
                "hex of the second ring from the rim (m = 20) and heads towards the centre")
    if rings.count(20) != 1:
        return (f"an obstacle covers exactly one hex of the second ring from the rim (m = 20), "
                f"its other hexes closer to the centre; this covers {rings.count(20)}")
    return ""


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


PRESSURE_RADII = (6, 9, 12, 16)


def obstacle_pressure(occ: int) -> dict[int, list[int]]:
    """How hard obstacles `occ` press on each 5-player starting hex: for each radius R of
    PRESSURE_RADII, per colour, the sum over obstacle hexes of max(0, R - distance to its
    starting hex) (the quick layout's fairness measure, docs/chains.md)."""
    cells = [qr(h) for h in bits(occ)]
    return {radius: [sum(max(0, radius - distance(start, cell)) for cell in cells)
                     for start in STARTS[5]] for radius in PRESSURE_RADII}


_ARC_INDEX: dict[int, int] = {}
_QUICK: list[tuple[int, int]] = []


def quick_obstacles() -> list[tuple[int, int]]:
    """QUICK_LAYOUT as [(pid in the whole board's tables, arc index), ...]; cached."""
    if not _QUICK:
        t, arc_of, ring20 = tables("whole"), arc_index(), ring_mask(20)
        for entry in QUICK_LAYOUT:
            piece, text = entry.split(":")
            pid = t.lookup(parse_hexes(text, entry))
            if pid is None or PIECE_IDS[t.piece[pid]] != piece:
                raise ValueError(f"QUICK_LAYOUT: {entry} is not the piece it names")
            _QUICK.append((pid, arc_of[(t.masks[pid] & ring20).bit_length() - 1]))
    return _QUICK


def arc_index() -> dict[int, int]:
    """Ring-20 hex bit -> its arc's index in `arcs()` (starting hexes are in none); cached,
    not to be changed."""
    if not _ARC_INDEX:
        _ARC_INDEX.update({h: a for a, (_, hexes) in enumerate(arcs()) for h in hexes})
    return _ARC_INDEX


QUICK_LAYOUT = (
    "4c:7,-10;8,-11;8,-10;9,-11",  # arc 0
    "4e:4,-11;5,-11;6,-13;6,-12",  # arc 0
    "5c:8,-6;9,-6;10,-7;11,-7;12,-8",  # arc 0
    "4a:7,0;8,0;9,0;10,0",  # arc 1
    "4d:6,5;7,3;7,4;8,4",  # arc 1
    "5f:10,-5;10,-3;11,-5;11,-4;12,-4",  # arc 1
    "4b:-2,10;-2,11;-1,8;-1,9",  # arc 2
    "5b:2,9;3,6;3,7;3,8;4,5",  # arc 2
    "5e:-8,12;-7,11;-6,9;-6,10;-5,10",  # arc 2
    "3b:-13,7;-12,7;-11,6",  # arc 3
    "5d:-10,10;-9,9;-8,7;-8,8;-7,6",  # arc 3
    "5h:-11,2;-10,2;-9,2;-8,2;-7,2",  # arc 3
    "3c:-4,-8;-4,-7;-3,-8",  # arc 4
    "5a:0,-10;0,-9;0,-8;1,-8;2,-8",  # arc 4
    "5g:-9,-2;-8,-2;-7,-4;-7,-3;-7,-2",  # arc 4
)
"""The `quick` table's 15 obstacles as `piece:hexes`, three per arc of `arcs()` (how they were
chosen, and why this is fair: docs/chains.md)."""


# --- the fast core -------------------------------------------------------------------------
def _points(t: Tables, occ: int, own: int, halo: int, edges: tuple, start: int) -> tuple[int, int]:
    """(free hexes, open link points) of a colour: the empty hexes of the area not next to its
    own, and those of them a placement must cover (its starting hex before its first piece)."""
    free = t.mask & ~(occ | halo)
    if own:
        return free, link_points(own, edges) & free
    return free, free & 1 << start


def gen_placements(t: Tables, occ: int, own: int, halo: int, edges: tuple, used: int,
                   start: int) -> list[int]:
    """Every legal placement (pids of `t`, by orientation then anchor) for a colour with hexes
    `own`, forbidden hexes `halo` (its hexes and their neighbours), pieces `used` (a bit per
    piece index) and starting hex `start`, on a board whose occupied hexes are `occ` and whose
    piece edges are `edges`.

    Bit-parallel: orientation k with cell offsets o fits at anchor a when every a + o is free,
    i.e. a is in AND(free >> o), and links when some a + o is a link point, a in OR(points >> o);
    so each orientation costs a few operations on whole-board masks, whatever the board."""
    free, points = _points(t, occ, own, halo, edges, start)
    if not points:
        return []
    sh = shapes()
    fs = [free >> o for o in sh.distinct]
    ps = [points >> o for o in sh.distinct]
    out = []
    pid_at, slots, anchors = t.pid_at, sh.slots, t.anchors
    for p in range(len(PIECE_IDS)):
        if used >> p & 1:
            continue
        for k in sh.of_piece[p]:
            sl = slots[k]
            if len(sl) == 5:  # 63 of the 92 orientations: unrolled
                a, b, c, d, e = sl
                v = (anchors[k] & fs[a] & fs[b] & fs[c] & fs[d] & fs[e]
                     & (ps[a] | ps[b] | ps[c] | ps[d] | ps[e]))
            else:
                v, link = anchors[k], 0
                for i in sl:
                    v &= fs[i]
                    link |= ps[i]
                v &= link
            if v:
                key = k << ANCHOR_BITS
                while v:
                    low = v & -v
                    out.append(pid_at[key | (low.bit_length() - 1)])
                    v ^= low
    return out


def count_placements(t: Tables, occ: int, own: int, halo: int, edges: tuple, used: int,
                     start: int) -> int:
    """How many placements `gen_placements` would list (without listing them)."""
    free, points = _points(t, occ, own, halo, edges, start)
    if not points:
        return 0
    sh = shapes()
    fs = [free >> o for o in sh.distinct]
    ps = [points >> o for o in sh.distinct]
    n = 0
    slots, anchors = sh.slots, t.anchors
    for p in range(len(PIECE_IDS)):
        if used >> p & 1:
            continue
        for k in sh.of_piece[p]:
            sl = slots[k]
            if len(sl) == 5:
                a, b, c, d, e = sl
                n += (anchors[k] & fs[a] & fs[b] & fs[c] & fs[d] & fs[e]
                      & (ps[a] | ps[b] | ps[c] | ps[d] | ps[e])).bit_count()
                continue
            v, link = anchors[k], 0
            for i in sl:
                v &= fs[i]
                link |= ps[i]
            n += (v & link).bit_count()
    return n


def has_placement(t: Tables, occ: int, own: int, halo: int, edges: tuple, used: int,
                  start: int) -> bool:
    """Whether `gen_placements` would find anything (stops at the first orientation that fits)."""
    free, points = _points(t, occ, own, halo, edges, start)
    if not points:
        return False
    sh = shapes()
    slots = sh.slots
    for p in range(len(PIECE_IDS)):
        if used >> p & 1:
            continue
        for k in sh.of_piece[p]:
            v = t.anchors[k]
            link = 0
            for o in sh.offsets[k]:
                v &= free >> o
                link |= points >> o
            if v & link:
                return True
    return False


def place(occ: int, own: int, halo: int, edges: tuple, mask: int) -> tuple[int, int, int, tuple]:
    """(occ, own, halo, edges) after a piece covering `mask` is placed by that colour."""
    e0, e1, e2 = edges
    return (occ | mask, own | mask, halo | spread(mask),
            (e0 | mask & mask >> 1, e1 | mask & mask >> ROW, e2 | mask & mask >> (ROW - 1)))


# --- notation ------------------------------------------------------------------------------
_HEX = re.compile(r"(-?\d{1,2}),(-?\d{1,2})")
_PLAY = re.compile(r"c(\d):(.*)")


def parse_hexes(text: str, move: str) -> int:
    """The mask of `q,r;q,r;...` (1 to 5 distinct hexes on the board); IllegalMove if not."""
    parts = text.split(";")
    if not 1 <= len(parts) <= 5:
        raise IllegalMove(f"{shown(move)}: a piece covers 1 to 5 hexes, written q,r;q,r;...")
    mask = 0
    for part in parts:
        m = _HEX.fullmatch(part)
        if not m:
            raise IllegalMove(f"{shown(move)}: {shown(part)} is not a hex; write a hex as q,r "
                              f"(two integers), e.g. 6,7")
        q, r = int(m.group(1)), int(m.group(2))
        if ring(q, r) > RADIUS:
            raise IllegalMove(f"{shown(move)}: the hex {q},{r} is off the board")
        bit = 1 << idx(q, r)
        if mask & bit:
            raise IllegalMove(f"{shown(move)}: the hex {q},{r} is written twice")
        mask |= bit
    return mask


SYNTAX = ("write a placement as c<colour>:q,r;q,r;... (the colour's index and the hexes the "
          "piece covers), e.g. c0:6,7;7,7;7,8")


# --- the state ------------------------------------------------------------------------------
PICK, OBSTACLES, PLAY, OVER = "pick", "obstacles", "play", "over"


class ChainsState(State):
    """A Hex Chains position with its history and result (see the module docstring)."""

    game = "chains"
    __slots__ = (
        "seats", "variant", "setup", "occ", "own", "halo", "edges", "used", "out", "turn",
        "phase", "pool", "picks", "obstacles", "arc_counts", "mover", "log",
    )

    def __init__(self, setup: Setup):
        self.seats, self.variant, self.setup = setup.seats, setup.variant, setup
        self.occ = 0
        n = 6 if setup.obstacles else setup.colours
        self.own = (0,) * n
        self.halo = (0,) * n
        self.edges = (0, 0, 0)
        self.used = (0,) * n
        self.out = 0
        self.turn: int | None = None
        self.pool: tuple[int, ...] = ()
        self.picks: tuple[tuple[int, ...], ...] = ()
        self.obstacles: tuple[tuple[int, int], ...] = ()
        self.arc_counts: tuple[int, ...] = ()
        self.mover = 0
        """The seat to pick or place an obstacle (obstacle phase); the seat that placed the last
        obstacle once it is over."""
        self.log: tuple[tuple[int, int], ...] = ()
        super().__init__()
        if setup.obstacles == "phase":
            self.phase = PICK
            self.pool = tuple(PIECE_INDEX[p] for p in OBSTACLE_PIECES)
            self.picks = ((),) * 5
            self.arc_counts = (0,) * 5
            self.used = self.used[:5] + (sum(1 << PIECE_INDEX[p] for p in PUT_AWAY),)
        else:
            self.phase = PLAY
            if setup.obstacles == "quick":
                self._lay_quick()
            self._advance(setup.colours - 1)

    # --- the rules ---------------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return tables(self.setup.area)

    def _lay_quick(self) -> None:
        counts = [0] * 5
        for pid, arc in quick_obstacles():
            counts[arc] += 1
            self._add_obstacle(0, pid)
        self.arc_counts = tuple(counts)

    def _add_obstacle(self, seat: int, pid: int) -> None:
        t = tables("whole")
        mask = t.masks[pid]
        e0, e1, e2 = self.edges
        self.occ |= mask
        own = list(self.own)
        own[OBSTACLE_COLOUR] |= mask
        self.own = tuple(own)
        self.edges = (e0 | mask & mask >> 1, e1 | mask & mask >> ROW, e2 | mask & mask >> (ROW - 1))
        used = list(self.used)
        used[OBSTACLE_COLOUR] |= 1 << t.piece[pid]
        self.used = tuple(used)
        self.obstacles += ((seat, pid),)

    def can_place(self, colour: int) -> bool:
        """Whether `colour` has a legal placement now."""
        return has_placement(self.tables, self.occ, self.own[colour], self.halo[colour], self.edges,
                             self.used[colour], self.setup.starts[colour])

    def placements(self, colour: int) -> list[int]:
        """The placements (pids of `self.tables`) `colour` could make now, unsorted."""
        return gen_placements(self.tables, self.occ, self.own[colour], self.halo[colour],
                              self.edges, self.used[colour], self.setup.starts[colour])

    def _advance(self, last: int) -> None:
        """Give the turn to the next colour after `last` that can place; mark the others out;
        end the game when none can."""
        n = self.setup.colours
        for step in range(1, n + 1):
            colour = (last + step) % n
            if self.out >> colour & 1:
                continue
            if self.used[colour] != ALL_PIECES and self.can_place(colour):
                self.turn = colour
                return
            self.out |= 1 << colour
        self.turn = None
        self.phase = OVER
        scores = self.scores
        best = max(scores)
        self._winners = [s for s in range(self.seats) if scores[s] == best]
        self._end_reason = "no colour can place a piece"

    def link_points(self, colour: int) -> int:
        """The open link points of `colour`: empty hexes in the area, not next to its own, that
        a placement through them would link (its starting hex before its first piece)."""
        own = self.own[colour]
        forb = self.occ | self.halo[colour]
        if not own:
            start = self.setup.starts[colour]
            return 0 if forb >> start & 1 else 1 << start
        return link_points(own, self.edges) & self.tables.mask & ~forb

    # --- the protocol --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.phase in (PICK, OBSTACLES):
            return self.mover
        return None if self.turn is None else self.setup.owner[self.turn]

    @property
    def colour_to_move(self) -> int | None:
        """The colour to place next (None in the obstacle phase and when over)."""
        return self.turn if self.phase == PLAY else None

    @property
    def scores(self) -> list[int]:
        out = [0] * self.seats
        for colour in range(self.setup.colours):
            out[self.setup.owner[colour]] += self.own[colour].bit_count()
        return out

    def left(self) -> list[int]:
        """Hexes of unplaced pieces per seat (all its colours together)."""
        per = HEXES_PER_COLOUR * (self.setup.colours // self.seats)
        return [per - s for s in self.scores]

    def legal_moves(self) -> list[str]:
        if self._moves_cache is None:
            self._moves_cache = sorted(self._legal())
        return list(self._moves_cache)

    def _legal(self) -> list[str]:
        if self.phase == PLAY:
            t, prefix = self.tables, f"c{self.turn}:"
            names = t._names
            return [prefix + (names[pid] or t.name(pid)) for pid in self.placements(self.turn)]
        if self.phase == PICK:
            return [f"pick:{PIECE_IDS[p]}" for p in self.pool]
        if self.phase == OBSTACLES:
            t = tables("whole")
            return [f"ob:{t.name(pid)}" for pid in self._obstacle_moves(self.mover)]
        return []

    def _obstacle_moves(self, seat: int) -> list[int]:
        cands = tables("whole").obstacle_candidates()
        masks, occ, counts = tables("whole").masks, self.occ, self.arc_counts
        out = []
        for p in self.picks[seat]:
            out.extend(pid for pid, arc in cands[p]
                       if counts[arc] < OBSTACLES_PER_ARC and not masks[pid] & occ)
        return out

    def _play(self, move: str) -> "ChainsState":
        move = "".join(move.split())
        if self.phase == PLAY:
            return self._place(move)
        if self.phase == PICK:
            return self._pick(move)
        return self._obstacle(move)

    def _pick(self, move: str) -> "ChainsState":
        if not move.startswith("pick:"):
            raise IllegalMove(f"{shown(move)}: the players are picking the obstacles; write "
                              f"pick:<piece>, e.g. pick:5h")
        name = move[5:]
        if name not in PIECE_INDEX:
            raise IllegalMove(f"{shown(move)}: the pieces are {', '.join(PIECE_IDS)}")
        p = PIECE_INDEX[name]
        if p not in self.pool:
            why = "is put away" if name in PUT_AWAY else "has been picked already"
            raise IllegalMove(f"{shown(move)}: {COLOURS[OBSTACLE_COLOUR]}'s {name} {why}")
        state = self._copy()
        state.pool = tuple(x for x in self.pool if x != p)
        picks = list(self.picks)
        picks[self.mover] = tuple(sorted(picks[self.mover] + (p,)))
        state.picks = tuple(picks)
        state._history = self._history + (f"pick:{name}",)
        if state.pool:
            state.mover = (self.mover + 1) % 5
        else:
            state.phase = OBSTACLES
            state.mover = 0
            state._next_obstacle_seat(0)
        return state

    def _next_obstacle_seat(self, seat: int) -> None:
        """The obstacle phase goes on with `seat` or the next seat that still holds a picked
        piece it can place; one that holds pieces without a place for any of them puts them
        away (a safeguard: no game has been seen to need it). When none is left, play begins
        with the seat that placed the last obstacle."""
        for step in range(5):
            s = (seat + step) % 5
            if self.picks[s]:
                if self._obstacle_moves(s):
                    self.mover = s
                    return
                picks = list(self.picks)
                picks[s] = ()
                self.picks = tuple(picks)
        self.phase = PLAY
        self._advance((self.mover - 1) % 5)

    def _obstacle(self, move: str) -> "ChainsState":
        if not move.startswith("ob:"):
            raise IllegalMove(f"{shown(move)}: the players are placing obstacles; write "
                              f"ob:q,r;q,r;... (the hexes the piece covers)")
        t = tables("whole")
        mask = parse_hexes(move[3:], move)
        pid = t.lookup(mask)
        if pid is None:
            raise IllegalMove(f"{shown(move)}: those hexes are not one of the pieces")
        p = t.piece[pid]
        seat = self.mover
        if p not in self.picks[seat]:
            raise IllegalMove(f"{shown(move)}: that is the piece {PIECE_IDS[p]}, which "
                              f"{COLOURS[seat]} did not pick (or has placed already)")
        if mask & self.occ:
            raise IllegalMove(f"{shown(move)}: {hexes_text(mask & self.occ)} is covered already")
        arc = next((a for cand, a in t.obstacle_candidates()[p] if cand == pid), None)
        if arc is None:
            raise IllegalMove(f"{shown(move)}: {obstacle_fault(mask)}")
        if self.arc_counts[arc] >= OBSTACLES_PER_ARC:
            (a, b), _ = arcs()[arc]
            raise IllegalMove(f"{shown(move)}: the arc between {COLOURS[a]}'s and {COLOURS[b]}'s "
                              f"starting hexes holds {OBSTACLES_PER_ARC} obstacles already")
        state = self._copy()
        state._add_obstacle(seat, pid)
        counts = list(self.arc_counts)
        counts[arc] += 1
        state.arc_counts = tuple(counts)
        picks = list(self.picks)
        picks[seat] = tuple(x for x in picks[seat] if x != p)
        state.picks = tuple(picks)
        state._history = self._history + (f"ob:{t.name(pid)}",)
        state.mover = seat
        state._next_obstacle_seat((seat + 1) % 5)
        if state.phase == PLAY:
            state.mover = seat
        return state

    def _place(self, move: str) -> "ChainsState":
        m = _PLAY.fullmatch(move)
        if not m:
            if move.startswith(("pick:", "ob:")):
                raise IllegalMove(f"{shown(move)}: there is no obstacle to pick or place now; "
                                  f"{SYNTAX}")
            raise IllegalMove(f"{shown(move)} is not a Hex Chains move: {SYNTAX}")
        colour = int(m.group(1))
        turn = self.turn
        if colour != turn:
            named = COLOURS[colour] if colour < len(COLOURS) else f"colour {colour}"
            raise IllegalMove(f"{shown(move)}: it is {COLOURS[turn]}'s turn (c{turn}), not "
                              f"{named}'s")
        mask = parse_hexes(m.group(2), move)
        t = self.tables
        outside = mask & ~t.mask
        if outside:
            raise IllegalMove(f"{shown(move)}: {hexes_text(outside)} is outside this table's play "
                              f"area, {AREA_TEXT[t.area]}")
        pid = t.lookup(mask)
        if pid is None:
            raise IllegalMove(f"{shown(move)}: those hexes are not one of the 18 pieces (a "
                              f"piece's hexes are connected edge to edge)")
        p = t.piece[pid]
        name = COLOURS[colour]
        if self.used[colour] >> p & 1:
            raise IllegalMove(f"{shown(move)}: {name} has placed its piece {PIECE_IDS[p]} already")
        taken = mask & self.occ
        if taken:
            raise IllegalMove(f"{shown(move)}: {hexes_text(taken)} is covered already")
        own = self.own[colour]
        touching = spread(mask) & own
        if touching:
            raise IllegalMove(f"{shown(move)}: the piece would share an edge with {name}'s own "
                              f"piece at {hexes_text(touching)}")
        if not own:
            start = self.setup.starts[colour]
            if not mask >> start & 1:
                q, r = qr(start)
                raise IllegalMove(f"{shown(move)}: {name}'s first piece must cover its starting "
                                  f"hex {q},{r}")
        elif not mask & link_points(own, self.edges):
            if mask & link_points(own, (0, 0, 0)):
                raise IllegalMove(f"{shown(move)}: every link of that piece to {name} is blocked: "
                                  f"one piece of another colour covers both hexes between")
            raise IllegalMove(f"{shown(move)}: the piece is not linked to {name}: none of its "
                              f"hexes is two steps from a {name} hex, off a straight line")
        state = self._copy()
        occ, own, halo, edges = place(self.occ, own, self.halo[colour], self.edges, mask)
        state.occ, state.edges = occ, edges
        state.own = self.own[:colour] + (own,) + self.own[colour + 1:]
        state.halo = self.halo[:colour] + (halo,) + self.halo[colour + 1:]
        state.used = self.used[:colour] + (self.used[colour] | 1 << p,) + self.used[colour + 1:]
        state.log = self.log + ((colour, pid),)
        state._history = self._history + (f"c{colour}:{t.name(pid)}",)
        state._advance(colour)
        return state

    def seat_names(self) -> list[str]:
        """Each seat named by its colours, as the page names it: "Red & Yellow" for a seat that
        plays two."""
        s = self.setup
        names = []
        for seat in range(self.seats):
            own = [COLOURS[c] for c in range(s.colours) if s.owner[c] == seat]
            names.append(own[0] if len(own) == 1 else ", ".join(own[:-1]) + " & " + own[-1])
        return names

    def mover_name(self) -> str:
        """The colour to place, or the seat picking or placing an obstacle."""
        if self.phase == PLAY:
            return COLOURS[self.turn]
        return super().mover_name()

    def _describe(self, move: str, after: "ChainsState") -> str:
        """"Red places the long five at 5,3 6,3 7,3 8,3 9,3", "Blue picks the Z as an
        obstacle", "Blue places the obstacle Z at 0,5 0,6 1,6 2,6 2,7"."""
        who = self.mover_name()
        head, _, hexes = move.partition(":")
        if head == "pick":
            return f"{who} picks the {PIECE_NAMES[hexes]} as an obstacle"
        at = hexes.replace(";", " ")
        if head == "ob":
            pid = after.obstacles[-1][1]
            return f"{who} places the obstacle {PIECE_NAMES[PIECE_IDS[tables('whole').piece[pid]]]} at {at}"
        pid = after.log[-1][1]
        return f"{who} places the {PIECE_NAMES[PIECE_IDS[self.tables.piece[pid]]]} at {at}"

    def _places(self, move: str, after: "ChainsState") -> list[str]:
        """The hexes a piece or an obstacle covers, as `q,r` (the board's `data-hex`)."""
        head, _, hexes = move.partition(":")
        return [] if head == "pick" else hexes.split(";")

    def _forfeit(self, seat: int, reason: str) -> "ChainsState":
        """`seat` loses; the other seats with the highest score win (ties share)."""
        state = self._forfeited_copy(seat, reason)
        scores = self.scores
        others = [s for s in range(self.seats) if s != seat]
        best = max(scores[s] for s in others)
        state._winners = [s for s in others if scores[s] == best]
        state.turn = None
        state.phase = OVER
        state._end_reason = f"{COLOURS[seat]} forfeits ({reason})"
        return state

    # --- serialisation ---------------------------------------------------------------------------
    def _start_dict(self) -> dict:
        return {"seats": self.seats, "variant": self.variant}

    def _placement(self, colour: int, pid: int, t: Tables) -> dict:
        return {"colour": colour, "piece": PIECE_IDS[t.piece[pid]], "hexes": t.cells(pid)}

    def view(self, seat: int | None = None) -> dict:
        """Everything (Hex Chains hides nothing); the schema is in docs/chains.md."""
        seat = self.check_view_seat(seat)
        s, t = self.setup, self.tables
        board = {}
        for colour, mask in enumerate(self.own):
            for i in bits(mask):
                board[_KEY[i]] = colour
        playing = self.phase == PLAY
        per = HEXES_PER_COLOUR
        colours = []
        for c in range(s.colours):
            placed = self.own[c].bit_count()
            out = bool(self.out >> c & 1)
            colours.append({
                "name": COLOURS[c], "seat": s.owner[c], "start": list(qr(s.starts[c])),
                "placed": placed, "left": per - placed,
                "remaining": [PIECE_IDS[p] for p in range(len(PIECE_IDS)) if not self.used[c] >> p & 1],
                "out": out,
                "link_points": hex_list(self.link_points(c)) if playing and not out else [],
            })
        view = {
            **self.to_dict(),
            **self.view_common(seat),
            "phase": self.phase,
            "colour_to_move": self.colour_to_move,
            "area": s.area,
            "rows": {str(r): [low, high] for r, low, high in area_rows(s.area)},
            "shapes": {p: [list(cell) for cell in cells] for p, cells in PIECES.items()},
            "colours": colours,
            "board": board,
            "placements": [self._placement(c, pid, t) for c, pid in self.log],
            "last": self._placement(*self.log[-1], t) if self.log else None,
            "left": self.left(),
            "obstacles": None,
        }
        if s.obstacles:
            whole = tables("whole")
            view["obstacles"] = {
                "colour": OBSTACLE_COLOUR,
                "put_away": list(PUT_AWAY),
                "pool": [PIECE_IDS[p] for p in self.pool],
                "picks": {str(k): [PIECE_IDS[p] for p in picked] for k, picked in enumerate(self.picks)},
                "placed": [{"seat": k, **self._placement(OBSTACLE_COLOUR, pid, whole)}
                           for k, pid in self.obstacles],
                "arcs": [{"ends": list(ends), "hexes": [list(qr(h)) for h in hexes],
                          "obstacles": self.arc_counts[a] if self.arc_counts else 0}
                         for a, (ends, hexes) in enumerate(arcs())],
            }
        return view


_ROWS: dict[str, tuple] = {}


def area_rows(area: str) -> tuple[tuple[int, int, int], ...]:
    """(r, first q, last q) of every row of a play area, top to bottom (each row is one run)."""
    rows = _ROWS.get(area)
    if rows is None:
        out: dict[int, list[int]] = {}
        for r in range(-14, 15):
            qs = [q for q in range(-14, 15) if in_area(area, q, r)]
            if qs:
                assert qs == list(range(qs[0], qs[-1] + 1))
                out[r] = [qs[0], qs[-1]]
        rows = _ROWS[area] = tuple((r, low, high) for r, (low, high) in out.items())
    return rows


def new(seats: int = 2, variant: str | None = None, seed: Any = None) -> ChainsState:
    """A new Hex Chains game: 2 seats play `2x2` (or `2x3`), 3-6 seats `standard` (5 seats:
    also `quick`, a ready-made obstacle layout). `seed` is unused: the game has no chance."""
    return ChainsState(table_setup(seats, variant))


_REPLAYS: dict[tuple[int, str], list[ChainsState]] = {}
REPLAYS_KEPT = 8
"""from_dict keeps the last few states it rebuilt per table and replays only the moves a new
history adds to the longest of them it extends (an engine or a computer player rebuilds the
same game a few moves further on, again and again). States are immutable, so sharing is safe."""


def from_dict(data: dict) -> ChainsState:
    """Rebuild a state from `to_dict()` output by replaying its history."""
    if not isinstance(data, dict) or data.get("game") != "chains":
        raise ValueError("not a Hex Chains state dict")
    seats = check_int(data.get("seats"), "seats", 2, 6)
    history = data.get("history", [])
    if not isinstance(history, list) or len(history) > 200 or not all(isinstance(m, str) for m in history):
        raise ValueError("a Hex Chains state's history is a list of at most 200 moves")
    setup = table_setup(seats, data.get("variant"))
    kept = _REPLAYS.setdefault((seats, setup.variant), [])
    state, done = None, 0
    for old in kept:
        n = len(old._history)
        if done < n <= len(history) and tuple(history[:n]) == old._history:
            state, done = old, n
    if state is None:
        state = ChainsState(setup)
    for move in history[done:]:
        state = state.play(move)
    if done < len(history):
        kept.insert(0, state)
        del kept[REPLAYS_KEPT:]
    return state.with_forfeit(data.get("forfeit"))


def from_view(view: dict, seed: Any = None) -> ChainsState:
    """Hex Chains hides nothing: the view holds the whole state."""
    return from_dict(view)


INFO = GameInfo(
    id="chains", title="Hex Chains", min_seats=2, max_seats=6, variants=VARIANTS,
    default_variant="standard", layouts=(), new=new, from_dict=from_dict, from_view=from_view,
    variant_seats=VARIANT_SEATS, colours=COLOURS,
)
