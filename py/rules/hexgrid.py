"""Hexagonal boards in rows of pointy-top hexes (Runners' 61-hex board is the one of radius 4).

A board of radius R is the regular hexagon of side R + 1 with pointy-top hexes in horizontal
rows: 2R + 1 rows lettered A.. from the top, row r holding R + 1 + min(r, 2R - r) cells
numbered 1.. from the left (radius 4: rows A-I of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells, 61 hexes).

Coordinates are axial (q, r') with r' = row - R running from -R (row A) to R, and q from
max(-R, -R - r') to min(R, R - r'); the cell number is q - qmin + 1. The centre is (0, 0).
Cells are indexed 0.. in reading order (A1 first, then along each row, then down), so an index
is also a bit position when a set of cells is a Python int.

Directions follow hex edges; `DIRECTIONS[d]` is the axial step and `DIRECTIONS[(d + 3) % 6]` its
opposite. Everything a game needs in an inner loop is precomputed per cell: the neighbour in
each direction, the cells two steps away with the one between, and the straight lines to the
rim. Names are upper case (`A1`); `parse` reads any case.
"""

from __future__ import annotations

from functools import lru_cache

DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Axial steps (dq, dr): right, down-right, down-left, left, up-left, up-right."""
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class HexBoard:
    """The cells of a hexagonal board of `radius` and their precomputed relations.

    Attributes (all indexed by cell index):
    - `names[i]` (`"E5"`), `coords[i]` (axial (q, r')), `row_of[i]`, `number_of[i]` (1-based);
      `index` maps a name to its index, `at` maps axial coordinates to it.
    - `rows`: the cell indices of each row, top to bottom, left to right.
    - `neighbour[i][d]`: the cell one step from i in direction d, or -1 off the board.
    - `adjacent[i]`: the on-board neighbours of i (3 at a corner, 4 on the rest of the rim, 6
      inside), in direction order.
    - `two_away[i]`: `((between, beyond), ...)` for every direction whose cell two steps away is
      on the board (the jump over a neighbour, the middle of a two-apart pair).
    - `lines[i][d]`: the cells from i (excluded) straight to the rim in direction d.
    - `all_cells`: the bit mask of every cell.
    """

    def __init__(self, radius: int):
        if isinstance(radius, bool) or not isinstance(radius, int) or not 1 <= radius <= 12:
            raise ValueError(f"a hex board radius is an integer from 1 to 12, not {radius!r:.20}")
        self.radius = radius
        self.coords: list[tuple[int, int]] = []
        self.names: list[str] = []
        self.row_of: list[int] = []
        self.number_of: list[int] = []
        self.rows: list[list[int]] = []
        for row in range(2 * radius + 1):
            r = row - radius
            qmin, qmax = max(-radius, -radius - r), min(radius, radius - r)
            cells = []
            for q in range(qmin, qmax + 1):
                cells.append(len(self.coords))
                self.coords.append((q, r))
                self.names.append(f"{ROW_LETTERS[row]}{q - qmin + 1}")
                self.row_of.append(row)
                self.number_of.append(q - qmin + 1)
            self.rows.append(cells)
        self.size = len(self.coords)
        self.all_cells = (1 << self.size) - 1
        self.index = {name: i for i, name in enumerate(self.names)}
        self.at = {qr: i for i, qr in enumerate(self.coords)}
        self._lower = {name.lower(): i for i, name in enumerate(self.names)}
        self.centre = self.at[(0, 0)]
        self.neighbour: list[tuple[int, ...]] = [
            tuple(self.at.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in self.coords
        ]
        self.adjacent: list[tuple[int, ...]] = [tuple(n for n in ns if n >= 0) for ns in self.neighbour]
        self.two_away: list[tuple[tuple[int, int], ...]] = []
        self.lines: list[tuple[tuple[int, ...], ...]] = []
        for i in range(self.size):
            pairs, lines = [], []
            for d in range(6):
                line, cell = [], self.neighbour[i][d]
                while cell >= 0:
                    line.append(cell)
                    cell = self.neighbour[cell][d]
                lines.append(tuple(line))
                if len(line) >= 2:
                    pairs.append((line[0], line[1]))
            self.two_away.append(tuple(pairs))
            self.lines.append(tuple(lines))

    # --- look-ups ------------------------------------------------------------------------
    def parse(self, name: str) -> int:
        """The index of a cell name in any case (`e5`, `E5`); KeyError if there is none."""
        return self._lower[name.strip().lower()]

    def step(self, cell: int, direction: int) -> int:
        """The cell one step from `cell` in `direction`, or -1 off the board."""
        return self.neighbour[cell][direction]

    def jump(self, cell: int, direction: int) -> tuple[int, int] | None:
        """(between, beyond): the cells one and two steps from `cell` in `direction`, or None if
        the second is off the board."""
        line = self.lines[cell][direction]
        return (line[0], line[1]) if len(line) >= 2 else None

    def line(self, cell: int, direction: int) -> list[int]:
        """`cell` and every cell after it in `direction`, to the rim."""
        return [cell, *self.lines[cell][direction]]

    def distance(self, a: int, b: int) -> int:
        """Steps between two cells."""
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def mask(self, cells) -> int:
        """The bit mask of an iterable of cell indices."""
        m = 0
        for cell in cells:
            m |= 1 << cell
        return m


@lru_cache(maxsize=None)
def hex_board(radius: int) -> HexBoard:
    """The shared (immutable by convention) board of `radius`; radius 4 is the 61-hex board."""
    return HexBoard(radius)
