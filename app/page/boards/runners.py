"""The Runners board: 61 hexes in SVG (rows A–I), runners and territory in seat colours.

Territory is shaded in its owner's colour and carries the owner's mark too (● ■ ▲ ◆), so it
never relies on colour alone; the centre E5 carries ✦. After a runner is picked its targets
show: a dot for a step, a ring for a leap, and what each would claim ("+2", from the rules'
`previews`); under the pointer or the keyboard a target rings the hexes it would claim (those
taken from a rival dashed red). The hexes claimed by the last move flash.
"""

import math

from boards.base import PickBoard
from boards.viewport import Viewport
from catalog import SEAT_MARKS
from dom import el, on

SIZE = 50  # hex radius in SVG units
WIDTH = math.sqrt(3) * SIZE
ROW_STEP = 1.5 * SIZE


def hex_points(x, y, radius):
    points = []
    for k in range(6):
        angle = math.pi / 180 * (60 * k - 90)
        points.append("{:.1f},{:.1f}".format(x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return " ".join(points)


class Board(PickBoard):
    def __init__(self, parent, game, on_move):
        self.colours = game["colours"]
        self.cells_view = None
        self.focus_point = None
        half = 4.5 * WIDTH
        box = (round(-half - 45), -SIZE - 6, round(2 * half + 60), round(8 * ROW_STEP + 2 * SIZE + 12))
        tools = el("div", parent=parent)
        svg = el("svg", "board runners", parent=parent, svg=True, role="grid",
                 aria_label="Runners board", viewBox="{} {} {} {}".format(*box))
        super().__init__(svg, on_move, ghost_radius=30)
        # Zoomed, a drag pans the board; on the whole board a runner is dragged to its target.
        self.viewport = Viewport(svg, box, "runners", self.view_centre, self.zoomed)
        self.viewport.toolbar(tools)
        self.hexes = {}
        self.rows = []
        self.positions = {}
        self.rows_done = False
        self.previews = {}  # move -> the hexes it would claim ([{cell, from}]), from the view
        self.gains = {}  # name -> its "+N" text
        self.previewed = []  # the hexes ringed as a target's claims
        on(svg, "pointerover", self._preview_at)

    def zoomed(self, zoom):
        self.draggable = zoom == 1.0

    def view_centre(self):
        """Where the view follows play: the hex the last move landed on."""
        return self.focus_point

    def _build(self, rows, centre):
        """Draw the cells once, from the row names the engine sends."""
        for r, names in enumerate(rows):
            y = r * ROW_STEP
            left = -(len(names) - 1) / 2 * WIDTH
            line = el("g", "row", parent=self.svg, svg=True, role="row")
            el("text", "row-label", names[0][0], line, svg=True, aria_hidden="true",
               x="{:.1f}".format(left - WIDTH * 0.72), y="{:.1f}".format(y + 7))
            for i, name in enumerate(names):
                x = left + i * WIDTH
                self.positions[name] = (x, y)
                group = el("g", "cell", parent=line, svg=True,
                           transform="translate({:.1f},{:.1f})".format(x, y))
                shape = el("polygon", "hex", parent=group, svg=True, points=hex_points(0, 0, SIZE - 2.5))
                mark = el("text", "own-mark", "", group, svg=True, x=0, y=-27)
                if name == centre:
                    el("text", "centre-mark", "✦", group, svg=True, x=0, y=8)
                el("text", "coord", name, group, svg=True, x=0, y=38)
                runner = el("circle", "runner none", parent=group, svg=True, cx=0, cy=0, r=24)
                sign = el("text", "runner-mark", "", group, svg=True, x=0, y=7)
                marker = el("circle", "marker", parent=group, svg=True, cx=0, cy=0, r=11)
                self.gains[name] = el("text", "preview-gain", "", group, svg=True, x=29, y=6,
                                      aria_hidden="true")
                self.hexes[name] = (shape, mark, runner, sign)
                self.add_cell(name, group, marker)
        self.rows = rows
        self.finish()
        self.rows_done = True

    def update(self, snapshot, interactive):
        view = snapshot["view"]
        if not self.rows_done:
            self._build(view["rows"], view["centre"])
        self.cells_view = view["cells"]
        self.previews = view.get("previews") or {}
        last = view.get("last_move") or {}
        claims = set(claim["cell"] for claim in last.get("claims") or [])
        moved = set()
        if last.get("move") and last["move"] != "pass":
            moved = set(last["move"].split("-"))
            self.focus_point = self.positions.get(last["move"].split("-")[-1])
        for name, (shape, mark, runner, sign) in self.hexes.items():
            cell = view["cells"][name]
            owner, seat = cell["owner"], cell["runner"]
            shape.setAttribute("class", "hex" + (" own c" + str(owner) if owner is not None else "")
                               + (" claimed" if name in claims else "") + (" last" if name in moved else ""))
            mark.textContent = SEAT_MARKS[owner] if owner is not None else ""
            mark.setAttribute("class", "own-mark" + (" c" + str(owner) if owner is not None else ""))
            runner.setAttribute("class", "runner c" + str(seat) if seat is not None else "runner none")
            sign.textContent = SEAT_MARKS[seat] if seat is not None else ""
        to_move = snapshot["to_move"]
        self.set_targets(snapshot["targets"], interactive, "c" + str(to_move) if to_move is not None else "")
        self.viewport.follow_play()

    def meta(self, snapshot):
        """Round and goal, for the line above the board (2v2: the teams' totals head the seats,
        screens/table_seats.py)."""
        view = snapshot["view"]
        return "Round {}/{} · first to {}{}".format(min(view["round"], view["rounds"]), view["rounds"],
                                                   view["goal"], " together" if view.get("teams") else "")

    # --- what a move would claim, before it is made ----------------------------------------------
    def move_to(self, name):
        """The move of the selected runner to `name`, or None."""
        for to, move, _ in self.targets.get(self.selected) or [] if self.selected else []:
            if to == name:
                return move
        return None

    def mark(self):
        super().mark()
        if not self.gains:
            return
        for name, text in self.gains.items():
            move = self.move_to(name)
            claims = self.previews.get(move) or [] if move else []
            text.textContent = "+" + str(len(claims)) if claims else ""
        self.ring_claims(self.pending_move)  # a move waiting for Confirm keeps its claims ringed

    def ring_claims(self, move):
        """Ring the hexes `move` would claim (None: none)."""
        for name in self.previewed:
            self.hexes[name][0].classList.remove("preview-claim", "preview-steal")
        self.previewed = []
        for claim in (self.previews.get(move) or []) if move else []:
            shape = self.hexes[claim["cell"]][0]
            shape.classList.add("preview-claim")
            if claim["from"] is not None:
                shape.classList.add("preview-steal")
            self.previewed.append(claim["cell"])

    def _preview_at(self, event):
        cell = event.target.closest("[data-sq]")
        self.ring_claims((self.move_to(cell.dataset.sq) if cell is not None else None) or self.pending_move)

    def _focus(self, name):
        super()._focus(name)
        self.ring_claims(self.move_to(name) or self.pending_move)

    def move_words(self, seat, move):
        """"A2 → A4 (leap): claims A3" for the line beside Confirm."""
        return super().move_words(seat, move) + self.claims_words(move)

    def claims_words(self, move):
        """": claims E3 from Blue, E4"", or "" for a move that claims nothing."""
        claims = self.previews.get(move) or []
        if not claims:
            return ""
        return ": claims " + ", ".join(c["cell"] + ("" if c["from"] is None else " from " + self.colours[c["from"]])
                                       for c in claims)

    def label(self, name, kind):
        cell = self.cells_view[name] if self.cells_view else {"runner": None, "owner": None}
        move = self.move_to(name) if kind else None
        gain = len(self.previews.get(move) or []) if move else 0
        words = name + (" +" + str(gain) if gain else "")  # as drawn: the name, then "+2"
        if cell["runner"] is not None:
            words += ", " + self.colours[cell["runner"]] + " runner"
        if cell["owner"] is not None:
            words += ", " + self.colours[cell["owner"]] + " territory"
        if cell["runner"] is None and cell["owner"] is None:
            words += ", empty"
        words += self.target_words(name, kind)
        return words + (self.claims_words(move) if move else "")

    def step(self, name, key):
        for r, names in enumerate(self.rows):
            if name in names:
                break
        i = names.index(name)
        if key in ("ArrowLeft", "ArrowRight"):
            i += -1 if key == "ArrowLeft" else 1
            return names[i] if 0 <= i < len(names) else None
        r += -1 if key == "ArrowUp" else 1
        if not 0 <= r < len(self.rows):
            return None
        x = self.positions[name][0]
        return min(self.rows[r], key=lambda other: abs(self.positions[other][0] - x))
