"""Hex Chains on the page: the geometry the board draws with and the words it speaks.

Pure Python (no pyscript): hex centres and corners, the whole board's hexes, the orientations
of a piece, which piece a set of hexes is, moves in notation and in words. It holds no rules:
what is legal always comes from the snapshot's legal moves. Axial (q, r), pointy-top hexes,
y down, as the rules module draws them (py/rules/chains.py).
"""

import math

SQRT3 = math.sqrt(3)
SIZE = 10  # hex radius in SVG units
RIM = 21  # the board is the hexes with ring(q, r) <= RIM

NAMES = {
    "1": "single", "2": "pair", "3a": "straight three", "3b": "bent three", "3c": "triangle",
    "4a": "long four", "4b": "zigzag four", "4c": "diamond", "4d": "propeller", "4e": "arch",
    "5a": "wide V", "5b": "Z", "5c": "staircase", "5d": "crank", "5e": "long propeller",
    "5f": "bent propeller", "5g": "sharp V", "5h": "long five",
}
"""A name in words for each of a colour's 18 pieces (docs/chains.md, "The page")."""

MARKS = "●■▲◆★✚"
"""Each colour's mark, colour 0 first (the seat marks of app/shared/catalog.py)."""

NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Axial steps E, SE, SW, W, NW, NE; neighbour k shares the edge between corners k+1 and k+2."""


def ring(q, r):
    """0 at the centre, 21 on the rim, 20 the second ring from the rim (the spec's m)."""
    return max(abs(q - r), abs(q + 2 * r), abs(2 * q + r))


def centre(q, r):
    """The SVG point (x, y) at the centre of hex (q, r)."""
    return SQRT3 * SIZE * (q + r / 2), 1.5 * SIZE * r


def corner(x, y, k, radius=SIZE):
    """Corner k of the pointy-top hex centred at (x, y): 0 on top, then clockwise."""
    angle = math.pi / 180 * (60 * k - 90)
    return x + radius * math.cos(angle), y + radius * math.sin(angle)


def hex_points(q, r, radius=SIZE):
    """The polygon points of hex (q, r), for an SVG <polygon>."""
    x, y = centre(q, r)
    return " ".join("{:.1f},{:.1f}".format(*corner(x, y, k, radius)) for k in range(6))


def at_point(x, y):
    """The hex (q, r) under SVG point (x, y) (cube rounding)."""
    fq = (SQRT3 / 3 * x - y / 3) / SIZE
    fr = (2 / 3 * y) / SIZE
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def board_hexes():
    """Every hex of the board (463), row by row from the top, each row left to right."""
    return [(q, r) for r in range(-14, 15) for q in range(-14, 15) if ring(q, r) <= RIM]


def outline(cells):
    """The SVG path of the outer edges of a set of hexes (a piece, a play area): every edge
    whose other side is not in the set."""
    inside = set(cells)
    parts = []
    for q, r in cells:
        x, y = centre(q, r)
        for k, (dq, dr) in enumerate(NEIGHBOURS):
            if (q + dq, r + dr) not in inside:
                ax, ay = corner(x, y, k + 1)
                bx, by = corner(x, y, k + 2)
                parts.append("M{:.1f} {:.1f}L{:.1f} {:.1f}".format(ax, ay, bx, by))
    return "".join(parts)


def rotate(cells, turns=1):
    """Cells turned by 60° clockwise on screen, `turns` times (negative: anticlockwise), about (0, 0)."""
    for _ in range(turns % 6):
        cells = [(-r, q + r) for q, r in cells]
    return cells


def flip(cells):
    """Cells mirrored left to right on screen about the column of (0, 0)."""
    return [(-q - r, r) for q, r in cells]


def normal(cells):
    """A set of hexes moved so that its smallest q and smallest r are 0, sorted: equal for two
    copies of one orientation wherever they lie."""
    q0 = min(q for q, _ in cells)
    r0 = min(r for _, r in cells)
    return tuple(sorted((q - q0, r - r0) for q, r in cells))


def orientations(cells):
    """The distinct fixed orientations of a piece (12 or fewer), each `normal`."""
    found = []
    for mirrored in (list(cells), flip(cells)):
        shape = mirrored
        for _ in range(6):
            key = normal(shape)
            if key not in found:
                found.append(key)
            shape = rotate(shape)
    return found


class Pieces:
    """The pieces of a game from its view's `shapes` ({id: [[q, r], ...]}): which piece a set
    of hexes is, each piece's size and a shape to show it by."""

    def __init__(self, shapes):
        self.shapes = {pid: [tuple(cell) for cell in cells] for pid, cells in shapes.items()}
        self.ids = sorted(self.shapes, key=lambda pid: (len(self.shapes[pid]), pid))
        self.by_key = {}
        for pid, cells in self.shapes.items():
            for key in orientations(cells):
                self.by_key[key] = pid

    def piece_of(self, cells):
        """The id of the piece covering exactly `cells` in some orientation, or None."""
        return self.by_key.get(normal(cells)) if cells else None

    def size(self, pid):
        return len(self.shapes[pid])

    def handle_shape(self, pid):
        """The piece's cells moved so that the cell nearest its middle is (0, 0): the cell the
        pointer holds it by."""
        cells = self.shapes[pid]
        points = [centre(q, r) for q, r in cells]
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)
        best = min(range(len(cells)), key=lambda i: ((points[i][0] - mx) ** 2 + (points[i][1] - my) ** 2, i))
        hq, hr = cells[best]
        return [(q - hq, r - hr) for q, r in cells]


def hexes_text(cells):
    """Hexes in notation: `q,r` sorted by (q, r), joined by `;`."""
    return ";".join("{},{}".format(q, r) for q, r in sorted(cells))


def parse_hexes(text):
    """`q,r;q,r;...` as a list of (q, r); [] if it is not that."""
    cells = []
    for part in text.split(";"):
        pair = part.split(",")
        if len(pair) != 2:
            return []
        try:
            cells.append((int(pair[0]), int(pair[1])))
        except ValueError:
            return []
    return cells


def parse_move(move):
    """A move in notation as (kind, colour, cells, piece id): ("place", k, cells, None) for
    `c<k>:...`, ("obstacle", None, cells, None) for `ob:...`, ("pick", None, [], id) for
    `pick:<id>`; None for anything else."""
    head, _, rest = move.partition(":")
    if head == "pick":
        return "pick", None, [], rest
    if head == "ob":
        return "obstacle", None, parse_hexes(rest), None
    if len(head) > 1 and head[0] == "c" and head[1:].isdigit():
        return "place", int(head[1:]), parse_hexes(rest), None
    return None


def move_words(move, pieces, colour_names, seat_name):
    """A move in words, with its notation: "Red: long five · c0:6,7;...". `seat_name` names
    the seat that picked or placed an obstacle."""
    parsed = parse_move(move)
    if parsed is None:
        return move
    kind, colour, cells, pid = parsed
    if kind == "pick":
        return "{} picks the {} · {}".format(seat_name, NAMES.get(pid, pid), move)
    pid = pieces.piece_of(cells) if pieces else None
    name = NAMES.get(pid, "piece")
    if kind == "obstacle":
        return "{}: obstacle, the {} · {}".format(seat_name, name, move)
    who = colour_names[colour] if colour is not None and colour < len(colour_names) else seat_name
    return "{}: {} · {}".format(who, name, move)
