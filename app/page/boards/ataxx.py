"""The Ataxx board: 7×7 squares in SVG, updated in place so that changes animate.

It draws the snapshot's board rows and, on a person's turn, marks the targets of the selected
piece: a dot for a place (clone), a ring for a jump. Picking works as in `boards/base.py`.
"""

from boards.base import PickBoard
from dom import el

FILES = "abcdefg"
CELL = 100
PIECE_CLASS = {"x": "piece x", "o": "piece o", ".": "piece none", "-": "piece none"}


def square_name(file, row):
    """Name of the square in column `file` (0 = a) and screen row `row` (0 = rank 7)."""
    return FILES[file] + str(7 - row)


class Board(PickBoard):
    def __init__(self, parent, game, on_move):
        self.colours = game["colours"]
        self.what = {"x": self.colours[0], "o": self.colours[1], "-": "blocked"}  # a square's label
        svg = el("svg", "board ataxx", parent=parent, svg=True, viewBox="0 0 700 700",
                 role="grid", aria_label="Ataxx board")
        super().__init__(svg, on_move, ghost_radius=38)
        self.squares = {}
        self.places = []  # (name, screen row, file) of each square, in drawing order
        self.drawn = {}  # name -> (its character, last move's square) as the board shows it
        for row in range(7):
            line = el("g", "row", parent=svg, svg=True, role="row")
            for file in range(7):
                name = square_name(file, row)
                self.places.append((name, row, file))
                group = el("g", "cell", parent=line, svg=True,
                           transform="translate({},{})".format(file * CELL, row * CELL))
                square = el("rect", "sq " + ("light" if (file + row) % 2 == 0 else "dark"),
                            parent=group, svg=True, x=3, y=3, width=94, height=94, rx=12)
                piece = el("circle", "piece none", parent=group, svg=True, cx=50, cy=50, r=36)
                marker = el("circle", "marker", parent=group, svg=True, cx=50, cy=50, r=13)
                self.squares[name] = (square, piece)
                self.add_cell(name, group, marker)
        # The coordinates, drawn over the squares' corners (clear of the pieces) in a layer of
        # their own: a square's name for a screen reader is its label ("a7, empty"), and a digit
        # drawn inside it would be visible text missing from that name.
        coords = el("g", "coords", parent=svg, svg=True, aria_hidden="true")
        for row in range(7):
            el("text", "coord", str(7 - row), coords, svg=True, x=10, y=row * CELL + 26)
        for file in range(7):
            el("text", "coord", FILES[file], coords, svg=True, x=file * CELL + 80, y=6 * CELL + 92)
        self.finish()

    def update(self, snapshot, interactive):
        """Draw `view.board` (7 strings from rank 7 down) and, on a person's turn, the targets."""
        rows = snapshot["view"]["board"]
        last_move = snapshot["last_move"]
        last = set()
        if last_move and last_move != "pass":
            last = {last_move[:2], last_move[-2:]}
        for name, row, file in self.places:
            ch = rows[row][file]
            drawn = (ch, name in last)
            was = self.drawn.get(name) or (None, None)
            if was == drawn:
                continue  # as it is on the board: no call into the browser
            self.drawn[name] = drawn
            square, piece = self.squares[name]
            if ch != was[0]:  # only what changed is written: a piece, or the last move's mark
                piece.setAttribute("class", PIECE_CLASS[ch])
                if (ch == "-") != (was[0] == "-"):
                    square.classList.toggle("blocked", ch == "-")
            if drawn[1] != was[1]:
                square.classList.toggle("last", drawn[1])
        to_move = snapshot["to_move"]
        self.set_targets(snapshot["targets"], interactive, "xo"[to_move] if to_move is not None else "")

    def label(self, name, kind):
        ch = self.drawn[name][0] if name in self.drawn else "."
        return name + ", " + self.what.get(ch, "empty") + self.target_words(name, kind)

    def step(self, name, key):
        file = FILES.index(name[0]) + {"ArrowLeft": -1, "ArrowRight": 1}.get(key, 0)
        row = 7 - int(name[1]) + {"ArrowUp": -1, "ArrowDown": 1}.get(key, 0)
        return square_name(file, row) if 0 <= file < 7 and 0 <= row < 7 else None
